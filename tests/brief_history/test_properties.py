"""Seeded random games from start to finish at every player count, fuzzed illegal input, records."""

import random

import pytest

from gamekit.brief_history import Action, new_game
from gamekit.brief_history.rules import (
    BuildFort,
    BuildMonument,
    Continue,
    DiscardEvent,
    EndOverrun,
    Establish,
    KeepBonus,
    Overrun,
    Place,
    PlayEvent,
    Reorganise,
    SkipMonument,
    TakeEmpire,
    TakeEvent,
    Withdraw,
)
from gamekit.core import IllegalActionError, RandomAgent, load, play_match, save

GAMES_PER_COUNT = 200
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def check_invariants(state):
    world = state.world
    for territory, (colour, active) in state.army.items():
        assert not world.is_barren(territory) and 0 <= colour < state.colours
        assert not active or state.turn is not None and colour == state.turn.colour
    assert all(site in ("capital", "city") for site in state.site.values())
    assert len(state.monument) + state.monuments_left == state.options["monuments"]
    assert all(g >= 0 for g in state.gold)
    if state.phase in ("draft", "bonus", "start", "over"):
        assert not any(active for _, active in state.army.values())
    if state.turn is not None:
        assert state.turn.organiser >= 0 and 0 <= state.turn.indicator <= 3
    assert (state.phase == "failed") == (state.invasion is not None)
    assert (state.phase == "overrun") == (state.overrun is not None) or state.phase == "monument"


def play_random(seed, players, check_every=1):
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal and legal == sorted(legal)
        action = rng.choice(legal)
        if steps % check_every == 0:
            assert state._illegal_reason(action, state.current_player) is None
        state.apply(action)
        steps += 1
        if steps % check_every == 0:
            check_invariants(state)
    return state, steps


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_run_to_the_end(players):
    for seed in range(GAMES_PER_COUNT):
        state, _ = play_random(seed, players, check_every=7)
        assert state.epoch == 6 and state.phase == "over"
        assert sorted(t for hand in state.bonus_held for t in hand) == sorted(state.cards.bonus_tokens)
        assert state.scores() == [sum(state.gold[c] + sum(state.bonus_held[c]) for c in range(state.colours)
                                      if state.seat_of[c] == p) for p in range(players)]
        assert state.winners() and all(state.scores()[w] == max(state.scores()) for w in state.winners())
        called = sum(line.endswith("are called") for line in state.log)
        assert called == 6 * state.colours + sum("Incas & Aztecs" in e["empires"] for e in state.chart.values())


def test_every_legal_action_is_accepted_and_every_step_keeps_the_invariants():
    for seed in range(3):
        play_random(seed, 4)


def test_records_replay_exactly():
    for players in PLAYER_COUNTS:
        state, _ = play_random(100 + players, players, check_every=50)
        text = save(state)
        again = load(text)
        assert save(again) == text and again.scores() == state.scores() and again.army == state.army


def test_every_action_text_reads_back_as_the_same_action():
    seen = set()
    for seed in range(6):
        state, rng = new_game(2 + seed % 5, seed=seed), random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in legal:
                if action not in seen:
                    seen.add(action)
                    assert state._coerce(str(action)) == action
                    assert state._coerce(str(action).upper()) == action  # texts match whatever the case
            state.apply(rng.choice(legal))
    assert {type(a).__name__ for a in seen} >= {"Place", "Overrun", "PlayEvent", "TakeEmpire", "KeepBonus"}


def test_arena_plays_brief_history():
    record = play_match("brief_history", [RandomAgent(seed=s) for s in range(3)], seed=4, options={"players": 3})
    assert record.result["winners"] and len(record.actions) > 50


