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
``st-play-all``, ``st-mode``, ``st-captured-mode``, ``gk-seat-name-<p>`` (the names),
``st-setup-fire``, ``st-setup-ice``, ``st-setup-random``, ``st-setup-check``, ``st-setup-last``,
``st-new-game``, ``gk-presentation-toggle`` (and ``gk-presentation`` on the board when it is on), the
editor's ``st-edit-fire``, ``st-edit-ice``, ``st-palette-<symbol>`` (``st-palette-10``,
``st-palette-T``), ``st-setup-fill``, ``st-setup-clear``, ``st-setup-done``, ``st-setup-cancel``,
``gk-seat-<p>`` (seat pickers) and ``gk-pass-screen`` (the screen step's button).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, Table, TableView, derive_seed, kind_name, the_agent
from gamekit.ui import HUMAN, check_seats
from gamekit.ui.table_board import TableBoard
from gamekit.ui.theme import style_sheet

from gamekit.i18n import language
from gamekit.ui.log import LogPanel

from .notation import Action
from .presets import RANK_OF_SYMBOL, board_spec, symbol
from .rules import CAPTURED_MODES, MODES, StrategoState, random_setup, validate_setup
from .setup_editor import SIDE_CLASSES, SIDE_TEXT, SetupEditor
from .words import N_, Piece, _, ngettext, captured_word, capitalised, forbidden_word, mode_word, named, side_word

POWER_LABELS = {"move": N_("Move"), "swiftness": N_("Swiftness"), "flight": N_("Flight"), "fury": N_("Fury"),
                "detect": N_("Detect"), "charm": N_("Charm"), "arrow": N_("Arrow")}
# the events the Last turns panel shows in bold (fights, falls, powers), found in their English source
BATTLE_WORDS = ("attacks", "falls", "removed", "immune", "survives", "It is", "detects", "power!", "shoots")
SQUARE_SIZE = "var(--st-square, 56px)"  # the CSS shrinks it on short screens, grows it on a projector
# an empty square's label: ipywidgets 8 leaves a button's old text on the page when the new one is ""
BLANK = "\u00a0"

CSS = """
.st-board { --st-square: clamp(32px, calc((100vh - 360px) / 8.5), 56px); }
.st-board.st-original { --st-square: clamp(28px, calc((100vh - 360px) / 10.5), 56px); }
.gk-board.st-board.gk-presentation { max-width: none; --st-square: clamp(44px, calc((100vh - 240px) / 9), 104px); }
.gk-board.st-board.st-original.gk-presentation { --st-square: clamp(40px, calc((100vh - 240px) / 11), 92px); }
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
.gk-board.st-board .jupyter-widgets.jupyter-button.st-square.st-forbidden:disabled { opacity: 1; filter: none; }
.st-tray .gk-chip.st-chip-fire { background: #b03a2e; color: #fff; }
.st-tray .gk-chip.st-chip-ice { background: #1f5fbf; color: #fff; }
.st-moves-list { list-style: none; padding-left: 0; margin: 4px 0; }
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


class StrategoBoard(SetupEditor, TableBoard):
    """A playable Stratego board for ``state`` (default: a new game from ``mode``, ``board``,
    ``seed`` and further ``new_game`` ``options``).

    ``seats`` gives each side's kind, ``"human"`` or an agent name from ``agents`` (default:
    ``gamekit.stratego.agents.AGENTS``): two humans play hot-seat, one human plays the agent.
    ``names`` names the players (default: the sides, Fire and Ice; the next game's row has a box
    for each). ``seed`` starts the board's series of games.

    From Python: ``click(square)`` and ``choose_power(kind)`` do what clicks do, ``choose(text)``
    plays an action by its text, ``reveal()`` is the screen step's button, ``play_move()`` and
    ``play_to_end()`` move a game between agents, ``new_game()`` starts again, ``summary()``
    describes what is shown. ``board.table`` is the game's :class:`~gamekit.core.Table`.
    """

    game = "stratego"
    css = "st"
    max_players = 2
    log_title = N_("Moves")
    secrets = "pieces"  # the pass-the-screen step: "I am Ana: show my pieces"
    button_width = "140px"

    def __init__(self, state: StrategoState | None = None, *, mode: str = "classic",
                 board: str = "fire-and-ice", seats=None, names=None, seed: int | None = None,
                 options: dict | None = None, agents: dict | None = None, table=None,
                 seat: int | None = None, presentation: bool = False):
        shown = table.state if table is not None else state  # a table run elsewhere: its game
        self._spec = shown.spec if shown is not None else board_spec(board)
        options = {"mode": mode, "board": self._spec.name, **(options or {})}
        self._last_setups: list[str] = []
        self.reset_choice()
        self._build_game_widgets(shown.mode if shown else mode,
                                 shown.captured_mode if shown else options.get("captured", "open"))
        super().__init__(seats=seats or [HUMAN, HUMAN], names=names or [side_word(s) for s in self._spec.sides],
                         seed=seed, options=options,
                         agents=agents if agents is not None else load_agents(), state=state,
                         table=table, seat=seat, presentation=presentation)
        self.children = (_style(), *self.children, self.next_game_panel)  # Stratego's own options last
        if table is not None:  # the table's owner sets up its next game
            self.next_game_panel.layout.display = "none"
        if self._spec.name == "original":
            self.add_class("st-original")
        self.play_move_button, self.play_all_button = self.round_button, self.all_button
        self.play_move_button.add_class("st-play-move")
        self.play_all_button.add_class("st-play-all")

    # --- widgets -------------------------------------------------------------------------------
    def _build_game_widgets(self, mode: str, captured: str) -> None:
        spec = self._spec
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_template_columns=f"28px repeat({spec.width}, {SQUARE_SIZE})"))
        self.grid.add_class("st-grid")
        self.powers_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.powers_row.add_class("st-powers")
        self.choices_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices_row.add_class("st-choices")
        self.last_turn = _html("st-last-turn")
        self.trays = _html("st-trays")
        self.result_view = _html("st-result")
        self.side_panel = widgets.VBox([self.last_turn, self.trays], layout=widgets.Layout(flex="1 1 270px", min_width="260px"))
        self.middle = widgets.HBox([widgets.VBox([self.grid]), self.side_panel], layout=widgets.Layout(flex_flow="row wrap"))
        self.middle.add_class("st-middle")
        self.mode_picker = _dropdown(MODES, mode, "st-mode")
        self.captured_picker = _dropdown(CAPTURED_MODES, captured, "st-captured-mode")
        self.setup_boxes = [widgets.Textarea(layout=widgets.Layout(width="420px", height="90px")) for side in spec.sides]
        for box, css in zip(self.setup_boxes, ("st-setup-fire", "st-setup-ice")):
            box.add_class(css)
        self.power_buttons = {kind: self.small_button(label, ["st-power", f"st-power-{kind}"],
                                                      lambda kind=kind: self._choose_power(kind))
                              for kind, label in POWER_LABELS.items()}
        self._build_editor()
        self._build_grid()
        self.next_game_title = _html("gk-section-title")
        buttons = [self.game_button(side, css, lambda side=number: self.edit_setup(side))
                   for number, (side, css) in enumerate(zip(spec.sides, ("st-edit-fire", "st-edit-ice")))]
        self.edit_buttons = buttons
        self.random_setups_button = self.game_button("Random set-ups", "st-setup-random", self.randomise_setups)
        self.check_setups_button = self.game_button("Check set-ups", "st-setup-check", self.check_setups)
        self.last_setups_button = self.game_button("Last game's set-ups", "st-setup-last", self.reuse_setups)
        self._labelled_in: str | None = None
        self._label_widgets()
        self.next_game_panel = widgets.VBox([
            self.next_game_title,
            widgets.HBox([self.mode_picker, self.captured_picker], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox(self.setup_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*buttons, self.random_setups_button, self.check_setups_button, self.last_setups_button],
                         layout=widgets.Layout(flex_flow="row wrap"))])
        self.next_game_panel.add_class("st-setup")

    def _label_widgets(self) -> None:
        """Word the board's own buttons, pickers and boxes in the language in force (again when it
        changes: a label is said when it is drawn, not once for ever)."""
        if self._labelled_in == language():
            return
        self._labelled_in = language()
        spec = self._spec
        for picker, label, names in ((self.mode_picker, _("Mode"), mode_word),
                                     (self.captured_picker, _("Captured"), captured_word)):
            value = picker.value
            picker.description = label
            picker.options = [(names(option), option) for _label, option in picker.options]
            picker.value = value
        for side, box in enumerate(self.setup_boxes):
            box.placeholder = _("{side}'s set-up ({rows} lines); empty: a random one").format(
                side=side_word(spec.sides[side]), rows=spec.setup_rows)
        self.next_game_title.value = _("Next game: mode, captured pieces and the set-ups (an empty box: a random "
                                       "set-up)")
        for side, button in enumerate(self.edit_buttons):
            button.description = _("Place {side}'s pieces").format(side=side_word(spec.sides[side]))
        self.random_setups_button.description = _("Random set-ups")
        self.check_setups_button.description = _("Check set-ups")
        self.last_setups_button.description = _("Last game's set-ups")
        for kind, button in self.power_buttons.items():
            button.description = _(POWER_LABELS[kind])
        for name, button in self.square_buttons.items():
            if button.disabled:
                button.tooltip = _("{square}: {forbidden_area}").format(
                    square=name, forbidden_area=forbidden_word(spec.forbidden_word))
        self._label_editor()

    def game_button(self, label: str, css_class: str, action, *, style: str = "") -> widgets.Button:
        """A big button of the game's own rows (built before the shared frame)."""
        return self.small_button(label, [css_class], action, style=style, min_width=self.button_width)

    def small_button(self, label: str, classes, action, *, style: str = "", min_width: str = "64px") -> widgets.Button:
        """A button whose click runs ``action``; a refusal shows in the status line."""
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto", min_width=min_width))
        for css in (*classes, "gk-big-button"):
            button.add_class(css)
        button.on_click(lambda _button: self.status.guard(self._guarded)(action))
        return button

    def _guarded(self, action) -> None:
        try:
            action()
        except IllegalActionError as refusal:
            self.refuse(refusal)

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
                else:
                    button.on_click(lambda _button, name=name: self.click(name))
                self.square_buttons[name] = button
                cells.append(button)
        cells.append(_html("st-coord"))
        cells += [_html("st-coord", "st-coord-file", value="abcdefghijklmnopqrstuvwxyz"[c]) for c in range(spec.width)]
        self.grid.children = cells

    def refuse(self, refusal: IllegalActionError) -> None:
        """Show a refusal's reason in the status line."""
        self.say(_("Refused: {reason}").format(reason=refusal.reason), "error")

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status line (until the game moves on) and draw the board again."""
        self.message = (text, kind)
        self.refresh()

    # --- the table -----------------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        """Each side's kind: ``"human"`` or the agent's name."""
        return list(self.kinds)

    @property
    def humans(self) -> list[int]:
        return list(self.table.persons)

    @property
    def viewer(self) -> int | None:
        """Whose knowledge the grid shows: the person at the screen; ``None`` when every piece is
        shown (between agents, after the game) or none is (behind the screen step)."""
        if self.table.state.is_terminal or not self.table.persons:
            return None
        return super().viewer

    @property
    def grid_hidden(self) -> bool:
        return self.pass_screen_pending and self._editing is None

    @property
    def shows_everything(self) -> bool:
        """Nobody at the screen has a secret: a game between agents, or a game that is over."""
        return self.table.state.is_terminal or not self.table.persons

    def _person_to_move(self) -> int:
        """The seat of the person who may act now (a refusal saying why nobody may, otherwise)."""
        table = self.table
        if table.state.is_terminal:
            _refuse(_("the game is over: click New game to play again"))
        if table.problem is not None:
            _refuse(_("the game waits: {problem}").format(problem=table.problem))
        seat = table.state.current_player
        if not table.seats[seat].is_person:
            _refuse(_("{name} is played by the agent {agent}: click Play a round").format(
                name=self.names[seat], agent=repr(kind_name(self.kinds[seat]))))
        if table.pass_to is not None:
            _refuse(_("pass the screen to {name} first").format(name=self.names[seat]))
        return seat

    # --- choosing a piece and its action -------------------------------------------------------
    def reset_choice(self) -> None:
        self._selected: str | None = None
        self._selected_at = -1  # the table's version when the piece was chosen
        self._power = "move"
        self._choices: list[Action] = []

    def _check_selection(self) -> None:
        """Forget a selection made before the game moved on (from a notebook cell, say): it would
        answer for whatever piece stands on that square now."""
        if self._selected is not None and self._selected_at != self.table.version:
            self.reset_choice()

    @property
    def selected(self) -> str | None:
        """The square of the selected piece, or ``None``."""
        self._check_selection()
        return self._selected

    @property
    def power(self) -> str:
        """The kind of action the selected piece is choosing targets for (``"move"`` by default)."""
        return self._power

    def _actions_of_selected(self) -> list[Action]:
        if self.selected is None:
            return []
        return [a for a in self.state.legal_actions() if a.src == self._selected and a.kind == self._power]

    def targets(self) -> list[str]:
        """The squares the selected piece can reach with the chosen power (or move)."""
        return sorted({target_of(a) for a in self._actions_of_selected()})

    def powers(self) -> list[str]:
        """The kinds of action the selected piece has now (``"move"`` first)."""
        if self.selected is None:
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
            self.refuse(refusal)
            return False
        return True

    def _click(self, square: str) -> None:
        if self._editing is not None:
            self._edit_click(square)
            return
        seat = self._person_to_move()
        if self._spec.square_of(square) is None:
            _refuse(_("there is no square {square} on this board").format(square=repr(square)))
        if self.selected is None or square == self._selected:
            if square == self._selected:
                self.reset_choice()
                self.say(self.prompt(self.view))
            else:
                self._select(square, seat)
            return
        candidates = [a for a in self._actions_of_selected() if target_of(a) == square]
        if len(candidates) == 1:
            self._submit(candidates[0])
        elif candidates:
            self._choices = candidates
            self.say(_("{count} ways to reach {square}: choose one below.").format(count=len(candidates), square=square))
        elif self.state.owner_at(square) == seat and any(a.src == square for a in self.state.legal_actions()):
            self._select(square, seat)
        else:
            action = self.state.action_to(self._selected, square, self._power)
            _refuse(self.state.why_illegal(action, seat, names=self.names)
                    or _("choose {action} with its button").format(action=action))

    def _select(self, square: str, seat: int) -> None:
        owner = self.state.owner_at(square)
        if owner is None:
            _refuse(_("{square} is empty: click one of your pieces first").format(square=square))
        if owner != seat:
            _refuse(_("the piece on {square} is {name}'s: click one of yours first").format(
                square=square, name=self.names[owner]))
        if not any(a.src == square for a in self.state.legal_actions()):
            _refuse(_("your piece on {square} has no legal action now").format(square=square))
        self.reset_choice()
        self._selected, self._selected_at = square, self.table.version
        self._power = self.powers()[0]  # "move" when the piece can move, else its power
        extra = [_(POWER_LABELS[k]) for k in self.powers() if k != "move"]
        if extra:
            self.say(_("{square} selected: click a highlighted square or use a power ({powers}).").format(
                square=square, powers=", ".join(extra)))
        else:
            self.say(_("{square} selected: click a highlighted square.").format(square=square))

    def choose_power(self, kind: str) -> bool:
        """Choose which of the selected piece's actions the next click aims (``"move"``,
        ``"flight"``, ...), as the power buttons do. ``False`` (and the reason) if refused."""
        try:
            self._choose_power(kind)
        except IllegalActionError as refusal:
            self.refuse(refusal)
            return False
        return True

    def _choose_power(self, kind: str) -> None:
        self._person_to_move()
        if self.selected is None:
            _refuse(_("select one of your pieces first"))
        if kind not in self.powers():
            _refuse(_("the piece on {square} cannot use {kind} now (it can: {kinds})").format(
                square=self._selected, kind=repr(kind), kinds=", ".join(self.powers())))
        self._power, self._choices = kind, []
        self.say(_("{power} from {square}: click a highlighted square.").format(
            power=_(POWER_LABELS[kind]), square=self._selected))

    def choose(self, action) -> bool:
        """Play ``action`` (an :class:`Action` or its text, ``"b2-b3"``) for the person to move, as
        the clicks would. ``True`` if it was played; otherwise the reason shows in the status line."""
        try:
            self._person_to_move()
            self._submit(action)
        except IllegalActionError as refusal:
            self.refuse(refusal)
            return False
        return True

    def _submit(self, action) -> None:
        """Send ``action`` to the table (on the view drawn); the moves since are marked."""
        self.submit(action, self.state.current_player)

    def reveal(self) -> None:
        """The screen step's button: the player to move is at the screen."""
        if not self.pass_screen_pending:
            _refuse(_("there is nothing behind the screen now"))
        self.take_screen()

    def play_move(self) -> None:
        """Play one move between agents (the round button)."""
        self.play_round()

    # --- the next game -------------------------------------------------------------------------
    def new_game(self, mode: str | None = None, seats=None, seed: int | None = None, setups=None,
                 names=None) -> None:
        """Start again with the next game's rows (seats, names, mode, captured pieces, set-up
        texts) unless told otherwise; the seed is the next of the board's series. The set-up boxes
        are emptied once the game starts: each army is a secret until the game is over."""
        kinds = check_seats(seats if seats is not None else self.seat_picker.seats, 2, self.agents)
        if names is not None:
            self.seat_picker.names = names
        mode = mode or self.mode_picker.value
        if setups is None:
            setups = [box.value if box.value.strip() else None for box in self.setup_boxes]
        keep = {k: v for k, v in self.state.options.items() if k in ("max_moves", "quiet_moves", "back_and_forth")}
        options = {**keep, "mode": mode, "board": self._spec.name, "setups": setups,
                   "captured": self.captured_picker.value}
        seed = seed if seed is not None else (derive_seed(self.series_seed, "game", self.games + 1)
                                              if self.series_seed is not None else None)
        players = [None if kind == HUMAN else self.agents[kind] for kind in kinds]
        try:
            table = Table("stratego", players, seed=seed, options=options, names=self.seat_picker.names[:2])
        except ValueError as problem:
            _refuse(_("the game cannot start: {problem}").format(problem=problem))
        self.games += 1
        self.table, self.kinds, self.options = table, kinds, options
        self.mode_picker.value = mode
        self.seat_picker.seats = kinds
        self._last_setups = list(table.state.setups)
        for box in self.setup_boxes:
            box.value = ""
        self._editing = None
        self.message = None
        self.reset_choice()
        self.refresh()

    def randomise_setups(self) -> None:
        """Fill both set-up boxes with shuffled legal set-ups (seeded from the board's series)."""
        base = self.series_seed if self.series_seed is not None else self.state.seed
        self._shuffles += 1
        for side, box in enumerate(self.setup_boxes):
            box.value = random_setup(self._spec.name, side, seed=derive_seed(base, "setup", side, self._shuffles))
        self.say(_("Random set-ups filled in: edit them, check them, then click New game."))

    def reuse_setups(self) -> None:
        """Fill the boxes with the set-ups the last game began with, once nobody's army is secret."""
        if not self._last_setups:
            _refuse(_("no game of this board began from set-ups yet"))
        if not self.shows_everything:
            _refuse(_("the armies stay secret until the game is over"))
        for box, text in zip(self.setup_boxes, self._last_setups):
            box.value = text
        self.say(_("The last game's set-ups are in the boxes: click New game to play them again."))

    def check_setups(self) -> bool:
        """Check the set-up texts with the engine; tidy them if legal, show what is wrong if not."""
        problems = []
        for side, box in enumerate(self.setup_boxes):
            if box.value.strip():
                try:
                    box.value = validate_setup(box.value, side, self._spec.name)
                except ValueError as problem:
                    problems.append(str(problem))
        if problems:
            self.say(_("Refused: {reason}").format(reason=" | ".join(problems)), "error")
            return False
        self.say(_("The set-ups are legal (empty boxes get random set-ups)."), "success")
        return True

    # --- drawing -------------------------------------------------------------------------------
    def _build_frame(self, names) -> None:
        super()._build_frame(names)
        self.log_panel = MovesPanel(self.log_title, max_shown=60)  # numbered by the moves, once
        self.log_panel.add_class(f"{self.css}-log")

    def draw(self, view: TableView) -> list:
        self._check_selection()
        self._label_widgets()
        self.header.value = self._header_html(view)
        self._draw_squares(view)
        self.last_turn.value = self._last_turn_html(view)
        self.trays.value = self._trays_html(view)
        self.grid.layout.display = "none" if self.grid_hidden else None
        self.side_panel.layout.display = "none" if self.grid_hidden else None
        return [self.middle]

    def action_widgets(self, view: TableView) -> list:
        if self._editing is not None:
            return self._editor_children()
        if view.is_over:
            # the result said once, in the players' names: "Game over: Rui (Ice) captures Ana's Flag and wins."
            result = _("Game over: {reason}.").format(reason=view.outcome.reason.rstrip("."))
            self.result_view.value = (f'<div class="gk-title">{escape(result)}</div>'
                                      f'<div class="gk-muted">{escape(self._after_the_game())}</div>')
            return [self.result_view]
        if not view.my_turn:
            return []
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
            self.choices_row.children = [self._choice_button(action) for action in self._choices]
            children.append(self.choices_row)
        return children

    def _after_the_game(self) -> str:
        return ngettext("after {count} move; every piece is shown", "after {count} moves; every piece is shown",
                        self.state.moves).format(count=self.state.moves)

    def _choice_button(self, action: Action) -> widgets.Button:
        button = widgets.Button(description=str(action), tooltip=_path_in_words(action),
                                layout=widgets.Layout(width="auto"))
        button.add_class("st-choice")
        button.add_class("gk-big-button")
        self.on_click(button, lambda: self._submit(action))
        return button

    def prompt(self, view: TableView) -> str:
        return _("{name} to move: click one of your pieces, then a highlighted square.").format(name=view.name)

    def _square_views(self, view: TableView) -> dict[str, tuple[str, int, bool, bool]]:
        """``{square: (label, owner, unknown, exposed)}`` for the pieces the viewer may see."""
        if self._editing is not None:
            return self._draft_views()
        if self.grid_hidden:
            return {}
        if self.shows_everything:  # between agents and after the game: every piece
            return {piece.square: (self.state.piece_at(piece.square)[1:], piece.owner, False, False)
                    for piece in self.state.public_observation().pieces}
        return {piece.square: (piece.rank or "?", piece.owner, piece.rank is None, piece.exposed and piece.owner == view.seat)
                for piece in view.observation.pieces}

    def _draw_squares(self, view: TableView) -> None:
        views = self._square_views(view)
        targets = set(self.targets())
        last = {sq for a in self._last_actions() for sq in (a.src, a.dst, a.attack) if sq}
        if self._editing is not None:
            targets, last = self._draft_targets(), set()
        pieces: dict = {}  # (owner, label) -> the piece in words, worked out once a drawing
        for name, button in self.square_buttons.items():
            if button.disabled:
                continue
            label, owner, unknown, exposed = views.get(name, ("", None, False, False))
            button.description = label or BLANK
            button.tooltip = self._tooltip(name, label, owner, pieces)
            _set_classes(button, {"st-empty": owner is None, SIDE_CLASSES[0]: owner == 0, SIDE_CLASSES[1]: owner == 1,
                                  "st-unknown": unknown, "st-exposed": exposed, "st-selected": name == self._selected,
                                  "st-target": name in targets, "st-last-move": name in last and not self.grid_hidden})

    def _last_actions(self) -> list[Action]:
        """The moves marked on the grid: against an agent your move and its reply, else the last."""
        mixed = 0 < len(self.table.persons) < 2
        return list(self.state.history[-2:] if mixed else self.state.history[-1:])

    def _piece_words(self, owner: int, label: str | None = None) -> str:
        """ "Ana's Dragon (10)" / "o Dragão de Ana (10)", or "Ana's piece" for an unknown rank."""
        side = self._spec.sides[owner]
        if label in RANK_OF_SYMBOL:
            piece = Piece(owner, side, self._spec.piece_key(RANK_OF_SYMBOL[label], owner), label)
        else:
            piece = Piece(owner, side)
        return piece.say(named(self.names, self._spec.sides))

    def _tooltip(self, square: str, label: str, owner: int | None, pieces: dict | None = None) -> str:
        """ "a3: Fire's Dragon (10)"; ``pieces`` keeps each piece's words for the rest of a drawing."""
        if owner is None:
            return square
        pieces = {} if pieces is None else pieces
        key = (owner, label if label in RANK_OF_SYMBOL else None)
        if key not in pieces:
            if key[1] is not None:
                pieces[key] = _("{square}: {piece}").replace("{piece}", self._piece_words(owner, label))
            else:
                pieces[key] = _("{square}: {piece} (rank unknown)").replace("{piece}", self._piece_words(owner))
        return pieces[key].replace("{square}", square)

    def _title(self) -> str:
        return _("Stratego Fire & Ice") if self._spec.name == "fire-and-ice" else _("Original Stratego")

    def _where(self, view: TableView | None = None) -> str:
        state = self.state
        if state.is_terminal:
            return _("game over")
        return _("{name} to move").format(name=self.names[state.current_player])

    def _header_html(self, view: TableView) -> str:
        state = self.state
        moves, seed = _("move {number}").format(number=state.moves), _("game seed {seed}").format(seed=state.seed)
        seats = _(" vs ").join(f'<span class="{SIDE_TEXT[p]}"><b>{escape(self.names[p])}</b></span> '
                               f'<span class="gk-muted">({escape(self._seat_label(p))})</span>' for p in (0, 1))
        return (f'<span class="gk-title">{escape(self._title())}</span> &nbsp; <b>{escape(mode_word(state.mode))}</b>'
                f' &nbsp; {seats}'
                f'<br><span class="st-to-move" data-to-move="{state.current_player}"><b>{escape(self._where())}</b>'
                f'</span> &nbsp; <span class="st-moves" data-moves="{state.moves}">'
                f'{escape(moves)}</span> &nbsp; '
                f'<span class="gk-muted st-seed" data-seed="{state.seed}">'
                f'{escape(seed)}</span>')

    def _seat_label(self, seat: int) -> str:
        side = side_word(self._spec.sides[seat])
        kind = _("a person") if self.kinds[seat] == HUMAN else the_agent(self.kinds[seat])
        return _("{side}, {kind}").format(side=side, kind=kind) if self.names[seat] != side else kind

    def _turn_lines(self) -> list[tuple[str, bool]]:
        """The last turns (up to two: yours and the reply) as the viewer may know them, each with
        whether it tells of a fight or a power."""
        state, viewer = self.state, self.viewer
        names = named(self.names, self._spec.sides)
        lines = []
        for entry in state.log[max(0, len(state.history) - 2):]:
            private = entry.secrets[viewer] if viewer is not None else ()
            for event in entry.events + private:
                fight = any(word in event.text for word in BATTLE_WORDS)
                lines.append((f"{entry.turn}. {capitalised(event.say(names))}", fight))
        return lines

    def _last_turn_html(self, view: TableView) -> str:
        title, nothing = _("Last turns"), _("No move yet.")
        title = f'<div class="gk-section-title">{escape(title)}</div>'
        lines = self._turn_lines()
        if not lines:
            return title + f'<div class="gk-muted">{escape(nothing)}</div>'
        items = [f'<div class="{"st-battle" if fight else ""}">{escape(text, quote=False)}</div>'
                 for text, fight in lines]
        return title + "".join(items)

    def _trays_html(self, view: TableView) -> str:
        state = self.state
        observation = view.observation if view.observation is not None else state.public_observation()
        parts, none = [], _("none")
        for side, tray in enumerate(observation.captured):
            labels = [symbol(state.rank[piece.id]) if self.shows_everything else (piece.rank or "?") for piece in tray]
            chips = "".join(f'<span class="gk-chip st-captured st-chip-{("fire", "ice")[side]}">'
                            f"{escape(label)}</span>" for label in labels) or \
                f'<span class="gk-muted">{escape(none)}</span>'
            lost = _("{name} has lost:").format(name=self.names[side])
            parts.append(f'<div class="st-tray st-tray-{("fire", "ice")[side]}"><b>{escape(lost)}</b> {chips}</div>')
        mode = _("captured pieces: {mode}").format(mode=captured_word(state.captured_mode))
        return "".join(parts) + f'<div class="gk-muted">{escape(mode)}</div>'

    # --- text ----------------------------------------------------------------------------------
    def summary(self) -> str:
        """What the board shows, as text (what the viewer may not know stays hidden)."""
        state, viewer = self.state, self.viewer
        lines = [_("Stratego {board} ({mode}), move {number}: {where} (game seed {seed})").format(
                     board=self._spec.name, mode=state.mode, number=state.moves, where=self._where(),
                     seed=state.seed),
                 _("Seats: {first} {first_kind}, {second} {second_kind}").format(
                     first=self.names[0], first_kind=self._kind_word(0), second=self.names[1],
                     second_kind=self._kind_word(1))]
        if self._editing is not None:
            lines += self._draft_summary()
        elif self.grid_hidden:
            lines.append(_("(the board is hidden: pass the screen to {name})").format(
                name=self.names[state.current_player]))
        elif self.shows_everything:
            lines += [_("Every piece shown:"), _full_view(state)]
        else:
            lines += [_("As {name} sees it:").format(name=self.names[viewer]), state.view(viewer)]
        if self.selected:
            lines.append(_("Selected {square} ({kinds}); {power} targets: {targets}").format(
                square=self._selected, kinds=", ".join(self.powers()), power=self._power,
                targets=" ".join(self.targets()) or "-"))
        if self._choices:
            lines.append(_("Choose: {actions}").format(actions=", ".join(map(str, self._choices))))
        lines.extend(text for text, _fight in self._turn_lines())
        if state.is_terminal:
            lines.append(_("Result: {reason}").format(reason=state.outcome(self.names).reason))
        lines.append(_("Message: {text}").format(text=self.status.text))
        return "\n".join(lines)

    def _kind_word(self, seat: int) -> str:
        return kind_name(self.kinds[seat])

    def __repr__(self) -> str:
        state = self.state
        where = "game over" if state.is_terminal else f"move {state.moves}"
        return (f"<StrategoBoard {self._spec.name} {state.mode}, {self.names[0]} {self.kinds[0]} vs "
                f"{self.names[1]} {self.kinds[1]}, {where}, seed {state.seed}>")


