"""Exact equilibria of small two-player Milhões and Goofspiel, by backward induction.

As Rhoads & Bartholdi (2012) did for 13-card Goofspiel, every subgame — both hands, the Points cards
still to come and the pot on the table — is one zero-sum *matrix game*: rows are player 0's bids,
columns player 1's, and an entry is the points won this round plus the value of the subgame the two
bids lead to. Solving the subgames from the last round back to the first (one linear programme per
matrix game, ``scipy.optimize.linprog`` with HiGHS) gives the value of every position and an
equilibrium mixed strategy for each player. Between rounds the next Points card is a chance node
(uniform over the cards still to come) unless a fixed order is given.

What is solved: the expected **score difference**, player 0's points minus player 1's. That is the
natural zero-sum payoff and the one the literature uses. Who *wins* is a different question: a
strategy that maximises the expected difference need not maximise the chance of winning, and the
final tiebreak (the single highest Battle card held) only matters for winning, so it plays no part
here. With two players a value bid by both is a total tie, so the booklet's "unique" award and
Goofspiel's "top" award are the same game.

Reductions, each exact:

* **Only the pot's sum matters.** The contest (highest or lowest) and the points at stake both come
  from the sum of the Points cards on the table, so a subgame keeps the sum, not the cards.
* **The higher bid always gains |sum| on the difference**: it wins a Battle pot (+s) or leaves a
  Red Baron pot (s < 0) to the lower bid. So a round pays ``|s| * sign(a - b)``, and when ties
  discard, a Red Baron -v is the same subgame as a Battle +v. (With carry they differ only through
  the sign of a carried pot.)
* **Only the order of the cards in hand matters.** A bid wins or loses by comparison with the other
  bid, so hands are relabelled by their ranks in the union of both hands (``relabel=True``):
  {2, 5} against {3, 9} is the same subgame as {1, 3} against {2, 4}.
* **Swapping the players negates the value** (``symmetry=True``): the subgame with the hands
  exchanged is the same game seen from the other chair, so only one of each pair is solved, and a
  subgame where both hold the same cards is worth exactly 0 (its value equals its own negative).
  The first round is always solved by linear programming even when its hands are equal, so the
  value of the whole game is computed, not assumed (it comes out 0 up to rounding: both players
  start with the same hand).
* All subgames of one round have matrices of the same size; they are stacked in a NumPy array, the
  ones with a saddle point (pure equilibrium, 1×1 included) or of size 2×2 are solved in closed
  form, and the rest go to HiGHS as block-diagonal LPs of 800 games each, which avoids the per-call
  overhead of ``linprog`` (about 1 ms, most of it Python) for each of the games.

Sizes (``benchmarks/milhoes_equilibrium.py``): 8 cards is about 200,000 subgames (Goofspiel) or
300,000 (Milhões) and takes seconds; each extra card multiplies the work by about six. Memory is
bounded by working on ``CHUNK`` games of a level at a time: two-player Milhões with 9 cards
(1.9 million subgames) peaks at 0.5 GB.

Strategies are not stored for every subgame (most are never asked for): ``Solution.stage_game``
rebuilds one matrix from the stored values and solves it, with both players' strategies (the
column player's from the LP's duals).

>>> sol = solve_goofspiel(3)
>>> abs(sol.value) < 1e-9
True
>>> sol.strategy(Position(hands=((1, 2, 3), (1, 2, 3)), pot=(3,), to_come=(1, 2)))
{3: 1.0}
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from gamekit.core.agents import Candidate, ExplainingAgent, Explanation

from gamekit.i18n import N_, decimal_separator, translations

from .rules import Memory, MilhoesObservation, MilhoesState, default_points, format_points, new_game

_, ngettext, pgettext = translations("milhoes")

MAX_CARDS = 10  # 9 cards: 1.9 million subgames, 0.5 GB, 100 s of CPU; 10 would need ~6 times more
LP_BATCH = 800  # matrix games per block-diagonal LP: HiGHS slows down on much larger blocks
CHUNK = 25_000  # matrix games whose cells are worked on at once: bounds the memory of a big level
_HIGHS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
_HIGHS_BATCH = {**_HIGHS, "presolve": False}  # presolve costs more than it saves on these blocks
_SADDLE_TOL = 1e-12


# --- positions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A two-player position during a round: what is on the table and what is left.

    ``hands`` are both players' remaining Power cards, ``pot`` the Points cards on the table (the
    face-up one included), ``to_come`` the unturned Points cards (their order only matters for a
    solution with a fixed order).
    """

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    pot: tuple[int, ...]
    to_come: tuple[int, ...] = ()

    def __post_init__(self):
        hands = tuple(tuple(sorted(h)) for h in self.hands)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "pot", tuple(self.pot))
        object.__setattr__(self, "to_come", tuple(self.to_come))
        if len(hands) != 2:
            raise ValueError(f"a position has two hands, one per player; got {len(hands)}")
        if len(hands[0]) != len(hands[1]) or not hands[0]:
            raise ValueError(f"both players hold the same number of cards (at least one); got {hands}")
        if any(len(set(h)) != len(h) for h in hands):
            raise ValueError(f"a hand holds each Power card once; got {hands}")
        if not self.pot:
            raise ValueError("a position is during a round: at least one Points card is on the table")
        if len(self.to_come) != len(hands[0]) - 1:
            raise ValueError(f"with {len(hands[0])} cards in hand, {len(hands[0]) - 1} Points cards are "
                             f"still to come, not {len(self.to_come)}")

    @classmethod
    def from_observation(cls, observation: MilhoesObservation) -> Position:
        """The position a two-player observation shows (full piles: ``memory_aid=True``, or an
        observation recalled by a :class:`~gamekit.milhoes.rules.Memory` that saw every round)."""
        if observation.num_players != 2:
            raise ValueError(f"exact equilibria are for two players; this game has {observation.num_players}")
        if observation.hands_left() is None:  # the round just revealed may be all there is to know
            observation = Memory().recall(observation)
        hands = observation.hands_left()
        if hands is None or observation.points_to_come is None:
            raise ValueError("the observation shows only the tops of the used piles and the rounds "
                             "before were not seen: the position, and so the equilibrium, cannot be read from it")
        return cls(hands=hands, pot=observation.pot, to_come=observation.points_to_come)

    @classmethod
    def from_state(cls, state: MilhoesState) -> Position:
        """The position of a running two-player game (Points cards to come in their true order)."""
        if state.num_players != 2:
            raise ValueError(f"exact equilibria are for two players; this game has {state.num_players}")
        if state.is_terminal:
            raise ValueError("the game is over: there is no round to play")
        return cls(hands=tuple(tuple(h) for h in state.hands), pot=tuple(state.pot),
                   to_come=tuple(state.points_to_come))

    def __str__(self) -> str:
        rest = format_points(self.to_come) or "-"
        return _("on the table {pot}, to come {rest}; hands {first} | {second}").format(
            pot=format_points(self.pot), rest=rest, first=" ".join(map(str, self.hands[0])),
            second=" ".join(map(str, self.hands[1])))


