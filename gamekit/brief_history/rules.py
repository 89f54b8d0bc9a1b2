"""The rules of A Brief History of the World (Ragnar Brothers, 2009), on the kit's teaching map.

Six Epochs of: Allocation (two drafts run in opposite directions up and down the gold ranking),
Empire turns (establish, expand with invasions and over-runs, reorganise, collect gold) and the
Conclusion (track adjustment, Bonus tokens). The rules digest is ``shared/rules/brief-history.md``;
the map and cards are the kit's own (``maps.py``, ``cards.py``), inspired by the published game.

Every decision is an action with a text form (``"take empire Romans"``, ``"place Balkans"``,
``"continue"``, ``"overrun Anatolia"``); chance (the deal of the Epoch chart, every die) comes
from the state's own seeded generator, so a seed and the action list replay a whole game.
Steps that need no choice (the last card of a packet, establishing when no red Event can be
played, withdrawing when the organiser is empty, reorganising when it is, the end of an over-run
with no target left) happen by themselves.

Where the rules are silent the kit decides, and says so here:

- the army supply is unlimited; the monument supply is an option (20);
- the starting stack on gold 0 is drawn from the seed; in an odd ranking the middle colour picks
  its Empire card before its Event card;
- **Fear** adds its point whenever the roll is won (the seed: 6,2 against 4 succeeds, 2 + 1 = 3
  points; 4,2 against 4 fails, "nenhum Medo é atribuído"), so a roll won by 1 takes a mountain;
- **forts** may be built "em qualquer altura durante o teu turno": while expanding, after a failed
  roll (before continuing or withdrawing) and while spending over-run points; not while a monument
  waits (it is built "de imediato") nor before establishing (no active army stands yet);
- **black Events** are played after establishing, red ones only before ("antes de do império ser
  estabelecido"); a black one played before would change nothing: a continuous one (Leader,
  Weaponry, Siege-craft) lasts the empire turn either way, and the others need active armies.
  A continuous Event lasts the empire turn unless its owner discards it to play another; Events
  need gold in hand (gold never goes below 0);
- **Weaponry** is the kit's own card (+1 to the attacker's score in every invasion this turn): the
  published card is not in the seed, and a research note reports that it lets the attacker roll
  4 dice instead; the kit keeps +1, whose odds the lessons compute exactly (``odds.py``);
- Event cards are secret until played ("nunca podem ser mostradas"): a red card lost unplayed is
  named only in its holder's log (``log_for``), the others read that a card was discarded; each
  holder is told, when the Epoch's empire turns begin, which red cards are due. A red card is
  discarded only at the start of its holder's empire turn, unplayed ("Se não for jogada nessa
  altura, então tem de ser descartada"); one its holder cannot pay for then (gold comes only at the
  end of one's own empire turn, and Epoch 1 starts at 0) is named as lost-to-be while it can still
  be refused: in the explanation of keeping it in the draft, and in the holder's log once kept;
- a placement is "by sea" (one die fewer) only when no land route exists, except that Vikings
  may choose to invade from the sea; crossing an ocean means placing from an ocean fleet into a
  territory on the other shore (by Area) from the empire's start;
- **Vikings**: "Nenhum outro exército pode atravessar o Atlântico, mesmo se uma invasão for
  fracassada ou se pontos extra por infestar forem ganhos": once one Viking army is placed across
  the Atlantic in their turn (even in an invasion that then fails), no other may be — not by sea,
  by expansion over land from it, by over-run, nor by an Event that puts an army on the map
  (Treachery, a Civil War: either may itself be the one crossing, a Civil War even when its roll
  fails); a minor empire or Barbarians played then is an empire turn of its own;
- reduction happens whenever control is taken (an empty territory with a city included, and
  surrender); a fort goes after any roll against it ("Um forte é sempre removido quando uma
  tentativa de controlo tem lugar"; ``fort_removal="taken"``, a kit variant, removes it only
  with its territory); the French exemption covers invasion and over-run, as the seed says
  ("successfully invaded");
- the empire reorganises when its organiser is empty ("Quando usas todos os exércitos do teu
  Quadro"), or by choice only when no army and no fort can be placed (``reorganise_early=True``,
  a kit variant, lets it stop at any time while expanding);
- Event armies (Treachery, Kingdom, Civil War) retire when their Event ends, so a Treachery army
  builds no monument; minor empires and Barbarian Events collect no end-of-turn gold;
- in the two-player game, placing on your other colour's army is always a surrender.

>>> state = new_game(players=3, seed=7)
>>> state.epoch, state.phase, state.acting_colour == state.ranking()[-1]   # the last picks first
(1, 'draft', True)
>>> [str(action) for action in state.legal_actions()]
['take empire Egyptians', 'take empire Hittites', 'take empire Minoans']
>>> state.apply("take empire Egyptians")          # meanwhile the leader takes an Event
>>> [str(action) for action in state.legal_actions()]
['take event Barbarians: Sea Peoples', 'take event Treachery', 'take event Weaponry']
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field, replace
from functools import cached_property
from fractions import Fraction

from gamekit.core import TERMINAL, GameState, IllegalActionError, NotAnActionError, make_rng, seat_name
from gamekit.core.observations import DeferredFields, Watchers, deferred
from gamekit.i18n import N_, language, translations, using_language

from .actions import (  # re-exported: ``from gamekit.brief_history.rules import Place`` keeps working
    _BONUS,
    _NAMED,
    _PLACE,
    _PLAY,
    _SIMPLE,
    CONTINUE,
    DISCARD_EVENT,
    END_OVERRUN,
    ESTABLISH,
    MAX_NUMBER_DIGITS,
    REORGANISE,
    SKIP_MONUMENT,
    WITHDRAW,
    Action,
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
    _place_action,
    _sorted,
    in_words,
)
from .cards import CardSet, EmpireSpec, EventCard, load_cards
from .maps import TeachingMap, load_map
from .names import NAMES
from .odds import MAX_INDICATOR, VIKING_NATURAL, points_from_scores, success_probability
from .words import (  # noqa: F401 (COLOUR_NAMES and name_colours: the board imports them from here)
    COLOUR_NAMES, Listed, Said, Sentence, colour_name, decimal, display_name, name_colours, said, terrain_name, words)

_, ngettext, pgettext = translations("brief_history")

FORT_RULES = ("attempt", "taken")
# "Em qualquer altura durante o teu turno": while expanding, after a failed roll, while over-running.
FORT_PHASES = ("expand", "failed", "overrun")
# The decisions whose choices are secret: the drafts and the Bonus tokens (boards hide them).
SECRET_PHASES = ("draft", "bonus")
TRACK = 100  # the gold track wraps at 100; gold itself keeps counting
BONUS_PER_EPOCH = 3




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


def phase_name(phase: str) -> str:
    """A phase of the game (``"expand"``) as ``str(state)`` shows it, in the language in force."""
    return {"draft": pgettext("phase", "draft"), "bonus": pgettext("phase", "bonus"),
            "start": pgettext("phase", "start"), "expand": pgettext("phase", "expand"),
            "failed": pgettext("phase", "failed"), "overrun": pgettext("phase", "overrun"),
            "monument": pgettext("phase", "monument"), "over": pgettext("phase", "over")}.get(phase, phase)


# --- what a player sees ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tile:
    """One territory as everyone sees it."""

    territory: str
    army: int | None  # the colour of the army standing there
    active: bool  # standing (this empire's) or laid down (retired)
    site: str | None  # "capital", "city" or None
    monument: bool
    fort: bool


@dataclass(frozen=True)
class BriefHistoryObservation(DeferredFields):
    """What ``player`` may know: the board and the track are public; Empire and Event cards in other
    hands, the Epoch chart and other players' Bonus tokens are not.

    An observation is the game as it was when it was asked for, and never changes. Asking is cheap
    (an agent is shown one before every action): the fields are worked out when one is first read,
    and the state works out every observation still held before it moves on."""

    player: int
    colours: tuple[int, ...]  # the colours this seat plays
    num_colours: int
    epoch: int
    phase: str
    acting_colour: int | None
    empire: str | None  # the empire being played, once established
    organiser: int
    indicator: int
    fleets: tuple[str, ...]
    event_in_play: str | None
    # The map's contents, as they are: armies (territory, (colour, standing)), sites, monuments,
    # forts; ``tiles`` arranges them per territory when an agent first asks.
    board: tuple[dict, dict, frozenset, frozenset]  # copies: changing them changes nothing in the game
    gold: tuple[int, ...]
    ranking: tuple[int, ...]  # colours, leader first
    area_values: tuple[tuple[str, int], ...]
    empire_hand: tuple[str, ...]  # this seat's Empire cards still to play this Epoch
    event_hand: tuple[tuple[int, str], ...]  # (colour, Event card name) held by this seat
    packet: tuple[str, ...]  # the cards this seat is choosing from (drafts, Bonus tokens)
    bonus_tokens: tuple[tuple[int, int], ...]  # (colour, value) this seat holds
    hand_sizes: tuple[tuple[int, int], ...]  # (Event cards, Bonus tokens) per colour
    invasion: tuple | None  # (territory, defender colour, by_sea) while an invasion is undecided
    overrun_points: int
    last_roll: tuple | None
    log: tuple[str, ...]
    territories: tuple[str, ...] = field(default=(), compare=False, repr=False)  # the map's, in order

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every territory as everyone sees it, in map order (built once, when first asked)."""
        armies, sites, monuments, forts = self.board
        return tuple(Tile(t, armies[t][0] if t in armies else None, armies.get(t, (None, False))[1],
                          sites.get(t), t in monuments, t in forts) for t in self.territories)

    def tile(self, territory: str) -> Tile:
        for tile in self.tiles:
            if tile.territory == territory:
                return tile
        raise ValueError(_no_territory(territory))


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


