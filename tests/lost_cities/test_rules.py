"""Every rule of Lost Cities, one test each, with the digest's scoring examples."""

import doctest
import itertools
import random
from collections import Counter

import pytest

from gamekit.core import TERMINAL, IllegalActionError, RandomAgent, game_factory, play_match, save
from gamekit.lost_cities import (
    ALL_CARDS,
    PASS_NOTHING,
    Action,
    Card,
    deck_cards,
    describe_expedition,
    determinise,
    discard,
    draw,
    new_game,
    parse_action,
    pass_cards,
    play,
    rules,
    score_expedition,
)


def cards(*texts):
    return [Card.from_text(text) for text in texts]


HAND_A = ["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"]
HAND_B = ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]


def game(hands=(HAND_A, HAND_B), rounds=1, **options):
    """A game whose round 1 starts from the given hands (the rest of the deck shuffled by seed 0)."""
    position = {"hands": [list(hand) for hand in hands], **options.pop("position", {})}
    return new_game(len(hands), seed=options.pop("seed", 0), rounds=rounds, position=position, **options)


def snapshot(state) -> tuple:
    """Everything a refusal must leave alone: every card's place, the history, each seat's legal
    actions and observation."""
    seats = range(state.num_players)
    return (state.reveal(), list(state.history), [state.legal_actions(p) for p in seats],
            [state.observation(p) for p in seats], state.turns_without_deck)