# --- hands as bitmasks -------------------------------------------------------------------------
@cache
def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first: a hand's cards in rank order."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _squeeze(mask: int, place: int) -> int:
    """Delete bit ``place`` and shift the higher bits down: a card nobody holds loses its rank."""
    low = mask & ((1 << place) - 1)
    return low | ((mask >> (place + 1)) << place)


def _encode(hands, labels) -> tuple[int, int]:
    """Both hands as bitmasks over the ``labels`` (card values, in order)."""
    where = {card: i for i, card in enumerate(labels)}
    return tuple(sum(1 << where[c] for c in hand) for hand in hands)


# --- the solver --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SolveStats:
    """How much work the solution took."""

    cards: int
    subgames: int  # matrix games built (one per distinct subgame, mirror images counted once)
    chance_nodes: int  # positions between rounds, before a Points card is turned
    linear_programs: int  # matrix games that needed an LP
    saddle_points: int  # solved by a pure saddle point (1x1 included)
    closed_form: int  # 2x2 games without a saddle point, solved by formula
    mirrored: int  # distinct positions with equal hands, worth 0 by symmetry, never solved
    lp_calls: int  # block-diagonal linprog calls that solved the LPs
    seconds: float

    def row(self) -> dict:
        return dict(self.__dict__)


_FIELD = 20  # bits per field of a node's integer key: (hand pattern, Points to come, pot sum)
_MASK = (1 << _FIELD) - 1


