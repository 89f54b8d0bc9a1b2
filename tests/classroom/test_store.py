"""Nothing lost: every table stored as it goes, rebuilt by a new Classroom on the same database
(an SQLite file and PostgreSQL, both real), each seat rejoining with its token."""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa

from gamekit.classroom.hall import STUDENT, Classroom
from gamekit.classroom.messages import seat_message
from gamekit.classroom.store import LOG, Store, database_url, default_path

from .play import play_randomly, random_move

GAMES = [("milhoes", [STUDENT, "heuristic", STUDENT], None),
         ("lost_cities", [STUDENT, "heuristic"], None),
         ("stratego", [STUDENT, "heuristic"], {"max_moves": 200}),
         ("brief_history", [STUDENT, "random", STUDENT], None)]


def reopened(url: str) -> Classroom:
    """The classroom a restarted server sees: a new Store and Classroom over the same database."""
    return Classroom(Store(url))


def same_views(before, after) -> None:
    for seat in [None, *range(len(before.kinds))]:
        old, new = seat_message(before, seat), seat_message(after, seat)
        for key in ("version", "connected"):  # a new process numbers views on from the last stored one
            old.pop(key), new.pop(key)
        # the opening line names the seats as they were when the table was made, before anyone joined
        old["log"], new["log"] = old["log"][1:], new["log"][1:]
        assert old == new, f"seat {seat} sees another table after the restart"


@pytest.mark.parametrize("game, kinds, options", GAMES, ids=[g[0] for g in GAMES])
def test_a_table_is_rebuilt_where_it_was_and_every_seat_rejoins(database, game, kinds, options):
    classroom = Classroom(Store(database))
    hosted = classroom.create_table(game, kinds, seed=21, options=options, title="Table 1")
    tickets = [classroom.join(hosted.code, name=f"Student {n}") for n in range(kinds.count(STUDENT))]
    rng = random.Random(21)
    play_randomly(hosted, rng, steps=9)
    assert not hosted.is_over

    again = reopened(database)
    rebuilt = again.table(hosted.id)
    assert (rebuilt.code, rebuilt.title, rebuilt.kinds) == (hosted.code, "Table 1", hosted.kinds)
    assert rebuilt.record().to_json() == hosted.record().to_json()
    same_views(hosted, rebuilt)
    for ticket in tickets:
        assert again.seat_of(ticket.token) == (rebuilt, ticket.seat)
    assert rebuilt.free_seats == ()

    play_randomly(rebuilt, rng)  # the game goes on to its end on the rebuilt table
    assert rebuilt.is_over
    assert reopened(database).table(hosted.id).record().to_json() == rebuilt.record().to_json()


def test_a_secret_choice_of_an_open_round_survives_a_restart(database):
    classroom = Classroom(Store(database))
    hosted = classroom.create_table("milhoes", [STUDENT, STUDENT, "heuristic"], seed=4)
    hosted.submit(0, "bid 9")  # seat 1 has not bid yet: the round is open
    rebuilt = reopened(database).table(hosted.id)
    assert rebuilt.view(0).my_choice == hosted.view(0).my_choice and str(rebuilt.view(0).my_choice) == "bid 9"
    assert rebuilt.view(1).chosen == (0, 2) and rebuilt.view(1).my_choice is None
    rebuilt.submit(1, "bid 3")
    assert rebuilt.table.state.round == 2
    assert rebuilt.table.state.history[0][0].card == 9


def test_a_rebuilt_table_numbers_its_views_on_from_before(database):
    classroom = Classroom(Store(database))
    hosted = classroom.create_table("lost_cities", [STUDENT, STUDENT], seed=3)
    classroom.join(hosted.code, seat=0, name="Ana")
    play_randomly(hosted, random.Random(3), steps=6)
    old = hosted.view(0).version
    rebuilt = reopened(database).table(hosted.id)
    assert rebuilt.view(0).version > old  # a page's last view is older than every view after the restart
    move = random_move(rebuilt, random.Random(4))
    rebuilt.submit(*move)
    assert reopened(database).table(hosted.id).view(0).version > rebuilt.view(0).version


def test_pause_replace_and_names_are_kept(database):
    classroom = Classroom(Store(database))
    hosted = classroom.create_table("lost_cities", [STUDENT, STUDENT], seed=3)
    classroom.join(hosted.code, seat=1, name="Bea")
    hosted.replace(0, "heuristic")
    hosted.pause()
    rebuilt = reopened(database).table(hosted.id)
    assert rebuilt.paused and rebuilt.kinds == ["heuristic", STUDENT]
    assert rebuilt.names == hosted.names and rebuilt.names[1] == "Bea"
    assert rebuilt.taken == {1} and rebuilt.free_seats == ()
    rebuilt.resume()
    assert not reopened(database).table(hosted.id).paused


def test_the_log_is_append_only_steps_in_the_records_words(database):
    store = Store(database)
    hosted = Classroom(store).create_table("milhoes", [STUDENT, "random"], seed=8)
    hosted.submit(0, "bid 4")
    hosted.submit(0, "bid 5")
    rows = store.log_of(hosted.id)
    steps = [payload for kind, payload in rows if kind == "step"]
    assert steps == hosted.record().actions and len(steps) == 2
    with store.engine.connect() as connection:
        ids = [row.id for row in connection.execute(sa.select(LOG.c.id).order_by(LOG.c.id))]
    hosted.submit(0, "bid 6")
    with store.engine.connect() as connection:
        later = [row.id for row in connection.execute(sa.select(LOG.c.id).order_by(LOG.c.id))]
    assert later[:len(ids)] == ids and len(later) > len(ids)


def test_many_tables_come_back_in_the_order_they_were_made(database):
    classroom = Classroom(Store(database))
    made = [classroom.create_table("milhoes", [STUDENT, "random"], seed=s) for s in range(5)]
    for hosted in made[::2]:
        move = random_move(hosted, random.Random(0))
        hosted.submit(*move)
    again = reopened(database)
    assert [t.id for t in again.tables()] == [t.id for t in made]
    assert [t.record().to_json() for t in again.tables()] == [t.record().to_json() for t in made]


def test_a_setting_is_made_once_and_kept(database):
    store = Store(database)
    first = store.setting("teacher_token", lambda: "abc")
    assert first == "abc" and Store(database).setting("teacher_token", lambda: "other") == "abc"


def test_sqlite_runs_in_wal_mode(tmp_path):
    store = Store(str(tmp_path / "x.sqlite"))
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_database_urls_and_the_default_file(tmp_path, monkeypatch):
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url(str(tmp_path / "a.sqlite")) == f"sqlite:///{tmp_path / 'a.sqlite'}"
    monkeypatch.setenv("GAMEKIT_DATA", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "classroom.sqlite"
    assert database_url(None) == f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite'}"
    monkeypatch.delenv("GAMEKIT_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_path() == tmp_path / ".local" / "share" / "gamekit" / "classroom.sqlite"
