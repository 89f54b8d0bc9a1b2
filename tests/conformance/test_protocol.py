"""One protocol, tested once for every game (and the toy games of tests/core): what core/state.py
promises, checked over seeded random play. A failure here names the game that breaks a promise."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from gamekit.core import SIMULTANEOUS, IllegalActionError, game_info, load, save

from .games import CASES, play_to_end, step

SEEDS = range(4)
BY_NAME = {case.name: case for case in CASES}
games = pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])


def positions(case, seed, every: int = 1):
    """The states of one seeded random game, start to end (a fresh clone each ``every`` steps)."""
    rng = random.Random(seed)
    state = case.new(seed)
    number = 0
    while True:
        if number % every == 0 or state.is_terminal:
            yield state.clone()
        if state.is_terminal:
            return
        step(state, rng)
        number += 1


# --- legal actions -------------------------------------------------------------------------------
@games
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_come_sorted(case, seed):
    for state in positions(case, seed):
        for player in state.acting_players():
            legal = state.legal_actions(player)
            assert legal == sorted(legal), f"{case.name}: unsorted legal actions at step {len(state.history)}"


@games
@pytest.mark.parametrize("seed", SEEDS)
def test_at_the_end_nobody_has_a_legal_action(case, seed):
    """The kit's choice for every game: ``legal_actions()`` is ``[]`` once the game is over (for
    every seat, and with no seat given); nothing raises."""
    state = play_to_end(case.new(seed), random.Random(seed))
    assert state.is_terminal
    assert state.legal_actions() == []
    assert all(state.legal_actions(p) == [] for p in range(state.num_players))
    assert state.acting_players() == []


@games
@pytest.mark.parametrize("seed", SEEDS)
def test_is_legal_and_why_illegal_agree_with_legal_actions(case, seed):
    rng = random.Random(seed)
    seen: list = []  # actions legal somewhere in this game: most are illegal elsewhere
    for state in positions(case, seed):
        for player in state.acting_players():
            legal = state.legal_actions(player)
            seen.extend(a for a in legal if a not in seen)
            for action in legal:
                assert state.is_legal(action, player), f"{case.name}: {action} is listed but refused"
                assert state.why_illegal(str(action), player) is None
            for action in rng.sample(seen, min(25, len(seen))):
                reason = state.why_illegal(action, player)
                assert (reason is None) == (action in legal), \
                    f"{case.name}: {action} for {player}: why_illegal says {reason!r}"
                assert reason is None or (isinstance(reason, str) and reason)


# --- copies and records --------------------------------------------------------------------------
def continue_playing(state, seed: int, steps: int = 40):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        step(state, rng)
    return save(state), str(state), state.scores()


@games
@pytest.mark.parametrize("seed", SEEDS)
def test_clone_deepcopy_and_pickle_play_on_identically(case, seed):
    rng = random.Random(seed)
    state = case.new(seed)
    for _ in range(rng.randrange(0, 30)):
        if state.is_terminal:
            break
        step(state, rng)
    copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    before = save(state)
    expected = continue_playing(state, seed + 1)
    for twin in copies:
        assert save(twin) == before  # playing the original did not change its copies
        assert continue_playing(twin, seed + 1) == expected


@games
@pytest.mark.parametrize("seed", SEEDS)
def test_save_and_load_round_trip_at_random_points(case, seed):
    rng = random.Random(seed)
    for state in positions(case, seed, every=rng.randrange(3, 9)):
        loaded = load(save(state))
        assert save(loaded) == save(state) and str(loaded) == str(state)
        for player in range(state.num_players):
            assert loaded.legal_actions(player) == state.legal_actions(player)
            assert repr(loaded.observation(player)) == repr(state.observation(player))


# --- observations --------------------------------------------------------------------------------
@games
@pytest.mark.parametrize("seed", SEEDS)
def test_an_observation_shows_the_moment_it_was_asked_for(case, seed):
    """Observations may be worked out when first read: one first read after the game moved on,
    and one read at once and kept while play goes on, both show the moment they were asked for,
    the same as a fresh state loaded from the record at that moment."""
    rng = random.Random(seed)
    state = case.new(seed)
    kept = []  # (read only at the end, read at once, its text then)
    load_every, number = rng.randrange(5, 12), 0
    while not state.is_terminal:
        seats = [*range(state.num_players), None]
        views = [(state.observation(p), state.observation(p)) if p is not None
                 else (state.public_observation(), state.public_observation()) for p in seats]
        texts = [repr(now) for _, now in views]
        if number % load_every == 0:
            fresh = load(save(state))
            assert [repr(fresh.observation(p) if p is not None else fresh.public_observation())
                    for p in seats] == texts, f"{case.name}: an observation differs from the game's"
        kept += [(later, now, text) for (later, now), text in zip(views, texts)]
        step(state, rng)
        number += 1
    for later, now, text in kept:
        assert repr(now) == text, f"{case.name}: later play changed an observation already read"
        assert repr(later) == text, f"{case.name}: an observation read late shows a later moment"


@games
def test_copies_of_an_observation_not_yet_read_carry_its_values(case):
    rng = random.Random(5)
    state = case.new(5)
    for _ in range(12):
        if state.is_terminal:
            break
        step(state, rng)
    unread = [state.observation(p) for p in range(state.num_players)] * 3
    copies = [copy.deepcopy(o) for o in unread[:state.num_players]]
    pickles = [pickle.loads(pickle.dumps(o)) for o in unread[state.num_players:2 * state.num_players]]
    expected = [state.observation(p) for p in range(state.num_players)]
    seen = [repr(o) for o in expected]  # read now, while the game is where the copies were made
    play_to_end(state, rng)
    # equal values, not equal reprs: a copied frozenset may list its members in another order
    assert copies == expected and pickles == expected and unread[2 * state.num_players:] == expected
    assert [repr(o) for o in expected] == seen


# --- secrets -------------------------------------------------------------------------------------
hidden_games = pytest.mark.parametrize("case", [c for c in CASES if c.twin],
                                       ids=[c.name for c in CASES if c.twin])


def twins(case, seed):
    """(viewer, state, twin) along one random game: twin differs from state only in something
    the viewer cannot see."""
    rng = random.Random(seed)
    for state in positions(case, seed, every=3):
        if state.is_terminal:
            return
        viewer = rng.randrange(state.num_players)
        twin = case.twin(state, viewer, rng)
        if twin is not None:
            yield viewer, state, twin


@hidden_games
@pytest.mark.parametrize("seed", SEEDS)
def test_observations_hide_what_they_must(case, seed):
    checked = 0
    for viewer, state, twin in twins(case, seed):
        assert repr(twin.observation(viewer)) == repr(state.observation(viewer)), \
            f"{case.name}: seat {viewer}'s observation shows something it may not see"
        checked += 1
    assert checked, "no position to test"


@hidden_games
@pytest.mark.parametrize("seed", SEEDS)
def test_str_shows_public_information_only(case, seed):
    checked = 0
    for viewer, state, twin in twins(case, seed):
        assert str(twin) == str(state), f"{case.name}: str(state) shows a secret (step {len(state.history)})"
        checked += 1
    assert checked, "no position to test"


# --- the end, and what a game says about itself --------------------------------------------------
@games
@pytest.mark.parametrize("seed", SEEDS)
def test_every_finished_game_has_an_outcome(case, seed):
    state = case.new(seed)
    assert state.outcome() is None
    play_to_end(state, random.Random(seed))
    outcome = state.outcome()
    assert outcome is not None
    assert set(outcome.winners) <= set(range(state.num_players))
    assert list(outcome.winners) == list(state.winners())
    assert len(outcome.scores) == state.num_players and list(outcome.scores) == list(state.scores())
    assert isinstance(outcome.reason, str) and outcome.reason


@games
def test_game_info_is_registered_and_true(case):
    info = game_info(case.name)
    assert info.name == case.name and info.title
    assert info.default_seats in info.seats
    state = case.new(0)
    assert state.num_players in info.seats
    simultaneous = False
    rng = random.Random(0)
    while not state.is_terminal and len(state.history) < 200:
        simultaneous |= state.current_player == SIMULTANEOUS
        step(state, rng)
    assert simultaneous == info.simultaneous
    assert isinstance(info.hidden_information, bool)
    if case.twin is not None:  # the suite knows a secret of this game
        assert info.hidden_information


@games
def test_a_state_draws_itself_in_a_notebook(case):
    state = case.new(1)
    assert isinstance(state._repr_html_(), str) and state._repr_html_().strip()
    play_to_end(state, random.Random(1))
    assert isinstance(state._repr_html_(), str) and state._repr_html_().strip()


# --- the log ---------------------------------------------------------------------------------------
@games
@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_the_game_calls_no_secret_reader_reads_what_the_public_reads(case, seed):
    """``secret_log_readers(start)`` may leave a seat out only when it reads the steps from
    ``start`` on exactly as the public does (a table then reads them once for both), and a log
    read in two parts (``end``) reads as the whole."""
    rng, state, start = random.Random(seed), case.new(seed), 0
    while not state.is_terminal and len(state.history) < 400:
        for _ in range(rng.randint(1, 4)):  # a table logs one step or a few at once
            if not state.is_terminal:
                step(state, rng)
        public = state.log_lines(None, start=start)
        readers = set(state.secret_log_readers(start))
        for seat in range(state.num_players):
            if seat not in readers:
                assert state.log_lines(seat, start=start) == public, (seat, start)
        middle = rng.randint(0, start)
        assert (state.log_lines(0, end=middle) + state.log_lines(0, start=middle, end=start)
                + state.log_lines(0, start=start)) == state.log_lines(0)
        start = len(state.history)


# --- refusals ----------------------------------------------------------------------------------
JUNK = ["", "   ", "fly to Mars", "bid", "bid -1", "bid 999", "take 0", "pick 99", "play", "a1-z9",
        "keep keep", "\u0663", "None", "'; drop table", "bid 1.5", "🂡"]


@games
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_junk_is_refused_in_words_and_changes_nothing(case, seed):
    """Texts and objects that are no legal action: parse, why_illegal and apply answer with an
    IllegalActionError (or a reason), never another exception, and the state stays as it was."""
    rng = random.Random(seed)
    junk = JUNK + [rng.randrange(-5, 50), None, 3.5, object(), [1], {"a": 1}, True]
    for state in positions(case, seed, every=7):
        before = save(state)
        for thing in junk:
            for player in state.acting_players() or [0]:
                reason = state.why_illegal(thing, player)
                legal = [str(a) for a in state.legal_actions(player)]
                assert reason is not None or str(thing).strip().lower() in legal
            if isinstance(thing, str):
                try:
                    state.parse(thing)
                except IllegalActionError:
                    pass
            if state.current_player >= 0 and state.why_illegal(thing) is not None:
                with pytest.raises(IllegalActionError):
                    state.apply(thing)
            assert save(state) == before
