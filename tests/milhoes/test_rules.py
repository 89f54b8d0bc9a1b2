"""Every rule of Milhões, the booklet's own examples first (players named as in the booklet)."""

import random
from dataclasses import replace

import pytest

from gamekit.core import SIMULTANEOUS, TERMINAL, IllegalActionError, save
from gamekit.milhoes import Bid, Memory, decide_game_winners, decide_winner, default_points, goofspiel, new_game

JACK, PETER, CAROL, MARY = range(4)


def booklet_game(order, players=4, **options):
    """A game whose Points cards are turned in ``order`` (the rest follow in a fixed order)."""
    rest = [v for v in default_points() if v not in order]
    return new_game(players, seed=0, points_order=list(order) + rest, **options)


def play(state, *bids):
    state.apply_joint(dict(enumerate(Bid(b) for b in bids)))
    return state.rounds[-1]


# --- the booklet's examples -----------------------------------------------------------------
def test_a_battle_goes_to_the_highest_card():  # "Carol ... wins the Battle Card which is worth 2"
    state = booklet_game([2])
    result = play(state, 5, 3, 11, 8)
    assert result.winner == CAROL and result.contest == "highest" and state.won[CAROL] == [2]


def test_a_red_baron_goes_to_the_lowest_card():  # "Peter ... is attributed the Red Baron ... -3"
    state = booklet_game([-3])
    result = play(state, 5, 1, 11, 8)
    assert result.winner == PETER and result.contest == "lowest" and state.scores()[PETER] == -3


def test_ties_on_the_highest_cancel_and_the_next_unique_wins():
    # "Jack and Carol ... tied ... Mary wins because she played the second card with the HIGHEST score"
    state = booklet_game([7])
    result = play(state, 10, 2, 10, 9)
    assert result.cancelled == (10,) and result.winner == MARY
    assert "Tied bids cancel (10)" in result.describe()


def test_ties_on_the_lowest_cancel_and_the_next_unique_takes_the_baron():
    # "Jack and Mary ... LOWEST ... Peter wins because he played the second card with the LOWEST score"
    state = booklet_game([-2])
    result = play(state, 1, 3, 8, 1)
    assert result.cancelled == (1,) and result.winner == PETER and state.won[PETER] == [-2]


def test_a_total_tie_carries_the_pot_and_the_sum_decides():
    # "The players are competing for a Battle Card (7 - 2 = 5) ... Carol ... wins both Points Cards"
    state = booklet_game([7, -2])
    first = play(state, 4, 4, 9, 9)
    assert first.winner is None and first.outcome == "carried" and first.cancelled == (4, 9)
    assert state.pot == [7, -2] and state.contest == "highest"
    second = play(state, 3, 5, 12, 2)
    assert second.pot == (7, -2) and second.winner == CAROL
    assert state.won[CAROL] == [7, -2] and state.scores()[CAROL] == 5 and state.pot == [1]


def test_a_negative_pot_sum_goes_to_the_lowest():
    state = booklet_game([2, -4])
    play(state, 6, 6, 6, 6)
    assert state.contest == "lowest"
    assert play(state, 5, 7, 8, 9).winner == JACK and state.scores()[JACK] == -2


def test_a_zero_pot_sum_is_a_battle():  # "IS EQUAL TO 0 - the players compete for a Battle Card"
    state = booklet_game([2, -2])
    play(state, 6, 6, 6, 6)
    assert sum(state.pot) == 0 and state.contest == "highest"
    assert play(state, 1, 2, 3, 4).winner == MARY


def test_pots_can_grow_over_several_rounds():
    state = booklet_game([1, 2, 3])
    play(state, 1, 1, 2, 2)
    play(state, 3, 3, 4, 4)
    assert state.pot == [1, 2, 3]
    assert play(state, 5, 6, 7, 8).winner == MARY and state.scores()[MARY] == 6


def test_a_total_tie_in_the_last_round_awards_nothing():
    # "when an overall Tie occurs during the last round the Points Card is not attributed"
    state = new_game(2, seed=0, points_order=default_points())
    for card in range(1, 12):
        play(state, card, card)
        assert state.rounds[-1].outcome == "carried"
    last = play(state, 12, 12)
    assert last.outcome == "unawarded" and state.unawarded == default_points()
    assert state.is_terminal and state.scores() == [0, 0] and state.winners() == [0, 1]


def test_final_score_adds_battles_and_subtracts_barons():  # "8 + 3 - 2 = 9 points"
    state = booklet_game([8, 3, -2], players=2)
    play(state, 12, 1)  # +8 to player 0
    play(state, 11, 2)  # +3 to player 0
    play(state, 1, 10)  # -2 to player 0 (the lowest)
    assert state.won[0] == [8, 3, -2] and state.scores()[0] == 9


