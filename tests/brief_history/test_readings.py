"""The rulings of the corrected digest and the seed's words, and inputs that used to break the engine."""

import copy
import pickle
import random

import pytest

from gamekit.brief_history import new_game, scenarios
from gamekit.brief_history.rules import Action, BuildFort, Continue, KeepBonus, Reorganise, Withdraw
from gamekit.core import IllegalActionError, NotAnActionError, save

from .conftest import mid_turn
from .test_rules import give_event, refused


# --- reorganising: "Quando usas todos os exércitos do teu Quadro, tem lugar uma reorganização" ------------
def test_no_reorganising_while_armies_can_still_be_placed():
    state = mid_turn("Romans")
    assert state.turn.organiser == 13 and Reorganise() not in state.legal_actions()
    refused(state, "reorganise", "13 armies are left to place")


def test_reorganising_early_is_an_option():
    state = mid_turn("Romans", reorganise_early=True)
    assert state.options["reorganise_early"] is True and Reorganise() in state.legal_actions()
    state.apply("reorganise")
    assert state.army["Italy"] == (0, False)
    with pytest.raises(ValueError, match="reorganise_early"):
        new_game(3, reorganise_early="yes")
    assert "reorganise_early" not in new_game(3, seed=1).options  # ordinary records keep three options


def test_reorganising_when_nothing_can_be_placed():
    state = mid_turn("Hittites")  # no fleets: placements go over land only
    land = [t for t in state.world.territories if not state.world.is_barren(t)]
    state.army = {t: (0, True) for t in land}
    state.fort = set(land)  # every army stands on a fort: no placement and no fort is left
    assert state.legal_actions() == [Reorganise()]
    state.apply("reorganise")
    assert state.army["Anatolia"] == (0, False)


def test_an_empty_organiser_reorganises_by_itself():
    state = mid_turn("Romans", organiser=1)
    state.apply("fort Italy")
    assert state.army["Italy"] == (0, False) and state.phase == "bonus"


# --- forts: "Em qualquer altura durante o teu turno, podes construir um forte" ---------------------------
def test_a_fort_may_be_built_after_a_failed_roll():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=5, dice=[1, 1, 6])
    state.apply("place Gaul")
    assert state.phase == "failed" and BuildFort("Italy") in state.legal_actions()
    state.apply("fort Italy")
    assert "Italy" in state.fort and state.phase == "failed" and state.turn.organiser == 3
    assert {Continue(), Withdraw()} <= set(state.legal_actions())


def test_a_fort_may_be_built_while_over_running():
    state = mid_turn("Romans", armies={"Rhineland": (1, False), "Saxony": (1, False)}, dice=[6, 6, 1])
    state.apply("place Rhineland")
    assert state.phase == "overrun" and BuildFort("Rhineland") in state.legal_actions()
    state.apply("fort Rhineland")
    assert state.phase == "overrun" and "Rhineland" in state.fort


def test_the_last_army_in_a_fort_ends_a_failed_invasion():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=2, dice=[1, 1, 6])
    state.apply("place Gaul")
    state.apply("fort Italy")  # nothing is left to continue with: the army withdraws, the empire reorganises
    assert state.army["Gaul"] == (1, False) and state.phase == "bonus"


def test_no_fort_while_a_monument_waits():
    state = mid_turn("Romans", sites={"Italy": "capital"})
    state.apply("place Gaul")
    assert state.phase == "monument"
    refused(state, "fort Italy", "not now: a monument is waiting")


# --- secret Event cards: "nunca podem ser mostradas" until played ---------------------------------------------
def red_card_lost(players=3):
    """A game whose colour 0 kept a red Event of Epoch 1 and establishes without playing it."""
    state = mid_turn("Egyptians", players=players)
    state.army = {}
    state.turn = type(state.turn)(0, "Egyptians", state.cards.empire_card("Egyptians").empires[0])
    give_event(state, "Minor Empire: Phoenicians")
    state.gold[0] = 0  # too poor to play it: establishing loses it
    state.phase = "start"
    state.epoch = 1
    state._warn_red_cards(0)
    return state


