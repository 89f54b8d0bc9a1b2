"""Random Lost Cities games per second through gamekit's public API.

The loop is the issue's, new_game included:

    state = new_game(seed=...)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))

Each figure is the best of several repeats (the least disturbed by other work on the machine),
in wall-clock time and in this process's CPU time. "2 players, 1 round" is the figure comparable
with other engines' single-round games; the default game is a three-round match.

Then where the time of a single-round 2-player game goes, part by part (CPU time, each part timed
apart): the loop itself around a state that does nothing, ``new_game``, the ``apply`` calls
(replaying the recorded actions) and the ``legal_actions`` calls.

    python benchmarks/lost_cities_speed.py            # about a minute
    python benchmarks/lost_cities_speed.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import random
import time

from timing import least_cpu_seconds  # benchmarks/timing.py, beside this script

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


class _Stub:
    """A state that does nothing for ``steps`` steps: what the loop costs by itself (``rng.choice``
    and copying a typical 14-action list)."""

    def __init__(self, legal: list, steps: int):
        self.legal, self.steps, self.is_terminal = legal, steps, False

    def legal_actions(self):
        return list(self.legal)

    def apply(self, action):
        self.steps -= 1
        self.is_terminal = self.steps == 0


def where_the_time_goes(games: int, repeats: int) -> dict[str, float]:
    """CPU microseconds per single-round 2-player game for each part of the loop (best of ``repeats``)."""
    rng = random.Random(0)
    recorded = []
    for number in range(games):
        state = new_game(seed=number, rounds=1)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        recorded.append(state.history)
    legal = new_game(seed=0, rounds=1).legal_actions()[:14]

    def loop_alone():
        rng = random.Random(0)
        for actions in recorded:
            state = _Stub(legal, len(actions))
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))

    def new_games():
        for number in range(games):
            new_game(seed=number, rounds=1)

    def replays(ask_for_legal_actions: bool):
        def replay():
            for number, actions in enumerate(recorded):
                state = new_game(seed=number, rounds=1)
                for action in actions:
                    if ask_for_legal_actions:
                        state.legal_actions()
                    state.apply(action)
        return replay

    def best(work) -> float:
        return least_cpu_seconds(work, repeats) / games * 1e6

    steps = sum(map(len, recorded)) / games
    creating, applying = best(new_games), best(replays(False))
    return {
        "the loop itself (rng.choice, copying a 14-action list; a do-nothing state)": best(loop_alone),
        "new_game(seed=i, rounds=1): options, seeding, shuffle, deal, menus": creating,
        f"{steps:.0f} x apply: check, move, record": applying - creating,
        f"{steps:.0f} x legal_actions": best(replays(True)) - applying,
    }


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
    print("\nWhere the time of a 2-player round goes, CPU microseconds per game (each part timed apart):")
    for part, micros in where_the_time_goes(max(50, games // 2), repeats).items():
        print(f"  {micros:7.1f}  {part}")


if __name__ == "__main__":
    main()
