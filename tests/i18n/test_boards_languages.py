"""The boards' shared parts in Portuguese, and the language picker every board has."""

import threading

import ipywidgets as widgets
import pytest

from gamekit import i18n
from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.ui.table_board import TableBoard

from tests.core import toy_games  # noqa: F401 (registers the toy games)



class SwapBoard(TableBoard):
    """The smallest board with a secret: the seat at the screen sees its card."""

    game, css, max_players = "toy_swap", "toy", 3
    WORDS = {"en": "Your card: {card}", "pt": "A tua carta: {card}"}

    def __init__(self, **kwargs):
        self.relabelled = 0
        self.card = widgets.HTML()
        super().__init__(**kwargs)

    def draw(self, view):
        if view.seat is None:
            return []
        self.card.value = self.WORDS[i18n.language()].format(card=view.observation["card"])
        return [self.card]

    def action_widgets(self, view):
        if not view.my_turn:
            return []
        other = (view.seat + 1) % len(view.names)
        return [self.button("keep", "toy-keep", lambda: self.submit("keep")),
                self.button("swap", "toy-swap", lambda: self.submit("swap")),
                self.button("for the other seat", "toy-other", lambda: self.submit("keep", other))]

    def relabel(self):
        self.relabelled += 1

    def refresh(self):
        super().refresh()
        self.header.value = f"<b>{i18n.language()}</b>"  # after the base redraw: in the board's language too


def test_a_board_made_in_portuguese_speaks_portuguese():
    with using_language("pt"):
        board = SwapBoard(names=["Ana", "Bo"], seed=1)
    assert board.language == "pt" and board.language_picker.value == "pt"
    assert board.status.text == "Passa o ecrã a Ana."
    assert board.pass_screen.button.description == "Sou Ana: mostrar as minhas cartas"
    assert board.new_game_button.description == "Novo jogo"
    assert "Registo" in board.log_panel.value and "Começa o jogo: Ana, Bo." in board.log_panel.value
    assert board.header.value == "<b>pt</b>"
    board.pass_screen.button.click()  # clicked from English code: the board still speaks its language
    assert board.status.text == "Ana, é a tua vez." and board.card.value.startswith("A tua carta: ")
    english = SwapBoard(names=["Ana", "Bo"], seed=1)
    assert english.status.text == "Pass the screen to Ana."
    assert english.new_game_button.description == "New game"


def test_the_picker_switches_the_language_and_redraws_the_board():
    board = SwapBoard(names=["Ana", "Bo"], seed=1)
    board.pass_screen.button.click()
    assert board.status.text == "Ana, your move." and board.card.value.startswith("Your card: ")
    board.language_picker.value = "pt"
    assert board.language == "pt" and board.relabelled == 1
    assert board.status.text == "Ana, é a tua vez." and board.card.value.startswith("A tua carta: ")
    assert board.round_button.description == "Jogar uma ronda" and board.header.value == "<b>pt</b>"
    assert board.log_panel.lines == ["Começa o jogo: Ana, Bo."]
    texts = " ".join(board.texts())
    assert "Novo jogo" in texts and "Próximo jogo" in texts and "pessoa" in texts
    assert i18n.language() == "en"  # the board's choice, not the session's
    board.set_language("en")
    assert board.status.text == "Ana, your move." and board.language_picker.value == "en"


def test_a_refusal_on_a_portuguese_board_is_said_in_portuguese():
    from gamekit.core import RandomAgent

    with using_language("pt"):
        board = SwapBoard(seats=["human", "random"], agents={"random": RandomAgent}, names=["Ana", "Rui"],
                          seed=2)
    board.action_area.children[2].click()  # a move for Rui, whose seat the computer plays
    assert board.status.text == "Recusado: o lugar de Rui é jogado pelo computador"
    with pytest.raises(Exception, match="the people at the table choose for themselves"):
        board.play_round()  # from English code, outside a click: the words of the code's language


def test_switching_the_language_on_a_passed_screen_shows_no_secret():
    board = SwapBoard(names=["Ana", "Bo"], seed=3)
    board.pass_screen.button.click()
    ana_card = board.state.held[0]
    board.action_area.children[1].click()  # Ana swaps: her next card is hers only
    ana_card = board.state.held[0]
    assert board.pass_screen_pending and board.viewer is None
    for code in ("pt", "en", "pt"):
        board.language_picker.value = code
        texts = " ".join(board.texts())
        assert board.viewer is None and board.card not in list(board.walk())
        assert "draws" not in texts and "tira" not in texts
        assert f"carta: {ana_card}" not in texts and f"card: {ana_card}" not in texts
    assert board.status.text == "Passa o ecrã a Bo."


def test_a_seats_own_board_redrawn_from_another_thread_keeps_its_language():
    """As in the classroom: each browser's board lives in its own thread (a Solara kernel) and is
    redrawn by whoever changed the table; a Portuguese seat's board still speaks Portuguese."""
    from gamekit.core import Table

    table = Table("toy_swap", [None, None], names=["Ana", "Bo"], seed=4, shared_screen=False)
    boards = {}

    def open_board(seat, code):
        with using_language(code):
            boards[seat] = SwapBoard(table=table, seat=seat)

    for seat, code in ((0, "en"), (1, "pt")):
        worker = threading.Thread(target=open_board, args=(seat, code))
        worker.start()
        worker.join()
    table.submit("keep", 0)  # from this (English) thread: both boards redraw
    assert boards[0].status.text == "Waiting for Bo." and boards[1].status.text == "Bo, é a tua vez."
    assert boards[1].log_panel.lines[-1] == "Ana keeps their card"  # the toy game's own words
    assert boards[1].log_panel.lines[0] == "Começa o jogo: Ana, Bo."
    assert boards[0].log_panel.lines[0] == "The game begins: Ana, Bo."


def test_a_real_board_in_portuguese_has_no_english_left_in_its_shared_parts():
    from gamekit.milhoes.board import MilhoesBoard

    with using_language("pt"):
        board = MilhoesBoard(seats=["human", "human"], names=["Ana", "Bo"], seed=1)
        shared = [board.status.text, board.pass_screen.button.description, board.setup_title.value,
                  board.presentation_toggle.description, board.presentation_toggle.tooltip,
                  board.new_game_button.description, board.round_button.description]
    assert shared[0] == "Passa o ecrã a Ana." and board.language_picker.options[1] == ("Português", "pt")
    assert all(not looks_english(text, at_least=1) for text in shared), shared
    assert repr(board).startswith("<MilhoesBoard 2 jogadores")
