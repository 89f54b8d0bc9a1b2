"""The league's pages through Starlette's test client: the teacher's page behind the teacher's token,
entering bots, the leaderboard (no CDN, no entry's token), CSV, and each entry's own report."""

import io
import time

import pandas as pd
import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient

from gamekit.league.league import League
from gamekit.league.routes import league_routes
from tests.league.bots import FAST, GOOD, HOSTILE

TEACHER = "teacher-secret"


@pytest.fixture
def league(tmp_path):
    return League(f"sqlite:///{tmp_path / 'league.db'}", tmp_path / "bots", "milhoes", workers=0, deals=1,
                  kit_agents=("random",), limits=FAST)


def client_for(league, **options) -> TestClient:
    app = Starlette(routes=[Mount("/league", routes=league_routes(league, **options))])
    app.state.teacher_token = TEACHER
    return TestClient(app)


@pytest.fixture
def client(league):
    return client_for(league)


def test_the_teacher_page_needs_the_teacher_token(client):
    assert client.get("/league/teacher").status_code == 403
    assert client.get("/league/teacher?token=guess").status_code == 403
    assert client.post("/league/teacher/entries?token=guess", data={"name": "x", "source": GOOD}).status_code == 403
    assert client.get(f"/league/teacher?token={TEACHER}").status_code == 200
    assert client.get("/league/teacher", headers={"authorization": f"Bearer {TEACHER}"}).status_code == 200


def test_a_check_teacher_callable_decides(league):
    client = client_for(league, check_teacher=lambda request: request.headers.get("x-teacher") == "yes")
    assert client.get(f"/league/teacher?token={TEACHER}").status_code == 403
    assert client.get("/league/teacher", headers={"x-teacher": "yes"}).status_code == 200


def test_bots_are_entered_from_a_file_or_pasted_text(client, league):
    uploaded = client.post(f"/league/teacher/entries?token={TEACHER}",
                           files={"file": ("alice.py", GOOD.encode())})
    assert uploaded.status_code == 200 and "<b>alice</b> entered: it starts and plays" in uploaded.text
    pasted = client.post(f"/league/teacher/entries?token={TEACHER}", data={"name": "bob", "source": GOOD})
    assert pasted.status_code == 200 and league.entry("bob").source == GOOD
    broken = client.post(f"/league/teacher/entries?token={TEACHER}",
                         data={"name": "carol", "source": HOSTILE["import_error"][0]})
    assert "it does not start" in broken.text and "a_module_nobody_wrote" in broken.text
    assert (league.folder / "alice.py").read_text() == GOOD
    for entry in league.entries():  # the teacher's page lists every report link
        assert f"/league/entry/{entry.token}" in client.get(f"/league/teacher?token={TEACHER}").text


@pytest.mark.parametrize("form, reason", [({"name": "a b", "source": GOOD}, "cannot name an entry"),
                                          ({"name": "dave", "source": "  "}, "paste a bot")])
def test_a_refused_entry_says_why(client, league, form, reason):
    answer = client.post(f"/league/teacher/entries?token={TEACHER}", data=form)
    assert answer.status_code == 400 and reason in answer.text
    assert [e.kind for e in league.entries()] == ["kit"]


def test_the_leaderboard_page_and_csv(client, league):
    league.add_entry("alice", GOOD)
    league.add_entry("raises", HOSTILE["raises"][0])
    league.run()
    page = client.get("/league/")
    assert page.status_code == 200
    for entry in league.entries():
        assert f">{entry.name}<" in page.text and entry.token not in page.text
    assert '<script src="/league/plotly.js"></script>' in page.text and "https://" not in page.text.split("<body>")[0]
    assert "cdn" not in page.text.lower()
    assert "How to write a bot" in page.text and "0.5 s" in page.text  # the league's own limits
    script = client.get("/league/plotly.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "plotly" in script.text[:2000].lower()
    csv = client.get("/league/leaderboard.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    table = pd.read_csv(io.StringIO(csv.text))
    assert table.equals(pd.read_csv(io.StringIO(league.to_csv())))
    assert not any(entry.token in csv.text for entry in league.entries())


def test_an_entry_report_shows_its_own_failures_only(client, league):
    loop = league.add_entry("looper", HOSTILE["infinite_loop"][0])
    raises = league.add_entry("raises", HOSTILE["raises"][0])
    league.run()
    report = client.get(f"/league/entry/{raises.token}").text
    assert "IndexError: list index out of range" in report and "return legal_actions[len(legal_actions)]" in report
    assert "error in the code at move 1" in report
    assert "took too long" not in report  # the looper's failures are its own business
    own = client.get(f"/league/entry/{loop.token}").text
    assert "out of time" in own and "IndexError" not in own
    assert client.get("/league/entry/not-a-token").status_code == 404


def test_a_bot_that_does_not_start_is_told_why(client, league):
    entry = league.add_entry("broken", "def act(self:\n")
    report = client.get(f"/league/entry/{entry.token}").text
    assert "Your bot does not start" in report and "SyntaxError" in report


def test_the_teacher_starts_the_league_from_the_page(client, league):
    league.add_entry("alice", GOOD)
    answer = client.post(f"/league/teacher/run?token={TEACHER}", data={"do": "start"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/league/teacher?token={TEACHER}"
    for _ in range(600):  # the league plays in a thread of its own
        if not league.running:
            break
        time.sleep(0.1)
    assert not league.running and len(league.games()) == 2
