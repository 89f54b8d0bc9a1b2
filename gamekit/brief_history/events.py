"""Event cards played during an empire turn, and the end of the turn (reorganising, gold from
buildings and Areas).

:class:`Events` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState`.
"""

from __future__ import annotations

from gamekit.i18n import N_, translations

from .actions import PlayEvent
from .cards import EmpireSpec, EventCard
from .expansion import EmpireTurn
from .log import INDENT
from .words import Listed, Sentence

_, ngettext, pgettext = translations("brief_history")


def _gold_part(what: str, amount: int) -> tuple:
    """One source of the gold an empire collects (``gold_due``'s keys: buildings, then Areas)."""
    if what == "capitals":
        return Sentence.of(N_("capitals {amount}"), amount=amount)
    if what == "cities":
        return Sentence.of(N_("cities {amount}"), amount=amount)
    if what == "monuments":
        return Sentence.of(N_("monuments {amount}"), amount=amount)
    return Sentence.of(N_("{area} {value}"), area=what, value=amount)


# --- scoring and wording, for agents and boards ------------------------------------------------------
def area_level(counts, colour: int) -> int:
    """The level ``colour`` reaches in an Area holding ``counts`` armies per colour: 0 absent,
    1 presence, 2 dominance (>= 2 armies and more than anyone else), 3 supremacy (>= 3, nobody else)."""
    mine = counts[colour]
    others = max((n for c, n in enumerate(counts) if c != colour), default=0)
    if mine >= 3 and others == 0:
        return 3
    if mine >= 2 and mine > others:
        return 2
    return 1 if mine else 0


