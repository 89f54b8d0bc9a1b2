"""JSON game records: round trips, replays, and hostile records refused with a clear reason."""

import json
import random

import pytest

from gamekit.core import GameRecord, RecordError, load, play_match, record_of, save, RandomAgent
from gamekit.core.record import DEFAULT_LIMITS, RecordLimits
from gamekit.milhoes import new_game

import tests.core.toy_games  # noqa: F401  (registers the toy game)


def random_game(players=3, seed=7, **options):
    state = new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(players)})
    return state


def test_round_trip_reproduces_the_game_exactly():
    state = random_game(4, seed=11, tie_rule="discard", memory_aid=True)
    text = save(state, indent=2)
    again = load(text)
    assert save(again, indent=2) == text
    assert again.scores() == state.scores() and again.winners() == state.winners()
    assert again.rounds == state.rounds


def test_unfinished_games_round_trip_too():
    state = new_game(2, seed=3)
    state.apply_joint({0: "bid 4", 1: "bid 9"})
    record = record_of(state)
    assert record.result is None and record.actions == [["bid 4", "bid 9"]]
    assert save(load(save(state))) == save(state)


def test_seed_none_still_gives_a_replayable_record():
    state = new_game(3)
    assert isinstance(state.seed, int)
    assert load(save(state)).points_to_come == state.points_to_come


def test_replay_steps_through_every_state():
    state = random_game(2, seed=5)
    states = list(record_of(state).replay())
    assert len(states) == 13
    assert [len(s.history) for s in states] == list(range(13))
    assert save(states[-1]) == save(state)


def test_sequential_records_use_plain_action_texts():
    state = tests.core.toy_games.new_game(6, seed=2)
    for move in ["take 3", "take 1", "take 2"]:
        state.apply(move)
    record = json.loads(save(state))
    assert record["actions"] == ["take 3", "take 1", "take 2"] and record["game"] == "toy_nim"
    assert load(save(state)).winners() == [0]


def test_play_match_returns_a_record_with_its_result():
    record = play_match("milhoes", [RandomAgent(seed=s) for s in range(3)], seed=21)
    assert isinstance(record, GameRecord) and len(record.actions) == 12
    assert record.final_state().scores() == record.result["scores"]


def good():
    return json.loads(save(random_game(3, seed=1)))


def hostile(**changes):
    data = good()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("text, reason", [
    ("not json", "not a JSON game record"),
    ("[1, 2]", "JSON object"),
    (hostile(extra=1), r"unknown key\(s\).*extra"),
    (hostile(seed=KeyError), r"lacks key\(s\).*seed"),
    (hostile(format="pickle"), "format must be"),
    (hostile(game=3), "game must be a str"),
    (hostile(game="os"), "unknown game"),
    (hostile(game="../../etc"), "unknown game"),
    (hostile(seed="7"), "seed must be a int"),
    (hostile(seed=True), "seed must be a int"),
    (hostile(options=[]), "options must be a dict"),
    (hostile(actions="bid 1"), "actions must be a list"),
    (hostile(actions=[["bid 1", 2, "bid 3"]]), "an action in step 1 must be a str"),
    (hostile(actions=[7]), "step 1 must be a str"),
    (hostile(actions=[["bid 1", "bid 1", "bid 13"]]), r"step 1 .* is illegal: there is no Power card 13"),
    (hostile(actions=[["bid 1", "bid 2", "bid 3"], ["bid 1", "bid 4", "bid 5"]]), "step 2 .* already played the 1"),
    (hostile(actions=[["bid 1", "bid 2"]]), "missing player"),
    (hostile(actions=[["drop table", "bid 2", "bid 3"]]), "not a Milhões action"),
    (hostile(options={"players": 9}), "2 to 5 players"),
    (hostile(options={"colour": "red"}), "do not make a game"),
    (hostile(options={"players": {"__class__": "x"}}), "2 to 5 players"),
    (hostile(result={"scores": [99, 0, 0], "winners": [0]}), "does not match the replay"),
    (hostile(result=[1]), "result must be a dict"),
])
def test_hostile_records_are_refused_with_a_reason(text, reason):
    with pytest.raises(RecordError, match=reason):
        load(text)


def test_record_error_is_a_value_error():
    with pytest.raises(ValueError):
        load("{}")


# --- bounded loading ----------------------------------------------------------------------------
def test_the_limits_are_generous_for_real_games_and_configurable():
    assert DEFAULT_LIMITS.max_actions >= 10 * 10_000 and DEFAULT_LIMITS.max_chars >= 1_000_000
    text = save(random_game(3, seed=1))
    assert load(text, RecordLimits(max_actions=12)).is_terminal
    with pytest.raises(RecordError, match=r"12 steps; records are limited to 11 \(RecordLimits.max_actions\)"):
        load(text, RecordLimits(max_actions=11))
    with pytest.raises(RecordError, match="RecordLimits.max_chars"):
        load(text, RecordLimits(max_chars=100))


def test_a_million_steps_are_refused_before_any_replay():
    data = good()
    data["actions"] = [["bid 1", "bid 2", "bid 3"]] * 1_000_000
    with pytest.raises(RecordError, match="limited to"):
        load(json.dumps(data))


@pytest.mark.parametrize("nested", ["[" * 100_000 + "]" * 100_000, "[" * 50 + "]" * 50])
def test_deeply_nested_json_is_a_record_error(nested):
    with pytest.raises(RecordError, match="nest"):
        load(hostile(options={"players": 3, "deep": "X"}).replace('"X"', nested))


def test_a_seed_of_thousands_of_digits_is_a_record_error():
    for digits in (41, 5_000):
        with pytest.raises(RecordError, match="digits"):
            load(hostile(seed=0).replace('"seed": 0', '"seed": ' + "9" * digits))
    assert load(hostile(seed=10 ** 39, actions=[], result=KeyError)).seed == 10 ** 39


def test_a_repeated_key_is_refused():
    text = hostile().replace('"seed":', '"seed": 5, "seed":', 1)
    with pytest.raises(RecordError, match="'seed' appears twice"):
        load(text)


@pytest.mark.parametrize("text", [
    hostile(format="x" * 5_000_000),
    hostile(game="y" * 5_000_000),
    hostile(actions=[["bid " + "9" * 5_000, "bid 1", "bid 2"]]),
    hostile(options={"players": 3, "points_order": list(range(1_000_000))}),
    hostile(options={"players": 3, "points_order": list(range(1_000))}),
    hostile(seed="z" * 1_000_000),
])
def test_refusals_quote_a_short_excerpt_only(text):
    with pytest.raises(RecordError) as refused:
        load(text)
    assert len(str(refused.value)) <= 420


def test_load_refuses_what_is_not_text():
    with pytest.raises(RecordError, match="JSON text"):
        load(12)
