"""The league in each browser's language: its pages (through the classroom's language middleware),
the words of its results and refusals, and the ``gamekit league`` command; CSV columns stay as they are."""

import io

import pandas as pd
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.testclient import TestClient

from gamekit.catalogs import looks_english
from gamekit.classroom.app import BrowsersLanguage
from gamekit.i18n import using_language
from gamekit.league.cli import main
from gamekit.league.league import COLUMNS, RESULT_WORDS, League, check_name, check_source, result_in_words
from tests.league.bots import GOOD, HOSTILE

TEACHER = "teacher-secret"
PORTUGUESE = {"Accept-Language": "pt-PT,pt;q=0.9"}


pytestmark = pytest.mark.usefixtures("english_session")


@pytest.fixture
def league(small_league):
    return small_league


@pytest.fixture
def client(league):
    from gamekit.league.routes import league_routes

    app = Starlette(routes=[Mount("/league", routes=league_routes(league))], middleware=[Middleware(BrowsersLanguage)])
    app.state.teacher_token = TEACHER
    return TestClient(app)


def test_the_teacher_page_and_its_answers_speak_portuguese(client):
    english = client.get(f"/league/teacher?token={TEACHER}").text
    page = client.get(f"/league/teacher?token={TEACHER}", headers=PORTUGUESE).text
    assert "<html lang='pt'>" in page and "<html lang='en'>" in english
    assert "Inscrever um bot" in page and "Enter a bot" in english and "Enter a bot" not in page
    assert "Jogar os jogos ainda por jogar" in page and "A liga não está a jogar agora." in page
    entered = client.post(f"/league/teacher/entries?token={TEACHER}", data={"name": "ana", "source": GOOD},
                          headers=PORTUGUESE)
    assert "<b>ana</b> inscrito: arranca e joga." in entered.text
    refused = client.post(f"/league/teacher/entries?token={TEACHER}", data={"name": "a b", "source": GOOD},
                          headers=PORTUGUESE)
    assert refused.status_code == 400 and "não pode ser o nome de uma inscrição" in refused.text
    empty = client.post(f"/league/teacher/entries?token={TEACHER}", data={"name": "rui", "source": " "},
                        headers=PORTUGUESE)
    assert "Escolhe um ficheiro ou cola o código de um bot." in empty.text
    assert "precisa da ligação do professor" in client.get("/league/teacher", headers=PORTUGUESE).text


def test_the_leaderboard_and_a_report_speak_portuguese_and_the_csv_keeps_its_columns(client, league):
    league.add_entry("ana", GOOD)
    raises = league.add_entry("raises", HOSTILE["raises"][0])
    league.run()
    board = client.get("/league/", headers=PORTUGUESE).text
    assert "<title>Liga de " in board and "pontos por jogo [95 %]" in board and "Como escrever um bot" in board
    assert "0,5 s" in board and "How to write a bot" not in board  # the limits with a decimal comma
    assert "<td class=''>joga</td>" in board
    report = client.get(f"/league/entry/{raises.token}", headers=PORTUGUESE).text
    assert "Jogos em que o teu bot falhou: 4" in report and "erro no código na jogada 1" in report
    assert "Distribuição 1 contra " in report and "IndexError" in report
    english = client.get(f"/league/entry/{raises.token}").text
    assert "error in the code at move 1" in english and "Games your bot failed: 4" in english
    csv = client.get("/league/leaderboard.csv", headers=PORTUGUESE).text
    assert list(pd.read_csv(io.StringIO(csv)).columns) == COLUMNS
    assert client.get("/league/entry/nope", headers=PORTUGUESE).status_code == 404


def test_every_result_and_refusal_has_portuguese_words(league):
    for result in RESULT_WORDS:
        english = result_in_words(result)
        with using_language("pt"):
            portuguese = result_in_words(result)
        assert portuguese != english and not looks_english(portuguese), result
    with using_language("pt"):
        assert result_in_words("timeout") == "sem tempo"
        with pytest.raises(ValueError, match="^'a b' não pode ser o nome de uma inscrição"):
            check_name("a b")
        with pytest.raises(ValueError, match="no máximo 200 kB"):
            check_source("x" * 300_000)
        with pytest.raises(ValueError, match="não tem agentes do kit chamados nobody"):
            League("sqlite://", league.folder, "milhoes", workers=0, kit_agents=("nobody",))
        broken = league.add_entry("broken", "import nope\n")
        status = league.leaderboard().set_index("entry").loc["broken", "status"]
        assert status.startswith("ainda não joga: ") and broken.name == "broken"
        figure = league.figure()
    assert figure.layout.title.text.startswith("Liga de ")
    assert figure.layout.title.text.endswith(": pontos por jogo (intervalo de 95 %)")


def test_the_league_command_speaks_portuguese(tmp_path, capsys):
    (tmp_path / "ana.py").write_text(GOOD)
    (tmp_path / "oops.py").write_text(HOSTILE["raises"][0])
    (tmp_path / "broken.py").write_text("import nope\n")
    options = ["--game", "milhoes", "--games", "1", "--workers", "0", "--kit", "random", "--move-time", "0.5"]
    with using_language("pt"):
        assert main([str(tmp_path), *options]) == 0
        said = capsys.readouterr().out
        assert main([str(tmp_path / "nowhere"), "--game", "milhoes"]) == 2
        missing = capsys.readouterr().err
        with pytest.raises(SystemExit):
            main(["--help"])
        help_text = capsys.readouterr().out
    assert "broken não arranca: ModuleNotFoundError" in said
    assert "oops: exceção na jogada 1: IndexError" in said
    assert "jogos jogados agora: 6; guardados de antes: 0; falhados: 4" in said
    assert "a tabela está em " in said and "não é uma pasta de bots" in missing
    assert "a pasta dos bots" in help_text and "segundos que um bot pode levar numa jogada" in help_text
    assert list(pd.read_csv(tmp_path / "leaderboard.csv").columns) == COLUMNS
