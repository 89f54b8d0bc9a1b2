"""Games by name, so that a saved record can say which game it is without pickling code.

Each game package registers its ``new_game`` when imported; core never imports a game itself
except, on request, a ``gamekit.<name>`` package named in a record.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

_GAMES: dict[str, Callable] = {}
_INFO: dict[str, "GameInfo"] = {}


@dataclass(frozen=True)
class GameInfo:
    """What a game is, without building one: its name, seats, and the kind of game it is.

    ``seats`` are the player counts ``new_game`` accepts and ``default_seats`` the one it uses
    when not told; ``options`` names ``new_game``'s keyword options (a short description each).
    """

    name: str
    title: str
    seats: tuple[int, ...]
    default_seats: int
    simultaneous: bool
    hidden_information: bool
    options: dict[str, str] = field(default_factory=dict)


def register_game(name: str, new_game: Callable, info: GameInfo | None = None) -> None:
    _GAMES[name] = new_game
    if info is not None:
        _INFO[name] = info


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of the game called ``name``."""
    game_factory(name)  # imports the game's package if need be, or says which games exist
    if name not in _INFO:
        raise KeyError(f"the game {name!r} registered no GameInfo")
    return _INFO[name]


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


def game_agents(name: str) -> dict[str, type]:
    """The agents a seat of the game ``name`` can be given, by name (``{"random": RandomAgent,
    ...}``): the ``AGENTS`` of its ``gamekit.<name>.agents`` module, which imports no widgets (a
    server seats agents without loading any board)."""
    game_factory(name)  # an unknown game is refused with the list of known ones
    try:
        module = importlib.import_module(f"gamekit.{name}.agents")
    except ImportError:
        return {}
    return dict(getattr(module, "AGENTS", {}))
