"""The students' pages as a Solara app inside the classroom's Starlette app, under ``/seat/``.

Solara runs one virtual kernel per browser page in the server process, each with widgets of its
own; every page here is a :class:`SeatPage` over the seat its token names. Three things make that
right for a classroom:

* **Redraws happen in the page's own kernel.** A move on Ana's page changes the table in Ana's
  kernel thread, and the table then tells every page. Rui's board must not be redrawn there (its
  widgets would talk to the wrong kernel, and Ana's thread would race Rui's own clicks): each page
  has a :class:`KernelScheduler` that redraws in a worker thread inside Rui's kernel context,
  holding the lock Solara holds while it handles Rui's messages.
* **Offline.** Every script, style and font comes from the installed packages (solara and
  solara-assets): the server never downloads an asset, and telemetry is off.
* **Nothing kept in a page.** A page is built from the table alone, so a page reloaded, a lost
  connection or a restarted server all end in the same fresh, full view of the seat (Solara
  re-mounts the page in a new kernel instead of asking to reload).
"""

from __future__ import annotations

import concurrent.futures
import html
import json
import logging
import threading
import warnings
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import parse_qs

import solara
import solara.server.app as solara_app
import solara.server.cdn_helper as cdn_helper
import solara.server.settings as solara_settings
import solara.server.starlette as solara_starlette
from solara.server import kernel_context
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Mount, Route

from gamekit.i18n import language, supported, translations, using_language

from ..hall import Classroom, ClassroomError
from .seat_page import SeatPage

log = logging.getLogger(__name__)
_, ngettext, pgettext = translations("classroom")

PREFIX = "/seat"
STORAGE_KEY = "gamekit.seat"  # the browser's localStorage key of the seat token
#: How long a page's kernel outlives its last connection (a lid closed, the Wi-Fi gone): the
#: seat shows as away after that, and the page comes back in a fresh kernel.
AWAY_AFTER = "30s"

_classroom: Classroom | None = None  # the classroom whose seats the pages show (one a process)
_redraws = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="gamekit-redraw")


# --- one page's kernel -------------------------------------------------------------------------
class KernelScheduler:
    """Runs jobs inside one Solara kernel's context, in a worker thread, one batch at a time.

    A job scheduled again before it ran runs once. The worker holds the kernel's lock (Solara holds
    it while it handles the page's messages), so a redraw never interleaves with the page's own
    clicks; it never runs in the caller's thread, so a table that tells its pages while a page
    holds its own kernel lock cannot deadlock."""

    def __init__(self, context):
        self.context = context
        self._pending: dict = {}
        self._lock = threading.Lock()
        self._queued = False

    def __call__(self, job) -> None:
        with self._lock:
            self._pending[job] = None
            if self._queued:
                return
            self._queued = True
        _redraws.submit(self._run)

    def _run(self) -> None:
        with self._lock:
            jobs, self._pending, self._queued = list(self._pending), {}, False
        if self.context.closed_event.is_set():
            return
        with self.context.lock, self.context:
            for job in jobs:
                try:
                    job()
                except Exception:  # one failed redraw must not stop the next
                    log.exception("a seat page could not redraw")


def open_page(token: str, language_code: str | None = None) -> SeatPage | str:
    """The page of the seat ``token`` acts for, or what to tell the student instead, in
    ``language_code`` (the browser's, passed on by the seat link; the page keeps speaking it)."""
    with using_language(supported(language_code)):
        if _classroom is None:
            return _("The classroom is not open yet: ask your teacher.")
        if not token:
            return _("This page has no seat yet: open the link from the join page, or join your "
                     "table with its code.")
        try:
            hosted, seat = _classroom.seat_of(token)
        except ClassroomError as refusal:
            return str(refusal)[:1].upper() + str(refusal)[1:] + "."
        return SeatPage(hosted, seat, KernelScheduler(kernel_context.get_current_context()))


def _token_of(search: str | None) -> str:
    return parse_qs(search or "").get("seat", [""])[0]


def _language_of(search: str | None) -> str | None:
    return supported(parse_qs(search or "").get("lang", [""])[0])


@solara.component
def Page():
    search = solara.use_router().search
    token, code = _token_of(search), _language_of(search)
    page = solara.use_memo(lambda: open_page(token, code), [token, code])

    def seated():
        if isinstance(page, str):
            return None
        page.hosted.connect(page.seat)

        def left():
            page.close_page()
            page.hosted.disconnect(page.seat)
        return left

    solara.use_effect(seated, [page])
    if isinstance(page, str):
        with solara.Column(classes=["gk-no-seat"]):
            solara.Warning(page)
            with using_language(code):
                join = html.escape(_("Go to the join page"))
            solara.HTML(unsafe_innerHTML=f'<a href="../">{join}</a>')
    else:
        solara.display(page)


