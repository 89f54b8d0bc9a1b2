"""The rules of Lost Cities (Reiner Knizia, 1999), for two players or two partnerships of two.

Five expeditions (yellow, blue, white, green, red; purple in the six-colour edition), each with
cards 2..10 and three wager ("investment", handshake) cards. A turn is two actions: **play** a card
to one of your expeditions or **discard** it face up on its colour's pile, then **draw** the top of
the deck or the top of a discard pile (never the card you have just discarded). Wagers go down
only before any number; numbers must rise. The round ends the moment the last card of the deck is
drawn, and each started expedition scores ``(sum - 20) * (1 + wagers)``, plus 20 with eight or
more cards. The rules digest is ``shared/rules/lost-cities.md``.

With four players, partners sit opposite and build shared expeditions (numbers rise strictly:
the 75-card deck holds two of every 2, 3 and 4), and a player may pass two cards face down to the
partner instead of a turn (``pass_timing="after"``: after a turn), never keeping fewer than six.
Four players with six colours (90 cards) is the kit's own variant: neither rulebook describes it.

A round ends when the deck runs out, so in principle it could last for ever: partners could pass
cards back and forth, or both players could keep drawing from the discard piles. The kit's own
rule (for agents' games; people never come near it) bounds every round: after ``stall_limit``
(default 100) turns in a row in which nobody drew from the deck, the next turn must draw from the
deck (no discard pile, no pass instead of the turn). So a round lasts at most
``(cards in the deck after the deal) x (stall_limit + 1)`` turns; ``stall_limit=None`` plays the
rulebook as printed, without the bound.

The deck is a list whose **top is the last element** (``deck[-1]`` is drawn next); discard piles
and expeditions are lists from bottom to top. A match is ``rounds`` rounds (default three, as the
rulebook suggests) on the same state: totals carry over and the leader starts the next round.

>>> state = new_game(seed=5, rounds=1, position={
...     "hands": [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
...               ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]],
...     "deck": ["red 5", "green 2"]})
>>> [str(action) for action in state.legal_actions()][:3]  # sorted: plays, then discards, in card order
['play yellow 7', 'play blue 2', 'play blue 3']
>>> state.apply("play red 4")
>>> state.explain("draw red")
'Illegal: the red discard pile is empty'
>>> state.apply("draw deck")
>>> state.explain("play red wager", player=0)
"Illegal: it is not player 0's turn"
>>> state.apply("discard red 2"); state.apply("draw deck")
>>> state.explain("play red wager")
'Illegal: a wager can only start an expedition: your red expedition already has a number (the red 4)'
>>> state.scores()
[-16, 0]
"""

from __future__ import annotations

import operator
import random
import weakref
import re
import sys
from collections import Counter
from typing import NamedTuple

from gamekit.core import TERMINAL, GameState, IllegalActionError, NotAnActionError, make_rng, seat_name, shuffle

COLOURS = ("yellow", "blue", "white", "green", "red", "purple")  # purple: the six-colour edition
NUMBERS = tuple(range(2, 11))
WAGER = 0  # the value of a wager (investment, handshake) card
WAGERS_PER_COLOUR = 3
BREAK_EVEN = 20  # an expedition costs 20 points to mount
BONUS = 20  # for an expedition of at least BONUS_CARDS cards, added after the multiplication
BONUS_CARDS = 8
HAND_SIZE = 8
KEEP_AFTER_PASS = 6  # a partnership player never passes below six cards in hand
PASS_TIMINGS = ("instead", "after")
STALL_LIMIT = 100  # turns in a row without a deck draw before the deck must be drawn (the kit's own rule)
STEPS = ("play", "draw", "pass")
KINDS = ("play", "discard", "draw", "pass")


# --- cards ---------------------------------------------------------------------------------------
class Card(int):
    """One card: a ``colour`` and a ``value``, 2..10, or 0 for a wager (investment, handshake).

    ``Card("red", 7)`` is the red 7 and ``Card("red", 0)`` a red wager; ``str`` reads ``"red 7"``
    and ``"red wager"``, and :meth:`from_text` reads them back. Cards are values that never
    change: each card exists once and ``Card(...)`` returns it, so the three red wagers are the
    same card to the rules. A card is also a small whole number, its place in the sorted deck
    (yellow wager 1 ... purple 10 66), which makes cards compare, sort and hash as fast as ints;
    they sort in the game's colour order, wagers first.
    """

    def __new__(cls, colour: str, value: int):
        try:
            return _CARD_OF[colour, value]
        except (KeyError, TypeError):  # TypeError: an unhashable colour or value
            raise ValueError(_no_such_card(colour, value)) from None

    @classmethod
    def from_text(cls, text: str) -> Card:
        """``"red 7"``, ``"red wager"`` (also ``"red investment"``, ``"red handshake"``, ``"red 0"``)."""
        match = _CARD_TEXT.fullmatch(" ".join(str(text).lower().split()))
        if not match:
            raise ValueError(f"{_excerpt(text)} is not a card: a card reads like 'red 7' or 'red wager'")
        colour, value = match.groups()
        return cls(colour, 0 if value in _WAGER_WORDS else int(value))

    @property
    def is_wager(self) -> bool:
        return self.value == WAGER

    def __setattr__(self, name, value):
        raise AttributeError("a card never changes")

    __delattr__ = __setattr__

    def __reduce__(self):  # copies and pickles come back as the one shared card
        return (Card, (self.colour, self.value))

    def __str__(self) -> str:
        return f"{self.colour} {'wager' if self.value == WAGER else self.value}"

    def __repr__(self) -> str:
        return f"Card({self.colour!r}, {self.value})"


def _make_card(colour: str, value: int) -> Card:
    index = COLOURS.index(colour)
    card = int.__new__(Card, 1 + index * 11 + value)
    card.__dict__.update(colour=colour, value=value, _colour_index=index, _bit=1 << index)
    return card


_WAGER_WORDS = ("wager", "investment", "handshake", "0")
_CARD_PATTERN = rf"({'|'.join(COLOURS)}) (wager|investment|handshake|0|[1-9][0-9]*)"  # no leading zeros
_CARD_TEXT = re.compile(_CARD_PATTERN)
_CARD_OF: dict = {(colour, value): _make_card(colour, value) for colour in COLOURS for value in (WAGER, *NUMBERS)}
ALL_CARDS = tuple(_CARD_OF.values())  # every distinct card of the six-colour edition, in order


