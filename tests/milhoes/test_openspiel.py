"""The Goofspiel preset scores exactly as OpenSpiel's goofspiel on the same bid sequences."""

import random

import pytest

from gamekit.milhoes import goofspiel

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is an optional test extra")


@pytest.mark.parametrize("players, cards", [(2, 13), (2, 6), (3, 12), (4, 8)])
def test_goofspiel_scores_match_openspiel(players, cards):
    game = pyspiel.load_game(
        f"goofspiel(players={players},num_cards={cards},points_order=descending,returns_type=total_points)"
    )
    rng = random.Random(players * 100 + cards)
    for seed in range(60):
        ours = goofspiel(cards=cards, players=players, seed=seed, points_order=list(range(cards, 0, -1)))
        theirs = game.new_initial_state()
        narrow = seed % 2 == 0  # bidding from few cards makes ties common
        while not ours.is_terminal:
            bids = []
            for p in range(players):
                legal = ours.legal_actions(p)
                bids.append(rng.choice(legal[:2] if narrow else legal))
            ours.apply_joint(dict(enumerate(bids)))
            if not theirs.is_terminal():  # OpenSpiel plays the last, forced round by itself
                theirs.apply_actions([bid.card - 1 for bid in bids])  # its action = card - 1
        assert theirs.is_terminal()
        assert ours.scores() == [int(r) for r in theirs.returns()]
