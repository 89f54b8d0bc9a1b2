"""Observations worked out when first read (gamekit.core.observations), on a small counter game."""

import copy
import gc
import pickle
from dataclasses import dataclass, replace

import pytest

from gamekit.core.observations import DeferredFields, Watchers, deferred


@dataclass(frozen=True)
class CounterView(DeferredFields):
    player: int
    count: int
    history: tuple


class Counter:
    def __init__(self):
        self.count, self.history, self.worked_out = 0, [], 0
        self._watchers = Watchers()

    def observation(self, player):
        return deferred(CounterView, self, player, self._watchers)

    def _observed_fields(self, player):
        self.worked_out += 1
        return {"count": self.count, "history": tuple(self.history)}

    def add(self, amount):
        self._watchers.settle()
        self.count += amount
        self.history.append(amount)


def test_fields_are_worked_out_once_when_first_read():
    game = Counter()
    seen = game.observation(0)
    assert game.worked_out == 0 and seen.player == 0  # the seat is known at once
    assert seen.count == 0 and seen.history == () and game.worked_out == 1
    assert seen == CounterView(0, 0, ()) and game.worked_out == 1


def test_an_observation_still_held_shows_its_moment_after_the_game_moves_on():
    game = Counter()
    before = game.observation(1)
    game.add(3)
    game.add(4)
    assert before == CounterView(1, 0, ()) and game.observation(1) == CounterView(1, 7, (3, 4))


def test_a_dropped_observation_costs_nothing_later():
    game = Counter()
    for _ in range(40):  # asked again and again without a move: dead ones are dropped as it goes
        game.observation(0)
    gc.collect()
    game.add(1)
    assert game.worked_out == 0 and not game._watchers


def test_copies_and_pickles_carry_values_never_the_state():
    game = Counter()
    seen = game.observation(0)
    copied, pickled = copy.deepcopy(seen), pickle.loads(pickle.dumps(seen))
    game.add(5)
    assert copied == pickled == seen == CounterView(0, 0, ())
    assert "_source" not in vars(pickled) and replace(seen, count=9).count == 9


def test_unknown_names_raise_attribute_error():
    seen = Counter().observation(0)
    with pytest.raises(AttributeError):
        seen.colour
    with pytest.raises(AttributeError):
        seen.count = 3  # still frozen


def test_a_state_copied_or_pickled_starts_with_no_watchers():
    watchers = Watchers()
    game = Counter()
    watchers.watch(game.observation(0))
    assert not copy.deepcopy(watchers) and not pickle.loads(pickle.dumps(watchers))
