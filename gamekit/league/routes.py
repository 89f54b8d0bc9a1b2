"""The league's pages, for mounting in the classroom's app (``Mount("/league", routes=...)``).

- ``/`` — the leaderboard: a table and the figure (drawn by the plotly.js that ships with the
  plotly package, served at ``/plotly.js``: no CDN), with a CSV download at ``/leaderboard.csv``.
- ``/teacher`` — the teacher's page: enter a bot (a file or pasted text), start or stop the
  league, and each entry's report link to hand to its student. It needs the teacher: the
  ``check_teacher(request)`` callable given, else the ``token`` query parameter (or a bearer token)
  compared with the app's ``state.teacher_token``.
- ``/entry/{token}`` — one entry's own report: its standing, why it does not play (if so), and
  every game it failed with the move, the action, its traceback and what it printed. It never
  shows another entry's failures.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from gamekit.i18n import format_number, language, translations

from .league import entry_in_words, result_in_words

_, ngettext, pgettext = translations("classroom")

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 70rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; } th, td { padding: .3rem .6rem; border-bottom: 1px solid #ddd; }
th { text-align: left; background: #f3f3f3; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f7f7f7; padding: .6rem; overflow-x: auto; white-space: pre-wrap; }
.kit { color: #666; } .problem { color: #a33; } form { margin: 1rem 0; padding: 1rem; background: #f7f7f7; }
textarea { width: 100%; font-family: monospace; }
"""
PLOTLY_JS = Path(__import__("plotly").__file__).parent / "package_data" / "plotly.min.js"


