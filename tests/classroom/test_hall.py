"""The hall of tables: seats, tokens, join codes, pausing, replacing, revealing, replaying."""

from __future__ import annotations

import json
import random

import pytest

from gamekit.classroom.hall import (CODE_LENGTH, CODE_LETTERS, STUDENT, Classroom, ClassroomError,
                                    RevealRefused, SeatTaken, TablePaused, UnknownTable, UnknownToken)
from gamekit.classroom.messages import jsonable, seat_message
from gamekit.core import IllegalActionError, StaleViewError, load

from .play import play_randomly


@pytest.fixture
def classroom():
    return Classroom()


def test_a_table_has_a_readable_code_and_a_token_for_each_student_seat(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, STUDENT, "heuristic"], seed=1)
    assert len(hosted.code) == CODE_LENGTH and set(hosted.code) <= set(CODE_LETTERS)
    assert sorted(hosted.tokens) == [0, 1]
    assert len(set(hosted.tokens.values())) == 2 and all(len(t) >= 20 for t in hosted.tokens.values())
    assert hosted.free_seats == (0, 1)
    assert classroom.by_code(hosted.code.lower()) is hosted
    assert classroom.by_code(" " + hosted.code[:2] + " " + hosted.code[2:]) is hosted
    assert classroom.table(hosted.id) is hosted and classroom.tables() == [hosted]


def test_join_codes_differ_between_tables(classroom):
    codes = {classroom.create_table("milhoes", ["random", STUDENT], seed=s).code for s in range(30)}
    assert len(codes) == 30


