"""Every test here starts in an English session, whatever the machine's GAMEKIT_LANG says."""

import pytest

from gamekit import i18n


@pytest.fixture(autouse=True)
def english_session(monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_VARIABLE, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)
