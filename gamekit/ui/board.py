"""What every game's board shares: seats for people or agents, a series of seeded games, names.

A board subclasses :class:`SeatedBoard`, sets ``max_players``, and calls :meth:`_seat` from its
``__init__`` before building its own widgets; the rules stay in the game's state.
"""

from __future__ import annotations

import ipywidgets as widgets

from gamekit.core import derive_seed

from .seats import HUMAN, build_agents, check_seats


class SeatedBoard(widgets.VBox):
    max_players = 2
    button_width = "150px"  # the narrowest a big button gets, so rows of them line up

    def _seat(self, state, seats, names, seed, agents: dict) -> list:
        """Record the agents on offer, the series seed and the names; return the checked seats."""
        self.agents = dict(agents)
        self._series_seed = seed  # later games get seeds derived from it (fresh ones if None)
        self._games = 0
        given = list(names or [])
        self.all_names = given + [f"Player {p}" for p in range(len(given), self.max_players)]
        return check_seats(seats or [HUMAN] * state.num_players, state.num_players, self.agents)

    def _next_seed(self, seed: int | None) -> int | None:
        """The seed of the board's next game: ``seed`` if given, else the next of the series."""
        self._games += 1
        if seed is None and self._series_seed is not None:
            seed = derive_seed(self._series_seed, "game", self._games)
        return seed

    def _next_seats(self, players: int | None, seats, default_players: int) -> tuple[int, list]:
        """The next game's player count and checked seats; by default the set-up row's choices."""
        players = players or (len(seats) if seats else default_players)
        if seats is None:
            self.seat_picker.count = players
            seats = self.seat_picker.seats
        return players, check_seats(seats, players, self.agents)

    def _take_seats(self, state, seats) -> None:
        """Start showing ``state`` with ``seats``: names and seeded agents for this game."""
        self._state = state
        self.seats = list(seats)
        self.names = self.all_names[:state.num_players]
        self._agents = build_agents(self.seats, self.agents, state.seed)

    def _button(self, label, css_class, action, style="") -> widgets.Button:
        """A big button whose click runs ``action``; a refusal or crash shows in the status line."""
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto", min_width=self.button_width))
        button.add_class(css_class)
        button.add_class("gk-big-button")
        button.on_click(self.status.guard(lambda _button: action()))
        return button

    @property
    def state(self):
        """The game being shown (treat it as read-only: play through the board)."""
        return self._state

    @property
    def humans(self) -> list[int]:
        """The seats played by people at the screen."""
        return [p for p, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def hotseat(self) -> bool:
        """Several people share the screen, so each secret choice waits behind a pass-the-screen step."""
        return len(self.humans) > 1