# --- the routes --------------------------------------------------------------------------------
def _seat_link(request: Request) -> Response:
    """``/seat/<token>``: remember the seat in the browser, then open its page."""
    token = request.path_params["token"]
    try:
        if _classroom is None:
            raise ClassroomError("the classroom is not open yet")
        _classroom.seat_of(token)
    except ClassroomError:
        again = html.escape(_("Join your table again with its code."))
        join = html.escape(_("Go to the join page"))
        return HTMLResponse(_little_page(
            _("This seat link is not valid here"),
            f"<p>{again}</p><p><a href='../'>{join}</a></p>",
            f"try {{ localStorage.removeItem({json.dumps(STORAGE_KEY)}); }} catch (e) {{}}"),
            status_code=404)
    quoted, code = json.dumps(token), language()  # the browser's language goes on to its page
    opening, open_seat = _("Opening your seat…"), html.escape(_("Open your seat"))
    return HTMLResponse(_little_page(
        opening,
        f"<p><a href='./?seat={html.escape(token)}&amp;lang={code}'>{open_seat}</a></p>",
        f"try {{ localStorage.setItem({json.dumps(STORAGE_KEY)}, {quoted}); }} catch (e) {{}}\n"
        f"location.replace('./?seat=' + encodeURIComponent({quoted}) + '&lang={code}');"))


async def _seat_home(request: Request) -> Response:
    """``/seat/?seat=<token>``: the Solara page; ``/seat/`` alone: back to the seat this browser
    last had, or to the join page."""
    if request.query_params.get("seat"):
        return await solara_starlette.root(request)
    none, join = html.escape(_("This browser has no seat yet.")), html.escape(_("Go to the join page"))
    return HTMLResponse(_little_page(
        _("Back to your seat"),
        f"<p>{none} <a href='../'>{join}</a></p>",
        f"var token = null; try {{ token = localStorage.getItem({json.dumps(STORAGE_KEY)}); }} "
        "catch (e) {}\nif (token) location.replace('./' + encodeURIComponent(token));"))


def _little_page(title: str, body: str, script: str) -> str:
    return (f"<!doctype html><html lang='{language()}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><script>{script}</script></head>"
            f"<body style='font: 18px sans-serif; margin: 2em'><h1>{html.escape(title)}</h1>"
            f"{body}</body></html>")


def _installed_asset(request: Request) -> Response:
    """An asset of one of Solara's ``@widgetti`` front-end packages, from the installed
    solara-assets. Solara's page may name a newer release of a package than solara-assets holds
    (the two are released apart); the newest installed release of it serves then, since the
    server must never fetch one."""
    root = Path(solara_settings.assets.proxy_cache_dir) / "@widgetti"
    package, version, path = (request.path_params[k] for k in ("package", "version", "path"))
    folder = root / f"{package}@{version}"
    if not folder.is_dir():
        releases = sorted(root.glob(f"{package}@*"), key=lambda p: _release(p.name.split("@")[-1]))
        if not releases:
            raise HTTPException(404)
        folder = releases[-1]
    file = (folder / path).resolve()
    if not file.is_file() or folder.resolve() not in file.parents:
        raise HTTPException(404)
    return FileResponse(file, headers={"Cache-Control": "public, max-age=86400"})


def _release(version: str) -> tuple:
    return tuple(int(part) if part.isdigit() else 0 for part in version.replace("-", ".").split("."))


def _no_download(url: str) -> bytes:
    raise RuntimeError(f"the classroom works offline: {url} is not installed")


def configure_solara() -> None:
    """Solara as a classroom needs it: offline, no telemetry, pages re-mounted from the table."""
    solara_settings.telemetry.mixpanel_enable = False
    solara_settings.main.mode = "production"
    solara_settings.kernel.cull_timeout = AWAY_AFTER
    solara_settings.state.auto_remount = True
    cdn_helper.fetch_from_cdn = _no_download
    # Solara warns on every page that plain http on a LAN address is not https; a classroom
    # network is exactly that
    warnings.filterwarnings("ignore", category=UserWarning, module="solara.server.starlette")
    if "__default__" not in solara_app.apps:
        solara_app.apps["__default__"] = solara_app.AppScript(f"{__name__}:Page")


def mount(app, classroom: Classroom) -> None:
    """Add the students' board pages to the classroom's Starlette ``app``: ``/seat/<token>``
    (remembered in the browser), ``/seat/?seat=<token>`` (the page), ``/seat/`` (back to this
    browser's seat), and Solara's own routes under ``/seat/``."""
    global _classroom
    _classroom = classroom
    configure_solara()
    routes = [
        Mount(f"{PREFIX}/_solara/cdn/@widgetti", routes=[
            Route("/{package}@{version}/{path:path}", _installed_asset)]),
        Mount(PREFIX, routes=[Route("/", _seat_home), Route("/{token}", _seat_link),
                              *solara_starlette.routes]),
    ]
    app.router.routes[0:0] = routes
    _add_lifespan(app)


def _add_lifespan(app) -> None:
    """Start and stop Solara with the app (its apps, its kernels), around the app's own lifespan."""
    if getattr(app.state, "gamekit_pages_lifespan", False):
        return
    app.state.gamekit_pages_lifespan = True
    previous = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(application):
        async with previous(application) as state, solara_starlette.lifespan(application):
            yield state

    app.router.lifespan_context = lifespan
