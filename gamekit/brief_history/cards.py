"""The kit's Empire cards, Event cards, Area values and Bonus tokens, read from ``data/cards.json``.

Like the map, the card set is the kit's own, *inspired by the published game, not its cards*: real
empire names, invented numbers. Everything is validated against the teaching map on load.

>>> cards = load_cards()
>>> [card.name for card in cards.empire_cards_of(3)][:2]
['Romans', 'Parthians']
>>> romans = cards.empire_card("Romans").empires[0]
>>> romans.start, romans.capital, romans.fleets
('Italy', True, ('Mediterranean Sea',))
>>> cards.area_value(1, "Middle East"), len(cards.bonus_tokens)
(3, 18)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

from gamekit.i18n import translations

from .maps import LABEL_WORDS, TeachingMap, load_map

_, ngettext, pgettext = translations("brief_history")

CARDS_FORMAT = "gamekit-brief-history-cards/1"
EPOCHS = 6
EMPIRES_PER_EPOCH = 7
MAX_PLAYERS = 6
BONUS_TOKENS = 18
TRAITS = ("fear", "vikings", "french", "united_states")
# effect kind -> (how long it lasts, the extra fields it needs)
EFFECTS = {
    "extra_die": ("turn", {"dice"}),
    "attack_bonus": ("turn", {"bonus"}),
    "siege": ("turn", set()),
    "treachery": ("once", set()),
    "plague": ("once", set()),
    "civil_war": ("once", set()),
    "astronomy": ("once", set()),
    "kingdom": ("once", {"kingdom", "start"}),
    "minor_empire": ("once", {"empire", "start", "armies", "capital", "fleets"}),
    "barbarians": ("once", {"empire", "start", "armies", "capital", "fleets"}),
}
START_OF_TURN_EFFECTS = ("kingdom", "minor_empire", "barbarians")


class CardDataError(ValueError):
    """A card file that breaks the rules of the card set (the message says which card and why)."""


@dataclass(frozen=True)
class EmpireSpec:
    """One empire as its card describes it. ``capital=False`` makes it Barbarian."""

    name: str
    armies: int
    start: str
    capital: bool
    fleets: tuple[str, ...]
    trait: str | None

    @property
    def barbarian(self) -> bool:
        return not self.capital


@dataclass(frozen=True)
class EmpireCard:
    """An Empire card: its Epoch, its place in the Epoch's calling order, and its empire(s) — the
    Incas & Aztecs card holds two, played one after the other."""

    epoch: int
    order: int
    name: str
    empires: tuple[EmpireSpec, ...]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class EventCard:
    """An Event card. ``colour`` red: play at the start of your turn in that Epoch (``late`` more
    Epochs allowed: Israel) or lose it; black: in that Epoch or later, at any allowed moment."""

    name: str
    epoch: int
    colour: str
    late: int
    cost: int
    effect: MappingProxyType = field(compare=False)  # read-only; the name identifies the card
    text: str = field(compare=False)

    @property
    def kind(self) -> str:
        return self.effect["kind"]

    @property
    def lasts_the_turn(self) -> bool:
        """Continuous events (Leader, Weaponry, Siege-craft) stay in play until discarded."""
        return self.effect["lasts"] == "turn"

    @property
    def start_of_turn(self) -> bool:
        return self.colour == "red"

    def __reduce__(self):  # the read-only effect is stored as a plain dict, and read-only again on loading
        return _event_card, (self.name, self.epoch, self.colour, self.late, self.cost, dict(self.effect), self.text)

    def __deepcopy__(self, memo) -> EventCard:
        return self  # immutable

    def playable_in(self, epoch: int) -> bool:
        if self.colour == "red":
            return self.epoch <= epoch <= self.epoch + self.late
        return epoch >= self.epoch

    def __str__(self) -> str:
        return self.name


def _event_card(name, epoch, colour, late, cost, effect, text) -> EventCard:
    return EventCard(name, epoch, colour, late, cost, MappingProxyType(effect), text)


@dataclass(frozen=True, eq=False)
class CardSet:
    label: str
    area_values: MappingProxyType  # epoch -> {Area: value}
    traits: MappingProxyType  # trait -> its text
    empire_cards: tuple[EmpireCard, ...]
    starting_events: tuple[EventCard, ...]
    events: tuple[EventCard, ...]
    bonus_tokens: tuple[int, ...]

    def empire_cards_of(self, epoch: int) -> tuple[EmpireCard, ...]:
        """The Epoch's Empire cards in calling order."""
        return tuple(sorted((c for c in self.empire_cards if c.epoch == epoch), key=lambda c: c.order))

    def empire_card(self, name: str) -> EmpireCard:
        for card in self.empire_cards:
            if card.name == name:
                return card
        raise ValueError(f"there is no Empire card {name!r}")

    def events_of(self, epoch: int) -> tuple[EventCard, ...]:
        return tuple(e for e in self.events if e.epoch == epoch)

    def area_value(self, epoch: int, area: str) -> int:
        return self.area_values[epoch][area]

    def __repr__(self) -> str:
        return _("<CardSet: {empires} Empire cards, {events} Event cards (+{starting} each player starts with), "
                 "{tokens} Bonus tokens>").format(empires=len(self.empire_cards), events=len(self.events),
                                                  starting=len(self.starting_events), tokens=len(self.bonus_tokens))


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """The kit's card set, validated against the teaching map (read once)."""
    text = resources.files("gamekit.brief_history").joinpath("data/cards.json").read_text(encoding="utf-8")
    return build_cards(json.loads(text), load_map())


