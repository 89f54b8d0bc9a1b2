"""Playing hosted tables in tests: random legal moves for every student seat the game waits for."""

from __future__ import annotations

import random

MAX_STEPS = 3000


def random_move(hosted, rng: random.Random):
    """A (seat, action text) the game waits for, chosen at random among the students' choices."""
    seats = [s for s in hosted.view(None).waiting_for if hosted.view(s).legal_actions]
    if not seats:
        return None
    seat = rng.choice(seats)
    return seat, str(rng.choice(hosted.view(seat).legal_actions))


def play_randomly(hosted, rng: random.Random, steps: int = MAX_STEPS, on_move=None) -> int:
    """Random legal moves until the game ends (or ``steps`` moves); returns the moves made."""
    made = 0
    while made < steps and not hosted.is_over:
        move = random_move(hosted, rng)
        if move is None:
            break
        if on_move is not None:
            on_move(*move)
        hosted.submit(*move)
        made += 1
    return made