class MovesPanel(LogPanel):
    """The Moves panel: each line carries its move's number already ("3. Fire moves a3-a4"; a fury
    has several lines of one move), so the list adds none of its own, and its title is said in
    the language in force."""

    def _redraw(self) -> None:
        head = f'<div class="gk-section-title">{escape(_(self.title))}</div>' if self.title else ""
        if not self.entries:
            nothing = _("Nothing yet.")
            self.value = head + f'<div class="gk-muted">{escape(nothing)}</div>'
            return
        shown = self.entries if self.max_shown is None else self.entries[-self.max_shown:]
        items = "".join(f"<li>{html}</li>" for _text, html in reversed(shown))
        hidden = len(self.entries) - len(shown)
        earlier = _("({count} earlier entries not shown)").format(count=hidden) if hidden else ""
        earlier = f'<div class="gk-muted">{escape(earlier)}</div>' if hidden else ""
        self.value = f'{head}<ul class="st-moves-list">{items}</ul>{earlier}'


def _path_in_words(action: Action) -> str:
    """A choice between paths to one square, in words: "through e3" / "por e3"."""
    if action.via:
        return _("through {square}").format(square=action.via)
    if action.attack and action.attack != action.dst:
        return _("land on {square}, then attack {target}").format(square=action.dst, target=action.attack)
    return _("land on {square}").format(square=action.dst)


