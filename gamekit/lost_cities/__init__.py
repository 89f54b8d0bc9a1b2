"""Lost Cities (Reiner Knizia): expeditions, wagers and the 20-point break-even, for two players
or two partnerships."""

from gamekit.core import GameInfo, register_game

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

INFO = GameInfo(
    name="lost_cities",
    title="Lost Cities",
    seats=(2, 4),
    default_seats=2,
    simultaneous=False,
    hidden_information=True,
    options={
        "players": "2, or 4 in two partnerships (seats 0 and 2 against 1 and 3)",
        "colours": "5 (the classic game) or 6 (purple added); 4 players with 6 colours is the kit's own variant",
        "rounds": "rounds in the match, 1..50 (the rulebook suggests 3)",
        "hand_size": "cards dealt to each player, 1..12 (8)",
        "pass_timing": "with partners: 'instead' of a turn (the default) or 'after' it",
        "first_player": "the seat that starts round 1",
        "position": "round 1 laid out for a lesson: hands, expeditions, discards, deck top",
        "stall_limit": "turns in a row without a deck draw before the deck must be drawn (100; None: no bound)",
    },
)
register_game("lost_cities", new_game, INFO)

__all__ = [
    "INFO", "ALL_CARDS", "COLOURS", "PASS_NOTHING", "Action", "Card", "LostCitiesObservation", "LostCitiesState",
    "RoundResult", "deck_cards", "describe_expedition", "determinise", "discard", "draw", "new_game",
    "parse_action", "pass_cards", "play", "score_expedition",
]
