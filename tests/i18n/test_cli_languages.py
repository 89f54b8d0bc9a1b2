"""The `gamekit` command in Portuguese: --lang (or GAMEKIT_LANG) makes every command speak it and
open the Portuguese edition of the lessons (the lessons folder's pt/)."""

import json
import os

import pytest

from gamekit import cli, i18n, lesson_files
from gamekit.handouts import export
from gamekit.i18n import LANGUAGE_VARIABLE, using_language


@pytest.fixture(autouse=True)
def english_session(monkeypatch):
    # set, then removed, so that monkeypatch removes it again after the test: main() may set it
    monkeypatch.setenv(LANGUAGE_VARIABLE, "en")
    monkeypatch.delenv(LANGUAGE_VARIABLE)
    i18n.set_language(None)


def notebook(path, text="x"):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": text}],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A lessons folder with two lessons and an app in each edition."""
    folder = tmp_path / "shipped"
    for edition in ("", "pt/"):
        for name in ("00_welcome", "21_lost_cities_expected_value", "apps/milhoes"):
            notebook(folder / f"{edition}{name}.ipynb", f"{edition or 'en'} {name}")
    monkeypatch.setattr(lesson_files, "lessons_folder", lambda: folder)
    return folder


def test_each_edition_lists_its_own_lessons_once(shipped):
    english = ["00_welcome", "21_lost_cities_expected_value", "apps/milhoes"]
    portuguese = ["pt/00_welcome", "pt/21_lost_cities_expected_value", "pt/apps/milhoes"]
    assert lesson_files.lesson_names() == lesson_files.lesson_names("en") == english
    assert lesson_files.lesson_names("pt") == portuguese
    with using_language("pt"):
        assert lesson_files.lesson_names() == portuguese
        assert lesson_files.numbered_lessons() == portuguese[:2]
        assert lesson_files.find_lesson("21") == "pt/21_lost_cities_expected_value"
        assert lesson_files.find_lesson("apps/milhoes.ipynb") == "pt/apps/milhoes"
        with pytest.raises(LookupError, match="não há nenhuma lição '99'; as lições são: 00_welcome"):
            lesson_files.find_lesson("99")
    assert lesson_files.numbered_lessons() == english[:2]
    assert lesson_files.find_lesson("21") == "21_lost_cities_expected_value"
    assert lesson_files.edition_of("pt/apps/milhoes") == "pt"
    assert lesson_files.edition_of("apps/milhoes") == "en"
    assert lesson_files.within_edition("pt/21_lost_cities_expected_value") == "21_lost_cities_expected_value"


def test_a_copy_holds_both_editions_and_a_portuguese_reset_restores_the_portuguese_lesson(shipped, tmp_path):
    folder = tmp_path / "class"
    lesson_files.copy_lessons(folder)
    assert lesson_files.missing_lessons(folder) == [] and lesson_files.missing_lessons(folder, "pt") == []
    (folder / "pt" / "21_lost_cities_expected_value.ipynb").write_text("my work")
    assert cli.main(["lessons", str(folder), "--reset", "21", "--lang", "pt"]) == 0
    restored = folder / "pt" / "21_lost_cities_expected_value.ipynb"
    assert "pt/ 21_lost_cities" in restored.read_text()
    assert (folder / "pt" / "21_lost_cities_expected_value.before-reset.ipynb").read_text() == "my work"
    assert "en 21_lost_cities" in (folder / "21_lost_cities_expected_value.ipynb").read_text()


def test_help_speaks_portuguese_with_lang_anywhere_or_the_environment(capsys, monkeypatch):
    for argv in (["--lang", "pt", "--help"], ["lab", "--help", "--lang", "pt"],
                 ["--lang=pt", "lessons", "-h"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
        out = capsys.readouterr().out
        assert "lições" in out, argv
    monkeypatch.setenv(LANGUAGE_VARIABLE, "pt")
    with pytest.raises(SystemExit):
        cli.main(["handouts", "--help"])
    assert "onde escrever as fichas" in capsys.readouterr().out
    monkeypatch.setenv(LANGUAGE_VARIABLE, "en")
    with pytest.raises(SystemExit):
        cli.main(["handouts", "--help"])
    assert "where to write the handouts" in capsys.readouterr().out


def test_an_unknown_language_is_refused_by_the_command_line(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr", "lessons", "--list"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err


def test_lab_in_portuguese_opens_the_portuguese_edition_and_its_kernels_speak_portuguese(shipped, tmp_path,
                                                                                         monkeypatch, capsys):
    started = []
    monkeypatch.setattr(cli, "_run_server", lambda command: started.append((command, os.environ.get(
        LANGUAGE_VARIABLE))) or 0)
    assert cli.main(["lab", str(tmp_path / "class"), "--lang", "pt", "--no-browser"]) == 0
    (command, variable), = started
    assert variable == "pt" and "--ServerApp.default_url=/lab/tree/pt" in command
    assert f"copiadas 3 lições para {tmp_path / 'class'}" in capsys.readouterr().out
    assert (tmp_path / "class" / "pt" / "00_welcome.ipynb").is_file()
    monkeypatch.delenv(LANGUAGE_VARIABLE)
    assert cli.main(["lab", str(tmp_path / "class")]) == 0
    assert not any(part.startswith("--ServerApp.default_url") for part in started[-1][0])


def test_app_in_portuguese_opens_the_portuguese_app(shipped, monkeypatch):
    monkeypatch.setattr(cli, "_require", lambda *args: None)
    started = []
    monkeypatch.setattr(cli, "_run_server", lambda command: started.append(command) or 0)
    assert cli.main(["app", "milhões", "--lang", "pt"]) == 0
    assert str(shipped / "pt" / "apps" / "milhoes.ipynb") in started[-1]
    assert os.environ[LANGUAGE_VARIABLE] == "pt"
    monkeypatch.delenv(LANGUAGE_VARIABLE)
    assert cli.main(["app", "milhoes"]) == 0
    assert str(shipped / "apps" / "milhoes.ipynb") in started[-1]


def test_portuguese_handouts_are_named_as_the_english_ones_and_say_everything_in_portuguese():
    key = export.answer_key_markdown("pt/00_welcome")
    assert key.startswith("---\n\n# Chave de respostas") and "### Exercício 00.1 ★" in key
    assert "**Resposta:** 8" in key
    assert export.answer_key_markdown("00_welcome").startswith("---\n\n# Answer key")
    page = export.index_page([], "pt")
    assert '<html lang="pt">' in page and "Cada página abre num navegador" in page
    assert '<html lang="en">' in export.index_page([])
