"""A Brief History of the World (Ragnar Brothers, 2009): the rules engine, exact invasion odds, and
the kit's own teaching map and cards (inspired by the published game, not its board or cards)."""

from gamekit.core import GameInfo, register_game
from gamekit.i18n import N_

from .cards import CardSet, EmpireCard, EmpireSpec, EventCard, load_cards
from .maps import TeachingMap, load_map
from .actions import in_words
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
    area_level,
    name_colours,
    new_game,
)
from .words import display_name

INFO = GameInfo(
    name="brief_history", title="A Brief History of the World", seats=(2, 3, 4, 5, 6), default_seats=4,
    simultaneous=False, hidden_information=True,
    # The descriptions are marked for the brief_history catalog: a page shows them with that domain's _().
    options={"fort_removal": N_("'attempt' (a fort goes after any roll against it) or 'taken' (a kit variant)"),
             "monuments": N_("the size of the monument supply (20)"),
             "reorganise_early": N_("True lets an empire stop expanding before its organiser is empty (a kit variant)"),
             "dice": N_("faces the next rolls show (lessons)"),
             "position": N_("a start at the call of one empire (lessons; see scenarios)")},
)
register_game("brief_history", new_game, INFO)

__all__ = [
    "Action", "BriefHistoryObservation", "BriefHistoryState", "BuildFort", "BuildMonument", "CardSet",
    "Continue", "DiscardEvent", "display_name", "EmpireCard", "EmpireSpec", "EndOverrun", "Establish", "EventCard",
    "KeepBonus", "Overrun", "Place", "PlayEvent", "Reorganise", "SkipMonument", "TakeEmpire", "TakeEvent",
    "INFO", "TeachingMap", "Tile", "Withdraw", "area_level", "in_words", "invasion_points", "load_cards", "load_map",
    "name_colours", "new_game", "resolve_invasion",
]