def test_joining_takes_a_free_seat_or_the_one_asked_for(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random", STUDENT], seed=2)
    second = classroom.join(hosted.code, seat=2, name="Bea")
    first = classroom.join(hosted.code, name="  Ana  ")
    assert (first.seat, second.seat) == (0, 2)
    assert first.table_id == second.table_id == hosted.id
    assert hosted.names[0] == "Ana" and hosted.names[2] == "Bea"
    assert classroom.seat_of(first.token) == (hosted, 0)
    assert classroom.seat_of(second.token) == (hosted, 2)
    assert hosted.free_seats == ()
    with pytest.raises(SeatTaken, match="every seat"):
        classroom.join(hosted.code)


def test_joining_refuses_taken_and_computer_seats_and_repeated_names(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random", STUDENT], seed=2)
    classroom.join(hosted.code, seat=0, name="Ana")
    with pytest.raises(SeatTaken, match="taken"):
        classroom.join(hosted.code, seat=0)
    with pytest.raises(SeatTaken, match="computer"):
        classroom.join(hosted.code, seat=1)
    with pytest.raises(ClassroomError, match="no seat"):
        classroom.join(hosted.code, seat=7)
    with pytest.raises(ClassroomError, match="already called"):
        classroom.join(hosted.code, seat=2, name="ana")
    assert hosted.free_seats == (2,)


def test_unknown_codes_and_tokens_are_refused_in_words(classroom):
    classroom.create_table("milhoes", [STUDENT, "random"], seed=2)
    with pytest.raises(UnknownTable, match="no table has the code"):
        classroom.by_code("QQQQQ")
    for token in ["", "nope", None, 17]:
        with pytest.raises(UnknownToken, match="join again"):
            classroom.seat_of(token)
    with pytest.raises(UnknownTable):
        classroom.table("missing")


def test_unknown_agents_and_games_are_refused(classroom):
    with pytest.raises(ClassroomError, match="no agent called 'genius'"):
        classroom.create_table("milhoes", [STUDENT, "genius"])
    with pytest.raises(ClassroomError, match="no game called 'chess'"):
        classroom.create_table("chess", [STUDENT, STUDENT])
    with pytest.raises(ClassroomError, match="cannot set up"):
        classroom.create_table("lost_cities", [STUDENT, STUDENT, STUDENT])
    assert classroom.tables() == []


def test_agents_play_their_seats_until_a_student_must_act(classroom):
    hosted = classroom.create_table("lost_cities", ["heuristic", STUDENT], seed=5)
    view = hosted.view(1)
    assert view.waiting_for == (1,) and view.legal_actions
    assert len(hosted.table.state.history) == 2  # the heuristic played a card and drew


def test_a_move_goes_through_and_every_subscriber_hears_of_it(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random", "random"], seed=3)
    heard = []
    hosted.subscribe(heard.append)
    version = hosted.view(0).version
    hosted.submit(0, "bid 5", version=version)
    assert heard == [hosted] and hosted.table.state.round == 2
    hosted.unsubscribe(heard.append)
    hosted.submit(0, "bid 6")
    assert heard == [hosted]


def test_a_stale_or_illegal_move_changes_nothing(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random", "random"], seed=3)
    old = hosted.view(0).version
    hosted.submit(0, "bid 5")
    before = hosted.record().to_json()
    with pytest.raises(StaleViewError, match="look again"):
        hosted.submit(0, "bid 6", version=old)
    with pytest.raises(IllegalActionError):
        hosted.submit(0, "bid 5")  # already played
    with pytest.raises(IllegalActionError, match="computer"):
        hosted.submit(1, "bid 6")
    assert hosted.record().to_json() == before


def test_a_paused_table_refuses_moves_until_resumed(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random"], seed=4)
    heard = []
    hosted.subscribe(heard.append)
    hosted.pause()
    assert hosted.paused and seat_message(hosted, 0)["paused"]
    assert seat_message(hosted, 0)["legal"] == []
    with pytest.raises(TablePaused, match="paused"):
        hosted.submit(0, "bid 3")
    assert hosted.table.state.round == 1
    hosted.resume()
    hosted.submit(0, "bid 3")
    assert hosted.table.state.round == 2 and len(heard) == 3


def test_an_absent_student_is_replaced_by_an_agent_and_comes_back(classroom):
    hosted = classroom.create_table("lost_cities", [STUDENT, STUDENT], seed=6)
    token = classroom.join(hosted.code, seat=1, name="Bea").token
    hosted.replace(0, "heuristic")
    assert hosted.kinds == ["heuristic", STUDENT]
    assert hosted.view(1).waiting_for == (1,)  # the agent played seat 0's turn
    hosted.replace(1, "random")
    assert hosted.is_over  # two agents play the game out
    assert classroom.seat_of(token) == (hosted, 1)  # the token still shows the seat
    with pytest.raises(ClassroomError, match="no agent"):
        hosted.replace(0, "genius")


def test_a_student_takes_back_a_seat_an_agent_kept(classroom):
    hosted = classroom.create_table("milhoes", ["random", STUDENT, "random"], seed=8)
    hosted.replace(0, STUDENT)
    ticket = classroom.join(hosted.code, seat=0, name="Caio")
    assert classroom.seat_of(ticket.token) == (hosted, 0)
    assert hosted.view(0).my_choice is not None  # the agent's secret bid of this round stands
    hosted.submit(1, str(hosted.view(1).legal_actions[0]))
    assert hosted.view(0).legal_actions and hosted.table.state.round == 2


def test_connected_seats_are_counted_page_by_page(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, STUDENT], seed=1)
    hosted.connect(0)
    hosted.connect(0)
    hosted.connect(1)
    hosted.disconnect(0)
    assert hosted.connected == (0, 1)
    hosted.disconnect(0)
    hosted.disconnect(0)  # a page that closes twice never makes the count negative
    assert hosted.connected == (1,)
    assert seat_message(hosted, 1)["connected"] == [1]


def test_reveal_during_a_game_needs_a_confirmation(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "random"], seed=1)
    with pytest.raises(RevealRefused, match="confirm"):
        hosted.reveal()
    with pytest.raises(RevealRefused):
        hosted.replay()
    assert hosted.reveal(confirm=True) == hosted.table.state.reveal()


def test_after_the_end_the_game_is_revealed_and_replayed_step_by_step(classroom):
    hosted = classroom.create_table("milhoes", [STUDENT, "heuristic"], seed=9)
    play_randomly(hosted, random.Random(9))
    assert hosted.is_over
    frames = hosted.replay()
    state = hosted.table.state
    assert [f["step"] for f in frames] == list(range(len(state.history) + 1))
    assert frames[0]["action"] is None and frames[-1]["text"] == state.reveal() == hosted.reveal()
    assert [f["action"] for f in frames[1:]] == hosted.record().actions


@pytest.mark.parametrize("game, kinds", [("milhoes", [STUDENT, STUDENT, "random"]),
                                         ("lost_cities", [STUDENT, "random"]),
                                         ("stratego", [STUDENT, "random"]),
                                         ("brief_history", [STUDENT, "random", STUDENT])])
def test_a_finished_game_exports_the_kits_record(classroom, game, kinds):
    options = {"max_moves": 300} if game == "stratego" else None
    hosted = classroom.create_table(game, kinds, seed=11, options=options)
    play_randomly(hosted, random.Random(11))
    record = hosted.record()
    assert record.result is not None
    replayed = load(record.to_json())
    assert str(replayed) == str(hosted.table.state)
    assert replayed.outcome() == hosted.table.state.outcome()
    message = seat_message(hosted, 0)
    assert message["outcome"]["winners"] == list(hosted.table.state.winners())
    json.dumps(message)  # every message is plain JSON


def test_jsonable_turns_observations_into_plain_data():
    from gamekit.lost_cities.rules import Card

    data = jsonable({"hand": (Card("red", 7), Card("red", 0)), 3: frozenset({2, 1}), "x": None})
    assert data == {"hand": ["red 7", "red wager"], "3": [1, 2], "x": None}


def test_the_classroom_tells_of_new_tables_and_of_every_change(classroom):
    heard = []
    classroom.subscribe(heard.append)
    hosted = classroom.create_table("milhoes", [STUDENT, "random"], seed=2)
    assert heard == [hosted]
    hosted.submit(0, "bid 2")
    hosted.pause()
    assert heard == [hosted] * 3
    classroom.unsubscribe(heard.append)
    hosted.resume()
    assert len(heard) == 3
