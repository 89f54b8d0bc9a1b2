"""Stratego strength: the search agent against the heuristic, per mode, with 95% intervals.

Run: ``python benchmarks/stratego_strength.py [--games 100] [--modes classic powers]
[--opponent heuristic] [--seed 1] [--max-moves 1000] [--setups guarded guarded]``.

Each mode plays ``--games`` seeded games on the Fire & Ice board through
:func:`gamekit.core.tournament` in this one process (``workers=1``): game ``i`` deals the
set-ups with seed ``derive_seed(seed, i // 2)`` and the seats alternate, so every deal is played
once from each seat. A game that reaches ``--max-moves`` moves is a draw and counts half. The
table prints, per mode: the search agent's win rate with its 95% Wilson interval, the games
played, won and drawn, and the search agent's mean CPU seconds per move (``time.process_time``:
steadier than wall time on a shared machine). Every agent is seeded, so a run is repeatable.

``--setups`` gives each side's set-up style (:mod:`gamekit.stratego.deploy`): by default both the
search agent and its opponent deploy guarded set-ups, as they do everywhere in the kit; ``random
random`` measures them on shuffled set-ups (the random agent always plays shuffled ones).
"""

from __future__ import annotations

import argparse
import time
from functools import partial

from gamekit.core import tournament
from gamekit.core.arena import wilson_interval
from gamekit.stratego.agents import AGENTS, SearchAgent
from gamekit.stratego.deploy import STYLES


class TimedSearch(SearchAgent):
    """The search agent, adding its CPU time and move count to class-wide totals."""

    seconds = 0.0
    moves = 0

    def act(self, observation, legal_actions: list):
        start = time.process_time()
        action = super().act(observation, legal_actions)
        TimedSearch.seconds += time.process_time() - start
        TimedSearch.moves += 1
        return action


def strength(mode: str, games: int, opponent: str, seed: int, max_moves: int,
             styles: tuple[str, str] = ("guarded", "guarded")) -> dict:
    """One row of the table: the search agent's results against ``opponent`` in ``mode``, each
    deploying its army in its style of ``styles`` (search's, the opponent's)."""
    TimedSearch.seconds, TimedSearch.moves = 0.0, 0
    search = partial(TimedSearch, setup_style=styles[0])
    other = AGENTS[opponent] if opponent == "random" else partial(AGENTS[opponent], setup_style=styles[1])
    result = tournament("stratego", {"search": search, opponent: other}, games=games,
                        seed=seed, options={"mode": mode, "max_moves": max_moves}, workers=1,
                        progress=False)
    shares = [row["win_share"] for row in result.rows if row["agent"] == "search"]
    wins = sum(shares)
    low, high = wilson_interval(wins, len(shares))
    return {"mode": mode, "games": len(shares), "won": sum(s == 1 for s in shares),
            "drawn": sum(0 < s < 1 for s in shares), "rate": wins / len(shares), "low": low, "high": high,
            "seconds": TimedSearch.seconds / max(TimedSearch.moves, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per mode (even: each deal from both seats)")
    parser.add_argument("--modes", nargs="+", default=["classic", "powers"], choices=["classic", "powers"])
    parser.add_argument("--opponent", default="heuristic", choices=sorted(set(AGENTS) - {"search"}))
    parser.add_argument("--seed", type=int, default=1, help="the tournament's seed (the agent was tuned on 2024)")
    parser.add_argument("--max-moves", type=int, default=1000, help="moves in all before a game is drawn")
    parser.add_argument("--setups", nargs=2, default=["guarded", "guarded"], choices=list(STYLES),
                        metavar=("SEARCH", "OPPONENT"), help="each side's set-up style (random or guarded)")
    args = parser.parse_args()
    print(f"search ({args.setups[0]} set-ups) v {args.opponent} ({args.setups[1]} set-ups), Fire & Ice board, "
          f"seed {args.seed}")
    print(f"{'mode':<8} {'win rate':>8} {'95% interval':>14} {'games':>6} {'won':>4} {'drawn':>6} {'s/move':>7}")
    for mode in args.modes:
        row = strength(mode, args.games, args.opponent, args.seed, args.max_moves, tuple(args.setups))
        print(f"{row['mode']:<8} {row['rate']:>8.1%} {row['low']:>6.1%}..{row['high']:<6.1%} {row['games']:>6} "
              f"{row['won']:>4} {row['drawn']:>6} {row['seconds']:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
