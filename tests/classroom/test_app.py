"""The classroom's protocol, through Starlette's TestClient: pages, the JSON API, the WebSockets."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from gamekit.classroom.app import create_app
from gamekit.classroom.hall import STUDENT, Classroom
from gamekit.core import load

TEACHER = "teacher-secret-token"
pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def classroom():
    return Classroom()


@pytest.fixture
def client(classroom):
    with TestClient(create_app(classroom, teacher_token=TEACHER, join_url="http://192.0.2.7:9100")) as client:
        yield client


def teacher(client, method, path, **kwargs):
    return client.request(method, "/api/teacher" + path, headers={"Authorization": f"Bearer {TEACHER}"}, **kwargs)


def new_table(client, game="lost_cities", seats=(STUDENT, STUDENT), seed=5):
    answer = teacher(client, "POST", "/tables", json={"game": game, "seats": list(seats), "seed": seed})
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(client, code, seat=None, name=""):
    answer = client.post("/api/join", json={"code": code, "seat": seat, "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()


def receive_until(socket, accept, limit=50):
    """The first message ``accept`` takes (a page may be sent several views on its way)."""
    for _ in range(limit):
        message = socket.receive_json()
        if accept(message):
            return message
    raise AssertionError("the expected message never came")


# --- pages -----------------------------------------------------------------------------------------
def test_the_pages_use_only_the_packages_own_scripts_and_styles(client, classroom):
    table = new_table(client)
    token = join(client, table["code"])["token"]
    for path in ["/", f"/teacher?token={TEACHER}", f"/plain/{token}"]:
        page = client.get(path)
        assert page.status_code == 200
        assert ("<svg" in page.text) == (not path.startswith("/plain"))  # the join QR code; none on a seat's page
        sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert sources and all(s.startswith("/static/classroom/") for s in sources), sources
        for source in sources:
            assert client.get(source).status_code == 200
    assert "192.0.2.7:9100" in client.get("/").text  # the join address, also in the QR code's title


def test_the_teacher_page_and_api_need_the_teachers_token(client):
    assert "needs the teacher" in client.get("/teacher").text
    assert "needs the teacher" in client.get("/teacher?token=wrong").text
    assert client.get("/api/teacher/tables").status_code == 403
    assert client.get("/api/teacher/tables", headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get(f"/api/teacher/tables?token={TEACHER}").status_code == 200
    assert client.post("/api/teacher/tables", json={"game": "milhoes", "seats": [STUDENT]}).status_code == 403


def test_an_unknown_seat_link_says_so(client):
    assert "not valid" in client.get("/plain/nope").text
    assert client.get("/api/seat/nope").status_code == 404
    with client.websocket_connect("/ws/seat/nope") as socket:
        assert socket.receive_json()["type"] == "error"


def test_the_seat_board_page_is_there(client):
    table = new_table(client)
    token = join(client, table["code"])["token"]
    page = client.get(f"/seat/{token}", follow_redirects=True)
    assert page.status_code == 200


# --- the JSON API ----------------------------------------------------------------------------------
def test_the_teacher_makes_a_table_and_students_join_it_by_code(client):
    games = client.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == ["milhoes", "lost_cities", "stratego", "brief_history"]
    assert "heuristic" in games[0]["agents"]
    table = new_table(client, "milhoes", [STUDENT, "heuristic", STUDENT])
    assert table["join"] == f"http://192.0.2.7:9100/?code={table['code']}" and table["qr"].startswith("<svg")
    assert [s["link"] is not None for s in table["seats"]] == [True, False, True]
    info = client.get(f"/api/tables/{table['code'].lower()}").json()
    assert info["free"] == [0, 2] and "tokens" not in json.dumps(info)
    ana = join(client, table["code"], name="Ana")
    assert ana["seat"] == 0 and ana["board"] == f"/seat/{ana['token']}"
    assert client.get(f"/api/tables/{table['code']}").json()["free"] == [2]
    refused = client.post("/api/join", json={"code": table["code"], "seat": 1})
    assert refused.status_code == 409 and "computer" in refused.json()["error"]
    assert client.post("/api/join", json={"code": "ZZZZZ"}).status_code == 404


def test_bad_requests_are_refused_in_words(client):
    for body in [{"game": "chess", "seats": [STUDENT]}, {"game": "milhoes", "seats": "student"},
                 {"game": "milhoes", "seats": [STUDENT, "genius"]}, {"game": "milhoes", "seats": [STUDENT], "seed": "x"}]:
        answer = teacher(client, "POST", "/tables", json=body)
        assert answer.status_code == 400 and answer.json()["error"], body
    assert teacher(client, "POST", "/tables", content=b"not json").status_code == 400
    assert teacher(client, "GET", "/tables/nothing").status_code == 404


def test_a_move_by_the_api_and_a_stale_one_refused_with_a_fresh_view(client):
    table = new_table(client)
    first, second = join(client, table["code"]), join(client, table["code"])
    view = client.get(f"/api/seat/{first['token']}").json()
    assert view["seat"] == 0 and view["legal"] and view["type"] == "view"
    move = view["legal"][0]
    answer = client.post(f"/api/seat/{first['token']}/move", json={"action": move, "version": view["version"]})
    assert answer.status_code == 200 and answer.json()["version"] > view["version"]
    stale = client.post(f"/api/seat/{first['token']}/move",
                        json={"action": answer.json()["legal"][0], "version": view["version"]})
    assert stale.status_code == 409 and "look again" in stale.json()["reason"]
    assert stale.json()["view"]["version"] == answer.json()["version"]
    # a seat token acts for its own seat only: seat 1 cannot make seat 0's draw
    other = client.post(f"/api/seat/{second['token']}/move", json={"action": answer.json()["legal"][0]})
    assert other.status_code == 409 and "not" in other.json()["reason"]
    junk = client.post(f"/api/seat/{first['token']}/move", json={"action": ["x"]})
    assert junk.status_code == 400


# --- WebSockets ------------------------------------------------------------------------------------
def test_a_seat_plays_by_websocket_and_everyone_sees_who_is_connected(client):
    table = new_table(client)
    ana, bea = join(client, table["code"], name="Ana"), join(client, table["code"], name="Bea")
    with client.websocket_connect(f"/ws/seat/{ana['token']}") as a:
        first = receive_until(a, lambda m: m["type"] == "view")
        assert first["seat"] == 0 and first["connected"] == [0] and first["legal"]
        with client.websocket_connect(f"/ws/seat/{bea['token']}") as b:
            receive_until(b, lambda m: m["type"] == "view" and m["connected"] == [0, 1])
            receive_until(a, lambda m: m["connected"] == [0, 1])
            a.send_json({"type": "move", "action": first["legal"][0], "version": first["version"]})
            after = receive_until(a, lambda m: m["type"] == "view" and m["version"] > first["version"])
            assert after["log"][-1].startswith("Ana")
            seen = receive_until(b, lambda m: m["version"] >= after["version"])
            assert seen["log"][-1] == after["log"][-1]
            a.send_json({"type": "move", "action": first["legal"][0], "version": first["version"]})
            refused = receive_until(a, lambda m: m["type"] == "refused")
            assert "look again" in refused["reason"] and refused["view"]["version"] >= after["version"]
            a.send_text("not json")
            assert receive_until(a, lambda m: m["type"] in ("error",))["reason"]
        gone = receive_until(a, lambda m: m["connected"] == [0])
        assert gone["names"] == ["Ana", "Bea"]


def test_a_page_that_reconnects_gets_the_full_current_view(client, classroom):
    table = new_table(client, "milhoes", [STUDENT, "random", "random"])
    ana = join(client, table["code"])
    with client.websocket_connect(f"/ws/seat/{ana['token']}") as a:
        view = receive_until(a, lambda m: m["type"] == "view")
        a.send_json({"type": "move", "action": "bid 7", "version": view["version"]})
        receive_until(a, lambda m: m["version"] > view["version"])
    hosted = classroom.table(table["id"])
    hosted.submit(0, "bid 8")  # the game goes on while the page is closed
    with client.websocket_connect(f"/ws/seat/{ana['token']}") as a:
        again = receive_until(a, lambda m: m["type"] == "view")
        assert again["version"] == hosted.view(0).version
        assert again["observation"]["round"] == 3 and "bid 7" not in again["legal"]
        assert again["log"] == list(hosted.view(0).log)


def test_the_teacher_watches_pauses_replaces_reveals_and_exports(client, classroom):
    table = new_table(client, "lost_cities", [STUDENT, STUDENT])
    ana = join(client, table["code"])
    with client.websocket_connect(f"/ws/teacher/{TEACHER}") as watch, \
            client.websocket_connect(f"/ws/seat/{ana['token']}") as a:
        receive_until(watch, lambda m: m["type"] == "tables" and m["tables"][0]["connected"] == [0])
        view = receive_until(a, lambda m: m["type"] == "view")
        assert teacher(client, "POST", f"/tables/{table['id']}/pause").json()["paused"]
        paused = receive_until(a, lambda m: m["paused"])
        assert paused["legal"] == []
        a.send_json({"type": "move", "action": view["legal"][0], "version": paused["version"]})
        assert "paused" in receive_until(a, lambda m: m["type"] == "refused")["reason"]
        teacher(client, "POST", f"/tables/{table['id']}/resume")
        receive_until(a, lambda m: m["type"] == "view" and not m["paused"])
        answer = teacher(client, "POST", f"/tables/{table['id']}/replace", json={"seat": 1, "kind": "heuristic"})
        assert answer.json()["kinds"] == [STUDENT, "heuristic"]
        receive_until(watch, lambda m: m["tables"][0]["kinds"] == [STUDENT, "heuristic"])
    refused = teacher(client, "GET", f"/tables/{table['id']}/reveal")
    assert refused.status_code == 409 and refused.json()["confirm"]
    shown = teacher(client, "GET", f"/tables/{table['id']}/reveal?confirm=1").json()
    assert shown["text"] == classroom.table(table["id"]).table.state.reveal()
    teacher(client, "POST", f"/tables/{table['id']}/replace", json={"seat": 0, "kind": "random"})
    frames = teacher(client, "GET", f"/tables/{table['id']}/replay").json()["frames"]
    hosted = classroom.table(table["id"])
    assert hosted.is_over and len(frames) == len(hosted.table.state.history) + 1
    record = teacher(client, "GET", f"/tables/{table['id']}/record")
    assert "attachment" in record.headers["content-disposition"]
    assert str(load(record.text)) == str(hosted.table.state)
    summary = teacher(client, "GET", "/tables").json()["tables"][0]
    assert summary["over"] and summary["reason"]


def test_the_league_is_served_under_league_behind_the_teachers_token(tmp_path, classroom):
    from gamekit.league.league import League
    from gamekit.classroom.store import Store

    store = Store(f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    league = League(store.engine, tmp_path / "bots", "milhoes", workers=0, deals=1)
    with TestClient(create_app(Classroom(store), teacher_token=TEACHER, league=league)) as client:
        assert client.get("/league/").status_code == 200  # the leaderboard, for everyone
        assert client.get("/league/teacher").status_code == 403
        assert client.get("/league/teacher", headers={"Authorization": f"Bearer {TEACHER}"}).status_code == 200
        assert f"/league/teacher?token={TEACHER}" in client.get(f"/teacher?token={TEACHER}").text


def test_a_table_takes_the_games_options(client, classroom):
    answer = teacher(client, "POST", "/tables", json={"game": "stratego", "seats": [STUDENT, "random"],
                                                      "options": {"mode": "powers"}, "seed": 3})
    assert answer.status_code == 201
    assert classroom.table(answer.json()["id"]).table.state.mode == "powers"
    wrong = teacher(client, "POST", "/tables", json={"game": "stratego", "seats": [STUDENT, "random"],
                                                     "options": {"mode": "chess"}})
    assert wrong.status_code == 400 and "cannot set up" in wrong.json()["error"]


def test_an_oversized_request_is_refused_before_it_is_read(client):
    answer = client.post("/api/join", content=b"{" + b" " * 2_000_000 + b"}",
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 413


def test_the_teachers_socket_needs_the_teachers_token(client):
    with client.websocket_connect("/ws/teacher/wrong") as socket:
        assert "teacher" in socket.receive_json()["reason"]
