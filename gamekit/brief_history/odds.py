"""Exact dice odds of an invasion in A Brief History of the World, then simulations that check them.

The attacker rolls ``a`` dice (2, one fewer across a sea, more with events), the defender ``d``
(1, or 2 behind a fort). Each side keeps only its highest die. When the attacker's high die plus
the invasion indicator (the *bonus*) beats the defender's, the attacker earns the difference as
invasion points; a tie or less earns nothing. Fear (Assyrians, Huns, Mongols) adds one point to a
successful roll only. Taking a territory costs 1 point (clear) or 2 (forest, mountain).

Everything exact is computed from the distribution of the maximum of ``k`` dice,
``P(max <= m) = (m/6)**k``, so ``P(max = m) = (m**k - (m-1)**k) / 6**k``: a table for 20 dice costs
no more than one for 2. Counts stay integers over ``6**(a+d)`` until the final ``Fraction``.

>>> invasion_points(2, 1)[0]                    # the attack fails (ties included)
Fraction(91, 216)
>>> success_probability(2, 1, cost=1)           # exactly Risk's 2 dice against 1
Fraction(125, 216)
>>> resolve_invasion([6, 5], [3], bonus=2)      # the seed's Romans in the Balkans
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from gamekit.i18n import N_, translations

_, ngettext, pgettext = translations("brief_history")

FACES = 6
MAX_INDICATOR = 3  # the invasion indicator stops at +3
VIKING_NATURAL = 5  # Vikings invading from the sea succeed on a natural 5 or 6
TERRAIN_COST = {"clear": 1, "forest": 2, "mountain": 2}


# --- one roll ----------------------------------------------------------------------------------
def _who(who: str, *sentences: str) -> str:
    """The sentence about the attacker, the defender or the roller (in that order), in the language in force."""
    return _(sentences[("attacker", "defender", "roller").index(who)])


def _check_dice(dice, who: str) -> int:
    if isinstance(dice, bool) or not isinstance(dice, (int, np.integer)) or dice < 1:
        raise ValueError(_who(who, N_("the attacker rolls at least one die (a whole number), not {dice}"),
                              N_("the defender rolls at least one die (a whole number), not {dice}"),
                              N_("the roller rolls at least one die (a whole number), not {dice}")).format(
            dice=repr(dice)))
    return int(dice)


def _check_bonus(bonus) -> int:
    if isinstance(bonus, bool) or not isinstance(bonus, (int, np.integer)) or bonus < 0:
        raise ValueError(_("the bonus is a whole number of points, 0 or more, not {bonus}").format(bonus=repr(bonus)))
    return int(bonus)


def _check_cost(cost) -> int:
    if isinstance(cost, bool) or not isinstance(cost, (int, np.integer)) or cost < 1:
        raise ValueError(_("the cost of a territory is 1 (clear) or 2 (forest, mountain), not {cost}").format(
            cost=repr(cost)))
    return int(cost)


def _check_rolls(rolls: Sequence[int], who: str) -> list[int]:
    rolls = list(rolls)
    if not rolls:
        raise ValueError(_who(who, N_("the attacker rolls at least one die"), N_("the defender rolls at least one die")))
    for face in rolls:
        if isinstance(face, bool) or not isinstance(face, (int, np.integer)) or not 1 <= face <= FACES:
            raise ValueError(_who(who, N_("a die shows 1 to 6, but the attacker rolled {face}"),
                                  N_("a die shows 1 to 6, but the defender rolled {face}")).format(face=repr(face)))
    return [int(face) for face in rolls]


def points_from_scores(attacker_high: int, defender_high: int, bonus: int = 0, fear: bool = False) -> int:
    """Invasion points from the two high dice: the margin if positive (plus 1 for Fear), else 0."""
    margin = attacker_high + bonus - defender_high
    if margin <= 0:
        return 0
    return margin + 1 if fear else margin


def resolve_invasion(attacker_rolls: Sequence[int], defender_rolls: Sequence[int], bonus: int = 0,
                     fear: bool = False) -> int:
    """The invasion points one roll earns (0 means the attack failed).

    >>> resolve_invasion([6, 2], [4, 3])            # against a fort's two dice
    2
    >>> resolve_invasion([4, 1], [5]), resolve_invasion([6, 2], [6], bonus=1)   # continuing
    (0, 1)
    >>> resolve_invasion([6, 2], [4], fear=True), resolve_invasion([4, 2], [4], fear=True)
    (3, 0)
    """
    attacker = _check_rolls(attacker_rolls, "attacker")
    defender = _check_rolls(defender_rolls, "defender")
    return points_from_scores(max(attacker), max(defender), _check_bonus(bonus), bool(fear))


def takes_control(attacker_rolls: Sequence[int], defender_rolls: Sequence[int], cost: int, bonus: int = 0,
                  fear: bool = False, viking_sea: bool = False) -> bool:
    """Whether one roll takes the territory: enough points for its cost, or, for Vikings invading
    from the sea, a natural 5 or 6 on one of their dice whatever the defender rolls."""
    cost = _check_cost(cost)
    if viking_sea and max(_check_rolls(attacker_rolls, "attacker")) >= VIKING_NATURAL:
        return True
    return resolve_invasion(attacker_rolls, defender_rolls, bonus, fear) >= cost


# --- exact distributions ------------------------------------------------------------------------
def max_weights(dice: int) -> tuple[int, ...]:
    """``w[m]`` = the number of the ``6**dice`` outcomes whose highest die is ``m`` (index 0 unused).

    >>> max_weights(2)
    (0, 1, 3, 5, 7, 9, 11)
    """
    return _max_weights(_check_dice(dice, "roller"))


@cache
def _max_weights(dice: int) -> tuple[int, ...]:
    return (0,) + tuple(m ** dice - (m - 1) ** dice for m in range(1, FACES + 1))


def max_distribution(dice: int) -> dict[int, Fraction]:
    """The exact distribution of the highest of ``dice`` dice: ``P(max <= m) = (m/6)**dice``."""
    weights = max_weights(dice)
    total = FACES ** dice
    return {m: Fraction(weights[m], total) for m in range(1, FACES + 1)}


def _point_counts(attacker_dice: int, defender_dice: int, bonus: int, fear: bool) -> tuple[dict[int, int], int]:
    """Counts of each number of points among the ``6**(a+d)`` equally likely rolls."""
    attack = max_weights(attacker_dice)
    defend = max_weights(defender_dice)
    counts: dict[int, int] = {}
    for high_a in range(1, FACES + 1):
        for high_d in range(1, FACES + 1):
            points = points_from_scores(high_a, high_d, bonus, fear)
            counts[points] = counts.get(points, 0) + attack[high_a] * defend[high_d]
    return counts, FACES ** (attacker_dice + defender_dice)


def invasion_points(attacker_dice: int, defender_dice: int, bonus: int = 0,
                    fear: bool = False) -> dict[int, Fraction]:
    """The exact distribution of invasion points of one roll (key 0 = the attack failed).

    >>> invasion_points(1, 1)
    {0: Fraction(7, 12), 1: Fraction(5, 36), 2: Fraction(1, 9), 3: Fraction(1, 12), 4: Fraction(1, 18), 5: Fraction(1, 36)}
    """
    attacker_dice = _check_dice(attacker_dice, "attacker")
    defender_dice = _check_dice(defender_dice, "defender")
    counts, total = _point_counts(attacker_dice, defender_dice, _check_bonus(bonus), bool(fear))
    return {points: Fraction(counts[points], total) for points in sorted(counts)}


def points_at_least(k: int, attacker_dice: int, defender_dice: int, bonus: int = 0,
                    fear: bool = False) -> Fraction:
    """P(invasion points >= k). The *shift identity*: for k >= 2 and bonus >= 1,
    ``points_at_least(k, a, d, b) == points_at_least(k - 1, a, d, b - 1)`` — one point of
    indicator is worth exactly one point of margin. (With Fear the smallest success is 2 points,
    so there it needs k >= 3.)"""
    return sum((p for points, p in invasion_points(attacker_dice, defender_dice, bonus, fear).items()
                if points >= k), Fraction(0))


def success_probability(attacker_dice: int, defender_dice: int, cost: int, bonus: int = 0,
                        fear: bool = False, viking_sea: bool = False) -> Fraction:
    """P(one roll takes a territory of this ``cost``). With ``viking_sea`` a natural 5 or 6 on any
    attacking die succeeds whatever the defender rolls; otherwise the points must cover the cost."""
    attacker_dice = _check_dice(attacker_dice, "attacker")
    defender_dice = _check_dice(defender_dice, "defender")
    cost, bonus = _check_cost(cost), _check_bonus(bonus)
    # A roll succeeds when the margin reaches max(1, cost - Fear), i.e. when the defender's high die
    # is at most ``high_a + bonus - that``; P(max of d dice <= m) counts m**d of the 6**d rolls.
    needed = max(1, cost - int(bool(fear)))
    wins = 0
    for high_a, weight in enumerate(max_weights(attacker_dice)):
        if viking_sea and high_a >= VIKING_NATURAL:
            wins += weight * FACES ** defender_dice
        else:
            wins += weight * min(FACES, max(0, high_a + bonus - needed)) ** defender_dice
    return Fraction(wins, FACES ** (attacker_dice + defender_dice))


def attacker_dice_count(fleet: bool = False, extra: int = 0) -> int:
    """Dice the attacker rolls: 2, one fewer when invading from a fleet, plus event dice."""
    return max(1, 2 - int(bool(fleet)) + int(extra))


def defender_dice_count(fort: bool = False) -> int:
    """Dice the defender rolls: 1, or 2 when a fort stands in the territory."""
    return 2 if fort else 1


# --- continuing an invasion: a Markov chain on the indicator -----------------------------------------
def indicator_sequence(attempts: int, max_bonus: int = MAX_INDICATOR, start_bonus: int = 0) -> list[int]:
    """The bonus of attempts 1, 2, ...: 0, +1, +2, +3, +3, ... (capped at ``max_bonus``)."""
    return [min(start_bonus + k, max_bonus) for k in range(attempts)]


def attempt_probabilities(attacker_dice: int, defender_dice: int, cost: int, max_bonus: int = MAX_INDICATOR,
                          fear: bool = False, viking_sea: bool = False) -> list[Fraction]:
    """``p[b]`` = P(an attempt at indicator ``b`` takes the territory), for b = 0..max_bonus."""
    max_bonus = _check_bonus(max_bonus)
    return [success_probability(attacker_dice, defender_dice, cost, b, fear, viking_sea)
            for b in range(max_bonus + 1)]


def expected_attempts(attacker_dice: int, defender_dice: int, cost: int, max_bonus: int = MAX_INDICATOR, *,
                      fear: bool = False, viking_sea: bool = False, start_bonus: int = 0) -> Fraction:
    """Expected rolls until the territory falls when the attacker always continues (unlimited armies).

    At the top bonus the attempts are a geometric trial, ``E = 1/p``; below it
    ``E_b = 1 + (1 - p_b) * E_{b+1}``.

    >>> expected_attempts(2, 1, cost=1)
    Fraction(1819523, 1178064)
    """
    p = attempt_probabilities(attacker_dice, defender_dice, cost, max_bonus, fear, viking_sea)
    start_bonus = _check_bonus(start_bonus)
    if p[-1] == 0:
        raise ValueError(_("this territory can never be taken: even the top bonus cannot cover its cost"))
    expected = 1 / p[-1]
    for b in range(len(p) - 2, min(start_bonus, len(p) - 1) - 1, -1):
        expected = 1 + (1 - p[b]) * expected
    return Fraction(expected)


@dataclass(frozen=True)
class ContinuingInvasion:
    """What happens when an organiser holding ``armies`` armies invades one territory and keeps
    continuing until it falls or the organiser is empty.

    ``captured_after[k]``: P(the territory falls on attempt ``k``); ``spent[n]``: P(``n`` organiser
    armies are used up, the invading army included — on a final failure it is lost as well)."""

    armies: int
    capture: Fraction
    captured_after: dict[int, Fraction]
    spent: dict[int, Fraction]

    @property
    def expected_spent(self) -> Fraction:
        return sum((n * p for n, p in self.spent.items()), Fraction(0))


def continuing_invasion(attacker_dice: int, defender_dice: int, cost: int, armies: int,
                        max_bonus: int = MAX_INDICATOR, *, fear: bool = False, viking_sea: bool = False,
                        start_bonus: int = 0) -> ContinuingInvasion:
    """The exact outcome of invading with a limited organiser (``armies`` >= 1, the invader included).

    >>> outcome = continuing_invasion(2, 1, cost=2, armies=1)
    >>> outcome.capture == success_probability(2, 1, cost=2)
    True
    """
    if isinstance(armies, bool) or not isinstance(armies, (int, np.integer)) or armies < 1:
        raise ValueError(_("the organiser must hold at least the invading army, not {armies}").format(
            armies=repr(armies)))
    p = attempt_probabilities(attacker_dice, defender_dice, cost, max_bonus, fear, viking_sea)
    still_failing = Fraction(1)
    captured_after: dict[int, Fraction] = {}
    for k, bonus in enumerate(indicator_sequence(int(armies), max_bonus, _check_bonus(start_bonus)), start=1):
        captured_after[k] = still_failing * p[bonus]
        still_failing *= 1 - p[bonus]
    spent = dict(captured_after)
    spent[int(armies)] = spent[int(armies)] + still_failing  # the last army is lost with the attack
    return ContinuingInvasion(int(armies), 1 - still_failing, captured_after, spent)


# --- the tables the lesson prints --------------------------------------------------------------------
def exact_tables(max_attacker_dice: int = 3, max_defender_dice: int = 2, max_bonus: int = MAX_INDICATOR,
                 ) -> dict[tuple[int, int, int, bool], dict[int, Fraction]]:
    """Every points distribution ``(attacker dice, defender dice, bonus, fear) -> {points: P}``."""
    return {(a, d, b, fear): invasion_points(a, d, b, fear)
            for a in range(1, max_attacker_dice + 1)
            for d in range(1, max_defender_dice + 1)
            for b in range(max_bonus + 1)
            for fear in (False, True)}


def success_rows(max_attacker_dice: int = 3, max_defender_dice: int = 2, max_bonus: int = MAX_INDICATOR,
                 ) -> list[dict]:
    """One row per case: the chance to take a clear (cost 1) and a rough (cost 2) territory, exact."""
    rows = []
    for a in range(1, max_attacker_dice + 1):
        for d in range(1, max_defender_dice + 1):
            for b in range(max_bonus + 1):
                for fear in (False, True):
                    rows.append({"attacker dice": a, "defender dice": d, "bonus": b, "fear": fear,
                                 "clear (1)": success_probability(a, d, 1, b, fear),
                                 "forest/mountain (2)": success_probability(a, d, 2, b, fear)})
    return rows


def beats_probability(attacker_dice: int, defender_dice: int) -> Fraction:
    """P(the attacker's highest die beats the defender's): for 2 dice against 1 this is 125/216,
    Risk's chance that two attacking dice beat one defending die."""
    return success_probability(attacker_dice, defender_dice, cost=1)


