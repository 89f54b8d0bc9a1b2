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

from gamekit.core import IllegalActionError, TableView, kind_name
from gamekit.i18n import translations
from gamekit.ui import card_button, chip, set_enabled, set_selected
from gamekit.ui.parts import Parts, mark
from gamekit.ui.table_board import TableBoard

from .rules import Bid, RoundResult, format_points

_, ngettext, pgettext = translations("milhoes")

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
    title = _("Battle") if value >= 0 else _("Red Baron")
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
    button_width = "160px"

    @property
    def log_title(self) -> str:
        return _("Round history")

    def __init__(self, state=None, *, seats=None, names=None, players: int | None = None,
                 seed: int | None = None, options: dict | None = None, agents: dict | None = None,
                 table=None, seat: int | None = None, presentation: bool = False):
        if state is not None and options is None:  # later games: the same options, a new deal
            options = {k: v for k, v in state.options.items() if k not in ("players", "points_order")}
        self.selected: Bid | None = None
        self.parts = Parts()  # the board's panels, made once
        self.card_buttons: dict[tuple[int, int], widgets.Button] = {}
        self.confirm_button = None
        super().__init__(seats=seats, names=names, players=players, seed=seed, options=options,
                         agents=agents if agents is not None else load_agents(), state=state,
                         table=table, seat=seat, presentation=presentation)
        self.memory_aid_box = widgets.Checkbox(
            value=self.state.memory_aid, description=_("Memory aid"), indent=False,
            tooltip=_("Show every card played and won, the exact scores and the Points cards still to "
                      "come (the booklet shows only the top card of each pile)"),
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
            raise IllegalActionError(_("there is no hand waiting behind the screen"))
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
        self.message = (_("{name} picked {card}: confirm it, or pick another card.").format(
            name=view.name, card=action.card), "info")
        self.refresh()

    def confirm(self) -> None:
        """Bid the picked card: the table keeps it secret until every seat has chosen."""
        view = self.view
        if not view.my_turn:
            raise IllegalActionError(self._why_nobody_chooses(view))
        if self.selected is None:
            raise IllegalActionError(_("{name}, pick a card before confirming").format(name=view.name))
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
            self.message = (_("Refused: {reason}").format(reason=refusal.reason), "error")
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
            return _("the game is over: click New game to play again")
        if self.table.pass_to is not None:
            return _("pass the screen to {name} first").format(name=view.names[self.table.pass_to])
        return _("nobody is choosing a card now")

    # --- drawing -----------------------------------------------------------------------------
    def public(self, view: TableView):
        """The public part of ``view``'s observation (a spectator's, on the pass-the-screen step)."""
        return view.observation if view.observation is not None else self.state.public_observation()

    def draw(self, view: TableView) -> list:
        seen = self.public(view)
        self.header.value = self._header_html(seen, view)
        pot = self.parts.html("mh-pot", self._pot_html(seen, view))
        panels = [mark(self.parts.html(f"mh-seat-{p}", self._seat_html(p, seen, view), "gk-seat-panel",
                                       f"gk-seat-colour-{p}", flex="1 1 170px", margin="3px"),
                       "gk-active", p in view.waiting_for)
                  for p in range(len(view.names))]
        seats = self.parts.row("mh-seats", panels)
        parts = [pot, seats]
        if view.is_over:
            parts = [self.parts.html("mh-result", self._result_html(view)),
                     self.parts.html("mh-scores", self._scores_html(seen, view)), seats]
        return parts

    def action_widgets(self, view: TableView) -> list:
        widgets_ = []
        if view.my_turn:
            widgets_ += self._hand(view)
        last = self.public(view).last_round
        if last is not None:
            widgets_.append(self.parts.html("mh-reveal", self._reveal_html(last, view)))
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
        hand = self.parts.row("mh-hand", buttons)
        name = f'<span class="gk-title gk-seat-colour-{seat}">{escape(view.name)}</span>'
        note = _(" — your secret bid for {pot} (spent cards are greyed out)").format(
            pot=format_points(seen.pot))
        title = self.parts.html("mh-hand-title", f"{name}<span class='gk-muted'>{escape(note)}</span>")
        if self.confirm_button is None:
            self.confirm_button = self.button(_("Confirm my card"), "mh-confirm", self.confirm,
                                              style="success")
            self.confirm_button.layout.width = "260px"
        self.confirm_button.disabled = self.selected is None
        self.confirm_button.tooltip = _("Pick a card first") if self.selected is None else ""
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
        where = _where(view.is_over, seen.round, seen.rounds)
        seed = self.state.seed
        aid_on = escape(_("memory aid on"))
        aid = f'<span class="mh-aid-on"><b>{aid_on}</b></span> &nbsp; ' if seen.memory_aid else ""
        game = escape(_("game {seed}").format(seed=seed))
        return (f'<span class="gk-title">{escape(TITLE)}</span> &nbsp; '
                f'<span class="mh-round"><b>{escape(where)}</b></span> &nbsp; {aid}'
                f'<span class="gk-muted mh-seed" data-seed="{seed}">{game}</span>')

    def _pot_html(self, seen, view: TableView) -> str:
        chips = "".join(points_chip(v, big=True) for v in seen.pot)
        if len(seen.pot) > 1:
            rule = (_("Sum {sum}: the highest unique bid wins them all") if seen.contest == "highest" else
                    _("Sum {sum}: the lowest unique bid wins them all")).format(sum=f"{sum(seen.pot):+d}")
        elif seen.contest == "highest":
            rule = _("A Battle: the highest unique bid wins it")
        else:
            rule = _("A Red Baron: the lowest unique bid takes it")
        coming = seen.points_to_come
        later = (escape(_("hidden")) if coming is None else
                 (" ".join(points_chip(v) for v in coming) or escape(_("none"))))
        table, cancel, to_come = _("On the table"), _("Tied bids cancel."), _("Still to come: {cards}")
        return (f'<div class="gk-section-title">{escape(table)}</div>'
                f'<div class="gk-row">{chips}<span><b>{escape(rule)}.</b> {escape(cancel)}<br>'
                f'<span class="gk-muted">{escape(to_come).format(cards=later)}</span></span></div>')

    def _seat_html(self, p: int, seen, view: TableView) -> str:
        kind = _("person") if p in view.persons else _("computer: {agent}").format(agent=kind_name(self.kinds[p]))
        score = seen.scores[p] if seen.scores is not None else None
        shown = f"{score:+d}" if score is not None else "?"
        none = escape(_("none"))
        none = f'<span class="gk-muted">{none}</span>'
        won = "".join(points_chip(v) for v in seen.won[p]) or none
        used = " ".join(chip(v) for v in seen.used[p]) or none
        data = "" if score is None else score
        points = escape(_("Points:"))
        won_played = escape(_("Won: {won}")).format(won=won), escape(_("Played: {used}")).format(used=used)
        return (f'<div class="gk-seat-colour-{p} gk-seat-name">{escape(view.names[p])}</div>'
                f'<div class="gk-muted">{escape(kind)}</div>'
                f'<div>{points} <b class="mh-score" data-score="{data}">{shown}</b></div>'
                f"<div>{won_played[0]}</div><div>{won_played[1]}</div>"
                f'<div class="mh-seat-state">{escape(self._seat_state(p, view))}</div>')

    def _seat_state(self, p: int, view: TableView) -> str:
        if view.is_over:
            return _("★ winner") if p in view.outcome.winners else ""
        if p in view.chosen:
            return _("✔ card chosen (hidden)")
        if p in view.waiting_for:
            return _("▶ choosing…")
        return _("waiting")

    def _reveal_html(self, result: RoundResult, view: TableView) -> str:
        bids = "".join(
            f'<div class="gk-centred mh-reveal-bid"><div class="gk-seat-colour-{p}">'
            f"<b>{escape(view.names[p])}</b></div>{_bid_chip(result, p)}</div>"
            for p in range(len(result.bids))
        )
        revealed = _("Round {round} revealed: {pot}").format(round=result.round,
                                                             pot=format_points(result.pot))
        return (f'<div class="gk-section-title">{escape(revealed)}</div><div class="gk-row">{bids}</div>'
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
        head = "".join(f"<th>{escape(title)}</th>" for title in
                       (_("Player"), _("Points"), _("Battles"), _("Red Barons"), _("Highest Battle")))
        return f'<table class="gk-table"><tr>{head}</tr>{"".join(rows)}</table>'

    def where(self) -> str:
        return _("game over") if self.state.is_terminal else _("round {round}").format(round=self.state.round)

    def prompt(self, view: TableView) -> str:
        if self.state.memory_aid:
            return _("{name}: pick a card, then confirm. Memory aid on: every pile is shown in full.").format(
                name=view.name)
        return _("{name}: pick a card, then confirm.").format(name=view.name)

    # --- text ----------------------------------------------------------------------------------
    def summary(self) -> str:
        """What the board shows, as text (hidden hands stay hidden)."""
        view = self.view
        seen = self.public(view)
        where = _where(view.is_over, seen.round, seen.rounds)
        lines = [_("Milhões, {where} (game seed {seed})").format(where=where, seed=self.state.seed)]
        if not view.is_over:
            table = (_("On the table: {pot} (the highest unique bid wins)") if seen.contest == "highest" else
                     _("On the table: {pot} (the lowest unique bid takes it)"))  # nobody wins a Red Baron
            lines.append(table.format(pot=format_points(seen.pot)))
        for p, name in enumerate(view.names):
            score = "?" if seen.scores is None else f"{seen.scores[p]:+d}"
            won = format_points(seen.won[p]) or "-"
            used = " ".join(map(str, seen.used[p])) or "-"
            lines.append(_("  {name} ({kind}): {score} points, won {won}; played {used}; {state}").format(
                name=name, kind=kind_name(self.kinds[p]), score=score, won=won, used=used,
                state=self._seat_state(p, view) or "-"))
        if view.my_turn:
            hand = " ".join(str(a.card) for a in view.legal_actions)
            if self.selected:
                lines.append(_("{name}'s hand: {hand}, picked {card}").format(
                    name=view.name, hand=hand, card=self.selected.card))
            else:
                lines.append(_("{name}'s hand: {hand}").format(name=view.name, hand=hand))
        if seen.last_round is not None:
            lines.append(_("Last round: {round}").format(round=seen.last_round.describe(view.names)))
        if view.is_over:
            lines.append(_("Result: {result} {why}").format(result=self.result_text(view),
                                                            why=self._explanation(view)))
        lines.append(_("Message: {text}").format(text=self.status.text))
        return "\n".join(lines)


def _bid_chip(result: RoundResult, p: int, big: bool = True) -> str:
    bid = result.bids[p]
    classes = ["mh-bid"]
    if bid in result.cancelled:
        classes.append("gk-chip-cancelled")
    if p == result.winner:
        classes.append("gk-chip-winner")
    return chip(bid, classes=classes, big=big, title=_("tied: cancelled") if bid in result.cancelled else "")


def _where(over: bool, round_: int, rounds: int) -> str:
    return _("game over") if over else _("round {round} of {rounds}").format(round=round_, rounds=rounds)