def test_tied_totals_go_to_the_holder_of_the_highest_battle():
    assert decide_game_winners([9, 9, 4], [[8, 3, -2], [5, 4], [4]]) == [0]
    assert decide_game_winners([0, 0], [[], []]) == [0, 1]  # nobody holds a Battle: the tie stands
    assert decide_game_winners([5, 5], [[5], [5]]) == [0, 1]  # equal highest Battles cannot separate
    assert decide_game_winners([9, 9], [[8, 3, -2], [5, 4]], tiebreak=False) == [0, 1]


def test_the_tiebreak_is_explained():
    state = new_game(2, seed=0, cards=4, points=[8, 1, 7, 0], points_order=[8, 1, 7, 0])
    play(state, 4, 1)  # +8 to player 0
    play(state, 1, 4)  # +1 to player 1
    play(state, 2, 3)  # +7 to player 1: both on 8
    play(state, 3, 2)  # a Battle worth 0 to player 0
    assert state.scores() == [8, 8] and state.winners() == [0]
    assert "Players 0 and 1 tie on 8 points; the highest Battle card decides (player 0: +8; player 1: +7): player 0 wins" in state.tiebreak_explanation()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (8, 8) and "the highest Battle card decides" in outcome.reason


def test_an_unbroken_tie_says_so_in_the_outcome():
    state = new_game(2, seed=0, cards=2, points=[3, -1], points_order=[3, -1])
    play(state, 2, 1)  # +3 to player 0
    play(state, 1, 2)  # -1 to player 0 (the lowest)... and nothing for player 1
    assert state.scores() == [2, 0] and state.outcome().reason == "Player 0 wins with 2 points."
    tied = new_game(2, seed=0, cards=1, points=[0])
    play(tied, 1, 1)  # a total tie in the last round: nobody scores, nobody holds a Battle
    assert tied.outcome().winners == (0, 1) and "the tie stands" in tied.outcome().reason


def test_a_round_says_lowest_unique_bid_and_takes_for_a_penalty():
    state = booklet_game([-4], players=3)
    result = play(state, 12, 2, 2)
    assert result.describe(["Jack", "Peter", "Carol"]) == (
        "Round 1: -4 goes to the lowest unique bid. Tied bids cancel (2). Jack takes it with 12.")
    battle = play(state, 11, 3, 1)
    assert battle.describe().endswith("goes to the highest unique bid. Player 0 wins it with 11.")
    top = goofspiel(cards=3, players=2, seed=1, points_order=[3, 2, 1])
    assert play(top, 3, 1).describe().startswith("Round 1: +3 goes to the highest bid.")


# --- the engine's shape ---------------------------------------------------------------------
def test_a_new_game_is_a_simultaneous_node_with_the_first_card_turned():
    state = new_game(3, seed=42)
    assert state.current_player == SIMULTANEOUS and state.round == 1 and len(state.pot) == 1
    assert state.legal_actions(1) == [Bid(c) for c in range(1, 13)]
    assert sorted(state.pot + state.points_to_come) == sorted(default_points())


def test_the_seed_fixes_the_order_of_the_points_cards():
    assert new_game(seed=5).points_to_come == new_game(seed=5).points_to_come
    assert new_game(seed=5).points_to_come != new_game(seed=6).points_to_come


def test_every_power_card_is_used_once():
    state = new_game(2, seed=1)
    play(state, 7, 3)
    assert Bid(7) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="already played the 7 in round 1"):
        play(state, 7, 4)


def test_the_game_ends_after_as_many_rounds_as_cards():
    state = new_game(2, seed=1, cards=3, points=[3, 1, -1])
    for card in (1, 2, 3):
        play(state, card, 4 - card)
    assert state.current_player == TERMINAL and state.round == 3
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_joint({0: "bid 1", 1: "bid 1"})


def test_discard_tie_rule_throws_a_tied_pot_away():
    state = booklet_game([7, -2], players=2, tie_rule="discard")
    result = play(state, 5, 5)
    assert result.outcome == "discarded" and state.unawarded == [7] and state.pot == [-2]


def test_by_default_only_the_top_of_each_pile_shows():  # "Fica apenas visível a carta usada na última ronda"
    state = booklet_game([7, 2], players=2)
    play(state, 12, 1)
    play(state, 11, 2)
    seen = state.observation(1)
    assert seen.used == ((11,), (2,)) and seen.won == ((2,), ()) and not seen.memory_aid
    assert seen.scores is None and seen.points_to_come is None and seen.hands_left() is None
    assert seen.hand == tuple(c for c in range(1, 13) if c not in (1, 2))
    assert seen.last_round.bids == (11, 2)  # the cards just revealed are the tops


