"""Boards, set-ups, options, the text formats, and JSON records."""

import json
import random
from collections import Counter

import pytest

from gamekit.core import RecordError, game_factory, load, save
from gamekit.stratego import board_spec, from_ascii, new_game, random_setup, validate_setup
from gamekit.stratego.presets import symbol
from tests.stratego.positions import game

FIRE_SETUP = """
r3  r3  r8  r6  r8  rT  rT  rT  r2  r7
r5  rT  r3  r3  r10 r2  rS  r7  r4  r2
rT  r3  r4  r5  rT  r9  r7  rF  r6  r2
"""


def test_the_presets_match_the_digest():
    fire_and_ice, original = board_spec("fire-and-ice"), board_spec("original")
    assert (fire_and_ice.width, fire_and_ice.height, fire_and_ice.setup_rows) == (10, 8, 3)
    assert sorted(fire_and_ice.square_name(s) for s in fire_and_ice.forbidden) == \
        sorted(["c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5"])
    assert len(fire_and_ice.army_list()) == 30
    assert Counter(map(symbol, fire_and_ice.army_list())) == Counter(
        {"10": 1, "9": 1, "8": 2, "7": 3, "6": 2, "5": 2, "4": 2, "3": 5, "2": 4, "S": 1, "T": 6, "F": 1})
    assert (original.width, original.height, original.setup_rows, len(original.army_list())) == (10, 10, 4, 40)
    assert sorted(original.square_name(s) for s in original.forbidden) == \
        sorted(["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"])
    assert Counter(map(symbol, original.army_list()))["2"] == 8 and original.piece_name(10) == "Marshal"


@pytest.mark.parametrize("board", ["fire-and-ice", "original"])
def test_random_setups_are_legal_and_seeded(board):
    spec = board_spec(board)
    for seed in range(20):
        state = new_game(board=board, seed=seed)
        for side in (0, 1):
            zone = [state.board[s] for s in spec.zone(side)]
            assert all(pid >= 0 and state.owner[pid] == side for pid in zone)
            assert Counter(state.rank[pid] for pid in zone) == Counter(spec.army_list())
            assert validate_setup(state.setups[side], side, board) == state.setups[side]
        assert new_game(board=board, seed=seed).to_ascii() == state.to_ascii()
    assert new_game(board=board, seed=1).to_ascii() != new_game(board=board, seed=2).to_ascii()


def test_given_setups_are_placed_as_written_with_or_without_side_letters():
    ice = random_setup(side=1, seed=4)
    bare_fire = "\n".join(" ".join(t[1:] for t in line.split()) for line in FIRE_SETUP.strip().splitlines())
    state = new_game(setups=[bare_fire, ice], seed=0)
    assert state.to_ascii().splitlines()[5:] == [line.rstrip() for line in validate_setup(FIRE_SETUP).splitlines()]
    assert state.piece_at("h1") == "rF" and state.piece_at("e2") == "r10"
    assert state.to_ascii().splitlines()[:3] == ice.splitlines()
    half = new_game(setups=[FIRE_SETUP, None], seed=9)
    assert half.options["setups"][1] is None and half.piece_at("h1") == "rF"


@pytest.mark.parametrize("setup, reason", [
    (FIRE_SETUP.replace("rF", "rT", 1), r"too many: 1 Trap \(T\); missing: 1 Flag"),
    ("\n".join(FIRE_SETUP.strip().splitlines()[:2]), "must have 3 lines of 10 pieces"),
    (FIRE_SETUP.replace("r3  r3  r8", "r3  r8", 1), "must have 3 lines of 10 pieces"),
    (FIRE_SETUP.replace("r10", "b10"), "is Ice's piece"),
    (FIRE_SETUP.replace("r10", "X"), "'X' is not a piece"),
    (FIRE_SETUP.replace("r10", "r11"), "'r11' is not a piece"),
    (42, "must be a text"),
])
def test_bad_setups_are_refused_with_the_reason(setup, reason):
    with pytest.raises(ValueError, match=reason):
        new_game(setups=[setup, None], seed=0)


