"""The seed's worked examples as lesson positions: they play as the rulebook tells, and replay from
their records like any game (the ``dice`` and ``position`` options are plain JSON)."""

import doctest
import json
import random

import pytest

from gamekit.brief_history import new_game, scenarios
from gamekit.brief_history.rules import BuildFort, EndOverrun, Overrun
from gamekit.core import IllegalActionError, RecordError, load, save

from .test_rules import refused


def test_the_roman_position():
    state = scenarios.roman_turn()
    assert state.epoch == 3 and state.phase == "expand" and state.turn.spec.name == "Romans"
    assert state.army["Italy"] == (0, True) and state.site == {"Italy": "capital", "Anatolia": "city"}
    assert state.turn.fleets == ("Mediterranean Sea",) and state.turn.organiser == 13
    assert {t: c for t, (c, active) in state.army.items() if not active} == scenarios.ROMAN_ARMIES
    assert state.fort == {"Pindus"} and state.history == []


def test_the_roman_turn_plays_the_seed_examples():
    state = scenarios.roman_turn()
    rolls = {}
    for action, _ in scenarios.ROMAN_STEPS:
        assert state._coerce(action) in state.legal_actions(), action
        state.apply(action)
        if state.last_roll is not None:
            rolls[action if action != "continue" else f"continue {len(rolls)}"] = state.last_roll
    assert rolls["place Balkans"] == ((3, 2), (5,), 0, 0)
    assert ((6, 5), (3,), 2, 5) in rolls.values()  # the Romans at +2: 6-5 against 3, five points
    assert ((4, 1), (5,), 0, 0) in rolls.values() and ((6, 2), (6,), 1, 1) in rolls.values()  # continuing
    assert ((6, 2), (4, 3), 0, 2) in rolls.values()  # against a fort's two dice
    assert rolls["place Crete by sea"] == ((5,), (2,), 0, 3)  # one die fewer from the fleet
    assert all(state.army[t][0] == 0 for t in ("Balkans", "Anatolia", "Levant", "Danubia", "Pindus", "Crete", "Gaul"))
    assert state.army["Rhineland"] == (2, False)
    assert state.fort == {"Balkans", "Italy"}  # Pindus' fort went with the attempt, the Romans built two
    assert state.monument == {"Italy", "Pindus"} and "Anatolia" not in state.site
    assert state.phase == "bonus" and state.gold[0] == 23 and state.dice_script == []  # reorganised by itself


def test_roman_overrun_refusals_and_reasons():
    state = scenarios.roman_turn()
    scenarios.play(state, "place Balkans", "continue", "continue")
    assert state.overrun["points"] == 3
    assert set(state.legal_actions()) == {Overrun("Anatolia"), Overrun("Danubia"), EndOverrun(),
                                          BuildFort("Balkans"), BuildFort("Italy")}
    refused(state, "overrun Rhineland", "no army of colour 1")
    refused(state, "overrun Pindus", "a fort stops an over-run")
    refused(state, "overrun Crete", "not next to Balkans")
    state.apply("overrun Anatolia")
    refused(state, "overrun Danubia", "not next to Anatolia")
    state.apply("overrun Levant")
    assert state.phase == "expand" and state.army["Danubia"] == (1, False)


def test_fear_example():
    state = scenarios.fear_example()
    assert state.epoch == 1 and state.turn.spec.trait == "fear"
    state.apply("place Levant")
    assert state.last_roll == ((6, 2), (4,), 0, 3) and state.army["Levant"] == (0, True)
    state.apply("place Lower Tigris")
    assert state.last_roll == ((4, 2), (4,), 0, 0) and state.phase == "failed"


@pytest.mark.parametrize("name", sorted(scenarios.EXAMPLES))
def test_every_step_of_an_example_replays_from_its_record(name):
    build, steps = scenarios.EXAMPLES[name]
    state = build()
    for action, _ in steps:
        state.apply(action)
        text = save(state)
        again = load(text)
        assert save(again) == text and again.army == state.army and again.log == state.log
        assert again.dice_script == state.dice_script and again.rng.getstate() == state.rng.getstate()
    record = json.loads(save(state))
    assert record["options"]["position"]["empire"] == build().turn.spec.name
    assert record["options"]["dice"] == list(build().options["dice"])


