"""Exact odds, checked against brute force and simulation."""

import doctest
import random
from fractions import Fraction
from itertools import combinations

from gamekit.lost_cities import Card, new_game, odds, score_expedition


def test_break_even_counts_by_brute_force():
    assert [odds.break_even_sets(k) for k in (1, 2, 3, 4, 9)] == [(0, 9), (0, 36), (30, 84), (108, 126), (1, 1)]


def test_expedition_scores_agree_with_the_engine():
    for wagers in range(4):
        for chosen in combinations(range(2, 11), 4):
            cards = [Card("red", 0)] * wagers + [Card("red", v) for v in chosen]
            assert odds.expedition_score(chosen, wagers) == score_expedition(cards)


def test_wagers_multiply_the_variance_by_the_square_of_the_multiplier():
    mean0, var0 = odds.mean_and_variance(odds.expedition_distribution(4))
    for wagers in (1, 2, 3):
        distribution = odds.expedition_distribution(4, wagers)
        assert sum(distribution.values()) == 1
        mean, var = odds.mean_and_variance(distribution)
        assert mean == mean0 * (1 + wagers) and var == var0 * (1 + wagers) ** 2


def test_turns_left_split_the_deck_between_the_seats():
    for deck in range(50):
        for players in (2, 4):
            turns = [odds.turns_left(deck, players, seat) for seat in range(players)]
            assert sum(turns) == deck and max(turns) - min(turns) <= 1


def test_the_chance_to_draw_a_deck_card_matches_a_simulation():
    rng = random.Random(4)
    deck_size, trials, hits = 9, 20_000, 0
    for _ in range(trials):
        place = rng.randrange(deck_size)  # where the card lies, counted from the top
        hits += place % 2 == 0  # the player to move draws the 1st, 3rd, 5th... card
    assert odds.chance_to_draw(deck_size) == Fraction(5, 9)
    assert abs(hits / trials - 5 / 9) < 0.01
    state = new_game(seed=1)
    assert odds.turns_left(len(state.deck)) == 22


def test_module_doctests():
    assert doctest.testmod(odds).failed == 0
