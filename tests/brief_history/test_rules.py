"""One test (or a few) per rule of the digest, the seed's worked examples included."""

import pytest

from gamekit.brief_history.cards import load_cards
from gamekit.brief_history.rules import (
    BuildFort,
    Continue,
    EndOverrun,
    Overrun,
    Place,
    PlayEvent,
    Reorganise,
    Withdraw,
    new_game,
)
from gamekit.core import IllegalActionError, save

from .conftest import ScriptedDice, mid_turn


def refused(state, action, words):
    before = save(state), dict(state.army), list(state.gold), state.phase
    with pytest.raises(IllegalActionError) as refusal:
        state.apply(action)
    assert words in refusal.value.reason
    assert (save(state), dict(state.army), list(state.gold), state.phase) == before


def give_event(state, name, colour=0):
    card = next(e for e in load_cards().events + load_cards().starting_events if e.name == name)
    state.events_held[colour].append(card)
    return card


# --- options and set-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [
    {"players": 1}, {"players": 7}, {"players": "4"}, {"players": True},
    {"fort_removal": "never"}, {"monuments": -1}, {"monuments": 2.5},
])
def test_bad_options_are_refused_clearly(bad):
    with pytest.raises(ValueError):
        new_game(**{"players": 4, **bad})


def test_set_up():
    state = new_game(4, seed=3)
    assert state.colours == 4 and state.gold == [0] * 4
    assert all([e.name for e in hand] == ["Leader", "Weaponry"] for hand in state.events_held[:])
    tokens = [t for epoch in state.chart.values() for t in epoch["bonus"]]
    assert sorted(tokens) == sorted(load_cards().bonus_tokens)
    for epoch, dealt in state.chart.items():
        assert len(dealt["empires"]) == 4 and len(set(dealt["empires"])) == 4
        assert all(e.epoch == epoch for e in dealt["events"]) and len(dealt["bonus"]) == 3
    assert state.options == {"players": 4, "fort_removal": "attempt", "monuments": 20}


def test_two_player_game_plays_four_colours():
    state = new_game(2, seed=1)
    assert state.colours == 4 and state.seat_of == (0, 1, 0, 1)
    assert state.num_players == 2 and len(state.scores()) == 2


def test_same_seed_same_deal():
    assert new_game(5, seed=9).chart == new_game(5, seed=9).chart
    assert new_game(5, seed=9).chart != new_game(5, seed=10).chart


# --- the drafts ------------------------------------------------------------------------------------------
def test_the_last_takes_empires_while_the_leader_takes_events():
    state = new_game(4, seed=5)
    ranking = state.ranking()
    expected = [(ranking[3], "empire"), (ranking[0], "event"), (ranking[2], "empire"), (ranking[1], "event"),
                (ranking[1], "empire"), (ranking[2], "event"), (ranking[0], "empire"), (ranking[3], "event")]
    assert state.queue == expected
    picks = []
    while state.phase == "draft":
        colour, kind = state.queue[0]
        picks.append((colour, kind))
        state.apply(state.legal_actions()[0])
    assert picks == expected[:-2]  # the last card of each packet needs no choosing
    assert all(len(hand) == 1 for hand in state.empire_hand)
    lost = sum("not played in time" in line for line in state.log)  # the first empire may have established
    assert sum(len(hand) for hand in state.events_held) + lost == 4 * 3


def test_middle_player_of_an_odd_ranking_picks_one_set_before_the_other():
    state = new_game(3, seed=2)
    middle = state.ranking()[1]
    assert state.queue[2:4] == [(middle, "empire"), (middle, "event")]


def test_draft_packets_are_secret():
    state = new_game(4, seed=5)
    picker = state.current_player
    others = [p for p in range(4) if p != picker]
    assert state.observation(picker).packet and all(not state.observation(p).packet for p in others)
    state.apply(state.legal_actions()[0])
    assert state.observation(others[0]).empire_hand == () or others[0] == state.queue[0][0]


def test_ranking_ties_go_to_the_marker_on_top():
    state = new_game(3, seed=0)
    state.gold = [5, 5, 5]
    state._add_gold(1, 0)  # colour 1 arrives last on the stack of 5
    assert state.ranking()[0] == 1


def test_draft_refusals():
    state = new_game(4, seed=5)
    refused(state, "take empire Atlantis Empire", "not in the packet")
    kind = "event" if state.queue[0][1] == "empire" else "empire"
    refused(state, f"take {kind} Leader", "this pick is from the")
    refused(state, "place Balkans", "armies are placed while expanding")


