"""A Brief History of the World (Ragnar Brothers, 2009): the rules engine, exact invasion odds, and
the kit's own teaching map and cards (inspired by the published game, not its board or cards)."""

from gamekit.core import register_game

from .cards import CardSet, EmpireCard, EmpireSpec, EventCard, load_cards
from .maps import TeachingMap, load_map
from .odds import invasion_points, resolve_invasion
from .rules import (
    Action,
    BriefHistoryObservation,
    BriefHistoryState,
    BuildFort,
    BuildMonument,
    Continue,
    DiscardEvent,
    EndOverrun,
    Establish,
    KeepBonus,
    Overrun,
    Place,
    PlayEvent,
    Reorganise,
    SkipMonument,
    TakeEmpire,
    TakeEvent,
    Tile,
    Withdraw,
    new_game,
)

register_game("brief_history", new_game)

__all__ = [
    "Action", "BriefHistoryObservation", "BriefHistoryState", "BuildFort", "BuildMonument", "CardSet",
    "Continue", "DiscardEvent", "EmpireCard", "EmpireSpec", "EndOverrun", "Establish", "EventCard",
    "KeepBonus", "Overrun", "Place", "PlayEvent", "Reorganise", "SkipMonument", "TakeEmpire", "TakeEvent",
    "TeachingMap", "Tile", "Withdraw", "invasion_points", "load_cards", "load_map", "new_game",
    "resolve_invasion",
]
