"""The Lost Cities board: your hand as cards to click, both sides' expeditions, the discard piles.

>>> board = LostCitiesBoard(seats=["human", "heuristic"], names=["Ana", "Heur"], seed=5, options={"rounds": 1})
>>> board.choose("draw deck")
False
>>> board.status.text
'Refused: first play or discard a card, then draw'

A view over a :class:`gamekit.core.Table`, which runs the game: whose turn it is, the agents'
moves, the pass-the-screen step between people, the log. The board draws ``table.view(seat)`` for
the seat at the screen and turns clicks into ``table.submit``. A turn is two clicks and a draw:
pick a card of your hand, click **Play** (onto your expedition) or **Discard** (onto its colour's
pile), then draw from the deck or take the top of a discard pile. A card that cannot go on your
expedition says why. Only the choices in the view's legal actions are enabled, and anything
refused shows the engine's reason in the board's message line. With four players, partners share
their team's expeditions and may pass two picked cards to each other (**Pass**, shown only when
the rules allow a pass now).

Seats are ``"human"`` or an agent name from ``gamekit.lost_cities.agents.AGENTS``; agent seat
``p`` is seeded with ``derive_seed(game seed, p)``, so a game's seed also fixes its agents. The
board shows each agent's last turn; why it chose it (``agent.explain``, which names cards of its
hand) shows once the round is scored, or at once in a game between agents only.

CSS classes for tests and styling: ``lc-board``, ``lc-header``, ``lc-round`` (``data-actions``:
the actions played so far), ``lc-seed``, ``lc-deck-count``, ``lc-table``, ``lc-expedition``
(``lc-side-<s>-<colour>``, ``data-score``), ``lc-pile-<colour>`` (``data-top``), ``lc-seat-<p>``,
``lc-hand``, ``lc-card`` and ``lc-card-<colour>-<value>`` (a wager's value is 0), ``lc-play``,
``lc-discard``, ``lc-why``, ``lc-pass``, ``lc-keep``, ``lc-draw-deck``, ``lc-draw-<colour>``,
``lc-agent-move``, ``lc-play-round``, ``lc-play-all``, ``lc-status``, ``lc-round-result``
(``lc-result-side-<s>``, ``data-score``), ``lc-final``, ``lc-log``, ``lc-players``,
``gk-seat-<p>`` and ``gk-seat-name-<p>`` (set-up row) and ``lc-new-game``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from gamekit.core import IllegalActionError, TableView, kind_name
from gamekit.i18n import N_, translations
from gamekit.ui import card_button, chip, set_enabled, set_selected
from gamekit.ui.parts import Parts, mark
from gamekit.ui.table_board import TableBoard

from .rules import (
    PASS_NOTHING,
    WAGER,
    Card,
    RoundResult,
    describe_expedition,
    discard,
    draw,
    in_words,
    pass_cards,
    play,
    score_expedition,
)
from .cards import card_name, colour_name, the_card

_, ngettext, pgettext = translations("lost_cities")

MAX_PLAYERS = 4
TITLE = N_("Lost Cities")
SHOWN_CANDIDATES = 5  # rows of an agent's explanation shown under its move

#: Card faces: background and text colour per expedition (dark text on the light ones).
CARD_COLOURS = {"yellow": ("#f2c200", "#2b2200"), "blue": ("#1f5fbf", "#fff"), "white": ("#f4f4f4", "#1a1a1a"),
                "green": ("#1e7b48", "#fff"), "red": ("#b03a2e", "#fff"), "purple": ("#6c3483", "#fff")}

CSS = """
.lc-board .lc-table table { border-collapse: collapse; }
.lc-board .lc-table td { vertical-align: top; padding: 2px 6px; text-align: center; min-width: 110px; }
.lc-board .lc-table .lc-side-label { text-align: left; font-weight: 700; min-width: 90px; }
.lc-board .lc-pile-cell { background: #efe9da; border-radius: 8px; }
.lc-board .lc-row-score { font-size: 14px; color: #444; }
.lc-board .lc-why { color: #8a1c1c; font-weight: 600; }
.lc-board .lc-agent-move table, .lc-board .lc-round-result table { border-collapse: collapse; font-size: 14px; }
.lc-board .lc-agent-move td, .lc-board .lc-agent-move th,
.lc-board .lc-round-result td, .lc-board .lc-round-result th { padding: 1px 8px; text-align: left;
  border-bottom: 1px solid #ddd; }
.lc-board .lc-agent-turns { display: flex; flex-wrap: wrap; gap: 4px 18px; }
.gk-board.gk-presentation .lc-table td { min-width: 150px; }
.gk-board.gk-presentation .lc-row-score, .gk-board.gk-presentation .lc-agent-move table,
.gk-board.gk-presentation .lc-round-result table { font-size: 19px; }
/* an empty pile's button, faded like every disabled button, would vanish into the page (the white
   and yellow ones most): it stays grey and dashed, but its words can still be read */
.lc-board .jupyter-widgets.jupyter-button.lc-colour-white { border: 1px solid #9a9a9a; }
.lc-board .jupyter-widgets.jupyter-button[class*="lc-draw-"]:disabled:not(.gk-card):not(.gk-piece) {
  opacity: .75; border: 1px dashed #777; }
.lc-board .jupyter-widgets.jupyter-button.lc-colour-white:disabled:not(.gk-card):not(.gk-piece),
.lc-board .jupyter-widgets.jupyter-button.lc-colour-yellow:disabled:not(.gk-card):not(.gk-piece) {
  color: #333; }
""" + "".join(
    f".lc-board .jupyter-widgets.jupyter-button.lc-colour-{colour} {{ background: {back}; color: {text}; }}\n"
    f".gk-chip.lc-colour-{colour} {{ background: {back}; color: {text}; }}\n"
    for colour, (back, text) in CARD_COLOURS.items()
)


def load_agents() -> dict:
    """The agents a seat can be given: a copy of ``gamekit.lost_cities.agents.AGENTS``."""
    from .agents import AGENTS

    return dict(AGENTS)


def card_label(card) -> str:
    """A card's face: its number, or "W" for a wager ("A", aposta, in Portuguese)."""
    return pgettext("the face of a wager card", "W") if card.value == WAGER else str(card.value)


def _face(card) -> str:
    """A card's face in the page's data attributes, the same in every language."""
    return "W" if card.value == WAGER else str(card.value)


def card_chip(card, *, big: bool = False, classes=()) -> str:
    """A card shown (not clickable) in its expedition's colour."""
    return chip(card_label(card), classes=[f"lc-colour-{card.colour}", *classes], big=big,
                title=card_name(card))


class ExplainedAgent:
    """An agent that keeps what it thought: ``turn`` holds its last turn's steps as
    ``(action, explanation)`` (the explanation of agents that explain, else ``None``).
    ``explained(AgentClass)`` makes the class a table builds for each game."""

    base: type = object

    def __init__(self, seed: int | None = None):
        self.agent = self.base(seed=seed)
        self.name = getattr(self.agent, "name", "agent")
        self.turn: list[tuple] = []

    def act(self, observation, legal_actions):
        explain = getattr(self.agent, "explain", None)
        explanation = explain(observation, legal_actions) if explain else None
        action = explanation.best if explanation else self.agent.act(observation, legal_actions)
        if observation.step == "play":
            self.turn = []  # a new turn of this agent
        self.turn.append((action, explanation))
        return action


def explained(agent_class: type) -> type:
    """A subclass of :class:`ExplainedAgent` around ``agent_class`` (built afresh each game)."""
    return type(f"Explained{agent_class.__name__}", (ExplainedAgent,), {"base": agent_class})


class LostCitiesBoard(TableBoard):
    """A playable board: ``seats`` gives each seat's kind, ``"human"`` or an agent name from
    ``agents`` (default: every seat human, hot-seat); ``names`` names the players; ``options``
    are further ``new_game`` options (``rounds=1``, ``colours=6``, ``pass_timing="after"``, ...);
    ``state`` shows a game already started.

    From Python: ``choose("play red 7")`` does what a player's clicks do; ``select(card)``,
    ``play_selected()``, ``discard_selected()``, ``draw_from(source)``, ``pass_selected()`` and
    ``keep_cards()`` are the single clicks; ``play_round()`` and ``play_to_end()`` move a game
    between agents on; ``new_game(...)`` deals again; ``summary()`` says what is on screen.
    """

    game = "lost_cities"
    css = "lc"
    max_players = MAX_PLAYERS
    default_players = 2

    @property
    def log_title(self) -> str:
        return _("Moves")

    def __init__(self, state=None, *, seats=None, names=None, players: int | None = None,
                 seed: int | None = None, options: dict | None = None, agents: dict | None = None,
                 table=None, seat: int | None = None, presentation: bool = False):
        if state is not None and options is None:  # later games: the same options, a new deal
            options = {k: v for k, v in state.options.items() if k not in ("players", "position", "first_player")}
        self._picked: list[int] = []  # places in the shown hand
        self._hand_pool: list[widgets.Button] = []  # card buttons, one per slot of the hand
        self._controls: dict[str, widgets.Button] = {}
        self.parts = Parts()  # the board's panels, made once
        self.style_sheet = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
        kinds = agents if agents is not None else load_agents()
        super().__init__(seats=seats, names=names, players=players, seed=seed, options=options,
                         agents={name: explained(kind) for name, kind in kinds.items()}, state=state,
                         table=table, seat=seat, presentation=presentation)
        self.players_picker.options = [2, 4]
        self.players_picker.value = self.state.num_players
        self.children = (self.style_sheet, *self.children)

    # --- what is on screen ---------------------------------------------------------------------
    @property
    def hand(self) -> list:
        """The cards of the hand on the screen, sorted (empty while no hand may be shown)."""
        seen = self.view.observation
        return list(seen.hand) if self.view.seat is not None else []

    @property
    def selected(self) -> list:
        hand = self.hand
        return [hand[i] for i in self._picked if i < len(hand)]

    @property
    def last_turns(self) -> dict:
        """Agent seat -> its last turn: ``[(action, explanation), ...]``."""
        return {p: seat.agent.turn for p, seat in enumerate(self.table.seats)
                if isinstance(seat.agent, ExplainedAgent) and seat.agent.turn}

    @property
    def controls(self) -> dict:
        """The turn's buttons by name: ``"play"``, ``"discard"``, ``"pass"``, ``"keep"``,
        ``"draw deck"`` and ``"draw <colour>"`` (on the board only while they apply)."""
        return dict(self._make_controls())

    @property
    def hand_buttons(self) -> list:
        """The card buttons of the hand on the screen, in the hand's (sorted) order."""
        self._make_controls()
        return list(self._hand_buttons) if self.shows(self._hand_row) else []

    def reset_choice(self) -> None:
        self._picked = []

    # --- clicks ----------------------------------------------------------------------------------
    def show_hand(self) -> None:
        """The pass-the-screen button: the awaited player is at the screen."""
        if not self.pass_screen_pending:
            raise IllegalActionError(_("there is no hand waiting behind the screen"))
        self.take_screen()

    def select(self, card) -> None:
        """Pick a card of the hand (a ``Card``, its text or its place in the shown hand); with
        partners a second pick makes a pair to pass; picking a picked card puts it back."""
        view = self._my_turn()
        index = self._hand_index(card)
        if view.observation.step == "draw":  # the card's turn is over: say so, in the rules' words
            raise IllegalActionError(self.state.why_illegal(play(self.hand[index]), view.seat, names=view.names))
        if index in self._picked:
            self._picked.remove(index)
        else:
            pairs = any(action.kind == "pass" and action.cards for action in view.legal_actions)
            self._picked = (self._picked[-1:] if pairs else []) + [index]
        self.message = (self._pick_text(view), "info")
        self.refresh()

    def play_selected(self) -> None:
        """Play the picked card to its expedition."""
        self.submit(play(self._one_picked("play")))

    def discard_selected(self) -> None:
        """Discard the picked card on its colour's pile."""
        self.submit(discard(self._one_picked("discard")))

    def pass_selected(self) -> None:
        """Pass the two picked cards to the partner (four players)."""
        self._my_turn()
        cards = self.selected
        if len(cards) != 2:
            raise IllegalActionError(_("pick two cards of your hand to pass"))
        self.submit(pass_cards(*cards))

    def keep_cards(self) -> None:
        """Pass nothing to the partner (four players, passing after a turn)."""
        self.submit(PASS_NOTHING)

    def draw_from(self, source: str = "deck") -> None:
        """Draw the top card of the deck (``"deck"``) or of a colour's discard pile."""
        self._my_turn()
        self.submit(draw(source))

    def choose(self, action) -> bool:
        """Everything a person clicks for one action, in one go ("play red 7", "discard blue
        wager", "draw deck", "draw green", "pass red 7 and blue 3", "pass nothing"), the
        pass-the-screen step included. Returns ``True`` when the action was taken; otherwise the
        reason shows in the status line (``board.status.text``) and ``False`` is returned."""
        try:
            seat = self.table.next_person
            if seat is None:
                raise IllegalActionError(self._why_nobody_acts())
            action = self.state.parse(action) if isinstance(action, str) else action
            reason = self.state.why_illegal(action, seat, names=self.names)
            if reason is not None:  # a refused action leaves the hand hidden
                raise IllegalActionError(reason, action)
            if self.table.pass_to == seat:
                self.take_screen()
            self.submit(action, seat)
        except IllegalActionError as refusal:
            self.message = (_("Refused: {reason}").format(reason=refusal.reason), "error")
            self.refresh()
            return False
        return True

    def _my_turn(self) -> TableView:
        view = self.view
        if not view.my_turn:
            raise IllegalActionError(self._why_nobody_acts())
        return view

    def _why_nobody_acts(self) -> str:
        if self.state.is_terminal:
            return _("the match is over: click New game to play again")
        if self.table.pass_to is not None:
            return _("pass the screen to {name} first").format(name=self.names[self.table.pass_to])
        if not self.table.persons:
            return _("the computer players play this game: click Play a round")
        return _("it is not your turn")

    def _one_picked(self, kind: str) -> Card:
        self._my_turn()
        cards = self.selected
        if len(cards) != 1:
            if kind == "play":
                reason = (_("pick one card of your hand to play") if not cards
                          else _("you picked two cards: play one at a time"))
            else:
                reason = (_("pick one card of your hand to discard") if not cards
                          else _("you picked two cards: discard one at a time"))
            raise IllegalActionError(reason)
        return cards[0]

    def _hand_index(self, card) -> int:
        hand = self.hand
        if isinstance(card, int) and not isinstance(card, Card):
            if not 0 <= card < len(hand):
                raise IllegalActionError(_("there is no card number {place} in a hand of {count}").format(
                    place=card, count=len(hand)))
            return card
        try:
            wanted = card if isinstance(card, Card) else Card.from_text(card)
        except ValueError as error:
            raise IllegalActionError(str(error)) from None
        places = [i for i, c in enumerate(hand) if c == wanted]
        if not places:
            raise IllegalActionError(_("{name} does not hold {card}").format(
                name=self.view.name, card=the_card(wanted)))
        free = [i for i in places if i not in self._picked]
        return (free or places)[0]

    def _pick_text(self, view: TableView) -> str:
        picked = self.selected
        if not picked:
            return _("{name} picked nothing. {prompt}").format(name=view.name, prompt=self.prompt(view))
        if len(picked) == 2:
            return _("{name} picked {first} and {second}: pass them, or pick again.").format(
                name=view.name, first=the_card(picked[0]), second=the_card(picked[1]))
        card = picked[0]
        if view.observation.step != "play":
            return _("{name} picked {card}. {prompt}").format(name=view.name, card=the_card(card),
                                                             prompt=self.prompt(view))
        why = self.state.why_illegal(play(card), view.seat, names=view.names)
        if why is None:
            return _("{name} picked {card}: play it to your expedition, or discard it.").format(
                name=view.name, card=the_card(card))
        # Translators: {Card} is {card} with a capital first letter, for a sentence that starts with it.
        return _("{Card} cannot go on your expedition: {why}. Discard it, or pick another card.").format(
            Card=_capital(the_card(card)), card=the_card(card), why=why)

    # --- drawing -------------------------------------------------------------------------------
    def prompt(self, view: TableView) -> str:
        step = view.observation.step
        name = view.name
        if step == "draw":
            if view.observation.turns_without_deck >= (view.observation.stall_limit or 10**9):
                return _("{name}: draw from the deck (nobody has for {turns} turns).").format(
                    name=name, turns=view.observation.turns_without_deck)
            return _("{name}: draw from the deck or take the top card of a discard pile.").format(name=name)
        if step == "pass":
            return _("{name}: pass two cards to your partner, or keep them.").format(name=name)
        if self._may_pass(view):
            return _("{name}: pick a card, then Play or Discard (or two cards, then Pass).").format(name=name)
        return _("{name}: pick a card, then Play or Discard.").format(name=name)

    def refresh(self) -> None:
        """Redraw everything from the table's view; the header last, because its
        ``data-actions`` tells a watcher (a browser test) that the page is up to date."""
        super().refresh()
        self.header.value = self._header_html(self.view.observation)

    def action_widgets(self, view: TableView) -> list:
        if view.my_turn:
            return self._turn_widgets(view)
        return self._waiting_hand(view)

    def _waiting_hand(self, view: TableView) -> list:
        """A player's own device (``seat=``) keeps their hand in sight between turns, to plan
        with; its cards wait, unclickable, until the turn comes. A shared screen shows no hand."""
        hand = getattr(view.observation, "hand", None)
        if self.seat is None or view.is_over or not hand:
            return []
        self._refresh_hand_buttons(hand)
        for button in self._hand_buttons:
            set_selected(button, False)
            set_enabled(button, False)
        waiting = _(" and ").join(view.names[p] for p in view.waiting_for) or _("the others")
        name = f'<span class="gk-title gk-seat-colour-{view.seat}">{escape(view.name)}</span>'
        note = _(" — your hand, while {names} plays").format(names=waiting)
        title = self.parts.html("lc-hand-title", f"{name}<span class='gk-muted'>{escape(note)}</span>")
        return [title, self._hand_row]

    def result_text(self, view: TableView) -> str:
        winners = view.outcome.winners
        sides = sorted({self.state.side_of(p) for p in winners})
        if len(sides) != 1:
            return _("Match over: a tie.")
        if self.state.teams:
            return _("Match over: {names} win!").format(names=self.side_name(sides[0]))
        return _("Match over: {name} wins!").format(name=self.side_name(sides[0]))

    def draw(self, view: TableView) -> list:
        """The table, the seats, the agents' last moves and the last round's scoring, from
        ``view`` (the hand and the turn's buttons are :meth:`action_widgets`, above them)."""
        seen = view.observation
        table = self.parts.html("lc-table", self._table_html(seen, view))
        panels = []
        for p in range(len(view.names)):
            panel = self.parts.html(f"lc-seat-{p}", self._seat_html(p, seen, view), "gk-seat-panel",
                                    f"gk-seat-colour-{p}", flex="1 1 190px", margin="3px")
            panels.append(mark(panel, "gk-active", p in view.waiting_for))
        seats = self.parts.row("lc-seats", panels)
        parts = [table, seats]
        agents = self._agent_html(view)
        if agents:
            parts.append(self.parts.html("lc-agent-move", agents))
        results = self.state.round_results
        if results:
            parts.append(self.parts.html("lc-round-result", self._result_html(results[-1])))
        if view.is_over:
            parts.insert(0, self.parts.html("lc-final", self._final_html(view)))
        return parts

    def _turn_widgets(self, view: TableView) -> list:
        seen, seat = view.observation, view.seat
        legal = set(view.legal_actions)
        step = seen.step
        self._refresh_hand_buttons(seen.hand)
        for index, button in enumerate(self._hand_buttons):
            set_enabled(button, True)  # every card stays clickable and in colour
            set_selected(button, index in self._picked)
        controls = self._make_controls()
        picked = self.selected
        one = picked[0] if len(picked) == 1 else None
        set_enabled(controls["play"], one is not None and play(one) in legal)
        set_enabled(controls["discard"], one is not None and discard(one) in legal)
        why = ""
        if one is not None and step == "play" and play(one) not in legal:
            # Translators: {Card} is {card} with a capital first letter, for a sentence that starts with it.
            why = _("{Card} cannot go on your expedition: {why}.").format(
                Card=_capital(the_card(one)), card=the_card(one),
                why=self.state.why_illegal(play(one), seat, names=self.names))
        controls["play"].tooltip = why
        if one is None:  # a disabled button says why
            controls["play"].tooltip = controls["discard"].tooltip = (
                _("Pick one card of your hand first") if step == "play" else _("Now draw a card"))
        pair = pass_cards(*picked) if len(picked) == 2 else None
        set_enabled(controls["pass"], pair is not None and pair in legal)
        set_enabled(controls["keep"], PASS_NOTHING in legal)
        for source in ("deck", *seen.colours):
            button = controls[f"draw {source}"]
            set_enabled(button, draw(source) in legal)
            refused = (None if draw(source) in legal
                       else self.state.why_illegal(draw(source), seat, names=self.names))
            button.tooltip = _capital(refused) if refused else ""
            if source != "deck":
                pile = seen.discards[source]
                button.description = (_("Take {card}").format(card=the_card(pile[-1])) if pile else
                                      _("{colour}: empty").format(colour=colour_name(source)))
        controls["draw deck"].description = _("Draw from the deck ({count})").format(count=seen.deck_size)
        name = f'<span class="gk-title gk-seat-colour-{seat}">{escape(view.name)}</span>'
        doing = escape(_(_YOUR_HAND[step]))
        title = self.parts.html("lc-hand-title", f"{name}<span class='gk-muted'>{doing}</span>")
        turn = [controls["play"], controls["discard"]]
        if self._may_pass(view):
            turn.append(controls["pass"])
        if PASS_NOTHING in legal:
            turn.append(controls["keep"])
        draws = [controls["draw deck"]] + [controls[f"draw {c}"] for c in seen.colours]
        return [title, self._hand_row, self.parts.row("lc-turn", turn), self.parts.html("lc-why", escape(why)),
                self.parts.row("lc-draws", draws)]

    @staticmethod
    def _may_pass(view: TableView) -> bool:
        return any(action.kind == "pass" and action.cards for action in view.legal_actions)

    def _make_controls(self) -> dict:
        if not self._controls:
            make = self.button
            self._controls = {
                "play": make(_("Play to my expedition"), "lc-play", self.play_selected, style="success"),
                "discard": make(_("Discard"), "lc-discard", self.discard_selected, style="warning"),
                "pass": make(_("Pass the two cards to my partner"), "lc-pass", self.pass_selected,
                             style="info"),
                "keep": make(_("Keep my cards"), "lc-keep", self.keep_cards),
                "draw deck": make(_("Draw from the deck"), "lc-draw-deck", lambda: self.draw_from("deck"),
                                  style="primary"),
            }
            for colour in CARD_COLOURS:
                label = _("Take the {colour} pile's top").format(colour=colour_name(colour))
                button = make(label, f"lc-draw-{colour}", lambda c=colour: self.draw_from(c))
                button.add_class(f"lc-colour-{colour}")
                self._controls[f"draw {colour}"] = button
            self._hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
            self._hand_row.add_class("lc-hand")
            self._hand_buttons: list[widgets.Button] = []
        return self._controls

    def _refresh_hand_buttons(self, hand) -> None:
        """Point the card buttons at the hand on the screen (reused slot by slot: a new widget
        per card per turn is slow); only their face and classes change with the hand."""
        self._make_controls()
        while len(self._hand_pool) < len(hand):
            index = len(self._hand_pool)
            button = card_button("")
            self.on_click(button, lambda i=index: self.select(i))
            self._hand_pool.append(button)
        for button, card in zip(self._hand_pool, hand):
            button.description = card_label(card)
            button.tooltip = card_name(card)
            kept = [name for name in button._dom_classes if not name.startswith("lc-")]
            button._dom_classes = (*kept, "lc-card", f"lc-card-{card.colour}-{card.value}", f"lc-colour-{card.colour}")
        self._hand_buttons = self._hand_pool[:len(hand)]
        self._hand_row.children = self._hand_buttons

    def side_name(self, side: int) -> str:
        """Who builds side ``side``: a player's name, or "Ana & Eva" for a partnership."""
        return " & ".join(self.names[p] for p in range(self.state.num_players) if self.state.side_of(p) == side)

    def _header_html(self, seen) -> str:
        where = escape(_where(seen.to_move < 0, seen.round, seen.rounds))
        totals = " · ".join(f"{escape(self.side_name(s))} {seen.totals[s]:+d}" for s in (0, 1))
        variant = self.state.variant
        own = self.state.is_kits_own_variant
        note = f' &nbsp; <span class="gk-muted">{escape(variant)}</span>' if own else ""
        deck = escape(_("deck: {count} cards")).format(count=f"<b>{seen.deck_size}</b>")
        match = escape(_("match totals: {totals}")).format(totals=totals)
        game = escape(_("game {seed}").format(seed=self.state.seed))
        return (f'<span class="gk-title">{escape(_(TITLE))}</span> &nbsp; <span class="lc-round" '
                f'data-actions="{len(self.state.history)}"><b>{where}</b></span> &nbsp; '
                f'<span class="lc-deck-count" data-count="{seen.deck_size}">{deck}</span>'
                f' &nbsp; <span class="lc-totals">{match}</span> &nbsp; '
                f'<span class="gk-muted lc-seed" data-seed="{self.state.seed}">{game}</span>{note}')

    def _table_html(self, seen, view: TableView) -> str:
        """The expeditions: the other side's on top, the discard piles between, the viewer's below."""
        mine = seen.side if seen.side is not None else 0
        running = seen.round_scores

        def side_row(side: int) -> str:
            cells = "".join(self._expedition_cell(side, c, seen.expeditions[side][c]) for c in seen.colours)
            label = f"{escape(self.side_name(side))}<br><span class='lc-row-score'>{running[side]:+d}</span>"
            return f'<tr class="lc-side-{side}"><td class="lc-side-label">{label}</td>{cells}</tr>'

        piles = "".join(self._pile_cell(c, seen.discards[c]) for c in seen.colours)
        head = "".join(f"<th>{escape(colour_name(colour))}</th>" for colour in seen.colours)
        title, discards = _("Expeditions (running scores) and discard piles"), _("discards")
        return (f'<div class="gk-section-title">{escape(title)}</div>'
                f"<table><tr><th></th>{head}</tr>{side_row(1 - mine)}"
                f'<tr><td class="lc-side-label">{escape(discards)}</td>{piles}</tr>{side_row(mine)}</table>')

    @staticmethod
    def _expedition_cell(side: int, colour: str, cards) -> str:
        score = score_expedition(cards)
        shown = "".join(card_chip(card) for card in cards) or '<span class="gk-muted">—</span>'
        note = f'<div class="lc-row-score">{score:+d}</div>' if cards else ""
        return (f'<td class="lc-expedition lc-side-{side}-{colour}" data-score="{score}" '
                f'data-cards="{" ".join(_face(c) for c in cards)}">{shown}{note}</td>')

    @staticmethod
    def _pile_cell(colour: str, pile) -> str:
        top = pile[-1] if pile else None
        empty = escape(_("empty"))
        shown = card_chip(top, big=True) if top else f'<span class="gk-muted">{empty}</span>'
        cards = escape(ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile)))
        count = f'<div class="lc-row-score">{cards}</div>' if pile else ""
        return (f'<td class="lc-pile-cell lc-pile-{colour}" data-top="{top if top else ""}" '
                f'data-count="{len(pile)}">{shown}{count}</td>')

    def _seat_html(self, p: int, seen, view: TableView) -> str:
        kind = _("person") if p in view.persons else _("computer: {agent}").format(agent=kind_name(self.kinds[p]))
        team = _(" · team {side}").format(side=self.state.side_of(p)) if self.state.teams else ""
        known = ""
        if p != view.seat and seen.known[p]:
            chips = "".join(card_chip(c) for c in seen.known[p])
            known = "<div>" + escape(_("Known to hold: ")) + chips + "</div>"
        doing = escape(_("▶ to move")) if p in view.waiting_for else ""
        in_hand = escape(_("Cards in hand: {count}")).format(
            count=f'<b class="lc-hand-size">{seen.hand_sizes[p]}</b>')
        return (f'<div class="gk-seat-colour-{p} gk-seat-name">{escape(view.names[p])}</div>'
                f'<div class="gk-muted">{escape(kind)}{escape(team)}</div>'
                f'<div>{in_hand}</div>{known}'
                f'<div class="lc-seat-state">{doing}</div>')

    def _agent_html(self, view: TableView) -> str:
        """Each agent's last turn; why it chose it only when that tells nobody a secret: after
        the round it was played in, or in a game between agents only."""
        parts = []
        for seat, turn in sorted(self.last_turns.items()):
            moves = _(", then ").join(in_words(action) for action, _explanation in turn)
            why = "".join(self._explanation_html(action, explanation) for action, explanation in turn
                          if self._may_explain(view))
            name = f'<b class="gk-seat-colour-{seat}">{escape(view.names[seat])}</b>'
            who = escape(_("{name} ({agent}) last turn:")).format(name=name, agent=escape(kind_name(self.kinds[seat])))
            parts.append(f'<div class="lc-agent-turn" data-seat="{seat}">{who}<br>'
                         f"<b>{escape(moves)}</b>{why}</div>")
        if not parts:
            return ""
        title = escape(_("The computer players' last moves"))
        return (f'<div class="gk-section-title">{title}</div>'
                f'<div class="lc-agent-turns">{"".join(parts)}</div>')

    def _may_explain(self, view: TableView) -> bool:
        if not self.table.persons:
            return True
        results = self.state.round_results
        return bool(results) and results[-1].step == len(self.state.history) or view.is_over

    @staticmethod
    def _explanation_html(action, explanation) -> str:
        if explanation is None:
            return ""
        rows = "".join(f"<tr><td>{'▶ ' if c.action == action else ''}{escape(str(c.action))}</td>"
                       f"<td>{c.value:.1f}</td><td>{escape(c.note)}</td></tr>"
                       for c in explanation.candidates[:SHOWN_CANDIDATES])
        more = len(explanation.candidates) - SHOWN_CANDIDATES
        more_choices = escape(_("({count} more choices)").format(count=more))
        tail = f'<div class="gk-muted">{more_choices}</div>' if more > 0 else ""
        choice, why = escape(_("choice")), escape(_("why"))
        return (f'<table class="lc-agent-why"><tr><th>{choice}</th><th>{escape(explanation.value_meaning)}'
                f"</th><th>{why}</th></tr>{rows}</table>{tail}")

    def _result_html(self, result: RoundResult) -> str:
        rows = []
        for side in (0, 1):
            for colour, cards in result.expeditions[side].items():
                if cards:
                    shown = "".join(card_chip(c) for c in cards)
                    rows.append(f"<tr><td>{escape(self.side_name(side))}</td>"
                                f"<td>{escape(colour_name(colour))}"
                                f"</td><td>{shown}</td><td>{escape(describe_expedition(cards))}</td></tr>")
            round_score = escape(_("round: {points}").format(points=f"{result.scores[side]:+d}"))
            match_total = escape(_("match total: {points}").format(points=f"{result.totals[side]:+d}"))
            rows.append(f'<tr class="lc-result-side-{side}" data-score="{result.scores[side]}" '
                        f'data-total="{result.totals[side]}"><td><b>{escape(self.side_name(side))}</b></td>'
                        f"<td colspan='2'><b>{round_score}</b></td>"
                        f"<td><b>{match_total}</b></td></tr>")
        head = "".join(f"<th>{escape(title)}</th>" for title in (
            _("side"), _("expedition"), _("cards"), _("(sum − 20) × (1 + wagers) (+20 for 8 cards)")))
        title = escape(_("Round {round} scored, expedition by expedition").format(round=result.round))
        return (f'<div class="gk-section-title">{title}</div>'
                f"<table><tr>{head}</tr>{''.join(rows)}</table>")

    def _final_html(self, view: TableView) -> str:
        totals = self.state.totals
        return (f'<div class="gk-title">{escape(self.result_text(view))}</div>'
                + "".join(f'<div class="lc-final-side" data-side="{s}" data-total="{totals[s]}">'
                          f"{escape(self.side_name(s))}: <b>{totals[s]:+d}</b></div>" for s in (0, 1)))

    # --- text ----------------------------------------------------------------------------------
    def summary(self) -> str:
        """What the board shows, as text (hidden hands stay hidden)."""
        view = self.view
        seen = view.observation
        where = _where(view.is_over, seen.round, seen.rounds)
        totals = ", ".join(f"{self.side_name(s)} {seen.totals[s]:+d}" for s in (0, 1))
        lines = [_("Lost Cities, {where} (game {seed}); deck {count} cards; totals {totals}").format(
            where=where, seed=self.state.seed, count=seen.deck_size, totals=totals)]
        for side in (0, 1):
            rows = "  ".join(
                f"{colour_name(c)} {' '.join(map(card_label, cards))} ({score_expedition(cards):+d})"
                for c, cards in seen.expeditions[side].items() if cards)
            lines.append(_("  {name}'s expeditions ({points}): {rows}").format(
                name=self.side_name(side), points=f"{seen.round_scores[side]:+d}", rows=rows or "-"))
        tops = "  ".join(f"{colour_name(c)} {card_label(pile[-1]) if pile else '-'}"
                         + (f" ({len(pile)})" if len(pile) > 1 else "") for c, pile in seen.discards.items())
        lines.append(_("  discard piles: {piles}").format(piles=tops))
        for p, name in enumerate(view.names):
            text = (_("  {name} ({kind}): {count} cards  <- to move") if p in view.waiting_for else
                    _("  {name} ({kind}): {count} cards"))
            lines.append(text.format(name=name, kind=kind_name(self.kinds[p]), count=seen.hand_sizes[p]))
        if view.seat is not None and not view.is_over:
            hand = ", ".join(map(card_name, seen.hand))
            if self._picked:
                lines.append(_("{name}'s hand: {hand}; picked {cards}").format(
                    name=view.name, hand=hand, cards=_(" and ").join(map(card_name, self.selected))))
            else:
                lines.append(_("{name}'s hand: {hand}").format(name=view.name, hand=hand))
        for seat, turn in sorted(self.last_turns.items()):
            moves = _(", then ").join(in_words(a) for a, _explanation in turn)
            lines.append(_("{name}'s last turn: {moves}").format(name=view.names[seat], moves=moves))
        if self.state.round_results:
            last = self.state.round_results[-1]
            scored = ", ".join(f"{self.side_name(s)} {last.scores[s]:+d}" for s in (0, 1))
            lines.append(_("Round {round} scored: {scores}").format(round=last.round, scores=scored))
        lines.append(_("Message: {text}").format(text=self.status.text))
        return "\n".join(lines)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where(over: bool, round_: int, rounds: int) -> str:
    return _("match over") if over else _("round {round} of {rounds}").format(round=round_, rounds=rounds)


_YOUR_HAND = {"play": N_(" — your hand: pick a card, then play or discard it"),
              "draw": N_(" — your hand: now draw a card"),
              "pass": N_(" — your hand: pass two cards to your partner, or keep them")}
