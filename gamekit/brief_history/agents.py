"""Opponents for A Brief History of the World: the coin-flipper and a player who counts gold.

Every agent sees only a :class:`~gamekit.brief_history.rules.BriefHistoryObservation`, is seeded,
and can say why it acts (``agent.explain(observation, legal_actions)``):

* ``RandomAgent`` picks any legal action, uniformly.
* ``HeuristicAgent`` values every legal action in gold: what holding a territory adds to the gold
  its colours collect and takes away from the player who held it, times the *exact* chance that
  the invasion takes it (``odds.py``), plus what the leftover points may over-run.

>>> from gamekit.brief_history import scenarios
>>> state = scenarios.roman_turn()                    # the seed's Romans, just established in Italy
>>> table = HeuristicAgent(seed=0).explain(state.observation(0), state.legal_actions())
>>> str(table.best), table.candidates[0].note
('place Gaul', 'expand into Gaul (Western Europe worth 3): +10.2 gold')
>>> next(c.note for c in table.candidates if str(c.action) == "place Balkans")
'invade Balkans (mountain, cost 2): 2 dice vs 1 at +0, P = 5/12; if taken +7.8 gold, over-run +2.3'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gamekit.core import Candidate, ExplainingAgent, Explanation, RandomAgent
from gamekit.i18n import N_, translations

from .cards import EPOCHS, EmpireSpec, load_cards
from .maps import load_map
from .odds import MAX_INDICATOR, invasion_points
from .odds import success_probability as _exact_success
from .rules import (
    BriefHistoryObservation,
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
    Withdraw,
    area_level,
)
from .words import decimal, display_name, terrain_name

_, ngettext, pgettext = translations("brief_history")

__all__ = ["AGENTS", "HeuristicAgent", "RandomAgent", "area_level"]

ARMY_VALUE = 1.0  # an army still to place is worth about a gold (the kit's estimate, for events)
FUTURE_AREA = 0.1  # a gold for each army on the map: some later Epoch may value its Area
PERSISTENCE = 0.5  # the share of a territory's gold expected again at each later Epoch's collection
FORT_THREAT = 0.5  # the chance, guessed, that a fortified territory is attacked before it matters
EVENT_VALUES = {"extra_die": 2.0, "attack_bonus": 2.0, "siege": 1.0, "treachery": 3.0, "plague": 1.5,
                "civil_war": 2.0, "astronomy": 0.5, "kingdom": 2.5}  # drafting an Event, in gold
TRAIT_VALUES = {"fear": 2.0, "vikings": 1.0, "french": 1.0, "united_states": 0.0}


@lru_cache(maxsize=1)
def _empire_specs() -> dict[str, EmpireSpec]:
    """Every empire by name: the Empire cards' and the minor empires of Event cards."""
    cards = load_cards()
    specs = {spec.name: spec for card in cards.empire_cards for spec in card.empires}
    for event in cards.events:
        effect = event.effect
        if event.kind in ("minor_empire", "barbarians"):
            specs[effect["empire"]] = EmpireSpec(effect["empire"], effect["armies"], effect["start"],
                                                 effect["capital"], tuple(effect["fleets"]), None)
    return specs


@lru_cache(maxsize=1)
def _event_effects() -> dict[str, tuple[str, dict, int]]:
    """Event name -> (kind, effect, gold cost). Copies of a card in several Epochs are alike."""
    cards = load_cards()
    return {e.name: (e.kind, dict(e.effect), e.cost) for e in cards.starting_events + cards.events}


@dataclass
class _Board:
    """What one observation says, arranged for fast questions (built once per decision)."""

    obs: BriefHistoryObservation
    me: int
    mine: frozenset
    owner: dict
    site: dict
    monument: set
    fort: set
    counts: dict
    values: dict
    spec: EmpireSpec | None
    event: tuple | None
    horizon: float
    opponent_weight: float


