"""Fixtures for the browser tests: JupyterLab and Voilà on loopback, headless Debian Chromium.

Each server runs on a free port with its own token and is stopped by its own process id (and its
process group, which holds its kernels) in teardown. Without ``/usr/bin/chromium`` the tests skip,
except under CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests import cli_support

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
START_TIMEOUT = 90  # seconds; two shared cores can be slow to start a Jupyter server


PORTS = range(int(os.environ.get("GAMEKIT_TEST_PORT_FIRST", "8900")),
              int(os.environ.get("GAMEKIT_TEST_PORT_LAST", "8999")) + 1)


def free_port() -> int:
    """A free loopback port of the range the browser tests may use (``GAMEKIT_TEST_PORT_FIRST`` to
    ``_LAST``, 8900-8999 by default), so that parallel runs on one machine keep apart."""
    return cli_support.free_port(PORTS)


class Server:
    """A Jupyter-family server started as its own process group, stopped in ``stop``."""

    def __init__(self, command: list[str], *, url: str, ready_path: str, cwd: Path, log: Path, env: dict):
        self.url = url
        self.log = log
        self._log_file = open(log, "wb")
        self.process = subprocess.Popen(command, cwd=cwd, stdout=self._log_file, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        self._wait_ready(url + ready_path)

    def _wait_ready(self, probe: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"server exited early; its log:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(probe, timeout=5):
                    return
            except urllib.error.HTTPError:
                return  # it answers (Voilà redirects its API paths): up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"server did not answer {probe} in {START_TIMEOUT} s; "
                           f"log:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        """Stop our server: SIGTERM to its process group (the server and its kernels), then SIGKILL."""
        pid = self.process.pid
        if self.process.poll() is None:
            os.killpg(pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(pid, signal.SIGKILL)  # kernels left behind by the server, if any
        except ProcessLookupError:
            pass
        self.process.wait(timeout=5)
        self._log_file.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember whether the test body failed, so the page fixture can keep a screenshot."""
    report = yield
    if report.when == "call":
        item.browser_test_failed = report.failed
    return report


@pytest.fixture
def page(browser, request, tmp_path):
    context = browser.new_context(viewport={"width": 1200, "height": 1700})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        if getattr(request.node, "browser_test_failed", False):
            shot = tmp_path / "failure.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot of the failed page: {shot}")
            errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
            print("errors shown in the page:", "\n".join(errors)[-3000:] or "none")
        context.close()


def _jupyter_env(home: Path) -> dict:
    """Config and data dirs of our own, so the servers neither read nor write the user's."""
    env = dict(os.environ)
    env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTER_DATA_DIR=str(home / "data"),
               IPYTHONDIR=str(home / "ipython"), PYTHONUNBUFFERED="1",
               # the kernels import this checkout, whichever copy of gamekit pip last installed
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    return env


@pytest.fixture(scope="session")
def lab(browser, tmp_path_factory):
    """JupyterLab serving a scratch copy of the notebooks (its autosave must not touch the repo)."""
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = home / "settings" / "@jupyterlab"
    for extension, plugin, values in [
        ("apputils-extension", "notification", {"fetchNews": "false"}),  # no news pop-up over the cells
        ("notebook-extension", "tracker", {"windowingMode": "none"}),  # keep cells out of view in the DOM
    ]:
        (settings / extension).mkdir(parents=True)
        (settings / extension / f"{plugin}.jupyterlab-settings").write_text(json.dumps(values))
    token, port = secrets.token_hex(16), free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
               "--ServerApp.port_retries=0", f"--LabApp.user_settings_dir={home / 'settings'}",
               f"--LabApp.workspaces_dir={home / 'workspaces'}"]
    url = f"http://127.0.0.1:{port}"
    server = Server(command, url=url, ready_path=f"/api/status?token={token}", cwd=root, log=home / "lab.log",
                    env=_jupyter_env(home))
    server.token = token
    try:
        yield server
    finally:
        server.stop()


def start_voila(app: Path, home: Path) -> Server:
    """Voilà serving one app notebook on a free port with its own token."""
    token, port = secrets.token_hex(16), free_port()
    command = [sys.executable, "-m", "voila", str(app), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", f"--token={token}", "--Voila.port_retries=0"]
    server = Server(command, url=f"http://127.0.0.1:{port}", ready_path="/api/status", cwd=app.parent,
                    log=home / "voila.log", env=_jupyter_env(home))
    server.token = token
    return server


@pytest.fixture(scope="session")
def voila_app(browser, tmp_path_factory):
    """``voila_app("apps/milhoes.ipynb")``: a Voilà server for that notebook (relative to
    ``notebooks/``), started on first use and stopped at the end of the session."""
    servers: dict[str, Server] = {}

    def serve(notebook: str) -> Server:
        if notebook not in servers:
            servers[notebook] = start_voila(NOTEBOOKS / notebook, tmp_path_factory.mktemp("voila"))
        return servers[notebook]

    try:
        yield serve
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="session")
def voila(voila_app):
    """Voilà serving the Milhões app notebook."""
    return voila_app("apps/milhoes.ipynb")


def pytest_collection_modifyitems(items):
    """A real browser against a real server on two shared cores can miss a deadline now and then
    (a kernel slow to answer, a widget view rendered late): browser tests get two more tries, and
    the log shows every rerun (pytest-rerunfailures), so a test that fails for a real reason still
    fails three times in a row."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=2, reruns_delay=2))