class Events:
    """Event cards, reorganising and the gold an empire collects."""

    # --- Events ----------------------------------------------------------------------------------
    def _held_event(self, name) -> EventCard | None:
        if self.turn is None or not isinstance(name, str):
            return None
        playable = [e for e in self.events_held[self.turn.colour] if e.name == name]
        playable.sort(key=lambda e: (not e.playable_in(self.epoch), e.epoch))
        return playable[0] if playable else None

    def _black_playable(self) -> list[EventCard]:
        if self.turn.from_event:
            return []
        gold = self.gold[self.turn.colour]
        seen, cards = set(), []
        for card in self.events_held[self.turn.colour]:
            if card.colour == "black" and card.playable_in(self.epoch) and card.cost <= gold and card.name not in seen:
                seen.add(card.name)
                cards.append(card)
        return cards

    def _event_targets(self, card: EventCard) -> list:
        kind, colour = card.kind, self.turn.colour
        if kind == "treachery":
            near = set().union(*(self.world.neighbours(t) for t in self._active(colour))) if self._active(colour) else set()
            return sorted(t for t in near if self._is_enemy(t) and t not in self.fort and self._atlantic_reason(t) is None)
        if kind == "plague":
            return list(self.world.areas)
        if kind == "astronomy":
            return list(self.world.oceans)
        if kind == "civil_war":
            return sorted(t for t in self.army if self._is_enemy(t) and t in self.site and self._atlantic_reason(t) is None)
        return [None]

    def _pay(self, card: EventCard) -> None:
        colour = self.turn.colour
        self.events_held[colour].remove(card)
        if card.cost:
            self._add_gold(colour, -card.cost)
        self._say(N_("colour {colour} plays {card} for {cost} gold") if card.cost else N_("colour {colour} plays {card}"),
                  colour=colour, card=card.name, cost=card.cost)

    def _play_event(self, action: PlayEvent) -> None:
        card = self._held_event(action.card)
        self._pay(card)
        kind, target, turn = card.kind, action.target, self.turn
        if card.lasts_the_turn:
            self.in_play = card
        elif kind == "kingdom":
            start = card.effect["start"]
            self._clear(start)
            self.army[start] = (turn.colour, False)
            self.site[start] = "city"
            self._say(N_("the Kingdom of {kingdom} rises in {start}: a city, and an army at once retired"), indent=INDENT,
                      kingdom=card.effect["kingdom"], start=start)
        elif kind in ("minor_empire", "barbarians"):
            self._start_minor_empire(card)
        elif kind == "treachery":
            self._note_crossing(target)
            self.army[target] = (turn.colour, False)
            self._say(N_("treachery: {territory} changes hands without a fight"), indent=INDENT, territory=target)
            self._reduce(target, "treachery")
        elif kind == "plague":
            dead = [t for t in self.world.territories_in(target) if self.army.get(t, (None, True))[1] is False]
            for t in dead:
                del self.army[t]
            self._say(Sentence.ngettext("plague in {area}: {n} retired army removed", "plague in {area}: {n} retired armies removed",
                                        len(dead), indent=INDENT, area=target, n=len(dead)))
        elif kind == "astronomy":
            turn.fleets = turn.fleets + ((target,) if target not in turn.fleets else ())
            turn.astronomy = True
            self._say(N_("a fleet sails into the {ocean}"), indent=INDENT, ocean=target)
        elif kind == "civil_war":
            self._note_crossing(target)  # even if the roll fails, as an invasion's
            self.in_play = card
            self.invasion = {"target": target, "by_sea": False, "defender": self.army[target][0], "event": True}
            self._say(N_("civil war in {territory}"), indent=INDENT, territory=target)
            self._roll()

    def _start_minor_empire(self, card: EventCard) -> None:
        effect = card.effect
        spec = EmpireSpec(effect["empire"], effect["armies"], effect["start"], effect["capital"],
                          tuple(effect["fleets"]), None)
        self.paused = self.turn
        self.turn = EmpireTurn(self.paused.colour, card.name, spec, from_event=True)
        self.in_play = card
        self._establish()

    def _finish_event(self) -> None:
        """A Civil War is over: its armies retire and the card is discarded."""
        for t in self.event_armies:
            if self.army.get(t) == (self.turn.colour, True):
                self.army[t] = (self.turn.colour, False)
        self.event_armies = []
        self.in_play = None

    # --- the end of an empire turn -------------------------------------------------------------------
    def _reorganise(self) -> None:
        turn = self.turn
        for t in self._active(turn.colour):
            self.army[t] = (turn.colour, False)
        self._say(N_("{empire} reorganise: fleets leave, armies retire"), empire=turn.spec.name)
        if turn.from_event:
            self.turn, self.paused, self.in_play = self.paused, None, None
            self.phase = "start"
            return
        self.in_play = None
        self._collect_gold(turn.colour)
        if not any(name == turn.card for name, _ in self.turns):
            self.empire_hand[turn.colour].remove(turn.card)
        self._next_empire()

    def gold_due(self, colour: int) -> dict[str, int]:
        """What ``colour`` would collect now: buildings, then each Area's presence, dominance or supremacy."""
        due = {"capitals": 0, "cities": 0, "monuments": 0}
        for t, (c, _active) in self.army.items():
            if c == colour:
                site = self.site.get(t)
                due["capitals"] += 2 * (site == "capital")
                due["cities"] += site == "city"
                due["monuments"] += t in self.monument
        values = self.area_values()
        for area in self.world.areas:
            level = self.area_level(colour, area)
            due[area] = values[area] * level
        return due

    def area_counts(self, area: str) -> list[int]:
        """Armies (standing and retired) of each colour in ``area``."""
        counts = [0] * self.colours
        for t in self.world.territories_in(area):
            held = self.army.get(t)
            if held is not None:
                counts[held[0]] += 1
        return counts

    def area_level(self, colour: int, area: str) -> int:
        """0 absent, 1 presence, 2 dominance (>= 2 armies and more than anyone), 3 supremacy (>= 3, alone)."""
        return area_level(self.area_counts(area), colour)

    def _collect_gold(self, colour: int) -> None:
        due = self.gold_due(colour)
        total = sum(due.values())
        self._add_gold(colour, total)
        parts = Listed(_gold_part(what, amount) for what, amount in due.items() if amount)
        self._say(N_("colour {colour} collects {total} gold ({parts})") if parts else N_("colour {colour} collects {total} gold"),
                  colour=colour, total=total, parts=parts)

    def _add_gold(self, colour: int, amount: int) -> None:
        if amount == 0:  # a marker that does not move does not land on top of a stack
            return
        self.gold[colour] += amount
        self._arrivals += 1
        self.arrival[colour] = self._arrivals  # the moved marker lands on top of any stack
