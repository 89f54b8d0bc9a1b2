"""Exact invasion odds against brute-force enumeration, the seed's examples, and simulations."""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.brief_history import odds
from gamekit.brief_history.odds import (
    continuing_invasion,
    expected_attempts,
    invasion_points,
    points_at_least,
    resolve_invasion,
    success_probability,
    takes_control,
)

FACES = range(1, 7)
CASES = [(a, d, b) for a in range(1, 5) for d in range(1, 3) for b in range(4)]


def brute_points(a, d, bonus, fear):
    """Enumerate all 6**(a+d) rolls and resolve each one."""
    counts = {}
    for attack in itertools.product(FACES, repeat=a):
        for defend in itertools.product(FACES, repeat=d):
            points = resolve_invasion(attack, defend, bonus, fear)
            counts[points] = counts.get(points, 0) + 1
    total = 6 ** (a + d)
    return {p: Fraction(n, total) for p, n in sorted(counts.items())}


def brute_success(a, d, cost, bonus, fear, viking_sea):
    wins = sum(takes_control(attack, defend, cost, bonus, fear, viking_sea)
               for attack in itertools.product(FACES, repeat=a)
               for defend in itertools.product(FACES, repeat=d))
    return Fraction(wins, 6 ** (a + d))


@pytest.mark.parametrize("a,d,bonus", CASES)
def test_points_distribution_matches_enumeration(a, d, bonus):
    for fear in (False, True):
        assert invasion_points(a, d, bonus, fear) == brute_points(a, d, bonus, fear)


@pytest.mark.parametrize("a,d,bonus", CASES)
def test_success_matches_enumeration_for_both_terrain_costs(a, d, bonus):
    for cost in (1, 2):
        for fear in (False, True):
            for viking in (False, True):
                assert success_probability(a, d, cost, bonus, fear, viking) == brute_success(a, d, cost, bonus, fear, viking)


def test_distributions_sum_to_one_even_for_many_dice():
    for a, d in [(1, 1), (7, 3), (20, 5)]:
        assert sum(invasion_points(a, d, 2, True).values()) == 1


def test_max_of_k_dice_is_the_difference_of_powers():
    for k in range(1, 6):
        dist = odds.max_distribution(k)
        for m in FACES:
            assert sum(dist[j] for j in range(1, m + 1)) == Fraction(m, 6) ** k


# --- the seed's worked examples -------------------------------------------------------------------
def test_seed_examples():
    assert resolve_invasion([6, 2], [4, 3]) == 2  # against a fort's two dice
    assert resolve_invasion([4, 1], [5]) == 0  # first attempt fails...
    assert resolve_invasion([6, 2], [6], bonus=1) == 1  # ...continuing at +1 earns one point
    assert resolve_invasion([6, 5], [3], bonus=2) == 5  # the Romans in the Balkans
    assert resolve_invasion([6, 2], [4], fear=True) == 3  # Assyrians with Fear
    assert resolve_invasion([4, 2], [4], fear=True) == 0  # a failed roll earns no Fear point


def test_ties_fail_and_the_margin_is_the_points():
    assert resolve_invasion([3], [3]) == 0
    assert resolve_invasion([3], [3], bonus=1) == 1
    assert resolve_invasion([1, 1, 6], [5, 2]) == 1


def test_viking_natural_five_or_six_takes_any_territory_from_the_sea():
    assert takes_control([5], [6], cost=2, viking_sea=True)
    assert not takes_control([5], [6], cost=2)
    assert takes_control([4], [1], cost=2, viking_sea=True)  # 3 points cover the cost anyway
    assert not takes_control([4], [3], cost=2, viking_sea=True)


def test_dice_counts():
    assert odds.attacker_dice_count() == 2
    assert odds.attacker_dice_count(fleet=True) == 1
    assert odds.attacker_dice_count(fleet=True, extra=1) == 2
    assert odds.defender_dice_count(fort=True) == 2


# --- identities the lesson uses ----------------------------------------------------------------------
def test_two_dice_against_one_is_risks_125_over_216():
    assert success_probability(2, 1, cost=1) == Fraction(125, 216)
    assert odds.beats_probability(2, 1) == Fraction(125, 216)


@pytest.mark.parametrize("a,d", [(a, d) for a in range(1, 5) for d in range(1, 3)])
def test_shift_identity(a, d):
    for bonus in range(1, 4):
        for fear in (False, True):
            for k in range(2 + fear, 10):  # k - 1 must still be a success (Fear's least success is 2)
                assert points_at_least(k, a, d, bonus, fear) == points_at_least(k - 1, a, d, bonus - 1, fear)


def test_more_bonus_or_dice_never_hurts():
    for a, d, b in CASES:
        for cost in (1, 2):
            p = success_probability(a, d, cost, b)
            assert success_probability(a + 1, d, cost, b) >= p
            assert success_probability(a, d, cost, b + 1) >= p
            assert success_probability(a, d + 1, cost, b) <= p


# --- the continuing-invasion chain ------------------------------------------------------------------
def series_expected_attempts(a, d, cost, max_bonus=3):
    """E[attempts] = sum over k of P(attempt k happens): a finite sum plus a geometric tail."""
    p = odds.attempt_probabilities(a, d, cost, max_bonus)
    survive, total = Fraction(1), Fraction(0)
    for b in range(max_bonus):
        total += survive
        survive *= 1 - p[b]
    return total + survive / p[max_bonus]


