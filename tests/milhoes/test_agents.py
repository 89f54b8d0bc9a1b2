"""The Milhões agents: legal, seeded, explained, and as strong as they claim."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.core import SIMULTANEOUS, ExplainingAgent, RandomAgent, play_match, tournament
from gamekit.milhoes import goofspiel, new_game
from gamekit.milhoes.agents import (
    AGENTS,
    HeuristicAgent,
    PrizeMatchingAgent,
    matching_card,
    nearest_card,
    pot_rank,
)

OUR_AGENTS = ("random", "matching", "heuristic")


def random_positions(count, seed=0, **options):
    """Positions from seeded random games: (state, player) pairs, every round of every game."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        players = rng.randint(2, 5)
        state = new_game(players, seed=rng.getrandbits(32), cards=rng.choice([1, 3, 6, 12]), **options)
        while state.current_player == SIMULTANEOUS:
            positions.append((state.clone(), rng.randrange(players)))
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(players)})
    return positions[:count]


def test_the_registry_names_our_three_agents_and_each_is_built_from_a_seed():
    assert set(OUR_AGENTS) <= set(AGENTS)
    assert AGENTS["random"] is RandomAgent
    for name in OUR_AGENTS:
        agent = AGENTS[name](seed=5)
        assert isinstance(agent, ExplainingAgent) and agent.name == name and agent.seed == 5


@pytest.mark.parametrize("memory", [False, True])  # memory_aid: the booklet view, then full piles
@pytest.mark.parametrize("name", OUR_AGENTS)
def test_agents_bid_legally_in_every_kind_of_game(name, memory):
    rng = random.Random(hash((name, memory)) & 0xFFFF)
    for game in range(12 if name == "heuristic" else 40):
        players = 2 + game % 4
        options = {"cards": rng.choice([1, 2, 5, 12]), "memory_aid": memory,
                   "tie_rule": rng.choice(["carry", "discard"]), "award": rng.choice(["unique", "top"])}
        state = new_game(players, seed=game, **options)
        agents = [AGENTS[name](seed=seat) for seat in range(players)]
        while not state.is_terminal:
            joint = {}
            for p in range(players):
                legal = state.legal_actions(p)
                action = agents[p].act(state.observation(p), legal)
                assert action in legal
                joint[p] = action
            state.apply_joint(joint)


@pytest.mark.parametrize("name", OUR_AGENTS)
def test_the_same_seed_plays_the_same_game(name):
    def record(seed):
        agents = [AGENTS[name](seed=seed + seat) for seat in range(3)]
        return play_match("milhoes", agents, seed=seed)

    first, again, other = record(3), record(3), record(4)
    assert first.actions == again.actions and first.result == again.result
    assert first.actions != other.actions


@pytest.mark.parametrize("name", OUR_AGENTS)
def test_explanations_cover_every_legal_action_once(name):
    for state, player in random_positions(40, seed=1, memory_aid=name != "heuristic"):
        legal = state.legal_actions(player)
        explanation = AGENTS[name](seed=2).explain(state.observation(player), legal)
        actions = [c.action for c in explanation.candidates]
        assert sorted(actions) == sorted(legal) and len(set(actions)) == len(legal)
        assert explanation.best in legal
        assert all(math.isfinite(c.value) for c in explanation.candidates)
        assert len(explanation.rows()) == len(legal) and str(explanation).startswith(name)


@pytest.mark.parametrize("name", ["matching", "heuristic"])
def test_act_plays_the_explained_best(name):
    for state, player in random_positions(25, seed=2):
        observation, legal = state.observation(player), state.legal_actions(player)
        explained = AGENTS[name](seed=9).explain(observation, legal)
        assert AGENTS[name](seed=9).act(observation, legal) == explained.best


def test_every_candidate_of_the_explaining_agents_has_a_note():
    for state, player in random_positions(10, seed=3):
        for name in ("matching", "heuristic"):
            explanation = AGENTS[name](seed=0).explain(state.observation(player), state.legal_actions(player))
            assert all(c.note for c in explanation.candidates)


# --- prize matching ---------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(cards=st.integers(1, 15), seed=st.integers(0, 2**32 - 1))
def test_in_goofspiel_matching_bids_exactly_the_prize(cards, seed):
    state = goofspiel(cards, seed=seed)
    matcher, other = PrizeMatchingAgent(seed=0), RandomAgent(seed=seed)
    while not state.is_terminal:
        bid = matcher.act(state.observation(0), state.legal_actions(0))
        assert state.pot == [bid.card]  # Goofspiel pots never carry: one prize, bid its value
        state.apply_joint({0: bid, 1: other.act(state.observation(1), state.legal_actions(1))})


