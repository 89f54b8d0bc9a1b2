"""Ross's (1971) result, exact and simulated, and a vectorised simulator of fixed strategies.

**Ross.** In N-card Goofspiel (prizes 1..N, bids 1..N), a player who always bids the prize's value
meets a player who bids at random. The random player's card against the prize ``v`` is uniform on
1..N (the bids are a random permutation, independent of the prizes), so the matcher wins ``v`` with
probability (v − 1)/N, loses it with (N − v)/N and ties with 1/N. Summing over the prizes:

* ties **discarded** (the kit's Goofspiel): matcher (N² − 1)/3, random (N² − 1)/6;
* ties **split**: each side also gets half of the tied prizes, (N + 1)/4 on average;

either way the matcher leads by (N² − 1)/6: 28 points for N = 13 (56 to 28, or 59½ to 31½).
:func:`ross_expected_scores` computes this with exact fractions from the per-prize probabilities,
:func:`ross_difference_distribution` gives the whole distribution of the lead (an exact count over
all N! bid orders), and :func:`ross_by_engine` checks both against games played by the engine.

**The simulator.** :func:`simulate` plays millions of games of Milhões or Goofspiel between fixed
strategies ("random", "matching", or a bid table) with NumPy, a round at a time for all games at
once, under exactly the engine's rules (ties cancel, highest/lowest unique bid, total-tie pots carried
and decided by the sign of their sum, the last round's total tie unawarded, the final tiebreak).
:func:`play_bids` scores given bid sequences, which is how the tests hold it to the engine.

Charts import plotly inside the functions that draw them.

>>> scores = ross_expected_scores(13, ties="split")
>>> scores.matching, scores.random, scores.difference
(Fraction(119, 2), Fraction(63, 2), Fraction(28, 1))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gamekit.core import derive_seed
from gamekit.i18n import format_number, translations

from .agents import PrizeMatchingAgent, RandomAgent, pot_rank
from .equilibrium import _decimal, _separators
from .rules import goofspiel, new_game

_, ngettext, pgettext = translations("milhoes")

TIES = ("split", "discard")
BID_TYPE = np.int8  # Power cards run from 1 to at most 100 (and -100 for "lowest" keys)
STRATEGIES = ("random", "matching")


# --- Ross (1971), exactly -----------------------------------------------------------------------
@dataclass(frozen=True)
class RossScores:
    """Expected final scores of prize-matching and of a random bidder in ``cards``-card Goofspiel."""

    cards: int
    ties: str
    matching: Fraction
    random: Fraction

    @property
    def difference(self) -> Fraction:
        return self.matching - self.random


def ross_expected_scores(cards: int = 13, ties: str = "split") -> RossScores:
    """Exact expected scores, prize by prize: against prize ``v`` the random bid is uniform on
    1..N, so matching wins ``v`` with probability (v-1)/N and ties with 1/N."""
    _check_cards(cards)
    if ties not in TIES:
        raise ValueError(f"ties are 'split' (Rhoads & Bartholdi's rule) or 'discard' (Ross's rule, the kit's Goofspiel), not {ties!r}")
    share = Fraction(1, 2) if ties == "split" else Fraction(0)
    prizes = range(1, cards + 1)
    tied = sum((share * Fraction(v, cards) for v in prizes), Fraction(0))  # P(tie on v) = 1/N
    matching = sum((Fraction(v * (v - 1), cards) for v in prizes), tied)  # P(win v) = (v-1)/N
    random_ = sum((Fraction(v * (cards - v), cards) for v in prizes), tied)  # P(lose v) = (N-v)/N
    return RossScores(cards, ties, matching, random_)


def ross_closed_form(cards: int = 13, ties: str = "split") -> RossScores:
    """The same numbers from the formulas: (N²−1)/3 and (N²−1)/6, plus (N+1)/4 each if ties split."""
    _check_cards(cards)
    extra = Fraction(cards + 1, 4) if ties == "split" else Fraction(0)
    spread = cards * cards - 1
    return RossScores(cards, ties, Fraction(spread, 3) + extra, Fraction(spread, 6) + extra)


def ross_difference_distribution(cards: int = 13) -> dict[int, Fraction]:
    """The exact distribution of the matcher's lead (its points minus the random player's).

    The lead is ``sum(v * sign(v - b(v)))`` over the prizes, where ``b`` is a uniform random
    permutation (the random card met by prize ``v``); splitting ties does not change it. The
    permutations are counted by dynamic programming over the set of random cards already used
    (2^N sets, so up to 14 cards)."""
    _check_cards(cards)
    if cards > 14:
        raise ValueError(f"the exact count covers up to 14 cards (2^N sets); simulate {cards} cards instead")
    top = cards * (cards + 1) // 2  # the lead lies in -top..top
    counts = np.zeros((1 << cards, 2 * top + 1), dtype=np.int64)
    counts[0, top] = 1
    for used in range(1 << cards):
        ways = counts[used]
        if not ways.any():
            continue
        prize = used.bit_count() + 1  # prizes are met in the order 1, 2, ..., N
        for card in range(1, cards + 1):
            bit = 1 << (card - 1)
            if used & bit:
                continue
            shift = prize * ((prize > card) - (prize < card))
            target = counts[used | bit]
            if shift >= 0:
                target[shift:] += ways[:len(ways) - shift]
            else:
                target[:shift] += ways[-shift:]
    final = counts[-1]
    total = math.factorial(cards)
    return {lead - top: Fraction(int(n), total) for lead, n in enumerate(final) if n}


def ross_table(max_cards: int = 13):
    """Ross's numbers for 1..``max_cards`` cards (pandas): both tie rules, the lead, and the exact
    chance that matching wins the game (lead > 0), draws, or loses."""
    import pandas as pd

    rows = []
    for cards in range(1, max_cards + 1):
        split, discard = ross_expected_scores(cards, "split"), ross_expected_scores(cards, "discard")
        lead = ross_difference_distribution(cards) if cards <= 14 else None
        rows.append({
            "cards": cards,
            "matching (ties split)": split.matching, "random (ties split)": split.random,
            "matching (ties discarded)": discard.matching, "random (ties discarded)": discard.random,
            "expected lead": split.difference,
            "P(matching wins)": sum((p for d, p in lead.items() if d > 0), Fraction(0)) if lead else None,
            "P(draw)": lead.get(0, Fraction(0)) if lead else None,
        })
    return pd.DataFrame(rows).set_index("cards")


def ross_by_engine(cards: int = 13, games: int = 2000, seed: int = 0):
    """Play ``games`` Goofspiel games on the engine, ``PrizeMatchingAgent`` (seat 0) against
    ``RandomAgent`` (seat 1), and set the mean scores and the mean lead (with 95% intervals)
    beside Ross's exact values, for both tie rules. The engine discards tied prizes (in the last round it calls them
    unawarded); the "split" scores add half of each such prize to both players, read from the
    recorded round results."""
    import pandas as pd

    scores = {"discard": [], "split": []}
    for game in range(games):
        state = goofspiel(cards, seed=derive_seed(seed, game))
        agents = [PrizeMatchingAgent(seed=derive_seed(seed, game, 0)),
                  RandomAgent(seed=derive_seed(seed, game, 1))]
        while not state.is_terminal:
            state.apply_joint({p: agent.act(state.observation(p), state.legal_actions(p))
                               for p, agent in enumerate(agents)})
        final = state.scores()
        tied = sum(sum(r.pot) for r in state.rounds if r.outcome != "won")  # discarded (or last round)
        scores["discard"].append(final)
        scores["split"].append([s + tied / 2 for s in final])
    rows = []
    for ties, values in scores.items():
        exact = ross_expected_scores(cards, ties)
        values = np.asarray(values, dtype=float)
        columns = {"matching": values[:, 0], "random": values[:, 1], "lead": values[:, 0] - values[:, 1]}
        for name, value in (("matching", exact.matching), ("random", exact.random), ("lead", exact.difference)):
            mean, half = _mean_and_half_width(columns[name])
            rows.append({"ties": ties, "player": name, "exact": value, "exact (float)": float(value),
                         "engine mean": mean, "ci95": half, "games": games,
                         "within ci": abs(mean - float(value)) <= half})
    return pd.DataFrame(rows)


def _check_cards(cards) -> None:
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
        raise ValueError(f"cards is a positive whole number, not {cards!r}")


def _mean_and_half_width(values: np.ndarray) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval."""
    n = len(values)
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return float(values.mean()), half


