"""Tu és Milhais, mas vales Milhões! — simultaneous secret bids for Battles and Red Barons."""

from gamekit.core import register_game

from .rules import (
    Bid,
    MilhoesObservation,
    MilhoesState,
    RoundResult,
    decide_game_winners,
    decide_winner,
    default_points,
    format_points,
    goofspiel,
    new_game,
)

register_game("milhoes", new_game)

__all__ = [
    "Bid", "MilhoesObservation", "MilhoesState", "RoundResult", "decide_game_winners",
    "decide_winner", "default_points", "format_points", "goofspiel", "new_game",
]
