"""The rulebook's worked examples as positions to start from, on the kit's teaching map.

The seed's examples happen in the middle of a game: the Romans invading the Balkans at +2, the
Assyrians' Fear. Reaching them by playing from the first draft would take a hundred moves and
luck, so a scenario starts at the call of one empire (``new_game(position=...)``) with the dice
the example needs (``new_game(dice=...)``). Both are ordinary JSON options of the game, so a
scenario's record — ``gamekit.core.save(state)`` — replays exactly, like any game; once the
scripted faces are used up the state's seeded dice take over, and the game runs on to its end.

The map and the cards are the kit's own (inspired by the published game, not its board or cards).

>>> state = roman_turn()
>>> print(play(state, "place Balkans", "continue", "continue"))
Romans invade Balkans
  roll 3-2 (+0) against 5: 0 points, not enough for Balkans (cost 2)
  continue: an organiser army is spent, the indicator goes to +1
  roll 4-1 (+1) against 6: 0 points, not enough for Balkans (cost 2)
  continue: an organiser army is spent, the indicator goes to +2
  roll 6-5 (+2) against 3: 5 points, Balkans falls
>>> [str(action) for action in state.legal_actions()]   # forts may be built at any time of the turn
['overrun Anatolia', 'overrun Danubia', 'end overrun', 'fort Balkans', 'fort Italy']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gamekit.i18n import N_, translations

from .rules import BriefHistoryState, new_game

_, ngettext, pgettext = translations("brief_history")

__all__ = ["EXAMPLES", "FEAR_DICE", "FEAR_STEPS", "ROMAN_DICE", "ROMAN_STEPS", "fear_example", "play",
           "position", "roman_turn", "scenario", "step_note"]

BLUE, GREEN = 1, 2  # the seed's "blue player" (the defender) and a third colour

# The seed's Mediterranean: Blue holds the Balkans and all around (Pindus behind a fort, Crete
# across the sea); Rhineland belongs to somebody else; Anatolia keeps the Hittites' old city.
ROMAN_ARMIES = {"Balkans": BLUE, "Pindus": BLUE, "Crete": BLUE, "Danubia": BLUE, "Anatolia": BLUE,
                "Levant": BLUE, "Rhineland": GREEN}

# The guided Roman turn, one step per rule, and the faces its rolls show (attacker's dice first).
# The notes are marked for the catalog: ``step_note(note)`` says one in the language in force.
ROMAN_STEPS = (
    ("place Gaul", N_("an empty territory is simply taken; Gaul's wine pairs with Italy's: a monument")),
    ("monument Italy", N_("the monument goes to the capital first")),
    ("place Balkans", N_("an invasion: 2 dice against 1, mountains cost 2 points")),
    ("continue", N_("an organiser army is spent, the indicator goes to +1")),
    ("continue", N_("the indicator goes to +2: 6-5 +2 against 3 is 5 points, 3 left after the mountains")),
    ("overrun Anatolia", N_("over-run: 2 points for the mountains, the city there is reduced")),
    ("overrun Levant", N_("the last point takes Levant; Danubia is not next to Anatolia")),
    ("place Danubia", N_("the seed's continuing example: 4-1 against 5 fails")),
    ("continue", N_("at +1, 6-2 against 6 is one point: enough for clear Danubia")),
    ("place Pindus", N_("the fort's two dice: 6-2 against 4-3 is 2 points, the fort goes")),
    ("monument Pindus", N_("Pindus completes the marble pair with Anatolia")),
    ("place Crete by sea", N_("from the fleet: one attacking die fewer")),
    ("fort Balkans", N_("a fort costs an organiser army; defenders roll 2 dice there from now on")),
    ("place Sicily", N_("an empty territory: one army is left in the organiser")),
    ("fort Italy", N_("the last army builds a fort; the organiser is empty, so the empire reorganises: "
                   "armies retire, the fleet leaves, gold is collected")),
)
ROMAN_DICE = (3, 2, 5, 4, 1, 6, 6, 5, 3,  # the Balkans at +0, +1, +2
              4, 1, 5, 6, 2, 6,  # Danubia at +0, then +1
              6, 2, 4, 3,  # Pindus, behind its fort
              5, 2)  # Crete, from the sea

# The seed's Fear example: the Assyrians (Epoch 1, from Upper Tigris) against Blue.
FEAR_STEPS = (
    ("place Levant", N_("6-2 against 4: 2 points, and Fear adds 1: 3")),
    ("place Lower Tigris", N_("4-2 against 4 is a tie: the attack fails, so no Fear point")),
)
FEAR_DICE = (6, 2, 4, 4, 2, 4)


def position(empire: str, *, colour: int = 0, armies: Mapping[str, int] | None = None,
             sites: Mapping[str, str] | None = None, forts: Iterable[str] = (), monuments: Iterable[str] = (),
             gold: Iterable[int] | None = None) -> dict:
    """The JSON ``position`` option of :func:`~gamekit.brief_history.rules.new_game`: ``empire``
    (an Empire card) is called for ``colour``; ``armies`` maps territories to the colours whose
    retired armies stand there; ``sites`` holds capitals and cities; ``gold`` one amount per colour."""
    data: dict = {"empire": empire, "colour": colour, "armies": dict(armies or {})}
    if sites:
        data["sites"] = dict(sites)
    if forts:
        data["forts"] = sorted(forts)
    if monuments:
        data["monuments"] = sorted(monuments)
    if gold is not None:
        data["gold"] = list(gold)
    return data


def scenario(empire: str, *, players: int = 3, seed: int = 0, dice: Iterable[int] | None = None,
             options: Mapping | None = None, **where) -> BriefHistoryState:
    """A game that starts as ``empire`` is called, laid out as :func:`position` says (``armies``,
    ``sites``, ``forts``, ``monuments`` — where monuments stand — and ``gold``), whose next rolls
    show ``dice``. Further ``new_game`` options go in ``options``:
    ``scenario("Romans", monuments=["Italy"], options={"monuments": 5})`` puts a monument in Italy
    and leaves a supply of 5."""
    extra = dict(options or {})
    clash = sorted(set(extra) & {"players", "seed", "dice", "position"})
    if clash:
        raise ValueError(f"pass {', '.join(clash)} to scenario() itself, not in options")
    return new_game(players, seed=seed, dice=None if dice is None else list(dice),
                    position=position(empire, **where), **extra)


def roman_turn(*, seed: int = 0, players: int = 3, dice: Iterable[int] = ROMAN_DICE) -> BriefHistoryState:
    """Epoch 3: the Romans (colour 0) are established in Italy with their capital and a fleet in the
    Mediterranean; Blue (colour 1) holds the Balkans, Pindus (a fort), Crete, Danubia, Anatolia (a
    city) and Levant; colour 2 holds Rhineland. The dice play :data:`ROMAN_STEPS` as the seed tells."""
    return scenario("Romans", players=players, seed=seed, dice=dice, armies=ROMAN_ARMIES,
                    sites={"Anatolia": "city"}, forts={"Pindus"})


def fear_example(*, seed: int = 0, players: int = 3, dice: Iterable[int] = FEAR_DICE) -> BriefHistoryState:
    """Epoch 1: the Assyrians (colour 0, Fear) in Upper Tigris; Blue holds Levant and Lower Tigris."""
    return scenario("Assyrians", players=players, seed=seed, dice=dice,
                    armies={"Levant": BLUE, "Lower Tigris": BLUE})


def step_note(note: str) -> str:
    """A note of :data:`ROMAN_STEPS` or :data:`FEAR_STEPS` in the language in force."""
    return _(note)


def play(state: BriefHistoryState, *actions) -> str:
    """Apply ``actions`` in turn and return what the game log says happened, one line each."""
    start = len(state.log)
    for action in actions:
        state.apply(action)
    return "\n".join(state.log[start:])  # the lines in the language in force


EXAMPLES = {"roman turn": (roman_turn, ROMAN_STEPS), "fear": (fear_example, FEAR_STEPS)}