@pytest.mark.parametrize("seed", range(4))
def test_a_scenario_plays_on_to_the_end_with_seeded_dice(seed):
    state, rng = scenarios.roman_turn(seed=seed, players=3 + seed % 3), random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.epoch == 6 and state.winners() and not state.dice_script
    assert save(load(save(state))) == save(state)


def test_scripted_dice_come_first_then_the_seeded_ones():
    plain, scripted = new_game(3, seed=4), new_game(3, seed=4, dice=[])
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(80):  # an empty script changes nothing
        plain.apply(rng_a.choice(plain.legal_actions()))
        scripted.apply(rng_b.choice(scripted.legal_actions()))
    assert plain.log == scripted.log
    state = scenarios.scenario("Romans", dice=[6, 6, 1], armies={"Sicily": 1, "Rhineland": 1})
    state.apply("place Sicily")
    assert state.last_roll == ((6, 6), (1,), 0, 5)
    twin = state.clone()
    state.apply("place Rhineland")  # the script is spent: the seeded generator rolls
    twin.apply("place Rhineland")
    assert state.last_roll == twin.last_roll and state.dice_script == twin.dice_script == []


def test_positions_are_plain_json():
    data = scenarios.position("Romans", armies={"Gaul": 1}, forts={"Gaul"}, gold=(3, 0, 1))
    assert json.loads(json.dumps(data)) == data
    state = new_game(3, seed=0, position=data)
    assert state.gold == [3, 0, 1] and state.fort == {"Gaul"}
    assert state.options["position"] == data and state.options["position"] is not data


@pytest.mark.parametrize("bad, words", [
    ({"empire": "Atlantans"}, "no Empire card"),
    ({}, "at least"),
    ({"empire": "Romans", "turn": 3}, "knows the keys"),
    ({"empire": "Romans", "colour": 3}, "colour playing"),
    ({"empire": "Romans", "colour": True}, "colour playing"),
    ({"empire": "Romans", "armies": {"Sahara": 1}}, "not barren"),
    ({"empire": "Romans", "armies": {"Atlantis": 1}}, "not barren"),
    ({"empire": "Romans", "armies": {"Gaul": 5}}, "needs a colour"),
    ({"empire": "Romans", "armies": ["Gaul"]}, "armies is a dict"),
    ({"empire": "Romans", "armies": {"Gaul": 1}, "sites": {"Gaul": "castle"}}, "capital"),
    ({"empire": "Romans", "sites": {"Gaul": "city"}}, "needs an army"),
    ({"empire": "Romans", "forts": ["Gaul"]}, "needs an army"),
    ({"empire": "Romans", "armies": {"Gaul": 1}, "forts": ["Gaul", "Gaul"]}, "distinct"),
    ({"empire": "Romans", "gold": [1, 2]}, "one per colour"),
    ({"empire": "Romans", "gold": [1, -2, 0]}, "one per colour"),
    ("Romans", "at least"),
])
def test_bad_positions_are_refused_clearly(bad, words):
    with pytest.raises(ValueError) as refusal:
        new_game(3, seed=0, position=bad)
    assert words in str(refusal.value)


@pytest.mark.parametrize("bad", [[7], [0], [True], ["6"], 6, "66", [2.0]])
def test_bad_dice_are_refused(bad):
    with pytest.raises(ValueError, match="dice|die"):
        new_game(3, seed=0, dice=bad)


def test_a_hand_edited_record_with_a_bad_position_is_refused():
    record = json.loads(save(scenarios.fear_example()))
    record["options"]["position"]["armies"]["Sahara"] = 1
    with pytest.raises(RecordError):
        load(json.dumps(record))


def test_play_narrates_and_refuses_like_apply():
    state = scenarios.fear_example()
    assert scenarios.play(state, "place Levant").splitlines() == [
        "Assyrians invade Levant", "  roll 6-2 (+0) against 4: 3 points with Fear, Levant falls"]
    with pytest.raises(IllegalActionError):
        scenarios.play(state, "place Crete")


def test_docstring_examples():
    result = doctest.testmod(scenarios)
    assert result.attempted > 0 and result.failed == 0