def test_the_memory_aid_shows_full_piles_and_what_follows():
    state = booklet_game([7, 2], players=2, memory_aid=True)
    play(state, 12, 1)
    seen = state.observation(0)
    assert seen.used == ((12,), (1,)) and seen.scores == (7, 0) and seen.pot == (2,)
    assert seen.hands_left()[1] == tuple(range(2, 13))
    assert 7 not in seen.points_to_come and len(seen.points_to_come) == 10
    with pytest.raises(TypeError):
        new_game(2, memory=True)  # the old option is gone: the booklet's view is the default


def test_a_player_who_remembers_every_round_knows_what_the_memory_aid_shows():
    for seed in range(40):
        players = 2 + seed % 4
        booklet, aided = new_game(players, seed=seed), new_game(players, seed=seed, memory_aid=True)
        memories = [Memory() for _ in range(players)]
        rng = random.Random(seed)
        while not booklet.is_terminal:
            for p in range(players):
                assert memories[p].recall(booklet.observation(p)) == aided.observation(p)
            bids = {p: rng.choice(booklet.legal_actions(p)) for p in range(players)}
            booklet.apply_joint(bids)
            aided.apply_joint(bids)
    late = Memory()  # one that joins in round 3 saw round 2 revealed, but not round 1
    state = new_game(2, seed=1)
    play(state, 3, 4)
    play(state, 5, 6)
    assert late.recall(state.observation(0)) == state.observation(0)


@pytest.mark.parametrize("options, message", [
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": 3, "cards": 0}, "number of Power cards"),
    ({"players": 3, "tie_rule": "split"}, "tie_rule"),
    ({"players": 3, "award": "best"}, "award"),
    ({"players": 3, "points": [1, 2, 3]}, "12 whole numbers"),
    ({"players": 3, "points_order": [1, 2, 3]}, "points_order must be"),
    ({"players": 3, "points_order": 13}, "points_order must be"),
    ({"players": 3, "points_order": ["a"] * 12}, "points_order must be"),
    ({"players": 3, "points": 13}, "12 whole numbers"),
    ({"players": 3, "points": "abcdefghijkl"}, "12 whole numbers"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        new_game(**options)


def test_default_points_keep_the_booklets_two_to_one_mix():
    assert default_points(12) == [1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4]
    assert default_points(6) == [1, 2, 3, 4, -1, -2]


def test_decide_winner_rules():
    assert decide_winner((5, 5, 3), "highest") == (2, (5,))
    assert decide_winner((5, 5, 3), "highest", award="top") == (None, (5,))
    assert decide_winner((4, 4, 6, 6), "lowest") == (None, (4, 6))
    assert decide_winner((9, 1, 2), "lowest", award="top") == (1, ())


def test_goofspiel_preset():
    state = goofspiel(cards=5, players=3, seed=2, points_order=[5, 4, 3, 2, 1])
    assert state.options["award"] == "top" and state.options["tie_rule"] == "discard"
    result = play(state, 5, 5, 4)  # a tie on the top bid wins nothing, even with a unique 4
    assert result.winner is None and state.unawarded == [5]
    play(state, 1, 2, 3)
    assert state.won[2] == [4]


def test_explain_gives_reasons():
    state = new_game(3, seed=1)
    assert state.explain("bid 13", 0) == "Illegal: there is no Power card 13: the cards run from 1 to 12"
    assert state.explain(Bid(4), 2).startswith("Legal: player 2 still holds the 4")
    assert "whole number" in state.explain(Bid(4.0), 2)
    assert save(state) == save(new_game(3, seed=1))


def test_numbers_in_action_text_are_canonical_ascii_and_bounded():
    state = new_game(3, seed=1)
    huge = "bid " + "9" * 5000
    assert state.explain(huge, 0).startswith("Illegal: there is no Power card 999999999999... (5,000")
    assert len(state.explain(huge, 0)) < 120
    with pytest.raises(IllegalActionError, match="no Power card"):
        state.apply_joint({0: huge, 1: "bid 1", 2: "bid 2"})
    assert state.explain("bid 07", 0) == "Illegal: write the card without leading zeros: 'bid 7'"
    for look_alike in ("bid ٣", "bid ７", "bid ³", "bid +3"):
        assert "is not a Milhões action" in state.explain(look_alike, 0)
    assert state.parse(" BID  7 ") == Bid(7)
    assert save(state) == save(new_game(3, seed=1))


def test_a_second_key_for_the_same_seat_is_refused():
    class Zero:
        def __index__(self):
            return 0

    state = new_game(2, seed=1)
    with pytest.raises(IllegalActionError, match="player 0 is named twice"):
        state.apply_joint({0: "bid 1", 1: "bid 2", Zero(): "bid 12"})
    assert state.history == []


def test_str_shows_what_the_table_sees_and_reveal_everything():
    state = booklet_game([7, -2], players=3)
    play(state, 12, 5, 1)
    text = str(state)
    assert "on the table -2, the lowest unique bid takes it" in text
    assert "player 0: used 12 on top; won +7 on top" in text
    assert "hand" not in text and "points" not in text.split("\n", 1)[1]  # no hand, no score
    twin = state.clone()
    twin.hands[1], twin.hands[2] = twin.hands[2], twin.hands[1]  # what nobody can see changes...
    twin.points_to_come.reverse()
    assert str(twin) == text and twin._repr_html_() == state._repr_html_()  # ...and nothing shows
    full = state.reveal()
    assert "player 1: hand 1 2 3 4 6 7 8 9 10 11 12; used 5; won - (+0 points)" in full
    assert "next first: " + " ".join(f"{v:+d}" for v in state.points_to_come) in full
    aided = booklet_game([7, -2], players=3, memory_aid=True)
    play(aided, 12, 5, 1)
    assert "player 0: used 12; won +7 (+7 points)" in str(aided)


def test_the_html_picture_is_public_and_escaped():
    state = new_game(2, seed=4)
    html = state._repr_html_()
    assert html.startswith("<div class='gk-milhoes'>") and "<table>" in html and "hand" not in html
    while not state.is_terminal:
        state.apply_joint({p: state.legal_actions(p)[-1] for p in range(2)})
    assert "<th>points</th>" in state._repr_html_() and "tie" in state._repr_html_()


def test_legal_bids_are_sorted_lowest_first():
    rng = random.Random(3)
    for seed in range(30):
        state = new_game(4, seed=seed)
        while not state.is_terminal:
            for p in range(4):
                legal = state.legal_actions(p)
                assert legal == sorted(legal) and [a.card for a in legal] == sorted(state.hands[p])
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(4)})


def test_milhoes_registers_what_it_is():
    from gamekit.core import game_info

    info = game_info("milhoes")
    assert info.seats == (2, 3, 4, 5) and info.default_seats == new_game().num_players
    assert info.simultaneous and info.hidden_information
    assert set(info.options) == set(new_game().options)


# --- the public view, the log and the players' names -------------------------------------------
def test_the_public_observation_is_every_seats_view_without_a_hand():
    for seed in range(20):
        players, aid = 2 + seed % 4, seed % 2 == 0
        state, rng = new_game(players, seed=seed, memory_aid=aid), random.Random(seed)
        while True:
            public = state.public_observation()
            assert public.player is None and public.hand == () and public.memory_aid is aid
            for p in range(players):
                assert public == replace(state.observation(p), player=None, hand=())
            if state.is_terminal:
                break
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(players)})


