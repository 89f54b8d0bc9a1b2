"""The Milhões board: secret bids at one screen, against friends (hot-seat) or the computer.

>>> board = MilhoesBoard(seats=["human", "random"], names=["Ana"], seed=3)
>>> board.choose(0, 12)
True
>>> board.state.round
2

A view over a :class:`gamekit.core.Table`, which runs the game: whose choice it is, the agents'
bids, the pass-the-screen step between people, the log. The board draws ``table.view(seat)`` for
the seat at the screen and turns clicks into ``table.submit``: click a card to pick it, Confirm to
bid it. From Python, ``choose(seat, card)`` does the same clicks in one go.

CSS classes for tests and styling: ``mh-board``, ``mh-seed``, ``mh-round``, ``mh-pot``,
``mh-seat-<p>``, ``mh-card-<seat>-<value>``, ``mh-confirm``, ``mh-pass-screen``, ``mh-play-round``,
``mh-play-all``, ``mh-status``, ``mh-reveal``, ``mh-log``, ``mh-result``, ``mh-scores``,
``mh-players``, ``gk-seat-<p>`` and ``gk-seat-name-<p>`` (set-up row), ``mh-memory-aid`` (the
set-up row's box), ``mh-aid-on`` (the header's note when the memory aid is on) and ``mh-new-game``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, TableView
from gamekit.ui import card_button, chip, set_enabled, set_selected
from gamekit.ui.table_board import TableBoard

from .rules import Bid, RoundResult, format_points

MAX_PLAYERS = 5
TITLE = "Tu és Milhais, mas vales Milhões!"


def load_agents() -> dict:
    """The agents a seat can be given: a copy of ``gamekit.milhoes.agents.AGENTS`` (name -> class).
    Imported on first use: the agents bring the equilibrium solver, which a board may never need."""
    from .agents import AGENTS

    return dict(AGENTS)


def points_chip(value: int, *, big: bool = False, classes=()) -> str:
    """A Points card: a Battle (positive, gold) or a Red Baron (negative, dark red)."""
    kind = "gk-chip-plus" if value >= 0 else "gk-chip-minus"
    title = "Battle" if value >= 0 else "Red Baron"
    return chip(f"{value:+d}", classes=[kind, "mh-points", *classes], big=big, title=title)


class MilhoesBoard(TableBoard):
    """A playable board: ``seats`` gives each seat's kind, ``"human"`` or an agent name from
    ``agents`` (default: ``gamekit.milhoes.agents.AGENTS``), ``names`` the players' names;
    ``options`` are further ``new_game`` options. ``state`` shows a game already started;
    ``table`` and ``seat`` make the board one player's screen at a table run elsewhere.

    From Python: ``choose(seat, card)`` does what a player's clicks do, ``play_round()`` plays a
    round between agents, ``new_game(...)`` deals again, ``summary()`` says what is on screen.
    """

    game = "milhoes"
    css = "mh"
    max_players = MAX_PLAYERS
    default_players = 3
    log_title = "Round history"
    button_width = "160px"

    def __init__(self, state=None, *, seats=None, names=None, players: int | None = None,
                 seed: int | None = None, options: dict | None = None, agents: dict | None = None,
                 table=None, seat: int | None = None, presentation: bool = False):
        if state is not None and options is None:  # later games: the same options, a new deal
            options = {k: v for k, v in state.options.items() if k not in ("players", "points_order")}
        self.selected: Bid | None = None
        self.card_buttons: dict[tuple[int, int], widgets.Button] = {}
        self.confirm_button = None
        super().__init__(seats=seats, names=names, players=players, seed=seed, options=options,
                         agents=agents if agents is not None else load_agents(), state=state,
                         table=table, seat=seat, presentation=presentation)
        self.memory_aid_box = widgets.Checkbox(
            value=self.state.memory_aid, description="Memory aid", indent=False,
            tooltip="Show every card played and won, the exact scores and the Points cards still to "
                    "come (the booklet shows only the top card of each pile)",
            layout=widgets.Layout(width="auto", margin="0 0 0 12px"))
        self.memory_aid_box.add_class("mh-memory-aid")
        row = self.setup.children[1]  # the set-up row: players, New game, presentation size
        row.children = (*row.children, self.memory_aid_box)

    def new_game(self, players: int | None = None, seats=None, seed: int | None = None, names=None,
                 memory_aid: bool | None = None) -> None:
        """Deal again (see :meth:`TableBoard.new_game`); ``memory_aid`` defaults to the set-up
        row's "Memory aid" box."""
        if memory_aid is not None:
            self.memory_aid_box.value = bool(memory_aid)
        aid = self.memory_aid_box.value
        self.options["memory_aid"] = aid
        if aid != self.state.memory_aid:
            self.kinds = ()  # other options than this table's: a new table, not its next game
        super().new_game(players, seats, seed, names)

    # --- clicks ------------------------------------------------------------------------------
    @property
    def chooser(self) -> int | None:
        """The person whose bid the table waits for (``None``: nobody, or only agents)."""
        return self.table.next_person

    def show_hand(self) -> None:
        """The pass-the-screen button: the awaited player is at the screen."""
        if not self.pass_screen_pending:
            raise IllegalActionError("there is no hand waiting behind the screen")
        self.take_screen()

    def select(self, card) -> None:
        """Pick ``card`` (a value, a ``Bid`` or ``"bid 7"``) for the seat at the screen."""
        view = self.view
        if not view.my_turn:
            raise IllegalActionError(self._why_nobody_chooses(view))
        action = self._as_bid(card)
        reason = self.state.why_illegal(action, view.seat, names=view.names)
        if reason is not None:
            raise IllegalActionError(reason, action)
        self.selected = action
        self.message = (f"{view.name} picked {action.card}: confirm it, or pick another card.", "info")
        self.refresh()

    def confirm(self) -> None:
        """Bid the picked card: the table keeps it secret until every seat has chosen."""
        view = self.view
        if not view.my_turn:
            raise IllegalActionError(self._why_nobody_chooses(view))
        if self.selected is None:
            raise IllegalActionError(f"{view.name}, pick a card before confirming")
        self.submit(self.selected)

    def reset_choice(self) -> None:
        self.selected = None

    def choose(self, seat: int, card) -> bool:
        """Everything a player clicks in one go (the screen step, the card, Confirm). Returns
        ``True`` when the bid was taken; otherwise the reason shows in the status line
        (``board.status.text``) and ``False`` is returned."""
        try:
            bid = self._as_bid(card)
            if self.table.pass_to == seat:
                reason = self.state.why_illegal(bid, seat, names=self.names)
                if reason is not None:  # a refused card leaves the hand hidden
                    raise IllegalActionError(reason, bid)
                self.take_screen()
            if self.viewer == seat:
                self.select(bid)
                self.confirm()
            else:  # not at the screen: the table takes it, or says why not
                self.table.submit(bid, seat, version=self.view.version)
                self.reset_choice()
                self.message = None
                self.refresh()
        except IllegalActionError as refusal:
            self.message = (f"Refused: {refusal.reason}", "error")
            self.refresh()
            return False
        return True

    def _as_bid(self, card) -> Bid:
        if isinstance(card, int) and not isinstance(card, bool):
            return Bid(card)
        if isinstance(card, Bid):
            return card
        return self.state.parse(card)

    def _why_nobody_chooses(self, view: TableView) -> str:
        if view.is_over:
            return "the game is over: click New game to play again"
        if self.table.pass_to is not None:
            return f"pass the screen to {view.names[self.table.pass_to]} first"
        return "nobody is choosing a card now"

    # --- drawing -----------------------------------------------------------------------------
    def public(self, view: TableView):
        """The public part of ``view``'s observation (a spectator's, on the pass-the-screen step)."""
        return view.observation if view.observation is not None else self.state.public_observation()

    def draw(self, view: TableView) -> list:
        seen = self.public(view)
        self.header.value = self._header_html(seen, view)
        pot = _html("mh-pot", value=self._pot_html(seen, view))
        seats = widgets.HBox([_html("gk-seat-panel", f"mh-seat-{p}", f"gk-seat-colour-{p}",
                                    *(["gk-active"] if p in view.waiting_for else []),
                                    value=self._seat_html(p, seen, view),
                                    layout=widgets.Layout(flex="1 1 170px", margin="3px"))
                              for p in range(len(view.names))],
                             layout=widgets.Layout(flex_flow="row wrap"))
        seats.add_class("mh-seats")
        parts = [pot, seats]
        if view.is_over:
            parts = [_html("mh-result", value=self._result_html(view)),
                     _html("mh-scores", value=self._scores_html(seen, view)), seats]
        return parts

    def action_widgets(self, view: TableView) -> list:
        widgets_ = []
        if view.my_turn:
            widgets_ += self._hand(view)
        last = self.public(view).last_round
        if last is not None:
            widgets_.append(_html("mh-reveal", value=self._reveal_html(last, view)))
        return widgets_

    def _hand(self, view: TableView) -> list:
        seat, seen = view.seat, view.observation
        legal = {a.card for a in view.legal_actions}
        buttons = []
        for value in range(1, seen.cards + 1):
            button = self._card_button(seat, value)
            set_enabled(button, value in legal)
            (button.add_class if value not in legal else button.remove_class)("gk-spent")
            set_selected(button, self.selected is not None and self.selected.card == value)
            buttons.append(button)
        hand = widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))
        hand.add_class("mh-hand")
        name = f'<span class="gk-title gk-seat-colour-{seat}">{escape(view.name)}</span>'
        title = _html("mh-hand-title", value=(
            f"{name}<span class='gk-muted'> — your secret bid for {escape(format_points(seen.pot))} "
            "(spent cards are greyed out)</span>"))
        if self.confirm_button is None:
            self.confirm_button = self.button("Confirm my card", "mh-confirm", self.confirm,
                                              style="success")
            self.confirm_button.layout.width = "260px"
        self.confirm_button.disabled = self.selected is None
        self.confirm_button.tooltip = "Pick a card first" if self.selected is None else ""
        return [title, hand, self.confirm_button]

    def _card_button(self, seat: int, value: int) -> widgets.Button:
        key = (seat, value)
        if key not in self.card_buttons:
            button = card_button(str(value), classes=[f"mh-card-{seat}-{value}", "mh-card",
                                                      f"gk-seat-colour-{seat}"])
            self.on_click(button, lambda v=value: self.select(v))
            self.card_buttons[key] = button
        return self.card_buttons[key]

    def _header_html(self, seen, view: TableView) -> str:
        where = "game over" if view.is_over else f"round {seen.round} of {seen.rounds}"
        seed = self.state.seed
        aid = '<span class="mh-aid-on"><b>memory aid on</b></span> &nbsp; ' if seen.memory_aid else ""
        return (f'<span class="gk-title">{escape(TITLE)}</span> &nbsp; '
                f'<span class="mh-round"><b>{where}</b></span> &nbsp; {aid}'
                f'<span class="gk-muted mh-seed" data-seed="{seed}">game {seed}</span>')

    def _pot_html(self, seen, view: TableView) -> str:
        chips = "".join(points_chip(v, big=True) for v in seen.pot)
        if len(seen.pot) > 1:
            rule = f"Sum {sum(seen.pot):+d}: the {seen.contest} unique bid wins them all"
        elif seen.contest == "highest":
            rule = "A Battle: the highest unique bid wins it"
        else:
            rule = "A Red Baron: the lowest unique bid takes it"
        coming = seen.points_to_come
        later = "hidden" if coming is None else (" ".join(points_chip(v) for v in coming) or "none")
        return (f'<div class="gk-section-title">On the table</div>'
                f'<div class="gk-row">{chips}<span><b>{rule}.</b> Tied bids cancel.<br>'
                f'<span class="gk-muted">Still to come: {later}</span></span></div>')

    def _seat_html(self, p: int, seen, view: TableView) -> str:
        kind = "person" if p in view.persons else f"computer: {self.kinds[p]}"
        score = seen.scores[p] if seen.scores is not None else None
        shown = f"{score:+d}" if score is not None else "?"
        won = "".join(points_chip(v) for v in seen.won[p]) or '<span class="gk-muted">none</span>'
        used = " ".join(chip(v) for v in seen.used[p]) or '<span class="gk-muted">none</span>'
        data = "" if score is None else score
        return (f'<div class="gk-seat-colour-{p} gk-seat-name">{escape(view.names[p])}</div>'
                f'<div class="gk-muted">{escape(kind)}</div>'
                f'<div>Points: <b class="mh-score" data-score="{data}">{shown}</b></div>'
                f"<div>Won: {won}</div><div>Played: {used}</div>"
                f'<div class="mh-seat-state">{self._seat_state(p, view)}</div>')

    def _seat_state(self, p: int, view: TableView) -> str:
        if view.is_over:
            return "★ winner" if p in view.outcome.winners else ""
        if p in view.chosen:
            return "✔ card chosen (hidden)"
        if p in view.waiting_for:
            return "▶ choosing…"
        return "waiting"

    def _reveal_html(self, result: RoundResult, view: TableView) -> str:
        bids = "".join(
            f'<div class="gk-centred mh-reveal-bid"><div class="gk-seat-colour-{p}">'
            f"<b>{escape(view.names[p])}</b></div>{_bid_chip(result, p)}</div>"
            for p in range(len(result.bids))
        )
        return (f'<div class="gk-section-title">Round {result.round} revealed: '
                f'{escape(format_points(result.pot))}</div><div class="gk-row">{bids}</div>'
                f'<div class="mh-reveal-text">{escape(result.describe(view.names))}</div>')

    def _explanation(self, view: TableView) -> str:
        explain = getattr(self.state, "tiebreak_explanation", None)
        return explain(list(view.names)) if explain else view.outcome.reason

    def _result_html(self, view: TableView) -> str:
        return (f'<div class="gk-title">{escape(self.result_text(view))}</div>'
                f'<div class="mh-explanation">{escape(self._explanation(view))}</div>')

    def _scores_html(self, seen, view: TableView) -> str:
        rows = []
        for p, score in enumerate(view.outcome.scores):
            won = seen.won[p] if seen.scores is not None else self.state.won[p]
            battles = [v for v in won if v > 0]
            barons = [v for v in won if v < 0]
            best = f"+{max(battles)}" if battles else "—"
            rows.append(
                f'<tr class="mh-score-row" data-seat="{p}" data-score="{score}">'
                f'<td class="gk-seat-colour-{p}"><b>{escape(view.names[p])}</b>'
                f'{" ★" * (p in view.outcome.winners)}</td>'
                f"<td><b>{score:+d}</b></td><td>{format_points(battles) or '—'}</td>"
                f"<td>{format_points(barons) or '—'}</td><td>{best}</td></tr>")
        head = "".join(f"<th>{title}</th>" for title in
                       ("Player", "Points", "Battles", "Red Barons", "Highest Battle"))
        return f'<table class="gk-table"><tr>{head}</tr>{"".join(rows)}</table>'

    def where(self) -> str:
        return "game over" if self.state.is_terminal else f"round {self.state.round}"

    def prompt(self, view: TableView) -> str:
        aid = " Memory aid on: every pile is shown in full." if self.state.memory_aid else ""
        return f"{view.name}: pick a card, then confirm.{aid}"

    # --- text ----------------------------------------------------------------------------------
    def summary(self) -> str:
        """What the board shows, as text (hidden hands stay hidden)."""
        view = self.view
        seen = self.public(view)
        where = "game over" if view.is_over else f"round {seen.round} of {seen.rounds}"
        lines = [f"Milhões, {where} (game seed {self.state.seed})"]
        if not view.is_over:
            gets = "wins" if seen.contest == "highest" else "takes it"  # nobody wins a Red Baron
            lines.append(f"On the table: {format_points(seen.pot)} (the {seen.contest} unique bid {gets})")
        for p, name in enumerate(view.names):
            score = "?" if seen.scores is None else f"{seen.scores[p]:+d}"
            won = format_points(seen.won[p]) or "-"
            used = " ".join(map(str, seen.used[p])) or "-"
            lines.append(f"  {name} ({self.kinds[p]}): {score} points, won {won}; played {used};"
                         f" {self._seat_state(p, view) or '-'}")
        if view.my_turn:
            hand = " ".join(str(a.card) for a in view.legal_actions)
            picked = f", picked {self.selected.card}" if self.selected else ""
            lines.append(f"{view.name}'s hand: {hand}{picked}")
        if seen.last_round is not None:
            lines.append(f"Last round: {seen.last_round.describe(view.names)}")
        if view.is_over:
            lines.append(f"Result: {self.result_text(view)} {self._explanation(view)}")
        lines.append(f"Message: {self.status.text}")
        return "\n".join(lines)


def _bid_chip(result: RoundResult, p: int, big: bool = True) -> str:
    bid = result.bids[p]
    classes = ["mh-bid"]
    if bid in result.cancelled:
        classes.append("gk-chip-cancelled")
    if p == result.winner:
        classes.append("gk-chip-winner")
    return chip(bid, classes=classes, big=big, title="tied: cancelled" if bid in result.cancelled else "")


def _html(*classes, value: str = "", layout=None) -> widgets.HTML:
    view = widgets.HTML(value=value, layout=layout or widgets.Layout())
    for name in classes:
        view.add_class(name)
    return view
