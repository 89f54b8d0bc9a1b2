"""Lessons as HTML pages that open with no network: run each lesson, keep its widgets' state, draw
its plotly figures with a local plotly.js, and write the page with nbconvert's JupyterLab template,
pointed at the scripts in ``static/`` beside it instead of a CDN.

A handout folder holds ``index.html``, one ``<lesson>.html`` per lesson (``<lesson>.teacher.html``
with the teacher notes and the answer key), their PDFs if asked, and ``static/`` (the widget renderer,
require.js, MathJax and plotly.js, once for every page).
"""

from __future__ import annotations

import copy
import html
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

from gamekit import lesson_files
from gamekit.handouts.running import lesson_client
from gamekit.i18n import LANGUAGE_VARIABLE, N_, translations, using_language
from gamekit.ui.figures import NO_PICTURES

_, ngettext, pgettext = translations("cli")

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"
PLOTLY_JSON = "application/vnd.plotly.v1+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# the widget renderer draws these modules itself; any other (anywidget, plotly's FigureWidget) it
# would fetch from a CDN, so such widgets are left out of a handout and a note says where to play
RENDERED_OFFLINE = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
INTERACTIVE_ONLY = N_("<div class=\"gk-handout-note\">This board is interactive: open the lesson in "
                      "JupyterLab (<code>gamekit lab</code>) to play it.</div>")


def export_handouts(folder: Path, lessons: Iterable[str] | None = None, *, teacher: bool = False,
                    pdf: bool = False, progress: Callable[[str], None] | None = None) -> list[Path]:
    """Write the handouts of ``lessons`` (default: every numbered lesson) into ``folder`` and return
    the files written: ``<lesson>.html`` for students and, with ``teacher``, ``<lesson>.teacher.html``
    with the teacher notes and the answer key too (each lesson runs once for both); ``pdf`` prints
    each page to PDF as well."""
    say = progress or (lambda message: None)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_static(folder / "static")
    pages = []
    lessons = list(lessons or lesson_files.numbered_lessons())
    for lesson in lessons:
        started = time.monotonic()
        notebook = run_lesson(lesson)
        page = lesson_files.within_edition(lesson)  # a Portuguese handout folder is as flat as an English one
        editions = [(f"{page}.html", False)] + ([(f"{page}.teacher.html", True)] if teacher else [])
        for name, for_teacher in editions:
            with using_language(lesson_files.edition_of(lesson)):
                text = render_page(copy.deepcopy(notebook), lesson, teacher=for_teacher)
            (folder / name).write_text(text, encoding="utf-8")
            pages.append(folder / name)
        say(f"{lesson}: {time.monotonic() - started:.1f} s")
    written = list(pages)
    if pdf:
        from gamekit.handouts.pdf import print_pdfs

        written += print_pdfs(pages, progress=say)
    index = folder / "index.html"
    edition = lesson_files.edition_of(lessons[0]) if lessons else None
    index.write_text(index_page(written, edition), encoding="utf-8")
    return [index, *written]


def write_static(static: Path) -> None:
    """The scripts every page loads, copied once: the vendored ones, and plotly.js from plotly."""
    from plotly.offline import get_plotlyjs

    shutil.copytree(STATIC, static, dirs_exist_ok=True)
    (static / "plotly.min.js").write_text(get_plotlyjs(), encoding="utf-8")


def render_page(notebook, lesson: str, *, teacher: bool = False) -> str:
    """One executed lesson as a page whose scripts all come from ``static/`` beside it."""
    has_charts = draw_plotly_figures(notebook) > 0
    keep_offline_widgets(notebook)
    if teacher:
        add_teacher_material(notebook, lesson)
    exporter = HTMLExporter(template_name="gamekit", extra_template_basedirs=[str(TEMPLATES)],
                            require_js_url="static/require.js", widget_renderer_url="static/embed-amd.js")
    resources = {"metadata": {"name": lesson_title(notebook, lesson)},
                 "gamekit": {"static": "static", "plotly": has_charts}}
    body, _ = exporter.from_notebook_node(notebook, resources=resources)
    return body


def run_lesson(lesson: str) -> nbformat.NotebookNode:
    """The lesson executed top to bottom on a fresh kernel, with its widgets' state kept."""
    notebook = nbformat.read(lesson_files.lessons_folder() / f"{lesson}.ipynb", as_version=4)
    with tempfile.TemporaryDirectory(prefix="gamekit-handout-") as scratch:  # whatever a lesson writes
        client = lesson_client(notebook, scratch, store_widget_state=True)
        # the page draws its charts with plotly.js, so the kernel draws no PNGs: no Chromium of
        # its own, which also hung beside another Chromium (a test's browser) on a small machine.
        # It speaks the lesson's language, whatever language the command speaks.
        client.execute(env=os.environ | {NO_PICTURES: "0",
                                         LANGUAGE_VARIABLE: lesson_files.edition_of(lesson)})
    return notebook


