"""How much of an agent-driven Lost Cities match is spent building observations.

``play_match`` asks the state for the mover's observation before every action. Random agents
never read it, so the share of the time it costs is exact: the same matches are timed twice,
once as they are and once with ``observation`` answering ``None`` at no cost,

    share = 1 - (time without observations) / (time with them)

Each figure is the least CPU time over several repeats (benchmarks/timing.py). The goal
(issue 12 §4): observation at most 20 % of agent-driven play.

    python benchmarks/lost_cities_observation.py            # about half a minute
    python benchmarks/lost_cities_observation.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
from unittest import mock

from timing import least_cpu_seconds  # benchmarks/timing.py, beside this script

from gamekit.core import RandomAgent, derive_seed, play_match
from gamekit.lost_cities import LostCitiesState

VARIANTS = [
    ("2 players, 3-round match", {}),
    ("4 players, 1 round", {"players": 4, "rounds": 1}),
]


def matches(games: int, options: dict) -> None:
    seats = options.get("players", 2)
    for seed in range(games):
        agents = [RandomAgent(seed=derive_seed(seed, p)) for p in range(seats)]
        play_match("lost_cities", agents, seed=seed, options=options)


def measure(options: dict, games: int, repeats: int) -> dict:
    full, bare = [], []
    for _ in range(repeats):  # alternating, so that both meet the same load on the machine
        full.append(least_cpu_seconds(lambda: matches(games, options), 1))
        with mock.patch.object(LostCitiesState, "observation", lambda self, player: None):
            bare.append(least_cpu_seconds(lambda: matches(games, options), 1))
    full, bare = min(full), min(bare)
    return {"matches/s": games / full, "matches/s without observations": games / bare,
            "observation share": 1 - bare / full}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args()
    games, repeats = (20, 3) if args.quick else (100, 5)
    for label, options in VARIANTS:
        figures = measure(options, games, repeats)
        print(f"{label:<26} {figures['matches/s']:8.0f} matches/s (CPU); without observations "
              f"{figures['matches/s without observations']:8.0f}; observation share "
              f"{figures['observation share']:.0%}")


if __name__ == "__main__":
    main()
