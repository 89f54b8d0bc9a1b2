"""`gamekit classroom` as a teacher runs it: a real uvicorn on 127.0.0.1 in its own process, played
through the protocol (HTTP and WebSockets), killed mid-game with SIGKILL, started again on the same
database; the game finishes there, every seat rejoining with its token."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import free_port

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60
pytestmark = pytest.mark.timeout(300)


class Server:
    """``python -m gamekit classroom`` in a process group of its own, stopped by its pid."""

    def __init__(self, port: int, data: Path, *extra: str):
        env = {**os.environ, "GAMEKIT_DATA": str(data), "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen([sys.executable, "-m", "gamekit", "classroom", "--port", str(port), *extra],
                                        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, start_new_session=True)
        self.base = f"http://127.0.0.1:{port}"
        self.printed = self._read_addresses()
        self.teacher_url = re.search(r"Teacher's page.*?: (\S+)", self.printed).group(1)
        self.token = self.teacher_url.split("token=")[1]
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self._wait_until_up()

    def _read_addresses(self) -> str:
        lines, started = [], time.monotonic()
        while time.monotonic() - started < START_TIMEOUT:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("the server stopped: " + "".join(lines))
            lines.append(line)
            if line.startswith("Students join at"):
                return "".join(lines)
        raise AssertionError("the server printed no addresses: " + "".join(lines))

    def _wait_until_up(self) -> None:
        started = time.monotonic()
        while time.monotonic() - started < START_TIMEOUT:
            try:
                if self.http.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.2)
        raise AssertionError("the server never answered")

    def teacher(self, method: str, path: str, **kwargs):
        return self.http.request(method, "/api/teacher" + path, headers={"Authorization": f"Bearer {self.token}"},
                                 **kwargs)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last write; what is not stored is lost."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process.stdout.close()
        self.http.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.kill()


def play_some(server: Server, tokens: list[str], moves: int, rng: random.Random) -> int:
    """Random moves by HTTP, each seat choosing when it is its turn."""
    made = 0
    while made < moves:
        views = [server.http.get(f"/api/seat/{token}").json() for token in tokens]
        if views[0]["outcome"] is not None:
            break
        seat = next(s for s, view in enumerate(views) if view["legal"])
        view = views[seat]
        answer = server.http.post(f"/api/seat/{tokens[seat]}/move",
                                  json={"action": rng.choice(view["legal"]), "version": view["version"]})
        assert answer.status_code == 200, answer.text
        made += 1
    return made


def test_the_command_serves_a_game_that_survives_a_kill(tmp_path):
    port, rng = free_port(), random.Random(12)
    server = Server(port, tmp_path)
    try:
        assert server.teacher_url.startswith(f"http://127.0.0.1:{port}/teacher?token=")
        assert f"Students join at: http://127.0.0.1:{port}/" in server.printed
        assert server.http.get("/teacher", params={"token": server.token}).status_code == 200
        table = server.teacher("POST", "/tables", json={"game": "milhoes", "seats": ["student", "student", "heuristic"],
                                                        "seed": 12}).json()
        tokens = [server.http.post("/api/join", json={"code": table["code"], "name": name}).json()["token"]
                  for name in ("Ana", "Bea")]
        with connect(f"ws://127.0.0.1:{port}/ws/seat/{tokens[0]}", open_timeout=30) as socket:
            view = json.loads(socket.recv(timeout=30))
            assert view["type"] == "view" and view["connected"] == [0] and view["legal"]
            socket.send(json.dumps({"type": "move", "action": view["legal"][0], "version": view["version"]}))
            while True:
                after = json.loads(socket.recv(timeout=30))
                if after["type"] == "view" and after["version"] > view["version"]:
                    break
            assert after["my_choice"] == view["legal"][0] and after["chosen"] == [0, 2]
        assert play_some(server, tokens, 8, rng) == 8  # Ana has bid in round 5, Bea not yet
        before = server.teacher("GET", f"/tables/{table['id']}/record").json()
        assert (tmp_path / "classroom.sqlite").exists()
        server.kill()

        server = Server(port, tmp_path)
        assert server.printed.count("token=") == 1 and server.teacher_url.endswith(server.token)
        assert "1 table(s)" in server.printed
        assert server.teacher("GET", f"/tables/{table['id']}/record").json() == before
        for seat, token in enumerate(tokens):  # each seat rejoins with its token
            view = server.http.get(f"/api/seat/{token}").json()
            assert view["seat"] == seat and view["names"][:2] == ["Ana", "Bea"]
            assert view["observation"]["round"] == 5
        assert server.http.get(f"/api/seat/{tokens[0]}").json()["my_choice"] is not None  # kept through the kill
        play_some(server, tokens, 2_000, rng)
        assert server.http.get(f"/api/seat/{tokens[0]}").json()["outcome"] is not None
        summary = server.teacher("GET", "/tables").json()["tables"][0]
        assert summary["over"] and summary["steps"] > len(before["actions"])
    finally:
        server.stop()


def test_the_teachers_token_is_kept_across_restarts(tmp_path):
    port = free_port()
    first = Server(port, tmp_path)
    token = first.token
    first.kill()
    second = Server(port, tmp_path)
    try:
        assert second.token == token and len(token) >= 20
        assert second.http.get("/api/teacher/tables", params={"token": token}).status_code == 200
    finally:
        second.stop()
