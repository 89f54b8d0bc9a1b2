"""Lost Cities (Reiner Knizia): expeditions, wagers and the 20-point break-even, for two players
or two partnerships."""

from gamekit.core import register_game

from .rules import (
    ALL_CARDS,
    COLOURS,
    PASS_NOTHING,
    Action,
    Card,
    LostCitiesObservation,
    LostCitiesState,
    RoundResult,
    deck_cards,
    describe_expedition,
    determinise,
    discard,
    draw,
    new_game,
    parse_action,
    pass_cards,
    play,
    score_expedition,
)

register_game("lost_cities", new_game)

__all__ = [
    "ALL_CARDS", "COLOURS", "PASS_NOTHING", "Action", "Card", "LostCitiesObservation", "LostCitiesState",
    "RoundResult", "deck_cards", "describe_expedition", "determinise", "discard", "draw", "new_game",
    "parse_action", "pass_cards", "play", "score_expedition",
]
