"""Lost Cities at a classroom table, one browser per student: a whole short round (a lesson's
position: three cards in each hand, four in the deck) clicked on the two pages, and neither page
ever receives a card of the other's hand."""

from __future__ import annotations

import re

import pytest

from gamekit.lost_cities.rules import COLOURS

pytestmark = pytest.mark.browser

BOARD = ".lc-board"
KEPT = ["green 10", "yellow 10"]  # a card each student keeps in hand all game: the other never sees it
HANDS = [[KEPT[0], "red 2", "blue 2"], [KEPT[1], "red 3", "blue 3"]]
DECK_TOP = ["white 2", "white 3", "white 4"]  # and the white 5 below them: four turns in all


def position() -> dict:
    """The hands and the deck above; every other card already on the discard piles."""
    out_of_the_piles = {card for hand in HANDS for card in hand} | set(DECK_TOP) | {"white 5"}
    discards: dict[str, list[str]] = {}
    for colour in COLOURS[:5]:
        for value in ["wager"] * 3 + [str(v) for v in range(2, 11)]:
            card = f"{colour} {value}"
            if value == "wager" or card not in out_of_the_piles:
                discards.setdefault(colour, []).append(card)
    return {"hands": HANDS, "deck": DECK_TOP, "discards": discards}


PLAN = [{"game": "lost_cities", "seats": ["student", "student"], "seed": 4, "names": ["Ana", "Rui"],
         "options": {"rounds": 1, "position": position()}}]


def card_pattern(card: str) -> str:
    colour, value = card.split()
    return rf"{colour}[ -]{value}\b"


def take_a_turn(page, seat: int, actions_before: int) -> None:
    """Discard a card of the hand (never the kept one), then draw from the deck."""
    page.locator(f".lc-round[data-actions='{actions_before}']").wait_for()
    classes = page.locator(".lc-hand .lc-card").evaluate_all("cards => cards.map(c => c.className)")
    cards = [re.search(r"lc-card-(\w+)-(\d+)", names).group(0) for names in classes]
    kept = "lc-card-" + KEPT[seat].replace(" ", "-")
    assert kept in cards  # a student's own hand shows on their turn
    chosen = next(card for card in cards if card != kept)
    page.locator(f".lc-hand .{chosen}").first.click()
    page.locator(f".lc-hand .{chosen}.gk-selected").first.wait_for()
    page.locator(".lc-discard").click()
    page.locator(".lc-draw-deck:not([disabled])").wait_for()
    page.locator(".lc-draw-deck").click()
    page.locator(f".lc-round[data-actions='{actions_before + 2}']").wait_for()


def assert_never_saw(seat_browser, card: str) -> None:
    everything = "\n".join(seat_browser.frames) + seat_browser.texts()
    assert not re.search(card_pattern(card), everything)


def test_a_whole_round_on_two_pages_keeps_each_hand_secret(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    browsers = [seat_browser(server), seat_browser(server)]
    pages = [b.open(server.seat_url(0, seat), board=BOARD) for seat, b in enumerate(browsers)]
    for turn in range(4):
        seat = turn % 2
        take_a_turn(pages[seat], seat, 2 * turn)
        pages[1 - seat].locator(f".lc-round[data-actions='{2 * turn + 2}']").wait_for()
        for viewer, browser in enumerate(browsers):
            assert_never_saw(browser, KEPT[1 - viewer])
    results = []
    for page in pages:
        page.locator(".lc-round-result").wait_for()
        results.append(page.locator(".lc-round-result [data-score]").evaluate_all(
            "rows => rows.map(row => row.dataset.score)"))
    assert results[0] == results[1] and results[0]
    assert all(b.foreign == [] for b in browsers)
