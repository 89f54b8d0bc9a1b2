"""How long a click on the Stratego board takes, Python side (goal: p90 at most 10 ms).

Run: ``python benchmarks/stratego_board_clicks.py [--games 3] [--moves 40]``. A person (Fire)
plays the random agent by clicks: each move is a click on a piece (selection) and a click on a
highlighted square (the move, the table's checks, the agent's reply and the redraw). Hot-seat adds
the screen step's click. Times are wall-clock per click, in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamekit.stratego.board import StrategoBoard, target_of


def clicks(seats: list[str], mode: str, games: int, moves: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {"select": [], "move": [], "screen": []}
    for game in range(games):
        rng = random.Random(game)
        board = StrategoBoard(seats=seats, mode=mode, seed=game)
        for _ in range(moves):
            if board.state.is_terminal:
                break
            if board.pass_screen_pending:
                timings["screen"].append(_time(lambda: board.pass_screen.button.click()))
            action = rng.choice(board.state.legal_actions())
            timings["select"].append(_time(lambda: board.square_buttons[action.src].click()))
            if action.kind != "move":
                board.choose_power(action.kind)
            if len([a for a in board.state.legal_actions() if a.src == action.src and a.kind == action.kind
                    and target_of(a) == target_of(action)]) > 1:
                board.choose(action)  # two paths to one square: the choice buttons, not timed
                continue
            timings["move"].append(_time(lambda: board.square_buttons[target_of(action)].click()))
    return timings


def _time(work) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    print(f"{'seats':<16} {'mode':<8} {'click':<7} {'n':>4} {'median ms':>10} {'p90 ms':>8}")
    for seats in (["human", "random"], ["human", "human"]):
        for mode in ("classic", "powers"):
            for kind, values in clicks(seats, mode, args.games, args.moves).items():
                if len(values) > 1:
                    print(f"{'-'.join(seats):<16} {mode:<8} {kind:<7} {len(values):>4} "
                          f"{statistics.median(values):>10.2f} {p90(values):>8.2f}")


if __name__ == "__main__":
    main()
