"""What the browser receives when the screen changes hands, on every board.

Each widget change is one message, applied by the browser in the order sent. At a handover the
first message hides the game area in place; everything inside it changes while it is hidden; the
last of them shows it again. The game area is never emptied (the page keeps its views, so the
board does not stand blank while the browser builds them again). What a hidden part holds reaches
the browser too: each board's secrecy tests read it (``board.texts()`` includes hidden widgets).
"""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

from gamekit.brief_history.board import BriefHistoryBoard
from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.milhoes.board import MilhoesBoard
from gamekit.stratego.board import StrategoBoard
from gamekit.ui import HUMAN

BOARDS = [
    pytest.param(MilhoesBoard, 3, {}, False, id="milhoes"),
    pytest.param(LostCitiesBoard, 2, {"rounds": 1}, False, id="lost_cities"),
    pytest.param(StrategoBoard, 2, {"max_moves": 300}, True, id="stratego"),
    pytest.param(BriefHistoryBoard, 3, {}, True, id="brief_history"),
]


@pytest.fixture
def messages(monkeypatch):
    """Every widget message a page would receive, in order: (widget, the property sent). Recorded
    where a synced property changes, so that it holds with or without a kernel's comm (a process
    that has loaded the classroom's Solara keeps widgets off any comm)."""
    sent = []
    notify_change = widgets.Widget.notify_change

    def record(widget, change):
        if change["name"] in widget.keys:  # a synced property: one message to the page
            sent.append((widget, change["name"]))
        return notify_change(widget, change)

    monkeypatch.setattr(widgets.Widget, "notify_change", record)
    return sent


def inside(area) -> set[int]:
    """The ids of the widgets under ``area`` and of their layouts (``area`` itself left out)."""
    found, stack = set(), list(area.children)
    while stack:
        widget = stack.pop()
        found |= {id(widget), id(widget.layout)}
        stack.extend(getattr(widget, "children", ()))
    return found


def clicks(board, seed: int, limit: int):
    """A seeded game by the board's own entry points: the pass step, or a legal action."""
    rng = random.Random(seed)
    for _ in range(limit):
        if board.state.is_terminal:
            return
        if board.pass_screen_pending:
            yield board.take_screen
        else:
            action = rng.choice(list(board.view.legal_actions))
            yield lambda action=action: board.submit(action)


@pytest.mark.parametrize("board_class, players, options, kept", BOARDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_handover_hides_the_game_area_first_and_shows_it_last(board_class, players, options, kept, seed,
                                                                 messages):
    board = board_class(seats=[HUMAN] * players, names=["Ana", "Rui", "Eva"][:players], seed=seed,
                        options=options)
    area, handovers = board.game_area, 0
    for click in clicks(board, seed, 80):
        before, kept_children = board.view.seat, area.children
        messages.clear()
        click()
        if board.view.seat == before:
            continue
        handovers += 1
        hide = (area.layout, "visibility")
        assert messages[0] == hide and messages.count(hide) == 2  # hidden first, shown again once
        shown_again = len(messages) - 1 - messages[::-1].index(hide)
        under = inside(area) | {id(area)}
        changed_inside = [i for i, (widget, _) in enumerate(messages) if id(widget) in under]
        assert all(0 < i < shown_again for i in changed_inside), "a part of the game changed on screen"
        assert area.layout.visibility is None and area.children
        assert not any(widget is area and name == "children" and not widget.children for widget, name in messages)
        if kept:  # the same views stay in the page: nothing to build again
            assert area.children == kept_children
    assert handovers >= 6
