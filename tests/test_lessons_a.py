"""The lessons 00, 10, 11, 20, 21, 23 and 50 meet the teaching rubric: they open with goals,
prerequisites and a time, close with a summary and references, read their exercises from the
answer key (never showing an answer), carry a picture beside every chart, speak only to students,
and have a teacher's page with the worked solutions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamekit.ui.answer_key import answer_key, lessons_with_keys

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
TEACHER = REPO / "docs" / "teacher"

LESSONS = [stem for stem in ("00_welcome", "10_milhoes_rules", "11_milhoes_strategy",
                             "20_lost_cities_rules", "21_lost_cities_expected_value",
                             "23_lost_cities_ai", "50_your_own_agent")
           if (NOTEBOOKS / f"{stem}.ipynb").exists()]
KEYED = [stem for stem in LESSONS if stem in lessons_with_keys()]
MATHS = [stem for stem in ("11_milhoes_strategy", "21_lost_cities_expected_value") if stem in LESSONS]

#: Words about how the kit is built, which students never need to read.
BACKSTAGE = re.compile(r"\b(the issue|issue's|test suite|the tests|unit tests?|nbval|CI\b|development "
                       r"machine|pytest|TODO|FIXME)", re.IGNORECASE)


def cells(stem: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def outputs_text(cell: dict) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/") or mime.endswith("json"):
                parts.append(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    return "\n".join(parts)


def everything(stem: str) -> str:
    return "\n".join(source(c) + "\n" + outputs_text(c) for c in cells(stem))


@pytest.mark.parametrize("stem", LESSONS)
def test_the_lesson_opens_with_goals_prerequisites_and_time(stem):
    first = source(cells(stem)[0])
    assert "you will learn" in first.lower()
    assert "before you start" in first.lower()
    assert re.search(r"\*\*Time:\*\*.*minutes", first)


@pytest.mark.parametrize("stem", LESSONS)
def test_the_lesson_closes_with_a_summary_and_references(stem):
    text = "\n".join(source(c) for c in cells(stem) if c["cell_type"] == "markdown")
    assert "## What you learned" in text
    references = text.split("## References", 1)
    assert len(references) == 2, "a references section"
    assert re.search(r"\(\d{4}\)", references[1]), "references give their year"


@pytest.mark.parametrize("stem", LESSONS)
def test_the_lesson_speaks_to_students_only(stem):
    for cell in cells(stem):
        if cell["cell_type"] == "markdown":
            assert not BACKSTAGE.search(source(cell)), source(cell)[:200]


@pytest.mark.parametrize("stem", LESSONS)
def test_the_lesson_is_committed_executed(stem):
    code = [c for c in cells(stem) if c["cell_type"] == "code"]
    assert code and all(c.get("execution_count") for c in code)
    assert not any(o.get("output_type") == "error" for c in code for o in c.get("outputs", []))


@pytest.mark.parametrize("stem", LESSONS)
def test_every_chart_carries_a_picture(stem):
    for cell in cells(stem):
        for output in cell.get("outputs", []):
            if "application/vnd.plotly.v1+json" in output.get("data", {}):
                assert "image/png" in output["data"], source(cell)[:120]


@pytest.mark.parametrize("stem", KEYED)
def test_exercises_come_from_the_answer_key(stem):
    code = "\n".join(source(c) for c in cells(stem) if c["cell_type"] == "code")
    assert f'exercises("{stem}")' in code
    assert "Exercise(" not in code, "no exercise with its answer written in the lesson"
    entries = answer_key(stem)
    assert len(entries) >= 4
    assert {entry["difficulty"] for entry in entries} >= {1, 2}


@pytest.mark.parametrize("stem", KEYED)
def test_no_answer_or_worked_solution_shows_in_the_lesson(stem):
    text = everything(stem)
    for entry in answer_key(stem):
        assert entry["explanation"] not in text
        answer = entry["answer"]
        # Words and small numbers occur in any lesson's text; fractions and long numbers should not.
        if entry["kind"] == "number" and ("/" in answer or len(answer.lstrip("-")) >= 3):
            shown = re.search(rf"(?<![\w/.]){re.escape(answer)}(?![\w/]|\.\d)", text)
            assert not shown, f"{entry['id']}: the answer {answer} is printed in the lesson"


@pytest.mark.parametrize("stem", MATHS)
def test_maths_lessons_have_a_slider_checked_in_the_next_cell(stem):
    code = [c for c in cells(stem) if c["cell_type"] == "code"]
    for index, cell in enumerate(code):
        if "interact(" in source(cell):
            assert source(cell).startswith("# NBVAL_IGNORE_OUTPUT")
            following = code[index + 1]
            assert ".widget" in source(following) and outputs_text(following).strip()
            return
    pytest.fail("no slider")


@pytest.mark.parametrize("stem", LESSONS)
def test_every_lesson_has_a_teacher_page_with_the_worked_solutions(stem):
    page = (TEACHER / f"{stem}.md").read_text(encoding="utf-8")
    for heading in ("## Learning goals", "## Timing for a 50-minute class", "## Common misconceptions",
                    "## Discussion questions", "## Classroom activity with the board"):
        assert heading in page
    if stem in KEYED:
        for entry in answer_key(stem):
            assert f"**{entry['id']}**" in page and entry["explanation"] in page


@pytest.mark.skipif("10_milhoes_rules" not in LESSONS, reason="lesson 10 is not in this checkout")
def test_lesson_10_shows_what_the_booklet_hides_and_the_memory_aid_shows():
    """Both views are printed from the engine: tops only and no scores by default, everything with the aid."""
    from gamekit.milhoes import Bid, new_game

    lesson = cells("10_milhoes_rules")
    code = "\n".join(source(cell) for cell in lesson if cell["cell_type"] == "code")
    printed = "\n".join(outputs_text(cell) for cell in lesson)
    assert "memory_aid=True" in code and "memory_aid=False" in code
    assert "memory=" not in code.replace("memory_aid=", "") and "hands_left" not in code
    for memory_aid in (False, True):
        state = new_game(4, seed=0, points_order=[5, 1, 2, 3, 4, 6, 7, 8, -1, -2, -3, -4], memory_aid=memory_aid)
        for bids in [(12, 1, 6, 7), (3, 3, 3, 3)]:
            state.apply_joint({player: Bid(card) for player, card in enumerate(bids)})
        seen = state.observation(3)
        assert str(state) in printed
        assert (seen.scores is None) is (not memory_aid)
        assert f"scores: {seen.scores}" in printed
    assert "bid by exactly one player" in everything("10_milhoes_rules")


def test_the_tie_rules_carry_their_authors_names():
    """Ross (1971) discards tied prizes; splitting them is Rhoads & Bartholdi's rule (lesson 11)."""
    from gamekit.milhoes.analysis import ross_expected_scores

    with pytest.raises(ValueError) as refusal:
        ross_expected_scores(13, ties="share")
    assert "'split' (Rhoads & Bartholdi's rule)" in str(refusal.value)
    assert "'discard' (Ross's rule" in str(refusal.value)


