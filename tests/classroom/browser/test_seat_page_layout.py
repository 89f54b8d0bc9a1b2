"""A student's page at a laptop's and a big screen's width: the board fits the window (nothing to
scroll sideways) and the student's hand is in view. The README's pictures of a student's page are
taken here (when missing, or with ``GAMEKIT_UPDATE_SCREENSHOTS`` set)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[3]
PLAN = [{"game": "lost_cities", "seats": ["student", "heuristic"], "seed": 21, "names": ["Ana", "Computer"],
         "options": {"rounds": 1}}]


def picture(name: str, tmp_path: Path) -> Path:
    readme = REPO / "docs" / "images" / name
    if os.environ.get("GAMEKIT_UPDATE_SCREENSHOTS") or not readme.exists():
        readme.parent.mkdir(parents=True, exist_ok=True)
        return readme
    return tmp_path / name


@pytest.mark.parametrize("width", [1024, 1920])
def test_a_students_page_fits_the_window(classroom_server, seat_browser, width, tmp_path):
    server = classroom_server(PLAN)
    ana = seat_browser(server, width=width, height=900)
    page = ana.open(server.seat_url(0, 0), board=".lc-board")
    page.locator(".lc-hand .lc-card").first.wait_for()
    first = page.locator(".lc-hand .lc-card").first
    first.click()
    page.locator(".lc-hand .lc-card.gk-selected").first.wait_for()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    box = page.locator(".lc-hand").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    page.screenshot(path=str(picture(f"classroom-seat-{width}.png", tmp_path)))
