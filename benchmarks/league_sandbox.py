"""What sandboxing a student's bot costs, and how fast a small league plays.

(a) Starting a bot: a fresh ``python -I`` process, its limits, its audit hook, the game's rules
    and the bot's file (wall clock, ``SandboxedAgent(...)`` until it answers hello).
(b) A move through the sandbox: a random bot in its process against a random agent, beside the
    same game with both agents in this process; the difference per bot move is the round trip
    (pickled observation out, one line of JSON back).
(c) A league: ``--bots`` copies of the capstone template and kit:random, one deal, in this process
    (``workers=0``) and on a pool of 2 workers: games per second, wall clock.

    python benchmarks/league_sandbox.py            # about a minute on a quiet machine
    python benchmarks/league_sandbox.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from gamekit.core import RandomAgent, play_match
from gamekit.league import SandboxedAgent
from gamekit.league.league import League

TEMPLATE = '''
from gamekit.milhoes.agents import matching_card


class Matcher:
    name = "matcher plus one"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, observation, legal_actions):
        hand = sorted(bid.card for bid in legal_actions)
        want = matching_card(sum(observation.pot), hand, sorted(observation.points)) + 1
        card = min(hand, key=lambda c: (abs(c - want), c))
        return next(bid for bid in legal_actions if bid.card == card)
'''
RANDOM_BOT = "from gamekit.core import RandomAgent\n\n\nclass Mine(RandomAgent):\n    name = 'mine'\n"
GAMES = {"milhoes": {"players": 2}, "lost_cities": {"rounds": 1}}


def starts(count: int) -> list[float]:
    times = []
    for _ in range(count):
        began = time.perf_counter()
        SandboxedAgent(TEMPLATE, game="milhoes").close()
        times.append(time.perf_counter() - began)
    return times


def move_cost(game: str, options: dict, games: int) -> tuple[float, int]:
    """Seconds added per bot move, and the bot moves measured."""
    sandboxed = local = 0.0
    moves = 0
    for seed in range(games):
        with SandboxedAgent(RANDOM_BOT, game=game, seed=seed) as bot:
            began = time.perf_counter()
            record = play_match(game, [bot, RandomAgent(seed=99)], seed=seed, options=options)
            sandboxed += time.perf_counter() - began
        began = time.perf_counter()
        play_match(game, [RandomAgent(seed=seed), RandomAgent(seed=99)], seed=seed, options=options)
        local += time.perf_counter() - began
        moves += (len(record.actions) + 1) // 2 if game != "milhoes" else len(record.actions)
    return (sandboxed - local) / moves, moves


def league_speed(bots: int, workers: int) -> tuple[int, float]:
    folder = tempfile.mkdtemp()
    league = League(f"sqlite:///{folder}/league.db", f"{folder}/bots", "milhoes", workers=workers, deals=1,
                    kit_agents=("random",))
    for number in range(bots):
        league.add_entry(f"student{number}", TEMPLATE + f"\n# copy {number}\n")
    began = time.perf_counter()
    summary = league.run()
    return summary.played, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    count, games, bots = (5, 3, 3) if args.quick else (20, 20, 6)

    times = sorted(starts(count))
    print(f"(a) bot start: median {statistics.median(times) * 1000:.0f} ms, "
          f"worst {times[-1] * 1000:.0f} ms over {count} starts")
    for game, options in GAMES.items():
        cost, moves = move_cost(game, options, games)
        print(f"(b) {game}: {cost * 1000:.2f} ms more per bot move through the sandbox ({moves} moves)")
    for workers in (0, 2):
        played, seconds = league_speed(bots, workers)
        print(f"(c) league of {bots} bots + kit:random, workers={workers}: {played} games in {seconds:.1f} s, "
              f"{played / seconds:.1f} games/s")


if __name__ == "__main__":
    main()
