"""The kit's teaching map of the world, read from ``data/map.json`` and validated on load.

The published board is not available, so the kit draws its own: real place names, invented
layout, labelled *inspired by the published game, not its board*. It holds the seed's
Mediterranean, so the rulebook's Roman example plays as written.

>>> world = load_map()
>>> sorted(world.neighbours("Balkans"))
['Anatolia', 'Danubia', 'Italy', 'Pindus', 'Rhineland']
>>> world.terrain("Balkans"), world.cost("Levant"), world.is_barren("Sahara")
('mountain', 1, True)
>>> "Danubia" in world.neighbours("Anatolia")
False
"""

from __future__ import annotations

import json
import math
from collections import deque
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

from gamekit.i18n import translations

from .words import card_text, display_name

_, ngettext, pgettext = translations("brief_history")

MAP_FORMAT = "gamekit-brief-history-map/1"
LABEL_WORDS = "inspired by the published game"
BARREN_TERRITORIES = 8  # as in the game
TERRITORY_KEYS = {"area", "terrain", "barren", "resource", "xy", "land", "straits"}


class MapDataError(ValueError):
    """A map file that breaks the rules of the teaching map (the message says which and where)."""


class TeachingMap:
    """Territories, Areas, seas and oceans, and the questions the rules ask about them.

    Build it with :func:`load_map` (or ``TeachingMap(data)`` for a dict read from JSON, which is
    validated first).
    """

    def __init__(self, data: dict):
        validate_map_data(data)
        self._label: str = data["label"]
        self.areas: tuple[str, ...] = tuple(data["areas"])
        self.terrain_costs = MappingProxyType(dict(data["terrain_costs"]))
        entries = data["territories"]
        self.territories: tuple[str, ...] = tuple(entries)
        self._entry = {name: entries[name] for name in self.territories}
        self._land = {n: frozenset(e["land"]) for n, e in entries.items()}
        self._straits = {n: frozenset(e["straits"]) for n, e in entries.items()}
        self._neighbours = {n: self._land[n] | self._straits[n] for n in self.territories}
        self.seas: tuple[str, ...] = tuple(data["seas"])
        self.oceans: tuple[str, ...] = tuple(data["oceans"])
        self._bodies = {**data["seas"], **data["oceans"]}
        self._coasts = {b: frozenset(v["coasts"]) for b, v in self._bodies.items()}
        self._served = {o: tuple(v["serves"]) for o, v in data["oceans"].items()}
        self._shores = {o: tuple(tuple(s) for s in v["shores"]) for o, v in data["oceans"].items()}
        self.resources = MappingProxyType(_resource_pairs(entries))
        self.barren: tuple[str, ...] = tuple(n for n in self.territories if entries[n]["barren"])
        # asked thousands of times per game: worked out once
        self._in_area = {a: tuple(n for n in self.territories if entries[n]["area"] == a) for a in self.areas}
        self._reach = {b: frozenset().union(*(self._coasts[w] for w in (b,) + self._served.get(b, ())))
                       for b in self._bodies}
        self._shore_of = {o: {a: i for i, areas in enumerate(shores) for a in areas} for o, shores in self._shores.items()}

    @property
    def label(self) -> str:
        """What the map says it is (the kit's own, inspired by the published game), in the language in force."""
        return card_text(self._label)

    # --- one territory ---------------------------------------------------------------------
    def _check(self, name: str) -> str:
        if name not in self._entry:
            raise ValueError(_("there is no territory {name} on the teaching map").format(name=repr(name)))
        return name

    def neighbours(self, name: str) -> frozenset[str]:
        """Territories next to ``name`` by land or by a strait (straits count as adjacency)."""
        return self._neighbours[self._check(name)]

    def land_neighbours(self, name: str) -> frozenset[str]:
        return self._land[self._check(name)]

    def strait_neighbours(self, name: str) -> frozenset[str]:
        return self._straits[self._check(name)]

    def terrain(self, name: str) -> str:
        """``"clear"``, ``"forest"`` or ``"mountain"``."""
        return self._entry[self._check(name)]["terrain"]

    def cost(self, name: str) -> int:
        """Invasion points to take the territory: 1 clear, 2 forest or mountain."""
        return self.terrain_costs[self.terrain(name)]

    def is_barren(self, name: str) -> bool:
        """Barren territories never take an army."""
        return self._entry[self._check(name)]["barren"]

    def area(self, name: str) -> str:
        return self._entry[self._check(name)]["area"]

    def resource(self, name: str) -> str | None:
        """The resource symbol printed in the territory, if any (each symbol is printed twice)."""
        return self._entry[self._check(name)]["resource"]

    def xy(self, name: str) -> tuple[float, float]:
        """Where the board draws the territory: longitude-like x, latitude-like y."""
        x, y = self._entry[self._check(name)]["xy"]
        return float(x), float(y)

    def territories_in(self, area: str) -> tuple[str, ...]:
        if area not in self._in_area:
            raise ValueError(_("there is no Area {area}; the Areas are {areas}").format(
                area=repr(area), areas=", ".join(display_name(a) for a in self.areas)))
        return self._in_area[area]

    # --- seas and oceans -------------------------------------------------------------------
    def is_ocean(self, body: str) -> bool:
        return self._check_body(body) in self._served

    def _check_body(self, body: str) -> str:
        if body not in self._bodies:
            raise ValueError(_("there is no sea or ocean {body} on the teaching map").format(body=repr(body)))
        return body

    def coasts(self, body: str) -> frozenset[str]:
        """Territories touching the sea or ocean ``body``."""
        return self._coasts[self._check_body(body)]

    def served_seas(self, ocean: str) -> tuple[str, ...]:
        """The seas an ocean fleet also serves (every sea adjacent to that ocean)."""
        self._check_body(ocean)
        return self._served.get(ocean, ())

    def fleet_waters(self, body: str) -> tuple[str, ...]:
        """Where a fleet placed in ``body`` can be used: the body itself, plus an ocean's seas."""
        return (self._check_body(body),) + self._served.get(body, ())

    def fleet_reach(self, body: str) -> frozenset[str]:
        """Territories an army may be placed in from a fleet in ``body`` (barren ones included)."""
        return self._reach[self._check_body(body)]

    def bodies_touching(self, name: str) -> tuple[str, ...]:
        self._check(name)
        return tuple(b for b in self._bodies if name in self._coasts[b])

    def shore(self, ocean: str, name: str) -> int | None:
        """Which side of ``ocean`` a territory lies on (its Area decides), or None if neither."""
        return self._shore_of.get(self._check_body(ocean), {}).get(self.area(name))

    def crosses_ocean(self, ocean: str, start: str, target: str) -> bool:
        """Whether placing in ``target`` from a fleet in ``ocean`` crosses it, seen from ``start``."""
        here, there = self.shore(ocean, start), self.shore(ocean, target)
        return here is not None and there is not None and here != there

    # --- the whole map ---------------------------------------------------------------------
    def is_connected(self) -> bool:
        """Every territory reachable from every other by land, strait, sea or ocean."""
        return len(_reachable(self.territories[0], self._links())) == len(self.territories)

    def _links(self) -> dict[str, set[str]]:
        links = {n: set(self._neighbours[n]) for n in self.territories}
        for body in self._bodies:
            reach = self.fleet_reach(body)
            for name in reach:
                links[name] |= reach - {name}
        return links

    def area_values_table(self, values: dict[str, int]) -> list[dict]:
        """Rows ``{Area, value, territories}`` in spiral order, for a scoring table."""
        return [{"Area": a, "value": values.get(a, 0), "territories": len(self.territories_in(a))}
                for a in self.areas]

    def __repr__(self) -> str:
        return _("<TeachingMap: {territories} territories ({barren} barren) in {areas} Areas, {seas} seas, "
                 "{oceans} oceans>").format(territories=len(self.territories), barren=len(self.barren),
                                            areas=len(self.areas), seas=len(self.seas), oceans=len(self.oceans))


