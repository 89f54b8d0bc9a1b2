"""A bot's failure is stored as its words and values, not as English text: each reader (a page, the
command) reads it in their own language, and rows stored before that still show as they were."""

import html
import json

import pytest
import sqlalchemy as sa

from gamekit.catalogs import looks_english
from gamekit.i18n import N_, message, say, using_language
from gamekit.league.league import games_table
from tests.league.bots import GOOD, HOSTILE


pytestmark = pytest.mark.usefixtures("english_session")


@pytest.fixture
def league(small_league):
    return small_league


def test_a_message_is_said_in_the_language_in_force_with_its_values_said_too():
    doing = message("classroom", N_("on its move"))
    words = message("classroom", N_("ran out of its {memory} MB of memory {doing}"), memory="200", doing=doing)
    assert say(words) == "ran out of its 200 MB of memory on its move"
    assert say(json.dumps(words)) == say(words)  # as the database keeps it
    with using_language("pt"):
        assert say(words) == "ficou sem os seus 200 MB de memória na sua jogada"
        assert say(message("core", N_("took longer than the {seconds} s a move may take"), seconds=0.5)) == \
            "demorou mais do que os 0,5 s que uma jogada pode durar"
        assert say({"en": "no red 9 here", "pt": "não há vermelho 9 aqui"}) == "não há vermelho 9 aqui"


@pytest.mark.parametrize("old", ["ran out of its 200 MB of memory on its move", "{not json", "", None,
                                 '{"a": 1}'])
def test_plain_text_and_anything_else_is_said_as_it_is(old):
    with using_language("pt"):
        assert say(old) == ("" if old is None else old)


def stored_errors(league) -> list:
    with league.engine.connect() as db:
        return [row[0] for row in db.execute(sa.select(games_table.c.fail_error)
                                             .where(games_table.c.fail_error.is_not(None)))]


def test_a_bots_failure_is_stored_as_words_and_read_in_each_readers_language(league):
    league.add_entry("ana", GOOD)
    league.add_entry("garbage", HOSTILE["garbage"][0])
    league.add_entry("os_exit", HOSTILE["os_exit"][0])
    league.run()
    assert stored_errors(league) and all(json.loads(text)["key"] for text in stored_errors(league))
    for name, english_start, portuguese_start in (
            ("garbage", "answered 'fly to Mars', which is illegal: ", "respondeu 'fly to Mars', que é ilegal: "),
            ("os_exit", "its process ended with exit code 3 (os._exit or sys.exit?) on its move",
             "o seu processo terminou com o código de saída 3 (os._exit ou sys.exit?) na sua jogada")):
        english = league.failures(name)
        with using_language("pt"):
            portuguese = league.failures(name)
        assert english and len(english) == len(portuguese)
        for said, heard in zip(english, portuguese):
            assert said["error"].startswith(english_start), said["error"]
            assert heard["error"].startswith(portuguese_start), heard["error"]
            assert not looks_english(heard["error"].replace("'fly to Mars'", ""))
    with using_language("pt"):  # the rules' own reason, in Portuguese too
        reason = league.failures("garbage")[0]["error"].split("que é ilegal: ", 1)[1]
    assert reason != league.failures("garbage")[0]["error"].split("which is illegal: ", 1)[1]
    assert not looks_english(reason)


def test_a_failure_stored_before_as_english_text_still_shows(league):
    league.add_entry("garbage", HOSTILE["garbage"][0])
    league.run()
    with league.engine.begin() as db:
        db.execute(games_table.update().values(fail_error="answered 'fly to Mars', which is illegal: old words"))
    with using_language("pt"):
        assert {f["error"] for f in league.failures("garbage")} == {
            "answered 'fly to Mars', which is illegal: old words"}


def test_a_bot_that_does_not_start_says_why_in_each_readers_language(league):
    league.add_entry("broken", HOSTILE["import_error"][0])
    english = league.entry("broken").problem
    with using_language("pt"):
        portuguese = league.entry("broken").problem
    first = "ModuleNotFoundError: No module named 'a_module_nobody_wrote'"
    assert english.startswith(f"{first} (while starting: running the file and building the agent)\n\n")
    assert portuguese.startswith(f"{first} (ao arrancar: a correr o ficheiro e a construir o agente)\n\n")
    assert "Traceback" in portuguese


def test_the_league_command_says_a_failure_in_its_language(tmp_path, capsys):
    from gamekit.league.cli import main

    (tmp_path / "oops.py").write_text(HOSTILE["raises"][0])
    options = ["--game", "milhoes", "--games", "1", "--workers", "0", "--kit", "random", "--move-time", "0.5"]
    with using_language("pt"):
        assert main([str(tmp_path), *options]) == 0
    said = capsys.readouterr().out
    assert "oops: exceção na jogada 1: IndexError: list index out of range (na sua jogada)" in said
    assert "on its move" not in said


def test_a_kit_entry_is_shown_by_its_agents_name_and_stored_by_its_key(league):
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Mount
    from starlette.testclient import TestClient

    from gamekit.classroom.app import BrowsersLanguage
    from gamekit.league.league import entry_in_words
    from gamekit.league.routes import league_routes

    assert entry_in_words("kit:random") == "kit:random" and entry_in_words("ana") == "ana"
    with using_language("pt"):
        assert entry_in_words("kit:random") == "kit:aleatório" and entry_in_words("kit:mine") == "kit:mine"
    league.add_entry("garbage", HOSTILE["garbage"][0])
    league.run()
    app = Starlette(routes=[Mount("/league", routes=league_routes(league))], middleware=[Middleware(BrowsersLanguage)])
    client = TestClient(app)
    board = client.get("/league/", headers={"Accept-Language": "pt-PT"}).text
    assert "kit:aleatório" in board and "kit:random" not in board
    assert "kit:random" in client.get("/league/").text
    report = html.unescape(client.get(f"/league/entry/{league.entry('garbage').token}",
                                      headers={"Accept-Language": "pt"}).text)
    assert "contra kit:aleatório" in report and "respondeu 'fly to Mars', que é ilegal: " in report
    assert {game["seat0"] for game in league.games()} == {"garbage", "kit:random"}
