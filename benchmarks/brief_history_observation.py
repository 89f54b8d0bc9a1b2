"""The share of agent-driven Brief History play spent building observations.

Random agents play whole games the way ``play_match`` drives them (observation, legal actions, the
agent's choice, apply); the CPU time inside ``observation()`` is measured apart from the rest.
The kit's goal: observation at most 20 % of agent-driven play. A benchmark, not a test.

    PYTHONPATH=. python benchmarks/brief_history_observation.py
"""

from __future__ import annotations

import time

from gamekit.brief_history import new_game
from gamekit.core import RandomAgent, derive_seed


def one_game(seed: int, players: int = 4) -> tuple[float, float, int]:
    state = new_game(players, seed=seed)
    agents = [RandomAgent(seed=derive_seed(seed, p)) for p in range(players)]
    observing = 0.0
    start = time.process_time()
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        mark = time.process_time()
        seen = state.observation(seat)
        observing += time.process_time() - mark
        state.apply(agents[seat].act(seen, state.legal_actions(seat)))
        steps += 1
    return observing, time.process_time() - start, steps


def main(games: int = 20) -> None:
    observing = total = 0.0
    steps = 0
    for seed in range(games):
        o, t, n = one_game(seed)
        observing, total, steps = observing + o, total + t, steps + n
    print(f"{games} four-player games, {steps} steps, {games / total:.1f} games/s: observation "
          f"{100 * observing / total:.1f} % of the time ({1e6 * observing / steps:.0f} µs a call)")


if __name__ == "__main__":
    main()
