"""The Lost Cities board in a real browser: a whole round clicked through in the play notebook in
JupyterLab, and a good part of a round in the Voilà app. The test keeps the engine in step with
the page (same seed, same clicks, the same seeded agents) and reads the table back to compare."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamekit.core import derive_seed
from gamekit.lost_cities import new_game, score_expedition
from gamekit.lost_cities.agents import AGENTS
from gamekit.ui import HUMAN

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser

README_SCREENSHOT = REPO / "docs" / "images" / "lost-cities-board.png"
SCREENSHOT_TURN = 6


def screenshot_path(tmp_path: Path) -> Path:
    """The README's picture when it is missing or ``GAMEKIT_UPDATE_SCREENSHOTS`` is set (each app
    game has a fresh seed, so a run would otherwise rewrite a tracked file), else a scratch file."""
    if os.environ.get("GAMEKIT_UPDATE_SCREENSHOTS") or not README_SCREENSHOT.exists():
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        return README_SCREENSHOT
    return tmp_path / README_SCREENSHOT.name


class EngineTwin:
    """The game the page should be showing: the engine, the board's seeded agents, our clicks."""

    def __init__(self, seed: int, seats: list[str], **options):
        self.state = new_game(len(seats), seed=seed, **options)
        self.agents = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(seed, p))
                       for p, kind in enumerate(seats)]
        self.run_agents()

    def run_agents(self) -> None:
        state = self.state
        while not state.is_terminal and self.agents[state.current_player] is not None:
            seat = state.current_player
            state.apply(self.agents[seat].act(state.observation(seat), state.legal_actions()))

    def our_play(self):
        """Our human's policy: play the lowest card of the hand that fits, else the first discard listed."""
        legal = self.state.legal_actions()
        for card in sorted(self.state.hands[self.state.current_player]):
            play = next((a for a in legal if a.kind == "play" and a.card == card), None)
            if play is not None:
                return play
        return next(a for a in legal if a.kind == "discard")

    def apply(self, action) -> None:
        self.state.apply(action)
        self.run_agents()


def wait_for_actions(board, count: int) -> None:
    board.locator(f".lc-round[data-actions='{count}']").wait_for()


def click_turn(board, twin: EngineTwin) -> None:
    """One turn of ours by clicking: the card, Play or Discard, then the deck; after each click we
    wait for the page to show its effect, so no click lands on a view about to be replaced."""
    action = twin.our_play()
    card = action.card
    board.locator(f".lc-hand .lc-card-{card.colour}-{card.value}").first.click()
    board.locator(f".lc-hand .lc-card-{card.colour}-{card.value}.gk-selected").first.wait_for()
    board.locator(".lc-play" if action.kind == "play" else ".lc-discard").click()
    twin.state.apply(action)
    wait_for_actions(board, len(twin.state.history))
    if twin.state.is_terminal:
        return
    board.locator(".lc-draw-deck").click()
    twin.apply("draw deck")
    wait_for_actions(board, len(twin.state.history))


def assert_table_matches(board, state) -> None:
    """The expeditions, discard piles and deck count on the page are the engine's."""
    scores = board.locator(".lc-table .lc-expedition").evaluate_all(
        "cells => Object.fromEntries(cells.map(c => [c.className.match(/lc-side-\\d-\\w+/)[0], Number(c.dataset.score)]))")
    assert scores == {f"lc-side-{side}-{colour}": score_expedition(cards)
                      for side in (0, 1) for colour, cards in state.expeditions[side].items()}
    tops = board.locator(".lc-table .lc-pile-cell").evaluate_all(
        "cells => cells.map(c => c.dataset.top)")
    assert tops == [str(pile[-1]) if pile else "" for pile in state.discards.values()]
    assert int(board.locator(".lc-deck-count").get_attribute("data-count")) == len(state.deck)


def assert_hot_seat_hides_the_hand(board) -> None:
    """The hot-seat board (Ana and Rui) waits for Rui behind the pass-the-screen step: no card of
    a hand, nor a Play button, is in the page until he clicks; then his hand is."""
    board.locator(".lc-pass-screen").wait_for()
    assert "Pass the screen to Rui" in board.inner_text()
    assert board.locator(".lc-hand .lc-card").count() == 0 and board.locator(".lc-play").count() == 0
    board.locator(".lc-pass-screen").click()
    board.locator(".lc-hand .lc-card").first.wait_for()
    assert board.locator(".lc-hand .lc-card").count() == 8


def test_a_round_in_the_play_notebook_in_jupyterlab(lab, page):
    page.goto(f"{lab.url}/lab/tree/22_lost_cities_play.ipynb?reset&token={lab.token}")
    idle = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.wait_for_selector(idle, timeout=90_000)
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(20).wait_for()
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    # Saved outputs carry no widget state, so boards in the page mean their cells ran live; the
    # notebook's sixth and last board is near its end (clicks queue behind the running cells).
    page.locator(".lc-board").nth(5).wait_for(timeout=90_000)
    assert_hot_seat_hides_the_hand(page.locator(".lc-board").nth(2))
    board = page.locator(".lc-board").first
    board.locator(".lc-new-game").click()  # same seats (human, random), one round, next seed
    seed = derive_seed(2024, "game", 1)
    board.locator(f".lc-seed[data-seed='{seed}']").wait_for()
    twin = EngineTwin(seed, [HUMAN, "random"], rounds=1)
    wait_for_actions(board, len(twin.state.history))
    while not twin.state.is_terminal:
        click_turn(board, twin)
    final = board.locator(".lc-final")
    final.wait_for()
    totals = final.locator(".lc-final-side").evaluate_all("rows => rows.map(r => Number(r.dataset.total))")
    assert totals == twin.state.totals
    assert_table_matches(board, twin.state)
    result = board.locator(".lc-round-result")
    for side in (0, 1):
        score = int(result.locator(f".lc-result-side-{side}").get_attribute("data-score"))
        assert score == twin.state.round_results[0].scores[side]


def test_at_1024_by_768_the_turns_buttons_are_in_view(voila_app, browser, tmp_path):
    """On a small laptop screen the hand, Play, Discard and the draw buttons show without scrolling."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        voila = voila_app("apps/lost_cities.ipynb")
        page.goto(f"{voila.url}/?token={voila.token}")
        board = page.locator(".lc-board")
        board.wait_for(timeout=90_000)
        board.locator(".lc-hand .lc-card").first.wait_for()
        for selector in (".lc-hand .lc-card", ".lc-play", ".lc-discard", ".lc-draw-deck"):
            box = board.locator(selector).first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 768, (selector, box)
        page.screenshot(path=str(tmp_path / "lost-cities-1024.png"))
    finally:
        context.close()


def test_part_of_a_round_in_the_voila_app(voila_app, page, tmp_path):
    voila = voila_app("apps/lost_cities.ipynb")
    page.goto(f"{voila.url}/?token={voila.token}")
    board = page.locator(".lc-board")
    board.wait_for(timeout=90_000)
    assert "LostCitiesBoard(" not in page.locator("body").inner_text()  # no code shown, just the game
    seed = int(board.locator(".lc-seed").get_attribute("data-seed"))
    twin = EngineTwin(seed, [HUMAN, "heuristic"])
    shot = screenshot_path(tmp_path)
    for turn in range(1, 13):
        click_turn(board, twin)
        if turn == SCREENSHOT_TURN:
            board.screenshot(path=str(shot))
    assert_table_matches(board, twin.state)
    why = board.locator(".lc-agent-move").inner_text()
    assert "Computer" in why and "last turn" in why  # the agent's move, and why, under the board
    assert shot.stat().st_size > 10_000
