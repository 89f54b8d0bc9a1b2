"""The words of Stratego's texts in the language in force: pieces, sides, powers and modes, and
sentences kept as their English source with their fields, said when somebody reads them.

A log line or a result is stored as a :class:`Said` (the sentence's English text, its fields), not
as a finished string: the same game is read in English by one person and in Portuguese by
another, and a record never holds words. Fields that name a side or a piece are :class:`Side`
and :class:`Piece`, so a sentence can name the players instead of the armies ("Ana (Fire)",
"Ana's Dragon") and a translation can put the possessive where its language wants it
("o Dragão de Ana").

Piece names keep their English form as the key everywhere (``spec.names``); :func:`piece_word`
gives one of its forms in the language in force: the bare name, with a definite or indefinite
article, or the plural (Portuguese needs each article to agree with the piece: "o Dragão", "a
Feiticeira").
"""

from __future__ import annotations

from typing import NamedTuple

from gamekit.i18n import N_, translations

_, ngettext, pgettext = translations("stratego")

BARE, THE, A, PLURAL = range(4)
#: English piece name -> (bare name, with "the", with "a", plural), for the catalog
PIECE_FORMS = {
    "Dragon": (N_("Dragon"), N_("the Dragon"), N_("a Dragon"), N_("Dragons")),
    "Mage": (N_("Mage"), N_("the Mage"), N_("a Mage"), N_("Mages")),
    "Knight": (N_("Knight"), N_("the Knight"), N_("a Knight"), N_("Knights")),
    "Beast Rider": (N_("Beast Rider"), N_("the Beast Rider"), N_("a Beast Rider"), N_("Beast Riders")),
    "Sorceress": (N_("Sorceress"), N_("the Sorceress"), N_("a Sorceress"), N_("Sorceresses")),
    "Lava Beast": (N_("Lava Beast"), N_("the Lava Beast"), N_("a Lava Beast"), N_("Lava Beasts")),
    "Yeti": (N_("Yeti"), N_("the Yeti"), N_("a Yeti"), N_("Yetis")),
    "Elf": (N_("Elf"), N_("the Elf"), N_("an Elf"), N_("Elves")),
    "Dwarf": (N_("Dwarf"), N_("the Dwarf"), N_("a Dwarf"), N_("Dwarves")),
    "Scout": (N_("Scout"), N_("the Scout"), N_("a Scout"), N_("Scouts")),
    "Slayer": (N_("Slayer"), N_("the Slayer"), N_("a Slayer"), N_("Slayers")),
    "Trap": (N_("Trap"), N_("the Trap"), N_("a Trap"), N_("Traps")),
    "Flag": (N_("Flag"), N_("the Flag"), N_("a Flag"), N_("Flags")),
    # Original Stratego
    "Marshal": (N_("Marshal"), N_("the Marshal"), N_("a Marshal"), N_("Marshals")),
    "General": (N_("General"), N_("the General"), N_("a General"), N_("Generals")),
    "Colonel": (N_("Colonel"), N_("the Colonel"), N_("a Colonel"), N_("Colonels")),
    "Major": (N_("Major"), N_("the Major"), N_("a Major"), N_("Majors")),
    "Captain": (N_("Captain"), N_("the Captain"), N_("a Captain"), N_("Captains")),
    "Lieutenant": (N_("Lieutenant"), N_("the Lieutenant"), N_("a Lieutenant"), N_("Lieutenants")),
    "Sergeant": (N_("Sergeant"), N_("the Sergeant"), N_("a Sergeant"), N_("Sergeants")),
    "Miner": (N_("Miner"), N_("the Miner"), N_("a Miner"), N_("Miners")),
    "Spy": (N_("Spy"), N_("the Spy"), N_("a Spy"), N_("Spies")),
    "Bomb": (N_("Bomb"), N_("the Bomb"), N_("a Bomb"), N_("Bombs")),
    # a piece whose rank the reader does not know
    "piece": (N_("piece"), N_("the piece"), N_("a piece"), N_("pieces")),
}
SIDE_NAMES = {"Fire": N_("Fire"), "Ice": N_("Ice"), "Red": N_("Red"), "Blue": N_("Blue")}
# Translators: {piece} is the bare name ("Dragon"), {the_piece} the name with its article
# ("the Dragon"): use whichever your language puts after the army.
SIDE_PIECE = {"Fire": N_("Fire's {piece}"), "Ice": N_("Ice's {piece}"),
              "Red": N_("Red's {piece}"), "Blue": N_("Blue's {piece}")}
FORBIDDEN_WORDS = {"forbidden area": (N_("forbidden area"), N_("a forbidden area"), N_("the forbidden area")),
                   "lake": (N_("lake"), N_("a lake"), N_("the lake"))}
#: the powers by their action kinds, as the booklet names them
POWER_NAMES = {"move": N_("Move"), "swiftness": N_("Swiftness"), "flight": N_("Flight"), "fury": N_("Fury Attack"),
               # Translators: the Brazilian booklet's "Detecção do Inimigo" (pt-PT, AO90: "Deteção")
               "detect": N_("Enemy Detection"), "charm": N_("Charm"), "arrow": N_("Arrow Attack")}
