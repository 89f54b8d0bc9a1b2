"""Setting up a Lost Cities match: the options' defaults, their checks (a ``ValueError`` that
says what is allowed) and the ``position`` option, a round 1 laid out card by card."""

from __future__ import annotations

from collections import Counter

from gamekit.i18n import translations

from .cards import COLOURS, Card, _expedition_problem, deck_cards

_, ngettext, pgettext = translations("lost_cities")

HAND_SIZE = 8
KEEP_AFTER_PASS = 6  # a partnership player never passes below six cards in hand
PASS_TIMINGS = ("instead", "after")
STALL_LIMIT = 100  # turns in a row without a deck draw before the deck must be drawn (the kit's own rule)

_DECKS = {(players, colours): deck_cards(players, colours) for players in (2, 4) for colours in (5, 6)}


def _whole(value) -> bool:
    """An int that is not a bool (``True`` is 1 to Python, but not a number of rounds)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _check_options(players, colours, rounds, hand_size, pass_timing, first_player, position, stall_limit):
    """Validate ``new_game``'s options (ValueError with a clear message); return the position's
    cards, read and checked, or None."""
    if not _whole(players) or players not in (2, 4):
        raise ValueError(_("Lost Cities is for 2 players, or 4 in two partnerships; not {value}").format(
            value=repr(players)))
    if not _whole(colours) or colours not in (5, 6):
        raise ValueError(_("colours is 5 (the classic game) or 6 (with purple), not {value}").format(
            value=repr(colours)))
    if not _whole(rounds) or not 1 <= rounds <= 50:
        raise ValueError(_("rounds is the number of rounds in the match (1..50, usually 3), "
                           "not {value}").format(value=repr(rounds)))
    if not _whole(hand_size) or not 1 <= hand_size <= 12:
        raise ValueError(_("hand_size is the cards dealt to each player (1..12, usually 8), "
                           "not {value}").format(value=repr(hand_size)))
    if pass_timing not in PASS_TIMINGS:
        raise ValueError(_("pass_timing is 'instead' (of a turn) or 'after' (a turn), not {value}").format(
            value=repr(pass_timing)))
    if not _whole(first_player) or not 0 <= first_player < players:
        raise ValueError(_("first_player is a seat from 0 to {last}, not {value}").format(
            last=players - 1, value=repr(first_player)))
    if stall_limit is not None and (not _whole(stall_limit) or not 1 <= stall_limit <= 10_000):
        raise ValueError(_("stall_limit is the turns in a row without a deck draw after which the deck must "
                           "be drawn (1..10000, usually 100), or None for no limit; not {value}").format(
            value=repr(stall_limit)))
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
            problem = _expedition_problem(colour, laid[colour], strictly=players == 4)
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