# --- establishing ------------------------------------------------------------------------------------------
def test_establishing_clears_the_start_and_places_a_capital():
    state = new_game(3, seed=0)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    turn = state.turn
    start = turn.spec.start
    assert state.army[start] == (turn.colour, True)
    assert (state.site.get(start) == "capital") == turn.spec.capital
    assert turn.organiser == turn.spec.armies - 1 and turn.indicator == 0
    assert turn.fleets == turn.spec.fleets


def test_establishing_removes_everything_in_the_start_territory():
    state = mid_turn("Romans")
    state.army["Persia"] = (1, False)
    state.site["Persia"] = "city"
    state.fort.add("Persia")
    state.monument.add("Persia")
    state.turn = type(state.turn)(0, "Persians", load_cards().empire_card("Persians").empires[0])
    state._establish()
    assert state.army["Persia"] == (0, True) and state.site["Persia"] == "capital"
    assert "Persia" not in state.fort and "Persia" not in state.monument


# --- expanding ----------------------------------------------------------------------------------------------
def test_placements_go_next_to_active_armies_or_fleets():
    state = mid_turn("Romans")
    legal = set(state.legal_actions())
    assert Place("Balkans") in legal and Place("Gaul") in legal and Place("Sicily") in legal
    assert Place("Crete", by_sea=True) in legal  # the Mediterranean fleet
    assert Place("Crete") not in legal and Place("Persia") not in legal
    refused(state, "place Persia", "not next to any of your active armies or fleets")
    refused(state, "place Crete", "reached only from a fleet: place the army there by sea")
    refused(state, "place Italy", "already holds one of your active armies")
    refused(state, "place Gaul by sea", "place it over land (an army comes by sea only where no land route exists)")


def test_barren_territories_never_take_an_army():
    state = mid_turn("Egyptians")
    assert Place("Sahara") not in state.legal_actions()
    refused(state, "place Sahara", "barren")


def test_an_empty_territory_is_simply_taken():
    state = mid_turn("Romans")
    state.apply("place Gaul")
    assert state.army["Gaul"] == (0, True) and state.turn.organiser == 12


def test_armies_never_move_and_one_per_territory():
    state = mid_turn("Romans")
    state.apply("place Rhineland")
    refused(state, "place Rhineland", "already holds one of your active armies")


# --- invasions: the seed's dice examples ------------------------------------------------------------------
def test_fort_dice_example_six_two_against_four_three():
    state = mid_turn("Romans", armies={"Balkans": (1, False)}, forts={"Balkans"}, dice=[6, 2, 4, 3])
    state.apply("place Balkans")
    assert state.last_roll == ((6, 2), (4, 3), 0, 2)
    assert state.army["Balkans"] == (0, True)  # 2 points pay for the mountains
    assert "Balkans" not in state.fort  # the fort goes when its territory is taken


def test_continuing_example():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=5, dice=[4, 1, 5])
    state.apply("place Gaul")
    assert state.phase == "failed" and state.army["Gaul"] == (1, False)
    assert set(state.legal_actions()) == {Continue(), Withdraw(), BuildFort("Italy")}  # forts: any time
    state.rng = ScriptedDice([6, 2, 6])
    state.apply("continue")
    assert state.turn.organiser == 3  # the invader and one army spent on continuing
    assert state.last_roll == ((6, 2), (6,), 1, 1)
    assert state.army["Gaul"] == (0, True) and state.turn.indicator == 0


def test_withdrawing_resets_the_indicator():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=5, dice=[1, 1, 6, 1, 1, 6])
    state.apply("place Gaul")
    state.apply("continue")
    assert state.turn.indicator == 1 and state.phase == "failed"
    state.apply("withdraw")
    assert state.army["Gaul"] == (1, False) and state.turn.indicator == 0 and state.turn.organiser == 3


def test_the_indicator_stops_at_three():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=9, dice=[1, 1, 6] * 6)
    state.apply("place Gaul")
    for expected in (1, 2, 3, 3, 3):
        state.apply("continue")
        assert state.turn.indicator == expected


def test_a_failed_invasion_with_an_empty_organiser_withdraws_itself():
    state = mid_turn("Romans", armies={"Rhineland": (1, False)}, organiser=1, dice=[1, 1, 6])
    state.apply("place Rhineland")  # the last army fails: nothing to continue with
    assert state.army["Rhineland"] == (1, False) and "Romans withdraw from Rhineland" in state.log[-4]
    assert state.army["Italy"] == (0, False) and state.phase == "bonus"  # so the empire reorganised