#: the modes and the captured-pieces modes as a person reads them (the options keep the English keys)
# Translators: the two modes as the English texts name them by their keys: "powers" is the Special Powers
MODE_NAMES = {"classic": N_("classic"), "powers": N_("powers")}
CAPTURED_NAMES = {"open": N_("open"), "prisoner": N_("prisoner"), "secret": N_("secret"), "hidden": N_("hidden")}


def piece_word(name: str, form: int = BARE) -> str:
    """One form of a piece's name (``spec.names``' English key) in the language in force:
    ``piece_word("Elf", A)`` is "an Elf" / "um Elfo"."""
    return _(PIECE_FORMS[name][form])


def side_word(side: str) -> str:
    """A side's name ("Fire", "Ice", "Red", "Blue") in the language in force."""
    return _(SIDE_NAMES[side])


def forbidden_word(word: str, form: int = BARE) -> str:
    """The board's forbidden squares in words: "forbidden area" / "área proibida", or "lake"."""
    return _(FORBIDDEN_WORDS[word][form])


def power_word(kind: str) -> str:
    """A power's name (by its action kind) in the language in force: "Flight" / "Voo"."""
    return _(POWER_NAMES[kind]) if kind in POWER_NAMES else str(kind)


def mode_word(mode: str) -> str:
    return _(MODE_NAMES.get(mode, mode))


def captured_word(mode: str) -> str:
    return _(CAPTURED_NAMES.get(mode, mode))


def either(words) -> str:
    """ "a Lava Beast or a Yeti" in the language in force (one word: itself)."""
    words = list(words)
    text = words[0]
    for word in words[1:]:
        text = _("{first} or {second}").format(first=text, second=word)
    return text


def both(words) -> str:
    """ "Knights and Beast Riders" in the language in force."""
    words = list(words)
    text = words[0]
    for word in words[1:]:
        text = _("{first} and {second}").format(first=text, second=word)
    return text


def capitalised(text: str) -> str:
    """A sentence that begins with a field ("o Dragão ...") begins with a capital letter."""
    for i, char in enumerate(text):
        if not char.isspace():
            return text[:i] + char.upper() + text[i + 1:] if char.islower() else text
    return text


def named(names, sides) -> tuple | None:
    """The players' names for a text, or ``None`` when they are only the armies' names (in
    English or in the language in force), so the text speaks of the armies."""
    if not names:
        return None
    names = tuple(map(str, names))
    if names == tuple(sides) or names == tuple(side_word(s) for s in sides):
        return None
    return names


# The sentences and their fields are named tuples of plain values: a game's log holds thousands of
# them, and tuples of strings and numbers cost little to make and nothing to the garbage collector.
class Side(NamedTuple):
    """A side in a sentence: "Fire", or with the players' names "Ana (Fire)"."""

    index: int
    name: str  # the English name: "Fire", "Ice", "Red", "Blue"

    def say(self, names=None) -> str:
        if names:
            return _("{name} ({side})").format(name=names[self.index], side=side_word(self.name))
        return side_word(self.name)


class Piece(NamedTuple):
    """A piece in a sentence, by its owner: "Fire's Dragon (10)", "Ana's Dragon (10)" or, rank
    unknown, "Fire's piece". ``name`` is its English name (``spec.names``), ``symbol`` its rank
    symbol (``None``: not said)."""

    owner: int
    side: str
    name: str = "piece"
    symbol: str | None = None

    def say(self, names=None) -> str:
        piece, the_piece = piece_word(self.name), piece_word(self.name, THE)
        if names:
            text = _("{name}'s {piece}").format(name=names[self.owner], piece=piece, the_piece=the_piece)
        else:
            text = _(SIDE_PIECE[self.side]).format(piece=piece, the_piece=the_piece)
        if self.symbol is None:
            return text
        return _("{piece} ({rank})").format(piece=text, rank=self.symbol)


class Word(NamedTuple):
    """One form of a piece's name in a sentence ("the Yeti", "an Elf"), said when read."""

    name: str
    form: int = THE

    def say(self, names=None) -> str:
        return piece_word(self.name, self.form)


class Said(NamedTuple):
    """A sentence kept in its English source with its fields, said in the language in force when
    read: ``Said("{side} moves {path}.", (("side", Side(0, "Fire")), ("path", "a3-a4")))``.
    A field is a text (a square, an action), a number, or a :class:`Side`, :class:`Piece`,
    :class:`Word` or another :class:`Said`."""

    text: str
    fields: tuple = ()

    def say(self, names=None) -> str:
        template = _(self.text)
        if not self.fields:
            return template
        values = {key: value.say(names) if hasattr(value, "say") else value for key, value in self.fields}
        return template.format(**values)

    def __str__(self) -> str:
        return self.say()


def said(text: str, **fields) -> Said:
    """A :class:`Said` from keyword fields."""
    return Said(text, tuple(fields.items()))


class Counted(NamedTuple):
    """A sentence whose words depend on a number (a plural): ``sentence(count)`` says it, a
    module-level function that calls ``ngettext``, so the catalog holds both forms."""

    sentence: object
    count: int

    def say(self, names=None) -> str:
        return self.sentence(self.count)

    def __str__(self) -> str:
        return self.say()
