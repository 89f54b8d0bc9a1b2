"""How long a click on the Brief History board takes on the Python side (widgets updated, no browser).

Plays the rulebook's Roman turn, then games against the computer (one person, two random agents:
a click includes the agents' replies) and hot-seat games (three people: the pass-the-screen step
is a click too) by the board's own entry points (a map click or an action button's ``choose``),
timing each click with the process's CPU clock. The same seeded games are played ``--repeats``
times and each click keeps its least time (the run least disturbed by other work). Prints the
median and the 90th percentile in milliseconds of each kind and of all. A benchmark, not a test:
numbers vary by machine.

    PYTHONPATH=. python benchmarks/brief_history_board.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamekit.brief_history.board import BriefHistoryBoard
from gamekit.brief_history.scenarios import ROMAN_STEPS, roman_turn


def timed(clicks: list[float], click) -> None:
    start = time.process_time()
    click()
    clicks.append(1000 * (time.process_time() - start))


def roman_clicks(clicks: list[float]) -> None:
    board = BriefHistoryBoard(roman_turn(), seats=["human", "random", "random"], names=["Ana", "Rui", "Eva"])
    for text, _ in ROMAN_STEPS:
        kind = text.split()[0]
        if kind in ("place", "overrun", "monument") and "by sea" not in text:
            timed(clicks, lambda t=text: board.click_territory(t.split(" ", 1)[1]))
        else:
            timed(clicks, lambda t=text: board.choose(t))


def hotseat_clicks(clicks: list[float], seed: int, moves: int = 60, seats=("human",) * 3) -> None:
    board = BriefHistoryBoard(players=3, seats=list(seats), names=["Ana", "Rui", "Eva"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if board.state.is_terminal:
            return
        if board.pass_screen_pending:
            timed(clicks, board.show_hand)
            continue
        text = str(rng.choice(board.state.legal_actions()))
        timed(clicks, lambda t=text: board.choose(t))


def computer_clicks(clicks: list[float], seed: int, moves: int = 60) -> None:
    hotseat_clicks(clicks, seed, moves, seats=("human", "random", "random"))


def report(kind: str, clicks: list[float]) -> None:
    clicks = sorted(clicks)
    p90 = clicks[int(0.9 * (len(clicks) - 1))]
    print(f"{kind:22} {len(clicks):4} clicks: median {statistics.median(clicks):5.1f} ms, p90 {p90:5.1f} ms, "
          f"max {clicks[-1]:6.1f} ms (Python side)")


def least(play, repeats: int) -> list[float]:
    """Each click's least time over ``repeats`` plays of the same clicks."""
    runs = []
    for _ in range(repeats):
        clicks: list[float] = []
        play(clicks)
        runs.append(clicks)
    return [min(times) for times in zip(*runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    repeats = parser.parse_args().repeats
    roman = least(roman_clicks, repeats)
    computer = least(lambda clicks: [computer_clicks(clicks, seed) for seed in (1, 2, 3)], repeats)
    hotseat = least(lambda clicks: [hotseat_clicks(clicks, seed) for seed in (1, 2, 3)], repeats)
    report("the Roman turn", roman)
    report("against the computer", computer)
    report("hot-seat", hotseat)
    report("all", roman + computer + hotseat)


if __name__ == "__main__":
    main()
