"""The students' board pages without a browser: a :class:`RemoteSeat` gives a board one seat of a
hosted table (moves through the hall, refusals on the board, stale views redrawn, no hot-seat, no
set-up row), and a :class:`SeatPage` never holds a widget text of another seat's secrets."""

from __future__ import annotations

import random

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gamekit.classroom import Classroom
from gamekit.classroom.pages import RemoteSeat, SeatPage, mount, presence_html
from gamekit.core import IllegalActionError, StaleViewError

GAMES = {"milhoes": ["student", "student", "random"], "lost_cities": ["student", "student"],
         "stratego": ["student", "student"], "brief_history": ["student", "student", "random"]}


def hosted_table(game: str, seed: int = 3):
    classroom = Classroom()
    hosted = classroom.create_table(game, GAMES[game], seed=seed)
    for seat, kind in enumerate(GAMES[game]):
        if kind == "student":
            classroom.join(hosted.code, seat=seat)
    return classroom, hosted


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_board_is_a_view_of_one_seat_without_hot_seat_or_set_up(game):
    _, hosted = hosted_table(game)
    for seat in (0, 1):
        page = SeatPage(hosted, seat)
        board = page.board
        assert board.viewer == seat and board.view == hosted.view(seat)
        assert not board.hotseat and not board.pass_screen_pending
        assert not board.shows(board.setup) and not board.shows(board.new_game_button)
        assert not board.shows(board.round_button) and not board.shows(board.pass_screen)


def test_a_move_on_one_page_is_drawn_on_the_other():
    _, hosted = hosted_table("milhoes")
    ana, rui = SeatPage(hosted, 0), SeatPage(hosted, 1)
    ana.board.select(5)
    ana.board.confirm()
    assert "You chose Power card 5." in ana.board.log_panel.value
    assert 0 in rui.board.view.chosen  # Rui's page knows Ana has chosen, not what
    assert "You chose Power card 5." not in rui.board.log_panel.value
    rui.board.choose(1, 7)
    assert ana.board.view.version == hosted.table.version == rui.board.view.version
    assert hosted.table.state.round == 2


def test_a_move_on_a_stale_view_is_refused_and_the_page_redrawn():
    _, hosted = hosted_table("lost_cities")
    scheduled = []  # redraws held back: the page still shows the old view
    page = SeatPage(hosted, 1, schedule=scheduled.append)
    other = RemoteSeat(hosted, 0)
    first = hosted.view(0).legal_actions[0]
    other.submit(first, 0, version=hosted.table.version)
    stale = page.board.view.version
    assert stale != hosted.table.version and scheduled
    with pytest.raises(StaleViewError):
        page.remote.submit("draw deck", 1, version=stale)  # the version is checked first
    for job in dict.fromkeys(scheduled):
        job()
    assert page.board.view.version == hosted.table.version


def test_a_paused_table_refuses_moves_and_the_page_says_so():
    _, hosted = hosted_table("milhoes")
    page = SeatPage(hosted, 0)
    hosted.pause()
    assert "has paused the game" in page.presence.value
    assert page.board.choose(0, 3) is False
    assert page.board.status.text.startswith("Refused: the teacher has paused")
    assert 0 not in hosted.table.pending
    hosted.resume()
    assert "has paused the game" not in page.presence.value and page.board.choose(0, 3)


def test_a_remote_seat_acts_and_looks_for_its_own_seat_only():
    _, hosted = hosted_table("lost_cities")
    remote = RemoteSeat(hosted, 1)
    with pytest.raises(PermissionError):
        remote.view(0)
    with pytest.raises(IllegalActionError, match="only"):
        remote.submit("draw deck", 0)
    for refused in (lambda: remote.take_screen(1), remote.advance, remote.new_game,
                    lambda: remote.replace_seat(0)):
        before = hosted.table.version
        with pytest.raises(IllegalActionError):
            refused()
        assert hosted.table.version == before
    with pytest.raises(IllegalActionError):
        RemoteSeat(hosted, 5)


