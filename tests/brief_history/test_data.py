"""The teaching map and card set: validated on load, labelled as the kit's own, and faithful to the
seed's Mediterranean so that the rulebook's examples play as written."""

import copy
import json
from importlib import resources

import pytest

from gamekit.brief_history.cards import CardDataError, build_cards, load_cards
from gamekit.brief_history.maps import MapDataError, TeachingMap, load_map


def raw(name):
    return json.loads(resources.files("gamekit.brief_history").joinpath(f"data/{name}").read_text("utf-8"))


@pytest.fixture(scope="module")
def world():
    return load_map()


@pytest.fixture(scope="module")
def cards():
    return load_cards()


# --- the map --------------------------------------------------------------------------------------
def test_both_files_say_they_are_the_kits_own():
    for name, words in (("map.json", "not its board"), ("cards.json", "not its cards")):
        label = raw(name)["label"]
        assert "inspired by the published game" in label and words in label


def test_size(world):
    assert 50 <= len(world.territories) <= 80
    assert 10 <= len(world.areas) <= 13
    assert len(world.barren) == 8 and all(world.is_barren(t) for t in world.barren)
    assert sum(world.is_barren(t) for t in world.territories) == 8


def test_neighbours_are_symmetric_and_never_self(world):
    for a in world.territories:
        assert a not in world.neighbours(a)
        for b in world.neighbours(a):
            assert a in world.neighbours(b)
        for b in world.strait_neighbours(a):
            assert a in world.strait_neighbours(b) and b not in world.land_neighbours(a)


def test_every_territory_reachable(world):
    assert world.is_connected()


def test_every_area_has_room_for_armies(world):
    assert {world.area(t) for t in world.territories} == set(world.areas)
    for area in world.areas:
        assert any(not world.is_barren(t) for t in world.territories_in(area))


def test_the_seeds_mediterranean(world):
    assert world.terrain("Balkans") == "mountain"
    assert {"Rhineland", "Pindus", "Danubia", "Anatolia"} <= world.neighbours("Balkans")
    assert "Italy" in world.land_neighbours("Balkans")  # the Romans invade by land, with two dice
    assert world.neighbours("Crete") == frozenset() and "Crete" in world.coasts("Mediterranean Sea")
    assert world.terrain("Anatolia") == "mountain" and world.terrain("Levant") == "clear"
    assert "Levant" in world.neighbours("Anatolia")
    assert "Danubia" not in world.neighbours("Anatolia")
    assert world.cost("Balkans") == world.cost("Anatolia") == 2 and world.cost("Levant") == 1
    assert world.terrain("Pindus") == "mountain"


def test_the_assyrian_example_neighbourhood(world):
    assert {"Levant", "Lower Tigris"} <= world.neighbours("Upper Tigris")


def test_an_atlantic_fleet_serves_the_north_sea_and_the_mediterranean(world):
    assert world.is_ocean("Atlantic Ocean") and not world.is_ocean("North Sea")
    assert {"North Sea", "Mediterranean Sea"} <= set(world.served_seas("Atlantic Ocean"))
    assert "Crete" in world.fleet_reach("Atlantic Ocean")
    assert world.crosses_ocean("Atlantic Ocean", "Scandinavia", "New England")
    assert not world.crosses_ocean("Atlantic Ocean", "Scandinavia", "Britain")


def test_resources_come_in_pairs(world):
    assert len(world.resources) >= 10
    for symbol, pair in world.resources.items():
        assert len(set(pair)) == 2
        for place in pair:
            assert world.resource(place) == symbol and not world.is_barren(place)


def test_coordinates_look_like_the_world(world):
    for t in world.territories:
        x, y = world.xy(t)
        americas = world.area(t) in ("North America", "Central America", "South America")
        assert (x < -30) == americas
        assert -40 < y < 75
    assert world.xy("Britain")[1] > world.xy("Egypt")[1]  # north is up
    assert world.xy("Huang He")[0] > world.xy("Persia")[0]  # east is right


def test_unknown_names_are_refused_in_words(world):
    with pytest.raises(ValueError, match="no territory 'Atlantis'"):
        world.neighbours("Atlantis")
    with pytest.raises(ValueError, match="no sea or ocean"):
        world.coasts("Sea of Tranquillity")


def broken_map(change):
    data = raw("map.json")
    change(data)
    return data


@pytest.mark.parametrize("change,message", [
    (lambda d: d["territories"]["Balkans"]["land"].remove("Danubia"), "does not list"),
    (lambda d: d["territories"]["Crete"].update(barren=True), "barren"),
    (lambda d: d.update(label="a map"), "inspired by the published game"),
    (lambda d: d["territories"]["Crete"].update(area="Atlantis"), "unknown Area"),
    (lambda d: d["territories"]["Crete"].update(resource="wine"), "exactly two"),
    (lambda d: d["seas"]["Mediterranean Sea"]["coasts"].remove("Crete"), "no route"),
    (lambda d: d["territories"]["Crete"].update(xy=[500, 0]), "xy"),
    (lambda d: d["territories"]["Crete"]["straits"].append("Crete"), "not another territory"),
    (lambda d: d["oceans"]["Atlantic Ocean"]["serves"].append("Lake Tana"), "seas it serves"),
    (lambda d: d.update(format="v0"), "format"),
])
def test_broken_maps_are_refused(change, message):
    with pytest.raises(MapDataError, match=message):
        TeachingMap(broken_map(change))