@pytest.mark.parametrize("a,d,cost", [(a, d, c) for a in (1, 2, 3) for d in (1, 2) for c in (1, 2)])
def test_expected_attempts_equals_the_series(a, d, cost):
    assert expected_attempts(a, d, cost) == series_expected_attempts(a, d, cost)


def test_expected_attempts_is_the_limit_of_a_large_organiser():
    exact = expected_attempts(2, 2, 2)
    big = continuing_invasion(2, 2, 2, armies=80)
    partial = sum(k * p for k, p in big.captured_after.items())
    assert 1 - big.capture < Fraction(1, 10 ** 12)
    assert abs(exact - partial) < Fraction(1, 10 ** 9)


def test_max_bonus_zero_is_a_plain_geometric_trial():
    assert expected_attempts(2, 1, 1, max_bonus=0) == Fraction(216, 125)


def test_continuing_invasion_by_enumerating_two_attempts():
    """Two armies, two attempts (bonus 0 then 1): enumerate every pair of rolls."""
    a, d, cost = 2, 1, 2
    rolls = list(itertools.product(FACES, repeat=a + d))
    first_ok = sum(takes_control(r[:a], r[a:], cost) for r in rolls)
    second_ok = sum(takes_control(r[:a], r[a:], cost, bonus=1) for r in rolls)
    n = len(rolls)
    outcome = continuing_invasion(a, d, cost, armies=2)
    assert outcome.captured_after[1] == Fraction(first_ok, n)
    assert outcome.captured_after[2] == Fraction((n - first_ok) * second_ok, n * n)
    assert outcome.spent[2] == 1 - Fraction(first_ok, n)
    assert sum(outcome.spent.values()) == 1
    assert outcome.expected_spent == 1 * outcome.spent[1] + 2 * outcome.spent[2]


def test_capture_grows_with_the_organiser():
    chances = [continuing_invasion(1, 2, 2, armies=n).capture for n in range(1, 8)]
    assert chances == sorted(chances) and chances[-1] < 1


def test_refusals():
    with pytest.raises(ValueError):
        invasion_points(0, 1)
    with pytest.raises(ValueError):
        invasion_points(2, 1, bonus=-1)
    with pytest.raises(ValueError):
        resolve_invasion([7], [1])
    with pytest.raises(ValueError):
        resolve_invasion([], [1])
    with pytest.raises(ValueError):
        success_probability(2, 1, cost=0)
    with pytest.raises(ValueError):
        continuing_invasion(2, 1, 1, armies=0)
    with pytest.raises(ValueError):  # 1 die vs 1 at +0 can never make 6 points
        expected_attempts(1, 1, cost=6, max_bonus=0)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.lists(st.integers(1, 6), min_size=1, max_size=3),
       st.integers(0, 3))
def test_one_more_bonus_point_adds_at_most_one_point(attack, defend, bonus):
    before = resolve_invasion(attack, defend, bonus)
    after = resolve_invasion(attack, defend, bonus + 1)
    assert after - before in (0, 1) and (before == 0 or after == before + 1)


# --- simulations agree with the exact values ------------------------------------------------------------
def within(estimate, exact, trials, sigmas=5):
    exact = float(exact)
    return abs(estimate - exact) <= sigmas * math.sqrt(exact * (1 - exact) / trials) + 1e-12


def test_simulated_points_converge():
    trials = 200_000
    simulated = odds.simulate_invasion_points(2, 2, bonus=1, trials=trials, seed=4)
    for points, p in invasion_points(2, 2, bonus=1).items():
        assert within(simulated.get(points, 0.0), p, trials)


def test_simulated_success_converges():
    trials = 200_000
    for a, d, cost, b, fear, viking in [(2, 1, 1, 0, False, False), (1, 2, 2, 3, True, False), (1, 1, 2, 0, False, True)]:
        estimate = odds.simulate_success(a, d, cost, b, fear, viking, trials=trials, seed=a * 10 + d)
        assert within(estimate, success_probability(a, d, cost, b, fear, viking), trials)


def test_simulated_attempts_converge():
    trials = 200_000
    attempts, captured = odds.simulate_attempts(1, 2, 2, trials=trials, seed=7)
    assert captured.all()
    exact = float(expected_attempts(1, 2, 2))
    spread = attempts.std() / math.sqrt(trials)
    assert abs(attempts.mean() - exact) < 5 * spread


def test_simulated_limited_organiser_converges():
    trials = 200_000
    exact = continuing_invasion(1, 2, 2, armies=3)
    simulated = odds.simulate_continuing_invasion(1, 2, 2, armies=3, trials=trials, seed=11)
    assert within(simulated["capture"], exact.capture, trials)
    for n, p in exact.spent.items():
        assert within(simulated["spent"][n], p, trials)


def test_simulations_are_reproducible():
    first = odds.simulate_attempts(2, 1, 2, trials=1000, seed=3)
    second = odds.simulate_attempts(2, 1, 2, trials=1000, seed=3)
    assert (first[0] == second[0]).all()
    assert odds.running_mean([1, 0, 1, 0])[-1] == 0.5