class BriefHistoryState(GameState):
    """A game of A Brief History of the World, from the first draft to the final Bonus tokens."""

    game = "brief_history"
    action_type = Action

    def __init__(self, *, players: int, seed: int | None, fort_removal: str, monuments: int,
                 reorganise_early: bool = False, dice: list | None = None, position: dict | None = None):
        _check_options(players, fort_removal, monuments, reorganise_early)
        _check_dice_script(dice)
        rng, seed = make_rng(seed)
        options = {"players": players, "fort_removal": fort_removal, "monuments": monuments}
        # Variant and lesson options are recorded only when given, so ordinary records keep three options.
        if reorganise_early:
            options["reorganise_early"] = True
        if dice is not None:
            options["dice"] = [int(face) for face in dice]
        if position is not None:
            options["position"] = _json_copy(position)
        super().__init__(num_players=players, seed=seed, options=options)
        self.dice_script: list[int] = list(options.get("dice", ()))  # faces still to come before the seeded dice
        self.world: TeachingMap = load_map()
        self._barren = frozenset(self.world.barren)
        self.cards: CardSet = load_cards()
        self.rng: random.Random = rng
        self.fort_removal = fort_removal
        self.reorganise_early = reorganise_early
        self.colours = 4 if players == 2 else players
        self.seat_of = tuple(c % players for c in range(self.colours))
        self.gold = [0] * self.colours
        order = list(range(self.colours))
        rng.shuffle(order)  # the starting stack on 0: later in the list lies on top, so counts ahead
        self.arrival = [order.index(c) for c in range(self.colours)]
        self._arrivals = self.colours
        self.chart = self._deal_chart()
        self.events_held: list[list[EventCard]] = [list(self.cards.starting_events) for _ in range(self.colours)]
        self.bonus_held: list[list[int]] = [[] for _ in range(self.colours)]
        self.army: dict[str, tuple[int, bool]] = {}  # territory -> (colour, active)
        self.site: dict[str, str] = {}  # territory -> "capital" | "city"
        self.monument: set[str] = set()
        self.fort: set[str] = set()
        self.monuments_left = monuments
        self.epoch = 0
        self.phase = "draft"
        self.queue: list[tuple[int, str]] = []  # (colour, "empire"/"event"/"bonus") still to choose
        self.packets: dict[str, list] = {"empire": [], "event": [], "bonus": []}
        self.empire_hand: list[list[str]] = [[] for _ in range(self.colours)]
        self.turns: list[tuple[str, int]] = []  # (Empire card, empire index on it) still to call
        self.turn: EmpireTurn | None = None
        self.paused: EmpireTurn | None = None  # the player's own empire, while a minor empire plays
        self.in_play: EventCard | None = None
        self.invasion: dict | None = None
        self.overrun: dict | None = None
        self.resume = "expand"  # where a monument decision returns to
        self.event_armies: list[str] = []
        self.last_roll: tuple | None = None
        self._log: list = []  # what everyone may read: Sentence tuples, each said when first read (``log``)
        # What only one colour's player may read (their cards): (public lines before it, colour, text,
        # the number of the step of history that wrote it)
        self.secret_log: list[tuple[int, int, str, int]] = []
        self.log_marks: list[int] = []  # len(log) after each step of history: which lines each step wrote
        self._watchers = Watchers()  # observations handed out and not yet worked out
        if position is None:
            self._start_epoch()
        else:
            self._start_at(self.options["position"])

    # --- set-up and the Epoch chart ----------------------------------------------------------------
    def _deal_chart(self) -> dict[int, dict]:
        """Each Epoch: as many Empire and Event cards as colours, drawn at random, and three Bonus tokens."""
        tokens = list(self.cards.bonus_tokens)
        self.rng.shuffle(tokens)
        chart = {}
        for epoch in range(1, self.cards_epochs() + 1):
            empires = [c.name for c in self.cards.empire_cards_of(epoch)]
            events = list(self.cards.events_of(epoch))
            chart[epoch] = {"empires": self.rng.sample(empires, self.colours),
                            "events": self.rng.sample(events, self.colours),
                            "bonus": tokens[(epoch - 1) * BONUS_PER_EPOCH: epoch * BONUS_PER_EPOCH]}
        return chart

    def cards_epochs(self) -> int:
        return len(self.cards.area_values)

    def _start_at(self, position: dict) -> None:
        """Begin at the call of one empire (a lesson's position): its Epoch's Area values, the
        retired armies, sites, forts and monuments already on the map, and the gold. Only this
        empire plays in its Epoch; then the Conclusion and the later Epochs follow as dealt."""
        card, colour = _check_position(position, self.world, self.cards, self.colours, self.monuments_left)
        self.epoch = card.epoch
        self.army = {t: (int(c), False) for t, c in position.get("armies", {}).items()}
        self.site = dict(position.get("sites", {}))
        self.fort = set(position.get("forts", ()))
        self.monument = set(position.get("monuments", ()))
        self.monuments_left -= len(self.monument)
        for c, amount in enumerate(position.get("gold", ())):
            self.gold[c] = int(amount)
        self.empire_hand[colour] = [card.name]
        self.turns = [(card.name, index) for index in range(len(card.empires))]
        self._say(N_("Epoch {epoch}, a lesson position: only the {empire} (colour {colour}) play this Epoch"),
                  epoch=self.epoch, empire=card.name, colour=colour)
        self._next_empire()
        self._advance()

    # --- the protocol --------------------------------------------------------------------------
    def _current_player(self) -> int:
        colour = self.acting_colour
        return TERMINAL if colour is None else self.seat_of[colour]

    @property
    def acting_colour(self) -> int | None:
        """The colour whose decision it is (None once the game is over)."""
        if self.phase == "over":
            return None
        if self.phase in ("draft", "bonus"):
            return self.queue[0][0]
        return self.turn.colour

    @property
    def secret_choice(self) -> bool:
        """Whether the decision now shows cards that only the acting player may see: a draft
        packet, the Bonus tokens, or the red Events that may open an empire turn. (While expanding,
        the ``PlayEvent`` actions name cards of the player's hand; the other actions are public.)"""
        return self.phase in SECRET_PHASES or self.phase == "start"

    def ranking(self) -> list[int]:
        """Colours, leader first: most gold, and on a shared space the marker on top (the later arrival)."""
        key = (*self.gold, *self.arrival)
        cached = self.__dict__.get("_ranking")
        if cached is None or cached[0] != key:  # asked on every observation; gold changes far less often
            order = sorted(range(self.colours), key=lambda c: (-self.gold[c], -self.arrival[c]))
            cached = self._ranking = (key, tuple(order))
        return list(cached[1])

    def _ranked(self) -> tuple[int, ...]:
        self.ranking()
        return self._ranking[1]

    def area_values(self) -> dict[str, int]:
        return dict(self.cards.area_values[max(self.epoch, 1)])

    # --- legal actions -------------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == "draft":
            kind = self.queue[0][1]
            cls = TakeEmpire if kind == "empire" else TakeEvent
            names = self.packets[kind] if kind == "empire" else [e.name for e in self.packets[kind]]
            return _sorted({cls(name) for name in names})
        if phase == "bonus":
            return _sorted({KeepBonus(v) for v in self.packets["bonus"]})
        if phase == "start":
            return _sorted({ESTABLISH, *(PlayEvent(e.name) for e in self._red_playable())})
        if phase == "failed":  # the organiser is never empty here: an empty one withdraws by itself
            return _sorted([CONTINUE, WITHDRAW, *self._forts()])
        if phase == "overrun":
            return _sorted([END_OVERRUN, *(Overrun(t) for t in self._overrun_targets()), *self._forts()])
        if phase == "monument":
            return _sorted([SKIP_MONUMENT] + [BuildMonument(t) for t in self._monument_sites()])
        return self._expand_actions()

    def _forts(self) -> list[BuildFort]:
        """Forts the empire may build now: one per territory where an active army of its stands."""
        if not self.turn.organiser:
            return []
        return [BuildFort(t) for t in self._active(self.turn.colour) if t not in self.fort]

    def _expand_actions(self) -> list[Action]:
        turn = self.turn
        actions: list[Action] = []
        if turn.organiser:
            actions += self._placements(self._active(turn.colour))
            actions += self._forts()
        if not actions or self.reorganise_early:
            actions.append(REORGANISE)
        if self.in_play is None:
            for card in self._black_playable():
                actions += [PlayEvent(card.name, target) for target in self._event_targets(card)]
        elif self.in_play.lasts_the_turn and not turn.from_event:
            actions.append(DISCARD_EVENT)
        return _sorted(actions)  # no duplicates: each territory, card and target comes once

    def _placements(self, active: list[str]) -> list[Place]:
        turn = self.turn
        neighbours = self.world.neighbours
        near = set().union(*(neighbours(t) for t in active)) if active else set()
        coast, crossings = _sea_plan(self.world, turn.spec.start, self._fleet_bodies())
        barren, army, mine = self._barren, self.army, (turn.colour, True)
        places = []
        atlantic_used = turn.trait == "vikings" and turn.crossed_atlantic
        for t in near | coast:
            if t in barren or army.get(t) == mine or (atlantic_used and self._across_atlantic(t)):
                continue
            if t in near:
                places.append(_place_action(t, False))
                if turn.trait == "vikings" and t in coast and self._is_enemy(t) and not self._sea_route_blocked(t):
                    places.append(_place_action(t, True))
            elif not crossings[t] or not self._sea_route_blocked(t):
                places.append(_place_action(t, True))
        return places

    # --- why not --------------------------------------------------------------------------------
    def _illegal_reason(self, action, player: int) -> str | None:
        if not isinstance(action, Action):
            return _("{action} is not a Brief History action").format(action=repr(action))
        phase = self.phase
        if phase == "over":
            return _("the game is over: nobody can act any more")
        rule = RULES.get(type(action))
        if rule is None:  # the base class, or a subclass made outside the kit
            return _("{action} is not one of the Brief History actions (place, continue, overrun, ...)").format(
                action=repr(action))
        if phase not in rule.phases:
            return _(rule.not_now).format(now=self._phase_words())
        return None if rule.check is None else rule.check(self, action)

    def _phase_words(self) -> str:
        """What the game is doing now, for the refusals of actions that belong elsewhere."""
        if self.phase == "draft":
            if not self.queue:
                return ""
            colour, kind = self.queue[0]
            choosing = (_("colour {colour} is choosing an empire card") if kind == "empire"
                        else _("colour {colour} is choosing an event card"))
            return choosing.format(colour=colour)
        words_now = PHASE_WORDS.get(self.phase)
        return self.phase if words_now is None else _(words_now)

    def _why_not_take(self, action) -> str | None:
        kind = self.queue[0][1]
        wanted = "empire" if isinstance(action, TakeEmpire) else "event"
        if wanted != kind:
            return (_("this pick is from the Empire cards: keep one of the Empire cards you were handed")
                    if kind == "empire" else
                    _("this pick is from the Event cards: keep one of the Event cards you were handed"))
        names = self.packets[kind] if kind == "empire" else [e.name for e in self.packets[kind]]
        if action.card not in names:
            return _("{card} is not in the packet you hold; you may take {cards}").format(
                card=repr(action.card), cards=_names_list(sorted(set(names))))
        return None

    def _why_not_bonus(self, action) -> str | None:
        if isinstance(action.value, bool) or not isinstance(action.value, int) or action.value not in self.packets["bonus"]:
            return _("there is no Bonus token {value} among {tokens}").format(
                value=repr(action.value), tokens=sorted(self.packets["bonus"]))
        return None

    def _why_not_play(self, action) -> str | None:
        if action.target is not None and not isinstance(action.target, str):
            return _("a target is named by its text, not {target}").format(target=repr(action.target))
        card = self._held_event(action.card)
        if card is None:
            return _("colour {colour} holds no Event card {card}").format(colour=self.turn.colour, card=repr(action.card))
        if self.turn.from_event:
            return _("{card} is in play: no other Event until it is over").format(card=display_name(self.in_play.name))
        if self.phase == "start":
            if card.colour != "red":
                return _("{card} has a black Epoch number: play it after establishing your empire").format(card=display_name(card.name))
            if not card.playable_in(self.epoch):
                if card.late:
                    return _("{card} can be played only in Epoch {epoch} or {later}").format(
                        card=display_name(card.name), epoch=card.epoch, later=card.epoch + card.late)
                return _("{card} can be played only in Epoch {epoch}").format(card=display_name(card.name), epoch=card.epoch)
            if action.target is not None:
                return self._no_target_words(card)
            return self._why_not_afford(card)
        if card.colour == "red":
            return _("{card} has a red Epoch number: it could only be played at the start of your turn").format(card=display_name(card.name))
        if not card.playable_in(self.epoch):
            return _("{card} can be played from Epoch {epoch} on, and this is Epoch {now}").format(
                card=display_name(card.name), epoch=card.epoch, now=self.epoch)
        if self.in_play is not None:
            return _("only one Event may be in play at a time, and {card} is in play").format(
                card=display_name(self.in_play.name))
        return self._why_not_target(card, action.target) or self._why_not_afford(card)

    @staticmethod
    def _no_target_words(card: EventCard) -> str:
        # Translators: the quoted action text stays in English: it is what the game reads
        return _("{card} takes no target: play it as 'play {notation}'").format(
            card=display_name(card.name), notation=card.name)

    def _why_not_afford(self, card: EventCard) -> str | None:
        gold = self.gold[self.turn.colour]
        if card.cost > gold:
            return _("{card} costs {cost} gold and colour {colour} has {gold}").format(
                card=display_name(card.name), cost=card.cost, colour=self.turn.colour, gold=gold)
        return None

    def _why_not_target(self, card: EventCard, target) -> str | None:
        targets = self._event_targets(card)
        if targets == [None]:
            return None if target is None else self._no_target_words(card)
        if target is None:
            return _("{card} needs a target: {targets}").format(card=display_name(card.name), targets=self._target_words(card))
        if target not in targets:
            if card.kind in ("treachery", "civil_war") and target in self.world.territories and self._atlantic_reason(target):
                return self._atlantic_reason(target)
            if not targets:
                return _("{card} has no possible target now ({targets})").format(
                    card=display_name(card.name), targets=self._target_words(card))
            return _("{target} is not a possible target of {card}: {targets}").format(
                target=repr(target), card=display_name(card.name), targets=self._target_words(card))
        return None

    @staticmethod
    def _target_words(card: EventCard) -> str:
        return {"treachery": _("a territory next to your active armies with another player's army and no fort"),
                "plague": _("an Area"), "astronomy": _("an ocean"),
                "civil_war": _("a territory where another player's army stands on a capital or city")
                }.get(card.kind) or pgettext("target", "none")

    def _why_not_place(self, action) -> str | None:
        t = action.territory
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if not isinstance(action.by_sea, bool):
            return _("by_sea is True or False")
        turn = self.turn
        if turn.organiser == 0:
            return _("the organiser is empty")
        if self.world.is_barren(t):
            return _("{territory} is barren: no army may ever be placed there").format(territory=display_name(t))
        if self.army.get(t) == (turn.colour, True):
            return _("{territory} already holds one of your active armies: one army per territory").format(territory=display_name(t))
        land = any(self.army.get(n) == (turn.colour, True) for n in self.world.neighbours(t))
        if not action.by_sea:
            if land:
                return self._atlantic_reason(t)
            if t in self._fleet_targets():
                return _("{territory} is reached only from a fleet: place the army there by sea").format(territory=display_name(t))
            return _("{territory} is not next to any of your active armies or fleets").format(territory=display_name(t))
        if t not in self._fleet_targets():
            return _("none of your fleets reaches {territory}").format(territory=display_name(t))
        if land and not (turn.trait == "vikings" and self._is_enemy(t)):
            if turn.trait == "vikings":
                return _("{territory} is next to your armies and holds no enemy army: place it over land "
                         "(Vikings come from the sea only to invade)").format(territory=display_name(t))
            if self._is_enemy(t):
                return _("{territory} is next to your armies: invade it over land "
                         "(only Vikings may choose to invade from the sea)").format(territory=display_name(t))
            return _("{territory} is next to your armies: place it over land "
                     "(an army comes by sea only where no land route exists)").format(territory=display_name(t))
        return self._sea_route_reason(t) or self._atlantic_reason(t)

    def _why_not_continue(self, action) -> str | None:
        if self.turn.organiser == 0:
            return _("the organiser is empty: nothing is left to continue with, so withdraw")
        return None

    def _why_not_overrun(self, action) -> str | None:
        t, info = action.territory, self.overrun
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if t not in self.world.neighbours(info["from"]):
            return _("{territory} is not next to {taken}, the territory just taken "
                     "(over-run goes in a chain, over land)").format(territory=display_name(t), taken=display_name(info["from"]))
        if self.army.get(t, (None,))[0] != info["defender"]:
            return _("{territory} holds no army of colour {colour}, the player you defeated").format(
                territory=display_name(t), colour=info["defender"])
        if t in self.fort and not self._siege():
            return _("{territory} holds a fort, and a fort stops an over-run").format(territory=display_name(t))
        atlantic = self._atlantic_reason(t)
        if atlantic:
            return atlantic
        cost = self.world.cost(t)
        if cost > info["points"]:
            return _("{territory} costs {cost} points ({terrain}) and you have {points} left").format(
                territory=display_name(t), cost=cost, terrain=terrain_name(self.world.terrain(t)), points=info["points"])
        if not info["event"] and self.turn.organiser == 0:
            return _("the organiser is empty")
        return None

    def _why_not_fort(self, action) -> str | None:
        t = action.territory
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if self.army.get(t) != (self.turn.colour, True):
            return _("a fort needs one of your active armies in {territory}").format(territory=display_name(t))
        if t in self.fort:
            return _("{territory} already has a fort: one per territory").format(territory=display_name(t))
        if self.turn.organiser == 0:
            return _("a fort costs an organiser army and the organiser is empty")
        return None

    def _why_not_monument(self, action) -> str | None:
        sites = self._monument_sites()
        if action.territory not in sites:
            return _("the monument goes to {territories} (capital first, then city, then a resource territory)").format(
                territories=_names_list(sites))
        return None

    def _why_not_discard(self, action) -> str | None:
        if self.in_play is None or not self.in_play.lasts_the_turn or self.turn.from_event:
            return _("no continuous Event of yours is in play")
        return None

    def _why_not_reorganise(self, action) -> str | None:
        if self.reorganise_early or not self.turn.organiser:
            return None
        if self._forts() or self._placements(self._active(self.turn.colour)):
            armies = self.turn.organiser
            return ngettext("the empire reorganises when its organiser is empty, and {n} army is left to place "
                            "(or to spend on forts)",
                            "the empire reorganises when its organiser is empty, and {n} armies are left to place "
                            "(or to spend on forts)", armies).format(n=armies)
        return None

    def _describe_legal(self, action, player: int, names=None) -> str:
        if isinstance(action, Place) and self.turn and self._is_enemy(action.territory):
            return _("invade {odds}").format(odds=self._odds_words(action.territory, action.by_sea, self.turn.indicator))
        if isinstance(action, Continue):
            target, by_sea = self.invasion["target"], self.invasion["by_sea"]
            indicator = min(self.turn.indicator + 1, MAX_INDICATOR)
            return _("spend an organiser army and roll again for {territory}: {odds}").format(
                territory=display_name(target), odds=self._odds_words(target, by_sea, indicator))
        if isinstance(action, TakeEvent) and self.phase == "draft":
            colour = self.acting_colour
            card = next((e for e in self.packets["event"] if e.name == action.card), None)
            if card is not None and self._cannot_pay(colour, card):
                return _("player {player} may {action}; it is a red Event of this Epoch costing {cost} gold "
                         "and colour {colour} has {gold}, so it could not be played at the start of "
                         "the empire turn and would be lost then").format(
                    player=player, action=in_words(action), cost=card.cost, colour=colour, gold=self.gold[colour])
        if isinstance(action, Establish) and self.red_cards_due(self.turn.colour):
            lost = _names_list(e.name for e in self.red_cards_due(self.turn.colour))
            return _("establish the {empire}; the red Events not played now are lost: {cards}").format(
                empire=display_name(self.turn.spec.name), cards=lost)
        return _("{player} may {action}").format(player=seat_name(player, names), action=in_words(action))

    def invasion_odds(self, territory: str, by_sea: bool = False, indicator: int | None = None) -> Fraction:
        """The exact chance that one roll of the empire being played takes ``territory`` (the
        indicator as now unless told), with the dice, Events and traits that apply."""
        a, d, bonus, fear, viking = self._invasion_terms(territory, by_sea, indicator=indicator)
        return success_probability(a, d, self.world.cost(territory), bonus, fear, viking)

    def _odds_words(self, territory: str, by_sea: bool, indicator: int) -> str:
        a, d, bonus, *_rest = self._invasion_terms(territory, by_sea, indicator=indicator)
        p = self.invasion_odds(territory, by_sea, indicator)
        return ngettext("{territory} ({terrain}, cost {cost}): {a} die against {d} at +{bonus}; "
                        "P(taking it with this roll) = {p} ≈ {decimal}",
                        "{territory} ({terrain}, cost {cost}): {a} dice against {d} at +{bonus}; "
                        "P(taking it with this roll) = {p} ≈ {decimal}", a).format(
            territory=display_name(territory), terrain=terrain_name(self.world.terrain(territory)),
            cost=self.world.cost(territory), a=a, d=d, bonus=bonus, p=p, decimal=decimal(float(p), 3))

    # --- text ------------------------------------------------------------------------------------
    def _parse_action(self, text: str) -> Action:
        if text in _SIMPLE:
            return _SIMPLE[text]
        for pattern, cls in _NAMED:
            match = pattern.fullmatch(text)
            if match:
                return cls(self._canonical(match.group(1)))
        match = _PLACE.fullmatch(text)
        if match:
            return Place(self._canonical(match.group(1)), bool(match.group(2)))
        match = _PLAY.fullmatch(text)
        if match:
            target = match.group(2)
            return PlayEvent(self._canonical(match.group(1)), None if target is None else self._canonical(target))
        match = _BONUS.fullmatch(text)
        if match:
            digits = match.group(1)
            if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
                raise NotAnActionError(_("no Bonus token is worth a {n}-digit amount of gold").format(n=len(digits)))
            return KeepBonus(int(digits))
        # Translators: the quoted action texts stay in English: they are what the game reads
        raise IllegalActionError(_(
            "{text} is not a Brief History action: try 'place Balkans', 'continue', 'overrun Anatolia', "
            "'take empire Romans', 'play Leader' or 'reorganise'").format(text=repr(text)))

    def _canonical(self, name: str) -> str:
        """The canonical English name a text names (``"balkans"``, or ``"balcãs"`` in Portuguese)."""
        key = name.lower()
        found = _names(self.world, self.cards).get(key)
        if found is None and language() != "en":
            found = _local_names(language()).get(key)
        return name if found is None else found

    def _example_text(self) -> str:
        return "place Balkans"

    # --- performing actions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._watchers.settle()  # observations handed out show the game as it was
        RULES[type(action)].perform(self, action)
        self._advance()
        self.log_marks.append(len(self._log))

    # what each action does, for the table of RULES
    def _do_take(self, action) -> None:
        self._take(action)

    def _do_keep_bonus(self, action: KeepBonus) -> None:
        self._keep_bonus(action.value)

    def _do_establish(self, action) -> None:
        self._establish()

    def _do_place(self, action: Place) -> None:
        self._place(action.territory, action.by_sea)

    def _do_continue(self, action) -> None:
        self._continue()

    def _do_withdraw(self, action) -> None:
        self._withdraw()

    def _do_overrun(self, action: Overrun) -> None:
        self._overrun(action.territory)

    def _do_end_overrun(self, action) -> None:
        self._end_overrun()

    def _do_fort(self, action: BuildFort) -> None:
        self.turn.organiser -= 1
        self.fort.add(action.territory)
        self._say(N_("{empire}: a fort built in {territory}"), empire=self.turn.spec.name, territory=action.territory)

    def _do_monument(self, action: BuildMonument) -> None:
        self._build_monument(action.territory)

    def _do_skip_monument(self, action) -> None:
        self.phase = self.resume

    def _do_discard(self, action) -> None:
        self._say(N_("{card} is discarded"), card=self.in_play.name)
        self.in_play = None

    def _do_reorganise(self, action) -> None:
        self._reorganise()

    def _advance(self) -> None:
        """Carry out everything that needs no decision, until somebody must choose."""
        while True:
            phase = self.phase
            if phase in ("draft", "bonus") and not self.queue:
                self._start_turns() if phase == "draft" else self._end_epoch()
            elif phase in ("draft", "bonus") and len(self.packets[self.queue[0][1]]) == 1:
                self._take_last()
            elif phase == "start" and not self._red_playable():
                self._establish()
            elif phase == "expand" and self.turn.organiser == 0:
                self._reorganise()
            elif phase == "failed" and self.turn.organiser == 0:
                self._withdraw()
            elif phase == "overrun" and not self._overrun_targets():
                self._end_overrun()
            elif phase == "monument" and not self._monument_sites():
                self.phase = self.resume
            else:
                return

    def _take_last(self) -> None:
        """The last card (or token) of a packet needs no choosing."""
        kind = self.queue[0][1]
        only = self.packets[kind][0]
        if kind == "empire":
            self._take(TakeEmpire(only))
        elif kind == "event":
            self._take(TakeEvent(only.name))
        else:
            self._keep_bonus(only)

    # --- Allocation --------------------------------------------------------------------------------
    def _start_epoch(self) -> None:
        self.epoch += 1
        dealt = self.chart[self.epoch]
        self.packets = {"empire": list(dealt["empires"]), "event": list(dealt["events"]), "bonus": []}
        ranking = self.ranking()
        n = self.colours
        # The last takes the Empire cards while the leader takes the Events; both packets move on
        # together. A colour in the middle of an odd ranking picks its Empire first (kit decision).
        self.queue = [pick for k in range(n) for pick in ((ranking[n - 1 - k], "empire"), (ranking[k], "event"))]
        self.phase = "draft"
        self._say(N_("Epoch {epoch} begins; Area values: {values}"), epoch=self.epoch,
                  values=Listed(Sentence.of(N_("{area} {value}"), area=a, value=v) for a, v in self.area_values().items() if v))
        self._advance()

    def _take(self, action) -> None:
        colour, kind = self.queue.pop(0)
        if kind == "empire":
            self.packets["empire"].remove(action.card)
            self.empire_hand[colour].append(action.card)
        else:
            card = next(e for e in self.packets["event"] if e.name == action.card)
            self.packets["event"].remove(card)
            self.events_held[colour].append(card)
        self._say(N_("colour {colour} keeps an Empire card") if kind == "empire"
                  else N_("colour {colour} keeps an Event card"), colour=colour)
        self._tell(colour, Sentence.of(N_("colour {colour} keeps {card}"), colour=colour, card=action.card))
        if kind == "event" and self._cannot_pay(colour, card):  # warned while the turn is still to come
            self._tell(colour, self._unpayable_words(colour, card))

    def _start_turns(self) -> None:
        holders = {card: c for c in range(self.colours) for card in self.empire_hand[c]}
        self.turns = [(card.name, index) for card in self.cards.empire_cards_of(self.epoch)
                      if card.name in holders for index in range(len(card.empires))]
        for colour in sorted(set(holders.values())):
            self._warn_red_cards(colour)
        self._next_empire()

    def red_cards_due(self, colour: int) -> list[EventCard]:
        """``colour``'s red Event cards that establishing its next empire this Epoch will lose."""
        return [e for e in self.events_held[colour] if e.colour == "red" and self.epoch >= e.epoch + e.late]

    def _warn_red_cards(self, colour: int) -> None:
        """Tell the holder (only) which red Events must be played at the start of their empire turn."""
        for card in self.red_cards_due(colour):
            if self._cannot_pay(colour, card):
                self._tell(colour, self._unpayable_words(colour, card))
            else:
                self._tell(colour, Sentence.of(N_("colour {colour}: play {card} ({cost} gold) at the start of your empire "
                                                  "turn this Epoch, before establishing, or it is lost"),
                                               colour=colour, card=card.name, cost=card.cost))

    def _cannot_pay(self, colour: int, card: EventCard) -> bool:
        """A red Event due this Epoch that ``colour`` cannot pay for when it must be played: gold
        comes only at the end of the holder's own empire turn, after the start when red Events are played."""
        return card.colour == "red" and self.epoch >= card.epoch + card.late and card.cost > self.gold[colour]

    def _unpayable_words(self, colour: int, card: EventCard) -> tuple:
        return Sentence.of(N_("colour {colour}: {card} costs {cost} gold and you have {gold}: it cannot "
                       "be played at the start of your empire turn this Epoch, so it is lost then, unplayed"),
                           colour=colour, card=card.name, cost=card.cost, gold=self.gold[colour])

    def _next_empire(self) -> None:
        if not self.turns:
            self._conclude()
            return
        name, index = self.turns.pop(0)
        colour = next(c for c in range(self.colours) if name in self.empire_hand[c])
        spec = self.cards.empire_card(name).empires[index]
        self.turn = EmpireTurn(colour, name, spec)
        self.in_play = None
        self._say(N_("{empire} (colour {colour}) are called"), empire=spec.name, colour=colour)
        self.phase = "start"
        if index > 0:  # the second empire of a card (the Aztecs) follows at once: red Events came before the first
            self._establish()

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

    # --- the Conclusion ------------------------------------------------------------------------------
    def _conclude(self) -> None:
        self.turn = None
        self._adjust_track()
        ranking = self.ranking()
        self.packets["bonus"] = list(self.chart[self.epoch]["bonus"])
        self.queue = [(c, "bonus") for c in ranking[:BONUS_PER_EPOCH]]
        self.phase = "bonus"

    def _adjust_track(self) -> None:
        """Markers sharing a space move on to the next free space, the lowest shared space first;
        the bottom marker stays and the ones above keep their order."""
        while True:
            spaces: dict[int, list[int]] = {}
            for c in range(self.colours):
                spaces.setdefault(self.gold[c], []).append(c)
            shared = sorted(s for s, cs in spaces.items() if len(cs) > 1)
            if not shared:
                return
            space = shared[0]
            stack = sorted(spaces[space], key=lambda c: self.arrival[c])
            taken = set(spaces)
            free = space
            for c in stack[1:]:
                while free in taken:
                    free += 1
                taken.add(free)
                self._say(N_("colour {colour} moves off a shared space: {before} -> {after} gold"),
                          colour=c, before=self.gold[c], after=free)
                self.gold[c] = free

    def _keep_bonus(self, value: int) -> None:
        colour, _kind = self.queue.pop(0)
        self.packets["bonus"].remove(value)
        self.bonus_held[colour].append(value)
        self._say(N_("colour {colour} keeps a Bonus token"), colour=colour)

    def _end_epoch(self) -> None:
        self.packets["bonus"] = []
        if self.epoch == self.cards_epochs():
            self.phase = "over"
            self._say(N_("the game is over: Bonus tokens are added to gold"))
            return
        for hand in self.empire_hand:
            hand.clear()
        self._start_epoch()

    def _say(self, message, indent: str = "", **values) -> None:
        """A line of the public log: an English sentence (marked for the catalog where it is written,
        or a ``Sentence`` tuple already) and its values, kept as a ``Sentence`` and said when read,
        in the language of whoever reads it."""
        self._log.append(message if type(message) is tuple else (message, None, 1, indent, values))

    def _tell(self, colour: int, line: tuple) -> None:
        """A line of the log (a ``Sentence``) that only ``colour``'s player may read."""
        self.secret_log.append((len(self._log), colour, line, len(self.history) + 1))

    def _lines(self, start: int = 0, end: int | None = None) -> list:
        """Public lines ``start:end`` as ``Said`` sentences, each said once, when first read."""
        log = self._log
        for at in range(start, len(log) if end is None else end):
            if type(log[at]) is tuple:
                log[at] = said(log[at])
        return log[start:end]

    @property
    def log(self) -> list[str]:
        """The public log, one line each, in the language in force (the lines keep their English
        text and sentence: ``words.Said``). A copy: changing it changes nothing in the game."""
        if language() == "en":
            return self._lines()
        return [words(line) for line in self._lines()]

    @log.setter
    def log(self, lines) -> None:  # a test's position starts with a clean log
        self._log = list(lines)

    def log_for(self, player: int) -> list[str]:
        """The log as ``player`` may read it: every public line, and the secret lines about their
        own colours' cards in their place."""
        player = self._resolve_player(player)
        mine = [(at, text) for at, colour, text, _told in self.secret_log if self.seat_of[colour] == player]
        return _read(self._merged(0, len(self._log), mine))

    def _merged(self, start: int, end: int, secret: list) -> list:
        """Public lines ``start:end`` with the ``secret`` ones, ``(public lines before it, line)``, in their places."""
        lines, cursor = [], start
        for at, text in secret:
            lines += self._lines(cursor, at)
            lines.append(text)
            cursor = at
        return lines + self._lines(cursor, end)

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """The lines step ``number`` of ``history`` wrote, as ``viewer`` may read them (a seat's
        secret lines only to that seat); with ``names`` (one per seat) colours read as
        ``"green (Eva)"``. The lines written before the first step come with it."""
        marks = self.log_marks
        if number > len(marks):
            return [f"{number}. {in_words(step)}"]
        start, end = (marks[number - 2] if number > 1 else 0), marks[number - 1]
        secret = [] if viewer is None else [(at, text) for at, colour, text, told in self.secret_log
                                            if told == number and self.seat_of[colour] == viewer]
        lines = _read(self._merged(start, end, secret))
        if names:
            lines = [name_colours(line, lambda c: f"{colour_name(c)} ({names[self.seat_of[c]]})") for line in lines]
        return [line.strip() for line in lines]

    def _log_tail(self, player: int | None, count: int) -> list[str]:
        """The last ``count`` lines of ``log_for(player)`` (of the public log for ``None``), merging
        only the tail of the log."""
        since = max(0, len(self._log) - count)
        mine = []
        for at, colour, text, _told in reversed(self.secret_log if player is not None else ()):
            if at < since:  # secret lines come in the log's order
                break
            if self.seat_of[colour] == player:
                mine.append((at, text))
        return _read(self._merged(since, len(self._log), mine[::-1])[-count:])

    def colour_scores(self) -> list[int]:
        """Gold per colour, with the Bonus tokens once the game is over (they are secret until then)."""
        if self.phase != "over":
            return list(self.gold)
        return [g + sum(b) for g, b in zip(self.gold, self.bonus_held)]

    def scores(self) -> list[int]:
        """Each player's gold (two colours combined in the two-player game)."""
        per_colour = self.colour_scores()
        return [sum(per_colour[c] for c in range(self.colours) if self.seat_of[c] == p)
                for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """Most gold wins; a tie stands."""
        if self.phase != "over":
            return []
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    # --- what a player sees ------------------------------------------------------------------------
    def observation(self, player: int) -> BriefHistoryObservation:
        return deferred(BriefHistoryObservation, self, self._resolve_player(player), self._watchers,
                        territories=self.world.territories)

    def public_observation(self) -> BriefHistoryObservation:
        """What anyone may know (a projector, a spectator): the board, the track and the public log;
        no hand. Its ``player`` is ``None``."""
        return deferred(BriefHistoryObservation, self, None, self._watchers, territories=self.world.territories)

    def _observed_fields(self, player: int | None) -> dict:
        """Every field of ``player``'s observation now but ``player`` and ``territories``."""
        mine = tuple(range(player, self.colours, self.num_players)) if player is not None else ()  # p, p + n
        acting = self.acting_colour
        packet: tuple = ()
        if acting in mine and self.phase == "draft":
            kind = self.queue[0][1]
            packet = tuple(self.packets[kind]) if kind == "empire" else tuple(e.name for e in self.packets[kind])
        elif acting in mine and self.phase == "bonus":
            packet = tuple(str(v) for v in self.packets["bonus"])
        turn = self.turn
        return dict(
            colours=mine, num_colours=self.colours, epoch=self.epoch, phase=self.phase,
            acting_colour=acting, empire=turn.spec.name if turn else None,
            organiser=turn.organiser if turn else 0, indicator=turn.indicator if turn else 0,
            fleets=turn.fleets if turn else (), event_in_play=self.in_play.name if self.in_play else None,
            board=(dict(self.army), dict(self.site), frozenset(self.monument), frozenset(self.fort)),
            gold=tuple(self.gold), ranking=self._ranked(),
            area_values=_area_value_items(self.cards, max(self.epoch, 1)),
            empire_hand=tuple(card for c in mine for card in self.empire_hand[c]),
            event_hand=tuple((c, e.name) for c in mine for e in self.events_held[c]),
            packet=packet, bonus_tokens=tuple((c, v) for c in mine for v in self.bonus_held[c]),
            hand_sizes=tuple(zip(map(len, self.events_held), map(len, self.bonus_held))),
            invasion=(self.invasion["target"], self.invasion["defender"], self.invasion["by_sea"]) if self.invasion else None,
            overrun_points=self.overrun["points"] if self.overrun else 0,
            last_roll=self.last_roll, log=tuple(self._log_tail(player, 12)),
        )

    def tiles(self) -> tuple[Tile, ...]:
        """Every territory as the board shows it, in map order."""
        return tuple(Tile(t, self.army[t][0] if t in self.army else None, self.army.get(t, (None, False))[1],
                          self.site.get(t), t in self.monument, t in self.fort) for t in self.world.territories)

    # The map and the cards are the kit's own read-only data, shared by every game: a pickled or
    # deep-copied state refers to them, and takes them from the package again when it is loaded.
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["world"], state["cards"], state["_barren"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.world, self.cards = load_map(), load_cards()
        self._barren = frozenset(self.world.barren)

    def clone(self) -> BriefHistoryState:
        twin = object.__new__(BriefHistoryState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.history = list(self.history)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.gold, twin.arrival = list(self.gold), list(self.arrival)
        twin.events_held = [list(h) for h in self.events_held]
        twin.bonus_held = [list(h) for h in self.bonus_held]
        twin.army, twin.site = dict(self.army), dict(self.site)
        twin.monument, twin.fort = set(self.monument), set(self.fort)
        twin.queue = list(self.queue)
        twin.packets = {k: list(v) for k, v in self.packets.items()}
        twin.empire_hand = [list(h) for h in self.empire_hand]
        twin.turns = list(self.turns)
        twin.turn = replace(self.turn) if self.turn else None
        twin.paused = replace(self.paused) if self.paused else None
        twin.invasion = dict(self.invasion) if self.invasion else None
        twin.overrun = dict(self.overrun) if self.overrun else None
        twin.event_armies = list(self.event_armies)
        twin.dice_script = list(self.dice_script)
        twin._log = list(self._log)
        twin.secret_log = list(self.secret_log)
        twin.log_marks = list(self.log_marks)
        twin._watchers = Watchers()
        return twin

    def _outcome_reason(self, names=None) -> str:
        scores, winners = self.scores(), self.winners()
        gold = ", ".join(f"{seat_name(p, names)} {s}" for p, s in enumerate(scores))
        who = seat_name(winners[0], names)
        for p in winners[1:]:
            who = _("{first} and {second}").format(first=who, second=seat_name(p, names))
        if len(winners) == 1:
            return _("after Epoch {epoch}, gold with the Bonus tokens added: {gold}; {winner} wins with the most "
                     "gold").format(epoch=self.epoch, gold=gold, winner=who)
        return _("after Epoch {epoch}, gold with the Bonus tokens added: {gold}; {winners} share the win (a tie "
                 "stands) with the most gold").format(epoch=self.epoch, gold=gold, winners=who)

    def reveal(self) -> str:
        """Everything, secrets included (hands, Bonus tokens, the Epoch chart still face down): for
        debugging, never for a screen the players share. ``str(state)`` is the public part."""
        none = pgettext("cards", "none")
        lines = [self._render()]
        for colour in range(self.colours):
            lines.append(INDENT + _("colour {colour} ({player}): Empire cards {empires}; Event cards {events}; "
                                    "Bonus tokens {tokens}").format(
                colour=colour, player=seat_name(self.seat_of[colour]),
                empires=_names_list(self.empire_hand[colour]) or none,
                events=_names_list(e.name for e in self.events_held[colour]) or none,
                tokens=self.bonus_held[colour] or none))
        if self.phase in SECRET_PHASES and self.queue:
            kind = self.queue[0][1]
            cards = ", ".join(str(card) for card in self.packets[kind]) if kind == "bonus" else \
                _names_list(str(card) for card in self.packets[kind])
            kind_words = {"empire": pgettext("packet", "empire"), "event": pgettext("packet", "event"),
                          "bonus": pgettext("packet", "bonus")}[kind]
            lines.append(INDENT + _("packet being chosen from ({kind}): {cards}").format(kind=kind_words, cards=cards))
        for epoch in range(self.epoch + 1, self.cards_epochs() + 1):
            dealt = self.chart[epoch]
            lines.append(INDENT + _("Epoch {epoch} chart: Empire cards {empires}; Event cards {events}; "
                                    "Bonus tokens {tokens}").format(
                epoch=epoch, empires=_names_list(dealt["empires"]),
                events=_names_list(e.name for e in dealt["events"]), tokens=dealt["bonus"]))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small public table for a notebook cell: gold, the empire being played, each Area's armies."""
        from html import escape

        colour_words = _("colour {colour}")
        rows = "".join(f"<tr><td>{escape(colour_words.format(colour=c))}</td><td>{self.gold[c]}</td></tr>"
                       for c in self.ranking())
        turn = ""
        if self.turn is not None and self.phase not in SECRET_PHASES:
            t = self.turn
            turn = "<p>" + _("<b>{empire}</b> (colour {colour}): organiser {organiser}, indicator +{indicator}").format(
                empire=escape(display_name(t.spec.name)), colour=t.colour, organiser=t.organiser,
                indicator=t.indicator) + "</p>"
        areas = "".join(
            f"<tr><td>{escape(display_name(area))}</td><td>{self.area_values()[area]}</td><td>"
            + ", ".join(str(n) for n in self.area_counts(area)) + "</td></tr>" for area in self.world.areas)
        where = _("game over") if self.phase == "over" else _("Epoch {epoch}, {phase}").format(
            epoch=self.epoch, phase=phase_name(self.phase))
        heads = (_("colour (leader first)"), pgettext("column", "gold"), pgettext("column", "Area"),
                 pgettext("column", "value"), _("armies per colour"))
        return ("<div>" + _("<b>A Brief History of the World</b> (teaching map): {where}").format(where=escape(where))
                + turn + "<table><tr><th>{}</th><th>{}</th></tr>".format(*map(escape, heads[:2])) + rows + "</table>"
                + "<table><tr><th>{}</th><th>{}</th><th>{}</th></tr>".format(*map(escape, heads[2:])) + areas
                + "</table></div>")

    def _render(self) -> str:
        lines = [_("A Brief History of the World (teaching map), {colours} colours: Epoch {epoch}, {phase}").format(
            colours=self.colours, epoch=self.epoch, phase=phase_name(self.phase))]
        colour_gold = _("colour {colour} {gold}")
        track = ", ".join(colour_gold.format(colour=c, gold=self.gold[c]) for c in self.ranking())
        lines.append(INDENT + _("gold (leader first): {track}").format(track=track))
        if self.turn and self.phase not in ("draft", "bonus"):
            t = self.turn
            values = dict(empire=display_name(t.spec.name), colour=t.colour, organiser=t.organiser,
                          indicator=t.indicator, fleets=_names_list(t.fleets))
            line = (_("{empire} (colour {colour}): organiser {organiser}, indicator +{indicator}, fleets {fleets}")
                    if t.fleets else _("{empire} (colour {colour}): organiser {organiser}, indicator +{indicator}"))
            line = line.format(**values)
            if self.in_play:
                line = _("{empire_line}; {card} in play").format(empire_line=line, card=display_name(self.in_play.name))
            lines.append(INDENT + line)
        for area in self.world.areas:
            held = []
            for name in self.world.territories_in(area):
                if name in self.army:
                    c, up = self.army[name]
                    marks = "".join(m for m, on in (("C", self.site.get(name) == "capital"), ("c", self.site.get(name) == "city"),
                                                   ("M", name in self.monument), ("F", name in self.fort)) if on)
                    held.append(f"{display_name(name)} {c}{'' if up else 'r'}{'[' + marks + ']' if marks else ''}")
            if held:
                lines.append(f"{INDENT}{display_name(area)} ({self.area_values()[area]}): " + "; ".join(held))
        if self.phase == "over":
            lines.append(INDENT + _("final gold with Bonus tokens: {scores}").format(
                scores=", ".join(f"{seat_name(p)} {s}" for p, s in enumerate(self.scores()))))
        return "\n".join(lines)


@dataclass(frozen=True)
class Rule:
    """For one kind of action: the phases it belongs to, what it says outside them (``{now}`` is
    what the game is doing instead), the check of its details (a reason, or ``None``) and what it does."""

    phases: tuple[str, ...]
    not_now: str
    check: object  # BriefHistoryState -> action -> str | None, or None: nothing more to check
    perform: object  # BriefHistoryState -> action -> None


S = BriefHistoryState
RULES: dict[type, Rule] = {
    TakeEmpire: Rule(("draft",), N_("no cards are being drafted now: {now}"), S._why_not_take, S._do_take),
    TakeEvent: Rule(("draft",), N_("no cards are being drafted now: {now}"), S._why_not_take, S._do_take),
    KeepBonus: Rule(("bonus",), N_("Bonus tokens are shared only at the end of an Epoch: {now}"), S._why_not_bonus,
                    S._do_keep_bonus),
    Establish: Rule(("start",), N_("you establish only at the start of an empire turn: {now}"), None, S._do_establish),
    PlayEvent: Rule(("start", "expand"), N_("no Event may be played now: {now}"), S._why_not_play, S._play_event),
    Place: Rule(("expand",), N_("armies are placed while expanding: {now}"), S._why_not_place, S._do_place),
    Continue: Rule(("failed",), N_("you can continue only right after a failed invasion roll"), S._why_not_continue,
                   S._do_continue),
    Withdraw: Rule(("failed",), N_("there is no failed invasion to withdraw from"), None, S._do_withdraw),
    Overrun: Rule(("overrun",), N_("you have no leftover invasion points to over-run with"), S._why_not_overrun,
                  S._do_overrun),
    EndOverrun: Rule(("overrun",), N_("you are not over-running"), None, S._do_end_overrun),
    BuildFort: Rule(FORT_PHASES, N_("a fort may be built at any time in your empire turn, but not now: {now}"),
                    S._why_not_fort, S._do_fort),
    BuildMonument: Rule(("monument",), N_("you may build a monument only when you complete a pair of resource symbols"),
                        S._why_not_monument, S._do_monument),
    SkipMonument: Rule(("monument",), N_("there is no monument to skip"), None, S._do_skip_monument),
    DiscardEvent: Rule(("expand",), N_("not now: {now}"), S._why_not_discard, S._do_discard),
    Reorganise: Rule(("expand",), N_("you reorganise only while expanding, with nothing left to settle: {now}"),
                     S._why_not_reorganise, S._do_reorganise),
}
del S
_NAME_CACHE: dict[int, dict[str, str]] = {}
_SEA_PLANS: dict[tuple, tuple[frozenset, dict]] = {}


_AREA_VALUE_ITEMS: dict[tuple[int, int], tuple] = {}


def _area_value_items(cards: CardSet, epoch: int) -> tuple[tuple[str, int], ...]:
    """An Epoch's Area values as observations carry them (worked out once per Epoch)."""
    key = (id(cards), epoch)
    if key not in _AREA_VALUE_ITEMS:
        _AREA_VALUE_ITEMS[key] = tuple(cards.area_values[epoch].items())
    return _AREA_VALUE_ITEMS[key]


INDENT = "  "  # the log's lines about one roll or one step of an invasion stand under its first line
# What the game is doing, for refusals of actions that belong to another phase (the draft says whose pick).
PHASE_WORDS = {"bonus": N_("the Bonus tokens are being shared out"),
               "start": N_("the empire has not been established yet (play a red Event or establish)"),
               "expand": N_("the empire is expanding"),
               "failed": N_("an invasion failed: continue or withdraw first"),
               "overrun": N_("you are spending over-run points: over-run or end the over-run first"),
               "monument": N_("a monument is waiting to be built or skipped")}


def _names_list(names) -> str:
    """Names of the map or the cards, as the language in force says them, separated by commas."""
    return ", ".join(display_name(name) for name in names)


def _read(lines: list) -> list[str]:
    """Lines of the log (``Said``, or ``Sentence`` tuples of the secret log) in the language in force."""
    return [words(said(line)) for line in lines]


def _no_territory(name) -> str:
    return _("there is no territory {name} on the teaching map").format(name=repr(name))


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


def _gold_part(what: str, amount: int) -> tuple:
    """One source of the gold an empire collects (``gold_due``'s keys: buildings, then Areas)."""
    if what == "capitals":
        return Sentence.of(N_("capitals {amount}"), amount=amount)
    if what == "cities":
        return Sentence.of(N_("cities {amount}"), amount=amount)
    if what == "monuments":
        return Sentence.of(N_("monuments {amount}"), amount=amount)
    return Sentence.of(N_("{area} {value}"), area=what, value=amount)


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


def _names(world: TeachingMap, cards: CardSet) -> dict[str, str]:
    """Lower-case name -> canonical name, for every territory, Area, sea, ocean and card."""
    key = id(world) ^ id(cards)
    if key not in _NAME_CACHE:
        names = list(world.territories) + list(world.areas) + list(world.seas) + list(world.oceans)
        names += [c.name for c in cards.empire_cards] + [e.name for e in cards.events + cards.starting_events]
        _NAME_CACHE[key] = {n.lower(): n for n in names}
    return _NAME_CACHE[key]


@functools.cache
def _local_names(code: str) -> dict[str, str]:
    """Lower-case name in the language ``code`` -> canonical name, so that an action text may name
    places and cards as the language does (``"place Balcãs"`` reads as ``"place Balkans"``)."""
    with using_language(code):
        return {display_name(name).lower(): name for name in NAMES}


def _check_options(players, fort_removal, monuments, reorganise_early) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(_("A Brief History of the World is for 3 to 6 players (or 2, each with two colours), "
                           "not {players}").format(players=repr(players)))
    if fort_removal not in FORT_RULES:
        raise ValueError(_("fort_removal is 'taken' (a fort goes when its territory is taken) or 'attempt' "
                           "(when it is attacked at all), not {value}").format(value=repr(fort_removal)))
    if isinstance(monuments, bool) or not isinstance(monuments, int) or monuments < 0:
        raise ValueError(_("monuments is the size of the monument supply, a whole number, not {value}").format(
            value=repr(monuments)))
    if not isinstance(reorganise_early, bool):
        raise ValueError(_("reorganise_early is True or False, not {value}").format(value=repr(reorganise_early)))


def _check_dice_script(dice) -> None:
    if dice is None:
        return
    if not isinstance(dice, (list, tuple)):
        raise ValueError(_("dice is a list of faces (1 to 6) for the next rolls, not {dice}").format(  # noqa: TRY004
            dice=repr(dice)))  # (bad options are ValueErrors)
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValueError(_("a die shows 1 to 6, but the dice option holds {face}").format(face=repr(face)))


POSITION_KEYS = ("empire", "colour", "armies", "sites", "forts", "monuments", "gold")


def _check_position(position, world: TeachingMap, cards: CardSet, colours: int, supply: int):
    """The Empire card and colour of a lesson position, or ValueError saying what is wrong."""
    if not isinstance(position, dict) or "empire" not in position:
        raise ValueError('a position is a dict with at least {"empire": <an Empire card>}')
    unknown = sorted(set(position) - set(POSITION_KEYS))
    if unknown:
        raise ValueError(f"a position knows the keys {', '.join(POSITION_KEYS)}, not {unknown}")
    names = {c.name for c in cards.empire_cards}
    if not isinstance(position["empire"], str) or position["empire"] not in names:
        raise ValueError(f"there is no Empire card {position['empire']!r} in the kit's card set")
    colour = position.get("colour", 0)
    if not _is_colour(colour, colours):
        raise ValueError(f"the colour playing is 0 to {colours - 1}, not {colour!r}")
    armies = position.get("armies", {})
    if not isinstance(armies, dict):
        raise ValueError("armies is a dict territory -> colour (retired armies already on the map)")  # noqa: TRY004 (bad options are ValueErrors)
    for t, c in armies.items():
        if t not in world.territories or world.is_barren(t):
            raise ValueError(f"an army stands only on a territory of the teaching map that is not barren, not {t!r}")
        if not _is_colour(c, colours):
            raise ValueError(f"the army in {t} needs a colour 0 to {colours - 1}, not {c!r}")
    sites = position.get("sites", {})
    if not isinstance(sites, dict) or any(kind not in ("capital", "city") for kind in sites.values()):
        raise ValueError('sites is a dict territory -> "capital" or "city"')
    for key in ("forts", "monuments"):
        spots = position.get(key, [])
        if (not isinstance(spots, list) or not all(isinstance(t, str) for t in spots)
                or len(set(spots)) != len(spots)):
            raise ValueError(f"{key} is a list of distinct territories (their names)")
    for t in [*sites, *position.get("forts", []), *position.get("monuments", [])]:
        if t not in armies:
            raise ValueError(f"{t!r} needs an army under its capital, city, fort or monument")
    if len(position.get("monuments", [])) > supply:
        raise ValueError(f"the monument supply holds {supply}: not enough for the position")
    gold = position.get("gold", [0] * colours)
    if (not isinstance(gold, list) or len(gold) != colours
            or any(isinstance(g, bool) or not isinstance(g, int) or g < 0 for g in gold)):
        raise ValueError(f"gold is a list of {colours} whole numbers, 0 or more, one per colour")
    return cards.empire_card(position["empire"]), colour


def _is_colour(value, colours: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < colours


def _json_copy(value):
    """A plain-JSON copy of an option (tuples become lists), refused if it is not JSON data."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise ValueError(f"a position must be plain JSON data: {error}") from None


def new_game(players: int = 4, *, seed: int | None = None, fort_removal: str = "attempt",
             monuments: int = 20, reorganise_early: bool = False, dice: list | None = None,
             position: dict | None = None) -> BriefHistoryState:
    """A new game, at the first draft of Epoch 1.

    ``players`` 3 to 6, or 2 for the two-colour variant (each player plays colours p and p+2);
    ``fort_removal="attempt"`` (the rule: "Um forte é sempre removido quando uma tentativa de
    controlo tem lugar") removes a fort after any invasion roll against it, ``"taken"`` only when
    its territory is taken (a kit variant); ``monuments`` is the size of the monument supply (the
    published count is not known; 20 is the kit's choice); ``reorganise_early=True`` lets an
    empire reorganise while armies and placements remain (a kit variant: the rule reorganises
    only when the organiser is empty or nothing can be placed).

    Two options exist for lessons (``gamekit.brief_history.scenarios`` builds them), both plain
    JSON so that a record replays them: ``dice``, faces (1-6) that the next rolls show, attacker's
    dice first, before the seeded dice take over; ``position``, a start at the call of one empire
    instead of the first draft: ``{"empire": "Romans", "colour": 0, "armies": {"Balkans": 1},
    "sites": {...}, "forts": [...], "monuments": [...], "gold": [...]}`` (armies on the map are
    retired, territory -> colour; only ``empire`` is required).

    >>> state = new_game(3, seed=0, dice=[6, 5, 3], position={"empire": "Romans", "armies": {"Balkans": 1}})
    >>> state.epoch, state.turn.spec.name, state.phase
    (3, 'Romans', 'expand')
    >>> state.apply("place Balkans"); state.last_roll
    ((6, 5), (3,), 0, 3)
    """
    return BriefHistoryState(players=players, seed=seed, fort_removal=fort_removal, monuments=monuments,
                             reorganise_early=reorganise_early, dice=dice, position=position)
