"""Set-up styles: how an army is deployed before the first move.

A random set-up (:func:`~gamekit.stratego.rules.random_setup`) often leaves the Flag in the front
row, where a Scout can run onto it on the first move; many games between random set-ups are won
by the deal, not by the play. A **guarded** set-up follows the advice players give each other:

- the Flag on the back row, most often behind a forbidden area (the hardest squares to reach),
  with Traps on every square next to it;
- two more Traps as decoys on the back row, and the last one or two in the front row's lanes;
- two Scouts in the front row (cheap eyes), the Slayer and the Dragon out of the back row
  (they fight), two Dwarves in the back rows (they are the only pieces that open Traps late on);
- everything else shuffled, so no two guarded set-ups are alike.

Every choice is drawn from a seeded random generator: the same seed gives the same set-up.
"""

from __future__ import annotations

import random

from gamekit.core.rng import make_rng

from .presets import DRAGON, DWARF, FLAG, SCOUT, SLAYER, TRAP, BoardSpec, board_spec
from .notation import format_setup

STYLES = ("random", "guarded")


def deploy(style: str = "guarded", board: str = "fire-and-ice", side: int = 0, seed: int | None = None) -> str:
    """A legal set-up text for ``side`` (0 Fire, 1 Ice) in the given ``style`` (see the module)."""
    if style not in STYLES:
        raise ValueError(f"style is one of {', '.join(STYLES)}, not {style!r}")
    if side not in (0, 1):
        raise ValueError(f"side is 0 (Fire) or 1 (Ice), not {side!r}")
    spec = board_spec(board)
    rng, _ = make_rng(seed)
    ranks = spec.army_list()
    if style == "random":
        rng.shuffle(ranks)
        return format_setup(spec, side, ranks)
    return format_setup(spec, side, _guarded(spec, side, ranks, rng))


def _guarded(spec: BoardSpec, side: int, ranks: list[int], rng: random.Random) -> list[int]:
    """The ranks of ``side``'s zone in board order for one guarded set-up."""
    width, depth = spec.width, spec.setup_rows
    placed: dict[tuple[int, int], int] = {}  # (row from our own edge, column) -> rank
    left = list(ranks)

    def put(cell, rank):
        placed[cell] = rank
        left.remove(rank)

    def free(rows):
        return [(r, c) for r in rows for c in range(width) if (r, c) not in placed]

    sheltered = _sheltered_columns(spec)  # back-row squares behind a forbidden area
    flag_column = rng.choices(range(width), weights=[3 if c in sheltered else 2 if c in (0, width - 1) else 1
                                                     for c in range(width)])[0]
    put((0, flag_column), FLAG)
    for cell in ((0, flag_column - 1), (0, flag_column + 1), (1, flag_column)):
        if 0 <= cell[1] < width and TRAP in left:
            put(cell, TRAP)
    decoys = [cell for cell in free([0]) if abs(cell[1] - flag_column) > 2]
    for cell in rng.sample(decoys, min(len(decoys), left.count(TRAP), 2)):
        put(cell, TRAP)
    front = depth - 1
    while TRAP in left:  # a leftover Trap blocks a front lane
        put(rng.choice([cell for cell in free([front]) if cell[1] not in sheltered] or free([front])), TRAP)
    for cell in rng.sample(free([front]), min(2, left.count(SCOUT))):
        put(cell, SCOUT)
    for rank in (DRAGON, SLAYER):
        if rank in left:
            put(rng.choice(free(range(1, depth))), rank)
    for cell in rng.sample(free(range(depth - 1)), min(2, left.count(DWARF))):
        put(cell, DWARF)
    rest = free(range(depth))
    rng.shuffle(left)
    placed.update(zip(rest, left))
    return [placed[_cell(spec, side, square)] for square in spec.zone(side)]


def _sheltered_columns(spec: BoardSpec) -> set[int]:
    """Columns with a forbidden square in them: a piece there cannot be reached head-on."""
    return {square % spec.width for square in spec.forbidden}


def _cell(spec: BoardSpec, side: int, square: int) -> tuple[int, int]:
    """(row counted from ``side``'s own edge, column) of a board square."""
    row, column = divmod(square, spec.width)
    return (row if side == 0 else spec.height - 1 - row), column


__all__ = ["STYLES", "deploy"]
