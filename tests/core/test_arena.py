"""Matches and tournaments: seeded, seat-rotating, the same table on every executor."""

import json
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from gamekit.core import (AgentError, GameInfo, GameState, RandomAgent, RecordError, derive_seed, iter_tournament,
                          load, play_match, register_game, tournament, wilson_interval)
from gamekit.core.agents import Candidate, ExplainingAgent
from gamekit.core.arena import DEFAULT_MAX_MOVES, GameResult
from gamekit.milhoes import Bid


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
    record = play_match("milhoes", [Deploying(1), Deploying(2)], seed=3, options={"players": 2})
    assert record.result["winners"]


# --- matches that end, and tournaments that survive their agents ------------------------------------


class EndlessState(GameState):
    """A game nobody can win: each player in turn says "wait", for ever."""

    game = "toy_endless"
    action_type = str

    def __init__(self, seed):
        super().__init__(num_players=2, seed=seed, options={})

    def _current_player(self):
        return len(self.history) % 2

    def _legal_actions(self, player):
        return ["wait"]

    def _illegal_reason(self, action, player):
        return None if action == "wait" else "the only move is 'wait'"

    def _apply(self, action):
        pass

    def _parse_action(self, text):
        return text

    def scores(self):
        return [0, 0]

    def winners(self):
        return []

    def observation(self, player):
        return player


def new_endless(*, seed=None):
    if seed == 0:
        raise AssertionError("the arena counts seats from GameInfo, without building a game")
    return EndlessState(seed if seed is not None else 1)


register_game("toy_endless", new_endless, GameInfo("toy_endless", "Endless", (2,), 2, False, False))


def test_stratego_heuristics_that_repeat_for_ever_end_as_a_draw_at_the_move_cap():
    from gamekit.stratego.agents import HeuristicAgent

    record = play_match("stratego", [HeuristicAgent(seed=derive_seed(2, p)) for p in (0, 1)], seed=2,
                        max_moves=1_000)  # seed 2 repeats every 792 moves: the cap ends it
    assert record.result["winners"] == [] and record.result["capped"] == 1_000
    assert "move cap" in record.result["reason"] and "draw" in record.result["reason"]
    assert len(record.actions) == 1_000
    assert not load(record.to_json()).is_terminal  # the capped record replays and checks


def test_every_agent_only_game_ends_by_default():
    record = play_match("toy_endless", [RandomAgent(1), RandomAgent(2)], seed=3)
    assert len(record.actions) == DEFAULT_MAX_MOVES == record.result["capped"]
    result = tournament("toy_endless", {"a": RandomAgent, "b": RandomAgent}, games=2, max_moves=50,
                        workers=1, progress=False)
    assert result.table["capped"].all() and (result.table["win_share"] == 0).all()
    with pytest.raises(ValueError, match="max_moves"):
        play_match("toy_endless", [RandomAgent(1), RandomAgent(2)], seed=3, max_moves=0)


def test_a_capped_result_that_does_not_match_its_replay_is_refused():
    data = json.loads(play_match("toy_endless", [RandomAgent(1), RandomAgent(2)], seed=3, max_moves=6).to_json())
    data["result"]["capped"] = 7
    with pytest.raises(RecordError, match="does not match"):
        load(json.dumps(data))


class Raising(RandomAgent):
    """Raises in round 3 of every game whose seat seed is even."""

    name = "raising"

    def act(self, observation, legal_actions):
        if observation.round == 3 and self.seed % 2 == 0:
            raise ZeroDivisionError("the agent divided by zero")
        return super().act(observation, legal_actions)


class Illegal(RandomAgent):
    name = "illegal"

    def act(self, observation, legal_actions):
        return Bid(13) if observation.round == 2 else super().act(observation, legal_actions)


class Looping(RandomAgent):
    """Thinks for ever in round 2 of every game whose seat seed is divisible by 3."""

    name = "looping"

    def act(self, observation, legal_actions):
        while observation.round == 2 and self.seed % 3 == 0:
            pass
        return super().act(observation, legal_actions)


