"""The Milhões board in a real browser: the play notebook in JupyterLab and the Voilà app, each
played to the end by clicking, with the final result read from the page and checked against the
engine replaying the same game (same seed, same clicks, same seeded agents)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamekit.core import derive_seed
from gamekit.milhoes import new_game
from gamekit.milhoes.agents import AGENTS
from gamekit.ui import HUMAN

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser

README_SCREENSHOT = REPO / "docs" / "images" / "milhoes-board.png"
ROUNDS = 12


def plan(seat: int) -> list[int]:
    """The cards a human seat bids, round by round (seat 0 climbs from 1, seat 1 falls from 12)."""
    order = list(range(1, ROUNDS + 1))
    return order if seat % 2 == 0 else order[::-1]


def engine_game(seed: int, seats: list[str]):
    """The game the board should have played: the engine, the seeded agents and our plans."""
    players = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(seed, p))
               for p, kind in enumerate(seats)]
    state = new_game(len(seats), seed=seed)
    for round_ in range(ROUNDS):
        state.apply_joint({p: f"bid {plan(p)[round_]}" if agent is None
                           else agent.act(state.observation(p), state.legal_actions(p))
                           for p, agent in enumerate(players)})
    return state


def screenshot_path(tmp_path: Path) -> Path:
    """Where the mid-game screenshot goes: the README's picture when it is missing or when
    ``GAMEKIT_UPDATE_SCREENSHOTS`` is set (each game has a fresh seed, so a test run would otherwise
    rewrite a tracked file every time), else a scratch file."""
    if os.environ.get("GAMEKIT_UPDATE_SCREENSHOTS") or not README_SCREENSHOT.exists():
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        return README_SCREENSHOT
    return tmp_path / README_SCREENSHOT.name


def play_by_clicking(board, seats: list[str], *, screenshot: Path | None = None,
                     screenshot_round: int = 6) -> None:
    """Click through a whole game. After each click we wait for the page to show its effect, so
    no click lands on a view the kernel is about to replace."""
    humans = [p for p, kind in enumerate(seats) if kind == HUMAN]
    for round_ in range(1, ROUNDS + 1):
        for seat in humans:
            if len(humans) > 1:
                assert_nothing_secret_on_the_pass_screen(board)
                board.locator(".mh-pass-screen").click()
            card = plan(seat)[round_ - 1]
            board.locator(f".mh-card-{seat}-{card}").click()
            board.locator(f".mh-card-{seat}-{card}.gk-selected").wait_for()
            if screenshot and round_ == screenshot_round and seat == humans[0]:
                board.screenshot(path=str(screenshot))
            board.locator(".mh-confirm").click()
            if seat == humans[-1]:
                last = round_ == ROUNDS
                next_step = ".mh-result" if last else f".mh-round:has-text('round {round_ + 1} of')"
                board.locator(next_step).wait_for()


def assert_nothing_secret_on_the_pass_screen(board) -> None:
    """While the screen is passed, no hand is in the page, and no text, title or value in the
    board says what anybody chose this round."""
    board.locator(".mh-pass-screen").wait_for()
    texts = board.evaluate("""root => [...root.querySelectorAll('*')].flatMap(el =>
        [el.title, el.value, el.getAttribute('aria-label'), el.getAttribute('placeholder')]
        .filter(Boolean)).concat([root.innerText])""")
    assert board.locator(".mh-card").count() == 0 and board.locator(".mh-confirm").count() == 0
    leaks = [text for text in texts if "You chose" in text or "secret bid" in text]
    assert not leaks


def assert_result_matches_engine(board, seed: int, seats: list[str], names: list[str]) -> None:
    engine = engine_game(seed, seats)
    explanation = board.locator(".mh-result .mh-explanation").inner_text()
    assert explanation == engine.tiebreak_explanation(names)
    rows = board.locator(".mh-scores .mh-score-row")
    scores = rows.evaluate_all("rows => rows.map(row => Number(row.dataset.score))")
    assert scores == engine.scores()
    headline = board.locator(".mh-result .gk-title").inner_text()
    assert headline.startswith("Game over:")


def test_play_notebook_in_jupyterlab(lab, page):
    page.goto(f"{lab.url}/lab/tree/12_milhoes_play.ipynb?reset&token={lab.token}")
    idle = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.wait_for_selector(idle, timeout=90_000)
    # The indicator can say idle before the kernel is connected and the cells are loaded: wait for both.
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(20).wait_for()
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    # Saved outputs carry no widget state, so a board in the page means its cell ran live; the
    # notebook's fourth and last board is near its end (and clicks queue behind the running cells).
    page.locator(".mh-board").nth(3).wait_for(timeout=60_000)
    board = page.locator(".mh-board").first
    board.locator(".mh-new-game").click()
    seed = derive_seed(2024, "game", 1)  # the board's next seed after 2024
    board.locator(f".mh-seed[data-seed='{seed}']").wait_for()
    board.locator(".mh-round:has-text('round 1 of')").wait_for()
    seats = [HUMAN, "random", "random"]
    play_by_clicking(board, seats)
    assert_result_matches_engine(board, seed, seats, ["Ana", "Rui", "Eva"])


def test_voila_app_hot_seat_with_an_agent(voila, page, tmp_path):
    page.goto(f"{voila.url}/?token={voila.token}")
    board = page.locator(".mh-board")
    board.wait_for(timeout=90_000)
    assert "MilhoesBoard(" not in page.locator("body").inner_text()  # no code shown, just the game
    seats = [HUMAN, HUMAN, "random"]  # two people at the screen and one agent
    names = ["Ana", "Rui", "Bot"]
    for seat, kind in enumerate(seats):
        board.locator(f".gk-seat-{seat} select").select_option(kind)
        board.locator(f".gk-seat-name-{seat} input").fill(names[seat])
        board.locator(f".gk-seat-name-{seat} input").press("Tab")
    first_seed = board.locator(".mh-seed").get_attribute("data-seed")
    board.locator(".mh-new-game").click()
    board.locator(f".mh-seed:not([data-seed='{first_seed}'])").wait_for()
    seed = int(board.locator(".mh-seed").get_attribute("data-seed"))
    shot = screenshot_path(tmp_path)
    board.locator(".mh-pass-screen", has_text="I am Ana").wait_for()  # the typed names, everywhere
    play_by_clicking(board, seats, screenshot=shot)
    assert_result_matches_engine(board, seed, seats, names)
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("width, height", [(1024, 768), (1920, 1080)])
def test_the_turn_stays_in_view_and_presentation_size_fills_a_projector(voila, browser, tmp_path,
                                                                         width, height):
    """At 1024x768 the hand and Confirm are above the fold; with Presentation size the board
    fills a 1920-wide window and no board text is under 18 px. Screenshots are kept for a look."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{voila.url}/?token={voila.token}")
        board = page.locator(".mh-board")
        board.wait_for(timeout=90_000)
        confirm = board.locator(".mh-confirm").bounding_box()
        assert confirm["y"] + confirm["height"] <= height, "Confirm is below the fold"
        page.screenshot(path=str(tmp_path / f"milhoes-{width}.png"))
        board.locator(".gk-presentation-toggle").click()
        page.locator(".mh-board.gk-presentation").wait_for()
        if width >= 1920:
            assert board.bounding_box()["width"] >= 0.9 * width  # no 980 px cap
        sizes = board.evaluate("""root => [...root.querySelectorAll(
            '.widget-html-content, .jupyter-button')].filter(el => el.offsetParent && el.innerText.trim())
            .map(el => parseFloat(getComputedStyle(el).fontSize))""")
        assert sizes and min(sizes) >= 18, f"text under 18 px in presentation size: {min(sizes)}"
        page.screenshot(path=str(tmp_path / f"milhoes-{width}-presentation.png"))
        print("screenshots in", tmp_path)
    finally:
        context.close()


