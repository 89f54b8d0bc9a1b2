"""An empire turn: red Events and establishing, then expanding (placements, invasion rolls, over-run,
reduction, monuments).

:class:`Expansion` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState`;
:class:`EmpireTurn` holds what lasts one empire turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.i18n import N_, translations

from .cards import EmpireSpec, EventCard
from .log import INDENT
from .maps import TeachingMap
from .odds import MAX_INDICATOR, VIKING_NATURAL, points_from_scores
from .words import Listed, Sentence, display_name

_, ngettext, pgettext = translations("brief_history")


# --- the empire being played -------------------------------------------------------------------------
@dataclass


class EmpireTurn:
    """The organiser and everything that lasts one empire turn."""

    colour: int
    card: str  # the Empire card (or the Event card of a minor empire)
    spec: EmpireSpec
    organiser: int = 0
    indicator: int = 0
    fleets: tuple[str, ...] = ()
    astronomy: bool = False
    crossed_atlantic: bool = False
    from_event: bool = False

    @property
    def trait(self) -> str | None:
        return self.spec.trait

    @property
    def barbarian(self) -> bool:
        return not self.spec.capital


def _roll_outcome(points: int, high: int, target: str, cost: int, natural: bool, taken: bool, fear: bool) -> tuple:
    """What one invasion roll came to, for the log: the points, Fear, and whether the territory fell."""
    if natural:
        return Sentence.ngettext(
            "{points} point, but a natural {high} from the sea is an automatic success for the Vikings: "
            "{territory} falls, with no points left to over-run",
            "{points} points, but a natural {high} from the sea is an automatic success for the Vikings: "
            "{territory} falls, with no points left to over-run", points, points=points, high=high, territory=target)
    if taken and fear:
        return Sentence.ngettext("{points} point with Fear, {territory} falls", "{points} points with Fear, {territory} falls",
                                 points, points=points, territory=target)
    if taken:
        return Sentence.ngettext("{points} point, {territory} falls", "{points} points, {territory} falls",
                                 points, points=points, territory=target)
    if fear:
        return Sentence.ngettext("{points} point with Fear, not enough for {territory} (cost {cost})",
                                 "{points} points with Fear, not enough for {territory} (cost {cost})",
                                 points, points=points, territory=target, cost=cost)
    return Sentence.ngettext("{points} point, not enough for {territory} (cost {cost})",
                             "{points} points, not enough for {territory} (cost {cost})",
                             points, points=points, territory=target, cost=cost)


_SEA_PLANS: dict[tuple, tuple[frozenset, dict]] = {}


def _sea_plan(world: TeachingMap, start: str, fleets: tuple[str, ...]) -> tuple[frozenset, dict]:
    """Where fleets in ``fleets`` reach (barren land included) and, for each territory they reach,
    the oceans a placement there must cross from ``start`` (() when some fleet reaches it without
    crossing). The map never changes, so this is worked out once per start and set of fleets."""
    key = (id(world), start, fleets)
    plan = _SEA_PLANS.get(key)
    if plan is None:
        reach = frozenset().union(*(world.fleet_reach(body) for body in fleets))
        crossings = {}
        for t in reach:
            routes: list[str] = []
            for body in fleets:
                if t not in world.fleet_reach(body):
                    continue
                if not world.is_ocean(body) or not world.crosses_ocean(body, start, t):
                    routes = []
                    break
                routes.append(body)
            crossings[t] = tuple(routes)
        plan = _SEA_PLANS[key] = (reach, crossings)
    return plan


class Expansion:
    """Establishing and expanding an empire."""

    # --- red Events and establishing -------------------------------------------------------------------
    def _red_playable(self) -> list[EventCard]:
        turn = self.turn
        if self.turn is None or turn.from_event or self.in_play is not None:
            return []
        gold = self.gold[turn.colour]
        return [e for e in self.events_held[turn.colour]
                if e.colour == "red" and e.playable_in(self.epoch) and e.cost <= gold]

    def _establish(self) -> None:
        turn = self.turn
        if not turn.from_event:  # red Events not played now are lost, unless they may come one Epoch late
            held = self.events_held[turn.colour]
            lost = self.red_cards_due(turn.colour)
            for card in lost:  # Event cards are secret until played: the others learn only that one went
                held.remove(card)
                self._tell(turn.colour, Sentence.of(N_("colour {colour} loses {card}, not played in time"),
                                                    colour=turn.colour, card=card.name))
            if lost:
                self._say(Sentence.ngettext("colour {colour} discards {n} red Event card, not played in time",
                                            "colour {colour} discards {n} red Event cards, not played in time", len(lost),
                                            colour=turn.colour, n=len(lost)))
        spec = turn.spec
        turn.indicator = 0
        turn.organiser = spec.armies - 1
        turn.fleets = spec.fleets
        start = spec.start
        keep_monument = turn.trait == "french" and start in self.monument
        self._clear(start)
        if keep_monument:  # the French keep a monument in their start, Gaul
            self.monument.add(start)
            self.monuments_left -= 1
        self.army[start] = (turn.colour, True)
        if spec.capital:
            self.site[start] = "capital"
        self.phase = "expand"
        if spec.capital:
            established = (N_("{empire} establish in {start} with a capital, fleets in {fleets}") if spec.fleets
                           else N_("{empire} establish in {start} with a capital"))
        else:
            established = (N_("{empire} establish in {start} (barbarians), fleets in {fleets}") if spec.fleets
                           else N_("{empire} establish in {start} (barbarians)"))
        self._say(established, empire=spec.name, start=start, fleets=Listed(spec.fleets))

    def _clear(self, territory: str) -> None:
        """Establishing (or a Kingdom) removes whatever stood in the start territory."""
        self.army.pop(territory, None)
        self.site.pop(territory, None)
        if territory in self.monument:
            self.monument.discard(territory)
            self.monuments_left += 1
        self.fort.discard(territory)

    # --- expanding ---------------------------------------------------------------------------------
    def _active(self, colour: int) -> list[str]:
        return [t for t, (c, up) in self.army.items() if c == colour and up]

    def _is_enemy(self, territory: str) -> bool:
        """Whether an army there would have to be invaded (another player's, not a partner colour)."""
        held = self.army.get(territory)
        return held is not None and self.seat_of[held[0]] != self.seat_of[self.turn.colour]

    def _fleet_bodies(self) -> tuple[str, ...]:
        return self.turn.fleets

    def _fleet_targets(self) -> frozenset[str]:
        return _sea_plan(self.world, self.turn.spec.start, self._fleet_bodies())[0]

    def _crossing_routes(self, territory: str) -> tuple[str, ...]:
        """The oceans whose crossing a sea placement in ``territory`` needs (() if a fleet reaches it
        without crossing any)."""
        return _sea_plan(self.world, self.turn.spec.start, self._fleet_bodies())[1].get(territory, ())

    def _sea_route_blocked(self, territory: str) -> bool:
        """Whether the empire's trait forbids the ocean crossing a sea placement there needs."""
        turn = self.turn
        return turn.trait == "united_states" and not turn.astronomy and bool(self._crossing_routes(territory))

    def _sea_route_reason(self, territory: str) -> str | None:
        if self._sea_route_blocked(territory):
            crossings = self._crossing_routes(territory)
            return _("the United States may not expand across the {ocean} unless Astronomy is played").format(
                ocean=display_name(crossings[0]))
        return None

    def _across_atlantic(self, territory: str) -> bool:
        """Whether ``territory`` lies across the Atlantic from the Vikings' start (by Area)."""
        return self.turn.trait == "vikings" and self.world.crosses_ocean("Atlantic Ocean", self.turn.spec.start, territory)

    def _atlantic_reason(self, territory: str) -> str | None:
        """The Vikings' trait: once one of their armies has crossed the Atlantic this turn (even
        in an invasion that failed), no other may stand across it, by sea, land, over-run or Event."""
        if self.turn.trait == "vikings" and self.turn.crossed_atlantic and self._across_atlantic(territory):
            return _("{territory} lies across the Atlantic, and only one Viking army may cross the Atlantic "
                     "in their turn: one already has").format(territory=display_name(territory))
        return None

    def _note_crossing(self, territory: str) -> None:
        """An army of the Vikings' turn goes to ``territory`` (placed, invading, or by an Event)."""
        if self._across_atlantic(territory):
            self.turn.crossed_atlantic = True

    def _place(self, territory: str, by_sea: bool) -> None:
        turn = self.turn
        turn.organiser -= 1
        self._note_crossing(territory)
        held = self.army.get(territory)
        if held is not None and self._is_enemy(territory):
            self.invasion = {"target": territory, "by_sea": by_sea, "defender": held[0], "event": False}
            self._say(N_("{empire} invade {territory} from the sea") if by_sea else N_("{empire} invade {territory}"),
                      empire=turn.spec.name, territory=territory)
            self._roll()
            return
        how = "surrender" if held is not None else "place"
        self.army[territory] = (turn.colour, True)
        self._say(N_("{empire} take the surrender of {territory}") if held else N_("{empire} expand into {territory}"),
                  empire=turn.spec.name, territory=territory)
        self._take_control(territory, how)

    def _invasion_terms(self, territory: str, by_sea: bool, event: bool = False,
                        indicator: int | None = None) -> tuple[int, int, int, bool, bool]:
        """Attacker dice, defender dice, bonus, Fear, Viking sea rule for an invasion of ``territory``
        (at ``indicator``, default the indicator's place now)."""
        turn, card = self.turn, self.in_play
        extra = card.effect["dice"] if card is not None and card.kind == "extra_die" else 0
        weapons = card.effect["bonus"] if card is not None and card.kind == "attack_bonus" else 0
        attacker = max(1, 2 - int(by_sea) + extra)
        defender = 2 if territory in self.fort and not self._siege() else 1
        bonus = 0 if event else (turn.indicator if indicator is None else indicator) + weapons
        fear = turn.trait == "fear" and not event
        viking = turn.trait == "vikings" and by_sea
        return attacker, defender, bonus, fear, viking

    def _die(self) -> int:
        return self.dice_script.pop(0) if self.dice_script else self.rng.randint(1, 6)

    def _siege(self) -> bool:
        return self.in_play is not None and self.in_play.kind == "siege"

    def _roll(self) -> None:
        info = self.invasion
        target = info["target"]
        a, d, bonus, fear, viking = self._invasion_terms(target, info["by_sea"], info["event"])
        if self.dice_script:  # a lesson's scripted faces come first, attacker's dice first
            attack, defend = [self._die() for _ in range(a)], [self._die() for _ in range(d)]
        else:
            attack = [self.rng.randint(1, 6) for _ in range(a)]
            defend = [self.rng.randint(1, 6) for _ in range(d)]
        points = points_from_scores(max(attack), max(defend), bonus, fear)
        cost = self.world.cost(target)
        natural = viking and max(attack) >= VIKING_NATURAL and points < cost
        taken = points >= cost or natural
        self.last_roll = (tuple(attack), tuple(defend), bonus, points)
        self._say(N_("roll {attack} (+{bonus}) against {defend}: {outcome}"), indent=INDENT,
                  attack="-".join(map(str, attack)), bonus=bonus, defend="-".join(map(str, defend)),
                  outcome=_roll_outcome(points, max(attack), target, cost, natural, taken, fear and points > 0))
        if self.fort_removal == "attempt":
            self.fort.discard(target)
        if taken:
            self._invasion_succeeds(target, max(0, points - cost))
        elif info["event"]:  # a Civil War army simply goes back to the supply
            self.invasion = None
            self._finish_event()
        else:
            self.phase = "failed"

    def _invasion_succeeds(self, target: str, leftover: int) -> None:
        info, turn = self.invasion, self.turn
        self.invasion = None
        self.army[target] = (turn.colour, True)
        if info["event"]:
            self.event_armies.append(target)
        else:
            turn.indicator = 0
        self.overrun = {"from": target, "points": leftover, "defender": info["defender"], "event": info["event"]}
        self.phase = "overrun"
        self._take_control(target, "invasion")

    def _continue(self) -> None:
        turn = self.turn
        turn.organiser -= 1
        turn.indicator = min(turn.indicator + 1, MAX_INDICATOR)
        self._say(N_("continue: an organiser army is spent, the indicator goes to +{indicator}"), indent=INDENT,
                  indicator=turn.indicator)
        self.phase = "expand"
        self._roll()

    def _withdraw(self) -> None:
        self._say(N_("{empire} withdraw from {territory}"), indent=INDENT, empire=self.turn.spec.name,
                  territory=self.invasion["target"])
        self.invasion = None
        self.turn.indicator = 0
        self.phase = "expand"

    def _overrun_targets(self) -> list[str]:
        info = self.overrun
        if info is None or info["points"] == 0 or (not info["event"] and self.turn.organiser == 0):
            return []
        siege = self._siege()
        return [t for t in sorted(self.world.neighbours(info["from"]))
                if self.army.get(t, (None,))[0] == info["defender"] and (siege or t not in self.fort)
                and self.world.cost(t) <= info["points"] and self._atlantic_reason(t) is None]

    def _overrun(self, territory: str) -> None:
        info, turn = self.overrun, self.turn
        info["points"] -= self.world.cost(territory)
        info["from"] = territory
        if info["event"]:
            self.event_armies.append(territory)
        else:
            turn.organiser -= 1
        self.army[territory] = (turn.colour, True)
        self._note_crossing(territory)
        self._say(Sentence.ngettext("over-run {territory} ({points} point left)", "over-run {territory} ({points} points left)",
                                    info["points"], indent=INDENT, territory=territory, points=info["points"]))
        self._take_control(territory, "overrun")

    def _end_overrun(self) -> None:
        info = self.overrun
        self.overrun = None
        self.phase = "expand"
        if info["event"]:
            self._finish_event()

    def _take_control(self, territory: str, how: str) -> None:
        """Reduction, the fort, and a monument if this completes a pair of resource symbols."""
        self._reduce(territory, how)
        self.fort.discard(territory)
        if self._completes_pair(territory) and self.monuments_left > 0:
            self.resume = self.phase
            self.phase = "monument"

    def _reduce(self, territory: str, how: str) -> None:
        turn = self.turn
        site = self.site.get(territory)
        reduced = None
        if site == "capital":
            self.site[territory] = "city"
            reduced = Sentence.of(N_("the capital becomes a city"))
        elif site == "city":
            del self.site[territory]
            reduced = Sentence.of(N_("the city is removed"))
        elif territory in self.monument and not (turn.trait == "french" and how in ("invasion", "overrun")):
            self.monument.discard(territory)
            self.monuments_left += 1
            reduced = Sentence.of(N_("the monument is removed"))
        if reduced:
            self._say(N_("reduction in {territory}: {reduced}"), indent=INDENT, territory=territory, reduced=reduced)
            if turn.barbarian:
                self._add_gold(turn.colour, 1)
                self._say(N_("barbarian {empire} gain 1 gold"), indent=INDENT, empire=turn.spec.name)

    def _completes_pair(self, territory: str) -> bool:
        symbol = self.world.resource(territory)
        if symbol is None:
            return False
        other = next(t for t in self.world.resources[symbol] if t != territory)
        return self.army.get(other) == (self.turn.colour, True)

    def _monument_sites(self) -> list[str]:
        if self.monuments_left == 0:
            return []
        mine = [t for t in self._active(self.turn.colour) if t not in self.monument]
        for tier in (lambda t: self.site.get(t) == "capital", lambda t: self.site.get(t) == "city",
                     lambda t: self.world.resource(t) is not None):
            sites = sorted(t for t in mine if tier(t))
            if sites:
                return sites
        return []

    def _build_monument(self, territory: str) -> None:
        self.monument.add(territory)
        self.monuments_left -= 1
        self._say(N_("a monument rises in {territory}"), indent=INDENT, territory=territory)
        self.phase = self.resume
