"""``gamekit classroom``: one process on the teacher's laptop serves every table of the class.

It opens the store (an SQLite file in the user's data folder unless ``--db`` names another
database), rebuilds every table there, keeps the teacher's token across restarts, and serves the
app with uvicorn: on 127.0.0.1 (this computer only) unless ``--lan`` opens it to the classroom's
network.
"""

from __future__ import annotations

import socket
import sys

from .hall import Classroom, new_token

DEFAULT_PORT = 8765
MAX_MESSAGE_BYTES = 64 * 1024  # a page's message is a move: far below this


def lan_address() -> str:
    """This computer's address on the network its default route uses (no packet is sent:
    connecting a UDP socket only picks the interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostbyname(socket.gethostname())


def addresses(port: int, lan: bool, teacher_token: str) -> tuple[str, str]:
    """(the teacher's address, the address students join at)."""
    host = lan_address() if lan else "127.0.0.1"
    base = f"http://{host}:{port}"
    return f"{base}/teacher?token={teacher_token}", f"{base}/"


def serve(port: int = DEFAULT_PORT, *, lan: bool = False, db: str | None = None,
          league_folder: str | None = None, league_game: str | None = None) -> int:
    """Serve the classroom until stopped (Ctrl-C); every table is kept in ``db``. With
    ``league_folder``, a league of student bots for ``league_game`` too (its results in ``db``)."""
    import uvicorn

    from .app import create_app
    from .store import Store

    store = Store(db)
    classroom = Classroom(store)
    league = None
    if league_folder is not None:
        from gamekit.league.league import League

        league = League(store.engine, league_folder, league_game or "milhoes")
    teacher_token = store.setting("teacher_token", new_token)  # the same address after a restart
    teacher, join = addresses(port, lan, teacher_token)
    app = create_app(classroom, teacher_token=teacher_token, league=league, join_url=join.rstrip("/"))
    where = store.url.split("@")[-1]  # never print a database password
    print(f"Classroom server: {len(classroom.tables())} table(s) kept in {where}", flush=True)
    print(f"Teacher's page (keep this address to yourself): {teacher}", flush=True)
    print(f"Students join at: {join}", flush=True)
    if not lan:
        print("Only this computer can reach it: add --lan to open it to the classroom's network.", flush=True)
    if league is not None:
        print(f"League of bots ({league.title}): {teacher.replace('/teacher?', '/league/teacher?')}", flush=True)
    config = uvicorn.Config(app, host="0.0.0.0" if lan else "127.0.0.1", port=port, log_level="warning",
                            ws_max_size=MAX_MESSAGE_BYTES, ws_ping_interval=20, ws_ping_timeout=20)
    uvicorn.Server(config).run()
    store.close()
    return 0


if __name__ == "__main__":  # python -m gamekit.classroom.server [port]
    sys.exit(serve(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PORT))
