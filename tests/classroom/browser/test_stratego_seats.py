"""Stratego at a classroom table, one browser per student: a whole short game from a lesson's
position (Fire's Dragon two steps from Ice's Flag) clicked on the two pages, and neither page
learns the rank of an enemy piece before a battle shows it."""

from __future__ import annotations

import pytest

from tests.stratego.positions import position_text

pytestmark = pytest.mark.browser

BOARD = ".st-board"
POSITION = position_text({"a1": "rF", "e3": "r10", "e5": "bF", "h6": "b5"})
PLAN = [{"game": "stratego", "seats": ["student", "student"], "seed": 2, "names": ["Ana", "Rui"],
         "options": {"position": POSITION}}]
#: each side's piece the other side must not know: Fire's Dragon, Ice's Yeti (a 5)
HIDDEN = {0: "Dragon", 1: "Yeti"}


def move(page, src: str, dst: str, moves_after: int) -> None:
    page.locator(f".st-square-{src}").click()
    page.locator(f".st-square-{src}.st-selected").wait_for()
    page.locator(f".st-square-{dst}.st-target").wait_for()
    page.locator(f".st-square-{dst}").click()
    page.locator(f".st-moves[data-moves='{moves_after}']").wait_for()


def assert_enemy_unknown(seat_browser, viewer: int, square: str) -> None:
    """The enemy piece on ``square`` shows as unknown, and its rank's name never reached the page."""
    page = seat_browser.page
    assert page.locator(f".st-square-{square}.st-unknown").count() == 1
    assert HIDDEN[1 - viewer] not in "\n".join(seat_browser.frames) + seat_browser.texts()


def test_a_whole_game_on_two_pages_keeps_each_army_secret(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    fire, ice = seat_browser(server), seat_browser(server)
    pages = [fire.open(server.seat_url(0, 0), board=BOARD), ice.open(server.seat_url(0, 1), board=BOARD)]
    assert_enemy_unknown(ice, 1, "e3")
    assert_enemy_unknown(fire, 0, "h6")
    move(pages[0], "e3", "e4", 1)
    pages[1].locator(".st-moves[data-moves='1']").wait_for()
    assert_enemy_unknown(ice, 1, "e4")
    move(pages[1], "h6", "h7", 2)
    pages[0].locator(".st-moves[data-moves='2']").wait_for()
    assert_enemy_unknown(fire, 0, "h7")
    move(pages[0], "e4", "e5", 3)  # the Dragon takes the Flag
    for page in pages:
        page.locator(".st-result", has_text="Fire").wait_for()
        page.locator(".st-result", has_text="Ana").wait_for()
    assert fire.foreign == [] and ice.foreign == []
