"""Lost Cities cards: the colours, the ``Card`` values, the decks and how an expedition scores.

A card is a small whole number (its place in the sorted deck) with a colour and a value, 2..10 or
0 for a wager; each card exists once, so cards compare, sort and hash as fast as ints.
"""

from __future__ import annotations

import re

from gamekit.i18n import language, translations

_, ngettext, pgettext = translations("lost_cities")

COLOURS = ("yellow", "blue", "white", "green", "red", "purple")  # purple: the six-colour edition
NUMBERS = tuple(range(2, 11))
WAGER = 0  # the value of a wager (investment, handshake) card
WAGERS_PER_COLOUR = 3
BREAK_EVEN = 20  # an expedition costs 20 points to mount
BONUS = 20  # for an expedition of at least BONUS_CARDS cards, added after the multiplication
BONUS_CARDS = 8


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
            raise ValueError(_("{text} is not a card: a card reads like 'red 7' or 'red wager'").format(
                text=_excerpt(text)))
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


def colour_name(colour: str, feminine: bool = True) -> str:
    """A colour in words, in the language in force: "red"; in Portuguese "vermelha" for an
    expedition, a pile or a wager (feminine words), "vermelho" for a number card ("o 7 vermelho")."""
    return _words().get(("colour", colour, feminine), colour)


def card_name(card: Card) -> str:
    """A card in words, for a list: "red 7", "red wager" (in Portuguese "7 vermelho", "aposta
    vermelha"). The action notation keeps ``str(card)``."""
    return _words()["card", card]


def the_card(card: Card) -> str:
    """A card in words, for a sentence, with its article: "the red 7" ("o 7 vermelho", "a aposta
    vermelha": in Portuguese the article agrees with the card)."""
    return _words()["the card", card]


_WORDS: dict = {}  # language -> every colour's and card's words in it


def _words() -> dict:
    """The words for colours and cards in the language in force, worked out once per language:
    boards and agents' notes name cards many times a click."""
    code = language()
    words = _WORDS.get(code)
    if words is None:
        words = {}
        for feminine, names in ((True, _feminine_colours()), (False, _masculine_colours())):
            words.update({("colour", colour, feminine): name for colour, name in names.items()})
        for card in ALL_CARDS:
            words["card", card] = _card_name(card, words)
            words["the card", card] = _the_card(card, words)
        _WORDS[code] = words
    return words


def _masculine_colours() -> dict:
    return {"yellow": pgettext("colour of a number card", "yellow"),
            "blue": pgettext("colour of a number card", "blue"),
            "white": pgettext("colour of a number card", "white"),
            "green": pgettext("colour of a number card", "green"),
            "red": pgettext("colour of a number card", "red"),
            "purple": pgettext("colour of a number card", "purple")}


def _feminine_colours() -> dict:
    return {"yellow": pgettext("colour of an expedition, a pile or a wager", "yellow"),
            "blue": pgettext("colour of an expedition, a pile or a wager", "blue"),
            "white": pgettext("colour of an expedition, a pile or a wager", "white"),
            "green": pgettext("colour of an expedition, a pile or a wager", "green"),
            "red": pgettext("colour of an expedition, a pile or a wager", "red"),
            "purple": pgettext("colour of an expedition, a pile or a wager", "purple")}


def _card_name(card: Card, words: dict) -> str:
    if card.value == WAGER:
        return pgettext("card", "{colour} wager").format(colour=words["colour", card.colour, True])
    return pgettext("card", "{colour} {value}").format(colour=words["colour", card.colour, False],
                                                       value=card.value)


def _the_card(card: Card, words: dict) -> str:
    if card.value == WAGER:
        return pgettext("card, with its article", "the {colour} wager").format(
            colour=words["colour", card.colour, True])
    return pgettext("card, with its article", "the {colour} {value}").format(
        colour=words["colour", card.colour, False], value=card.value)


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
        return _("there is no {colour} expedition: the colours are {colours}").format(
            colour=_excerpt(colour), colours=", ".join(COLOURS))
    return _("there is no {colour} {value}: a card is a wager (value 0) or a number from 2 to 10").format(
        colour=colour, value=_excerpt(value))


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
        return _("not started: 0")
    numbers = [card.value for card in cards if card.value != WAGER]
    wagers = len(cards) - len(numbers)
    text = f"({' + '.join(map(str, numbers)) or '0'} - {BREAK_EVEN})"
    if wagers:
        text += f" x {1 + wagers}"
    if len(cards) >= BONUS_CARDS:
        text = _("{sum} + {bonus} (for {cards} cards)").format(sum=text, bonus=BONUS, cards=len(cards))
    return f"{text} = {score_expedition(cards)}"


def _expedition_problem(colour: str, cards, strictly: bool = False) -> str | None:
    """Why a row of cards is not a legal expedition of ``colour`` (None when it is)."""
    last = None
    for card in cards:
        if card.colour != colour:
            return _("{card} cannot join the {colour} expedition").format(
                card=the_card(card), colour=colour_name(colour))
        if card.value == WAGER:
            if last is not None:
                return _("{card} comes after {last}: wagers go down before any number").format(
                    card=the_card(card), last=the_card(last))
        elif last is not None and card.value <= last.value:
            text = (_("{card} cannot follow {last}: numbers must rise strictly") if strictly else
                    _("{card} cannot follow {last}: numbers must rise"))
            return text.format(card=the_card(card), last=the_card(last))
        else:
            last = card
    return None


def _short(card: Card) -> str:
    """A card of a known colour in a list: its number, or "w" for a wager ("a", aposta, in Portuguese)."""
    return pgettext("a wager card in a list of values", "w") if card.value == WAGER else str(card.value)
