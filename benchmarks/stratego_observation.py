"""What share of agent-driven Stratego play is spent building observations (goal: at most 20 %).

Run: ``python benchmarks/stratego_observation.py [--games 20] [--agent random]``. It plays seeded
games with the same loop as :func:`gamekit.core.play_match` (observation, legal actions, the agent's
choice, apply), then the same games asking every observation twice: the difference is what the
observations cost (least CPU time over a few repeats, :mod:`timing`).
"""

from __future__ import annotations

import argparse
import time

from gamekit.core import derive_seed
from gamekit.stratego import new_game
from gamekit.stratego.agents import AGENTS

from timing import least_cpu_seconds


def play(agent: str, mode: str, games: int, max_moves: int, looks: int) -> int:
    """Play the seeded games, asking for each mover's observation ``looks`` times a move (the
    agent acts on the last one); the number of moves played."""
    moves = 0
    for game in range(games):
        state = new_game(mode, seed=game, max_moves=max_moves)
        agents = [AGENTS[agent](seed=derive_seed(game, p)) for p in (0, 1)]
        while not state.is_terminal:
            player = state.current_player
            for _ in range(looks):
                observation = state.observation(player)
            state.apply(agents[player].act(observation, state.legal_actions(player)))
            moves += 1
    return moves


def observation_share(agent: str, mode: str, games: int, max_moves: int, repeats: int) -> tuple[float, float, int]:
    """(share of play_match's time spent in ``observation``, µs per observation, moves): the
    observation's cost is the extra time of the same games with every observation asked twice
    (timing each call apart would mostly time the clock)."""
    moves = play(agent, mode, games, max_moves, 1)
    once = least_cpu_seconds(lambda: play(agent, mode, games, max_moves, 1), repeats)
    twice = least_cpu_seconds(lambda: play(agent, mode, games, max_moves, 2), repeats)
    cost = max(twice - once, 0.0)
    return cost / once, cost / moves * 1e6, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agent", default="random", choices=sorted(AGENTS))
    parser.add_argument("--max-moves", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'mode':<8} {'agent':<10} {'moves':>7} {'µs/observation':>15} {'share':>7}")
    for mode in ("classic", "powers"):
        share, micros, moves = observation_share(args.agent, mode, args.games, args.max_moves, args.repeats)
        print(f"{mode:<8} {args.agent:<10} {moves:>7} {micros:>15.1f} {share:>7.1%}")


if __name__ == "__main__":
    main()
