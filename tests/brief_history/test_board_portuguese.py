"""The Brief History board in Portuguese: every text of its own widgets (values, labels, tooltips,
options, the map's names and hover texts) is Portuguese after some clicks, hot-seat and against
the computer, and differs from the English board's; the action notation stays canonical."""

import re
from html import unescape

import pytest

from gamekit.brief_history.board import TITLE, BriefHistoryBoard, button_words
from gamekit.brief_history.rules import Place
from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.ui import HUMAN
from tests import board_words
from tests.board_words import widgets_in
from tests.brief_history.test_board import shown_buttons


def own_widgets(board):
    """The widgets the Brief History board draws itself (the shared frame's set-up row, status
    line, pass-the-screen step and presentation toggle are the platform's own, in its catalog)."""
    shared = {id(w) for part in (board.setup, board.status, board.pass_screen, board.presentation_toggle,
                                 board.language_picker)
              for w in widgets_in(part)}
    return [w for w in widgets_in(board) if id(w) not in shared]


def plain(text: str) -> str:
    """HTML as the text a person reads, the game's name (the same in both languages) left out."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).replace(TITLE, " ").split())


def words_on(board) -> list[str]:
    """Every text of the board's own widgets, in tree order."""
    return board_words.words_on(own_widgets(board), plain)


def map_words(board) -> tuple[list[str], list[str]]:
    """The map's title and shown names (seas, Areas, territories, fleets), and its hover texts."""
    figure = board.map.figure
    names = [plain(figure.layout.title.text)]
    hovers = []
    for trace in figure.data:
        if trace.text is not None:
            names += [plain(str(t)) for t in (trace.text if isinstance(trace.text, tuple) else [trace.text])]
        if trace.hovertext is not None:
            hovers += [plain(str(t)) for t in trace.hovertext]
    return [n for n in names if n], hovers


def has_words(text: str) -> bool:
    """Whether a text has words to translate (not only numbers, players' names and agents')."""
    return bool(re.search(r"[^\W\d_]{3,}", re.sub(r"\b(?:Ana|Rui|Eva|random|greedy)\b", " ", text)))


def assert_portuguese(english: list[str], portuguese: list[str]) -> None:
    assert len(english) == len(portuguese)
    for en, pt in zip(english, portuguese):
        assert not looks_english(pt), f"{pt!r} reads as English"
        if has_words(en) and en != plain(TITLE):
            assert pt != en, f"{en!r} is not translated"


def twin_boards(make, steps):
    """The same board made and played in English and in Portuguese: each board and its texts."""
    played = {}
    for language in ("en", "pt"):
        with using_language(language):
            board = make()
            steps(board)
            played[language] = board
    return played["en"], played["pt"]


def play_people(board, moves: int, tooltips: dict | None = None) -> None:
    """``moves`` decisions of the people at the screen (the first legal choice, an invasion when
    one is open), agents moving in between; ``tooltips`` notes each action button's tooltip as it
    was last shown."""
    for _ in range(moves):
        if board.state.is_terminal:
            return
        if board.pass_screen_pending:
            board.show_hand()
        if tooltips is not None:
            tooltips.update({text: button.tooltip for text, button in shown_buttons(board).items()})
        if board.view.my_turn:
            actions = board.view.legal_actions
            invasions = [a for a in actions if isinstance(a, Place) and board._is_invasion(a.territory)]
            board.choose((invasions or actions)[0])
        else:
            board.step()


def assert_board_in_portuguese(en_board, pt_board) -> None:
    with using_language("en"):
        english = words_on(en_board)
        en_names, en_hovers = map_words(en_board)
    with using_language("pt"):
        portuguese = words_on(pt_board)
        pt_names, pt_hovers = map_words(pt_board)
    assert_portuguese(english, portuguese)
    assert_portuguese(en_hovers, pt_hovers)
    for name in pt_names:
        assert not looks_english(name), f"{name!r} on the map reads as English"
    assert en_names != pt_names