def league_routes(league, check_teacher: Callable[[Request], bool] | None = None) -> list[Route]:
    """The league's routes (see the module's notes); ``check_teacher(request) -> bool`` guards the
    teacher's page and actions."""

    def is_teacher(request: Request) -> bool:
        if check_teacher is not None:
            return bool(check_teacher(request))
        expected = getattr(request.app.state, "teacher_token", None)
        given = request.query_params.get("token") or ""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given = header[7:].strip()
        return bool(expected) and secrets.compare_digest(given.encode(), str(expected).encode())

    def teacher_only(handler):
        async def guarded(request: Request):
            if not is_teacher(request):
                return page(_("Teacher only"), _tag("p", _("This page needs the teacher's link.")), status=403)
            return await handler(request)
        return guarded

    async def leaderboard_page(request: Request):
        board, figure = await run_in_threadpool(lambda: (league.leaderboard(), league.figure()))
        base = request.scope.get("root_path", "")
        chart = figure.to_html(full_html=False, include_plotlyjs=False, config={"displaylogo": False}) \
            if (board["games"] > 0).any() else _tag("p", _("No game has been played yet."))
        refresh = '<meta http-equiv="refresh" content="20">' if league.running else ""
        download = _e(_("Download the table (CSV)"))
        body = (f"<p>{_running(league)} <a href='{base}/leaderboard.csv'>{download}</a></p>"
                f"{board_table(board)}{chart}{rules_of_play(league)}")
        return page(_("{game} league").format(game=league.title), body, head=f'<script src="{base}/plotly.js"></script>{refresh}')

    async def leaderboard_csv(request: Request):
        text = await run_in_threadpool(league.to_csv)
        return Response(text, media_type="text/csv",
                        headers={"content-disposition": f'attachment; filename="{league.name}-league.csv"'})

    async def plotly_js(request: Request):
        return FileResponse(PLOTLY_JS, media_type="text/javascript", headers={"cache-control": "max-age=86400"})

    async def teacher_page(request: Request, message: str = "", status: int = 200):
        entries = await run_in_threadpool(league.entries)
        base, token = request.scope.get("root_path", ""), quote(request.query_params.get("token", ""))
        w = {key: _e(text) for key, text in dict(
            plays=_("plays"), report=_("report"), start=_("Play the games not played yet"),
            stop=_("Stop after the games being played"), enter_bot=_("Enter a bot"),
            name=_("Name (letters, digits, - or _):"), empty=_("(left empty, the file's name is used)"),
            file=_("Python file:"), paste=_("or paste its code:"), enter=pgettext("button", "Enter"),
            entries=_("Entries"), give=_("Give each student the link to their own report."),
            entry=_("entry"), status=_("status"), board=_("The leaderboard")).items()}
        rows = "".join(
            f"<tr><td class='{e.kind}'>{_e(entry_in_words(e.name))}</td><td>{w['plays'] if e.plays else _e(e.problem.splitlines()[0])}</td>"
            f"<td><a href='{base}/entry/{e.token}'>{w['report']}</a></td></tr>" for e in entries)
        body = (f"{message}<p>{_running(league)}</p>"
                f"<form method='post' action='{base}/teacher/run?token={token}'>"
                f"<button name='do' value='start'>{w['start']}</button> "
                f"<button name='do' value='stop'>{w['stop']}</button></form>"
                f"<form method='post' enctype='multipart/form-data' action='{base}/teacher/entries?token={token}'>"
                f"<h2>{w['enter_bot']}</h2><p><label>{w['name']} <input name='name'></label> {w['empty']}</p>"
                f"<p><label>{w['file']} <input type='file' name='file' accept='.py'></label></p>"
                f"<p><label>{w['paste']}<br><textarea name='source' rows='8'></textarea></label></p>"
                f"<button>{w['enter']}</button></form>"
                f"<h2>{w['entries']}</h2><p>{w['give']}</p>"
                f"<table><tr><th>{w['entry']}</th><th>{w['status']}</th><th></th></tr>{rows}</table>"
                f"<p><a href='{base}/'>{w['board']}</a></p>")
        return page(_("{game} league: teacher").format(game=league.title), body, status=status)

    async def add_entry(request: Request):
        form = await request.form()
        upload, pasted = form.get("file"), str(form.get("source") or "")
        name = str(form.get("name") or "").strip()
        source = pasted
        if upload is not None and getattr(upload, "filename", ""):
            source = (await upload.read(league_source_limit() + 1)).decode("utf-8", "replace")
            name = name or Path(upload.filename).stem
        if not source.strip():
            return await teacher_page(request, _tag("p", _("Choose a file or paste a bot's code."), "problem"), 400)
        try:
            entry = await run_in_threadpool(league.add_entry, name, source)
        except ValueError as error:
            return await teacher_page(request, f"<p class='problem'>{_e(error)}</p>", 400)
        said = _("{name} entered: it starts and plays.") if entry.plays else \
            _("{name} entered, but it does not start: {problem}.")
        problem = entry.problem.splitlines()[0] if entry.problem else ""
        said = _e(said).format(name=f"<b>{_e(entry.name)}</b>", problem=_e(problem))
        return await teacher_page(request, f"<p>{said}</p>")

    async def run_league(request: Request):
        form = await request.form()
        if form.get("do") == "stop":
            league.stop(wait=False)
        else:
            league.start()
        token = quote(request.query_params.get("token", ""))
        return RedirectResponse(f"{request.scope.get('root_path', '')}/teacher?token={token}", status_code=303)

    async def entry_report(request: Request):
        entry = await run_in_threadpool(league.entry_by_token, request.path_params["token"])
        if entry is None:
            return page(_("Unknown entry"), _tag("p", _("No entry has this link: ask your teacher for yours.")),
                        status=404)
        board, failures = await run_in_threadpool(lambda: (league.leaderboard(), league.failures(entry.name)))
        mine = board[board["entry"] == entry.name]
        parts = [board_table(mine)]
        if not entry.plays:
            parts += [_tag("h2", _("Your bot does not start")), _tag("pre", entry.problem, "problem"),
                      _tag("p", _("Fix it and enter it again: it plays as soon as it starts."))]
        parts.append(_tag("h2", _("Games your bot failed: {n}").format(n=len(failures))) if failures else
                     _tag("p", _("Your bot has failed no game.")) if entry.plays else "")
        for failure in failures:
            parts.append(f"<h3>{failure_heading(failure)}</h3><p>{_e(failure['error'])}</p>"
                         + (f"<pre>{_e(failure['traceback'])}</pre>" if failure["traceback"] else "")
                         + (_tag("p", _("What it printed (the end):")) + _tag("pre", failure["output"])
                            if failure["output"] else ""))
        parts.append(rules_of_play(league))
        return page(_("{entry}: {game} league").format(entry=entry.name, game=league.title), "".join(parts))

    return [
        Route("/", leaderboard_page, name="league-leaderboard"),
        Route("/leaderboard.csv", leaderboard_csv, name="league-csv"),
        Route("/plotly.js", plotly_js, name="league-plotly"),
        Route("/teacher", teacher_only(teacher_page), name="league-teacher"),
        Route("/teacher/entries", teacher_only(add_entry), methods=["POST"], name="league-add"),
        Route("/teacher/run", teacher_only(run_league), methods=["POST"], name="league-run"),
        Route("/entry/{token}", entry_report, name="league-entry"),
    ]