def _excerpt(text, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short if it is long (a pasted page stays out of it)."""
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _no_such_card(colour, value) -> str:
    if colour not in COLOURS:
        return f"there is no {_excerpt(colour)} expedition: the colours are {', '.join(COLOURS)}"
    return f"there is no {colour} {_excerpt(value)}: a card is a wager (value 0) or a number from 2 to 10"


def deck_cards(players: int = 2, colours: int = 5) -> tuple[Card, ...]:
    """Every card of a game: per colour 3 wagers and 2..10, plus a second 2, 3 and 4 with 4 players.

    >>> len(deck_cards()), len(deck_cards(4)), len(deck_cards(colours=6))
    (60, 75, 72)
    """
    extra = (2, 3, 4) if players == 4 else ()
    return tuple(
        _CARD_OF[colour, value]
        for colour in COLOURS[:colours]
        for value in (WAGER,) * WAGERS_PER_COLOUR + NUMBERS + extra
    )


def score_expedition(cards) -> int:
    """The points of one expedition: ``(sum of numbers - 20) * (1 + wagers)``, then +20 when it
    holds at least 8 cards. An expedition never started (no cards) scores 0.

    >>> score_expedition([Card("red", 0), Card("red", 4), Card("red", 7), Card("red", 10)])
    2
    >>> score_expedition([Card("blue", 0)] * 3 + [Card("blue", v) for v in range(2, 11)])
    156
    """
    cards = list(cards)
    if not cards:
        return 0
    wagers = sum(1 for card in cards if card.value == WAGER)
    total = sum(card.value for card in cards)
    return (total - BREAK_EVEN) * (1 + wagers) + (BONUS if len(cards) >= BONUS_CARDS else 0)


def describe_expedition(cards) -> str:
    """The scoring of one expedition worked through, for a student.

    >>> describe_expedition([Card("red", 0), Card("red", 4), Card("red", 7), Card("red", 10)])
    '(4 + 7 + 10 - 20) x 2 = 2'
    """
    cards = list(cards)
    if not cards:
        return "not started: 0"
    numbers = [card.value for card in cards if card.value != WAGER]
    wagers = len(cards) - len(numbers)
    text = f"({' + '.join(map(str, numbers)) or '0'} - {BREAK_EVEN})"
    if wagers:
        text += f" x {1 + wagers}"
    if len(cards) >= BONUS_CARDS:
        text += f" + {BONUS} (for {len(cards)} cards)"
    return f"{text} = {score_expedition(cards)}"


def _expedition_problem(colour: str, cards, strict_note: str = "") -> str | None:
    """Why a row of cards is not a legal expedition of ``colour`` (None when it is)."""
    last = None
    for card in cards:
        if card.colour != colour:
            return f"the {card} cannot join the {colour} expedition"
        if card.value == WAGER:
            if last is not None:
                return f"the {card} comes after the {last}: wagers go down before any number"
        elif last is not None and card.value <= last.value:
            return f"the {card} cannot follow the {last}: numbers must rise{strict_note}"
        else:
            last = card
    return None


# --- actions -------------------------------------------------------------------------------------
_MALFORMED, _PLAY, _DISCARD, _DRAW, _PASS = range(5)
_SOURCES = ("deck",) + COLOURS
_KIND_ORDER = {kind: index for index, kind in enumerate(KINDS)}


class Action:
    """One step of a turn: ``kind`` is ``"play"`` or ``"discard"`` (with ``card``), ``"draw"``
    (with ``source``: ``"deck"`` or a colour) or ``"pass"`` (with ``cards``: two cards for the
    partner, or none to decline a pass after a turn).

    Text forms: ``"play red 7"``, ``"discard blue wager"``, ``"draw deck"``, ``"draw green"``,
    ``"pass red 7 and blue 3"``, ``"pass nothing"``. An action is a small frozen value like a
    frozen dataclass, with one difference that makes the engine fast: every well-formed action
    exists once (``Action("play", card)`` returns the shared one), so equal actions are the same
    object and checking a move is one pointer lookup. Malformed actions (a card that is not a
    ``Card``, an unknown kind) are never shared: the rules refuse them with a reason.
    """

    # The engine's hot path reads a play's or discard's card data from these slots (fast)
    # rather than from the card: colour, its index and bit, value, and the card's two actions.
    __slots__ = (
        "_bit",
        "_colour",
        "_discard",
        "_index",
        "_order",
        "_rank",
        "_play",
        "_shape",
        "_value",
        "card",
        "cards",
        "kind",
        "source",
    )

    def __new__(cls, kind: str, card: Card | None = None, source: str | None = None, cards: tuple | None = None):
        shape = _shape_of(kind, card, source, cards)
        if shape != _MALFORMED:  # every field is a str, a Card, a tuple of Cards or None: safe to hash
            shared = _ACTIONS.get((kind, card, source, cards))
            if shared is not None:
                return shared
        action = object.__new__(cls)
        for name, item in (("kind", kind), ("card", card), ("source", source), ("cards", cards), ("_shape", shape)):
            object.__setattr__(action, name, item)
        if shape != _MALFORMED:
            order = (_KIND_ORDER[kind], int(card) if card is not None else -1,
                     _SOURCES.index(source) if source is not None else -1, tuple(map(int, cards or ())))
            object.__setattr__(action, "_order", order)
            object.__setattr__(action, "_rank", _rank_of(order))
            if card is not None:
                for name, item in (("_colour", card.colour), ("_index", card._colour_index),
                                   ("_bit", card._bit), ("_value", card.value)):
                    object.__setattr__(action, name, item)
            _ACTIONS[kind, card, source, cards] = action
        return action

    def __setattr__(self, name, value):
        raise AttributeError("an action never changes")

    __delattr__ = __setattr__

    def __reduce__(self):  # copies and pickles come back as the one shared action
        return (Action, (self.kind, self.card, self.source, self.cards))

    def __lt__(self, other):
        if type(other) is not Action or self._shape == _MALFORMED or other._shape == _MALFORMED:
            return NotImplemented
        return self._rank < other._rank

    def __gt__(self, other):
        if type(other) is not Action:
            return NotImplemented
        return other.__lt__(self)

    def __repr__(self) -> str:
        shown = [f"kind={self.kind!r}"]
        shown += [f"{name}={getattr(self, name)!r}" for name in ("card", "source", "cards")
                  if getattr(self, name) is not None]
        return f"Action({', '.join(shown)})"

    def __str__(self) -> str:
        shape = self._shape
        if shape in (_PLAY, _DISCARD):
            return f"{self.kind} {self.card}"
        if shape == _DRAW:
            return f"draw {self.source}"
        if shape == _PASS:
            return "pass " + " and ".join(map(str, self.cards)) if self.cards else "pass nothing"
        return repr(self)


_ACTIONS: dict = {}  # (kind, card, source, cards) -> the shared Action


def _rank_of(order: tuple) -> int:
    """An action's place in the sorted order as one int (quick to sort by): kind, then card,
    then source, then the pair of a pass (cards are at most 66, so each fits in 7 bits)."""
    kind, card, source, pair = order
    first, second = pair or (0, 0)
    return (kind << 28) | ((card + 1) << 20) | ((source + 1) << 16) | (first << 7) | second


_BY_RANK = operator.attrgetter("_rank")
_weak = weakref.ref


def _shape_of(kind, card, source, cards) -> int:
    """Which well-formed action the fields make, or ``_MALFORMED``. Types are checked exactly, so
    no field's own ``==`` or hash ever runs here."""
    if type(kind) is not str:
        return _MALFORMED
    if kind == "play" or kind == "discard":
        if type(card) is Card and source is None and cards is None:
            return _PLAY if kind == "play" else _DISCARD
    elif kind == "draw":
        if card is None and cards is None and type(source) is str and source in _SOURCES:
            return _DRAW
    elif kind == "pass" and card is None and source is None and type(cards) is tuple \
            and len(cards) in (0, 2) and all(type(c) is Card for c in cards):
        return _PASS
    return _MALFORMED


_PLAYS = {card: Action("play", card) for card in ALL_CARDS}
_DISCARDS = {card: Action("discard", card) for card in ALL_CARDS}
for _card in ALL_CARDS:  # each card and its two actions know those actions: no look-ups later
    _card.__dict__.update(_play=_PLAYS[_card], _discard=_DISCARDS[_card])
    for _action in (_PLAYS[_card], _DISCARDS[_card]):
        object.__setattr__(_action, "_play", _PLAYS[_card])
        object.__setattr__(_action, "_discard", _DISCARDS[_card])
_DRAWS = {source: Action("draw", source=source) for source in _SOURCES}
PASS_NOTHING = Action("pass", cards=())


def _as_card(card) -> Card:
    return card if type(card) is Card else Card.from_text(card)


def play(card) -> Action:
    """The action "play ``card``" (a Card or its text)."""
    return _as_card(card)._play


def discard(card) -> Action:
    """The action "discard ``card``" (a Card or its text)."""
    return _as_card(card)._discard


def draw(source: str = "deck") -> Action:
    """The action "draw deck" or "draw <colour>" (the top of that discard pile)."""
    try:
        return _DRAWS[source]
    except (KeyError, TypeError):
        raise ValueError(f"draw from 'deck' or a colour ({_colour_list(COLOURS[:5])}; purple in the "
                         f"six-colour game), not {source!r}") from None


def pass_cards(first, second) -> Action:
    """The action "pass ``first`` and ``second``" to the partner (the cards in order)."""
    first, second = sorted((_as_card(first), _as_card(second)))
    return _pair_action(first, second)


def _pair_action(first: Card, second: Card) -> Action:
    """The shared "pass" action of two cards already in order."""
    return _PAIRS[first, second]


class _PairTable(dict):
    """(card, card) in order -> the shared pass action, each made the first time it is asked for."""

    def __missing__(self, pair):
        action = self[pair] = Action("pass", cards=pair)
        return action


_PAIRS = _PairTable()


_ACTION_TEXT = re.compile(
    rf"(play|discard) (?P<card>.+)"
    rf"|draw (?:from )?(?:the )?(?P<source>deck|{'|'.join(COLOURS)})(?: pile)?"
    rf"|pass (?P<first>.+) and (?P<second>.+)"
    rf"|pass (?P<nothing>nothing)"
)


def parse_action(text: str) -> Action:
    """An action from its text (lower case, single spaces), raising NotAnActionError (an
    IllegalActionError) if the text is not an action at all."""
    match = _ACTION_TEXT.fullmatch(text)
    if not match:
        raise NotAnActionError(
            f"{_excerpt(text)} is not a Lost Cities action: try 'play red 7', 'discard blue wager', "
            "'draw deck', 'draw green' (or, with partners, 'pass red 7 and blue 3')"
        )
    try:
        if match.group("card"):
            card = Card.from_text(match.group("card"))
            return card._play if match.group(1) == "play" else card._discard
        if match.group("source"):
            return _DRAWS[match.group("source")]
        if match.group("nothing"):
            return PASS_NOTHING
        return pass_cards(match.group("first"), match.group("second"))
    except ValueError as error:
        raise NotAnActionError(f"{_excerpt(text)}: {error}") from None


# --- a player's view -----------------------------------------------------------------------------
class RoundResult(NamedTuple):
    """How one round ended: the expeditions as they lay, their points, and the running totals."""

    round: int
    starter: int
    expeditions: tuple  # per side: {colour: (cards, bottom to top)}
    scores: tuple  # per side, this round
    totals: tuple  # per side, after this round
    step: int = 0  # the step of the history that ended it (its last draw), counting from 1

    def describe(self, teams: bool = False, names=None) -> str:
        """The round scored expedition by expedition; ``names`` (one per seat) names the sides."""
        lines = [f"Round {self.round}:"]
        for side, row in enumerate(self.expeditions):
            if names:
                who = " & ".join(names[seat] for seat in range(side, len(names), 2))
            else:
                who = f"team {side}" if teams else f"player {side}"
            lines.append(f"  {who}: {self.scores[side]:+d} (total {self.totals[side]:+d})")
            for colour, cards in row.items():
                if cards:
                    lines.append(f"    {colour:<7} {' '.join(_short(c) for c in cards):<32} "
                                 f"{describe_expedition(cards)}")
        return "\n".join(lines)


def _short(card: Card) -> str:
    return "w" if card.value == WAGER else str(card.value)


#: The fields of an observation, in order, with what each holds.
OBSERVATION_FIELDS = {
    "player": "the seat this observation belongs to",
    "num_players": "2, or 4 in partnerships",
    "side": "0 or 1: the player's own seat with two players, the team with four",
    "colours": "the expeditions of this game",
    "to_move": "the seat to act, or TERMINAL",
    "step": '"play" (or pass instead), "draw", "pass" (after a turn); None at the end',
    "hand": "the player's cards, sorted",
    "hand_sizes": "cards held, per seat",
    "deck_size": "cards left in the deck",
    "discards": "colour -> its pile, bottom to top",
    "expeditions": "per side: colour -> its cards, bottom to top",
    "known": "per seat: the cards this player knows that seat holds (own seat: the hand)",
    "pooled": "cards known to be with the other team, not which partner (four players)",
    "blocked": "the pile the mover may not draw from now: the one just discarded to",
    "round": "the round being played",
    "rounds": "rounds in the match",
    "totals": "per side, rounds already scored",
    "round_scores": "per side, the expeditions on the table now",
    "hand_size": "cards dealt to each player",
    "pass_timing": 'with four players: "instead" of a turn or "after" it',
    "turns_without_deck": "turns in a row with no deck draw (the kit's bound on a round)",
    "stall_limit": "after that many, the deck must be drawn (None: no bound)",
}
_OPTIONAL_FIELDS = {"turns_without_deck": 0, "stall_limit": None}


class LostCitiesObservation:
    """What ``player`` may know: their own hand, every expedition, the discard piles, the size of
    the deck (not its order), how many cards each seat holds, and the cards others are known to
    hold because they took them from a discard pile (or, for a partner, were passed them). The
    fields are listed in ``OBSERVATION_FIELDS``.

    ``discards`` shows whole piles, bottom to top: only the top card is visible at the table, but
    every discard was seen being made, so a player with a good memory knows the rest (a teaching
    convenience, as the digest allows).

    An observation is the table as it was when it was asked for, and never changes. Asking is
    cheap (an agent is shown one before every action): the fields are worked out when first read,
    and the state fills in every observation still held before it moves on, so one read later
    still shows the moment it was taken.
    """

    __slots__ = (*OBSERVATION_FIELDS, "_source", "__weakref__")

    def __init__(self, **fields):
        """An observation from its fields (``state.observation(player)`` is the usual way)."""
        unknown = sorted(set(fields) - set(OBSERVATION_FIELDS))
        missing = sorted(set(OBSERVATION_FIELDS) - set(fields) - set(_OPTIONAL_FIELDS))
        if unknown or missing:
            raise TypeError(f"an observation has the fields {list(OBSERVATION_FIELDS)}: "
                            f"unknown {unknown}, missing {missing}")
        _fill_observation(self, tuple(fields.get(name, _OPTIONAL_FIELDS.get(name)) for name in OBSERVATION_FIELDS))

    def __getattr__(self, name):
        """A field not yet worked out: work them all out from the state, then read it."""
        source = object.__getattribute__(self, "_source") if name != "_source" else None
        if source is None or name not in OBSERVATION_FIELDS:
            raise AttributeError(f"an observation has no {name!r}")
        self._settle()
        return object.__getattribute__(self, name)

    def _settle(self) -> None:
        """Work out every field from the state (which has not moved since the observation)."""
        try:
            state = object.__getattribute__(self, "_source")
        except AttributeError:
            return  # built from its fields
        if state is not None:
            _fill_observation(self, state._observed(self.player))

    def _values(self) -> tuple:
        self._settle()
        return tuple(getattr(self, name) for name in OBSERVATION_FIELDS)

    def __setattr__(self, name, value):
        raise AttributeError("an observation never changes")

    __delattr__ = __setattr__

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # its dicts are not hashable

    def __reduce__(self):  # copies and pickles carry the values, never the state
        return (_observation_from, (self._values(),))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(OBSERVATION_FIELDS, self._values()))
        return f"LostCitiesObservation({shown})"

    @property
    def partner(self) -> int | None:
        return (self.player + 2) % 4 if self.num_players == 4 else None

    def discard_tops(self) -> dict:
        """The visible card of each discard pile (None for an empty pile)."""
        return {colour: (pile[-1] if pile else None) for colour, pile in self.discards.items()}

    def unseen(self) -> list:
        """The cards whose place this player does not know: the deck and the unknown part of the
        other hands (sorted; a card may appear more than once)."""
        left = Counter(deck_cards(self.num_players, len(self.colours)))
        left.subtract(self.hand)
        for pile in self.discards.values():
            left.subtract(pile)
        for row in self.expeditions:
            for cards in row.values():
                left.subtract(cards)
        for seat, cards in enumerate(self.known):
            if seat != self.player:
                left.subtract(cards)
        left.subtract(self.pooled)
        return sorted(left.elements())

    def turns_left(self) -> int:
        """This player's turns still to come if every turn draws from the deck (a draw from a
        discard pile stalls the end by a turn): every ``num_players``-th draw is theirs."""
        if self.to_move < 0:
            return 0
        offset = (self.player - self.to_move) % self.num_players
        return 0 if self.deck_size <= offset else (self.deck_size - offset + self.num_players - 1) // self.num_players


