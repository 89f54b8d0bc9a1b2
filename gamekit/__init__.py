"""gamekit: rules engines, boards, AI opponents and analysis for four board and card games."""

from gamekit.core import (
    SIMULTANEOUS,
    TERMINAL,
    GameRecord,
    IllegalActionError,
    RandomAgent,
    load,
    play_match,
    save,
    tournament,
)

__version__ = "0.2.0"

__all__ = ["SIMULTANEOUS", "TERMINAL", "GameRecord", "IllegalActionError", "RandomAgent",
           "load", "play_match", "save", "tournament", "__version__"]
