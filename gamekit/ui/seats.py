"""Who plays each seat: a person at the screen (``"human"``) or one of a game's agents.

A game's ``AGENTS`` dict maps a name to an agent class constructible as ``Cls(seed=...)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from gamekit.core import derive_seed, kind_name

from ..i18n import translations

_, ngettext, pgettext = translations("ui")

HUMAN = "human"


def kind_label(kind: str) -> str:
    """A seat kind as the picker shows it ("heuristic" -> "heurístico" in Portuguese); the value stays."""
    return kind_name(kind)


def kind_options(kinds: Sequence[str]) -> list:
    """A drop-down's options for ``kinds``: ``(label, kind)`` pairs, or the plain kinds where every
    label is the kind itself (English)."""
    pairs = [(kind_label(kind), kind) for kind in kinds]
    return pairs if any(label != kind for label, kind in pairs) else list(kinds)


def default_name(seat: int, kind: str) -> str:
    """The name of an unnamed seat (counted from 0): "Player 1", or "Computer 2" for an agent."""
    return (_("Player {number}") if kind == HUMAN else _("Computer {number}")).format(number=seat + 1)


def check_seats(seats: Sequence[str], players: int, agents: Mapping) -> list[str]:
    """``seats`` as a list, after checking it names ``players`` known seat kinds."""
    seats = list(seats)
    if len(seats) != players:
        raise ValueError(f"this game has {players} seats, but {len(seats)} seat kinds were given: {seats}")
    unknown = [s for s in seats if s != HUMAN and s not in agents]
    if unknown:
        raise ValueError(f"unknown seat kind(s) {unknown}: use {HUMAN!r} or one of {sorted(agents)}")
    return seats


def build_agents(seats: Sequence[str], agents: Mapping, seed: int) -> list:
    """One agent per agent seat (``None`` for human seats); seat ``p``'s agent is seeded with
    ``derive_seed(seed, p)``, so a game's seed also fixes its agents' choices."""
    return [None if kind == HUMAN else agents[kind](seed=derive_seed(seed, seat))
            for seat, kind in enumerate(seats)]


class SeatPicker(widgets.HBox):
    """One drop-down per seat (``human`` or an agent name), for up to ``max_seats`` seats.

    Only the first ``count`` drop-downs are shown. With ``typed_names=True`` each seat also has a
    text box for the player's name (``names`` reads them back; an empty box keeps the default).
    CSS classes: ``gk-seat-picker`` on the row, ``gk-seat-<p>`` on each drop-down and
    ``gk-seat-name-<p>`` on each name box.
    """

    def __init__(self, agent_names: Sequence[str], seats: Sequence[str], *, max_seats: int = 5,
                 names: Sequence[str] | None = None, typed_names: bool = False):
        options = [HUMAN, *agent_names]
        default = agent_names[0] if agent_names else HUMAN
        kinds = list(seats) + [default] * (max_seats - len(seats))
        given = [str(name) for name in (names or [])]
        self.typed_names = typed_names
        self.dropdowns = []
        self.name_boxes = []
        cells = []
        for seat in range(max_seats):
            label = given[seat] if seat < len(given) else _("Player {number}").format(
                number=seat + (1 if typed_names else 0))
            dropdown = widgets.Dropdown(options=kind_options(options),
                                        value=kinds[seat],
                                        description="" if typed_names else label,
                                        layout=widgets.Layout(width="130px" if typed_names else "220px"),
                                        style={} if typed_names else {"description_width": "80px"})
            dropdown.add_class(f"gk-seat-{seat}")
            self.dropdowns.append(dropdown)
            if typed_names:
                box = widgets.Text(value=given[seat] if seat < len(given) else "",
                                   placeholder=default_name(seat, HUMAN),
                                   layout=widgets.Layout(width="130px"))
                box.add_class(f"gk-seat-name-{seat}")
                self.name_boxes.append(box)
                cell = widgets.HBox([box, dropdown], layout=widgets.Layout(margin="2px 8px 2px 0"))
            else:
                cell = dropdown
            cells.append(cell)
        self.cells = cells
        super().__init__(cells, layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("gk-seat-picker")
        self.count = len(seats)

    @property
    def count(self) -> int:
        return self._count

    @count.setter
    def count(self, value: int) -> None:
        self._count = value
        for seat, cell in enumerate(self.cells):
            cell.layout.display = None if seat < value else "none"

    @property
    def seats(self) -> list[str]:
        """The chosen kind of each of the first ``count`` seats."""
        return [d.value for d in self.dropdowns[:self.count]]

    @seats.setter
    def seats(self, kinds: Sequence[str]) -> None:
        self.count = len(kinds)
        for dropdown, kind in zip(self.dropdowns, kinds):
            dropdown.value = kind

    @property
    def names(self) -> list[str]:
        """Each seat's typed name (every seat, shown or not); an empty box gives "Player <n>",
        or the agent's name for a computer seat."""
        if not self.typed_names:
            return [d.description for d in self.dropdowns]
        names = []
        for seat, (box, dropdown) in enumerate(zip(self.name_boxes, self.dropdowns)):
            typed = box.value.strip()
            if not typed:
                typed = default_name(seat, dropdown.value)
            names.append(typed)
        return names

    @names.setter
    def names(self, names: Sequence[str]) -> None:
        for box, name in zip(self.name_boxes, names):
            box.value = str(name)

    def relabel(self) -> None:
        """The seat kinds and the empty name boxes' hints again, in the language in force."""
        for seat, dropdown in enumerate(self.dropdowns):
            value = dropdown.value
            kinds = [item[1] if isinstance(item, tuple) else item for item in dropdown.options]
            dropdown.options = kind_options(kinds)
            dropdown.value = value
            if self.typed_names:
                self.name_boxes[seat].placeholder = default_name(seat, HUMAN)