def _refuse(reason: str):
    raise IllegalActionError(reason)


def _full_view(state: StrategoState) -> str:
    """The whole position with coordinates (every rank shown)."""
    rows = [f"{state.spec.height - i} | {row}" for i, row in enumerate(state.to_ascii().splitlines())]
    return "\n".join(rows + ["    " + "   ".join("abcdefghijklmnopqrstuvwxyz"[:state.spec.width])])


def _set_classes(widget, wanted: dict[str, bool]) -> None:
    """Switch ``widget``'s CSS classes named in ``wanted`` on or off in one change (a square
    redrawn with eight separate changes costs eight messages to the page)."""
    kept = [css for css in widget._dom_classes if css not in wanted]
    classes = tuple(kept + [css for css, on in wanted.items() if on])
    if set(classes) != set(widget._dom_classes):
        widget._dom_classes = classes


def _toggle(widget, css: str, on: bool) -> None:
    if on and css not in widget._dom_classes:
        widget.add_class(css)
    elif not on and css in widget._dom_classes:
        widget.remove_class(css)


def _dropdown(options, value, css: str) -> widgets.Dropdown:
    """A picker of option keys (each shown in words: ``_label_widgets`` names them)."""
    dropdown = widgets.Dropdown(options=[(option, option) for option in options], value=value,
                                layout=widgets.Layout(width="210px"), style={"description_width": "70px"})
    dropdown.add_class(css)
    return dropdown


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view


def _style() -> widgets.HTML:
    """The board's own CSS (after the shared theme), one widget per kernel."""
    return style_sheet(CSS, "st-style")
