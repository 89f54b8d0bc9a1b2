"""Where the classroom keeps its tables, so that nothing is lost when the server stops.

Every table is stored as what rebuilds it exactly: its game, options and seed (as the kit's record
writes them), its seats (kind, name, token, whether a student joined) and an append-only log: one
row a step of the game, in the record's own words (a move's text, or a simultaneous round's list),
and one row a secret choice of a round still open (kept here, never sent to another seat, so that
a restart keeps the choices made). ``Classroom(store)`` replays each log on start.

SQLAlchemy Core over SQLite by default (one file, in WAL mode so that pages reading never wait
for a move being written), or PostgreSQL for a school server: ``Store("postgresql://user@host/db")``.
``store.engine`` is public: the league keeps its own tables in the same database.
"""

from __future__ import annotations

import json
import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import sqlalchemy as sa

from gamekit.core import record_of

METADATA = sa.MetaData()

TABLES = sa.Table(
    "classroom_tables", METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("position", sa.Integer, nullable=False),  # the order the teacher made them in
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("options", sa.Text, nullable=False),  # JSON, as the record writes them
    sa.Column("seed", sa.String(60), nullable=False),  # text: a seed may exceed 64 bits
    sa.Column("paused", sa.Boolean, nullable=False, default=False),
    sa.Column("version", sa.Integer, nullable=False, default=0),  # the table's version at the last write
    sa.Column("created", sa.Float, nullable=False),
)

