"""Boards make their widgets once: clicking through a game gives the parts new values, and makes no
new widgets once every kind of screen has been seen (a widget made per click costs a message each way
and stays registered, and in the page, for as long as the board lives: a leak over a lesson)."""

import random

import ipywidgets as widgets
import pytest

from gamekit.brief_history.board import BriefHistoryBoard
from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.milhoes.board import MilhoesBoard
from gamekit.stratego.board import StrategoBoard
from gamekit.ui import HUMAN
from gamekit.ui.parts import ActionButtons, Parts

from tests.brief_history.test_board import shown_buttons


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


# --- buttons for actions that come and go -----------------------------------------------------------
def pool(clicked: list, rest: int = 2) -> ActionButtons:
    def make(on_click) -> widgets.Button:
        button = widgets.Button()
        button.on_click(lambda _button: on_click())
        return button
    return ActionButtons(make, clicked.append, lambda text: f"x-{text}", rest=rest)


def test_an_action_button_rests_off_the_screen_before_it_takes_another_action():
    """A button whose action left the screen keeps it for ``rest`` redraws (a click the browser sent
    before it saw the button go finds it off the board, and the board drops it); then it is given
    the next new action instead of a new widget, its class and its click following."""
    clicked: list[str] = []
    buttons = pool(clicked)
    buttons.redraw()
    first = buttons.button("a")
    for redraw in range(2):  # "a" is off the screen for two redraws: its button rests
        buttons.redraw()
        assert buttons.button(f"new {redraw}") is not first
    buttons.redraw()
    reused = buttons.button("b")
    assert reused is first and "x-b" in reused._dom_classes and "x-a" not in reused._dom_classes
    reused.click()
    assert clicked == ["b"]
    assert buttons.button("b") is reused and len(buttons) == 3


def test_an_action_on_screen_keeps_its_button():
    buttons = pool([])
    buttons.redraw()
    kept = buttons.button("establish")
    for _ in range(10):
        buttons.redraw()
        assert buttons.button("establish") is kept
        buttons.button("other")
    assert len(buttons) == 2


def test_brief_history_makes_no_more_action_buttons_than_three_screens_show(made):
    """Over a whole game against the computer, the action buttons made are at most the most that
    three screens in a row show (a button rests two redraws, then takes the next action)."""
    board = BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=3)
    rng, before, most = random.Random(3), len(made), 0
    for _ in range(400):
        if board.state.is_terminal:
            break
        most = max(most, len(shown_buttons(board)))
        board.choose(str(rng.choice(board.view.legal_actions)))
    assert board.state.is_terminal
    action_buttons = [w for w in made[before:] if isinstance(w, widgets.Button)]
    assert 0 < len(action_buttons) <= 3 * most


def test_a_log_panel_carries_on_from_the_lines_it_shows():
    """Lines that carry on the ones shown are added to them; any other list replaces them."""
    from gamekit.ui.log import LogPanel

    panel = LogPanel("Log", max_shown=2)
    panel.set_lines(("a <1>", "b"))
    panel.set_lines(("a <1>", "b", "c"))
    assert panel.lines == ["a <1>", "b", "c"] and "<li>c</li><li>b</li>" in panel.value
    assert "a &lt;1&gt;" not in panel.value and "1 earlier entries not shown" in panel.value
    panel.set_lines(("x",))
    assert panel.lines == ["x"]
    panel.add("y")
    panel.set_lines(("x", "y", "z"))
    assert panel.lines == ["x", "y", "z"]


def test_a_game_between_agents_makes_no_new_widgets_round_by_round(made):
    board = LostCitiesBoard(seats=["random", "random"], seed=3, options={"rounds": 1})
    for _ in range(3):  # warm-up
        board.round_button.click()
    before = len(made)
    for _ in range(20):
        board.round_button.click()
    assert [type(w).__name__ for w in made[before:]] == []
