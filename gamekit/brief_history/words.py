"""How A Brief History of the World speaks: log lines said again in any language, and the names
of the map and the cards as a reader of that language knows them.

The action notation stays canonical English (``"place Balkans"``, ``"take empire Romans"``): it is
what ``parse()`` reads and records save. Sentences show names in the language in force::

    >>> display_name("Balkans"), display_name("Romans")
    ('Balkans', 'Romans')
    >>> from gamekit.i18n import using_language
    >>> with using_language("pt"):
    ...     display_name("Balkans"), display_name("Romans"), display_name("Atlantis")
    ('Balcãs', 'Romanos', 'Atlantis')

A log line is a :class:`Said`: a ``str`` holding the English text (what the log compares, searches
and stores), that remembers its sentence and its values and says itself again with ``words()`` in
the language in force — a table shared by browsers in two languages keeps one log for both.
The game keeps each line as a :class:`Sentence` (a plain tuple) and makes its ``Said`` when the
line is first read: most lines of a game are never read.
"""

from __future__ import annotations

import re

from gamekit.i18n import N_, format_number, language, translations  # noqa: F401 (N_: the doctests use it)

from .names import CARD_TEXTS, LABELS, NAMES

__all__ = ["COLOUR_NAMES", "Listed", "Said", "Sentence", "card_text", "colour_name", "display_name", "name_colours", "resource_name",
           "site_name", "terrain_name", "decimal", "said", "words"]

_, ngettext, pgettext = translations("brief_history")

#: How the kit names the six colours (English keys; ``colour_name`` says them in the language in force).
COLOUR_NAMES = ("blue", "red", "green", "purple", "ochre", "black")


def display_name(name: str) -> str:
    """A territory, Area, sea, ocean, empire, Empire or Event card, resource or kingdom as the
    language in force calls it (``"Balcãs"`` for ``"Balkans"`` in Portuguese); anything else as
    it is. The action notation keeps the canonical English names."""
    if language() == "en" or name not in NAMES:
        return name
    return _(name)


def decimal(x: float, places: int) -> str:
    """A decimal as the language in force writes it (``"0.417"`` / ``"0,417"``): ``format_number``,
    except that English keeps Python's own rounding, so English texts stay exactly as they were."""
    return f"{x:.{places}f}" if language() == "en" else format_number(x, places)


def colour_name(colour: int) -> str:
    """``"blue"`` / ``"azul"``: one of the six colours in the language in force."""
    return (pgettext("colour", "blue"), pgettext("colour", "red"), pgettext("colour", "green"),
            pgettext("colour", "purple"), pgettext("colour", "ochre"), pgettext("colour", "black"))[colour]


def terrain_name(terrain: str) -> str:
    """``"mountain"`` / ``"montanha"``: a terrain of the teaching map in the language in force."""
    return {"clear": pgettext("terrain", "clear"), "forest": pgettext("terrain", "forest"),
            "mountain": pgettext("terrain", "mountain")}.get(terrain, terrain)


def site_name(site: str) -> str:
    """``"capital"`` or ``"city"`` in the language in force."""
    return {"capital": pgettext("site", "capital"), "city": pgettext("site", "city")}.get(site, site)


def resource_name(symbol: str) -> str:
    """A resource symbol of the teaching map (``"wine"`` / ``"vinho"``) in the language in force."""
    return {"cacao": pgettext("resource", "cacao"), "cotton": pgettext("resource", "cotton"),
            "dates": pgettext("resource", "dates"), "furs": pgettext("resource", "furs"),
            "gold": pgettext("resource", "gold"), "grain": pgettext("resource", "grain"),
            "horses": pgettext("resource", "horses"), "ivory": pgettext("resource", "ivory"),
            "marble": pgettext("resource", "marble"), "silk": pgettext("resource", "silk"),
            "spices": pgettext("resource", "spices"), "tin": pgettext("resource", "tin"),
            "tobacco": pgettext("resource", "tobacco"), "wine": pgettext("resource", "wine")}.get(symbol, symbol)


def card_text(text: str) -> str:
    """A text of the kit's data in the language in force: an Event card's text, an Empire card's
    trait, or the label the map and the card set carry (the kit's own, inspired by the published game)."""
    return _(text) if text in _DATA_TEXTS else text


_DATA_TEXTS = frozenset(CARD_TEXTS + LABELS)


# "colour 2" in English, "cor 2" in Portuguese: boards put their own names there ("green (Eva)").
_COLOUR_WORD = re.compile(r"\b(?:colour|cor) (\d)\b")