def test_not_enough_points_for_forest_or_mountain():
    state = mid_turn("Romans", armies={"Balkans": (1, False)}, dice=[5, 2, 4])
    state.apply("place Balkans")  # 1 point, the Balkans cost 2
    assert state.phase == "failed" and state.army["Balkans"] == (1, False)


def test_roman_example_overrun(roman_example):
    state = roman_example
    state.rng = ScriptedDice([1, 1, 6, 1, 1, 6, 6, 5, 3])
    state.apply("place Balkans")
    state.apply("continue")
    state.apply("continue")
    assert state.last_roll == ((6, 5), (3,), 2, 5)
    assert state.army["Balkans"] == (0, True) and state.overrun["points"] == 3
    legal = set(state.legal_actions())
    assert legal == {Overrun("Anatolia"), Overrun("Danubia"), EndOverrun(), BuildFort("Italy"), BuildFort("Balkans")}
    refused(state, "overrun Rhineland", "no army of colour 1")
    refused(state, "overrun Pindus", "a fort stops an over-run")
    refused(state, "overrun Crete", "not next to Balkans")
    state.apply("overrun Anatolia")
    assert state.overrun["points"] == 1 and state.army["Anatolia"] == (0, True)
    assert {a for a in state.legal_actions() if not isinstance(a, BuildFort)} == {Overrun("Levant"), EndOverrun()}
    refused(state, "overrun Danubia", "not next to Anatolia")
    state.apply("overrun Levant")
    assert state.army["Levant"] == (0, True) and state.phase == "expand" and state.overrun is None
    assert state.army["Danubia"] == (1, False) and state.army["Pindus"] == (1, False)
    assert state.turn.organiser == 6 - 3 - 2  # invader, two continues, two over-runs


def test_overrun_points_not_used_are_lost(roman_example):
    state = roman_example
    state.rng = ScriptedDice([6, 5, 1])
    state.apply("place Balkans")  # 6 - 1 = 5 points, 3 left after the mountains
    state.apply("end overrun")
    assert state.phase == "expand" and state.overrun is None
    refused(state, "overrun Danubia", "no leftover invasion points")


def test_overrun_needs_an_organiser_army():
    state = mid_turn("Romans", armies={"Rhineland": (1, False), "Danubia": (1, False)}, organiser=1, dice=[6, 1, 1])
    state.apply("place Rhineland")  # 5 points, 3 left, but the organiser is now empty
    assert state.army["Rhineland"] == (0, False) and state.army["Danubia"] == (1, False)
    assert state.phase == "bonus"


def test_fear_example():
    state = mid_turn("Assyrians", armies={"Levant": (1, False), "Lower Tigris": (1, False)}, dice=[6, 2, 4])
    state.apply("place Levant")
    assert state.last_roll[-1] == 3 and state.army["Levant"] == (0, True)  # 6 - 4, plus 1 for Fear
    state.rng = ScriptedDice([4, 2, 4])
    state.apply("place Lower Tigris")
    assert state.last_roll[-1] == 0 and state.phase == "failed"


def test_fleet_invasions_roll_one_die_fewer():
    state = mid_turn("Romans", armies={"Crete": (1, False)}, dice=[6, 1])
    state.apply("place Crete by sea")
    assert state.last_roll[:2] == ((6,), (1,))


def test_explain_shows_the_odds_before_rolling(roman_example):
    text = roman_example.explain("place Balkans")
    assert text.startswith("Legal: invade Balkans") and "P(taking it with this roll) = 5/12" in text
    assert roman_example.explain("place Persia").startswith("Illegal:")


# --- surrender and the two-colour game ----------------------------------------------------------------------
def test_surrender_needs_no_dice_and_reduces():
    state = mid_turn("Romans", armies={"Gaul": (0, False)}, sites={"Gaul": "capital"}, dice=[])
    state.apply("place Gaul")
    assert state.army["Gaul"] == (0, True) and state.site["Gaul"] == "city"


def test_two_player_colours_surrender_to_each_other():
    state = mid_turn("Romans", players=2, armies={"Rhineland": (2, False), "Balkans": (1, False)}, dice=[6, 1, 1])
    state.apply("place Rhineland")  # colour 2 belongs to the same player: surrender
    assert state.army["Rhineland"] == (0, True) and state.last_roll is None
    state.apply("place Balkans")  # colour 1 is the opponent: dice
    assert state.last_roll == ((6, 1), (1,), 0, 5)