def build_cards(data, world: TeachingMap) -> CardSet:
    """Validate a card file read from JSON against ``world`` and build the :class:`CardSet`."""
    if not isinstance(data, dict):
        raise CardDataError("a card file is a JSON object")
    expected = {"label", "format", "epochs", "area_values", "traits", "empire_cards", "starting_events",
                "events", "bonus_tokens"}
    if set(data) != expected:
        raise CardDataError(f"a card file has exactly the keys {sorted(expected)}")
    if data["format"] != CARDS_FORMAT:
        raise CardDataError(f"format must be {CARDS_FORMAT!r}, not {data['format']!r}")
    label = str(data["label"])
    if LABEL_WORDS not in label or "not its cards" not in label:
        raise CardDataError(f"the card file must say it is the kit's own, {LABEL_WORDS}, not its cards")
    if data["epochs"] != EPOCHS:
        raise CardDataError(f"the game has {EPOCHS} Epochs")
    traits = data["traits"]
    if not isinstance(traits, dict) or set(traits) != set(TRAITS):
        raise CardDataError(f"traits must describe exactly {list(TRAITS)}")
    area_values = _area_values(data["area_values"], world)
    empire_cards = tuple(_empire_card(c, world) for c in _list(data["empire_cards"], "empire_cards"))
    _check_epoch_lists(empire_cards)
    starting = tuple(_event(e, world) for e in _list(data["starting_events"], "starting_events"))
    events = tuple(_event(e, world) for e in _list(data["events"], "events"))
    for epoch in range(1, EPOCHS + 1):
        count = sum(e.epoch == epoch for e in events)
        if count < MAX_PLAYERS:
            raise CardDataError(f"Epoch {epoch} needs at least {MAX_PLAYERS} Event cards (one per player), not {count}")
    tokens = data["bonus_tokens"]
    if (not isinstance(tokens, list) or len(tokens) != BONUS_TOKENS
            or not all(_whole(t) and t > 0 for t in tokens)):
        raise CardDataError(f"there are {BONUS_TOKENS} Bonus tokens, each a positive whole number of gold")
    return CardSet(label, MappingProxyType(area_values), MappingProxyType(dict(traits)), empire_cards,
                   starting, events, tuple(tokens))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value, what: str) -> list:
    if not isinstance(value, list):
        raise CardDataError(f"{what} is a list")
    return value


def _area_values(values, world: TeachingMap) -> dict[int, MappingProxyType]:
    if not isinstance(values, dict) or set(values) != {str(e) for e in range(1, EPOCHS + 1)}:
        raise CardDataError(f"area_values needs one entry per Epoch 1..{EPOCHS}")
    table = {}
    for epoch, row in values.items():
        if not isinstance(row, dict) or set(row) != set(world.areas):
            raise CardDataError(f"Epoch {epoch}'s Area values must name every Area of the map once")
        if not all(_whole(v) and 0 <= v <= 3 for v in row.values()):
            raise CardDataError(f"Epoch {epoch}: an Area value is 0 (no token) to 3")
        table[int(epoch)] = MappingProxyType(dict(row))
    return table


def _empire_spec(entry, world: TeachingMap, where: str) -> EmpireSpec:
    keys = {"name", "armies", "start", "capital", "fleets", "trait"}
    if not isinstance(entry, dict) or set(entry) != keys:
        raise CardDataError(f"{where}: an empire has exactly the keys {sorted(keys)}")
    if not _whole(entry["armies"]) or not 1 <= entry["armies"] <= 30:
        raise CardDataError(f"{where}: armies is a whole number from 1 to 30")
    _check_start(entry["start"], world, where)
    if not isinstance(entry["capital"], bool):
        raise CardDataError(f"{where}: capital is true or false")
    fleets = _fleets(entry["fleets"], world, where)
    if entry["trait"] is not None and entry["trait"] not in TRAITS:
        raise CardDataError(f"{where}: unknown trait {entry['trait']!r}")
    return EmpireSpec(str(entry["name"]), entry["armies"], entry["start"], entry["capital"], fleets, entry["trait"])