def refused(state, action, *words):
    """Apply must refuse ``action``, saying all of ``words``, and leave the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)
    for word in words:
        assert word in error.value.reason, error.value.reason
    assert snapshot(state) == before
    return error.value.reason


# --- cards and scoring ---------------------------------------------------------------------------
def test_cards_read_and_print_as_text():
    assert str(Card("red", 7)) == "red 7" and str(Card("blue", 0)) == "blue wager"
    assert Card.from_text("Red  Investment") is Card("red", 0) is Card.from_text("red handshake")
    assert repr(Card("green", 10)) == "Card('green', 10)" and f"{Card('green', 10)}" == "green 10"
    assert Card("red", 0).is_wager and not Card("red", 2).is_wager
    for bad in [("red", 1), ("red", 11), ("pink", 5), ("red", "7"), ([], 3)]:
        with pytest.raises(ValueError):
            Card(*bad)
    with pytest.raises(ValueError):
        Card.from_text("red seven")


def test_cards_are_shared_immutable_values_sorted_in_colour_order():
    assert Card("red", 7) is Card("red", 7)
    with pytest.raises(AttributeError):
        Card("red", 7).value = 8
    assert sorted(cards("red 7", "yellow 2", "blue wager", "yellow wager")) == \
        cards("yellow wager", "yellow 2", "blue wager", "red 7")
    assert len(ALL_CARDS) == 60 == len(set(ALL_CARDS))  # 6 colours x (wager, 2..10)


def test_deck_composition():
    for players, colours, size in [(2, 5, 60), (4, 5, 75), (2, 6, 72), (4, 6, 90)]:
        deck = Counter(deck_cards(players, colours))
        assert sum(deck.values()) == size
        for colour in rules.COLOURS[:colours]:
            assert deck[Card(colour, 0)] == 3
            for value in range(2, 11):
                twin = players == 4 and value <= 4
                assert deck[Card(colour, value)] == (2 if twin else 1)


@pytest.mark.parametrize("texts, points", [
    ([], 0),  # never started
    (["red wager"], -40), (["red wager"] * 2, -60), (["red wager"] * 3, -80),  # wagers only: -20 x (1 + w)
    (["red 10", "red 9"], -1),
    (["red 2", "red 8", "red 10"], 0),  # exactly the break-even
    (["red wager", "red 4", "red 7", "red 10"], 2),  # (21 - 20) x 2
    (["red wager", "red wager", "red 2", "red 3"], -45),  # (5 - 20) x 3
    (["red 2", "red 3", "red 4", "red 5", "red 6", "red 7", "red 8", "red 9"], 44 - 20 + 20),  # 8 cards
    (["red wager", "red 2", "red 3", "red 4", "red 5", "red 6", "red 7", "red 8"], (35 - 20) * 2 + 20),
    (["red wager"] * 3 + ["red 2", "red 3", "red 4", "red 5", "red 6"], 0 * 4 + 20),  # bonus after x4
    (["red wager"] * 3 + [f"red {v}" for v in range(2, 11)], 156),  # the digest's maximum
])
def test_scoring_table(texts, points):
    assert score_expedition(cards(*texts)) == points


def test_every_possible_expedition_scores_between_minus_80_and_156():
    values = range(2, 11)
    scores = [score_expedition([Card("blue", 0)] * wagers + [Card("blue", v) for v in numbers])
              for wagers in range(4) for k in range(10) for numbers in itertools.combinations(values, k)]
    assert min(scores) == -80 and max(scores) == 156


def test_scoring_is_worked_through_for_students():
    assert describe_expedition(cards("red wager", "red 4", "red 7", "red 10")) == "(4 + 7 + 10 - 20) x 2 = 2"
    assert describe_expedition(cards("red wager", "red wager")) == "(0 - 20) x 3 = -60"
    assert describe_expedition([]) == "not started: 0"
    assert "+ 20 (for 8 cards)" in describe_expedition(cards(*[f"red {v}" for v in range(2, 10)]))


def test_three_card_sets_reaching_the_break_even():  # the "3 cards: 30 of 84"
    sets = list(itertools.combinations(range(2, 11), 3))
    assert len(sets) == 84 and sum(sum(s) >= 20 for s in sets) == 30


# --- set-up ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, colours, deck", [(2, 5, 44), (4, 5, 43), (2, 6, 56), (4, 6, 58)])
def test_deal_eight_cards_each_and_the_rest_is_the_deck(players, colours, deck):
    state = new_game(players, seed=3, colours=colours)
    assert [len(hand) for hand in state.hands] == [8] * players
    assert len(state.deck) == deck and state.current_player == 0 and state.step == "play"
    assert Counter([*itertools.chain(*state.hands), *state.deck]) == Counter(deck_cards(players, colours))
    assert all(not pile for pile in state.discards.values()) and list(state.discards) == list(state.colours)
    assert state.expeditions == [{c: [] for c in state.colours}] * 2


def test_the_seed_fixes_the_deal_and_none_draws_a_fresh_stored_seed():
    assert new_game(seed=9).hands == new_game(seed=9).hands != new_game(seed=10).hands
    state = new_game()
    assert isinstance(state.seed, int) and new_game(seed=state.seed).deck == state.deck


def test_the_deck_top_is_its_last_card():
    state = game(position={"deck": ["green 2", "red 5"]})
    assert state.deck[-1] == Card("green", 2) and state.deck[-2] == Card("red", 5)
    state.apply("discard yellow 7")
    state.apply("draw deck")
    assert Card("green", 2) in state.hands[0]


@pytest.mark.parametrize("options, message", [
    ({"players": 3}, "2 players, or 4"), ({"players": True}, "2 players"), ({"colours": 4}, "colours"),
    ({"rounds": 0}, "rounds"), ({"rounds": 2.0}, "rounds"), ({"hand_size": 13}, "hand_size"),
    ({"pass_timing": "before"}, "pass_timing"), ({"first_player": 2}, "first_player"),
    ({"position": {"hands": [["red 7"]]}}, "one hand per seat"),
    ({"position": {"hands": [["red 7"], ["red 7"]]}}, "more often than the deck"),
    ({"position": {"hands": [["purple 7"], ["red 7"]]}}, "5 colours"),
    ({"position": {"hands": [["red 7"], []]}}, "at least one card"),
    ({"position": {"hands": [["red 7"], ["red 8"]], "expeditions": [{"red": ["red 5", "red 4"]}, {}]}}, "must rise"),
    ({"position": {"hands": [["red 7"], ["red 8"]], "expeditions": [{"red": ["red 5", "red wager"]}, {}]}}, "wagers"),
    ({"position": {"hands": [["red 7"], ["red 8"]], "discards": {"blue": ["red 5"]}}}, "only blue"),
    ({"position": {"hands": [["red 7"], ["red 8"]], "stuff": 1}}, "unknown key"),
    ({"position": {"hands": [["red 7"], [7]]}}, "written as text"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        new_game(**options)


def test_registered_and_playable_by_the_core_arena():
    assert game_factory("lost_cities") is new_game
    record = play_match("lost_cities", [RandomAgent(1), RandomAgent(2)], seed=4, options={"rounds": 1})
    assert record.result["scores"] and record.new_state().hands == new_game(seed=4, rounds=1).hands


# --- a turn -----------------------------------------------------------------------------------------
def test_a_turn_is_play_or_discard_then_draw_then_the_other_player():
    state = game()
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {"play", "discard"}
    assert len(state.legal_actions()) == len(set(state.legal_actions()))
    state.apply("discard yellow 7")
    assert state.current_player == 0 and state.step == "draw"
    assert {a.kind for a in state.legal_actions()} == {"draw"}
    state.apply("draw deck")
    assert state.current_player == 1 and state.step == "play" and len(state.hands[0]) == 8


def test_every_card_may_be_discarded_and_plays_follow_the_expedition_rules():
    state = game()
    legal = set(map(str, state.legal_actions()))
    assert {f"discard {c}" for c in HAND_A} <= legal and {f"play {c}" for c in HAND_A} <= legal
    refused(state, "draw deck", "first play or discard")


def test_wagers_go_down_only_before_any_number_and_may_stack():
    wagers = ["red wager"] * 3 + ["red 4", "blue 2", "blue 3", "white 10", "green 5"]
    state = game(hands=(wagers, HAND_B))
    for _ in range(3):
        state.apply("play red wager")
        state.apply("draw deck")
        state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
        state.apply("draw deck")
    state.apply("play red 4")
    state.apply("draw deck")
    assert state.expeditions[0]["red"] == cards("red wager", "red wager", "red wager", "red 4")
    assert state.round_scores()[0] == (4 - 20) * 4


def test_a_wager_after_a_number_is_refused():
    state = game(hands=(["red wager", "red wager"] + HAND_A[1:], HAND_B))
    state.apply("play red 4")
    state.apply("draw deck")
    state.apply("discard yellow 2")
    state.apply("draw deck")
    assert "play red wager" not in map(str, state.legal_actions())
    refused(state, "play red wager", "a wager can only start an expedition", "the red 4")


def test_numbers_must_rise_but_need_not_be_consecutive_and_each_side_has_its_own_row():
    state = game()
    state.apply("play red 4")
    state.apply("draw deck")
    state.apply("play red 3")  # player 1's own red expedition: independent of player 0's
    state.apply("draw deck")
    state.apply("play red 9")  # 4 then 9: gaps are fine
    assert state.expeditions[0]["red"] == cards("red 4", "red 9")
    assert state.expeditions[1]["red"] == cards("red 3")
    state.apply("draw deck")
    assert "play red 2" not in map(str, state.legal_actions())  # below player 1's red 3
    refused(state, "play red 2", "cannot follow the red 3")


def test_a_lower_number_is_refused_with_the_reason():
    state = game(position={"hands": [HAND_A, HAND_B], "expeditions": [{"red": ["red 10"]}, {}]})
    reason = refused(state, "play red 4", "cannot follow the red 10", "must rise")
    assert "strictly" not in reason
    refused(state, "play red wager", "only start an expedition")


def test_you_cannot_play_or_discard_a_card_you_do_not_hold():
    state = game()
    refused(state, "play red 2", "you do not hold the red 2")
    refused(state, "discard blue 8", "you do not hold the blue 8")
    refused(state, "play purple 5", "no purple expedition")


def test_draw_the_top_of_a_discard_pile_but_not_the_card_just_discarded():
    state = game(position={"hands": [HAND_A, HAND_B], "discards": {"green": ["green 3", "green 7"]}})
    state.apply("discard white 10")
    assert {str(a) for a in state.legal_actions()} == {"draw deck", "draw green"}
    refused(state, "draw white", "may not take back the card you discarded")
    state.apply("draw green")
    assert state.hands[0][-1] == Card("green", 7) and state.discards["green"] == cards("green 3")
    state.apply("discard white 6")
    refused(state, "draw white", "the white 6 was just discarded")
    state.apply("draw deck")
    state.apply("discard green 7")
    state.apply("draw deck")
    state.apply("discard yellow 2")
    state.apply("draw white")  # the white 6, discarded a turn ago: allowed now
    assert Card("white", 6) in state.hands[1] and state.discards["white"] == cards("white 10")


def test_drawing_from_an_empty_pile_is_refused():
    state = game()
    state.apply("play red 4")
    refused(state, "draw blue", "blue discard pile is empty")
    refused(state, "play red 9", "now draw")


def test_the_round_ends_the_moment_the_last_card_is_drawn():
    state = new_game(seed=1, rounds=1)
    while len(state.deck) > 1:
        state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
        state.apply("draw deck")
    state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
    state.apply("draw deck")
    assert state.is_terminal and state.current_player == TERMINAL and state.legal_actions(0) == state.legal_actions(1) == []
    refused(state, "draw deck", "game is over")
    assert state.deck == [] and len(state.round_results) == 1


def test_round_scoring_counts_each_started_expedition():
    state = game(position={"hands": [HAND_A, HAND_B],
                           "expeditions": [{"red": ["red wager", "red 5", "red 6"], "blue": ["blue 4"]},
                                           {"white": ["white 2", "white 3", "white 5", "white 7", "white 8"]}]})
    assert state.round_scores() == [(11 - 20) * 2 + (4 - 20), 25 - 20]
    assert state.scores() == state.round_scores() and state.side_scores() == state.round_scores()


# --- the match ---------------------------------------------------------------------------------------
def play_round_by_discarding(state):
    number = state.round
    while state.round == number and not state.is_terminal:
        state.apply(next(a for a in state.legal_actions() if a.kind == "discard") if state.step == "play" else "draw deck")


def test_a_match_of_three_rounds_carries_totals_and_the_leader_starts():
    state = new_game(seed=2)
    assert state.rounds == 3
    state.apply("play " + str(state.hands[0][0]))  # player 0 opens an expedition and falls behind
    state.apply("draw deck")
    play_round_by_discarding(state)
    first = state.round_results[0]
    assert state.round == 2 and first.totals == first.scores and first.scores[0] < 0 == first.scores[1]
    assert state.totals == list(first.totals) and state.current_player == 1 == state.starter
    assert all(len(hand) == 8 for hand in state.hands) and len(state.deck) == 44
    assert state.expeditions == [{c: [] for c in state.colours}] * 2
    play_round_by_discarding(state)
    assert state.round == 3 and state.starter == 1  # still the leader
    play_round_by_discarding(state)
    assert state.is_terminal and len(state.round_results) == 3
    assert state.scores() == state.totals == list(state.round_results[-1].totals)
    assert state.winners() == [1]


def test_level_totals_pass_the_start_to_the_next_seat_and_a_tie_is_a_tie():
    state = new_game(seed=2, rounds=2, first_player=1)
    play_round_by_discarding(state)
    assert state.totals == [0, 0] and state.starter == 0
    play_round_by_discarding(state)
    assert state.winners() == [0, 1] and state.scores() == [0, 0]


def test_winners_are_empty_until_the_end():
    state = new_game(seed=1)
    assert state.winners() == []


def test_round_results_describe_each_expedition():
    state = game(position={"hands": [HAND_A, HAND_B], "expeditions": [{"red": ["red wager", "red 5"]}, {}]})
    play_round_by_discarding(state)
    text = state.round_results[0].describe()
    assert "player 0: -30" in text and "(5 - 20) x 2 = -30" in text


# --- four players ------------------------------------------------------------------------------------
FOUR = [["red 3", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
        ["red 2", "red 5", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"],
        ["red 3", "red 6", "blue 4", "blue 5", "white 2", "white 3", "green 2", "yellow 3"],
        ["red 7", "red 8", "blue 6", "blue 7", "white 7", "white 8", "green 3", "yellow 4"]]


def test_partners_share_expeditions_and_numbers_rise_strictly():
    state = game(hands=FOUR)
    state.apply("play red 3")
    state.apply("draw deck")
    state.apply("discard yellow 2")  # seat 1
    state.apply("draw deck")
    assert state.current_player == 2 and state.side_of(2) == 0
    reason = refused(state, "play red 3", "strictly", "two equal numbers")
    assert "play red 3" not in map(str, state.legal_actions())
    state.apply("play red 6")  # seat 2 builds on team 0's red expedition
    assert state.expeditions[0]["red"] == cards("red 3", "red 6")
    assert "red 4" not in map(str, state.legal_actions()) and reason


def test_four_player_scores_are_per_seat_with_partners_sharing_and_teams_win_together():
    state = game(hands=FOUR, position={"hands": FOUR, "expeditions": [{"red": ["red 2", "red 10"]}, {}]})
    assert state.scores() == [-8, 0, -8, 0] and state.side_scores() == [-8, 0]
    play_round_by_discarding(state)
    assert state.winners() == [1, 3]


def test_passing_two_cards_instead_of_a_turn():
    state = game(hands=FOUR)
    passes = [a for a in state.legal_actions() if a.kind == "pass"]
    assert pass_cards("red 9", "white 10") in passes and len(passes) == 28  # 8 different cards
    state.apply("pass white 10 and red 9")
    assert state.current_player == 1 and state.step == "play"  # the pass was the whole turn
    assert len(state.hands[0]) == 6 and len(state.hands[2]) == 10
    assert Card("white", 10) in state.hands[2] and len(state.deck) == 75 - 32
    state.apply("discard yellow 2")
    state.apply("draw deck")
    state.apply("pass white 10 and red 9")  # the partner passes them back
    state.apply("discard yellow 4")
    state.apply("draw deck")
    assert state.current_player == 0 and len(state.hands[0]) == 8
    refused(state, "pass nothing", "replaces a turn")


def test_a_pass_may_never_leave_fewer_than_six_cards():
    state = game(hands=FOUR)
    state.apply("pass white 10 and red 9")
    for seat_action in ["discard yellow 2", "draw deck", "discard white 3", "draw deck", "discard yellow 4", "draw deck"]:
        state.apply(seat_action)
    assert state.current_player == 0 and len(state.hands[0]) == 6
    assert not [a for a in state.legal_actions() if a.kind == "pass"]
    refused(state, "pass red 3 and red 4", "never passes below 6", "leave you with 4")


def test_pass_problems_are_explained():
    state = game(hands=FOUR)
    refused(state, "pass red 2 and red 3", "you do not hold the red 2")
    refused(state, "pass red 3 and red 3", "you do not hold two of the red 3")
    state.apply("discard yellow 7")
    refused(state, "pass red 3 and red 4", "replaces a whole turn")
    two = game()
    refused(two, "pass red 4 and red 9", "four-player partnership game")


def test_passing_after_a_normal_turn():
    state = game(hands=FOUR, pass_timing="after")
    assert all(a.kind != "pass" for a in state.legal_actions())
    refused(state, "pass red 3 and red 4", "after a normal turn")
    state.apply("discard yellow 7")
    state.apply("draw deck")
    assert state.current_player == 0 and state.step == "pass"
    legal = state.legal_actions()
    assert legal[0] == PASS_NOTHING and len(legal) == 1 + 28
    refused(state, "discard red 3", "pass two cards to your partner")
    state.apply("pass red 3 and red 4")
    assert state.current_player == 1 and len(state.hands[0]) == 6 and len(state.hands[2]) == 10
    state.apply("discard yellow 2")
    state.apply("draw deck")
    state.apply("pass nothing")  # seat 1 keeps everything
    assert state.current_player == 2
    state.apply("discard yellow 3")
    state.apply("draw deck")
    assert state.step == "pass" and state.current_player == 2  # ten cards: may pass
    state.apply("pass nothing")
    state.apply("discard yellow 4")
    state.apply("draw deck")
    state.apply("pass nothing")
    state.apply("discard white 10")
    state.apply("draw deck")
    assert state.current_player == 1  # six cards: no pass step for seat 0


# --- what players see -------------------------------------------------------------------------------
def test_observations_hide_the_other_hand_and_the_deck_order():
    state = game()
    seen = state.observation(1)
    assert seen.hand == tuple(sorted(cards(*HAND_B))) and seen.deck_size == 44 and seen.hand_sizes == (8, 8)
    assert seen.known[0] == () and seen.known[1] == seen.hand
    assert not hasattr(seen, "deck") and not hasattr(seen, "hands")
    assert len(seen.unseen()) == 44 + 8 and Counter(seen.unseen()) == Counter(state.deck + state.hands[0])
    assert seen.to_move == 0 and seen.step == "play" and seen.blocked is None
    assert seen.turns_left() == 22 == state.observation(0).turns_left()


def test_cards_taken_from_a_pile_are_known_until_they_leave_the_hand():
    state = game(position={"hands": [HAND_A, HAND_B], "discards": {"green": ["green 7"]}})
    state.apply("discard yellow 7")
    assert state.observation(1).blocked == "yellow"
    state.apply("draw green")
    assert state.observation(1).known[0] == (Card("green", 7),)
    assert Card("green", 7) not in state.observation(1).unseen()
    state.apply("discard red 2")
    state.apply("draw deck")
    state.apply("play green 7")
    assert state.observation(1).known[0] == ()


def test_partners_know_what_they_passed_and_opponents_only_that_the_team_holds_it():
    state = game(hands=FOUR, position={"hands": FOUR, "discards": {"green": ["green 7"]}})
    state.apply("discard yellow 7")
    state.apply("draw green")  # seat 0 takes the green 7 in view of all
    assert state.observation(1).known[0] == (Card("green", 7),)
    state.apply("discard yellow 2")
    state.apply("draw deck")
    state.apply("discard yellow 3")
    state.apply("draw deck")
    state.apply("discard yellow 4")
    state.apply("draw deck")
    state.apply("pass green 7 and red 9")  # seat 0 passes face down
    for rival in (1, 3):
        seen = state.observation(rival)
        assert seen.known[0] == () and seen.pooled == (Card("green", 7),)
    partner = state.observation(2)
    assert set(partner.hand) >= {Card("green", 7), Card("red", 9)} and partner.known[0] == ()
    assert set(state.observation(0).known[2]) == {Card("green", 7), Card("red", 9)}
    state.apply("discard red 5")
    state.apply("draw deck")
    state.apply("play green 7")  # seat 2 plays it: nobody need remember it any more
    assert state.observation(1).pooled == () and Card("green", 7) not in state.observation(0).known[2]


def test_determinise_deals_the_unseen_cards_consistently():
    state = new_game(seed=8, rounds=1)
    rng = random.Random(0)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    seen = state.observation(state.current_player)
    guess = determinise(seen, random.Random(1))
    me = seen.player
    assert sorted(guess.hands[me]) == list(seen.hand)
    assert guess.discards == state.discards and guess.expeditions == state.expeditions
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands] and len(guess.deck) == len(state.deck)
    assert Counter(guess.deck + guess.hands[1 - me]) == Counter(seen.unseen() + list(seen.known[1 - me]))
    assert set(map(str, guess.legal_actions())) == set(map(str, state.legal_actions()))
    while not guess.is_terminal:
        guess.apply(rng.choice(guess.legal_actions()))


# --- text, explanations and copies --------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("play red 7", play("red 7")), ("  Discard  BLUE wager ", discard("blue wager")),
    ("discard blue investment", discard("blue 0")), ("draw deck", draw()), ("draw from the deck", draw()),
    ("draw green", draw("green")), ("draw from green", draw("green")),
    ("pass red 7 and blue 3", pass_cards("blue 3", "red 7")), ("pass nothing", PASS_NOTHING),
])
def test_action_texts(text, expected):
    state = new_game(seed=0)
    assert state.parse(text) is expected
    assert parse_action(str(expected)) is expected


@pytest.mark.parametrize("text", ["play", "play red", "play red 11", "draw", "draw pink", "fold", "pass red 7",
                                  "play red 7 please", "", "discard pink 3"])
def test_texts_that_are_not_actions_are_refused(text):
    refused(new_game(seed=0), text)


def test_actions_are_shared_comparable_hashable_values():
    assert Action("play", Card("red", 7)) is play("red 7") == play(Card("red", 7))
    assert Action("pass", cards=()) is PASS_NOTHING and str(PASS_NOTHING) == "pass nothing"
    assert sorted([draw(), discard("red 2"), play("blue 3"), play("yellow 9")]) == \
        [play("yellow 9"), play("blue 3"), discard("red 2"), draw()]
    assert len({play("red 7"), play("red 7"), discard("red 7")}) == 2
    with pytest.raises(AttributeError):
        play("red 7").kind = "discard"
    assert repr(draw("green")) == "Action(kind='draw', source='green')"
    odd = Action("play", "red 7")
    assert odd != Action("play", "red 7") and "Action(kind='play'" in str(odd)
    assert pass_cards("red 7", "blue 3").cards == (Card("blue", 3), Card("red", 7))


def test_explain_says_why():
    state = game()
    assert state.explain("play red 4").startswith("Legal: player 0 may play the red 4")
    assert state.explain("play red 2") == "Illegal: you do not hold the red 2"
    assert state.explain("play red 2", player=1).startswith("Illegal: it is not player 1's turn")
    assert state.explain("discard red 2", player=1) == "Illegal: it is not player 1's turn"
    assert state.explain(Action("play", "red 4")).startswith("Illegal: to play, name a card")
    assert state.explain(Action("draw", source="sea")).startswith("Illegal: draw from 'deck' or a colour")
    assert state.explain(Action("jump")).startswith("Illegal: an action's kind is one of")
    assert state.explain(42).startswith("Illegal: 42 is not an action")


def test_clone_is_independent_and_replays_identically():
    state = new_game(seed=5)
    twin = state.clone()
    rng1, rng2 = random.Random(3), random.Random(3)
    while not state.is_terminal:
        state.apply(rng1.choice(state.legal_actions()))
    assert twin.history == [] and len(twin.deck) == 44
    while not twin.is_terminal:
        twin.apply(rng2.choice(twin.legal_actions()))
    assert twin.history == state.history and twin.totals == state.totals


@pytest.mark.parametrize("copier", ["clone", "deepcopy", "pickle"])
@pytest.mark.parametrize("step", [0, 1, 31])  # at a play step, a draw step, and mid-round
def test_copies_play_on_exactly_like_the_original(copier, step):
    # The hot fields live in __slots__ and the legal-move table is shared with the menus: every
    # way of copying a state must carry both, and the copy must never touch the original.
    import copy
    import pickle

    state = new_game(seed=11, rounds=2)
    rng = random.Random(4)
    for _ in range(step):
        state.apply(rng.choice(state.legal_actions()))
    copy_of = {"clone": lambda s: s.clone(), "deepcopy": copy.deepcopy,
               "pickle": lambda s: pickle.loads(pickle.dumps(s))}[copier]
    twin = copy_of(state)
    for game in (state, twin):
        moves = random.Random(9)
        while not game.is_terminal:
            game.apply(moves.choice(game.legal_actions()))
    assert twin.history == state.history and twin.totals == state.totals
    assert save(twin) == save(state) and str(twin) == str(state)


def test_the_state_prints_for_a_reader():
    text = str(game(position={"hands": [HAND_A, HAND_B], "discards": {"blue": ["blue 4", "blue 5"]}}))
    assert "round 1 of 1: player 0 to play or discard" in text and "deck 42 cards" in text
    assert "blue blue 5 (2)" not in text and "blue 5 (2)" in text and "player 1: 8 cards in hand" in text


def test_the_printed_state_shows_only_public_cards_and_reveal_shows_everything():
    state = game(position={"hands": [HAND_A, HAND_B], "discards": {"green": ["green 7"]}})
    state.apply("discard yellow 7")
    state.apply("draw green")  # everyone saw the green 7 taken
    public = str(state)
    for card in HAND_A[:-1] + HAND_B:
        assert f"{card} " not in public + " " or card in ("green 7",), card
    assert "taken from the piles: green 7" in public and str(state.deck[-1]) not in public.split("deck")[-1]
    secret = state.reveal()
    assert all(card in secret for card in HAND_A[:-1] + HAND_B) and "deck, top first: " + str(state.deck[-1]) in secret
    assert "<table" in state._repr_html_() and "red 4" not in state._repr_html_()


def test_module_doctests():
    assert doctest.testmod(rules).failed == 0


def test_determinise_with_partners_keeps_known_and_pooled_cards_where_they_may_be():
    state = game(hands=FOUR, position={"hands": FOUR, "discards": {"green": ["green 7"]}})
    for text in ["discard yellow 7", "draw green", "discard yellow 2", "draw deck", "discard yellow 3",
                 "draw deck", "discard yellow 4", "draw deck", "pass green 7 and red 9"]:
        state.apply(text)
    seen = state.observation(1)  # an opponent of the passing team
    assert seen.pooled == (Card("green", 7),)
    rng = random.Random(5)
    for _ in range(20):
        guess = determinise(seen, rng)
        assert sorted(guess.hands[1]) == list(seen.hand)
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        assert Card("green", 7) in guess.hands[0] + guess.hands[2]
        assert Counter(guess.deck + guess.hands[0] + guess.hands[2] + guess.hands[3]) == \
            Counter(seen.unseen() + list(seen.pooled) + [c for seat in (0, 2, 3) for c in seen.known[seat]])
    partner = determinise(state.observation(0), rng)
    assert {Card("green", 7), Card("red", 9)} <= set(partner.hands[2])


# --- the kit's readings (issue 12) -------------------------------------------------------------------
def test_after_a_discard_the_refusal_says_a_card_was_discarded_not_played():
    state = game()
    state.apply("discard red 9")
    assert state.explain("play red wager") == ("Illegal: you have discarded the red 9 this turn: "
                                               "now draw from the deck or the top of a discard pile")
    state.apply("draw deck")
    state.apply("play red 2")
    assert state.why_illegal("play red 3") == ("you have played the red 2 this turn: "
                                               "now draw from the deck or the top of a discard pile")


@pytest.mark.parametrize("colours", [5, 6])
def test_a_draw_from_no_pile_lists_the_colours_of_the_game_at_hand(colours):
    state = new_game(seed=1, colours=colours)
    reason = state.why_illegal(Action("draw", source="sky"))
    named = "yellow, blue, white, green, red" + (", purple" if colours == 6 else "")
    assert reason == f"draw from 'deck' or a colour ({named}), not 'sky'"
    refused(state, Action("draw", source="sky"), named)


def test_four_players_with_six_colours_is_labelled_the_kits_own_variant():
    assert new_game(4, colours=6).variant.startswith("the kit's own variant")
    assert len(deck_cards(4, 6)) == 90
    for players, colours in [(2, 5), (2, 6), (4, 5)]:
        assert "kit's own" not in new_game(players, colours=colours).variant
    assert "kit's own variant" in new_game.__doc__ and "kit's own variant" in rules.__doc__


def drawing_from_piles_only(state, rng) -> int:
    """Play the round as two stubborn players would: discard, then take a pile's top whenever
    any pile may be taken (passing whenever passing is allowed); return the turns played."""
    turns = 0
    start = state.round
    while not state.is_terminal and state.round == start:
        legal = state.legal_actions()
        passes = [a for a in legal if a.kind == "pass" and a.cards]
        piles = [a for a in legal if a.kind == "draw" and a.source != "deck"]
        if passes:
            action = rng.choice(passes)
        elif piles:
            action = rng.choice(piles)
        else:
            discards = [a for a in legal if a.kind == "discard"]
            action = rng.choice(discards or legal)
        if action.kind in ("draw", "pass") and (action.kind == "draw" or state.step == "play"):
            turns += 1
        state.apply(action)
    return turns


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "pass_timing": "instead"}],
                         ids=["pile draws", "partners passing"])
def test_every_round_ends_within_the_documented_bound(options):
    # Without the bound, both ways of stalling would go on for ever; with it, a round lasts at
    # most (deck after the deal) x (stall_limit + 1) turns.
    for seed in range(5):
        state = new_game(seed=seed, rounds=1, stall_limit=4, **options)
        deck = len(state.deck)
        turns = drawing_from_piles_only(state, random.Random(seed))
        assert state.is_terminal and turns <= deck * (4 + 1)


def test_stalled_turns_must_draw_from_the_deck_and_say_why():
    state = game(stall_limit=2, position={"hands": [HAND_A, HAND_B], "discards": {"green": ["green 7"]}})
    for text in ["discard yellow 7", "draw green", "discard white 4", "draw yellow"]:
        state.apply(text)
    assert state.turns_without_deck == 2 and state.stalled
    state.apply("discard blue 2")
    assert state.legal_actions() == [draw("deck")]
    reason = refused(state, "draw white", "nobody has drawn from the deck for 2 turns")
    assert reason.endswith("draw from the deck now")
    state.apply("draw deck")
    assert state.turns_without_deck == 0 and not state.stalled
    assert state.observation(0).turns_without_deck == 0 and state.observation(0).stall_limit == 2


def test_a_stalled_partnership_may_not_pass_instead_of_a_turn():
    state = game(hands=FOUR, stall_limit=1, position={"hands": FOUR})
    pair = pass_cards(*FOUR[0][:2])
    assert state.is_legal(pair) and state.may_pass(0)
    state.apply(pair)
    assert state.stalled and not state.may_pass(1)
    assert not any(action.kind == "pass" for action in state.legal_actions())
    refused(state, pass_cards(*FOUR[1][:2]), "nobody has drawn from the deck for 1 turn in a row", "then draw from the deck")


def test_the_stall_limit_is_checked_and_can_be_switched_off():
    for wrong in (0, -3, 1.5, True, "100", 10**6):
        with pytest.raises(ValueError, match="stall_limit"):
            new_game(stall_limit=wrong)
    state = new_game(seed=2, stall_limit=None)
    assert state.stall_limit is None and new_game().stall_limit == rules.STALL_LIMIT == 100


# --- the protocol every game shares ------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 4, "pass_timing": "after"}, {"colours": 6}],
                         ids=["2 players", "4 players", "4 players, pass after", "6 colours"])
def test_legal_actions_come_sorted_and_agree_with_is_legal(options):
    rng = random.Random(1)
    for seed in range(15):
        state = new_game(seed=seed, rounds=1, **options)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal == state.legal_actions(state.current_player)
            assert all(state.is_legal(action) and state.why_illegal(action) is None for action in legal)
            others = [p for p in range(state.num_players) if p != state.current_player]
            assert all(state.legal_actions(p) == [] for p in others)
            state.apply(rng.choice(legal))
        assert state.legal_actions() == [] and all(state.legal_actions(p) == [] for p in range(state.num_players))
        assert not state.is_legal("draw deck") and not state.may_pass()


def test_parse_names_actions_and_refuses_non_actions_as_not_actions():
    from gamekit.core import NotAnActionError

    state = new_game(seed=0)
    assert state.parse(" Play  RED 7 ") is play("red 7") and state.parse("draw purple") is draw("purple")
    for text in ["fly to Mars", "play red 11", "pass red 7", ""]:
        with pytest.raises(NotAnActionError):
            state.parse(text)
    assert state.why_illegal("play red 11").startswith("'play red 11'")


def test_the_game_registers_what_it_is():
    from gamekit.core import game_info

    info = game_info("lost_cities")
    assert info.seats == (2, 4) and info.default_seats == 2 and not info.simultaneous and info.hidden_information
    assert set(info.options) == set(new_game.__code__.co_varnames[:new_game.__code__.co_argcount
                                                               + new_game.__code__.co_kwonlyargcount]) - {"seed"}


def test_the_outcome_names_the_winner_in_words():
    state = new_game(seed=4, rounds=1)
    rng = random.Random(2)
    assert state.outcome() is None
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    outcome = state.outcome()
    assert outcome.winners == tuple(state.winners()) and outcome.scores == tuple(state.scores())
    leader = outcome.winners[0]
    assert outcome.reason == f"player {leader} wins the match, {state.totals[0]:+d} to {state.totals[1]:+d} after 1 round"


def test_partners_are_public_and_may_pass_follows_the_rule():
    state = game(hands=FOUR, position={"hands": FOUR})
    assert [state.partner(seat) for seat in range(4)] == [2, 3, 0, 1] and new_game().partner(0) is None
    assert state.may_pass() and state.may_pass(0) and not state.may_pass(1)
    short = new_game(4, seed=1, hand_size=6)  # six cards: a pass would leave four, so never legal
    assert not short.may_pass() and not any(a.kind == "pass" for a in short.legal_actions())


def test_an_observation_shows_the_moment_it_was_taken_even_when_read_later():
    import copy
    import pickle

    state = game()
    early = state.observation(1)  # held, not read, while the game moves on
    fresh = state.observation(1)
    assert fresh.hand == tuple(sorted(cards(*HAND_B)))  # read now
    state.apply("play red 4")
    state.apply("draw deck")
    assert early.to_move == 0 and early.step == "play" and early.expeditions[0]["red"] == ()
    assert early == fresh and early != state.observation(1)
    assert state.observation(1).expeditions[0]["red"] == (Card("red", 4),)
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)), state.clone()):
        assert twin.observation(1) == state.observation(1)
    held = state.observation(0)
    copied = (copy.deepcopy(held), pickle.loads(pickle.dumps(held)))
    state.apply("discard white 4")
    assert all(twin == held and twin.step == "play" for twin in copied)
    with pytest.raises(AttributeError):
        held.hand = ()
    assert "LostCitiesObservation(player=0" in repr(held)


def test_an_observation_is_cheap_until_read_and_the_same_as_one_built_from_its_fields():
    from gamekit.lost_cities.rules import OBSERVATION_FIELDS, LostCitiesObservation

    state = new_game(seed=3)
    seen = state.observation(0)
    built = LostCitiesObservation(**{name: getattr(seen, name) for name in OBSERVATION_FIELDS})
    assert built == seen and built.unseen() == seen.unseen()
    with pytest.raises(TypeError, match="missing"):
        LostCitiesObservation(player=0)
    with pytest.raises(AttributeError):
        seen.deck  # noqa: B018 (an observation has no deck)


def test_the_log_says_each_step_in_words_and_keeps_a_pass_between_partners():
    state = game(hands=FOUR, position={"hands": FOUR, "discards": {"green": ["green 7"]}})
    for text in ["discard yellow 7", "draw green", "play red 5", "draw deck", "pass blue 4 and blue 5"]:
        state.apply(text)
    names = ["Ana", "Rui", "Eva", "Tom"]
    assert state.log_lines(1, names=names) == [
        "Ana discards the yellow 7", "Ana takes the top card of the green pile", "Rui plays the red 5",
        "Rui draws from the deck", "Eva passes two cards face down to Ana"]
    for partner in (0, 2):
        assert state.log_lines(partner, start=4)[-1] == "player 2 passes the blue 4 and the blue 5 to player 0"
    assert state.log_lines(None, start=4) == ["player 2 passes two cards face down to player 0"]


def test_the_log_scores_each_round_at_its_last_draw():
    state = new_game(seed=2, rounds=2)
    rng = random.Random(0)
    while state.round == 1:
        state.apply(rng.choice(state.legal_actions()))
    result = state.round_results[0]
    assert result.step == len(state.history)
    lines = state.log_lines(0, start=result.step - 1, names=["Ana", "Rui"])
    assert lines[-1] == (f"Round 1 scored: Ana {result.scores[0]:+d}, Rui {result.scores[1]:+d} "
                         f"(match: Ana {result.totals[0]:+d}, Rui {result.totals[1]:+d})")


def test_the_public_observation_shows_what_everyone_saw_and_no_hand():
    state = game(position={"hands": [HAND_A, HAND_B], "discards": {"green": ["green 7"]}})
    state.apply("discard yellow 7")
    state.apply("draw green")
    public = state.public_observation()
    assert public.player is None and public.hand == () and public.known == ((Card("green", 7),), ())
    assert public.expeditions == state.observation(1).expeditions and public.hand_sizes == (8, 8)


def test_a_rounds_scoring_names_the_sides_when_given_names():
    state = new_game(4, seed=2, rounds=1)
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    text = state.round_results[0].describe(names=["Ana", "Rui", "Eva", "Tom"])
    assert f"Ana & Eva: {state.totals[0]:+d}" in text and f"Rui & Tom: {state.totals[1]:+d}" in text
    assert "team 0" in state.round_results[0].describe(teams=True)


def test_the_log_speaks_to_you_as_you():
    state = game()
    state.apply("play red 4")
    state.apply("draw deck")
    assert state.log_lines(0, names=["You", "Computer"]) == ["You play the red 4", "You draw from the deck"]


@pytest.mark.parametrize("text", ["play red " + "9" * 5000, "play red " + "9" * 4000, "discard red 0007",
                                  "play red ７", "draw " + "x" * 10_000])
def test_long_or_odd_numbers_are_refused_briefly_as_not_actions(text):
    from gamekit.core import NotAnActionError

    state = new_game(seed=0)
    with pytest.raises(NotAnActionError) as refusal:
        state.parse(text)
    assert len(refusal.value.reason) < 300
    refused(state, text)
