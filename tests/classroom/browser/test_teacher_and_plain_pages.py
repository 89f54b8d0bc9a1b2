"""The teacher's page and the plain seat pages in Chromium: the teacher makes a table with the form,
pauses and resumes one, reveals it (after saying yes to the question); two students play a round of
Milhões on their plain pages, and neither page is sent the other's secret bid."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

PLAN = [{"game": "milhoes", "seats": ["student", "student", "random"], "seed": 1, "names": ["Ana", "Rui"]}]


def choices_sent(frames: list[str]) -> list:
    """The ``my_choice`` of every view a page was sent."""
    views = [json.loads(frame) for frame in frames if frame.startswith("{")]
    views = [v["view"] if v.get("type") == "refused" else v for v in views]
    return [v["my_choice"] for v in views if v.get("type") == "view"]


def logs_sent(frames: list[str]) -> list[str]:
    views = [json.loads(frame) for frame in frames if frame.startswith("{")]
    return [line for v in views if v.get("type") == "view" for line in v["log"]]


def test_the_teacher_runs_the_class_and_students_play_on_plain_pages(classroom_server, seat_browser):
    server = classroom_server(PLAN)
    teacher_token = server.seats["teacher"]
    table_id = server.seats["tables"][0]["id"]
    teacher = seat_browser(server)
    desk = teacher.open(f"{server.url}/teacher?token={teacher_token}", board=".gk-table-card")
    assert desk.locator(".gk-table-card").count() == 1
    assert "<svg" in desk.content()  # the join address's QR code

    desk.locator("#game").select_option("lost_cities")
    desk.locator("#title").fill("Table two")
    desk.locator("#create-form button[type=submit]").click()
    desk.locator(".gk-table-card", has_text="Table two").wait_for()
    desk.locator("#create-message", has_text="is ready").wait_for()

    ana, rui = seat_browser(server), seat_browser(server)
    pages = [ana.open(f"{server.url}/plain/{server.token(0, seat)}", board="#actions button >> nth=0")
             for seat, ana in ((0, ana), (1, rui))]
    first = desk.locator(f".gk-table-card[data-table='{table_id}']")
    first.locator("button", has_text="Pause").click()
    for page in pages:
        page.locator("#status", has_text="paused").wait_for()
        assert page.locator("#actions button").count() == 0
    first.locator("button", has_text="Resume").click()
    pages[0].locator("#actions button", has_text="bid 5").click()
    pages[0].locator("#status", has_text="You chose Power card 5").wait_for()
    pages[1].locator("#players li", has_text="Ana").locator(".gk-turn", has_text="submitted").wait_for()
    before_rui = list(rui.frames)
    assert set(choices_sent(before_rui)) == {None}  # Ana's bid never reached Rui's page
    assert not any("bid 5" in line for line in logs_sent(before_rui))  # nor her log line
    pages[1].locator("#actions button", has_text="bid 3").click()
    for page in pages:
        page.locator("#log li", has_text="Round 1").wait_for()
    assert set(choices_sent(rui.frames)) <= {None, "bid 3"}

    desk.once("dialog", lambda dialog: dialog.accept())
    first.locator("button", has_text="Reveal").click()
    desk.locator("#secrets-text", has_text="hand").wait_for()
    assert ana.foreign == [] and rui.foreign == [] and teacher.foreign == []
