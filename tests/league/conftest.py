import pytest

from tests.league.bots import bot_processes


@pytest.fixture
def no_stray_bots():
    """Fails the test if any bot's process outlives it."""
    yield
    assert bot_processes() == []