# --- simulations ---------------------------------------------------------------------------------------
def _highs(rng: np.random.Generator, dice: int, size: int) -> np.ndarray:
    return rng.integers(1, FACES + 1, size=(size, dice)).max(axis=1)


def _simulated_points(rng, attacker_dice, defender_dice, bonus, fear, size) -> tuple[np.ndarray, np.ndarray]:
    high_a = _highs(rng, attacker_dice, size)
    margin = high_a + bonus - _highs(rng, defender_dice, size)
    points = np.where(margin > 0, margin + int(bool(fear)), 0)
    return points, high_a


def simulate_invasion_points(attacker_dice: int, defender_dice: int, bonus: int = 0, fear: bool = False, *,
                             trials: int = 100_000, seed: int = 0) -> dict[int, float]:
    """Frequencies of each number of invasion points over ``trials`` seeded rolls."""
    rng = np.random.default_rng(seed)
    points, _ = _simulated_points(rng, _check_dice(attacker_dice, "attacker"),
                                  _check_dice(defender_dice, "defender"), _check_bonus(bonus), fear, trials)
    values, counts = np.unique(points, return_counts=True)
    return {int(v): c / trials for v, c in zip(values, counts)}


def _simulated_success(rng, attacker_dice, defender_dice, cost, bonus, fear, viking_sea, size) -> np.ndarray:
    points, high_a = _simulated_points(rng, attacker_dice, defender_dice, bonus, fear, size)
    taken = points >= cost
    if viking_sea:
        taken |= high_a >= VIKING_NATURAL
    return taken


