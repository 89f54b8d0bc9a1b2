"""Agents: legal, seeded, explained action by action, and the heuristic clearly better than chance."""

import doctest
import math
import random
from fractions import Fraction

import pytest

from gamekit.brief_history import agents, new_game, odds, scenarios
from gamekit.brief_history.agents import AGENTS, HeuristicAgent, area_level
from gamekit.core import SIMULTANEOUS, play_match, tournament


def test_registry_and_seeded_construction():
    assert set(AGENTS) == {"random", "heuristic"}
    for cls in AGENTS.values():
        agent = cls(seed=3)
        assert agent.seed == 3 and agent.name


def positions(players, seed, every=3):
    """Observations and legal actions along a seeded random game (decisions only, every ``every``)."""
    state, rng = new_game(players, seed=seed), random.Random(seed)
    step = 0
    while not state.is_terminal:
        assert state.current_player != SIMULTANEOUS  # drafts are sequential picks in this engine
        legal = state.legal_actions()
        if step % every == 0 and len(legal) > 1:
            yield state, state.observation(state.current_player), legal
        state.apply(rng.choice(legal))
        step += 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_explanations_cover_every_legal_action(players):
    agent = HeuristicAgent(seed=players)
    kinds = set()
    for state, seen, legal in positions(players, seed=players, every=5):
        table = agent.explain(seen, legal)
        assert sorted(map(str, (c.action for c in table.candidates))) == sorted(map(str, legal))
        assert all(math.isfinite(c.value) and c.note for c in table.candidates)
        assert table.best in legal and table.candidates[0].value == max(c.value for c in table.candidates)
        assert str(table).startswith("heuristic chooses") and "<table>" in table._repr_html_()
        kinds |= {type(a).__name__ for a in legal}
    assert {"Place", "TakeEmpire", "TakeEvent", "KeepBonus", "BuildFort", "Continue"} <= kinds


@pytest.mark.parametrize("players", [2, 3, 5])
def test_heuristic_games_are_legal_and_seeded(players):
    lineup = [HeuristicAgent(seed=s) if s % 2 == 0 else AGENTS["random"](seed=s) for s in range(players)]
    record = play_match("brief_history", lineup, seed=7, options={"players": players})
    again = play_match("brief_history", [type(a)(seed=a.seed) for a in lineup], seed=7, options={"players": players})
    assert record.actions == again.actions and record.result == again.result
    assert record.result["winners"]
    assert record.final_state().is_terminal  # every action replays as legal


def test_the_agent_uses_the_exact_odds():
    state = scenarios.roman_turn()
    agent = HeuristicAgent(seed=0)
    board_free = agent.evaluate(state.observation(0), state._coerce("place Balkans"))
    assert "P = 5/12" in board_free.note  # 2 dice vs 1 for a mountain: exactly 5/12
    scenarios.play(state, "place Balkans")  # 3-2 against 5: failed
    seen = state.observation(0)
    table = {str(c.action): c for c in agent.explain(seen, state.legal_actions()).candidates}
    p = odds.success_probability(2, 1, cost=2, bonus=1)
    assert f"P = {p}" in table["continue"].note and p == Fraction(125, 216)
    _, exact_p, gain, overrun = agent.invasion_value(agent._read(seen), "Balkans", False, bonus=1)
    assert exact_p == p and table["continue"].value == pytest.approx(float(p) * gain + overrun)
    assert table["continue"].value > table["withdraw"].value  # good odds on a rich prize: continue


def test_fear_and_forts_change_the_odds_the_agent_sees():
    agent = HeuristicAgent(seed=0)
    fear = scenarios.fear_example()
    note = agent.evaluate(fear.observation(0), fear._coerce("place Levant")).note
    assert f"P = {odds.success_probability(2, 1, cost=1, fear=True)}" in note
    rome = scenarios.roman_turn()
    pindus = agent.evaluate(rome.observation(0), rome._coerce("place Pindus by sea")).note
    assert "1 die vs 2" in pindus and f"P = {odds.success_probability(1, 2, cost=2)}" in pindus


def test_overrun_prefers_the_richer_chain_and_bonus_the_biggest_token():
    state = scenarios.roman_turn()
    scenarios.play(state, "place Balkans", "continue", "continue")
    agent = HeuristicAgent(seed=0)
    assert str(agent.act(state.observation(0), state.legal_actions())) == "overrun Anatolia"
    state = new_game(3, seed=2)
    rng = random.Random(2)
    while state.phase != "bonus":
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    assert agent.act(state.observation(state.current_player), legal).value == max(a.value for a in legal)


def test_area_levels_match_the_rules():
    state = new_game(3, seed=0)
    rng = random.Random(0)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    for area in state.world.areas:
        counts = [0] * state.colours
        for t in state.world.territories_in(area):
            if t in state.army:
                counts[state.army[t][0]] += 1
        assert [area_level(counts, c) for c in range(state.colours)] == \
               [state.area_level(c, area) for c in range(state.colours)]


def test_heuristic_beats_random_by_a_robust_margin():
    result = tournament("brief_history", AGENTS, lineup=["heuristic", "random", "random"], games=15, seed=11,
                        options={"players": 3}, workers=1, progress=False)
    summary = result.summary()
    assert summary.loc["heuristic", "win_low"] > 1 / 3  # clearly above a fair share, with 95% confidence
    assert summary.loc["heuristic", "mean_score"] > 1.5 * summary.loc["random", "mean_score"]
    assert sorted(result.table["seat"][result.table["agent"] == "heuristic"].unique()) == [0, 1, 2]


def test_docstring_examples():
    result = doctest.testmod(agents)
    assert result.attempted > 0 and result.failed == 0
