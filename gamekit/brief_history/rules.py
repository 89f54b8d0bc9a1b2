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

The state is one class with a room for each part of the game (its base classes): this module
keeps the set-up, the protocol, the legal actions, the text of actions and the one dispatch,
``RULES`` (each action type's phases, its check and what it does); ``refusals.py`` says why an
action is refused, ``allocation.py`` runs the drafts and the Conclusion, ``expansion.py`` an empire
turn's establishing and expanding, ``events.py`` the Event cards and the end of an empire turn,
``log.py`` the log, ``observation.py`` what a player sees, and ``options.py`` checks a new game's
options. Every name is still imported from here.

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
import random
from dataclasses import dataclass, replace

from gamekit.core import TERMINAL, GameState, IllegalActionError, NotAnActionError, make_rng, seat_name
from gamekit.core.observations import Watchers
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
from .allocation import BONUS_PER_EPOCH, TRACK, Allocation
from .cards import CardSet, EmpireSpec, EventCard, load_cards
from .events import Events, area_level
from .expansion import EmpireTurn, Expansion, _sea_plan
from .log import INDENT, Log
from .maps import TeachingMap, load_map
from .names import NAMES
from .observation import SECRET_PHASES, BriefHistoryObservation, Tile, Views, phase_name
from .odds import MAX_INDICATOR, VIKING_NATURAL, points_from_scores, success_probability
from .options import FORT_RULES, POSITION_KEYS, _check_dice_script, _check_options, _check_position, _json_copy
from .refusals import PHASE_WORDS, Refusals
from .words import COLOUR_NAMES, Listed, Said, Sentence, colour_name, decimal, display_name, name_colours, said, \
    terrain_name, words

# Re-exported: ``from gamekit.brief_history.rules import X`` keeps working for every name this module had
# before its rooms were split out (the board, the agents and the lessons import them from here).
__all__ = ["Action", "BuildFort", "BuildMonument", "Continue", "DiscardEvent", "EndOverrun", "Establish", "KeepBonus",
           "Overrun", "Place", "PlayEvent", "Reorganise", "SkipMonument", "TakeEmpire", "TakeEvent", "Withdraw",
           "CONTINUE", "DISCARD_EVENT", "END_OVERRUN", "ESTABLISH", "MAX_NUMBER_DIGITS", "REORGANISE",
           "SKIP_MONUMENT", "WITHDRAW", "in_words",
           "BONUS_PER_EPOCH", "COLOUR_NAMES", "FORT_PHASES", "FORT_RULES", "INDENT", "MAX_INDICATOR", "PHASE_WORDS",
           "POSITION_KEYS", "RULES", "SECRET_PHASES", "TRACK", "VIKING_NATURAL",
           "BriefHistoryObservation", "BriefHistoryState", "CardSet", "EmpireSpec", "EmpireTurn", "EventCard",
           "Listed", "Rule", "Said", "Sentence", "TeachingMap", "Tile",
           "area_level", "colour_name", "decimal", "display_name", "load_cards", "load_map", "name_colours",
           "new_game", "phase_name", "points_from_scores", "said", "success_probability", "terrain_name", "words"]

_, ngettext, pgettext = translations("brief_history")

# "Em qualquer altura durante o teu turno": while expanding, after a failed roll, while over-running.
FORT_PHASES = ("expand", "failed", "overrun")


class BriefHistoryState(Refusals, Allocation, Expansion, Events, Log, Views, GameState):
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

    # --- the one dispatch: RULES holds each action's phases, check (refusals.py) and move ----------
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

    # --- scores ----------------------------------------------------------------------------------
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
