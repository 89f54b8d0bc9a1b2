"""Keeping the translation catalogs in step with the code (for translators and the kit's own checks).

Each domain is the sentences of one part of the kit, found in its source by Babel's extractor (the
calls ``_()``, ``ngettext()``, ``pgettext()`` and ``N_()``)::

    python -m gamekit.catalogs update            # add new sentences to every .po, mark gone ones
    python -m gamekit.catalogs check             # what is missing, untranslated or fuzzy
    python -m gamekit.catalogs compile           # .po -> .mo (the wheel's build does this too)
    python -m gamekit.catalogs merge pt stratego OTHER.po   # take the translations of another copy

A translator then fills in the new entries of ``gamekit/locale/pt/LC_MESSAGES/<domain>.po`` with
Poedit, Weblate or a text editor.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: domain -> the package's files and folders whose sentences it holds
DOMAINS = {
    "core": ["core", "i18n.py"],
    "ui": ["ui"],
    "cli": ["cli.py", "__main__.py", "lesson_files.py", "handouts"],
    "classroom": ["classroom", "league"],
    "milhoes": ["milhoes"],
    "lost_cities": ["lost_cities"],
    "stratego": ["stratego"],
    "brief_history": ["brief_history"],
}
TRANSLATED = ["pt"]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ["Translators:"]


# Words that only one of the two languages uses often: a text with more of the English ones is English
# left behind. (Words both languages share, like "a" or "as", are in neither list.)
ENGLISH_WORDS = frozenset("the and of to is are you your with that this for what which from be can not or "
                          "on by an will has have it its each one there their we when how than into".split())
PORTUGUESE_WORDS = frozenset("o os de do da dos das que é um uma para com não em no na nos nas se por mais "
                             "ao cada seu sua ou como são também quando qual isso este esta há pelo pela "
                             "já ainda está foi".split())


def looks_english(text: str, at_least: int = 2) -> bool:
    """Whether a text still reads as English: at least ``at_least`` common English words, and more
    of them than common Portuguese ones. A quick check for sentences a catalog has missed."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    english = sum(w in ENGLISH_WORDS for w in words)
    return english >= at_least and english > sum(w in PORTUGUESE_WORDS for w in words)


def po_path(language: str, domain: str) -> Path:
    return PACKAGE / "locale" / language / "LC_MESSAGES" / f"{domain}.po"


def source_files(domain: str) -> list[Path]:
    files = []
    for entry in DOMAINS[domain]:
        path = PACKAGE / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [f for f in files if "__pycache__" not in f.parts]


def template(domain: str):
    """Every sentence of a domain's source, as a Babel catalog (a .pot in memory)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(domain=domain, project="gamekit", charset="utf-8")
    for path in source_files(domain):
        for line, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS):
            catalog.add(message, locations=[(str(path.relative_to(PACKAGE)), line)],
                        auto_comments=comments, context=context)
    return catalog


def read(language: str, domain: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(language, domain)
    if not path.is_file():
        return Catalog(locale=language, domain=domain, project="gamekit", charset="utf-8")
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=domain)


def write(catalog, language: str, domain: str) -> None:
    from babel.messages.pofile import write_po

    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, ignore_obsolete=True, include_previous=True)
    path.write_bytes(buffer.getvalue())


def update(language: str, domain: str) -> None:
    """Bring one .po in step with the source: new sentences added (empty), gone ones dropped.
    Babel's fuzzy matching is off: a guessed translation is worse than none."""
    catalog = read(language, domain)
    catalog.update(template(domain), no_fuzzy_matching=True)
    write(catalog, language, domain)


@dataclass
class Report:
    """What a catalog still lacks."""
    domain: str
    language: str
    missing: list[str] = field(default_factory=list)  # in the source, not in the .po
    untranslated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)  # in the .po, no longer in the source
    translated: int = 0

    @property
    def complete(self) -> bool:
        return not (self.missing or self.untranslated or self.fuzzy or self.unused)


def _key(message) -> tuple:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid)


def check(language: str, domain: str) -> Report:
    wanted = {_key(m) for m in template(domain) if m.id}
    catalog = read(language, domain)
    have = {_key(m): m for m in catalog if m.id}
    report = Report(domain, language)
    report.missing = sorted(k[1] for k in wanted - have.keys())
    report.unused = sorted(k[1] for k in have.keys() - wanted)
    for key, message in have.items():
        if key not in wanted:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            report.fuzzy.append(key[1])
        elif not all(strings):
            report.untranslated.append(key[1])
        else:
            report.translated += 1
    return report


def merge(language: str, domain: str, other: Path) -> int:
    """Fill this catalog's untranslated entries from another copy of it (two translators' work,
    or two branches'); then bring it in step with the source. Returns how many entries were filled."""
    from babel.messages.pofile import read_po

    catalog = read(language, domain)
    with Path(other).open("rb") as f:
        theirs = {_key(m): m for m in read_po(f, locale=language, domain=domain) if m.id and m.string}
    filled = 0
    for key, message in theirs.items():
        ours = catalog.get(message.id, context=message.context)
        if ours is None:
            catalog[message.id] = message
            filled += 1
        elif not (ours.string if isinstance(ours.string, str) else all(ours.string)):
            ours.string, ours.flags = message.string, set(message.flags)
            filled += 1
    write(catalog, language, domain)
    update(language, domain)
    return filled


def compile_into(folder: Path) -> list[Path]:
    """Every .po compiled to its .mo beside it under ``folder`` (a wheel's build folder)."""
    from gamekit.i18n import compile_catalog

    written = []
    for po in sorted(folder.rglob("*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_catalog(po.read_text(encoding="utf-8")))
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["update", "check", "compile", "merge"])
    parser.add_argument("domains", nargs="*", help=f"some of {', '.join(DOMAINS)} (all by default); "
                        "for merge: LANGUAGE DOMAIN OTHER.po")
    args = parser.parse_args(argv)
    if args.command == "merge":
        language, domain, other = args.domains
        print(f"{language}/{domain}: {merge(language, domain, Path(other))} entries taken from {other}")
        return 0
    domains = args.domains or list(DOMAINS)
    if args.command == "compile":
        for mo in compile_into(PACKAGE / "locale"):
            print(mo.relative_to(PACKAGE))
        return 0
    failed = False
    for language in TRANSLATED:
        for domain in domains:
            if args.command == "update":
                update(language, domain)
            report = check(language, domain)
            failed |= not report.complete
            print(f"{language}/{domain}: {report.translated} translated, {len(report.untranslated)} "
                  f"untranslated, {len(report.fuzzy)} fuzzy, {len(report.missing)} missing, "
                  f"{len(report.unused)} unused")
            if args.command == "check":
                for kind in ("missing", "untranslated", "fuzzy", "unused"):
                    for msgid in getattr(report, kind):
                        print(f"  {kind}: {msgid!r}")
    return int(failed and args.command == "check")


if __name__ == "__main__":
    sys.exit(main())