# --- reduction, Barbarians, the French -------------------------------------------------------------------------
@pytest.mark.parametrize("site,monument,after_site,after_monument", [
    ("capital", False, "city", False), ("city", False, None, False), (None, True, None, False),
    ("capital", True, "city", True), ("city", True, None, True),
])
def test_reduction(site, monument, after_site, after_monument):
    state = mid_turn("Romans", armies={"Rhineland": (1, False)}, sites={"Rhineland": site} if site else {},
                     monument_sites={"Rhineland"} if monument else (), dice=[6, 1, 1])
    state.apply("place Rhineland")
    assert state.site.get("Rhineland") == after_site and ("Rhineland" in state.monument) == after_monument


def test_barbarians_gain_a_gold_per_reduction():
    state = mid_turn("Huns", armies={"Pontic Steppe": (1, False)}, sites={"Pontic Steppe": "capital"}, dice=[6, 1, 1])
    state.apply("place Pontic Steppe")
    assert state.gold[0] == 1 and state.site["Pontic Steppe"] == "city"


def test_the_french_keep_monuments_in_territories_they_invade():
    state = mid_turn("French", armies={"Iberia": (1, False)}, monument_sites={"Iberia"}, dice=[6, 1, 1])
    state.apply("place Iberia")
    assert "Iberia" in state.monument


def test_the_french_start_keeps_its_monument():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, monument_sites={"Gaul"})
    state.turn = type(state.turn)(0, "French", load_cards().empire_card("French").empires[0])
    state._establish()
    assert "Gaul" in state.monument and state.army["Gaul"] == (0, True) and state.monuments_left == 19


def test_fort_removed_on_any_attempt_by_default():
    # "Um forte é sempre removido quando uma tentativa de controlo tem lugar num território."
    state = mid_turn("Romans", armies={"Balkans": (1, False)}, forts={"Balkans"}, dice=[1, 1, 6, 6])
    assert state.fort_removal == "attempt"
    state.apply("place Balkans")
    assert "Balkans" not in state.fort and state.phase == "failed"


def test_fort_stays_after_a_failed_attempt_under_the_taken_option():
    state = mid_turn("Romans", armies={"Balkans": (1, False)}, forts={"Balkans"}, dice=[1, 1, 6, 6], fort_removal="taken")
    state.apply("place Balkans")
    assert "Balkans" in state.fort


# --- forts and monuments ----------------------------------------------------------------------------------------
def test_forts_cost_an_organiser_army_where_an_active_army_stands():
    state = mid_turn("Romans")
    state.apply("fort Italy")
    assert "Italy" in state.fort and state.turn.organiser == 12
    refused(state, "fort Italy", "already has a fort")
    refused(state, "fort Gaul", "needs one of your active armies")
    assert BuildFort("Italy") not in state.legal_actions()


def test_a_completed_resource_pair_builds_a_monument_at_the_capital_first():
    state = mid_turn("Romans", sites={"Italy": "capital"})
    state.apply("place Gaul")  # wine: Gaul and Italy
    assert state.phase == "monument"
    assert [str(a) for a in state.legal_actions()] == ["monument Italy", "no monument"]
    refused(state, "monument Gaul", "the monument goes to Italy")
    state.apply("monument Italy")
    assert "Italy" in state.monument and state.monuments_left == 19 and state.phase == "expand"


def test_monument_falls_back_to_a_resource_territory():
    state = mid_turn("Romans")
    state.apply("place Gaul")
    assert {str(a) for a in state.legal_actions()} == {"monument Gaul", "monument Italy", "no monument"}
    state.apply("no monument")
    assert not state.monument and state.phase == "expand"


def test_symbols_under_retired_armies_do_not_count():
    state = mid_turn("Carthaginians", armies={"Sicily": (0, False)})
    state.apply("place Egypt by sea")  # grain: Egypt and Sicily, but Sicily's army is retired
    assert state.phase == "expand"
    state.apply("place Sicily by sea")  # surrender: now both stand
    assert state.phase == "monument"


def test_no_monument_when_the_supply_is_empty():
    state = mid_turn("Romans", monuments=0)  # the option: an empty monument supply
    state.apply("place Gaul")
    assert state.phase == "expand"


