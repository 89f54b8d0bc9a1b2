"""The Stratego lessons' helpers: a rules lesson sees both armies, a counting example swaps the army."""

from collections import namedtuple
from fractions import Fraction
from dataclasses import dataclass

from gamekit.stratego import new_game
from gamekit.stratego.inference import exact_beliefs
from gamekit.stratego.lesson_tools import full_view, with_army


def test_full_view_shows_every_rank_of_both_armies():
    game = new_game(seed=30)
    text = full_view(game)
    assert "?" not in text
    assert text.count("bT") == 6 and text.count("rF") == 1 and text.count("bF") == 1


def test_full_view_prefers_reveal_when_the_state_has_it():
    class Secretive:
        def __str__(self):
            return "b? b?"

        def reveal(self):
            return "bT bF"

    assert full_view(Secretive()) == "bT bF"


def test_with_army_replaces_only_the_army_of_a_dataclass_or_a_named_tuple():
    @dataclass(frozen=True)
    class View:
        player: int
        army: tuple

    Tuple = namedtuple("Tuple", "player army")
    for view in (View(0, (("T", 6),)), Tuple(0, (("T", 6),))):
        changed = with_army(view, (("F", 1),))
        assert changed.army == (("F", 1),) and changed.player == 0 and view.army == (("T", 6),)


def test_with_army_changes_what_the_counting_believes():
    view = new_game(seed=32).observation(0)
    small = with_army(view, (("T", 29), ("F", 1)))  # as if Ice had nothing but Traps and its Flag left
    piece = view.piece_at("a6").id
    assert exact_beliefs(small)[piece]["T"] == Fraction(29, 30)
