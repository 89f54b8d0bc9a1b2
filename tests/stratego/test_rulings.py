"""The rulebook read to the letter where the kit once read it otherwise, the messages that say so,
and inputs that must be refused as a student would expect (each test failed before its fix)."""

import pytest

from gamekit.core import IllegalActionError, NotAnActionError
from gamekit.stratego import from_ascii, new_game, random_setup, validate_setup
from tests.stratego.positions import game, moves, position_text


def powers(pieces, **options):
    return game(pieces, mode="powers", **options)


# --- the end of the game -------------------------------------------------------------------------
def test_a_side_whose_only_moves_the_back_and_forth_rule_forbids_loses_and_the_result_says_why():
    # Fire's Knight can only shuttle a2-a3 (its own Traps close every other way)
    state = game({"a2": "r8", "b2": "rT", "b3": "rT", "a4": "rT", "e7": "b8"})
    for text in ["a2-a3", "e7-e6", "a3-a2", "e6-e7"]:
        state.apply(text)
    assert state.is_terminal and state.winners() == [1]
    assert state.outcome().reason == ("Fire cannot move or attack (the back-and-forth rule forbids its "
                                      "only moves): Ice wins")


def test_a_side_that_simply_has_nothing_left_to_move_loses_without_naming_the_rule():
    state = game({"e2": "r2", "e7": "b2", "h8": "bT"})
    state.apply("e2xe7")
    assert "back-and-forth" not in state.outcome().reason


# --- messages ------------------------------------------------------------------------------------
def test_a_charmed_yeti_is_announced_as_ices_yeti_and_keeps_its_name_for_fire():
    state = powers({"e3": "r6", "f5": "b5", "a8": "b7"})
    state.apply("charm e3 f5")
    assert state.log[-1].public[-1].endswith("the Ice Yeti (5) joins Fire.")
    state.apply("a8-a7")
    state.apply("f5-f6")
    state.apply("a7-a6")
    state.apply("fury f6-f7")
    assert state.log[-1].public[0].startswith("Fire's Yeti (5) steps from f6 to f7")


def test_refusals_use_an_before_a_vowel():
    state = powers({"e3": "r4", "e5": "b3", "a8": "b7"})
    assert state.why_illegal("e3-e5") == "only a Scout moves more than one square; an Elf steps one square"
    assert state.why_illegal("fly e3-e5") == "only the Dragon flies; this is an Elf"


@pytest.mark.parametrize("text, reason", [
    ("arrow e3 e5", "only an Elf can shoot arrows; this is a Dwarf"),  # each army has two Elves
    ("charm e3 e5", "only a Sorceress can charm; this is a Dwarf"),
    ("detect e3 e5", "only the Mage can detect an enemy piece; this is a Dwarf"),  # one Mage an army
    ("fury e3-e4", "only a Lava Beast or a Yeti has the fury attack; this is a Dwarf"),
])
def test_a_power_refusal_names_any_piece_that_has_the_power(text, reason):
    assert powers({"e3": "r3", "e5": "b3", "a8": "b7"}).why_illegal(text) == reason


def test_the_original_board_names_its_own_ranks_in_refusals():
    state = game({"e3": "r3", "e5": "b3", "a10": "b7"}, mode="powers", board="original")
    assert state.why_illegal("arrow e3 e5") == "only a Sergeant can shoot arrows; this is a Miner"


def test_a_swift_attack_is_narrated_with_its_middle_square():
    state = powers({"e2": "r8", "f3": "b3", "h8": "b2"})
    state.apply("swift e2-f2xf3")
    assert state.log[-1].public == (
        "Fire's Knight (8) on e2 goes through f2 and attacks Ice's Dwarf (3) on f3: the Knight wins.",)


# --- readings the module documents ---------------------------------------------------------------
def test_a_fury_beside_a_trap_leaves_both_standing():
    state = powers({"e2": "r5", "f4": "bT", "a8": "b2"})
    state.apply("fury e2-e3")
    assert state.piece_at("e3") == "r5" and state.piece_at("f4") == "bT"
    assert state.knows(0, "f4") == "T"