# --- Events ----------------------------------------------------------------------------------------------------
def test_leader_adds_a_die_and_stays_in_play():
    state = mid_turn("Romans", armies={"Rhineland": (1, False), "Balkans": (1, False)}, dice=[1, 1, 6, 2, 1, 1, 6, 2])
    state.gold[0] = 2
    state.apply("play Leader")
    assert state.in_play.name == "Leader" and state.gold[0] == 0
    state.apply("place Rhineland")
    assert state.last_roll[:2] == ((1, 1, 6), (2,))
    state.apply("end overrun")
    state.apply("place Balkans")
    assert state.last_roll[:2] == ((1, 1, 6), (2,)) and state.in_play.name == "Leader"


def test_events_cost_gold_and_one_is_in_play_at_a_time():
    state = mid_turn("Romans")
    state.gold[0] = 1
    refused(state, "play Leader", "costs 2 gold")
    assert PlayEvent("Leader") not in state.legal_actions()
    state.gold[0] = 5
    state.apply("play Leader")
    assert state.gold[0] == 3
    refused(state, "play Weaponry", "Leader is in play")
    state.apply("discard event")
    state.apply("play Weaponry")
    assert state.in_play.name == "Weaponry"


def test_weaponry_adds_one_to_the_score():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, dice=[3, 1, 3])
    state.gold[0] = 2
    state.apply("play Weaponry")
    state.apply("place Gaul")
    assert state.last_roll == ((3, 1), (3,), 1, 1) and state.army["Gaul"] == (0, True)


def test_siege_craft_ignores_forts():
    state = mid_turn("Romans", armies={"Balkans": (1, False)}, forts={"Balkans"}, dice=[6, 1, 2])
    give_event(state, "Siege-craft")
    state.gold[0] = 2
    state.apply("play Siege-craft")
    state.apply("place Balkans")
    assert state.last_roll[:2] == ((6, 1), (2,))


def test_siege_craft_lets_an_overrun_pass_forts(roman_example):
    state = roman_example
    give_event(state, "Siege-craft")
    state.gold[0] = 2
    state.rng = ScriptedDice([6, 6, 1])
    state.apply("play Siege-craft")
    state.apply("place Balkans")  # 5 points, 3 left: Pindus's fort no longer stops the over-run
    assert Overrun("Pindus") in state.legal_actions()


def test_a_continuous_event_ends_with_the_empire_turn():
    state = mid_turn("Romans", organiser=1, reorganise_early=True)
    state.gold[0] = 2
    state.apply("play Leader")
    state.apply("reorganise")
    assert state.in_play is None and [e.name for e in state.events_held[0]] == ["Weaponry"]


def test_astronomy_gives_any_empire_an_ocean_fleet():
    state = mid_turn("Ottomans")
    give_event(state, "Astronomy")
    state.gold[0] = 2
    assert Place("Ceylon", by_sea=True) not in state.legal_actions()
    state.apply("play Astronomy at Indian Ocean")
    assert "Indian Ocean" in state.turn.fleets and Place("Ceylon", by_sea=True) in state.legal_actions()
    assert state.in_play is None  # used at once: another Event may follow


def test_observation_during_an_invasion(roman_example):
    state = roman_example
    state.rng = ScriptedDice([1, 1, 6])
    state.apply("place Balkans")
    seen = state.observation(1)
    assert seen.invasion == ("Balkans", 1, False) and seen.empire == "Romans" and seen.indicator == 0
    assert seen.tile("Balkans").army == 1 and seen.tile("Pindus").fort and seen.last_roll[-1] == 0


def test_red_events_only_at_the_start_of_the_turn():
    state = mid_turn("Romans")
    give_event(state, "Kingdom: Israel")
    refused(state, "play Kingdom: Israel", "red Epoch number")


def test_no_event_after_the_dice_are_rolled():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, dice=[1, 1, 6])
    state.gold[0] = 9
    state.apply("place Gaul")
    refused(state, "play Leader", "no Event may be played now")


def test_treachery_takes_without_dice():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, sites={"Gaul": "city"}, dice=[])
    give_event(state, "Treachery")
    state.gold[0] = 3
    assert PlayEvent("Treachery", "Gaul") in state.legal_actions()
    refused(state, "play Treachery", "needs a target")
    refused(state, "play Treachery at Persia", "not a possible target")
    state.apply("play Treachery at Gaul")
    assert state.army["Gaul"] == (0, False) and "Gaul" not in state.site and state.gold[0] == 0


def test_black_death_removes_retired_armies_of_an_area():
    state = mid_turn("Seljuks", armies={"Italy": (1, False), "Gaul": (2, False), "Egypt": (1, False)})
    give_event(state, "Black Death")
    state.gold[0] = 4
    state.apply("play Black Death at Western Europe")
    assert "Italy" not in state.army and "Gaul" not in state.army and "Egypt" in state.army


