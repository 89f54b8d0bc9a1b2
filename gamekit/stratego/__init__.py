"""Stratego Fire & Ice (Classic and Special Powers) and Original Stratego: one engine, boards as data."""

from gamekit.core import register_game

from .boards import BOARDS, FIRE, ICE, BoardSpec, board_spec
from .deploy import deploy
from .notation import Action, parse_action
from .rules import (
    CAPTURED_MODES,
    MODES,
    CapturedView,
    LogEntry,
    PieceView,
    Result,
    StrategoObservation,
    StrategoState,
    battle,
    from_ascii,
    new_game,
    random_setup,
    validate_setup,
)

register_game("stratego", new_game)

__all__ = [
    "BOARDS",
    "CAPTURED_MODES",
    "FIRE",
    "ICE",
    "MODES",
    "Action",
    "BoardSpec",
    "CapturedView",
    "LogEntry",
    "PieceView",
    "Result",
    "StrategoObservation",
    "StrategoState",
    "battle",
    "board_spec",
    "deploy",
    "from_ascii",
    "new_game",
    "parse_action",
    "random_setup",
    "validate_setup",
]
