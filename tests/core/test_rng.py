"""Seeded randomness: the games' fast shuffle must deal exactly what random.shuffle deals."""

import random

import pytest

from gamekit.core import derive_seed, make_rng, shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 12, 13, 60, 72, 75, 128, 129, 300])
def test_shuffle_draws_exactly_what_random_shuffle_draws(length):
    for seed in range(200):
        ours, theirs = list(range(length)), list(range(length))
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle(rng_ours, ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()  # and leaves the generator where it would


def test_make_rng_keeps_the_seed_or_draws_one_to_keep():
    rng, seed = make_rng(7)
    assert seed == 7 and rng.random() == random.Random(7).random()
    rng, seed = make_rng(None)
    assert isinstance(seed, int) and rng.random() == random.Random(seed).random()
    with pytest.raises(TypeError):
        make_rng(True)


def test_derived_seeds_are_stable_and_differ_by_label():
    assert derive_seed(1, "game", 3) == derive_seed(1, "game", 3)
    assert len({derive_seed(1, "game", n) for n in range(100)}) == 100


def test_a_negative_seed_is_not_its_positive_twin():
    for seed in (1, 7, 2**40):
        assert make_rng(-seed)[0].random() != make_rng(seed)[0].random()
        assert make_rng(-seed)[0].random() == make_rng(-seed)[0].random()  # and still reproducible
    assert make_rng(-3)[1] == -3


def deal(game, seed):
    """What the seed decided at the start: every seat's view (Milhões: the order of the Points cards)."""
    from gamekit.core import game_factory

    state = game_factory(game)(seed=seed)
    if game == "milhoes":
        return tuple(state.points_to_come)
    return tuple(repr(state.observation(p)) for p in range(state.num_players))


@pytest.mark.parametrize("game", ["milhoes", "lost_cities", "stratego", "brief_history"])
def test_seeds_s_and_minus_s_deal_different_games_in_every_game(game):
    for seed in (1, 2, 3):
        assert deal(game, seed) == deal(game, seed)
        assert deal(game, -seed) == deal(game, -seed)
        assert deal(game, -seed) != deal(game, seed)


def test_agents_seeded_s_and_minus_s_play_differently():
    from gamekit.core import RandomAgent

    choices = list(range(100))
    assert [RandomAgent(5).act(None, choices) for _ in range(3)] != [RandomAgent(-5).act(None, choices) for _ in range(3)]
