"""Random Lost Cities games per second through gamekit's public API.

The loop is the issue's, new_game included:

    state = new_game(seed=...)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))

Each figure is the best of several repeats (the least disturbed by other work on the machine),
in wall-clock time and in this process's CPU time. "2 players, 1 round" is the figure comparable
with other engines' single-round games; the default game is a three-round match.

    python benchmarks/lost_cities_speed.py            # about a minute
    python benchmarks/lost_cities_speed.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import random
import time

from gamekit.lost_cities import new_game

VARIANTS = [
    ("2 players, 1 round", {"players": 2, "rounds": 1}),
    ("2 players, 3-round match", {"players": 2}),
    ("2 players, 6 colours, 1 round", {"players": 2, "colours": 6, "rounds": 1}),
    ("4 players, 1 round", {"players": 4, "rounds": 1}),
]


def play_random_games(games: int, options: dict, seed: int = 0) -> tuple[float, float, int]:
    """Play ``games`` random games; return (wall seconds, CPU seconds, actions)."""
    rng = random.Random(seed)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        state = new_game(seed=seed + number, **options)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        actions += len(state.history)
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def measure(options: dict, games: int, repeats: int) -> dict:
    runs = [play_random_games(games, options) for _ in range(repeats)]
    wall = min(run[0] for run in runs)
    cpu = min(run[1] for run in runs)
    actions = runs[0][2] / games
    return {"games/s": games / wall, "games/s (cpu)": games / cpu, "actions/game": actions,
            "us/action": wall / games / actions * 1e6}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--games", type=int, help="games per repeat (2-player variants)")
    parser.add_argument("--repeats", type=int, help="repeats; the best is reported")
    args = parser.parse_args(argv)
    games = args.games or (100 if args.quick else 500)
    repeats = args.repeats or (3 if args.quick else 7)
    print(f"Random games through the public API, best of {repeats} repeats")
    print(f"{'variant':<32}{'games/s':>10}{'cpu games/s':>13}{'actions/game':>14}{'us/action':>11}")
    for name, options in VARIANTS:
        # Random partners pass often and make long games: fewer of them for the same time.
        count = max(10, games // 10) if options["players"] == 4 else games
        count = count // 3 if options.get("rounds", 3) == 3 else count
        row = measure(options, count, repeats)
        print(f"{name:<32}{row['games/s']:>10.0f}{row['games/s (cpu)']:>13.0f}"
              f"{row['actions/game']:>14.1f}{row['us/action']:>11.2f}")
    print("Issue goal: about 2,900 single-round 2-player games/s (2x the best public pure-Python "
          "engine's 1,450 on the lead's machine, same loop).")


if __name__ == "__main__":
    main()