class HeuristicAgent(ExplainingAgent):
    """Values each legal action by the gold it is expected to bring, seen from its own seat.

    *Holding a territory* is worth the change in the gold the colours collect at the end of an
    empire turn — presence, dominance or supremacy in its Area (the current Epoch's values),
    capital 2, city 1, monument 1 after reduction, a monument for a completed resource pair — and
    that gold comes again in later Epochs while the army stays (``PERSISTENCE`` per Epoch). What the
    defender loses counts too, shared among the opponents (``1/(seats - 1)``): the game is won
    against all of them.

    *An invasion* is worth that, times the exact chance of taking the territory with this roll
    (attacker and defender dice, indicator, Weaponry, Leader, Fear, the Viking sea rule), plus the
    expected value of over-running with the leftover points. *Continuing* is worth the same at
    the raised indicator; *withdrawing* keeps that army for the best other target. A fort is worth
    the gold it protects times how much a second defending die lowers the odds of losing it.
    Events are worth what they change minus the gold they cost; drafting values empires by armies,
    capital and the Area they start in, and a Bonus token by its gold.
    """

    name = "heuristic"
    value_meaning = N_("expected gold")  # said in the language in force by ``explain``

    def __init__(self, seed: int | None = 0):
        super().__init__(seed)
        self.world = load_map()
        self._board: _Board | None = None

    # --- the protocol ----------------------------------------------------------------------
    def explain(self, observation: BriefHistoryObservation, legal_actions: list) -> Explanation:
        self._board = self._read(observation)
        scored = [self.evaluate(observation, action) for action in legal_actions]
        best = max(c.value for c in scored)
        # Equal best values are broken at random (seeded), so play does not follow the alphabet.
        top = [c for c in scored if c.value >= best - 1e-9]
        chosen = top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]
        ranked = sorted((c for c in scored if c is not chosen), key=lambda c: (-c.value, str(c.action)))
        return Explanation(self.name, (chosen, *ranked), _(self.value_meaning),
                           _("gold collected and denied, times the exact odds of each invasion"))

    def evaluate(self, observation: BriefHistoryObservation, action) -> Candidate:
        board = self._board if self._board is not None and self._board.obs is observation else self._read(observation)
        self._board = board
        method = _EVALUATORS.get(type(action))
        if method is None:
            return Candidate(action, 0.0, _("no opinion"))
        value, note = method(self, board, action)
        return Candidate(action, float(value), note)

    # --- reading the observation -----------------------------------------------------------
    def _read(self, obs: BriefHistoryObservation) -> _Board:
        me = obs.acting_colour if obs.acting_colour is not None else obs.colours[0]
        owner, site, monument, fort = {}, {}, set(), set()
        counts = {area: [0] * obs.num_colours for area in self.world.areas}
        for tile in obs.tiles:
            if tile.army is not None:
                owner[tile.territory] = (tile.army, tile.active)
                counts[self.world.area(tile.territory)][tile.army] += 1
            if tile.site:
                site[tile.territory] = tile.site
            if tile.monument:
                monument.add(tile.territory)
            if tile.fort:
                fort.add(tile.territory)
        seats = max(2, obs.num_colours // max(1, len(obs.colours)))
        event = _event_effects()[obs.event_in_play][:2] if obs.event_in_play else None
        return _Board(obs, me, frozenset(obs.colours), owner, site, monument, fort, counts,
                      dict(obs.area_values), _empire_specs().get(obs.empire) if obs.empire else None, event,
                      horizon=1 + PERSISTENCE * (EPOCHS - obs.epoch), opponent_weight=1 / (seats - 1))

    # --- what holding a territory is worth -----------------------------------------------------
    def _seat_gold(self, board: _Board, delta: dict[int, float]) -> float:
        """A change in gold per colour, seen from this seat: ours minus the opponents' share."""
        return sum(v if c in board.mine else -board.opponent_weight * v for c, v in delta.items())

    def take_gain(self, board: _Board, territory: str, *, keep_monument: bool = False) -> tuple[float, float]:
        """(gold per collection, gold at once) for the acting colour taking control of ``territory``."""
        me, world = board.me, self.world
        held = board.owner.get(territory)
        defender = held[0] if held else None
        delta: dict[int, float] = {}
        area = world.area(territory)
        counts = board.counts[area]
        after = list(counts)
        after[me] += 1
        if defender is not None:
            after[defender] -= 1
        value = board.values.get(area, 0)
        for colour in {me, defender} - {None}:
            delta[colour] = value * (area_level(after, colour) - area_level(counts, colour))
        delta[me] = delta.get(me, 0.0) + FUTURE_AREA * (after[me] - counts[me])
        site, has_monument = board.site.get(territory), territory in board.monument
        reductions = 0
        if defender is not None:  # the defender loses what it collected here
            delta[defender] = delta.get(defender, 0.0) - {"capital": 2, "city": 1}.get(site, 0) - has_monument
        if site == "capital":
            delta[me] += 1 + has_monument  # the capital becomes a city; a monument beside it stays
            reductions = 1
        elif site == "city":
            delta[me] += has_monument
            reductions = 1
        elif has_monument:
            delta[me] += keep_monument
            reductions = 0 if keep_monument else 1
        if self._completes_pair(board, territory):
            delta[me] += 1  # the monument this pair builds
        instant = reductions if board.spec is not None and board.spec.barbarian else 0
        return self._seat_gold(board, delta), float(instant)

    def _completes_pair(self, board: _Board, territory: str) -> bool:
        symbol = self.world.resource(territory)
        if symbol is None:
            return False
        other = next(t for t in self.world.resources[symbol] if t != territory)
        return board.owner.get(other) == (board.me, True)

    def holding_value(self, board: _Board, territory: str, **kwargs) -> float:
        """Gold from taking ``territory``: this collection, the later Epochs', and any at once."""
        per_collection, instant = self.take_gain(board, territory, **kwargs)
        return per_collection * board.horizon + instant

    # --- the odds -----------------------------------------------------------------------------
    def invasion_terms(self, board: _Board, territory: str, by_sea: bool, bonus: int | None = None):
        """Attacker dice, defender dice, bonus, Fear, Viking sea rule — as the rules roll them."""
        kind, effect = board.event if board.event else (None, {})
        attacker = max(1, 2 - int(by_sea) + (effect["dice"] if kind == "extra_die" else 0))
        defender = 2 if territory in board.fort and kind != "siege" else 1
        if bonus is None:
            bonus = board.obs.indicator
        bonus += effect["bonus"] if kind == "attack_bonus" else 0
        trait = board.spec.trait if board.spec is not None else None
        return attacker, defender, bonus, trait == "fear", trait == "vikings" and by_sea

    def invasion_value(self, board: _Board, territory: str, by_sea: bool, bonus: int | None = None):
        """(value, P(taking it), gold if taken, expected over-run gold) of one roll at ``territory``."""
        a, d, b, fear, viking = self.invasion_terms(board, territory, by_sea, bonus)
        cost = self.world.cost(territory)
        p = success_probability(a, d, cost, b, fear, viking)
        gain = self.holding_value(board, territory, keep_monument=self._french(board))
        overrun = self._expected_overrun(board, territory, a, d, b, fear, cost)
        return float(p) * gain + overrun, p, gain, overrun

    def _french(self, board: _Board) -> bool:
        return board.spec is not None and board.spec.trait == "french"

    def _expected_overrun(self, board: _Board, territory: str, a: int, d: int, bonus: int, fear: bool,
                          cost: int) -> float:
        """Expected gold from the best single over-run the leftover points could pay for."""
        held = board.owner.get(territory)
        if held is None:
            return 0.0
        targets = [(self.world.cost(t), self.holding_value(board, t, keep_monument=self._french(board)))
                   for t in self.world.neighbours(territory)
                   if board.owner.get(t, (None,))[0] == held[0] and t not in board.fort]
        if not targets:
            return 0.0
        total = 0.0
        for points, p in _points(a, d, bonus, fear).items():
            leftover = points - cost
            best = max((v for c, v in targets if c <= leftover), default=0.0)
            total += float(p) * max(0.0, best)
        return total

    # --- targets for an army kept back ---------------------------------------------------------
    def target_values(self, board: _Board, excluding: str | None = None) -> list[float]:
        """The value of every placement within reach now, best first (fleets included, ocean
        crossings not checked: an estimate, not a rule)."""
        world, me = self.world, board.me
        active = [t for t, (c, up) in board.owner.items() if c == me and up]
        reach = set().union(*(world.neighbours(t) for t in active)) if active else set()
        for body in board.obs.fleets:
            reach |= world.fleet_reach(body)
        values = []
        for t in reach:
            if t == excluding or world.is_barren(t) or board.owner.get(t) == (me, True):
                continue
            held = board.owner.get(t)
            if held is not None and held[0] not in board.mine:
                by_sea = not any(board.owner.get(n) == (me, True) for n in world.neighbours(t))
                values.append(self.invasion_value(board, t, by_sea, bonus=0)[0])
            else:
                values.append(self.holding_value(board, t))
        return sorted(values, reverse=True)

    def army_value(self, board: _Board, excluding: str | None = None) -> tuple[float, int]:
        """What one more organiser army is worth: the value of the last target the organiser can
        still pay for (the ``organiser``-th best), 0 when there are more armies than targets.
        Returns (value, that target's rank)."""
        values = self.target_values(board, excluding)
        rank = max(1, board.obs.organiser)
        return (max(0.0, values[rank - 1]), rank) if len(values) >= rank else (0.0, rank)

    # --- one evaluator per kind of action --------------------------------------------------------
    def _place(self, board: _Board, action: Place):
        t, world = action.territory, self.world
        held = board.owner.get(t)
        if held is not None and held[0] not in board.mine:
            value, p, gain, overrun = self.invasion_value(board, t, action.by_sea)
            a, d, b, *_terms = self.invasion_terms(board, t, action.by_sea)
            return value, ngettext("invade {territory} ({terrain}, cost {cost}): {a} die vs {d} at +{bonus}, "
                                   "P = {p}; if taken {gain} gold, over-run {overrun}",
                                   "invade {territory} ({terrain}, cost {cost}): {a} dice vs {d} at +{bonus}, "
                                   "P = {p}; if taken {gain} gold, over-run {overrun}", a).format(
                territory=display_name(t), terrain=terrain_name(world.terrain(t)), cost=world.cost(t), a=a, d=d,
                bonus=b, p=p, gain=_signed(gain), overrun=_signed(overrun))
        value = self.holding_value(board, t)
        how = (_("surrender of your own army in {territory} ({area} worth {worth}): {value} gold") if held is not None
               else _("expand into {territory} ({area} worth {worth}): {value} gold"))
        return value, how.format(territory=display_name(t), area=display_name(world.area(t)),
                                 worth=board.values.get(world.area(t), 0), value=_signed(value))

    def _continue(self, board: _Board, action: Continue):
        target, _defender, by_sea = board.obs.invasion
        bonus = min(board.obs.indicator + 1, MAX_INDICATOR)
        value, p, gain, _overrun = self.invasion_value(board, target, by_sea, bonus)
        return value, _("one more army at +{bonus}: P = {p} to take {territory} ({gain} gold)").format(
            bonus=bonus, p=p, territory=display_name(target), gain=_signed(gain))

    def _keep_army(self, board: _Board, action):
        excluding = board.obs.invasion[0] if board.obs.invasion else None
        value, rank = self.army_value(board, excluding)
        return value, _("keep the army: {left} left, target no. {rank} in reach is worth {value} gold").format(
            left=board.obs.organiser, rank=rank, value=_signed(value))

    def _overrun(self, board: _Board, action: Overrun):
        value = self.holding_value(board, action.territory, keep_monument=self._french(board))
        return value, _("over-run {territory} without dice: {value} gold").format(
            territory=display_name(action.territory), value=_signed(value))

    def _fort(self, board: _Board, action: BuildFort):
        t = action.territory
        cost = self.world.cost(t)
        drop = float(success_probability(2, 1, cost) - success_probability(2, 2, cost))
        at_stake = self._loss_if_taken(board, t) * board.horizon
        value = FORT_THREAT * drop * at_stake
        return value, _("a second defending die cuts an attack's odds by {drop} on {stake} gold at stake").format(
            drop=decimal(drop, 2), stake=decimal(at_stake, 1))

    def _loss_if_taken(self, board: _Board, territory: str) -> float:
        """Gold per collection this seat would lose if an opponent took ``territory``."""
        area = self.world.area(territory)
        counts = board.counts[area]
        after = list(counts)
        after[board.me] -= 1
        lost = board.values.get(area, 0) * (area_level(counts, board.me) - area_level(after, board.me))
        site = board.site.get(territory)
        return lost + {"capital": 1, "city": 1}.get(site, 0) + (territory in board.monument and site is None)

    def _monument(self, board: _Board, action: BuildMonument):
        return board.horizon, _("a monument in {territory}: 1 gold each collection").format(
            territory=display_name(action.territory))

    def _event(self, board: _Board, action: PlayEvent):
        kind, effect, cost = _event_effects()[action.card]
        value, what = self._event_effect(board, kind, effect, action.target)
        return value - cost, _("{effect}, for {cost} gold").format(effect=what, cost=cost)

    def _event_effect(self, board: _Board, kind: str, effect: dict, target) -> tuple[float, str]:
        if kind in ("extra_die", "attack_bonus", "siege"):
            return self._boost(board, kind, effect)
        if kind == "treachery":
            return self.holding_value(board, target), _("take {territory} without dice").format(
                territory=display_name(target))
        if kind == "civil_war":
            p = success_probability(2, 1, self.world.cost(target))
            return float(p) * self.holding_value(board, target), _("an uprising in {territory}, P = {p}").format(
                territory=display_name(target), p=p)
        if kind == "plague":
            return self._plague(board, target), _("plague in {area}").format(area=display_name(target))
        if kind == "kingdom":
            start = effect["start"]
            return self.holding_value(board, start) + board.horizon, _("a city and an army in {territory}").format(
                territory=display_name(start))
        if kind in ("minor_empire", "barbarians"):
            return effect["armies"] * ARMY_VALUE, ngettext(
                "{empire}: {n} army more", "{empire}: {n} armies more", effect["armies"]).format(
                empire=display_name(effect["empire"]), n=effect["armies"])
        return ((2.0 if board.spec is not None and board.spec.trait == "united_states" else 0.2),
                _("a fleet in an ocean"))

    def _boost(self, board: _Board, kind: str, effect: dict) -> tuple[float, str]:
        """What a continuous Event adds over the enemy armies within reach, for the armies left."""
        world, me = self.world, board.me
        active = [t for t, (c, up) in board.owner.items() if c == me and up]
        near = set().union(*(world.neighbours(t) for t in active)) if active else set()
        gains = []
        for t in near:
            held = board.owner.get(t)
            if held is None or held[0] in board.mine or (kind == "siege" and t not in board.fort):
                continue
            a, d, b, fear, _viking = self.invasion_terms(board, t, False)
            cost = world.cost(t)
            before = success_probability(a, d, cost, b, fear)
            after = success_probability(a + effect.get("dice", 0), 1 if kind == "siege" else d, cost,
                                        b + effect.get("bonus", 0), fear)
            gains.append(float(after - before) * self.holding_value(board, t))
        gains.sort(reverse=True)
        return sum(gains[:board.obs.organiser]), ngettext(
            "better odds on {n} enemy territory in reach", "better odds on {n} enemy territories in reach",
            len(gains)).format(n=len(gains))

    def _plague(self, board: _Board, area: str) -> float:
        delta: dict[int, float] = {}
        counts = board.counts[area]
        after = list(counts)
        for t in self.world.territories_in(area):
            held = board.owner.get(t)
            if held is not None and not held[1]:
                after[held[0]] -= 1
        value = board.values.get(area, 0)
        for colour in range(len(counts)):
            delta[colour] = value * (area_level(after, colour) - area_level(counts, colour))
        return self._seat_gold(board, delta) * board.horizon

    def _take_empire(self, board: _Board, action: TakeEmpire):
        card = load_cards().empire_card(action.card)
        value = sum(self._empire_worth(board, spec) for spec in card.empires)
        specs = ", ".join(ngettext("{n} army from {territory}", "{n} armies from {territory}", s.armies).format(
            n=s.armies, territory=display_name(s.start)) for s in card.empires)
        return value, _("{card}: {empires}").format(card=display_name(card.name), empires=specs)

    def _empire_worth(self, board: _Board, spec: EmpireSpec) -> float:
        area = self.world.area(spec.start)
        return (spec.armies * ARMY_VALUE + 2 * board.values.get(area, 0) + 2 * spec.capital
                + TRAIT_VALUES.get(spec.trait, 0.0))

    def _take_event(self, board: _Board, action: TakeEvent):
        kind, effect, _cost = _event_effects()[action.card]
        if kind in ("minor_empire", "barbarians"):
            return effect["armies"] * ARMY_VALUE, ngettext(
                "a minor empire of {n} army", "a minor empire of {n} armies", effect["armies"]).format(
                n=effect["armies"])
        return EVENT_VALUES[kind], _event_kind_words(kind)

    def _bonus(self, board: _Board, action: KeepBonus):
        return float(action.value), _("{value} gold at the end").format(value=action.value)

    def _nothing(self, board: _Board, action):
        if isinstance(action, Establish):
            return 0.0, _("establish the empire now")
        if isinstance(action, SkipMonument):
            return 0.0, pgettext("agent note", "no monument")
        if isinstance(action, Reorganise):
            return 0.0, _("stop: the armies left in the organiser are lost")
        return 0.0, ""

    def _discard(self, board: _Board, action: DiscardEvent):
        return -0.1, _("lose the continuous Event, to make room for another")


@lru_cache(maxsize=4096)
def success_probability(a: int, d: int, cost: int, bonus: int = 0, fear: bool = False,
                        viking: bool = False) -> Fraction:
    """``odds.success_probability``, remembered: the agent asks the same few cases all game."""
    return _exact_success(a, d, cost, bonus, fear, viking)


@lru_cache(maxsize=512)
def _points(a: int, d: int, bonus: int, fear: bool) -> dict[int, Fraction]:
    return invasion_points(a, d, bonus, fear)


_EVALUATORS = {
    Place: HeuristicAgent._place, Continue: HeuristicAgent._continue, Withdraw: HeuristicAgent._keep_army,
    Overrun: HeuristicAgent._overrun, EndOverrun: HeuristicAgent._keep_army, BuildFort: HeuristicAgent._fort,
    BuildMonument: HeuristicAgent._monument, SkipMonument: HeuristicAgent._nothing,
    PlayEvent: HeuristicAgent._event, Establish: HeuristicAgent._nothing, Reorganise: HeuristicAgent._nothing,
    DiscardEvent: HeuristicAgent._discard, TakeEmpire: HeuristicAgent._take_empire,
    TakeEvent: HeuristicAgent._take_event, KeepBonus: HeuristicAgent._bonus,
}

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def _signed(gold: float) -> str:
    """``+10.2`` / ``-0.5``: a change in gold, one decimal, as the language writes numbers."""
    return ("-" if math.copysign(1.0, gold) < 0 else "+") + decimal(abs(gold), 1)


def _event_kind_words(kind: str) -> str:
    """What drafting an Event card of this kind brings, in a few words (``"treachery event"``)."""
    return {"extra_die": _("extra die event"), "attack_bonus": _("attack bonus event"),
            "siege": _("siege event"), "treachery": _("treachery event"), "plague": _("plague event"),
            "civil_war": _("civil war event"), "astronomy": _("astronomy event"),
            "kingdom": _("kingdom event")}.get(kind, kind.replace("_", " "))