class _Tree:
    """Every subgame reachable from a start, level by level (level = rounds already played).

    A node is a hand pattern (both hands as bitmasks, numbered per level), a multiset (or, with a
    fixed order, a sequence) of Points cards still to come, numbered per level, and the pot's sum;
    it is packed into one integer so a whole level is found, deduplicated and indexed with NumPy.
    Chance nodes (between rounds) keep the unturned cards; matrix games ("games") add the turned
    card to the pot and keep the cards after it. With ``symmetry`` every pattern past the first
    round has ``m0 <= m1`` (a child carries the sign to apply) and patterns with ``m0 == m1`` are
    worth 0 and never solved.
    """

    def __init__(self, hands, to_come, tie_rule, random_order, symmetry, relabel):
        self.carry = tie_rule == "carry"
        self.random_order = random_order
        self.symmetry = symmetry
        self.relabel = relabel
        self.labels = tuple(sorted(set(hands[0]) | set(hands[1])))
        self.rounds = len(hands[0])
        self.pot_low = -sum(abs(v) for v in to_come)  # every pot sum lies in [pot_low, -pot_low]
        self.patterns = [{} for _ in range(self.rounds + 1)]  # (m0, m1) -> pattern number
        self.multisets = [{} for _ in range(self.rounds + 1)]  # cards to come -> number
        self.chance_keys = [None] * (self.rounds + 1)  # sorted keys of each level's chance nodes
        self.patterns[0][_encode(hands, self.labels)] = 0
        self.multisets[0][to_come] = 0
        self.chance_keys[0] = self.pack(np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64))

    # keys
    def pack(self, pattern, multiset, pot):
        return (pattern << (2 * _FIELD)) | (multiset << _FIELD) | (pot - self.pot_low)

    def unpack(self, keys):
        return keys >> (2 * _FIELD), (keys >> _FIELD) & _MASK, (keys & _MASK) + self.pot_low

    def canonical(self, m0: int, m1: int) -> tuple[int, int, int]:
        """``(m0, m1, sign)`` of a position after a round: the stored orientation, and sign 0 for a
        position worth 0. (The start is never flipped, so the first round is always solved.)"""
        if m0 == 0:  # no cards left: the game is over
            return 0, 0, 0
        if not self.symmetry:
            return m0, m1, 1
        if m0 == m1:
            return m0, m1, 0
        return (m0, m1, 1) if m0 < m1 else (m1, m0, -1)

    def turns(self, to_come: tuple):
        """The Points cards that may be turned next: ``(card, probability, cards still to come)``."""
        if not self.random_order:
            return [(to_come[0], 1.0, to_come[1:])]
        out, n = [], len(to_come)
        for i, card in enumerate(to_come):
            if i == 0 or to_come[i - 1] != card:
                out.append((card, to_come.count(card) / n, to_come[:i] + to_come[i + 1:]))
        return out

    def cells(self, m0: int, m1: int, level: int, insert: bool):
        """The bids of the pattern ``(m0, m1)``: rows, columns and per cell the next level's
        pattern number (-1 when the game ends), the sign to apply to its value (0: worth 0), who
        bid higher (+1 row, -1 column, 0 a tie)."""
        rows, cols = _bits(m0), _bits(m1)
        k = len(rows)
        following = self.patterns[level + 1]
        pattern = np.full((k, k), -1, np.int64)
        sign = np.zeros((k, k), np.int8)
        higher = np.sign(np.subtract.outer(rows, cols)).astype(np.int8)
        for a, i in enumerate(rows):
            played = m0 & ~(1 << i)
            for b, j in enumerate(cols):
                r0, r1 = played, m1 & ~(1 << j)
                if self.relabel:  # a card now held by nobody loses its rank
                    for place in sorted({i, j}, reverse=True):
                        if not (r0 | r1) >> place & 1:
                            r0, r1 = _squeeze(r0, place), _squeeze(r1, place)
                c0, c1, sign[a, b] = self.canonical(r0, r1)
                if c0 == 0:
                    continue
                number = following.get((c0, c1))
                if number is None:
                    if not insert:
                        raise KeyError((c0, c1))
                    number = following[(c0, c1)] = len(following)
                pattern[a, b] = number
        return rows, cols, pattern, sign, higher

    def level_tables(self, level: int):
        """``cells`` for every pattern of a level, stacked: (patterns, k, k) arrays."""
        tables = [self.cells(m0, m1, level, insert=True) for m0, m1 in self.patterns[level]]
        return tuple(np.stack([t[i] for t in tables]) for i in (2, 3, 4))

    def turn_tables(self, level: int):
        """Per multiset of the level: where its turns start, how many, and flat arrays of the
        turned card, its probability and the number of the cards left (next level)."""
        start, count, card, prob, rest = [], [], [], [], []
        following = self.multisets[level + 1]
        for to_come in self.multisets[level]:
            start.append(len(card))
            turns = self.turns(to_come)
            count.append(len(turns))
            for value, p, left in turns:
                card.append(value)
                prob.append(p)
                rest.append(following.setdefault(left, len(following)))
        return (np.array(start), np.array(count), np.array(card, np.int64), np.array(prob),
                np.array(rest, np.int64))

    def grow(self, level: int, counts: dict):
        """The forward step: the level's matrix games (from its chance nodes) and the next
        level's chance nodes (from the games' cells)."""
        pattern, multiset, pot = self.unpack(self.chance_keys[level])
        start, count, card, prob, rest = self.turn_tables(level)
        per_node = count[multiset]
        node = np.repeat(np.arange(len(pattern)), per_node)  # one link per (chance node, turn)
        first = np.cumsum(per_node) - per_node
        turn = start[multiset][node] + np.arange(len(node)) - first[node]
        game_pot = pot[node] + card[turn]
        if not self.carry:  # the pot never carries: a prize and its negative are the same game
            game_pot = np.abs(game_pot)
        game_keys, link_game = np.unique(self.pack(pattern[node], rest[turn], game_pot), return_inverse=True)
        games = self.unpack(game_keys)
        tables = self.level_tables(level)
        # Two passes over the games, CHUNK at a time, so that no (games, k, k) array of keys is
        # ever whole: first the distinct next chance nodes, then each cell's index among them.
        found, mirrored = [], []
        for part in _chunks(len(game_keys)):
            keys, live, mirror = self._cell_keys(games, part, *tables)
            found.append(np.unique(keys[live]))
            mirrored.append(np.unique(keys[mirror]))
        child_keys = np.unique(np.concatenate(found))
        k = tables[0].shape[1]
        child = np.full((len(game_keys), k, k), -1, np.int32)
        for part in _chunks(len(game_keys)):
            keys, live, _ = self._cell_keys(games, part, *tables)
            block = child[part]
            block[live] = np.searchsorted(child_keys, keys[live])
        self.chance_keys[level + 1] = child_keys
        counts["mirrored"] += len(np.unique(np.concatenate(mirrored)))
        next_pattern, sign, higher = tables
        return _Level(node, link_game, prob[turn], games[0], np.abs(games[2]), child, sign, higher)

    def _cell_keys(self, games, part: slice, next_pattern, sign, higher):
        """For the games ``part`` of a level, each cell's next chance node key, and which cells
        lead to a live node or to a mirrored one (worth 0)."""
        pattern, multiset, pot = (column[part] for column in games)
        cell_pattern, cell_sign = next_pattern[pattern], sign[pattern]
        left = np.where(higher[pattern] == 0, pot[:, None, None] if self.carry else 0, 0)
        keys = self.pack(cell_pattern, multiset[:, None, None], left)
        return keys, cell_sign != 0, (cell_sign == 0) & (cell_pattern >= 0)

    def find_chance(self, level: int, keys: np.ndarray) -> np.ndarray:
        """Indices of chance nodes by key; KeyError if one is not in the tree."""
        known = self.chance_keys[level]
        where = np.searchsorted(known, keys)
        if np.any(where >= len(known)) or np.any(known[np.minimum(where, len(known) - 1)] != keys):
            raise KeyError("not in the tree")
        return where


