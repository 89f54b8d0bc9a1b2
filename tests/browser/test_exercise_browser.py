"""The exercise widget in a real browser (Voilà): Enter checks the answer, the verdict is in words,
and a new answer replaces the old verdict."""

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


def test_enter_checks_and_a_new_answer_replaces_the_verdict(page, exercise_app):
    page.goto(f"{exercise_app.url}/?token={exercise_app.token}")
    box = page.locator(".gk-exercise-input input")
    box.wait_for()
    box.fill("1/2")
    box.press("Enter")
    assert "Count the cases." in wait_for_verdict(page, "Not yet", "wrong")
    box.fill("41.67 %")
    box.press("Enter")
    assert "5 of the 12 cases." in wait_for_verdict(page, "Right", "right")
    box.fill("0.5")
    box.press("Tab")                      # leaving the box sends the answer too
    wait_for_verdict(page, "Not yet", "wrong")
    assert page.locator(".gk-exercise-verdict.gk-exercise-right").count() == 0
