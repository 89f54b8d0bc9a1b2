"""The classroom server's web side: Starlette routes for the pages, the JSON API and the WebSockets.

    /                       the join page (a code, a name; the QR code leads here)
    /teacher?token=...      the teacher's page
    /plain/<seat token>     a seat's plain page: its view as text, its log, its moves as buttons
    /seat/<seat token>      the seat's board page (gamekit.classroom.pages, when installed)
    /api/...                JSON (see the routes below)
    /ws/seat/<seat token>   a seat's live view; it sends {"type": "move", "action", "version"}
    /ws/teacher/<token>     every table at a glance, live
    /league/...             the league of student bots (gamekit.league), when one is given

Every page and message speaks the browser's language: ``?lang=pt`` (remembered in a cookie), else
the browser's ``Accept-Language``; a seat's messages, refusals and log are built in it, so a
Portuguese seat and an English seat at one table each read their own.

The server is the only authority: a seat's messages are built by ``messages.seat_message`` from
its own view, a move is checked by the table, and one made on a stale view is refused with a fresh
one. Moves run in worker threads (an agent may think for a while under its table's lock); the
event loop only carries messages.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import json
import logging
import secrets
from pathlib import Path
from urllib.parse import parse_qs

import segno
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from gamekit.core import IllegalActionError, game_agents, game_info, kind_name
from gamekit.i18n import LANGUAGES, N_, best_language, language, supported, translations, using_language

from .hall import (GAMES, STUDENT, Classroom, ClassroomError, RevealRefused, SeatTaken, UnknownTable,
                   UnknownToken)
from .messages import refusal_message, seat_message

log = logging.getLogger(__name__)
_, ngettext, pgettext = translations("classroom")

#: The cookie that remembers the language a browser chose with ``?lang=``.
LANGUAGE_COOKIE = "gamekit_lang"
#: The words the pages' scripts write themselves (sent with each page, in its language).
SCRIPT_WORDS = {
    "you": N_(" (you)"), "computer": N_(" — computer"), "submitted": N_("  submitted ✓"),
    "to_play": N_("  to play"), "reconnecting": N_("Reconnecting… try again in a moment."),
    "invalid_seat": N_("This seat link is not valid here."),
    "connection_lost": N_("Connection lost: reconnecting…"),
    "your_seats": N_("Your seats in this browser"), "plain_page": N_(" (plain page)"),
}
#: The words of the teacher's page's script (``{name}`` placeholders filled in by the script).
TEACHER_WORDS = {
    "student": N_("student"), "free_seat": N_("student (free seat)"), "a_student": N_("a student"),
    "computer_agent": N_("computer: {agent}"), "seat_n": N_("Seat {n}"),
    "options_json": N_('Options are written as JSON, for example {"mode": "powers"}'),
    "table_ready": N_("Table {code} is ready."), "no_table": N_("No table yet: make one above."),
    "over": N_("over: {reason}"), "paused": N_("paused"), "step": N_("step {n}"),
    "seat": N_("seat"), "played_by": N_("played by"), "score": N_("score"),
    "submitted_mark": N_("submitted ✓"), "turn": N_("to play"),
    "pause": N_("Pause"), "resume": N_("Resume"), "give_seat": N_("Give the seat"), "reveal": N_("Reveal"),
    "replay": N_("Replay"), "export": N_("Export JSON"), "seat_links": N_("Seat links"),
    "join": N_("Join: {address}"),
    "confirm_secrets": N_("The game is still being played: show every secret? (Is the projector on?)"),
    "everything": N_("{table}: everything"), "replaying": N_("{table}: replay"),
    "step_of": N_("step {step} of {last}"), "step_of_action": N_("step {step} of {last}: {action}"),
}

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # characters of one message from a page: a move is a few words
MAX_BODY = 1_000_000  # bytes of one request: a bot's file for the league is the largest thing sent


# --- helpers ---------------------------------------------------------------------------------------
def _error(status: int, message: str, **more) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status)


STATUS = {UnknownTable: 404, UnknownToken: 404, SeatTaken: 409, RevealRefused: 409}


def _classroom_error(error: ClassroomError) -> JSONResponse:
    status = next((code for kind, code in STATUS.items() if isinstance(error, kind)), 400)
    return _error(status, str(error), confirm=isinstance(error, RevealRefused) or None)


async def _json_body(request: Request) -> dict:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, _("the request is not JSON")) from None
    if not isinstance(body, dict):
        raise HTTPException(400, _("the request must be a JSON object"))
    return body


def _asked_language(scope) -> str | None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return supported(query.get("lang", [""])[-1])


def browser_language(scope) -> str:
    """The language a request or WebSocket asks for: its ``?lang=``, else the language its browser
    chose before (the cookie), else the first of its ``Accept-Language`` the kit speaks."""
    headers = Headers(scope=scope)
    chosen = _asked_language(scope)
    if chosen:
        return chosen
    cookies = dict(part.strip().split("=", 1) for part in headers.get("cookie", "").split(";") if "=" in part)
    return supported(cookies.get(LANGUAGE_COOKIE)) or best_language(headers.get("accept-language"))


class BrowsersLanguage:
    """Everything the server does for a request or a WebSocket runs in its browser's language
    (:func:`browser_language`); a ``?lang=`` choice is remembered in a cookie."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        code, chosen = browser_language(scope), _asked_language(scope)

        async def remembering(message):
            if chosen and message["type"] == "http.response.start":
                cookie = f"{LANGUAGE_COOKIE}={chosen}; Path=/; Max-Age=31536000; SameSite=Lax"
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"set-cookie", cookie.encode("latin-1"))]}
            await send(message)

        with using_language(code):
            await self.app(scope, receive, remembering if scope["type"] == "http" else send)


