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

``board.texts()`` lists every text in the board's tree, hidden parts included (values, descriptions,
tooltips, HTML) for secrecy tests; ``board.shows(widget)`` says whether a widget is on screen. CSS classes: ``gk-board``, ``gk-presentation``
(presentation size), ``gk-pass-screen``, ``gk-round-one``, ``gk-round-all``, ``gk-new-game``,
``gk-players``, ``gk-presentation-toggle``, ``gk-language``, ``gk-seat-<p>`` (kind) and
``gk-seat-name-<p>`` (name).

Every board speaks a language of its own (``board.language``: the one in force when it was made,
then whatever its language picker says): each redraw and each click runs in it, so a board in a
Portuguese browser tab beside an English one (the classroom's pages, each kernel a thread) reads
Portuguese. A board's fixed labels are set again by :meth:`relabel` when the language changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import functools

import ipywidgets as widgets

from gamekit.core import IllegalActionError, StaleViewError, Table, TableView, derive_seed
from gamekit.core.table import names_together

from ..i18n import LANGUAGES, N_, language, supported, translations, using_language
from .hotseat import PassScreen
from .log import LogPanel
from .seats import HUMAN, SeatPicker, check_seats
from .status import StatusArea, refused
from .theme import theme

_, ngettext, pgettext = translations("ui")


def speaking(method):
    """Run a board's method in the board's own language (``board.language``)."""
    @functools.wraps(method)
    def in_language(self, *args, **kwargs):
        with using_language(getattr(self, "language", None)):
            return method(self, *args, **kwargs)
    in_language.speaking = True
    return in_language


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
    log_title = N_("Log")
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
        self.language = language()
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

    def __init_subclass__(cls, **kwargs):
        """A game's own ``refresh`` speaks the board's language too (its header, drawn after the
        base class's redraw, included)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("refresh")
        if own is not None and not getattr(own, "speaking", False):
            cls.refresh = speaking(own)

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
            raise IllegalActionError(_("nobody is choosing now"))
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
            raise IllegalActionError(_("the game is over: click New game to play again"))
        if self.table.persons:
            raise IllegalActionError(_("the people at the table choose for themselves"))

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
                self.message = (refused(refusal), "error")
                self.refresh()

        def in_language(_button) -> None:
            with using_language(self.language):
                guarded(_button)
        guarded = self.status.guard(clicked)
        button.on_click(in_language)

    def shows(self, widget: widgets.Widget) -> bool:
        """Whether ``widget`` is on the board now (in its tree and not hidden)."""
        return any(w is widget for w in self.walk())

    def walk(self, hidden: bool = False) -> Iterator[widgets.Widget]:
        """Every widget shown on the board, depth first; ``hidden=True``: every widget in the
        board's tree, hidden ones and what they hold included (all of it reaches the browser)."""
        stack = [self]
        while stack:
            widget = stack.pop()
            if not hidden and getattr(widget.layout, "display", None) == "none":
                continue
            yield widget
            stack.extend(reversed(getattr(widget, "children", ())))

    def texts(self) -> list[str]:
        """Every text in the board's tree now: values, descriptions, tooltips, placeholders,
        options and HTML, for secrecy checks. Hidden widgets count too: the browser holds what
        they say, and a hidden part is shown again as it is."""
        found = []
        for widget in self.walk(hidden=True):
            for name in ("value", "description", "tooltip", "placeholder", "title"):
                value = getattr(widget, name, None)
                if isinstance(value, str) and value.strip("\u200b \n") and not value.startswith("<style>"):
                    found.append(value)  # (a style sheet says nothing of the game)
            found.extend(str(label) for label in getattr(widget, "_options_labels", ()))
        return found

    # --- drawing -----------------------------------------------------------------------------
    def _table_changed(self, table) -> None:
        """Redraw after a change made elsewhere (a change made here is drawn already: drawing it
        twice would replace the buttons under a quick second click)."""
        drawn = getattr(self, "_view", None)
        if drawn is None or table.version != drawn.version:
            self.refresh()

    @speaking
    def refresh(self) -> None:
        """Redraw everything from the table's view for the seat at the screen, in the board's
        language."""
        view = self._view = self.table.view(self.viewer)
        if view.seat != self._drawn_for:
            self._take_everything_down()
            self._drawn_for = view.seat
        if self.table.pass_to is not None:
            seat = self.table.pass_to
            self.pass_screen.ask(self.names[seat], colour_class=f"gk-seat-colour-{seat}",
                                 secrets=self.secrets)
            actions = [self.pass_screen]
            # the pass step shows at once, the game is redrawn behind it: the board never stands
            # blank while a slow redraw (a map) reaches the browser
            self.action_area.children = actions
            self._show_status(view)
        elif not self.table.persons and not view.is_over:
            actions = [self.agent_row]
        else:
            actions = []
        self.game_area.children = self.draw(view)
        self.game_area.layout.visibility = None  # back on screen (no message when it never left)
        self.action_area.children = actions + self.action_widgets(view)
        self.log_panel.set_lines(view.log)
        self._show_status(view)

    def _take_everything_down(self) -> None:
        """The screen changes hands: every part that may show a secret goes first, so that the
        browser, which applies the changes in order, never shows the next person (or the pass
        step) beside the last person's secrets, not even for a moment.

        The game area is hidden in place, not taken off the page: its widgets are redrawn out of
        sight and :meth:`refresh` shows it again the moment they hold the next view. Hidden, not
        undisplayed: it keeps its size, so a plotly map in it is drawn as usual (updated inside
        ``display: none``, plotly's page view of a kept figure stopped taking updates). Taking it off
        made the browser build every view in it again (a Stratego grid's hundred buttons, a
        plotly map), and the board stood blank meanwhile. A hidden widget still reaches the
        browser, so what it holds is the view being drawn, never more (:meth:`texts` reads it).
        The turn's buttons go (the pass step stays up until the next screen is drawn)."""
        self.game_area.layout.visibility = "hidden"  # first: everything below changes behind it
        self.action_area.children = tuple(w for w in self.action_area.children if w is self.pass_screen)
        self.status.clear()
        self.log_panel.value = ""

    def action_widgets(self, view: TableView) -> list:
        """Hook: the widgets of the turn of the person at the screen (drawn above the game,
        where a narrow screen keeps them in view). Default: none."""
        return []

    def draw(self, view: TableView) -> list:
        """The game's widgets, drawn from ``view`` only."""
        raise NotImplementedError

    def prompt(self, view: TableView) -> str:
        """What the status line asks the person at the screen when it is their turn."""
        return _("{name}, your move.").format(name=view.name)

    def result_text(self, view: TableView) -> str:
        winners = view.outcome.winners
        if not winners:
            return _("Game over: a draw.")
        if len(winners) > 1:
            return _("Game over: {names} and {last} share the win!").format(
                names=", ".join(view.names[p] for p in winners[:-1]), last=view.names[winners[-1]])
        name = view.names[winners[0]]
        if name in ("You", _("You")):
            return _("Game over: You win!")
        return _("Game over: {name} wins!").format(name=name)

    def _show_status(self, view: TableView) -> None:
        if self.message is not None:
            self.status.show(*self.message)
        elif view.problem:
            self.status.error(_("The game waits: an agent could not move."))
        elif view.is_over:
            self.status.success(self.result_text(view))
        elif self.table.pass_to is not None:
            self.status.info(_("Pass the screen to {name}.").format(name=view.names[self.table.pass_to]))
        elif view.my_turn:
            self.status.info(self.prompt(view))
        elif not self.table.persons:
            self.status.info(_("The computer players are ready: click Play a round."))
        else:
            waiting = names_together([view.names[p] for p in view.waiting_for])
            self.status.info(_("Waiting for {names}.").format(names=waiting))

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
        self.log_panel = LogPanel(self.log_heading(), max_shown=60)
        self.log_panel.add_class(f"{self.css}-log")
        self.round_button = self.button(_("Play a round"), "gk-round-one", self.play_round)
        self.round_button.add_class(f"{self.css}-play-round")
        self.all_button = self.button(_("Play to the end"), "gk-round-all", self.play_to_end)
        self.all_button.add_class(f"{self.css}-play-all")
        self.agent_row = widgets.HBox([self.round_button, self.all_button])  # a game between agents only
        self.players_picker = widgets.Dropdown(
            options=list(range(2, self.max_players + 1)) if self.max_players > 2 else [2],
            value=len(self.kinds), description=_("Players"), layout=widgets.Layout(width="150px"),
            style={"description_width": "60px"})
        self.players_picker.add_class("gk-players")
        self.players_picker.add_class(f"{self.css}-players")
        self.players_picker.observe(lambda change: setattr(self.seat_picker, "count", change["new"]),
                                    names="value")
        self.seat_picker = SeatPicker(list(self.agents), self.kinds, max_seats=self.max_players,
                                      names=names, typed_names=True)
        self.new_game_button = self.button(_("New game"), "gk-new-game", self.new_game, style="primary")
        self.new_game_button.add_class(f"{self.css}-new-game")
        self.presentation_toggle = widgets.ToggleButton(
            description=_("Presentation size"),
            tooltip=_("Large type that fills the window, for a projector"),
            layout=widgets.Layout(width="auto"))
        self.presentation_toggle.add_class("gk-presentation-toggle")
        self.presentation_toggle.observe(lambda change: self._present(change["new"]), names="value")
        self.language_picker = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()], value=self.language,
            tooltip=_("Language"), layout=widgets.Layout(width="130px"))
        self.language_picker.add_class("gk-language")
        self.language_picker.add_class(f"{self.css}-language")
        self.language_picker.observe(lambda change: self.set_language(change["new"]), names="value")
        self.setup_title = widgets.HTML(self._setup_title())

    def _setup_title(self) -> str:
        title = _("Next game: players, names and who plays each seat")
        return f'<div class="gk-section-title">{title}</div>'

    def log_heading(self) -> str:
        """The log's title in the language in force (a game whose ``log_title`` is in its own
        catalog overrides this)."""
        return _(self.log_title)

    def set_language(self, code: str) -> None:
        """Speak ``code`` ("en", "pt") on this board from now on: its labels, status, log and the
        game's own widgets are drawn again in it, for the same seat (a passed screen stays passed)."""
        self.language = supported(code) or language()
        if self.language_picker.value != self.language:
            self.language_picker.value = self.language  # which calls back here
            return
        self.message = None  # a refusal said in the other language
        with using_language(self.language):
            self._label_frame()
            self.relabel()
        self.refresh()

    def relabel(self) -> None:
        """Hook: set the game's own fixed labels (buttons made once, titles) again in the
        language in force, after the language changed. Default: nothing."""

    def _label_frame(self) -> None:
        self.round_button.description = _("Play a round")
        self.all_button.description = _("Play to the end")
        self.players_picker.description = _("Players")
        self.new_game_button.description = _("New game")
        self.presentation_toggle.description = _("Presentation size")
        self.presentation_toggle.tooltip = _("Large type that fills the window, for a projector")
        self.language_picker.tooltip = _("Language")
        self.pass_screen.button.description = _("Ready")
        self.setup_title.value = self._setup_title()
        self.log_panel.title = self.log_heading()
        self.seat_picker.relabel()

    def _frame(self) -> list:
        title = self.setup_title
        setup = widgets.VBox([title, widgets.HBox([self.players_picker, self.new_game_button,
                                                   self.presentation_toggle],
                                                  layout=widgets.Layout(flex_flow="row wrap")),
                              self.seat_picker])
        setup.add_class("gk-setup")
        setup.add_class(f"{self.css}-setup")
        self.setup = setup
        languages = widgets.HBox([self.language_picker], layout=widgets.Layout(justify_content="flex-end"))
        languages.add_class("gk-language-row")
        return [theme(), languages, self.header, self.status, self.action_area, self.game_area,
                self.log_panel, setup]

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
        if self.state.is_terminal:
            return _("game over")
        return _("step {number}").format(number=len(self.state.history) + 1)

    @speaking
    def __repr__(self) -> str:
        return _("<{board} {players} players, {where}, seed {seed}>").format(
            board=type(self).__name__, players=self.state.num_players, where=self.where(),
            seed=self.state.seed)