@dataclass
class _Level:
    """One level's matrix games, ready for the backward pass."""

    link_node: np.ndarray  # chance node of each (node, turn) link
    link_game: np.ndarray  # the game that turn leads to
    link_prob: np.ndarray
    pattern: np.ndarray  # per game: hand pattern number
    stake: np.ndarray  # per game: |pot sum| (the higher bid gains it on the score difference)
    child: np.ndarray  # per game and cell: next chance node (-1: worth 0)
    sign: np.ndarray  # per pattern and cell
    higher: np.ndarray  # per pattern and cell

    def matrices(self, later: np.ndarray, part: slice = slice(None)) -> np.ndarray:
        """The payoff matrices of the games ``part``, given the values of the next chance nodes."""
        later = later if len(later) else np.zeros(1)
        pattern = self.pattern[part]
        now = self.stake[part, None, None] * self.higher[pattern].astype(float)
        now += self.sign[pattern] * later[self.child[part]]
        return now


def _chunks(size: int):
    """Slices of ``range(size)``, CHUNK long."""
    return [slice(start, min(start + CHUNK, size)) for start in range(0, size, CHUNK)] or [slice(0, 0)]


def _solve_stack(matrices: np.ndarray, counts: dict) -> np.ndarray:
    """Values of a stack of matrix games (n, k, k): saddle points and 2x2 by formula, the rest by
    block-diagonal LPs."""
    k = matrices.shape[1]
    lower = matrices.min(axis=2).max(axis=1)  # what the row player can guarantee with a pure bid
    upper = matrices.max(axis=1).min(axis=1)  # what the column player can
    values = lower.copy()
    saddle = upper - lower <= _SADDLE_TOL * (1 + np.abs(lower))
    counts["saddle_points"] += int(saddle.sum())
    mixed = np.flatnonzero(~saddle)
    if k == 2 and mixed.size:
        a, b, c, d = (matrices[mixed, i, j] for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
        values[mixed] = (a * d - b * c) / (a - b - c + d)
        counts["closed_form"] += int(mixed.size)
        return values
    for start in range(0, mixed.size, LP_BATCH):
        chunk = mixed[start:start + LP_BATCH]
        values[chunk] = _block_lp_values(matrices[chunk])
        counts["linear_programs"] += int(chunk.size)
        counts["lp_calls"] += 1
    return values


def _block_lp_values(matrices: np.ndarray) -> np.ndarray:
    """Solve n independent matrix games as one LP, in the textbook form: shift each matrix so all
    entries are >= 1; then the row player's weights ``u >= 0`` with ``sum_a u_a M[a, b] >= 1``
    for every column b and the least ``sum u`` give the value ``1 / sum u`` (and the mix ``u / sum u``)."""
    from scipy import sparse  # scipy loads when an equilibrium is computed, not with the board
    from scipy.optimize import linprog

    n, k, _ = matrices.shape
    shift = matrices.min(axis=(1, 2)) - 1.0
    positive = matrices - shift[:, None, None]
    game = np.arange(n)
    weight = game[:, None] * k + np.arange(k)  # the variable u_ga
    rows = np.broadcast_to((game[:, None] * k + np.arange(k))[:, None, :], (n, k, k))  # constraint (g, b)
    cols = np.broadcast_to(weight[:, :, None], (n, k, k))
    a_ub = sparse.csr_matrix(((-positive).ravel(), (rows.ravel(), cols.ravel())), shape=(n * k, n * k))
    res = linprog(np.ones(n * k), A_ub=a_ub, b_ub=-np.ones(n * k), bounds=(0, None),
                  method="highs-ds", options=_HIGHS_BATCH)
    if res.status != 0:
        raise RuntimeError(f"HiGHS could not solve a batch of matrix games: {res.message}")
    return 1.0 / res.x.reshape(n, k).sum(axis=1) + shift


def equilibrium_of(matrix) -> tuple[np.ndarray, np.ndarray, float]:
    """An equilibrium ``(row mix, column mix, value)`` of one zero-sum matrix game (row maximises).

    A saddle point gives pure strategies, a 2x2 game without one a formula; otherwise one LP gives
    the row player's mix and its duals the column player's.
    """
    m = np.asarray(matrix, dtype=float)
    rows, cols = m.shape
    lower, upper = m.min(axis=1), m.max(axis=0)
    i, j = int(lower.argmax()), int(upper.argmin())
    if upper[j] - lower[i] <= _SADDLE_TOL * (1 + abs(lower[i])):
        return np.eye(rows)[i], np.eye(cols)[j], float(lower[i])
    if rows == cols == 2:  # no saddle point: both players mix so the other is indifferent
        (a, b), (c, d) = m
        det = a - b - c + d
        x, y = (d - c) / det, (d - b) / det
        return np.array([x, 1 - x]), np.array([y, 1 - y]), float((a * d - b * c) / det)
    from scipy.optimize import linprog

    cost = np.zeros(rows + 1)
    cost[-1] = -1.0
    a_ub = np.hstack([-m.T, np.ones((cols, 1))])
    a_eq = np.append(np.ones(rows), 0.0)[None, :]
    bounds = [(0, None)] * rows + [(None, None)]
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds,
                  method="highs-ds", options=_HIGHS)
    if res.status != 0:
        raise RuntimeError(f"HiGHS could not solve the matrix game: {res.message}")
    return _tidy(res.x[:rows]), _tidy(-res.ineqlin.marginals), float(res.x[-1])


