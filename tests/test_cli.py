"""The ``gamekit`` command: help, version, copying and resetting lessons, clear errors, and the
README's run command starting JupyterLab on the lessons."""

from __future__ import annotations

import filecmp
import json
import os
import shlex
import subprocess
import sys
import tomllib

import pytest

from gamekit import __version__, cli, lesson_files
from tests.cli_support import REPO, readme_setup_commands, serve

GAMEKIT = [sys.executable, "-m", "gamekit"]  # what the `gamekit` console script runs: gamekit.cli:main


def gamekit(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(GAMEKIT + list(args), capture_output=True, text=True, timeout=120,
                          env=os.environ | {"PYTHONPATH": str(REPO)}, **kwargs)


def test_the_console_script_is_declared_and_points_at_main():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["scripts"] == {"gamekit": "gamekit.cli:main"}


def test_version_is_the_package_version_and_has_a_changelog_entry():
    done = gamekit("--version")
    assert done.returncode == 0
    assert done.stdout.startswith(f"gamekit {__version__} ")
    assert f"## {__version__}" in (REPO / "CHANGELOG.md").read_text()


@pytest.mark.parametrize("command", [[], ["lab"], ["lessons"], ["app"], ["handouts"]])
def test_help_everywhere(command):
    done = gamekit(*command, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: gamekit {' '.join(command)}".rstrip())


def test_no_command_says_what_the_commands_are():
    done = gamekit()
    assert done.returncode == 2
    assert "lab" in done.stderr and "lessons" in done.stderr and "handouts" in done.stderr


def test_lessons_copies_every_lesson_and_app_unchanged(tmp_path):
    done = gamekit("lessons", str(tmp_path / "class"))
    assert done.returncode == 0, done.stderr
    names = lesson_files.lesson_names()
    assert f"copied {len(names)} lessons" in done.stdout
    assert "00_welcome" in names and "apps/lost_cities" in names and len(names) >= 19
    for name in names:
        copy, shipped = tmp_path / "class" / f"{name}.ipynb", lesson_files.lessons_folder() / f"{name}.ipynb"
        assert filecmp.cmp(copy, shipped, shallow=False), name


def test_lessons_refuses_a_folder_that_exists_and_leaves_it_alone(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "mine.txt").write_text("my notes")
    done = gamekit("lessons", str(folder))
    assert done.returncode == 2
    assert "already exists" in done.stderr and "--reset" in done.stderr
    assert "Traceback" not in done.stderr
    assert [p.name for p in folder.iterdir()] == ["mine.txt"]


def test_reset_restores_one_lesson_and_keeps_the_students_copy(tmp_path):
    folder = tmp_path / "class"
    lesson_files.copy_lessons(folder)
    broken = folder / "21_lost_cities_expected_value.ipynb"
    other = folder / "20_lost_cities_rules.ipynb"
    broken.write_text("{ a student broke this")
    other.write_text(json.dumps({"cells": [], "my": "work"}))

    done = gamekit("lessons", str(folder), "--reset", "21")
    assert done.returncode == 0, done.stderr
    shipped = lesson_files.lessons_folder() / broken.name
    assert filecmp.cmp(broken, shipped, shallow=False)
    kept = folder / "21_lost_cities_expected_value.before-reset.ipynb"
    assert kept.read_text() == "{ a student broke this"
    assert kept.name in done.stdout
    assert json.loads(other.read_text())["my"] == "work"  # the other lessons are untouched

    broken.write_text("broken again")
    gamekit("lessons", str(folder), "--reset", "21_lost_cities_expected_value.ipynb")
    assert (folder / "21_lost_cities_expected_value.before-reset-2.ipynb").read_text() == "broken again"
    assert kept.read_text() == "{ a student broke this"  # an earlier copy is never replaced


def test_reset_brings_back_a_deleted_app_lesson(tmp_path):
    folder = tmp_path / "class"
    lesson_files.copy_lessons(folder)
    (folder / "apps" / "milhoes.ipynb").unlink()
    restored, kept = lesson_files.reset_lesson(folder, "apps/milhoes")
    assert kept is None and filecmp.cmp(restored, lesson_files.lessons_folder() / "apps" / "milhoes.ipynb")


@pytest.mark.parametrize("args, words", [
    (["lessons", "{tmp}/class", "--reset", "99"], "there is no lesson '99'"),
    (["lessons", "{tmp}/nowhere", "--reset", "21"], "is not a folder of lessons"),
    (["lessons"], "say which folder"),
    (["app", "chess"], "there is no game 'chess'; the games are: brief-history, lost-cities, milhoes, stratego"),
])
def test_clear_errors(tmp_path, args, words):
    lesson_files.copy_lessons(tmp_path / "class")
    done = gamekit(*[a.format(tmp=tmp_path) for a in args])
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr


def test_lessons_list_names_every_lesson():
    done = gamekit("lessons", "--list")
    assert done.stdout.split() == lesson_files.lesson_names()


@pytest.mark.parametrize("typed", ["lost-cities", "lost_cities", "Lost Cities", "LOST-CITIES"])
def test_app_accepts_the_ways_a_teacher_writes_a_game(typed):
    assert cli.find_app(typed) == "lost_cities"


def test_app_accepts_milhoes_with_its_accent():
    assert cli.find_app("milhões") == cli.find_app("Milhoes") == "milhoes"


def test_find_lesson_by_number_stem_or_file():
    assert lesson_files.find_lesson("41") == "41_brief_history_dice_odds"
    assert lesson_files.find_lesson("41_brief_history_dice_odds.ipynb") == "41_brief_history_dice_odds"
    assert lesson_files.find_lesson("apps/stratego.ipynb") == "apps/stratego"


@pytest.mark.parametrize("root", [True, False])
def test_lab_adds_allow_root_only_for_root(monkeypatch, tmp_path, root):
    monkeypatch.setattr(cli, "is_root", lambda: root)
    command = cli.lab_command(tmp_path, ["--port=8801"])
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path}" in command and command[-1] == "--port=8801"
    assert ("--allow-root" in command) is root


def test_readme_run_command_opens_jupyterlab_on_the_lessons(tmp_path):
    """The README's run command as a user types it, in a fresh home folder: it copies the lessons to
    ~/gamekit-lessons and JupyterLab answers on its port with them (as root too, here and in CI)."""
    install, launch = (part.strip() for part in readme_setup_commands()[0].split("&&"))
    assert install == 'pip install ".[lab]"'  # installing is what tests/test_wheel.py does, from the wheel
    program, *arguments = shlex.split(launch)
    assert (program, arguments) == ("gamekit", ["lab"])
    server = serve(GAMEKIT + arguments, tmp_path, base_env=os.environ | {"PYTHONPATH": str(REPO)})
    try:
        status, body = server.wait("/api/contents")
        assert status == 200, body
        listed = {item["name"] for item in json.loads(body)["content"]}
        assert {"00_welcome.ipynb", "21_lost_cities_expected_value.ipynb", "apps"} <= listed
        assert (tmp_path / "gamekit-lessons" / "00_welcome.ipynb").is_file()
        status, page = server.get("/lab")
        assert status == 200 and "JupyterLab" in page
    finally:
        server.stop()
    assert server.process.returncode is not None  # stopped
    copied = f"copied {len(lesson_files.lesson_names())} lessons to {tmp_path / 'gamekit-lessons'}"
    assert copied in server.output()
    started = next(line for line in server.output().splitlines() if line.startswith("running:"))
    assert ("--allow-root" in started) is cli.is_root()


def test_lab_opens_an_existing_folder_as_it_is_and_says_what_is_missing(monkeypatch, tmp_path, capsys):
    folder = tmp_path / "class"
    lesson_files.copy_lessons(folder)
    (folder / "00_welcome.ipynb").write_text("my own version")
    (folder / "21_lost_cities_expected_value.ipynb").unlink()
    started = []
    monkeypatch.setattr(cli, "_run_server", lambda command: started.append(command) or 0)
    assert cli.main(["lab", str(folder), "--port", "8802", "--no-browser"]) == 0
    assert (folder / "00_welcome.ipynb").read_text() == "my own version"  # never copied over
    assert not (folder / "21_lost_cities_expected_value.ipynb").exists()
    assert f"{folder.resolve()} lacks 1 of the lessons (for example 21_lost_cities_expected_value)" in \
        capsys.readouterr().out
    (command,) = started
    assert f"--ServerApp.root_dir={folder.resolve()}" in command
    assert command[-2:] == ["--port=8802", "--no-browser"]


def test_lab_copies_the_lessons_into_a_new_folder_first(monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "_run_server", lambda command: 0)
    assert cli.main(["lab", str(tmp_path / "new"), "--", "--ServerApp.ip=127.0.0.1"]) == 0
    assert lesson_files.missing_lessons(tmp_path / "new") == []
