"""The lessons' answer key: exercises, answers, hints and worked solutions, kept in the package.

Each lesson's exercises live in ``answers/<lesson>.json`` (for example
``answers/21_lost_cities_expected_value.json``), so a lesson's own cells and outputs never show an
answer: the exercise widget reads its entry by id, and a teacher's handout prints the whole key.

A key file is ``{"lesson": "<lesson>", "exercises": [entry, ...]}``; an entry has
``id`` ("21.1"), ``difficulty`` (1-3 stars), ``question``, ``answer`` (a number written exactly,
"5/9" or "-24", or a word), ``kind`` ("number" or "word"), optionally ``decimals`` (the precision
the question asks for), ``accept`` (other words that count), ``hint`` and ``explanation``.

Another language's words are an overlay, ``answers/<language>/<lesson>.json``
(``{"lesson": ..., "language": "pt", "exercises": [{"id", "question", "hint", "explanation"}, ...]}``,
the same ids): read when that language is in force, the English entry's fields standing in for any
the overlay lacks. Numbers are never repeated there; a ``word`` exercise gives its ``answer`` and
``accept`` in that language, and the English words still count.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..i18n import SOURCE_LANGUAGE, language, supported, translations

_, ngettext, pgettext = translations("ui")

#: Where the key files are (a folder inside the package, so that a wheel carries them).
KEY_FOLDER = resources.files(__package__) / "answers"
#: The fields of an entry that an overlay translates.
TRANSLATED_FIELDS = ("question", "hint", "explanation")


def lessons_with_keys() -> list[str]:
    """The lessons that have an answer key, in order."""
    if not KEY_FOLDER.is_dir():
        return []
    return sorted(p.name[:-5] for p in KEY_FOLDER.iterdir() if p.name.endswith(".json") and p.is_file())


@cache
def _key_file(lesson: str) -> dict:
    path = KEY_FOLDER / f"{lesson}.json"
    if not path.is_file():
        raise KeyError(f"there is no answer key for the lesson {lesson!r}")
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def overlay(lesson: str, code: str) -> dict[str, dict]:
    """A lesson's overlay in language ``code``: id -> the entry's translated fields (``{}`` when
    there is none, and for English)."""
    path = KEY_FOLDER / code / f"{lesson}.json"
    if code == SOURCE_LANGUAGE or not path.is_file():
        return {}
    return {entry["id"]: entry for entry in json.loads(path.read_text(encoding="utf-8"))["exercises"]}


def _in_language(entry: dict, lesson: str, code: str) -> dict:
    entry = dict(entry)
    translated = overlay(lesson, code).get(entry["id"])
    if not translated:
        return entry
    for name in TRANSLATED_FIELDS:
        if translated.get(name):
            entry[name] = translated[name]
    if entry.get("kind") == "word" and translated.get("answer"):
        english = [entry["answer"], *entry.get("accept", ())]
        words = [translated["answer"], *translated.get("accept", ()), *english]
        entry["answer"], entry["accept"] = words[0], list(dict.fromkeys(words[1:]))
    return entry


def answer_key(lesson: str, language_code: str | None = None) -> list[dict]:
    """Every exercise of one lesson, with its answer and worked explanation, in order, in the
    language in force (or ``language_code``)."""
    code = supported(language_code) or language()
    return [_in_language(entry, lesson, code) for entry in _key_file(lesson)["exercises"]]


def key_entry(exercise_id: str, language_code: str | None = None) -> dict:
    """The entry of one exercise ("21.1": lesson 21, exercise 1)."""
    number = exercise_id.split(".")[0]
    for lesson in lessons_with_keys():
        if lesson.split("_")[0] == number:
            for entry in answer_key(lesson, language_code):
                if entry["id"] == exercise_id:
                    return entry
    raise KeyError(f"there is no exercise {exercise_id!r} in the answer key")


def untranslated(lesson: str, code: str) -> list[str]:
    """What the ``code`` overlay of ``lesson`` still lacks: "21.1 hint", "21.3 answer", ..."""
    gaps = []
    translated = overlay(lesson, code)
    for entry in _key_file(lesson)["exercises"]:
        ours = translated.get(entry["id"])
        if ours is None:
            gaps.append(f"{entry['id']} (no entry)")
            continue
        wanted = [name for name in TRANSLATED_FIELDS if entry.get(name)]
        if entry.get("kind") == "word":
            wanted.append("answer")
        gaps += [f"{entry['id']} {name}" for name in wanted if not str(ours.get(name) or "").strip()]
    return gaps


def key_markdown(lesson: str, language_code: str | None = None) -> str:
    """The whole key of one lesson as Markdown, for a teacher's handout: questions, answers,
    hints and worked solutions (in the language in force, or ``language_code``)."""
    from ..i18n import using_language

    with using_language(supported(language_code)):
        return _key_markdown(lesson)


def _key_markdown(lesson: str) -> str:
    lines = [_("## Answer key: {lesson}").format(lesson=lesson), ""]
    for entry in answer_key(lesson):
        stars = "★" * entry.get("difficulty", 1)
        answer = entry["answer"]
        if entry.get("decimals") is not None:
            answer = ngettext("{answer} (to {decimals} decimal place)",
                              "{answer} (to {decimals} decimal places)", entry["decimals"]).format(
                answer=answer, decimals=entry["decimals"])
        if entry.get("accept"):
            answer = _("{answer} (also: {words})").format(answer=answer, words=", ".join(entry["accept"]))
        lines += [f"**{entry['id']}** {stars} {entry['question']}", "",
                  _("- **Answer:** {answer}").format(answer=answer),
                  _("- **Hint shown after a wrong answer:** {hint}").format(hint=entry.get("hint", "")),
                  _("- **Worked solution:** {explanation}").format(explanation=entry.get("explanation", "")),
                  ""]
    return "\n".join(lines)
