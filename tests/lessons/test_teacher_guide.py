"""The teacher guide: every lesson in notebooks/ has its page in docs/teacher/, every page has the
parts a teacher needs and names each exercise of its lesson with its answer, and the index links
every page."""

import json
import re
from pathlib import Path

import pytest

from gamekit.ui.answer_key import answer_key, lessons_with_keys

REPO = Path(__file__).resolve().parents[2]
TEACHER = REPO / "docs" / "teacher"
LESSONS = sorted(path.stem for path in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PAGES = sorted(path.stem for path in TEACHER.glob("[0-9][0-9]_*.md"))
PARTS = ["## Learning goals", "## Timing for a 50-minute class", "## Common misconceptions",
         "## Discussion questions", "## Classroom activity with the board", "## Answer key with worked solutions"]
#: Words about how the kit is built, which a teacher's page never needs.
BACKSTAGE = re.compile(r"\b(the issue|test suite|unit tests?|nbval|pytest|CI\b|TODO|FIXME|branch)", re.IGNORECASE)


def page(stem: str) -> str:
    return (TEACHER / f"{stem}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("stem", LESSONS)
def test_every_lesson_has_a_teacher_page(stem):
    assert (TEACHER / f"{stem}.md").is_file(), f"docs/teacher/{stem}.md is missing"


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_belongs_to_a_lesson_and_names_its_notebook(stem):
    assert stem in LESSONS
    assert f"notebooks/{stem}.ipynb" in page(stem)


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_has_the_parts_of_a_lesson_plan_in_order(stem):
    text = page(stem)
    positions = [text.find(part) for part in PARTS]
    assert -1 not in positions, [part for part, at in zip(PARTS, positions) if at == -1]
    assert positions == sorted(positions)
    timing = text[positions[1]:positions[2]]
    assert re.search(r"\| 0[–-]\d+ \|", timing) and re.search(r"–50 \|", timing)  # a plan that fills the 50 minutes
    activity = text[positions[4]:positions[5]].lower()
    assert "projected" in activity and "hot-seat" in activity and "pairs" in activity


@pytest.mark.parametrize("stem", PAGES)
def test_every_page_names_each_exercise_of_its_lesson_with_answer_and_solution(stem):
    assert stem in lessons_with_keys(), f"lesson {stem} has no answer key to take its exercises from"
    text = page(stem).replace("\u2212", "-")  # a page may write minus signs as in print
    key_ids = [entry["id"] for entry in answer_key(stem)]
    assert re.findall(r"^\*\*(\d\d\.\d+)\*\*", text, re.MULTILINE) == key_ids  # all of them, none stale
    for entry in answer_key(stem):
        block = text[text.index(f"**{entry['id']}**"):]
        block = block[:block.find("\n**", 5) if "\n**" in block[5:] else len(block)]
        assert f"**Answer:** {entry['answer']}" in block, entry["id"]
        assert entry["explanation"].replace("\u2212", "-") in block, entry["id"]


@pytest.mark.parametrize("stem", PAGES)
def test_pages_speak_to_teachers_only(stem):
    assert not BACKSTAGE.search(page(stem))


def test_the_index_links_every_page_and_only_pages_that_exist():
    index = page("README")
    links = re.findall(r"\]\(([^)]+\.md)\)", index)
    assert "pt/README.md" in links  # the Portuguese edition of the guide
    links.remove("pt/README.md")
    assert sorted(Path(link).stem for link in links) == LESSONS
    for link in links:
        assert (TEACHER / link).is_file(), link
    for topic in ("learning path", "50-minute class", "Projecting a board", "Hot-seat etiquette", "gamekit handouts"):
        assert topic.lower() in index.lower(), topic
    assert not BACKSTAGE.search(index)
