"""The handouts' parts that need no kernel and no browser: the vendored scripts and their licences,
plotly figures turned into local drawing code, widgets the offline renderer cannot draw, the
teacher's additions, and a page whose every script comes from its own static/ folder.
(tests/browser/test_handouts.py runs real lessons and opens the pages offline in Chromium.)"""

from __future__ import annotations

import re

import nbformat
import pytest

from gamekit import lesson_files
from gamekit.handouts import export

VENDORED = {"embed-amd.js": "LICENSE.html-manager.txt", "require.js": "LICENSE.requirejs.txt",
            "tex-svg-full.js": "LICENSE.mathjax.txt"}


@pytest.mark.parametrize("script, licence", VENDORED.items())
def test_each_vendored_script_ships_with_its_licence(script, licence):
    assert (export.STATIC / script).stat().st_size > 50_000
    assert (export.STATIC / licence).read_text().strip()
    assert script in (export.STATIC / "VENDORED.txt").read_text()


def test_the_widget_renderer_fonts_it_names_are_vendored():
    fonts = set(re.findall(r"[0-9a-f]{20}\.woff2", (export.STATIC / "embed-amd.js").read_text()))
    assert fonts and all((export.STATIC / font).is_file() for font in fonts)


def figure_output(title: str) -> dict:
    return nbformat.v4.new_output("display_data", data={
        "application/vnd.plotly.v1+json": {"data": [{"type": "bar", "x": [1, 2], "y": [3, 4]}],
                                           "layout": {"title": {"text": title}, "height": 300}},
        "text/plain": "Figure()"})


def widget_output(model_id: str) -> dict:
    return nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": model_id, "version_major": 2, "version_minor": 0},
        "text/plain": "Board()"})


def small_lesson() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# Wagers, *exactly*\n\nThe mean is $\\mu$."),
                      nbformat.v4.new_code_cell("fig", outputs=[figure_output("</script> share of sets")]),
                      nbformat.v4.new_code_cell("board", outputs=[widget_output("a1"), widget_output("b2")])]
    model = {"model_module_version": "2.0.0", "state": {}}
    notebook.metadata["widgets"] = {export.WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        "a1": model | {"model_module": "@jupyter-widgets/controls", "model_name": "ButtonModel"},
        "b2": model | {"model_module": "@jupyter-widgets/controls", "model_name": "VBoxModel",
                       "state": {"children": ["IPY_MODEL_c3"]}},
        "c3": model | {"model_module": "anywidget", "model_name": "AnyModel"}}}}
    return notebook


def test_plotly_figures_become_local_drawing_code():
    notebook = small_lesson()
    assert export.draw_plotly_figures(notebook) == 1
    (output,) = notebook.cells[1].outputs
    drawn = output["data"]["text/html"]
    assert list(output["data"]) == ["text/html"]
    assert 'id="gk-chart-1"' in drawn and "height:300px" in drawn and "Plotly.newPlot(" in drawn
    assert "</script> share" not in drawn and "<\\/script> share" in drawn  # the page cannot be cut short


def test_widgets_the_renderer_cannot_draw_are_replaced_by_a_note_with_what_holds_them():
    notebook = small_lesson()
    export.keep_offline_widgets(notebook)
    state = notebook.metadata["widgets"][export.WIDGET_STATE]["state"]
    assert set(state) == {"a1"}  # the anywidget and the box that holds it are gone
    button, box = notebook.cells[2].outputs
    assert export.WIDGET_VIEW in button["data"]
    assert box["data"] == {"text/html": export.INTERACTIVE_ONLY}


def test_the_page_loads_every_script_from_its_own_static_folder():
    notebook = small_lesson()
    page = export.render_page(notebook, "21_lost_cities_expected_value")
    sources = re.findall(r"<script[^>]*\ssrc=\"([^\"]+)\"", page)
    assert set(sources) == {"static/require.js", "static/plotly.min.js", "static/tex-svg-full.js"}
    assert "'static/embed-amd.js'" in page  # the widget renderer, added by the page once it has loaded
    assert not re.search(r"https?://(?!www\.w3\.org)[^\"' ]+\.(js|css|woff2?)", page)
    assert "<title>Wagers, exactly</title>" in page


def test_a_page_without_charts_does_not_load_plotly():
    notebook = small_lesson()
    notebook.cells = notebook.cells[:1]
    assert "plotly.min.js" not in export.render_page(notebook, "00_welcome")


KEY = [{"id": "21.1", "difficulty": 2, "question": "How many sets reach 20?", "answer": "108",
        "kind": "number", "hint": "Count the four-card sets.", "explanation": "108 of the 126 sets reach 20."}]


def test_teacher_edition_adds_the_notes_first_and_the_answer_key_last(monkeypatch):
    import gamekit.ui.answer_key

    monkeypatch.setattr(gamekit.ui.answer_key, "answer_key", lambda lesson: [dict(e) for e in KEY])
    monkeypatch.setattr(lesson_files, "teacher_notes", lambda lesson: "Start with a show of hands.")
    student = export.render_page(small_lesson(), "21_lost_cities_expected_value")
    teacher = export.render_page(small_lesson(), "21_lost_cities_expected_value", teacher=True)
    for words in ("Start with a show of hands.", "Exercise 21.1 ★★", "How many sets reach 20?",
                  "108 of the 126 sets reach 20.", "Count the four-card sets."):
        assert words in teacher and words not in student
    assert teacher.index("Teacher notes") < teacher.index("Wagers") < teacher.index("Answer key")


def test_a_lesson_without_key_or_notes_gets_neither(monkeypatch):
    import gamekit.ui.answer_key

    def no_key(lesson):
        raise KeyError(lesson)

    monkeypatch.setattr(gamekit.ui.answer_key, "answer_key", no_key)
    monkeypatch.setattr(lesson_files, "teacher_notes", lambda lesson: None)
    notebook = small_lesson()
    export.add_teacher_material(notebook, "00_welcome")
    assert len(notebook.cells) == 3


def test_the_index_links_every_page_and_its_pdf(tmp_path):
    files = [tmp_path / "21_x.html", tmp_path / "21_x.teacher.html", tmp_path / "21_x.pdf"]
    index = export.index_page(files)
    assert '<a href="21_x.html">21_x</a> · <a href="21_x.pdf">PDF</a>' in index
    assert "21_x (teacher&#x27;s edition)" in index