def test_clone_is_independent_and_replays_the_same_dice():
    state, _ = play_random(1, 3, check_every=1000)
    state = new_game(3, seed=11)
    rng = random.Random(0)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.clone()
    before = save(state)
    moves = random.Random(5)
    while not twin.is_terminal:
        twin.apply(moves.choice(twin.legal_actions()))
    assert save(state) == before
    again, moves = state.clone(), random.Random(5)
    while not again.is_terminal:
        again.apply(moves.choice(again.legal_actions()))
    assert again.scores() == twin.scores() and again.log == twin.log


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_an_observation_shows_the_moment_it_was_asked_for(players):
    """Observations are worked out when first read: one first read at the end of the game, and
    one read at once and kept, show their moment, as a state loaded from the record then does."""
    for seed in range(3):
        state, rng = new_game(players, seed=seed), random.Random(seed)
        kept = []  # (read only at the end, read at once, its text then)
        while not state.is_terminal:
            views = [(state.observation(p), state.observation(p)) for p in range(players)]
            views.append((state.public_observation(), state.public_observation()))
            texts = [repr(now) for _, now in views]
            if rng.random() < 0.04:
                fresh = load(save(state))
                assert [repr(fresh.observation(p)) for p in range(players)] + [repr(fresh.public_observation())] == texts
            kept += [(later, now, text) for (later, now), text in zip(views, texts)]
            state.apply(rng.choice(state.legal_actions()))
        assert all(repr(now) == text and repr(later) == text for later, now, text in kept)
        later, now, _ = kept[len(kept) // 2]
        assert later.tiles == now.tiles and later == now


def test_observations_hide_other_hands():
    state = new_game(4, seed=2)
    rng = random.Random(2)
    while state.phase == "draft":
        state.apply(rng.choice(state.legal_actions()))
    for p in range(4):
        seen = state.observation(p)
        assert all(colour == p for colour, _ in seen.event_hand)
        assert len(seen.empire_hand) <= 1 and seen.packet == ()
        assert seen.hand_sizes[p][0] == len(state.events_held[p])


# --- fuzzed illegal input --------------------------------------------------------------------------
def fingerprint(state):
    turn = state.turn
    return (save(state), sorted(state.army.items()), sorted(state.site.items()), sorted(state.monument),
            sorted(state.fort), list(state.gold), list(state.arrival), state.phase, list(state.queue),
            {k: list(v) for k, v in state.packets.items()}, [list(h) for h in state.events_held],
            [list(h) for h in state.bonus_held], repr(turn), repr(state.invasion), repr(state.overrun),
            state.rng.getstate(), len(state.log), state.in_play, state.monuments_left)


def random_candidate(state, rng):
    names = list(state.world.territories) + ["Atlantis", "", "balkans"]
    events = [e.name for e in state.cards.events] + ["Earthquake"]
    pick = rng.randrange(17)
    junk = rng.choice([None, 3, 2.5, ("Balkans",), True])
    if pick == 0:
        return Place(rng.choice(names), rng.random() < 0.3)
    if pick == 1:
        return Overrun(rng.choice(names))
    if pick == 2:
        return BuildFort(rng.choice(names))
    if pick == 3:
        return BuildMonument(rng.choice(names))
    if pick == 4:
        return PlayEvent(rng.choice(events), rng.choice([None] + names + list(state.world.areas)))
    if pick == 5:
        return TakeEmpire(rng.choice([c.name for c in state.cards.empire_cards] + ["Atlantis"]))
    if pick == 6:
        return TakeEvent(rng.choice(events))
    if pick == 7:
        return KeepBonus(rng.choice([0, 3, 5, 8, 99, 3.0]))
    if pick == 8:
        return rng.choice([Continue(), Withdraw(), EndOverrun(), SkipMonument(), DiscardEvent(), Reorganise(), Establish()])
    if pick == 9:
        return rng.choice([Place(junk), Overrun(junk), BuildFort(junk), PlayEvent(junk, junk), KeepBonus(junk),
                           Place("Balkans", junk)])
    if pick == 10:
        return rng.choice(["place", "place atlantis", "overrun", "keep bonus x", "play", "continue now", "", "  ",
                           "take empire", "fort", "PLACE BALKANS BY SEA", "play leader at nowhere"])
    if pick == 11:
        return rng.choice([42, None, object(), ["place Balkans"]])
    return rng.choice(state.legal_actions())


def test_ten_thousand_fuzzed_actions_are_refused_without_a_trace():
    refused = accepted = 0
    seed = 0
    while refused < 10_000:
        state, rng = new_game(3 + seed % 4, seed=seed), random.Random(seed)
        seed += 1
        while not state.is_terminal and refused < 10_000:
            candidate = random_candidate(state, rng)
            legal = state.legal_actions()
            coerced = candidate
            if isinstance(candidate, str):
                try:
                    coerced = state._coerce(candidate)
                except IllegalActionError:
                    coerced = None
            # exactly a legal action (3.0 equals 3, but "keep bonus 3.0" is not the text of a legal move)
            if isinstance(coerced, Action) and repr(coerced) in {repr(a) for a in legal}:
                state.apply(candidate)
                accepted += 1
                continue
            before = fingerprint(state)
            with pytest.raises(IllegalActionError) as refusal:
                state.apply(candidate)
            assert refusal.value.reason and fingerprint(state) == before
            refused += 1
            if rng.random() < 0.3:
                state.apply(rng.choice(legal))
    assert accepted > 100
