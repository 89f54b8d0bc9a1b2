"""The expected-value model of notebook 21: exact enumeration against brute force and simulation."""

from fractions import Fraction
from itertools import permutations
from statistics import mean

import pytest

from gamekit.lost_cities.lessons import expected_value, final_score, opening_distribution, simulate_opening


def brute_force(held, wagers, unseen, pool, draws):
    """Every ordering of a small pool, my draws the first ones: the distribution by counting."""
    cards = list(unseen) + [None] * (pool - len(unseen))
    counts, total = {}, 0
    for order in permutations(range(pool)):
        got = [cards[i] for i in order[:draws] if cards[i] is not None]
        score = final_score([*held, *got], wagers, draws + 1)
        counts[score] = counts.get(score, 0) + 1
        total += 1
    return {score: Fraction(n, total) for score, n in sorted(counts.items())}


@pytest.mark.parametrize("held, wagers, unseen, pool, draws", [
    ([4, 7], 0, [8, 9], 5, 2),
    ([6], 1, [7, 10], 6, 3),
    ([], 2, [5, 9, 10], 6, 4),
    ([3, 8], 0, [], 4, 1),
])
def test_exact_distribution_matches_brute_force(held, wagers, unseen, pool, draws):
    exact = opening_distribution(held, wagers, unseen=unseen, pool=pool, draws=draws)
    assert exact == brute_force(held, wagers, unseen, pool, draws)
    assert sum(exact.values()) == 1


def test_final_score_lays_one_card_a_turn_wagers_first_then_the_highest():
    assert final_score([4, 7, 9], 0, 3) == 0
    assert final_score([4, 7, 9], 0, 2) == -4  # 7 + 9 - 20
    assert final_score([4, 7, 9], 1, 2) == -22  # the wager and the 9: (9 - 20) x 2
    assert final_score([], 2, 1) == -40  # one turn: one wager only
    assert final_score(list(range(2, 11)), 3, 12) == 156


def test_simulation_agrees_with_the_exact_mean():
    exact = float(expected_value(opening_distribution([4, 7], 1, unseen=[5, 6, 8, 9, 10], pool=40, draws=12)))
    simulated = mean(simulate_opening([4, 7], 1, unseen=[5, 6, 8, 9, 10], pool=40, draws=12, trials=20_000, seed=4))
    assert abs(simulated - exact) < 0.5  # the standard error is about 0.1
    again = simulate_opening([4, 7], 1, unseen=[5, 6, 8, 9, 10], pool=40, draws=12, trials=50, seed=4)
    assert again == simulate_opening([4, 7], 1, unseen=[5, 6, 8, 9, 10], pool=40, draws=12, trials=50, seed=4)


@pytest.mark.parametrize("held, wagers, unseen, pool, draws", [
    ([4, 4], 0, [], 10, 1), ([4], 0, [4], 10, 1), ([1], 0, [], 10, 1), ([4], 4, [], 10, 1),
    ([4], 0, [5, 6], 1, 1), ([4], 0, [], 5, 6),
])
def test_impossible_inputs_are_refused(held, wagers, unseen, pool, draws):
    with pytest.raises(ValueError):
        opening_distribution(held, wagers, unseen=unseen, pool=pool, draws=draws)
