"""A class at the classroom server: 8 tables of 4 students, each a WebSocket protocol client.

Starts ``gamekit classroom`` in its own process (a fresh SQLite file in a temporary folder, a port
of 9100-9199 on 127.0.0.1), makes 3 Milhões, 3 Lost Cities (partnerships) and 2 Brief History
tables of 4 student seats, joins 32 clients, and lets each play random legal moves, thinking
``--think`` seconds (uniform) before each. A move's round trip is the time from sending it to
receiving the seat's view with a newer version. Prints p50/p95/max in milliseconds, the moves
made, and the server's memory (resident now and at its peak). With ``--league``, a league of two
student bots (``gamekit league``, one worker process, sandboxed bots) plays Milhões beside the class
all along, as it would on the teacher's laptop. A benchmark, not a test.

    PYTHONPATH=. python benchmarks/classroom.py [--seconds 60] [--think 0.1 0.6] [--league]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

REPO = Path(__file__).resolve().parents[1]
TABLES = [("milhoes", 4)] * 3 + [("lost_cities", 4)] * 3 + [("brief_history", 4)] * 2


def free_port() -> int:
    import socket

    for port in range(9150, 9200):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 9150-9199")


def start_server(port: int, data: str) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "GAMEKIT_DATA": data, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen([sys.executable, "-m", "gamekit", "classroom", "--port", str(port)], cwd=REPO,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    for line in server.stdout:
        if line.startswith("Teacher's page"):
            return server, line.split("token=")[1].strip()
    raise RuntimeError("the server did not start")


BOTS = {
    "matcher.py": '''
from gamekit.milhoes.agents import matching_card


class Matcher:
    name = "matcher"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, observation, legal_actions):
        hand = sorted(bid.card for bid in legal_actions)
        want = matching_card(sum(observation.pot), hand, sorted(observation.points))
        card = min(hand, key=lambda c: (abs(c - want), c))
        return next(bid for bid in legal_actions if bid.card == card)
''',
    "highest.py": '''
class Highest:
    name = "highest"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, observation, legal_actions):
        return max(legal_actions, key=lambda bid: bid.card)
''',
}


def start_league(data: str) -> subprocess.Popen:
    """``gamekit league`` on two bots, enough deals to keep playing for the whole measurement."""
    folder = Path(data) / "bots"
    folder.mkdir()
    for name, source in BOTS.items():
        (folder / name).write_text(source)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-m", "gamekit", "league", str(folder), "--game", "milhoes",
                             "--games", "100000", "--workers", "1"], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def memory_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) of ``pid``, in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def student(url: str, rng: random.Random, think: tuple[float, float], until: float, trips: list[float]):
    """One seat: wait for its turn, think, move, time the answer; until the game ends or time is up."""
    async with websockets.connect(url, max_size=2 ** 22) as socket:
        sent_at, sent_version = None, None
        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=max(0.1, until - time.monotonic())))
            except asyncio.TimeoutError:
                return
            view = message["view"] if message["type"] == "refused" else message
            if message["type"] not in ("view", "refused"):
                continue
            if sent_at is not None and (message["type"] == "refused" or view["version"] > sent_version):
                trips.append(1000 * (time.perf_counter() - sent_at))
                sent_at = None
            if view["outcome"] is not None:
                return
            if view["legal"] and sent_at is None:
                await asyncio.sleep(rng.uniform(*think))
                sent_at, sent_version = time.perf_counter(), view["version"]
                await socket.send(json.dumps({"type": "move", "action": rng.choice(view["legal"]),
                                              "version": view["version"]}))


async def class_plays(port: int, teacher: str, seconds: float, think: tuple[float, float]) -> list[float]:
    base = f"http://127.0.0.1:{port}"
    urls = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for number, (game, seats) in enumerate(TABLES):
            table = (await http.post("/api/teacher/tables", headers={"Authorization": f"Bearer {teacher}"},
                                     json={"game": game, "seats": ["student"] * seats, "seed": number})).json()
            for seat in range(seats):
                ticket = (await http.post("/api/join", json={"code": table["code"], "seat": seat})).json()
                urls.append(f"ws://127.0.0.1:{port}/ws/seat/{ticket['token']}")
    trips: list[float] = []
    until = time.monotonic() + seconds
    await asyncio.gather(*(student(url, random.Random(n), think, until, trips) for n, url in enumerate(urls)))
    return trips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, nargs=2, default=(0.1, 0.6), metavar=("MIN", "MAX"))
    parser.add_argument("--league", action="store_true", help="a league of bots plays beside the class")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server, teacher = start_server(port, data)
        league = start_league(data) if args.league else None
        try:
            time.sleep(1)
            started = time.monotonic()
            trips = asyncio.run(class_plays(port, teacher, args.seconds, tuple(args.think)))
            elapsed = time.monotonic() - started
            now, peak = memory_mb(server.pid)
        finally:
            for process in filter(None, [league, server]):
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
    trips.sort()
    p95 = trips[int(0.95 * (len(trips) - 1))]
    print(f"{len(TABLES)} tables, {sum(s for _, s in TABLES)} WebSocket seats, {len(trips)} moves in {elapsed:.0f} s "
          f"(think {args.think[0]}-{args.think[1]} s{', a league playing beside' if args.league else ''})")
    print(f"move round trip: p50 {statistics.median(trips):.1f} ms, p95 {p95:.1f} ms, max {trips[-1]:.1f} ms")
    print(f"server memory: {now:.0f} MB resident at the end, {peak:.0f} MB at its peak")


if __name__ == "__main__":
    main()
