"""The Portuguese edition keeps in step with the English one: the same lessons with the same code,
every paragraph translated, the same teacher guide and answer key."""

import ast
import json
import re
from pathlib import Path

import pytest

from gamekit.catalogs import looks_english

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PORTUGUESE = NOTEBOOKS / "pt"
GUIDE = ROOT / "docs" / "teacher"
LANGUAGE_CELL = 'import gamekit\ngamekit.set_language("pt")'
ENGLISH_LESSONS = sorted(p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb")
                         if "pt" not in p.relative_to(NOTEBOOKS).parts and ".ipynb_checkpoints" not in p.parts)
GUIDE_PAGES = sorted(p.name for p in GUIDE.glob("*.md"))

NOT_PROSE = [re.compile(p, re.S) for p in (r"```.*?```", r"\$\$.*?\$\$", r"\$[^$\n]+\$", r"`[^`\n]*`",
                                             r"<[^>]+>", r"\]\([^)]*\)", r"https?://\S+")]
REFERENCES = re.compile(r"^#+\s*(Referências|Bibliografia|Leituras)", re.M | re.I)


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def without_language_cell(notebook: list[dict]) -> list[dict]:
    return [c for c in notebook if "language" not in c.get("metadata", {}).get("tags", [])]


def code_shape(code: str) -> str:
    """The code with its words taken out: every string constant and comment, and the magics."""
    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))]
    tree = ast.parse("\n".join(lines))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = "…"
    return ast.dump(tree)


def prose_paragraphs(markdown: str) -> list[str]:
    references = REFERENCES.search(markdown)
    if references:
        markdown = markdown[:references.start()]
    for pattern in NOT_PROSE:
        markdown = pattern.sub(" ", markdown)
    return [p for p in re.split(r"\n\s*\n", markdown) if p.strip()]


def english_left_behind(markdown: str) -> list[str]:
    return [p.strip()[:120] for p in prose_paragraphs(markdown) if looks_english(p, at_least=3)]


@pytest.mark.parametrize("lesson", ENGLISH_LESSONS, ids=str)
def test_every_lesson_has_a_portuguese_twin_with_the_same_code(lesson):
    twin = PORTUGUESE / lesson
    assert twin.is_file(), f"notebooks/pt/{lesson} is missing"
    english, portuguese = cells(NOTEBOOKS / lesson), cells(twin)
    language_cells = [c for c in portuguese if "language" in c.get("metadata", {}).get("tags", [])]
    assert [source(c) for c in language_cells] == [LANGUAGE_CELL], "one language cell, tagged 'language'"
    first_code = next(i for i, c in enumerate(portuguese) if c["cell_type"] == "code")
    assert portuguese[first_code] is language_cells[0], "the language is set before any other code runs"
    portuguese = without_language_cell(portuguese)
    assert [c["cell_type"] for c in portuguese] == [c["cell_type"] for c in english]
    for number, (en, pt) in enumerate(zip(english, portuguese)):
        if en["cell_type"] == "code":
            assert code_shape(source(pt)) == code_shape(source(en)), f"code cell {number} differs"
            assert en.get("metadata", {}).get("tags") == pt.get("metadata", {}).get("tags")
            assert ("NBVAL_IGNORE_OUTPUT" in source(en)) == ("NBVAL_IGNORE_OUTPUT" in source(pt))


@pytest.mark.parametrize("lesson", ENGLISH_LESSONS, ids=str)
def test_every_paragraph_of_a_portuguese_lesson_is_in_portuguese(lesson):
    twin = PORTUGUESE / lesson
    if not twin.is_file():
        pytest.fail(f"notebooks/pt/{lesson} is missing")
    english = [source(c) for c in cells(NOTEBOOKS / lesson) if c["cell_type"] == "markdown"]
    portuguese = [source(c) for c in cells(twin) if c["cell_type"] == "markdown"]
    for number, (en, pt) in enumerate(zip(english, portuguese)):
        if prose_paragraphs(en):
            assert pt != en, f"markdown cell {number} is the English one"
        assert not english_left_behind(pt), f"markdown cell {number}: {english_left_behind(pt)}"


@pytest.mark.parametrize("page", GUIDE_PAGES)
def test_every_page_of_the_teacher_guide_is_translated(page):
    twin = GUIDE / "pt" / page
    assert twin.is_file(), f"docs/teacher/pt/{page} is missing"
    text = twin.read_text(encoding="utf-8")
    assert not english_left_behind(text), english_left_behind(text)
    english_headings = re.findall(r"^#+ ", (GUIDE / page).read_text(encoding="utf-8"), re.M)
    assert len(re.findall(r"^#+ ", text, re.M)) == len(english_headings), "the same sections"


def test_the_readme_has_a_portuguese_version_linked_at_its_top():
    assert "README.pt.md" in (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ")[0]
    text = (ROOT / "README.pt.md").read_text(encoding="utf-8")
    assert "README.md" in text.split("\n## ")[0]
    assert not english_left_behind(text), english_left_behind(text)


def test_the_english_checks_find_english():
    assert english_left_behind("This is what you get when the lesson is left in English.")
    assert not english_left_behind("Isto é o que se obtém quando a lição é traduzida para português.")
    assert not english_left_behind("A Bandeira (`the Flag`) e o Dragão: veja $P(the) = 1/2$.")
