"""The exercise checker is fair: every way of writing a right answer the lessons promise is accepted,
wrong answers get the hint, unclear ones a request for a clearer form, and answers stay in the key."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from gamekit.ui import answer_key
from gamekit.ui.exercises import (
    RIGHT, UNCLEAR, WRONG, Exercise, UnclearAnswer, exercises, judge_number, judge_word,
    matches, parse_number, read_number,
)


def status(text, answer, **options):
    return judge_number(text, Fraction(answer), **options).status


# --- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5/12", " 5 / 12 ", "10/24", "5⁄12", "5÷12"])
def test_fractions_are_exact(text):
    assert status(text, Fraction(5, 12)) == RIGHT


@pytest.mark.parametrize("text", ["0.417", "0,417", "0.4167", "0.41666667", "41.67 %", "41.7%",
                                  "41,67 %", "≈ 0.417"])
def test_decimals_and_percentages_to_the_asked_precision(text):
    assert status(text, Fraction(5, 12), decimals=3) == RIGHT


@pytest.mark.parametrize("text", ["0.416", "0.418", "41.6 %", "0.4174"])
def test_decimals_off_at_the_asked_precision_are_wrong(text):
    assert status(text, Fraction(5, 12), decimals=3) == WRONG


@pytest.mark.parametrize("text", ["0.42", "42 %", "0.4"])
def test_too_few_places_asks_for_the_precision(text):
    verdict = judge_number(text, Fraction(5, 12), decimals=3)
    assert verdict.status == UNCLEAR and "3 decimal places" in verdict.message


def test_too_few_places_and_wrong_is_wrong():
    assert status("0.5", Fraction(5, 12), decimals=3) == WRONG


def test_an_exact_answer_refuses_a_rounded_decimal_and_says_why():
    verdict = judge_number("0.417", Fraction(5, 12))
    assert verdict.status == UNCLEAR and "fraction" in verdict.message


@pytest.mark.parametrize("text", ["0.375", "37.5 %", "3/8", "0,375", ".375"])
def test_a_terminating_answer_is_exact_as_a_decimal(text):
    assert status(text, Fraction(3, 8)) == RIGHT


@pytest.mark.parametrize("text", ["−24", "-24", "– 24", "- 24", "-48/2", "−24.0"])
def test_minus_signs(text):
    assert status(text, -24) == RIGHT


def test_plus_24_is_not_minus_24():
    assert status("+24", -24) == WRONG and status("24", -24) == WRONG


@pytest.mark.parametrize("text, value", [("1 1/2", Fraction(3, 2)), ("-1 1/2", Fraction(-3, 2)),
                                         ("2 3/4", Fraction(11, 4)), ("1½", Fraction(3, 2)),
                                         ("1 ½", Fraction(3, 2)), ("¾", Fraction(3, 4))])
def test_mixed_numbers(text, value):
    assert parse_number(text) == value
    assert status(text, value) == RIGHT


def test_one_and_a_half_is_not_eleven_halves():
    assert status("1 1/2", Fraction(11, 2)) == WRONG


def test_an_improper_mixed_number_asks_for_one_fraction():
    assert status("1 3/2", Fraction(5, 2)) == UNCLEAR


@pytest.mark.parametrize("text", ["1,000", "1 000", "1 000", "1.000", "1000", "1,000.0"])
def test_a_thousand_where_a_whole_number_is_expected(text):
    assert status(text, 1000) == RIGHT


@pytest.mark.parametrize("text, value", [("1,000,000", 10 ** 6), ("1.000.000", 10 ** 6),
                                         ("1 000 000", 10 ** 6), ("12 345,5", Fraction(24691, 2)),
                                         ("1,234.5", Fraction(2469, 2)), ("1.234,5", Fraction(2469, 2))])
def test_grouped_thousands_with_decimals(text, value):
    assert parse_number(text) == value


def test_an_ambiguous_comma_asks_for_a_clearer_form():
    verdict = judge_number("1,000", Fraction(1), decimals=3)
    assert verdict.status == UNCLEAR and "1000" in verdict.message and "1.000" in verdict.message
    with pytest.raises(UnclearAnswer):
        read_number("2,500")


@pytest.mark.parametrize("text", ["", "   ", "abc", "1/0", "5//12", "1 00", "1/2/3", "--5", "%"])
def test_unreadable_text_is_unclear_not_an_error(text):
    assert status(text, 1) == UNCLEAR
    assert judge_number(text, Fraction(1)).message


def test_tolerance_still_allows_rounding_of_a_measured_value():
    assert status("0.33", Fraction(1, 3), tolerance=Fraction(1, 100)) == RIGHT


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=200))
def test_every_fraction_is_accepted_as_written(value):
    assert status(f"{value.numerator}/{value.denominator}", value) == RIGHT
    assert status(str(value).replace("-", "−"), value) == RIGHT


@given(st.fractions(min_value=-50, max_value=50, max_denominator=500), st.integers(1, 5))
def test_every_correct_rounding_is_accepted(value, decimals):
    rounded = round(value, decimals)
    text = f"{float(rounded):.{decimals}f}"
    assert status(text, value, decimals=decimals) == RIGHT
    percent = f"{float(round(value * 100, decimals)):.{decimals}f} %"
    assert status(percent, value, decimals=decimals) == RIGHT


@given(st.integers(0, 30), st.integers(1, 30), st.integers(2, 31))
def test_every_proper_mixed_number_is_read(whole, top, bottom):
    if top < bottom:
        assert parse_number(f"{whole} {top}/{bottom}") == whole + Fraction(top, bottom)


@given(st.integers(1000, 10 ** 9))
def test_every_grouping_of_a_whole_number_is_read(number):
    assert status(f"{number:,}", number) == RIGHT
    assert status(f"{number:,}".replace(",", " "), number) == RIGHT
    assert status(f"{number:,}".replace(",", "."), number) == RIGHT


@given(st.text(max_size=12))
def test_no_text_crashes_the_checker(text):
    assert status(text, Fraction(5, 12), decimals=3) in (RIGHT, WRONG, UNCLEAR)


# --- words -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["Flag", "the flag", "FLAG!", " flag ", "bandeira", "a Bandeira"])
def test_words_with_synonyms_and_portuguese(text):
    assert judge_word(text, "flag", ("bandeira",)).right


@pytest.mark.parametrize("text", ["não", "Nao", "no", "NÃO."])
def test_yes_and_no_in_both_languages(text):
    assert judge_word(text, "no").right
    assert not judge_word(text, "yes").right


def test_a_wrong_word_and_an_empty_word():
    assert judge_word("spy", "flag", ("bandeira",)).status == WRONG
    assert judge_word("  ", "flag").status == UNCLEAR


def test_matches_keeps_its_old_meaning():
    assert matches("0.375", Fraction(3, 8)) and matches("Draw", "draw") and not matches("x", 1)


# --- the widget ------------------------------------------------------------------------------

def exercise(**options):
    return Exercise("What is the chance?", Fraction(5, 12), decimals=3, hint="Count the cases.",
                    explanation="5 of the 12 cases.", exercise_id="99.1", difficulty=2, **options)


def from_browser(box, data: dict) -> None:
    """Deliver ``data`` to ``box`` as the browser's comm message would reach the kernel."""
    box._handle_msg({"content": {"data": data}, "buffers": []})


