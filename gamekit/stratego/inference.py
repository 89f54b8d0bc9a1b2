"""What a player can infer about the enemy's hidden ranks from what it has seen.

The enemy's army is public (the army table). Whatever is not face up — on the board or in a
visible captured tray — is hidden: on an unknown enemy piece, or off the board (captured face down).
Each unknown piece also carries the constraints of its own history (it moved: no Trap or Flag; it
ran three squares: a Scout; a charm failed on it: 6 or higher, a Trap or the Flag...).

Treating every way of dealing the hidden ranks onto the hidden places as equally likely (a random
set-up, seen through those constraints), the probability that a piece has rank r is the share of
consistent deals that give it r. :func:`exact_beliefs` counts them exactly (fractions);
:func:`beliefs` approximates the same numbers fast by matrix scaling; :func:`sample_assignment`
draws whole consistent deals for agents that search; :func:`determinize` turns one into a full
position to play on. The model ignores *how* the enemy chose its moves (a bluffing player moves
Traps... never, but a cautious one may never move its Dragon): that is the lesson's caveat.

>>> from gamekit.stratego import new_game
>>> state = new_game(seed=1)
>>> b = beliefs(state.observation(0))
>>> round(b[30]["T"], 3), round(b[30]["10"], 3)      # an unmoved enemy piece: 6 Traps in 30
(0.2, 0.033)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from .presets import IMMOBILE, RANK_OF_SYMBOL, SIDE_LETTERS, SYMBOLS, board_spec
from .notation import format_position
from .rules import MOVED, POWERED, REVEALED, SCOUTED, SWIFT, from_ascii
from .words import _

ORDER = [SYMBOLS[r] for r in sorted(SYMBOLS, key=lambda r: (r in IMMOBILE, -r))]  # 10 .. S, T, F


@dataclass(frozen=True)
class HiddenArmy:
    """The enemy's ranks still unaccounted for and the places they may be."""

    pool: dict  # rank symbol -> how many of that rank are hidden
    pieces: tuple  # the enemy's unknown pieces on the board (PieceView), in board order
    offboard: int  # hidden ranks not on the board: captured face down (or absent from a custom position)

    def masks(self) -> list[tuple]:
        """Each unknown piece's allowed ranks (its ``possible``, restricted to the pool)."""
        return [tuple(r for r in piece.possible if self.pool.get(r, 0) > 0) for piece in self.pieces]


def hidden_army(observation) -> HiddenArmy:
    """Count the enemy army's hidden ranks from ``observation`` (charmed pieces go by origin)."""
    me = observation.player
    enemy = 1 - me
    pool = Counter(dict(observation.army))
    unknown = []
    for piece in observation.pieces:
        from_enemy = (piece.owner == enemy) != piece.charmed
        if not from_enemy:
            continue
        if piece.rank is None:
            unknown.append(piece)
        else:
            pool[piece.rank] -= 1
    for tray in observation.captured:
        for item in tray:
            if (item.owner == enemy) != item.charmed and item.rank is not None:
                pool[item.rank] -= 1
    pool = {r: n for r, n in pool.items() if n > 0}
    return HiddenArmy(pool, tuple(unknown), max(0, sum(pool.values()) - len(unknown)))


# --- fast approximate beliefs ------------------------------------------------------------------
def beliefs(observation, rounds: int = 200, tolerance: float = 1e-9,
            likelihood: dict | None = None) -> dict[int, dict[str, float]]:
    """``{piece id: {rank: probability}}`` for every enemy piece on the board (known ones are
    certain). Unknown pieces get the marginals of the matrix-scaling (maximum-entropy) fit: each
    piece's row sums to 1 and each rank's column to the number hidden — close to the exact counts
    of :func:`exact_beliefs` and fast enough to run every move. Pieces with the same constraints
    share a row (weighted by how many they are), so a round costs a few dozen operations.

    ``likelihood`` (``{piece id: {rank: weight}}``, missing ranks weigh 1) adds soft evidence,
    such as :meth:`StillnessTracker.likelihood`: how likely what was seen is under each rank."""
    army = hidden_army(observation)
    result = {p.id: {p.rank: 1.0} for p in observation.pieces if p.owner != observation.player and p.rank}
    masks = army.masks()
    likelihood = likelihood or {}
    evidence = [tuple(sorted(likelihood.get(p.id, {}).items())) for p in army.pieces]
    groups: dict[tuple, int] = {}
    for mask, seen in zip(masks, evidence):
        groups[(mask, seen)] = groups.get((mask, seen), 0) + 1
    if army.offboard:
        groups[(tuple(army.pool), ("offboard",))] = army.offboard  # places off the board: any rank
    keys = list(groups)
    rows = []
    for mask, seen in keys:
        weight = dict(seen) if seen and seen[0] != "offboard" else {}
        rows.append({r: weight.get(r, 1.0) for r in mask if r in army.pool})
    weights = [groups[key] for key in keys]
    columns = {r: [(row, w) for row, w in zip(rows, weights) if r in row] for r in army.pool}
    for _round in range(rounds):
        change = 0.0
        for r, cells in columns.items():
            total = sum(row[r] * w for row, w in cells)
            if total > 0:
                scale = army.pool[r] / total
                change = max(change, abs(scale - 1))
                for row, _weight in cells:
                    row[r] *= scale
        for row in rows:
            norm = sum(row.values())
            if norm > 0:
                for r in row:
                    row[r] /= norm
        if change < tolerance:
            break
    fitted = dict(zip(keys, rows))
    for piece, mask, seen in zip(army.pieces, masks, evidence):
        row = fitted[(mask, seen)]
        if not mask or sum(row.values()) == 0:  # nothing fits (a custom position): any allowed rank
            row = {r: 1 / len(piece.possible) for r in piece.possible}
        result[piece.id] = {r: row[r] for r in ORDER if row.get(r, 0) > 0}
    return result


