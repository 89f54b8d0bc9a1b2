"""The protocol every game inherits from GameState, on a toy sequential game and on Milhões."""

import numpy as np
import pytest

from gamekit.core import SIMULTANEOUS, TERMINAL, IllegalActionError, save
from gamekit.milhoes import Bid, new_game as milhoes

from tests.core.toy_games import Take, new_game as nim


def test_markers_print_their_names_and_compare_as_ints():
    assert repr(SIMULTANEOUS) == "SIMULTANEOUS" and str(TERMINAL) == "TERMINAL"
    assert SIMULTANEOUS == -2 and TERMINAL == -4
    import pickle

    assert repr(pickle.loads(pickle.dumps(SIMULTANEOUS))) == "SIMULTANEOUS"


def test_sequential_game_applies_objects_and_text():
    state = nim(5, seed=1)
    assert state.current_player == 0
    assert state.legal_actions() == [Take(1), Take(2), Take(3)]
    state.apply(Take(2))
    state.apply("  TAKE   3 ")  # text is matched whatever the case and spacing
    assert state.is_terminal and state.current_player == TERMINAL
    assert state.winners() == [1] and state.scores() == [0, 1]
    assert state.history == [Take(2), Take(3)]


def test_terminal_state_refuses_everything():
    state = nim(1, seed=1)
    state.apply("take 1")
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("take 1")
    assert state.legal_actions() == [] and state.legal_actions(0) == []  # the end, in every game
    assert state.acting_players() == []


@pytest.mark.parametrize("bad, reason", [
    ("take 4", "1, 2 or 3"),
    ("grab 1", "not a Nim action"),
    (3, "not an action"),
    (None, "not an action"),
    (Take("2"), "1, 2 or 3"),
])
def test_sequential_refusals_leave_the_state_unchanged(bad, reason):
    state = nim(7, seed=1)
    state.apply("take 3")
    before = save(state)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(bad)
    assert save(state) == before and state.pile == 4


def test_explain_says_why_in_words():
    state = nim(2, seed=1)
    assert state.explain("take 3") == "Illegal: only 2 stones are left"
    assert state.explain("take 1").startswith("Legal:")
    assert state.explain("jump").startswith("Illegal: 'jump' is not a Nim action")


def test_sequential_game_refuses_apply_joint():
    state = nim(3, seed=1)
    with pytest.raises(IllegalActionError, match="player 0's turn alone"):
        state.apply_joint({0: "take 1"})


def test_simultaneous_game_refuses_apply_and_asks_for_a_player():
    state = milhoes(3, seed=1)
    assert state.current_player == SIMULTANEOUS
    with pytest.raises(IllegalActionError, match="apply_joint"):
        state.apply("bid 3")
    with pytest.raises(IllegalActionError, match="say which player"):
        state.legal_actions()
    with pytest.raises(IllegalActionError, match="no player 3"):
        state.legal_actions(3)
    with pytest.raises(IllegalActionError, match="seat number"):
        state.legal_actions("0")


@pytest.mark.parametrize("joint, reason", [
    ({0: "bid 1", 1: "bid 2"}, r"missing player\(s\) \[2\]"),
    ({0: "bid 1", 1: "bid 2", 2: "bid 3", 3: "bid 4"}, "no player 3"),
    ({0: "bid 1", 1: "bid 2", "2": "bid 3"}, "seat number"),
    ([Bid(1), Bid(2), Bid(3)], "dict"),
    ({0: "bid 1", 1: "bid 2", 2: "bid 13"}, "no Power card 13"),
    ({0: "bid 1", 1: "bid 2", 2: 3}, "not an action"),
])
def test_joint_refusals_leave_the_state_unchanged(joint, reason):
    state = milhoes(3, seed=1)
    before = save(state)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_joint(joint)
    assert save(state) == before


def test_numpy_integers_name_players():
    state = milhoes(2, seed=1)
    state.apply_joint({np.int64(0): "bid 5", np.int64(1): "bid 6"})
    assert state.legal_actions(np.int64(1))[-1] == Bid(12)


def test_clone_is_independent():
    state = milhoes(3, seed=4)
    twin = state.clone()
    twin.apply_joint({0: "bid 1", 1: "bid 2", 2: "bid 3"})
    assert len(state.history) == 0 and len(twin.history) == 1
    assert state.hands[0] == list(range(1, 13)) and 1 not in twin.hands[0]
    assert save(state) != save(twin)


def test_repr_and_str_describe_the_state():
    state = nim(4, seed=9)
    assert "toy_nim" in repr(state) and "seed=9" in repr(state)
    assert "round 1 of 12" in str(milhoes(2, seed=1))