def simulate_success(attacker_dice: int, defender_dice: int, cost: int, bonus: int = 0, fear: bool = False,
                     viking_sea: bool = False, *, trials: int = 100_000, seed: int = 0) -> float:
    """The share of ``trials`` seeded rolls that take a territory of this ``cost``."""
    rng = np.random.default_rng(seed)
    taken = _simulated_success(rng, _check_dice(attacker_dice, "attacker"), _check_dice(defender_dice, "defender"),
                               _check_cost(cost), _check_bonus(bonus), fear, viking_sea, trials)
    return float(taken.mean())


def simulate_attempts(attacker_dice: int, defender_dice: int, cost: int, max_bonus: int = MAX_INDICATOR, *,
                      armies: int | None = None, fear: bool = False, viking_sea: bool = False,
                      start_bonus: int = 0, trials: int = 100_000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Play ``trials`` continuing invasions: ``(attempts, captured)`` arrays, one entry per trial.

    With ``armies=None`` the organiser never runs out; otherwise a trial stops after ``armies``
    failed attempts (``captured`` False, ``attempts == armies``)."""
    attacker_dice, defender_dice = _check_dice(attacker_dice, "attacker"), _check_dice(defender_dice, "defender")
    cost, max_bonus, start_bonus = _check_cost(cost), _check_bonus(max_bonus), _check_bonus(start_bonus)
    if armies is None and success_probability(attacker_dice, defender_dice, cost, max_bonus, fear, viking_sea) == 0:
        raise ValueError(_("this territory can never be taken: even the top bonus cannot cover its cost"))
    rng = np.random.default_rng(seed)
    attempts = np.zeros(trials, dtype=np.int64)
    captured = np.zeros(trials, dtype=bool)
    active = np.arange(trials)
    k = 0
    while active.size and (armies is None or k < armies):
        bonus = min(start_bonus + k, max_bonus)
        k += 1
        taken = _simulated_success(rng, attacker_dice, defender_dice, cost, bonus, fear, viking_sea, active.size)
        attempts[active] = k
        captured[active[taken]] = True
        active = active[~taken]
    return attempts, captured


def simulate_expected_attempts(attacker_dice: int, defender_dice: int, cost: int, max_bonus: int = MAX_INDICATOR,
                               *, trials: int = 100_000, seed: int = 0, **kwargs) -> float:
    """The mean number of attempts over seeded simulated invasions (unlimited armies)."""
    attempts, _ = simulate_attempts(attacker_dice, defender_dice, cost, max_bonus, trials=trials, seed=seed, **kwargs)
    return float(attempts.mean())


def simulate_continuing_invasion(attacker_dice: int, defender_dice: int, cost: int, armies: int,
                                 max_bonus: int = MAX_INDICATOR, *, trials: int = 100_000, seed: int = 0,
                                 **kwargs) -> dict:
    """Simulated counterpart of :func:`continuing_invasion`: capture rate and armies-spent shares."""
    attempts, captured = simulate_attempts(attacker_dice, defender_dice, cost, max_bonus, armies=armies,
                                           trials=trials, seed=seed, **kwargs)
    values, counts = np.unique(attempts, return_counts=True)
    return {"capture": float(captured.mean()),
            "spent": {int(v): c / trials for v, c in zip(values, counts)}}


def running_mean(samples) -> np.ndarray:
    """The estimate after 1, 2, ... samples: what a convergence plot draws."""
    samples = np.asarray(samples, dtype=float)
    return np.cumsum(samples) / np.arange(1, samples.size + 1)
