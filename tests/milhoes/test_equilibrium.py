"""Exact equilibria: hand-worked small games, an independent best-response check, the reductions,
and agreement with the engine through simulated games."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest

from gamekit.core import RandomAgent
from gamekit.milhoes import decide_winner, default_points, new_game
from gamekit.milhoes.equilibrium import (
    EquilibriumAgent,
    Position,
    _block_lp_values,
    equilibrium_of,
    solve,
    solve_goofspiel,
)

TOL = 1e-9


# --- an independent referee: the whole game tree on raw positions, scored by the engine's rule ----
def round_outcome(bids, pot, last, tie_rule):
    """Points to player 0 minus player 1 this round, and the pot left on the table."""
    winner, _ = decide_winner(tuple(bids), "highest" if sum(pot) >= 0 else "lowest")
    if winner is not None:
        return (sum(pot) if winner == 0 else -sum(pot)), ()
    if last or tie_rule == "discard":
        return 0, ()
    return 0, tuple(pot)


def evaluate(hands, to_come, tie_rule, random_order, policies):
    """Expected score difference when each player follows ``policies[p]``: a function of
    (Position, player) giving a mix, or ``"best"`` for an exact best response (max for player 0,
    min for player 1). Written from the rules, without the solver's keys or reductions."""

    @cache
    def before_sunrise(hands, to_come, table):
        if not hands[0]:
            return 0.0
        if random_order:
            turns = [(c, to_come.count(c) / len(to_come), _without(to_come, c)) for c in sorted(set(to_come))]
        else:
            turns = [(to_come[0], 1, to_come[1:])]
        return sum(p * stage(Position(hands, table + (c,), rest)) for c, p, rest in turns)

    def outcome(position, a, b):
        last = len(position.hands[0]) == 1
        points, left = round_outcome((a, b), position.pot, last, tie_rule)
        hands = (_without(position.hands[0], a), _without(position.hands[1], b))
        return points + before_sunrise(hands, position.to_come, left)

    def stage(position):
        mine, theirs = position.hands
        if policies[0] == "best":
            mix = policies[1](position, 1)
            return max(sum(p * outcome(position, a, b) for b, p in mix.items()) for a in mine)
        mix = policies[0](position, 0)
        if policies[1] == "best":
            return min(sum(p * outcome(position, a, b) for a, p in mix.items()) for b in theirs)
        other = policies[1](position, 1)
        return sum(p * q * outcome(position, a, b) for a, p in mix.items() for b, q in other.items())

    return before_sunrise(tuple(tuple(h) for h in hands), tuple(to_come), ())


def _without(cards, card):
    cards = list(cards)
    cards.remove(card)
    return tuple(cards)


def positions(hands, to_come, tie_rule, random_order):
    """Every position reachable from the start (all bids, all draws), from the rules."""
    seen, todo = set(), [(tuple(hands[0]), tuple(hands[1]), tuple(to_come), ())]
    while todo:
        h0, h1, rest, table = todo.pop()
        if not h0:
            continue
        draws = sorted(set(rest)) if random_order else [rest[0]]
        for card in draws:
            position = Position((h0, h1), table + (card,), _without(rest, card))
            if position in seen:
                continue
            seen.add(position)
            for a in h0:
                for b in h1:
                    _, left = round_outcome((a, b), position.pot, len(h0) == 1, tie_rule)
                    todo.append((_without(h0, a), _without(h1, b), position.to_come, left))
    return seen


def uniform(position, player):
    hand = position.hands[player]
    return {c: 1 / len(hand) for c in hand}


