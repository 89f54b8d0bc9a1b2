"""The release: ``python -m build`` makes an sdist and a wheel that ``twine check`` accepts, and the
built wheel, installed (not editable) into a fresh venv, is a working kit: its ``gamekit`` command
copies the lessons, opens JupyterLab and a Voilà app, and a lesson runs on its kernel.

The venv is made with ``--system-site-packages`` and the wheel installed with ``--no-deps``: the
dependencies are already installed by the README's test command, and downloading JupyterLab and its
friends again for every run would make CI slow and dependent on the network for nothing. gamekit
itself comes only from the wheel: the commands run outside the checkout, with no PYTHONPATH, and
a test checks that the kit they import lives in the venv.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from gamekit import __version__, catalogs, lesson_files
from gamekit.i18n import using_language
from gamekit.milhoes import new_game
from tests.cli_support import REPO, serve

pytestmark = pytest.mark.timeout(600)


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=480, **kwargs)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """``python -m build``: the sdist, then the wheel built from that sdist (as a release is)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, REPO], cwd=out)
    return out


@pytest.fixture(scope="session")
def wheel(dist) -> Path:
    (built,) = dist.glob("gamekit-*.whl")
    return built


@pytest.fixture(scope="session")
def venv(wheel, tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", "--system-site-packages", home / "venv"])
    run([home / "venv" / "bin" / "python", "-m", "pip", "install", "--no-deps", "--no-index", wheel],
        env=outside_env(home))
    return home / "venv"


def outside_env(home: Path) -> dict:
    """A user's environment: no PYTHONPATH pointing at the checkout, Jupyter's folders of our own."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH" and not key.startswith("JUPYTER")}
    # --system-site-packages makes the base's packages importable, but their data files (Voilà's
    # templates, JupyterLab's extensions) stay under the base prefix, which Jupyter searches only from
    # its own prefix: JUPYTER_PATH adds it (a venv with its own dependencies has them under its prefix)
    env.update(HOME=str(home), JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"),
               JUPYTER_DATA_DIR=str(home / "jupyter-data"),
               JUPYTER_CONFIG_DIR=str(home / "jupyter-config"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def test_twine_accepts_the_sdist_and_the_wheel(dist):
    files = sorted(dist.iterdir())
    assert sorted(f.suffix for f in files) == [".gz", ".whl"], files
    done = run([sys.executable, "-m", "twine", "check", "--strict", *files])
    assert done.stdout.count("PASSED") == 2, done.stdout


def test_the_wheel_carries_every_lesson_app_and_teacher_page(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for lesson in lesson_files.lesson_names():
        assert f"gamekit/lessons/{lesson}.ipynb" in names, lesson
    teacher = REPO / "docs" / "teacher"
    for page in sorted(teacher.glob("*.md")) if teacher.is_dir() else []:
        assert f"gamekit/teacher_guide/{page.name}" in names, page.name
    assert "gamekit/cli.py" in names and "gamekit/__main__.py" in names
    handouts = Path(__file__).resolve().parents[1] / "gamekit" / "handouts"
    for shipped in [*(handouts / "static").iterdir(), *(handouts / "templates" / "gamekit").iterdir()]:
        assert f"gamekit/handouts/{shipped.relative_to(handouts).as_posix()}" in names, shipped.name
    assert f"gamekit-{__version__}.dist-info/licenses/LICENSE" in names
    entry_points = zipfile.ZipFile(wheel).read(f"gamekit-{__version__}.dist-info/entry_points.txt").decode()
    assert "gamekit = gamekit.cli:main" in entry_points
    assert not [n for n in names if ".ipynb_checkpoints" in n or n.startswith("tests/")]


def test_the_wheel_carries_every_catalog_compiled(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for language in catalogs.TRANSLATED:
        for domain in catalogs.DOMAINS:
            folder = f"gamekit/locale/{language}/LC_MESSAGES/{domain}"
            assert {f"{folder}.po", f"{folder}.mo"} <= names, folder


SPEAK_PORTUGUESE = """
import gamekit
from gamekit.i18n import catalog_path
from gamekit.milhoes import new_game
gamekit.set_language("pt")
print(catalog_path("pt", "milhoes", ".mo").is_file())
print(new_game(players=3, seed=1).why_illegal("bid 13", 0))
"""


def test_installed_gamekit_speaks_portuguese_from_its_compiled_catalogs(venv, tmp_path):
    done = run([venv / "bin" / "python", "-c", SPEAK_PORTUGUESE], cwd=tmp_path, env=outside_env(tmp_path))
    compiled, refusal = done.stdout.splitlines()[-2:]
    assert compiled == "True"
    with using_language("pt"):
        assert refusal == new_game(players=3, seed=1).why_illegal("bid 13", 0)
    assert refusal != new_game(players=3, seed=1).why_illegal("bid 13", 0)


def test_the_sdist_carries_what_the_wheel_is_built_from(dist):
    (sdist,) = dist.glob("gamekit-*.tar.gz")
    names = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    assert {"setup.py", "pyproject.toml", "MANIFEST.in", "LICENSE", "CHANGELOG.md", "README.md"} <= names
    for lesson in lesson_files.lesson_names():
        assert f"notebooks/{lesson}.ipynb" in names, lesson


def test_installed_gamekit_comes_from_the_wheel_and_knows_its_version(venv, tmp_path):
    done = run([venv / "bin" / "gamekit", "--version"], cwd=tmp_path, env=outside_env(tmp_path))
    lessons = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages" / "gamekit" / "lessons"
    assert done.stdout.strip() == f"gamekit {__version__} (lessons in {lessons})"


def test_installed_gamekit_lessons_copies_the_shipped_lessons(venv, tmp_path):
    done = run([venv / "bin" / "gamekit", "lessons", tmp_path / "class"], cwd=tmp_path, env=outside_env(tmp_path))
    assert f"copied {len(lesson_files.lesson_names())} lessons" in done.stdout
    for lesson in lesson_files.lesson_names():
        copied = tmp_path / "class" / f"{lesson}.ipynb"
        assert copied.read_bytes() == (REPO / "notebooks" / f"{lesson}.ipynb").read_bytes(), lesson


IMPORT_EVERY_GAME = """
import os, pkgutil, gamekit
from gamekit.core import SIMULTANEOUS, game_factory
games = sorted(m.name for m in pkgutil.iter_modules(gamekit.__path__)
               if os.path.exists(os.path.join(gamekit.__path__[0], m.name, "rules.py")))
for name in games:
    state = game_factory(name)(seed=1)
    assert state.legal_actions(0 if state.current_player == SIMULTANEOUS else None), name
print(gamekit.__file__, games)
"""


def test_installed_gamekit_imports_every_game(venv, tmp_path):
    done = run([venv / "bin" / "python", "-c", IMPORT_EVERY_GAME], cwd=tmp_path, env=outside_env(tmp_path))
    location, *_ = done.stdout.split()
    assert location.startswith(str(venv)), location  # not the checkout's copy
    assert "['brief_history', 'lost_cities', 'milhoes', 'stratego']" in done.stdout


RUN_ONE_LESSON = """
import sys, nbformat
from nbclient import NotebookClient
path = sys.argv[1]
notebook = nbformat.read(path, as_version=4)
notebook.cells.append(nbformat.v4.new_code_cell("import gamekit, sys; print(gamekit.__file__, sys.executable)"))
NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
errors = [o for c in notebook.cells for o in c.get("outputs", []) if o["output_type"] == "error"]
assert not errors, errors
print(notebook.cells[-1].outputs[0]["text"])
"""


def test_a_copied_lesson_runs_on_the_installed_kit(venv, tmp_path):
    env = outside_env(tmp_path)
    run([venv / "bin" / "gamekit", "lessons", tmp_path / "class"], cwd=tmp_path, env=env)
    lesson = tmp_path / "class" / "20_lost_cities_rules.ipynb"
    done = run([venv / "bin" / "python", "-c", RUN_ONE_LESSON, lesson], cwd=lesson.parent, env=env)
    where, kernel_python = done.stdout.split()
    assert where.startswith(str(venv)) and kernel_python.startswith(str(venv))


def test_installed_gamekit_lab_serves_the_lessons(venv, tmp_path):
    server = serve([venv / "bin" / "gamekit", "lab"], tmp_path, base_env=outside_env(tmp_path))
    try:
        status, body = server.wait("/api/contents")
        assert status == 200, body
        assert "00_welcome.ipynb" in {item["name"] for item in json.loads(body)["content"]}
    finally:
        server.stop()


def test_installed_gamekit_app_serves_the_lost_cities_board(venv, tmp_path):
    command = [venv / "bin" / "gamekit", "app", "lost-cities", "--port={port}", "--no-browser", "--",
               "--token={token}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    server = serve(command, tmp_path, base_env=outside_env(tmp_path))
    try:
        server.wait("/api/kernels")  # up: Voilà answers its API
        page = server.read_until("/", "application/vnd.jupyter.widget-view+json")  # the board, from the kernel
        assert "Traceback" not in page
    finally:
        server.stop()


def test_installed_gamekit_writes_a_handout(venv, tmp_path):
    """The quickest lesson, as a handout, from the installed kit (tests/browser/test_handouts.py opens
    handouts in Chromium offline)."""
    done = run([venv / "bin" / "gamekit", "handouts", tmp_path / "out", "--lesson", "20"], cwd=tmp_path,
               env=outside_env(tmp_path))
    assert "20_lost_cities_rules" in done.stdout
    page = (tmp_path / "out" / "20_lost_cities_rules.html").read_text()
    assert '<script src="static/require.js">' in page and "'static/embed-amd.js'" in page
    for script in ("require.js", "embed-amd.js", "tex-svg-full.js", "plotly.min.js"):
        assert (tmp_path / "out" / "static" / script).stat().st_size > 50_000, script
    assert 'href="20_lost_cities_rules.html"' in (tmp_path / "out" / "index.html").read_text()
