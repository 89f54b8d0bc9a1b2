"""The classroom server in each browser's language: its pages (Accept-Language, or ?lang= that the
browser then keeps), each seat's messages, refusals and log, and the students' board pages."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from gamekit.catalogs import looks_english
from gamekit.classroom.app import LANGUAGE_COOKIE, create_app
from gamekit.classroom.hall import STUDENT, Classroom
from gamekit.classroom.pages import SeatPage
from gamekit.i18n import using_language

TEACHER = "teacher-secret-token"
PORTUGUESE = {"Accept-Language": "pt-PT,pt;q=0.9,en;q=0.5"}
pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def classroom():
    return Classroom()


@pytest.fixture
def client(classroom):
    with TestClient(create_app(classroom, teacher_token=TEACHER, join_url="http://192.0.2.7:9100")) as client:
        yield client


def new_table(client, game="milhoes", seats=(STUDENT, STUDENT), seed=5):
    answer = client.post("/api/teacher/tables", json={"game": game, "seats": list(seats), "seed": seed},
                         headers={"Authorization": f"Bearer {TEACHER}"})
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(client, code, seat, name, headers=None):
    answer = client.post("/api/join", json={"code": code, "seat": seat, "name": name}, headers=headers or {})
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def test_each_page_speaks_the_language_its_browser_asks_for(client):
    english, portuguese = client.get("/"), client.get("/", headers=PORTUGUESE)
    assert '<html lang="en">' in english.text and "Join a table" in english.text
    assert '<html lang="pt">' in portuguese.text and "Entrar numa mesa" in portuguese.text
    assert "Código da mesa" in portuguese.text and '"your_seats": "Os teus lugares neste navegador"' in \
        portuguese.text
    teacher = client.get(f"/teacher?token={TEACHER}", headers=PORTUGUESE).text
    assert "Sala de aula" in teacher and "Mesa nova" in teacher and "Os alunos entram em" in teacher
    assert "precisa do endereço do professor" in client.get("/teacher", headers=PORTUGUESE).text


def test_a_language_chosen_on_the_page_is_remembered_by_the_browser(client):
    chosen = client.get(f"/teacher?token={TEACHER}&lang=pt")
    assert "Sala de aula" in chosen.text
    assert client.cookies.get(LANGUAGE_COOKIE) == "pt"
    assert f'<input type="hidden" name="token" value="{TEACHER}">' in chosen.text  # the picker keeps it
    assert "Entrar numa mesa" in client.get("/", headers={"Accept-Language": "en"}).text  # the choice wins
    client.get("/?lang=en")
    assert "Join a table" in client.get("/", headers=PORTUGUESE).text


def test_a_portuguese_seat_and_an_english_seat_at_one_table_each_read_their_own_language(client):
    table = new_table(client)
    ana = join(client, table["code"], 0, "Ana", PORTUGUESE)
    rui = join(client, table["code"], 1, "Rui")
    pt_view = client.get(f"/api/seat/{ana}", headers=PORTUGUESE).json()
    en_view = client.get(f"/api/seat/{rui}").json()
    assert pt_view["status"] == "É a tua vez." and en_view["status"] == "Your turn."
    assert pt_view["log"][0].startswith("Começa o jogo: ")
    assert en_view["log"][0].startswith("The game begins: ")
    moved = client.post(f"/api/seat/{ana}/move", json={"action": "bid 3"}, headers=PORTUGUESE).json()
    assert moved["log"][-1] == "Escolheste a Carta de Poder 3." and moved["status"].startswith("Escolheste a Carta de Poder 3.")
    assert "You chose" not in " ".join(client.get(f"/api/seat/{rui}").json()["log"])  # a secret stays Ana's
    refused = client.post(f"/api/seat/{ana}/move", json={"action": "bid 4"}, headers=PORTUGUESE)
    assert refused.status_code == 409 and refused.json()["reason"] == "Ana já escolheu nesta ronda"
    english = client.post(f"/api/seat/{ana}/move", json={"action": "bid 4"})
    assert english.json()["reason"] == "Ana has already chosen this round"


def test_a_seats_socket_speaks_its_browsers_language(client):
    table = new_table(client)
    ana = join(client, table["code"], 0, "Ana")
    with client.websocket_connect(f"/ws/seat/{ana}?lang=pt") as socket:
        socket.send_json({"type": "view"})
        view = socket.receive_json()
        while view.get("type") != "view":
            view = socket.receive_json()
        assert view["status"] == "É a tua vez." and view["log"][0].startswith("Começa o jogo")
        socket.send_json({"type": "move", "action": "bid 3"})
        socket.send_json({"type": "move", "action": "bid 4"})  # a second choice in one round
        refusal = socket.receive_json()
        while refusal.get("type") != "refused":
            refusal = socket.receive_json()
        assert refusal["reason"] == "Ana já escolheu nesta ronda" and not looks_english(refusal["reason"])
        assert refusal["view"]["status"] == "Escolheste a Carta de Poder 3. À espera dos outros."


def test_a_join_refusal_speaks_portuguese(client):
    refused = client.post("/api/join", json={"code": "ZZZZZ", "name": "Ana"}, headers=PORTUGUESE)
    assert refused.status_code == 404
    assert refused.json()["error"] == "nenhuma mesa tem o código ZZZZZ: confirma-o com o teu professor"


def test_the_students_board_page_keeps_its_browsers_language_when_another_seat_moves():
    classroom = Classroom()
    hosted = classroom.create_table("milhoes", [STUDENT, STUDENT], seed=3, names=["Ana", "Rui"])
    for seat in (0, 1):
        classroom.join(hosted.code, seat=seat)
    with using_language("pt"):
        ana = SeatPage(hosted, 0)
    rui = SeatPage(hosted, 1)
    assert "Ana (tu)" in ana.presence.value and "Rui (you)" in rui.presence.value
    rui.board.choose(1, 7)  # Rui's move, made in English: Ana's page redraws in Portuguese
    assert "Começa o jogo: Ana, Rui." in ana.board.log_panel.value
    assert "The game begins: Ana, Rui." in rui.board.log_panel.value
    assert ana.board.language == "pt" and "ausente" in ana.presence.value and "away" in rui.presence.value


def script_words(page: str) -> dict:
    """The words a page gives its script (``window.GK_WORDS``)."""
    import json

    return json.loads(page.split("window.GK_WORDS = ", 1)[1].split(";</script>", 1)[0].replace("<\\/", "</"))


def test_the_teacher_pages_script_gets_its_words_in_the_pages_language(client):
    import re
    from pathlib import Path

    from gamekit.classroom.app import STATIC, TEACHER_WORDS

    english = script_words(client.get(f"/teacher?token={TEACHER}").text)
    portuguese = script_words(client.get(f"/teacher?token={TEACHER}", headers=PORTUGUESE).text)
    assert portuguese["give_seat"] == "Entregar o lugar" and english["give_seat"] == "Give the seat"
    assert portuguese["table_ready"] == "A mesa {code} está pronta." and portuguese["computer_agent"] == \
        "computador: {agent}"
    for key, text in TEACHER_WORDS.items():
        assert english[key] == text
        assert portuguese[key] != text and not looks_english(portuguese[key]), key
    script = re.sub(r'say\("\w+"', "say(", Path(STATIC, "teacher.js").read_text(encoding="utf-8"))
    for text in set(TEACHER_WORDS.values()) - {"student"}:  # no words of its own ("student" is a seat kind's id)
        assert f'"{text}"' not in script and f'"{text} ' not in script, text