# --- the cards -------------------------------------------------------------------------------------
def test_seven_empires_per_epoch_in_calling_order(cards):
    for epoch in range(1, 7):
        epoch_cards = cards.empire_cards_of(epoch)
        assert [c.order for c in epoch_cards] == list(range(1, 8))


def test_every_empire_is_playable_on_the_map(cards, world):
    for card in cards.empire_cards:
        for empire in card.empires:
            assert empire.start in world.territories and not world.is_barren(empire.start)
            assert 1 <= empire.armies <= 30
            assert all(f in world.seas + world.oceans for f in empire.fleets)


def test_the_seeds_traits(cards):
    trait = {e.name: e.trait for c in cards.empire_cards for e in c.empires}
    assert trait["Assyrians"] == trait["Huns"] == trait["Mongols"] == "fear"
    assert trait["Vikings"] == "vikings" and trait["French"] == "french"
    assert trait["United States"] == "united_states"
    assert [e.name for e in cards.empire_card("Incas & Aztecs").empires] == ["Incas", "Aztecs"]
    assert cards.empire_card("French").empires[0].start == "Gaul"
    assert "Atlantic Ocean" in cards.empire_card("Vikings").empires[0].fleets
    assert cards.empire_card("Romans").empires[0].start == "Italy"


def test_barbarians_have_no_capital(cards):
    barbarians = {e.name for c in cards.empire_cards for e in c.empires if e.barbarian}
    assert {"Huns", "Mongols", "Vikings"} <= barbarians and "Romans" not in barbarians


def test_the_events_the_issue_names(cards):
    names = [e.name for e in cards.events]
    for wanted in ("Leader", "Weaponry", "Siege-craft", "Treachery", "Black Death", "Astronomy", "Civil War",
                   "Kingdom: Israel"):
        assert wanted in names
    assert any(n.startswith("Barbarians:") for n in names) and any(n.startswith("Minor Empire:") for n in names)
    assert {e.colour for e in cards.events} == {"red", "black"}
    israel = next(e for e in cards.events if e.name == "Kingdom: Israel")
    assert israel.colour == "red" and israel.playable_in(1) and israel.playable_in(2) and not israel.playable_in(3)
    leader = next(e for e in cards.events if e.name == "Leader")
    assert leader.lasts_the_turn and leader.playable_in(6) and not leader.start_of_turn
    assert any(e.cost > 0 for e in cards.events) and all(e.cost >= 0 for e in cards.events)
    for epoch in range(1, 7):
        assert len(cards.events_of(epoch)) >= 6  # enough for six players


def test_every_player_starts_with_leader_and_weaponry(cards):
    assert [e.name for e in cards.starting_events] == ["Leader", "Weaponry"]


def test_area_values_and_bonus_tokens(cards, world):
    for epoch in range(1, 7):
        assert set(cards.area_values[epoch]) == set(world.areas)
        assert all(0 <= v <= 3 for v in cards.area_values[epoch].values())
    assert len(cards.bonus_tokens) == 18 and all(t > 0 for t in cards.bonus_tokens)


def broken_cards(change):
    data = raw("cards.json")
    change(data)
    return data


@pytest.mark.parametrize("change,message", [
    (lambda d: d["empire_cards"].pop(), "calling order"),
    (lambda d: d["empire_cards"][0]["empires"][0].update(start="Sahara"), "barren"),
    (lambda d: d["empire_cards"][0]["empires"][0].update(fleets=["Lake Tana"]), "fleets"),
    (lambda d: d["empire_cards"][0]["empires"][0].update(trait="magic"), "unknown trait"),
    (lambda d: d["events"][0]["effect"].update(kind="earthquake"), "unknown effect"),
    (lambda d: d["events"][0].update(colour="black"), "red"),
    (lambda d: d["events"][3].update(late=1), "only a red card"),
    (lambda d: d["area_values"]["1"].update({"Africa": 4}), "0 \\(no token\\) to 3"),
    (lambda d: d["bonus_tokens"].pop(), "18 Bonus tokens"),
    (lambda d: d.update(label="cards"), "inspired by the published game"),
    (lambda d: [d["events"].remove(e) for e in [e for e in d["events"] if e["epoch"] == 2][:2]], "at least 6"),
])
def test_broken_card_files_are_refused(change, message, world):
    with pytest.raises(CardDataError, match=message):
        build_cards(broken_cards(change), world)


def test_card_data_is_read_only(cards):
    with pytest.raises(TypeError):
        cards.events[0].effect["kind"] = "plague"
    assert copy.deepcopy(cards.empire_cards[0]) == cards.empire_cards[0]
