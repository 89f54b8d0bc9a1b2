"""A student's page: the kit's own board for one seat, under a line that says who is at the table.

Plain ipywidgets, no server code: the Solara app (``app.py``) builds one :class:`SeatPage` per
browser page, and a notebook or a test can build one over a hosted table too.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable

import ipywidgets as widgets

from gamekit.i18n import language, translations, using_language

from ..hall import STUDENT, HostedTable

_, ngettext, pgettext = translations("classroom")
from .remote import RemoteSeat

#: The board class of each game the classroom hosts: (module, class).
BOARDS = {
    "milhoes": ("gamekit.milhoes.board", "MilhoesBoard"),
    "lost_cities": ("gamekit.lost_cities.board", "LostCitiesBoard"),
    "stratego": ("gamekit.stratego.board", "StrategoBoard"),
    "brief_history": ("gamekit.brief_history.board", "BriefHistoryBoard"),
}

PAGE_CSS = """
.gk-seat-page { gap: 8px; padding: 8px; max-width: 1000px; margin: 0 auto; }
.gk-presence .widget-html-content { font-size: 16px; line-height: 1.6; }
.gk-presence .gk-table-title { font-size: 20px; font-weight: 700; margin-right: 10px; }
.gk-presence .gk-person { display: inline-block; margin: 2px 10px 2px 0; white-space: nowrap; }
.gk-presence .gk-dot { display: inline-block; width: .7em; height: .7em; border-radius: 50%;
  margin-right: 4px; border: 2px solid #444; vertical-align: baseline; }
.gk-presence .gk-online .gk-dot { background: #1e7b48; border-color: #1e7b48; }
.gk-presence .gk-away .gk-dot { background: #fff; }
.gk-presence .gk-computer .gk-dot { background: #999; border-color: #999; border-radius: 2px; }
.gk-presence .gk-you { font-weight: 700; }
.gk-presence .gk-paused { display: block; margin-top: 4px; padding: 6px 10px; border-radius: 6px;
  background: #fff3cd; color: #5c4400; font-weight: 700; }
"""


def board_class(game: str) -> type:
    """The kit's board for ``game`` (imported when first asked for: a server seats agents
    without loading any widget)."""
    if game not in BOARDS:
        raise KeyError(f"no board for the game {game!r}")
    module, name = BOARDS[game]
    return getattr(importlib.import_module(module), name)


def presence_html(hosted: HostedTable, seat: int) -> str:
    """Who sits at the table and who has a page open now: public facts only (names, kinds,
    connections, the teacher's pause)."""
    with hosted.lock:
        names, kinds = hosted.names, list(hosted.kinds)
        connected, paused, title = set(hosted.connected), hosted.paused, hosted.title
    people = []
    for p, name in enumerate(names):
        if kinds[p] != STUDENT:
            state, words = "gk-computer", pgettext("seat", "computer")
        elif p in connected:
            state, words = "gk-online", pgettext("seat", "here")
        else:
            state, words = "gk-away", pgettext("seat", "away")
        words = html.escape(words)
        you = " gk-you" if p == seat else ""
        label = html.escape(_("{name} (you)").format(name=name) if p == seat else name)
        people.append(f'<span class="gk-person gk-presence-seat-{p} {state}{you}" '
                      f'title="{html.escape(name)}: {words}"><span class="gk-dot"></span>{label} '
                      f'<span class="gk-muted">{words}</span></span>')
    paused_words = html.escape(_("Your teacher has paused the game: wait until it goes on."))
    paused_line = f'<span class="gk-paused">{paused_words}</span>' if paused else ""
    return (f'<style>{PAGE_CSS}</style><span class="gk-table-title">{html.escape(title)}</span>'
            f'{"".join(people)}{paused_line}')


class SeatPage(widgets.VBox):
    """The page of ``seat`` at ``hosted``: a line of who is at the table, and the game's board
    over the seat (a :class:`RemoteSeat`). ``schedule`` runs each redraw where the page lives
    (see :class:`RemoteSeat`). Call :meth:`close_page` when the page is gone."""

    def __init__(self, hosted: HostedTable, seat: int,
                 schedule: Callable[[Callable[[], None]], None] | None = None):
        self.hosted = hosted
        self.seat = seat
        self.language = language()  # the browser's, when the page was opened; the board keeps it too
        self.remote = RemoteSeat(hosted, seat, schedule)
        self.presence = widgets.HTML()
        self.presence.add_class("gk-presence")
        self.board = board_class(hosted.game)(table=self.remote, seat=seat)
        super().__init__([self.presence, self.board])
        self.add_class("gk-seat-page")
        self.remote.subscribe(lambda _remote: self.show_presence())
        self.show_presence()

    def show_presence(self) -> None:
        with using_language(self.language):  # redrawn from a worker thread too
            self.presence.value = presence_html(self.hosted, self.seat)

    def refresh(self) -> None:
        """Redraw everything from the table as it is now (a page opened again)."""
        self.show_presence()
        self.board.refresh()

    def close_page(self) -> None:
        """Stop drawing: the browser page is gone."""
        self.remote.close()
