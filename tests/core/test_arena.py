"""Matches and tournaments: seeded, seat-rotating, the same table on every executor."""

from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from gamekit.core import RandomAgent, derive_seed, tournament, wilson_interval
from gamekit.core.agents import Candidate, ExplainingAgent


class HighestCard(ExplainingAgent):
    """Always bids its highest card: a fixed, predictable opponent for testing."""

    name = "highest"

    def evaluate(self, observation, action):
        return Candidate(action, action.card, "higher is better")


AGENTS = {"random": RandomAgent, "highest": HighestCard}


def test_tournament_rotates_seats_and_deals():
    result = tournament("milhoes", AGENTS, games=6, seed=3, options={"players": 2}, workers=1, progress=False)
    table = result.table
    assert len(table) == 12
    assert list(table.groupby("game")["agent"].apply(tuple)) == [("random", "highest"), ("highest", "random")] * 3
    deals = table.groupby("game")["deal_seed"].first().tolist()
    assert deals[0] == deals[1] == derive_seed(3, 0) and deals[2] == deals[3] != deals[0]


def test_same_table_serial_in_a_process_pool_and_in_threads():
    args = dict(games=10, seed=5, options={"players": 3}, lineup=["random", "highest", "random"], progress=False)
    serial = tournament("milhoes", AGENTS, workers=1, **args).table
    pooled = tournament("milhoes", AGENTS, workers=2, **args).table
    with ThreadPoolExecutor(2) as pool:
        threaded = tournament("milhoes", AGENTS, executor=pool, **args).table
    assert serial.equals(pooled) and serial.equals(threaded)


def test_a_dask_client_works_like_any_executor():
    distributed = pytest.importorskip("distributed")
    args = dict(games=4, seed=1, options={"players": 2}, progress=False)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        on_dask = tournament("milhoes", AGENTS, executor=client, **args).table
    assert on_dask.equals(tournament("milhoes", AGENTS, workers=1, **args).table)


def test_summary_and_figure():
    result = tournament("milhoes", AGENTS, games=40, seed=0, options={"players": 2}, workers=1, progress=False)
    summary = result.summary()
    assert set(summary.index) == {"random", "highest"}
    assert summary["games"].sum() == 80
    assert summary["win_rate"].sum() == pytest.approx(1.0)  # every game has a winner or shares it
    assert ((summary["win_low"] <= summary["win_rate"]) & (summary["win_rate"] <= summary["win_high"])).all()
    figure = result.figure()
    assert list(figure.data[0].x) == ["highest", "random"]


def test_factories_may_be_partials_and_lineups_are_checked():
    agents = {"r1": partial(RandomAgent), "r2": RandomAgent}
    assert len(tournament("milhoes", agents, games=2, options={"players": 2}, workers=1, progress=False).table) == 4
    with pytest.raises(ValueError, match="2 seats"):
        tournament("milhoes", agents, lineup=["r1", "r2", "r1"], options={"players": 2}, workers=1)
    with pytest.raises(ValueError, match="not given"):
        tournament("milhoes", agents, lineup=["r1", "zz"], options={"players": 2}, workers=1)


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 0) == (0.0, 1.0)


def test_explaining_agent_ranks_every_legal_action():
    from gamekit.milhoes import new_game

    state = new_game(2, seed=1)
    explanation = HighestCard().explain(state.observation(0), state.legal_actions(0))
    assert explanation.best.card == 12 and len(explanation.candidates) == 12
    assert "highest chooses bid 12" in str(explanation)
    assert explanation.rows()[0] == {"action": "bid 12", "value": 12, "why": "higher is better"}
    assert "<table>" in explanation._repr_html_()


class Deploying(RandomAgent):
    """A random agent that also has a ``setup`` method, which games without set-ups ignore."""

    def setup(self, seat, options):
        raise AssertionError("milhoes has no set-ups to ask for")


def test_agents_are_asked_for_setups_only_by_games_that_take_them():
    from gamekit.core import play_match

    record = play_match("milhoes", [Deploying(1), Deploying(2)], seed=3, options={"players": 2})
    assert record.result["winners"]
