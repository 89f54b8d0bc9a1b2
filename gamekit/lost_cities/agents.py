"""Opponents for Lost Cities, from the coin-flipper to a player who imagines the hidden cards.

Every agent sees only a :class:`~gamekit.lost_cities.rules.LostCitiesObservation`, is seeded, and
can say why it chose its move (``agent.explain(observation, legal_actions)``):

* ``RandomAgent`` picks any legal action, uniformly.
* ``HeuristicAgent`` scores every legal action in points with a short, readable policy (below).
* ``SearchAgent`` looks one whole turn ahead (by default, ``method="expectimax"``): every play or
  discard, followed by every draw, the deck's card averaged over all the cards it could be, each
  position valued by a static :class:`Outlook` of every expedition's expected final score (cards
  on the table and in hand, a share of the unseen ones, the turns left to play them), mine minus
  theirs. With ``method="rollouts"`` it instead deals the cards it cannot see at random,
  consistently with everything it has seen (:func:`~gamekit.lost_cities.rules.determinise`),
  plays each of its best candidate moves to the end of the round with a quick policy, and keeps
  the move with the best average margin (``rollouts``, imagined deals per candidate, is then the
  strength setting).

The heuristic's policy, in points (values are "what this move is worth to my final score, minus
what it gives the other side"):

* **Extend** a started expedition with the lowest card that fits: a card is worth its value times
  the expedition's multiplier (1 + wagers), less what it strands: cards of that colour in my hand
  that could no longer be played, and (at 40%) unseen cards it skips.
* **Open** an expedition only when the cards of that colour in hand, with a share of the unseen
  ones and as many as there are turns left to play them, promise more than the 20-point
  break-even plus a safety margin. **Wager** only early, and only on strong support.
* **Keep** cards that can still go on my expeditions; **discard** dead cards (below what my
  expedition needs), preferring those the other side cannot use (**denying discards**: never feed
  a started enemy expedition).
* **Draw** a discard-pile card that fits my expeditions or would feed theirs; otherwise the deck,
  unless I hold more cards to play than turns remain: then take from a pile to **stall** the end.
* With partners it builds its team's expeditions and never passes cards (it plays instead).

>>> from gamekit.lost_cities import new_game
>>> state = new_game(seed=3, rounds=1)
>>> agent = HeuristicAgent(seed=0)
>>> action = agent.act(state.observation(0), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from gamekit.core import Candidate, ExplainingAgent, Explanation, RandomAgent
from gamekit.i18n import decimal_separator, translations

from .cards import colour_name, the_card
from .rules import BONUS, BONUS_CARDS, BREAK_EVEN, PASS_NOTHING, WAGER, LostCitiesObservation, determinise

_, ngettext, pgettext = translations("lost_cities")

__all__ = ["AGENTS", "STRONG_SEARCH", "HeuristicAgent", "Outlook", "RandomAgent", "SearchAgent", "heuristic_policy",
           "quick_policy"]

DECK_CARD_WORTH = 1.5  # what an unknown card from the deck is worth to me, on average


# --- reading the table -----------------------------------------------------------------------------
@dataclass
class _Row:
    """One colour from one side: the last number played, the multiplier, the lowest playable value."""

    cards: tuple
    last: int  # the last number (0 if none)
    wagers: int

    @property
    def started(self) -> bool:
        return bool(self.cards)

    @property
    def multiplier(self) -> int:
        return 1 + self.wagers

    def accepts(self, card) -> bool:
        if card.value == WAGER:
            return self.last == 0
        return card.value > self.last


def _row(cards) -> _Row:
    numbers = [card.value for card in cards if card.value != WAGER]
    return _Row(tuple(cards), numbers[-1] if numbers else 0, len(cards) - len(numbers))


class _Reading:
    """What the heuristic reads off the table once per decision: from an observation (a real
    decision) or, in imagined games, straight from a state (:meth:`of_state`, much quicker)."""

    def __init__(self, *, colours, hand, mine, theirs, unseen, deck_size: int, seats: int, discards, margin):
        self.colours = colours
        self.mine = {colour: _row(mine[colour]) for colour in colours}
        self.theirs = {colour: _row(theirs[colour]) for colour in colours}
        self.hand = {colour: [] for colour in colours}
        for card in sorted(hand):
            self.hand[card.colour].append(card.value)
        self.unseen = {colour: [] for colour in colours}
        for card in unseen:
            self.unseen[card.colour].append(card.value)
        self.deck_size = deck_size
        self.discards = discards
        # Each seat draws once per turn, so the deck lasts about deck_size / seats more turns of mine.
        self.turns_left = max(1, math.ceil(deck_size / seats))
        self.pending = sum(1 for c in hand if c.value != WAGER and self.mine[c.colour].started
                           and self.mine[c.colour].accepts(c))
        self._margin = margin  # a number, or a function giving it (worked out only when needed)

    @property
    def ahead(self) -> bool:
        if callable(self._margin):
            self._margin = self._margin()
        return self._margin > 0

    @classmethod
    def of_observation(cls, obs: LostCitiesObservation) -> _Reading:
        return cls(colours=obs.colours, hand=obs.hand, mine=obs.expeditions[obs.side],
                   theirs=obs.expeditions[1 - obs.side], unseen=obs.unseen(), deck_size=obs.deck_size,
                   seats=obs.num_players, discards=obs.discards,
                   margin=obs.round_scores[obs.side] - obs.round_scores[1 - obs.side])

    @classmethod
    def of_state(cls, state, seat: int) -> _Reading:
        """The mover's reading of an imagined state: the cards it cannot see are the deck and the
        other hands (what it would remember of them is left out: a quick approximation)."""
        side = state.side_of(seat)
        hidden = list(state.deck)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden += hand

        def margin():
            scores = state.round_scores()
            return scores[side] - scores[1 - side]
        return cls(colours=state.colours, hand=state.hands[seat], mine=state.expeditions[side],
                   theirs=state.expeditions[1 - side], unseen=hidden, deck_size=len(state.deck),
                   seats=state.num_players, discards=state.discards, margin=margin)

    def support(self, colour: str, above: int) -> tuple[float, int]:
        """Points I can expect in ``colour`` from numbers >= ``above``: my cards (as many as I have
        turns for, lowest first) plus a quarter of the unseen ones, scaled by time left."""
        mine = [v for v in self.hand[colour] if v != WAGER and v >= above][:self.turns_left]
        extra = 0.25 * sum(v for v in self.unseen[colour] if v != WAGER and v > above)
        extra *= min(1.0, self.turns_left / 10)
        return sum(mine) + extra, len(mine)


# --- the heuristic -----------------------------------------------------------------------------------
class HeuristicAgent(ExplainingAgent):
    """Scores every legal action in points with the documented policy; the best one is played.

    ``open_margin``: the points above the 20-point break-even an expedition must promise before the
    agent opens it; ``wager_margin``: the extra promise a wager needs (it doubles losses too).
    """

    name = "heuristic"
    value_meaning = "points"

    def __init__(self, seed: int | None = 0, open_margin: float = 4.0, wager_margin: float = 8.0):
        super().__init__(seed)
        self.open_margin = open_margin
        self.wager_margin = wager_margin

    def explain(self, observation: LostCitiesObservation, legal_actions: list) -> Explanation:
        reading = _Reading.of_observation(observation)
        scored = [self._score(reading, action) for action in legal_actions]
        ranked = sorted(scored, key=lambda c: (-c.value, str(c.action)))
        best = ranked[0]
        return Explanation(self.name, tuple(ranked), self.value_meaning, best.note)

    def evaluate(self, observation: LostCitiesObservation, action) -> Candidate:
        return self._score(_Reading.of_observation(observation), action)

    def _score(self, reading: _Reading, action) -> Candidate:
        kind = action.kind
        if kind == "play":
            value, note = self._play_value(reading, action.card)
        elif kind == "discard":
            value, note = self._discard_value(reading, action.card)
        elif kind == "draw":
            value, note = self._draw_value(reading, action.source)
        else:
            value, note = (0.0, _("keeps its cards")) if not action.cards else (-50.0, _("never passes"))
        return Candidate(action, round(value, 3), note)

    # --- playing ---------------------------------------------------------------------------------
    def _play_value(self, reading: _Reading, card) -> tuple[float, str]:
        row = reading.mine[card.colour]
        if card.value == WAGER:
            return self._wager_value(reading, card, row)
        if row.started:
            return self._extend_value(reading, card, row)
        return self._open_value(reading, card)

    def _extend_value(self, reading: _Reading, card, row: _Row) -> tuple[float, str]:
        colour, value = card.colour, card.value
        stranded = [v for v in reading.hand[colour] if v != WAGER and row.last < v < value]
        skipped = [v for v in reading.unseen[colour] if v != WAGER and row.last < v < value]
        loss = row.multiplier * (sum(stranded) + 0.4 * sum(skipped))
        worth = row.multiplier * value - loss
        if row.wagers:
            note = _("extends {colour} (x{multiplier}): +{value}").format(
                colour=colour_name(colour), multiplier=row.multiplier, value=value)
        else:
            note = _("extends {colour}: +{value}").format(colour=colour_name(colour), value=value)
        if stranded:
            note = _("{note}, strands my {values}").format(note=note, values=", ".join(map(str, stranded)))
        if skipped:
            note = _("{note}, skips {count} unseen").format(note=note, count=len(skipped))
        return worth, note

    def _open_value(self, reading: _Reading, card) -> tuple[float, str]:
        colour, value = card.colour, card.value
        promise, count = reading.support(colour, value)
        lower = [v for v in reading.hand[colour] if v != WAGER and v < value]
        wagers = reading.hand[colour].count(WAGER)
        worth = promise - 20 - self.open_margin - sum(lower) - 4 * wagers
        note = _("opens {colour}: {count} card(s) worth about {promise} against the 20 break-even").format(
            colour=colour_name(colour), count=count, promise=f"{promise:.0f}")
        if lower or wagers:
            note = _("{note}, giving up lower cards").format(note=note)
        return worth, note

    def _wager_value(self, reading: _Reading, card, row: _Row) -> tuple[float, str]:
        promise, count = reading.support(card.colour, 2)
        if count + 1 > reading.turns_left or reading.deck_size < 12:
            return -30.0, _("wager on {colour}: too late to pay off").format(colour=colour_name(card.colour))
        gain = promise - 20  # one more multiplier on what the expedition should reach
        if not row.started:
            worth = 2 * gain - self.open_margin - self.wager_margin
            return worth, _("opens {colour} with a wager: promise about {promise}, doubled").format(
                colour=colour_name(card.colour), promise=f"{promise:.0f}")
        return gain - self.wager_margin, _("adds a wager on {colour}: promise about {promise}").format(
            colour=colour_name(card.colour), promise=f"{promise:.0f}")

    # --- discarding --------------------------------------------------------------------------------
    def _keep_worth(self, reading: _Reading, card) -> float:
        """What losing ``card`` costs me: its points if it still fits one of my expeditions."""
        row = reading.mine[card.colour]
        if not row.accepts(card):
            return 0.0
        if card.value == WAGER:
            promise, _count = reading.support(card.colour, 2)
            return max(0.0, promise - 20) * (0.5 if row.started else 0.3)
        if row.started:
            return row.multiplier * card.value
        promise, _count = reading.support(card.colour, card.value)
        return 0.3 * card.value if promise >= 18 else 0.1 * card.value

    def _gift(self, reading: _Reading, card) -> float:
        """What ``card`` on a discard pile offers the other side."""
        row = reading.theirs[card.colour]
        if row.started and row.accepts(card):
            return row.multiplier * max(card.value, 3)
        return 0.1 * card.value

    def _discard_value(self, reading: _Reading, card) -> tuple[float, str]:
        keep = self._keep_worth(reading, card)
        gift = self._gift(reading, card)
        theirs = reading.theirs[card.colour]
        feeds = theirs.started and theirs.accepts(card)  # not an expedition they have not started
        if keep == 0 and not feeds:
            note = _("dead for me and useless to them")
        elif feeds:
            note = _("would feed their {colour} expedition").format(colour=colour_name(card.colour))
        else:
            note = _("gives up {points} of my potential").format(points=_decimal(f"{keep:.1f}"))
        return -keep - gift, note

    # --- drawing -----------------------------------------------------------------------------------
    def _draw_value(self, reading: _Reading, source: str) -> tuple[float, str]:
        stalling = reading.pending > reading.turns_left
        if source == "deck":
            if stalling:
                return DECK_CARD_WORTH - 3, _("draws from the deck, bringing the end nearer")
            return DECK_CARD_WORTH + (1 if reading.ahead else 0), _("draws from the deck")
        top = reading.discards[source][-1]
        row = reading.mine[source]
        use = 0.0
        if row.started and row.accepts(top) and top.value != WAGER:
            use = row.multiplier * top.value * 0.9
        elif not row.started:
            promise, _count = reading.support(source, top.value)
            use = 0.2 * top.value if promise >= 15 else 0.0
        deny = 0.5 * self._gift(reading, top) if reading.theirs[source].started else 0.0
        worth = use + deny + (3 if stalling else 0)
        parts = [_("takes {card}").format(card=the_card(top))]
        if use:
            parts.append(_("fits my expedition"))
        if deny >= 1:
            parts.append(_("denies it to them"))
        if stalling:
            parts.append(_("stalls ({cards} cards to play, ~{turns} turns left)").format(
                cards=reading.pending, turns=reading.turns_left))
        return worth, ", ".join(parts)


# --- a quick policy for imagined games -------------------------------------------------------------------
def quick_policy(state, rng: random.Random):
    """A fast, simple player for rollouts, reading the full state it is given (an imagined one):
    take a pile card that fits one of my expeditions closely, else draw from the deck; extend an
    expedition with a card at most three above its last number; open a colour only with 3+ cards
    worth 22+ while 15+ cards remain; otherwise discard a dead card, one the other side cannot use
    if possible, or else the least supported card."""
    legal = state.legal_actions()
    step = state.step
    seat = state.current_player
    need = state._seat_need[seat]
    if step == "draw":
        for action in legal[1:]:
            top = state.discards[action.source][-1]
            index = top._discard._index
            if need[index] and 0 <= top.value - need[index] <= 2:
                return action
        return legal[0]
    if step == "pass":
        return PASS_NOTHING
    theirs = state._need[1 - state.side_of(seat)]
    sums, counts = {}, {}
    for card in state.hands[seat]:
        sums[card.colour] = sums.get(card.colour, 0) + card.value
        counts[card.colour] = counts.get(card.colour, 0) + 1
    best, best_gap = None, 4
    late = len(state.deck) < 15
    for action in legal:
        if action.kind != "play" or not action._value:
            continue
        floor = need[action._index]
        if floor:  # a started expedition with numbers
            gap = action._value - floor
            if gap < best_gap:
                best, best_gap = action, gap
        elif best is None and not late and counts[action._colour] >= 3 and sums[action._colour] >= 22 \
                and action._value <= 5:
            best = action
    if best is not None:
        return best
    discards = [a for a in legal if a.kind == "discard"]
    dead = [a for a in discards if need[a._index] > a._value]
    if dead:
        harmless = [a for a in dead if not (theirs[a._index] and a._value >= theirs[a._index])]
        return rng.choice(harmless or dead)
    return min(discards, key=lambda a: (bool(theirs[a._index] and a._value >= theirs[a._index]),
                                         sums[a._colour], -a._value))


def heuristic_policy(state, rng: random.Random, _judge=None):
    """The heuristic's choice in an imagined state, read straight from the state (no observation):
    the rollout policy of the search agent. Ties go to the first legal action."""
    judge = _judge or _JUDGE
    if state.step == "pass":
        return PASS_NOTHING
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    reading = _Reading.of_state(state, state.current_player)
    score = judge._score
    return max(legal, key=lambda action: score(reading, action).value)


def _round_margin(state, side: int) -> float:
    scores = state.round_results[-1].scores
    return scores[side] - scores[1 - side]


def _rollout(state, side: int, rng: random.Random, policy, limit: int = 600) -> float:
    """Play ``state`` to the end of its round with ``policy``; my side's margin then. Two simple
    policies can pass a card back and forth through a pile for ever: past ``limit`` steps every
    draw is from the deck, so the round always ends."""
    start = state.round
    steps = 0
    while not (state.is_terminal or state.round != start):
        steps += 1
        if steps > limit and state.step == "draw":
            state.apply("draw deck")
        else:
            state.apply(policy(state, rng))
    return _round_margin(state, side)


ROLLOUT_POLICIES = {"heuristic": heuristic_policy, "quick": quick_policy}


# --- the search ----------------------------------------------------------------------------------------
class SearchAgent(ExplainingAgent):
    """A player who thinks ahead, in one of two ways (``method``):

    * ``"expectimax"`` (the default, two players): every whole turn (a play or discard, then each
      possible draw) is valued by the mean, over every card the deck could hold on top, of a
      static evaluation of the position after it (:class:`Outlook`): each expedition's expected
      final score from the cards on the table, the cards in hand, a share of the unseen ones and
      the turns left to play them, mine minus theirs. About five milliseconds a move. It never
      discards and then takes a card no started expedition can use (a turn that changes nothing
      and leaves the deck as it was: two searchers doing so in turn would never end the round).
      With partners (four players) it uses the rollouts below.
    * ``"rollouts"``: determinised Monte Carlo. For each of its ``width`` best candidates (by the
      heuristic), play ``rollouts`` imagined deals of the unseen cards to the end of the round,
      both sides played by ``policy`` (``"heuristic"``, or the cruder and ten times quicker
      ``"quick"``), and average the margin (my side minus theirs). Every candidate meets the same
      imagined deals, so their differences are not noise from the dealing. A candidate's value is
      that mean margin plus ``prior`` times the heuristic's own score for it. ``rollouts`` is the
      strength setting: 16 take a few tenths of a second per move.

    Each option belongs to one method, and an option the chosen method would ignore is refused
    with a ``ValueError`` (``SearchAgent(rollouts=4)`` is the expectimax search, which rolls
    nothing out: say ``method="rollouts"``). With partners, the expectimax search plays the
    rollouts with their defaults.
    """

    name = "search"
    value_meaning = "mean margin"
    METHODS = ("expectimax", "rollouts")
    #: Each method's own options, with their defaults.
    OPTIONS = {"rollouts": {"rollouts": 16, "width": 4, "prior": 0.0, "policy": "heuristic"},
               "expectimax": {"outlook": None}}

    def __init__(self, seed: int | None = 0, method: str = "expectimax", rollouts: int | None = None,
                 width: int | None = None, prior: float | None = None, policy: str | None = None,
                 outlook: Outlook | None = None):
        super().__init__(seed)
        if method not in self.METHODS:
            raise ValueError(f"method is one of {list(self.METHODS)}, not {method!r}")
        given = {"rollouts": rollouts, "width": width, "prior": prior, "policy": policy, "outlook": outlook}
        self._refuse_ignored(method, {name for name, value in given.items() if value is not None})
        settings = {name: given[name] if given[name] is not None else default
                    for options in self.OPTIONS.values() for name, default in options.items()}
        if settings["policy"] not in ROLLOUT_POLICIES:
            raise ValueError(f"policy is one of {sorted(ROLLOUT_POLICIES)}, not {settings['policy']!r}")
        self.method = method
        self.rollouts = settings["rollouts"]
        self.width = settings["width"]
        self.prior = settings["prior"]
        self.policy = settings["policy"]
        self.outlook = settings["outlook"] or Outlook()
        self.heuristic = HeuristicAgent(seed)
        self.last_seconds = 0.0

    @classmethod
    def _refuse_ignored(cls, method: str, given: set) -> None:
        """A ``ValueError`` naming the options ``method`` would ignore, if any were given."""
        ignored = sorted(given - set(cls.OPTIONS[method]))
        if ignored:
            other = next(name for name in cls.METHODS if name != method)
            names = ", ".join(f"{name}=" for name in ignored)
            raise ValueError(f"method={method!r} ignores {names}: {'they belong' if len(ignored) > 1 else 'it belongs'} "
                             f"to method={other!r}; pass method={other!r} to use {'them' if len(ignored) > 1 else 'it'}, "
                             "or leave them out")

    def _uses_expectimax(self, observation: LostCitiesObservation) -> bool:
        return self.method == "expectimax" and observation.num_players == 2

    def explain(self, observation: LostCitiesObservation, legal_actions: list) -> Explanation:
        started = time.perf_counter()
        if self._uses_expectimax(observation):
            table = _Table(observation, self.outlook)
            ranked = tuple(sorted((self._expect(table, action) for action in legal_actions),
                                  key=lambda c: (-c.value, str(c.action))))
            self.last_seconds = time.perf_counter() - started
            summary = (_("best of {count} draws, the deck averaged over every card it may give")
                       if observation.step == "draw" else
                       _("best of {count} turns (each with its best draw), the deck averaged over every "
                         "card it may give"))
            return Explanation(self.name, ranked, self.value_meaning, summary.format(count=len(ranked)))
        guide = self.heuristic.explain(observation, legal_actions)
        chosen = guide.candidates[:self.width]
        if len(chosen) == 1:
            self.last_seconds = time.perf_counter() - started
            return Explanation(self.name, (Candidate(chosen[0].action, 0.0, _("the only choice")),),
                               self.value_meaning)
        ranked = tuple(sorted(self._weigh(observation, chosen), key=lambda c: (-c.value, str(c.action))))
        self.last_seconds = time.perf_counter() - started
        return Explanation(self.name, ranked, self.value_meaning,
                           _("best of {count} candidates over {deals} imagined deals").format(
                               count=len(chosen), deals=self.rollouts))

    def evaluate(self, observation: LostCitiesObservation, action) -> Candidate:
        """One action's value: its expected margin (expectimax), or its mean margin over
        ``rollouts`` imagined deals (plus the prior)."""
        if self._uses_expectimax(observation):
            return self._expect(_Table(observation, self.outlook), action)
        return self._weigh(observation, [self.heuristic.evaluate(observation, action)])[0]

    @staticmethod
    def _expect(table: _Table, action) -> Candidate:
        if action.kind == "draw":
            value = table.draw(action.source)
            if action.source == "deck":
                note = _("a card from the deck: mean over the {count} it could be").format(
                    count=table.unseen_count)
            elif table.discarded and table.idle(table.discards[action.source][-1], table.mine):
                return Candidate(action, -math.inf, _(
                    "never: no started expedition can take {card}, so after a discard this turn changes "
                    "nothing").format(card=the_card(table.discards[action.source][-1])))
            else:
                note = _("takes {card}").format(card=the_card(table.discards[action.source][-1]))
        else:
            value, source = table.turn(action)
            note = (_("then draw deck") if source == "deck" else
                    _("then draw {colour}").format(colour=colour_name(source)))
        return Candidate(action, round(value, 3), _("{note}; expected margin {margin}").format(
            note=note, margin=_decimal(f"{value:+.1f}")))

    def _weigh(self, observation: LostCitiesObservation, guided: list) -> list[Candidate]:
        """Roll out every guided candidate on the same imagined deals; value = mean margin + prior."""
        margins = {candidate.action: [] for candidate in guided}
        policy = ROLLOUT_POLICIES[self.policy]
        for _deal in range(self.rollouts):
            deal = determinise(observation, self.rng)
            seed = self.rng.getrandbits(32)
            for action, results in margins.items():
                imagined = deal.clone()
                imagined.apply(action)
                results.append(_rollout(imagined, observation.side, random.Random(seed), policy))
        weighed = []
        for candidate in guided:
            results = margins[candidate.action]
            mean = sum(results) / len(results)
            spread = math.sqrt(sum((m - mean) ** 2 for m in results) / max(1, len(results) - 1) / len(results))
            note = _("{note}; margin {margin} ±{spread} over {deals} deals").format(
                note=candidate.note, margin=_decimal(f"{mean:+.1f}"), spread=_decimal(f"{spread:.1f}"),
                deals=len(results))
            weighed.append(Candidate(candidate.action, round(mean + self.prior * candidate.value, 3), note))
        return weighed



# --- one turn of expectimax with a static evaluation ---------------------------------------------------
@dataclass(frozen=True)
class Outlook:
    """The constants of the static evaluation (what a position is worth at the end of the round).

    ``timing``: the share of the unseen cards I would draw (half the deck) that arrive in time to be
    played; ``their_hand``: the same for a card sitting in the other hand; ``open_margin``: points an
    unopened colour must promise before it counts; ``wager_risk``: the points the expedition must
    promise before the wagers in hand count as multipliers; ``bonus_from``: the card count from
    which the 8-card bonus starts to count (in full at 8); ``hold_cost``: points per card I still
    have to play (a card in hand is less sure than a card on the table, and clogs the hand);
    ``gift``: the share of the best pile card left to the other side that counts against me.
    """

    timing: float = 0.6
    their_hand: float = 0.8
    open_margin: float = 0.0
    wager_risk: float = 5.0
    bonus_from: float = 6.0
    hold_cost: float = 0.5
    gift: float = 0.8


def _expedition_outlook(row: tuple, hand: list, unseen: list, chance: float, outlook: Outlook):
    """What one colour of one side should be worth at the end of the round, with the cards that
    side must still play for it: ``(points, cards to play, [(worth per card, how many), ...])``.

    ``row`` is ``(last number, sum of numbers, cards, wagers)``; ``hand`` the side's cards of the
    colour (0 for a wager); ``unseen`` the unseen ones, each expected to join with ``chance``.
    An unopened colour is worth only what it promises above ``open_margin``, else nothing (it is
    never opened)."""
    last, total, count, wagers = row
    mine = [v for v in hand if v > last]
    wagers_in_hand = hand.count(WAGER) if last == 0 else 0
    later = [v for v in unseen if v > last]
    expected_cards = chance * len(later)
    base = total + sum(mine) + chance * sum(later) - BREAK_EVEN
    used_wagers = wagers_in_hand if wagers_in_hand and base > outlook.wager_risk else 0
    multiplier = 1 + wagers + used_wagers
    cards = count + len(mine) + used_wagers + expected_cards
    bonus = BONUS * min(1.0, max(0.0, (cards - outlook.bonus_from) / (BONUS_CARDS - outlook.bonus_from)))
    value = base * multiplier + bonus
    if not count:
        if value <= outlook.open_margin:
            return 0.0, 0.0, []
        value -= outlook.open_margin
    to_play = len(mine) + used_wagers
    value -= outlook.hold_cost * to_play
    items = [(v * multiplier, 1.0) for v in mine] + [(0.0, 1.0)] * used_wagers
    if later:
        items.append((sum(later) / len(later) * multiplier, expected_cards))
    return value, to_play + expected_cards, items


def _side_outlook(rows: dict, hand: dict, unseen: dict, chance: float, turns: int, outlook: Outlook) -> float:
    """A side's expected round score: every colour's outlook, less the cheapest cards it will not
    have the turns to play (one card a turn)."""
    value, demand, items = 0.0, 0.0, []
    for colour, row in rows.items():
        points, cards, worths = _expedition_outlook(row, hand[colour], unseen[colour], chance, outlook)
        value += points
        demand += cards
        items += worths
    excess = demand - turns
    if excess > 0:
        for worth, amount in sorted(items):
            dropped = min(amount, excess)
            value -= worth * dropped
            excess -= dropped
            if excess <= 0:
                break
    return value


def _extends(row: tuple, card) -> bool:
    """Could the started expedition summarised as ``row`` (see :func:`_row_summary`) take ``card``?"""
    last, _, count, _ = row
    return count > 0 and (last == 0 if card.value == WAGER else card.value > last)


def _row_summary(cards) -> tuple:
    numbers = [card.value for card in cards if card.value != WAGER]
    return numbers[-1] if numbers else 0, sum(numbers), len(cards), len(cards) - len(numbers)


def _by_colour(colours, cards) -> dict:
    grouped = {colour: [] for colour in colours}
    for card in cards:
        grouped[card.colour].append(card.value)
    return grouped


class _Table:
    """A two-player decision read off an observation, ready to value whole turns (play, then draw)."""

    def __init__(self, obs: LostCitiesObservation, outlook: Outlook):
        other = 1 - obs.player
        self.outlook = outlook
        self.hand = _by_colour(obs.colours, obs.hand)
        self.their_hand = _by_colour(obs.colours, obs.known[other])  # what they took from piles
        self.unseen = _by_colour(obs.colours, obs.unseen())
        self.unseen_count = sum(map(len, self.unseen.values()))
        self.their_unknown = obs.hand_sizes[other] - len(obs.known[other])
        self.mine = {colour: _row_summary(obs.expeditions[obs.side][colour]) for colour in obs.colours}
        self.theirs = {colour: _row_summary(obs.expeditions[1 - obs.side][colour]) for colour in obs.colours}
        self.discards = {colour: list(pile) for colour, pile in obs.discards.items()}
        self.deck = obs.deck_size
        self.discarded = obs.blocked is not None  # this turn began with a discard

    def idle(self, card, mine) -> bool:
        """Is taking ``card`` from a pile, after a discard, a turn that changes nothing? It is when
        no started expedition, mine or theirs, can take the card. Such a turn does not shrink the
        deck either, so two players who both took them could go round for ever: the search never does."""
        return not (_extends(mine[card.colour], card) or _extends(self.theirs[card.colour], card))

    def turn(self, action) -> tuple[float, str]:
        """A play or discard valued with its best draw after it: (expected margin, that draw)."""
        card = action.card
        hand = dict(self.hand)
        hand[card.colour] = list(hand[card.colour])
        hand[card.colour].remove(card.value)
        mine, discards, blocked = self.mine, self.discards, None
        if action.kind == "play":
            last, total, count, wagers = mine[card.colour]
            mine = dict(mine)
            mine[card.colour] = ((last, total, count + 1, wagers + 1) if card.value == WAGER
                                 else (card.value, total + card.value, count + 1, wagers))
        else:
            discards = dict(discards)
            discards[card.colour] = discards[card.colour] + [card]
            blocked = card.colour
        sources = ["deck"] + [colour for colour, pile in discards.items()
                              if pile and colour != blocked and not (blocked and self.idle(pile[-1], mine))]
        return max((self.draw(source, hand, mine, discards), source) for source in sources)

    def draw(self, source: str, hand=None, mine=None, discards=None) -> float:
        """The expected margin after drawing from ``source``: for the deck, the mean over every
        unseen card it could be (each equally likely to lie on top)."""
        hand = self.hand if hand is None else hand
        mine = self.mine if mine is None else mine
        discards = self.discards if discards is None else discards
        if source != "deck":
            pile = discards[source]
            taken = dict(hand)
            taken[source] = hand[source] + [pile[-1].value]
            left = dict(discards)
            left[source] = pile[:-1]
            return self.margin(taken, mine, self.unseen, left, self.deck, self.unseen_count)
        total = 0.0
        for colour, values in self.unseen.items():
            for index, value in enumerate(values):
                taken = dict(hand)
                taken[colour] = hand[colour] + [value]
                unseen = dict(self.unseen)
                unseen[colour] = values[:index] + values[index + 1:]
                total += self.margin(taken, mine, unseen, discards, self.deck - 1, self.unseen_count - 1)
        return total / max(1, self.unseen_count)

    def margin(self, hand, mine, unseen, discards, deck: int, unseen_count: int) -> float:
        """My outlook minus theirs, with the other side to move next, less the pile card they
        would most like to take."""
        outlook = self.outlook
        unseen_count = max(1, unseen_count)
        my_chance = 0.5 * deck / unseen_count * outlook.timing  # I draw about half the deck
        their_chance = self.their_unknown / unseen_count * outlook.their_hand + my_chance
        mine_value = _side_outlook(mine, hand, unseen, my_chance, deck // 2, outlook)
        theirs_value = _side_outlook(self.theirs, self.their_hand, unseen, their_chance, (deck + 1) // 2, outlook)
        gift = 0.0
        for colour, pile in discards.items():
            if pile:
                last, _, count, wagers = self.theirs[colour]
                if count and pile[-1].value > last:
                    gift = max(gift, pile[-1].value * (1 + wagers))
        return mine_value - theirs_value - outlook.gift * gift


STRONG_SEARCH = {"method": "expectimax"}  # SearchAgent(**STRONG_SEARCH): the kit's strongest opponent

_JUDGE = HeuristicAgent(seed=0)

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": SearchAgent}


def _decimal(text: str) -> str:
    """A number already written with a point, with the language's decimal separator instead."""
    return text.replace(".", decimal_separator())