_FIELD_SETTERS = tuple(LostCitiesObservation.__dict__[name].__set__ for name in OBSERVATION_FIELDS)
_SET_SOURCE = LostCitiesObservation.__dict__["_source"].__set__
_SET_PLAYER = LostCitiesObservation.__dict__["player"].__set__


def _fill_observation(seen: LostCitiesObservation, values: tuple) -> None:
    for setter, value in zip(_FIELD_SETTERS, values):
        setter(seen, value)
    _SET_SOURCE(seen, None)


def _observation_from(values: tuple) -> LostCitiesObservation:
    seen = object.__new__(LostCitiesObservation)
    _fill_observation(seen, values)
    return seen


_new_observation = object.__new__


# --- the state -----------------------------------------------------------------------------------
_PLAY_STEP, _DRAW_STEP, _PASS_STEP = STEPS
_BIT = {colour: 1 << index for index, colour in enumerate(COLOURS)}
_BANNED_INDEX = {None: 0, **{colour: index + 1 for index, colour in enumerate(COLOURS)}}
_MAX_TWIN = 4  # only wagers (and, with four players, the 2, 3 and 4) come more than once
# _PLAYS_UP_TO[colour index][v]: the action "play" of that colour's card worth v (None for 1), for
# striking plays off the menus when a number goes down.
_PLAYS_UP_TO = tuple(tuple(_CARD_OF[c, v]._play if v != 1 else None for v in range(11)) for c in COLOURS)