def _outputs(notebook):
    for cell in notebook.cells:
        yield from cell.get("outputs", [])


def draw_plotly_figures(notebook) -> int:
    """Each plotly figure becomes a div drawn by ``Plotly.newPlot`` (the page loads plotly.js once)."""
    count = 0
    for output in _outputs(notebook):
        figure = output.get("data", {}).get(PLOTLY_JSON)
        if figure is None:
            continue
        count += 1
        height = figure.get("layout", {}).get("height") or 450
        arguments = json.dumps([f"gk-chart-{count}", figure.get("data", []), figure.get("layout", {}),
                                {"displaylogo": False, "responsive": True}]).replace("</", "<\\/")
        output["data"] = {"text/html": f'<div class="gk-chart" id="gk-chart-{count}" style="height:{height}px">'
                                       f"</div>\n<script>Plotly.newPlot(...{arguments});</script>"}
    return count


def _referenced(value) -> set[str]:
    text = json.dumps(value)
    return set(re.findall(r"IPY_MODEL_([0-9a-f]+)", text))


def keep_offline_widgets(notebook) -> None:
    """Drop the widgets the offline renderer cannot draw (and every widget that contains one), and
    put a note where they were shown."""
    state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    unusable = {key for key, model in state.items() if model.get("model_module") not in RENDERED_OFFLINE}
    references = {key: _referenced(model.get("state", {})) for key, model in state.items()}
    grew = True
    while grew:  # a box holding an unusable widget is unusable too
        more = {key for key, refs in references.items() if refs & unusable} - unusable
        unusable |= more
        grew = bool(more)
    for key in unusable:
        state.pop(key, None)
    for output in _outputs(notebook):
        view = output.get("data", {}).get(WIDGET_VIEW)
        if view is not None and view.get("model_id") not in state:
            output["data"] = {"text/html": _(INTERACTIVE_ONLY)}
    if not state:
        notebook.metadata.pop("widgets", None)


def add_teacher_material(notebook, lesson: str) -> None:
    """The teacher guide's page for the lesson at the top, its answer key at the end."""
    notes = lesson_files.teacher_notes(lesson)
    if notes:
        heading = _("Teacher notes")
        notebook.cells.insert(0, nbformat.v4.new_markdown_cell(f"# {heading}\n\n{notes}\n\n---"))
    key = answer_key_markdown(lesson)
    if key:
        notebook.cells.append(nbformat.v4.new_markdown_cell(key))


def answer_key_markdown(lesson: str) -> str | None:
    """A lesson's answer key for its teacher's edition, in the lesson's language."""
    with using_language(lesson_files.edition_of(lesson)):
        return _answer_key_markdown(lesson)


def _answer_key_markdown(lesson: str) -> str | None:
    from gamekit.ui.answer_key import answer_key

    try:
        entries = answer_key(lesson_files.within_edition(lesson))  # in the lesson's language, in force here
    except (KeyError, FileNotFoundError):
        return None
    parts = ["---\n\n# " + _("Answer key")]
    for entry in entries:
        stars = "★" * int(entry.get("difficulty", 1))
        heading = _("Exercise {id}").format(id=entry["id"])
        answer = _("**Answer:** {answer}").format(answer=entry["answer"])
        parts.append(f"### {heading} {stars}\n\n{entry['question']}\n\n{answer}")
        for label, field in ((_("Hint"), "hint"), (_("Worked solution"), "explanation")):
            if entry.get(field):
                parts.append(f"**{label}:** {entry[field]}")
    return "\n\n".join(parts)


def lesson_title(notebook, lesson: str) -> str:
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            heading = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if heading:
                return re.sub(r"[*_`]", "", heading.group(1)).strip()
    return lesson


def index_page(files: list[Path], language_code: str | None = None) -> str:
    with using_language(language_code) as code:
        rows = []
        for page in (f for f in files if f.suffix == ".html"):
            printed = page.with_suffix(".pdf")
            link = f' · <a href="{html.escape(printed.name)}">PDF</a>' if printed in files else ""
            name = page.stem.replace(".teacher", " " + _("(teacher's edition)"))
            rows.append(f'<li><a href="{html.escape(page.name)}">{html.escape(name)}</a>{link}</li>')
        title = _("gamekit lessons")
        opens = _("Each page opens in a web browser with no internet connection.")
    return (f'<!DOCTYPE html>\n<html lang="{code}"><head><meta charset="utf-8">'
            f'<title>{title}</title></head>\n'
            f'<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 2em auto">\n'
            f"<h1>{title}</h1>\n<p>{opens}</p>\n"
            f"<ul>\n{chr(10).join(rows)}\n</ul>\n</body></html>\n")
