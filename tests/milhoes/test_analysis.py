"""Ross's result, exactly and against the engine; the vectorised simulator, held to the engine."""

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from gamekit.milhoes import Bid, default_points, new_game
from gamekit.milhoes.agents import PrizeMatchingAgent, pot_rank
from gamekit.milhoes.analysis import (
    _TableBids,
    convergence_figure,
    convergence_table,
    difference_figure,
    difference_table,
    goofspiel_options,
    play_bids,
    ross_by_engine,
    ross_closed_form,
    ross_difference_distribution,
    ross_expected_scores,
    ross_table,
    simulate,
)


# --- Ross (1971) ------------------------------------------------------------------------------
def test_ross_thirteen_cards_ties_split_is_59_and_a_half_to_31_and_a_half():
    scores = ross_expected_scores(13, ties="split")
    assert (scores.matching, scores.random, scores.difference) == (Fraction(119, 2), Fraction(63, 2), 28)


def test_ross_thirteen_cards_ties_discarded_is_56_to_28():
    scores = ross_expected_scores(13, ties="discard")
    assert (scores.matching, scores.random, scores.difference) == (56, 28, 28)


@pytest.mark.parametrize("ties", ["split", "discard"])
def test_the_prize_by_prize_sum_equals_the_closed_form(ties):
    for cards in range(1, 40):
        exact = ross_expected_scores(cards, ties)
        assert exact == ross_closed_form(cards, ties)
        assert exact.difference == Fraction(cards * cards - 1, 6)
        # Every prize is won by someone or split: the split scores add up to all the prizes.
        if ties == "split":
            assert exact.matching + exact.random == cards * (cards + 1) // 2


def test_ross_options_are_checked():
    for bad in (0, -1, True, 2.0):
        with pytest.raises(ValueError):
            ross_expected_scores(bad)
    with pytest.raises(ValueError):
        ross_expected_scores(13, ties="share")
    with pytest.raises(ValueError):
        ross_difference_distribution(15)


@pytest.mark.parametrize("cards", [1, 2, 3, 4, 5, 6])
def test_the_lead_distribution_counts_every_bid_order(cards):
    counts = {}
    for order in itertools.permutations(range(1, cards + 1)):  # the random card met by prize v
        lead = sum(v * ((v > b) - (v < b)) for v, b in zip(range(1, cards + 1), order))
        counts[lead] = counts.get(lead, 0) + 1
    total = math.factorial(cards)
    assert ross_difference_distribution(cards) == {d: Fraction(n, total) for d, n in counts.items()}


def test_the_thirteen_card_lead_distribution_has_the_right_mean_and_mass():
    distribution = ross_difference_distribution(13)
    assert sum(distribution.values()) == 1
    assert sum(d * p for d, p in distribution.items()) == 28
    # At best the random player spends its 13 on the prize 1 and loses every other prize by one.
    assert max(distribution) == (91 - 1) - 1


def test_ross_table_lists_both_rules_and_the_chance_to_win():
    table = ross_table(13)
    assert list(table.index) == list(range(1, 14))
    row = table.loc[13]
    assert row["matching (ties split)"] == Fraction(119, 2) and row["random (ties discarded)"] == 28
    assert 0.95 < row["P(matching wins)"] < 1 and row["P(draw)"] > 0


def test_the_engine_agrees_with_ross_for_both_tie_rules():
    table = ross_by_engine(13, games=600, seed=5)
    assert set(table["ties"]) == {"split", "discard"}
    # The engine's means lie within four standard errors of the exact values (each about 0.27).
    assert ((table["engine mean"] - table["exact (float)"]).abs() <= 2 * table["ci95"]).all()


# --- the simulator against the engine -----------------------------------------------------------
RULE_SETS = {
    "milhoes": lambda cards: {"cards": cards},
    "goofspiel": goofspiel_options,
    "milhoes, discarded ties": lambda cards: {"cards": cards, "tie_rule": "discard"},
    "goofspiel awards, carried pots": lambda cards: {"cards": cards, "award": "top", "tiebreak": False},
}