def _tidy(mix: np.ndarray) -> np.ndarray:
    """A probability vector without the solver's rounding dust."""
    mix = np.where(mix > 1e-12, mix, 0.0)
    return mix / mix.sum()


# --- the solution ----------------------------------------------------------------------------
@dataclass(frozen=True)
class StageGame:
    """One round's matrix game seen by ``player``: rows are their bids, columns the opponent's, and
    ``payoffs`` the expected score difference (player minus opponent) from here to the end."""

    position: Position
    player: int
    cards: tuple[int, ...]
    opponent_cards: tuple[int, ...]
    payoffs: np.ndarray
    strategy: dict
    opponent_strategy: dict
    value: float

    def against_mix(self) -> dict:
        """What each bid expects against the opponent's equilibrium mix (at most the value; equal
        to it for every bid in the player's own mix)."""
        mix = np.array([self.opponent_strategy.get(c, 0.0) for c in self.opponent_cards])
        return dict(zip(self.cards, (self.payoffs @ mix).tolist()))


def _stage(position, player, mine, theirs, payoffs, x, y, value) -> StageGame:
    strategy = {c: float(p) for c, p in zip(mine, x) if p > 0}
    opponent = {c: float(p) for c, p in zip(theirs, y) if p > 0}
    return StageGame(position, player, tuple(mine), tuple(theirs), payoffs, strategy, opponent, float(value))


