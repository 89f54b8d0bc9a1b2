"""The Lost Cities board in Portuguese (Cidades Perdidas): every text the game draws (header,
table, seats, hand, buttons, the computer's moves, the scoring, the log) reads as Portuguese,
clicked through whole rounds; the kit's shared parts (status line, pass-the-screen, set-up row)
are the platform's catalog's, not checked here."""

import random

import pytest

from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.ui import HUMAN
from tests.board_words import parts_texts

GAME_PARTS = ("lc-header", "lc-action", "lc-game", "lc-log")
PLATFORM_PARTS = ("gk-pass-screen-box", "lc-play-round", "lc-play-all")


def game_texts(board) -> list[str]:
    """Every text in the game's own parts now, HTML reduced to what a reader sees."""
    return parts_texts(board, GAME_PARTS, PLATFORM_PARTS)


def assert_portuguese(board, seen: set):
    for text in game_texts(board):
        assert not looks_english(text), text
        seen.add(text)


def click_one_action(board, rng) -> None:
    """One person's action by clicking: the screen step, then a card and Play or Discard (or Keep
    with partners), or a draw."""
    if board.pass_screen_pending:
        board.pass_screen.button.click()
    view = board.view
    controls, step = board.controls, view.observation.step
    if step == "draw":
        sources = sorted({a.source for a in view.legal_actions})
        controls[f"draw {rng.choice(sources)}"].click()
    elif step == "pass":
        controls["keep"].click()
    else:
        card = rng.randrange(len(board.hand))
        board.hand_buttons[card].click()
        may_play = not controls["play"].disabled
        (controls["play"] if may_play and rng.random() < 0.6 else controls["discard"]).click()


@pytest.mark.parametrize("seats, players", [([HUMAN, "heuristic"], 2), ([HUMAN, HUMAN], 2),
                                            ([HUMAN, "random", HUMAN, "random"], 4)])
def test_a_whole_round_on_the_board_reads_in_portuguese(seats, players):
    rng = random.Random(players + len(seats))
    seen: set[str] = set()
    with using_language("pt"):
        board = LostCitiesBoard(seats=seats, names=["Ana", "Rui", "Eva", "Tó"][:players], players=players,
                                seed=5, options={"rounds": 1, "pass_timing": "after"} if players == 4 else
                                {"rounds": 1})
        while not board.state.is_terminal:
            click_one_action(board, rng)
            assert board.status.kind != "error", board.status.text
            assert_portuguese(board, seen)
        summary = board.summary()
    words = ["Cidades Perdidas", "Expedições (pontos até agora) e pilhas de descarte", "Fim da partida",
             "Ronda 1 pontuada, expedição a expedição", "Cartas na mão"]
    if "heuristic" in seats:
        words.append("As últimas jogadas dos computadores")
    for expected in words:
        assert any(expected in text for text in seen), expected
    assert summary.startswith("Cidades Perdidas, fim da partida (jogo 5)")


HANDS = [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
         ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]]


def test_a_card_that_cannot_go_on_the_expedition_says_why_in_portuguese():
    with using_language("pt"):
        board = LostCitiesBoard(seats=[HUMAN, "random"], names=["Ana"], seed=5,
                                options={"rounds": 1, "position": {"hands": HANDS}})
        assert board.choose("jogar vermelho 9")
        while board.view.seat != 0 or board.view.observation.step != "play":
            click_one_action(board, random.Random(1))
        board.select(board.hand.index(next(c for c in board.hand if str(c) == "red 4")))
        assert board.status.text == (
            "Não podes pôr o 4 vermelho na tua expedição: não se pode pôr o 4 vermelho após o 9 vermelho: "
            "os números de uma expedição têm de subir. Descarta-a, ou escolhe outra carta.")
        assert board.controls["play"].description == "Jogar na minha expedição"
        assert not board.choose("draw deck")
        assert board.status.text == "Recusado: primeiro joga ou descarta uma carta, depois compra"


def test_the_board_in_english_is_unchanged_by_the_catalog():
    board = LostCitiesBoard(seats=[HUMAN, "random"], names=["Ana"], seed=2, options={"rounds": 1})
    texts = " ".join(game_texts(board))
    assert "Lost Cities" in texts and "Play to my expedition" in texts and "Cidades" not in texts
