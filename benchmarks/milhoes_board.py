"""The Milhões board, Python side: how long a click takes, and how long the board takes to import.

Each click (pass the screen, pick a card, Confirm) is timed from ``button.click()`` to its return,
which is everything the kernel does for it: the table's checks and the agents' moves, then the
redraw from ``table.view(seat)``. Whole games are clicked through, hot-seat (three people and a
computer player) and one person against two computer players; the figures are CPU time of this
process (steadier on a shared machine) and wall time, p50 and p90 over every click.

The import is measured in fresh interpreters (``python -X importtime``), best of several.

    python benchmarks/milhoes_board.py            # about 20 s
    python benchmarks/milhoes_board.py --games 2  # quicker
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time


def timed_click(button, cpu: list, wall: list) -> None:
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    button.click()
    cpu.append(time.process_time() - start_cpu)
    wall.append(time.perf_counter() - start_wall)


def click_games(seats, names, games: int) -> tuple[list, list]:
    from gamekit.milhoes.board import MilhoesBoard

    cpu, wall = [], []
    for game in range(games):
        board = MilhoesBoard(seats=seats, names=names, seed=game)
        rng = random.Random(game)
        while board.chooser is not None:
            if board.pass_screen_pending:
                timed_click(board.pass_screen.button, cpu, wall)
            seat = board.viewer
            card = rng.choice(board.view.legal_actions).card
            timed_click(board.card_buttons[(seat, card)], cpu, wall)
            timed_click(board.confirm_button, cpu, wall)
    return cpu, wall


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def import_ms(repeats: int, before: str = "") -> float:
    """The least time ``import gamekit.milhoes.board`` took in a fresh interpreter, in ms, after
    the imports ``before`` (a kernel has IPython loaded already, and often ipywidgets)."""
    best = float("inf")
    for _ in range(repeats):
        code = f"{before}; import gamekit.milhoes.board" if before else "import gamekit.milhoes.board"
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                             capture_output=True, text=True, check=True).stderr
        line = [row for row in out.splitlines() if row.rstrip().endswith("| gamekit.milhoes.board")][-1]
        best = min(best, int(re.split(r"\|", line)[1]) / 1000)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--imports", type=int, default=3)
    args = parser.parse_args()
    print(f"import gamekit.milhoes.board: {import_ms(args.imports):.0f} ms in a fresh interpreter, "
          f"{import_ms(args.imports, 'import IPython'):.0f} ms after IPython (as in a kernel), "
          f"{import_ms(args.imports, 'import ipywidgets'):.0f} ms after ipywidgets (best of {args.imports})")
    for label, seats, names in [
        ("hot-seat, 3 people + 1 computer", ["human", "human", "human", "random"], ["Ana", "Rui", "Eva"]),
        ("1 person against 2 computers", ["human", "heuristic", "matching"], ["Ana"]),
    ]:
        cpu, wall = click_games(seats, names, args.games)
        print(f"{label}: {len(cpu)} clicks; CPU p50 {1000 * statistics.median(cpu):.1f} ms, "
              f"p90 {1000 * percentile(cpu, 0.9):.1f} ms; wall p50 {1000 * statistics.median(wall):.1f} ms, "
              f"p90 {1000 * percentile(wall, 0.9):.1f} ms")


if __name__ == "__main__":
    main()
