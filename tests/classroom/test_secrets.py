"""Nothing another seat may not see reaches a seat: the two-world test of tests/conformance, on the
messages the server sends. Along random games of all four games with student seats, build a twin
of the position in which something seat A cannot see is swapped (another hand's card, an enemy
piece's rank, another colour's Event card); every message for A — its view, and the refusal of
anything A might try — must come out byte for byte the same in both worlds. In a simultaneous
round, what another seat chose is swapped the same way."""

from __future__ import annotations

import json
import random

import pytest

from gamekit.classroom.hall import HostedTable
from gamekit.classroom.messages import seat_message
from gamekit.core import IllegalActionError, Table

from tests.conformance.games import CASES

from .play import random_move

HIDDEN = [case for case in CASES if case.twin and case.name in
          ("milhoes", "lost_cities", "stratego", "brief_history")]
SEEDS = range(3)
JUNK = ["", "fly to Mars", "bid 99", "a1-a2", "play red 7", "🂡", "x" * 300]


def hosted_over(state, chosen=None) -> HostedTable:
    """A table of students over ``state`` (a clone), with the secret ``chosen`` of a simultaneous
    round already made."""
    table = Table(state.clone(), [None] * state.num_players, shared_screen=False)
    for seat, action in (chosen or {}).items():
        table.submit(action, seat)
    return HostedTable("t", "CODE", table, ["student"] * state.num_players, {})


def messages_for(hosted: HostedTable, seat: int, tries) -> str:
    """Everything seat ``seat`` would be sent: its view, and what a refused try answers."""
    sent = [seat_message(hosted, seat)]
    legal = {str(a) for a in hosted.view(seat).legal_actions}
    for text in tries:
        if text in legal:
            continue
        try:
            hosted.submit(seat, text)
        except IllegalActionError as refusal:
            sent.append({"refused": text, "reason": refusal.reason})
        else:
            raise AssertionError(f"{text!r} went through although it is not among the legal actions")
    return json.dumps(sent, sort_keys=True)


def tries_for(worlds, seat: int) -> list[str]:
    """What a curious seat might send: anything any seat may do in either world, and junk."""
    texts = set(JUNK)
    for hosted in worlds:
        for other in range(len(hosted.kinds)):
            texts |= {str(a) for a in hosted.table.state.legal_actions(other)}
    return sorted(texts - {str(a) for a in worlds[0].view(seat).legal_actions})


def positions(case, seed):
    """(state, chosen) along one random game played by students at a hosted table; ``chosen`` is
    the secret choices already made in an open simultaneous round."""
    rng = random.Random(seed)
    options = {**case.options, **({"max_moves": 150} if case.name == "stratego" else {})}
    table = Table(case.name, [None] * case.new(seed).num_players, seed=seed, options=options,
                  shared_screen=False)
    hosted = HostedTable("t", "CODE", table, ["student"] * len(table.seats), {})
    for number in range(400):
        if hosted.is_over:
            return
        if number % 4 == 0:
            yield table.state.clone(), dict(table.pending)
        move = random_move(hosted, rng)
        if move is None:
            return
        hosted.submit(*move)


@pytest.mark.parametrize("case", HIDDEN, ids=[c.name for c in HIDDEN])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_seat_is_sent_the_same_whatever_it_cannot_see(case, seed):
    rng = random.Random(1000 + seed)
    checked = 0
    for state, chosen in positions(case, seed):
        viewer = rng.randrange(state.num_players)
        twin = case.twin(state, viewer, rng)
        if twin is None:
            continue
        try:
            worlds = [hosted_over(state, chosen), hosted_over(twin, chosen)]
        except IllegalActionError:  # the twin swapped away a card already chosen this round
            continue
        tries = rng.sample(tries_for(worlds, viewer), k=min(12, len(tries_for(worlds, viewer))))
        assert messages_for(worlds[0], viewer, tries) == messages_for(worlds[1], viewer, tries), \
            f"{case.name}: seat {viewer} is sent something it may not see (step {len(state.history)})"
        checked += 1
    assert checked, "no position to test"


SIMULTANEOUS_GAMES = [case for case in HIDDEN if case.name == "milhoes"]


@pytest.mark.parametrize("case", SIMULTANEOUS_GAMES, ids=[c.name for c in SIMULTANEOUS_GAMES])
@pytest.mark.parametrize("seed", SEEDS)
def test_another_seats_secret_choice_is_never_sent(case, seed):
    """Seat B bids x in one world and y in the other: seat A is sent the same; B is told its own."""
    rng = random.Random(seed)
    checked = 0
    for state, chosen in positions(case, seed):
        if chosen or state.is_terminal:
            continue
        viewer, other = rng.sample(range(state.num_players), 2)
        choices = state.legal_actions(other)
        if len(choices) < 2:
            continue
        x, y = rng.sample(choices, 2)
        worlds = [hosted_over(state, {other: x}), hosted_over(state, {other: y})]
        tries = tries_for(worlds, viewer)[:10]
        assert messages_for(worlds[0], viewer, tries) == messages_for(worlds[1], viewer, tries)
        assert seat_message(worlds[0], viewer)["chosen"] == [other]
        assert seat_message(worlds[0], other)["my_choice"] == str(x)
        checked += 1
    assert checked
