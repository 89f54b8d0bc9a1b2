"""Positions for rule tests: a game stopped in the middle of one empire's turn, with scripted dice."""

import pytest

from gamekit.brief_history.cards import load_cards
from gamekit.brief_history.rules import EmpireTurn, new_game


class ScriptedDice:
    """Stands in for the state's generator: hands out the given faces, attacker's dice first."""

    def __init__(self, faces):
        self.faces = list(faces)

    def randint(self, low, high):
        assert self.faces, "the test ran out of scripted dice"
        face = self.faces.pop(0)
        assert low <= face <= high
        return face


def mid_turn(empire="Romans", *, players=3, colour=0, armies=None, sites=None, monument_sites=(), forts=(),
             organiser=None, indicator=0, dice=None, index=0, **options):
    """A state where colour ``colour`` is expanding with ``empire`` (already established, its start
    holding an active army), the board holding ``armies`` {territory: (colour, active)}."""
    state = new_game(players, seed=0, **options)
    card = load_cards().empire_card(empire)
    spec = card.empires[index]
    state.epoch = card.epoch
    state.queue, state.turns = [], []
    state.empire_hand = [[] for _ in range(state.colours)]
    state.empire_hand[colour] = [card.name]
    state.turn = EmpireTurn(colour, card.name, spec, organiser=spec.armies - 1 if organiser is None else organiser,
                            indicator=indicator, fleets=spec.fleets)
    state.army = {spec.start: (colour, True)}
    state.army.update(armies or {})
    state.site = dict(sites or {})
    state.monument = set(monument_sites)
    state.monuments_left -= len(state.monument)
    state.fort = set(forts)
    state.phase = "expand"
    state.in_play = None
    state.log = []
    if dice is not None:
        state.rng = ScriptedDice(dice)
    return state


@pytest.fixture
def roman_example():
    """The seed's Roman example: Romans in Italy; Blue (colour 1) holds the Balkans and around."""
    blue = {t: (1, False) for t in ("Balkans", "Pindus", "Crete", "Danubia", "Anatolia", "Levant")}
    blue["Rhineland"] = (2, False)
    return mid_turn("Romans", armies=blue, forts={"Pindus"}, organiser=6)
