"""The state protocol every game shares, for Stratego: parsing, legality as a question, sorted
legal actions, the end of the game, public text, copies, the registry entry."""

import copy
import inspect
import pickle
import random

import pytest

from gamekit.core import NotAnActionError, game_info, load, save
from gamekit.stratego import Action, from_ascii, new_game
from tests.stratego.positions import game


def random_state(seed: int, moves: int, mode: str = "classic"):
    rng = random.Random(seed)
    state = new_game(mode, seed=seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("text", ["", "fly to mars", "b2 b3", "b2--b3", "swift b2-b3", "detect e3", "pass"])
def test_text_that_is_no_action_is_refused_by_parse_as_not_an_action(text):
    state = new_game(seed=1)
    with pytest.raises(NotAnActionError):
        state.parse(text)
    assert not state.is_legal(text) and state.why_illegal(text).startswith(repr(text)[:5])


def test_parse_reads_every_kind_of_action_legal_or_not():
    state = new_game("powers", seed=1)
    for text in ["b2-b3", "b2xb3", "swift b2-b3-c3", "swift b2-b3xc3", "fly d1-d4xd5", "fury e4-e5",
                 "detect e3 f5", "charm e3 f5", "arrow e3 f5"]:
        assert str(state.parse(text.upper())) == text


@pytest.mark.parametrize("mode", ["classic", "powers"])
def test_legality_questions_agree_with_the_legal_actions_in_random_play(mode):
    rng = random.Random(mode)
    for seed in range(5):
        state = new_game(mode, seed=seed, max_moves=120)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal == sorted(legal)  # the documented order: board order of the piece, then kind
            for action in rng.sample(legal, min(5, len(legal))):
                assert state.is_legal(action) and state.why_illegal(str(action)) is None
            other = 1 - state.current_player
            assert state.legal_actions(other) == []
            assert all(state.why_illegal(a, other) for a in legal[:3])  # not their turn
            state.apply(rng.choice(legal))


def test_a_finished_game_has_no_legal_actions_and_says_why_in_its_outcome():
    state = game({"i3": "r2", "i4": "bF", "a8": "b7"})
    state.apply("i3xi4")
    assert state.legal_actions() == [] and state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.why_illegal("a8-a7") == "the game is over: nobody can act any more"
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (1, -1)
    assert outcome.reason == "Fire captures Ice's Flag and wins"
    assert new_game(seed=1).outcome() is None


def test_a_move_cap_is_a_draw_shared_by_both_sides():
    state = game({"e2": "r8", "e7": "b8"}, max_moves=2)
    state.apply("e2-e3")
    state.apply("e7-e6")
    assert state.outcome().reason == "the limit of 2 moves is reached: a draw"
    assert state.winners() == [0, 1] and state.scores() == [0, 0]


def test_str_shows_only_what_both_sides_know_and_reveal_shows_everything():
    state = new_game(seed=4)
    text = str(state)
    assert all(tok in (".", "~", "r?", "b?") for line in text.splitlines()[1:9] for tok in line.split()[2:])
    assert str(state) == str(state.clone()) and "r?" in text
    full = state.reveal()
    assert "rF" in full and "bF" in full
    # a battle reveals both pieces to both: they appear in str(state)
    duel = game({"e3": "r8", "e4": "b3", "h8": "b2"})
    duel.apply("e3xe4")
    assert "r8" in str(duel).split() and "Ice has lost: 3" in str(duel)


def test_str_hides_a_detected_rank_which_only_the_mage_knows():
    state = game({"e3": "r9", "f5": "b7", "h8": "b2"}, mode="powers")
    state.apply("detect e3 f5")
    assert "b7" not in str(state).split() and "b?" in str(state).split()
    assert "r9" in str(state).split()  # the Mage revealed itself to use its power


@pytest.mark.parametrize("captured, shown", [("open", "3"), ("prisoner", "?"), ("secret", "?"), ("hidden", "?")])
def test_str_shows_the_trays_as_a_watcher_may_see_them(captured, shown):
    state = game({"e3": "r8", "e4": "b3", "h8": "b2"}, captured=captured)
    state.apply("e3xe4")
    assert f"Ice has lost: {shown}" in str(state)


def test_the_html_picture_is_public_too():
    state = new_game(seed=4)
    html = state._repr_html_()
    assert html.startswith("<table") and "Fire to move" in html
    assert ">F<" not in html and ">10<" not in html and html.count(">?<") == 60


def test_clone_deepcopy_and_pickle_play_on_identically():
    state = random_state(7, 40, "powers")
    copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    for twin in copies:
        assert save(twin) == save(state) and twin.observation(0) == state.observation(0)
    for seed in range(3):
        rng_states = [random.Random(seed) for _ in range(len(copies) + 1)]
        games = [state.clone()] + [twin.clone() for twin in copies]
        for _ in range(60):
            if games[0].is_terminal:
                break
            for g, rng in zip(games, rng_states):
                g.apply(rng.choice(g.legal_actions()))
        assert len({save(g) for g in games}) == 1
        assert len({str(g) for g in games}) == 1
        assert all(g.observation(1) == games[0].observation(1) for g in games)
    assert save(load(save(state))) == save(state)


def test_the_game_info_is_registered_and_names_real_options():
    info = game_info("stratego")
    assert info.seats == (2,) and info.default_seats == 2
    assert info.hidden_information and not info.simultaneous
    assert set(info.options) <= set(inspect.signature(new_game).parameters)


def test_owner_at_and_action_to_give_the_board_what_it_needs():
    state = game({"e3": "r8", "e4": "b3", "f3": "r3", "h8": "b2"}, mode="powers")
    assert (state.owner_at("e3"), state.owner_at("e4"), state.owner_at("e5"), state.owner_at("c4")) == (0, 1, None, None)
    assert str(state.action_to("e3", "e4")) == "e3xe4"
    assert str(state.action_to("e3", "d3")) == "e3-d3"
    assert str(state.action_to("e3", "d2", "swiftness")) == "swift e3-e2-d2"
    assert str(state.action_to("e3", "e4", "swiftness")) == "e3xe4"  # the first square is an attack
    assert str(state.action_to("e3", "e5", "flight")) == "fly e3-e5"
    assert str(state.action_to("f3", "e4", "arrow")) == "arrow f3 e4"
    assert "only a Scout" in state.why_illegal(state.action_to("e3", "e6"))
    with pytest.raises(ValueError, match="not a square"):
        state.owner_at("k1")
    with pytest.raises(NotAnActionError):
        state.action_to("e3", "e4", "teleport")


def test_hand_built_actions_with_odd_fields_are_refused_not_crashed():
    state = new_game(seed=1)
    for action in [Action("move", 3, "b3"), Action("move", "b2", None), Action(7, "b2", "b3"),
                   Action("swiftness", "b2", "b4", via=5), Action("flight", "b2", "b4", attack=[1])]:
        assert state.why_illegal(action)
    assert from_ascii(state.to_ascii()).to_ascii() == state.to_ascii()


def test_at_a_table_a_detection_answer_is_logged_for_the_mage_s_side_alone():
    from gamekit.core import Table

    table = Table(game({"e3": "r9", "f5": "b7", "h8": "b2"}, mode="powers"), [None, None], names=["Ana", "Rui"])
    table.take_screen(0)
    table.submit("detect e3 f5", 0)
    answer = "1. It is Rui's Beast Rider (7)."  # the log names the players
    assert answer in table.log(0) and answer not in table.log(1) and answer not in table.log(None)
    assert "1. Ana's Mage (9) on e3 detects the piece on f5." in table.log(None)


def test_the_public_observation_shows_public_ranks_only():
    state = game({"e3": "r9", "f5": "b7", "e4": "b3", "h8": "b2"}, mode="powers")
    state.apply("detect e3 f5")
    public = state.public_observation()
    assert public.player is None and public.piece_at("e3").rank == "9"
    assert public.piece_at("f5").rank is None and len(public.piece_at("f5").possible) > 1
    assert public.piece_at("f5").exposed  # everybody saw that the Mage looked at it
    state.apply("h8-h7")
    state.apply("e3xe4")
    assert state.public_observation().piece_at("e4").rank == "9"

