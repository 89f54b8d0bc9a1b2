"""A Brief History of the World at a classroom table, one browser per student: the last Epoch of
a game (a lesson position: Rui's United States are called) clicked on the two pages to the final
score, with a computer player at the third seat; the pages agree on the score, and Rui's hand
never reaches Ana's page."""

from __future__ import annotations

import re

import pytest

from gamekit.brief_history.scenarios import position

pytestmark = pytest.mark.browser

BOARD = ".bh-board"
PLAN = [{"game": "brief_history", "seats": ["student", "student", "random"], "seed": 1,
         "names": ["Ana", "Rui", "Eva"], "options": {"position": position("United States", colour=1)}}]
CLICK_LIMIT = 80


def moves_shown(page) -> int:
    return int(page.locator(".bh-epoch").get_attribute("data-moves"))


def my_choice(page):
    """The first thing this page may do now (the Place button of the map, or an action button),
    or ``None`` when it is not this seat's turn."""
    if page.locator(".bh-place:not(:disabled)").count():
        return page.locator(".bh-place")
    buttons = page.locator(".bh-actions .bh-action")
    return buttons.first if buttons.count() else None


def settled(page) -> None:
    """Wait until the buttons on the page are the ones the board lists (new button views render a
    moment after the texts), so that no click lands on a button about to be replaced."""
    page.wait_for_function(
        """board => {
             const choices = board.querySelector('.bh-choices');
             if (!choices) return false;
             const listed = choices.dataset.choices.split('|').filter(Boolean);
             const shown = Array.from(board.querySelectorAll('.bh-actions .bh-action'))
                                .map(b => b.innerText.trim());
             return shown.sort().join('|') === listed.sort().join('|');
           }""", arg=page.locator(BOARD).element_handle())


def act(page, choice) -> str:
    """Click ``choice`` (picking the first territory the Place button's list offers) and wait
    until the page shows one more move."""
    before = moves_shown(page)
    if "bh-place" in (choice.get_attribute("class") or ""):
        select = page.locator(".bh-territory-select select")
        said = "place " + " ".join(select.locator("option").first.inner_text().split()).split(" — ")[0]
        select.select_option(index=0)
    else:
        said = choice.inner_text().strip()
    choice.click()
    page.wait_for_function("before => Number(document.querySelector('.bh-epoch').dataset.moves) > before",
                           arg=before)
    return said


def test_the_last_epoch_on_two_pages_to_the_final_score(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    browsers = [seat_browser(server), seat_browser(server)]
    pages = [b.open(server.seat_url(0, seat), board=BOARD) for seat, b in enumerate(browsers)]
    acted = {0: [], 1: []}
    for _ in range(CLICK_LIMIT):
        if all(page.locator(".bh-result").count() for page in pages):
            break
        for seat, page in enumerate(pages):
            settled(page)
            choice = my_choice(page)
            if choice is not None:
                acted[seat].append(act(page, choice))
                break
        else:
            pages[0].wait_for_timeout(200)  # an agent's move or a redraw on its way
    assert acted[0] and acted[1], acted  # both students played
    assert acted[1][0].startswith("place")
    scores = [page.locator(".bh-score-row").evaluate_all("rows => rows.map(r => Number(r.dataset.score))")
              for page in pages]
    assert scores[0] == scores[1] and len(scores[0]) == 3
    for page in pages:
        assert "Game over" in page.locator(".bh-result").inner_text()
    # Rui's hand (his Event cards) reached his page, and never Ana's
    hand = re.compile(r"Rui(&#x27;|&#39;|')s secret hand", re.IGNORECASE)
    assert hand.search("\n".join(browsers[1].frames))
    assert not hand.search("\n".join(browsers[0].frames) + browsers[0].texts())
    assert all(b.foreign == [] for b in browsers)
