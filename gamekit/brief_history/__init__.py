"""A Brief History of the World (Ragnar Brothers, 2009): exact invasion odds, and the kit's own
teaching map and cards (inspired by the published game, not its board or cards)."""

from .cards import CardSet, EmpireCard, EmpireSpec, EventCard, load_cards
from .maps import TeachingMap, load_map
from .odds import invasion_points, resolve_invasion

__all__ = ["CardSet", "EmpireCard", "EmpireSpec", "EventCard", "TeachingMap", "invasion_points",
           "load_cards", "load_map", "resolve_invasion"]