def test_united_states_cross_oceans_only_with_astronomy():
    state = mid_turn("United States")
    assert Place("California", by_sea=True) in state.legal_actions()  # same shore of the Pacific
    refused(state, "place Britain by sea", "may not expand across the Atlantic Ocean")
    give_event(state, "Astronomy")
    state.gold[0] = 2
    state.apply("play Astronomy at Indian Ocean")
    assert Place("Britain", by_sea=True) in state.legal_actions()


def test_vikings_cross_the_atlantic_once_and_win_on_a_natural_five():
    state = mid_turn("Vikings", armies={"New England": (1, False)}, dice=[5, 6])
    state.apply("place New England by sea")  # 5 against 6 would fail, but a natural 5 wins from the sea
    assert state.army["New England"] == (0, True)
    assert "automatic success for the Vikings: New England falls" in state.log[-1]
    assert "0 points, New England falls" not in state.log[-1]
    refused(state, "place Bahia by sea", "only one Viking army may cross the Atlantic")
    assert Place("Bahia", by_sea=True) not in state.legal_actions()
    # "Nenhum outro exército pode atravessar o Atlântico": no expansion from the landing either
    refused(state, "place Chesapeake", "only one Viking army may cross the Atlantic")
    assert Place("Chesapeake") not in state.legal_actions()


def test_only_one_viking_army_stands_across_the_atlantic():
    # the line: place Chesapeake by sea, overrun Mississippi, overrun Great Plains, place New England
    america = {t: (1, False) for t in ("Chesapeake", "Mississippi", "Great Plains", "New England")}
    state = mid_turn("Vikings", armies=america, dice=[6, 1])
    state.apply("place Chesapeake by sea")  # 6 against 1: 5 points, 4 left after clear Chesapeake
    assert state.army["Chesapeake"] == (0, True)
    assert state.phase == "expand"  # the points are lost: every over-run target lies across the Atlantic
    refused(state, "overrun Mississippi", "no leftover invasion points")
    for text in ("place New England", "place Mississippi", "place New England by sea"):
        refused(state, text, "only one Viking army may cross the Atlantic")
    americas = {"North America", "Central America", "South America"}
    assert not any(isinstance(a, Place) and state.world.area(a.territory) in americas for a in state.legal_actions())
    assert sum(state.army.get(t) == (0, True) for t in america) == 1


def test_a_failed_viking_crossing_still_uses_the_atlantic():
    state = mid_turn("Vikings", armies={"Chesapeake": (1, False)}, dice=[1, 6, 6, 1])
    state.apply("place Chesapeake by sea")
    state.apply("withdraw")
    refused(state, "place New England by sea", "only one Viking army may cross the Atlantic")


def test_vikings_may_invade_from_the_sea_even_next_to_their_armies():
    state = mid_turn("Vikings", armies={"Jutland": (1, False)})
    assert {Place("Jutland"), Place("Jutland", by_sea=True)} <= set(state.legal_actions())


def test_civil_war_invades_a_capital_anywhere():
    state = mid_turn("Romans", armies={"Persia": (1, False), "Parthia": (1, False)}, sites={"Persia": "capital"},
                     dice=[6, 2, 1])
    give_event(state, "Civil War")
    state.gold[0] = 3
    state.apply("play Civil War at Persia")
    assert state.army["Persia"] == (0, True) and state.site["Persia"] == "city"
    assert state.phase == "overrun" and state.overrun["points"] == 3 and state.turn.organiser == 13
    state.apply("overrun Parthia")  # from the supply, not the organiser; nothing else to over-run
    assert state.army["Persia"] == (0, False) and state.army["Parthia"] == (0, False)
    assert state.turn.organiser == 13 and state.in_play is None


def start_of_turn(empire, red_event, players=3, **options):
    """A state at the start of ``empire``'s turn, its holder (colour 0) holding ``red_event``."""
    state = mid_turn(empire, players=players, **options)
    card = load_cards().empire_card(empire)
    state.army = {}
    state.turn = type(state.turn)(0, card.name, card.empires[0])
    give_event(state, red_event)
    state.gold[0] = 5
    state.phase = "start"
    return state