CONFIGS = [  # (solve options, description)
    ({"cards": 4, "points": [1, 2, 3, 4], "tie_rule": "discard"}, "Goofspiel 4"),
    ({"cards": 4}, "Milhões 4 (default points +1 +2 +3 -1, carry)"),
    ({"cards": 4, "points": [3, -2, 1, -4], "tie_rule": "carry"}, "negative-heavy, carry"),
    ({"cards": 4, "points": [3, -2, 1, -4], "tie_rule": "discard"}, "negative-heavy, discard"),
    ({"cards": 4, "points": [2, -1, 2, 4], "points_order": [2, -1, 4, 2]}, "fixed order, repeated card"),
    ({"cards": 4, "points": [1, 3, -2, 2], "hands": ((1, 2, 4, 6), (2, 3, 5, 6))}, "unequal hands, carry"),
    ({"cards": 3, "points": [2, 2, -3], "tie_rule": "carry", "hands": ((1, 5, 6), (2, 3, 6))},
     "unequal hands, 3 cards"),
]


def _start(options):
    cards = options["cards"]
    hands = options.get("hands") or (tuple(range(1, cards + 1)),) * 2
    points = options.get("points_order") or sorted(options["points"])
    return hands, points, options.get("tie_rule", "carry"), options.get("points_order") is None


@pytest.fixture(scope="module")
def solutions():
    out = {}
    for options, name in CONFIGS:
        if "points" not in options:
            options = {**options, "points": default_points(options["cards"])}
        out[name] = (options, solve(**options))
    return out


# --- worked by hand ------------------------------------------------------------------------------
def test_one_card_games_by_hand():
    assert solve(1, [5]).value == 0  # both bid their only card: a last-round total tie, unawarded
    assert solve(1, [3], hands=((2,), (1,))).value == pytest.approx(3)  # the higher bid takes a Battle
    # a Red Baron goes to the lower bid: player 1 takes -2, so the difference is +2 for player 0
    assert solve(1, [-2], hands=((2,), (1,))).value == pytest.approx(2)
    assert solve(1, [-2], hands=((1,), (2,))).value == pytest.approx(-2)


def test_two_card_goofspiel_by_hand():
    sol = solve_goofspiel(2)
    assert abs(sol.value) < TOL
    for prize, other in ((1, 2), (2, 1)):
        stage = sol.stage_game(Position(((1, 2), (1, 2)), (prize,), (other,)))
        # (1 vs 2): player 1 takes this prize, player 0 the other; ties discard both rounds
        assert stage.payoffs.tolist() == [[0, other - prize], [prize - other, 0]]
        assert stage.strategy == {prize: 1.0}  # bid the card that matches the prize
        assert stage.value == pytest.approx(0)


def test_two_card_mixed_equilibrium_by_hand():
    # Player 0 holds 1 and 3, player 1 holds 2 and 3; the 2 is turned first, then the 1.
    # Bids (1,2): -2 now, then 3 v 3 ties in the last round: -2.   (1,3): -2, then 3 beats 2: -1.
    # (3,2): +2, then 1 loses to 3: +1.   (3,3) carries the 2; 1 v 2 then loses 2 + 1 = 3: -3.
    # [[-2, -1], [1, -3]] has no saddle point: x = 4/5 on the 1, y = 2/5 on the 2, value -7/5.
    sol = solve(2, [2, 1], points_order=[2, 1], tie_rule="carry", hands=((1, 3), (2, 3)))
    stage = sol.stage_game(Position(((1, 3), (2, 3)), (2,), (1,)))
    assert stage.payoffs.tolist() == [[-2, -1], [1, -3]]
    assert sol.value == pytest.approx(-7 / 5, abs=TOL)
    assert stage.strategy == pytest.approx({1: 0.8, 3: 0.2}, abs=TOL)
    assert stage.opponent_strategy == pytest.approx({2: 0.4, 3: 0.6}, abs=TOL)
    seen_by_1 = sol.stage_game(Position(((1, 3), (2, 3)), (2,), (1,)), player=1)
    assert seen_by_1.value == pytest.approx(7 / 5, abs=TOL)
    assert seen_by_1.strategy == pytest.approx({2: 0.4, 3: 0.6}, abs=TOL)
    # Discarding the tied 2 instead makes (3,3) worth -1: a saddle point, both bid 3.
    discard = solve(2, [2, 1], points_order=[2, 1], tie_rule="discard", hands=((1, 3), (2, 3)))
    assert discard.value == pytest.approx(-1)
    assert discard.strategy(Position(((1, 3), (2, 3)), (2,), (1,))) == {3: 1.0}