def language_links(request: Request) -> str:
    """A button for each language the kit speaks, that opens the same page in it (the page's other
    parameters, a teacher's token, kept)."""
    kept = "".join(f'<input type="hidden" name="{html.escape(key)}" value="{html.escape(value)}">'
                   for key, value in request.query_params.multi_items() if key != "lang")
    buttons = "".join(
        f'<button name="lang" value="{code}" lang="{code}"{" disabled" if code == language() else ""}>'
        f"{html.escape(name)}</button>" for code, name in LANGUAGES.items())
    return f'<form method="get" class="gk-languages">{kept}{buttons}</form>'


def _page(title: str, body: str, script: str, style: str = "classroom.css", *,
          request: Request | None = None, words: dict | None = None) -> HTMLResponse:
    """A page of the package: its own styles and script, nothing from elsewhere; in the language
    in force (the browser's), with links to the others. ``words`` are more words for its script."""
    words = json.dumps({key: _(text) for key, text in {**SCRIPT_WORDS, **(words or {})}.items()},
                       ensure_ascii=False)
    words = words.replace("</", "<\\/")  # never a closing tag inside the script
    languages = language_links(request) if request is not None else ""
    return HTMLResponse(f"""<!doctype html>
<html lang="{language()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="/static/classroom/{style}">
</head><body>
{languages}
{body}
<script>window.GK_WORDS = {words};</script>
<script src="/static/classroom/{script}"></script>
</body></html>""", headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})


def qr_svg(text: str, scale: int = 5) -> str:
    """A QR code of ``text`` as inline SVG (segno: no image files, no network)."""
    return segno.make(text, error="m").svg_inline(scale=scale, dark="#111", light="#fff")


def games_catalogue() -> list[dict]:
    """What the teacher's form offers: each game, its seat counts and its agents (their keys, and
    their names in the language in force)."""
    catalogue = []
    for name in GAMES:
        info, agents = game_info(name), list(game_agents(name))
        catalogue.append({"name": name, "title": info.title, "seats": list(info.seats),
                          "default_seats": info.default_seats, "options": dict(info.options),
                          "agents": agents, "agent_names": {agent: kind_name(agent) for agent in agents},
                          "simultaneous": info.simultaneous})
    return catalogue


class Changes:
    """A flag that worker threads raise and one asyncio task waits on: a page is sent the newest
    view once, however many changes came while it was sending the last."""

    def __init__(self):
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    def __call__(self, _hosted=None) -> None:
        try:
            self.loop.call_soon_threadsafe(self.event.set)
        except RuntimeError:  # the loop has closed: the page is gone
            pass

    async def wait(self) -> None:
        await self.event.wait()
        self.event.clear()


