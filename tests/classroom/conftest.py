"""Fixtures for the classroom tests: real databases (an SQLite file, and PostgreSQL) and ports.

PostgreSQL: ``GAMEKIT_TEST_POSTGRES_URL`` if set (a database the tests may fill with tables of
their own), else a throwaway cluster started here with Debian's ``initdb`` and ``pg_ctl`` in a
temporary folder (as the unprivileged ``nobody`` when the tests run as root), stopped at the end.
Without PostgreSQL the PostgreSQL cases skip, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os

import pytest

from tests import cli_support
from tests.postgres_support import fresh_postgres_database, postgres_server_fixture

PORTS = range(int(os.environ.get("GAMEKIT_TEST_PORT_FIRST", "9100")),
              int(os.environ.get("GAMEKIT_TEST_PORT_LAST", "9199")) + 1)


def free_port() -> int:
    return cli_support.free_port(PORTS)


postgres_server = postgres_server_fixture(free_port)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    """The URL of an empty database: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    return fresh_postgres_database(request.getfixturevalue("postgres_server"))
