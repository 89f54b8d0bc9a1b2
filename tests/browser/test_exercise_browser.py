"""The exercise widget in a real browser (Voilà): Enter checks the answer, the verdict is in words,
and the verdict clears at the first keystroke that changes the answer."""

from __future__ import annotations

import nbformat
import pytest

from .conftest import start_voila

pytestmark = pytest.mark.browser

CELL = """\
from fractions import Fraction
from gamekit.ui.exercises import Exercise
Exercise("What is the chance?", Fraction(5, 12), decimals=3, hint="Count the cases.",
         explanation="5 of the 12 cases.", exercise_id="99.1", difficulty=1)
"""


@pytest.fixture(scope="module")
def exercise_app(browser, tmp_path_factory):
    home = tmp_path_factory.mktemp("exercise")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, home / "exercise.ipynb")
    server = start_voila(home / "exercise.ipynb", home)
    try:
        yield server
    finally:
        server.stop()


def wait_for_verdict(page, word: str, css: str) -> str:
    page.wait_for_selector(f".gk-exercise-verdict.gk-exercise-{css}")
    text = page.locator(".gk-exercise-verdict").inner_text()
    assert word in text
    return text


def no_verdict_shown(page) -> None:
    """Wait until no verdict is on the page (its status class gone), then check its text is empty."""
    for status in ("right", "wrong", "unclear"):
        page.wait_for_selector(f".gk-exercise-verdict.gk-exercise-{status}", state="detached")
    assert page.locator(".gk-exercise-verdict").inner_text().strip() == ""


def test_enter_checks_and_a_keystroke_clears_the_verdict(page, exercise_app):
    page.goto(f"{exercise_app.url}/?token={exercise_app.token}")
    box = page.locator(".gk-exercise-input input")
    box.wait_for()
    # fill() puts the whole answer in at once, as pasting does: one value message, which reaches
    # the kernel before Enter's message (keys typed faster than the kernel answers may not).
    box.fill("0.417")
    box.press("Enter")
    assert "5 of the 12 cases." in wait_for_verdict(page, "Right", "right")
    box.press("End")
    box.press("5")                        # one more character: 0.4175 is not 5/12 to 3 places
    no_verdict_shown(page)
    assert box.input_value() == "0.4175"
    box.press("Enter")
    assert "Count the cases." in wait_for_verdict(page, "Not yet", "wrong")
    box.fill("41.67 %")
    no_verdict_shown(page)
    box.press("Enter")
    wait_for_verdict(page, "Right", "right")
    box.fill("1/2")
    no_verdict_shown(page)
    box.press("Enter")
    assert "Count the cases." in wait_for_verdict(page, "Not yet", "wrong")
    assert page.locator(".gk-exercise-verdict.gk-exercise-right").count() == 0


def test_a_right_answer_then_one_more_digit_is_wrong(page, exercise_app):
    page.goto(f"{exercise_app.url}/?token={exercise_app.token}")
    box = page.locator(".gk-exercise-input input")
    box.wait_for()
    box.fill("5/12")
    box.press("Enter")
    wait_for_verdict(page, "Right", "right")
    box.press("End")
    box.press("3")                        # 5/123
    no_verdict_shown(page)
    box.press("Enter")
    assert "Count the cases." in wait_for_verdict(page, "Not yet", "wrong")
    page.locator(".gk-exercise-check").click()   # the Check button judges the same answer
    wait_for_verdict(page, "Not yet", "wrong")