@pytest.mark.parametrize("cards", range(1, 7))
def test_symmetric_games_are_worth_zero(cards):
    for sol in (solve_goofspiel(cards), solve(cards), solve(cards, tie_rule="discard")):
        assert abs(sol.value) < TOL
        for _, _, start in sol.first_prizes():  # each first round is an LP, not a shortcut
            assert abs(sol.value_of(start)) < TOL


# --- independent checks ----------------------------------------------------------------------------
def test_no_player_can_exploit_the_equilibrium(solutions):
    """Exact best responses, computed on the raw game tree by the referee above: against either
    equilibrium strategy the best the opponent can do is the value."""
    for name, (options, sol) in solutions.items():
        hands, to_come, tie_rule, random_order = _start(options)
        eq = sol.strategy
        against_0 = evaluate(hands, to_come, tie_rule, random_order, (eq, "best"))
        against_1 = evaluate(hands, to_come, tie_rule, random_order, ("best", eq))
        both = evaluate(hands, to_come, tie_rule, random_order, (eq, eq))
        assert against_0 == pytest.approx(sol.value, abs=TOL), name
        assert against_1 == pytest.approx(sol.value, abs=TOL), name
        assert both == pytest.approx(sol.value, abs=TOL), name


def test_every_stage_strategy_is_a_best_response(solutions):
    for name, (options, sol) in solutions.items():
        hands, to_come, tie_rule, random_order = _start(options)
        for position in positions(hands, to_come, tie_rule, random_order):
            stage = sol.stage_game(position)
            x = np.array([stage.strategy.get(c, 0.0) for c in stage.cards])
            y = np.array([stage.opponent_strategy.get(c, 0.0) for c in stage.opponent_cards])
            assert x.sum() == pytest.approx(1) and y.sum() == pytest.approx(1)
            assert (x @ stage.payoffs).min() >= stage.value - TOL, (name, position)
            assert (stage.payoffs @ y).max() <= stage.value + TOL, (name, position)
            mirror = sol.stage_game(position, player=1)
            assert mirror.value == pytest.approx(-stage.value, abs=TOL)
            assert np.allclose(mirror.payoffs, -stage.payoffs.T)


@pytest.mark.parametrize("symmetry,relabel", [(False, False), (False, True), (True, False)])
def test_the_reductions_change_no_value(solutions, symmetry, relabel):
    for name, (options, sol) in solutions.items():
        plain = solve(**options, symmetry=symmetry, relabel=relabel)
        hands, to_come, tie_rule, random_order = _start(options)
        assert plain.value == pytest.approx(sol.value, abs=TOL)
        assert plain.stats.subgames >= sol.stats.subgames
        for position in positions(hands, to_come, tie_rule, random_order):
            # each entry is this round's points plus a stored subgame value: all of them must agree
            _, _, reduced = sol.payoff_matrix(position)
            _, _, unreduced = plain.payoff_matrix(position)
            assert np.allclose(unreduced, reduced, rtol=0, atol=TOL), (name, position)


def _mapped_matrices_agree(first, second, options, mapping):
    hands, to_come, tie_rule, random_order = _start(options)
    for position in positions(hands, to_come, tie_rule, random_order):
        pot, to_come = tuple(map(mapping, position.pot)), tuple(map(mapping, position.to_come))
        image = Position(position.hands, pot, to_come)
        if not np.allclose(first.payoff_matrix(position)[2], second.payoff_matrix(image)[2], atol=TOL):
            return False
    return True