def test_kingdoms_place_a_city_and_a_retired_army():
    state = start_of_turn("Egyptians", "Kingdom: Israel")
    assert [str(a) for a in state.legal_actions()] == ["establish", "play Kingdom: Israel"]
    state.apply("play Kingdom: Israel")
    assert state.army["Levant"] == (0, False) and state.site["Levant"] == "city"
    assert state.phase == "expand" and state.army["Egypt"] == (0, True)  # then the empire is established


def test_israel_may_wait_one_epoch_other_red_events_are_lost():
    state = start_of_turn("Egyptians", "Kingdom: Israel")
    give_event(state, "Barbarians: Sea Peoples")
    state.apply("establish")
    assert [e.name for e in state.events_held[0] if e.colour == "red"] == ["Kingdom: Israel"]
    state.epoch = 2
    state.phase = "start"
    assert state._red_playable()
    state.epoch = 3
    assert not state._red_playable()


def test_minor_empire_plays_before_the_empire():
    state = start_of_turn("Egyptians", "Minor Empire: Phoenicians", reorganise_early=True)
    state.apply("play Minor Empire: Phoenicians")
    assert state.turn.from_event and state.turn.spec.name == "Phoenicians"
    assert state.army["Levant"] == (0, True) and state.site["Levant"] == "capital"
    assert state.turn.organiser == 3 and "Egypt" not in state.army
    refused(state, "play Leader", "in play")
    state.apply("reorganise")
    assert state.army["Levant"] == (0, False)
    assert state.turn.spec.name == "Egyptians" and state.army["Egypt"] == (0, True)
    assert state.gold[0] == 5 - 1  # no gold for the minor empire itself


def test_barbarian_event_gains_gold_for_reductions():
    state = start_of_turn("Egyptians", "Barbarians: Sea Peoples")
    state.army["Carthage"] = (1, False)
    state.site["Carthage"] = "city"
    state.rng = ScriptedDice([6, 1, 1])
    state.apply("play Barbarians: Sea Peoples")
    state.apply("place Carthage")
    assert "Carthage" not in state.site and state.gold[0] == 5 + 1


# --- reorganising, gold, the Conclusion ----------------------------------------------------------------------------
def test_reorganise_retires_armies_and_collects_gold():
    state = mid_turn("Romans", sites={"Italy": "capital"}, monument_sites={"Italy"}, reorganise_early=True)
    state.apply("place Gaul")
    state.apply("no monument")
    state.apply("reorganise")
    assert state.army["Italy"] == (0, False) and state.army["Gaul"] == (0, False)
    values = load_cards().area_values[3]
    # capital 2 + monument 1; Western Europe: 2 armies, nobody else -> dominance (not 3 for supremacy)
    assert state.gold[0] == 2 + 1 + 2 * values["Western Europe"]


@pytest.mark.parametrize("mine,others,level", [
    (0, [], 0), (1, [], 1), (2, [], 2), (3, [], 3), (2, [2], 1), (3, [1], 2), (2, [1], 2), (1, [1], 1), (4, [3], 2),
])
def test_presence_dominance_supremacy(mine, others, level):
    state = mid_turn("Romans")
    state.army = {}
    spots = list(state.world.territories_in("Africa"))
    spots = [t for t in spots if not state.world.is_barren(t)]
    for t in spots[:mine]:
        state.army[t] = (0, False)
    for t in spots[mine:mine + sum(others)]:
        state.army[t] = (1, False)
    assert state.area_level(0, "Africa") == level


def test_gold_counts_retired_armies_and_buildings_anywhere():
    state = mid_turn("Romans")
    state.army = {"Egypt": (0, False), "Levant": (0, False)}
    state.site = {"Egypt": "capital", "Levant": "city"}
    due = state.gold_due(0)
    assert due["capitals"] == 2 and due["cities"] == 1


def test_track_adjustment_moves_markers_off_shared_spaces():
    state = new_game(4, seed=0)
    state.gold = [10, 10, 10, 11]
    state.arrival = [1, 3, 2, 0]  # on space 10: colour 0 at the bottom, then 2, then 1 on top
    state._adjust_track()
    assert state.gold == [10, 13, 12, 11]


def test_bonus_tokens_go_leader_second_third():
    state = mid_turn("Romans", organiser=1, reorganise_early=True)
    state.gold = [30, 20, 10]
    state.apply("reorganise")
    assert state.phase == "bonus" and state.current_player == state.ranking()[0]
    tokens = sorted(state.packets["bonus"])
    state.apply(f"keep bonus {tokens[-1]}")
    second = state.current_player
    assert second == state.ranking()[1]
    state.apply(state.legal_actions()[0])
    assert sum(len(h) for h in state.bonus_held) == 3 and state.epoch == 4 and state.phase == "draft"