def type_into(box, text: str) -> None:
    """Type ``text`` key by key: with ``continuous_update`` each keystroke sends the value."""
    for end in range(1, len(text) + 1):
        from_browser(box, {"method": "update", "state": {"value": text[:end]}})


def press_enter(box) -> None:
    """What the browser's text box sends when Enter is pressed in it."""
    from_browser(box, {"method": "custom", "content": {"event": "submit"}})


def test_each_keystroke_reaches_the_kernel_but_does_not_check():
    widget = exercise()
    assert widget.box.continuous_update is True
    type_into(widget.box, "0.417")
    assert widget.box.value == "0.417"
    assert widget.verdict_status is None and widget.verdict.value == ""


def test_enter_checks_the_answer():
    widget = exercise()
    type_into(widget.box, "0.417")
    press_enter(widget.box)
    assert widget.solved and "gk-exercise-right" in widget.verdict._dom_classes
    assert "5 of the 12 cases." in widget.verdict.value


def test_other_messages_from_the_box_do_not_check():
    widget = exercise()
    type_into(widget.box, "5/12")
    from_browser(widget.box, {"method": "custom", "content": {"event": "focus"}})
    assert widget.verdict_status is None


def test_one_more_keystroke_clears_the_verdict_and_enter_judges_again():
    widget = exercise()
    type_into(widget.box, "5/12")
    press_enter(widget.box)
    assert widget.solved
    type_into(widget.box, "5/123")
    assert widget.verdict_status is None and widget.verdict.value == "" and not widget.solved
    assert not any(f"gk-exercise-{status}" in widget.verdict._dom_classes
                   for status in (RIGHT, WRONG, UNCLEAR))
    press_enter(widget.box)
    assert widget.verdict_status == WRONG and "Count the cases." in widget.verdict.value


