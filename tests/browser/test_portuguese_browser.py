"""The Portuguese edition in a real browser: a Milhões board played a few turns in Portuguese in
JupyterLab, and the Portuguese Milhões app in Voilà, each read back in Portuguese (status line,
hot-seat step, log, set-up row), and the board's language picker switching it to English and back.

The Portuguese app notebook (notebooks/pt/apps/milhoes.ipynb) is used where it exists; otherwise
the test writes a notebook of its own: the language cell and the board."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import nbformat
import pytest

from gamekit.catalogs import looks_english

from .conftest import NOTEBOOKS, start_voila

pytestmark = pytest.mark.browser

LANGUAGE_CELL = 'import gamekit\ngamekit.set_language("pt")'
BOARD_CELL = ('from gamekit.milhoes.board import MilhoesBoard\n\n'
              'board = MilhoesBoard(seats=["human", "human", "random"], names=["Ana", "Rui", "Bot"], '
              'seed=11)\n'
              'board')
PORTUGUESE_APP = NOTEBOOKS / "pt" / "apps" / "milhoes.ipynb"


def portuguese_notebook() -> dict:
    cells = [nbformat.v4.new_code_cell(LANGUAGE_CELL, metadata={"tags": ["language"]}),
             nbformat.v4.new_code_cell(BOARD_CELL)]
    return nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}})


def put_notebook(lab, path: str, notebook: dict) -> None:
    """Save a notebook into the lab's scratch folder through Jupyter's contents API."""
    body = json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode()
    request = urllib.request.Request(f"{lab.url}/api/contents/{path}?token={lab.token}", data=body,
                                     method="PUT", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status in (200, 201)


def status(board) -> str:
    return board.locator(".mh-status").inner_text().strip()


def play_a_round_hot_seat(board, cards: dict[int, int], names: list[str]) -> None:
    """Both people bid in turn, each after taking the screen, reading the Portuguese steps."""
    for seat, card in cards.items():
        board.locator(".mh-status", has_text=f"Passa o ecrã a {names[seat]}.").wait_for()
        board.locator(".mh-pass-screen", has_text=f"Sou {names[seat]}: mostrar as minhas cartas").click()
        board.locator(f".mh-card-{seat}-{card}").click()
        board.locator(f".mh-card-{seat}-{card}.gk-selected").wait_for()
        board.locator(".mh-confirm").click()
    board.locator(".mh-status", has_text=f"Passa o ecrã a {names[0]}.").wait_for()


def check_portuguese_frame(board) -> None:
    board.locator(".mh-log", has_text="Começa o jogo:").wait_for()
    assert board.locator(".gk-language select").input_value() == "Português"  # the widget's option label
    assert board.locator(".mh-new-game").inner_text().strip() == "Novo jogo"
    titles = board.locator(".gk-setup .gk-section-title").inner_text()  # the theme may set it in capitals
    assert titles.lower() == "próximo jogo: jogadores, nomes e quem joga em cada lugar"


def switch_language(board, name: str, expected_status: str) -> None:
    board.locator(".gk-language select").select_option(label=name)
    board.locator(".mh-status", has_text=expected_status).wait_for()


def test_a_board_played_in_portuguese_in_jupyterlab(lab, page):
    put_notebook(lab, "jogar_milhoes_pt.ipynb", portuguese_notebook())
    page.goto(f"{lab.url}/lab/tree/jogar_milhoes_pt.ipynb?reset&token={lab.token}")
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(1).wait_for()
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    board = page.locator(".mh-board").first
    board.wait_for(timeout=90_000)
    check_portuguese_frame(board)
    assert status(board) == "Passa o ecrã a Ana."
    play_a_round_hot_seat(board, {0: 1, 1: 12}, ["Ana", "Rui"])
    play_a_round_hot_seat(board, {0: 2, 1: 11}, ["Ana", "Rui"])
    switch_language(board, "English", "Pass the screen to Ana.")
    board.locator(".mh-log", has_text="The game begins: Ana, Rui, Bot.").wait_for()
    switch_language(board, "Português", "Passa o ecrã a Ana.")
    log = board.locator(".mh-log").inner_text()  # the game's own lines too (the Milhões catalog)
    assert not any(looks_english(line, at_least=1) for line in log.splitlines()[1:]), log


def test_the_portuguese_app_in_voila(page, tmp_path):
    if PORTUGUESE_APP.is_file():
        app = PORTUGUESE_APP
    else:  # the translated app is not written yet: the same board, set up in Portuguese
        app = tmp_path / "milhoes_pt.ipynb"
        nbformat.write(nbformat.from_dict(portuguese_notebook()), app)
    server = start_voila(app, tmp_path)
    try:
        page.goto(f"{server.url}/?token={server.token}")
        board = page.locator(".mh-board")
        board.wait_for(timeout=90_000)
        check_portuguese_frame(board)
        text = status(board)
        assert text and not looks_english(text, at_least=1), text
        if app != PORTUGUESE_APP:
            play_a_round_hot_seat(board, {0: 5, 1: 6}, ["Ana", "Rui"])
        switch_language(board, "English", "")
        board.locator(".mh-new-game", has_text="New game").wait_for()
        switch_language(board, "Português", "")
        board.locator(".mh-new-game", has_text="Novo jogo").wait_for()
    finally:
        server.stop()


def test_the_fallback_notebook_is_a_portuguese_twin_of_the_app_board():
    notebook = portuguese_notebook()
    assert notebook.cells[0].source == LANGUAGE_CELL and notebook.cells[0].metadata.tags == ["language"]
    assert Path(NOTEBOOKS / "apps" / "milhoes.ipynb").is_file()
