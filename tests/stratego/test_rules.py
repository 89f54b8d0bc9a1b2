"""Classic rules, one at a time, on hand-built positions in the text format."""

import pytest

from gamekit.core import TERMINAL, IllegalActionError
from gamekit.stratego import Action, battle, from_ascii, new_game
from gamekit.stratego.presets import DRAGON, DWARF, FLAG, SCOUT, SLAYER, TRAP
from tests.stratego.positions import game, moves

OPENING = """
.   .   .   .   .   .   .   .   .   bF
.   .   .   .   .   .   .   .   .   .
.   .   .   .   .   .   .   .   .   .
.   .   ~   ~   .   .   ~   ~   .   .
.   b5  ~   ~   .   .   ~   ~   .   .
.   .   .   .   .   .   .   .   .   .
.   r2  .   .   .   .   .   .   .   .
rF  .   .   .   .   .   .   .   .   .
"""


def test_the_text_format_round_trips_and_names_squares_like_chess():
    state = from_ascii(OPENING)
    assert state.piece_at("a1") == "rF" and state.piece_at("b2") == "r2" and state.piece_at("b4") == "b5"
    assert state.piece_at("j8") == "bF" and state.piece_at("c4") is None
    assert from_ascii(state.to_ascii()).to_ascii() == state.to_ascii()
    assert from_ascii(OPENING.replace("r2", "R2").replace("bF", "bf")).to_ascii() == state.to_ascii()
    assert [line.split() for line in state.to_ascii().splitlines()] == \
        [line.split() for line in OPENING.strip().splitlines()]


def test_a_step_goes_one_square_forward_back_or_sideways_never_diagonally():
    state = game({"e2": "r8", "e7": "b8"})
    assert moves(state, "e2") == ["e2-d2", "e2-e1", "e2-e3", "e2-f2"]
    for bad, why in [("e2-f3", "diagonal"), ("e2-e4", "only a Scout"), ("e2-e2", "leave")]:
        with pytest.raises(IllegalActionError, match=why):
            state.apply(bad)


def test_pieces_never_jump_and_never_enter_forbidden_areas():
    state = game({"c3": "r7", "d3": "r2", "d2": "r3", "j1": "rT", "a8": "b7"})
    assert "c3-c4" not in moves(state, "c3")
    with pytest.raises(IllegalActionError, match="forbidden area"):
        state.apply("c3-c4")
    # the Scout on d3 cannot cross the forbidden area above it nor jump the Dwarf below
    assert [m for m in moves(state, "d3") if m[-1] != "3"] == []
    with pytest.raises(IllegalActionError, match="forbidden area"):
        state.apply("d3-d6")
    with pytest.raises(IllegalActionError, match="in the way"):
        state.apply("d3-d1")


def test_flags_and_traps_never_move():
    state = game({"b1": "rT", "e5": "r3", "e8": "b3"})
    assert moves(state, "b1") == [] and moves(state, "a1") == []
    with pytest.raises(IllegalActionError, match="Trap never moves"):
        state.apply("b1-b2")
    with pytest.raises(IllegalActionError, match="Flag never moves"):
        state.apply("a1-a2")


def test_a_scout_runs_any_distance_in_a_line_and_may_end_by_attacking():
    state = from_ascii(OPENING)
    assert moves(state, "b2") == ["b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-d2", "b2-e2", "b2-f2", "b2-g2",
                                  "b2-h2", "b2-i2", "b2-j2", "b2xb4"]
    state.apply("b2xb4")  # the scout passes b3 and attacks the Yeti on b4: the Yeti wins
    assert state.piece_at("b4") == "b5" and state.piece_at("b2") is None and state.piece_at("b3") is None
    assert [state.rank[p] for p in state.captured[0]] == [SCOUT]


def test_a_scout_cannot_attack_past_the_first_piece_in_its_line():
    state = game({"a3": "r2", "a5": "b9", "a7": "b2"})
    assert "a3xa7" not in moves(state, "a3")
    with pytest.raises(IllegalActionError, match="a5 is in the way"):
        state.apply("a3xa7")


@pytest.mark.parametrize("attacker, defender, outcome", [
    (8, 5, "attacker"), (5, 8, "defender"), (7, 7, "both"),
    (SLAYER, DRAGON, "attacker"), (DRAGON, SLAYER, "attacker"), (SLAYER, SLAYER, "both"), (SLAYER, 2, "defender"),
    (SLAYER, FLAG, "flag"), (SCOUT, FLAG, "flag"), (DWARF, TRAP, "attacker"), (DRAGON, TRAP, "defender"),
    (SLAYER, TRAP, "defender"), (SCOUT, TRAP, "defender"), (SCOUT, SLAYER, "attacker"), (DWARF, 4, "defender"),
])
def test_the_battle_table(attacker, defender, outcome):
    assert battle(attacker, defender) == outcome