def test_an_arrow_at_the_flag_reveals_it_and_leaves_it_standing():
    state = powers({"e3": "r4", "f5": "bF", "a8": "b7"})
    state.apply("arrow e3 f5")
    assert state.piece_at("f5") == "bF" and state.knows(0, "f5") == "F" and not state.is_terminal


def test_in_prisoner_mode_the_enemy_holds_the_pieces_a_fury_takes_from_its_own_army():
    state = powers({"e2": "r5", "d2": "r4", "a8": "b2"}, captured="prisoner")
    state.apply("fury e2-e3")  # Fire's own Elf falls
    fire_lost_seen_by = [state.observation(p).captured[0][0].rank for p in (0, 1)]
    assert fire_lost_seen_by == [None, "4"]


def test_six_is_the_isf_count_the_sixth_move_between_two_squares_is_refused():
    state = game({"e2": "r8", "e7": "b8"}, back_and_forth=6)
    for step in range(5):
        state.apply("e2-e3" if step % 2 == 0 else "e3-e2")
        state.apply("e7-e6" if step % 2 == 0 else "e6-e7")
    assert "e3-e2" not in moves(state, "e3")


# --- positions keep the charm --------------------------------------------------------------------
def test_to_ascii_marks_a_charmed_piece_and_from_ascii_keeps_it_charmed():
    state = powers({"e3": "r6", "f5": "b4", "g6": "b6", "a8": "b7"})
    state.apply("charm e3 f5")
    text = state.to_ascii()
    assert "r4*" in text.split()
    again = from_ascii(text, mode="powers", to_move=1)
    assert again.to_ascii() == text
    assert "charm g6 f5" not in moves(again, "g6")  # Ice cannot charm its own Elf back
    assert "never be charmed back" in again.why_illegal("charm g6 f5")
    assert again.knows(1, "f5") == "4"  # both sides saw it change sides


@pytest.mark.parametrize("token", ["r6*", "rT*", "bF*", "b10*"])
def test_only_pieces_a_charm_can_turn_may_be_marked_charmed(token):
    with pytest.raises(ValueError, match="cannot be a charmed piece"):
        from_ascii(position_text({"e3": token, "a1": "rF", "j8": "bF"}))


# --- inputs --------------------------------------------------------------------------------------
@pytest.mark.parametrize("to_move", [0.0, 1.0, True, "1", None, [0]])
def test_to_move_must_be_the_number_0_or_1(to_move):
    with pytest.raises(ValueError, match="to_move is 0"):
        game({"e3": "r3", "e5": "b3"}, to_move=to_move)


@pytest.mark.parametrize("option, value", [
    ("mode", 1.5), ("mode", ["classic"]), ("board", None), ("captured", {}), ("back_and_forth", 3.0),
    ("back_and_forth", "3"), ("max_moves", 2.5), ("quiet_moves", True), ("setups", "text"),
    ("setups", [1, 2]), ("position", 7), ("to_move", 0.0),
])
def test_every_bad_option_raises_value_error_never_type_error(option, value):
    with pytest.raises(ValueError):
        new_game(**{option: value}, seed=1)


@pytest.mark.parametrize("text", ["b２-b3", "b٢-b3", "b²-b3", "ｂ2-b3", "b2-b3\u0301"])
def test_look_alike_digits_and_letters_are_not_actions(text):
    state = new_game(seed=1)
    with pytest.raises(NotAnActionError):
        state.parse(text)
    assert state.why_illegal(text) is not None


def test_look_alike_digits_are_refused_in_positions_and_set_ups():
    with pytest.raises(ValueError, match="not a piece"):
        from_ascii(position_text({"e3": "r3", "a1": "rF", "j8": "bF"}).replace("r3", "r３"))
    setup = random_setup(side=0, seed=1).replace("r2", "r２", 1)
    with pytest.raises(ValueError, match="not a piece"):
        validate_setup(setup)


def test_a_huge_action_text_is_refused_with_a_short_message():
    state = new_game(seed=1)
    text = "b" + "9" * 5000 + "-b3"
    with pytest.raises(IllegalActionError) as refusal:
        state.apply(text)
    assert len(refusal.value.reason) < 200
    assert state.history == []