SEATS = sa.Table(
    "classroom_seats", METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("classroom_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),  # "student" or an agent's name
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("token", sa.String(64), nullable=True, unique=True),
    sa.Column("taken", sa.Boolean, nullable=False, default=False),
)

LOG = sa.Table(
    "classroom_log", METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("classroom_tables.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),  # "step", "choice", "replace"
    sa.Column("payload", sa.Text, nullable=False),  # JSON
    sa.Column("at", sa.Float, nullable=False),
)

SETTINGS = sa.Table(
    "classroom_settings", METADATA,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


def default_path() -> Path:
    """The SQLite file used when no database is named: ``classroom.sqlite`` in the user's data
    folder (platformdirs: ``~/.local/share/gamekit`` on Linux, ``~/Library/Application
    Support/gamekit`` on macOS, ``%LOCALAPPDATA%\\gamekit`` on Windows); ``GAMEKIT_DATA`` overrides it."""
    if os.environ.get("GAMEKIT_DATA"):
        folder = Path(os.environ["GAMEKIT_DATA"])
    else:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("gamekit", appauthor=False))
    return folder / "classroom.sqlite"


def database_url(url: str | None = None) -> str:
    """A SQLAlchemy URL: the default SQLite file, a path to one, or a database URL
    (``postgresql://`` is read as ``postgresql+psycopg://``, the driver the kit installs)."""
    if not url:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


@dataclass
class SavedTable:
    """A table as stored: everything :func:`gamekit.classroom.hall.restore_table` needs."""

    id: str
    code: str
    game: str
    title: str
    options: dict
    seed: int
    paused: bool
    version: int = 0  # the table's version at its last stored change
    kinds: list = field(default_factory=list)
    names: list = field(default_factory=list)
    tokens: dict = field(default_factory=dict)  # seat -> token
    taken: set = field(default_factory=set)
    steps: list = field(default_factory=list)  # the record's actions
    choices: list = field(default_factory=list)  # (seat, action text) of the open round


class Store:
    """The classroom's database (see the module's notes). Thread-safe: every call is one
    transaction of its own."""

    def __init__(self, url: str | None = None):
        self.url = database_url(url)
        self.engine = sa.create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self._lock = threading.Lock()  # SQLite takes one writer at a time: queue them here
        METADATA.create_all(self.engine)

    # --- writing ---------------------------------------------------------------------------------
    def add_table(self, hosted) -> None:
        """A new table, its seats and its starting record (options with any set-ups chosen)."""
        record = record_of(hosted.table.state)
        with self._writing() as connection:
            position = connection.execute(sa.select(sa.func.count()).select_from(TABLES)).scalar_one()
            connection.execute(TABLES.insert().values(
                id=hosted.id, position=position, code=hosted.code, game=hosted.game, title=hosted.title,
                options=json.dumps(record.options), seed=str(record.seed), paused=hosted.paused,
                version=hosted.table.version, created=time.time()))
            connection.execute(SEATS.insert(), [
                {"table_id": hosted.id, "seat": seat, "kind": kind, "name": hosted.names[seat],
                 "token": hosted.tokens.get(seat), "taken": seat in hosted.taken}
                for seat, kind in enumerate(hosted.kinds)])

    def append(self, table_id: str, kind: str, payload, *, version: int | None = None) -> None:
        """One more row of a table's log (never changed afterwards). Each write may also keep the
        table's ``version``, so that a restarted table numbers its views on from there."""
        with self._writing() as connection:
            connection.execute(LOG.insert().values(table_id=table_id, kind=kind,
                                                   payload=json.dumps(payload), at=time.time()))
            _keep_version(connection, table_id, version)

    def update_seat(self, table_id: str, seat: int, *, kind: str, name: str, token: str | None,
                    taken: bool, version: int | None = None) -> None:
        with self._writing() as connection:
            connection.execute(SEATS.update().where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                               .values(kind=kind, name=name, token=token, taken=taken))
            _keep_version(connection, table_id, version)

    def set_paused(self, table_id: str, paused: bool) -> None:
        with self._writing() as connection:
            connection.execute(TABLES.update().where(TABLES.c.id == table_id).values(paused=paused))

    def setting(self, key: str, make) -> str:
        """The value kept under ``key``, made by ``make()`` and kept the first time it is asked for
        (the teacher's token, the same across restarts)."""
        with self._writing() as connection:
            value = connection.execute(sa.select(SETTINGS.c.value).where(SETTINGS.c.key == key)).scalar()
            if value is None:
                value = str(make())
                connection.execute(SETTINGS.insert().values(key=key, value=value))
            return value

    # --- reading ---------------------------------------------------------------------------------
    def load_tables(self) -> list[SavedTable]:
        """Every stored table, in the order they were made, with its seats and log."""
        with self.engine.connect() as connection:
            rows = connection.execute(sa.select(TABLES).order_by(TABLES.c.position)).mappings().all()
            saved = {row["id"]: SavedTable(row["id"], row["code"], row["game"], row["title"],
                                           json.loads(row["options"]), int(row["seed"]), bool(row["paused"]),
                                           version=row["version"])
                     for row in rows}
            for row in connection.execute(sa.select(SEATS).order_by(SEATS.c.table_id, SEATS.c.seat)).mappings():
                table = saved.get(row["table_id"])
                if table is None:
                    continue
                table.kinds.append(row["kind"])
                table.names.append(row["name"])
                if row["token"]:
                    table.tokens[row["seat"]] = row["token"]
                if row["taken"]:
                    table.taken.add(row["seat"])
            for row in connection.execute(sa.select(LOG).order_by(LOG.c.id)).mappings():
                table = saved.get(row["table_id"])
                if table is None:
                    continue
                payload = json.loads(row["payload"])
                if row["kind"] == "step":
                    table.steps.append(payload)
                    table.choices = []  # the round they belonged to is resolved
                elif row["kind"] == "choice":
                    table.choices.append((payload["seat"], payload["action"]))
        return list(saved.values())

    def log_of(self, table_id: str) -> list[tuple[str, object]]:
        """A table's log rows as (kind, payload), oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(sa.select(LOG.c.kind, LOG.c.payload).where(LOG.c.table_id == table_id)
                                      .order_by(LOG.c.id)).all()
        return [(kind, json.loads(payload)) for kind, payload in rows]

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _writing(self):
        """One write transaction, one writer of this process at a time."""
        with self._lock, self.engine.begin() as connection:
            yield connection


def _keep_version(connection, table_id: str, version: int | None) -> None:
    if version is not None:
        connection.execute(TABLES.update().where(TABLES.c.id == table_id).values(version=version))


def _sqlite_pragmas(connection, _record) -> None:
    """WAL: readers never wait for the writer. ``synchronous=NORMAL`` is safe in WAL mode against
    a killed server (only a power cut may lose the last moves); foreign keys checked."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
