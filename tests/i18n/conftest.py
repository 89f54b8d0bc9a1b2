"""Every test here starts in an English session, whatever the machine's GAMEKIT_LANG says (the
fixture is the whole suite's, in tests/conftest.py)."""

import pytest


@pytest.fixture(autouse=True)
def _english(english_session):
    yield
