import os

import pytest

from tests import cli_support
from gamekit.league.league import League
from tests.league.bots import FAST, bot_processes
from tests.postgres_support import postgres_server_fixture

PORTS = range(int(os.environ.get("GAMEKIT_TEST_PORT_FIRST", "9300")),
              int(os.environ.get("GAMEKIT_TEST_PORT_LAST", "9399")) + 1)

postgres_server = postgres_server_fixture(lambda: cli_support.free_port(PORTS))


@pytest.fixture
def no_stray_bots():
    """Fails the test if any bot's process outlives it."""
    yield
    assert bot_processes() == []


@pytest.fixture
def small_league(tmp_path):
    """A Milhões league in a scratch folder: one deal a pairing, kit:random beside, no workers."""
    return League(f"sqlite:///{tmp_path / 'league.db'}", tmp_path / "bots", "milhoes", workers=0, deals=1,
                  kit_agents=("random",), limits=FAST)
