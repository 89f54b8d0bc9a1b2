"""The expected value of opening an expedition, exactly and by simulation (notebook 21's model).

The model, stated once: I hold some numbers of one colour (``held``) and ``wagers`` wagers for it.
The other cards of that colour I have not seen (``unseen``, their values) lie somewhere among the
``pool`` cards I cannot see (the deck and the other hand). Before the round ends I still draw
``draws`` cards from the deck that I will have a turn to play. As the deck is a random part of the
pool, my draws are a uniformly random ``draws``-subset of the pool. At the end I lay the wagers
and every number of the colour I hold, in rising order, but at most one card per turn (``draws +
1`` turns): when there are more, the highest go down. Nobody else takes my colour's cards from
a discard pile, and I draw only from the deck.

:func:`opening_distribution` enumerates every subset of the unseen cards of the colour that could
come to me, weighted by its hypergeometric chance: exact, as fractions. :func:`simulate_opening`
deals the pool at random instead (seeded), to check the exact answer and to reach cases too big
to enumerate.

>>> opening_distribution([4, 7, 9], wagers=0, unseen=[], pool=30, draws=5)
{0: Fraction(1, 1)}
>>> expected_value(opening_distribution([6, 8], wagers=0, unseen=[10], pool=20, draws=10))
Fraction(-1, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from .odds import expedition_score


def _check(held, wagers: int, unseen, pool: int, draws: int) -> None:
    if len(set(held) | set(unseen)) != len(held) + len(unseen):
        raise ValueError("held and unseen list each number of the colour at most once, and not both")
    if any(value not in range(2, 11) for value in (*held, *unseen)):
        raise ValueError("the numbers of a colour are 2 to 10")
    if not 0 <= wagers <= 3:
        raise ValueError(f"a colour has 3 wagers, so wagers is 0..3, not {wagers}")
    if pool < len(unseen) or not 0 <= draws <= pool:
        raise ValueError("the pool holds at least the unseen cards, and I draw at most the whole pool")


def final_score(numbers, wagers: int, turns: int) -> int:
    """The expedition laid from ``numbers`` and ``wagers`` in ``turns`` turns (one card a turn,
    wagers first, then the highest numbers that fit, in rising order)."""
    room = max(0, turns - wagers)
    laid = sorted(numbers)[len(numbers) - min(room, len(numbers)):]
    return expedition_score(laid, min(wagers, turns))


def opening_distribution(held, wagers: int = 0, *, unseen, pool: int, draws: int) -> dict[int, Fraction]:
    """Exact score distribution of the expedition (score -> probability, sorted by score)."""
    _check(held, wagers, unseen, pool, draws)
    k = len(unseen)
    total = comb(pool, draws)
    counts: Counter = Counter()
    for size in range(min(k, draws) + 1):
        ways = comb(pool - k, draws - size)  # the other draws are cards of other colours
        if ways == 0:
            continue
        for got in combinations(unseen, size):
            counts[final_score([*held, *got], wagers, draws + 1)] += ways
    return {score: Fraction(counts[score], total) for score in sorted(counts)}


def expected_value(distribution: dict) -> Fraction:
    """The mean of a distribution given as value -> probability."""
    return sum(value * p for value, p in distribution.items())


def simulate_opening(held, wagers: int = 0, *, unseen, pool: int, draws: int, trials: int = 10_000,
                     seed: int = 0) -> list[int]:
    """The final score of ``trials`` random deals of the pool (seeded), under the same model."""
    _check(held, wagers, unseen, pool, draws)
    rng = random.Random(seed)
    cards = list(unseen) + [None] * (pool - len(unseen))  # None: a card of another colour
    scores = []
    for _ in range(trials):
        got = [value for value in rng.sample(cards, draws) if value is not None]
        scores.append(final_score([*held, *got], wagers, draws + 1))
    return scores
