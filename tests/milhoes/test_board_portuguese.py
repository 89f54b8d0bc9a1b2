"""The Milhões board in Portuguese: every text the game draws (header, table, seats, hand, reveal,
result, log, its set-up box) reads as Portuguese, clicked through whole games; the kit's shared
parts (status line, pass-the-screen, set-up row) are the platform's catalog's, not checked here."""

import random

import pytest

from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.milhoes.board import MilhoesBoard
from gamekit.ui import HUMAN
from tests.board_words import parts_texts

# The parts of the board that the game draws (TableBoard's own parts are the platform's).
GAME_PARTS = ("mh-header", "mh-action", "mh-game", "mh-log", "mh-memory-aid")
PLATFORM_PARTS = ("gk-pass-screen-box", "mh-play-round", "mh-play-all")


def game_texts(board) -> list[str]:
    """Every text in the game's own parts now, HTML reduced to what a reader sees."""
    return parts_texts(board, GAME_PARTS, PLATFORM_PARTS)


def assert_portuguese(board, seen: set):
    for text in game_texts(board):
        assert not looks_english(text), text
        seen.add(text)


def click_through(board, rng, seen: set):
    while board.chooser is not None:
        seat = board.chooser
        if board.hotseat:
            board.pass_screen.button.click()
        assert_portuguese(board, seen)
        legal = [a.card for a in board.state.legal_actions(seat)]
        board.card_buttons[(seat, rng.choice(legal))].click()
        assert_portuguese(board, seen)
        board.confirm_button.click()
        assert board.status.kind != "error", board.status.text
        assert_portuguese(board, seen)


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_game_on_the_board_reads_in_portuguese(seed):
    rng = random.Random(seed)
    seen: set[str] = set()
    with using_language("pt"):
        board = MilhoesBoard(seats=[HUMAN, HUMAN, "heuristic"], names=["Ana", "Rui"], seed=seed,
                             options={"memory_aid": seed == 1})
        click_through(board, rng, seen)
        assert board.state.is_terminal
        assert_portuguese(board, seen)
        summary = board.summary()
    for words in ("Na mesa", "Batalhas", "Barões Vermelhos", "Histórico das rondas", "fim do jogo"):
        assert any(words in text for text in seen), words
    assert summary.startswith("Milhões, fim do jogo (semente do jogo")


def test_refusals_and_prompts_on_the_board_are_portuguese():
    with using_language("pt"):
        board = MilhoesBoard(seats=[HUMAN, "random"], names=["Ana"], seed=2)
        assert not board.choose(0, 13)
        assert board.status.text == "Recusado: não há nenhuma Carta de Poder 13: as cartas vão de 1 a 12"
        assert board.prompt(board.view) == "Ana: escolhe uma carta e depois confirma."
        board.card_buttons[(0, 5)].click()
        assert board.status.text == "Ana escolheu o 5: confirma-o, ou escolhe outra carta."
        assert board.confirm_button.description == "Confirmar a minha carta"


def test_the_board_in_english_is_unchanged_by_the_catalog():
    board = MilhoesBoard(seats=[HUMAN, "random"], names=["Ana"], seed=2)
    texts = " ".join(game_texts(board))
    assert "On the table" in texts and "Confirm my card" in texts and "Na mesa" not in texts