# --- Lost Cities: the answer keys of lessons 20, 21 and 23, re-derived from the engine -------------

def keyed_answers(stem: str) -> dict[str, str]:
    return {entry["id"]: entry["answer"] for entry in answer_key(stem)}


def test_lesson_20_answers_follow_from_the_engine():
    from gamekit.lost_cities import Card, deck_cards, new_game, score_expedition

    def expedition(colour, *values):  # 0 is a wager
        return [Card(colour, value) for value in values]

    answers = keyed_answers("20_lost_cities_rules")
    assert int(answers["20.1"]) == score_expedition(expedition("green", 0, 6, 7, 8))
    assert int(answers["20.2"]) == score_expedition(expedition("blue", 0, 3, 5))
    assert int(answers["20.3"]) == score_expedition(expedition("red", 0, *range(3, 10)))
    state = new_game(seed=1, rounds=1)
    discarded = next(a for a in state.legal_actions() if a.kind == "discard")
    state.apply(discarded)
    assert answers["20.4"] == "no" and not state.is_legal(f"draw {discarded.card.colour}")
    least = min(rest for rest in range(40)
                if score_expedition(expedition("yellow", 0, 0, 4)) + 3 * rest >= 0)
    assert int(answers["20.5"]) == least
    assert int(answers["20.6"]) == sum(card.colour == "yellow" for card in deck_cards(4))


def test_lesson_21_answers_follow_from_the_model():
    from fractions import Fraction

    from gamekit.lost_cities import Card, score_expedition
    from gamekit.lost_cities.lessons import expected_value, opening_distribution

    answers = keyed_answers("21_lost_cities_expected_value")
    assert int(answers["21.1"]) == score_expedition([Card("red", v) for v in (0, 0, 3, 5, 8, 10)])
    assert int(answers["21.2"]) == 1 + 3  # a score times (1 + wagers): its spread too
    assert int(answers["21.3"]) == 15 // 2  # the opponent draws first: 8 turns for them, 7 for you
    assert Fraction(answers["21.4"]) == Fraction((15 + 1) // 2, 15)
    assert int(answers["21.5"]) == (44 + 1) // 2 - 1  # 22 draws; the round ends before the 22nd card can be played
    assert Fraction(answers["21.6"]) == expected_value(
        opening_distribution([5, 6], 0, unseen=[7, 8, 9, 10], pool=40, draws=1))


def test_lesson_23_answers_follow_from_its_position():
    from fractions import Fraction

    from gamekit.lost_cities import new_game
    from gamekit.lost_cities.agents import SearchAgent

    layout = {
        "hands": [["red wager", "red 4", "red 7", "blue 3", "blue 9", "white 2", "green 10", "yellow 5"],
                  ["red 8", "blue 5", "blue 6", "white 7", "white 8", "green 3", "yellow 2", "yellow wager"]],
        "expeditions": [{"blue": ["blue 2"]}, {"white": ["white 4", "white 6"]}],
        "discards": {"green": ["green 5"], "yellow": ["yellow 8"]},
    }
    state = new_game(seed=23, rounds=1, position=layout)
    for step in ["play blue 3", "draw deck", "play white 7", "draw yellow"]:
        state.apply(step)
    seen = state.observation(0)
    unseen = len(seen.unseen())
    hidden_in_hand = seen.hand_sizes[1] - len(seen.known[1])
    answers = keyed_answers("23_lost_cities_ai")
    assert int(answers["23.1"]) == SearchAgent(seed=0, method="rollouts").width * 8
    assert Fraction(answers["23.2"]) == Fraction(seen.deck_size, unseen)
    assert int(answers["23.3"]) == 200 * 2 ** 2
    assert int(answers["23.4"]) == 40 // 2
    assert Fraction(answers["23.5"]) == Fraction(hidden_in_hand, unseen) * Fraction(hidden_in_hand - 1, unseen - 1)