def test_the_winner_of_an_attack_stays_or_moves_in_and_both_are_revealed():
    state = game({"e3": "r8", "e4": "b5", "h8": "b4"})
    state.apply("e3xe4")
    assert state.piece_at("e4") == "r8" and state.piece_at("e3") is None
    assert state.knows(1, "e4") == "8"  # Ice saw the Knight
    state = game({"e3": "r4", "e4": "b5", "h8": "b4"})
    state.apply("e3xe4")
    assert state.piece_at("e4") == "b5" and state.piece_at("e3") is None
    assert state.knows(0, "e4") == "5"  # Fire saw the Yeti that beat its Elf


def test_equal_ranks_remove_both():
    state = game({"e3": "r6", "e4": "b6", "h8": "b4"})
    state.apply("e3xe4")
    assert state.piece_at("e3") is None and state.piece_at("e4") is None
    assert len(state.captured[0]) == len(state.captured[1]) == 1


def test_a_trap_takes_any_attacker_but_a_dwarf_disarms_it_and_moves_in():
    state = game({"e3": "r10", "e4": "bT", "f4": "bT", "f3": "r3", "h8": "b4"})
    state.apply("e3xe4")
    assert state.piece_at("e3") is None and state.piece_at("e4") == "bT"
    state.apply("h8-h7")
    state.apply("f3xf4")
    assert state.piece_at("f4") == "r3" and state.piece_at("f3") is None
    assert [state.rank[p] for p in state.captured[1]] == [TRAP]


def test_the_slayer_kills_the_dragon_only_when_it_attacks():
    attack = game({"e3": "rS", "e4": "b10", "h8": "b4"})
    attack.apply("e3xe4")
    assert attack.piece_at("e4") == "rS"
    defend = game({"e3": "r10", "e4": "bS", "h8": "b4"})
    defend.apply("e3xe4")
    assert defend.piece_at("e4") == "r10"
    loses = game({"e3": "rS", "e4": "b2", "h8": "b4"})
    loses.apply("e3xe4")
    assert loses.piece_at("e4") == "b2" and loses.piece_at("e3") is None


@pytest.mark.parametrize("attacker", ["r2", "rS", "r3", "r10"])
def test_capturing_the_flag_wins_at_once(attacker):
    state = game({"i3": attacker, "i4": "bF", "a8": "b7", "b8": "b7"})
    state.apply("i3xi4")
    assert state.is_terminal and state.current_player == TERMINAL
    assert state.winners() == [0] and state.scores() == [1, -1]
    assert "captures Ice's Flag and wins" in state.result.reason
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("a8-a7")


def test_a_player_who_cannot_move_or_attack_loses():
    state = game({"e3": "r8", "j8": "bF", "i8": "bT", "j7": "bT", "a8": "b2", "a2": "rT", "b1": "rT"})
    # Ice's only mobile piece is the Scout on a8; Fire attacks it and wins
    state.apply("e3-e4")
    state.apply("a8xa2")  # the Scout dies on Fire's Trap: Ice has nothing left that moves
    assert not state.is_terminal  # Ice loses when its turn comes and it cannot act
    state.apply("e4-e5")
    assert state.is_terminal and state.winners() == [0]
    assert "Ice cannot move or attack" in state.result.reason


def test_when_neither_side_can_act_the_side_to_move_loses_there_is_no_draw():
    # "No caso de você não poder se mover ou atacar, o jogo terminará e seu oponente será
    # proclamado vencedor": Ice is to move and cannot, so Ice loses, though Fire could not move either
    state = game({"e2": "r2", "e7": "b2", "h8": "bT"})
    state.apply("e2xe7")  # equal Scouts: both fall, only Flags and Traps remain
    assert state.is_terminal and state.winners() == [0] and state.scores() == [1, -1]
    assert state.outcome().reason == "Ice cannot move or attack: Fire wins"


def test_a_position_where_the_side_to_move_is_stuck_is_already_over():
    state = game({"b1": "rT", "e5": "b3"})
    assert state.is_terminal and state.winners() == [1]


