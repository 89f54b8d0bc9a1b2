"""The kit's languages: English, the language the code is written in, and European Portuguese.

Every sentence a student or teacher reads goes through a gettext catalog, one per part of the kit
(``gamekit/locale/<language>/LC_MESSAGES/<domain>.po``), so a translator works with ordinary tools
(Poedit, Weblate) and a third language is a new ``.po`` file, not a change to the code.

A module takes its own domain's functions once, at import::

    from gamekit.i18n import translations
    _, ngettext, pgettext = translations("stratego")

    raise IllegalActionError(_("A Flag never moves."))

The words are looked up when the function is called, in the language in force at that moment:
``set_language("pt")`` for the whole session (or ``GAMEKIT_LANG=pt`` in the environment), and
``using_language("pt")`` for one block of code, as the classroom server does for each browser.
A sentence defined before any language is chosen (a module constant) is marked with ``N_`` and
translated where it is shown: ``_(SOME_CONSTANT)``.

Action texts (``"play red 7"``, ``"a6-a7"``) are one canonical notation in every language, so records
load whatever language they were played in.
"""

from __future__ import annotations

import collections
import contextlib
import contextvars
import gettext
import io
import json
import os
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from importlib import resources

#: The languages the kit speaks: code -> the language's own name (what a language picker shows).
LANGUAGES = {"en": "English", "pt": "Português"}
#: The language of the code, and of a session that chooses none.
SOURCE_LANGUAGE = "en"
#: The environment variable that chooses the language of a whole session.
LANGUAGE_VARIABLE = "GAMEKIT_LANG"
#: The locale each language's numbers are written in (Portugal's decimal comma).
NUMBER_LOCALES = {"en": "en", "pt": "pt_PT"}

LOCALE_FOLDER = resources.files(__package__) / "locale"

_SOURCE = gettext.NullTranslations()  # English: the code's own words
_session_language: str | None = None
_block_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "gamekit_language", default=None)


class LanguageError(ValueError):
    """A language the kit does not speak."""


@cache  # asked at every sentence the kit says (the environment's value), so worked out once
def supported(code: str | None) -> str | None:
    """The kit's language for a code such as ``"pt"``, ``"pt-PT"``, ``"pt_BR"`` or ``"en-GB"``,
    or None when the kit does not speak it."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def _checked(code: str) -> str:
    language = supported(code)
    if language is None:
        known = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
        raise LanguageError(f"gamekit speaks {known}, not {code!r}")
    return language


def set_language(code: str | None) -> None:
    """Choose the language of everything the kit says from now on in this session:
    ``set_language("pt")`` for Portuguese, ``set_language("en")`` for English; ``None`` gives the
    choice back to the ``GAMEKIT_LANG`` environment variable (English when it is not set)."""
    global _session_language
    _session_language = None if code is None else _checked(code)


def language() -> str:
    """The language in force: a ``using_language`` block's, else the session's, else the
    ``GAMEKIT_LANG`` environment variable's, else English."""
    return (_block_language.get() or _session_language
            or supported(os.environ.get(LANGUAGE_VARIABLE)) or SOURCE_LANGUAGE)


@contextlib.contextmanager
def using_language(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block only (this thread or task; the session's choice is left as
    it is). ``None`` keeps the language in force."""
    token = _block_language.set(_checked(code) if code else _block_language.get())
    try:
        yield language()
    finally:
        _block_language.reset(token)


def best_language(accept_language: str | None) -> str:
    """The kit's language a browser asks for first in its ``Accept-Language`` header
    (``"pt-PT,pt;q=0.9,en;q=0.8"`` -> ``"pt"``), English when it asks for none the kit speaks."""
    choices = []
    for position, part in enumerate((accept_language or "").split(",")):
        code, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if supported(code) and weight > 0:
            choices.append((-weight, position, supported(code)))
    return min(choices)[2] if choices else SOURCE_LANGUAGE


def catalog_path(language_code: str, domain: str, suffix: str = ".po"):
    return LOCALE_FOLDER / language_code / "LC_MESSAGES" / f"{domain}{suffix}"


@cache
def _catalog(language_code: str, domain: str) -> gettext.NullTranslations:
    """One domain's translations: the compiled ``.mo`` a wheel ships, or, in a checkout, the ``.po``
    compiled in memory (so a translator's change shows at the next start, with no build step)."""
    po, mo = catalog_path(language_code, domain), catalog_path(language_code, domain, ".mo")
    if mo.is_file() and (not po.is_file() or os.path.getmtime(mo) >= os.path.getmtime(po)):
        return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    if not po.is_file():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_catalog(po.read_text(encoding="utf-8"))))


