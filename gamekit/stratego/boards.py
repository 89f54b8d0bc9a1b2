"""The old name of :mod:`gamekit.stratego.presets` (board presets and armies as data), kept so that
``from gamekit.stratego.boards import RANK_OF_SYMBOL`` still works; new code imports ``presets``."""

from .presets import *  # noqa: F401,F403
