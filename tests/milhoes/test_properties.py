"""Thousands of seeded random games against an independent referee, and fuzzed illegal input."""

import random
from collections import Counter

import pytest

from gamekit.core import IllegalActionError, load, save
from gamekit.milhoes import Bid, new_game


def referee(order, rounds_of_bids, tie_rule, award):
    """Score a game from scratch, written plainly and separately from the engine."""
    players = len(rounds_of_bids[0])
    won = [[] for _ in range(players)]
    unawarded, pot, order = [], [], list(order)
    for number, bids in enumerate(rounds_of_bids, start=1):
        pot.append(order.pop(0))
        battle = sum(pot) >= 0
        if award == "unique":
            candidates = [b for b in bids if bids.count(b) == 1]
        else:
            best = max(bids) if battle else min(bids)
            candidates = [best] if bids.count(best) == 1 else []
        if candidates:
            best = max(candidates) if battle else min(candidates)
            won[bids.index(best)] += pot
            pot = []
        elif number == len(rounds_of_bids) or tie_rule == "discard":
            unawarded += pot
            pot = []
    scores = [sum(w) for w in won]
    top = max(scores)
    tied = [p for p in range(players) if scores[p] == top]
    return scores, won, unawarded, tied


def random_options(rng):
    players = rng.randint(2, 5)
    cards = rng.choice([12, 12, 12, 5, 8])
    return players, {"cards": cards, "tie_rule": rng.choice(["carry", "discard"]),
                     "award": rng.choice(["unique", "unique", "top"]), "memory_aid": rng.random() < 0.8}


def play_random(seed):
    rng = random.Random(seed)
    players, options = random_options(rng)
    state = new_game(players, seed=seed, **options)
    start_order = list(state.pot + state.points_to_come)
    # Bidding from a few cards makes ties and growing pots common, so the rare rules get exercised.
    narrow = rng.random() < 0.5
    while not state.is_terminal:
        joint = {}
        for p in range(players):
            legal = state.legal_actions(p)
            joint[p] = rng.choice(legal[:2] if narrow else legal)
        state.apply_joint(joint)
    return state, start_order, options


@pytest.mark.parametrize("block", range(10))
def test_a_thousand_random_games_keep_every_invariant(block):
    for seed in range(block * 100, block * 100 + 100):
        state, order, options = play_random(seed)
        bids = [tuple(step[p].card for p in sorted(step)) for step in state.history]
        cards = options["cards"]
        # each Power card used exactly once by each player
        for p in range(state.num_players):
            assert sorted(state.used[p]) == list(range(1, cards + 1)) and state.hands[p] == []
            assert state.used[p] == [round_bids[p] for round_bids in bids]
        # every Points card is won or explicitly unawarded, none is left on the table
        assert state.pot == [] and state.points_to_come == []
        assert Counter(sum(state.won, []) + state.unawarded) == Counter(state.points)
        # scores, piles and winners equal the referee's
        scores, won, unawarded, tied = referee(order, bids, options["tie_rule"], options["award"])
        assert state.scores() == scores and state.won == won and state.unawarded == unawarded
        assert set(state.winners()) <= set(tied) and state.winners()
        assert [r.bids for r in state.rounds] == bids
        # and the record replays it exactly
        assert save(load(save(state))) == save(state)


def test_rare_rules_are_exercised_by_the_property_games():
    outcomes = Counter()
    for seed in range(300):
        state, _, _ = play_random(seed)
        outcomes.update(r.outcome for r in state.rounds)
        outcomes.update(f"pot of {len(r.pot)}" for r in state.rounds if len(r.pot) > 2)
    assert {"won", "carried", "discarded", "unawarded", "pot of 3"} <= set(outcomes)


class Seat:
    """Not an int, but usable as one (``operator.index``), and hashed apart from the int."""

    def __init__(self, number):
        self.number = number

    def __index__(self):
        return self.number


def malformed(rng, state):
    """A random bad input: wrong types, unknown cards, spent cards, bad players, junk text."""
    players = state.num_players
    spent = [c for c in range(1, state.cards + 1) if c not in state.hands[0]]
    junk = rng.choice([
        "", "bid", "bid x", "bid 1.5", "bid -1", "bid 0", "bid 99", "play 3", "bid 3; rm -rf /",
        "BID", "{bid: 3}", "bid  ", "7", "bid 1 2", "\x00", "bid ٣", "bid ７", "bid 07", "bid +3",
        "bid " + "9" * 5000, "bid -" + "1" * 5000,
    ])
    pick = rng.randrange(13)
    if pick == 0:
        return {p: junk for p in range(players)}
    if pick == 1:
        return {p: rng.choice([None, 3, 3.0, [3], {"card": 3}, object(), b"bid 3"]) for p in range(players)}
    if pick == 2:
        return {p: Bid(rng.choice([0, -3, 13, 100, 2.5, "4", None, True])) for p in range(players)}
    if pick == 3 and spent:
        return {**{p: state.legal_actions(p)[0] for p in range(players)}, 0: Bid(rng.choice(spent))}
    if pick == 4:
        return {p: state.legal_actions(p)[0] for p in range(players - 1)}
    if pick == 5:
        return {p: state.legal_actions(0)[0] for p in range(players + 1)}
    if pick == 6:
        return {str(p): "bid 1" for p in range(players)}
    if pick == 7:
        return [state.legal_actions(p)[0] for p in range(players)]
    if pick == 8:
        return {**{p: state.legal_actions(p)[0] for p in range(players)}, rng.choice([-1, 7, "x", None]): "bid 1"}
    if pick == 9:
        return "bid 3"
    if pick == 10:
        return None
    if pick == 11:  # a second key for seat 0: an object whose __index__ is 0
        return {**{p: state.legal_actions(p)[0] for p in range(players)}, Seat(0): state.legal_actions(0)[-1]}
    good = {p: state.legal_actions(p)[-1] for p in range(players)}
    good[rng.randrange(players)] = junk
    return good


def test_ten_thousand_malformed_actions_are_refused_and_change_nothing():
    rng = random.Random(2024)
    refused = 0
    for game in range(200):
        state = new_game(rng.randint(2, 5), seed=game)
        for _ in range(rng.randint(0, 11)):  # move to a random round first
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(state.num_players)})
        before = save(state)
        for _ in range(50):
            bad = malformed(rng, state)
            with pytest.raises(IllegalActionError) as refusal:
                state.apply_joint(bad)
            assert refusal.value.reason and "Traceback" not in refusal.value.reason
            with pytest.raises(IllegalActionError):
                state.apply(bad if not isinstance(bad, dict) else "bid 1")
            refused += 1
        assert save(state) == before
    assert refused == 10_000
