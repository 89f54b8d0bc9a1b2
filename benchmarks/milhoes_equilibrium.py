"""How large a two-player game the exact LP equilibrium solves: time and subgames by deck size.

Run: ``python benchmarks/milhoes_equilibrium.py [--limit 60] [--max-cards 10]``.

For Goofspiel (points 1..N, ties discard) and two-player Milhões (its default points for N rounds,
ties carry), solves N = 1, 2, ... each in a fresh process (so time and peak memory are its own),
until a solve takes longer than ``--limit`` seconds or the next one is predicted to take more than
three times the limit. Prints a table (wall and CPU seconds: on a shared machine the CPU time is
the steadier figure; peak memory, ``ru_maxrss`` of the solving process) and the largest deck
solved within the limit of wall time and within ``--memory-mb`` of peak memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from gamekit.milhoes.equilibrium import solve, solve_goofspiel
from gamekit.milhoes.rules import default_points, format_points

GAMES = {
    "goofspiel": lambda n: solve_goofspiel(n),
    "milhoes": lambda n: solve(n, tie_rule="carry"),
}


def solve_once(game: str, cards: int) -> dict:
    """Solve one game in this (fresh) process and report its statistics and peak memory."""
    cpu = time.process_time()
    solution = GAMES[game](cards)
    row = {"game": game, "cards": cards, **solution.stats.row(), "value": solution.value,
           "cpu_seconds": time.process_time() - cpu}
    row["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def run_in_fresh_process(game: str, cards: int) -> dict:
    with ProcessPoolExecutor(max_workers=1, max_tasks_per_child=1) as pool:
        return pool.submit(solve_once, game, cards).result()


def sweep(game: str, limit: float, max_cards: int) -> list[dict]:
    rows = []
    for cards in range(1, max_cards + 1):
        if len(rows) >= 2 and rows[-2]["seconds"] > 0.05:
            growth = rows[-1]["seconds"] / rows[-2]["seconds"]
            predicted = rows[-1]["seconds"] * growth
            if predicted > 3 * limit:
                print(f"  {game} {cards} cards: skipped, predicted {predicted:.0f} s")
                break
        row = run_in_fresh_process(game, cards)
        rows.append(row)
        print(f"  {game:9} {cards:2} cards: {row['seconds']:8.2f} s ({row['cpu_seconds']:.2f} s CPU), "
              f"{row['subgames']:>9,} subgames, "
              f"{row['linear_programs']:>9,} LPs", flush=True)
        if row["seconds"] > limit:
            break
    return rows


def table(rows: list[dict]) -> str:
    head = (f"{'game':9} {'cards':>5} {'seconds':>8} {'CPU s':>8} {'subgames':>10} {'chance':>9} {'LPs':>10} "
            f"{'saddle':>8} {'2x2':>6} {'LP calls':>8} {'peak MB':>8} {'value':>9}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['game']:9} {r['cards']:>5} {r['seconds']:>8.2f} {r['cpu_seconds']:>8.2f} "
                     f"{r['subgames']:>10,} "
                     f"{r['chance_nodes']:>9,} {r['linear_programs']:>10,} {r['saddle_points']:>8,} "
                     f"{r['closed_form']:>6,} {r['lp_calls']:>8,} {r['peak_mb']:>8.0f} {r['value']:>+9.1e}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds allowed for one solve")
    parser.add_argument("--max-cards", type=int, default=10)
    parser.add_argument("--memory-mb", type=float, default=2048, help="peak memory allowed (Binder: 2 GB)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores (wall time suffers when others run too)")
    rows = []
    for game in args.games:
        print(f"solving {game} ...")
        rows += sweep(game, args.limit, args.max_cards)
    print()
    print(table(rows))
    print()
    for game in args.games:
        within = [r for r in rows if r["game"] == game and r["seconds"] <= args.limit]
        if within:
            best = within[-1]
            points = ("points 1..N, ties discard" if game == "goofspiel"
                      else f"points {format_points(default_points(best['cards']))}, ties carry")
            print(f"largest {game} deck solved in under {args.limit:.0f} s: {best['cards']} cards "
                  f"({points}) in {best['seconds']:.1f} s ({best['cpu_seconds']:.1f} s CPU)")
        small = [r for r in rows if r["game"] == game and r["peak_mb"] <= args.memory_mb]
        if small:
            print(f"largest {game} deck solved within {args.memory_mb:,.0f} MB peak: {small[-1]['cards']} cards "
                  f"({small[-1]['peak_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