def test_presence_says_who_is_here_with_public_facts_only():
    _, hosted = hosted_table("milhoes")
    hosted.connect(1)
    text = presence_html(hosted, 0)
    assert "gk-presence-seat-0 gk-away gk-you" in text and "gk-presence-seat-1 gk-online" in text
    assert "gk-presence-seat-2 gk-computer" in text
    assert hosted.tokens[0] not in text and hosted.tokens[1] not in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_widget_of_a_page_shows_another_seats_secret_in_random_games(game):
    """Over random games, every text on seat 0's page (values, tooltips, options) would read the
    same if seat 1's secrets were different: the page is drawn from seat 0's view alone."""
    _, hosted = hosted_table(game, seed=7)
    page = SeatPage(hosted, 0)
    rng = random.Random(game)
    for _ in range(25 if game != "brief_history" else 12):
        if hosted.is_over:
            break
        texts = page.board.texts()
        assert all(hosted.tokens[1] not in text for text in texts)
        view = hosted.view(0)
        assert page.board.view == view  # the board shows exactly seat 0's view
        waiting = [s for s in hosted.view(None).waiting_for if hosted.view(s).legal_actions]
        if not waiting:
            break
        seat = rng.choice(waiting)
        hosted.submit(seat, rng.choice(hosted.view(seat).legal_actions))


def test_the_seat_link_remembers_the_seat_and_refuses_an_unknown_one():
    classroom, hosted = hosted_table("milhoes")
    app = Starlette()
    mount(app, classroom)
    with TestClient(app) as client:
        token = hosted.tokens[0]
        page = client.get(f"/seat/{token}")
        assert page.status_code == 200
        assert "localStorage.setItem" in page.text and f"?seat={token}" in page.text
        assert client.get("/seat/not-a-token").status_code == 404
        home = client.get("/seat/")
        assert home.status_code == 200 and "localStorage.getItem" in home.text
        solara_page = client.get(f"/seat/?seat={token}")
        assert solara_page.status_code == 200 and "solara" in solara_page.text.lower()
        assert "cdn.jsdelivr" not in solara_page.text


def two_worlds(game: str, options: list[dict], seats=None):
    """Two tables alike but for ``options`` (what only seat 1 knows differs between them)."""
    worlds = []
    for extra in options:
        classroom = Classroom()
        hosted = classroom.create_table(game, seats or GAMES[game], seed=5, options=extra)
        worlds.append(hosted)
    return worlds


def test_seat_zeros_page_reads_the_same_whatever_seat_one_bid():
    worlds = two_worlds("milhoes", [{}, {}])
    worlds[0].submit(1, "bid 12")
    worlds[1].submit(1, "bid 3")
    pages = [SeatPage(hosted, 0) for hosted in worlds]
    assert pages[0].board.texts() == pages[1].board.texts()
    assert pages[0].presence.value == pages[1].presence.value
    shown = [page.board.texts() for page in (SeatPage(worlds[0], 1), SeatPage(worlds[1], 1))]
    assert shown[0] != shown[1]  # the bid is on its own seat's page: the worlds do differ


def test_fires_page_reads_the_same_whatever_ices_army():
    from gamekit.stratego import random_setup

    fire = random_setup("fire-and-ice", 0, seed=1)
    worlds = two_worlds("stratego", [{"setups": [fire, random_setup("fire-and-ice", 1, seed=s)]}
                                     for s in (1, 2)])
    pages = [SeatPage(hosted, 0) for hosted in worlds]
    assert pages[0].board.texts() == pages[1].board.texts()
    assert SeatPage(worlds[0], 1).board.texts() != SeatPage(worlds[1], 1).board.texts()


def test_anas_page_reads_the_same_whatever_ruis_hand():
    ana = ["red 2", "red 3", "blue 4"]
    worlds = two_worlds("lost_cities", [{"rounds": 1, "position": {"hands": [ana, rui], "deck": ["white 2"]}}
                                        for rui in (["green 5", "white 6", "yellow 7"],
                                                    ["green 8", "white 9", "yellow 10"])])
    pages = [SeatPage(hosted, 0) for hosted in worlds]
    assert pages[0].board.texts() == pages[1].board.texts()
    # and after Ana's turn, while Rui chooses
    for hosted in worlds:
        hosted.submit(0, "discard red 2")
        hosted.submit(0, "draw deck")
    assert pages[0].board.texts() == pages[1].board.texts()