class Stubborn(RandomAgent):
    """Hangs in round 2 of the first deal and swallows even the interrupt meant to stop it."""

    name = "stubborn"

    def act(self, observation, legal_actions):
        while observation.round == 2 and self.seed == STUBBORN_SEED:
            try:
                while True:
                    pass
            except BaseException:
                pass
        return super().act(observation, legal_actions)


class Exiting(RandomAgent):
    """Ends its whole process in round 4 of every game whose seat seed is odd."""

    name = "exiting"

    def act(self, observation, legal_actions):
        if observation.round == 4 and self.seed % 2:
            os._exit(3)
        return super().act(observation, legal_actions)


TWO = {"players": 2}
STUBBORN_SEED = derive_seed(derive_seed(0, 0), 1)  # seat 1 of game 0


def seat_seeds(games, seat_of_agent, seed=0):
    """For each game, the seed the named agent gets (it sits in seat 1 of even games, 0 of odd)."""
    return [derive_seed(derive_seed(seed, g // 2), (seat_of_agent + g) % 2) for g in range(games)]


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_that_raises_fails_its_games_only(workers):
    result = tournament("milhoes", {"random": RandomAgent, "raising": Raising}, games=8, options=TWO,
                        workers=workers, progress=False)
    bad = [g for g, s in enumerate(seat_seeds(8, 1)) if s % 2 == 0]
    assert bad and [f["game"] for f in result.failures] == bad
    assert sorted(result.table["game"].unique()) == [g for g in range(8) if g not in bad]
    failure = result.failures[0]
    assert failure["agent"] == "raising" and failure["seat"] == failure["lineup"].index("raising")
    assert failure["move"] == 3 and failure["deal_seed"] == derive_seed(0, failure["game"] // 2)
    assert failure["error"] == "ZeroDivisionError: the agent divided by zero"
    assert "Traceback" in failure["traceback"] and "divided by zero" in failure["traceback"]
    summary = result.summary()
    assert summary.loc["raising", "failed"] == len(bad) and summary.loc["random", "failed"] == 0


def test_an_illegal_answer_is_a_failed_row_that_says_what_and_why():
    result = tournament("milhoes", {"random": RandomAgent, "illegal": Illegal}, games=2, options=TWO,
                        workers=1, progress=False)
    assert len(result.failures) == 2 and result.rows == []
    failure = result.failures[0]
    assert failure["action"] == "'bid 13'" and failure["move"] == 2 and failure["agent"] == "illegal"
    assert "there is no Power card 13" in failure["error"]
    summary = result.summary()  # every game failed: the summary still says who failed them
    assert summary.index.name == "agent" and summary.loc["illegal", "failed"] == 2
    assert summary.loc["illegal", "games"] == 0


def test_play_match_names_the_seat_the_move_and_the_cause():
    with pytest.raises(AgentError, match="raising in seat 1 failed at move 3") as caught:
        play_match("milhoes", [RandomAgent(1), Raising(seed=2)], seed=1, options=TWO)
    assert caught.value.seat == 1 and isinstance(caught.value.__cause__, ZeroDivisionError)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_move_over_its_time_limit_is_interrupted(workers):
    result = tournament("milhoes", {"random": RandomAgent, "looping": Looping}, games=6, options=TWO,
                        workers=workers, move_time=0.3, progress=False)
    bad = [g for g, s in enumerate(seat_seeds(6, 1)) if s % 3 == 0]
    assert bad and [f["game"] for f in result.failures] == bad
    assert all("0.3 s a move may take" in f["error"] and f["agent"] == "looping" for f in result.failures)
    assert result.table["game"].nunique() == 6 - len(bad)


def test_a_game_over_its_time_limit_fails():
    result = tournament("toy_endless", {"a": RandomAgent, "b": RandomAgent}, games=2, max_moves=None,
                        game_time=0.3, workers=1, progress=False)
    assert len(result.failures) == 2 and all("0.3 s the game may take" in f["error"] for f in result.failures)


def test_a_hung_worker_that_ignores_its_interrupt_is_replaced():
    result = tournament("milhoes", {"random": RandomAgent, "stubborn": Stubborn}, games=6, options=TWO,
                        workers=2, move_time=0.2, progress=False)
    assert [f["game"] for f in result.failures] == [0]
    assert result.failures[0]["agent"] == "stubborn" and "did not stop" in result.failures[0]["error"]
    assert result.table["game"].nunique() == 5


def test_a_worker_that_calls_os_exit_is_replaced_and_the_other_games_kept():
    result = tournament("milhoes", {"random": RandomAgent, "exiting": Exiting}, games=8, options=TWO,
                        workers=2, progress=False)
    bad = [g for g, s in enumerate(seat_seeds(8, 1)) if s % 2]
    assert bad and [f["game"] for f in result.failures] == bad
    assert all("exit code 3" in f["error"] and f["agent"] == "exiting" for f in result.failures)
    assert sorted(result.table["game"].unique()) == [g for g in range(8) if g not in bad]


def test_in_threads_a_failure_is_a_row_too():
    with ThreadPoolExecutor(2) as pool:
        result = tournament("milhoes", {"random": RandomAgent, "raising": Raising}, games=6, options=TWO,
                            executor=pool, progress=False)
    assert result.failures and result.table["game"].nunique() + len(result.failures) == 6


def test_no_games_is_an_empty_result_with_a_summary():
    for workers in (1, None):
        result = tournament("milhoes", AGENTS, games=0, workers=workers, options=TWO, progress=False)
        assert result.rows == [] and result.failures == [] and result.table.empty
        assert result.summary().empty and list(result.summary().columns)[:2] == ["games", "mean_score"]


def test_results_arrive_as_games_finish():
    seen = []
    result = tournament("milhoes", AGENTS, games=4, options=TWO, workers=2, progress=False, on_game=seen.append)
    assert sorted(g.game for g in seen) == [0, 1, 2, 3] and all(isinstance(g, GameResult) for g in seen)
    stream = iter_tournament("milhoes", AGENTS, games=4, options=TWO, workers=1, progress=False)
    first = next(stream)
    assert first.game == 0 and len(first.rows) == 2 and not first.failed
    stream.close()
    assert sorted(r["game"] for r in result.rows) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_the_arena_counts_seats_from_game_info_without_building_a_game():
    result = tournament("toy_endless", {"a": RandomAgent, "b": RandomAgent}, games=1, seed=5, max_moves=4,
                        workers=1, progress=False)
    assert len(result.rows) == 2


def test_stopping_in_a_callback_returns_what_finished():
    def stop_after_three(game):
        if game.game == 2:
            raise KeyboardInterrupt

    result = tournament("milhoes", AGENTS, games=10, options=TWO, workers=1, progress=False,
                        on_game=stop_after_three)
    assert result.interrupted and result.table["game"].nunique() == 3


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupt_stops_a_tournament_whose_agent_hangs(workers):
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        result = tournament("milhoes", {"random": RandomAgent, "looping": Looping}, games=6, options=TWO,
                            workers=workers, move_time=None, progress=False)
    finally:
        timer.cancel()
    bad = min(g for g, s in enumerate(seat_seeds(6, 1)) if s % 3 == 0)
    assert result.interrupted and result.failures == []
    assert bad not in set(result.table["game"])


class BadDeployer:
    """A Stratego agent whose set-up fails: it raises, or thinks for ever."""

    name = "bad deployer"

    def __init__(self, seed=0, hang=False):
        self.hang = hang

    def setup(self, seat, options):
        while self.hang:
            pass
        raise RuntimeError("no set-up today")

    def act(self, observation, legal_actions):
        return legal_actions[0]


def test_a_set_up_that_fails_or_hangs_is_the_deploying_seats_failure():
    from gamekit.stratego.agents import HeuristicAgent

    with pytest.raises(AgentError, match="bad deployer in seat 1 failed at move 0: its set-up failed"):
        play_match("stratego", [HeuristicAgent(seed=1), BadDeployer()], seed=1)
    result = tournament("stratego", {"heuristic": HeuristicAgent, "hanging": partial(BadDeployer, hang=True)},
                        games=2, workers=1, move_time=0.3, max_moves=20, progress=False)
    assert [f["agent"] for f in result.failures] == ["hanging", "hanging"]
    assert all("deploying its set-up" in f["error"] and f["move"] == 0 for f in result.failures)
