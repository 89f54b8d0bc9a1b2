"""A real PostgreSQL for the tests of the classroom's store and of the league.

``GAMEKIT_TEST_POSTGRES_URL`` if set (a database the tests may fill with tables of their own), else
a throwaway cluster started here with Debian's ``initdb`` and ``pg_ctl`` in a temporary folder (as
the unprivileged ``nobody`` when the tests run as root, since PostgreSQL refuses to run as root),
on a loopback port, stopped at the end. Without PostgreSQL the cases skip, except under
``CI=true``, where they fail. A conftest that needs it imports ``postgres_server`` and defines
``free_port`` in its own range; ``fresh_postgres_database(url)`` gives each test an empty database.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest


def _postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _missing(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is needed under CI: {reason}")
    pytest.skip(reason)


class Cluster:
    """A PostgreSQL cluster of its own in a temporary folder, on a loopback port."""

    def __init__(self, bin_dir: Path, port: int):
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="gamekit-pg-"))
        self.data, self.socket = self.root / "data", self.root / "socket"
        self.socket.mkdir()
        self.port = port
        self.user = "gamekit"
        self.as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.root, "nobody")
            shutil.chown(self.socket, "nobody")

    def run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "-A", "trust",
                 "--no-sync", "-E", "UTF8")
        options = f"-p {self.port} -k {self.socket} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                 str(self.root / "server.log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/postgres"


def postgres_server_fixture(free_port: Callable[[], int]):
    """A session fixture of a PostgreSQL URL: the given one, or a throwaway cluster's on a port
    from ``free_port``."""

    @pytest.fixture(scope="session")
    def postgres_server():
        given = os.environ.get("GAMEKIT_TEST_POSTGRES_URL")
        if given:
            yield given
            return
        bin_dir = _postgres_bin()
        if bin_dir is None:
            _missing("no PostgreSQL found in /usr/lib/postgresql (apt-get install postgresql)")
        cluster = Cluster(bin_dir, free_port())
        try:
            cluster.start()
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
            shutil.rmtree(cluster.root, ignore_errors=True)
            _missing(f"PostgreSQL would not start: {error}")
        yield cluster.url
        cluster.stop()

    return postgres_server


def fresh_postgres_database(server_url: str) -> str:
    """A new empty database on the server, so that every test starts from nothing."""
    import sqlalchemy as sa

    from gamekit.classroom.store import database_url

    url = sa.engine.make_url(database_url(server_url))
    name = f"gamekit_test_{secrets.token_hex(4)}"
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return url.set(database=name).render_as_string(hide_password=False)
