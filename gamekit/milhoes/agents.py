"""Opponents for Milhões (and Goofspiel), from the coin-flipper to a player who thinks ahead.

Every agent sees only a :class:`~gamekit.milhoes.rules.MilhoesObservation`, is seeded, and can say
why it bids what it bids (``agent.explain(observation, legal_actions)``):

* ``RandomAgent`` bids any card in hand, uniformly.
* ``PrizeMatchingAgent`` bids the card whose rank matches the pot's rank: Ross's (1971) strategy
  for Goofspiel, where it means "bid the prize's value".
* ``HeuristicAgent`` values each card by what it wins now plus what the cards it keeps are worth
  later, watches how often each opponent matches the prize, and stays a little unpredictable.

>>> from gamekit.milhoes import goofspiel
>>> state = goofspiel(cards=5, seed=1)
>>> agent = PrizeMatchingAgent(seed=0)
>>> str(agent.act(state.observation(0), state.legal_actions(0))) == f"bid {state.pot[0]}"
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left

from gamekit.core import Candidate, ExplainingAgent, Explanation, RandomAgent, derive_seed
from gamekit.i18n import decimal_separator, translations

from .equilibrium import EquilibriumAgent
from .rules import Memory, MilhoesObservation, decide_winner, pot_words

_, ngettext, pgettext = translations("milhoes")

__all__ = ["AGENTS", "EquilibriumAgent", "HeuristicAgent", "PrizeMatchingAgent", "RandomAgent", "matching_card", "pot_rank"]


# --- the prize-matching rule, shared with the simulator in analysis.py --------------------------
def pot_rank(pot_sum: int, sorted_points) -> int:
    """The rank (1 = lowest) of the Points value nearest to ``pot_sum`` among ``sorted_points``
    (all the game's Points values, ascending). A single card's rank is exact; a pot of several cards
    is ranked by its sum; halfway between two values, and among equal values, the lower rank."""
    place = bisect_left(sorted_points, pot_sum)
    if place == len(sorted_points):
        return bisect_left(sorted_points, sorted_points[-1]) + 1
    if place > 0 and pot_sum - sorted_points[place - 1] <= sorted_points[place] - pot_sum:
        return bisect_left(sorted_points, sorted_points[place - 1]) + 1  # the value below is as near
    return place + 1


def nearest_card(target: int, hand) -> int:
    """The card in ``hand`` nearest to ``target``, the lower one on a tie."""
    if target in hand:
        return target
    return min(hand, key=lambda card: (abs(card - target), card))


def matching_card(pot_sum: int, hand, sorted_points) -> int:
    """The prize-matching bid: the card whose rank among 1..N equals the pot's rank, or the nearest
    card still in hand (lower on ties) if that one is spent."""
    return nearest_card(pot_rank(pot_sum, sorted_points), hand)


class PrizeMatchingAgent(ExplainingAgent):
    """Bids the Power card whose rank among 1..N matches the pot's rank among the Points values.

    The Points values are sorted ascending and the pot is ranked among them (several cards on the
    table: by their sum, nearest rank); the bid is the card of the same rank, or the nearest card
    still in hand, the lower one on a tie. In Goofspiel, with prizes 1..N, this is exactly "bid the
    prize's value", the strategy Ross (1971) showed beats a random opponent by (N² − 1)/6 points
    on average.

    In Milhões it is naive about Red Barons: a −4 ranks lowest, so it answers with its lowest card —
    and the *lowest* unique bid takes a Red Baron. It throws its small cards at the very cards it
    should avoid. (The strategy lesson uses it to show why.)
    """

    name = "matching"
    value_meaning = "closeness"

    def act(self, observation: MilhoesObservation, legal_actions: list):
        hand = [a.card for a in legal_actions]
        card = matching_card(sum(observation.pot), hand, sorted(observation.points))
        return next(a for a in legal_actions if a.card == card)

    def evaluate(self, observation: MilhoesObservation, action) -> Candidate:
        ranks = sorted(observation.points)
        target = pot_rank(sum(observation.pot), ranks)
        gap = action.card - target
        # Nearer is better; on a tie the lower card wins, so a card above loses half a step.
        value = -(abs(gap) + (0.5 if gap > 0 else 0.0))
        if gap == 0:
            note = _("matches the pot {pot}: rank {rank} of {ranks}").format(
                pot=pot_words(observation.pot), rank=target, ranks=len(ranks))
        elif gap > 0:
            note = _("{gap} above the matching card {card}").format(gap=gap, card=target)
        else:
            note = _("{gap} below the matching card {card}").format(gap=-gap, card=target)
        return Candidate(action, value, note)


# --- the heuristic: what a card wins now, and what the cards left are worth later ------------
class HeuristicAgent(ExplainingAgent):
    """Weighs each card by what it wins now plus what the cards it leaves will be worth later.

    *Now*: the chance that the card takes the pot, and that an opponent takes it instead, with the
    opponents' bids drawn from the cards they still hold — each matches the prize with some
    probability and otherwise bids at random. That probability starts at ``opponent_matching`` and
    follows what each opponent has done this game (see :meth:`matching_rates`). (Exact for up to two
    opponents, sampled, seeded, beyond.) Winning ``v`` points is worth ``+v``; an opponent winning
    them ``-v/(players-1)``, since the game is won against the others: a Red Baron that an opponent
    takes is good news.

    *Later*: the cards left are paired with the Points cards still to come in the best way (an
    assignment problem, ``scipy.optimize.linear_sum_assignment``), each pairing valued like the
    round now but against opponents bidding any card they hold. Spending a 12 on a +1 leaves a hand
    that is worth less later, and this term is where that shows.

    *Unpredictable*: it does not always bid the best-valued card but draws one with weight
    ``exp((value - best) / temperature)``. In Milhões equal bids cancel, so a predictable player is
    easy prey; ``temperature=0`` always bids the best card. (Two heuristic agents at one table still
    think alike and cancel each other often, to the profit of a third player — a lesson in itself.)

    It remembers every round it sees (:class:`~gamekit.milhoes.rules.Memory`), as the booklet
    expects of a player, so it knows the full piles. Asked half-way through a game it has not
    watched, it assumes each opponent may hold any card but the one on top of their pile, and
    that any Points card not in sight may still come.
    """

    name = "heuristic"
    value_meaning = "expected gain"

    def __init__(self, seed: int | None = 0, opponent_matching: float = 0.5, temperature: float = 0.5,
                 samples: int = 200):
        super().__init__(seed)
        if not 0 <= opponent_matching <= 1:
            raise ValueError(f"opponent_matching is a probability, not {opponent_matching!r}")
        if not temperature >= 0:
            raise ValueError(f"temperature is zero (always the best card) or more, not {temperature!r}")
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive whole number, not {samples!r}")
        self.opponent_matching = opponent_matching
        self.temperature = temperature
        self.samples = samples
        self._base_seed = seed if seed is not None else self.rng.getrandbits(32)
        self._plan: tuple = (None, None)
        self.memory = Memory()

    def explain(self, observation: MilhoesObservation, legal_actions: list) -> Explanation:
        observation = self.memory.recall(observation)
        ranked = super().explain(observation, legal_actions).candidates
        chosen = self._draw(ranked)
        candidates = (chosen, *(c for c in ranked if c is not chosen))
        summary = _("what the card wins now + what the cards left are worth later")
        if self.temperature > 0:
            summary = _("{summary}; drawn at random among the good cards (temperature {temperature})").format(
                summary=summary, temperature=f"{self.temperature:g}".replace(".", decimal_separator()))
        return Explanation(self.name, candidates, self.value_meaning, summary)

    def _draw(self, ranked: tuple[Candidate, ...]) -> Candidate:
        """The best candidate, or with ``temperature > 0`` one drawn with weight
        ``exp((value - best) / temperature)``: two players who always bid the same card cancel
        each other, so a predictable player is easy prey in Milhões."""
        if self.temperature == 0:
            return ranked[0]
        best = ranked[0].value
        weights = [math.exp((c.value - best) / self.temperature) for c in ranked]
        return self.rng.choices(ranked, weights)[0]

    def evaluate(self, observation: MilhoesObservation, action) -> Candidate:
        plan = self._plan_for(observation)
        now, take, lose = plan.now[action.card]
        later = plan.later(action.card)
        pot = pot_words(observation.pot)
        if sum(observation.pot) >= 0:
            odds = _("wins {pot} {take}, loses it {lose}")
        else:
            odds = _("takes {pot} {take}, an opponent {lose}")
        odds = odds.format(pot=pot, take=_share(take), lose=_share(lose))
        return Candidate(action, now + later, _("{odds} (now {now}); cards left worth {later}").format(
            odds=odds, now=_signed(now), later=_signed(later)))

    def _plan_for(self, observation: MilhoesObservation) -> _Plan:
        """The tables for this decision, computed once for all candidate cards. Any sampling is
        seeded by the agent's seed and the position, so ``explain`` and ``act`` agree."""
        seen, plan = self._plan
        if seen is not observation and seen != observation:
            self._watch(observation)
            seed = derive_seed(self._base_seed, observation.player, observation.round,
                               observation.hand, observation.pot, observation.used)
            plan = _Plan(observation, self.matching_rates(observation), self.samples, random.Random(seed))
            self._plan = (observation, plan)
        return plan

    def matching_rates(self, observation: MilhoesObservation) -> list[float]:
        """How likely each opponent is to match the prize: ``opponent_matching`` at first, then
        moved towards what they did in the rounds watched (the prior counts as two rounds)."""
        return [(2 * self.opponent_matching + self._matched.get(seat, 0)) / (2 + self._watched.get(seat, 0))
                for seat in range(observation.num_players) if seat != observation.player]

    def _watch(self, observation: MilhoesObservation) -> None:
        """Count, from the round just played, which opponents bid the prize-matching card."""
        if observation.round == 1 or not hasattr(self, "_watched"):  # a new game: forget the last one
            self._matched, self._watched, self._counted = {}, {}, 0
        last = observation.last_round
        if last is None or last.round <= self._counted:
            return
        self._counted = last.round
        ranks = sorted(observation.points)
        hands = observation.hands_left()
        for seat, bid in enumerate(last.bids):
            if seat == observation.player:
                continue
            held = (*hands[seat], bid) if hands is not None else range(1, observation.cards + 1)
            matched = bid == matching_card(sum(last.pot), held, ranks)
            self._matched[seat] = self._matched.get(seat, 0) + matched
            self._watched[seat] = self._watched.get(seat, 0) + 1


class _Plan:
    """What ``HeuristicAgent`` knows about one decision: the value now of each card, and a table of
    what each card would be worth against each Points card to come."""

    def __init__(self, observation: MilhoesObservation, matching: list[float], samples: int,
                 rng: random.Random):
        self.players = observation.num_players
        self.award = observation.award
        self.samples, self.rng = samples, rng
        hand = observation.hand
        opponents = _opponent_hands(observation)
        ranks = sorted(observation.points)
        pot = sum(observation.pot)
        now_bids = self._joint([_mixed_bids(h, matching_card(pot, h, ranks), rate)
                                for h, rate in zip(opponents, matching)])
        self.now = {card: self._gain(card, pot, now_bids) for card in hand}
        # Later: each card against each Points card to come, opponents bidding any card they hold.
        to_come = _points_to_come(observation)
        any_bids = self._joint([_mixed_bids(h, None, 0.0) for h in opponents])
        per_point = {(card, sign): self._gain(card, sign, any_bids)[0] * sign  # gain per point at stake
                     for card in hand for sign in {1 if v >= 0 else -1 for v in to_come}}
        self.hand, self.to_come = list(hand), to_come
        self.gains = [[v * per_point[card, 1 if v >= 0 else -1] for v in to_come] for card in hand]

    def later(self, card: int) -> float:
        """The best pairing of the other cards in hand with the Points cards to come."""
        if not self.to_come:
            return 0.0
        from scipy.optimize import linear_sum_assignment

        rows = [row for c, row in zip(self.hand, self.gains) if c != card]
        picked_rows, picked_cols = linear_sum_assignment(rows, maximize=True)
        return float(sum(rows[r][c] for r, c in zip(picked_rows, picked_cols)))

    def _gain(self, card: int, pot: int, joint_bids: list) -> tuple:
        """(expected gain, P(we take the pot), P(an opponent takes it)) when bidding ``card``
        against the opponents' ``joint_bids`` (with their probabilities)."""
        contest = "highest" if pot >= 0 else "lowest"
        take = lose = 0.0
        for bids, weight in joint_bids:
            winner, _ = decide_winner((card, *bids), contest, self.award)
            if winner == 0:
                take += weight
            elif winner is not None:
                lose += weight
        return pot * (take - lose / (self.players - 1)), take, lose

    def _joint(self, opponent_bids: list):
        """The opponents' joint bids with their probabilities: exact for up to two opponents,
        ``samples`` equally likely draws beyond."""
        if len(opponent_bids) == 1:
            return [((card,), p) for card, p in opponent_bids[0]]
        if len(opponent_bids) == 2:
            return [((a, b), p * q) for a, p in opponent_bids[0] for b, q in opponent_bids[1]]
        columns = [self.rng.choices([c for c, _ in bids], [p for _, p in bids], k=self.samples)
                   for bids in opponent_bids]
        return [(draw, 1 / self.samples) for draw in zip(*columns)]


def _mixed_bids(hand, favourite: int | None, weight: float) -> list[tuple[int, float]]:
    """Each card in ``hand`` with its probability: ``favourite`` with ``weight`` extra, the rest
    spread evenly."""
    even = (1 - weight) / len(hand)
    return [(card, even + (weight if card == favourite else 0.0)) for card in hand]


def _opponent_hands(observation: MilhoesObservation) -> list[tuple[int, ...]]:
    """The cards each opponent may still bid: known from full piles; from the tops alone, any card
    but the one on top of their pile."""
    hands = observation.hands_left()
    if hands is None:
        every = range(1, observation.cards + 1)
        hands = [tuple(c for c in every if c not in pile) for pile in observation.used]
    return [hand for seat, hand in enumerate(hands) if seat != observation.player]


def _points_to_come(observation: MilhoesObservation) -> list[int]:
    """The Points cards still to come: known from full piles; from the tops alone, the right number
    of them, taken from those not in sight (the table and the tops of the piles), lowest first."""
    if observation.points_to_come is not None:
        return list(observation.points_to_come)
    unseen = sorted(observation.points)
    for value in list(observation.pot) + [v for pile in observation.won for v in pile]:
        if value in unseen:
            unseen.remove(value)
    wanted = observation.rounds - observation.round
    step = len(unseen) / wanted if wanted else 0
    return [unseen[int(i * step)] for i in range(wanted)]


def _share(p: float) -> str:
    """A probability as a whole percentage, "42%" (no decimals, so the same in every language)."""
    return f"{p:.0%}"


def _signed(value: float, places: int = 2) -> str:
    """``+1.25`` / ``-0.50``: a value with its sign, as the language writes decimals ("+1,25")."""
    return f"{value:+.{places}f}".replace(".", decimal_separator())


# "equilibrium" plays exact equilibria of small two-player games only; it says so for any other.
AGENTS = {"random": RandomAgent, "matching": PrizeMatchingAgent, "heuristic": HeuristicAgent,
          "equilibrium": EquilibriumAgent}