@lru_cache(maxsize=1)
def load_map() -> TeachingMap:
    """The kit's teaching map, validated (read once; the map is never changed afterwards)."""
    text = resources.files("gamekit.brief_history").joinpath("data/map.json").read_text(encoding="utf-8")
    return TeachingMap(json.loads(text))


# --- validation ------------------------------------------------------------------------------------
def validate_map_data(data) -> None:
    """Raise :class:`MapDataError` naming the first thing wrong with a map read from JSON."""
    if not isinstance(data, dict):
        raise MapDataError("a map file is a JSON object")
    missing = {"label", "format", "areas", "terrain_costs", "territories", "seas", "oceans"} - set(data)
    if missing:
        raise MapDataError(f"the map lacks {sorted(missing)}")
    if data["format"] != MAP_FORMAT:
        raise MapDataError(f"format must be {MAP_FORMAT!r}, not {data['format']!r}")
    if LABEL_WORDS not in str(data["label"]):
        raise MapDataError(f"the map must say it is the kit's own, {LABEL_WORDS}, not its board")
    areas = data["areas"]
    if not isinstance(areas, list) or len(set(areas)) != len(areas) or not 10 <= len(areas) <= 13:
        raise MapDataError("the map needs 10 to 13 Areas with distinct names")
    costs = data["terrain_costs"]
    if costs != {"clear": 1, "forest": 2, "mountain": 2}:
        raise MapDataError("terrain costs are clear 1, forest 2, mountain 2")
    entries = data["territories"]
    if not isinstance(entries, dict) or not 50 <= len(entries) <= 80:
        raise MapDataError("the map needs 50 to 80 territories")
    for name, entry in entries.items():
        _validate_territory(name, entry, entries, areas)
    _validate_symmetry(entries)
    barren = [n for n, e in entries.items() if e["barren"]]
    if len(barren) != BARREN_TERRITORIES:
        raise MapDataError(f"the map needs {BARREN_TERRITORIES} barren territories, not {len(barren)}")
    for area in areas:
        if not any(e["area"] == area and not e["barren"] for e in entries.values()):
            raise MapDataError(f"Area {area!r} has no territory an army could stand in")
    _resource_pairs(entries)
    _validate_waters(data, entries, areas)
    links = {n: set(e["land"]) | set(e["straits"]) for n, e in entries.items()}
    for body in list(data["seas"].values()) + list(data["oceans"].values()):
        waters = [body] + [data["seas"][s] for s in body.get("serves", [])]
        reach = set().union(*(w["coasts"] for w in waters))
        for name in reach:
            links[name] |= reach - {name}
    unreached = set(entries) - _reachable(next(iter(entries)), links)
    if unreached:
        raise MapDataError(f"no route by land, strait or sea reaches {sorted(unreached)}")


