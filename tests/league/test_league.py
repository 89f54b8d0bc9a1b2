"""The league: mirrored round-robin of bots and kit agents, typed results kept in the database, a
restarted league plays only what was not finished, the leaderboard's intervals, CSV and figure."""

import io
import math

import pandas as pd
import pytest
import sqlalchemy as sa

from gamekit.core.leaderboard import mean_interval
from gamekit.core.rng import derive_seed
from gamekit.league.league import League
from gamekit.league.sandbox import FAILURE_KINDS
from tests.league.bots import FAST, GOOD, HOSTILE, bot
from tests.postgres_support import fresh_postgres_database


def make_league(tmp_path, **options) -> League:
    settings = {"workers": 0, "deals": 2, "kit_agents": ("random",), "limits": FAST, **options}
    tmp_path.mkdir(parents=True, exist_ok=True)
    return League(f"sqlite:///{tmp_path / 'league.db'}", tmp_path / "bots", "milhoes", **settings)


def test_every_pair_plays_every_deal_in_both_seat_orders(tmp_path):
    league = make_league(tmp_path, kit_agents=("random", "heuristic"))
    league.add_entry("alice", GOOD)
    summary = league.run()
    assert (summary.played, summary.failed, summary.void) == (12, 0, 0)  # 3 pairs x 2 deals x 2 seat orders
    games = league.games()
    for deal in (0, 1):
        of_deal = [g for g in games if g["deal"] == deal]
        assert {g["deal_seed"] for g in of_deal} == {derive_seed(0, "deal", deal)}
        orders = {(g["seat0"], g["seat1"]) for g in of_deal}
        assert orders == {(a, b) for a in ("alice", "kit:random", "kit:heuristic")
                          for b in ("alice", "kit:random", "kit:heuristic") if a != b}
    for game in games:
        winners = [seat for seat in (0, 1) if game["results"][seat] == "win"]
        top = max(game["scores"])
        assert game["results"] in (["win", "loss"], ["loss", "win"], ["draw", "draw"])
        assert all(game["scores"][seat] == top for seat in winners)


def test_hostile_bots_end_as_typed_failures_and_the_league_goes_on(tmp_path, no_stray_bots):
    league = make_league(tmp_path, deals=1)
    league.add_entry("good", GOOD)
    hostile = ["infinite_loop", "memory_hog", "garbage", "socket", "os_exit", "raises"]
    for name in hostile:
        league.add_entry(name, HOSTILE[name][0])
    broken = league.add_entry("import_error", HOSTILE["import_error"][0])
    assert not broken.plays and "a_module_nobody_wrote" in broken.problem

    summary = league.run()
    players = len(hostile) + 2  # the good bot and kit:random; the broken file plays no game
    assert summary.played == players * (players - 1) and summary.void == 0
    for name in hostile:
        failures = league.failures(name)
        assert {f["kind"] for f in failures} == {HOSTILE[name][1]}
        assert all(f["move"] >= 1 and f["error"] for f in failures)
        assert sum(f["opponent"] in ("good", "kit:random") for f in failures) == 4  # each of those games
    for game in league.games():  # between two hostile bots, the first to fail loses
        assert (game["fail_seat"] is None) == ({game["seat0"], game["seat1"]} == {"good", "kit:random"})
    assert all(f["traceback"] for f in league.failures("raises"))
    assert league.failures("garbage")[0]["action"] == "'fly to Mars'"
    board = league.leaderboard().set_index("entry")
    assert board.loc["good", "failed"] == 0 and board.loc["good", "wins"] >= 2 * len(hostile)
    assert (board.loc[hostile, "failed"] >= 4).all() and (board.loc[hostile, ["losses", "draws"]] == 0).all().all()
    assert board.loc["import_error", "games"] == 0 and board.loc["import_error", "status"].startswith("does not play")
    assert set(board.loc[hostile, "status"]) == {"plays"}


