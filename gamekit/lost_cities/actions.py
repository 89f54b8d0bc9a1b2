"""Lost Cities actions: the ``Action`` values (each well-formed one shared), their text, and
the words for an action that is no action at all. What is legal *now* is the state's question
(:mod:`gamekit.lost_cities.refusals` says why not)."""

from __future__ import annotations

import re

from gamekit.core import NotAnActionError
from gamekit.i18n import translations

from .cards import ALL_CARDS, COLOURS, Card, _excerpt, colour_name, the_card

_, ngettext, pgettext = translations("lost_cities")

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
    kind = action.kind
    if kind in ("play", "discard"):
        if kind == "play":
            text = _("play {card}") if you else _("plays {card}")
        else:
            text = _("discard {card}") if you else _("discards {card}")
        return text.format(card=the_card(action.card))
    if kind == "draw":
        if action.source == "deck":
            return _("draw from the deck") if you else _("draws from the deck")
        text = (_("take the top card of the {colour} pile") if you else
                _("takes the top card of the {colour} pile"))
        return text.format(colour=colour_name(action.source))
    if action.cards:
        return _("pass two cards to your partner") if you else _("passes two cards to their partner")
    return _("keep your cards") if you else _("keeps their cards")


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
        raise ValueError(_("draw from 'deck' or a colour ({colours}; purple in the six-colour game), "
                           "not {source}").format(colours=_colour_list(COLOURS[:5]),
                                                  source=repr(source))) from None


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


# Portuguese action text, read as the canonical notation: "jogar vermelho 7" (or "jogar 7 vermelho")
# is "play red 7", "descartar aposta azul" is "discard blue wager", "comprar baralho" is "draw deck".
_PORTUGUESE_WORDS = {
    "jogar": "play", "joga": "play", "descartar": "discard", "descarta": "discard", "comprar": "draw",
    "compra": "draw", "passar": "pass", "passa": "pass", "nada": "nothing", "baralho": "deck", "e": "and",
    "aposta": "wager", "amarelo": "yellow", "amarela": "yellow", "azul": "blue", "branco": "white",
    "branca": "white", "verde": "green", "vermelho": "red", "vermelha": "red", "roxo": "purple",
    "roxa": "purple",
}
_PORTUGUESE_FILLERS = {"o", "a", "do", "da", "pilha", "de", "carta"}
_CARD_AFTER = re.compile(rf"\b(wager|[0-9]+) ({'|'.join(COLOURS)})\b")  # "7 red" -> "red 7"


def _from_portuguese(text: str) -> str:
    """``text`` with Portuguese words put into the canonical notation (English text is left as it is)."""
    words = text.split(" ")
    canonical = " ".join(_PORTUGUESE_WORDS.get(w, w) for w in words if w not in _PORTUGUESE_FILLERS)
    return _CARD_AFTER.sub(r"\2 \1", canonical)


def parse_action(text: str) -> Action:
    """An action from its text (lower case, single spaces), raising NotAnActionError (an
    IllegalActionError) if the text is not an action at all. Portuguese action text ("jogar
    vermelho 7") reads as the canonical action too."""
    match = _ACTION_TEXT.fullmatch(_from_portuguese(text))
    if not match:
        raise NotAnActionError(_(
            "{text} is not a Lost Cities action: try 'play red 7', 'discard blue wager', "
            "'draw deck', 'draw green' (or, with partners, 'pass red 7 and blue 3')").format(
                text=_excerpt(text)))
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
        raise NotAnActionError(_("{text}: {problem}").format(text=_excerpt(text), problem=error)) from None


def _colour_list(colours: tuple) -> str:
    return ", ".join(colours)


def _malformed(action: Action, colours: tuple = COLOURS) -> str:
    """Why ``action`` is no action at all, naming the colours of the game at hand."""
    kind = action.kind
    if type(kind) is not str or kind not in KINDS:
        return _("an action's kind is one of {kinds}, not {kind}").format(
            kinds=", ".join(KINDS), kind=repr(kind))
    if kind in ("play", "discard"):
        if type(action.card) is not Card:
            text = (_("to play, name a card such as Card('red', 7), not {card}") if kind == "play" else
                    _("to discard, name a card such as Card('red', 7), not {card}"))
            return text.format(card=repr(action.card))
        return (_("a play names only its card (no source or cards)") if kind == "play" else
                _("a discard names only its card (no source or cards)"))
    if kind == "draw":
        if type(action.source) is not str or action.source not in _SOURCES:
            return _("draw from 'deck' or a colour ({colours}), not {source}").format(
                colours=_colour_list(colours), source=repr(action.source))
        return _("a draw names only its source (no card or cards)")
    return _("a pass names two cards of your hand, such as 'pass red 7 and blue 3' (or 'pass nothing')")