def test_a_lost_red_card_is_named_only_to_its_holder():
    state = red_card_lost()
    state.apply("establish")
    for other in (1, 2):
        seen = state.observation(other).log
        assert not any("Phoenicians" in line for line in seen)
        assert "colour 0 discards 1 red Event card, not played in time" in seen
    assert not any("Phoenicians" in line for line in state.log)  # the public log, which str(state) and boards use
    assert "colour 0 loses Minor Empire: Phoenicians, not played in time" in state.observation(0).log


def test_the_holder_is_warned_before_a_red_card_is_lost():
    state = red_card_lost()
    warning = [line for line in state.observation(0).log if "Phoenicians" in line]
    # 1 gold against 0: the warning does not ask for what cannot be done (it said "play it ... or it is lost")
    assert warning and "costs 1 gold and you have 0: it cannot be played" in warning[0] and "lost" in warning[0]
    assert "lost: Minor Empire: Phoenicians" in state.explain("establish")
    assert not any("Phoenicians" in line for line in state.observation(1).log)


def test_the_draft_warns_each_holder_of_red_cards_due_this_epoch():
    for seed in range(40):
        state = new_game(3, seed=seed)
        while state.phase == "draft":
            state.apply(state.legal_actions()[-1])
        due = {c: state.red_cards_due(c) for c in range(3)}
        if any(due.values()):
            break
    for colour, cards in due.items():
        for card in cards:
            assert any(card.name in line and "lost" in line for line in state.log_for(colour))
            assert not any(card.name in line for other in range(3) if other != colour
                           for line in state.log_for(other) if "or it is lost" in line)


def test_log_for_keeps_secret_lines_in_their_place_in_two_player_games():
    state = red_card_lost(players=2)
    state.apply("establish")
    mine, theirs = state.log_for(0), state.log_for(1)
    assert len(mine) == len(theirs) + 2 and any("Phoenicians" in line for line in mine)
    assert [line for line in mine if "Phoenicians" not in line] == theirs == state.log


# --- messages ---------------------------------------------------------------------------------------------
def test_an_empty_territory_by_sea_is_not_called_an_invasion():
    state = mid_turn("Egyptians")
    refused(state, "place Nubia by sea", "an army comes by sea only where no land route exists")
    state.army["Nubia"] = (1, False)
    refused(state, "place Nubia by sea", "only Vikings may choose to invade from the sea")


def test_an_event_with_a_wrong_target_says_so_before_the_cost():
    state = mid_turn("Romans")
    state.gold[0] = 0
    refused(state, "play Leader at Egypt", "Leader takes no target")
    refused(state, "play Leader", "costs")


def test_explain_continue_gives_the_next_rolls_odds():
    state = mid_turn("Romans", armies={"Gaul": (1, False)}, organiser=5, dice=[4, 1, 5])
    state.apply("place Gaul")
    words = state.explain("continue")
    assert "roll again for Gaul" in words and "at +1" in words and "161/216" in words
    assert state.invasion_odds("Gaul", indicator=1) == pytest.approx(161 / 216)


def test_scenario_monuments_are_the_positions_and_options_are_separate():
    state = scenarios.scenario("Romans", armies={"Gaul": 1}, monuments=["Gaul"], options={"monuments": 5})
    assert state.monument == {"Gaul"} and state.monuments_left == 4
    with pytest.raises(ValueError, match="to scenario"):
        scenarios.scenario("Romans", options={"seed": 3})


def test_collecting_no_gold_leaves_the_marker_where_it_lies():
    state = mid_turn("Romans")
    state.army = {}
    arrival = list(state.arrival)
    state._collect_gold(0)
    assert state.gold[0] == 0 and state.arrival == arrival


