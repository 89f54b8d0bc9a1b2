"""A classroom server for the browser tests, as its own process: ``python -m
tests.classroom.browser.serve --port P --db sqlite:///F --plan plan.json --out seats.json``.

The first start (an empty store) sets up the tables of ``plan.json`` (a list of
``{"game", "seats", "options", "seed", "names"}``) and seats a student at each student seat; every
start writes ``seats.json``: per table its id, code, game and the seat tokens, and the teacher's
token. A restart with the same store goes on where the tables were.
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path

import uvicorn

from gamekit.classroom import STUDENT, Classroom
from gamekit.classroom.store import Store


def build_app(classroom: Classroom, teacher_token: str):
    """The server's own app when it is there (teacher's page, API, plain pages), with the board
    pages mounted by it; else a bare Starlette app with only the board pages."""
    try:
        from gamekit.classroom.app import create_app
    except ImportError:
        from starlette.applications import Starlette

        from gamekit.classroom.pages import mount

        app = Starlette()
        mount(app, classroom)
        return app
    return create_app(classroom, teacher_token=teacher_token)


def seat_students(classroom: Classroom, plan: list[dict]) -> None:
    for entry in plan:
        hosted = classroom.create_table(entry["game"], entry["seats"], options=entry.get("options"),
                                        seed=entry.get("seed"), names=entry.get("names"))
        for seat, kind in enumerate(entry["seats"]):
            if kind == STUDENT:
                classroom.join(hosted.code, seat=seat)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--plan", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    store = Store(args.db)
    classroom = Classroom(store)
    if not classroom.tables():
        seat_students(classroom, json.loads(args.plan.read_text()))
    teacher = store.setting("teacher_token", lambda: secrets.token_urlsafe(18))
    tables = [{"id": h.id, "code": h.code, "game": h.game,
               "tokens": {str(seat): token for seat, token in sorted(h.tokens.items())}}
              for h in classroom.tables()]
    app = build_app(classroom, teacher)
    args.out.write_text(json.dumps({"teacher": teacher, "tables": tables}))
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
