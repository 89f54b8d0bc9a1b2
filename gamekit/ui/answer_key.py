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


def lessons_with_keys() -> list[str]:
    """The lessons that have an answer key, in order."""
    folder = resources.files(__package__) / "answers"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def _key_file(lesson: str) -> dict:
    path = resources.files(__package__) / "answers" / f"{lesson}.json"
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
