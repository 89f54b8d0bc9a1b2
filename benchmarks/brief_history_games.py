"""Random A Brief History of the World games per second through gamekit's public API.

The loop is the issue's, new_game included:

    state = new_game(players, seed=...)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))

The engine needs nothing more: the two drafts of an Epoch run at the same time on the table, but
the rules deal them as alternating picks (the last player's Empire pick, then the leader's Event
pick, ...), because each pick is made from a packet the picker holds alone — so every decision is
sequential and ``apply`` takes them all. Each figure is the best of several repeats (the run least
disturbed by other work on the machine), in wall-clock and in this process's CPU time.

    python benchmarks/brief_history_games.py            # about a minute
    python benchmarks/brief_history_games.py --quick    # a few seconds
    python benchmarks/brief_history_games.py --profile  # where the time goes (4 players)
    python benchmarks/brief_history_games.py --players 4 --against ../old-checkout  # interleaved ratio

``--against`` plays the same games with another checkout of the kit (an older release) in fresh
processes, alternating with this one, so both see the same load on a shared machine; it prints
each checkout's best CPU games/s and the ratio. (cProfile is no guide to such a comparison: under a
profiler Python 3.11 runs without its specialised instructions.)
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import subprocess
import sys
import time

from gamekit.brief_history import new_game

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def play_random_games(players: int, games: int, seed: int = 0) -> tuple[float, float, int]:
    """Play ``games`` random games; return (wall seconds, CPU seconds, actions)."""
    rng = random.Random(seed)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        state = new_game(players, seed=seed + number)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        actions += len(state.history)
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def measure(players: int, games: int, repeats: int) -> dict:
    runs = [play_random_games(players, games) for _ in range(repeats)]
    wall = min(run[0] for run in runs)
    cpu = min(run[1] for run in runs)
    actions = runs[0][2] / games  # the same seeds every repeat: the same games
    return {"games/s": games / wall, "games/s (cpu)": games / cpu, "actions/game": actions,
            "us/action": wall / games / actions * 1e6}


def profile(players: int = 4, games: int = 30, top: int = 15) -> None:
    profiler = cProfile.Profile()
    profiler.runcall(play_random_games, players, games)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


# One repeat in a fresh process, for the checkout at sys.argv[1]: prints CPU seconds.
_ONE_REPEAT = """
import random, sys, time
sys.path.insert(0, sys.argv[1])
from gamekit.brief_history import new_game
players, games = int(sys.argv[2]), int(sys.argv[3])
rng, cpu = random.Random(0), time.process_time()
for number in range(games):
    state = new_game(players, seed=number)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
print(time.process_time() - cpu)
"""


def against(other: str, players: int, games: int, repeats: int) -> dict:
    """Best CPU games/s of this checkout and of ``other``, their repeats interleaved."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    best = {here: float("inf"), other: float("inf")}
    for _ in range(repeats):
        for tree in best:
            run = subprocess.run([sys.executable, "-c", _ONE_REPEAT, tree, str(players), str(games)],
                                 capture_output=True, text=True, check=True)
            best[tree] = min(best[tree], float(run.stdout))
    return {"this": games / best[here], "other": games / best[other]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--games", type=int, help="games per repeat and player count")
    parser.add_argument("--repeats", type=int, help="repeats; the best is reported")
    parser.add_argument("--profile", action="store_true", help="profile 4-player games instead")
    parser.add_argument("--players", type=int, nargs="+", choices=PLAYER_COUNTS, help="only these player counts")
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout of the kit, timed interleaved")
    args = parser.parse_args(argv)
    if args.profile:
        profile()
        return
    games = args.games or (20 if args.quick else 100)
    repeats = args.repeats or (2 if args.quick else 5)
    counts = args.players or PLAYER_COUNTS
    if args.against:
        print(f"CPU games/s, {games} games per repeat, best of {repeats} interleaved repeats in fresh processes")
        print(f"{'players':<10}{'this':>9}{'other':>9}{'ratio':>8}")
        for players in counts:
            row = against(os.path.abspath(args.against), players, games, repeats)
            print(f"{players:<10}{row['this']:>9.1f}{row['other']:>9.1f}{row['this'] / row['other']:>8.2f}")
        return
    print(f"Random 6-Epoch games through the public API, {games} games per repeat, best of {repeats} repeats")
    print(f"{'players':<15}{'games/s':>9}{'cpu games/s':>13}{'actions/game':>14}{'us/action':>11}")
    for players in counts:
        row = measure(players, games, repeats)
        label = f"{players}" + (" (4 colours)" if players == 2 else "")
        print(f"{label:<15}{row['games/s']:>9.1f}{row['games/s (cpu)']:>13.1f}"
              f"{row['actions/game']:>14.1f}{row['us/action']:>11.1f}")


if __name__ == "__main__":
    main()