class Solution:
    """The solved game: values of every subgame, equilibrium strategies on request."""

    def __init__(self, tree: _Tree, config: dict, chance_values, stats: SolveStats):
        self._tree = tree
        self.config = config
        self._chance_values = chance_values
        self.stats = stats
        self.value = float(chance_values[0][0])
        self._stages: dict = {}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        value = round(self.value, 9) + 0.0  # no "-0.000000" from rounding dust
        return f"Solution({opts}; value {value:+.6f}, {self.stats.subgames} subgames)"

    # where → a key of the tree
    def _position(self, where) -> tuple[Position, int | None]:
        if isinstance(where, MilhoesObservation):
            return Position.from_observation(where), where.player
        if isinstance(where, MilhoesState):
            return Position.from_state(where), None
        if isinstance(where, Position):
            return where, None
        raise TypeError(f"expected a Position, a MilhoesObservation or a MilhoesState, "
                        f"not {type(where).__name__}")

    def _key(self, position: Position):
        tree = self._tree
        level = tree.rounds - len(position.hands[0])
        if level < 0:
            raise ValueError(f"{position} has more cards in hand than this game ({tree.rounds} rounds)")
        to_come = tuple(sorted(position.to_come)) if tree.random_order else position.to_come
        labels = sorted(set(position.hands[0]) | set(position.hands[1])) if tree.relabel else tree.labels
        held = set(position.hands[0]) | set(position.hands[1])
        if not set(labels) <= set(tree.labels) or not held <= set(labels):
            raise ValueError(f"{position} holds cards this game does not have ({tree.labels})")
        m0, m1 = _encode(position.hands, labels)
        return level, m0, m1, to_come, sum(position.pot)

    def _player(self, where, player):
        position, seen_by = self._position(where)
        player = (seen_by if seen_by is not None else 0) if player is None else player
        if player not in (0, 1):
            raise ValueError(f"player is 0 or 1, not {player!r}")
        return position, player

    def payoff_matrix(self, where, player: int | None = None):
        """The round's matrix game at ``where`` without solving it: ``(player's cards, opponent's
        cards, payoffs)``, each payoff the expected score difference (player minus opponent) from
        here to the end when both bid those cards now and play the equilibrium afterwards."""
        position, player = self._player(where, player)
        tree = self._tree
        level, m0, m1, rest, pot = self._key(position)
        try:
            _, _, pattern, sign, higher = tree.cells(m0, m1, level, insert=False)
            multiset = tree.multisets[level + 1][rest]
            live = sign != 0
            left = np.where(higher == 0, pot if tree.carry else 0, 0)
            child = np.zeros(sign.shape, np.int64)
            child[live] = tree.find_chance(level + 1, tree.pack(pattern[live], multiset, left[live]))
        except KeyError:
            raise ValueError(f"{position} cannot arise from this solution's start "
                             f"({self.config}): solve from it instead") from None
        later = self._chance_values[level + 1]
        later = later if len(later) else np.zeros(1)
        payoffs = abs(pot) * higher + sign * later[child]  # the higher bid gains |pot| on the difference
        if player == 1:
            return position.hands[1], position.hands[0], -payoffs.T
        return position.hands[0], position.hands[1], payoffs

    def stage_game(self, where, player: int | None = None) -> StageGame:
        """The matrix game of the round at ``where`` (a Position, observation or state) solved,
        seen by ``player`` (an observation's own player; else player 0)."""
        position, player = self._player(where, player)
        if position not in self._stages:  # one LP serves both players
            mine, theirs, payoffs = self.payoff_matrix(position, 0)
            x, y, value = equilibrium_of(payoffs)
            self._stages[position] = (
                _stage(position, 0, mine, theirs, payoffs, x, y, value),
                _stage(position, 1, theirs, mine, -payoffs.T, y, x, -value))
        return self._stages[position][player]

    def strategy(self, where, player: int | None = None) -> dict:
        """The equilibrium mix at ``where``: ``{card: probability}`` for the cards it ever plays."""
        return self.stage_game(where, player).strategy

    def value_of(self, where, player: int | None = None) -> float:
        """The expected score difference from ``where`` on (``player``'s points minus the other's)."""
        return self.stage_game(where, player).value

    # the first round, for lessons
    def first_prizes(self) -> list[tuple[int, float, Position]]:
        """The possible first Points cards: ``(prize, probability, position)``."""
        tree = self._tree
        hands = self.config["hands"]
        return [(card, p, Position(hands=hands, pot=(card,), to_come=rest))
                for card, p, rest in tree.turns(next(iter(tree.multisets[0])))]

    def first_round_table(self) -> list[dict]:
        """Player 0's round-1 equilibrium, plot-ready: one row per (prize, card in hand)."""
        rows = []
        for prize, _, position in self.first_prizes():
            mix = self.strategy(position, 0)
            # Rounded: LP solutions differ in the last bits between solver versions, and lessons
            # compare their printed tables and charts exactly.
            rows += [{"prize": prize, "card": c, "probability": round(mix.get(c, 0.0), 6)}
                     for c in position.hands[0]]
        return rows

    def first_round_figure(self):
        """A heatmap of the round-1 equilibrium: rows the first Points card, columns the bid."""
        import plotly.graph_objects as go

        table = self.first_round_table()
        prizes = sorted({r["prize"] for r in table})
        cards = sorted({r["card"] for r in table})
        grid = {(r["prize"], r["card"]): r["probability"] for r in table}
        z = [[grid.get((p, c), 0.0) for c in cards] for p in prizes]
        fig = go.Figure(go.Heatmap(
            z=z, x=[str(c) for c in cards], y=[f"{p:+d}" for p in prizes], colorscale="Blues",
            zmin=0, zmax=1, text=[[_decimal(f"{v:.2f}") if v else "" for v in row] for row in z],
            texttemplate="%{text}", colorbar={"title": _("probability")},
            hovertemplate=_("prize %{y}, bid %{x}: %{z:.3f}") + "<extra></extra>"))
        fig.update_layout(title=_("Round 1 equilibrium, {game}").format(game=self._title()),
                          xaxis_title=_("Power card bid"), yaxis_title=_("first Points card"),
                          yaxis_type="category", xaxis_type="category", separators=_separators())
        return fig

    def stage_figure(self, where, player: int | None = None):
        """Bars of the equilibrium mix at ``where``, with each bid's payoff against the opponent's mix."""
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots

        stage = self.stage_game(where, player)
        labels = [str(c) for c in stage.cards]
        payoff = stage.against_mix()
        mix = [round(stage.strategy.get(c, 0.0), 6) for c in stage.cards]  # stable across solvers
        gains = [round(payoff[c], 6) for c in stage.cards]
        fig = make_subplots(rows=1, cols=2,
                            subplot_titles=(_("equilibrium mix"), _("payoff vs the opponent's mix")))
        fig.add_trace(go.Bar(x=labels, y=mix, name=_("probability")), 1, 1)
        fig.add_trace(go.Bar(x=labels, y=gains, name=_("expected score difference")), 1, 2)
        fig.add_hline(y=round(stage.value, 6), line_dash="dot", row=1, col=2,
                      annotation_text=_("value {value}").format(value=_decimal(f"{stage.value:+.3f}")))
        fig.update_layout(title=_("Player {seat}, {position}").format(seat=stage.player,
                                                                      position=stage.position),
                          showlegend=False, separators=_separators())
        fig.update_xaxes(title_text=_("Power card bid"), type="category")
        return fig

    def _title(self) -> str:
        c = self.config
        if c["points"] == tuple(range(1, c["cards"] + 1)) and c["tie_rule"] == "discard":
            return _("Goofspiel with {cards} cards").format(cards=c["cards"])
        return _("{cards} cards, points {points}, ties {tie_rule}").format(
            cards=c["cards"], points=format_points(c["points"]), tie_rule=_(_TIE_RULES[c["tie_rule"]]))


