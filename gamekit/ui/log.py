"""A scrolling log panel: one line per event, shown newest first so the latest stays in view."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import ipywidgets as widgets

from ..i18n import translations

_, ngettext, pgettext = translations("ui")


class LogPanel(widgets.HTML):
    """A numbered list of entries (class ``gk-log``), newest on top. Each entry has a plain text
    (``lines``, oldest first, for tests and summaries) and optional HTML (for the page).

    ``max_shown`` limits how many of the newest entries go into the page (all are kept in
    ``lines``): a long game's log would otherwise resend thousands of lines on every change.
    """

    def __init__(self, title: str = "", *, max_shown: int | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("gk-log")
        self.title = title
        self.max_shown = max_shown
        self.entries: list[tuple[str, str]] = []
        self._lines_set: tuple[str, ...] | None = ()  # the last ``set_lines``, while the entries are those
        self._redraw()

    @property
    def lines(self) -> list[str]:
        return [text for text, _ in self.entries]

    def add(self, text: str, html: str | None = None) -> None:
        self._lines_set = None
        self.entries.append((text, html if html is not None else escape(text)))
        self._redraw()

    def extend(self, entries: Iterable) -> None:
        """Add many entries at once (plain texts, or ``(text, html)`` pairs) with a single redraw."""
        self._lines_set = None
        for entry in entries:
            text, html = (entry, None) if isinstance(entry, str) else entry
            self.entries.append((text, html if html is not None else escape(text)))
        self._redraw()

    def set_lines(self, lines: Iterable[str]) -> None:
        """Show exactly ``lines`` (oldest first), with a single redraw; lines that only carry on
        the last ones shown are added to them (a game's log grows by a few lines a move)."""
        lines = tuple(lines)
        known = self._lines_set
        if known is not None and lines[:len(known)] == known:
            self.entries += [(text, escape(text)) for text in lines[len(known):]]
        else:
            self.entries = [(text, escape(text)) for text in lines]
        self._lines_set = lines
        self._redraw()

    def clear(self) -> None:
        self.entries = []
        self._lines_set = ()
        self._redraw()

    def _redraw(self) -> None:
        head = f'<div class="gk-section-title">{escape(self.title)}</div>' if self.title else ""
        if not self.entries:
            self.value = head + f'<div class="gk-muted">{escape(_("Nothing yet."))}</div>'
            return
        shown = self.entries if self.max_shown is None else self.entries[-self.max_shown:]
        start = len(self.entries) - len(shown) + 1
        items = "".join(f"<li>{html}</li>" for _, html in reversed(shown))
        hidden = _("({count} earlier entries not shown)").format(count=start - 1)
        earlier = f'<div class="gk-muted">{escape(hidden)}</div>' if start > 1 else ""
        self.value = f'{head}<ol reversed start="{len(self.entries)}">{items}</ol>{earlier}'