# --- exact beliefs by counting -------------------------------------------------------------------
def exact_beliefs(observation, max_states: int = 200_000) -> dict[int, dict[str, Fraction]]:
    """The exact probabilities (fractions) of each unknown enemy piece's rank: the share of all
    consistent deals of the hidden ranks that give it that rank. Pieces with the same constraints
    are counted together, so this is fast while few kinds of constraint are in play;
    ``ValueError`` if the count would take more than ``max_states`` steps."""
    army = hidden_army(observation)
    masks = army.masks()
    groups: dict[tuple, list] = {}
    for piece, mask in zip(army.pieces, masks):
        groups.setdefault(mask, []).append(piece.id)
    keys = list(groups) + [tuple(army.pool)]  # the last group: the off-board places
    sizes = tuple(len(groups[k]) for k in keys[:-1]) + (army.offboard,)
    ranks = [r for r in ORDER if r in army.pool]
    allowed = [[g for g, key in enumerate(keys) if r in key] for r in ranks]
    pool = tuple(army.pool[r] for r in ranks)
    counts, expected = _count_deals(tuple(sizes), pool, tuple(map(tuple, allowed)), max_states)
    if counts == 0:
        raise ValueError(_("no deal of the hidden ranks fits what was seen (is this a custom position?)"))
    result = {p.id: {p.rank: Fraction(1)} for p in observation.pieces
              if p.owner != observation.player and p.rank}
    for g, key in enumerate(keys[:-1]):
        for pid in groups[key]:
            result[pid] = {r: Fraction(expected[g][j], counts * sizes[g]) for j, r in enumerate(ranks)
                           if expected[g][j]}
    return result


def _count_deals(sizes, pool, allowed, max_states):
    """Number of deals, and for each group and rank the total count of that rank in that group
    summed over all deals (forward counts times backward counts)."""
    steps = [0]

    @cache
    def ways_after(j, caps):  # deals of ranks j.. into the remaining capacities
        steps[0] += 1
        if steps[0] > max_states:
            raise ValueError(_("too many combinations to count exactly; use beliefs() or sampling"))
        if j == len(pool):
            return 1 if not any(caps) else 0
        if sum(caps) != sum(pool[j:]):
            return 0
        return sum(w * ways_after(j + 1, rest) for _split, w, rest in _splits(pool[j], allowed[j], caps))

    total = ways_after(0, sizes)
    expected = [[0] * len(pool) for _group in sizes]
    frontier = {sizes: 1}  # deals of ranks < j reaching each capacity vector, by count
    for j in range(len(pool)):
        following = {}
        for caps, before in frontier.items():
            for split, w, rest in _splits(pool[j], allowed[j], caps):
                after = ways_after(j + 1, rest)
                if not after:
                    continue
                for g, x in split:
                    expected[g][j] += before * w * after * x
                following[rest] = following.get(rest, 0) + before * w
        frontier = following
    return total, expected


def _splits(n, groups, caps):
    """Every way to put ``n`` equal ranks into the allowed groups: ``(split, ways, capacities left)``."""
    def place(i, left, caps):
        if i == len(groups) - 1:
            g = groups[i]
            if left <= caps[g]:
                rest = caps[:g] + (caps[g] - left,) + caps[g + 1:]
                yield ((g, left),) if left else (), comb(caps[g], left), rest
            return
        g = groups[i]
        for x in range(min(left, caps[g]) + 1):
            rest = caps[:g] + (caps[g] - x,) + caps[g + 1:]
            for split, w, final in place(i + 1, left - x, rest):
                yield (((g, x),) if x else ()) + split, comb(caps[g], x) * w, final
    if not groups:
        if n == 0:
            yield (), 1, caps
        return
    yield from place(0, n, caps)