def test_a_restarted_league_plays_only_what_was_not_finished(tmp_path):
    league = make_league(tmp_path)
    league.add_entry("alice", GOOD)
    league.add_entry("first", bot("return legal_actions[0]"))
    stop_after = []

    def stop_soon(result):
        stop_after.append(result.key)
        if len(stop_after) == 3:
            league.stop(wait=False)

    assert league.run(on_game=stop_soon).stopped
    assert len(league.games()) == 3
    again = make_league(tmp_path)  # a new process would build it the same way
    summary = again.run()
    assert (summary.already, summary.played) == (3, 9)
    assert again.run().played == 0 and len(again.games()) == 12


def test_a_new_version_of_a_bot_is_played_afresh_and_keeps_its_token(tmp_path):
    league = make_league(tmp_path, deals=1)
    entry = league.add_entry("alice", bot("return legal_actions[0]"))
    league.run()
    assert league.leaderboard().set_index("entry").loc["alice", "games"] == 2
    changed = league.add_entry("alice", GOOD)
    assert changed.token == entry.token and changed.version != entry.version
    assert league.leaderboard().set_index("entry").loc["alice", "games"] == 0  # old games no longer count
    assert league.run().played == 2


def test_files_dropped_in_the_folder_are_entered(tmp_path):
    league = make_league(tmp_path)
    (tmp_path / "bots" / "bob.py").write_text(GOOD)
    (tmp_path / "bots" / "not a name.py").write_text(GOOD)
    names = {e.name for e in league.scan()}
    assert names == {"bob", "kit:random"}
    league.remove_entry("bob")
    assert {e.name for e in league.entries()} == {"kit:random"} and not (tmp_path / "bots" / "bob.py").exists()


@pytest.mark.parametrize("name", ["", "a b", "../x", "kit:random", "x" * 41, "-dash"])
def test_names_that_cannot_be_a_file_are_refused(tmp_path, name):
    with pytest.raises(ValueError, match="cannot name an entry"):
        make_league(tmp_path).add_entry(name, GOOD)


def test_the_leaderboard_intervals_are_over_mirrored_pairs(tmp_path):
    league = make_league(tmp_path, deals=4, kit_agents=("random", "matching"))
    league.add_entry("alice", GOOD)
    league.run()
    board = league.leaderboard().set_index("entry")
    games = pd.DataFrame(league.games())
    for name in board.index:
        shares, margins = {}, {}
        for game in games.itertuples():
            seats = (game.seat0, game.seat1)
            if name in seats:
                me = seats.index(name)
                unit = (seats[1 - me], game.deal)
                shares.setdefault(unit, []).append({"win": 1, "draw": 0.5}.get(game.results[me], 0))
                margins.setdefault(unit, []).append(game.scores[me] - game.scores[1 - me])
        points, half = mean_interval([sum(v) / len(v) for v in shares.values()])
        margin, margin_half = mean_interval([sum(v) / len(v) for v in margins.values()])
        row = board.loc[name]
        assert row["games"] == 16 and row["wins"] + row["draws"] + row["losses"] + row["failed"] == 16
        assert row["points"] == pytest.approx(points)
        assert row["points_low"] == pytest.approx(max(0.0, points - half))
        assert row["points_high"] == pytest.approx(min(1.0, points + half))
        assert (row["margin"], row["margin_high"]) == pytest.approx((margin, margin + margin_half))
    ranked = league.leaderboard()
    assert list(ranked["rank"]) == [1, 2, 3] and ranked["points"].is_monotonic_decreasing


def test_csv_and_figure_show_the_leaderboard(tmp_path):
    league = make_league(tmp_path, deals=1)
    league.add_entry("alice", GOOD)
    league.add_entry("broken", "def act(:\n")
    league.run()
    board = league.leaderboard()
    back = pd.read_csv(io.StringIO(league.to_csv()))
    assert list(back.columns) == list(board.columns) and list(back["entry"]) == list(board["entry"])
    assert back["points"].tolist()[:2] == pytest.approx(board["points"].tolist()[:2], abs=1e-4)
    assert math.isnan(back.set_index("entry").loc["broken", "points"])
    figure = league.figure()
    assert set(figure.data[0].y) == {"alice", "kit:random"}  # an entry with no games is not drawn
    assert list(figure.data[0].x) == pytest.approx(board["points"].dropna().tolist()[::-1])


