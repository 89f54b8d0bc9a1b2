"""Stratego engine speed: legal-move generation and random playouts per second, and the agents'
time per move, for both modes on both boards.

Run: ``python benchmarks/stratego_speed.py [--games 200] [--agents] [--strength 40]``. Figures
are CPU seconds (``time.process_time``: steadier than wall time on a shared machine).

- generation: ``legal_actions()`` on positions sampled from seeded random games (the cache is
  cleared before each call, so every call generates from scratch);
- playouts: whole random games (uniform legal actions, through the public ``apply``), to the end;
- agents (``--agents``): mean time per move of the heuristic and the search agent;
- strength (``--strength N``): N seeded games per pairing and mode (seats alternate), win rates
  with 95% Wilson intervals (draws count half), in this process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamekit.core import tournament
from gamekit.stratego import new_game
from gamekit.stratego.agents import AGENTS, HeuristicAgent, SearchAgent

COMBOS = [("classic", "fire-and-ice"), ("powers", "fire-and-ice"),
          ("classic", "original"), ("powers", "original")]


def sample_positions(mode: str, board: str, count: int, seed: int = 0) -> list:
    """Positions from random games, taken every few moves."""
    rng = random.Random(seed)
    positions = []
    game = 0
    while len(positions) < count:
        state = new_game(mode, board, seed=game, max_moves=400)
        game += 1
        while not state.is_terminal:
            if rng.random() < 0.05:
                positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return positions[:count]


def generation_rate(positions: list, repeats: int = 5) -> tuple[float, float]:
    """(generations per second, mean legal actions per position)."""
    sizes = []
    start = time.process_time()
    for _ in range(repeats):
        for state in positions:
            state._legal = None  # force a fresh generation
            sizes.append(len(state.legal_actions()))
    elapsed = time.process_time() - start
    return len(sizes) / elapsed, statistics.mean(sizes)


def playout_rate(mode: str, board: str, games: int) -> tuple[float, float, float]:
    """(games per second, moves per second, mean moves per game) of uniform random play."""
    rng = random.Random(1)
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_game(mode, board, seed=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        moves += state.moves
    elapsed = time.process_time() - start
    return games / elapsed, moves / elapsed, moves / games


def agent_time(agent, mode: str, moves: int = 30) -> float:
    """Mean CPU seconds per move of ``agent`` playing Fire against random replies."""
    rng = random.Random(2)
    state = new_game(mode, seed=5)
    spent, made = 0.0, 0
    while made < moves and not state.is_terminal:
        if state.current_player == 0:
            start = time.process_time()
            action = agent.act(state.observation(0), state.legal_actions())
            spent += time.process_time() - start
            made += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    return spent / max(made, 1)


def strength(games: int, max_moves: int = 1000) -> None:
    """Win rates of heuristic v random and search v heuristic, per mode, with 95% intervals."""
    for mode in ("classic", "powers"):
        for first, second in (("heuristic", "random"), ("search", "heuristic")):
            start = time.process_time()
            result = tournament("stratego", {first: AGENTS[first], second: AGENTS[second]}, games=games,
                                seed=2024, options={"mode": mode, "max_moves": max_moves}, workers=1,
                                progress=False)
            row = result.summary().loc[first]
            print(f"{mode:<8} {first} v {second}: {row.win_rate:.0%} of {int(row.games)} games "
                  f"(95% CI {row.win_low:.0%}..{row.win_high:.0%}), {time.process_time() - start:.0f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per mode and board")
    parser.add_argument("--positions", type=int, default=400, help="positions for the generation timing")
    parser.add_argument("--agents", action="store_true", help="also time the heuristic and search agents")
    parser.add_argument("--strength", type=int, default=0, metavar="GAMES", help="also play GAMES per pairing")
    args = parser.parse_args()
    print(f"{'mode':<8} {'board':<13} {'gen/s':>8} {'actions':>8} {'games/s':>8} {'moves/s':>9} {'moves/game':>10}")
    for mode, board in COMBOS:
        gen, size = generation_rate(sample_positions(mode, board, args.positions))
        games, moves, length = playout_rate(mode, board, args.games)
        print(f"{mode:<8} {board:<13} {gen:>8.0f} {size:>8.1f} {games:>8.1f} {moves:>9.0f} {length:>10.0f}")
    if args.agents:
        for mode in ("classic", "powers"):
            heuristic = agent_time(HeuristicAgent(seed=0), mode)
            search = agent_time(SearchAgent(seed=0), mode, moves=10)
            print(f"{mode}: heuristic {heuristic * 1000:.0f} ms per move, "
                  f"search {search:.2f} s per move (Fire, fire-and-ice)")
    if args.strength:
        strength(args.strength)


if __name__ == "__main__":
    main()
