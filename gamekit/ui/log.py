"""A scrolling log panel: one line per event, shown newest first so the latest stays in view."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets


class LogPanel(widgets.HTML):
    """A numbered list of entries (class ``gk-log``), newest on top. Each entry has a plain text
    (``lines``, oldest first, for tests and summaries) and optional HTML (for the page)."""

    def __init__(self, title: str = "", **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-log")
        self.title = title
        self.entries: list[tuple[str, str]] = []
        self._redraw()

    @property
    def lines(self) -> list[str]:
        return [text for text, _ in self.entries]

    def add(self, text: str, html: str | None = None) -> None:
        self.entries.append((text, html if html is not None else escape(text)))
        self._redraw()

    def clear(self) -> None:
        self.entries = []
        self._redraw()

    def _redraw(self) -> None:
        head = f'<div class="gk-section-title">{escape(self.title)}</div>' if self.title else ""
        if not self.entries:
            self.value = head + '<div class="gk-muted">Nothing yet.</div>'
            return
        items = "".join(f"<li>{html}</li>" for _, html in reversed(self.entries))
        self.value = f"{head}<ol reversed>{items}</ol>"
