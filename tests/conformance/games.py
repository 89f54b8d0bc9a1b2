"""The games the conformance suite checks, and for each a way to build a *twin*: the same position
with something swapped that one viewer cannot see (two cards, two pieces), so that the viewer's
observation and ``str(state)`` must come out the same in both."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from gamekit.core import game_factory

from tests.core import toy_games  # noqa: F401 (registers the toy games)


@dataclass(frozen=True)
class Case:
    name: str
    options: dict
    twin: Callable | None = None  # (state, viewer, rng) -> a twin state, or None if none here

    def new(self, seed: int):
        return game_factory(self.name)(**self.options, seed=seed)


def milhoes_twin(state, viewer, rng):
    """The order of the Points cards still to come is nobody's to see: swap two of them. With
    the booklet's visibility (only the top card of each pile shows), another player's hand is
    secret too: swap a card of it with one of their played cards under the top."""
    if state.observation(viewer).scores is None and rng.random() < 0.5:
        twin = milhoes_hand_twin(state, viewer, rng)
        if twin is not None:
            return twin
    coming = state.points_to_come
    pairs = [(i, j) for i in range(len(coming)) for j in range(i + 1, len(coming))
             if coming[i] != coming[j]]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    twin = state.clone()
    twin.points_to_come[i], twin.points_to_come[j] = coming[j], coming[i]
    return twin


def milhoes_hand_twin(state, viewer, rng):
    other = rng.choice([p for p in range(state.num_players) if p != viewer])
    under_top, hand = state.used[other][:-1], state.hands[other]
    if not under_top or not hand:
        return None
    i, j = rng.randrange(len(under_top)), rng.randrange(len(hand))
    twin = state.clone()
    twin.used[other][i], twin.hands[other][j] = hand[j], under_top[i]
    return twin


def lost_cities_twin(state, viewer, rng):
    """A card in another player's hand that ``viewer`` has not seen, swapped with one of the deck."""
    other = rng.choice([p for p in range(state.num_players) if p != viewer])
    known = state.observation(viewer).known[other]
    hidden = [c for c in state.hands[other] if c not in known]
    deck = [c for c in state.deck if c not in state.hands[other]]
    if not hidden or not deck:
        return None
    mine, theirs = rng.choice(hidden), rng.choice(deck)
    if mine == theirs:
        return None
    twin = state.clone()
    twin.hands[other][twin.hands[other].index(mine)] = theirs
    twin.deck[twin.deck.index(theirs)] = mine
    return twin


def stratego_twin(state, viewer, rng):
    """Two enemy pieces ``viewer`` knows nothing about (never revealed, never moved), of different
    ranks, swap ranks."""
    enemy = 1 - viewer
    unknown = [pid for pid, square in enumerate(state.square)
               if square >= 0 and state.owner[pid] == enemy and state.flags[viewer][pid] == 0]
    pairs = [(a, b) for a in unknown for b in unknown if a < b and state.rank[a] != state.rank[b]
             and state.possible[viewer][a] == state.possible[viewer][b]]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    twin = state.clone()
    twin.rank = list(state.rank)  # a clone may share what never changes in play
    twin.rank[a], twin.rank[b] = state.rank[b], state.rank[a]
    return twin


def brief_history_twin(state, viewer, rng):
    """Two Event cards held by two colours that are not ``viewer``'s, swapped between them."""
    theirs = [c for c in range(state.colours) if state.seat_of[c] != viewer and state.events_held[c]]
    pairs = [(a, i, b, j) for a in theirs for b in theirs if a < b
             for i, x in enumerate(state.events_held[a]) for j, y in enumerate(state.events_held[b])
             if x.name != y.name]
    if not pairs:
        return None
    a, i, b, j = rng.choice(pairs)
    twin = state.clone()
    twin.events_held = [list(held) for held in state.events_held]
    twin.events_held[a][i], twin.events_held[b][j] = state.events_held[b][j], state.events_held[a][i]
    return twin


def swap_twin(state, viewer, rng):
    """Another player's secret card swapped with one of the deck."""
    other = rng.choice([p for p in range(state.num_players) if p != viewer])
    if not state.deck or state.deck[-1] == state.held[other]:
        return None
    twin = state.clone()
    twin.held[other], twin.deck[-1] = state.deck[-1], state.held[other]
    return twin


CASES = [
    Case("milhoes", {"players": 3}, milhoes_twin),
    Case("lost_cities", {"players": 2}, lost_cities_twin),
    Case("stratego", {"max_moves": 400}, stratego_twin),
    Case("brief_history", {"players": 3}, brief_history_twin),
    Case("toy_nim", {"pile": 9}),
    Case("toy_high_card", {"players": 3}),
    Case("toy_swap", {"players": 3}, swap_twin),
]


def step(state, rng: random.Random):
    """One random legal step (a move, or a simultaneous round)."""
    if state.current_player < 0:
        state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in state.acting_players()})
    else:
        state.apply(rng.choice(state.legal_actions()))


def play_to_end(state, rng: random.Random, limit: int = 5000):
    for _ in range(limit):
        if state.is_terminal:
            break
        step(state, rng)
    return state
