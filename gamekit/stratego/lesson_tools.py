"""Small helpers for the Stratego lessons (notebooks 30-32): what a rules lesson shows that a game
never would, written once so that each lesson cell stays a line long."""

from __future__ import annotations

import dataclasses


def full_view(state) -> str:
    """The position with every rank of both armies in sight, as a rules lesson explains it.

    ``str(state)`` shows only what both players may see; a lesson about the rules needs the whole
    board, which ``state.reveal()`` gives (states without it print everything already)."""
    reveal = getattr(state, "reveal", None)
    return reveal() if callable(reveal) else str(state)


def with_army(observation, army: tuple):
    """The same observation, but with ``army`` (``(rank, count)`` pairs) as the enemy's army table:
    a lesson's small example tells the counting which pieces are left, as captured trays would."""
    if dataclasses.is_dataclass(observation):
        return dataclasses.replace(observation, army=army)
    return observation._replace(army=army)  # the observation is a named tuple