@pytest.mark.parametrize("options, reason", [
    ({"mode": "chaos"}, "mode is 'classic' or 'powers'"),
    ({"board": "hex"}, "board is one of"),
    ({"board": 3}, "board is a preset"),
    ({"captured": "lost"}, "captured is one of"),
    ({"back_and_forth": 1}, "back_and_forth"),
    ({"back_and_forth": True}, "back_and_forth"),
    ({"max_moves": 0}, "max_moves"),
    ({"quiet_moves": "10"}, "quiet_moves"),
    ({"to_move": 1}, "Fire moves first"),
    ({"setups": ["x"]}, "setups is a pair"),
    ({"setups": [None, None], "position": "x"}, "either set-ups or a position"),
])
def test_bad_options_are_refused_with_a_clear_message(options, reason):
    with pytest.raises(ValueError, match=reason):
        new_game(**options)


@pytest.mark.parametrize("change, reason", [
    (lambda t: "\n".join(t.splitlines()[1:]), "has 8 rows"),
    (lambda t: t.replace(".", ". .", 1), "has 11 squares"),
    (lambda t: t.replace("~", ".", 1), "a forbidden area is here"),
    (lambda t: t.replace(".", "~", 1), "no forbidden area belongs here"),
    (lambda t: t.replace(".", "rF", 1), "Fire has 2 Flags"),
    (lambda t: t.replace(".", "x7", 1), "'x7' is not a piece"),
])
def test_bad_positions_are_refused_with_the_square(change, reason):
    text = game({"e3": "r8", "e4": "b3"}).to_ascii()
    with pytest.raises(ValueError, match=reason):
        from_ascii(change(text))


def test_a_position_may_hold_charmed_extras_but_not_more_than_both_armies():
    five = {f"{f}1": "r5" for f in "bcde"}
    assert game(five).to_ascii().count("r5") == 4
    with pytest.raises(ValueError, match="the position has 5 Lava Beasts"):
        game({**five, "f1": "r5"})


def test_options_are_plain_json_and_rebuild_the_start():
    for state in (new_game("powers", seed=8), new_game(setups=[FIRE_SETUP, None], seed=8, captured="secret"),
                  game({"e3": "r8", "e4": "b3"}, to_move=1, back_and_forth=5),
                  new_game("classic", "original", seed=2, max_moves=40, quiet_moves=30)):
        options = json.loads(json.dumps(state.options))
        assert options == state.options
        again = game_factory("stratego")(**options, seed=state.seed)
        assert again.to_ascii() == state.to_ascii() and again.current_player == state.current_player


@pytest.mark.parametrize("mode, board", [("classic", "fire-and-ice"), ("powers", "fire-and-ice"),
                                         ("classic", "original"), ("powers", "original")])
def test_records_round_trip_and_replay_every_move(mode, board):
    rng = random.Random(7)
    state = new_game(mode, board, seed=31, max_moves=300, captured="prisoner")
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    text = save(state)
    again = load(text)
    assert again.to_ascii() == state.to_ascii() and again.result == state.result
    assert again.flags == state.flags and again.possible == state.possible
    assert again.observation(0) == state.observation(0) and again.observation(1) == state.observation(1)
    assert save(again) == text


def test_a_custom_position_replays_from_its_record():
    state = game({"e2": "r5", "d3": "b4", "f3": "b3", "e4": "b2", "a8": "b2"}, mode="powers")
    state.apply("fury e2-e3")
    state.apply("a8-a7")
    again = load(save(state))
    assert again.to_ascii() == state.to_ascii() and again.options["position"] == state.options["position"]


def test_an_edited_record_with_an_illegal_move_is_refused_with_the_step():
    state = game({"e2": "r8", "e7": "b8"})
    state.apply("e2-e3")
    data = json.loads(save(state))
    data["actions"][0] = "e2-e5"
    with pytest.raises(RecordError, match="step 1 .* only a Scout"):
        load(json.dumps(data))


def test_traps_and_flags_in_positions_stay_bounded_per_side():
    with pytest.raises(ValueError, match="Ice has 7 Traps"):
        game({f"{f}8": "bT" for f in "abcdefg"})
