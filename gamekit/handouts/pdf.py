"""Printing handout pages to PDF with Chromium (through Playwright), charts and formulas drawn.

Playwright drives the system's Chromium (``/usr/bin/chromium``, or ``GAMEKIT_CHROMIUM``); it never
downloads a browser of its own. Pages are printed with the network blocked, as a student opens them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# ready when every chart has drawn its SVG, every widget view has been replaced by the widget, and
# MathJax (if the page has formulas) has typeset them
PAGE_DRAWN = """() => {
  const charts = [...document.querySelectorAll('.gk-chart')];
  const chartsDrawn = charts.every(chart => chart.querySelector('.main-svg'));
  const views = document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]');
  const widgetsDrawn = [...views].every(view => view.parentElement.querySelector('.jupyter-widgets, .widget-box, .lm-Widget'));
  const mathDone = !window.MathJax || !window.MathJax.startup || document.body.classList.contains('gk-math-ready');
  return chartsDrawn && widgetsDrawn && mathDone;
}"""


def chromium_path() -> str:
    found = os.environ.get("GAMEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(found):
        raise FileNotFoundError("printing handouts to PDF needs Chromium: on Debian or Ubuntu "
                                "`apt-get install chromium` (or set GAMEKIT_CHROMIUM to a Chromium)")
    return found


def offline(route) -> None:
    """Let the page read its own files; refuse everything else, as with no network."""
    if route.request.url.startswith(("file:", "data:", "blob:")):
        route.continue_()
    else:
        route.abort()


def print_pdfs(pages: list[Path], progress: Callable[[str], None] | None = None,
               timeout_ms: int = 60_000) -> list[Path]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as missing:
        raise FileNotFoundError('printing handouts to PDF needs Playwright: pip install "gamekit[pdf]"') from missing
    say = progress or (lambda message: None)
    printed = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1400})
            page.route("**/*", offline)
            for html in pages:
                page.goto(html.resolve().as_uri(), wait_until="load")
                page.wait_for_function(PAGE_DRAWN, timeout=timeout_ms)
                target = html.with_suffix(".pdf")
                page.pdf(path=str(target), format="A4", print_background=True, scale=0.85,
                         margin={"top": "1.5cm", "bottom": "1.5cm", "left": "1.2cm", "right": "1.2cm"})
                printed.append(target)
                say(f"{target.name} printed")
        finally:
            browser.close()
    return printed