def test_the_memory_aid_box_in_the_app_opens_the_piles_against_the_computer(voila, page, tmp_path):
    """Against the computer (the app's seats): by the booklet the points are hidden; ticking
    Memory aid and dealing again shows "memory aid on", the exact points and the Points to come."""
    page.goto(f"{voila.url}/?token={voila.token}")
    board = page.locator(".mh-board")
    board.wait_for(timeout=90_000)
    board.locator(".mh-card-0-12").click()
    board.locator(".mh-card-0-12.gk-selected").wait_for()
    board.locator(".mh-confirm").click()
    board.locator(".mh-round:has-text('round 2 of')").wait_for()
    assert board.locator(".mh-aid-on").count() == 0
    assert board.locator(".mh-seat-0 .mh-score").inner_text() == "?"
    board.locator(".mh-memory-aid input").check()
    board.locator(".mh-new-game").click()
    board.locator(".mh-aid-on").wait_for()
    board.locator(".mh-round:has-text('round 1 of')").wait_for()
    board.locator(".mh-card-0-12").click()
    board.locator(".mh-card-0-12.gk-selected").wait_for()
    board.locator(".mh-confirm").click()
    board.locator(".mh-round:has-text('round 2 of')").wait_for()
    score = board.locator(".mh-seat-0 .mh-score").inner_text()
    assert score.lstrip("+-").isdigit()
    board.locator(".mh-status", has_text="Memory aid on").wait_for()
    assert "hidden" not in board.locator(".mh-pot").inner_text()  # the Points cards to come show
    page.screenshot(path=str(tmp_path / "milhoes-memory-aid.png"))
    print("screenshot in", tmp_path)