def _validate_territory(name, entry, entries, areas) -> None:
    if not isinstance(entry, dict) or set(entry) != TERRITORY_KEYS:
        raise MapDataError(f"territory {name!r} must have exactly the keys {sorted(TERRITORY_KEYS)}")
    if entry["area"] not in areas:
        raise MapDataError(f"territory {name!r} is in an unknown Area {entry['area']!r}")
    if entry["terrain"] not in ("clear", "forest", "mountain"):
        raise MapDataError(f"territory {name!r} has unknown terrain {entry['terrain']!r}")
    if not isinstance(entry["barren"], bool):
        raise MapDataError(f"territory {name!r}: barren is true or false")
    resource = entry["resource"]
    if resource is not None and (not isinstance(resource, str) or entry["barren"]):
        raise MapDataError(f"territory {name!r}: a resource is a symbol name, never on barren land")
    xy = entry["xy"]
    if (not isinstance(xy, list) or len(xy) != 2 or not all(isinstance(v, (int, float)) for v in xy)
            or not (-180 <= xy[0] <= 180 and -90 <= xy[1] <= 90) or not all(map(math.isfinite, xy))):
        raise MapDataError(f"territory {name!r} needs xy = [longitude, latitude] for drawing")
    for kind in ("land", "straits"):
        others = entry[kind]
        if not isinstance(others, list) or len(set(others)) != len(others):
            raise MapDataError(f"territory {name!r}: {kind} is a list of distinct names")
        for other in others:
            if other not in entries or other == name:
                raise MapDataError(f"territory {name!r} lists {other!r} as a {kind} neighbour, which is not another territory")
    if set(entry["land"]) & set(entry["straits"]):
        raise MapDataError(f"territory {name!r} lists a neighbour both by land and by strait")


def _validate_symmetry(entries) -> None:
    for name, entry in entries.items():
        for kind in ("land", "straits"):
            for other in entry[kind]:
                if name not in entries[other][kind]:
                    raise MapDataError(f"{name} lists {other} as a {kind} neighbour but {other} does not list {name}")


def _validate_waters(data, entries, areas) -> None:
    seas, oceans = data["seas"], data["oceans"]
    if not isinstance(seas, dict) or not isinstance(oceans, dict) or set(seas) & set(oceans):
        raise MapDataError("seas and oceans are two objects with distinct names")
    for body, entry in list(seas.items()) + list(oceans.items()):
        coasts = entry.get("coasts")
        if not isinstance(coasts, list) or len(coasts) < 2 or any(c not in entries for c in coasts):
            raise MapDataError(f"{body} needs a list of at least two coastal territories of the map")
        if len(set(coasts)) != len(coasts):
            raise MapDataError(f"{body} lists a coast twice")
    for ocean, entry in oceans.items():
        serves = entry.get("serves")
        if not isinstance(serves, list) or any(s not in seas for s in serves):
            raise MapDataError(f"{ocean} must name the seas it serves")
        shores = entry.get("shores")
        if not isinstance(shores, list) or not shores or any(a not in areas for s in shores for a in s):
            raise MapDataError(f"{ocean} must list its shores as lists of Areas")
        flat = [a for s in shores for a in s]
        if len(set(flat)) != len(flat):
            raise MapDataError(f"{ocean}: an Area lies on two shores")
        for coast in set(entry["coasts"]).union(*(seas[s]["coasts"] for s in serves)):
            if entries[coast]["area"] not in flat:
                raise MapDataError(f"{ocean}: {coast} is reached from the ocean but lies on no shore")


def _resource_pairs(entries) -> dict[str, tuple[str, str]]:
    symbols: dict[str, list[str]] = {}
    for name, entry in entries.items():
        if entry["resource"] is not None:
            symbols.setdefault(entry["resource"], []).append(name)
    for symbol, places in symbols.items():
        if len(places) != 2:
            raise MapDataError(f"resource {symbol!r} must be printed in exactly two territories, not {places}")
    return {symbol: tuple(places) for symbol, places in sorted(symbols.items())}


def _reachable(start: str, links: dict[str, set[str]]) -> set[str]:
    seen, queue = {start}, deque([start])
    while queue:
        for other in links[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return seen
