"""The Milhões board: secret bids at one screen, against friends (hot-seat) or agents.

>>> board = MilhoesBoard(players=2, seats=["human", "random"], seed=3)
>>> board.choose(0, 12)
True
>>> board.state.round
2

Each round every human seat picks a Power card and confirms it; when several humans share the
screen, a "pass the screen to ..." step hides each hand from the others. Agent seats choose by
themselves (seat ``p``'s agent is ``AGENTS[name](seed=derive_seed(game seed, p))``, so a game's seed
fixes its agents too). When all have chosen, the bids are revealed and the engine decides who wins
what. The board holds no rules: it shows ``state.legal_actions``, checks a choice with
``state.explain`` and plays the round with ``state.apply_joint``; every refusal shows in the board.

CSS classes for tests and styling: ``mh-board``, ``mh-seed``, ``mh-pot``, ``mh-seat-<p>``,
``mh-card-<seat>-<value>``, ``mh-confirm``, ``mh-pass-screen``, ``mh-play-round``, ``mh-play-all``,
``mh-status``, ``mh-reveal``, ``mh-history``, ``mh-result``, ``mh-scores``, ``mh-players``,
``gk-seat-<p>`` (seat pickers) and ``mh-new-game``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError
from gamekit.core.state import normalise_text
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

from .agents import AGENTS
from .rules import Bid, MilhoesState, RoundResult, format_points, new_game

MAX_PLAYERS = 5
TITLE = "Tu és Milhais, mas vales Milhões!"


def load_agents() -> dict:
    """The agents a seat can be given: a copy of ``gamekit.milhoes.agents.AGENTS`` (name -> class)."""
    return dict(AGENTS)


def points_chip(value: int, *, big: bool = False, classes=()) -> str:
    """A Points card: a Battle (positive, gold) or a Red Baron (negative, dark red)."""
    kind = "gk-chip-plus" if value >= 0 else "gk-chip-minus"
    title = "Battle" if value >= 0 else "Red Baron"
    return chip(f"{value:+d}", classes=[kind, "mh-points", *classes], big=big, title=title)


class MilhoesBoard(SeatedBoard):
    """A playable board for ``state`` (default: a new game of ``players`` with ``seed``).

    ``seats`` gives each seat's kind, ``"human"`` or an agent name from ``agents`` (default:
    ``gamekit.milhoes.agents.AGENTS``); all seats are human (hot-seat) unless told otherwise.
    ``names`` names the players; ``options`` are further ``new_game`` options (``memory=True``, ...).

    From Python: ``choose(seat, card)`` does what a player's clicks do, ``play_round()`` plays a
    round between agents, ``new_game(...)`` deals again, ``summary()`` describes what is shown.
    """

    max_players = MAX_PLAYERS
    button_width = "160px"

    def __init__(self, state: MilhoesState | None = None, *, seats=None, names=None, players: int = 3,
                 seed: int | None = None, options: dict | None = None, agents: dict | None = None):
        if state is None:
            state = new_game(players, seed=seed, **(options or {}))
        seats = self._seat(state, seats, names, seed, agents if agents is not None else load_agents())
        self._build_widgets(seats)
        super().__init__(self._layout())
        self.add_class("gk-board")
        self.add_class("mh-board")
        self._begin(state, seats)

    # --- widgets -------------------------------------------------------------------------------
    def _build_widgets(self, seats) -> None:
        self.status = StatusArea()  # first: every button's callback reports here
        self.status.add_class("mh-status")
        self.header = _html("mh-header")
        self.pot_view = _html("mh-pot")
        self.seat_views = [_html("gk-seat-panel", f"mh-seat-{p}", f"gk-seat-colour-{p}",
                                 layout=widgets.Layout(flex="1 1 170px", margin="3px"))
                           for p in range(MAX_PLAYERS)]
        self.seats_row = widgets.HBox(self.seat_views, layout=widgets.Layout(flex_flow="row wrap"))
        self.seats_row.add_class("mh-seats")
        self.pass_screen = PassScreen()
        self.pass_screen.button.add_class("mh-pass-screen")
        self.hand_title = _html("mh-hand-title")
        self.hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_row.add_class("mh-hand")
        self.confirm_button = self._button("Confirm my card", "mh-confirm", self.confirm, style="success")
        self.confirm_button.layout.width = "260px"
        self.play_round_button = self._button("Play a round", "mh-play-round", self.play_round)
        self.play_all_button = self._button("Play to the end", "mh-play-all", self.play_to_end)
        self.result_view = _html("mh-result")
        self.scores_view = _html("mh-scores")
        self.action_area = widgets.VBox()
        self.action_area.add_class("mh-action")
        self.reveal_view = _html("mh-reveal", layout=widgets.Layout(flex="1 1 420px"))
        self.history = LogPanel("Round history", layout=widgets.Layout(flex="1 1 420px"))
        self.history.add_class("mh-history")
        self.players_picker = widgets.Dropdown(options=list(range(2, MAX_PLAYERS + 1)), value=len(seats),
                                               description="Players", layout=widgets.Layout(width="150px"),
                                               style={"description_width": "60px"})
        self.players_picker.add_class("mh-players")
        self.seat_picker = SeatPicker(list(self.agents), seats, max_seats=MAX_PLAYERS, names=self.all_names)
        self.players_picker.observe(self._players_changed, names="value")
        self.new_game_button = self._button("New game", "mh-new-game", self.new_game, style="primary")
        self.card_buttons: dict[tuple[int, int], widgets.Button] = {}

    def _layout(self) -> list:
        setup_title = _html("gk-section-title", value="Next game: players and who plays each seat")
        setup = widgets.VBox([setup_title, widgets.HBox([self.players_picker, self.new_game_button]),
                              self.seat_picker])
        setup.add_class("mh-setup")
        lower = widgets.HBox([self.reveal_view, self.history], layout=widgets.Layout(flex_flow="row wrap"))
        return [theme(), self.header, self.pot_view, self.seats_row, self.action_area, self.status,
                lower, setup]

    # --- game flow -----------------------------------------------------------------------------
    def _begin(self, state: MilhoesState, seats) -> None:
        self._take_seats(state, seats)
        self.card_buttons = {
            (seat, value): card_button(str(value), classes=[f"mh-card-{seat}-{value}", "mh-card",
                                                            f"gk-seat-colour-{seat}"],
                                       tooltip=f"bid {value}",
                                       on_click=self.status.guard(lambda v=value: self.select(v)))
            for seat in self.humans for value in range(1, state.cards + 1)
        }
        self.history.clear()
        for result in state.rounds:  # a state handed over mid-game keeps its past
            self.history.add(*self._history_entry(result))
        self.reveal_view.value = self._reveal_html(state.rounds[-1]) if state.rounds else ""
        self._start_round()
        self.status.info(self._prompt_text())
        self._redraw()

    @property
    def chooser(self) -> int | None:
        """The human seat whose choice is awaited (``None`` between games or among agents)."""
        return self._chooser

    @property
    def pass_screen_pending(self) -> bool:
        return self._chooser is not None and not self._hand_shown

    def _start_round(self) -> None:
        self._pending: dict[int, Bid] = {}
        self._selected: Bid | None = None
        self._chooser = None
        self._hand_shown = False
        if self._state.is_terminal:
            return
        state = self._state
        choices = {seat: agent.act(state.observation(seat), state.legal_actions(seat))
                   for seat, agent in enumerate(self._agents) if agent is not None}
        self._pending.update(choices)
        self._next_chooser()

    def _next_chooser(self) -> None:
        waiting = [p for p in self.humans if p not in self._pending]
        self._chooser = waiting[0] if waiting else None
        self._hand_shown = self._chooser is not None and not self.hotseat
        self._selected = None

    def _refuse(self, reason: str):
        raise IllegalActionError(reason)

    def _check_can_choose(self, seat: int) -> None:
        if self._state.is_terminal:
            self._refuse("the game is over: click New game to play again")
        if not isinstance(seat, int) or not 0 <= seat < self._state.num_players:
            self._refuse(f"there is no seat {seat!r}: seats are 0 to {self._state.num_players - 1}")
        if self.seats[seat] != HUMAN:
            self._refuse(f"{self.names[seat]}'s seat is played by the agent {self.seats[seat]!r}")
        if seat in self._pending:
            self._refuse(f"{self.names[seat]} has already chosen a card this round")
        if seat != self._chooser:
            self._refuse(f"it is {self.names[self._chooser]}'s turn to choose, not {self.names[seat]}'s")

    def show_hand(self) -> None:
        """The pass-the-screen step's button: the awaited player is at the screen."""
        if not self.pass_screen_pending:
            self._refuse("there is no hand waiting behind the screen")
        self._hand_shown = True
        self.status.info(self._prompt_text())
        self._redraw()

    def select(self, card) -> None:
        """Pick ``card`` (a value, ``Bid`` or ``"bid 7"``) for the awaited seat; confirm follows."""
        seat = self._chooser
        if seat is None:
            self._refuse("nobody is choosing a card now" if not self._state.is_terminal
                         else "the game is over: click New game to play again")
        if not self._hand_shown:
            self._refuse(f"pass the screen to {self.names[seat]} first")
        action = self._as_action(card, seat)
        self._set_selection(action)
        self.status.info(f"{self.names[seat]} picked {action.card}: confirm it, or pick another card.")
        self._redraw()

    def confirm(self) -> None:
        """Lock in the picked card; when every seat has chosen, reveal the bids."""
        seat = self._chooser
        if seat is None or not self._hand_shown:
            self._refuse("nobody is choosing a card now")
        if self._selected is None:
            self._refuse(f"{self.names[seat]}, pick a card before confirming")
        self._pending[seat] = self._selected
        self._next_chooser()
        if self._chooser is None:
            self._resolve()
        else:
            self.status.info(self._prompt_text())
        self._redraw()

    def choose(self, seat: int, card) -> bool:
        """Everything a human player clicks in one go (the screen step, the card, Confirm).

        Returns ``True`` when the choice was taken; otherwise the reason shows in the board's
        status line (``board.status.text``) and ``False`` is returned.
        """
        try:
            self._check_can_choose(seat)
            self._as_action(card, seat)  # a refused card leaves the hand hidden
            if self.pass_screen_pending:
                self.show_hand()
            self.select(card)
            self.confirm()
        except IllegalActionError as refusal:
            self.status.error(f"Refused: {refusal.reason}")
            self._redraw()
            return False
        return True

    def play_round(self) -> None:
        """Play one round when every seat is an agent (the agents' choices are already made)."""
        if self._state.is_terminal:
            self._refuse("the game is over: click New game to play again")
        if self.humans:
            self._refuse("the human seats choose their cards themselves")
        self._resolve()
        self._redraw()

    def play_to_end(self) -> None:
        """Play every remaining round between the agents."""
        self.play_round()
        while not self._state.is_terminal:
            self.play_round()

    def _as_action(self, card, seat: int) -> Bid:
        """The legal ``Bid`` meant by ``card``; the engine's reason if it is not legal."""
        if isinstance(card, int) and not isinstance(card, bool):
            card = Bid(card)
        verdict = self._state.explain(card, seat)
        if not verdict.startswith("Legal"):
            self._refuse(verdict.removeprefix("Illegal: "))
        if isinstance(card, Bid):
            return card
        wanted = normalise_text(card)
        return next(a for a in self._state.legal_actions(seat) if str(a) == wanted)

    def _set_selection(self, action: Bid | None) -> None:
        self._selected = action
        for (seat, value), button in self.card_buttons.items():
            set_selected(button, action is not None and seat == self._chooser and value == action.card)

    def _resolve(self) -> None:
        try:
            self._state.apply_joint(self._pending)
        except IllegalActionError as refusal:  # only an agent can get here: humans are checked
            self._start_round()
            raise IllegalActionError(f"the round could not be played ({refusal.reason})") from None
        result = self._state.rounds[-1]
        self.history.add(*self._history_entry(result))
        self.reveal_view.value = self._reveal_html(result)
        self._start_round()
        if self._state.is_terminal:
            self.status.success(f"{result.describe(self.names)} Game over: {self._winner_text()}")
        else:
            self.status.info(f"{result.describe(self.names)} {self._prompt_text()}")

    def new_game(self, players: int | None = None, seats=None, seed: int | None = None) -> None:
        """Deal a new game; ``players`` and ``seats`` default to the set-up row's choices, and the
        seed to the next of the board's series (same options as the last game, new deal)."""
        players, seats = self._next_seats(players, seats, self.players_picker.value)
        seed = self._next_seed(seed)
        options = {k: v for k, v in self._state.options.items() if k not in ("players", "points_order")}
        self.players_picker.value = players
        self.seat_picker.seats = seats
        self._begin(new_game(players, seed=seed, **options), seats)

    def _players_changed(self, change) -> None:
        self.seat_picker.count = change["new"]

    # --- drawing -------------------------------------------------------------------------------
    def _redraw(self) -> None:
        state = self._state
        self.header.value = self._header_html()
        self.pot_view.value = self._pot_html()
        public = state.observation(0)
        for p, view in enumerate(self.seat_views):
            view.layout.display = None if p < state.num_players else "none"
            if p < state.num_players:
                view.value = self._seat_html(p, public)
                (view.add_class if p == self._chooser else view.remove_class)("gk-active")
        self.action_area.children = self._action_children()
        self.reveal_view.layout.display = None if self.reveal_view.value else "none"
        # with memory=True remembering the past bids is part of the game: the log waits for the end
        self.history.layout.display = "none" if state.memory and not state.is_terminal else None

    def _action_children(self) -> list:
        state, seat = self._state, self._chooser
        if state.is_terminal:
            self.result_view.value = self._result_html()
            self.scores_view.value = self._scores_html()
            return [self.result_view, self.scores_view]
        if seat is None:  # every seat is an agent
            return [widgets.HBox([self.play_round_button, self.play_all_button])]
        if not self._hand_shown:
            self.pass_screen.ask(self.names[seat], self.status.guard(self.show_hand),
                                 colour_class=f"gk-seat-colour-{seat}")
            return [self.pass_screen]
        legal = {a.card for a in state.legal_actions(seat)}
        buttons = []
        for value in range(1, state.cards + 1):
            button = self.card_buttons[(seat, value)]
            set_enabled(button, value in legal)
            buttons.append(button)
        self.hand_row.children = buttons
        self.confirm_button.disabled = self._selected is None
        name = f'<span class="gk-title gk-seat-colour-{seat}">{escape(self.names[seat])}</span>'
        self.hand_title.value = (f"{name}<span class='gk-muted'> — your secret bid for "
                                 f"{escape(format_points(state.pot))} (spent cards are greyed out)</span>")
        return [self.hand_title, self.hand_row, self.confirm_button]

    def _header_html(self) -> str:
        state = self._state
        where = "game over" if state.is_terminal else f"round {state.round} of {state.cards}"
        return (f'<span class="gk-title">{escape(TITLE)}</span> &nbsp; '
                f'<span class="mh-round"><b>{where}</b></span> &nbsp; '
                f'<span class="gk-muted mh-seed" data-seed="{state.seed}">game seed {state.seed}</span>')

    def _pot_html(self) -> str:
        state = self._state
        if state.is_terminal:
            return ""
        chips = "".join(points_chip(v, big=True) for v in state.pot)
        if len(state.pot) > 1:
            rule = f"Sum {sum(state.pot):+d}: the {state.contest} unique bid wins them all"
        elif state.contest == "highest":
            rule = "A Battle: the highest unique bid wins it"
        else:
            rule = "A Red Baron: the lowest unique bid takes it"
        coming = state.observation(0).points_to_come
        if coming is None:  # memory mode: remembering is part of the game
            later = "hidden"
        else:
            later = " ".join(points_chip(v) for v in coming) or "none"
        return (f'<div class="gk-section-title">On the table</div>'
                f'<div class="gk-row">{chips}<span><b>{rule}.</b> Tied bids cancel.<br>'
                f'<span class="gk-muted">Still to come: {later}</span></span></div>')

    def _seat_html(self, p: int, public) -> str:
        state = self._state
        kind = "human" if self.seats[p] == HUMAN else f"agent: {self.seats[p]}"
        score = public.scores[p] if public.scores is not None else None
        shown = f"{score:+d}" if score is not None else "?"
        won = "".join(points_chip(v) for v in public.won[p]) or '<span class="gk-muted">none</span>'
        used = " ".join(chip(v) for v in public.used[p]) or '<span class="gk-muted">none</span>'
        pile = "top card" if state.memory else "played"
        data = "" if score is None else score
        return (f'<div class="gk-seat-colour-{p} gk-seat-name">{escape(self.names[p])}</div>'
                f'<div class="gk-muted">player {p} · {escape(kind)}</div>'
                f'<div>Points: <b class="mh-score" data-score="{data}">{shown}</b></div>'
                f"<div>Won: {won}</div><div>{pile.capitalize()}: {used}</div>"
                f'<div class="mh-seat-state">{self._seat_state(p)}</div>')

    def _seat_state(self, p: int) -> str:
        if self._state.is_terminal:
            return "★ winner" if p in self._state.winners() else ""
        if p in self._pending:
            return "✔ card chosen (hidden)"
        if p == self._chooser:
            return "▶ choosing…"
        return "waiting"

    def _reveal_html(self, result: RoundResult) -> str:
        bids = "".join(
            f'<div class="gk-centred mh-reveal-bid"><div class="gk-seat-colour-{p}">'
            f"<b>{escape(self.names[p])}</b></div>{self._bid_chip(result, p)}</div>"
            for p in range(len(result.bids))
        )
        return (f'<div class="gk-section-title">Round {result.round} revealed: '
                f'{escape(format_points(result.pot))}</div><div class="gk-row">{bids}</div>'
                f'<div class="mh-reveal-text">{escape(result.describe(self.names))}</div>')

    def _bid_chip(self, result: RoundResult, p: int, big: bool = True) -> str:
        bid = result.bids[p]
        classes = ["mh-bid"]
        if bid in result.cancelled:
            classes.append("gk-chip-cancelled")
        if p == result.winner:
            classes.append("gk-chip-winner")
        return chip(bid, classes=classes, big=big,
                    title="tied: cancelled" if bid in result.cancelled else "")

    def _history_entry(self, result: RoundResult) -> tuple[str, str]:
        bids = ", ".join(f"{self.names[p]} {b}" + (" (tied)" if b in result.cancelled else "")
                         for p, b in enumerate(result.bids))
        text = f"{result.describe(self.names)} Bids: {bids}."
        chips = " ".join(f'<span class="gk-seat-colour-{p}">{escape(self.names[p])}</span> '
                         f"{self._bid_chip(result, p, big=False)}" for p in range(len(result.bids)))
        return text, f"{escape(result.describe(self.names))}<br>{chips}"

    def _winner_text(self) -> str:
        winners = self._state.winners()
        named = " and ".join(self.names[p] for p in winners)
        return f"{named} wins!" if len(winners) == 1 else f"{named} share the win."

    def _result_html(self) -> str:
        unawarded = self._state.unawarded
        lost = (f'<div class="gk-muted">Never awarded: {format_points(unawarded)}</div>' if unawarded else "")
        return (f'<div class="gk-title">Game over: {escape(self._winner_text())}</div>'
                f'<div class="mh-explanation">{escape(self._state.tiebreak_explanation())}</div>{lost}')

    def _scores_html(self) -> str:
        state = self._state
        winners = state.winners()
        rows = []
        for p, score in enumerate(state.scores()):
            battles = [v for v in state.won[p] if v > 0]
            barons = [v for v in state.won[p] if v < 0]
            best = f"+{max(battles)}" if battles else "—"
            rows.append(
                f'<tr class="mh-score-row" data-seat="{p}" data-score="{score}">'
                f'<td class="gk-seat-colour-{p}"><b>{escape(self.names[p])}</b>{" ★" * (p in winners)}</td>'
                f"<td><b>{score:+d}</b></td><td>{format_points(battles) or '—'}</td>"
                f"<td>{format_points(barons) or '—'}</td><td>{best}</td></tr>"
            )
        head = "".join(f"<th>{title}</th>" for title in
                       ("Player", "Points", "Battles", "Red Barons", "Highest Battle"))
        head = f"<tr>{head}</tr>"
        return f'<table class="gk-table">{head}{"".join(rows)}</table>'

    # --- text ----------------------------------------------------------------------------------
    def _prompt_text(self) -> str:
        if self._state.is_terminal:
            return f"Game over: {self._winner_text()}"
        seat = self._chooser
        if seat is None:
            return "The agents have chosen: click Play a round."
        if not self._hand_shown:
            return f"Pass the screen to {self.names[seat]}."
        return f"{self.names[seat]}: pick a card, then confirm."

    def summary(self) -> str:
        """What the board shows, as text (hidden hands stay hidden)."""
        state = self._state
        public = state.observation(0)
        where = "game over" if state.is_terminal else f"round {state.round} of {state.cards}"
        lines = [f"Milhões, {where} (game seed {state.seed})"]
        if not state.is_terminal:
            lines.append(f"On the table: {format_points(state.pot)} (the {state.contest} unique bid wins)")
        for p in range(state.num_players):
            score = "?" if public.scores is None else f"{public.scores[p]:+d}"
            won = format_points(public.won[p]) or "-"
            used = " ".join(map(str, public.used[p])) or "-"
            lines.append(f"  {self.names[p]} ({self.seats[p]}): {score} points, won {won}; played {used};"
                         f" {self._seat_state(p) or '-'}")
        if self._chooser is not None and self._hand_shown:
            hand = " ".join(str(a.card) for a in state.legal_actions(self._chooser))
            picked = f", picked {self._selected.card}" if self._selected else ""
            lines.append(f"{self.names[self._chooser]}'s hand: {hand}{picked}")
        if state.rounds:
            lines.append(f"Last round: {self._history_entry(state.rounds[-1])[0]}")
        if state.is_terminal:
            lines.append(f"Result: {self._winner_text()} {state.tiebreak_explanation()}")
        lines.append(f"Message: {self.status.text}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = "game over" if self._state.is_terminal else f"round {self._state.round}"
        return f"<MilhoesBoard {self._state.num_players} players, {where}, seed {self._state.seed}>"


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view
