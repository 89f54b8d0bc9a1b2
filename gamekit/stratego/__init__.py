"""Stratego Fire & Ice (Classic and Special Powers) and Original Stratego: one engine, boards as data."""

from gamekit.core import GameInfo, register_game

from .presets import BOARDS, FIRE, ICE, BoardSpec, board_spec
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

INFO = GameInfo(
    name="stratego",
    title="Stratego Fire & Ice",
    seats=(2,),
    default_seats=2,
    simultaneous=False,
    hidden_information=True,
    options={
        "mode": "'classic' or 'powers' (Special Powers)",
        "board": "'fire-and-ice' (10×8, 30 pieces) or 'original' (10×10, 40 pieces)",
        "setups": "[Fire's set-up text, Ice's set-up text]; None for a shuffled one",
        "captured": "who sees the captured pieces: 'open', 'prisoner', 'secret' or 'hidden'",
        "back_and_forth": "the forbidden number of moves in a row between two squares (3 in the box)",
        "max_moves": "a draw after this many moves in all (for computer play)",
        "quiet_moves": "a draw after this many moves in a row without a capture",
        "position": "a position text to start from instead of set-ups (see from_ascii)",
        "to_move": "who moves first in a position: 0 Fire, 1 Ice",
    },
)
register_game("stratego", new_game, INFO)

__all__ = [
    "BOARDS",
    "CAPTURED_MODES",
    "FIRE",
    "ICE",
    "INFO",
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