def test_deleting_a_character_clears_the_verdict_too():
    widget = exercise()
    type_into(widget.box, "1/2")
    press_enter(widget.box)
    assert widget.verdict_status == WRONG
    from_browser(widget.box, {"method": "update", "state": {"value": "1/"}})
    assert widget.verdict_status is None


def test_enter_on_an_empty_box_asks_for_an_answer():
    widget = exercise()
    press_enter(widget.box)
    assert widget.verdict_status == UNCLEAR and "Type an answer first" in widget.verdict.value


def test_the_check_button_checks_the_answer():
    widget = exercise()
    type_into(widget.box, "1/2")
    widget.button.click()
    assert widget.verdict_status == WRONG
    type_into(widget.box, "5/12")
    assert widget.verdict_status is None
    widget.button.click()
    assert widget.solved


def test_submit_from_python_is_enter():
    widget = exercise()
    widget.box.value = "41.67 %"
    widget.submit()
    assert widget.solved


def test_a_wrong_answer_shows_the_hint_and_a_right_one_the_explanation():
    widget = exercise()
    assert not widget.check("1/2")
    assert "Not yet" in widget.verdict.value and "Count the cases." in widget.verdict.value
    assert "5 of the 12" not in widget.verdict.value
    assert widget.check("5/12")
    assert "Right" in widget.verdict.value and "5 of the 12 cases." in widget.verdict.value
    assert "Count the cases." not in widget.verdict.value


def test_the_verdict_never_outlives_its_answer():
    widget = exercise()
    widget.check("5/12")
    widget.box.value = "1/2"
    assert widget.verdict_status is None and "Right" not in widget.verdict.value
    assert "gk-exercise-right" not in widget.verdict._dom_classes
    assert not widget.check("1/2") and widget.verdict_status == WRONG
    widget.box.value = ""
    assert widget.verdict.value == "" and widget.verdict_status is None and not widget.solved


def test_an_unclear_answer_says_how_to_write_it():
    widget = exercise()
    widget.check("42 %")
    assert widget.verdict_status == UNCLEAR and "3 decimal places" in widget.verdict.value
    assert widget.check("") is False and "Type an answer first" in widget.verdict.value


def test_verdicts_read_without_an_emoji_font():
    widget = exercise()
    for text in ("5/12", "1/2", "zzz"):
        widget.check(text)
        assert not any(ch in widget.verdict.value for ch in "✅❌✔✖✓✗")
        assert any(word in widget.verdict.value for word in ("Right", "Not yet", "check how"))


def test_the_explanation_is_escaped_html():
    widget = Exercise("q", 1, explanation="a < b & c")
    widget.check("1")
    assert "a &lt; b &amp; c" in widget.verdict.value


