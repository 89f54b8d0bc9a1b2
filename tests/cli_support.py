"""Helpers for the tests of the ``gamekit`` command: the README's set-up commands, and servers
started as a user would start them, on loopback, stopped by their own process id."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PORTS = range(8800, 8900)  # this area's own port range on the shared machine
START_TIMEOUT = 120  # seconds: two shared cores can be slow to start a Jupyter server


def readme_setup_commands() -> tuple[str, str]:
    """The README's two set-up commands: (install and open the kit, install and run the tests)."""
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Set up")[1].split("\n## ")[0]
    commands = [c.strip() for c in re.findall(r"```(?:bash|sh)\n(.*?)```", section, re.S)]
    assert len(commands) == 2, f"the README's Set up section must have two commands, not {commands}"
    return commands[0], commands[1]


def free_port(ports: range = PORTS) -> int:
    """The first free loopback port of ``ports`` (each area of tests has its own range)."""
    for port in ports:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")


def isolated_home(home: Path, port: int, token: str, base: dict | None = None) -> dict:
    """An environment whose home folder and Jupyter folders are ``home``: what the server reads and
    writes stays there, and its configuration pins the loopback address, the port and the token
    without changing the command the user types."""
    config = home / "jupyter-config"
    config.mkdir(parents=True, exist_ok=True)
    server = {"ip": "127.0.0.1", "port": port, "port_retries": 0, "token": token, "open_browser": False}
    for name in ("jupyter_server_config.json", "jupyter_config.json"):
        (config / name).write_text(json.dumps({"ServerApp": server, "Voila": {"ip": "127.0.0.1"}}))
    env = dict(os.environ if base is None else base)
    env.update(HOME=str(home), JUPYTER_CONFIG_DIR=str(config), JUPYTER_DATA_DIR=str(home / "jupyter-data"),
               JUPYTER_RUNTIME_DIR=str(home / "jupyter-runtime"), IPYTHONDIR=str(home / "ipython"),
               PYTHONUNBUFFERED="1", BROWSER="true")  # `true`: a browser that opens nothing
    return env


class Served:
    """A command that starts a server, run in its own process group and stopped by its pid."""

    def __init__(self, command: list[str], *, env: dict, cwd: Path, log: Path, port: int, token: str):
        self.url, self.token, self.log = f"http://127.0.0.1:{port}", token, log
        self._log = open(log, "wb")
        self.process = subprocess.Popen(command, env=env, cwd=cwd, stdout=self._log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)

    def get(self, path: str) -> tuple[int, str]:
        """``(status, body)`` of a GET, or ``(0, reason)`` while nothing answers."""
        separator = "&" if "?" in path else "?"
        try:
            with urllib.request.urlopen(f"{self.url}{path}{separator}token={self.token}", timeout=60) as answer:
                return answer.status, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            return 0, str(error)

    def read_until(self, path: str, marker: str, seconds: float = START_TIMEOUT) -> str:
        """The page at ``path`` read as it streams (Voilà sends each cell as the kernel runs it),
        until ``marker`` appears, the page ends, or ``seconds`` pass (then the server's log is shown)."""
        deadline = time.monotonic() + seconds
        separator = "&" if "?" in path else "?"
        with urllib.request.urlopen(f"{self.url}{path}{separator}token={self.token}", timeout=30) as answer:
            page = ""
            while marker not in page and time.monotonic() < deadline:
                chunk = answer.read1(65536)
                if not chunk:
                    break
                page += chunk.decode("utf-8", "replace")
        assert marker in page, f"{marker!r} not in {path} after {seconds} s; server log:\n{self.output()}"
        return page

    def wait(self, path: str) -> tuple[int, str]:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited ({self.process.returncode}):\n{self.output()}")
            status, body = self.get(path)
            if status:
                return status, body
            time.sleep(0.5)
        raise AssertionError(f"nothing answered {self.url}{path} in {START_TIMEOUT} s:\n{self.output()}")

    def output(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        """SIGTERM to the server's own process group (it and its kernels), then SIGKILL what is left."""
        pid = self.process.pid
        if self.process.poll() is None:
            os.killpg(pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self._log.close()


def serve(command: list, home: Path, cwd: Path | None = None, base_env: dict | None = None) -> Served:
    """Start ``command`` (``{port}`` and ``{token}`` in its words are filled in) in ``home``, in
    ``base_env`` (default: this process's environment) with Jupyter's folders moved to ``home``."""
    port, token = free_port(), secrets.token_hex(16)
    env = isolated_home(home, port, token, base_env)
    command = [str(word).format(port=port, token=token) for word in command]
    return Served(command, env=env, cwd=cwd or home, log=home / "server.log", port=port, token=token)