def engine_result(bids, order, players, options):
    state = new_game(players, seed=0, points_order=[int(v) for v in order], **options)
    for round_bids in bids:
        state.apply_joint({p: Bid(int(card)) for p, card in enumerate(round_bids)})
    return state.scores(), state.winners()


@pytest.mark.parametrize("rules", list(RULE_SETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_bids_scores_exactly_as_the_engine(rules, players):
    rng = random.Random(hash((rules, players)) & 0xFFFF)
    for batch in range(6):
        cards = rng.choice([1, 2, 3, 5, 12, 13])
        options = RULE_SETS[rules](cards)
        if batch == 5 and rules.startswith("milhoes"):  # Points with repeats, zeros and big pots
            options["points"] = [rng.choice([-9, -1, 0, 1, 2, 9]) for _ in range(cards)]
        points = options.get("points") or default_points(cards)
        games = 8
        orders = np.array([rng.sample(list(points), cards) for _ in range(games)])
        hands = [[rng.sample(range(1, cards + 1), cards) for _ in range(players)] for _ in range(games)]
        bids = np.array(hands).transpose(0, 2, 1)  # (games, rounds, players)
        if batch % 2:
            bids[:, :, 1] = bids[:, :, 0]  # two players copying each other: ties everywhere
        result = play_bids(bids, orders, **options)
        for game in range(games):
            scores, winners = engine_result(bids[game], orders[game], players, options)
            assert result.scores[game].tolist() == scores
            assert np.flatnonzero(result.winners[game]).tolist() == winners


@pytest.mark.parametrize("rules", ["milhoes", "goofspiel", "milhoes, discarded ties"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_simulated_strategies_are_the_agents_and_score_as_the_engine(rules, players):
    cards = 12 if rules != "goofspiel" else 13
    options = RULE_SETS[rules](cards)
    twisted = [2, 1] + list(range(3, cards + 1))
    strategies = ["matching", "random", twisted, "matching", "random"][:players]
    result = simulate(strategies, 40, seed=players, keep_bids=True, **options)
    matcher = PrizeMatchingAgent(seed=0)
    for game in range(40):
        state = new_game(players, seed=0, points_order=[int(v) for v in result.orders[game]], **options)
        for round_bids in result.bids[game]:
            assert matcher.act(state.observation(0), state.legal_actions(0)).card == round_bids[0]
            state.apply_joint({p: Bid(int(card)) for p, card in enumerate(round_bids)})
        assert result.scores[game].tolist() == state.scores()
        assert np.flatnonzero(result.winners[game]).tolist() == state.winners()


def test_random_strategies_spend_each_card_once_and_orders_are_the_points():
    result = simulate(["random"] * 4, 500, seed=1, keep_bids=True)
    assert (np.sort(result.bids, axis=1) == np.arange(1, 13)[None, :, None]).all()
    assert (np.sort(result.orders, axis=1) == sorted(default_points(12))).all()
    # Uniform: each card is bid in round 1 about equally often (500 x 4 bids over 12 cards).
    counts = np.bincount(result.bids[:, 0, :].ravel(), minlength=13)[1:]
    assert counts.min() > 100 and counts.max() < 240


def test_a_fixed_order_is_followed_in_every_game():
    order = [8, -4, 7, -3, 6, -2, 5, -1, 4, 3, 2, 1]
    result = simulate(["matching", "random"], 50, seed=0, keep_bids=True, points_order=order)
    assert (result.orders == order).all()


def test_simulation_is_seeded():
    a = simulate(["matching", "random", "random"], 3000, seed=7)
    b = simulate(["matching", "random", "random"], 3000, seed=7)
    c = simulate(["matching", "random", "random"], 3000, seed=8)
    assert (a.scores == b.scores).all() and (a.winners == b.winners).all()
    assert not (a.scores == c.scores).all()


def test_the_simulated_mean_lead_is_ross_value():
    lead = simulate(["matching", "random"], 200_000, seed=3, **goofspiel_options(13)).lead()
    assert abs(lead.mean() - 28) < 4 * lead.std() / math.sqrt(len(lead))


def test_pot_ranks_for_huge_points_match_the_agent():
    points = [10**9, -10**9, 5, 7, 7]
    table = np.array([3, 1, 2, 5, 4], dtype=np.int8)
    pots = np.array([0, 5, 6, 7, 10**9 + 7, -10**9, 12, -3])
    wanted = _TableBids(table, points, len(pots)).wanted_cards(pots)
    assert wanted.tolist() == [table[pot_rank(int(p), sorted(points)) - 1] for p in pots]


def test_a_summary_per_seat_with_intervals():
    summary = simulate(["matching", "random", "random"], 20_000, seed=0).summary()
    assert list(summary["strategy"]) == ["matching", "random", "random"]
    assert summary.loc[0, "win_share"] > 0.6 and summary.loc[1, "win_share"] < 0.25  # about 0.66, 0.17
    assert abs(summary["win_share"].sum() - 1) < 1e-9


def test_simulator_inputs_are_checked():
    with pytest.raises(ValueError, match="a strategy is one of"):
        simulate(["matching", "clever"], 10)
    with pytest.raises(ValueError, match="bid table"):
        simulate(["matching", [1, 2, 3]], 10)
    with pytest.raises(ValueError, match="2 to 5 players"):
        simulate(["random"], 10)
    with pytest.raises(TypeError, match="unknown option"):
        simulate(["random", "random"], 10, memory=True)
    with pytest.raises(ValueError, match="games"):
        simulate(["random", "random"], -1)
    bids = np.ones((1, 3, 2), dtype=int)
    with pytest.raises(ValueError, match="each Power card exactly once"):
        play_bids(bids, [[1, 2, 3]], cards=3)
    with pytest.raises(ValueError, match="order must be the Points cards"):
        play_bids(np.tile(np.arange(1, 4)[None, :, None], (1, 1, 2)), [[1, 1, 3]], cards=3)


def test_zero_games_is_an_empty_simulation():
    assert simulate(["random", "matching"], 0).scores.shape == (0, 2)


# --- tables and charts ------------------------------------------------------------------------
def test_difference_table_sets_the_simulation_beside_the_exact_distribution():
    table = difference_table(9, games=20_000, seed=1)
    exact = ross_difference_distribution(9)
    assert abs(table["exact"].sum() - 1) < 1e-12 and abs(table["simulated"].sum() - 1) < 1e-12
    assert all(table.loc[d, "exact"] == float(p) for d, p in exact.items())
    assert (table["simulated"] - table["exact"]).abs().max() < 0.02


def test_convergence_table_closes_in_on_the_exact_value():
    table = convergence_table(13, games=50_000, seed=2)
    assert table.index[0] == 1 and table.index[-1] == 50_000 and (table["exact"] == 28).all()
    last = table.iloc[-1]
    assert last["low"] <= 28 <= last["high"] and last["high"] - last["low"] < 0.5


def test_charts_draw_the_exact_and_simulated_values():
    bars = difference_figure(7, games=5000, seed=0)
    assert [trace.name for trace in bars.data] == ["exact", "5,000 simulated games"]
    lines = convergence_figure(7, games=5000, seed=0)
    assert "Ross's exact value" in [trace.name for trace in lines.data]
    assert set(lines.data[-1].y) == {float(ross_expected_scores(7).difference)}



# --- the engine's deal, which the speed work rewrote -----------------------------------------------
def test_the_engine_deals_exactly_as_random_shuffle_would():
    # new_game shuffles the Points cards with its own loop over rng.getrandbits (faster than
    # random.shuffle); a seed must deal the same game as random.Random(seed).shuffle always has.
    for seed in range(500):
        for cards, players in ((12, 3), (13, 2), (5, 5), (1, 2)):
            expected = default_points(cards)
            random.Random(seed).shuffle(expected)
            state = new_game(players, seed=seed, cards=cards)
            assert state.pot + state.points_to_come == expected
