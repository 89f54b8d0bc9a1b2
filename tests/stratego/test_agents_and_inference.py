"""Agents (random, heuristic, search) and the inference of hidden ranks."""

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest

from gamekit.core import derive_seed, play_match
from gamekit.stratego import new_game
from gamekit.stratego.agents import AGENTS, HeuristicAgent, SearchAgent
from gamekit.stratego.inference import (
    StillnessTracker,
    beliefs,
    determinize,
    exact_beliefs,
    hidden_army,
    sample_assignment,
)
from tests.stratego.positions import game


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_every_agent_is_seeded_and_plays_only_legal_actions(name):
    make = AGENTS[name]
    options = {"deals": 2, "width": 3, "depth": 1} if name == "search" else {}
    for mode in ("classic", "powers"):
        state = new_game(mode, seed=4, max_moves=12)
        first, second = make(seed=1, **options), make(seed=1, **options)
        while not state.is_terminal:
            view, legal = state.observation(state.current_player), state.legal_actions()
            action = first.act(view, legal)
            assert action in legal and second.act(view, legal) == action
            state.apply(action)


def test_the_heuristic_takes_a_known_weaker_piece_and_avoids_a_known_stronger_one():
    state = game({"d2": "r9", "e3": "r7", "e4": "b5", "b3": "r4", "b4": "b8", "a8": "b2"}, mode="powers")
    for text in ["detect d2 e4", "a8-a7", "detect d2 b4", "a7-a6"]:  # Fire's Mage learns both ranks
        state.apply(text)
    table = HeuristicAgent(seed=0).explain(state.observation(0), state.legal_actions())
    assert str(table.best) == "e3xe4" and "wins 100%" in table.candidates[0].note
    values = {str(c.action): c.value for c in table.candidates}
    assert values["b3xb4"] < 0 and values["b3-a3"] > values["b3xb4"]
    assert values["detect d2 e4"] < 0  # nothing left to learn there
    assert "attack" in str(table) and table.rows()[0]["action"] == "e3xe4"


def test_the_heuristic_takes_the_flag_when_it_can():
    state = game({"i3": "r2", "i4": "bF", "h2": "r9", "e3": "r10", "e4": "b3", "a8": "b7"}, mode="powers")
    state.apply("detect h2 i4")  # the Mage finds the Flag
    state.apply("a8-a7")
    table = HeuristicAgent(seed=3).explain(state.observation(0), state.legal_actions())
    assert str(table.best) == "i3xi4" and table.candidates[0].value > 900


def test_the_heuristic_beats_random_play():
    wins = 0
    for g in range(8):
        seats = [HeuristicAgent(seed=g), AGENTS["random"](seed=g)]
        if g % 2:
            seats.reverse()
        record = play_match("stratego", seats, seed=derive_seed(3, g), options={"max_moves": 600})
        wins += record.result["winners"] == [g % 2]
    assert wins >= 6


def test_the_search_agent_explains_its_choice_over_deals():
    state = new_game(seed=2)
    agent = SearchAgent(seed=0, deals=3, width=4, depth=1)
    table = agent.explain(state.observation(0), state.legal_actions())
    assert len(table.candidates) == min(4, len(state.legal_actions())) and "3 deals" in table.summary
    assert table.best in state.legal_actions()


# --- inference -------------------------------------------------------------------------------
def brute_force(observation):
    """Every deal of the hidden ranks onto the unknown pieces, weighted by the ways to deal the
    rest off the board: the definition, enumerated."""
    army = hidden_army(observation)
    masks = army.masks()
    totals = [Counter() for _ in masks]
    grand = 0
    for combo in itertools.product(*masks):
        left = Counter(army.pool)
        left.subtract(combo)
        if min(left.values(), default=0) < 0:
            continue
        ways = factorial(army.offboard)
        for n in left.values():
            ways //= factorial(n)
        grand += ways
        for i, rank in enumerate(combo):
            totals[i][rank] += ways
    return {p.id: {r: Fraction(n, grand) for r, n in t.items() if n} for p, t in zip(army.pieces, totals)}


def small_hidden_position():
    """Ice has four unknown pieces left; Fire has seen one of them run like a Scout and another
    step, and killed several pieces in the open."""
    state = game({"a3": "r10", "j3": "r9", "b7": "b2", "e7": "b3", "h7": "bT", "d8": "b10"}, captured="open")
    state.apply("a3-a4")
    state.apply("b7-b4")  # ran three squares: a Scout
    state.apply("a4-a5")
    state.apply("e7-e6")  # stepped: not a Trap or the Flag
    return state.observation(0)


def test_exact_beliefs_equal_the_brute_force_count():
    view = small_hidden_position()
    exact = exact_beliefs(view)
    for pid, dist in brute_force(view).items():
        assert exact[pid] == dist
        assert sum(dist.values()) == 1
    scout = view.piece_at("b4")
    assert exact[scout.id] == {"2": 1}


