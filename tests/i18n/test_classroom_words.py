"""The classroom's last English words: default seat names in the language of the teacher's page that
made the table (then kept as typed), and the API's and the records' refusals in the request's language."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from gamekit.catalogs import looks_english
from gamekit.classroom.app import create_app
from gamekit.classroom.hall import STUDENT, Classroom
from gamekit.classroom.store import Store
from gamekit.core import RecordError, load
from gamekit.i18n import using_language

TEACHER = "teacher-secret-token"
PORTUGUESE = {"Accept-Language": "pt-PT,pt;q=0.9"}
AS_TEACHER = {"Authorization": f"Bearer {TEACHER}"}
pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def classroom(tmp_path):
    return Classroom(Store(f"sqlite:///{tmp_path / 'classroom.db'}"))


@pytest.fixture
def client(classroom):
    with TestClient(create_app(classroom, teacher_token=TEACHER)) as client:
        yield client


def make_table(client, headers, seats=(STUDENT, "random", STUDENT)):
    answer = client.post("/api/teacher/tables", json={"game": "milhoes", "seats": list(seats), "seed": 4},
                         headers={**AS_TEACHER, **headers})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_default_seat_names_are_in_the_teachers_language_and_kept_as_made(client, tmp_path):
    assert make_table(client, {})["names"] == ["Player 1", "Computer 2", "Player 3"]
    portuguese = make_table(client, PORTUGUESE)
    assert portuguese["names"] == ["Jogador 1", "Computador 2", "Jogador 3"]
    english_view = client.get("/api/teacher/tables", headers=AS_TEACHER).json()["tables"]
    assert [t["names"] for t in english_view][1] == ["Jogador 1", "Computador 2", "Jogador 3"]
    reopened = Classroom(Store(f"sqlite:///{tmp_path / 'classroom.db'}"))
    assert [t.names for t in reopened.tables()] == [("Player 1", "Computer 2", "Player 3"),
                                                    ("Jogador 1", "Computador 2", "Jogador 3")]


@pytest.mark.parametrize(("body", "english", "portuguese"), [
    (b"{not json", "the request is not JSON", "o pedido não é JSON"),
    (b"[1]", "the request must be a JSON object", "o pedido tem de ser um objeto JSON"),
    (json.dumps({"game": "milhoes", "seats": "student"}).encode(),
     "seats: a list, one entry a seat", "seats: uma lista, uma entrada por lugar"),
    (json.dumps({"game": "milhoes", "seats": [STUDENT, STUDENT], "seed": "x"}).encode(),
     "a seed is a whole number", "uma semente é um número inteiro"),
    (json.dumps({"game": "milhoes", "seats": [STUDENT, STUDENT], "options": [1]}).encode(),
     "options: an object", "options: um objeto com as opções do jogo"),
    (json.dumps({"game": "milhoes", "seats": [STUDENT, STUDENT], "names": "Ana"}).encode(),
     "names: a list", "names: uma lista dos nomes dos lugares"),
    (json.dumps({"game": "milhoes", "seats": [STUDENT, "genius"]}).encode(),
     "milhoes has no agent called 'genius': choose random, matching, heuristic, equilibrium or 'student'",
     "milhoes não tem nenhum agente chamado 'genius': escolhe random, matching, heuristic, equilibrium "
     "ou 'student'"),
])
def test_the_teachers_api_refuses_in_the_requests_language(client, body, english, portuguese):
    for headers, words in (({}, english), (PORTUGUESE, portuguese)):
        answer = client.post("/api/teacher/tables", content=body,
                             headers={**AS_TEACHER, **headers, "Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"].startswith(words), answer.text


def test_the_teachers_token_is_asked_for_in_the_requests_language(client):
    assert client.get("/api/teacher/tables").json()["error"] == "this needs the teacher's token"
    assert client.get("/api/teacher/tables", headers=PORTUGUESE).json()["error"] == \
        "isto precisa do código do professor"


def test_a_student_asking_for_a_seat_that_is_not_free_is_told_why_in_portuguese(client):
    code = make_table(client, {})["code"]
    join = {"code": code, "seat": 0, "name": "Ana"}
    assert client.post("/api/join", json=join, headers=PORTUGUESE).status_code == 200
    taken = client.post("/api/join", json={**join, "name": "Rui"}, headers=PORTUGUESE)
    assert taken.status_code == 409 and taken.json()["error"] == "o lugar de Ana está ocupado: escolhe um livre"
    computer = client.post("/api/join", json={**join, "seat": 1, "name": "Rui"}, headers=PORTUGUESE)
    assert computer.json()["error"] == "o lugar de Computer 2 é jogado pelo computador"
    english = client.post("/api/join", json={**join, "seat": 1, "name": "Rui"})
    assert english.json()["error"] == "Computer 2's seat is played by the computer"


def record(**changes) -> str:
    data = {"format": "gamekit-record/1", "game": "milhoes", "options": {"players": 3}, "seed": 1,
            "actions": [["bid 1", "bid 2", "bid 3"]]}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "portuguese"), [
    (record(extra=1), "chave(s) desconhecida(s) no registo: ['extra']"),
    (record(format="pickle"), "format tem de ser 'gamekit-record/1', não 'pickle'"),
    (record(seed="7"), "seed tem de ser int, não str '7'"),
    (record(actions=[7]), "o passo 1 tem de ser str, não int 7"),
    (record(actions=[["bid 1", 2, "bid 3"]]), "uma ação do passo 1 tem de ser str, não int 2"),
    (record(game="chess"), "jogo desconhecido 'chess'"),
    (record(options={"colour": "red"}), "as opções {'colour': 'red'} não dão um jogo"),
    (record(result={"scores": [9, 0, 0], "winners": [0]}), "o resultado guardado {'scores': [9, 0, 0]"),
    ('{"a": 1, "a": 2}', "a chave 'a' aparece duas vezes no mesmo objeto"),
    ("[1]", "um registo de jogo é um objeto JSON {format, game, options, seed, actions}"),
])
def test_a_record_refused_in_portuguese_says_why_in_portuguese(text, portuguese):
    with pytest.raises(RecordError) as english:
        load(text)
    with using_language("pt"), pytest.raises(RecordError) as refused:
        load(text)
    message = str(refused.value)
    assert message.startswith(portuguese) and message != str(english.value)
    assert not looks_english(message)
