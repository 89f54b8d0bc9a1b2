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
from gamekit.i18n import language, set_language, using_language

__version__ = "0.2.0"

__all__ = ["SIMULTANEOUS", "TERMINAL", "GameRecord", "IllegalActionError", "RandomAgent",
           "load", "play_match", "save", "tournament", "__version__",
           "language", "set_language", "using_language"]