def test_the_text_form_names_the_question_but_not_the_answer():
    widget = exercise()
    assert repr(widget) == "Exercise 99.1 ★★: What is the chance?"
    assert "5/12" not in repr(widget) and "5/12" not in widget.question.value


def test_a_word_exercise():
    widget = Exercise("Which piece?", "flag", accept=("bandeira",))
    assert widget.kind == "word" and widget.check("Bandeira")


# --- the answer key --------------------------------------------------------------------------

KEY = {"lesson": "99_practice", "exercises": [
    {"id": "99.1", "difficulty": 1, "question": "Chance of a six?", "answer": "1/6", "kind": "number",
     "decimals": 3, "hint": "One face of six.", "explanation": "1 of 6 faces."},
    {"id": "99.2", "difficulty": 3, "question": "Which piece wins every attack?", "answer": "none",
     "kind": "word", "accept": ["no piece"], "hint": "Think of the Bomb.", "explanation": "None does."},
    {"id": "99.3", "difficulty": 2, "question": "Loss?", "answer": "-24", "kind": "number",
     "hint": "Subtract 20.", "explanation": "4 − 20 − 8 = −24."},
]}


@pytest.fixture
def practice_key(tmp_path, monkeypatch):
    (tmp_path / "99_practice.json").write_text(json.dumps(KEY), encoding="utf-8")
    monkeypatch.setattr(answer_key, "KEY_FOLDER", tmp_path)
    answer_key._key_file.cache_clear()
    yield
    answer_key._key_file.cache_clear()


def test_from_key_builds_the_exercise(practice_key):
    widget = Exercise.from_key("99.1")
    assert widget.decimals == 3 and widget.difficulty == 1 and widget.hint == "One face of six."
    assert widget.check("0.167") and widget.check("16.67 %") and not widget.check("0.16")
    assert Exercise.from_key("99.3").check("−24")


def test_a_word_from_the_key_with_synonyms_and_portuguese(practice_key):
    widget = Exercise.from_key("99.2")
    assert widget.check("No piece") and widget.check("nenhuma") and not widget.check("the spy")


def test_a_lessons_exercises_from_its_key(practice_key):
    for name in ("99_practice", "99"):
        sheet = exercises(name)
        assert [item.exercise_id for item in sheet] == ["99.1", "99.2", "99.3"]
    assert repr(sheet).splitlines()[1] == "Exercise 99.2 ★★★: Which piece wins every attack?"
    assert "1/6" not in repr(sheet) and "none" not in repr(sheet).lower().replace("piece wins", "")


def test_unknown_ids_and_lessons(practice_key):
    with pytest.raises(KeyError):
        Exercise.from_key("99.9")
    with pytest.raises(KeyError):
        exercises("98")


def test_the_teachers_handout_has_every_answer(practice_key):
    text = answer_key.key_markdown("99_practice")
    assert "1/6 (to 3 decimal places)" in text and "none (also: no piece)" in text
    assert "4 − 20 − 8 = −24." in text


# Every real key file: well formed, and each answer is accepted by its own exercise.

REAL_LESSONS = answer_key.lessons_with_keys()


@pytest.mark.parametrize("lesson", REAL_LESSONS)
def test_every_key_file_is_well_formed(lesson):
    entries = answer_key.answer_key(lesson)
    number = lesson.split("_")[0]
    assert len(entries) >= 4, "a lesson has at least four exercises"
    assert len({entry["id"] for entry in entries}) == len(entries)
    for entry in entries:
        assert entry["id"].split(".")[0] == number
        assert entry["difficulty"] in (1, 2, 3)
        assert entry["kind"] in ("number", "word")
        assert entry["question"] and entry["hint"] and entry["explanation"]
        widget = Exercise.from_key(entry["id"])
        assert widget.check(entry["answer"]), entry["id"]
        if entry["kind"] == "word":
            assert all(widget.check(word) for word in entry.get("accept", ()))
        else:
            parse_number(entry["answer"])
