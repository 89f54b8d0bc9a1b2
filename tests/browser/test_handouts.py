"""Handouts open with no network: `gamekit handouts --teacher --pdf` runs a few lessons once for the
session (one with charts and exercises, one with formulas, one with a board the offline renderer
cannot draw), and each page is opened in Chromium with every non-file request refused. Charts must
be drawn, widgets rendered, and not one request may fail. The PDFs are printed by the command itself,
in Chromium, only once each page is drawn."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit import lesson_files

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]
REPO = Path(__file__).resolve().parents[2]
LESSONS = ["21_lost_cities_expected_value", "41_brief_history_dice_odds", "42_brief_history_play"]
PAGE_DRAWN_AND_WIDGET_MATH = "() => document.querySelector('.widget-htmlmath mjx-container svg') !== null"
PAGES = [f"{lesson}{edition}.html" for lesson in LESSONS for edition in ("", ".teacher")]


@pytest.fixture(scope="session")
def handouts(browser, tmp_path_factory) -> Path:
    """The handouts, written once by the command a teacher runs (in its own process: it prints the
    PDFs with a Playwright of its own)."""
    folder = tmp_path_factory.mktemp("handouts")
    command = [sys.executable, "-m", "gamekit", "handouts", str(folder), "--teacher", "--pdf"]
    for lesson in LESSONS:
        command += ["--lesson", lesson]
    done = subprocess.run(command, capture_output=True, text=True, timeout=800,
                          env=os.environ | {"PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    print(done.stdout)  # each lesson's time, for the log
    return folder


def figures_in(lesson: str) -> int:
    notebook = json.loads((lesson_files.lessons_folder() / f"{lesson}.ipynb").read_text())
    return sum("application/vnd.plotly.v1+json" in output.get("data", {})
               for cell in notebook["cells"] for output in cell.get("outputs", []))


def open_offline(page, path: Path) -> tuple[list[str], list[str]]:
    """Open ``path`` with the network cut: returns (refused or failed requests, script errors)."""
    refused, errors = [], []

    def route(request_route):
        if request_route.request.url.startswith(("file:", "data:", "blob:")):
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.on("requestfailed", lambda request: refused.append(f"failed: {request.url}"))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri(), wait_until="load")
    return refused, errors


@pytest.mark.parametrize("name", PAGES)
def test_each_page_opens_offline_with_its_charts_and_widgets_drawn(handouts, page, name):
    from gamekit.handouts.pdf import PAGE_DRAWN

    refused, errors = open_offline(page, handouts / name)
    page.wait_for_function(PAGE_DRAWN, timeout=60_000)
    lesson = name.split(".")[0]
    charts = page.locator(".gk-chart")
    assert charts.count() == figures_in(lesson)
    for index in range(charts.count()):
        assert charts.nth(index).locator(".main-svg g.trace").count() >= 1, f"chart {index + 1} not drawn"
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]')
    undrawn = views.evaluate_all("views => views.filter(v => !v.parentElement.querySelector('.jupyter-widgets')).length")
    assert views.count() >= 1 and undrawn == 0
    assert refused == [] and errors == []
    assert "Loading widget" not in page.inner_text("body")


def test_formulas_are_typeset_without_a_web_font(handouts, page):
    """Formulas in Markdown and in a widget (the renderer asks MathJax 2's API; MathJax 3 answers)."""
    import ipywidgets
    import nbformat
    from ipywidgets.embed import embed_data

    from gamekit.handouts.export import WIDGET_STATE, WIDGET_VIEW, render_page

    formula = ipywidgets.HTMLMath(value="The odds are $\\frac{5}{12}$.")
    embedded = embed_data(views=[formula])
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["widgets"] = {WIDGET_STATE: embedded["manager_state"]}
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Odds\n\nThe chance is $P(\\max \\geq 5) = \\frac{5}{9}$."),
        nbformat.v4.new_code_cell("formula", outputs=[nbformat.v4.new_output(
            "display_data", data={WIDGET_VIEW: embedded["view_specs"][0], "text/plain": "HTMLMath()"})])]
    (handouts / "formulas.html").write_text(render_page(notebook, "formulas"))
    refused, errors = open_offline(page, handouts / "formulas.html")
    page.wait_for_function(PAGE_DRAWN_AND_WIDGET_MATH, timeout=60_000)
    assert page.locator(".jp-MarkdownCell mjx-container svg").count() == 1
    assert page.locator(".widget-htmlmath mjx-container svg").count() == 1
    assert refused == [] and errors == []


def test_a_board_the_offline_renderer_cannot_draw_says_where_to_play_it(handouts):
    page = (handouts / "42_brief_history_play.html").read_text()
    assert "This board is interactive: open the lesson in JupyterLab" in page
    assert '"model_module": "anywidget"' not in page


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


@pytest.mark.parametrize("lesson", LESSONS)
def test_answers_and_teacher_notes_only_in_the_teacher_edition(handouts, lesson):
    from gamekit.ui.answer_key import answer_key

    try:
        key = answer_key(lesson)
    except (KeyError, FileNotFoundError):
        pytest.skip(f"the lesson {lesson} has no answer key yet")
    student = (handouts / f"{lesson}.html").read_text()
    teacher = (handouts / f"{lesson}.teacher.html").read_text()
    assert "Answer key" in teacher and "Answer key" not in student
    def plain(text: str) -> str:  # Markdown's and TeX's marks left out on both sides
        return re.sub(r"[*_`$\\]", "", text)

    for entry in key:
        assert f"Exercise {entry['id']}" in teacher
        if entry.get("explanation"):
            explanation = plain(entry["explanation"])[:40]
            assert explanation in plain(text_of(teacher))
            assert explanation not in plain(text_of(student))
    notes = lesson_files.teacher_notes(lesson)
    if notes:
        assert "Teacher notes" in teacher and "Teacher notes" not in student


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_printed_to_pdf(handouts, name):
    pdf = (handouts / name).with_suffix(".pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) >= 2  # a lesson is more than one page


def test_the_index_links_every_page_and_pdf(handouts):
    index = (handouts / "index.html").read_text()
    for name in PAGES:
        assert f'href="{name}"' in index and f'href="{name[:-5]}.pdf"' in index
