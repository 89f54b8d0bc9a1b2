"""What every test folder shares: one headless Chromium for the whole session.

Playwright's sync API runs one driver a thread, so the browser tests (tests/browser) and the
classroom's browser tests (tests/classroom/browser) must share this one fixture rather than each
starting their own. A missing Chromium skips a browser test with its reason, except under CI
(``CI`` set), where it is a failure.
"""

from __future__ import annotations

import os

import pytest

from gamekit import i18n

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (install it with `apt-get install -y chromium`)"
        if os.environ.get("CI"):
            pytest.fail(f"browser tests need Chromium under CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def english_session(monkeypatch):
    """The test starts in an English session, whatever the machine's GAMEKIT_LANG says, and
    leaves the choice of language as it found it."""
    monkeypatch.delenv(i18n.LANGUAGE_VARIABLE, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)