# --- inputs -----------------------------------------------------------------------------------------------
def test_the_base_action_is_refused_in_words():
    state = new_game(3, seed=1)
    before = save(state)
    with pytest.raises(IllegalActionError, match="not one of the Brief History actions"):
        state.apply(Action())
    assert state.why_illegal(Action()) and not state.is_legal(Action()) and save(state) == before


@pytest.mark.parametrize("position", [
    {"empire": ["Romans"]}, {"empire": {"Romans": 1}}, {"empire": "Romans", "forts": [["Italy"]]},
    {"empire": "Romans", "monuments": [{"Italy": 1}]}, {"empire": "Romans", "armies": {"Gaul": [1]}},
    {"empire": "Romans", "sites": {"Gaul": ["city"]}}, {"empire": "Romans", "gold": "lots"},
    {"empire": "Romans", "colour": [0]}, {"empire": None}, [], "Romans",
])
def test_malformed_positions_are_value_errors(position):
    with pytest.raises(ValueError):
        new_game(3, position=position)


@pytest.mark.parametrize("text", ["keep bonus " + "9" * 5000, "keep bonus -" + "9" * 400, "keep bonus ٣", "keep bonus ７"])
def test_long_or_look_alike_numbers_are_not_actions(text):
    state = new_game(3, seed=1)
    with pytest.raises(NotAnActionError):
        state.parse(text)
    assert state.why_illegal(text) is not None and state.explain(text).startswith("Illegal")


def test_bonus_numbers_still_parse():
    assert new_game(3, seed=1).parse("keep bonus 12") == KeepBonus(12)


def test_states_pickle_and_deep_copy_and_play_on_alike():
    state = new_game(4, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
    twins = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()]
    assert all(save(twin) == save(state) and twin.log == state.log for twin in twins)
    for _ in range(400):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        for game in (state, *twins):
            game.apply(action)
    assert all(save(twin) == save(state) and twin.observation(1) == state.observation(1) for twin in twins)


# --- the table's log: each seat reads its own secrets, the projector none ---------------------------------
def test_a_table_game_keeps_every_kept_card_secret_from_the_other_seats():
    from gamekit.core import RandomAgent, Table

    table = Table("brief_history", [RandomAgent, RandomAgent, RandomAgent], names=["Ana", "Rui", "Eva"], seed=4)
    table.advance()
    state = table.state
    assert state.is_terminal
    cards = {e.name for e in state.cards.events} | {c.name for c in state.cards.empire_cards}
    public = table.log(None)
    assert any("keeps an Event card" in line for line in public)
    assert not any(line.endswith(f"keeps {card}") or f"loses {card}" in line for line in public for card in cards)
    for seat, name in enumerate(table.names):
        kept = [line for line in table.log(seat) if any(line.endswith(f"keeps {card}") for card in cards)]
        assert kept and all(f"({name}) keeps" in line for line in kept)
    assert state.log_lines(None) == [line.strip() for line in state.log]  # every public line, once
    assert len(state.log_marks) == len(state.history)


def test_public_observation_holds_no_hand():
    state = new_game(3, seed=2)
    seen = state.public_observation()
    assert seen.player is None and seen.event_hand == () and seen.empire_hand == () and seen.packet == ()
    assert seen.tiles == state.observation(0).tiles


def test_str_is_public_and_reveal_shows_every_hand():
    state = new_game(3, seed=2)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    secret = {e.name for hand in state.events_held for e in hand} - {"Leader", "Weaponry"}
    assert secret and not any(name in str(state) for name in secret)
    assert all(name in state.reveal() for name in secret) and "Epoch 6 chart" in state.reveal()
    assert state.outcome() is None and "<table>" in state._repr_html_()


def test_the_outcome_says_why_in_words():
    from gamekit.core import RandomAgent, play_match

    record = play_match("brief_history", [RandomAgent(seed=s) for s in range(3)], seed=5, options={"players": 3})
    outcome = record.final_state().outcome()
    assert outcome.winners and "after Epoch 6" in outcome.reason and "most gold" in outcome.reason
