"""Games by name, so that a saved record can say which game it is without pickling code.

Each game package registers its ``new_game`` when imported; core never imports a game itself
except, on request, a ``gamekit.<name>`` package named in a record.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

_GAMES: dict[str, Callable] = {}


def register_game(name: str, new_game: Callable) -> None:
    _GAMES[name] = new_game


def game_factory(name: str) -> Callable:
    """The ``new_game`` function of the game called ``name`` (e.g. ``"milhoes"``)."""
    if name not in _GAMES and re.fullmatch(r"[a-z][a-z_]*", name or ""):
        try:
            importlib.import_module(f"gamekit.{name}")
        except ImportError:
            pass
    if name not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none loaded"
        raise KeyError(f"unknown game {name!r} (known games: {known})")
    return _GAMES[name]


def known_games() -> list[str]:
    return sorted(_GAMES)