def solve(cards: int = 4, points=None, *, tie_rule: str = "carry", points_order=None, hands=None,
          symmetry: bool = True, relabel: bool = True) -> Solution:
    """Solve two-player Milhões exactly (Goofspiel: points 1..N and ``tie_rule="discard"``).

    ``points`` are the Points cards (default: Milhões' mix for ``cards`` rounds), turned in random
    order unless ``points_order`` fixes it. ``hands`` may give both players' starting cards (default
    1..cards each). ``symmetry`` and ``relabel`` switch the two exact reductions (for tests).
    ``Solution.value`` is the expected score difference (player 0 minus player 1) before the first
    Points card is turned; 7 cards take about a second, 8 about ten.
    """
    new_game(2, seed=0, cards=cards, points=points, points_order=points_order, tie_rule=tie_rule)  # validates
    if cards > MAX_CARDS:
        raise ValueError(f"{cards} cards is too large to solve exactly: 9 cards already takes about 100 s of CPU "
                         f"and 0.5 GB, and each card multiplies both by about six (at most {MAX_CARDS})")
    points = tuple(sorted(default_points(cards) if points is None else points))
    if 2 * sum(abs(v) for v in points) > _MASK:
        raise ValueError(f"the Points values are too large for the solver's keys: {points}")
    if hands is None:
        hands = (tuple(range(1, cards + 1)),) * 2
    if len(hands) != 2 or any(len(h) != cards for h in hands):
        raise ValueError(f"two hands of {cards} cards each, one card per round; got {hands!r}")
    hands = Position(hands=hands, pot=(0,), to_come=(0,) * (cards - 1)).hands  # validates the cards
    random_order = points_order is None
    to_come = points if random_order else tuple(points_order)
    config = {"cards": cards, "points": points, "tie_rule": tie_rule,
              "points_order": None if random_order else to_come, "hands": hands}
    started = time.perf_counter()
    tree = _Tree(hands, to_come, tie_rule, random_order, symmetry, relabel)
    counts = {"saddle_points": 0, "closed_form": 0, "linear_programs": 0, "lp_calls": 0, "mirrored": 0}
    levels = [tree.grow(level, counts) for level in range(tree.rounds)]
    subgames = sum(len(lv.pattern) for lv in levels)
    chance_values = _backward(tree, levels, counts)  # frees the levels as it goes
    stats = SolveStats(cards=cards, subgames=subgames,
                       chance_nodes=sum(len(keys) for keys in tree.chance_keys),
                       seconds=time.perf_counter() - started, **counts)
    return Solution(tree, config, chance_values, stats)


def solve_goofspiel(cards: int = 4, points_order=None, **options) -> Solution:
    """Two-player Goofspiel: prizes 1..N, a tied bid discards the prize."""
    return solve(cards, list(range(1, cards + 1)), tie_rule="discard", points_order=points_order, **options)


