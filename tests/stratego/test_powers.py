"""The six Special Powers, their ranges, reveals and exclusions, on hand-built positions."""

import pytest

from gamekit.core import IllegalActionError
from gamekit.stratego import Action
from tests.stratego.positions import game, moves


def powers(pieces, **options):
    return game(pieces, mode="powers", **options)


# --- Flight (Dragon) ---------------------------------------------------------------------------
def test_the_dragon_glides_over_a_line_of_pieces_and_lands_on_the_first_empty_square():
    state = powers({"e2": "r10", "e3": "r3", "e4": "b5", "f5": "b7", "h8": "b2"})
    flights = [m for m in moves(state, "e2") if m.startswith("fly")]
    assert flights == ["fly e2-e5", "fly e2-e5xe4", "fly e2-e5xf5"]
    state.apply("fly e2-e5xf5")
    assert state.piece_at("f5") == "r10" and state.piece_at("e2") is None and state.piece_at("e5") is None
    assert state.knows(1, "f5") == "10"


def test_flight_may_attack_a_piece_it_just_flew_over_and_take_the_flag():
    state = powers({"e2": "r10", "e3": "bF", "a8": "b2"})
    state.apply("fly e2-e4xe3")
    assert state.winners() == [0] and "captures Ice's Flag and wins" in state.result.reason


def test_a_flight_needs_a_piece_to_glide_over_and_never_crosses_a_forbidden_area():
    state = powers({"a4": "r10", "b4": "b3", "e2": "r7", "h8": "b2"})
    # right: b4 then the forbidden c4 — nowhere to land; up: a5 empty — no piece to glide over
    assert [m for m in moves(state, "a4") if m.startswith("fly")] == []
    with pytest.raises(IllegalActionError, match="forbidden area"):
        state.apply("fly a4-e4")
    with pytest.raises(IllegalActionError, match="glides over at least one piece"):
        state.apply("fly a4-a5")
    with pytest.raises(IllegalActionError, match="only the Dragon flies"):
        state.apply("fly e2-e4")


def test_a_flight_lands_on_the_first_empty_square_not_further():
    state = powers({"e1": "r10", "e2": "r3", "e5": "b3", "h8": "b2"})
    assert "fly e1-e3" in moves(state, "e1")
    with pytest.raises(IllegalActionError, match="e3 is empty"):
        state.apply("fly e1-e6")
    with pytest.raises(IllegalActionError, match="not next to the landing square"):
        state.apply("fly e1-e3xe5")


def test_flights_count_for_back_and_forth_when_they_do_not_attack():
    state = powers({"e2": "r10", "e3": "r3", "h8": "b2", "h7": "b3"})
    state.apply("fly e2-e4")
    state.apply("h7-g7")
    state.apply("fly e4-e2")
    state.apply("g7-h7")
    assert "fly e2-e4" not in moves(state, "e2")


# --- Enemy Detection (Mage) --------------------------------------------------------------------
def test_the_mage_detects_an_enemy_within_two_squares_and_only_its_owner_learns_the_rank():
    state = powers({"e3": "r9", "g1": "b7", "e6": "b8", "f3": "r2", "h8": "b2"})
    assert [m for m in moves(state, "e3") if m.startswith("detect")] == ["detect e3 g1"]
    state.apply("detect e3 g1")
    assert state.knows(0, "g1") == "7" and state.knows(1, "e3") == "9"
    assert state.observation(0).piece_at("g1").rank == "7"
    assert state.observation(1).piece_at("g1").exposed  # Ice knows that Fire knows
    assert state.observation(1).piece_at("f3").rank is None
    assert state.piece_at("e3") == "r9" and state.piece_at("g1") == "b7"  # nothing moves
    assert any("It is Ice's Beast Rider (7)" in line for line in state.observation(0).last_turn)
    assert not any("Beast Rider" in line for line in state.observation(1).last_turn)


def test_detection_reaches_across_a_forbidden_area_but_not_beyond_two_squares():
    far = powers({"b3": "r9", "e5": "b6", "d6": "b3", "h8": "b2"})
    assert [m for m in moves(far, "b3") if m.startswith("detect")] == []  # 3 files or 3 rows away
    near = powers({"b4": "r9", "d6": "b3", "e5": "b6", "h8": "b2"})
    assert [m for m in moves(near, "b4") if m.startswith("detect")] == ["detect b4 d6"]
    with pytest.raises(IllegalActionError, match="out of range"):
        near.apply("detect b4 e5")