def test_fast_beliefs_are_close_to_the_exact_ones_in_real_games():
    rng = random.Random(5)
    for seed in range(6):
        state = new_game("powers" if seed % 2 else "classic", seed=seed)
        for _ in range(rng.randrange(30, 200)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        view = state.observation(seed % 2)
        fast, exact = beliefs(view), exact_beliefs(view)
        assert set(fast) == set(exact)
        for pid in exact:
            for rank in set(fast[pid]) | set(exact[pid]):
                assert abs(fast[pid].get(rank, 0) - float(exact[pid].get(rank, 0))) < 0.02


def test_sampled_deals_respect_every_constraint_and_determinize_keeps_what_is_known():
    rng = random.Random(8)
    state = new_game("powers", seed=12)
    for _ in range(150):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    view = state.observation(0)
    army = hidden_army(view)
    for _ in range(50):
        deal = sample_assignment(view, rng)
        assert set(deal) == {p.id for p in army.pieces}
        assert all(deal[p.id] in p.possible for p in army.pieces)
        used = Counter(deal.values())
        assert all(used[r] <= army.pool[r] for r in used)
    world = determinize(view, rng)
    seen = {p.square: p.rank for p in view.pieces if p.rank is not None}
    for square, rank in seen.items():
        assert world.piece_at(square)[1:] == rank
    assert sorted(p.square for p in view.pieces) == sorted(
        world.spec.square_name(s) for s in world.square if s >= 0)


def test_stillness_makes_a_free_but_unmoved_piece_likelier_a_trap_or_the_flag():
    state = game({"e3": "r8", "b6": "b7", "e8": "b7", "a8": "b3", "j6": "b3"})
    tracker = StillnessTracker(keep=0.5)
    for text in ["e3-e4", "e8-d8", "e4-e3", "d8-e8"]:  # Ice only ever moves the piece on the back row
        state.apply(text)
        if state.current_player == 0:
            tracker.update(state.observation(0))
    view = state.observation(0)
    still, moved = view.piece_at("b6"), view.piece_at("e8")
    assert tracker.idle[still.id] == 2 and moved.id not in tracker.idle
    weighed = beliefs(view, likelihood=tracker.likelihood())
    plain = beliefs(view)
    assert weighed[still.id]["T"] > plain[still.id]["T"] and weighed[still.id]["F"] > plain[still.id]["F"]
    assert abs(sum(weighed[still.id].values()) - 1) < 1e-9
    assert tracker.likelihood()[still.id]["7"] == 0.25
    rng = random.Random(1)
    deals = Counter(sample_assignment(view, rng, likelihood={still.id: {r: 0.0 for r in still.possible
                                                                         if r not in ("T", "F")}})[still.id]
                    for _ in range(30))
    assert set(deals) <= {"T", "F"}


# --- the search agent's evaluation and its model of the enemy ------------------------------------
def test_flag_pressure_counts_enemy_movers_by_steps_around_the_forbidden_areas():
    from gamekit.stratego.agents import _distances, _flag_pressure
    state = game({"e3": "rF", "e4": "b2", "c6": "b5", "h3": "bT", "a8": "b3", "j1": "r3"})
    spec = state.spec
    steps = _distances(spec)
    c6, c3 = spec.square_of("c6"), spec.square_of("c3")
    assert steps[c6][c3] == 5  # c5 and c4 are forbidden: round by b5, b4, b3 (or d-file is forbidden too)
    # e4 is one step away (1), c6 five steps (1/16); the Trap never moves and a8 is eight steps off
    assert _flag_pressure(state, 0) == 1 + 0.5 ** 4
    assert _flag_pressure(state, 1) == 0.5 ** 6  # Fire's Scout is seven steps from Ice's Flag on j8


def test_the_search_agent_weighs_deals_by_what_the_enemy_never_moved():
    state = new_game(seed=5, max_moves=60)
    agents = [SearchAgent(seed=2, deals=2, width=3, depth=1, keep=0.5), HeuristicAgent(seed=3)]
    while state.moves < 12:
        state.apply(agents[state.current_player].act(state.observation(state.current_player),
                                                     state.legal_actions()))
    tracker = agents[0].tracker
    assert tracker.idle and all(turns >= 1 for turns in tracker.idle.values())
    view = state.observation(0)
    still = [p for p in view.enemy_pieces() if p.id in tracker.idle and not p.moved and p.rank is None]
    weighed, plain = beliefs(view, likelihood=tracker.likelihood()), beliefs(view)
    stillest = max(still, key=lambda p: tracker.idle[p.id])  # the longest chance to move, never taken
    assert weighed[stillest.id]["T"] > plain[stillest.id]["T"] and weighed[stillest.id]["F"] > plain[stillest.id]["F"]
    twin = SearchAgent(seed=2, deals=2, width=3, depth=1, keep=0.5)
    twin.tracker.idle, twin.tracker.last_moves = dict(tracker.idle), tracker.last_moves
    assert twin.act(view, state.legal_actions()) == agents[0].act(view, state.legal_actions())


def test_the_search_agent_scores_a_position_by_material_and_flag_pressure():
    from gamekit.stratego.agents import _balance, _flag_pressure
    state = game({"e3": "rF", "e4": "b2", "j1": "r3", "a8": "b3"})
    plain, guarded = SearchAgent(seed=0, guard=0.0), SearchAgent(seed=0, guard=2.0)
    assert plain._score(state, 0) == _balance(state, 0) == pytest.approx(2.2 - 1.2 - 2.2)
    assert guarded._score(state, 0) == pytest.approx(_balance(state, 0) + 2.0 * (0.5 ** 6 - 1))
    assert guarded._score(state, 1) == pytest.approx(-guarded._score(state, 0))
    assert _flag_pressure(state, 0) == 1.0  # Ice's Scout stands next to Fire's Flag