class LostCitiesState(GameState):
    """A match of Lost Cities: ``rounds`` rounds of two-step turns until ``TERMINAL``.

    Public fields: ``hands`` (per seat, in the order received), ``deck`` (top last),
    ``discards`` (colour -> pile, bottom to top), ``expeditions`` (per side: colour -> row),
    ``round``/``rounds``, ``totals`` (per side, finished rounds), ``round_results``,
    ``starter``, ``step`` and ``colours``. ``scores()`` and ``winners()`` speak per seat (partners
    share their team's points); ``side_scores()`` per side.
    """

    game = "lost_cities"
    action_type = Action
    # The fields every step reads or writes live in slots, the quickest attributes CPython has
    # (the rest stay in the instance dict, which is too big for its shared-keys speed-up).
    __slots__ = ("_draw_row", "_legal", "_mask", "_menu", "_need", "_next", "_pass_after", "_player", "_stall",
                 "_stall_limit",
                 "_public", "_seat_need", "_seats_of", "_side", "deck", "discards", "expeditions", "hands",
                 "history", "is_terminal", "step", "teams")

    def __init__(self, *, players, seed, colours, rounds, hand_size, pass_timing, first_player, position,
                 stall_limit=STALL_LIMIT):
        placed = _check_options(players, colours, rounds, hand_size, pass_timing, first_player, position,
                                stall_limit)
        rng, seed = make_rng(seed)
        options = {"players": players, "colours": colours, "rounds": rounds, "hand_size": hand_size,
                   "pass_timing": pass_timing, "first_player": first_player, "position": position,
                   "stall_limit": stall_limit}
        GameState.__init__(self, num_players=players, seed=seed, options=options)
        self.is_terminal = False  # a plain attribute (read before every step of a loop), set at the end
        self._watchers: list = []  # weak references to observations whose fields are still to fill in
        self._actors: list[int] = []  # the seat that took each step of ``history``
        self._rng = rng
        self.colours = COLOURS[:colours]
        self.rounds = rounds
        self.hand_size = hand_size
        self.teams = players == 4
        self.pass_timing = pass_timing if self.teams else None
        self._pass_after = self.pass_timing == "after"
        self._set_stall_limit(stall_limit)
        self._full_deck = _DECKS.get((players, colours)) or deck_cards(players, colours)
        self._side = (0, 1, 0, 1)[:players]
        self._seats_of = ((0, 2), (1, 3)) if self.teams else ((0,), (1,))
        self._next = tuple((p + 1) % players for p in range(players))
        self.totals = [0, 0]
        self.round_results: list[RoundResult] = []
        self.round = 0
        self._start_round(first_player, placed)

    # --- the round -------------------------------------------------------------------------
    def _start_round(self, starter: int, placed=None) -> None:
        """Shuffle and deal (or lay out the ``position`` option's cards), starter to move."""
        self.round += 1
        self.starter = starter
        colours = self.colours
        if placed is None:
            deck = list(self._full_deck)
            shuffle(self._rng, deck)
            size = self.hand_size
            self.hands = [deck[-size * (p + 1):len(deck) - size * p] for p in range(self.num_players)]
            del deck[-size * self.num_players:]
            self.discards = {colour: [] for colour in colours}
            self.expeditions = [{colour: [] for colour in colours}, {colour: [] for colour in colours}]
        else:
            hands, top, discards, expeditions = placed
            rest = Counter(self._full_deck)
            for cards in (*hands, top, *discards.values(), *(cards for row in expeditions for cards in row.values())):
                rest.subtract(cards)
            deck = list(rest.elements())
            shuffle(self._rng, deck)
            deck += reversed(top)
            self.hands = [list(hand) for hand in hands]
            self.discards = {colour: list(discards.get(colour, ())) for colour in colours}
            self.expeditions = [{colour: list(row.get(colour, ())) for colour in colours} for row in expeditions]
        self.deck = deck
        self._scores = None  # the expeditions' points, worked out when asked for
        self.step = _PLAY_STEP
        self._player = starter
        self._stall = 0
        self._index(blocked=None)

    def _set_stall_limit(self, stall_limit: int | None) -> None:
        self.stall_limit = stall_limit
        self._stall_limit = sys.maxsize if stall_limit is None else stall_limit

    @property
    def stalled(self) -> bool:
        """Whether the coming turn must draw from the deck: ``stall_limit`` turns in a row have
        gone by without a deck draw (the kit's bound on a round's length)."""
        return self._stall >= self._stall_limit

    @property
    def turns_without_deck(self) -> int:
        """Turns in a row, up to now, in which nobody drew from the deck (a pass counts too)."""
        return self._stall

    def _index(self, blocked: str | None) -> None:
        """Work out the quick-lookup tables from the public fields: what each side may still play
        per colour, each seat's menu of plays and discards, which piles have cards and which may
        be drawn from (``blocked``: the colour just discarded). Knowledge of hands starts empty."""
        # _need[side][colour index]: the lowest value the side may still play in that colour
        self._need = [[_lowest_playable(row.get(colour, ())) for colour in COLOURS] if any(row.values())
                      else [WAGER] * len(COLOURS) for row in self.expeditions]
        self._seat_need = [self._need[side] for side in self._side]  # the same lists, by seat
        # Each seat's menu: for each card held, in the order received, its play (while legal)
        # and its discard, each mapped to the move that performs it.
        self._menu = []
        for hand, need in zip(self.hands, self._seat_need):
            menu = {}
            for card in hand:
                if card._discard not in menu:
                    if card.value >= need[card._colour_index]:
                        menu[card._play] = _PLAY_MOVE
                    menu[card._discard] = _DISCARD_MOVE
            self._menu.append(menu)
        self._mask = sum(_BIT[colour] for colour, pile in self.discards.items() if pile)
        # The row of _DRAW_MENUS that the coming draw step uses: set by every play and discard.
        self._draw_row = self._mask * 8 + _BANNED_INDEX[blocked]
        self._legal = self._moves_now()
        seats = range(self.num_players)
        self._public = [[] for _ in seats]  # cards everyone else saw a seat take from a pile
        self._private = [[[] for _ in seats] for _ in seats]  # [o][q]: what o alone knows q holds
        self._pooled = [[], []]  # per team: known to be with the team, not which partner

    def _moves_now(self) -> dict:
        """The mover's legal plays, discards or draws (not passes), each mapped to its move."""
        if self._player == TERMINAL or self.step == _PASS_STEP:
            return _NO_MOVES
        if self.step == _DRAW_STEP:
            return _DECK_ONLY if self._stall >= self._stall_limit else _DRAW_MENUS[self._draw_row]
        return self._menu[self._player]

    def _end_round(self) -> None:
        scores = tuple(self._row_score(side) for side in (0, 1))
        self.totals[0] += scores[0]
        self.totals[1] += scores[1]
        laid = tuple({colour: tuple(cards) for colour, cards in row.items()} for row in self.expeditions)
        self.round_results.append(RoundResult(self.round, self.starter, laid, scores, tuple(self.totals),
                                              len(self.history) + 1))
        if self.round < self.rounds:
            self._start_round(self._next_starter())
        else:
            self._player = TERMINAL
            self.step = None
            self.is_terminal = True
            self._legal = _NO_MOVES

    def _next_starter(self) -> int:
        """The leader starts the next round: the first seat of the leading side after this
        round's starter (on level totals, simply the next seat)."""
        totals = self.totals
        after = [(self.starter + k) % self.num_players for k in range(1, self.num_players + 1)]
        if totals[0] == totals[1]:
            return after[0]
        leader = 0 if totals[0] > totals[1] else 1
        return next(seat for seat in after if self._side[seat] == leader)

    def _row_score(self, side: int) -> int:
        return self.round_scores()[side]

    # --- the protocol ------------------------------------------------------------------------
    # ``current_player``, ``is_terminal``, ``legal_actions`` and ``apply`` have a fast path for
    # the everyday call (the mover, shared Action objects) and hand everything else to
    # ``GameState``, which parses text, resolves players and explains refusals. Both paths make
    # the same checks, against tables kept up to date move by move: each seat's menu of plays and
    # discards, the lowest value each side may still play per colour, and which piles have cards.
    # ``_legal`` is the mover's table for the step at hand (a seat's menu, or a draw menu): it
    # maps each legal play, discard or draw to the move that performs it, so the fast ``apply``
    # checks and dispatches with a single dictionary lookup.
    def _current_player(self) -> int:
        return self._player

    @property
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` once the last round is scored."""
        return self._player

    @property
    def _blocked(self) -> str | None:
        """The colour whose pile the coming draw may not take from (the card just discarded)."""
        barred = self._draw_row % 8
        return COLOURS[barred - 1] if barred else None

    @property
    def side_to_move(self) -> int | None:
        return None if self._player == TERMINAL else self._side[self._player]

    @property
    def variant(self) -> str:
        """Which game is on the table, in words: a rulebook's, or the kit's own variant."""
        colours, players = len(self.colours), self.num_players
        if players == 2:
            return ("the classic game: five expeditions, 60 cards" if colours == 5
                    else "the six-colour edition: purple added, 72 cards")
        if colours == 5:
            return "the partnership game for four: 75 cards"
        return "the kit's own variant: partnerships with six colours, 90 cards (in neither rulebook)"

    def side_of(self, player: int) -> int:
        """The side (team with four players) a seat builds for: 0 or 1."""
        return self._side[player]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions ``player`` (default: the mover) may take now, sorted: at the play step
        the plays, then the discards, each in card order (colours in game order, wagers first),
        then passes, if allowed; at the draw step the deck, then the piles that may be taken, in
        colour order. Empty for anyone but the mover, and once the match is over."""
        if player is None and not self.teams:  # with partners, passes may be legal too
            if self.step == _PLAY_STEP:
                return sorted(self._legal, key=_BY_RANK)
            return list(self._legal)  # the draw menus are made in order
        if self._player == TERMINAL:
            return []
        return GameState.legal_actions(self, player)

    def apply(self, action) -> None:
        """Perform the mover's action: an :class:`Action` or its text (``"play red 7"``)."""
        watchers = self._watchers
        if watchers:  # observations still held must keep showing the table as it is now
            for ref in watchers:
                seen = ref()
                if seen is not None:
                    seen._settle()
            watchers.clear()
        if type(action) is Action:  # a shared action: one lookup checks it and finds its move
            move = self._legal.get(action)
            if move is not None:
                self._actors.append(self._player)
                move(self, action)
                self.history.append(action)
                return
        GameState.apply(self, action)

    def _legal_actions(self, player: int) -> list[Action]:
        actions = sorted(self._legal, key=_BY_RANK)  # ``player`` is the mover: GameState answers [] for others
        if self.step == _PASS_STEP:
            actions = [PASS_NOTHING]
        if self._may_pass(player):
            actions += self._pass_menu(player)
        return actions

    def may_pass(self, player: int | None = None) -> bool:
        """May ``player`` (default: the mover) pass two cards to the partner now? Only with
        partners, at the step the ``pass_timing`` sets, keeping six cards, in a round not stalled."""
        if self._player == TERMINAL:
            return False
        seat = self._player if player is None else self._resolve_player(player)
        return seat == self._player and self._may_pass(seat)

    def partner(self, seat: int) -> int | None:
        """The seat across the table that builds the same expeditions (None with two players)."""
        seat = self._resolve_player(seat)
        return (seat + 2) % 4 if self.teams else None

    def _may_pass(self, player: int) -> bool:
        """May ``player`` pass two cards now (partnerships, at the right step, six kept)?"""
        if not self.teams or len(self.hands[player]) < KEEP_AFTER_PASS + 2:
            return False
        if not self._pass_after and self._stall >= self._stall_limit:
            return False
        return self.step == (_PLAY_STEP if self.pass_timing == "instead" else _PASS_STEP)

    def _pass_menu(self, player: int) -> list[Action]:
        hand = self.hands[player]
        kinds = sorted(dict.fromkeys(hand))
        pairs = _PAIRS
        return [pairs[a, b] for i, a in enumerate(kinds) for b in kinds[i:] if a != b or hand.count(a) > 1]

    def _illegal_reason(self, action: Action, player: int) -> str | None:
        shape = action._shape
        if action in self._legal:  # ``player`` is the mover (GameState has checked)
            return None
        if shape == _PASS:
            return self._pass_problem(action.cards, player)
        return self._refusal(action, player)

    def _pass_problem(self, cards: tuple, player: int) -> str | None:
        """Why passing ``cards`` is not allowed now (None when it is)."""
        if not self.teams:
            return "passing cards to a partner belongs to the four-player partnership game"
        hand = self.hands[player]
        if self.pass_timing == "instead":
            if not cards:
                return "'pass nothing' declines a pass after a turn; here a pass replaces a turn, so play, discard or pass two cards"
            if self.step != _PLAY_STEP:
                return "a pass replaces a whole turn: you have started this turn, so now draw a card"
            if self._stall >= self._stall_limit:
                return self._stall_reason("play or discard a card now, then draw from the deck")
        elif self.step != _PASS_STEP:
            when = "draw a card first" if self.step == _DRAW_STEP else "play or discard a card and draw first"
            return f"in this game partners pass after a normal turn: {when}"
        if not cards:
            return None
        first, second = cards
        if first == second:
            if hand.count(first) < 2:
                return f"you do not hold two of the {first}"
        elif first not in hand or second not in hand:
            return f"you do not hold the {first if first not in hand else second}"
        if len(hand) - 2 < KEEP_AFTER_PASS:
            return (f"passing two cards would leave you with {len(hand) - 2}: "
                    f"a player never passes below {KEEP_AFTER_PASS} cards in hand")
        return None

    def _refusal(self, action: Action, player: int) -> str:
        """The plain-words reason an action is refused (the fast checks have already said no)."""
        shape = action._shape
        step = self.step
        if shape == _MALFORMED:
            return _malformed(action, self.colours)
        if step == _PASS_STEP:
            return "you have drawn: now pass two cards to your partner, or 'pass nothing'"
        if shape == _DRAW:
            if step == _PLAY_STEP:
                return "first play or discard a card, then draw"
            source = action.source
            if source != "deck" and source not in self.discards:
                return f"there is no {source} pile in the {len(self.colours)}-colour game"
            if not self.discards[source]:
                return f"the {source} discard pile is empty"
            if self._stall >= self._stall_limit and action._shape == _DRAW and self._blocked != source:
                return self._stall_reason("draw from the deck now")
            return (f"the {self.discards[source][-1]} was just discarded: you may not take back the card "
                    "you discarded this turn")
        card = action.card
        if card.colour not in self.colours:
            return f"there is no {card.colour} expedition in the {len(self.colours)}-colour game"
        if step == _DRAW_STEP:
            return f"{self._done_this_turn()}: now draw from the deck or the top of a discard pile"
        if card not in self.hands[player]:
            return f"you do not hold the {card}"
        row = self.expeditions[self._side[player]][card.colour]
        last = next(c for c in reversed(row) if c.value != WAGER)
        whose = "your team's" if self.teams else "your"
        if card.value == WAGER:
            return (f"a wager can only start an expedition: {whose} {card.colour} expedition already has "
                    f"a number (the {last})")
        if card.value == last.value:
            return (f"the {card} cannot follow the {last}: numbers must rise strictly, two equal numbers "
                    "never share an expedition")
        return f"the {card} cannot follow the {last}: the numbers of an expedition must rise"

    def _stall_reason(self, what: str) -> str:
        turns = f"{self._stall} turn{'s' if self._stall != 1 else ''}"
        return f"nobody has drawn from the deck for {turns} in a row: so that the round can end, {what}"

    def _done_this_turn(self) -> str:
        """What the mover did at this turn's play step, in words (at the draw step)."""
        blocked = self._blocked
        if blocked is not None:
            return f"you have discarded the {self.discards[blocked][-1]} this turn"
        last = self.history[-1] if self.history else None
        if last is not None and last.kind == "play":
            return f"you have played the {last.card} this turn"
        return "you have played a card this turn"

    def _describe_legal(self, action: Action, player: int, names=None) -> str:
        who, kind = seat_name(player, names), action.kind
        if kind == "play":
            row = self.expeditions[self._side[player]][action.card.colour]
            where = f"after the {row[-1]}" if row else "starting the expedition"
            return f"{who} may play the {action.card} to the {action.card.colour} expedition, {where}"
        if kind == "discard":
            return f"{who} may discard the {action.card} on the {action.card.colour} pile"
        if kind == "draw":
            if action.source == "deck":
                return f"{who} may draw the top card of the deck ({len(self.deck)} left)"
            return f"{who} may take the {self.discards[action.source][-1]} from the {action.source} pile"
        if not action.cards:
            return f"{who} may keep all their cards"
        return f"{who} may pass the {' and the '.join(map(str, action.cards))} to their partner"

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _example_text(self) -> str:
        return "play red 7"

    # --- moves (called once the action is known to be legal) ----------------------------------
    def _apply(self, action: Action) -> None:
        if self._watchers:
            self._settle_observations()
        self._actors.append(self._player)
        move = self._legal.get(action)
        if move is not None:
            move(self, action)
        else:
            self._pass(action.cards)

    # The moves read card data from the action's slots (``_colour``, ``_value``...), which is
    # quicker than from the card, and keep the tables up to date as they go.
    def _play(self, action: Action) -> None:
        seat = self._player
        card = action.card
        hand = self.hands[seat]
        hand.remove(card)
        value = action._value
        side = self._side[seat]
        self.expeditions[side][action._colour].append(card)
        self._scores = None
        if value > _MAX_TWIN or card not in hand:  # the last copy has left the hand
            menu = self._menu[seat]
            del menu[action]
            del menu[action._discard]
        if value:  # a number: this side may now play only higher numbers of the colour
            need = self._need[side]
            index = action._index
            low = need[index]
            need[index] = value + 1
            stale = _PLAYS_UP_TO[index][low:value + 1]
            for partner in self._seats_of[side]:
                menu = self._menu[partner]
                for old in stale:
                    menu.pop(old, None)
        public = self._public[seat]
        if card in public:
            public.remove(card)
        elif self.teams:
            self._forget_private(seat, card)
        self.step = _DRAW_STEP
        row = self._draw_row = self._mask * 8  # no pile is barred after a play
        self._legal = _DRAW_MENUS[row] if self._stall < self._stall_limit else _DECK_ONLY

    def _discard(self, action: Action) -> None:
        seat = self._player
        card = action.card
        hand = self.hands[seat]
        hand.remove(card)
        self.discards[action._colour].append(card)
        mask = self._mask | action._bit
        self._mask = mask
        if action._value > _MAX_TWIN or card not in hand:
            menu = self._menu[seat]
            del menu[action]
            menu.pop(action._play, None)
        public = self._public[seat]
        if card in public:
            public.remove(card)
        elif self.teams:
            self._forget_private(seat, card)
        self.step = _DRAW_STEP
        row = self._draw_row = mask * 8 + action._index + 1  # this pile is barred for the draw
        self._legal = _DRAW_MENUS[row] if self._stall < self._stall_limit else _DECK_ONLY

    def _draw(self, action: Action) -> None:
        """The drawn card joins the mover's hand (as in ``_take``, inlined: every draw comes
        here); then the round ends if the deck is empty, else the pass step or the next seat."""
        seat = self._player
        source = action.source
        if source == "deck":
            card = self.deck.pop()
            self._stall = 0
        else:
            self._stall += 1
            pile = self.discards[source]
            card = pile.pop()
            if not pile:
                self._mask &= ~card._bit
            self._public[seat].append(card)  # everyone saw which card was taken
        hand = self.hands[seat]
        hand.append(card)
        menu = self._menu[seat]
        discard = card._discard
        value = discard._value
        if value > _MAX_TWIN or discard not in menu:  # a card new to the hand
            if value >= self._seat_need[seat][discard._index]:
                menu[discard._play] = _PLAY_MOVE
            menu[discard] = _DISCARD_MOVE
        if not self.deck:  # the last card is drawn: the round ends at once
            self._end_round()
        elif self._pass_after and len(hand) >= KEEP_AFTER_PASS + 2:
            self.step = _PASS_STEP
            self._legal = _NO_MOVES
        else:
            player = self._player = self._next[seat]
            self.step = _PLAY_STEP
            self._legal = self._menu[player]

    def _take(self, seat: int, card: Card) -> None:
        """``card`` joins ``seat``'s hand, and its play (if legal) and discard join the menu."""
        self.hands[seat].append(card)
        menu = self._menu[seat]
        discard = card._discard
        if discard not in menu:  # a card new to the hand
            if discard._value >= self._seat_need[seat][discard._index]:
                menu[discard._play] = _PLAY_MOVE
            menu[discard] = _DISCARD_MOVE

    def _pass(self, cards: tuple) -> None:
        seat = self._player
        if cards:
            partner = (seat + 2) % 4
            for card in cards:
                self._lose(seat, card)
                self._take(partner, card)
            # Opponents saw two cards go face down: what they knew this seat held may now be
            # with either partner. The partner knows exactly, and the passer knows what it gave.
            public = self._public[seat]
            self._pooled[self._side[seat]] += public
            view = public + self._private[partner][seat]
            for card in cards:
                if card in view:
                    view.remove(card)
            self._private[partner][seat] = view
            self._private[seat][partner] += cards
            self._public[seat] = []
        if not self._pass_after:  # a pass instead of a turn: a turn without a deck draw
            self._stall += 1
        player = self._player = self._next[seat]
        self.step = _PLAY_STEP
        self._legal = self._menu[player]

    def _lose(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        if card not in hand:
            menu = self._menu[seat]
            del menu[card._discard]
            menu.pop(card._play, None)

    def _forget_private(self, seat: int, card: Card) -> None:
        """The partner's own knowledge, and the opponents' pool, lose the card too."""
        for view in (self._private[(seat + 2) % 4][seat], self._pooled[self._side[seat]]):
            if card in view:
                view.remove(card)

    # --- the end -----------------------------------------------------------------------------
    def round_scores(self) -> list[int]:
        """Per side, what the expeditions on the table are worth now (worked out once after each
        play: only plays change them)."""
        scores = self._scores
        if scores is None:
            scores = self._scores = tuple(sum(score_expedition(cards) for cards in row.values() if cards)
                                          for row in self.expeditions)
        return list(scores)

    def side_scores(self) -> list[int]:
        """Per side: the finished rounds plus, during a round, the expeditions on the table."""
        if self._player == TERMINAL:
            return list(self.totals)
        running = self.round_scores()
        return [self.totals[0] + running[0], self.totals[1] + running[1]]

    def scores(self) -> list[int]:
        """Per seat (partners share their team's score): finished rounds plus the running round."""
        sides = self.side_scores()
        return [sides[side] for side in self._side]

    def winners(self) -> list[int]:
        """The seats of the side with the higher total once the match is over; a tie is a tie."""
        if self._player != TERMINAL:
            return []
        best = max(self.totals)
        return [seat for seat, side in enumerate(self._side) if self.totals[side] == best]

    # --- what a player sees ------------------------------------------------------------------
    def observation(self, player: int) -> LostCitiesObservation:
        """What ``player`` may know now (see :class:`LostCitiesObservation`)."""
        if type(player) is not int or not 0 <= player < self.num_players:
            player = self._resolve_player(player)
        seen = _new_observation(LostCitiesObservation)  # its fields are filled in when first read
        _SET_PLAYER(seen, player)
        _SET_SOURCE(seen, self)
        self._watchers.append(_weak(seen))
        return seen

    def _settle_observations(self) -> None:
        """Before the state moves on: fill in the observations still held (a dropped one is gone)."""
        for ref in self._watchers:
            seen = ref()
            if seen is not None:
                seen._settle()
        self._watchers.clear()

    def _observed(self, player: int) -> tuple:
        """The fields of ``player``'s observation now, in ``OBSERVATION_FIELDS`` order."""
        known = []
        for seat in range(self.num_players):
            if seat == player:
                known.append(tuple(sorted(self.hands[seat])))
            else:
                known.append(tuple(self._public[seat] + self._private[player][seat]))
        other = 1 - self._side[player]
        return (player, self.num_players, self._side[player], self.colours, self._player, self.step, known[player],
                tuple(len(hand) for hand in self.hands), len(self.deck),
                {colour: tuple(pile) for colour, pile in self.discards.items()},
                tuple({colour: tuple(cards) for colour, cards in row.items()} for row in self.expeditions),
                tuple(known), tuple(self._pooled[other]) if self.teams else (),
                self._blocked if self.step == _DRAW_STEP else None, self.round, self.rounds, tuple(self.totals),
                tuple(self.round_scores()), self.hand_size, self.pass_timing, self._stall, self.stall_limit)

    def public_observation(self) -> LostCitiesObservation:
        """What anyone at the table may know (a spectator, the projector): expeditions, piles,
        the deck's size, how many cards each seat holds and the cards all saw it take from a
        pile; ``player`` and ``side`` are ``None`` and ``hand`` is empty."""
        values = dict(zip(OBSERVATION_FIELDS, self._observed(0)))
        values.update(player=None, side=None, hand=(), pooled=(),
                      known=tuple(tuple(cards) for cards in self._public))
        return LostCitiesObservation(**values)

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """Step ``number`` in words for ``viewer``: a pass shows its cards to the two partners
        only (the others see two cards go face down); a round's last draw adds its scoring."""
        seat = self._actors[number - 1]

        def name(p: int) -> str:
            return seat_name(p, names)
        who = name(seat)
        s = "" if who == "You" else "s"  # "You play", "Ana plays"
        if step.kind in ("play", "discard"):
            line = f"{who} {step.kind}{s} the {step.card}"
        elif step.kind == "draw":
            line = (f"{who} draw{s} from the deck" if step.source == "deck"
                    else f"{who} take{s} the top card of the {step.source} pile")
        elif not step.cards:
            line = f"{who} keep{s} {'your' if who == 'You' else 'their'} cards"
        elif viewer in (seat, (seat + 2) % 4):
            line = f"{who} pass{s and 'es'} the {step.cards[0]} and the {step.cards[1]} to {name((seat + 2) % 4)}"
        else:
            line = f"{who} pass{s and 'es'} two cards face down to {name((seat + 2) % 4)}"
        lines = [line]
        for result in self.round_results:
            if result.step == number:
                sides = [" & ".join(name(p) for p in self._seats_of[side]) for side in (0, 1)]
                scored = ", ".join(f"{sides[side]} {result.scores[side]:+d}" for side in (0, 1))
                totals = ", ".join(f"{sides[side]} {result.totals[side]:+d}" for side in (0, 1))
                lines.append(f"Round {result.round} scored: {scored} (match: {totals})")
        return lines

    def __getstate__(self):  # pickles and deep copies leave the observations behind
        values, slots = super().__getstate__()
        return {**values, "_watchers": []}, slots

    def clone(self) -> LostCitiesState:
        twin = object.__new__(LostCitiesState)
        twin.__dict__.update(self.__dict__)
        for name in _SHARED_SLOTS:  # values that never change, or are replaced, never mutated
            setattr(twin, name, getattr(self, name))
        twin.options = dict(self.options)
        twin._watchers = []
        twin.history = list(self.history)
        twin._actors = list(self._actors)
        twin.hands = [list(hand) for hand in self.hands]
        twin.deck = list(self.deck)
        twin.discards = {colour: list(pile) for colour, pile in self.discards.items()}
        twin.expeditions = [{colour: list(cards) for colour, cards in row.items()} for row in self.expeditions]
        twin.totals = list(self.totals)
        twin.round_results = list(self.round_results)
        twin._need = [list(need) for need in self._need]
        twin._seat_need = [twin._need[side] for side in self._side]
        twin._menu = [dict(menu) for menu in self._menu]
        twin._legal = twin._moves_now()
        twin._public = [list(cards) for cards in self._public]
        twin._private = [[list(cards) for cards in row] for row in self._private]
        twin._pooled = [list(cards) for cards in self._pooled]
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def reveal(self) -> str:
        """The whole state as text, hidden cards included (every hand, the deck from the top):
        for debugging, never for a screen others can see. ``str(state)`` shows what is public."""
        lines = [self._render()]
        for seat, hand in enumerate(self.hands):
            lines.append(f"  player {seat} holds: {' '.join(map(str, sorted(hand)))}")
        lines.append(f"  deck, top first: {' '.join(map(str, reversed(self.deck))) or '-'}")
        return "\n".join(lines)

    def _render(self) -> str:
        """What everyone at the table sees: expeditions, discard piles, the deck's size and how
        many cards each seat holds (with the cards all saw it take from a pile)."""
        who = "team" if self.teams else "player"
        if self._player == TERMINAL:
            head = f"Lost Cities: match over after {self.rounds} round(s); totals {self.totals[0]:+d} to {self.totals[1]:+d}"
        else:
            doing = {_PLAY_STEP: "to play or discard", _DRAW_STEP: "to draw", _PASS_STEP: "to pass or not"}[self.step]
            head = (f"Lost Cities, round {self.round} of {self.rounds}: player {self._player} {doing}; "
                    f"deck {len(self.deck)} cards; totals {self.totals[0]:+d} to {self.totals[1]:+d}")
        lines = [head]
        tops = "  ".join(f"{colour} {pile[-1] if pile else '-'}{f' ({len(pile)})' if len(pile) > 1 else ''}"
                         .replace(f"{colour} {colour} ", f"{colour} ") for colour, pile in self.discards.items())
        lines.append(f"  discards: {tops}")
        for side in (0, 1):
            row = self.expeditions[side]
            shown = "  ".join(f"{colour} {' '.join(map(_short, cards))}" for colour, cards in row.items() if cards)
            lines.append(f"  {who} {side} expeditions ({self._row_score(side):+d}): {shown or '-'}")
        for seat, hand in enumerate(self.hands):
            seen = self._public[seat]
            taken = f" (taken from the piles: {' '.join(map(str, seen))})" if seen else ""
            lines.append(f"  player {seat}: {len(hand)} cards in hand{taken}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small public picture for a notebook cell: both sides' expeditions and the piles."""
        from html import escape

        def cards(row):
            return " ".join(_short(card) for card in row) or "&middot;"

        head = "".join(f'<th style="color:{_INK[c]}">{c}</th>' for c in self.colours)
        rows = []
        for side in (0, 1):
            cells = "".join(f"<td>{cards(self.expeditions[side][c])}</td>" for c in self.colours)
            rows.append(f"<tr><th>{'team' if self.teams else 'player'} {side} "
                        f"({self._row_score(side):+d})</th>{cells}</tr>")
            if side == 0:
                tops = "".join(f"<td><b>{_short(p[-1]) if p else '&middot;'}</b>"
                               f"{f' ({len(p)})' if len(p) > 1 else ''}</td>" for p in self.discards.values())
                rows.append(f"<tr><th>discard piles</th>{tops}</tr>")
        caption = escape(str(self).splitlines()[0])
        return (f'<table class="gk-lost-cities"><caption style="text-align:left">{caption}</caption>'
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")

    def _outcome_reason(self, names=None) -> str:
        totals = self.totals
        score = f"{totals[0]:+d} to {totals[1]:+d} after {self.rounds} round{'s' if self.rounds != 1 else ''}"
        if totals[0] == totals[1]:
            return f"the match is tied, {score}"
        leader = 0 if totals[0] > totals[1] else 1
        if names:  # a side by its players' names: "Ana wins", "Ana & Carla win"
            seats = self._seats_of[leader]
            who = " & ".join(names[seat] for seat in seats)
            return f"{who} win{'s' if len(seats) == 1 else ''} the match, {score}"
        return f"{'team' if self.teams else 'player'} {leader} wins the match, {score}"


_INK = {"yellow": "#a07800", "blue": "#1f5fbf", "white": "#666", "green": "#1e7b48", "red": "#b03a2e",
        "purple": "#6c3483"}  # the colours' names in a notebook's picture, readable on white
_SHARED_SLOTS = ("_draw_row", "_mask", "_next", "_pass_after", "_player", "_seats_of", "_side", "_stall",
                 "_stall_limit", "is_terminal",
                 "step", "teams")
_PLAY_MOVE, _DISCARD_MOVE = LostCitiesState._play, LostCitiesState._discard
_NO_MOVES: dict = {}  # at a pass step, and at the end: nothing is played, discarded or drawn
_DECK_ONLY = {_DRAWS["deck"]: LostCitiesState._draw}  # the draw step of a stalled round
# The draw step's choices for every (non-empty piles, just-discarded colour), row ``mask * 8 +
# barred``: the deck first, then the piles in colour order, each mapped to the move. Never changed.
_DRAW_MENUS = tuple(
    {_DRAWS[source]: LostCitiesState._draw for source in ["deck"] + [c for i, c in enumerate(COLOURS) if mask >> i & 1 and banned != i + 1]}
    for mask in range(1 << len(COLOURS)) for banned in range(8)
)


def _lowest_playable(row) -> int:
    """The lowest value that may still go on an expedition: 0 (a wager) until a number is down,
    then one more than the last number."""
    numbers = [card.value for card in row if card.value != WAGER]
    return numbers[-1] + 1 if numbers else WAGER


def _colour_list(colours: tuple) -> str:
    return ", ".join(colours)


def _malformed(action: Action, colours: tuple = COLOURS) -> str:
    """Why ``action`` is no action at all, naming the colours of the game at hand."""
    kind = action.kind
    if type(kind) is not str or kind not in KINDS:
        return f"an action's kind is one of {', '.join(KINDS)}, not {kind!r}"
    if kind in ("play", "discard"):
        if type(action.card) is not Card:
            return f"to {kind}, name a card such as Card('red', 7), not {action.card!r}"
        return f"a {kind} names only its card (no source or cards)"
    if kind == "draw":
        if type(action.source) is not str or action.source not in _SOURCES:
            return f"draw from 'deck' or a colour ({_colour_list(colours)}), not {action.source!r}"
        return "a draw names only its source (no card or cards)"
    return "a pass names two cards of your hand, such as 'pass red 7 and blue 3' (or 'pass nothing')"


_DECKS = {(players, colours): deck_cards(players, colours) for players in (2, 4) for colours in (5, 6)}


def _whole(value) -> bool:
    """An int that is not a bool (``True`` is 1 to Python, but not a number of rounds)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _check_options(players, colours, rounds, hand_size, pass_timing, first_player, position, stall_limit):
    """Validate ``new_game``'s options (ValueError with a clear message); return the position's
    cards, read and checked, or None."""
    if not _whole(players) or players not in (2, 4):
        raise ValueError(f"Lost Cities is for 2 players, or 4 in two partnerships; not {players!r}")
    if not _whole(colours) or colours not in (5, 6):
        raise ValueError(f"colours is 5 (the classic game) or 6 (with purple), not {colours!r}")
    if not _whole(rounds) or not 1 <= rounds <= 50:
        raise ValueError(f"rounds is the number of rounds in the match (1..50, usually 3), not {rounds!r}")
    if not _whole(hand_size) or not 1 <= hand_size <= 12:
        raise ValueError(f"hand_size is the cards dealt to each player (1..12, usually 8), not {hand_size!r}")
    if pass_timing not in PASS_TIMINGS:
        raise ValueError(f"pass_timing is 'instead' (of a turn) or 'after' (a turn), not {pass_timing!r}")
    if not _whole(first_player) or not 0 <= first_player < players:
        raise ValueError(f"first_player is a seat from 0 to {players - 1}, not {first_player!r}")
    if stall_limit is not None and (not _whole(stall_limit) or not 1 <= stall_limit <= 10_000):
        raise ValueError("stall_limit is the turns in a row without a deck draw after which the deck must be "
                         f"drawn (1..10000, usually 100), or None for no limit; not {stall_limit!r}")
    if position is None:
        return None
    return _read_position(position, players, COLOURS[:colours])


_POSITION_KEYS = {"hands", "expeditions", "discards", "deck"}


def _read_position(position, players: int, colours: tuple):
    """The cards of a ``position`` option, checked: hands (one list per seat), optional
    expeditions (one {colour: cards} per side), discards ({colour: cards}, bottom to top) and
    deck (cards on top of the deck, the first drawn first). Cards are texts like "red 7"."""
    if not isinstance(position, dict):
        raise ValueError("position is a dict with 'hands' and optionally 'expeditions', 'discards', 'deck'")  # noqa: TRY004 (bad options are ValueErrors, as in every game)
    unknown = sorted(set(position) - _POSITION_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) in position: {unknown}; the keys are {sorted(_POSITION_KEYS)}")

    def cards_of(texts, where):
        if not isinstance(texts, list):
            raise ValueError(f"{where} must be a list of card texts such as 'red 7'")  # noqa: TRY004 (bad options are ValueErrors, as in every game)
        cards = []
        for text in texts:
            if not isinstance(text, str):
                raise ValueError(f"{where} holds {text!r}: cards are written as text, such as 'red 7'")  # noqa: TRY004 (bad options are ValueErrors, as in every game)
            card = Card.from_text(text)
            if card.colour not in colours:
                raise ValueError(f"{where} holds the {card}, but this game has {len(colours)} colours")
            cards.append(card)
        return cards

    hands = position.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise ValueError(f"position['hands'] must list one hand per seat ({players})")
    hands = [cards_of(hand, f"hand {seat}") for seat, hand in enumerate(hands)]
    if any(not hand for hand in hands):
        raise ValueError("every hand needs at least one card")
    top = cards_of(position.get("deck", []), "position['deck']")
    discards = {}
    for colour, texts in _colour_map(position.get("discards", {}), colours, "position['discards']").items():
        discards[colour] = cards_of(texts, f"the {colour} discard pile")
        if any(card.colour != colour for card in discards[colour]):
            raise ValueError(f"the {colour} discard pile may hold only {colour} cards")
    rows = position.get("expeditions", [{}, {}])
    if not isinstance(rows, list) or len(rows) != 2:
        raise ValueError("position['expeditions'] lists two sides, each {colour: [cards]}")
    expeditions = []
    for side, row in enumerate(rows):
        laid = {}
        for colour, texts in _colour_map(row, colours, f"side {side}'s expeditions").items():
            laid[colour] = cards_of(texts, f"side {side}'s {colour} expedition")
            problem = _expedition_problem(colour, laid[colour], " strictly" if players == 4 else "")
            if problem:
                raise ValueError(f"side {side}'s {colour} expedition: {problem}")
        expeditions.append(laid)
    used = Counter(top)
    for cards in (*hands, *discards.values(), *(cards for row in expeditions for cards in row.values())):
        used.update(cards)
    extra = used - Counter(_DECKS[players, len(colours)])
    if extra:
        card, count = next(iter(extra.items()))
        raise ValueError(f"the position uses the {card} more often than the deck holds it ({count} too many)")
    if sum(used.values()) >= len(_DECKS[players, len(colours)]):
        raise ValueError("the position leaves no card in the deck: a round ends when the deck runs out")
    return hands, top, discards, expeditions


def _colour_map(value, colours: tuple, where: str) -> dict:
    if not isinstance(value, dict) or any(colour not in colours for colour in value):
        raise ValueError(f"{where} must map colours ({', '.join(colours)}) to lists of cards")
    return value


def new_game(players: int = 2, *, seed: int | None = None, colours: int = 5, rounds: int = 3,
             hand_size: int = HAND_SIZE, pass_timing: str = "instead", first_player: int = 0,
             position: dict | None = None, stall_limit: int | None = STALL_LIMIT) -> LostCitiesState:
    """A new match of Lost Cities, dealt and ready for the first player's first step.

    ``players=4`` plays two partnerships (seats 0 and 2 against 1 and 3, with the 75-card deck);
    ``colours=6`` adds purple (72 cards); ``rounds`` rounds make the match (totals carry, the
    leader starts the next round); ``hand_size`` cards are dealt to each player; with partners,
    ``pass_timing="instead"`` lets a player pass two cards instead of a turn and ``"after"`` after
    it; ``first_player`` starts round 1 (the rulebook: the oldest player). ``position`` lays out
    round 1 for a lesson or a test — ``{"hands": [[...], [...]], "expeditions": [{colour: [...]},
    {...}], "discards": {colour: [...]}, "deck": [...]}`` with cards as texts like ``"red 7"``;
    ``deck`` lists the cards on top, drawn first-listed first, and every card not placed is
    shuffled beneath them.

    ``players=4`` with ``colours=6`` (90 cards) is the kit's own variant, in neither rulebook
    (``state.variant`` says which game is on the table). ``stall_limit`` is the kit's own bound
    on a round (see the module's docstring): after that many turns in a row without a deck draw,
    the next turn must draw from the deck; ``None`` removes it.
    """
    return LostCitiesState(players=players, seed=seed, colours=colours, rounds=rounds, hand_size=hand_size,
                           pass_timing=pass_timing, first_player=first_player, position=position,
                           stall_limit=stall_limit)


def determinise(observation: LostCitiesObservation, rng: random.Random) -> LostCitiesState:
    """A full state consistent with ``observation``: the player's own hand and everything public
    as observed, the cards others are known to hold in their hands, and the rest of the unseen
    cards dealt at random to the unknown places (other hands and the deck).

    The state is for thinking ahead (search, rollouts): it carries the observation's options but
    no history, so it cannot be saved as a record.
    """
    obs = observation
    unseen = obs.unseen()
    rng.shuffle(unseen)
    hands = [list(obs.hand) if seat == obs.player else list(obs.known[seat]) for seat in range(obs.num_players)]
    pooled = list(obs.pooled)
    rivals = [seat for seat in range(obs.num_players) if obs.num_players == 4 and seat % 2 != obs.side]
    for card in pooled:  # with the other team, one partner or the other
        room = [seat for seat in rivals if len(hands[seat]) < obs.hand_sizes[seat]]
        hands[rng.choice(room)].append(card)
    for seat, hand in enumerate(hands):
        missing = obs.hand_sizes[seat] - len(hand)
        hand += unseen[:missing]
        del unseen[:missing]
    state = object.__new__(LostCitiesState)
    options = {"players": obs.num_players, "colours": len(obs.colours), "rounds": obs.rounds,
               "hand_size": obs.hand_size, "pass_timing": obs.pass_timing or "instead",
               "first_player": 0, "position": None, "stall_limit": obs.stall_limit}
    GameState.__init__(state, num_players=obs.num_players, seed=rng.getrandbits(32), options=options)
    state._rng = random.Random(state.seed)
    state._watchers = []
    state._actors = []
    state.colours = obs.colours
    state.rounds = obs.rounds
    state.hand_size = obs.hand_size
    state.teams = obs.num_players == 4
    state.pass_timing = obs.pass_timing
    state._pass_after = obs.pass_timing == "after"
    state._set_stall_limit(obs.stall_limit)
    state._full_deck = _DECKS[obs.num_players, len(obs.colours)]
    state._side = (0, 1, 0, 1)[:obs.num_players]
    state._seats_of = ((0, 2), (1, 3)) if state.teams else ((0,), (1,))
    state._next = tuple((p + 1) % obs.num_players for p in range(obs.num_players))
    state.totals = list(obs.totals)
    state.round_results = []
    state.round = obs.round
    state.starter = 0
    state.hands = hands
    state.deck = unseen
    state.discards = {colour: list(pile) for colour, pile in obs.discards.items()}
    state.expeditions = [{colour: list(cards) for colour, cards in row.items()} for row in obs.expeditions]
    state._scores = None
    state.step = obs.step
    state._player = obs.to_move
    state._stall = obs.turns_without_deck
    state.is_terminal = obs.to_move == TERMINAL
    state._index(blocked=obs.blocked)
    for seat in range(obs.num_players):
        if seat != obs.player:
            state._public[seat] = list(obs.known[seat])
    return state
