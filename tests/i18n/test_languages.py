"""Choosing the language, and the catalogs that carry it."""

import threading
from fractions import Fraction

import pytest

from gamekit import catalogs, i18n



@pytest.fixture
def toy_catalog(tmp_path, monkeypatch):
    """A domain of two sentences, translated in a .po file of its own."""
    folder = tmp_path / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "toy.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "The Flag never moves."\nmsgstr "A Bandeira nunca se move."\n\n'
        'msgid "one card"\nmsgid_plural "{n} cards"\nmsgstr[0] "uma carta"\nmsgstr[1] "{n} cartas"\n\n'
        'msgctxt "card colour"\nmsgid "red"\nmsgstr "vermelha"\n',
        encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_FOLDER", tmp_path)
    i18n.reload_catalogs()
    yield i18n.translations("toy")
    i18n.reload_catalogs()


def test_english_is_the_default_and_the_source(toy_catalog):
    _, ngettext, pgettext = toy_catalog
    assert i18n.language() == "en"
    assert _("The Flag never moves.") == "The Flag never moves."
    assert ngettext("one card", "{n} cards", 3) == "{n} cards"


def test_a_sentence_is_looked_up_in_the_language_in_force_when_it_is_said(toy_catalog):
    _, ngettext, pgettext = toy_catalog
    i18n.set_language("pt")
    assert _("The Flag never moves.") == "A Bandeira nunca se move."
    assert ngettext("one card", "{n} cards", 1) == "uma carta"
    assert ngettext("one card", "{n} cards", 2).format(n=2) == "2 cartas"
    assert pgettext("card colour", "red") == "vermelha"
    assert _("A sentence no translator has seen.") == "A sentence no translator has seen."
    i18n.set_language("en")
    assert _("The Flag never moves.") == "The Flag never moves."


def test_the_environment_chooses_a_whole_session(monkeypatch, toy_catalog):
    _, _n, _p = toy_catalog
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "pt_PT.UTF-8")
    assert i18n.language() == "pt"
    assert _("The Flag never moves.") == "A Bandeira nunca se move."
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "klingon")
    assert i18n.language() == "en"


def test_a_block_speaks_its_own_language_and_other_threads_keep_theirs(toy_catalog):
    _, _n, _p = toy_catalog
    seen = {}

    def other_thread():
        seen["other"] = _("The Flag never moves.")

    with i18n.using_language("pt"):
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        seen["block"] = _("The Flag never moves.")
    assert seen == {"block": "A Bandeira nunca se move.", "other": "The Flag never moves."}
    assert i18n.language() == "en"


def test_an_unknown_language_is_refused_with_the_languages_the_kit_speaks():
    with pytest.raises(i18n.LanguageError, match="Português"):
        i18n.set_language("fr")
    assert i18n.language() == "en"


@pytest.mark.parametrize("header, expected", [
    ("pt-PT,pt;q=0.9,en;q=0.8", "pt"), ("en-GB,en;q=0.9,pt;q=0.8", "en"), ("fr-FR,pt-BR;q=0.5", "pt"),
    ("de", "en"), ("", "en"), (None, "en"), ("pt;q=0,en", "en"), ("pt;q=abc,en;q=0.1", "en")])
def test_a_browser_gets_the_first_language_it_asks_for_that_the_kit_speaks(header, expected):
    assert i18n.best_language(header) == expected


def test_numbers_are_written_as_each_language_writes_them():
    assert i18n.format_number(5 / 12, 3) == "0.417"
    assert i18n.format_percent(5 / 12) == "41.7 %"
    assert i18n.format_number(Fraction(5, 12)) == "5/12"
    i18n.set_language("pt")
    assert i18n.format_number(5 / 12, 3) == "0,417"
    assert i18n.format_percent(5 / 12) == "41,7 %"
    assert i18n.format_number(Fraction(5, 12)) == "5/12"
    assert i18n.format_number(Fraction(5, 12), 2) == "0,42"
    assert i18n.decimal_separator() == ","


def test_a_po_file_compiles_to_what_gettext_reads(toy_catalog):
    import gettext
    import io

    po = (i18n.LOCALE_FOLDER / "pt" / "LC_MESSAGES" / "toy.po").read_text(encoding="utf-8")
    compiled = gettext.GNUTranslations(io.BytesIO(i18n.compile_catalog(po)))
    assert compiled.gettext("The Flag never moves.") == "A Bandeira nunca se move."


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
@pytest.mark.parametrize("domain", list(catalogs.DOMAINS))
def test_every_catalog_is_complete_and_in_step_with_the_code(language, domain):
    report = catalogs.check(language, domain)
    problems = {kind: getattr(report, kind)[:5]
                for kind in ("missing", "untranslated", "fuzzy", "unused") if getattr(report, kind)}
    assert report.complete, (f"{language}/{domain}.po: {problems} "
                             f"(python -m gamekit.catalogs update {domain}, then translate)")