# --- the app ---------------------------------------------------------------------------------------
def create_app(classroom: Classroom, *, teacher_token: str, league=None, join_url: str | None = None) -> Starlette:
    """The classroom's ASGI app. ``teacher_token`` opens the teacher's page and API; ``join_url``
    is the address students type (the QR code's), by default the one the request came to."""

    def is_teacher(request) -> bool:
        given = request.query_params.get("token") or ""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given = header[7:].strip()
        return secrets.compare_digest(given.encode(), teacher_token.encode())

    def teacher_only(handler):
        async def guarded(request: Request):
            if not is_teacher(request):
                return _error(403, _("this needs the teacher's token"))
            try:
                return await handler(request)
            except ClassroomError as error:
                return _classroom_error(error)
        return guarded

    def join_address(request: Request, code: str | None = None) -> str:
        base = (join_url or str(request.base_url)).rstrip("/")
        return f"{base}/?code={code}" if code else f"{base}/"

    def hosted_of(request: Request):
        try:
            return classroom.table(request.path_params["table_id"])
        except UnknownTable as error:
            raise HTTPException(404, str(error)) from None

    # --- pages ---------------------------------------------------------------------------------
    def escaped(**texts) -> dict:
        return {key: html.escape(text) for key, text in texts.items()}

    async def join_page(request: Request):
        w = escaped(join=_("Join a table"), code=_("Table code"), name=_("Your name"),
                    button=pgettext("button", "Join"), address=join_address(request))
        body = f"""<main class="gk-join">
<h1>{w["join"]}</h1>
<form id="join-form" autocomplete="off">
  <label>{w["code"]} <input id="code" name="code" maxlength="12" autocapitalize="characters" required></label>
  <label>{w["name"]} <input id="name" name="name" maxlength="24"></label>
  <div id="seats"></div>
  <button type="submit">{w["button"]}</button>
</form>
<p id="join-message" role="status"></p>
<section id="my-seats"></section>
<aside class="gk-qr" title="{w["address"]}">{qr_svg(join_address(request), 4)}</aside>
</main>"""
        return _page(_("Join a table"), body, "join.js", request=request)

    async def plain_page(request: Request):
        token = request.path_params["token"]
        try:
            hosted, seat = classroom.seat_of(token)
        except UnknownToken:
            w = escaped(invalid=_("This seat link is not valid here"),
                        again=_("Join again with the table's code"))
            return _page(_("Unknown seat"),
                         f"<main><h1>{w['invalid']}</h1><p><a href='/'>{w['again']}</a></p></main>",
                         "join.js", request=request)
        title = f"{hosted.title}: {hosted.names[seat]}"
        w = escaped(players=_("Players"), moves=_("Your moves"), table=_("The table"), see=_("What you see"),
                    log=_("Log"))
        body = f"""<main class="gk-plain">
<header><h1 id="title"></h1><p id="status" role="status"></p></header>
<section><h2>{w["players"]}</h2><ul id="players"></ul></section>
<section><h2>{w["moves"]}</h2><div id="actions"></div><p id="refusal" role="alert"></p></section>
<section><h2>{w["table"]}</h2><pre id="table-text"></pre></section>
<section><h2>{w["see"]}</h2><pre id="my-text"></pre></section>
<section><h2>{w["log"]}</h2><ol id="log"></ol></section>
</main>"""
        return _page(title, body, "plain.js", request=request)

    async def teacher_page(request: Request):
        if not is_teacher(request):
            w = escaped(needs=_("This page needs the teacher's address"),
                        use=_("Use the address the server printed when it started."))
            return _page(_("Teacher"), f"<main><h1>{w['needs']}</h1><p>{w['use']}</p></main>", "join.js",
                         request=request)
        w = escaped(league=_("League of bots"), board=_("the leaderboard"), everyone=_("(for everyone)"),
                    enter="" if league is None else _("Enter the students' bots and run the {league} league")
                    .format(league=league.title), token=teacher_token, classroom=_("Classroom"),
                    new=_("New table"), game=_("Game"), players=_("Players"), title=_("Title"),
                    seed=_("Seed"),
                    random=_("random"), options=_("Options"), example=_("e.g."),
                    create=pgettext("button", "Create"), tables=_("Tables"), previous=_("Previous step"),
                    next=_("Next step"), close=pgettext("button", "Close"))
        league_link = ("" if league is None else
                       f'<section><h2>{w["league"]}</h2><p><a href="/league/teacher?token={w["token"]}">'
                       f'{w["enter"]}</a> · <a href="/league/">{w["board"]}</a> {w["everyone"]}</p>'
                       '</section>')
        joins = _("Students join at {address}").format(
            address=f'<b id="join-address">{html.escape(join_address(request))}</b>')
        body = f"""<main class="gk-teacher">
<header><h1>{w["classroom"]}</h1>
<div class="gk-join-banner"><div>{joins}</div>
<div class="gk-qr">{qr_svg(join_address(request), 4)}</div></div></header>
<section><h2>{w["new"]}</h2>
<form id="create-form">
  <label>{w["game"]} <select id="game"></select></label>
  <label>{w["players"]} <select id="players-count"></select></label>
  <span id="seat-kinds"></span>
  <label>{w["title"]} <input id="title" maxlength="60"></label>
  <label>{w["seed"]} <input id="seed" inputmode="numeric" maxlength="12" placeholder="{w["random"]}"></label>
  <label>{w["options"]} <input id="options" maxlength="400" placeholder='{w["example"]} {{"mode": "powers"}}' title=""></label>
  <button type="submit">{w["create"]}</button>
</form><p id="create-message" role="status"></p></section>
<section><h2>{w["tables"]}</h2><div id="tables"></div></section>
{league_link}
<dialog id="secrets"><form method="dialog"><h2 id="secrets-title"></h2>
<pre id="secrets-text"></pre><p><button value="prev" id="prev">{w["previous"]}</button>
<span id="step-label"></span><button value="next" id="next">{w["next"]}</button>
<button value="close">{w["close"]}</button></p></form></dialog>
</main>"""
        return _page(_("Classroom: teacher"), body, "teacher.js", request=request, words=TEACHER_WORDS)

    async def seat_board_fallback(request: Request):
        return RedirectResponse(f"/plain/{request.path_params['token']}", status_code=307)

    # --- public API ----------------------------------------------------------------------------
    async def api_games(request: Request):
        return JSONResponse({"games": games_catalogue()})

    async def api_table_by_code(request: Request):
        try:
            hosted = classroom.by_code(request.path_params["code"])
        except UnknownTable as error:
            return _classroom_error(error)
        return JSONResponse({"code": hosted.code, "title": hosted.title, "game": hosted.game,
                             "names": list(hosted.names), "kinds": list(hosted.kinds),
                             "free": list(hosted.free_seats)})

    async def api_join(request: Request):
        body = await _json_body(request)
        seat = body.get("seat")
        if seat is not None and type(seat) is not int:
            return _error(400, "a seat is a number")
        try:
            ticket = classroom.join(str(body.get("code", "")), seat=seat, name=str(body.get("name") or ""))
        except ClassroomError as error:
            return _classroom_error(error)
        return JSONResponse({"token": ticket.token, "table": ticket.table_id, "seat": ticket.seat,
                             "board": f"/seat/{ticket.token}", "plain": f"/plain/{ticket.token}"})

    def seat_from(request: Request):
        try:
            return classroom.seat_of(request.path_params["token"])
        except UnknownToken as error:
            raise HTTPException(404, str(error)) from None

    async def api_seat_view(request: Request):
        hosted, seat = seat_from(request)
        return JSONResponse(await run_in_threadpool(seat_message, hosted, seat))

    async def api_seat_move(request: Request):
        hosted, seat = seat_from(request)
        body = await _json_body(request)
        answer, status = await run_in_threadpool(play_move, hosted, seat, body)
        return JSONResponse(answer, status_code=status)

    # --- the teacher's API ---------------------------------------------------------------------
    @teacher_only
    async def api_tables(request: Request):
        if request.method == "POST":
            body = await _json_body(request)
            hosted = await run_in_threadpool(create_from, body)
            return JSONResponse(teacher_detail(request, hosted), status_code=201)
        return JSONResponse({"tables": [t.summary() for t in classroom.tables()]})

    def create_from(body: dict):
        seats, seed = body.get("seats"), body.get("seed")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ClassroomError(_("seats: a list, one entry a seat: \"student\" or an agent's name"))
        if seed is not None and (type(seed) is not int or abs(seed) >= 10 ** 18):
            raise ClassroomError(_("a seed is a whole number"))
        options = body.get("options") or None
        if options is not None and not isinstance(options, dict):
            raise ClassroomError(_("options: an object of the game's options"))
        names = body.get("names") or None
        if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
            raise ClassroomError(_("names: a list of the seats' names"))
        return classroom.create_table(str(body.get("game", "")), seats, options=options, seed=seed,
                                      names=names, title=str(body.get("title") or "")[:60] or None)

    def teacher_detail(request: Request, hosted) -> dict:
        seats = [{"seat": seat, "name": hosted.names[seat], "kind": kind,
                  "link": f"/seat/{hosted.tokens[seat]}" if seat in hosted.tokens else None,
                  "plain": f"/plain/{hosted.tokens[seat]}" if seat in hosted.tokens else None}
                 for seat, kind in enumerate(hosted.kinds)]
        return {**hosted.summary(), "seats": seats, "join": join_address(request, hosted.code),
                "qr": qr_svg(join_address(request, hosted.code), 4), "public": seat_message(hosted, None)}

    @teacher_only
    async def api_table(request: Request):
        return JSONResponse(teacher_detail(request, hosted_of(request)))

    @teacher_only
    async def api_pause(request: Request):
        hosted = hosted_of(request)
        await run_in_threadpool(hosted.pause)
        return JSONResponse(hosted.summary())

    @teacher_only
    async def api_resume(request: Request):
        hosted = hosted_of(request)
        await run_in_threadpool(hosted.resume)
        return JSONResponse(hosted.summary())

    @teacher_only
    async def api_replace(request: Request):
        hosted, body = hosted_of(request), await _json_body(request)
        seat, kind = body.get("seat"), body.get("kind")
        if type(seat) is not int or not isinstance(kind, str):
            return _error(400, "replace needs a seat (a number) and a kind (\"student\" or an agent's name)")
        await run_in_threadpool(hosted.replace, seat, kind)
        return JSONResponse(hosted.summary())

    def confirmed(request: Request) -> bool:
        return request.query_params.get("confirm", "").lower() in ("1", "true", "yes")

    @teacher_only
    async def api_reveal(request: Request):
        hosted = hosted_of(request)
        text = await run_in_threadpool(lambda: hosted.reveal(confirm=confirmed(request)))
        return JSONResponse({"text": text, "over": hosted.is_over})

    @teacher_only
    async def api_replay(request: Request):
        hosted = hosted_of(request)
        frames = await run_in_threadpool(lambda: hosted.replay(confirm=confirmed(request)))
        return JSONResponse({"frames": frames, "over": hosted.is_over})

    @teacher_only
    async def api_record(request: Request):
        hosted = hosted_of(request)
        record = hosted.record()
        filename = f"{hosted.game}-{hosted.code}.json"
        return Response(record.to_json(indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    # --- moves -------------------------------------------------------------------------------------
    def play_move(hosted, seat: int, message: dict) -> tuple[dict, int]:
        """A seat's move, from the API or a WebSocket: ``(answer, HTTP status)``."""
        action, version = message.get("action"), message.get("version")
        if not isinstance(action, str) or len(action) > 200:
            return refusal_message(_("a move is the text of one of your actions"), hosted, seat), 400
        if version is not None and type(version) is not int:
            return refusal_message(_("the view's version is a number"), hosted, seat), 400
        try:
            hosted.submit(seat, action, version=version)
        except IllegalActionError as refusal:
            return refusal_message(refusal.reason, hosted, seat), 409
        return seat_message(hosted, seat), 200

    # --- WebSockets --------------------------------------------------------------------------------
    async def seat_socket(websocket: WebSocket):
        try:
            hosted, seat = classroom.seat_of(websocket.path_params["token"])
        except UnknownToken as error:
            await websocket.accept()
            await websocket.send_json({"type": "error", "reason": str(error)})
            await websocket.close(code=4404)
            return
        await websocket.accept()
        changes, sending = Changes(), asyncio.Lock()

        async def send(message: dict) -> None:
            async with sending:
                await websocket.send_text(json.dumps(message))

        async def send_views() -> None:
            while True:
                await changes.wait()
                await send(await run_in_threadpool(seat_message, hosted, seat))

        hosted.subscribe(changes)
        await run_in_threadpool(hosted.connect, seat)  # everyone sees the seat connected
        sender = asyncio.create_task(send_views())
        try:
            while True:
                text = await websocket.receive_text()
                message = _message(text)
                if message is None:
                    await send({"type": "error", "reason": _("messages are JSON objects with a type")})
                elif message.get("type") == "move":
                    answer, status = await run_in_threadpool(play_move, hosted, seat, message)
                    if status != 200:
                        await send(answer)
                elif message.get("type") == "view":
                    changes()
                elif message.get("type") == "ping":
                    await send({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            hosted.unsubscribe(changes)
            await run_in_threadpool(hosted.disconnect, seat)

    async def teacher_socket(websocket: WebSocket):
        given = websocket.path_params["token"]
        await websocket.accept()
        if not secrets.compare_digest(given.encode(), teacher_token.encode()):
            await websocket.send_json({"type": "error", "reason": _("this needs the teacher's token")})
            await websocket.close(code=4403)
            return
        changes = Changes()

        def tables_message() -> dict:
            return {"type": "tables", "tables": [t.summary() for t in classroom.tables()]}

        async def send_tables() -> None:
            while True:
                await changes.wait()
                await websocket.send_text(json.dumps(await run_in_threadpool(tables_message)))

        classroom.subscribe(changes)
        changes()
        sender = asyncio.create_task(send_tables())
        try:
            while True:
                await websocket.receive_text()  # the teacher acts through the API; this keeps it open
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            classroom.unsubscribe(changes)

    async def http_error(request: Request, error: HTTPException):
        return _error(error.status_code, error.detail)

    routes = [
        Route("/", join_page),
        Route("/teacher", teacher_page),
        Route("/plain/{token}", plain_page),
        Route("/api/games", api_games),
        Route("/api/tables/{code}", api_table_by_code),
        Route("/api/join", api_join, methods=["POST"]),
        Route("/api/seat/{token}", api_seat_view),
        Route("/api/seat/{token}/move", api_seat_move, methods=["POST"]),
        Route("/api/teacher/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/teacher/tables/{table_id}", api_table),
        Route("/api/teacher/tables/{table_id}/pause", api_pause, methods=["POST"]),
        Route("/api/teacher/tables/{table_id}/resume", api_resume, methods=["POST"]),
        Route("/api/teacher/tables/{table_id}/replace", api_replace, methods=["POST"]),
        Route("/api/teacher/tables/{table_id}/reveal", api_reveal),
        Route("/api/teacher/tables/{table_id}/replay", api_replay),
        Route("/api/teacher/tables/{table_id}/record", api_record),
        WebSocketRoute("/ws/seat/{token}", seat_socket),
        WebSocketRoute("/ws/teacher/{token}", teacher_socket),
        Mount("/static/classroom", StaticFiles(directory=STATIC), name="classroom-static"),
    ]
    if league is not None:
        from gamekit.league.routes import league_routes

        routes.append(Mount("/league", routes=league_routes(league, check_teacher=is_teacher)))
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error}, max_body_size=MAX_BODY,
                    middleware=[Middleware(BrowsersLanguage)])
    app.state.classroom = classroom
    app.state.teacher_token = teacher_token
    if not _mount_pages(app, classroom):
        app.router.routes.insert(3, Route("/seat/{token}", seat_board_fallback))
    return app


def _mount_pages(app: Starlette, classroom: Classroom) -> bool:
    """The board pages of ``gamekit.classroom.pages``, if that part is installed."""
    try:
        pages = importlib.import_module("gamekit.classroom.pages")
    except ImportError as error:
        if error.name not in ("gamekit.classroom.pages", "solara"):
            raise
        return False
    pages.mount(app, classroom)
    return True


def _message(text: str) -> dict | None:
    if len(text) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    return message if isinstance(message, dict) and isinstance(message.get("type"), str) else None


__all__ = ["create_app", "games_catalogue", "qr_svg", "STUDENT"]
