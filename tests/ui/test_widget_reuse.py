"""Boards make their widgets once: clicking through a game gives the parts new values, and makes no
new widgets once every kind of screen has been seen (a widget made per click costs a message each way
and stays registered, and in the page, for as long as the board lives: a leak over a lesson)."""

import random

import ipywidgets as widgets
import pytest

from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.milhoes.board import MilhoesBoard
from gamekit.stratego.board import StrategoBoard
from gamekit.ui import HUMAN
from gamekit.ui.parts import Parts


@pytest.fixture
def made():
    """The widgets constructed while the test runs."""
    constructed: list[widgets.Widget] = []
    widgets.Widget.on_widget_constructed(constructed.append)
    yield constructed
    widgets.Widget.on_widget_constructed(None)


def milhoes_click(board, rng) -> None:
    seat = board.chooser
    if board.hotseat and board.pass_screen_pending:
        board.pass_screen.button.click()
    legal = [a.card for a in board.state.legal_actions(seat)]
    board.card_buttons[(seat, rng.choice(legal))].click()
    board.confirm_button.click()


def lost_cities_click(board, rng) -> None:
    view = board.view
    if view.observation.step == "draw":
        sources = sorted(action.source for action in view.legal_actions)
        board.controls[f"draw {rng.choice(sources)}"].click()
        return
    board.hand_buttons[rng.randrange(len(board.hand_buttons))].click()
    play = board.controls["play"]
    (play if not play.disabled and rng.random() < 0.6 else board.controls["discard"]).click()


def stratego_click(board, rng) -> None:
    move = rng.choice(board.state.legal_actions())
    board.choose(str(move))


BOARDS = {
    "milhoes": (lambda: MilhoesBoard(seats=[HUMAN, HUMAN, "random"], names=["Ana", "Rui"], seed=3),
                milhoes_click, 2, 8),
    "lost_cities": (lambda: LostCitiesBoard(seats=[HUMAN, "random"], names=["Ana"], seed=3,
                                            options={"rounds": 1}),
                    lost_cities_click, 12, 40),
    "stratego": (lambda: StrategoBoard(seats=[HUMAN, "random"], names=["Ana"], seed=3),
                 stratego_click, 10, 60),
}


@pytest.mark.parametrize("game", BOARDS)
def test_clicking_on_makes_no_new_widgets(game, made):
    new_board, click, warm_up, clicks = BOARDS[game]
    rng = random.Random(0)
    board = new_board()
    for _ in range(warm_up):  # every kind of screen once: the parts are made
        click(board, rng)
    before = len(made)
    played = 0
    while played < clicks and not board.state.is_terminal:
        click(board, rng)
        played += 1
    assert played >= clicks // 2  # the game went on long enough to tell
    assert [type(w).__name__ for w in made[before:]] == []


def test_a_part_is_made_once_and_then_only_given_new_values(made):
    parts = Parts()
    first = parts.html("gk-x", "one", "gk-panel", flex="1 1 100px")
    count = len(made)
    again = parts.html("gk-x", "two", "gk-other")
    assert again is first and again.value == "two" and len(made) == count
    assert first._dom_classes == ("gk-x", "gk-panel") and first.layout.flex == "1 1 100px"
    row = parts.row("gk-row", [first])
    assert parts.row("gk-row", (first,)) is row and row.children == (first,) and row.layout.flex_flow == "row wrap"
    parts.close()
    assert "gk-x" not in parts and first.comm is None