def reload_catalogs() -> None:
    """Read the catalogs again at their next use (a translator's edit, in a running session)."""
    _catalog.cache_clear()


def compile_catalog(po_text: str) -> bytes:
    """A ``.po`` file's text compiled to ``.mo`` bytes (Babel reads and writes both formats)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    buffer = io.BytesIO()
    write_mo(buffer, read_po(io.StringIO(po_text)))
    return buffer.getvalue()


def _translations_now(domain: str) -> gettext.NullTranslations:
    code = language()
    return _SOURCE if code == SOURCE_LANGUAGE else _catalog(code, domain)


def translations(domain: str):
    """The three gettext functions of one domain, each looking words up in the language in force
    when it is called: ``_(text)``, ``ngettext(singular, plural, n)``, ``pgettext(context, text)``."""

    def _(text: str) -> str:
        return _translations_now(domain).gettext(text)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return _translations_now(domain).ngettext(singular, plural, n)

    def pgettext(context: str, text: str) -> str:
        return _translations_now(domain).pgettext(context, text)

    return _, ngettext, pgettext


def N_(text: str) -> str:
    """Mark a sentence for the catalog without translating it yet (a module constant, translated
    with ``_()`` where it is shown)."""
    return text


def in_every_language(render: Callable[[], str]) -> dict[str, str]:
    """``render()`` once in each language the kit speaks: ``{"en": ..., "pt": ...}``."""
    texts = {}
    for code in LANGUAGES:
        with using_language(code):
            texts[code] = render()
    return texts


def message(domain: str, key: str, **values) -> dict:
    """A sentence to say later, in whoever reads it's language (a row of a database, say): its
    domain, its English text (marked with ``N_`` where it is written, so the catalog has it) and
    its values, each plain text, a number, a message itself or a text in every language
    (``{"en": ..., "pt": ...}``). :func:`say` says it; it is plain JSON data, to store as it is."""
    return {"domain": domain, "key": key, "values": values}


def say(stored) -> str:
    """A stored sentence in the language in force: a :func:`message` (or its JSON text), a text in
    every language, a number, or plain text, said as it is (so rows older than messages still show)."""
    if isinstance(stored, str):
        try:
            parsed = json.loads(stored) if stored.startswith("{") else None
        except ValueError:
            parsed = None
        return say(parsed) if isinstance(parsed, dict) and _is_words(parsed) else stored
    if isinstance(stored, dict) and isinstance(stored.get("key"), str):
        gettext_ = translations(str(stored.get("domain") or "core"))[0]
        values = {name: say(value) for name, value in dict(stored.get("values") or {}).items()}
        try:
            return gettext_(stored["key"]).format(**values)
        except (KeyError, IndexError, ValueError):  # a catalog's placeholder gone wrong: say it in English
            return stored["key"].format_map(collections.defaultdict(str, values))
    if isinstance(stored, dict) and stored and set(stored) <= set(LANGUAGES):
        return str(stored.get(language()) or stored.get(SOURCE_LANGUAGE) or next(iter(stored.values())))
    if isinstance(stored, (int, float)) and not isinstance(stored, bool):
        return format_number(stored)
    return "" if stored is None else str(stored)


def _is_words(data: dict) -> bool:
    """Whether ``data`` is a :func:`message` or a text in every language."""
    return isinstance(data.get("key"), str) or bool(data) and set(data) <= set(LANGUAGES)


def decimal_separator() -> str:
    """The decimal separator of the language in force: "." in English, "," in Portuguese."""
    return "," if language() == "pt" else "."


def format_number(value, places: int | None = None) -> str:
    """A number as the language writes it: ``format_number(0.4167, 3)`` is ``"0.417"`` in English
    and ``"0,417"`` in Portuguese; a Fraction stays a fraction (``"5/12"``); thousands are grouped as the
    language groups them (``"1,234"`` / ``"1 234"``)."""
    from babel.numbers import format_decimal

    if isinstance(value, Fraction) and value.denominator != 1 and places is None:
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Fraction):
        value = float(value)
    pattern = None if places is None else "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(value, format=pattern, locale=NUMBER_LOCALES[language()])


def format_percent(fraction_of_one, places: int = 1) -> str:
    """A share as a percentage: ``format_percent(0.4167)`` is ``"41.7 %"`` / ``"41,7 %"``."""
    return f"{format_number(float(fraction_of_one) * 100, places)} %"
