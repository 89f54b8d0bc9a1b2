"""Exact odds of Lost Cities, as fractions: the break-even, the wager multiplier, the deck.

* :func:`break_even_sets` — how many k-card sets of 2..10 reach the 20-point break-even;
* :func:`expedition_distribution` — the exact score distribution of an expedition of k random
  numbers with w wagers (the wager as a variance amplifier);
* :func:`chance_to_draw` — the chance that I draw a given card that is still in the deck, when
  both players only draw from the deck;
* :func:`turns_left` — how many more turns each player gets from a deck of d cards.

Everything is exact (``fractions.Fraction``) and seeded nowhere: there is no randomness here.

>>> break_even_sets(3)
(30, 84)
>>> expedition_distribution(0, wagers=3)
{-80: Fraction(1, 1)}
>>> mean_and_variance(expedition_distribution(3)), mean_and_variance(expedition_distribution(3, wagers=2))
((Fraction(-2, 1), Fraction(15, 1)), (Fraction(-6, 1), Fraction(135, 1)))
>>> chance_to_draw(deck_size=5)
Fraction(3, 5)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from .rules import BONUS, BONUS_CARDS, BREAK_EVEN, NUMBERS


def break_even_sets(cards: int, threshold: int = BREAK_EVEN) -> tuple[int, int]:
    """``(sets reaching threshold, all sets)`` among the ``cards``-card sets of numbers 2..10."""
    sets = list(combinations(NUMBERS, cards))
    return sum(1 for chosen in sets if sum(chosen) >= threshold), len(sets)


def expedition_score(numbers, wagers: int = 0) -> int:
    """The score of an expedition holding ``numbers`` (values) and ``wagers`` wager cards."""
    count = len(numbers) + wagers
    if count == 0:
        return 0
    return (sum(numbers) - BREAK_EVEN) * (1 + wagers) + (BONUS if count >= BONUS_CARDS else 0)


def expedition_distribution(cards: int, wagers: int = 0) -> dict[int, Fraction]:
    """The exact distribution of an expedition's score when its ``cards`` numbers are a uniformly
    random set of 2..10 and it carries ``wagers`` wagers: score -> probability, sorted by score.
    With more wagers the same sets spread further both ways: the multiplier amplifies variance."""
    sets = list(combinations(NUMBERS, cards))
    counts = Counter(expedition_score(chosen, wagers) for chosen in sets)
    return {score: Fraction(counts[score], len(sets)) for score in sorted(counts)}


def mean_and_variance(distribution: dict) -> tuple[Fraction, Fraction]:
    """Exact mean and variance of a distribution given as value -> probability."""
    mean = sum(value * p for value, p in distribution.items())
    return mean, sum((value - mean) ** 2 * p for value, p in distribution.items())


def turns_left(deck_size: int, players: int = 2, seat_offset: int = 0) -> int:
    """Turns still to come for one player when every turn draws from the deck: of the d remaining
    draws, the player ``seat_offset`` seats after the one to move now (0: the mover) makes every
    ``players``-th, starting with the ``seat_offset``-th."""
    if deck_size <= seat_offset:
        return 0
    return (deck_size - seat_offset + players - 1) // players


def chance_to_draw(deck_size: int, players: int = 2, seat_offset: int = 0) -> Fraction:
    """The chance that one particular card, somewhere in a shuffled deck of ``deck_size``, comes to
    my hand when every turn draws from the deck (my draws are every ``players``-th card from the
    top). The very last card drawn ends the round: it comes to hand, too late to be played."""
    if deck_size <= 0:
        return Fraction(0)
    return Fraction(turns_left(deck_size, players, seat_offset), deck_size)
