"""Milhões at a classroom table, one browser per student: two students and a computer player, a
whole short game clicked on the two pages; what each page received never holds the other's secret
bid; a tab closed and opened again, and a server killed and started again, both go on where the
game was."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from gamekit.classroom.store import Store
from gamekit.core import derive_seed
from gamekit.milhoes import new_game
from gamekit.milhoes.agents import AGENTS

pytestmark = pytest.mark.browser

CARDS = 4
SEED = 11
NAMES = ["Ana", "Rui", "Eva"]
PLAN = [{"game": "milhoes", "seats": ["student", "student", "random"], "seed": SEED,
         "names": NAMES, "options": {"cards": CARDS}}]
BOARD = ".mh-board"


def bids(seat: int) -> list[int]:
    """What each student bids, round by round: Ana climbs from 1, Rui falls from the top."""
    order = list(range(1, CARDS + 1))
    return order if seat == 0 else order[::-1]


def engine_game():
    """The game the table should have played: the engine, the seeded agent, our bids."""
    agent = AGENTS["random"](seed=derive_seed(SEED, 2))
    state = new_game(3, seed=SEED, cards=CARDS)
    for round_ in range(CARDS):
        state.apply_joint({0: f"bid {bids(0)[round_]}", 1: f"bid {bids(1)[round_]}",
                           2: agent.act(state.observation(2), state.legal_actions(2))})
    return state


def bid(page, seat: int, round_: int) -> None:
    card = bids(seat)[round_ - 1]
    page.locator(f".mh-card-{seat}-{card}").click()
    page.locator(f".mh-card-{seat}-{card}.gk-selected").wait_for()
    page.locator(".mh-confirm").click()
    page.locator(".mh-log", has_text=f"You chose Power card {card}").wait_for()


def wait_for_round(page, round_: int) -> None:
    if round_ > CARDS:
        page.locator(".mh-result").wait_for()
    else:
        page.locator(f".mh-round:has-text('round {round_} of {CARDS}')").wait_for()


def own_choices(frames: list[str]) -> set[int]:
    """The bids a page was told "You chose" (only ever its own seat's log line)."""
    return {int(n) for frame in frames for n in re.findall(r"You chose Power card (\d+)", frame)}


def assert_nothing_of_the_other_seat(seat_browser, seat: int, rounds_played: int) -> None:
    """No frame and nothing in the page holds the other student's hand or secret bids: their
    cards' classes never arrive, and "You chose" only ever names this seat's own bids."""
    other = 1 - seat
    everything = "\n".join(seat_browser.frames) + seat_browser.texts()
    assert f"mh-card-{other}-" not in everything
    assert f"mh-card-{seat}-" in everything
    assert own_choices(seat_browser.frames) <= set(bids(seat)[:rounds_played])


def assert_result(page, engine) -> None:
    rows = page.locator(".mh-scores .mh-score-row")
    assert rows.evaluate_all("rows => rows.map(row => Number(row.dataset.score))") == engine.scores()
    explanation = page.locator(".mh-result .mh-explanation").inner_text()
    assert explanation == engine.tiebreak_explanation(NAMES)


def test_a_whole_game_on_two_pages_keeps_each_bid_secret(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    ana, rui = seat_browser(server), seat_browser(server)
    pages = [ana.open(server.seat_url(0, 0), board=BOARD), rui.open(server.seat_url(0, 1), board=BOARD)]
    for round_ in range(1, CARDS + 1):
        bid(pages[0], 0, round_)
        # Rui's page learns that Ana has chosen, and nothing of what
        pages[1].locator(".mh-seat-0", has_text="card chosen").wait_for()
        assert_nothing_of_the_other_seat(rui, 1, round_ - 1)
        bid(pages[1], 1, round_)
        for page in pages:
            wait_for_round(page, round_ + 1)
        for seat, seen in enumerate((ana, rui)):
            assert_nothing_of_the_other_seat(seen, seat, round_)
    engine = engine_game()
    for page in pages:
        assert_result(page, engine)
    assert ana.foreign == [] and rui.foreign == []  # every script, style and font from the server


def test_a_tab_closed_and_opened_again_goes_on_at_its_seat(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    ana, rui = seat_browser(server), seat_browser(server)
    ana_page = ana.open(server.seat_url(0, 0), board=BOARD)
    rui.open(server.seat_url(0, 1), board=BOARD)
    ana_page.locator(".gk-presence-seat-1.gk-online").wait_for()
    bid(ana_page, 0, 1)
    rui.close_tab()  # the lid goes down
    ana_page.locator(".gk-presence-seat-1.gk-away").wait_for()
    # the same browser, at the seat page's bare address: it remembers its seat
    rui_page = rui.open(f"{server.url}/seat/", board=BOARD)
    assert parse_qs(urlparse(rui_page.url).query)["seat"] == [server.token(0, 1)]  # (and its language)
    ana_page.locator(".gk-presence-seat-1.gk-online").wait_for()
    rui_page.locator(".mh-seat-0", has_text="card chosen").wait_for()
    bid(rui_page, 1, 1)
    wait_for_round(ana_page, 2)
    wait_for_round(rui_page, 2)


def test_the_server_killed_and_started_again_goes_on(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    ana, rui = seat_browser(server), seat_browser(server)
    pages = [ana.open(server.seat_url(0, 0), board=BOARD), rui.open(server.seat_url(0, 1), board=BOARD)]
    for seat, page in enumerate(pages):
        bid(page, seat, 1)
    wait_for_round(pages[0], 2)
    bid(pages[0], 0, 2)  # Ana's secret bid of round 2 is in; Rui's is not
    boards = [page.locator(BOARD).element_handle() for page in pages]
    server.kill()
    server.start()
    for page, board in zip(pages, boards):  # each page comes back by itself, drawn anew
        page.wait_for_function("board => !board.isConnected", arg=board, timeout=60_000)
        page.locator(".mh-round:has-text('round 2 of')").wait_for()
    pages[1].locator(".mh-seat-0", has_text="card chosen").wait_for()
    pages[0].locator(".mh-log", has_text=f"You chose Power card {bids(0)[1]}").wait_for()
    bid(pages[1], 1, 2)
    for round_ in range(3, CARDS + 1):
        wait_for_round(pages[0], round_)
        for seat, page in enumerate(pages):
            bid(page, seat, round_)
    # The computer player was dealt in again from its seed at the restart, so its later bids may
    # differ from a game without one: the pages must show the game the server stored.
    stored = Store(server.db).load_tables()[0]
    state = new_game(3, seed=SEED, cards=CARDS)
    for step in stored.steps:
        assert [step[0], step[1]] == [f"bid {bids(0)[state.round - 1]}", f"bid {bids(1)[state.round - 1]}"]
        state.apply_joint(dict(enumerate(step)))
    assert state.is_terminal
    for page in pages:
        wait_for_round(page, CARDS + 1)
        assert_result(page, state)


def test_the_teacher_sees_who_is_here_and_pauses_the_table(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    ana, rui, teacher = seat_browser(server), seat_browser(server), seat_browser(server)
    pages = [ana.open(server.seat_url(0, 0), board=BOARD), rui.open(server.seat_url(0, 1), board=BOARD)]
    desk = teacher.open(f"{server.url}/teacher?token={server.seats['teacher']}", board=".gk-table-card")
    card = desk.locator(f".gk-table-card[data-table='{server.seats['tables'][0]['id']}']")
    card.locator("tr:has-text('Ana') .gk-dot.gk-on").wait_for()  # both students' pages are open
    card.locator("tr:has-text('Rui') .gk-dot.gk-on").wait_for()
    card.locator("button", has_text="Pause").click()
    for page in pages:
        page.locator(".gk-presence .gk-paused").wait_for()
    pages[0].locator(".mh-card-0-1").click()
    pages[0].locator(".mh-card-0-1.gk-selected").wait_for()
    pages[0].locator(".mh-confirm").click()
    pages[0].locator(".mh-status", has_text="paused").wait_for()  # refused, and said why
    card.locator("button", has_text="Resume").click()
    for page in pages:
        page.locator(".gk-presence .gk-paused").wait_for(state="detached")
    for seat, page in enumerate(pages):
        bid(page, seat, 1)
    wait_for_round(pages[0], 2)
    card.locator("h3", has_text="step 1").wait_for()  # the teacher's page follows the game