def league_source_limit() -> int:
    from .league import MAX_SOURCE_BYTES

    return MAX_SOURCE_BYTES


def rules_of_play(league) -> str:
    """What a bot's file must hold and may do, in a student's words."""
    limits = league.limits
    # Translators: <code>…</code> marks Python names; keep them as they are.
    rules = _("A bot is one Python file holding one class with a method "
              "<code>act(self, observation, legal_actions)</code> that returns one of <code>legal_actions</code> "
              "(or its text), and <code>__init__(self, seed=0)</code>; with several classes, name the one "
              "that plays in a line such as <code>AGENT = MyAgent</code>. It may import Python's standard "
              "library and the kit (<code>gamekit</code>), and read and write files in its own folder only; "
              "it cannot use the network or start programs. Each move may take {move_time} s, "
              "with {time_bank} s more to spend over a game, and it has {memory} MB of "
              "memory. Each pair of bots plays the same deals twice, swapping seats, so luck evens out.")
    return _tag("h2", _("How to write a bot")) + "<p>" + rules.format(
        move_time=_number(limits.move_time), time_bank=_number(limits.time_bank), memory=limits.memory_mb) + "</p>"


def board_table(board) -> str:
    """The leaderboard as an HTML table (numbers rounded, intervals in brackets)."""
    heads = ("#", _("entry"), _("games"), _("won"), _("drawn"), _("lost"), _("failed"),
             _("points per game [95 %]"), _("margin per deal [95 %]"), _("status"))
    head = "<tr>" + "".join(f"<th>{_e(text)}</th>" for text in heads) + "</tr>"
    rows, plays = [], _("plays")
    for row in board.itertuples():
        rows.append(
            f"<tr><td class='n'>{row.rank}</td><td class='{row.kind}'>{_e(entry_in_words(row.entry))}</td>"
            + "".join(f"<td class='n'>{value}</td>" for value in (row.games, row.wins, row.draws, row.losses, row.failed))
            + f"<td class='n'>{_interval(row.points, row.points_low, row.points_high, 2)}</td>"
            f"<td class='n'>{_interval(row.margin, row.margin_low, row.margin_high, 1, signed=True)}</td>"
            f"<td class='{'problem' if row.status != plays else ''}'>{_e(row.status)}</td></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def failure_heading(failure: dict) -> str:
    """One failed game in words: the deal, the opponent, the seat, how and when it failed (HTML)."""
    values = {"deal": failure["deal"] + 1, "opponent": _e(entry_in_words(failure["opponent"])), "seat": failure["seat"],
              "kind": _e(result_in_words(failure["kind"])), "move": failure["move"]}
    if not failure["action"]:
        return _e(_("Deal {deal} against {opponent}, seat {seat}: {kind} at move {move}")).format(**values)
    return _e(_("Deal {deal} against {opponent}, seat {seat}: {kind} at move {move}, answering {action}")).format(
        **values, action=f"<code>{_e(failure['action'])}</code>")


def page(title: str, body: str, *, head: str = "", status: int = 200) -> HTMLResponse:
    return HTMLResponse(f"<!doctype html><html lang='{language()}'><head><meta charset='utf-8'><title>{_e(title)}</title>"
                        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
                        f"<style>{STYLE}</style>{head}</head><body><h1>{_e(title)}</h1>{body}</body></html>",
                        status_code=status)


def _number(value: float) -> str:
    """A limit as a person writes it: no trailing zeros, the language's decimal separator."""
    return format_number(value)


def _interval(centre, low, high, places: int, signed: bool = False) -> str:
    if centre != centre:  # NaN: no game yet
        return "–"

    def shown(value) -> str:
        text = format_number(value, places)
        return f"+{text}" if signed and not text.startswith("-") else text

    if low != low or high != high:
        return shown(centre)
    return f"{shown(centre)} [{shown(low)}, {shown(high)}]"


def _running(league) -> str:
    return _e(_("The league is playing.") if league.running else _("The league is not playing now."))


def _tag(tag: str, text, css_class: str = "") -> str:
    """``text`` escaped inside one element."""
    attribute = f" class='{css_class}'" if css_class else ""
    return f"<{tag}{attribute}>{_e(text)}</{tag}>"


def _e(text) -> str:
    return html.escape(str(text))