def test_bonus_tokens_are_secret_until_the_end():
    state = mid_turn("Romans", organiser=1, reorganise_early=True)
    state.gold = [30, 20, 10]
    state.apply("reorganise")
    leader = state.current_player
    state.apply(state.legal_actions()[0])
    assert state.observation(leader).bonus_tokens and not state.observation((leader + 1) % 3).bonus_tokens
    assert state.scores() == state.gold  # tokens count only once the game is over


def test_text_and_objects_are_the_same_action():
    state = mid_turn("Romans")
    assert state._parse_action("place crete by sea") == Place("Crete", by_sea=True)
    assert state._parse_action("play black death at western europe") == PlayEvent("Black Death", "Western Europe")
    assert str(Reorganise()) == "reorganise" and str(Overrun("Levant")) == "overrun Levant"
    with pytest.raises(IllegalActionError, match="not a Brief History action"):
        state.apply("attack everything")


def test_treachery_puts_no_second_viking_army_across_the_atlantic():
    # "Nenhum outro exército pode atravessar o Atlântico": an Event's army is another army too
    america = {"New England": (1, False), "Chesapeake": (1, False)}
    state = mid_turn("Vikings", armies=america, dice=[5, 6])
    state.apply("place New England by sea")  # the one crossing
    give_event(state, "Treachery")
    state.gold[0] = 3
    assert not any(isinstance(a, PlayEvent) and a.target == "Chesapeake" for a in state.legal_actions())
    refused(state, "play Treachery at Chesapeake", "only one Viking army may cross the Atlantic")
    assert state.army["Chesapeake"] == (1, False)


def test_a_civil_war_across_the_atlantic_is_the_vikings_one_crossing():
    state = mid_turn("Vikings", armies={"Mississippi": (1, False), "Chesapeake": (1, False)},
                     sites={"Mississippi": "city"}, dice=[1, 1, 6, 6])
    give_event(state, "Civil War")
    state.gold[0] = 3
    state.apply("play Civil War at Mississippi")  # 1 against 6: the civil war fails, the crossing is used
    assert state.turn.crossed_atlantic
    refused(state, "place Chesapeake by sea", "only one Viking army may cross the Atlantic")
    state = mid_turn("Vikings", armies={"New England": (1, False), "Mississippi": (1, False)},
                     sites={"Mississippi": "city"}, dice=[5, 6])
    state.apply("place New England by sea")
    give_event(state, "Civil War")
    state.gold[0] = 3
    refused(state, "play Civil War at Mississippi", "only one Viking army may cross the Atlantic")


def draft_until_offered(state, card_name):
    """Draft (first choices) until the acting colour is offered ``card_name`` in an Event packet."""
    while state.phase == "draft":
        if state.queue[0][1] == "event" and any(e.name == card_name for e in state.packets["event"]):
            return state.acting_colour
        state.apply(state.legal_actions()[0])
    return None


def test_a_red_card_its_holder_cannot_afford_is_warned_about_while_it_can_still_be_refused():
    # seed 4: Minor Empire: Phoenicians (red, Epoch 1, 1 gold) comes round while every colour has 0 gold
    state = new_game(3, seed=4)
    colour = draft_until_offered(state, "Minor Empire: Phoenicians")
    assert colour is not None and state.gold[colour] == 0
    # before keeping it: the explanation says it could not be played, so it would be lost
    said = state.explain("take event Minor Empire: Phoenicians")
    assert said.startswith("Legal:") and "1 gold" in said and "lost" in said
    seat = state.seat_of[colour]
    state.apply("take event Minor Empire: Phoenicians")
    warned = [line for line in state.log_for(seat) if "Phoenicians" in line and "lost" in line]
    assert warned and not any("loses Minor Empire: Phoenicians" in line for line in state.log_for(seat))
    others = [p for p in range(state.num_players) if p != seat]
    assert not any("Phoenicians" in line for p in others for line in state.log_for(p))  # still secret
    # the card goes only when the rule says: at the start of its holder's empire turn, unplayed
    while state.turn is None or state.turn.colour != colour:
        assert any(e.name == "Minor Empire: Phoenicians" for e in state.events_held[colour])
        state.apply(state.legal_actions()[0])
    assert not any(e.name == "Minor Empire: Phoenicians" for e in state.events_held[colour])
    assert any("loses Minor Empire: Phoenicians" in line for line in state.log_for(seat))
