"""Lost Cities actions: the ``Action`` values (each well-formed one shared), their text, and
the words for an action that is no action at all. What is legal *now* is the state's question
(:mod:`gamekit.lost_cities.refusals` says why not)."""

from __future__ import annotations

import re

from gamekit.core import NotAnActionError

from .cards import ALL_CARDS, COLOURS, Card, _excerpt

STEPS = ("play", "draw", "pass")  # the steps of a turn: play (or discard), draw, and with partners pass
KINDS = ("play", "discard", "draw", "pass")
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


def in_words(action: Action, you: bool = False) -> str:
    """What ``action`` does, for a sentence about a player: "plays the yellow 3", "draws from
    the deck", "takes the top card of the white pile" ("play the yellow 3" with ``you``). A
    pass names no card: only the two partners may know them."""
    s = "" if you else "s"
    if action.kind in ("play", "discard"):
        return f"{action.kind}{s} the {action.card}"
    if action.kind == "draw":
        return (f"draw{s} from the deck" if action.source == "deck"
                else f"take{s} the top card of the {action.source} pile")
    if action.cards:
        return f"pass{s and 'es'} two cards to {'your' if you else 'their'} partner"
    return f"keep{s} {'your' if you else 'their'} cards"


_ACTIONS: dict = {}  # (kind, card, source, cards) -> the shared Action


def _rank_of(order: tuple) -> int:
    """An action's place in the sorted order as one int (quick to sort by): kind, then card,
    then source, then the pair of a pass (cards are at most 66, so each fits in 7 bits)."""
    kind, card, source, pair = order
    first, second = pair or (0, 0)
    return (kind << 28) | ((card + 1) << 20) | ((source + 1) << 16) | (first << 7) | second




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