def test_by_the_booklet_the_log_keeps_no_more_than_the_tops_of_the_piles():
    state = booklet_game([7, 2], players=2)
    play(state, 12, 1)
    play(state, 11, 2)
    for viewer in (None, 0, 1):
        lines = state.log_lines(viewer, names=["Ana", "Rui"])
        assert lines == [f"Round {n} played: only the top cards of the piles stay in view." for n in (1, 2)]


def test_with_the_memory_aid_the_log_tells_every_round_by_name():
    state = booklet_game([7, -2], players=2, memory_aid=True)
    play(state, 12, 1)
    play(state, 5, 3)
    lines = state.log_lines(0, names=["Ana", "Rui"])
    assert lines == [
        "Round 1: +7 goes to the highest unique bid. Ana wins it with 12. (Bids: Ana 12, Rui 1.)",
        "Round 2: -2 goes to the lowest unique bid. Rui takes it with 3. (Bids: Ana 5, Rui 3.)"]
    assert state.log_lines(None) == state.log_lines(1) and "Player 0 wins it with 12" in state.log_lines()[0]


def test_refusals_explanations_and_the_outcome_name_the_players_when_told_their_names():
    state = booklet_game([7], players=2)
    play(state, 12, 1)
    names = ["Ana", "Rui"]
    plain = "player 0 already played the 12 in round 1; every Power card is used once"
    assert state.why_illegal(Bid(12), 0) == plain
    assert state.why_illegal(Bid(12), 0, names=names).startswith("Ana already played the 12 in round 1")
    assert state.explain("bid 12", 1, names=names) == "Legal: Rui still holds the 12 and may bid it for +1"
    assert state.why_illegal(Bid(13), 0, names=names) == state.why_illegal(Bid(13), 0)  # nobody named
    assert state.why_illegal(Bid(3), 7, names=names) == state.why_illegal(Bid(3), 7)  # no seat 7 to name
    assert state.why_illegal(Bid(3), 0, names=names) is None
    assert state.outcome(names=names) is None
    for card in range(11, 0, -1):
        play(state, card, 13 - card)
    plain, named = state.outcome(), state.outcome(names=names)
    assert (plain.reason, named.reason) == ("Player 1 wins with 14 points.", "Rui wins with 14 points.")
    assert (named.winners, named.scores) == (plain.winners, plain.scores)
