"""How long a click on the Brief History board takes on the Python side (widgets updated, no browser).

Plays the rulebook's Roman turn and then hot-seat drafts by the board's own entry points (a map click
or an action button's ``choose``), timing each click with the least-disturbed CPU clock. Prints the
median and the 90th percentile in milliseconds. A benchmark, not a test: numbers vary by machine.

    PYTHONPATH=. python benchmarks/brief_history_board.py
"""

from __future__ import annotations

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


def hotseat_clicks(clicks: list[float], seed: int, moves: int = 60) -> None:
    board = BriefHistoryBoard(players=3, seats=["human"] * 3, names=["Ana", "Rui", "Eva"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if board.state.is_terminal:
            return
        if board.pass_screen_pending:
            timed(clicks, board.show_hand)
            continue
        text = str(rng.choice(board.state.legal_actions()))
        timed(clicks, lambda t=text: board.choose(t))


def main() -> None:
    clicks: list[float] = []
    roman_clicks(clicks)
    for seed in (1, 2, 3):
        hotseat_clicks(clicks, seed)
    clicks.sort()
    p90 = clicks[int(0.9 * (len(clicks) - 1))]
    print(f"{len(clicks)} clicks: median {statistics.median(clicks):.1f} ms, p90 {p90:.1f} ms, "
          f"max {clicks[-1]:.1f} ms (Python side)")


if __name__ == "__main__":
    main()