# --- Swiftness (Knight, Beast Rider) -----------------------------------------------------------
def test_swiftness_takes_two_steps_in_any_combination_but_never_back_to_the_start():
    state = powers({"e2": "r8", "h8": "b2"})
    swift = [m for m in moves(state, "e2") if m.startswith("swift")]
    assert swift == sorted(["swift e2-e3-e4", "swift e2-e3-d3", "swift e2-e3-f3", "swift e2-d2-c2",
                            "swift e2-d2-d3", "swift e2-d2-d1", "swift e2-f2-g2", "swift e2-f2-f3",
                            "swift e2-f2-f1", "swift e2-e1-d1", "swift e2-e1-f1"])
    with pytest.raises(IllegalActionError, match="may not return"):
        state.apply("swift e2-e3-e2")
    state.apply("swift e2-e3-f3")
    assert state.piece_at("f3") == "r8"


def test_swiftness_attacking_the_first_square_is_just_an_attack_and_ends_the_move():
    state = powers({"e2": "r7", "e3": "b3", "f3": "b2", "h8": "b2"})
    with pytest.raises(IllegalActionError, match="attacking the first square ends the move"):
        state.apply("swift e2-e3xe4")
    assert "e2xe3" in moves(state, "e2")
    state.apply("swift e2-f2xf3")  # the second step may be an attack
    assert state.piece_at("f3") == "r7" and state.knows(1, "f3") == "7"


def test_swiftness_never_jumps_or_enters_forbidden_areas_and_belongs_to_knights_and_riders():
    state = powers({"c2": "r8", "c3": "r3", "e2": "r6", "h8": "b2"})
    assert not any(m.startswith("swift c2-c3") for m in moves(state, "c2"))
    with pytest.raises(IllegalActionError, match="forbidden area"):
        state.apply("swift c2-c3-c4")
    with pytest.raises(IllegalActionError, match="your own piece: no piece jumps"):
        state.apply("swift c2-c3-b3")
    with pytest.raises(IllegalActionError, match="only Knights and Beast Riders"):
        state.apply("swift e2-e3-e4")


def test_a_straight_swift_move_looks_like_a_scout_and_a_bent_one_marks_a_swift_piece():
    state = powers({"e2": "r8", "b2": "r7", "h8": "b2", "h7": "b3"})
    state.apply("swift e2-e3-e4")
    seen = state.observation(1).piece_at("e4")
    assert seen.scout_like and not seen.swift_like and set(seen.possible) == {"8", "7", "2"}
    assert state.observation(1).last_turn == ("Fire moves e2-e4.",)
    state.apply("h7-h6")
    state.apply("swift b2-b3-c3")
    seen = state.observation(1).piece_at("c3")
    assert seen.swift_like and set(seen.possible) == {"8", "7"} and seen.rank is None
    assert state.observation(1).last_turn == ("Fire moves b2-b3-c3.",)


# --- Fury Attack (Lava Beast / Yeti) -------------------------------------------------------------
def test_fury_fights_every_neighbour_and_the_beast_falls_after_all_fights():
    state = powers({"e2": "r5", "d2": "r4", "f2": "rT", "d3": "b5", "f3": "bS", "e4": "b10", "f4": "bF",
                    "a8": "b2"})
    state.apply("fury e2-e3")
    assert state.piece_at("d2") is None  # Fire's own Elf is removed
    assert state.piece_at("d3") is None  # the equal Yeti falls
    assert state.piece_at("f3") is None  # a Slayer falls
    assert state.piece_at("e4") == "b10"  # the Dragon survives
    assert state.piece_at("f2") == "rT" and state.piece_at("f4") == "bF"  # Traps and Flags are immune
    assert state.piece_at("e3") is None  # the Lava Beast falls too, after every fight
    for square in ("e4", "f4"):
        assert state.knows(0, square) is not None  # every neighbour is revealed
    assert state.knows(1, "f2") == "T"
    assert not state.is_terminal


def test_fury_among_weaker_pieces_clears_them_and_the_beast_survives():
    state = powers({"e2": "r5", "d3": "b4", "f3": "b3", "e4": "b2", "a8": "b2"})
    state.apply("fury e2-e3")
    assert state.piece_at("e3") == "r5"
    assert [state.piece_at(s) for s in ("d3", "f3", "e4")] == [None, None, None]
    assert len(state.captured[1]) == 3


def test_fury_needs_an_empty_square_to_step_to():
    state = powers({"e2": "r5", "e3": "b3", "d2": "r3", "f2": "r3", "e1": "r3", "a8": "b2"})
    assert [m for m in moves(state, "e2") if m.startswith("fury")] == []
    with pytest.raises(IllegalActionError, match="empty square"):
        state.apply("fury e2-e3")


