"""A Brief History of the World (Ragnar Brothers, 2009): exact invasion odds, the kit's own teaching
map and cards (inspired by the published game, not its board or cards)."""

from .odds import invasion_points, resolve_invasion

__all__ = ["invasion_points", "resolve_invasion"]