def test_pot_rank_is_exact_for_one_card_and_nearest_for_a_sum():
    points = sorted([1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4])  # -4 is rank 1, +8 rank 12
    assert [pot_rank(v, points) for v in points] == list(range(1, 13))
    assert pot_rank(7 - 2, points) == pot_rank(5, points) == 9  # the booklet's carried pot
    assert pot_rank(15, points) == 12 and pot_rank(-9, points) == 1  # beyond the ends
    assert pot_rank(0, points) == 4  # halfway between -1 (rank 4) and +1 (rank 5): the lower
    assert pot_rank(2, [1, 1, 3]) == 1  # equal values: the lower rank; halfway: the lower


def test_a_spent_card_is_replaced_by_the_nearest_lower_on_ties():
    assert nearest_card(5, [1, 4, 6, 9]) == 4
    assert nearest_card(5, [1, 6, 9]) == 6
    assert nearest_card(12, [1, 2]) == 2
    assert matching_card(8, [1, 2, 3, 12], sorted(range(1, 13))) == 12  # 4 away, the 3 is 5 away
    assert matching_card(7, [3, 11], sorted(range(1, 13))) == 3  # both 4 away: the lower


def test_matching_throws_its_lowest_card_at_a_red_baron():
    state = new_game(3, seed=0, points_order=[-4, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3])
    agent = PrizeMatchingAgent(seed=0)
    assert agent.act(state.observation(0), state.legal_actions(0)).card == 1
    explanation = agent.explain(state.observation(0), state.legal_actions(0))
    assert explanation.best.card == 1 and "rank 1 of 12" in explanation.candidates[0].note


# --- the heuristic ------------------------------------------------------------------------------
def test_heuristic_options_are_checked():
    for bad in ({"opponent_matching": 1.5}, {"temperature": -1}, {"samples": 0}, {"samples": True}):
        with pytest.raises(ValueError):
            HeuristicAgent(seed=0, **bad)


def test_heuristic_does_not_waste_its_best_card_on_the_smallest_battle():
    state = new_game(3, seed=0, points_order=[1, 8, 7, 6, 5, 4, 3, 2, -1, -2, -3, -4])
    explanation = HeuristicAgent(seed=0, temperature=0).explain(state.observation(0), state.legal_actions(0))
    values = {c.action.card: c.value for c in explanation.candidates}
    assert values[12] < max(values.values())  # a +1 is not worth the 12
    assert "cards left worth" in explanation.candidates[0].note


def test_heuristic_learns_how_often_an_opponent_matches():
    state = new_game(3, seed=2)
    heuristic, matchers = HeuristicAgent(seed=0), [PrizeMatchingAgent(seed=1), PrizeMatchingAgent(seed=2)]
    while state.round < 6:
        joint = {0: heuristic.act(state.observation(0), state.legal_actions(0))}
        joint.update({p: matchers[p - 1].act(state.observation(p), state.legal_actions(p)) for p in (1, 2)})
        state.apply_joint(joint)
    heuristic.act(state.observation(0), state.legal_actions(0))
    rates = heuristic.matching_rates(state.observation(0))
    assert all(rate > 0.8 for rate in rates)  # five rounds of matching out of five, prior 0.5 x 2


def _win_rates(lineup, games, seed):
    summary = tournament("milhoes", AGENTS, lineup=lineup, games=games, seed=seed,
                         options={"players": len(lineup)}, workers=1, progress=False).summary()
    return summary


def test_heuristic_beats_matching_head_to_head_with_a_random_third_player():
    summary = _win_rates(["heuristic", "matching", "random"], games=90, seed=21)
    # Wilson 95% intervals that do not overlap: measured about 0.8 against 0.2.
    assert summary.loc["heuristic", "win_low"] > summary.loc["matching", "win_high"]
    assert summary.loc["heuristic", "mean_score"] > summary.loc["matching", "mean_score"] + 3


def test_heuristic_wins_more_than_its_share_against_two_random_players():
    summary = _win_rates(["heuristic", "random", "random"], games=90, seed=22)
    assert summary.loc["heuristic", "win_low"] > 1 / 3  # measured about 0.7


def test_heuristic_beats_matching_in_two_player_milhoes():
    summary = _win_rates(["heuristic", "matching"], games=60, seed=23)
    assert summary.loc["heuristic", "win_low"] > 0.6  # measured about 0.9