# --- Charm (Sorceress) ---------------------------------------------------------------------------
def test_charm_turns_a_lower_enemy_piece_to_your_side_and_it_keeps_its_abilities():
    state = powers({"e3": "r6", "f5": "b2", "a8": "b7", "b8": "b3"})
    state.apply("charm e3 f5")
    assert state.piece_at("f5") == "r2" and state.charmed[state.board[state.spec.square_of("f5")]]
    assert state.knows(1, "e3") == "6" and state.knows(0, "f5") == "2" and state.knows(1, "f5") == "2"
    state.apply("a8-a7")
    assert "f5-f1" in moves(state, "f5")  # the charmed Scout runs like a Scout, for Fire now
    assert state.observation(1).piece_at("f5").charmed


def test_a_charmed_piece_can_never_be_charmed_back():
    state = powers({"e3": "r6", "f5": "b3", "g6": "b6", "a8": "b7"})
    state.apply("charm e3 f5")
    assert not any(m.startswith("charm") for m in moves(state, "g6"))
    with pytest.raises(IllegalActionError, match="never be charmed back"):
        state.apply("charm g6 f5")


def test_charm_fails_on_rank_six_or_higher_and_teaches_only_that():
    state = powers({"e3": "r6", "f4": "b8", "a8": "b7"})
    state.apply("charm e3 f4")
    assert state.piece_at("f4") == "b8" and state.knows(0, "f4") is None
    assert set(state.observation(0).piece_at("f4").possible) == {"10", "9", "8", "7", "6", "T", "F"}


def test_charm_aimed_at_a_trap_or_flag_does_nothing_and_a_slayer_can_be_charmed():
    state = powers({"e3": "r6", "f4": "bT", "d2": "r6", "c3": "bS", "a8": "b7"})
    state.apply("charm e3 f4")
    assert state.piece_at("f4") == "bT"
    state.apply("a8-a7")
    state.apply("charm d2 c3")
    assert state.piece_at("c3") == "rS"


# --- Arrow Attack (Elf) --------------------------------------------------------------------------
def test_arrows_reveal_the_target_and_remove_it_if_it_ranks_below_four():
    state = powers({"e3": "r4", "e5": "b3", "f5": "b8", "g3": "bS", "a8": "b7", "b8": "b2"})
    state.apply("arrow e3 e5")
    assert state.piece_at("e5") is None and state.knows(1, "e3") == "4"
    state.apply("a8-a7")
    state.apply("arrow e3 f5")
    assert state.piece_at("f5") == "b8" and state.knows(0, "f5") == "8"
    state.apply("a7-a6")
    state.apply("arrow e3 g3")
    assert state.piece_at("g3") is None
    assert state.piece_at("e3") == "r4"  # the Elf never moves


def test_arrows_reach_across_forbidden_areas_and_cannot_topple_traps_or_flags():
    state = powers({"b4": "r4", "d6": "bT", "a6": "bF", "h8": "b2"})
    assert [m for m in moves(state, "b4") if m.startswith("arrow")] == ["arrow b4 a6", "arrow b4 d6"]
    state.apply("arrow b4 d6")
    assert state.piece_at("d6") == "bT" and state.knows(0, "d6") == "T"


# --- the mode ------------------------------------------------------------------------------------
def test_powers_are_offered_only_in_the_powers_mode_and_a_power_is_the_whole_turn():
    classic = game({"e3": "r4", "e5": "b3", "a8": "b7"})
    assert not any(a.kind != "move" for a in classic.legal_actions())
    with pytest.raises(IllegalActionError, match="only in the 'powers' mode"):
        classic.apply("arrow e3 e5")
    state = powers({"e3": "r4", "e5": "b3", "a8": "b7"})
    state.apply(Action("arrow", "e3", "e5"))
    assert state.current_player == 1


@pytest.mark.parametrize("text, reason", [
    ("fury e3-e4", "only a Lava Beast or a Yeti"), ("detect e3 e5", "only the Mage"), ("charm e3 e5", "only a Sorceress"),
    ("arrow e3 e4", "no piece on e4"), ("arrow e3 f3", "your own piece"), ("swift e3-e4-e5", "only Knights"),
    ("arrow e3 e8", "out of range"),
])
def test_power_refusals_explain_themselves(text, reason):
    state = powers({"e3": "r4", "f3": "r3", "e5": "b3", "a8": "b7"})
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(text)
