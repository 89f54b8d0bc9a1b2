"""The base view every game's board is built on: a board draws a :class:`gamekit.core.Table`.

The table runs the game; :class:`TableBoard` adds what every board shows around it — the players'
seats and typed names, the "pass the screen to Ana" step when the table's shared-screen rule asks
for it, the status line, the log (only the lines the seat at the screen may read), the round
buttons of a table of agents, the set-up row for the next game and a presentation size for a
projector. A game's board subclasses it and fills in three hooks:

* ``draw(view)`` — the widgets of the game itself, drawn from ``view`` (a
  :class:`~gamekit.core.TableView`: what the person at the screen may see, or the public view);
* ``prompt(view)`` — what the status line asks the person whose turn it is;
* click handlers that end in ``self.submit(action)``.

Everything on the board comes from ``table.view(board.viewer)``: nothing another seat may not see
is ever in a widget while the screen is passed. A port, in outline (see ``gamekit.milhoes.board``)::

    class LostCitiesBoard(TableBoard):
        game, css, max_players, default_players = "lost_cities", "lc", 4, 2

        def draw(self, view):            # the table, the expeditions: from view.observation
            ...
        def action_widgets(self, view):  # the hand and its buttons, when view.my_turn
            ...                          # a click ends in self.submit(action)

``board.texts()`` lists every text on screen (values, descriptions, tooltips, HTML) for secrecy
tests; ``board.shows(widget)`` says whether a widget is on screen. CSS classes: ``gk-board``, ``gk-presentation``
(presentation size), ``gk-pass-screen``, ``gk-round-one``, ``gk-round-all``, ``gk-new-game``,
``gk-players``, ``gk-presentation-toggle``, ``gk-seat-<p>`` (kind) and ``gk-seat-name-<p>`` (name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import ipywidgets as widgets

from gamekit.core import IllegalActionError, StaleViewError, Table, TableView, derive_seed

from .hotseat import PassScreen
from .log import LogPanel
from .seats import HUMAN, SeatPicker, check_seats
from .status import StatusArea
from .theme import theme


class TableBoard(widgets.VBox):
    """A board over a table of ``seats`` (each ``"human"`` or a name from ``agents``), named by
    ``names``; ``seed`` starts the board's series of games, ``options`` are ``new_game``'s options.
    ``table`` instead shows a table run elsewhere (redrawn whenever it changes), and ``seat`` makes
    the board one player's own screen (one device per player: it always shows ``view(seat)``);
    ``state`` shows a game already started (its past stays in the log). ``presentation=True``
    starts at projector size.

    Subclasses set ``game`` (the registry name), ``css`` (their class prefix), ``max_players``,
    ``default_players`` and implement :meth:`draw` and :meth:`prompt`.
    """

    game = ""
    css = "gk"
    min_players = 2
    max_players = 2
    default_players = 2
    log_title = "Log"
    secrets = "cards"  # what the pass-the-screen step hides: "I am Ana: show my cards"
    button_width = "150px"  # the narrowest a big button gets, so rows of them line up

    def __init__(self, *, seats: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 players: int | None = None, seed: int | None = None, options: Mapping | None = None,
                 agents: Mapping | None = None, table: Table | None = None, state=None,
                 seat: int | None = None, presentation: bool = False):
        self.agents = dict(agents or {})
        self.options = dict(options or {})
        self.series_seed = seed
        self.games = 0
        self.seat = seat
        if table is not None:  # a table run elsewhere: its seats, its names
            seats = [HUMAN if s.is_person else getattr(s.agent, "name", "computer") for s in table.seats]
            names = list(table.names)
            self.agents.update({kind: None for kind in seats if kind != HUMAN and kind not in self.agents})
        players = players or (len(seats) if seats else state.num_players if state is not None
                              else self.default_players)
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"this board seats {self.min_players} to {self.max_players} players, "
                             f"not {players}")
        self.kinds = check_seats(seats or [HUMAN] * players, players, self.agents)
        self.status = StatusArea()  # first: every click reports here
        self.status.add_class(f"{self.css}-status")
        self.message: tuple[str, str] | None = None  # a refusal, shown until the next change
        self._drawn_for: int | None | str = "nobody yet"  # the viewer the widgets show
        self._build_frame(names)
        super().__init__(self._frame())
        self.add_class("gk-board")
        self.add_class(f"{self.css}-board")
        self.presentation = presentation
        if table is None:
            table = self._new_table(self.kinds, self._typed_names(), seed, state)
        else:  # others act at this table too: redraw whenever it changes
            table.subscribe(self._table_changed)
            self.setup.layout.display = "none"  # the table's owner starts its next game
        self.table = table
        self.refresh()

    # --- the table ---------------------------------------------------------------------------
    def _new_table(self, kinds: Sequence[str], names: Sequence[str], seed: int | None,
                   state=None) -> Table:
        seats = [None if kind == HUMAN else self.agents[kind] for kind in kinds]
        return Table(state if state is not None else self.game, seats, seed=seed,
                     options=self.options or None, names=names)

    @property
    def state(self):
        """The game being shown (read it; play through the board or its table)."""
        return self.table.state

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes are on the screen (``None``: everything shown is public)."""
        if self.seat is not None:
            return self.seat
        if self.table.pass_to is not None:
            return None
        return self.table.screen

    @property
    def view(self) -> TableView:
        """What the board shows now."""
        return self._view

    @property
    def hotseat(self) -> bool:
        return self.table.hotseat

    @property
    def pass_screen_pending(self) -> bool:
        return self.table.pass_to is not None

    # --- acting ------------------------------------------------------------------------------
    def submit(self, action, seat: int | None = None) -> None:
        """Send ``action`` for ``seat`` (default: the seat at the screen) on the view drawn;
        a refusal raises :class:`IllegalActionError` (the click guard shows it)."""
        seat = self.viewer if seat is None else seat
        if seat is None:
            raise IllegalActionError("nobody is choosing now")
        self.message = None
        self.table.submit(action, seat, version=self._view.version)
        self.reset_choice()
        self.refresh()

    def reset_choice(self) -> None:
        """Hook: forget a board's own half-made choice (a picked card) once a move is in, or
        when the view it was made on went stale."""

    def take_screen(self) -> None:
        """The pass-the-screen button: the named person is at the screen now."""
        self.message = None
        self.table.take_screen(self.table.pass_to, version=self._view.version)
        self.refresh()

    def play_round(self) -> None:
        """One step of a table of agents (a move, or a round of secret choices)."""
        self._check_agents_only()
        self.message = None
        self.table.advance(max_steps=1)
        self.refresh()

    def play_to_end(self) -> None:
        """Every remaining step of a table of agents (at most the table's agent cap)."""
        self._check_agents_only()
        self.message = None
        self.table.advance()
        self.refresh()

    def _check_agents_only(self) -> None:
        if self.state.is_terminal:
            raise IllegalActionError("the game is over: click New game to play again")
        if self.table.persons:
            raise IllegalActionError("the people at the table choose for themselves")

    def new_game(self, players: int | None = None, seats: Sequence[str] | None = None,
                 seed: int | None = None, names: Sequence[str] | None = None) -> None:
        """Deal again: ``players``, ``seats`` and ``names`` default to the set-up row, the seed to
        the next of the board's series (a fresh one without a series)."""
        players = players or (len(seats) if seats else self.players_picker.value)
        if seats is None:
            self.seat_picker.count = players
            seats = self.seat_picker.seats
        kinds = check_seats(seats, players, self.agents)
        if names is not None:
            self.seat_picker.names = names
        self.players_picker.value = players
        self.seat_picker.seats = kinds
        self.games += 1
        if seed is None and self.series_seed is not None:
            seed = derive_seed(self.series_seed, "game", self.games)
        names = self._typed_names()[:players]
        if kinds == self.kinds and tuple(names) == self.names:
            self.table.new_game(seed)
        else:
            self.table = self._new_table(kinds, names, seed)
        self.kinds = kinds
        self.message = None
        self.reset_choice()
        self.refresh()

    # --- clicks ------------------------------------------------------------------------------
    def button(self, label: str, css_class: str, action: Callable[[], None], *, style: str = "",
               tooltip: str = "") -> widgets.Button:
        """A big button whose click runs ``action`` (see :meth:`on_click`)."""
        button = widgets.Button(description=label, button_style=style, tooltip=tooltip,
                                layout=widgets.Layout(width="auto", min_width=self.button_width))
        button.add_class(css_class)
        button.add_class("gk-big-button")
        self.on_click(button, action)
        return button

    def on_click(self, button: widgets.Button, action: Callable[[], None]) -> None:
        """Run ``action`` when ``button`` is clicked, guarded: a refusal shows in the status line;
        a click that arrives after the board has moved on (a fast double click: the button is
        gone or disabled now, or the view it was drawn on is stale) is dropped without a word."""
        def clicked(_button) -> None:
            if button.disabled or not self.shows(button):
                return
            try:
                action()
            except StaleViewError:
                self.reset_choice()
                self.refresh()
            except IllegalActionError as refusal:
                self.message = (f"Refused: {refusal.reason}", "error")
                self.refresh()
        button.on_click(self.status.guard(clicked))

    def shows(self, widget: widgets.Widget) -> bool:
        """Whether ``widget`` is on the board now (in its tree and not hidden)."""
        return any(w is widget for w in self.walk())

    def walk(self) -> Iterator[widgets.Widget]:
        """Every widget shown on the board (hidden ones left out), depth first."""
        stack = [self]
        while stack:
            widget = stack.pop()
            if getattr(widget.layout, "display", None) == "none":
                continue
            yield widget
            stack.extend(reversed(getattr(widget, "children", ())))

    def texts(self) -> list[str]:
        """Every text on the board now: values, descriptions, tooltips, placeholders, options and
        HTML, for secrecy checks (what a person looking at the screen could read)."""
        found = []
        for widget in self.walk():
            for name in ("value", "description", "tooltip", "placeholder", "title"):
                value = getattr(widget, name, None)
                if isinstance(value, str) and value.strip("\u200b \n"):
                    found.append(value)
            found.extend(str(label) for label in getattr(widget, "_options_labels", ()))
        return found

    # --- drawing -----------------------------------------------------------------------------
    def _table_changed(self, table) -> None:
        """Redraw after a change made elsewhere (a change made here is drawn already: drawing it
        twice would replace the buttons under a quick second click)."""
        drawn = getattr(self, "_view", None)
        if drawn is None or table.version != drawn.version:
            self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the table's view for the seat at the screen."""
        view = self._view = self.table.view(self.viewer)
        if view.seat != self._drawn_for:
            self._take_everything_down()
            self._drawn_for = view.seat
        if self.table.pass_to is not None:
            seat = self.table.pass_to
            self.pass_screen.ask(self.names[seat], colour_class=f"gk-seat-colour-{seat}",
                                 secrets=self.secrets)
            actions = [self.pass_screen]
        elif not self.table.persons and not view.is_over:
            actions = [widgets.HBox([self.round_button, self.all_button])]
        else:
            actions = []
        self.game_area.children = self.draw(view)
        self.action_area.children = actions + self.action_widgets(view)
        self.log_panel.set_lines(view.log)
        self._show_status(view)

    def _take_everything_down(self) -> None:
        """The screen changes hands: every part that may show a secret goes blank first, so that
        the browser, which applies the changes in order, never shows the next person (or the pass
        step) beside the last person's secrets, not even for a moment."""
        self.status.clear()
        self.log_panel.value = ""
        self.action_area.children = ()
        self.game_area.children = ()

    def action_widgets(self, view: TableView) -> list:
        """Hook: the widgets of the turn of the person at the screen (drawn above the game,
        where a narrow screen keeps them in view). Default: none."""
        return []

    def draw(self, view: TableView) -> list:
        """The game's widgets, drawn from ``view`` only."""
        raise NotImplementedError

    def prompt(self, view: TableView) -> str:
        """What the status line asks the person at the screen when it is their turn."""
        return f"{view.name}, your move."

    def result_text(self, view: TableView) -> str:
        winners = view.outcome.winners
        if not winners:
            return "Game over: a draw."
        named = " and ".join(view.names[p] for p in winners)
        verb = "share the win" if len(winners) > 1 else "win" if named == "You" else "wins"
        return f"Game over: {named} {verb}!"

    def _show_status(self, view: TableView) -> None:
        if self.message is not None:
            self.status.show(*self.message)
        elif view.problem:
            self.status.error(f"The game waits: {view.problem.removeprefix('the game waits: ')}.")
        elif view.is_over:
            self.status.success(self.result_text(view))
        elif self.table.pass_to is not None:
            self.status.info(f"Pass the screen to {view.names[self.table.pass_to]}.")
        elif view.my_turn:
            self.status.info(self.prompt(view))
        elif not self.table.persons:
            self.status.info("The computer players are ready: click Play a round.")
        else:
            waiting = " and ".join(view.names[p] for p in view.waiting_for)
            self.status.info(f"Waiting for {waiting}.")

    # --- the frame around the game -------------------------------------------------------------
    def _build_frame(self, names) -> None:
        self.header = widgets.HTML()
        self.header.add_class(f"{self.css}-header")
        self.action_area = widgets.VBox()
        self.action_area.add_class(f"{self.css}-action")
        self.action_area.add_class("gk-action-area")
        self.game_area = widgets.VBox()
        self.game_area.add_class(f"{self.css}-game")
        self.pass_screen = PassScreen()
        self.pass_screen.button.add_class(f"{self.css}-pass-screen")
        self.on_click(self.pass_screen.button, self.take_screen)
        self.log_panel = LogPanel(self.log_title, max_shown=60)
        self.log_panel.add_class(f"{self.css}-log")
        self.round_button = self.button("Play a round", "gk-round-one", self.play_round)
        self.round_button.add_class(f"{self.css}-play-round")
        self.all_button = self.button("Play to the end", "gk-round-all", self.play_to_end)
        self.all_button.add_class(f"{self.css}-play-all")
        self.players_picker = widgets.Dropdown(
            options=list(range(2, self.max_players + 1)) if self.max_players > 2 else [2],
            value=len(self.kinds), description="Players", layout=widgets.Layout(width="150px"),
            style={"description_width": "60px"})
        self.players_picker.add_class("gk-players")
        self.players_picker.add_class(f"{self.css}-players")
        self.players_picker.observe(lambda change: setattr(self.seat_picker, "count", change["new"]),
                                    names="value")
        self.seat_picker = SeatPicker(list(self.agents), self.kinds, max_seats=self.max_players,
                                      names=names, typed_names=True)
        self.new_game_button = self.button("New game", "gk-new-game", self.new_game, style="primary")
        self.new_game_button.add_class(f"{self.css}-new-game")
        self.presentation_toggle = widgets.ToggleButton(
            description="Presentation size", tooltip="Large type that fills the window, for a projector",
            layout=widgets.Layout(width="auto"))
        self.presentation_toggle.add_class("gk-presentation-toggle")
        self.presentation_toggle.observe(lambda change: self._present(change["new"]), names="value")

    def _frame(self) -> list:
        title = widgets.HTML('<div class="gk-section-title">Next game: players, names and who plays '
                             "each seat</div>")
        setup = widgets.VBox([title, widgets.HBox([self.players_picker, self.new_game_button,
                                                   self.presentation_toggle],
                                                  layout=widgets.Layout(flex_flow="row wrap")),
                              self.seat_picker])
        setup.add_class("gk-setup")
        setup.add_class(f"{self.css}-setup")
        self.setup = setup
        return [theme(), self.header, self.status, self.action_area, self.game_area, self.log_panel, setup]

    def _typed_names(self) -> list[str]:
        return self.seat_picker.names[:self.seat_picker.count]

    @property
    def presentation(self) -> bool:
        """Presentation size: the board fills the window and its text is at least 18 px."""
        return "gk-presentation" in self._dom_classes

    @presentation.setter
    def presentation(self, on: bool) -> None:
        self.presentation_toggle.value = bool(on)
        self._present(bool(on))

    def _present(self, on: bool) -> None:
        (self.add_class if on else self.remove_class)("gk-presentation")

    def where(self) -> str:
        """How far the game is, in a few words (a game says it its own way: "round 3")."""
        return "game over" if self.state.is_terminal else f"step {len(self.state.history) + 1}"

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.state.num_players} players, {self.where()}, "
                f"seed {self.state.seed}>")
