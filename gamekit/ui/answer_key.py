"""The lessons' answer key: exercises, answers, hints and worked solutions, kept in the package.

Each lesson's exercises live in ``answers/<lesson>.json`` (for example
``answers/21_lost_cities_expected_value.json``), so a lesson's own cells and outputs never show an
answer: the exercise widget reads its entry by id, and a teacher's handout prints the whole key.

A key file is ``{"lesson": "<lesson>", "exercises": [entry, ...]}``; an entry has
``id`` ("21.1"), ``difficulty`` (1-3 stars), ``question``, ``answer`` (a number written exactly,
"5/9" or "-24", or a word), ``kind`` ("number" or "word"), optionally ``decimals`` (the precision
the question asks for), ``accept`` (other words that count), ``hint`` and ``explanation``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


#: Where the key files are (a folder inside the package, so that a wheel carries them).
KEY_FOLDER = resources.files(__package__) / "answers"


def lessons_with_keys() -> list[str]:
    """The lessons that have an answer key, in order."""
    if not KEY_FOLDER.is_dir():
        return []
    return sorted(p.name[:-5] for p in KEY_FOLDER.iterdir() if p.name.endswith(".json"))


@cache
def _key_file(lesson: str) -> dict:
    path = KEY_FOLDER / f"{lesson}.json"
    if not path.is_file():
        raise KeyError(f"there is no answer key for the lesson {lesson!r}")
    return json.loads(path.read_text(encoding="utf-8"))


def answer_key(lesson: str) -> list[dict]:
    """Every exercise of one lesson, with its answer and worked explanation, in order."""
    return [dict(entry) for entry in _key_file(lesson)["exercises"]]


def key_entry(exercise_id: str) -> dict:
    """The entry of one exercise ("21.1": lesson 21, exercise 1)."""
    number = exercise_id.split(".")[0]
    for lesson in lessons_with_keys():
        if lesson.split("_")[0] == number:
            for entry in answer_key(lesson):
                if entry["id"] == exercise_id:
                    return entry
    raise KeyError(f"there is no exercise {exercise_id!r} in the answer key")


def key_markdown(lesson: str) -> str:
    """The whole key of one lesson as Markdown, for a teacher's handout: questions, answers,
    hints and worked solutions."""
    lines = [f"## Answer key: {lesson}", ""]
    for entry in answer_key(lesson):
        stars = "★" * entry.get("difficulty", 1)
        answer = entry["answer"]
        if entry.get("decimals") is not None:
            answer = f"{answer} (to {entry['decimals']} decimal places)"
        if entry.get("accept"):
            answer = f"{answer} (also: {', '.join(entry['accept'])})"
        lines += [f"**{entry['id']}** {stars} {entry['question']}", "",
                  f"- Answer: {answer}",
                  f"- Hint: {entry.get('hint', '')}",
                  f"- Worked solution: {entry.get('explanation', '')}", ""]
    return "\n".join(lines)
