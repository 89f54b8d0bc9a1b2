"""The rooms of gamekit.lost_cities: cards, actions, observation, options and refusals each in a
module of its own, the state in rules.py, and every public name still importable from rules."""

from __future__ import annotations

import doctest
import importlib

import pytest

from gamekit.lost_cities import rules

ROOMS = ["cards", "actions", "observation", "options", "refusals", "rules"]


@pytest.mark.parametrize("room", ROOMS)
def test_each_rooms_doctests_pass(room):
    module = importlib.import_module(f"gamekit.lost_cities.{room}")
    assert module.__doc__, f"{room}.py says what it holds"
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("name", rules.__all__)
def test_every_public_name_is_importable_from_rules_and_is_the_rooms_own(name):
    value = getattr(rules, name)
    home = getattr(value, "__module__", None)
    if home and home.startswith("gamekit.lost_cities."):  # a class or function: the room's own object
        assert getattr(importlib.import_module(home), name) is value


def test_the_package_exports_the_same_objects_as_rules():
    import gamekit.lost_cities as package

    for name in package.__all__:
        if name != "INFO":
            assert getattr(package, name) is getattr(rules, name)


def test_the_state_is_built_from_its_refusals_room():
    from gamekit.lost_cities.refusals import Refusals

    assert issubclass(rules.LostCitiesState, Refusals)
    state = rules.new_game(seed=1)
    assert state.why_illegal("draw deck") == "first play or discard a card, then draw"
