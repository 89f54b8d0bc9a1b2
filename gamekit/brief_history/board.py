"""The Brief History board: the kit's teaching map as a clickable plotly map, at one screen.

>>> board = BriefHistoryBoard(players=3, seats=["human", "random", "random"], seed=5)
>>> board.state.epoch, board.state.phase
(1, 'draft')
>>> board.choose(str(board.state.legal_actions()[0]))   # the human keeps a card of the packet
True

A view over a :class:`gamekit.core.Table`, which runs the game: whose turn it is, the agents'
moves, the pass-the-screen step between people, the log. The board draws ``table.view(seat)`` for
the seat at the screen and turns clicks into ``table.submit``. Click a territory on the map (or
pick it in the drop-down under the map and click **Place**) to place an army there; every other
decision (drafting cards, Events, continuing or withdrawing an invasion, over-runs, forts,
monuments, reorganising) is a button made from the view's legal actions. The board holds no
rules: the engine's reason shows when something is refused. Before a roll it shows the exact odds
(from :mod:`gamekit.brief_history.odds`); after it, the dice. Agent seat ``p`` plays
``AGENTS[name](seed=derive_seed(game seed, p))``; with several people at one screen each turn
waits behind a "pass the screen" step, so that hands, packets and Event buttons show only to
their holder.

The map is the kit's own teaching map, inspired by the published game, not its board.

CSS classes for tests and styling: ``bh-board``, ``bh-header``, ``bh-seed``, ``bh-epoch`` (with
``data-epoch``, ``data-phase`` and ``data-moves``, the number of actions taken),
``bh-turn``, ``bh-organiser``, ``bh-indicator``, ``bh-map``, ``bh-view``,
``bh-territory-select``, ``bh-place``, ``bh-odds`` (rows ``bh-odds-row``), ``bh-dice``
(``bh-die-attacker``, ``bh-die-defender``), ``bh-actions``, ``bh-action`` and
``bh-action-<action text>`` on every action button, ``bh-pass-screen``, ``bh-hand``,
``bh-status``, ``bh-players`` (rows ``bh-player-row``), ``bh-track``, ``bh-areas``,
``bh-log`` (the log panel), ``bh-choices`` (its ``data-choices`` lists the buttons due on the page),
``bh-play-round`` (one agent move), ``bh-play-all``, ``bh-result``, ``bh-player-count`` (the
set-up's players), ``gk-seat-<p>`` and ``gk-seat-name-<p>`` (set-up row), ``bh-new-game`` and the
shared ``gk-presentation-toggle``.
"""

from __future__ import annotations

import gc
import re
from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, StaleViewError, TableView, kind_name
from gamekit.i18n import N_, language, translations, using_language
from gamekit.ui import HUMAN
from gamekit.ui.parts import ActionButtons
from gamekit.ui.table_board import TableBoard
from gamekit.ui.theme import SEAT_COLOURS, style_sheet

from .mapview import (  # noqa: F401 (the map's look, imported from here by older code)
    BARREN_FILL,
    EMPTY_FILL,
    INVASION_RING,
    LEGAL_RING,
    MAP_LABEL,
    MAP_SIZE,
    VIEWS,
    WATER_LABELS,
    MapView,
    lighter,
)
from .events import area_level
from .odds import MAX_INDICATOR
from .rules import (
    COLOUR_NAMES,
    SECRET_PHASES,
    Action,
    BriefHistoryState,
    BuildFort,
    BuildMonument,
    Continue,
    DiscardEvent,
    EndOverrun,
    Establish,
    KeepBonus,
    Overrun,
    Place,
    PlayEvent,
    Reorganise,
    SkipMonument,
    TakeEmpire,
    TakeEvent,
    Withdraw,
    name_colours,
    new_game,
    phase_name,
)
from .actions import in_words
from .words import card_text, colour_name, display_name, resource_name, site_name, terrain_name, words

_, ngettext, pgettext = translations("brief_history")
_core = translations("core")[0]  # the engine's "Legal: ..." is the shared protocol's sentence

MAX_PLAYERS = 6
TITLE = "A Brief History of the World"
FOLLOW = "Follow the empire"  # the view picker's value (its label is translated)
PRESENTATION_MAP_WIDTH = 1760  # presentation size: the map fills a 1920-px projector
#: Six colours: the kit's five seat colours and a near-black sixth.
COLOURS = tuple(SEAT_COLOURS) + ("#3b3b3b",)

# What each kind of decision is called in the action area, in the order the groups are shown.
GROUPS = [
    (TakeEmpire, N_("Keep one Empire card (the rest go up the ranking)")),
    (TakeEvent, N_("Keep one Event card (the rest go down the ranking)")),
    (KeepBonus, N_("Keep one Bonus token (secret until the end)")),
    (Establish, N_("Start of the empire turn")),
    (Continue, N_("The roll was not enough")),
    (Withdraw, N_("The roll was not enough")),
    (Overrun, N_("Over-run with the points left (no dice)")),
    (EndOverrun, N_("Over-run with the points left (no dice)")),
    (BuildMonument, N_("A pair of resources: build a monument")),
    (SkipMonument, N_("A pair of resources: build a monument")),
    (PlayEvent, N_("Play an Event card")),
    (BuildFort, N_("Build a fort (costs an organiser army)")),
    (DiscardEvent, N_("End of the turn")),
    (Reorganise, N_("End of the turn")),
]


#: The words on each kind of action's button (under its group's heading), not the typed text.
BUTTON_WORDS = {
    TakeEmpire: lambda a: display_name(a.card),
    TakeEvent: lambda a: display_name(a.card),
    KeepBonus: lambda a: _("Token {value}").format(value=a.value),
    Establish: lambda a: _("Establish the empire"),
    PlayEvent: lambda a: (_("Play {card}").format(card=display_name(a.card)) if a.target is None
                          else _("Play {card} on {target}").format(card=display_name(a.card),
                                                                   target=display_name(a.target))),
    Continue: lambda a: _("Continue the invasion"),
    Withdraw: lambda a: pgettext("button", "Withdraw"),
    Overrun: lambda a: _("Over-run {territory}").format(territory=display_name(a.territory)),
    EndOverrun: lambda a: _("Stop the over-run"),
    BuildFort: lambda a: _("Fort in {territory}").format(territory=display_name(a.territory)),
    BuildMonument: lambda a: _("Monument in {territory}").format(territory=display_name(a.territory)),
    SkipMonument: lambda a: _("No monument"),
    DiscardEvent: lambda a: _("Discard the Event in play"),
    Reorganise: lambda a: pgettext("button", "Reorganise"),
}