@pytest.mark.parametrize("tie_rule", ["carry", "discard"])
def test_negating_every_points_card_changes_no_difference(tie_rule):
    # the higher bid gains |pot| whatever its sign, so the game with all signs flipped is the same
    options = {"cards": 4, "points": [3, -2, 1, -4], "tie_rule": tie_rule}
    flipped = solve(4, [-3, 2, -1, 4], tie_rule=tie_rule)
    assert _mapped_matrices_agree(solve(**options), flipped, options, lambda v: -v)


def test_a_red_baron_is_a_battle_unless_a_pot_carries():
    for tie_rule, same in (("discard", True), ("carry", False)):
        options = {"cards": 4, "points": [1, 2, 3, -2], "tie_rule": tie_rule}
        battle = solve(4, [1, 2, 3, 2], tie_rule=tie_rule)
        assert _mapped_matrices_agree(solve(**options), battle, options, abs) is same


def test_block_lp_agrees_with_single_games():
    rng = np.random.default_rng(7)
    for k in (3, 4, 6):
        games = rng.integers(-4, 5, size=(60, k, k)).astype(float)  # small integers: many ties
        batch = _block_lp_values(games)
        for matrix, value in zip(games, batch):
            x, y, v = equilibrium_of(matrix)
            assert value == pytest.approx(v, abs=TOL)
            assert (x @ matrix).min() >= v - TOL and (matrix @ y).max() <= v + TOL


# --- agreement with the engine ---------------------------------------------------------------------
def play(agents, seed, **options):
    state = new_game(2, seed=seed, **options)
    while not state.is_terminal:
        state.apply_joint({p: agents[p].act(state.observation(p), state.legal_actions(p)) for p in (0, 1)})
    scores = state.scores()
    return scores[0] - scores[1]


def mean_and_error(samples):
    mean = sum(samples) / len(samples)
    var = sum((s - mean) ** 2 for s in samples) / (len(samples) - 1)
    return mean, math.sqrt(var / len(samples))


@pytest.mark.parametrize("options", [{"cards": 3}, {"cards": 3, "points": [1, 2, 3], "tie_rule": "discard"}])
def test_engine_games_match_the_exact_expectation(options):
    """Equilibrium agent v random agent through the engine: the mean score difference agrees with
    the exact expectation, which is at least the game's value (0)."""
    sol = solve(**options)
    hands, to_come = (tuple(range(1, 4)),) * 2, sorted(options.get("points") or default_points(3))
    exact = evaluate(hands, to_come, options.get("tie_rule", "carry"), True, (sol.strategy, uniform))
    assert exact >= sol.value - TOL
    diffs = [play([EquilibriumAgent(seed=s), RandomAgent(seed=s + 10**6)], s, **options) for s in range(1500)]
    mean, error = mean_and_error(diffs)
    assert abs(mean - exact) < 4 * error + 1e-12
    selfplay = [play([EquilibriumAgent(seed=s), EquilibriumAgent(seed=s + 1)], s, cards=4)
                for s in range(600)]
    mean, error = mean_and_error(selfplay)
    assert abs(mean - solve(4).value) < 4 * error + 1e-12


def test_agent_is_seeded_and_explains():
    state = new_game(2, seed=3, cards=5)
    agent, twin = EquilibriumAgent(seed=11), EquilibriumAgent(seed=11)
    obs = state.observation(0)
    legal = state.legal_actions(0)
    picks = [agent.act(obs, legal) for _ in range(20)]
    assert picks == [twin.act(obs, legal) for _ in range(20)]
    explanation = EquilibriumAgent(seed=11).explain(obs, legal)
    assert explanation.best == picks[0]
    assert sorted(str(c.action) for c in explanation.candidates) == sorted(str(a) for a in legal)
    assert sum(c.value for c in explanation.candidates) == pytest.approx(1)
    assert explanation.candidates[0].value > 0 and "drawn" in explanation.candidates[0].note
    mix = solve(5).strategy(obs)
    assert {c.action.card: c.value for c in explanation.candidates if c.value} == pytest.approx(mix)
    assert "worth" in explanation.summary


