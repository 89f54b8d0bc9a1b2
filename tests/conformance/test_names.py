"""Names in every engine text, for every game: given ``names`` (one per seat, as a table passes
its players' names), no refusal, explanation, outcome reason or log line says "player 0"; without
names the texts keep counting seats as the Python API does ("player 0")."""

from __future__ import annotations

import random
import re

import pytest

from gamekit.core import IllegalActionError, RandomAgent, Table, seat_name

from .games import CASES, Case, step

NAMES = ("Ana", "Rui", "Eva", "Bo", "Lia")
#: How a text names a seat or a side by number: "player 0", "Players 0, 1 and 2", "team 1".
BY_NUMBER = re.compile(r"\b(players?|teams?) \d", re.IGNORECASE)

NAMED_CASES = [*CASES, Case("lost_cities", {"players": 4, "rounds": 1})]
games = pytest.mark.parametrize("case", NAMED_CASES,
                                ids=[f"{c.name}-{c.options.get('players', 2)}" for c in NAMED_CASES])


def names_for(state) -> tuple[str, ...]:
    return NAMES[:state.num_players]


def assert_named(named: str, plain: str, names, where: str) -> None:
    """``named`` counts no seat by number, and names every seat that ``plain`` counted."""
    assert not BY_NUMBER.search(named), f"{where}: {named!r}"
    for seat, name in enumerate(names):
        if re.search(rf"\bplayers? {seat}\b", plain, re.IGNORECASE):
            assert name in named, f"{where}: {plain!r} counts seat {seat}, {named!r} does not name {name}"


def game_texts(case, seed: int, every: int = 5, limit: int = 60):
    """(kind, named text, plain text) of one seeded random game: refusals and explanations of
    random actions (legal or not, for every seat, whose turn it is or not) at a position every
    ``every`` steps (at most ``limit`` positions), then the outcome and every viewer's log."""
    rng = random.Random(seed)
    state = case.new(seed)
    names = names_for(state)
    seen: list = []
    checked = 0
    while not state.is_terminal:
        for player in state.acting_players():
            seen.extend(a for a in state.legal_actions(player)[:12] if a not in seen)
        if len(state.history) % every == 0 and checked < limit:
            checked += 1
            for player in range(state.num_players):
                for action in rng.sample(seen, min(6, len(seen))):
                    yield ("refusal", state.why_illegal(action, player, names=names),
                           state.why_illegal(action, player))
                    yield ("explanation", state.explain(action, player, names=names),
                           state.explain(action, player))
        step(state, rng)
    yield "outcome", state.outcome(names).reason, state.outcome().reason
    for viewer in (None, *range(state.num_players)):
        for named, plain in zip(state.log_lines(viewer, names=names), state.log_lines(viewer)):
            yield f"log of {viewer}", named, plain


@games
@pytest.mark.parametrize("seed", range(2))
def test_with_names_no_engine_text_counts_players(case, seed):
    kinds = set()
    for kind, named, plain in game_texts(case, seed):
        if named is None:
            assert plain is None, f"{case.name}: legal with names, refused without ({plain!r})"
            continue
        assert plain is not None
        assert_named(named, plain, NAMES, f"{case.name} seed {seed} {kind}")
        kinds.add(kind.split(" ")[0])
    assert {"explanation", "outcome"} <= kinds


@games
def test_names_change_the_words_only(case):
    """With names or without, the same actions are legal and the same game ends the same way."""
    rng = random.Random(7)
    state = case.new(7)
    names = names_for(state)
    while not state.is_terminal:
        for player in range(state.num_players):
            for action in state.legal_actions(player)[:5]:
                assert state.is_legal(action, player, names=names) == state.is_legal(action, player)
        step(state, rng)
    named, plain = state.outcome(names), state.outcome()
    assert (named.winners, named.scores) == (plain.winners, plain.scores)


@pytest.mark.parametrize("game", ["milhoes", "lost_cities", "brief_history", "toy_nim"])
def test_without_names_the_texts_count_seats_from_0(game):
    case = next(c for c in CASES if c.name == game)
    rng = random.Random(3)
    state = case.new(3)
    waiting = state.acting_players()[0]
    idle = next((p for p in range(state.num_players) if p not in state.acting_players()), None)
    if idle is not None:
        assert state.why_illegal(state.legal_actions(waiting)[0], idle) == f"it is not player {idle}'s turn"
    assert state.explain(state.legal_actions(waiting)[0], waiting).startswith(f"Legal: player {waiting} ")
    while not state.is_terminal:
        step(state, rng)
    winner = state.outcome().winners[0]
    assert re.search(rf"\bplayers? {winner}\b|\bplayers? .*\b{winner}\b", state.outcome().reason,
                     re.IGNORECASE), state.outcome().reason


def test_seat_name():
    assert seat_name(0) == "player 0" and seat_name(2, None) == "player 2"
    assert seat_name(1, ["Ana", "Rui"]) == "Rui"


# --- the table passes its names everywhere it produces text -------------------------------------
def agents_table(case, seed: int) -> Table:
    state = case.new(seed)
    return Table(case.name, [RandomAgent(seed=seed + p) for p in range(state.num_players)],
                 names=names_for(state), seed=seed, options=case.options)


@games
def test_a_tables_texts_name_its_players(case):
    table = agents_table(case, 2)
    table.advance()
    assert table.state.is_terminal
    names = table.names
    for viewer in (None, *range(len(names))):
        view = table.view(viewer)
        for line in view.log:
            assert not BY_NUMBER.search(line), f"{case.name} log of {viewer}: {line!r}"
        assert not BY_NUMBER.search(view.outcome.reason), view.outcome.reason
    result = table.log()[-1]
    assert result.startswith("Game over: ") and not BY_NUMBER.search(result)
    plain = table.state.outcome().reason
    assert_named(result, plain, names, f"{case.name} result line")


@games
def test_a_tables_refusals_name_its_players(case):
    """A person's illegal move, or a move out of turn, is refused in the table's names."""
    state = case.new(4)
    table = Table(case.name, [None] * state.num_players, names=names_for(state), seed=4,
                  options=case.options, shared_screen=False)
    rng = random.Random(4)
    refused = 0
    for _ in range(30):
        if table.state.is_terminal:
            break
        waiting = table.waiting_for
        for seat in range(len(table.names)):
            tried = [a for p in waiting for a in table.state.legal_actions(p)[:4]]
            for action in tried:
                if table.state.why_illegal(action, seat) is None:
                    continue
                with pytest.raises(IllegalActionError) as refusal:
                    table.submit(action, seat)
                refused += 1
                assert not BY_NUMBER.search(str(refusal.value)), f"{case.name}: {refusal.value}"
        seat = waiting[0]
        table.submit(rng.choice(table.state.legal_actions(seat)), seat)
    assert refused
