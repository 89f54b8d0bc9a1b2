"""Tu és Milhais, mas vales Milhões! — simultaneous secret bids for Battles and Red Barons."""

from gamekit.core import GameInfo, register_game

from .rules import (
    Bid,
    Memory,
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

INFO = GameInfo(
    name="milhoes",
    title="Tu és Milhais, mas vales Milhões!",
    seats=(2, 3, 4, 5),
    default_seats=3,
    simultaneous=True,
    hidden_information=True,
    options={
        "players": "2 to 5 (default 3)",
        "cards": "Power cards per player, one round each (default 12)",
        "points": "the Points-card values (default Battles +1..+8, Red Barons -1..-4)",
        "points_order": "the order the Points cards are turned (default: shuffled by the seed)",
        "tie_rule": "'carry' a totally tied pot to the next round (the booklet) or 'discard' it",
        "memory_aid": "True shows the full piles, exact scores and Points to come (the booklet: tops only)",
        "award": "'unique': the highest (lowest) unique bid wins (the booklet); 'top': only the very top",
        "tiebreak": "True: a tied total goes to the highest Battle card held (the booklet)",
    },
)

register_game("milhoes", new_game, INFO)

__all__ = [
    "Bid", "Memory", "MilhoesObservation", "MilhoesState", "RoundResult", "decide_game_winners",
    "decide_winner", "default_points", "format_points", "goofspiel", "new_game",
]
