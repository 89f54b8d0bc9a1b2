"""Stratego strength: one agent against another (search v heuristic), per mode, with 95% intervals.

Run: ``python benchmarks/stratego_strength.py [--games 100] [--modes classic powers]
[--agent search] [--opponent heuristic] [--seed 1] [--max-moves 1000] [--setups guarded guarded]``.

Each mode plays ``--games`` seeded games on the Fire & Ice board through
:func:`gamekit.core.tournament` in this one process (``workers=1``): game ``i`` deals the
set-ups with seed ``derive_seed(seed, i // 2)`` and the seats alternate, so every deal is played
once from each seat. A game that reaches ``--max-moves`` moves is a draw and counts half. The
table prints, per mode: the measured agent's win rate with its 95% Wilson interval, the games
played, won and drawn, and the measured agent's mean CPU milliseconds per move (``time.process_time``:
steadier than wall time on a shared machine). Every agent is seeded, so a run is repeatable.

``--setups`` gives each side's set-up style (:mod:`gamekit.stratego.deploy`): by default both
agents deploy guarded set-ups, as they do everywhere in the kit; ``random random`` measures them on
shuffled set-ups (the random agent always plays shuffled ones). What a guarded set-up is worth on
its own: ``--agent heuristic --opponent heuristic --setups guarded random``.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

from gamekit.core import tournament
from gamekit.core.arena import wilson_interval
from gamekit.stratego.agents import AGENTS, DeployingAgent
from gamekit.stratego.deploy import STYLES


class Clock:
    """CPU seconds and moves of the measured agent, summed over a run."""

    seconds = 0.0
    moves = 0


def timed(agent_class):
    """``agent_class`` with its moves timed on the :class:`Clock`."""

    class Timed(agent_class):
        def act(self, observation, legal_actions: list):
            start = time.process_time()
            action = super().act(observation, legal_actions)
            Clock.seconds += time.process_time() - start
            Clock.moves += 1
            return action

    return Timed


def deploying(agent_class, style: str):
    """A factory for ``agent_class`` deploying in ``style`` (the random agent always shuffles)."""
    return partial(agent_class, setup_style=style) if issubclass(agent_class, DeployingAgent) else agent_class


def strength(mode: str, games: int, opponent: str, seed: int, max_moves: int,
             styles: tuple[str, str] = ("guarded", "guarded"), agent: str = "search") -> dict:
    """One row of the table: ``agent``'s results against ``opponent`` in ``mode``, each deploying
    its army in its style of ``styles`` (the agent's, the opponent's)."""
    Clock.seconds, Clock.moves = 0.0, 0
    names = (f"{agent} ({styles[0]})", f"{opponent} ({styles[1]})")
    if names[0] == names[1]:
        names = (names[0], names[1] + " #2")
    factories = {names[0]: deploying(timed(AGENTS[agent]), styles[0]),
                 names[1]: deploying(AGENTS[opponent], styles[1])}
    result = tournament("stratego", factories, games=games, seed=seed,
                        options={"mode": mode, "max_moves": max_moves}, workers=1, progress=False)
    shares = [row["win_share"] for row in result.rows if row["agent"] == names[0]]
    wins = sum(shares)
    low, high = wilson_interval(wins, len(shares))
    return {"mode": mode, "games": len(shares), "won": sum(s == 1 for s in shares),
            "drawn": sum(0 < s < 1 for s in shares), "rate": wins / len(shares), "low": low, "high": high,
            "seconds": Clock.seconds / max(Clock.moves, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per mode (even: each deal from both seats)")
    parser.add_argument("--modes", nargs="+", default=["classic", "powers"], choices=["classic", "powers"])
    parser.add_argument("--agent", default="search", choices=sorted(AGENTS), help="the agent measured")
    parser.add_argument("--opponent", default="heuristic", choices=sorted(AGENTS))
    parser.add_argument("--seed", type=int, default=1, help="the tournament's seed (the agent was tuned on 2024)")
    parser.add_argument("--max-moves", type=int, default=1000, help="moves in all before a game is drawn")
    parser.add_argument("--setups", nargs=2, default=["guarded", "guarded"], choices=list(STYLES),
                        metavar=("AGENT", "OPPONENT"), help="each side's set-up style (random or guarded)")
    args = parser.parse_args()
    args.setups = [style if name != "random" else "random" for name, style in zip((args.agent, args.opponent),
                                                                                 args.setups)]
    print(f"{args.agent} ({args.setups[0]} set-ups) v {args.opponent} ({args.setups[1]} set-ups), "
          f"Fire & Ice board, seed {args.seed}")
    print(f"{'mode':<8} {'win rate':>8} {'95% interval':>14} {'games':>6} {'won':>4} {'drawn':>6} {'ms/move':>8}")
    for mode in args.modes:
        row = strength(mode, args.games, args.opponent, args.seed, args.max_moves, tuple(args.setups), args.agent)
        print(f"{row['mode']:<8} {row['rate']:>8.1%} {row['low']:>6.1%}..{row['high']:<6.1%} {row['games']:>6} "
              f"{row['won']:>4} {row['drawn']:>6} {1000 * row['seconds']:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