def test_agent_refuses_what_it_cannot_solve():
    agent = EquilibriumAgent(seed=0, max_cards=4)
    half_way = new_game(2, seed=1, cards=3)  # met in round 3, the agent has not seen round 1's bids
    half_way.apply_joint({0: "bid 1", 1: "bid 2"})
    half_way.apply_joint({0: "bid 2", 1: "bid 1"})
    refused = ((new_game(3, seed=1, cards=3), "two-player"), (new_game(2, seed=1, cards=5), "too large"),
               (half_way, "not seen"))
    for state, words in refused:
        with pytest.raises(ValueError, match=words):
            agent.act(state.observation(0), state.legal_actions(0))


# --- the API ----------------------------------------------------------------------------------------
def test_first_round_table_and_figures():
    sol = solve(4)
    table = sol.first_round_table()
    prizes = {row["prize"] for row in table}
    assert prizes == {1, 2, 3, -1}
    for prize in prizes:
        assert sum(r["probability"] for r in table if r["prize"] == prize) == pytest.approx(1, abs=1e-5)  # rounded to 6 places
    fig = sol.first_round_figure()
    assert fig.data[0].type == "heatmap" and len(fig.data[0].z) == 4
    bars = sol.stage_figure(sol.first_prizes()[0][2])
    assert [trace.type for trace in bars.data] == ["bar", "bar"]
    assert sol.stats.subgames > 0 and sol.stats.seconds >= 0


def test_positions_from_observations_and_states():
    sol = solve(4)
    state = new_game(2, seed=5, cards=4, memory_aid=True)
    state.apply_joint({0: "bid 2", 1: "bid 3"})
    obs = state.observation(1)
    assert sol.strategy(obs) == sol.strategy(Position.from_observation(obs), player=1)
    booklet = new_game(2, seed=5, cards=4)  # the tops only: rounds 1 and 2 can be read, round 3 not
    assert Position.from_observation(booklet.observation(0)).hands == Position.from_state(booklet).hands
    booklet.apply_joint({0: "bid 2", 1: "bid 3"})
    booklet.apply_joint({0: "bid 1", 1: "bid 4"})
    with pytest.raises(ValueError, match="not seen"):
        Position.from_observation(booklet.observation(1))
    assert sol.value_of(state, 0) == pytest.approx(-sol.value_of(state, 1))
    assert sol.value_of(state) == pytest.approx(sol.value_of(Position.from_state(state)))


def test_bad_requests_are_refused():
    sol = solve(3)
    with pytest.raises(ValueError, match="cannot arise"):
        sol.strategy(Position(((1, 2), (1, 3)), (7,), (1,)))  # a pot this game never has
    with pytest.raises(ValueError, match="does not have"):
        sol.strategy(Position(((1, 9), (1, 3)), (1,), (2,)))
    with pytest.raises(ValueError, match="Points cards are still to come"):
        Position(((1, 2), (1, 3)), (1,), ())
    with pytest.raises(ValueError):
        solve(3, [1, 2])  # three rounds need three Points cards
    with pytest.raises(ValueError, match="two hands"):
        solve(2, [1, 2], hands=((1, 2), (1,)))
    with pytest.raises(ValueError):
        solve(2, tie_rule="split")


def test_scipy_loads_only_when_an_equilibrium_is_computed():
    import subprocess
    import sys

    script = ("import sys, gamekit.milhoes.board, gamekit.milhoes.agents\n"
              "assert not any(m == 'scipy' or m.startswith('scipy.') for m in sys.modules), 'scipy loaded'\n"
              "from gamekit.milhoes.equilibrium import equilibrium_of\n"
              "equilibrium_of([[0, 1, -1], [-1, 0, 1], [1, -1, 0]])  # rock, paper, scissors: an LP\n"
              "assert 'scipy.optimize' in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert done.returncode == 0, done.stderr
