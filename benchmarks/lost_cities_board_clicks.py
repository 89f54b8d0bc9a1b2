"""How long a click on the Lost Cities board takes in Python (the callbacks, the table, the agent's
answer and the redraw; not the browser's drawing).

One round against the random agent, clicked through as a player would: a card, Play or Discard,
then a draw. Each click is timed in CPU time (``time.process_time``: other work on a shared machine does not count); the script prints the median and the
90th percentile over every click of several games. The goal (issue 11 §5): p90 <= 10 ms.

    python benchmarks/lost_cities_board_clicks.py            # a few seconds
    python benchmarks/lost_cities_board_clicks.py --games 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamekit.lost_cities.board import LostCitiesBoard


def timed(click, times: list) -> None:
    start = time.process_time()  # this process's CPU time: steadier than the clock on a shared machine
    click()
    times.append(time.process_time() - start)


def play_round(seed: int, times: list) -> None:
    board = LostCitiesBoard(seats=["human", "random"], names=["Ana", "Rand"], seed=seed, options={"rounds": 1})
    rng = random.Random(seed)
    while not board.state.is_terminal:
        view = board.view
        controls = board.controls
        if view.observation.step == "draw":
            sources = sorted(action.source for action in view.legal_actions)
            timed(controls[f"draw {rng.choice(sources)}"].click, times)
            continue
        index = rng.randrange(len(board.hand_buttons))
        timed(board.hand_buttons[index].click, times)
        play = controls["play"]
        timed((play if not play.disabled and rng.random() < 0.6 else controls["discard"]).click, times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    times: list[float] = []
    for seed in range(args.games):
        play_round(seed, times)
    cuts = statistics.quantiles(times, n=10)
    print(f"{len(times)} clicks over {args.games} one-round games: median {statistics.median(times) * 1000:.1f} ms, "
          f"p90 {cuts[-1] * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