def _check_start(start, world: TeachingMap, where: str) -> None:
    if start not in world.territories:
        raise CardDataError(f"{where}: the start {start!r} is not a territory of the teaching map")
    if world.is_barren(start):
        raise CardDataError(f"{where}: the start {start} is barren")


def _fleets(fleets, world: TeachingMap, where: str) -> tuple[str, ...]:
    if not isinstance(fleets, list) or any(f not in world.seas + world.oceans for f in fleets) \
            or len(set(fleets)) != len(fleets):
        raise CardDataError(f"{where}: fleets must name distinct seas or oceans of the map")
    return tuple(fleets)


def _empire_card(entry, world: TeachingMap) -> EmpireCard:
    if not isinstance(entry, dict) or set(entry) != {"epoch", "order", "name", "empires"}:
        raise CardDataError("an Empire card has the keys epoch, order, name, empires")
    where = f"Empire card {entry.get('name')!r}"
    if not _whole(entry["epoch"]) or not 1 <= entry["epoch"] <= EPOCHS:
        raise CardDataError(f"{where}: epoch is 1..{EPOCHS}")
    empires = entry["empires"]
    if not isinstance(empires, list) or not 1 <= len(empires) <= 2:
        raise CardDataError(f"{where}: a card shows one empire, or two played in turn")
    specs = tuple(_empire_spec(e, world, where) for e in empires)
    if entry["name"] != " & ".join(s.name for s in specs):
        raise CardDataError(f"{where}: the card's name must join its empires' names with ' & '")
    return EmpireCard(entry["epoch"], entry["order"], entry["name"], specs)


def _check_epoch_lists(cards: tuple[EmpireCard, ...]) -> None:
    names = [c.name for c in cards]
    if len(set(names)) != len(names):
        raise CardDataError("two Empire cards share a name")
    for epoch in range(1, EPOCHS + 1):
        orders = sorted(c.order for c in cards if c.epoch == epoch)
        if orders != list(range(1, EMPIRES_PER_EPOCH + 1)):
            raise CardDataError(f"Epoch {epoch} needs {EMPIRES_PER_EPOCH} Empire cards in calling order 1..7, got {orders}")


def _event(entry, world: TeachingMap) -> EventCard:
    keys = {"name", "epoch", "colour", "late", "cost", "effect", "text"}
    if not isinstance(entry, dict) or set(entry) != keys:
        raise CardDataError(f"an Event card has exactly the keys {sorted(keys)}")
    where = f"Event card {entry['name']!r}"
    if not _whole(entry["epoch"]) or not 1 <= entry["epoch"] <= EPOCHS:
        raise CardDataError(f"{where}: epoch is 1..{EPOCHS}")
    if entry["colour"] not in ("red", "black"):
        raise CardDataError(f"{where}: the Epoch number is printed red or black")
    if not _whole(entry["late"]) or entry["late"] not in (0, 1) or (entry["late"] and entry["colour"] != "red"):
        raise CardDataError(f"{where}: only a red card may allow one Epoch late (late = 0 or 1)")
    if not _whole(entry["cost"]) or entry["cost"] < 0:
        raise CardDataError(f"{where}: the gold cost is a whole number, 0 or more")
    effect = entry["effect"]
    kind = effect.get("kind") if isinstance(effect, dict) else None
    if kind not in EFFECTS:
        raise CardDataError(f"{where}: unknown effect {kind!r}; effects are {sorted(EFFECTS)}")
    lasts, needs = EFFECTS[kind]
    if set(effect) != {"kind", "lasts"} | needs or effect["lasts"] != lasts:
        raise CardDataError(f"{where}: a {kind} effect has the keys kind, lasts={lasts!r}, {sorted(needs)}")
    if (kind in START_OF_TURN_EFFECTS) != (entry["colour"] == "red"):
        raise CardDataError(f"{where}: kingdoms, minor empires and barbarians (and only they) are red, played at the start of a turn")
    if "start" in effect:
        _check_start(effect["start"], world, where)
    if "armies" in effect and (not _whole(effect["armies"]) or not 1 <= effect["armies"] <= 30):
        raise CardDataError(f"{where}: armies is a whole number from 1 to 30")
    if "fleets" in effect:
        _fleets(effect["fleets"], world, where)
    if kind == "barbarians" and effect["capital"] or kind == "minor_empire" and not effect["capital"]:
        raise CardDataError(f"{where}: barbarians have no capital, minor empires one")
    for key in ("dice", "bonus"):
        if key in effect and (not _whole(effect[key]) or not 1 <= effect[key] <= 3):
            raise CardDataError(f"{where}: {key} is 1 to 3")
    return EventCard(entry["name"], entry["epoch"], entry["colour"], entry["late"], entry["cost"],
                     MappingProxyType(dict(effect)), str(entry["text"]))
