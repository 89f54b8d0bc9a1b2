"""Where the lessons are, and copying them into a student's or teacher's own folder.

An installed wheel carries the lessons as package data (``gamekit/lessons/``, with ``apps/``) and the
teacher guide (``gamekit/teacher_guide/``), copied there by the build (``setup.py``). A source checkout
(an editable install, or ``PYTHONPATH`` on the repository) has no such copy: the same files are read
from ``notebooks/`` and ``docs/teacher/`` beside the package.

Nothing here overwrites a file a student has written on, unless asked: ``copy_lessons`` refuses a
folder that exists, and ``reset_lesson`` keeps the student's copy under a new name before restoring.

Each language has its edition: the English lessons at the top of the folder, the Portuguese ones in
its ``pt/`` subfolder (``pt/00_welcome``, ``pt/apps/milhoes``), the teacher guide likewise. A copy
holds every edition; the functions that list or find lessons speak of one edition, the language in
force's unless told another (``language="pt"``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from gamekit.i18n import LANGUAGES, SOURCE_LANGUAGE, language, supported, translations

_, ngettext, pgettext = translations("cli")

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent
DEFAULT_FOLDER = Path("~/gamekit-lessons")
_NOT_LESSONS = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", ".virtual_documents")


def _first_folder(*candidates: Path) -> Path:
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise FileNotFoundError(_("the gamekit lessons are missing from this installation (looked in {folders}); "
                              "reinstall gamekit").format(folders=", ".join(map(str, candidates))))


def lessons_folder() -> Path:
    """The lessons shipped with this gamekit: package data in a wheel, ``notebooks/`` in a checkout."""
    return _first_folder(PACKAGE / "lessons", CHECKOUT / "notebooks")


def teacher_guide_folder() -> Path:
    """The teacher guide (one Markdown page a lesson): package data, or ``docs/teacher/`` in a checkout."""
    return _first_folder(PACKAGE / "teacher_guide", CHECKOUT / "docs" / "teacher")


def teacher_notes(lesson: str) -> str | None:
    """The teacher guide's page for one lesson (Markdown), or ``None`` if it has none yet."""
    try:
        page = teacher_guide_folder() / f"{lesson}.md"
    except FileNotFoundError:
        return None
    return page.read_text(encoding="utf-8") if page.is_file() else None


def edition_prefix(language_code: str | None = None) -> str:
    """Where a language's edition lives in the lessons folder: ``""`` for English, ``"pt/"``."""
    code = supported(language_code) or language()
    return "" if code == SOURCE_LANGUAGE else f"{code}/"


def edition_of(lesson: str) -> str:
    """The language of a lesson's name: ``"pt"`` for ``pt/21_...``, ``"en"`` for ``21_...``."""
    first = lesson.split("/")[0]
    return first if "/" in lesson and first in LANGUAGES else SOURCE_LANGUAGE


def within_edition(lesson: str) -> str:
    """A lesson's name inside its edition: ``pt/21_lost_cities_expected_value`` -> ``21_lost_...``."""
    return lesson.removeprefix(edition_prefix(edition_of(lesson)))


def lesson_names(language_code: str | None = None) -> list[str]:
    """Every lesson and app of one edition, as a path without ``.ipynb``: ``00_welcome``, ...,
    ``apps/milhoes`` in English, ``pt/00_welcome``, ..., ``pt/apps/milhoes`` in Portuguese."""
    source, prefix = lessons_folder(), edition_prefix(language_code)
    others = {f"{code}/" for code in LANGUAGES if code != SOURCE_LANGUAGE}
    notebooks = [p for p in source.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    names = sorted(p.relative_to(source).with_suffix("").as_posix() for p in notebooks)
    if prefix:
        return [n for n in names if n.startswith(prefix)]
    return [n for n in names if not any(n.startswith(other) for other in others)]


def numbered_lessons(language_code: str | None = None) -> list[str]:
    """The numbered lessons of one edition (``00_welcome`` ... ``50_your_own_agent``, or
    ``pt/00_welcome`` ...), without the apps."""
    prefix = edition_prefix(language_code)
    return [name for name in lesson_names(language_code) if "/" not in name.removeprefix(prefix)]


def find_lesson(name: str, language_code: str | None = None) -> str:
    """The lesson a student means by ``name``: ``21``, ``21_lost_cities_expected_value``,
    ``21_lost_cities_expected_value.ipynb`` or ``apps/milhoes`` (the lesson's name is returned,
    ``pt/21_...`` in the Portuguese edition)."""
    wanted = name.strip().replace("\\", "/").removesuffix(".ipynb")
    names, prefix = lesson_names(language_code), edition_prefix(language_code)
    matches = ([n for n in names if n in (wanted, prefix + wanted)]
               or [n for n in names if n.removeprefix(prefix).split("_")[0] == wanted.removeprefix(prefix)])
    if len(matches) != 1:
        raise LookupError(_("there is no lesson {name}; the lessons are: {names}").format(
            name=repr(name), names=", ".join(n.removeprefix(prefix) for n in names)))
    return matches[0]


def copy_lessons(folder: Path) -> list[Path]:
    """Copy every lesson and app into a new ``folder`` and return the notebooks copied. A folder that
    exists is refused, so a student's work is never overwritten."""
    folder = Path(folder).expanduser()
    if folder.exists():
        raise FileExistsError(_("{folder} already exists: gamekit never copies over a student's work. "
                                "Choose a new folder, or restore one lesson with "
                                "`gamekit lessons {folder} --reset NAME`.").format(folder=folder))
    shutil.copytree(lessons_folder(), folder, ignore=_NOT_LESSONS)
    return sorted(folder.rglob("*.ipynb"))


def missing_lessons(folder: Path, language_code: str | None = None) -> list[str]:
    """The lessons of one edition that are not (or no longer) in ``folder``."""
    return [name for name in lesson_names(language_code) if not (Path(folder) / f"{name}.ipynb").exists()]


def reset_lesson(folder: Path, name: str, language_code: str | None = None) -> tuple[Path, Path | None]:
    """Restore one lesson in ``folder`` to the version shipped with gamekit. The student's own copy,
    if any, is kept beside it as ``<lesson>.before-reset.ipynb`` (``-2``, ``-3``... if that exists too).
    Returns the restored notebook and where the student's copy went (or ``None``)."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise FileNotFoundError(_("{folder} is not a folder of lessons; make one with "
                                  "`gamekit lessons {folder}`").format(folder=folder))
    lesson = find_lesson(name, language_code)
    target = folder / f"{lesson}.ipynb"
    kept = None
    if target.exists():
        kept = _free_name(target)
        target.rename(kept)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(lessons_folder() / f"{lesson}.ipynb", target)
    return target, kept


def _free_name(target: Path) -> Path:
    stem = target.name.removesuffix(".ipynb")
    candidate, number = target.with_name(f"{stem}.before-reset.ipynb"), 1
    while candidate.exists():
        number += 1
        candidate = target.with_name(f"{stem}.before-reset-{number}.ipynb")
    return candidate
