"""The actions of A Brief History of the World: small frozen values with a text form.

``str(action)`` is the text a player types (``"place Crete by sea"``, ``"take empire Romans"``);
the rules (``rules.py``) parse it back, say why an action is illegal and perform it. Actions sort by
kind, then by text, which is the order of ``legal_actions()``.

>>> str(Place("Crete", by_sea=True)), [str(a) for a in sorted([Reorganise(), Place("Gaul"), TakeEmpire("Romans")])]
('place Crete by sea', ['take empire Romans', 'place Gaul', 'reorganise'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamekit.i18n import language, translations

from .words import display_name

_, ngettext, pgettext = translations("brief_history")

__all__ = ["Action", "BuildFort", "BuildMonument", "Continue", "DiscardEvent", "EndOverrun", "Establish",
           "KeepBonus", "Overrun", "Place", "PlayEvent", "Reorganise", "SkipMonument", "TakeEmpire",
           "TakeEvent", "Withdraw", "in_words"]


class Action:
    """Base of every Brief History action: sorted by kind, then by text."""

    rank = 0

    def sort_key(self) -> tuple[int, str]:
        try:  # worked out once per action object: legal actions are sorted after every move
            return self.__dict__["_sort_key"]
        except KeyError:
            key = (self.rank, str(self))
            object.__setattr__(self, "_sort_key", key)  # not a field: equality and hashing ignore it
            return key

    def __lt__(self, other):
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()


def _sorted(actions) -> list:
    return sorted(actions, key=Action.sort_key)


@dataclass(frozen=True)
class TakeEmpire(Action):
    """Keep this Empire card from the packet in your hand. Text: ``"take empire Romans"``."""

    card: str
    rank = 1

    def __str__(self) -> str:
        return f"take empire {self.card}"


@dataclass(frozen=True)
class TakeEvent(Action):
    """Keep this Event card from the packet. Text: ``"take event Leader"``."""

    card: str
    rank = 2

    def __str__(self) -> str:
        return f"take event {self.card}"


@dataclass(frozen=True)
class KeepBonus(Action):
    """Keep a Bonus token of this value and pass the rest on. Text: ``"keep bonus 7"``."""

    value: int
    rank = 3

    def __str__(self) -> str:
        return f"keep bonus {self.value}"


@dataclass(frozen=True)
class Establish(Action):
    """Establish your empire now (red Events not played at this moment are lost). Text: ``"establish"``."""

    rank = 4

    def __str__(self) -> str:
        return "establish"


@dataclass(frozen=True)
class PlayEvent(Action):
    """Play an Event card, with its target when it needs one (a territory, an Area or an ocean).
    Text: ``"play Leader"``, ``"play Treachery at Balkans"``, ``"play Black Death at Africa"``."""

    card: str
    target: str | None = None
    rank = 5

    def __str__(self) -> str:
        return f"play {self.card}" + (f" at {self.target}" if self.target is not None else "")


@dataclass(frozen=True)
class Place(Action):
    """Take an army from the organiser and place it: into an empty territory, onto an enemy army
    (an invasion) or onto one of your retired armies (a surrender). ``by_sea``: from a fleet.
    Text: ``"place Balkans"``, ``"place Crete by sea"``."""

    territory: str
    by_sea: bool = False
    rank = 6

    def __str__(self) -> str:
        return f"place {self.territory}" + (" by sea" if self.by_sea else "")


@dataclass(frozen=True)
class Continue(Action):
    """After a failed roll: spend an organiser army, raise the indicator and roll again."""

    rank = 7

    def __str__(self) -> str:
        return "continue"


@dataclass(frozen=True)
class Withdraw(Action):
    """After a failed roll: take your army back off the territory (the indicator returns to 0)."""

    rank = 8

    def __str__(self) -> str:
        return "withdraw"


@dataclass(frozen=True)
class Overrun(Action):
    """Spend leftover invasion points to take the next territory of the same defender, no dice."""

    territory: str
    rank = 9

    def __str__(self) -> str:
        return f"overrun {self.territory}"


@dataclass(frozen=True)
class EndOverrun(Action):
    """Stop over-running: the points left are lost."""

    rank = 10

    def __str__(self) -> str:
        return "end overrun"


@dataclass(frozen=True)
class BuildFort(Action):
    """Spend an organiser army on a fort where one of your active armies stands."""

    territory: str
    rank = 11

    def __str__(self) -> str:
        return f"fort {self.territory}"


@dataclass(frozen=True)
class BuildMonument(Action):
    """Build the monument your new resource pair allows, here."""

    territory: str
    rank = 12

    def __str__(self) -> str:
        return f"monument {self.territory}"


@dataclass(frozen=True)
class SkipMonument(Action):
    rank = 13

    def __str__(self) -> str:
        return "no monument"


@dataclass(frozen=True)
class DiscardEvent(Action):
    """Discard the continuous Event in play, so that another may be played."""

    rank = 14

    def __str__(self) -> str:
        return "discard event"


@dataclass(frozen=True)
class Reorganise(Action):
    """Stop expanding: fleets leave, armies retire, gold is collected."""

    rank = 15

    def __str__(self) -> str:
        return "reorganise"


ESTABLISH, CONTINUE, WITHDRAW, END_OVERRUN = Establish(), Continue(), Withdraw(), EndOverrun()
SKIP_MONUMENT, DISCARD_EVENT, REORGANISE = SkipMonument(), DiscardEvent(), Reorganise()
_SIMPLE = {str(a): a for a in (ESTABLISH, CONTINUE, WITHDRAW, END_OVERRUN, SKIP_MONUMENT, DISCARD_EVENT, REORGANISE)}
_NAMED = [(re.compile(r"take empire (.+)"), TakeEmpire), (re.compile(r"take event (.+)"), TakeEvent),
          (re.compile(r"overrun (.+)"), Overrun), (re.compile(r"fort (.+)"), BuildFort),
          (re.compile(r"monument (.+)"), BuildMonument)]
_PLACE = re.compile(r"place (.+?)( by sea)?")
_PLAY = re.compile(r"play (.+?)(?: at (.+))?")
_BONUS = re.compile(r"keep bonus (-?[0-9]+)")  # ASCII digits only, as in every game of the kit
MAX_NUMBER_DIGITS = 6  # a Bonus token is worth a few gold: longer numbers name no token


_PLACES: dict[tuple[str, bool], Place] = {}


def _place_action(territory: str, by_sea: bool) -> Place:
    """One shared Place per territory and route, so its sort key is worked out only once."""
    action = _PLACES.get((territory, by_sea))
    if action is None:
        action = _PLACES[territory, by_sea] = Place(territory, by_sea)
    return action


def in_words(action) -> str:
    """An action as a person reads it in the language in force: in English its own text
    (``"place Crete by sea"``), in Portuguese a phrase (``"colocar um exército em Creta por mar"``).
    The text that ``parse()`` reads and records save is always ``str(action)``."""
    if language() == "en" or not isinstance(action, Action):
        return str(action)
    words = _ACTION_WORDS.get(type(action))
    return str(action) if words is None else words(action)


def _play_words(action: PlayEvent) -> str:
    if action.target is None:
        return pgettext("action", "play {card}").format(card=display_name(action.card))
    return pgettext("action", "play {card} at {target}").format(card=display_name(action.card),
                                                                 target=display_name(action.target))


def _place_words(action: Place) -> str:
    if action.by_sea:
        return pgettext("action", "place {territory} by sea").format(territory=display_name(action.territory))
    return pgettext("action", "place {territory}").format(territory=display_name(action.territory))


_ACTION_WORDS = {
    TakeEmpire: lambda a: pgettext("action", "take empire {card}").format(card=display_name(a.card)),
    TakeEvent: lambda a: pgettext("action", "take event {card}").format(card=display_name(a.card)),
    KeepBonus: lambda a: pgettext("action", "keep bonus {value}").format(value=a.value),
    Establish: lambda a: pgettext("action", "establish"),
    PlayEvent: _play_words,
    Place: _place_words,
    Continue: lambda a: pgettext("action", "continue"),
    Withdraw: lambda a: pgettext("action", "withdraw"),
    Overrun: lambda a: pgettext("action", "overrun {territory}").format(territory=display_name(a.territory)),
    EndOverrun: lambda a: pgettext("action", "end overrun"),
    BuildFort: lambda a: pgettext("action", "fort {territory}").format(territory=display_name(a.territory)),
    BuildMonument: lambda a: pgettext("action", "monument {territory}").format(territory=display_name(a.territory)),
    SkipMonument: lambda a: pgettext("action", "no monument"),
    DiscardEvent: lambda a: pgettext("action", "discard event"),
    Reorganise: lambda a: pgettext("action", "reorganise"),
}
