"""Every board speaks of its players by the names typed in: in the log, the result, the status
line, no widget says "player 0" (as boards said "Player 0 wins" under "Ana wins!")."""

from __future__ import annotations

import re

import pytest

from gamekit.brief_history.board import BriefHistoryBoard
from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.milhoes.board import MilhoesBoard
from gamekit.stratego.board import StrategoBoard

BY_NUMBER = re.compile(r"\b(players?|teams?) \d", re.IGNORECASE)
NAMES = ["Ana", "Rui", "Eva"]
BOARDS = [
    pytest.param(MilhoesBoard, 3, {}, id="milhoes"),
    pytest.param(LostCitiesBoard, 2, {"rounds": 1}, id="lost_cities"),
    pytest.param(StrategoBoard, 2, {"max_moves": 300}, id="stratego"),
    pytest.param(BriefHistoryBoard, 3, {}, id="brief_history"),
]


def shown_texts(board) -> list[str]:
    """What the board says (values, descriptions, tooltips, options, HTML without its tags); the
    placeholders of the empty name boxes ("Player 1") only label the seats to type names in."""
    texts = []
    for widget in board.walk():
        for name in ("value", "description", "tooltip"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                texts.append(re.sub(r"<[^>]+>", " ", value))
        texts.extend(str(label) for label in getattr(widget, "_options_labels", ()))
    return texts


def numbered(board) -> list[str]:
    return [text for text in shown_texts(board) if BY_NUMBER.search(text)]


@pytest.mark.parametrize("board_class, players, options", BOARDS)
def test_a_game_of_agents_is_told_in_the_players_names(board_class, players, options):
    names = NAMES[:players]
    board = board_class(seats=["random"] * players, names=names, seed=3, options=options)
    for _ in range(6):  # mid-game: the log and the status so far
        board.play_round()
        assert numbered(board) == []
    board.play_to_end()
    assert board.state.is_terminal
    shown = "\n".join(shown_texts(board))
    winners = board.state.outcome().winners
    assert "Game over" in shown and any(names[p] in shown for p in winners)
    assert numbered(board) == []