def name_colours(text: str, name_of) -> str:
    """The engine's ``text`` (a log line, a refusal, in any language) with every ``colour 2``
    replaced by ``name_of(2)``: boards name colours their own way (``"green (Eva)"``)."""
    return _COLOUR_WORD.sub(lambda match: name_of(int(match.group(1))), text)


def _value(value, translate: bool):
    """One value of a sentence, in the language in force (``translate``) or in English."""
    if isinstance(value, Said):
        return value.words() if translate else str(value)
    if isinstance(value, str):
        return display_name(value) if translate else value
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_value(v, translate)) for v in value)
    return value


class Listed(tuple):
    """Names (or pieces of sentences) that a sentence lists, separated by commas in every language."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(map(str, self))


class Said(str):
    """A sentence of the game's log: ``str`` is its English text; ``words()`` says it in the
    language in force. Its values are names (shown with :func:`display_name`), numbers, lists of
    names (a :class:`Listed`), or other ``Said`` pieces. ``indent`` (spaces) goes before the sentence in every language.

    >>> line = Said(N_("{empire} expand into {territory}"), empire="Romans", territory="Gaul")
    >>> line, line.words()
    ('Romans expand into Gaul', 'Romans expand into Gaul')
    """

    def __new__(cls, message: str, plural: str | None = None, n: int = 1, /, *, indent: str = "", **values):
        # Log lines are many (a few per action): the English text is one format, nothing more.
        template = message if plural is None or n == 1 else plural
        line = str.__new__(cls, indent + template.format_map(values) if indent else template.format_map(values))
        line._said = (message, plural, n, indent, values)
        return line

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, *, indent: str = "", **values) -> Said:
        """A sentence with a plural form (``n`` chooses): marked for the catalog by its name."""
        return cls(singular, plural, n, indent=indent, **values)

    @property
    def message(self) -> str:
        """The sentence as the catalog holds it (English, with ``{placeholders}``)."""
        return self._said[0]

    @property
    def values(self) -> dict:
        return self._said[4]

    def __reduce__(self):  # pickled and copied with its sentence, not as a bare str
        return _said, self._said

    def words(self) -> str:
        """The sentence in the language in force."""
        if language() == "en":
            return str.__str__(self)
        message, plural, n, indent, values = self._said
        template = _(message) if plural is None else ngettext(message, plural, n)
        return indent + template.format_map({k: _value(v, True) for k, v in values.items()})


class Sentence:
    """Sentences kept for later as plain tuples ``(message, plural, n, indent, values)``: the log
    keeps thousands of lines and reads few, so it says nothing (no text, no :class:`Said`) until a
    line is read (:func:`said`). Plain tuples and dicts of names and numbers are cheap to make and
    the garbage collector soon stops watching them (a ``Said``, a ``str`` with a ``__dict__``, it
    watches for ever). A value that is such a tuple is a piece of the sentence, said with it.

    >>> said(Sentence.of(N_("{empire} expand into {territory}"), empire="Romans", territory="Gaul"))
    'Romans expand into Gaul'
    """

    @staticmethod
    def of(message: str, /, *, indent: str = "", **values) -> tuple:
        return (message, None, 1, indent, values)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, /, *, indent: str = "", **values) -> tuple:
        """A sentence with a plural form (``n`` chooses): marked for the catalog by its name."""
        return (singular, plural, n, indent, values)


def said(line) -> Said | str:
    """A line kept as a :class:`Sentence` tuple, said as a :class:`Said`; a ``str`` stays as it is."""
    if type(line) is not tuple:
        return line
    message, plural, n, indent, values = line
    return Said(message, plural, n, indent=indent, **{k: _piece(v) for k, v in values.items()})


def _piece(value):
    """A value of a kept sentence as ``Said`` takes it: its pieces (tuples) said, in lists too."""
    if type(value) is tuple:
        return said(value)
    if isinstance(value, Listed):
        return Listed(said(v) for v in value)
    return value


def _said(message, plural, n, indent, values) -> Said:
    return Said(message, plural, n, indent=indent, **values)


def words(line: str) -> str:
    """A log line in the language in force (a plain ``str`` stays as it is)."""
    return line.words() if isinstance(line, Said) else line


def _names_list(names) -> str:
    """Names of the map or the cards, as the language in force says them, separated by commas."""
    return ", ".join(display_name(name) for name in names)


def _no_territory(name) -> str:
    return _("there is no territory {name} on the teaching map").format(name=repr(name))