def test_back_and_forth_third_move_between_the_same_squares_is_illegal():
    state = game({"e2": "r8", "e7": "b8"})
    for text in ["e2-e3", "e7-e6", "e3-e2", "e6-e7"]:
        state.apply(text)
    assert "e2-e3" not in moves(state, "e2")
    with pytest.raises(IllegalActionError, match="back-and-forth"):
        state.apply("e2-e3")
    state.apply("e2-d2")  # another square breaks Fire's streak
    assert "e7-e6" not in moves(state, "e7")  # Ice's Knight is bound the same way
    state.apply("e7-f7")
    assert "d2-e2" in moves(state, "d2")


def test_back_and_forth_counts_only_consecutive_turns_of_the_owner():
    state = game({"e2": "r8", "b2": "r7", "e7": "b8", "b7": "b7"})
    state.apply("e2-e3")
    state.apply("e7-e6")
    state.apply("b2-b3")  # Fire moved another piece: the Knight's streak is broken
    state.apply("e6-e7")
    state.apply("e3-e2")
    state.apply("b7-b6")
    assert "e2-e3" in moves(state, "e2")
    state.apply("e2-e3")
    assert "e7-e6" in moves(state, "e7")


def test_a_back_and_forth_limit_of_five_forbids_the_fifth_move():
    state = game({"e2": "r8", "e7": "b8"}, back_and_forth=5)
    for step in range(4):
        state.apply("e2-e3" if step % 2 == 0 else "e3-e2")
        state.apply("e7-e6" if step % 2 == 0 else "e6-e7")
    assert "e2-e3" not in moves(state, "e2") and "e2-d2" in moves(state, "e2")


def test_back_and_forth_also_binds_a_scout_shuttling_over_several_squares():
    state = game({"a3": "r2", "j5": "b2", "h8": "bT"})
    for text in ["a3-a6", "j5-j6", "a6-a3", "j6-j5"]:
        state.apply(text)
    assert "a3-a6" not in moves(state, "a3") and "a3-a5" in moves(state, "a3")


def test_an_attack_never_counts_toward_back_and_forth():
    state = game({"e2": "r8", "e7": "b8", "a5": "b2"})
    state.apply("e2-e3")
    state.apply("a5-a4")
    state.apply("e3-e2")
    state.apply("a4-a3")
    assert "e2-e3" not in moves(state, "e2")
    state.apply("e2-f2")
    state.apply("a3-a2")
    state.apply("f2-e2")
    state.apply("a2xa1")  # Ice's scout takes the flag: the game ends
    assert state.winners() == [1]


def test_max_moves_and_quiet_moves_end_the_game_as_a_draw():
    state = new_game(seed=3, max_moves=5)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.moves == 5 and state.winners() == [0, 1] and "limit of 5 moves" in state.result.reason
    quiet = game({"e2": "r8", "b2": "r7", "e7": "b8", "b7": "b7"}, quiet_moves=3)
    for text in ["e2-e3", "e7-e6", "b2-b3"]:
        quiet.apply(text)
    assert quiet.is_terminal and "without a capture" in quiet.result.reason


def test_fire_moves_first_and_turns_alternate():
    state = new_game(seed=11)
    assert state.current_player == 0
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    assert all(a.src[1] in "678" for a in state.legal_actions())


@pytest.mark.parametrize("text, reason", [
    ("b2-b3x", "not a Stratego action"), ("k2-k3", "not a square"), ("a0-a1", "not a square"),
    ("c4-c5", "forbidden area"), ("e5-e6", "no piece on e5"), ("b4-b3", "is Ice's"),
    ("b2-b4", "holds an enemy piece: an attack is written b2xb4"), ("b2xb3", "is empty"),
    ("fly b2-b5", "Special Power"), ("detect b2 b4", "Special Power"), ("bid 3", "not a Stratego action"),
])
def test_refusals_explain_themselves(text, reason):
    state = from_ascii(OPENING)
    before = state.to_ascii()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(text)
    assert state.to_ascii() == before and state.history == []
    assert state.explain(text).startswith("Illegal:")


def test_explain_says_why_a_legal_action_is_legal_and_actions_read_back():
    state = from_ascii(OPENING)
    assert state.explain("b2xb4") == "Legal: Fire's Scout on b2 may play b2xb4"
    for action in state.legal_actions():
        assert state._parse_action(str(action)) == action
    assert Action("move", "b2", "c2") < Action("move", "b2", "b3") < Action("move", "a3", "a4")
    assert sorted(state.legal_actions()) == state.legal_actions()


@pytest.mark.parametrize("module", ["rules", "inference"])
def test_module_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"gamekit.stratego.{module}"))
    assert result.attempted > 0 and result.failed == 0
