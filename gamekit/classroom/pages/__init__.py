"""The students' pages: the kit's own board for one seat of a classroom table, in the browser.

Why the boards themselves, through Solara: the four boards already draw a seat's view and turn
clicks into moves, and they are tested (secrets, refusals, stale views). Solara runs one
ipywidgets kernel per browser page inside the server process and mounts inside the classroom's
Starlette app, so each student's page is a board over a :class:`RemoteSeat` of a hosted table:
nothing is rewritten in JavaScript, and a page holds no state the table does not (reload, lost
Wi-Fi and a restarted server all come back to the same full view). The plain page
(``/plain/<token>``, the server's) stays as the fallback for a browser that cannot run the boards.

``mount(app, classroom)`` adds the pages to the classroom's app (``gamekit.classroom.app`` calls
it); :class:`SeatPage` and :class:`RemoteSeat` work without a server too (a notebook, a test).
"""

from .remote import RemoteSeat
from .seat_page import BOARDS, SeatPage, board_class, presence_html

__all__ = ["BOARDS", "RemoteSeat", "SeatPage", "board_class", "mount", "presence_html"]


def mount(app, classroom) -> None:
    """Add the students' board pages under ``/seat/`` to the classroom's Starlette ``app``
    (see :func:`gamekit.classroom.pages.app.mount`; Solara is imported only here)."""
    from .app import mount as mount_pages

    mount_pages(app, classroom)
