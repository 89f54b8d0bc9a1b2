"""The Stratego board: a clickable grid over a :class:`gamekit.core.Table`, hot-seat behind a
screen step, or against an agent.

>>> board = StrategoBoard(seats=["human", "random"], seed=3)
>>> board.click("a3"), board.selected
(True, 'a3')
>>> board.click("a4")
True
>>> board.state.moves  # Fire's step and the agent's reply
2

Click one of your pieces, then one of the highlighted squares. In the ``"powers"`` mode a piece
with a power shows a button per power (Swiftness, Flight, Fury, Detect, Charm, Arrow): click it and
the squares the power can reach light up. When one click could mean several actions (two paths of
a swiftness, a flight that can attack one piece from two landings) the board lists them as buttons.

Below the board, the next game's panel chooses the mode, the captured-pieces mode, who plays each
side and their names, and the set-ups. A set-up is a text (save it by copying it, load it by
pasting it); **Place Fire's pieces** opens the set-up editor on the grid: choose a piece from the
palette, click a square of the side's rows (click a placed piece to take it back), fill the rest at
random, and **Done** saves the set-up as text, checked by the engine. A side left empty is shuffled
at random, unless an agent plays it: the heuristic and the search agent deploy their own armies (a
guarded set-up: see :mod:`~gamekit.stratego.deploy`), exactly as in :func:`~gamekit.core.play_match`.
The set-up boxes are emptied when the game starts (an army is a secret until the game is over);
**Last game's set-ups** fills them back once it is.

The board is a view: the :class:`~gamekit.core.Table` (``board.table``) runs the game — whose turn,
the agents' moves, the hot-seat screen, what each seat may read of the log — and the engine holds
every rule: the highlighted squares are ``legal_actions()``, a refused click shows the engine's own
reason (``why_illegal``), the notation of a click is ``state.action_to``. With two human seats each
turn waits behind a "pass the screen" step, and the grid shows only what the player at the screen
knows (``state.observation``); against an agent the grid is the person's view; between agents, or
once the game is over, every piece is shown. **Presentation size** (or ``presentation=True``) lets
the board grow with the window, with large text, for a projector.

CSS classes for tests and styling: ``st-board``, ``st-grid``, ``st-square``, ``st-square-<name>``
(``st-square-e3``), ``st-forbidden``, ``st-empty``, ``st-piece-fire``, ``st-piece-ice``,
``st-unknown``, ``st-exposed``, ``st-selected``, ``st-target``, ``st-last-move``,
``st-power-<kind>`` (``st-power-move`` too), ``st-choice``, ``st-status``, ``st-header``,
``st-seed``, ``st-moves``, ``st-to-move``, ``st-last-turn``, ``st-battle``, ``st-log``,
``st-tray-fire``, ``st-tray-ice``, ``st-captured``, ``st-result``, ``st-play-move``,
``st-play-all``, ``st-mode``, ``st-captured-mode``, ``st-name-fire``, ``st-name-ice``,
``st-setup-fire``, ``st-setup-ice``, ``st-setup-random``, ``st-setup-check``, ``st-setup-last``,
``st-new-game``, ``st-present-toggle`` (and ``st-present`` on the board when it is on), the
editor's ``st-edit-fire``, ``st-edit-ice``, ``st-palette-<symbol>`` (``st-palette-10``,
``st-palette-T``), ``st-setup-fill``, ``st-setup-clear``, ``st-setup-done``, ``st-setup-cancel``,
``gk-seat-<p>`` (seat pickers) and ``gk-pass-screen`` (the screen step's button).
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, StaleViewError, Table, derive_seed, make_rng
from gamekit.ui import HUMAN, LogPanel, PassScreen, SeatPicker, StatusArea, check_seats, theme

from .boards import RANK_OF_SYMBOL, board_spec, symbol
from .notation import Action, format_setup, parse_setup
from .rules import CAPTURED_MODES, MODES, StrategoState, random_setup, validate_setup

SIDE_CLASSES = ("st-piece-fire", "st-piece-ice")
SIDE_TEXT = ("st-fire-text", "st-ice-text")
POWER_LABELS = {"move": "Move", "swiftness": "Swiftness", "flight": "Flight", "fury": "Fury",
                "detect": "Detect", "charm": "Charm", "arrow": "Arrow"}
SQUARE_SIZE = "var(--st-square, 56px)"  # the CSS shrinks it on short screens, grows it on a projector
# an empty square's label: ipywidgets 8 leaves a button's old text on the page when the new one is ""
BLANK = "\u00a0"

CSS = """
.st-board { --st-square: clamp(34px, calc((100vh - 300px) / 9), 56px); }
.st-board.st-original { --st-square: clamp(30px, calc((100vh - 300px) / 11), 56px); }
.gk-board.st-board.st-present { max-width: none; --st-square: clamp(44px, calc((100vh - 240px) / 9), 104px); }
.gk-board.st-board.st-original.st-present { --st-square: clamp(40px, calc((100vh - 240px) / 11), 92px); }
.gk-board.st-present .widget-html-content, .gk-board.st-present .gk-muted { font-size: 20px; }
.gk-board.st-present .gk-title { font-size: 28px; }
.gk-board.st-present .gk-log .widget-html-content { font-size: 19px; max-height: 40vh; }
.st-middle { gap: 12px; }
.st-fire-text { color: #b03a2e; }
.st-ice-text { color: #1f5fbf; }
.st-grid { gap: 3px; padding: 6px; background: #6b5a45; border-radius: 8px; width: max-content; }
.jupyter-widgets.jupyter-button.st-square { width: var(--st-square); height: var(--st-square); margin: 0;
  padding: 0; font-size: calc(var(--st-square) * 0.4); font-weight: 800; border-radius: 6px;
  border: 2px solid #4a3d2e; background: #efe3c4; color: #1a1a1a; }
.jupyter-widgets.jupyter-button.st-square.st-piece-fire { background: #b03a2e; color: #fff; }
.jupyter-widgets.jupyter-button.st-square.st-piece-ice { background: #1f5fbf; color: #fff; }
.jupyter-widgets.jupyter-button.st-square.st-unknown { font-size: calc(var(--st-square) * 0.46); opacity: .92; }
.jupyter-widgets.jupyter-button.st-square.st-exposed { border: 3px dashed #fff; }
.jupyter-widgets.jupyter-button.st-square.st-forbidden, .jupyter-widgets.jupyter-button.st-square:disabled {
  background: repeating-linear-gradient(45deg, #3b2f2f, #3b2f2f 6px, #5b4a3e 6px, #5b4a3e 12px);
  border-color: #2a2020; opacity: 1; cursor: not-allowed; }
.jupyter-widgets.jupyter-button.st-square.st-last-move { box-shadow: inset 0 0 0 4px #2a9d8f; }
.jupyter-widgets.jupyter-button.st-square.st-target { box-shadow: inset 0 0 0 5px #f2b705; }
.jupyter-widgets.jupyter-button.st-square.st-empty.st-target { background: #ffe79a; }
.jupyter-widgets.jupyter-button.st-square.st-selected { outline: 5px solid #f2b705; outline-offset: -1px;
  z-index: 1; }
.st-coord .widget-html-content { font-size: 18px; font-weight: 700; color: #f3ead6; text-align: center;
  line-height: var(--st-square); }
.st-coord-file .widget-html-content { line-height: 22px; }
.st-last-turn .widget-html-content { background: #fff; border: 2px solid #d8d2c4; border-radius: 8px;
  padding: 4px 10px; min-height: 2.4em; }
.st-battle { font-weight: 700; }
.st-tray .gk-chip { min-width: 1.6em; }
.jupyter-widgets.jupyter-button.st-palette-piece.st-piece-fire { background: #b03a2e; color: #fff; }
.jupyter-widgets.jupyter-button.st-palette-piece.st-piece-ice { background: #1f5fbf; color: #fff; }
.jupyter-widgets.jupyter-button.st-palette-piece:disabled { background: #e4e1da; color: #9a968c; }
.jupyter-widgets.jupyter-button:disabled { opacity: .45; text-decoration: line-through; cursor: not-allowed; }
.st-tray .gk-chip.st-chip-fire { background: #b03a2e; color: #fff; }
.st-tray .gk-chip.st-chip-ice { background: #1f5fbf; color: #fff; }
"""


def load_agents() -> dict:
    """The agents a seat can be given: ``gamekit.stratego.agents.AGENTS`` (name -> class), imported
    only when a board needs it."""
    from .agents import AGENTS

    return dict(AGENTS)


def target_of(action: Action) -> str:
    """The square a player clicks to choose ``action``: the attacked piece, or where it goes (the
    landing square of a flight, the step of a fury, the piece a detect, charm or arrow aims at)."""
    return action.attack or action.dst


class StrategoBoard(widgets.VBox):
    """A playable Stratego board for ``state`` (default: a new game from ``mode``, ``board``,
    ``seed`` and further ``new_game`` ``options``).

    ``seats`` gives each side's kind, ``"human"`` or an agent name from ``agents`` (default:
    ``gamekit.stratego.agents.AGENTS``): two humans play hot-seat, one human plays the agent.
    ``names`` names the players (default: the sides, Fire and Ice); the next game's panel has a
    box for each name. ``seed`` starts the board's series of games (later games get seeds derived
    from it).

    From Python: ``click(square)`` and ``choose_power(kind)`` do what clicks do, ``choose(text)``
    plays an action by its text, ``reveal()`` is the screen step's button, ``play_move()`` and
    ``play_to_end()`` move a game between agents, ``new_game()`` starts again, ``summary()``
    describes what is shown. ``board.table`` is the game's :class:`~gamekit.core.Table`.
    """

    button_width = "140px"

    def __init__(self, state: StrategoState | None = None, *, mode: str = "classic",
                 board: str = "fire-and-ice", seats=None, names=None, seed: int | None = None,
                 options: dict | None = None, agents: dict | None = None, presentation: bool = False):
        self.agents = dict(agents) if agents is not None else load_agents()
        seats = check_seats(seats or [HUMAN, HUMAN], 2, self.agents)
        spec = state.spec if state is not None else board_spec(board)
        self._series_seed = seed
        self._games = 0
        self._shuffles = 0
        self._last_setups: list[str] = []
        self._build_widgets(spec, state.mode if state else mode,
                            state.captured_mode if state else (options or {}).get("captured", "open"), seats, names)
        self._spec = spec
        self._build_grid()  # once: every game of this board is on the same board preset
        super().__init__(self._layout())
        self.add_class("gk-board")
        self.add_class("st-board")
        if spec.name == "original":
            self.add_class("st-original")
        self.presentation = presentation
        self._begin(self._open_table(state, seats, names, seed, {"mode": mode, "board": spec.name, **(options or {})}))

    # --- widgets -------------------------------------------------------------------------------
    def _build_widgets(self, spec, mode: str, captured: str, seats, names) -> None:
        self.status = StatusArea()
        self.status.add_class("st-status")
        self.header = _html("st-header")
        self.present_toggle = widgets.ToggleButton(description="Presentation size", icon="expand",
                                                   layout=widgets.Layout(width="auto"))
        self.present_toggle.add_class("st-present-toggle")
        self.present_toggle.observe(lambda change: self._set_presentation(change["new"]), "value")
        self.grid = widgets.GridBox(layout=widgets.Layout())
        self.grid.add_class("st-grid")
        self.powers_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.powers_row.add_class("st-powers")
        self.choices_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices_row.add_class("st-choices")
        self.pass_screen = PassScreen()
        self.last_turn = _html("st-last-turn")
        self.trays = _html("st-trays")
        self.result_view = _html("st-result")
        self.log_panel = LogPanel("Moves", max_shown=200)
        self.log_panel.add_class("st-log")
        self.play_move_button = self._button("Play a move", "st-play-move", self.play_move)
        self.play_all_button = self._button("Play to the end", "st-play-all", self.play_to_end)
        self.mode_picker = _dropdown(MODES, mode, "Mode", "st-mode")
        self.captured_picker = _dropdown(CAPTURED_MODES, captured, "Captured", "st-captured-mode")
        self.seat_picker = SeatPicker(list(self.agents), seats, max_seats=2, names=list(spec.sides))
        self.name_boxes = [widgets.Text(value=(list(names or []) + ["", ""])[side], placeholder="a name",
                                        description=f"{spec.sides[side]}'s player",
                                        layout=widgets.Layout(width="260px"), style={"description_width": "100px"})
                           for side in (0, 1)]
        for box, css in zip(self.name_boxes, ("st-name-fire", "st-name-ice")):
            box.add_class(css)
        self.setup_boxes = [widgets.Textarea(placeholder=f"{side}'s set-up ({spec.setup_rows} lines); "
                                                         "empty: a random one",
                                             layout=widgets.Layout(width="420px", height="90px"))
                            for side in spec.sides]
        for box, css in zip(self.setup_boxes, ("st-setup-fire", "st-setup-ice")):
            box.add_class(css)
        self.random_setups_button = self._button("Random set-ups", "st-setup-random", self.randomise_setups)
        self.check_setups_button = self._button("Check set-ups", "st-setup-check", self.check_setups)
        self.last_setups_button = self._button("Last game's set-ups", "st-setup-last", self.reuse_setups)
        self.new_game_button = self._button("New game", "st-new-game", self.new_game, style="primary")
        self.edit_buttons = [self._button(f"Place {side}'s pieces", css, lambda side=side_number: self.edit_setup(side))
                             for side_number, (side, css) in enumerate(zip(spec.sides, ("st-edit-fire", "st-edit-ice")))]
        self.power_buttons = {kind: self._small_button(label, ["st-power", f"st-power-{kind}"],
                                                       lambda kind=kind: self.choose_power(kind))
                              for kind, label in POWER_LABELS.items()}
        self.palette_buttons = {}
        for rank, _count in spec.army:
            piece = symbol(rank)
            self.palette_buttons[piece] = self._small_button(piece, ["st-palette-piece", f"st-palette-{piece}"],
                                                             lambda piece=piece: self.pick(piece))
        self.palette_row = widgets.HBox(list(self.palette_buttons.values()),
                                        layout=widgets.Layout(flex_flow="row wrap"))
        self.palette_row.add_class("st-palette")
        self.editor_title = _html("st-editor-title")
        self.editor_buttons = widgets.HBox([
            self._button("Fill the rest at random", "st-setup-fill", self.fill_setup),
            self._button("Clear", "st-setup-clear", self.clear_setup),
            self._button("Done: save as text", "st-setup-done", self.finish_setup, style="success"),
            self._button("Cancel", "st-setup-cancel", self.cancel_setup)],
            layout=widgets.Layout(flex_flow="row wrap"))

    def _layout(self) -> list:
        play = widgets.VBox([self.last_turn, self.trays, self.log_panel],
                            layout=widgets.Layout(flex="1 1 270px", min_width="260px"))
        # the actions sit beside the grid's top, so a short screen keeps both in view
        self.action_area = widgets.VBox()
        side = widgets.VBox([self.action_area, play], layout=widgets.Layout(flex="1 1 270px", min_width="260px"))
        middle = widgets.HBox([widgets.VBox([self.grid]), side], layout=widgets.Layout(flex_flow="row wrap"))
        middle.add_class("st-middle")
        setup_title = _html("gk-section-title",
                            value="Next game: mode, captured pieces, who plays each side and the set-ups")
        setup = widgets.VBox([
            setup_title, widgets.HBox([self.mode_picker, self.captured_picker, self.new_game_button],
                                      layout=widgets.Layout(flex_flow="row wrap")),
            self.seat_picker, widgets.HBox(self.name_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox(self.setup_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*self.edit_buttons, self.random_setups_button, self.check_setups_button,
                          self.last_setups_button], layout=widgets.Layout(flex_flow="row wrap"))])
        setup.add_class("st-setup")
        top = widgets.HBox([self.header, self.present_toggle],
                           layout=widgets.Layout(justify_content="space-between", flex_flow="row wrap"))
        return [theme(), _style(), top, self.status, middle, setup]

    def _button(self, label, css_class, action, style="") -> widgets.Button:
        """A big button whose click runs ``action``; a refusal or crash shows in the status line."""
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto", min_width=self.button_width))
        button.add_class(css_class)
        button.add_class("gk-big-button")
        button.on_click(self.status.guard(lambda _button: action()))
        return button

    def _small_button(self, label: str, classes, action) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto", min_width="64px"))
        for css in (*classes, "gk-big-button"):
            button.add_class(css)
        button.on_click(self.status.guard(lambda _button: action()))
        return button

    def _build_grid(self) -> None:
        """One button per square (forbidden ones disabled), framed by file letters and rank numbers."""
        spec = self._spec
        self.square_buttons: dict[str, widgets.Button] = {}
        cells = []
        for row in range(spec.height - 1, -1, -1):
            cells.append(_html("st-coord", value=str(row + 1)))
            for column in range(spec.width):
                square = row * spec.width + column
                name = spec.square_name(square)
                button = widgets.Button(description=BLANK, layout=widgets.Layout(width=SQUARE_SIZE, height=SQUARE_SIZE))
                button.add_class("st-square")
                button.add_class(f"st-square-{name}")
                if square in spec.forbidden:
                    button.add_class("st-forbidden")
                    button.disabled = True
                    button.tooltip = f"{name}: {spec.forbidden_word}"
                else:
                    button.on_click(lambda _button, name=name: self.click(name))
                self.square_buttons[name] = button
                cells.append(button)
        cells.append(_html("st-coord"))
        cells += [_html("st-coord", "st-coord-file", value="abcdefghijklmnopqrstuvwxyz"[c]) for c in range(spec.width)]
        self.grid.layout.grid_template_columns = f"28px repeat({spec.width}, {SQUARE_SIZE})"
        self.grid.children = cells

    @property
    def presentation(self) -> bool:
        """The projector size: the board grows with the window, its text at least 19 px."""
        return "st-present" in self._dom_classes

    @presentation.setter
    def presentation(self, on: bool) -> None:
        self.present_toggle.value = bool(on)
        self._set_presentation(bool(on))

    def _set_presentation(self, on: bool) -> None:
        _toggle(self, "st-present", on)

    # --- the table ------------------------------------------------------------------------------
    def _open_table(self, state, seats, names, seed, options) -> Table:
        """A table for ``state`` (or a new game dealt from ``seed`` and ``options``): each agent
        seat gets its agent class, seeded by the table from the game's seed as in ``play_match``
        (and deploying its own army when its set-up is left open)."""
        players = [None if kind == HUMAN else self.agents[kind] for kind in seats]
        names = [name for name in (names or [])]
        names = [(names[side] if side < len(names) and str(names[side]).strip() else self._spec.sides[side])
                 for side in (0, 1)]
        if state is not None:
            return Table(state, players, names=names)
        return Table("stratego", players, seed=make_rng(seed)[1], options=options, names=names)

    def _begin(self, table: Table) -> None:
        self.table = table
        self.seats = [HUMAN if seat.is_person else _kind(self.agents, seat) for seat in table.seats]
        self.names = list(table.names)
        for box, name in zip(self.name_boxes, self.names):
            box.value = "" if name in self._spec.sides else name
        self._editing: int | None = None
        self._clear_selection()
        self._last_actions: list[Action] = list(table.state.history[-1:])
        self._show(self._prompt_text())

    @property
    def state(self) -> StrategoState:
        """The game being shown (read it; play through the board or its table)."""
        return self.table.state

    @property
    def humans(self) -> list[int]:
        return list(self.table.persons)

    @property
    def hotseat(self) -> bool:
        return self.table.hotseat

    @property
    def selected(self) -> str | None:
        """The square of the selected piece, or ``None``."""
        self._check_selection()
        return self._selected

    @property
    def power(self) -> str:
        """The kind of action the selected piece is choosing targets for (``"move"`` by default)."""
        return self._power

    @property
    def pass_screen_pending(self) -> bool:
        return self.table.pass_to is not None

    @property
    def viewer(self) -> int | None:
        """Whose knowledge the grid shows: the person at the screen; ``None`` when every piece is
        shown (between agents, after the game) or none is (behind the screen step)."""
        table = self.table
        if table.state.is_terminal or not table.persons:
            return None
        return table.screen

    @property
    def grid_hidden(self) -> bool:
        return self.pass_screen_pending and self._editing is None

    def _person_to_move(self) -> int:
        """The seat of the person who may act now (a refusal saying why nobody may, otherwise)."""
        table = self.table
        if table.state.is_terminal:
            _refuse("the game is over: click New game to play again")
        if table.problem is not None:
            _refuse(f"the game waits: {table.problem}")
        seat = table.state.current_player
        if not table.seats[seat].is_person:
            _refuse(f"{self.names[seat]} is played by the agent {self.seats[seat]!r}: click Play a move")
        if table.pass_to is not None:
            _refuse(f"pass the screen to {self.names[seat]} first")
        return seat

    # --- choosing a piece and its action -------------------------------------------------------
    def _clear_selection(self) -> None:
        self._selected: str | None = None
        self._selected_at = -1  # the table's version when the piece was chosen
        self._power = "move"
        self._choices: list[Action] = []

    def _check_selection(self) -> None:
        """Forget a selection made before the game moved on (from a notebook cell, say): it would
        answer for whatever piece stands on that square now."""
        if self._selected is not None and self._selected_at != self.table.version:
            self._clear_selection()

    def _actions_of_selected(self, kind: str | None = None) -> list[Action]:
        self._check_selection()
        if self._selected is None:
            return []
        kind = kind or self._power
        return [a for a in self.state.legal_actions() if a.src == self._selected and a.kind == kind]

    def targets(self) -> list[str]:
        """The squares the selected piece can reach with the chosen power (or move)."""
        return sorted({target_of(a) for a in self._actions_of_selected()})

    def powers(self) -> list[str]:
        """The kinds of action the selected piece has now (``"move"`` first)."""
        self._check_selection()
        if self._selected is None:
            return []
        kinds = {a.kind for a in self.state.legal_actions() if a.src == self._selected}
        return [kind for kind in POWER_LABELS if kind in kinds]

    def click(self, square: str) -> bool:
        """What clicking ``square`` does: select a piece of yours, or play the selected piece's
        action onto it. ``True`` if the click was taken; otherwise the reason shows in the status
        line (``board.status.text``) and ``False`` is returned."""
        try:
            self._click(square)
        except IllegalActionError as refusal:
            self._show(f"Refused: {refusal.reason}", "error")
            return False
        return True

    def _click(self, square: str) -> None:
        if self._editing is not None:
            self._edit_click(square)
            self._redraw()
            return
        seat = self._person_to_move()
        if self._spec.square_of(square) is None:
            _refuse(f"there is no square {square!r} on this board")
        self._check_selection()
        if self._selected is None or square == self._selected:
            if square == self._selected:
                self._clear_selection()
                self._show(self._prompt_text())
            else:
                self._select(square, seat)
            return
        candidates = [a for a in self._actions_of_selected() if target_of(a) == square]
        if len(candidates) == 1:
            self._submit(candidates[0], seat, version=self._drawn_version)
        elif candidates:
            self._choices = candidates
            self._show(f"{len(candidates)} ways to reach {square}: choose one below.")
        elif self.state.owner_at(square) == seat and any(a.src == square for a in self.state.legal_actions()):
            self._select(square, seat)
        else:
            _refuse(self._why_not(square, seat))

    def _select(self, square: str, seat: int) -> None:
        owner = self.state.owner_at(square)
        if owner is None:
            _refuse(f"{square} is empty: click one of your pieces first")
        if owner != seat:
            _refuse(f"the piece on {square} is {self.names[owner]}'s: click one of yours first")
        if not any(a.src == square for a in self.state.legal_actions()):
            _refuse(f"your piece on {square} has no legal action now")
        self._clear_selection()
        self._selected, self._selected_at = square, self.table.version
        self._power = self.powers()[0]  # "move" when the piece can move, else its power
        extra = [POWER_LABELS[k] for k in self.powers() if k != "move"]
        powers = f" or use a power ({', '.join(extra)})" if extra else ""
        self._show(f"{square} selected: click a highlighted square{powers}.")

    def _why_not(self, square: str, seat: int) -> str:
        """The engine's reason why the selected piece cannot act on ``square`` this way."""
        action = self.state.action_to(self._selected, square, self._power)
        return self.state.why_illegal(action, seat) or f"choose {action} with its button"

    def choose_power(self, kind: str) -> bool:
        """Choose which of the selected piece's actions the next click aims (``"move"``,
        ``"flight"``, ...), as the power buttons do."""
        try:
            self._person_to_move()
            if self.selected is None:
                _refuse("select one of your pieces first")
            if kind not in self.powers():
                have = ", ".join(self.powers())
                _refuse(f"the piece on {self._selected} cannot use {kind!r} now (it can: {have})")
            self._power, self._choices = kind, []
            self._show(f"{POWER_LABELS[kind]} from {self._selected}: click a highlighted square.")
        except IllegalActionError as refusal:
            self._show(f"Refused: {refusal.reason}", "error")
            return False
        return True

    def choose(self, action) -> bool:
        """Play ``action`` (an :class:`Action` or its text, ``"b2-b3"``) for the person to move, as
        the clicks would. ``True`` if it was played; otherwise the reason shows in the status line."""
        try:
            self._submit(action, self._person_to_move())
        except IllegalActionError as refusal:
            self._show(f"Refused: {refusal.reason}", "error")
            return False
        return True

    def _submit(self, action, seat: int, version: int | None = None) -> None:
        """Send ``action`` to the table; a click carries the ``version`` of the board it was made
        on, so a click on a board the game has left behind is refused instead of misread."""
        table = self.table
        mark = len(table.state.history)
        try:
            table.submit(action, seat, version=version)
        except StaleViewError:
            self._clear_selection()
            _refuse("the game moved on since the board was drawn: look again and choose")
        # after a person's move both it and the reply stay marked
        self._last_actions = list(table.state.history[mark:])
        self._clear_selection()
        self._show(self._after_turn_text(seat), "success" if table.state.is_terminal else "info")

    def _after_turn_text(self, seat: int) -> str:
        """What just happened (as the mover may know it) when the screen changes hands."""
        if not self.hotseat or self.state.is_terminal:
            return self._prompt_text()
        public = " ".join(self.state.log[-1].public)
        return f"{self.names[seat]} played: {public} {self._prompt_text()}"

    def reveal(self) -> None:
        """The screen step's button: the player to move is at the screen."""
        if not self.pass_screen_pending:
            _refuse("there is nothing behind the screen now")
        self.table.take_screen(self.table.pass_to)
        self._show(self._prompt_text())

    def play_move(self) -> None:
        """Play one move between agents (refused while a person is to move)."""
        table = self.table
        if table.state.is_terminal:
            _refuse("the game is over: click New game to play again")
        seat = table.state.current_player
        if table.seats[seat].is_person:
            _refuse(f"{self.names[seat]} is a human seat: click a piece, then a square")
        table.advance(max_steps=1)
        self._last_actions = list(table.state.history[-1:])
        self._show(self._prompt_text(), "success" if table.state.is_terminal else "info")

    def play_to_end(self) -> None:
        """Play the agents' moves until the game ends (the table pauses a game that never does)."""
        if self.humans:
            _refuse("a human plays here: the agents only move in turn")
        self.table.advance()
        self._last_actions = list(self.state.history[-1:])
        self._show(self._prompt_text(), "success" if self.state.is_terminal else "info")

    def new_game(self, mode: str | None = None, seats=None, seed: int | None = None, setups=None) -> None:
        """Start again with the next game's panel (mode, captured pieces, seats, names, set-up
        texts) unless told otherwise; the seed is the next of the board's series. The set-up boxes
        are emptied once the game starts: each army is a secret until the game is over."""
        seats = check_seats(seats if seats is not None else self.seat_picker.seats, 2, self.agents)
        mode = mode or self.mode_picker.value
        if setups is None:
            setups = [box.value if box.value.strip() else None for box in self.setup_boxes]
        self._games += 1
        if seed is None and self._series_seed is not None:
            seed = derive_seed(self._series_seed, "game", self._games)
        keep = {k: v for k, v in self.state.options.items()
                if k not in ("mode", "board", "setups", "position", "to_move", "captured")}
        options = {**keep, "mode": mode, "board": self._spec.name, "setups": setups,
                   "captured": self.captured_picker.value}
        try:
            table = self._open_table(None, seats, [box.value.strip() for box in self.name_boxes], seed, options)
        except ValueError as problem:
            self._games -= 1
            _refuse(f"the game cannot start: {problem}")
        self.mode_picker.value = mode
        self.seat_picker.seats = seats
        self._last_setups = list(table.state.setups)
        for box in self.setup_boxes:
            box.value = ""
        self._begin(table)

    def randomise_setups(self) -> None:
        """Fill both set-up boxes with shuffled legal set-ups (seeded from the board's series)."""
        base = self._series_seed if self._series_seed is not None else self.state.seed
        self._shuffles += 1
        for side, box in enumerate(self.setup_boxes):
            box.value = random_setup(self._spec.name, side, seed=derive_seed(base, "setup", side, self._shuffles))
        self._show("Random set-ups filled in: edit them, check them, then click New game.")

    def reuse_setups(self) -> None:
        """Fill the boxes with the set-ups the last game began with, once nobody's army is secret."""
        if not self._last_setups:
            _refuse("no game of this board began from set-ups yet")
        if self.humans and not self.state.is_terminal:
            _refuse("the armies stay secret until the game is over")
        for box, text in zip(self.setup_boxes, self._last_setups):
            box.value = text
        self._show("The last game's set-ups are in the boxes: click New game to play them again.")

    def check_setups(self) -> bool:
        """Check the set-up texts with the engine; tidy them if legal, show what is wrong if not."""
        problems = []
        for side, box in enumerate(self.setup_boxes):
            if not box.value.strip():
                continue
            try:
                box.value = validate_setup(box.value, side, self._spec.name)
            except ValueError as problem:
                problems.append(str(problem))
        if problems:
            self.status.error("Refused: " + " | ".join(problems))
            return False
        self.status.success("The set-ups are legal (empty boxes get random set-ups).")
        return True

    # --- the set-up editor ---------------------------------------------------------------------
    @property
    def editing(self) -> int | None:
        """The side whose set-up is being placed on the grid, or ``None``."""
        return self._editing

    def edit_setup(self, side: int) -> None:
        """Show ``side``'s set-up rows on the grid, to place pieces by clicking: choose a piece
        below the grid, then click a square. Starts from the text in the side's box if it is a
        set-up, else from empty rows."""
        spec = self._spec
        if side not in (0, 1):
            _refuse(f"side is 0 ({spec.sides[0]}) or 1 ({spec.sides[1]}), not {side!r}")
        self._editing, self._draft, self._pick = side, {}, None
        self._clear_selection()
        text = self.setup_boxes[side].value
        message = f"Placing {spec.sides[side]}'s pieces: choose a piece below, then click a square of its rows."
        if text.strip():
            try:
                ranks = parse_setup(text, side, spec)
            except ValueError as problem:
                message = f"The text in {spec.sides[side]}'s box is not a set-up ({problem}): starting empty."
            else:
                self._draft = {spec.square_name(s): r for s, r in zip(spec.zone(side), ranks)}
        self.status.info(message)
        self._redraw()

    def _zone_names(self) -> list[str]:
        spec = self._spec
        return [spec.square_name(s) for s in spec.zone(self._editing)]

    def pieces_left(self) -> dict[str, int]:
        """``{rank symbol: how many are still to place}`` for the set-up being edited."""
        placed = list(self._draft.values())
        return {symbol(rank): count - placed.count(rank) for rank, count in self._spec.army}

    def pick(self, piece: str) -> None:
        """Choose the piece (a rank symbol: ``"10"``, ``"S"``, ``"T"``, ``"F"``) the next click places."""
        self._check_editing()
        left = self.pieces_left()
        if piece not in left:
            _refuse(f"{piece!r} is not a piece of this army: choose one of {' '.join(left)}")
        if left[piece] == 0:
            _refuse(f"every {self._piece_name(piece)} is already placed")
        self._pick = piece
        self.status.info(f"{self._piece_name(piece)} ({piece}): click an empty square of the set-up rows.")
        self._redraw()

    def _piece_name(self, piece: str) -> str:
        return self._spec.piece_name(RANK_OF_SYMBOL[piece], self._editing)

    def _check_editing(self) -> None:
        if self._editing is None:
            _refuse("no set-up is being edited: click Place Fire's pieces or Place Ice's pieces")

    def _edit_click(self, square: str) -> None:
        spec, side = self._spec, self._editing
        if square not in self._zone_names():
            rows = spec.zone(side)
            first, last = rows[0] // spec.width + 1, rows[-1] // spec.width + 1
            _refuse(f"{square} is not in {spec.sides[side]}'s set-up rows ({first} to {last})")
        if square in self._draft:  # take the piece back; it is the next one to place
            self._pick = symbol(self._draft.pop(square))
            self.status.info(f"Took the {self._piece_name(self._pick)} back from {square}: click where it goes.")
            return
        if self._pick is None:
            _refuse("choose a piece below the grid first")
        self._draft[square] = RANK_OF_SYMBOL[self._pick]
        placed = self._pick
        if self.pieces_left()[self._pick] == 0:
            self._pick = None
        left = sum(self.pieces_left().values())
        self.status.info(f"{self._piece_name(placed)} on {square}; {left} pieces still to place.")

    def fill_setup(self) -> None:
        """Put the pieces still to place on the empty squares, shuffled (seeded by the board)."""
        self._check_editing()
        empty = [name for name in self._zone_names() if name not in self._draft]
        rest = [RANK_OF_SYMBOL[p] for p, n in self.pieces_left().items() for _ in range(n)]
        self._shuffles += 1
        base = self._series_seed if self._series_seed is not None else self.state.seed
        random.Random(derive_seed(base, "fill", self._editing, self._shuffles)).shuffle(rest)
        self._draft.update(zip(empty, rest))
        self._pick = None
        self.status.info("The rest are placed at random: move pieces by clicking them, or click Done.")
        self._redraw()

    def clear_setup(self) -> None:
        """Take every piece off the set-up rows."""
        self._check_editing()
        self._draft, self._pick = {}, None
        self.status.info("The set-up rows are empty: choose a piece, then click a square.")
        self._redraw()

    def finish_setup(self) -> None:
        """Save the placed set-up as text in its box (the engine checks it) and leave the editor."""
        self._check_editing()
        spec, side = self._spec, self._editing
        missing = {p: n for p, n in self.pieces_left().items() if n}
        if missing:
            _refuse("place every piece first (or Fill the rest at random): still to place "
                    + ", ".join(f"{n}×{p}" for p, n in missing.items()))
        text = format_setup(spec, side, [self._draft[name] for name in self._zone_names()])
        self.setup_boxes[side].value = validate_setup(text, side, spec.name)
        self._editing = None
        self.status.success(f"{spec.sides[side]}'s set-up is saved in its box: click New game to play it.")
        self._redraw()

    def cancel_setup(self) -> None:
        """Leave the editor without saving."""
        self._check_editing()
        self._editing = None
        self.status.info(self._prompt_text())
        self._redraw()

    def _editor_children(self) -> list:
        spec, side = self._spec, self._editing
        for piece, left in self.pieces_left().items():
            button = self.palette_buttons[piece]
            button.description = f"{piece} ×{left}"
            button.tooltip = self._piece_name(piece)
            button.disabled = left == 0
            _toggle(button, "gk-selected", piece == self._pick)
            for number, css in enumerate(SIDE_CLASSES):
                _toggle(button, css, number == side)
        self.editor_title.value = (f'<span class="gk-title {SIDE_TEXT[side]}">{escape(spec.sides[side])}'
                                   f"'s set-up</span> <span class=\"gk-muted\">choose a piece, click a square; "
                                   "click a placed piece to take it back</span>")
        return [self.editor_title, self.palette_row, self.editor_buttons]

    # --- drawing -------------------------------------------------------------------------------
    def _show(self, text: str, kind: str = "info") -> None:
        """Say ``text`` in the status line and draw the board again."""
        self.status.show(text, kind)
        self._redraw()

    def _redraw(self) -> None:
        table = self.table
        if table.problem is not None and self.status.kind != "error":
            self.status.error(f"The game waits: {table.problem}")
        self._drawn_version = table.version
        self._draw_squares()
        self.grid.layout.display = "none" if self.grid_hidden else None
        self.action_area.children = self._action_children()
        self.last_turn.value = self._last_turn_html()
        self.trays.value = self._trays_html()
        self.trays.layout.display = "none" if self.grid_hidden else None
        self.log_panel.clear()
        self.log_panel.extend(self._log_entries())
        self.header.value = self._header_html()  # last: its move count tells a page the rest is drawn

    def _square_views(self) -> dict[str, tuple[str, int, bool, bool]]:
        """``{square: (label, owner, unknown, exposed)}`` for the pieces the viewer may see."""
        state, viewer = self.state, self.viewer
        if self._editing is not None:
            return {name: (symbol(rank), self._editing, False, False) for name, rank in self._draft.items()}
        if self.grid_hidden:
            return {}
        if viewer is None:  # between agents and after the game: every piece
            return {view.square: (state.piece_at(view.square)[1:], view.owner, False, False)
                    for view in state.public_observation().pieces}
        return {view.square: (view.rank or "?", view.owner, view.rank is None,
                              view.exposed and view.owner == viewer)
                for view in state.observation(viewer).pieces}

    def _draw_squares(self) -> None:
        views = self._square_views()
        targets = set(self.targets())
        last = {sq for a in self._last_actions for sq in (a.src, a.dst, a.attack) if sq}
        if self._editing is not None:  # the set-up rows light up where a piece can go
            targets = {n for n in self._zone_names() if n not in self._draft} if self._pick else set()
            last = set()
        if self.grid_hidden:
            last = set()
        for name, button in self.square_buttons.items():
            if button.disabled:
                continue
            label, owner, unknown, exposed = views.get(name, ("", None, False, False))
            button.description = label or BLANK
            button.tooltip = self._tooltip(name, label, owner)
            _toggle(button, "st-empty", owner is None)
            for side, css in enumerate(SIDE_CLASSES):
                _toggle(button, css, owner == side)
            _toggle(button, "st-unknown", unknown)
            _toggle(button, "st-exposed", exposed)
            _toggle(button, "st-selected", name == self._selected)
            _toggle(button, "st-target", name in targets)
            _toggle(button, "st-last-move", name in last)

    def _tooltip(self, square: str, label: str, owner: int | None) -> str:
        if owner is None:
            return square
        side = self.names[owner]
        if label in RANK_OF_SYMBOL:
            return f"{square}: {side}'s {self._spec.piece_name(RANK_OF_SYMBOL[label], owner)} ({label})"
        return f"{square}: {side}'s piece (rank unknown)"

    def _action_children(self) -> list:
        table = self.table
        if self._editing is not None:
            return self._editor_children()
        if table.state.is_terminal:
            outcome = table.state.outcome()
            winners = " and ".join(self.names[p] for p in outcome.winners) if not _is_draw(outcome) else ""
            verdict = f"{escape(winners)} {'wins' if len(outcome.winners) == 1 else ''}" if winners else "a draw"
            self.result_view.value = (f'<div class="gk-title">Game over: {verdict}</div>'
                                      f'<div>{escape(outcome.reason)}</div>'
                                      f'<div class="gk-muted">after {self.state.moves} moves; every piece is shown</div>')
            return [self.result_view]
        seat = table.state.current_player
        if not table.seats[seat].is_person:
            return [widgets.HBox([self.play_move_button, self.play_all_button])] if not table.persons else []
        if self.pass_screen_pending:
            self.pass_screen.ask(self.names[seat], self.status.guard(self.reveal), colour_class=SIDE_TEXT[seat])
            other = self.names[1 - seat]
            self.pass_screen.message.value = (
                f'<div class="gk-title">Pass the screen to '
                f'<span class="{SIDE_TEXT[seat]}">{escape(self.names[seat])}</span></div>'
                f'<div class="gk-muted">{escape(other)}, look away: '
                f'{escape(self.names[seat])}\'s pieces are about to be shown.</div>')
            self.pass_screen.button.description = f"I am {self.names[seat]}: show my pieces"
            return [self.pass_screen]
        children = []
        kinds = self.powers()
        if kinds and kinds != ["move"]:
            for kind in kinds:
                button = self.power_buttons[kind]
                _toggle(button, "gk-selected", kind == self._power)
                button.button_style = "warning" if kind == self._power else ""
            self.powers_row.children = [self.power_buttons[kind] for kind in kinds]
            children.append(self.powers_row)
        self.choices_row.children = []
        if self._choices:
            buttons = []
            for action in self._choices:
                button = widgets.Button(description=str(action), layout=widgets.Layout(width="auto"))
                button.add_class("st-choice")
                button.add_class("gk-big-button")
                button.on_click(lambda _b, action=action: self.choose(action))
                buttons.append(button)
            self.choices_row.children = buttons
            children.append(self.choices_row)
        return children

    def _header_html(self) -> str:
        state = self.state
        title = "Stratego Fire &amp; Ice" if self._spec.name == "fire-and-ice" else "Original Stratego"
        seats = " vs ".join(f'<span class="{SIDE_TEXT[p]}"><b>{escape(self.names[p])}</b></span> '
                            f'<span class="gk-muted">({escape(self._seat_label(p))})</span>' for p in (0, 1))
        turn = "game over" if state.is_terminal else f"{escape(self.names[state.current_player])} to move"
        return (f'<span class="gk-title">{title}</span> &nbsp; <b>{escape(state.mode)}</b> &nbsp; {seats}'
                f'<br><span class="st-to-move" data-to-move="{state.current_player}"><b>{turn}</b></span> &nbsp; '
                f'<span class="st-moves" data-moves="{state.moves}">move {state.moves}</span> &nbsp; '
                f'<span class="gk-muted st-seed" data-seed="{state.seed}">game seed {state.seed}</span>')

    def _seat_label(self, seat: int) -> str:
        side = self._spec.sides[seat]
        kind = "a person" if self.seats[seat] == HUMAN else f"the {self.seats[seat]} agent"
        return f"{side}, {kind}" if self.names[seat] != side else kind

    def _turn_lines(self) -> list[str]:
        """The last turns (up to two: yours and the reply) as the viewer may know them."""
        state = self.state
        return state.log_lines(self.viewer, start=max(0, len(state.history) - 2))

    def _last_turn_html(self) -> str:
        lines = self._turn_lines()
        if not lines:
            return '<div class="gk-section-title">Last turns</div><div class="gk-muted">No move yet.</div>'
        items = []
        for text in lines:
            fight = any(word in text for word in (" wins", "fall", "removed", "joins", "It is", "detects", "stands"))
            items.append(f'<div class="{"st-battle" if fight else ""}">{escape(text, quote=False)}</div>')
        return '<div class="gk-section-title">Last turns</div>' + "".join(items)

    def _trays_html(self) -> str:
        state, viewer = self.state, self.viewer
        everything = viewer is None and not self.grid_hidden  # between agents, after the game
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        parts = []
        for side, tray in enumerate(observation.captured):
            labels = [_rank_symbol(state, piece.id) if everything else (piece.rank or "?") for piece in tray]
            chips = "".join(f'<span class="gk-chip st-captured st-chip-{("fire", "ice")[side]}">'
                            f"{escape(label)}</span>" for label in labels) or '<span class="gk-muted">none</span>'
            parts.append(f'<div class="st-tray st-tray-{("fire", "ice")[side]}">'
                         f'<b>{escape(self.names[side])} has lost:</b> {chips}</div>')
        note = f'<div class="gk-muted">captured pieces: {escape(state.captured_mode)}</div>'
        return "".join(parts) + note

    def _log_entries(self) -> list[tuple[str, str]]:
        """The table's log as the viewer may read it (the public log behind the screen step)."""
        return [(line, escape(line, quote=False)) for line in self.table.log(self.viewer)]

    # --- text ----------------------------------------------------------------------------------
    def _prompt_text(self) -> str:
        state = self.state
        if state.is_terminal:
            return f"Game over: {state.outcome().reason}."
        seat = state.current_player
        name = self.names[seat]
        if not self.table.seats[seat].is_person:
            return f"{name} is played by the agent {self.seats[seat]!r}: click Play a move."
        if self.pass_screen_pending:
            return f"Pass the screen to {name}."
        return f"{name} to move: click one of your pieces, then a highlighted square."

    def summary(self) -> str:
        """What the board shows, as text (what the viewer may not know stays hidden)."""
        state, viewer = self.state, self.viewer
        where = "game over" if state.is_terminal else f"{self.names[state.current_player]} to move"
        lines = [f"Stratego {self._spec.name} ({state.mode}), move {state.moves}: {where} (game seed {state.seed})",
                 f"Seats: {self.names[0]} {self.seats[0]}, {self.names[1]} {self.seats[1]}"]
        if self._editing is not None:
            side = self._editing
            left = " ".join(f"{n}×{p}" for p, n in self.pieces_left().items() if n) or "nothing"
            lines.append(f"Placing {self._spec.sides[side]}'s set-up (to place: {left}; "
                         f"chosen: {self._pick or '-'}):")
            names = self._zone_names()
            width = self._spec.width
            rows = [names[i:i + width] for i in range(0, len(names), width)]
            for row in reversed(rows):
                lines.append(" ".join(f"{symbol(self._draft[n]) if n in self._draft else '.':<3}"
                                      for n in row).rstrip())
        elif self.grid_hidden:
            lines.append(f"(the board is hidden: pass the screen to {self.names[state.current_player]})")
        elif viewer is None:
            lines.append("Every piece shown:")
            lines.append(_full_view(state))
        else:
            lines.append(f"As {self.names[viewer]} sees it:")
            lines.append(state.view(viewer))
        if self.selected:
            powers = ", ".join(self.powers())
            lines.append(f"Selected {self._selected} ({powers}); {self._power} targets: "
                         f"{' '.join(self.targets()) or '-'}")
        if self._choices:
            lines.append("Choose: " + ", ".join(map(str, self._choices)))
        lines.extend(self._turn_lines())
        if state.is_terminal:
            lines.append(f"Result: {state.outcome().reason}")
        lines.append(f"Message: {self.status.text}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = self.state
        where = "game over" if state.is_terminal else f"move {state.moves}"
        return (f"<StrategoBoard {self._spec.name} {state.mode}, {self.names[0]} {self.seats[0]} vs "
                f"{self.names[1]} {self.seats[1]}, {where}, seed {state.seed}>")


def _refuse(reason: str):
    raise IllegalActionError(reason)


def _kind(agents: dict, seat) -> str:
    """The agent name (a key of ``agents``) of a table's agent seat."""
    maker = seat.maker or type(seat.agent)
    return next((name for name, cls in agents.items() if cls is maker), getattr(seat.agent, "name", "agent"))


def _is_draw(outcome) -> bool:
    return len(outcome.winners) != 1


def _rank_symbol(state: StrategoState, pid: int) -> str:
    return symbol(state.rank[pid])


def _full_view(state: StrategoState) -> str:
    """The whole position with coordinates (every rank shown)."""
    text = state.to_ascii().splitlines()
    height = state.spec.height
    rows = [f"{height - i} | {row}" for i, row in enumerate(text)]
    rows.append("    " + "   ".join("abcdefghijklmnopqrstuvwxyz"[:state.spec.width]))
    return "\n".join(rows)


def _toggle(widget, css: str, on: bool) -> None:
    if on and css not in widget._dom_classes:
        widget.add_class(css)
    elif not on and css in widget._dom_classes:
        widget.remove_class(css)


def _dropdown(options, value, label: str, css: str) -> widgets.Dropdown:
    dropdown = widgets.Dropdown(options=list(options), value=value, description=label,
                                layout=widgets.Layout(width="210px"), style={"description_width": "70px"})
    dropdown.add_class(css)
    return dropdown


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view


_style_widget: widgets.HTML | None = None


def _style() -> widgets.HTML:
    """The board's own CSS (after the shared theme), one widget per kernel."""
    global _style_widget
    if _style_widget is None or getattr(_style_widget, "comm", None) is None:
        _style_widget = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
        _style_widget.add_class("st-style")
    return _style_widget
