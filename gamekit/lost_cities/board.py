"""The Lost Cities board: your hand as cards to click, both sides' expeditions, the discard piles.

>>> board = LostCitiesBoard(seats=["human", "heuristic"], seed=5, options={"rounds": 1})
>>> board.choose("draw deck")
False
>>> board.status.text
'Refused: first play or discard a card, then draw'

A turn is two clicks and a draw: pick a card of your hand, click **Play** (onto your expedition)
or **Discard** (onto its colour's pile), then draw from the deck or take the top of a discard
pile. Only the choices the engine lists in ``state.legal_actions()`` are enabled; the board holds
no rules, and anything refused (``board.choose("play red wager")`` after a number, say) shows the
engine's reason in the board's message line. With four players, partners share their team's
expeditions and may pass two selected cards to each other (**Pass two cards**).

Seats are ``"human"`` or an agent name from ``gamekit.lost_cities.agents.AGENTS``; agent seat
``p`` is seeded with ``derive_seed(game seed, p)``, so a game's seed also fixes its agents. The
board shows each agent's last turn and why it chose it (``agent.explain``). Several humans share
the screen with a "pass the screen" step before each turn, so that nobody sees another's hand.
When a round ends, its scoring is shown expedition by expedition.

CSS classes for tests and styling: ``lc-board``, ``lc-header``, ``lc-round`` (``data-actions``:
the actions played so far), ``lc-seed``, ``lc-deck-count``, ``lc-table``, ``lc-expedition``
(``lc-side-<s>-<colour>``, ``data-score``), ``lc-pile-<colour>`` (``data-top``), ``lc-seat-<p>``,
``lc-hand``, ``lc-card`` and ``lc-card-<colour>-<value>`` (a wager's value is 0), ``lc-play``,
``lc-discard``, ``lc-pass``, ``lc-keep``, ``lc-draw-deck``, ``lc-draw-<colour>``,
``lc-agent-move``, ``lc-next-move``, ``lc-finish-round``, ``lc-play-all``, ``lc-status``,
``lc-round-result`` (``lc-result-side-<s>``, ``data-score``), ``lc-final``, ``lc-log``,
``lc-players``, ``gk-seat-<p>`` (seat pickers) and ``lc-new-game``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError
from gamekit.ui import (
    HUMAN,
    LogPanel,
    PassScreen,
    SeatPicker,
    StatusArea,
    card_button,
    chip,
    set_enabled,
    set_selected,
    theme,
)
from gamekit.ui.board import SeatedBoard

from .rules import (
    COLOURS,
    WAGER,
    Action,
    Card,
    LostCitiesState,
    RoundResult,
    describe_expedition,
    new_game,
    pass_cards,
    score_expedition,
)

MAX_PLAYERS = 4
TITLE = "Lost Cities"
SHOWN_CANDIDATES = 5  # rows of an agent's explanation shown under its move

#: Card faces: background and text colour per expedition (dark text on the light ones).
CARD_COLOURS = {"yellow": ("#f2c200", "#2b2200"), "blue": ("#1f5fbf", "#fff"), "white": ("#f4f4f4", "#1a1a1a"),
                "green": ("#1e7b48", "#fff"), "red": ("#b03a2e", "#fff"), "purple": ("#6c3483", "#fff")}

CSS = """
.lc-board .lc-table table { border-collapse: collapse; }
.lc-board .lc-table td { vertical-align: top; padding: 2px 6px; text-align: center; min-width: 120px; }
.lc-board .lc-table .lc-side-label { text-align: left; font-weight: 700; min-width: 90px; }
.lc-board .lc-pile-cell { background: #efe9da; border-radius: 8px; }
.lc-board .lc-row-score { font-size: 13px; color: #444; }
.lc-board .lc-agent-move table, .lc-board .lc-round-result table { border-collapse: collapse; font-size: 14px; }
.lc-board .lc-agent-move td, .lc-board .lc-agent-move th,
.lc-board .lc-round-result td, .lc-board .lc-round-result th { padding: 1px 8px; text-align: left;
  border-bottom: 1px solid #ddd; }
.jupyter-widgets.jupyter-button.lc-card { font-size: 20px; }
.lc-board .lc-agent-turns { display: flex; flex-wrap: wrap; gap: 4px 18px; }
""" + "".join(
    f".jupyter-widgets.jupyter-button.lc-colour-{colour} {{ background: {back}; color: {text}; }}\n"
    f".gk-chip.lc-colour-{colour} {{ background: {back}; color: {text}; }}\n"
    for colour, (back, text) in CARD_COLOURS.items()
)


def load_agents() -> dict:
    """The agents a seat can be given: a copy of ``gamekit.lost_cities.agents.AGENTS``, imported
    only when a board is built (the agents module is the heavier one, and still growing)."""
    from .agents import AGENTS

    return dict(AGENTS)


def card_label(card) -> str:
    """A card's face: its number, or "W" for a wager."""
    return "W" if card.value == WAGER else str(card.value)


def card_chip(card, *, big: bool = False, classes=()) -> str:
    """A card shown (not clickable) in its expedition's colour."""
    return chip(card_label(card), classes=[f"lc-colour-{card.colour}", *classes], big=big, title=str(card))


class LostCitiesBoard(SeatedBoard):
    """A playable board for ``state`` (default: a new match of ``players`` with ``seed``).

    ``seats`` gives each seat's kind, ``"human"`` or an agent name (default: every seat human,
    hot-seat); ``names`` names the players; ``options`` are further ``new_game`` options
    (``rounds=1``, ``colours=6``, ``pass_timing="after"``, ...).

    From Python: ``choose("play red 7")`` does what a player's clicks do, ``select(card)``,
    ``play_selected()``, ``discard_selected()``, ``draw(source)`` and ``pass_selected()`` are the
    single clicks; ``next_move()``, ``finish_round()`` and ``play_to_end()`` move a game between
    agents on; ``new_game(...)`` deals again; ``summary()`` describes what is shown.
    """

    max_players = MAX_PLAYERS

    def __init__(self, state: LostCitiesState | None = None, *, seats=None, names=None, players: int = 2,
                 seed: int | None = None, options: dict | None = None, agents: dict | None = None):
        if state is None:
            state = new_game(players, seed=seed, **(options or {}))
        seats = self._seat(state, seats, names, seed, agents if agents is not None else load_agents())
        self._build_widgets(seats)
        super().__init__(self._layout())
        self.add_class("gk-board")
        self.add_class("lc-board")
        self._begin(state, seats)

    # --- widgets -------------------------------------------------------------------------------
    def _build_widgets(self, seats) -> None:
        self.status = StatusArea()  # first: every button's callback reports here
        self.status.add_class("lc-status")
        self.style_sheet = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
        self.header = _html("lc-header")
        self.table_view = _html("lc-table")
        self.seat_views = [_html("gk-seat-panel", f"lc-seat-{p}", f"gk-seat-colour-{p}",
                                 layout=widgets.Layout(flex="1 1 200px", margin="3px"))
                           for p in range(MAX_PLAYERS)]
        self.seats_row = widgets.HBox(self.seat_views, layout=widgets.Layout(flex_flow="row wrap"))
        self.agent_view = _html("lc-agent-move")
        self.pass_screen = PassScreen()
        self.pass_screen.button.add_class("lc-pass-screen")
        self.hand_title = _html("lc-hand-title")
        self.hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_row.add_class("lc-hand")
        self.play_button = self._button("Play to my expedition", "lc-play", self.play_selected, "success")
        self.discard_button = self._button("Discard", "lc-discard", self.discard_selected, "warning")
        self.pass_button = self._button("Pass two cards to my partner", "lc-pass", self.pass_selected, "info")
        self.keep_button = self._button("Keep my cards", "lc-keep", lambda: self.choose_or_raise("pass nothing"))
        self.draw_buttons = {"deck": self._button("Draw from the deck", "lc-draw-deck",
                                                  lambda: self.draw("deck"), "primary")}
        for colour in COLOURS:
            self.draw_buttons[colour] = self._button(f"Take the {colour} pile's top", f"lc-draw-{colour}",
                                                     lambda c=colour: self.draw(c))
            self.draw_buttons[colour].add_class(f"lc-colour-{colour}")
        self.next_button = self._button("Next move", "lc-next-move", self.next_move)
        self.finish_button = self._button("Finish the round", "lc-finish-round", self.finish_round)
        self.play_all_button = self._button("Play to the end", "lc-play-all", self.play_to_end)
        self.action_area = widgets.VBox()
        self.action_area.add_class("lc-action")
        self.result_view = _html("lc-round-result", layout=widgets.Layout(flex="1 1 460px"))
        self.moves_log = LogPanel("Moves", max_shown=40, layout=widgets.Layout(flex="1 1 360px"))
        self.moves_log.add_class("lc-log")
        self.players_picker = widgets.Dropdown(options=[2, 4], value=len(seats), description="Players",
                                               layout=widgets.Layout(width="150px"),
                                               style={"description_width": "60px"})
        self.players_picker.add_class("lc-players")
        self.seat_picker = SeatPicker(list(self.agents), seats, max_seats=MAX_PLAYERS, names=self.all_names)
        self.players_picker.observe(self._players_changed, names="value")
        self.new_game_button = self._button("New game", "lc-new-game", self.new_game, style="primary")
        self._hand_pool: list[widgets.Button] = []  # card buttons, one per slot of the hand
        self._hand_buttons: list[widgets.Button] = []  # the slots the hand on the screen fills
        self._hand_key = None

    def _layout(self) -> list:
        setup_title = _html("gk-section-title", value="Next game: players and who plays each seat")
        setup = widgets.VBox([setup_title, widgets.HBox([self.players_picker, self.new_game_button]),
                              self.seat_picker])
        setup.add_class("lc-setup")
        lower = widgets.HBox([self.result_view, self.moves_log], layout=widgets.Layout(flex_flow="row wrap"))
        return [theme(), self.style_sheet, self.header, self.table_view, self.seats_row, self.action_area,
                self.status, self.agent_view, lower, setup]

    # --- game flow -----------------------------------------------------------------------------
    def _begin(self, state: LostCitiesState, seats) -> None:
        self._take_seats(state, seats)
        self._at_screen = None if self.hotseat else (self.humans[0] if self.humans else None)
        self._selected: list[int] = []  # indexes into the shown (sorted) hand
        #: agent seat -> [(action, explanation), ...]: that agent's last turn and why it chose each step
        self.last_turns: dict[int, list] = {}
        self._hand_key = None
        self.moves_log.clear()
        self._rounds_logged = len(state.round_results)
        self.result_view.value = self._result_html(state.round_results[-1]) if state.round_results else ""
        agents_text = self._run_agents()
        self.status.info(f"{agents_text} {self._prompt_text()}".strip())
        self._redraw()

    @property
    def mover(self) -> int | None:
        """The seat to act, or ``None`` once the match is over."""
        return None if self._state.is_terminal else self._state.current_player

    @property
    def waiting_for_human(self) -> bool:
        return self.mover is not None and self.seats[self.mover] == HUMAN

    @property
    def pass_screen_pending(self) -> bool:
        return self.waiting_for_human and self._at_screen != self.mover

    @property
    def hand(self) -> list:
        """The cards of the hand on the screen, sorted (empty while no hand may be shown)."""
        seat = self._at_screen
        return sorted(self._state.hands[seat]) if seat is not None else []

    @property
    def selected(self) -> list:
        hand = self.hand
        return [hand[i] for i in self._selected if i < len(hand)]

    def _refuse(self, reason: str):
        raise IllegalActionError(reason)

    def show_hand(self) -> None:
        """The pass-the-screen step's button: the awaited player is at the screen."""
        if not self.pass_screen_pending:
            self._refuse("there is no hand waiting behind the screen")
        self._at_screen = self.mover
        self._selected = []
        self.status.info(self._prompt_text())
        self._redraw()

    def _check_human_turn(self) -> int:
        if self._state.is_terminal:
            self._refuse("the match is over: click New game to play again")
        seat = self.mover
        if self.seats[seat] != HUMAN:
            self._refuse(f"it is {self.names[seat]}'s turn, played by the agent {self.seats[seat]!r}")
        if self.pass_screen_pending:
            self._refuse(f"pass the screen to {self.names[seat]} first")
        return seat

    def select(self, card) -> None:
        """Pick a card of the hand (a ``Card``, its text or its place in the shown hand); with
        partners a second pick makes a pair to pass; picking a picked card puts it back."""
        seat = self._check_human_turn()
        index = self._hand_index(card)
        if index in self._selected:
            self._selected.remove(index)
        else:
            keep = 1 if self._state.teams else 0  # a pass needs two cards; otherwise one at a time
            self._selected = self._selected[-keep:] if keep else []
            self._selected.append(index)
        picked = " and ".join(map(str, self.selected)) or "nothing"
        self.status.info(f"{self.names[seat]} picked {picked}. {self._after_pick_hint()}")
        self._redraw()

    def _hand_index(self, card) -> int:
        hand = self.hand
        if isinstance(card, int) and not isinstance(card, Card):
            if not 0 <= card < len(hand):
                self._refuse(f"there is no card number {card} in a hand of {len(hand)}")
            return card
        try:
            wanted = card if isinstance(card, Card) else Card.from_text(card)
        except ValueError as error:
            self._refuse(str(error))
        free = [i for i, c in enumerate(hand) if c == wanted and i not in self._selected]
        taken = [i for i, c in enumerate(hand) if c == wanted]
        if not taken:
            self._refuse(f"{self.names[self._at_screen]} does not hold the {wanted}")
        return (free or taken)[0]

    def _after_pick_hint(self) -> str:
        if self._state.step == "play":
            return "Play it or discard it." if len(self._selected) == 1 else "Now pass the two cards."
        return "Pass the two cards, or keep your cards."

    def play_selected(self) -> None:
        """Play the picked card to its expedition."""
        self._act_on_selection("play")

    def discard_selected(self) -> None:
        """Discard the picked card on its colour's pile."""
        self._act_on_selection("discard")

    def pass_selected(self) -> None:
        """Pass the two picked cards to the partner (four players)."""
        self._check_human_turn()
        cards = self.selected
        if len(cards) != 2:
            self._refuse("pick two cards of your hand to pass")
        self._take(pass_cards(*cards))

    def _act_on_selection(self, kind: str) -> None:
        self._check_human_turn()
        cards = self.selected
        if len(cards) != 1:
            self._refuse(f"pick one card of your hand to {kind}" if not cards
                         else f"you picked two cards: {kind} one at a time")
        self._take(Action(kind, cards[0]))

    def draw(self, source: str = "deck") -> None:
        """Draw the top card of the deck (``"deck"``) or of a colour's discard pile."""
        self._check_human_turn()
        self._take(f"draw {source}")

    def choose_or_raise(self, action) -> None:
        """Perform ``action`` (an ``Action`` or its text) for the human to move."""
        self._check_human_turn()
        self._take(action)

    def choose(self, action) -> bool:
        """Everything a human player clicks for one action, in one go ("play red 7",
        "discard blue wager", "draw deck", "draw green", "pass red 7 and blue 3", "pass nothing");
        the pass-the-screen step is taken too.

        Returns ``True`` when the action was taken; otherwise the reason shows in the board's
        status line (``board.status.text``) and ``False`` is returned.
        """
        try:
            if self.pass_screen_pending:
                self._check_legal(action)  # a refused action leaves the hand hidden
                self.show_hand()
            self.choose_or_raise(action)
        except IllegalActionError as refusal:
            self.status.error(f"Refused: {refusal.reason}")
            self._redraw()
            return False
        return True

    def _check_legal(self, action) -> Action:
        """The legal ``Action`` meant by ``action``; the engine's reason if it is not legal."""
        verdict = self._state.explain(action)
        if not verdict.startswith("Legal"):
            self._refuse(verdict.removeprefix("Illegal: "))
        return action if isinstance(action, Action) else self._state._coerce(action)

    def _take(self, action) -> None:
        """Apply a human's action, then let the agents move until a human is needed; the message
        line tells what happened (the agents' moves and any round scored on the way)."""
        seat = self.mover
        action = self._check_legal(action)
        rounds_before = len(self._state.round_results)
        self._state.apply(action)
        self._selected = []
        self._log(seat, action)
        if self.hotseat and self.mover != seat:
            self._at_screen = None  # the hand leaves the screen with its owner
        agents_text = self._run_agents()
        scored = " ".join(f"Round {r.round} scored: {self._result_line(r)}."
                          for r in self._state.round_results[rounds_before:])
        parts = [f"{self.names[seat]}: {action}.", agents_text, scored, self._prompt_text()]
        self.status.info(" ".join(part for part in parts if part))
        self._redraw()

    def _result_line(self, result: RoundResult) -> str:
        return ", ".join(f"{self.side_name(s)} {result.scores[s]:+d}" for s in (0, 1))

    def _run_agents(self) -> str:
        """Agents move until a human must act (never on their own when every seat is an agent);
        returns their moves as text, such as "Bot: play red 7, then draw deck."."""
        if not self.humans:
            return ""
        turns: list[tuple[int, list]] = []
        while not self._state.is_terminal and self.seats[self._state.current_player] != HUMAN:
            seat = self._state.current_player
            action = self._agent_move()
            if turns and turns[-1][0] == seat and action.kind == "draw":
                turns[-1][1].append(action)
            else:
                turns.append((seat, [action]))
        self._note_round_end()
        return " ".join(f"{self.names[seat]}: {', then '.join(map(str, actions))}." for seat, actions in turns)

    def _agent_move(self) -> Action:
        """One agent's action, with its explanation kept for the board (returned: the action)."""
        state = self._state
        seat = state.current_player
        agent = self._agents[seat]
        legal = state.legal_actions()
        explain = getattr(agent, "explain", None)
        explanation = explain(state.observation(seat), legal) if explain else None
        action = explanation.best if explanation else agent.act(state.observation(seat), legal)
        if state.step == "play":
            self.last_turns[seat] = []  # a new turn of this agent
        state.apply(action)
        self.last_turns[seat].append((action, explanation))
        self._log(seat, action)
        return action

    def _log(self, seat: int, action) -> None:
        self.moves_log.add(f"{self.names[seat]}: {action}",
                     f'<span class="gk-seat-colour-{seat}"><b>{escape(self.names[seat])}</b></span> '
                     f"{escape(str(action))}")
        self._note_round_end()

    def _note_round_end(self) -> None:
        results = self._state.round_results
        while self._rounds_logged < len(results):
            result = results[self._rounds_logged]
            self._rounds_logged += 1
            self.moves_log.add(f"Round {result.round} over: {self._result_line(result)}")
            self.result_view.value = self._result_html(result)

    def next_move(self) -> None:
        """One agent's action, when every seat is an agent."""
        self._check_agents_only()
        self._agent_move()
        self.status.info(self._prompt_text())
        self._redraw()

    def finish_round(self) -> None:
        """The agents play to the end of the current round."""
        self._check_agents_only()
        round_ = self._state.round
        while not self._state.is_terminal and self._state.round == round_:
            self._agent_move()
        self.status.info(self._prompt_text())
        self._redraw()

    def play_to_end(self) -> None:
        """The agents play every remaining round."""
        self._check_agents_only()
        while not self._state.is_terminal:
            self._agent_move()
        self.status.info(self._prompt_text())
        self._redraw()

    def _check_agents_only(self) -> None:
        if self._state.is_terminal:
            self._refuse("the match is over: click New game to play again")
        if self.humans:
            self._refuse("the human seats play their own turns")

    def new_game(self, players: int | None = None, seats=None, seed: int | None = None) -> None:
        """Deal a new match; ``players`` and ``seats`` default to the set-up row's choices, and the
        seed to the next of the board's series (same options as the last match, new deal)."""
        players, seats = self._next_seats(players, seats, self.players_picker.value)
        seed = self._next_seed(seed)
        options = {k: v for k, v in self._state.options.items()
                   if k not in ("players", "position", "first_player")}
        self.players_picker.value = players
        self.seat_picker.seats = seats
        self._begin(new_game(players, seed=seed, **options), seats)

    def _players_changed(self, change) -> None:
        self.seat_picker.count = change["new"]

    # --- drawing -------------------------------------------------------------------------------
    def _viewer_side(self) -> int:
        """The side drawn at the bottom: the player at the screen's (side 0 when nobody's)."""
        seat = self._at_screen if self._at_screen is not None else (self.humans[0] if self.humans else 0)
        return self._state.side_of(seat)

    def side_name(self, side: int) -> str:
        """Who builds side ``side``: a player's name, or "Ana & Eva" for a partnership."""
        if self._state.teams:
            first, second = (0, 2) if side == 0 else (1, 3)
            return f"{self.names[first]} & {self.names[second]}"
        return self.names[side]

    def _redraw(self) -> None:
        state = self._state
        self.table_view.value = self._table_html()
        for p, view in enumerate(self.seat_views):
            view.layout.display = None if p < state.num_players else "none"
            if p < state.num_players:
                view.value = self._seat_html(p)
                (view.add_class if p == self.mover else view.remove_class)("gk-active")
        self.action_area.children = self._action_children()
        self.agent_view.value = self._agent_html()
        self.agent_view.layout.display = None if self.agent_view.value else "none"
        self.result_view.layout.display = None if self.result_view.value else "none"
        # Last: the header's ``data-actions`` tells a watcher (a browser test) that the page is
        # up to date, so it must change only after the hand's buttons have.
        self.header.value = self._header_html()

    def _action_children(self) -> list:
        state = self._state
        if state.is_terminal:
            return [_html("lc-final", value=self._final_html())]
        if not self.humans:
            return [widgets.HBox([self.next_button, self.finish_button, self.play_all_button])]
        if self.pass_screen_pending:
            seat = self.mover
            self.pass_screen.ask(self.names[seat], self.status.guard(self.show_hand),
                                 colour_class=f"gk-seat-colour-{seat}")
            return [self.pass_screen]
        seat = self._at_screen
        self._refresh_hand_buttons(seat)
        legal = set(state.legal_actions()) if self.mover == seat else set()
        step = state.step if self.mover == seat else None
        picked = self.selected
        for index, button in enumerate(self._hand_buttons):
            set_enabled(button, step in ("play", "pass"))
            set_selected(button, index in self._selected)
        one = picked[0] if len(picked) == 1 else None
        set_enabled(self.play_button, one is not None and Action("play", one) in legal)
        set_enabled(self.discard_button, one is not None and Action("discard", one) in legal)
        pair = pass_cards(*picked) if len(picked) == 2 else None
        set_enabled(self.pass_button, pair is not None and pair in legal)
        set_enabled(self.keep_button, step == "pass")
        for source, button in self.draw_buttons.items():
            set_enabled(button, step == "draw" and Action("draw", source=source) in legal)
            if source != "deck":
                pile = state.discards.get(source)
                button.layout.display = None if pile is not None else "none"
                button.description = f"Take {pile[-1]}" if pile else f"{source}: empty"
        self.draw_buttons["deck"].description = f"Draw from the deck ({len(state.deck)})"
        name = f'<span class="gk-title gk-seat-colour-{seat}">{escape(self.names[seat])}</span>'
        pick = "pick a card, then play or discard it" + (
            " (or pick two to pass)" if state.teams and state.pass_timing == "instead" else "")
        doing = {"play": pick, "draw": "now draw a card",
                 "pass": "pass two cards to your partner, or keep them"}.get(step, "waiting for the others")
        self.hand_title.value = f"{name}<span class='gk-muted'> — your hand: {doing}</span>"
        turn_buttons = [self.play_button, self.discard_button]
        if state.teams:
            turn_buttons += [self.pass_button] + ([self.keep_button] if state.pass_timing == "after" else [])
        draws = [self.draw_buttons["deck"]] + [self.draw_buttons[c] for c in state.colours]
        return [self.hand_title, self.hand_row, widgets.HBox(turn_buttons, layout=_wrap()),
                widgets.HBox(draws, layout=_wrap())]

    def _refresh_hand_buttons(self, seat: int) -> None:
        """Point the card buttons at the hand on the screen. Buttons are reused slot by slot (a new
        widget per card per turn is slow); only their face and classes change with the hand."""
        hand = self.hand
        key = (seat, tuple(hand))
        if key == self._hand_key:
            return
        self._hand_key = key
        while len(self._hand_pool) < len(hand):
            index = len(self._hand_pool)
            self._hand_pool.append(card_button("", on_click=self.status.guard(lambda i=index: self.select(i))))
        for button, card in zip(self._hand_pool, hand):
            button.description = card_label(card)
            button.tooltip = str(card)
            kept = [name for name in button._dom_classes if not name.startswith("lc-")]
            button._dom_classes = (*kept, "lc-card", f"lc-card-{card.colour}-{card.value}",
                                   f"lc-colour-{card.colour}")
        self._hand_buttons = self._hand_pool[:len(hand)]
        self.hand_row.children = self._hand_buttons

    def _header_html(self) -> str:
        state = self._state
        where = "match over" if state.is_terminal else f"round {state.round} of {state.rounds}"
        totals = " · ".join(f"{escape(self.side_name(s))} {state.totals[s]:+d}" for s in (0, 1))
        return (f'<span class="gk-title">{TITLE}</span> &nbsp; <span class="lc-round" data-actions="{len(state.history)}"><b>{where}</b></span>'
                f' &nbsp; <span class="lc-deck-count" data-count="{len(state.deck)}">deck: '
                f"<b>{len(state.deck)}</b> cards</span> &nbsp; "
                f'<span class="lc-totals">match totals: {totals}</span> &nbsp; '
                f'<span class="gk-muted lc-seed" data-seed="{state.seed}">seed {state.seed}</span>')

    def _table_html(self) -> str:
        """The expeditions: the other side's on top, the discard piles between, the viewer's below."""
        state = self._state
        mine = self._viewer_side()
        colours = state.colours
        running = state.round_scores()

        def side_row(side: int) -> str:
            cells = "".join(self._expedition_cell(side, c) for c in colours)
            label = f"{escape(self.side_name(side))}<br><span class='lc-row-score'>{running[side]:+d}</span>"
            return f'<tr class="lc-side-{side}"><td class="lc-side-label">{label}</td>{cells}</tr>'

        piles = "".join(self._pile_cell(c) for c in colours)
        head = "".join(f"<th>{colour}</th>" for colour in colours)
        return (f'<div class="gk-section-title">Expeditions (running scores) and discard piles</div>'
                f"<table><tr><th></th>{head}</tr>{side_row(1 - mine)}"
                f'<tr><td class="lc-side-label">discards</td>{piles}</tr>{side_row(mine)}</table>')

    def _expedition_cell(self, side: int, colour: str) -> str:
        cards = self._state.expeditions[side][colour]
        score = score_expedition(cards)
        shown = "".join(card_chip(card) for card in cards) or '<span class="gk-muted">—</span>'
        note = f'<div class="lc-row-score">{score:+d}</div>' if cards else ""
        return (f'<td class="lc-expedition lc-side-{side}-{colour}" data-score="{score}" '
                f'data-cards="{" ".join(card_label(c) for c in cards)}">{shown}{note}</td>')

    def _pile_cell(self, colour: str) -> str:
        pile = self._state.discards[colour]
        top = pile[-1] if pile else None
        shown = card_chip(top, big=True) if top else '<span class="gk-muted">empty</span>'
        count = f'<div class="lc-row-score">{len(pile)} card{"s" * (len(pile) != 1)}</div>' if pile else ""
        return (f'<td class="lc-pile-cell lc-pile-{colour}" data-top="{top if top else ""}" '
                f'data-count="{len(pile)}">{shown}{count}</td>')

    def _seat_html(self, p: int) -> str:
        state = self._state
        kind = "human" if self.seats[p] == HUMAN else f"agent: {self.seats[p]}"
        team = f" · team {state.side_of(p)}" if state.teams else ""
        viewer = self._at_screen if self._at_screen is not None else (self.humans[0] if self.humans else None)
        known = ""
        if viewer is not None and p != viewer:
            cards = state.observation(viewer).known[p]
            if cards:
                known = "<div>Known to hold: " + "".join(card_chip(c) for c in cards) + "</div>"
        doing = "▶ to move" if p == self.mover else ""
        return (f'<div class="gk-seat-colour-{p} gk-seat-name">{escape(self.names[p])}</div>'
                f'<div class="gk-muted">player {p}{team} · {escape(kind)}</div>'
                f'<div>Cards in hand: <b class="lc-hand-size">{len(state.hands[p])}</b></div>{known}'
                f'<div class="lc-seat-state">{doing}</div>')

    def _agent_html(self) -> str:
        parts = []
        for seat, turn in sorted(self.last_turns.items()):
            moves = ", then ".join(str(action) for action, _ in turn)
            tables = "".join(self._explanation_html(action, explanation) for action, explanation in turn)
            parts.append(f'<div class="lc-agent-turn" data-seat="{seat}"><b class="gk-seat-colour-{seat}">'
                         f"{escape(self.names[seat])}</b> ({escape(self.seats[seat])}) last turn:<br>"
                         f"<b>{escape(moves)}</b>{tables}</div>")
        if not parts:
            return ""
        return ('<div class="gk-section-title">The agents\' last moves, and why</div>'
                f'<div class="lc-agent-turns">{"".join(parts)}</div>')

    @staticmethod
    def _explanation_html(action, explanation) -> str:
        if explanation is None:
            return ""
        rows = "".join(f"<tr><td>{'▶ ' if c.action == action else ''}{escape(str(c.action))}</td>"
                       f"<td>{c.value:.1f}</td><td>{escape(c.note)}</td></tr>"
                       for c in explanation.candidates[:SHOWN_CANDIDATES])
        more = len(explanation.candidates) - SHOWN_CANDIDATES
        tail = f'<div class="gk-muted">({more} more choices)</div>' if more > 0 else ""
        return (f'<table class="lc-agent-why"><tr><th>choice</th><th>{escape(explanation.value_meaning)}'
                f"</th><th>why</th></tr>{rows}</table>{tail}")

    def _result_html(self, result: RoundResult) -> str:
        rows = []
        for side in (0, 1):
            for colour, cards in result.expeditions[side].items():
                if cards:
                    shown = "".join(card_chip(c) for c in cards)
                    rows.append(f"<tr><td>{escape(self.side_name(side))}</td><td>{colour}</td><td>{shown}</td>"
                                f"<td>{escape(describe_expedition(cards))}</td></tr>")
            rows.append(f'<tr class="lc-result-side-{side}" data-score="{result.scores[side]}" '
                        f'data-total="{result.totals[side]}"><td><b>{escape(self.side_name(side))}</b></td>'
                        f"<td colspan='2'><b>round: {result.scores[side]:+d}</b></td>"
                        f"<td><b>match total: {result.totals[side]:+d}</b></td></tr>")
        head = "<tr><th>side</th><th>expedition</th><th>cards</th><th>(sum − 20) × (1 + wagers) (+20 for 8 cards)</th></tr>"
        return (f'<div class="gk-section-title">Round {result.round} scored, expedition by expedition</div>'
                f"<table>{head}{''.join(rows)}</table>")

    def _winner_text(self) -> str:
        winners = self._state.winners()
        sides = sorted({self._state.side_of(p) for p in winners})
        if len(sides) == 2:
            return "a tie."
        return f"{self.side_name(sides[0])} win{'s' if not self._state.teams else ''}!"

    def _final_html(self) -> str:
        totals = self._state.totals
        return (f'<div class="gk-title">Match over: {escape(self._winner_text())}</div>'
                + "".join(f'<div class="lc-final-side" data-side="{s}" data-total="{totals[s]}">'
                          f"{escape(self.side_name(s))}: <b>{totals[s]:+d}</b></div>" for s in (0, 1)))

    # --- text ----------------------------------------------------------------------------------
    def _prompt_text(self) -> str:
        state = self._state
        if state.is_terminal:
            return f"Match over: {self._winner_text()}"
        seat = self.mover
        if not self.humans:
            return f"{self.names[seat]} ({self.seats[seat]}) is next: click Next move."
        if self.pass_screen_pending:
            return f"Pass the screen to {self.names[seat]}."
        two = " (or two cards, then Pass)" if state.teams and state.pass_timing == "instead" else ""
        return {"play": f"{self.names[seat]}: pick a card, then Play or Discard{two}.",
                "draw": f"{self.names[seat]}: draw from the deck or take the top of a discard pile.",
                "pass": f"{self.names[seat]}: pass two cards to your partner, or keep them."}[state.step]

    def summary(self) -> str:
        """What the board shows, as text (hidden hands stay hidden)."""
        state = self._state
        where = "match over" if state.is_terminal else f"round {state.round} of {state.rounds}"
        lines = [f"Lost Cities, {where} (seed {state.seed}); deck {len(state.deck)} cards; totals "
                 + ", ".join(f"{self.side_name(s)} {state.totals[s]:+d}" for s in (0, 1))]
        tops = "  ".join(f"{c} {card_label(pile[-1]) if pile else '-'}" + (f" ({len(pile)})" if len(pile) > 1 else "")
                         for c, pile in state.discards.items())
        running = state.round_scores()
        for side in (0, 1):
            rows = "  ".join(f"{c} {' '.join(map(card_label, cards))} ({score_expedition(cards):+d})"
                             for c, cards in state.expeditions[side].items() if cards)
            lines.append(f"  {self.side_name(side)}'s expeditions ({running[side]:+d}): {rows or '-'}")
        lines.append(f"  discard piles: {tops}")
        for p in range(state.num_players):
            lines.append(f"  {self.names[p]} ({self.seats[p]}): {len(state.hands[p])} cards"
                         + ("  <- to move" if p == self.mover else ""))
        if self._at_screen is not None and not state.is_terminal:
            picked = f"; picked {' and '.join(map(str, self.selected))}" if self._selected else ""
            lines.append(f"{self.names[self._at_screen]}'s hand: {', '.join(map(str, self.hand))}{picked}")
        for seat, turn in sorted(self.last_turns.items()):
            lines.append(f"{self.names[seat]}'s last turn: {', then '.join(str(a) for a, _ in turn)}")
        if state.round_results:
            last = state.round_results[-1]
            lines.append(f"Round {last.round} scored: {self._result_line(last)}")
        lines.append(f"Message: {self.status.text}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = self._state
        where = "match over" if state.is_terminal else f"round {state.round} of {state.rounds}"
        return f"<LostCitiesBoard {state.num_players} players, {where}, seed {state.seed}>"


def _wrap() -> widgets.Layout:
    return widgets.Layout(flex_flow="row wrap")


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view
