"""Fixtures for the classroom's browser tests: a real classroom server on loopback (its own
process, stopped or killed by its process id), and one headless Chromium context per seat, each
recording every WebSocket frame it receives and every request that does not go to the server.

Ports: ``GAMEKIT_TEST_PORT_FIRST`` to ``_LAST`` (9200-9299 by default). Without
``/usr/bin/chromium`` the tests skip, except under CI, where a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests import cli_support

REPO = Path(__file__).resolve().parents[3]
PORTS = range(int(os.environ.get("GAMEKIT_TEST_PORT_FIRST", "9200")),
              int(os.environ.get("GAMEKIT_TEST_PORT_LAST", "9299")) + 1)
START_TIMEOUT = 60  # seconds: two shared cores can be slow to import the kit and Solara


class ClassroomServer:
    """``tests/classroom/browser/serve.py`` as a process of its own: the tables of ``plan``, a
    student seated at each student seat, an SQLite store in ``folder``."""

    def __init__(self, plan: list[dict], folder: Path):
        self.folder = folder
        self.plan_file = folder / "plan.json"
        self.plan_file.write_text(json.dumps(plan))
        self.db = f"sqlite:///{folder / 'classroom.sqlite'}"
        self.port = cli_support.free_port(PORTS)
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start (or start again, on the same store and port)."""
        seats_file = self.folder / "seats.json"
        seats_file.unlink(missing_ok=True)
        env = dict(os.environ, PYTHONUNBUFFERED="1",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
        log = open(self.folder / "server.log", "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.classroom.browser.serve", "--port", str(self.port), "--db", self.db,
             "--plan", str(self.plan_file), "--out", str(seats_file)],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=True)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the classroom server stopped; its log:\n{self.log()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/seat/", timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        else:
            self.stop()
            raise RuntimeError(f"the classroom server did not answer; its log:\n{self.log()[-3000:]}")
        self.seats = json.loads(seats_file.read_text())

    def token(self, table: int, seat: int) -> str:
        return self.seats["tables"][table]["tokens"][str(seat)]

    def seat_url(self, table: int, seat: int) -> str:
        return f"{self.url}/seat/{self.token(table, seat)}"

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def kill(self) -> None:
        """The server dies at once (no shutdown, nothing flushed): a pulled plug."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


class SeatBrowser:
    """One student's browser (a context of its own): the page, every WebSocket frame it
    received, and every request that went anywhere but the classroom server."""

    def __init__(self, browser, server: ClassroomServer, *, width: int = 1200, height: int = 1400):
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.frames: list[str] = []
        self.foreign: list[str] = []
        self.context.on("request", self._request)
        self.page = None

    def _request(self, request) -> None:
        url = urlparse(request.url)
        if url.scheme in ("blob", "data"):
            return
        if url.hostname != "127.0.0.1" or url.port != self.server.port:
            self.foreign.append(request.url)

    def _frame(self, payload) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))

    def open(self, url: str, *, board: str):
        """A new tab on ``url``, once ``board`` (a CSS selector) is drawn."""
        self.page = self.context.new_page()
        self.page.set_default_timeout(45_000)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.page.locator(board).wait_for()
        return self.page

    def close_tab(self) -> None:
        self.page.close(run_before_unload=True)
        self.page = None

    def texts(self) -> str:
        """Everything the page holds as text: what shows, and every attribute."""
        return self.page.evaluate("""() => document.body.innerText + '\\n' +
            [...document.querySelectorAll('*')].flatMap(el => [...el.attributes].map(a => a.value))
                .join('\\n')""")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def classroom_server(tmp_path):
    """``classroom_server(plan)``: a server for the tables of ``plan``, stopped at the end."""
    servers = []

    def start(plan: list[dict]) -> ClassroomServer:
        folder = tmp_path / f"server{len(servers)}"
        folder.mkdir()
        servers.append(ClassroomServer(plan, folder))
        return servers[-1]

    try:
        yield start
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def seat_browser(browser, request, tmp_path):
    """``seat_browser(server)``: a browser context of its own for one student, closed at the end
    (with a screenshot of each page kept when the test failed)."""
    opened = []

    def open_one(server: ClassroomServer, **size) -> SeatBrowser:
        opened.append(SeatBrowser(browser, server, **size))
        return opened[-1]

    try:
        yield open_one
    finally:
        failed = getattr(request.node, "classroom_test_failed", False)
        for number, seat in enumerate(opened):
            if failed and seat.page is not None:
                shot = tmp_path / f"failure-{number}.png"
                seat.page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot of page {number}: {shot}")
            seat.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.classroom_test_failed = report.failed
    return report
