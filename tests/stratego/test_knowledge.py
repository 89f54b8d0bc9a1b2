"""What each player knows: reveals, movement clues, the captured trays, and the observation."""

import dataclasses

import pytest

from gamekit.stratego import new_game
from tests.stratego.positions import game


def test_at_the_start_you_know_your_army_and_nothing_of_the_enemy():
    state = new_game(seed=5)
    view = state.observation(0)
    assert len(view.pieces) == 60 and view.player == 0 and view.to_move == 0
    mine, theirs = view.own_pieces(), view.enemy_pieces()
    assert all(p.rank is not None for p in mine) and all(p.rank is None for p in theirs)
    assert all(not (p.exposed or p.moved or p.scout_like or p.used_power) for p in view.pieces)
    assert set(theirs[0].possible) == {"10", "9", "8", "7", "6", "5", "4", "3", "2", "S", "T", "F"}
    assert view.captured == ((), ()) and view.last_turn == ()


def test_a_piece_that_moves_is_no_trap_or_flag_and_a_long_line_marks_a_scout():
    state = game({"e2": "r8", "b2": "r2", "e7": "b8"})
    state.apply("e2-e3")
    seen = state.observation(1).piece_at("e3")
    assert seen.moved and not seen.scout_like and "T" not in seen.possible and "F" not in seen.possible
    assert seen.rank is None
    state.apply("e7-e6")
    state.apply("b2-b6")
    seen = state.observation(1).piece_at("b6")
    assert seen.scout_like and seen.possible == ("2",) and seen.rank is None and not seen.exposed


def test_your_own_pieces_show_what_the_enemy_knows_of_them():
    state = game({"e2": "r8", "e7": "b8", "a7": "b3"})
    state.apply("e2-e3")
    own = state.observation(0).piece_at("e3")
    assert own.rank == "8" and own.moved and not own.exposed
    state.apply("a7-a6")
    state.apply("e3-e4")
    state.apply("e7-e6")
    state.apply("e4-e5")
    state.apply("e6xe5")  # Knight against Knight: both fall, both were revealed
    assert state.observation(0).piece_at("e5") is None


def test_a_battle_reveals_both_pieces_for_the_rest_of_the_game():
    state = game({"e3": "r8", "e4": "b3", "f4": "b4", "a7": "b7"})
    state.apply("e3xe4")
    assert state.observation(1).piece_at("e4").rank == "8"
    assert state.observation(1).piece_at("e4").exposed
    state.apply("a7-a6")
    state.apply("e4-e5")  # moving on keeps it known
    assert state.observation(1).piece_at("e5").rank == "8"
    assert state.observation(0).piece_at("f4").rank is None


@pytest.mark.parametrize("mode, fire_sees_own, fire_sees_enemy, ice_sees_own, ice_sees_enemy", [
    ("open", True, True, True, True),
    ("prisoner", False, True, False, True),   # the captor keeps the captured piece hidden
    ("secret", True, False, True, False),     # the loser takes it back and hides it
    ("hidden", False, False, False, False),   # face down for both
])
def test_the_captured_pieces_mode_decides_who_sees_the_trays(mode, fire_sees_own, fire_sees_enemy,
                                                              ice_sees_own, ice_sees_enemy):
    state = game({"e3": "r8", "e4": "b3", "b3": "r4", "b4": "b5", "a7": "b7"}, captured=mode)
    state.apply("e3xe4")  # Ice loses a Dwarf
    state.apply("b4xb3")  # Fire loses an Elf
    fire, ice = state.observation(0).captured, state.observation(1).captured
    assert [c.owner for c in fire[0]] == [0] and [c.owner for c in fire[1]] == [1]
    assert (fire[0][0].rank == "4") == fire_sees_own and (fire[1][0].rank == "3") == fire_sees_enemy
    assert (ice[1][0].rank == "3") == ice_sees_own and (ice[0][0].rank == "4") == ice_sees_enemy
    assert {fire[0][0].rank, fire[1][0].rank, ice[0][0].rank, ice[1][0].rank} <= {"4", "3", None}


def test_the_log_tells_each_player_what_they_saw():
    state = game({"e3": "r9", "f4": "b7", "a7": "b7"}, mode="powers")
    state.apply("detect e3 f4")
    state.apply("a7-a6")
    fire, ice = state.log_for(0), state.log_for(1)
    assert "1. It is Ice's Beast Rider (7)." in fire and not any("It is" in line for line in ice)
    assert "2. Ice moves a7-a6." in fire and "2. Ice moves a7-a6." in ice


def test_observations_are_frozen_and_independent_of_later_moves():
    state = game({"e2": "r8", "e7": "b8"})
    before = state.observation(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.moves = 3
    assert dataclasses.replace(before, moves=3).moves == 3 and before.moves == 0
    state.apply("e2-e3")
    assert before.piece_at("e2").rank == "8" and before.moves == 0


def test_charm_failure_and_arrows_narrow_or_reveal_as_the_rules_say():
    state = game({"e3": "r6", "f4": "bT", "d3": "r4", "b4": "b9", "a7": "b7"}, mode="powers")
    state.apply("charm e3 f4")
    assert state.observation(0).piece_at("f4").rank is None  # nothing happened: it could be 6+, a Trap or a Flag
    state.apply("a7-a6")
    state.apply("arrow d3 b4")
    assert state.observation(0).piece_at("b4").rank == "9" and state.piece_at("b4") == "b9"
