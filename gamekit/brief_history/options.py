"""The options of a new game and the checks of a lesson's position and dice, each refused with a
reason a student understands.
"""

from __future__ import annotations

import json

from gamekit.i18n import translations

from .cards import CardSet
from .maps import TeachingMap

_, ngettext, pgettext = translations("brief_history")


def _check_options(players, fort_removal, monuments, reorganise_early) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(_("A Brief History of the World is for 3 to 6 players (or 2, each with two colours), "
                           "not {players}").format(players=repr(players)))
    if fort_removal not in FORT_RULES:
        raise ValueError(_("fort_removal is 'taken' (a fort goes when its territory is taken) or 'attempt' "
                           "(when it is attacked at all), not {value}").format(value=repr(fort_removal)))
    if isinstance(monuments, bool) or not isinstance(monuments, int) or monuments < 0:
        raise ValueError(_("monuments is the size of the monument supply, a whole number, not {value}").format(
            value=repr(monuments)))
    if not isinstance(reorganise_early, bool):
        raise ValueError(_("reorganise_early is True or False, not {value}").format(value=repr(reorganise_early)))


def _check_dice_script(dice) -> None:
    if dice is None:
        return
    if not isinstance(dice, (list, tuple)):
        raise ValueError(_("dice is a list of faces (1 to 6) for the next rolls, not {dice}").format(  # noqa: TRY004
            dice=repr(dice)))  # (bad options are ValueErrors)
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValueError(_("a die shows 1 to 6, but the dice option holds {face}").format(face=repr(face)))


POSITION_KEYS = ("empire", "colour", "armies", "sites", "forts", "monuments", "gold")


def _check_position(position, world: TeachingMap, cards: CardSet, colours: int, supply: int):
    """The Empire card and colour of a lesson position, or ValueError saying what is wrong."""
    if not isinstance(position, dict) or "empire" not in position:
        raise ValueError('a position is a dict with at least {"empire": <an Empire card>}')
    unknown = sorted(set(position) - set(POSITION_KEYS))
    if unknown:
        raise ValueError(f"a position knows the keys {', '.join(POSITION_KEYS)}, not {unknown}")
    names = {c.name for c in cards.empire_cards}
    if not isinstance(position["empire"], str) or position["empire"] not in names:
        raise ValueError(f"there is no Empire card {position['empire']!r} in the kit's card set")
    colour = position.get("colour", 0)
    if not _is_colour(colour, colours):
        raise ValueError(f"the colour playing is 0 to {colours - 1}, not {colour!r}")
    armies = position.get("armies", {})
    if not isinstance(armies, dict):
        raise ValueError("armies is a dict territory -> colour (retired armies already on the map)")  # noqa: TRY004 (bad options are ValueErrors)
    for t, c in armies.items():
        if t not in world.territories or world.is_barren(t):
            raise ValueError(f"an army stands only on a territory of the teaching map that is not barren, not {t!r}")
        if not _is_colour(c, colours):
            raise ValueError(f"the army in {t} needs a colour 0 to {colours - 1}, not {c!r}")
    sites = position.get("sites", {})
    if not isinstance(sites, dict) or any(kind not in ("capital", "city") for kind in sites.values()):
        raise ValueError('sites is a dict territory -> "capital" or "city"')
    for key in ("forts", "monuments"):
        spots = position.get(key, [])
        if (not isinstance(spots, list) or not all(isinstance(t, str) for t in spots)
                or len(set(spots)) != len(spots)):
            raise ValueError(f"{key} is a list of distinct territories (their names)")
    for t in [*sites, *position.get("forts", []), *position.get("monuments", [])]:
        if t not in armies:
            raise ValueError(f"{t!r} needs an army under its capital, city, fort or monument")
    if len(position.get("monuments", [])) > supply:
        raise ValueError(f"the monument supply holds {supply}: not enough for the position")
    gold = position.get("gold", [0] * colours)
    if (not isinstance(gold, list) or len(gold) != colours
            or any(isinstance(g, bool) or not isinstance(g, int) or g < 0 for g in gold)):
        raise ValueError(f"gold is a list of {colours} whole numbers, 0 or more, one per colour")
    return cards.empire_card(position["empire"]), colour


def _is_colour(value, colours: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < colours


def _json_copy(value):
    """A plain-JSON copy of an option (tuples become lists), refused if it is not JSON data."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise ValueError(f"a position must be plain JSON data: {error}") from None


FORT_RULES = ("attempt", "taken")
