"""What the server sends: every message for a seat is built here from ``table.view(seat)`` alone
(its observation, its legal actions, its own log lines), so nothing another seat may not see can
reach it. The teacher's messages are built from the public view and the tables' summaries.
"""

from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction

from gamekit.core import TableView
from gamekit.core.table import names_together
from gamekit.i18n import translations

from .hall import HostedTable

_, ngettext, pgettext = translations("classroom")


def jsonable(value):
    """An observation (or any part of one) as plain JSON data: dataclasses and slotted objects
    become objects of their public fields, tuples and sets lists, and values with their own
    words (a card, an action) their text."""
    if value is None or isinstance(value, bool):
        return value
    if type(value) in (int, float, str):
        return value
    if isinstance(value, enum.Enum):
        return str(value.name)
    if isinstance(value, (int, str)):  # a card that is an int, a name that is a str: its words
        return str(value)
    if isinstance(value, (float, Fraction)) or hasattr(value, "__float__") and not hasattr(value, "__len__"):
        return float(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, dict):
        return {str(jsonable(key)): jsonable(item) for key, item in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((jsonable(item) for item in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    fields = _public_slots(value)
    if fields:
        return {name: jsonable(getattr(value, name)) for name in fields}
    return str(value)


def _public_slots(value) -> list[str]:
    names = []
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if not name.startswith("_") and name not in names:
                names.append(name)
    return names


def observation_text(observation) -> str:
    """A seat's observation as lines of ``field: value``, for the plain page."""
    data = jsonable(observation)
    if not isinstance(data, dict):
        return str(data)
    lines = []
    for name, value in data.items():
        if value in (None, [], {}, ""):
            continue
        lines.append(f"{name.replace('_', ' ')}: {_short_text(value)}")
    return "\n".join(lines)


def _short_text(value) -> str:
    if isinstance(value, list):
        return ", ".join(_short_text(item) for item in value) or "-"
    if isinstance(value, dict):
        return "; ".join(f"{key} {_short_text(item)}" for key, item in value.items())
    return str(value)


def seat_message(hosted: HostedTable, seat: int | None, view: TableView | None = None) -> dict:
    """The full view of ``seat`` (``None``: the public view), as sent on every change. Built
    from ``hosted.view(seat)`` and what everyone at the table may know (names, who is connected,
    whether the teacher paused it)."""
    with hosted.lock:
        view = view if view is not None else hosted.view(seat)
        connected, paused, kinds = hosted.connected, hosted.paused, list(hosted.kinds)
        public_text = str(hosted.table.state)  # the public table, the same for every viewer
    outcome = view.outcome
    return {
        "type": "view",
        "table": hosted.id,
        "game": hosted.game,
        "title": hosted.title,
        "seat": view.seat,
        "name": view.name,
        "version": view.version,
        "game_number": view.game_number,
        "names": list(view.names),
        "kinds": kinds,
        "connected": list(connected),
        "paused": paused,
        "observation": jsonable(view.observation),
        "table_text": public_text,
        "text": observation_text(view.observation),
        "legal": [] if paused else [str(action) for action in view.legal_actions],
        "waiting_for": list(view.waiting_for),
        "chosen": list(view.chosen),
        "my_choice": None if view.my_choice is None else str(view.my_choice),
        "log": list(view.log),
        "outcome": None if outcome is None else {
            "winners": list(outcome.winners), "scores": jsonable(list(outcome.scores)),
            "reason": outcome.reason},
        "problem": view.problem,
        "status": status_line(view, paused),
    }


def status_line(view: TableView, paused: bool) -> str:
    """The line at the top of a seat's page, in the language in force (the seat's browser's)."""
    if paused:
        return _("The teacher has paused this table.")
    if view.outcome is not None:
        return _("Game over. {reason}").format(reason=view.outcome.reason)
    if view.legal_actions:
        return _("Your turn.")
    if view.my_choice is not None:
        return _("You chose {action}. Waiting for the others.").format(action=view.my_choice)
    return _("Waiting for {names}.").format(names=names_together([view.names[p] for p in view.waiting_for]))


def refusal_message(reason: str, hosted: HostedTable, seat: int) -> dict:
    """A refused move: the reason, and a fresh view to choose again from."""
    return {"type": "refused", "reason": reason, "view": seat_message(hosted, seat)}