# --- the vectorised simulator ------------------------------------------------------------------
@dataclass
class Simulation:
    """Many games at once: one row per game."""

    strategies: tuple
    options: dict  # the engine options the games followed (new_game's keywords)
    scores: np.ndarray  # (games, players): final points
    winners: np.ndarray  # (games, players): True for each winner (a tie that stands: several)
    bids: np.ndarray | None = None  # (games, rounds, players), when kept
    orders: np.ndarray | None = None  # (games, rounds): the Points card turned each round, when kept

    @property
    def games(self) -> int:
        return len(self.scores)

    def win_shares(self) -> np.ndarray:
        """Each seat's share of the wins (a tie that stands shares the game), per game."""
        return self.winners / self.winners.sum(axis=1, keepdims=True)

    def lead(self, seat: int = 0, other: int = 1) -> np.ndarray:
        """``seat``'s points minus ``other``'s, per game."""
        return self.scores[:, seat] - self.scores[:, other]

    def summary(self):
        """Per seat: strategy, mean score and win share, each with its 95% interval (pandas)."""
        import pandas as pd

        shares = self.win_shares()
        rows = []
        for seat, strategy in enumerate(self.strategies):
            mean, half = _mean_and_half_width(self.scores[:, seat].astype(float))
            share, share_half = _mean_and_half_width(shares[:, seat])
            rows.append({"seat": seat, "strategy": _strategy_name(strategy), "games": self.games,
                         "mean_score": mean, "score_ci95": half, "win_share": share, "win_ci95": share_half})
        return pd.DataFrame(rows).set_index("seat")


