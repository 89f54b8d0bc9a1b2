"""Who plays each seat: a person at the screen (``"human"``) or one of a game's agents.

A game's ``AGENTS`` dict maps a name to an agent class constructible as ``Cls(seed=...)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from gamekit.core import derive_seed

HUMAN = "human"


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

    Only the first ``count`` drop-downs are shown. CSS classes: ``gk-seat-picker`` on the row,
    ``gk-seat-<p>`` on each drop-down.
    """

    def __init__(self, agent_names: Sequence[str], seats: Sequence[str], *, max_seats: int = 5,
                 names: Sequence[str] | None = None):
        options = [HUMAN, *agent_names]
        default = agent_names[0] if agent_names else HUMAN
        kinds = list(seats) + [default] * (max_seats - len(seats))
        labels = list(names or []) + [f"Player {p}" for p in range(len(names or []), max_seats)]
        self.dropdowns = []
        for seat in range(max_seats):
            dropdown = widgets.Dropdown(options=options, value=kinds[seat], description=labels[seat],
                                        layout=widgets.Layout(width="220px"),
                                        style={"description_width": "80px"})
            dropdown.add_class(f"gk-seat-{seat}")
            self.dropdowns.append(dropdown)
        super().__init__(self.dropdowns, layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("gk-seat-picker")
        self.count = len(seats)

    @property
    def count(self) -> int:
        return self._count

    @count.setter
    def count(self, value: int) -> None:
        self._count = value
        for seat, dropdown in enumerate(self.dropdowns):
            dropdown.layout.display = None if seat < value else "none"

    @property
    def seats(self) -> list[str]:
        """The chosen kind of each of the first ``count`` seats."""
        return [d.value for d in self.dropdowns[:self.count]]

    @seats.setter
    def seats(self, kinds: Sequence[str]) -> None:
        self.count = len(kinds)
        for dropdown, kind in zip(self.dropdowns, kinds):
            dropdown.value = kind