def test_results_are_stored_in_the_leagues_own_tables(tmp_path):
    league = make_league(tmp_path, deals=1)
    league.add_entry("alice", GOOD)
    league.run()
    tables = set(sa.inspect(league.engine).get_table_names())
    assert {"league_entries", "league_games"} <= tables
    other = League(league.engine, tmp_path / "other", "milhoes", workers=0, deals=1, kit_agents=("random",),
                   name="second class")
    assert other.games() == [] and {e.name for e in other.entries()} == {"kit:random"}


def test_kit_agents_the_game_does_not_have_are_refused(tmp_path):
    with pytest.raises(ValueError, match="no kit agents called"):
        League("sqlite://", tmp_path, "milhoes", kit_agents=("grandmaster",))


def test_the_process_pool_gives_the_same_results_as_this_process(tmp_path, no_stray_bots):
    here = make_league(tmp_path / "here", deals=1)
    pool = make_league(tmp_path / "pool", deals=1, workers=2)
    for league in (here, pool):
        league.add_entry("alice", GOOD)
        league.add_entry("loop", HOSTILE["infinite_loop"][0])
        league.run()
    assert _results(here) == _results(pool)
    assert {g["fail_kind"] for g in pool.games()} == {None, "timeout"}


def test_a_dask_scheduler_plays_the_league(tmp_path, no_stray_bots):
    distributed = pytest.importorskip("dask.distributed")
    here = make_league(tmp_path / "here", deals=1)
    here.add_entry("alice", GOOD)
    here.run()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                  host="127.0.0.1", scheduler_port=9311, dashboard_address=None) as cluster:
        remote = make_league(tmp_path / "dask", deals=1, dask_address=cluster.scheduler_address)
        remote.add_entry("alice", GOOD)
        summary = remote.run()
    assert summary.played == 2 and _results(remote) == _results(here)


def _results(league: League) -> dict:
    return {g["key"]: (g["results"], g["scores"], g["fail_kind"]) for g in league.games()}


def test_failure_kinds_cover_every_seat_result(tmp_path):
    league = make_league(tmp_path, deals=1)
    league.add_entry("hog", HOSTILE["memory_hog"][0])
    league.run()
    words = {word for g in league.games() for word in g["results"]}
    assert words == {"memory", "win"} and words - {"win"} <= set(FAILURE_KINDS)


def test_an_sqlite_file_is_kept_in_wal_mode(tmp_path):
    league = make_league(tmp_path)
    with league.engine.connect() as db:
        assert db.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_the_league_keeps_its_results_in_postgresql(tmp_path, postgres_server):
    url = fresh_postgres_database(postgres_server)
    name = f"test {tmp_path.name}"  # a league of its own in a shared database
    league = League(url, tmp_path / "bots", "milhoes", workers=0, deals=1, kit_agents=("random",), limits=FAST,
                    name=name)
    league.add_entry("alice", GOOD)
    assert league.run().played == 2
    again = League(url, tmp_path / "bots", "milhoes", workers=0, deals=1, kit_agents=("random",), limits=FAST,
                   name=name)
    assert again.run().already == 2 and _results(again) == _results(league)


@pytest.mark.parametrize("game", ["milhoes", "lost_cities", "stratego", "brief_history"])
def test_each_game_plays_its_two_player_form(tmp_path, game, no_stray_bots):
    league = League(f"sqlite:///{tmp_path / 'league.db'}", tmp_path / "bots", game, workers=0, deals=1,
                    kit_agents=("random",), limits=FAST, max_moves=60)
    entry = league.add_entry("student", f"from gamekit.{game}.agents import RandomAgent\n\n\n"
                                        "class Mine(RandomAgent):\n    name = 'mine'\n")
    assert entry.plays, entry.problem
    summary = league.run()
    assert (summary.played, summary.failed) == (2, 0)
    for played in league.games():
        assert played["results"] in (["win", "loss"], ["loss", "win"], ["draw", "draw"])
        assert len(played["scores"]) == 2
