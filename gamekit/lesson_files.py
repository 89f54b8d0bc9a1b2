"""Where the lessons are, and copying them into a student's or teacher's own folder.

An installed wheel carries the lessons as package data (``gamekit/lessons/``, with ``apps/``) and the
teacher guide (``gamekit/teacher_guide/``), copied there by the build (``setup.py``). A source checkout
(an editable install, or ``PYTHONPATH`` on the repository) has no such copy: the same files are read
from ``notebooks/`` and ``docs/teacher/`` beside the package.

Nothing here overwrites a file a student has written on, unless asked: ``copy_lessons`` refuses a
folder that exists, and ``reset_lesson`` keeps the student's copy under a new name before restoring.
"""

from __future__ import annotations

import shutil
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent
DEFAULT_FOLDER = Path("~/gamekit-lessons")
_NOT_LESSONS = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc", ".virtual_documents")


def _first_folder(*candidates: Path) -> Path:
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise FileNotFoundError("the gamekit lessons are missing from this installation "
                            f"(looked in {', '.join(map(str, candidates))}); reinstall gamekit")


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


def lesson_names() -> list[str]:
    """Every lesson and app, as a path without ``.ipynb``: ``00_welcome``, ..., ``apps/milhoes``."""
    source = lessons_folder()
    notebooks = [p for p in source.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    return sorted(p.relative_to(source).with_suffix("").as_posix() for p in notebooks)


def numbered_lessons() -> list[str]:
    """The numbered lessons (``00_welcome`` ... ``42_brief_history_play``), without the apps."""
    return [name for name in lesson_names() if "/" not in name]


def find_lesson(name: str) -> str:
    """The lesson a student means by ``name``: ``21``, ``21_lost_cities_expected_value``,
    ``21_lost_cities_expected_value.ipynb`` or ``apps/milhoes`` (the lesson's name is returned)."""
    wanted = name.strip().replace("\\", "/").removesuffix(".ipynb")
    names = lesson_names()
    matches = [n for n in names if n == wanted] or [n for n in names if n.split("_")[0] == wanted]
    if len(matches) != 1:
        raise LookupError(f"there is no lesson {name!r}; the lessons are: {', '.join(names)}")
    return matches[0]


def copy_lessons(folder: Path) -> list[Path]:
    """Copy every lesson and app into a new ``folder`` and return the notebooks copied. A folder that
    exists is refused, so a student's work is never overwritten."""
    folder = Path(folder).expanduser()
    if folder.exists():
        raise FileExistsError(f"{folder} already exists: gamekit never copies over a student's work. "
                              f"Choose a new folder, or restore one lesson with "
                              f"`gamekit lessons {folder} --reset NAME`.")
    shutil.copytree(lessons_folder(), folder, ignore=_NOT_LESSONS)
    return sorted(folder.rglob("*.ipynb"))


def missing_lessons(folder: Path) -> list[str]:
    """The lessons that are not (or no longer) in ``folder``."""
    return [name for name in lesson_names() if not (Path(folder) / f"{name}.ipynb").exists()]


def reset_lesson(folder: Path, name: str) -> tuple[Path, Path | None]:
    """Restore one lesson in ``folder`` to the version shipped with gamekit. The student's own copy,
    if any, is kept beside it as ``<lesson>.before-reset.ipynb`` (``-2``, ``-3``... if that exists too).
    Returns the restored notebook and where the student's copy went (or ``None``)."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder of lessons; make one with `gamekit lessons {folder}`")
    lesson = find_lesson(name)
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