def button_words(action) -> str:
    """What an action's button says: "Romans" under "Keep one Empire card", "Fort in Italy"."""
    words = BUTTON_WORDS.get(type(action))
    return words(action) if words else str(action)


def load_agents() -> dict:
    """The agents a seat can be given: ``gamekit.brief_history.agents.AGENTS`` (name -> class),
    imported when a board is made."""
    from .agents import AGENTS

    return dict(AGENTS)


def css_name(text: str) -> str:
    """An action text as a CSS class suffix: ``"play Treachery at Balkans"`` ->
    ``play-treachery-at-balkans``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


CSS = """
.bh-board.gk-board { max-width: 1140px; }
.bh-board .bh-map { max-width: 100%; box-sizing: border-box; border: 2px solid #b9b09c; border-radius: 8px;
  overflow-x: auto; overflow-y: hidden; }
.bh-board .bh-panel { border: 2px solid #d8d2c4; border-radius: 8px; padding: 4px 10px; background: #fff; }
.bh-board .bh-indicator-box { display: inline-block; min-width: 2.1em; text-align: center; margin: 0 2px;
  border: 2px solid #888; border-radius: 6px; color: #888; font-weight: 700; }
.bh-board .bh-indicator-box.bh-on { background: #f2b705; border-color: #222; color: #222; }
.bh-board .bh-pip { display: inline-block; width: 13px; height: 13px; margin: 0 1px; border: 2px solid #222;
  border-radius: 3px; vertical-align: middle; }
.bh-board .bh-die { display: inline-block; width: 1.7em; height: 1.7em; line-height: 1.7em; margin: 0 3px;
  text-align: center; font-size: 26px; font-weight: 800; border: 3px solid #222; border-radius: 8px;
  background: #fff; color: #1a1a1a; }
.bh-board .bh-die-high { box-shadow: 0 0 0 4px #f2b705; }
.bh-board .bh-swatch { display: inline-block; width: 14px; height: 14px; border: 2px solid #222;
  border-radius: 50%; vertical-align: middle; margin-right: 4px; }
.bh-board .bh-legend { font-size: 14px; color: #333; }
.bh-board .bh-odds table, .bh-board .bh-areas table, .bh-board .bh-players table { margin-top: 2px; }
.bh-board .gk-table td, .bh-board .gk-table th { padding: 2px 8px; }
.bh-board .bh-level { font-weight: 700; white-space: nowrap; }
.bh-board .bh-players td { vertical-align: top; }
.bh-board .bh-track-line { position: relative; height: 26px; margin: 6px 4px 2px; border-radius: 6px;
  background: repeating-linear-gradient(90deg, #eee 0, #eee 9.5%, #ccc 9.5%, #ccc 10%); }
.bh-board .bh-track-dot { position: absolute; top: 3px; width: 20px; height: 20px; margin-left: -10px;
  border: 2px solid #222; border-radius: 50%; }
.jupyter-widgets.jupyter-button.bh-action { font-size: 16px; font-weight: 600; height: 38px; }
.jupyter-widgets.jupyter-button.bh-place { font-size: 16px; font-weight: 700; height: 36px; }
.bh-board .bh-territory-select select { font-size: 16px; height: 36px; }
.bh-board .bh-card-table td { vertical-align: top; }
.gk-board.bh-board.gk-presentation { max-width: none !important; }
.gk-board.gk-presentation .jupyter-widgets.jupyter-button.bh-action,
.gk-board.gk-presentation .jupyter-widgets.jupyter-button.bh-place { font-size: 21px; height: 48px; }
.gk-board.gk-presentation .bh-territory-select select { font-size: 20px; height: 44px; }
.gk-board.gk-presentation .bh-legend, .gk-board.gk-presentation .bh-track .gk-muted { font-size: 18px; }
.gk-board.gk-presentation .bh-die { font-size: 34px; }
.gk-seat-colour-5 { color: #3b3b3b; }
.gk-seat-panel.gk-seat-colour-5 { border-color: #3b3b3b; color: #1a1a1a; }
"""

def board_css() -> widgets.HTML:
    """This board's own style sheet (on top of the shared theme), one widget per kernel."""
    return style_sheet(CSS, "bh-theme")


# --- the board -------------------------------------------------------------------------------------
class BriefHistoryBoard(TableBoard):
    """A playable board, a view over a :class:`gamekit.core.Table`: ``seats`` gives each seat's
    kind, ``"human"`` or an agent name from ``agents`` (default:
    ``gamekit.brief_history.agents.AGENTS``); all seats are human (hot-seat) unless told otherwise.
    ``names`` names the players; ``options`` are further ``new_game`` options; ``state`` shows a
    game already started; ``map_width`` is the map's width in pixels (the default fits JupyterLab
    at 1280 px; wider for a projector); ``presentation=True`` starts at projector size.

    From Python: ``click_territory(name)`` does what a click on the map does, ``choose(text)``
    what a click on an action button does (either returns ``True`` when the engine took the
    action; otherwise the reason shows in the board and ``False`` is returned); ``show_hand()``
    is the pass-the-screen step; ``step()`` and ``play_to_end()`` move a game between agents on;
    ``summary()`` describes what is shown.
    """

    game = "brief_history"
    css = "bh"
    max_players = MAX_PLAYERS
    default_players = 4
    @property
    def log_title(self) -> str:
        return _("What happened (newest first)")

    def __init__(self, state: BriefHistoryState | None = None, *, seats=None, names=None,
                 players: int | None = None, seed: int | None = None, options: dict | None = None,
                 agents: dict | None = None, map_width: int = MAP_SIZE[0], table=None,
                 seat: int | None = None, presentation: bool = False):
        if state is not None and options is None:  # later games: the same rules, a new deal
            # a lesson's scripted dice and starting position stay with that game
            options = {k: v for k, v in state.options.items() if k not in ("players", "dice", "position")}
        self._map_width = map_width
        self.map: MapView | None = None  # made with the first game's world
        self._build_parts()
        super().__init__(seats=seats, names=names, players=players, seed=seed, options=options,
                         agents=agents if agents is not None else load_agents(), state=state,
                         table=table, seat=seat, presentation=presentation)
        self.relabel()
        self.players_picker.remove_class("bh-players")  # that name is the players' table here
        self.players_picker.add_class("bh-player-count")
        self.action_area.remove_class("bh-action")  # that name is each action button's here
        self.action_area.add_class("bh-actions")
        # a projector's wider map widens the board; presentation size lifts the cap
        self.layout.max_width = None if presentation else f"{max(1140, map_width + 40)}px"
        self.children = (board_css(), *self.children)

    def relabel(self) -> None:
        """The fixed labels (made once) in the language in force; the map's names too."""
        self.round_button.description = _("Agents: one move")
        self.all_button.description = _("Agents: play to the end")
        self.view_picker.options = _view_options()
        self.view_picker.description = _("Map view")
        self.territory_picker.description = _("Territory")
        self.legend.value = _legend_html()
        if self._place_button is not None:
            self._place_button.description = _("Place an army")
        if self.map is not None:
            self.map.relabel()  # the map's names, title and seas in the new language

    # --- widgets ---------------------------------------------------------------------------------
    def _build_parts(self) -> None:
        self.turn_view = _html("bh-turn", "bh-panel")
        self.view_picker = widgets.Dropdown(options=_view_options(), value=FOLLOW, description=_("Map view"),
                                            layout=widgets.Layout(width="330px"),
                                            style={"description_width": "initial"})  # a label as long as its words
        self.view_picker.add_class("bh-view")
        self.view_picker.observe(lambda change: self._change_view(change["new"]), names="value")
        self.territory_picker = widgets.Dropdown(options=[], description=_("Territory"),
                                                 layout=widgets.Layout(width="380px"),
                                                 style={"description_width": "initial"})
        self.territory_picker.add_class("bh-territory-select")
        self.territory_picker.observe(lambda change: self._show_odds(), names="value")
        self.legend = _html("bh-legend", value=_legend_html())
        self.odds_view = _html("bh-odds")
        self.dice_view = _html("bh-dice")
        self.hand_view = _html("bh-hand")
        self.players_view = _html("bh-players", "bh-panel")
        self.areas_view = _html("bh-areas", "bh-panel")
        self.result_view = _html("bh-result")
        self.packet_view = _html("bh-packet")
        self._button_look: tuple | None = None
        self._action_buttons = ActionButtons(self._new_action_button, self._action_clicked,
                                             lambda text: f"bh-action-{css_name(text)}")
        self._worked_out: dict = {}  # the position's explanations and odds (``_this_position``)
        self._groups: dict[str, tuple[widgets.HTML, widgets.HBox]] = {}
        self._place_button: widgets.Button | None = None
        self._lower: widgets.HBox | None = None

    def _ensure_map(self) -> None:
        """The map and the rows around it, made once (the world is the kit's, the same every game)."""
        if self.map is not None:
            return
        self._make_map()
        self._place_button = self.button(_("Place an army"), "bh-place", self._place_picked, style="success")
        self.picker_row = widgets.HBox([self.territory_picker, self._place_button, self.view_picker],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        play = widgets.VBox([self.odds_view, self.dice_view, self.hand_view],
                            layout=widgets.Layout(flex="1 1 540px", min_width="420px"))
        scores = widgets.VBox([self.players_view, self.areas_view], layout=widgets.Layout(flex="1 1 480px"))
        self._lower = widgets.HBox([play, scores],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))

    def _make_map(self) -> None:
        width = PRESENTATION_MAP_WIDTH if self.presentation else self._map_width
        if self.map is not None and self.map.clickable:
            self.map.figure.close()  # a new size is a new figure: the page drops the old one
        self.map = MapView(self.state.world, self.status.guard(self.click_territory), width=width,
                           presentation=self.presentation)
        _spare_the_collector()
        if self.view_picker.value != FOLLOW:
            self.map.set_view(self.view_picker.value)

    def _present(self, on: bool) -> None:
        """Presentation size: the board fills the window and the map widens to a projector's."""
        super()._present(on)
        self.layout.max_width = None if on else f"{max(1140, self._map_width + 40)}px"
        wanted = PRESENTATION_MAP_WIDTH if on else self._map_width
        if self.map is not None and (self.map.size[0], self.map.presentation) != (wanted, on):
            self.map.resize(wanted, presentation=on)  # the same figure: a new one may not show in Voila
            self.refresh()

    @property
    def place_button(self) -> widgets.Button:
        self._ensure_map()
        return self._place_button

    def _repr_mimebundle_(self, **kwargs):
        self.map.sync_front_end()  # a page that connects later must draw the map as it is now
        return super()._repr_mimebundle_(**kwargs)

    # --- names -----------------------------------------------------------------------------------
    def colour_words(self, colour: int) -> str:
        """``"blue (Ana)"``: a colour as the board names it."""
        name = self.names[self.state.seat_of[colour]]
        return _("{colour} ({name})").format(colour=colour_name(colour), name=name)

    def words(self, text: str) -> str:
        """The engine's text with ``colour 2`` spelled as the board names it."""
        return name_colours(text, self.colour_words)

    @property
    def seat_to_act(self) -> int | None:
        """The seat whose decision it is (``None`` once the game is over)."""
        return None if self.state.is_terminal else self.state.current_player

    @property
    def seats(self) -> list[str]:
        """Each seat's kind: ``"human"`` or the agent's name."""
        return list(self.kinds)

    # --- clicks ----------------------------------------------------------------------------------
    def submit(self, action, seat: int | None = None) -> None:
        try:
            super().submit(action, seat)
        except StaleViewError:
            raise
        except IllegalActionError as refusal:  # the engine's "colour 2" in the board's names
            raise IllegalActionError(self.words(refusal.reason), refusal.action) from None

    def show_hand(self) -> None:
        """The pass-the-screen step's button: the awaited player is at the screen."""
        if not self.pass_screen_pending:
            raise IllegalActionError(_("nobody needs to take the screen now"))
        self.take_screen()

    def step(self) -> None:
        """One move of a game between agents."""
        self.play_round()

    def play_moves(self, count: int) -> None:
        """``count`` moves of a game between agents (fewer if the game ends first)."""
        self._check_agents_only()
        self.message = None
        self.table.advance(max_steps=count)
        self.refresh()

    def click_territory(self, name: str) -> bool:
        """What a click on ``name`` on the map does: place an army there (over land when both land
        and sea are possible), or over-run it, or build the monument there, whichever the engine
        offers now. Returns ``True`` when the engine took it; otherwise the reason shows in the board."""
        return self._attempt(lambda: self.submit(self._territory_action(name)))

    def choose(self, text) -> bool:
        """Take the action whose text is ``text`` (``"reorganise"``, ``"take empire Romans"``,
        ``"place Crete by sea"``), as its button (or a map click) would, the pass-the-screen step
        included when the action is legal. ``True`` when the engine took it."""

        def attempt():
            seat = self._person_to_act()
            action = self.state.parse(text) if isinstance(text, str) else text
            reason = self.state.why_illegal(action, seat, names=self.names)
            if reason is not None:  # a refused action leaves the hand hidden
                raise IllegalActionError(self.words(reason), action)
            if self.table.pass_to == seat:
                self.take_screen()
            self.submit(action, seat)

        return self._attempt(attempt)

    def _attempt(self, attempt) -> bool:
        try:
            attempt()
        except IllegalActionError as refusal:
            self.message = (_("Refused: {reason}").format(reason=refusal.reason), "error")
            self.refresh()
            return False
        return True

    def _person_to_act(self) -> int:
        seat = self.table.next_person
        if seat is not None:
            return seat
        if self.state.is_terminal:
            raise IllegalActionError(_("the game is over: click New game to play again"))
        acting = self.seat_to_act
        raise IllegalActionError(_("it is {name}'s turn, and the agent {agent} plays that seat: use the agent "
                                   "buttons").format(name=self.names[acting], agent=kind_name(self.kinds[acting])))

    def _territory_action(self, name) -> Action:
        """The legal action a click on ``name`` means; the engine's reason when there is none."""
        seat = self._person_to_act()
        if self.table.pass_to is not None:
            awaited = self.names[self.table.pass_to]
            raise IllegalActionError(_("pass the screen to {name} first").format(name=awaited))
        for kind in (Place, Overrun, BuildMonument):
            matching = [a for a in self.view.legal_actions if isinstance(a, kind) and a.territory == name]
            if matching:
                return min(matching, key=lambda a: getattr(a, "by_sea", False))  # over land first
        probes = {"overrun": Overrun(name), "monument": BuildMonument(name)}
        reason = self.state.why_illegal(probes.get(self.state.phase, Place(name)), seat, names=self.names)
        raise IllegalActionError(self.words(reason) if reason is not None
                                 else _("{territory} cannot be clicked now").format(territory=display_name(name)))

    def _place_picked(self) -> None:
        text = self.territory_picker.value
        if not text:
            raise IllegalActionError(_("pick a territory first") if self._placements()
                                     else _("no territory can be chosen now"))
        self.submit(text)

    def _action_clicked(self, text: str) -> None:
        self.submit(text)

    # --- the map's view --------------------------------------------------------------------------
    def _change_view(self, name: str) -> None:
        if self.map is None:
            return
        with self.map.one_message_per_trace():
            self.map.set_view(self._followed_view() if name == FOLLOW else name)
            self._draw_map()

    def _followed_view(self) -> str:
        """The zoomed view that shows most of the acting empire (the whole world between turns);
        the view stays put while it still shows all of the empire."""
        state = self.state
        if state.turn is None or state.phase in SECRET_PHASES or state.is_terminal:
            return "World"
        colour = state.turn.colour
        spots = [state.world.xy(t.territory) for t in self._tiles() if t.army == colour and t.active]
        spots += [state.world.xy(a.territory) for a in self._placements()]
        spots = spots or [state.world.xy(state.turn.spec.start)]

        def shown(view):
            (x0, x1), (y0, y1) = VIEWS[view]
            return sum(x0 + 2 <= x <= x1 - 2 and y0 + 2 <= y <= y1 - 2 for x, y in spots)

        if self.map.view != "World" and shown(self.map.view) == len(spots):
            return self.map.view
        return max((v for v in VIEWS if v != "World"), key=shown)

    # --- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the table's view; the header last, because its ``data-moves`` tells a
        watcher (a browser test) that the page is up to date."""
        super().refresh()
        self.header.value = self._header_html()

    def prompt(self, view: TableView) -> str:
        name, phase = view.name, self.state.phase
        if phase in SECRET_PHASES:
            return _("{name}: keep one (your choice stays secret).").format(name=name)
        if phase == "expand":
            return _("{name}: click a ringed territory on the map (or pick one and click Place), "
                     "or choose an action.").format(name=name)
        if phase == "failed":
            return _("{name}: the roll was not enough — continue or withdraw.").format(name=name)
        if phase == "overrun":
            return _("{name}: over-run a ringed territory, or end the over-run.").format(name=name)
        if phase == "monument":
            return _("{name}: build the monument in a ringed territory, or skip it.").format(name=name)
        return _("{name}: play a red Event card now, or establish your empire.").format(name=name)

    def result_text(self, view: TableView) -> str:
        return _("Game over: {result}").format(result=self._winner_text())

    def draw(self, view: TableView) -> list:
        """The turn, the map and its pickers, the odds, the dice, the hand, the players and the
        Areas, from ``view`` (the decisions are :meth:`action_widgets`, above the map)."""
        self._ensure_map()  # one figure for the whole game and the next (the page keeps its view)
        self.turn_view.value = self._turn_html() + self._choices_html(view)
        placements = self._placements()
        options = [(self._place_label(a), str(a)) for a in placements]
        if tuple(options) != tuple(self.territory_picker.options):  # a new list costs a message and a check
            keep = self.territory_picker.value if self.territory_picker.value in [v for _, v in options] else None
            self.territory_picker.options = options
            self.territory_picker.value = keep if keep is not None else (options[0][1] if options else None)
        self.territory_picker.disabled = self._place_button.disabled = not options
        with self.map.one_message_per_trace():
            if self.view_picker.value == FOLLOW:
                followed = self._followed_view()
                if followed != self.map.view:
                    self.map.set_view(followed)
            self._draw_map()
        self._show_odds()
        self.dice_view.value = self._dice_html()
        self.hand_view.value = self._hand_html(view) if view.seat is not None else ""
        self.players_view.value = self._players_html()
        self.areas_view.value = self._areas_html()
        return [self.turn_view, self.map.widget, self.picker_row, self.legend, self._lower]

    def action_widgets(self, view: TableView) -> list:
        self._action_buttons.redraw()
        if view.is_over:
            self.result_view.value = self._result_html()
            return [self.result_view]
        if not view.my_turn:
            return []
        grouped: dict[str, list] = {}
        shown = self._shown_actions(view)
        for kind, title in GROUPS:
            grouped.setdefault(title, []).extend(a for a in shown if isinstance(a, kind))
        children = []
        for title, actions in grouped.items():
            if actions:
                heading, row = self._group_widgets(title)
                heading.value = escape(self._group_title(type(actions[0]), _(title)))
                row.children = [self._action_button(a) for a in actions]
                children += [heading, row]
        if self.state.phase in SECRET_PHASES:
            self.packet_view.value = self._packet_html(view)
            children.append(self.packet_view)
        return children

    def _shown_actions(self, view: TableView) -> list:
        """The actions the page offers as buttons now (placements are on the map)."""
        return [a for a in view.legal_actions if not isinstance(a, Place)]

    def _placements(self) -> list[Place]:
        return [a for a in self.view.legal_actions if isinstance(a, Place)]

    def _tiles(self) -> tuple:
        """The state's tiles, worked out once per position (a redraw asks for them in several places)."""
        key = (self.state, len(self.state.history))
        if self.__dict__.get("_tiles_key") != key:
            self._tiles_key, self._tiles_now = key, self.state.tiles()
            self._tiles_named = None
        return self._tiles_now

    def _tiles_by_name(self) -> dict:
        tiles = self._tiles()
        if self._tiles_named is None:
            self._tiles_named = {tile.territory: tile for tile in tiles}
        return self._tiles_named

    def _draw_map(self) -> None:
        state = self.state
        tiles = self._tiles()
        rings = {}
        for action in self.view.legal_actions:
            if isinstance(action, (Place, Overrun, BuildMonument)):
                enemy = isinstance(action, Place) and self._is_invasion(action.territory)
                rings.setdefault(action.territory, INVASION_RING if enemy else LEGAL_RING)
        fleets = []
        if state.turn is not None and state.phase not in SECRET_PHASES:
            colour = COLOURS[state.turn.colour]
            fleets = [(body, colour) for body in state.turn.fleets if body in WATER_LABELS]
        self.map.draw(tiles, list(COLOURS), self._hover_texts(tiles), rings, fleets)
        values = state.area_values()
        self.map.set_area_labels([f"{display_name(area)} · {values[area]}" for area in state.world.areas])

    def _is_invasion(self, territory: str) -> bool:
        """Another seat's army stands there (the engine's explanation carries the odds)."""
        held = self.state.army.get(territory)
        return held is not None and self.state.seat_of[held[0]] != self.seat_to_act

    def _hover_texts(self, tiles) -> dict[str, str]:
        world = self.state.world
        odds = {a.territory: self._explained(a) for a in self._placements() if self._is_invasion(a.territory)}
        texts = {}
        # said once a redraw, not once a territory (a hundred of them)
        buildings = (site_name("capital"), site_name("city"), pgettext("mark", "monument"), pgettext("mark", "fort"))
        armies = {(colour, active): (_("{colour}, standing") if active else _("{colour}, retired")).format(
                  colour=escape(self.colour_words(colour))) for colour in range(self.state.colours)
                  for active in (True, False)}
        for tile in tiles:
            name = tile.territory
            lines = list(_fixed_hover_lines(world, name))
            if tile.army is not None:
                lines.append(armies[tile.army, tile.active])
            marks = [word for word, on in zip(buildings, (tile.site == "capital", tile.site == "city",
                                                          tile.monument, tile.fort)) if on]
            if marks:
                lines.append(", ".join(marks))
            if name in odds:
                lines.append(escape(odds[name]))
            texts[name] = "<br>".join(lines)
        return texts

    def _tooltip(self, action) -> str:
        """The engine's explanation of a button (the odds of a roll, the Events an establish
        loses), or none when it would only repeat the button ("Ana may fort Italy")."""
        explained = self._explained(action)
        return "" if explained.endswith(f" {in_words(action)}") else explained

    def _explained(self, action) -> str:
        """The engine's explanation of ``action`` (the odds of a roll...), worked out once a position
        and language: a redraw asks for it for the map's hover text, the odds and a button's tooltip."""
        known, key = self._this_position(), ("explained", str(action))
        if key not in known:
            legal = _core("Legal: {description}").split("{description}")[0]
            known[key] = self.words(self.state.explain(action, names=self.names).removeprefix(legal))
        return known[key]

    def _this_position(self) -> dict:
        """What has been worked out for the position on screen in the language in force, emptied
        when either changes (a view of a classroom seat's table has no game number of its own)."""
        view = self.view
        key = (self.table, view.game_number, view.version, language())
        if self._worked_out.get("position") != key:
            self._worked_out = {"position": key}
        return self._worked_out

    def _place_label(self, action: Place) -> str:
        tile = self._tiles_by_name()[action.territory]
        where = _place_words(action)
        if tile.army is None:
            return _("{where} — empty").format(where=where)
        if self._is_invasion(action.territory):
            return _("{where} — invade {colour}").format(where=where, colour=colour_name(tile.army))
        return _("{where} — your retired army surrenders").format(where=where)

    def _show_odds(self) -> None:
        self.odds_view.value = self._odds_html()

    def odds(self) -> list[tuple[str, str, str]]:
        """The invasions open now, before any die is rolled: ``(action text, the engine's
        explanation, the exact probability of taking the territory with the next roll)``. After a
        failed roll, the one row is ``continue``'s."""
        known = self._this_position()
        if "odds" not in known:
            known["odds"] = self._work_out_odds()
        return known["odds"]

    def _work_out_odds(self) -> list[tuple[str, str, str]]:
        state = self.state
        if state.phase == "failed" and state.invasion is not None:
            target, by_sea = state.invasion["target"], state.invasion["by_sea"]
            odds = state.invasion_odds(target, by_sea, min(state.turn.indicator + 1, MAX_INDICATOR))
            return [("continue", self._explained(Continue()), str(odds))]
        if state.phase != "expand" or state.turn is None:
            return []
        invasions = [a for a in state.legal_actions()
                     if isinstance(a, Place) and self._is_invasion(a.territory)]
        return [(str(a), self._explained(a), str(state.invasion_odds(a.territory, a.by_sea))) for a in invasions]

    def _odds_html(self) -> str:
        state, rows = self.state, self.odds()
        if state.phase == "failed" and rows:
            _action, text, p = rows[0]
            title = _("Odds before rolling again")
            return (f'<div class="gk-section-title">{title}</div>'
                    f'<div class="bh-odds-row bh-odds-continue" data-action="continue" data-p="{escape(p)}">'
                    + _("<b>Continue the invasion</b> (an organiser army is spent, the indicator goes up): "
                        "{odds}").format(odds=escape(text)) + "</div>")
        if state.phase != "expand" or state.turn is None:
            return ""
        title = _("Odds before rolling")
        head = f'<div class="gk-section-title">{title}</div>'
        picked, selected = self.territory_picker.value, ""
        if picked:
            label = {v: k for k, v in self.territory_picker.options}.get(picked, picked)
            said = next((text for action, text, _p in rows if action == picked), _("no dice are rolled"))
            selected = (f'<div class="bh-odds-selected" data-action="{escape(picked)}">'
                        + _("Picked: <b>{territory}</b> — {odds}").format(territory=escape(label), odds=escape(said))
                        + "</div>")
        if not rows:
            return (head + selected + '<div class="gk-muted">'
                    + _("No invasion is open to this empire now.") + "</div>")
        table = "".join(f'<tr class="bh-odds-row" data-action="{escape(action)}" data-p="{escape(p)}">'
                        f"<td><b>{escape(_place_words(self.state.parse(action)))}</b></td><td>{escape(text)}</td></tr>"
                        for action, text, p in rows)
        return f'{head}{selected}<table class="gk-table">{table}</table>'

    def _roll_text(self) -> str:
        """The last roll in the engine's words (the public log), colours named."""
        with using_language("en"):  # the log's lines as sentences (words.Said): found by their English
            lines = self.state.log
        rolls = [line for line in lines if line.strip().startswith("roll ")]
        return self.words(words(rolls[-1]).strip()) if rolls else ""

    def _dice_html(self) -> str:
        roll = self.state.last_roll
        if roll is None or self.state.phase in SECRET_PHASES:
            return ""
        attack, defend, bonus, points = roll
        high_a, high_d = max(attack), max(defend)

        def dice(faces, high, who):
            seen, out = False, []
            for face in faces:
                mark = " bh-die-high" if face == high and not seen else ""
                seen = seen or bool(mark)
                out.append(f'<span class="bh-die bh-die-{who}{mark}" data-face="{face}">{face}</span>')
            return "".join(out)

        title = _("Last roll")
        return (f'<div class="gk-section-title">{title}</div>'
                f'<div class="gk-row bh-roll" data-points="{points}">'
                + _("Attacker {attack}&nbsp;+{bonus}&nbsp; against &nbsp;Defender {defend}").format(
                    attack=dice(attack, high_a, "attacker"), bonus=bonus, defend=dice(defend, high_d, "defender"))
                + f'</div><div class="bh-roll-text">{escape(self._roll_text())}</div>')

    def _group_widgets(self, title: str) -> tuple[widgets.HTML, widgets.HBox]:
        """A heading and a row of buttons per kind of decision, made once and reused."""
        if title not in self._groups:
            row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
            row.add_class("bh-action-row")
            self._groups[title] = (_html("gk-section-title"), row)
        return self._groups[title]

    def _group_title(self, kind, title: str) -> str:
        if kind in (Overrun, EndOverrun) and self.state.overrun:
            points = self.state.overrun["points"]
            return ngettext("{title}: {n} point left", "{title}: {n} points left", points).format(
                title=title, n=points)
        return title

    def _action_button(self, action) -> widgets.Button:
        button = self._action_buttons.button(str(action))
        button.description = button_words(action)  # in the language in force (the board's may change)
        button.tooltip = self._tooltip(action)
        button.button_style = "success" if isinstance(action, (Continue, Establish, Reorganise)) else ""
        return button

    def _new_action_button(self, clicked) -> widgets.Button:
        if self._button_look is None:  # one layout and style for all: a button is then one widget, not three
            self._button_look = (widgets.Layout(width="auto", margin="2px"), widgets.ButtonStyle())
        layout, style = self._button_look
        button = widgets.Button(layout=layout, style=style)
        button.add_class("bh-action")
        self.on_click(button, clicked)
        return button

    def _packet_html(self, view: TableView) -> str:
        """The cards the person at the screen chooses from (their observation's packet)."""
        state, packet = self.state, view.observation.packet
        kind = state.queue[0][1] if state.queue else "bonus"
        cards = state.cards
        if kind == "empire":
            rows = []
            for name in sorted(packet):
                card = cards.empire_card(name)
                for spec in card.empires:
                    fleets = (_("fleets: {seas}").format(seas=", ".join(map(display_name, spec.fleets)))
                              if spec.fleets else "")
                    trait = card_text(cards.traits.get(spec.trait, spec.trait)) if spec.trait else ""
                    capital = site_name("capital") if spec.capital else _("barbarians")
                    extra = ", ".join(filter(None, [capital, fleets, trait]))
                    armies = ngettext("{n} army", "{n} armies", spec.armies).format(n=spec.armies)
                    called = _("called {order}.").format(order=card.order)
                    start = _("starts in {territory}").format(territory=display_name(spec.start))
                    rows.append(f"<tr><td><b>{escape(display_name(spec.name))}</b></td><td>{called}</td>"
                                f"<td>{armies}</td><td>{escape(start)}</td><td>{escape(extra)}</td></tr>")
            return f'<table class="gk-table bh-card-table">{"".join(rows)}</table>'
        if kind == "event":
            shown = [e for e in state.packets["event"] if e.name in packet]
            rows = "".join(f"<tr><td><b>{escape(display_name(e.name))}</b></td>"
                           f"<td>{escape(_epoch_number(e.colour, e.epoch))}</td>"
                           f"<td>{escape(_gold(e.cost))}</td>"
                           f"<td>{escape(card_text(e.text))}</td></tr>"
                           for e in sorted(shown, key=lambda e: e.name))
            return f'<table class="gk-table bh-card-table">{rows}</table>'
        return ""

    def _hand_html(self, view: TableView) -> str:
        seat, seen = view.seat, view.observation
        none = pgettext("cards", "none")
        two = len(seen.colours) > 1
        events = ", ".join(_("{card} ({colour})").format(card=display_name(name), colour=colour_name(c)) if two
                           else display_name(name) for c, name in seen.event_hand) or none
        empires = ", ".join(map(display_name, seen.empire_hand)) or none
        bonus = ", ".join(f"{v}" for _c, v in seen.bonus_tokens) or none
        name = self.names[seat]
        # a seat may be named "You"
        whose = _("Your secret hand") if name == "You" else _("{name}'s secret hand").format(name=name)
        lines = (_("Empire cards this Epoch: <b>{cards}</b>").format(cards=escape(empires)),
                 _("Event cards: <b>{cards}</b>").format(cards=escape(events)),
                 _("Bonus tokens: <b>{tokens}</b>").format(tokens=escape(bonus)))
        return (f'<div class="gk-section-title">{escape(whose)}</div>'
                + "".join(f"<div>{line}</div>" for line in lines))

    def _header_html(self) -> str:
        state = self.state
        where = (_("game over") if state.is_terminal
                 else _("Epoch {epoch} of {epochs}").format(epoch=state.epoch, epochs=state.cards_epochs()))
        turn = _("empire turn")
        phase = {"draft": _("Allocation"), "bonus": _("Conclusion: Bonus tokens"), "start": turn,
                 "expand": turn, "failed": turn, "overrun": turn,
                 "monument": turn, "over": _("final scoring")}.get(state.phase, state.phase)
        seed = _("game seed {seed}").format(seed=state.seed)
        return (f'<span class="gk-title">{TITLE}</span> &nbsp; '
                f'<span class="bh-epoch" data-epoch="{state.epoch}" data-phase="{state.phase}" '
                f'data-moves="{len(state.history)}">'
                f"<b>{where}</b> · {phase}</span> &nbsp; "
                f'<span class="gk-muted bh-seed" data-seed="{state.seed}">{seed}</span>')

    def _turn_html(self) -> str:
        state = self.state
        if state.is_terminal:
            return _("<b>The game is over.</b> Bonus tokens have been added to gold.")
        acting = state.acting_colour
        swatch = _swatch(acting)
        if state.phase in SECRET_PHASES:
            who = f"<b>{escape(self.colour_words(acting))}</b>"
            what = {"empire": _("{who} keeps an Empire card."), "event": _("{who} keeps an Event card."),
                    "bonus": _("{who} keeps a Bonus token.")}[state.queue[0][1]].format(who=who)
            return (f"{swatch}{what} "
                    '<span class="gk-muted">' + _("Empire cards go up the ranking from the last, Event cards "
                                                  "down from the leader; Bonus tokens go to the three "
                                                  "leaders.") + "</span>")
        turn = state.turn
        pips = "".join(f'<span class="bh-pip" style="background:{COLOURS[acting]}"></span>'
                       for _ in range(turn.organiser))
        boxes = "".join(f'<span class="bh-indicator-box{" bh-on" if k == turn.indicator else ""}">+{k}</span>'
                        for k in range(MAX_INDICATOR + 1))
        extras = []
        if turn.fleets:
            extras.append(escape(_("fleets: {seas}").format(seas=", ".join(map(display_name, turn.fleets)))))
        if state.in_play is not None:
            extras.append(_("Event in play: <b>{card}</b>").format(card=escape(display_name(state.in_play.name))))
        if state.overrun:
            extras.append(_("over-run points: <b>{points}</b>").format(points=state.overrun["points"]))
        if state.invasion:
            extras.append(_("invading <b>{territory}</b>").format(
                territory=escape(display_name(state.invasion["target"]))))
        barbarian = _(" (barbarians)") if turn.barbarian else ""
        organiser = f'<b class="bh-organiser" data-organiser="{turn.organiser}">{turn.organiser}</b>'
        indicator = f'<span class="bh-indicator" data-indicator="{turn.indicator}">{boxes}</span>'
        return (f"{swatch}<span class='gk-title'>{escape(display_name(turn.spec.name))}</span>{barbarian} — "
                f"<b>{escape(self.colour_words(acting))}</b><br>"
                + _("Organiser: {organiser} {pips} &nbsp; Invasion indicator: {indicator}").format(
                    organiser=organiser, pips=pips, indicator=indicator)
                + (f"<br>{' · '.join(extras)}" if extras else ""))

    def _choices_html(self, view: TableView) -> str:
        """The buttons the page should show now, as a data attribute: a browser test waits for the
        buttons to match it. Nothing while the screen is passed, or on an agent's turn."""
        texts = [button_words(a) for a in self._shown_actions(view)]
        return f'<span class="bh-choices" data-choices="{escape("|".join(texts))}"></span>'

    def _players_html(self) -> str:
        state = self.state
        rank = {c: i + 1 for i, c in enumerate(state.ranking())}
        rows = []
        for colour in state.ranking():
            seat = state.seat_of[colour]
            events, bonus = len(state.events_held[colour]), len(state.bonus_held[colour])
            agent = self.kinds[seat]
            kind = _("person") if agent == HUMAN else _("{agent} agent").format(agent=kind_name(agent))
            mark = " ▶" if colour == state.acting_colour else ""
            rows.append(f'<tr class="bh-player-row" data-colour="{colour}" data-gold="{state.gold[colour]}">'
                        f"<td>{rank[colour]}.</td>"
                        f"<td>{_swatch(colour)}<b>{escape(self.colour_words(colour))}</b>{mark}"
                        f'<br><span class="gk-muted">{escape(kind)}</span></td>'
                        f"<td><b>{state.gold[colour]}</b></td><td>{events}</td><td>{bonus}</td></tr>")
        titles = ("", _("Colour (player)"), _("Gold"), _("Events"), _("Bonus tokens"))
        head = "<tr>" + "".join(f"<th>{title}</th>" for title in titles) + "</tr>"
        top = max([100, *state.gold])
        dots = "".join(f'<span class="bh-track-dot" title="{escape(self.colour_words(c))}: {state.gold[c]}" '
                       f'style="left:{100 * state.gold[c] / top:.1f}%;top:{3 + 4 * (i % 2)}px;'
                       f'background:{COLOURS[c]}"></span>'
                       for i, c in enumerate(state.ranking()))
        track = (f'<div class="bh-track" data-top="{top}"><div class="bh-track-line">{dots}</div>'
                 '<div class="gk-muted">' + _("Gold track 0 – {top}; the leader first in the table.").format(top=top)
                 + "</div></div>")
        title = _("Players and the gold track")
        return (f'<div class="gk-section-title">{title}</div>'
                f'<table class="gk-table">{head}{"".join(rows)}</table>{track}')

    def _areas_html(self) -> str:
        state = self.state
        world, values = state.world, state.area_values()
        counts = {area: [0] * state.colours for area in world.areas}
        for tile in self._tiles():
            if tile.army is not None:
                counts[world.area(tile.territory)][tile.army] += 1
        swatches = "".join(f"<th>{_swatch(c)}</th>" for c in range(state.colours))
        head = "".join(f"<th>{title}</th>" for title in (_("Area"), _("Value")))
        head = f"<tr>{head}{swatches}</tr>"
        levels = " " + pgettext("level letters: presence, dominance, supremacy", "PDS")
        rows = []
        for area in world.areas:
            cells = []
            for c in range(state.colours):
                level = area_level(counts[area], c)  # the counts made above: the engine's rule
                text = f"{counts[area][c]} {levels[level]}" if counts[area][c] else ""
                gold = f" <span class='gk-muted'>+{values[area] * level}</span>" if level else ""
                cells.append(f'<td class="bh-level" data-level="{level}">{text}{gold}</td>')
            rows.append(f'<tr class="bh-area-row" data-area="{escape(area)}"><td>{escape(display_name(area))}</td>'
                        f"<td>{values[area]}</td>{''.join(cells)}</tr>")
        due = "".join(f"<td><b>{sum(state.gold_due(c).values())}</b></td>" for c in range(state.colours))
        now = _("gold if collected now")
        rows.append(f'<tr class="bh-due-row"><td colspan="2">{now}</td>{due}</tr>')
        title = _("Area scoring, Epoch {epoch}").format(epoch=max(state.epoch, 1))
        return (f'<div class="gk-section-title">{title}</div>'
                '<div class="gk-muted">' + _("armies (retired too), then P presence ×1, D dominance ×2, "
                                             "S supremacy ×3 of the Area's value; buildings add 2 per "
                                             "capital, 1 per city and monument.") + "</div>"
                f'<table class="gk-table">{head}{"".join(rows)}</table>')

    def _result_html(self) -> str:
        state = self.state
        scores, winners = state.scores(), state.winners()
        rows = "".join(f'<tr class="bh-score-row" data-seat="{p}" data-score="{scores[p]}">'
                       f'<td><b>{escape(self.names[p])}</b>{" ★" if p in winners else ""}</td>'
                       f"<td>{_gold(scores[p], bold=True)}</td></tr>"
                       for p in range(state.num_players))
        return (f'<div class="gk-title">{escape(self.result_text(self.view))}</div>'
                f'<table class="gk-table">{rows}</table>')

    def _winner_text(self) -> str:
        winners = self.state.winners()
        if len(winners) == 1:
            return _("{name} wins!").format(name=self.names[winners[0]])
        named = _(" and ").join(self.names[p] for p in winners)
        return _("{names} share the win.").format(names=named)

    # --- text ------------------------------------------------------------------------------------
    def summary(self) -> str:
        """What the board shows, as text (secret cards stay secret)."""
        state = self.state
        where = (_("game over") if state.is_terminal
                 else _("Epoch {epoch}, {phase}").format(epoch=state.epoch, phase=phase_name(state.phase)))
        lines = [_("Brief History, {where} (game seed {seed}; {map})").format(where=where, seed=state.seed,
                                                                               map=_(MAP_LABEL))]
        if not state.is_terminal and state.turn is not None and state.phase not in SECRET_PHASES:
            turn = state.turn
            fleets = (_("; fleets {seas}").format(seas=", ".join(map(display_name, turn.fleets)))
                      if turn.fleets else "")
            lines.append(_("Empire: {empire}, {colour}; organiser {organiser}, indicator +{indicator}{fleets}").format(
                empire=display_name(turn.spec.name), colour=self.colour_words(turn.colour),
                organiser=turn.organiser, indicator=turn.indicator, fleets=fleets))
        for colour in state.ranking():
            seat = state.seat_of[colour]
            held = sorted(t.territory for t in state.tiles() if t.army == colour)
            armies = ngettext("{n} army", "{n} armies", len(held)).format(n=len(held))
            lines.append(_("  {colour} [{kind}]: {gold} gold, {armies}").format(
                colour=self.colour_words(colour), kind=kind_name(self.kinds[seat]), gold=state.gold[colour],
                armies=armies)
                + (f" ({', '.join(map(display_name, held))})" if held else ""))
        roll = self._roll_text()
        if state.last_roll is not None and roll and state.phase not in SECRET_PHASES:
            lines.append(_("Last roll: {roll}").format(roll=roll))
        lines += [_("Odds: {action}: {odds}").format(action=in_words(state.parse(action)), odds=text)
                  for action, text, _p in self.odds()]
        if self.view.my_turn:
            choices = "; ".join(map(in_words, self.view.legal_actions))
            lines.append(_("Choices: {actions}").format(actions=choices))
        if state.is_terminal:
            final = ", ".join(f"{self.names[p]} {s}" for p, s in enumerate(state.scores()))
            lines.append(_("Result: {result} Final gold: {scores}").format(result=self._winner_text(),
                                                                           scores=final))
        lines.append(_("Message: {message}").format(message=self.status.text))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = self.state
        where = "game over" if state.is_terminal else f"Epoch {state.epoch}, {state.phase}"
        return f"<BriefHistoryBoard {state.num_players} players, {where}, seed {state.seed}>"



def _fixed_hover_lines(world, name: str) -> tuple[str, ...]:
    """What a territory's hover text always says (its Area, terrain, cost, resource): the map's own."""
    key = (id(world), name, language())
    lines = _FIXED_HOVER.get(key)
    if lines is None or lines[0] is not world:
        said = [_("<b>{territory}</b> — {area} Area").format(territory=escape(display_name(name)),
                                                            area=escape(display_name(world.area(name)))),
                _("barren: no army may stand here") if world.is_barren(name)
                else _("{terrain}, costs {cost} to take").format(terrain=terrain_name(world.terrain(name)),
                                                                 cost=world.cost(name))]
        if world.resource(name):
            resource = escape(resource_name(world.resource(name)))
            said.append(_("resource: {resource}").format(resource=resource))
        lines = _FIXED_HOVER[key] = (world, tuple(said))
    return lines[1]


_FIXED_HOVER: dict[tuple, tuple] = {}
_frozen = False


def _spare_the_collector() -> None:
    """Once per kernel, after the first map: Python's garbage collector leaves the objects alive
    now (the kit, plotly, widgets, the map: about 250,000) out of its passes. A full pass over
    them takes a quarter of a second, and lands inside a click; they live as long as the kernel."""
    global _frozen
    if not _frozen:
        gc.collect()
        gc.freeze()
        _frozen = True


def _swatch(colour: int) -> str:
    return f'<span class="bh-swatch" style="background:{COLOURS[colour]}"></span>'


def _legend_html() -> str:
    army = _swatch(0)
    retired = (f'<span class="bh-swatch" style="background:{lighter(COLOURS[0])};'
               f'border-color:{COLOURS[0]}"></span>')
    legal = f'<span style="color:{LEGAL_RING}">◯</span>'
    invasion = f'<span style="color:{INVASION_RING}">◯</span>'
    return _("{army}standing army &nbsp; {retired}retired army &nbsp; ★ capital &nbsp; ● city &nbsp; "
             "▲ monument &nbsp; □ fort &nbsp; ◆ fleet &nbsp; ✕ barren &nbsp; "
             "{legal} you may place (or over-run, or build) here &nbsp; "
             "{invasion} an invasion (odds in the table and on hover) &nbsp; "
             "Area names show this Epoch's value.").format(army=army, retired=retired, legal=legal,
                                                            invasion=invasion)


def _gold(amount: int, bold: bool = False) -> str:
    """``"12 gold"`` (the number in bold on the scores' table)."""
    return _("<b>{gold}</b> gold").format(gold=amount) if bold else _("{cost} gold").format(cost=amount)


def _view_options() -> list[tuple[str, str]]:
    """The map view picker's choices: (label in the language in force, the view's English name)."""
    return [(_("Follow the empire"), FOLLOW), *((_(view), view) for view in VIEWS)]


def _place_words(action: Place) -> str:
    """Where a placement goes, as the odds table and the territory picker say it: "Crete by sea"."""
    territory = display_name(action.territory)
    return _("{territory} by sea").format(territory=territory) if action.by_sea else territory


def _epoch_number(colour: str, epoch: int) -> str:
    """An Event card's Epoch number and its colour: "red 2" / "2 vermelho"."""
    said = {"red": _("red {epoch}"), "black": _("black {epoch}")}.get(colour, f"{colour} {{epoch}}")
    return said.format(epoch=epoch)


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view