# --- sampling whole deals ----------------------------------------------------------------------
def sample_assignment(observation, rng: random.Random, tries: int = 200,
                      likelihood: dict | None = None) -> dict[int, str]:
    """One deal of the hidden ranks onto the unknown enemy pieces, consistent with every
    constraint: ``{piece id: rank}``. The most constrained pieces are dealt first, each from the
    ranks left in proportion to how many remain (close to uniform over deals, not exactly),
    times the piece's ``likelihood`` of each rank if given (see :func:`beliefs`)."""
    army = hidden_army(observation)
    masks = army.masks()
    likelihood = likelihood or {}
    order = sorted(range(len(masks)), key=lambda i: (len(masks[i]), rng.random()))
    for _attempt in range(tries):
        left = dict(army.pool)
        deal = {}
        for i in order:
            options = [r for r in masks[i] if left.get(r, 0) > 0]
            if not options:
                break
            seen = likelihood.get(army.pieces[i].id, {})
            weights = [left[r] * seen.get(r, 1.0) for r in options]
            if not sum(weights):
                break
            rank = rng.choices(options, weights=weights)[0]
            left[rank] -= 1
            deal[army.pieces[i].id] = rank
        else:
            return deal
    raise ValueError(_("could not deal the hidden ranks consistently with what was seen"))


def determinize(observation, rng: random.Random, mode: str | None = None, likelihood: dict | None = None):
    """A full position consistent with ``observation``, hidden ranks dealt by
    :func:`sample_assignment`, as a game with ``observation.player`` to move in which both sides
    know exactly what they know in the real game (revealed ranks, moves seen, charmed pieces)."""
    spec = board_spec(observation.board)
    deal = sample_assignment(observation, rng, likelihood=likelihood)
    tokens = {}
    for piece in observation.pieces:
        rank = piece.rank if piece.rank is not None else deal[piece.id]
        tokens[spec.square_of(piece.square)] = SIDE_LETTERS[piece.owner] + rank
    world = from_ascii(format_position(spec, tokens), mode=mode or observation.mode,
                       board=observation.board, to_move=observation.player)
    for piece in observation.pieces:
        pid = world.board[spec.square_of(piece.square)]
        viewer = 1 - piece.owner
        world.flags[viewer][pid] = (REVEALED * piece.exposed | MOVED * piece.moved | SCOUTED * piece.scout_like
                                    | SWIFT * piece.swift_like | POWERED * piece.used_power)
        world.possible[viewer][pid] = sum(1 << RANK_OF_SYMBOL[r] for r in piece.possible)
        world.charmed[pid] = piece.charmed
    world._legal = None
    world._forget_views()
    return world


class StillnessTracker:
    """Soft evidence from what the enemy did *not* do. Called once per turn with the player's
    observation, it counts, for every enemy piece that has never moved, the turns on which it
    could have stepped onto an empty square. A player who moves its pieces now and then leaves
    Traps and the Flag still for ever, so each such turn makes "it cannot move" a little likelier:
    the likelihood of the stillness is ``keep ** turns`` for a mobile rank and 1 for a Trap or
    Flag. ``keep`` is a model of the opponent (0.9: it moves a free piece one turn in ten)."""

    def __init__(self, keep: float = 0.9):
        self.keep = keep
        self.idle: dict[int, int] = {}
        self.last_moves = -1

    def update(self, observation) -> None:
        if observation.moves < self.last_moves:  # a new game
            self.idle.clear()
        if observation.moves == self.last_moves:
            return
        self.last_moves = observation.moves
        taken = {p.square for p in observation.pieces} | set(observation.forbidden)
        for piece in observation.pieces:
            if piece.owner == observation.player or piece.moved or piece.rank is not None:
                continue
            if any(square not in taken for square in _steps(piece.square, observation.width, observation.height)):
                self.idle[piece.id] = self.idle.get(piece.id, 0) + 1

    def likelihood(self) -> dict[int, dict[str, float]]:
        return {pid: {r: self.keep ** turns for r in ORDER if r not in ("T", "F")}
                for pid, turns in self.idle.items() if turns}


def _steps(square: str, width: int, height: int) -> list[str]:
    file, row = ord(square[0]) - 97, int(square[1:])
    return [f"{chr(97 + f)}{r}" for f, r in ((file - 1, row), (file + 1, row), (file, row - 1), (file, row + 1))
            if 0 <= f < width and 1 <= r <= height]