def _backward(tree: _Tree, levels: list, counts: dict) -> list:
    """Backward induction: values of the matrix games, then of the chance nodes, last round first."""
    chance_values = [None] * (tree.rounds + 1)
    chance_values[tree.rounds] = np.zeros(len(tree.chance_keys[tree.rounds]))  # game over: 0 to come
    for level in range(tree.rounds - 1, -1, -1):
        lv = levels.pop()  # the level is freed once its values are known
        game_values = np.empty(len(lv.pattern))
        for part in _chunks(len(lv.pattern)):  # CHUNK matrices at a time, not the whole level
            game_values[part] = _solve_stack(lv.matrices(chance_values[level + 1], part), counts)
        chance_values[level] = np.bincount(lv.link_node, weights=lv.link_prob * game_values[lv.link_game],
                                           minlength=len(tree.chance_keys[level]))
    return chance_values


# --- the agent -------------------------------------------------------------------------------
MAX_AGENT_CARDS = 7


@lru_cache(maxsize=8)
def cached_solution(cards: int, points: tuple, tie_rule: str) -> Solution:
    """One solution per configuration, shared by every agent in this process."""
    return solve(cards, list(points), tie_rule=tie_rule)


class EquilibriumAgent(ExplainingAgent):
    """Plays the exact equilibrium of two-player Milhões or Goofspiel: each round it draws its bid
    from the equilibrium mix, so no opponent can expect to beat it on points.

    It solves the game (random Points order, as the observation shows no order) the first time it
    meets a configuration; ``max_cards`` bounds what it agrees to solve. It remembers the rounds
    it sees (:class:`~gamekit.milhoes.rules.Memory`), so it knows the full piles it needs.
    """

    name = "equilibrium"
    value_meaning = "probability"

    def __init__(self, seed: int | None = 0, max_cards: int = MAX_AGENT_CARDS):
        super().__init__(seed)
        self.max_cards = max_cards
        self.memory = Memory()

    def solution_for(self, observation: MilhoesObservation) -> Solution:
        if observation.num_players != 2:
            raise ValueError(_("the equilibrium agent plays two-player games only; this one has "
                               "{players} players").format(players=observation.num_players))
        if observation.cards > self.max_cards:
            raise ValueError(_("a {cards}-card game is too large to solve exactly here "
                               "(this agent solves up to {most} cards)").format(
                cards=observation.cards, most=self.max_cards))
        return cached_solution(observation.cards, tuple(sorted(observation.points)), observation.tie_rule)

    def stage_game(self, observation: MilhoesObservation) -> StageGame:
        return self.solution_for(observation).stage_game(observation)

    def act(self, observation, legal_actions: list):
        return self.explain(observation, legal_actions).best

    def explain(self, observation, legal_actions: list) -> Explanation:
        stage = self.stage_game(self.memory.recall(observation))
        by_card = {action.card: action for action in legal_actions}
        if set(by_card) != set(stage.cards):
            raise ValueError(f"the legal bids {sorted(by_card)} do not match the hand {stage.cards}")
        chosen = self._draw(stage.strategy)
        payoff = stage.against_mix()
        ranked = sorted(stage.cards, key=lambda c: (c != chosen, -stage.strategy.get(c, 0.0), c))
        candidates = tuple(
            Candidate(by_card[c], stage.strategy.get(c, 0.0), self._note(stage, c, payoff[c], c == chosen))
            for c in ranked)
        summary = _("draws its bid from the equilibrium mix; the position is worth {value} "
                    "(its points minus the opponent's, from here on)").format(
            value=_decimal(f"{stage.value:+.3f}"))
        return Explanation(self.name, candidates, self.value_meaning, summary)

    def _draw(self, mix: dict) -> int:
        """A card drawn from ``mix`` with this agent's own seeded generator."""
        u = self.rng.random()
        total = 0.0
        cards = sorted(mix)
        for card in cards:
            total += mix[card]
            if u < total:
                return card
        return cards[-1]  # rounding: the mix sums to 1 within 1e-15

    @staticmethod
    def _note(stage: StageGame, card: int, payoff: float, chosen: bool) -> str:
        expects = _decimal(f"{payoff:+.3f}")
        if card in stage.strategy:
            note = _("in the mix: expects {payoff} against the opponent's mix (the value)").format(
                payoff=expects)
            return _("drawn; {note}").format(note=note) if chosen else note
        return _("never played: expects {payoff} against the opponent's mix, {gap} below the value").format(
            payoff=expects, gap=_decimal(f"{stage.value - payoff:.3f}"))


# Translators: what happens to a totally tied pot, in a figure title ("ties carry": it stays on the table).
_TIE_RULES = {"carry": N_("carry"), "discard": N_("discard")}


def _decimal(text: str) -> str:
    """A number already written with a point, with the language's decimal separator instead."""
    return text.replace(".", decimal_separator())


def _separators() -> str | None:
    """Plotly's decimal and thousands separators for a language with a decimal comma (``None``
    leaves Plotly's own ``".,"``)."""
    return ", " if decimal_separator() == "," else None