@pytest.mark.parametrize("moves", [3, 40])
def test_a_hot_seat_board_speaks_portuguese(moves):
    en_board, pt_board = twin_boards(
        lambda: BriefHistoryBoard(players=3, seats=[HUMAN] * 3, names=["Ana", "Rui", "Eva"], seed=5),
        lambda board: play_people(board, moves))
    assert en_board.state.history == pt_board.state.history  # the same game: notation, not words
    assert_board_in_portuguese(en_board, pt_board)
    with using_language("pt"):
        assert pt_board.log_heading() == "O que aconteceu (o mais recente primeiro)"
        assert "Probabilidades" in pt_board.summary() or "Época" in pt_board.summary()


def test_a_board_against_the_computer_speaks_portuguese_through_an_invasion():
    def steps(board):
        play_people(board, 60)
        board.click_territory("Sahara")  # refused: the engine's reason, in Portuguese
    en_board, pt_board = twin_boards(
        lambda: BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=11), steps)
    assert en_board.state.history == pt_board.state.history
    assert_board_in_portuguese(en_board, pt_board)
    with using_language("pt"):
        assert pt_board.status.text.startswith("Recusado: ") and not looks_english(pt_board.status.text)
        assert all(not looks_english(line) for line in pt_board.summary().splitlines())


def test_the_roll_and_the_tooltips_are_said_in_portuguese():
    """The last roll is found in the log in either language; a button's tooltip is the engine's
    explanation, left out only when it would repeat the button ("Ana pode abandonar a invasão")."""
    tooltips = {"en": {}, "pt": {}}
    en_board, pt_board = twin_boards(
        lambda: BriefHistoryBoard(players=3, seats=[HUMAN] * 3, names=["Ana", "Rui", "Eva"], seed=5),
        lambda board: play_people(board, 80, tooltips[board.language]))
    with using_language("en"):
        assert en_board._roll_text() == "roll 4-2-6 (+0) against 1: 5 points, Persia falls"
    with using_language("pt"):
        assert pt_board._roll_text() == "lançamento 4-2-6 (+0) contra 1: 5 pontos, Pérsia cai"
        assert "Último lançamento" in pt_board.dice_view.value and "Atacante" in pt_board.dice_view.value
    for seen in tooltips.values():
        assert seen["withdraw"] == "" and seen["fort Egypt"] == ""
    assert tooltips["pt"]["continue"].startswith("gastar um exército do Quadro e lançar")
    assert tooltips["pt"]["establish"].startswith("estabelecer os Guptas")
    assert tooltips["en"]["establish"].startswith("establish the Guptas")


def test_the_language_picker_relabels_the_board_and_its_map():
    board = BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=2)
    assert board.place_button.description == "Place an army"
    assert board.round_button.description == "Agents: one move"
    assert board.map.figure.layout.title.text.startswith("<b>Teaching map</b>")
    board.set_language("pt")
    assert board.place_button.description == "Colocar um exército"
    assert board.round_button.description == "Agentes: uma jogada"
    assert board.view_picker.description == "Vista do mapa"
    assert ("Seguir o império", "Follow the empire") in [(label, value) for label, value in
                                                         zip(board.view_picker._options_labels,
                                                             board.view_picker._options_values)]
    assert board.map.figure.layout.title.text.startswith("<b>Mapa de aula</b>")
    territories = board.map.figure.data[board.map.territory_trace]
    assert "Britânia" in territories.text and "Britain" in territories.customdata  # a click names it in English
    assert board.log_panel.title == "O que aconteceu (o mais recente primeiro)"
    board.view_picker.value = "East Asia"  # a view is still picked by its name
    assert board.map.view == "East Asia"
    card = board._shown_actions(board.view)[0]  # a card of the packet, its button made in English first
    button = shown_buttons(board)[str(card)]
    with using_language("pt"):
        assert button.description == button_words(card)
    board.set_language("en")
    assert board.place_button.description == "Place an army"
    assert button.description == button_words(card) == card.card  # "Romans", not "Romanos"
    assert board.log_panel.title == "What happened (newest first)"