def goofspiel_options(cards: int = 13) -> dict:
    """The engine options of ``rules.goofspiel``: prizes 1..N, a tie on the top bid discards the
    prize, a tied total is a draw."""
    return {"cards": cards, "points": list(range(1, cards + 1)), "tie_rule": "discard", "award": "top",
            "tiebreak": False}


def simulate(strategies: Sequence, games: int = 100_000, *, seed: int | None = 0, keep_bids: bool = False,
             chunk: int = 250_000, **options) -> Simulation:
    """Play ``games`` games between fixed strategies, one per seat, all at once.

    A strategy is ``"random"`` (any card in hand, uniformly), ``"matching"`` (the
    :class:`~gamekit.milhoes.agents.PrizeMatchingAgent` rule) or a *bid table*: N cards, the card
    to bid when the pot ranks 1st, 2nd, ... among the Points values (``"matching"`` is the table
    1..N); a spent card is replaced by the nearest one in hand, the lower on a tie. ``options`` are
    ``new_game``'s (``cards``, ``points``, ``points_order``, ``tie_rule``, ``award``, ``tiebreak``;
    ``goofspiel_options(13)`` for Goofspiel); the number of players is the number of strategies.
    Without ``points_order`` each game turns the Points cards in its own random order. Seeded by
    ``seed`` (NumPy's generator); ``chunk`` games are held in memory at a time.
    """
    rules = _Rules.from_options(len(strategies), options)
    tables = [_table_of(s, rules.cards) for s in strategies]
    for name, value in (("games", games), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (name == "chunk"):
            raise ValueError(f"{name} is a {'positive ' if name == 'chunk' else ''}whole number, not {value!r}")
    rng = np.random.default_rng(seed)
    sizes = [min(chunk, games - start) for start in range(0, games, chunk)] or [0]
    parts = [_simulate_chunk(rules, tables, size, rng, keep_bids) for size in sizes]
    scores, winners, bids, orders = (np.concatenate(column) if column[0] is not None else None
                                     for column in zip(*parts))
    return Simulation(tuple(strategies), rules.options, scores, winners, bids, orders)


def play_bids(bids, orders, **options) -> Simulation:
    """Score given games: ``bids[g, r, p]`` is player ``p``'s card in round ``r`` of game ``g`` and
    ``orders[g, r]`` the Points card turned that round. Every player must play each card exactly
    once per game, and each game's order must be the Points cards, as the engine demands."""
    bids = np.asarray(bids)
    orders = np.asarray(orders)
    if bids.ndim != 3 or orders.ndim != 2 or bids.shape[:2] != orders.shape:
        raise ValueError(f"bids must be (games, rounds, players) and orders (games, rounds); got {bids.shape} and {orders.shape}")
    rules = _Rules.from_options(bids.shape[2], options)
    if bids.shape[1] != rules.cards:
        raise ValueError(f"each game has {rules.cards} rounds, not {bids.shape[1]}")
    if not (np.sort(bids, axis=1) == np.arange(1, rules.cards + 1)[None, :, None]).all():
        raise ValueError("every player must bid each Power card exactly once per game")
    if not (np.sort(orders, axis=1) == np.sort(rules.points)[None, :]).all():
        raise ValueError(f"each game's order must be the Points cards {sorted(rules.points)}")
    # Inside, arrays are (rounds, games): one round of every game is a contiguous row.
    seat_bids = [bids[:, :, seat].T.astype(BID_TYPE) for seat in range(rules.players)]
    turned = orders.T.astype(rules.point_type)
    if rules.carry:
        scores, winners = _play_rounds(rules, turned, lambda round_, pot: [b[round_] for b in seat_bids])
    else:
        scores, winners = _play_independent(rules, turned, seat_bids)
    return Simulation(("given",) * rules.players, rules.options, scores, winners, bids, orders)


@dataclass(frozen=True)
class _Rules:
    """The options of one configuration, checked by the engine itself."""

    players: int
    cards: int
    points: tuple
    points_order: tuple | None
    carry: bool
    unique: bool
    tiebreak: bool
    options: dict

    @classmethod
    def from_options(cls, players: int, options: dict) -> _Rules:
        unknown = sorted(set(options) - {"cards", "points", "points_order", "tie_rule", "award", "tiebreak"})
        if unknown:
            raise TypeError(f"unknown option(s) for the simulator: {unknown}")
        state = new_game(players, seed=0, **options)  # validates exactly as the engine does
        order = state.options["points_order"]
        return cls(players, state.cards, state.points, tuple(order) if order is not None else None,
                   state.tie_rule == "carry", state.award == "unique", bool(state.tiebreak),
                   {k: v for k, v in state.options.items() if k not in ("players", "memory_aid")})

    @property
    def point_type(self) -> type:
        """The smallest integer type that holds any pot (a pot can gather every Points card)."""
        reach = sum(abs(v) for v in self.points)
        return np.int16 if reach < 2 ** 15 else np.int32 if reach < 2 ** 31 else np.int64

    @property
    def sorted_points(self) -> np.ndarray:
        return np.sort(np.asarray(self.points, dtype=self.point_type))


def _table_of(strategy, cards: int) -> np.ndarray | None:
    """``None`` for random play, else the bid table (index: the pot's rank - 1)."""
    if isinstance(strategy, str):
        if strategy not in STRATEGIES:
            raise ValueError(f"a strategy is one of {STRATEGIES} or a bid table of {cards} cards, not {strategy!r}")
        return None if strategy == "random" else np.arange(1, cards + 1, dtype=BID_TYPE)
    table = np.asarray(strategy)
    if table.shape != (cards,) or table.dtype.kind not in "iu" or table.min() < 1 or table.max() > cards:
        raise ValueError(f"a bid table lists {cards} cards from 1 to {cards}, one per rank of the pot; got {strategy!r}")
    return table.astype(BID_TYPE)


def _strategy_name(strategy) -> str:
    return strategy if isinstance(strategy, str) else "table " + " ".join(map(str, strategy))


def _simulate_chunk(rules: _Rules, tables: list, games: int, rng: np.random.Generator, keep_bids: bool):
    """One chunk of games: (scores, winners, bids or None, orders or None)."""
    cards = rules.cards
    sorted_points = rules.sorted_points
    if rules.points_order is not None:
        ranks = np.tile(np.searchsorted(sorted_points, rules.points_order)[:, None], (1, games))
    else:  # a random order per game, drawn as ranks (ties among equal values do not matter)
        ranks = _permutations(rng, cards, games)
    orders = sorted_points[ranks]  # (rounds, games)
    randoms = {seat: _permutations(rng, cards, games) + 1
               for seat, table in enumerate(tables) if table is None}
    if _bids_are_fixed(rules, tables):
        # Every pot is one card and every table a permutation: the bids are known in advance.
        seat_bids = [randoms[s] if table is None else table[ranks] for s, table in enumerate(tables)]
        scores, winners = _play_independent(rules, orders, seat_bids)
        kept = np.stack(seat_bids, axis=2) if keep_bids else None
    else:
        tabled = {seat: _TableBids(table, rules.points, games) for seat, table in enumerate(tables)
                  if table is not None}
        kept = np.zeros((cards, games, rules.players), dtype=BID_TYPE) if keep_bids else None

        def bids_for(round_, pot):
            bids = [randoms[seat][round_] if table is None else tabled[seat].bids(pot)
                    for seat, table in enumerate(tables)]
            if kept is not None:
                kept[round_] = np.stack(bids, axis=1)
            return bids

        scores, winners = _play_rounds(rules, orders, bids_for)
    if not keep_bids:
        return scores, winners, None, None
    return scores, winners, kept.transpose(1, 0, 2), orders.T


def _bids_are_fixed(rules: _Rules, tables: list) -> bool:
    """True when no strategy needs to look at the game as it goes: pots never carry, the Points
    values are distinct (each ranks once) and every table is a permutation (never spent twice)."""
    if rules.carry or len(set(rules.points)) != len(rules.points):
        return False
    return all(table is None or len(np.unique(table)) == len(table) for table in tables)


def _permutations(rng: np.random.Generator, size: int, games: int) -> np.ndarray:
    """A uniform random permutation of 0..size-1 in each column of a (size, games) array, by
    Fisher-Yates on all columns at once (faster than ``Generator.permuted`` for short rows)."""
    rows = np.tile(np.arange(size, dtype=BID_TYPE)[:, None], (1, games))
    flat = rows.reshape(-1)
    columns = np.arange(games)
    for last in range(size - 1, 0, -1):
        other = rng.integers(0, last + 1, games) * games + columns  # flat index of row j, column g
        moving = rows[last].copy()
        rows[last] = flat[other]
        flat[other] = moving
    return rows


class _TableBids:
    """A bid table played as the game goes: the card for the pot's rank, or the nearest card still
    held. The pot's rank comes from :func:`~gamekit.milhoes.agents.pot_rank` itself (tabulated once
    for every pot sum that can occur, when there are not too many), so the simulator and the agent
    cannot disagree."""

    def __init__(self, table: np.ndarray, points, games: int):
        self.table, self.ranked = table, sorted(points)
        self.low = -sum(abs(v) for v in points)  # the smallest possible pot sum
        self.wanted = None
        if -self.low <= 100_000:
            ranks = np.array([pot_rank(total, self.ranked) for total in range(self.low, -self.low + 1)])
            self.wanted = table[ranks - 1]  # the card each pot sum asks for
        self.held = np.ones((len(table) + 1, games), dtype=bool)  # held[c, g]; row 0: no such card
        self.held[0] = False
        self.columns = np.arange(games)

    def wanted_cards(self, pot: np.ndarray) -> np.ndarray:
        if self.wanted is not None:
            return self.wanted[pot.astype(np.int64) - self.low]
        sums, where = np.unique(pot, return_inverse=True)  # huge Points values: rank each sum seen
        ranks = np.array([pot_rank(int(total), self.ranked) for total in sums])
        return self.table[ranks - 1][where.reshape(-1)]

    def bids(self, pot: np.ndarray) -> np.ndarray:
        """This round's bids, one per game; the cards are marked as spent."""
        bids = self.wanted_cards(pot)
        spent = ~self.held[bids, self.columns]
        if spent.any():
            wanted = bids[spent].astype(np.int64)
            cards = np.arange(self.held.shape[0])[:, None]
            gap = 2 * np.abs(cards - wanted) + (cards > wanted)  # nearer first, then the lower card
            gap = np.where(self.held[:, spent], gap, np.iinfo(np.int64).max)
            bids[spent] = gap.argmin(axis=0)
        self.held[bids, self.columns] = False
        return bids


def _play_rounds(rules: _Rules, orders: np.ndarray, bids_for) -> tuple[np.ndarray, np.ndarray]:
    """Play every game round by round, carrying pots. ``orders`` is (rounds, games);
    ``bids_for(round, pot_sums)`` gives each seat's bids in that round. Returns (scores, winners)."""
    rounds, games = orders.shape
    kind = orders.dtype
    scores = np.zeros((rules.players, games), dtype=kind)
    best_battle = np.zeros((rules.players, games), dtype=kind)  # the highest Battle card each has won
    pot = np.zeros(games, dtype=kind)
    pot_battle = np.zeros(games, dtype=kind)  # the highest Battle card in the pot (0: none)
    for round_ in range(rounds):
        pot += orders[round_]
        np.maximum(pot_battle, orders[round_], out=pot_battle)
        takes = _takers(bids_for(round_, pot), pot >= 0, rules.unique)
        for seat, took in enumerate(takes):  # (multiplying by a bool array beats masking)
            scores[seat] += pot * took
            if rules.tiebreak:
                np.maximum(best_battle[seat], pot_battle * took, out=best_battle[seat])
        # A pot that nobody won stays on the table only under "carry", and not after the last round.
        if round_ < rounds - 1:
            kept = ~np.logical_or.reduce(takes)
            pot *= kept
            pot_battle *= kept
        else:
            pot[:] = 0
            pot_battle[:] = 0
    return _finish(rules, scores, best_battle)


def _play_independent(rules: _Rules, orders: np.ndarray, seat_bids: list) -> tuple[np.ndarray, np.ndarray]:
    """Without carried pots every round stands alone, so all rounds of all games are decided at
    once: ``orders`` and each seat's bids are (rounds, games) arrays."""
    takes = _takers(seat_bids, _contests(orders, rules.points), rules.unique)
    total = np.int32 if orders.dtype != np.int64 else np.int64
    scores = np.stack([np.where(took, orders, 0).sum(axis=0, dtype=total) for took in takes])
    best_battle = np.zeros_like(scores)
    if rules.tiebreak:
        battles = np.maximum(orders, 0)
        best_battle = np.stack([np.where(took, battles, 0).max(axis=0) for took in takes])
    return _finish(rules, scores, best_battle)


def _takers(bids: list, highest, unique: bool) -> list[np.ndarray]:
    """For each seat, where it takes the pot (a boolean array shaped like the bids)."""
    if len(bids) == 2:  # the common case, without building a winner array
        a, b = bids
        first = a > b if highest is True else np.where(highest, a > b, a < b)
        return [first, (a != b) & ~first]
    winner = _round_winners(bids, highest, unique)
    return [winner == seat for seat in range(len(bids))]


def _contests(pot: np.ndarray, points) -> np.ndarray | bool:
    """True where the pot goes to the highest bid; a plain bool when every Points card agrees."""
    if min(points) >= 0:
        return True
    if max(points) < 0:
        return False
    return pot >= 0


def _round_winners(bids: list, highest, unique: bool) -> np.ndarray:
    """The seat that takes each game's pot, or -1: ``rules.decide_winner`` for one round of every
    game. ``bids`` holds one array per seat; ``highest`` is per game (or one bool for all)."""
    if len(bids) == 2:  # two players: the same card cancels under either award rule
        a, b = bids
        first = np.where(highest, a > b, a < b) if highest is not True else a > b
        return np.where(a == b, np.int8(-1), np.where(first, np.int8(0), np.int8(1)))
    # Rank the bids so that the better bid is larger: the card itself for "highest", minus it
    # for "lowest". Then the winner is the largest competing bid.
    keys = bids if highest is True else [np.where(highest, b, -b) for b in bids]
    if unique:  # the bids nobody else made compete; the others cancel
        shared = [np.zeros(keys[0].shape, dtype=bool) for _ in keys]
        for seat, key in enumerate(keys):
            for other in range(seat + 1, len(keys)):
                same = key == keys[other]
                shared[seat] |= same
                shared[other] |= same
        competing = [~s for s in shared]
    else:  # only the very best bid competes, and only if nobody else made it
        best = np.maximum.reduce(keys)
        at_best = [k == best for k in keys]
        alone = sum(at_best) == 1
        competing = [a & alone for a in at_best]
    winner = np.full(keys[0].shape, -1, dtype=np.int8)
    best = np.full(keys[0].shape, np.iinfo(BID_TYPE).min, dtype=BID_TYPE)
    for seat, (key, competes) in enumerate(zip(keys, competing)):
        better = competes & (key > best)
        best = np.where(better, key, best)
        winner[better] = seat
    return winner


def _finish(rules: _Rules, scores: np.ndarray, best_battle: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(scores, winners) as (games, players), from the per-seat rows."""
    scores = scores.T.astype(np.int64)
    return scores, _game_winners(scores, best_battle.T, rules.tiebreak)


def _game_winners(scores: np.ndarray, best_battle: np.ndarray, tiebreak: bool) -> np.ndarray:
    """``rules.decide_game_winners`` for all games: the best total, then the highest Battle card."""
    tied = scores == scores.max(axis=1, keepdims=True)
    if not tiebreak:
        return tied
    highs = np.where(tied, best_battle, 0)
    top = highs.max(axis=1, keepdims=True)
    return np.where(top > 0, tied & (highs == top), tied)


# --- tables and charts for the lesson -------------------------------------------------------------
def difference_table(cards: int = 13, games: int = 200_000, seed: int = 0):
    """The matcher's lead in Goofspiel against a random player: exact probability of each value
    and its frequency in ``games`` simulated games (pandas)."""
    import pandas as pd

    exact = ross_difference_distribution(cards)
    lead = simulate(["matching", "random"], games, seed=seed, **goofspiel_options(cards)).lead()
    values, counts = np.unique(lead, return_counts=True)
    simulated = dict(zip(values.tolist(), (counts / games).tolist()))
    leads = sorted(set(exact) | set(simulated))
    return pd.DataFrame({"lead": leads,
                         "exact": [float(exact.get(d, 0)) for d in leads],
                         "simulated": [simulated.get(d, 0.0) for d in leads]}).set_index("lead")


def difference_figure(cards: int = 13, games: int = 200_000, seed: int = 0):
    """Bars: the exact distribution of the matcher's lead; dots: the simulated frequencies."""
    import plotly.graph_objects as go

    table = difference_table(cards, games, seed)
    mean = float(ross_expected_scores(cards).difference)
    fig = go.Figure([
        go.Bar(x=table.index, y=table["exact"], name=_("exact"), marker_color="#8da0cb"),
        go.Scatter(x=table.index, y=table["simulated"], mode="markers",
                   name=_("{games} simulated games").format(games=format_number(games)),
                   marker={"color": "#d95f02", "size": 5}),
    ])
    fig.add_vline(x=mean, line_dash="dash",
                  annotation_text=_("mean {mean}").format(mean=_decimal(f"{mean:g}")))
    fig.update_layout(title=_("{cards}-card Goofspiel: prize-matching's lead over a random player").format(
                          cards=cards),
                      xaxis_title=_("matching's points minus random's"), yaxis_title=_("probability"),
                      template="plotly_white", bargap=0.1, separators=_separators())
    return fig


def convergence_table(cards: int = 13, games: int = 100_000, seed: int = 0, checkpoints: int = 40):
    """The running mean of the matcher's lead after 1, 2, ... ``games`` simulated games (at
    ``checkpoints`` log-spaced points), with its 95% interval and Ross's exact value (pandas)."""
    import pandas as pd

    lead = simulate(["matching", "random"], games, seed=seed, **goofspiel_options(cards)).lead().astype(float)
    n = np.unique(np.geomspace(1, games, checkpoints).astype(int))
    total = np.cumsum(lead)[n - 1]
    squares = np.cumsum(lead * lead)[n - 1]
    mean = total / n
    variance = np.where(n > 1, (squares - n * mean ** 2) / np.maximum(n - 1, 1), np.nan)
    half = 1.96 * np.sqrt(np.maximum(variance, 0) / n)
    exact = float(ross_expected_scores(cards).difference)
    return pd.DataFrame({"games": n, "mean lead": mean, "low": mean - half, "high": mean + half,
                         "exact": exact}).set_index("games")


def convergence_figure(cards: int = 13, games: int = 100_000, seed: int = 0):
    """The simulated mean lead closing in on Ross's exact value, with its 95% band."""
    import plotly.graph_objects as go

    table = convergence_table(cards, games, seed)
    x = list(table.index)
    fig = go.Figure([
        go.Scatter(x=x + x[::-1], y=list(table["high"]) + list(table["low"])[::-1], fill="toself",
                   line={"width": 0}, fillcolor="rgba(217,95,2,0.2)", name=_("95% interval"),
                   hoverinfo="skip"),
        go.Scatter(x=x, y=table["mean lead"], mode="lines+markers", name=_("simulated mean"),
                   line={"color": "#d95f02"}),
        go.Scatter(x=x, y=table["exact"], mode="lines", name=_("Ross's exact value"),
                   line={"dash": "dash", "color": "#333"}),
    ])
    fig.update_layout(title=_("{cards}-card Goofspiel: the average lead converges to {value}").format(
                          cards=cards, value=_decimal(f"{table['exact'].iloc[0]:g}")),
                      xaxis={"title": _("games simulated"), "type": "log"},
                      yaxis_title=_("matching's mean lead"),
                      template="plotly_white", separators=_separators())
    return fig

