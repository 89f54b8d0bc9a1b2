"""The Stratego board in Portuguese, and what a class sees of a turn, a result and a handover
(issue 11): the Moves panel numbers each move once, the result is said once in the players'
names, and the pass-the-screen step stays up until the next person's board is drawn."""

import re
from html import unescape


from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.stratego.board import StrategoBoard
from gamekit.ui import HUMAN
from tests.stratego.positions import game
from tests import board_words
from tests.board_words import widgets_in


def own_widgets(board):
    """The widgets the Stratego board draws itself (the shared frame's seat row, status line,
    round buttons and pass-the-screen step are the platform's own, worded in its catalog)."""
    shared = {id(w) for part in (board.setup, board.status, board.pass_screen, board.round_button, board.all_button,
                                 board.presentation_toggle, board.language_picker) for w in widgets_in(part)}
    return [w for w in widgets_in(board) if id(w) not in shared]


def words_on(board) -> list[str]:
    """Every text of the board's own widgets, HTML turned into its text, in tree order."""
    return board_words.words_on(own_widgets(board))


SAME_IN_BOTH = r"\b[a-j]\d{1,2}\b|\bswift\b|\bfly\b|\bYeti\b|\bGeneral\b|\bMajor\b|Stratego Fire & Ice"


def has_words(text: str) -> bool:
    """Whether a text has words to translate (not only squares, notation and the names both
    languages share: the Yeti, the product's name)."""
    return bool(re.search(r"[^\W\d_]{3,}", re.sub(SAME_IN_BOTH, " ", text)))


def play(board, clicks) -> None:
    for square in clicks:
        board.click(square)


def twin_boards(make, steps):
    """The same board made and played in English and in Portuguese: (English texts, Portuguese texts)."""
    texts = {}
    for language in ("en", "pt"):
        with using_language(language):
            board = make()
            steps(board)
            texts[language] = (words_on(board), board)
    return texts["en"], texts["pt"]


def assert_all_portuguese(english: list[str], portuguese: list[str]) -> None:
    assert len(english) == len(portuguese)
    for en, pt in zip(english, portuguese):
        if has_words(en):
            assert pt != en, f"{en!r} is not translated"
        assert not looks_english(pt), f"{pt!r} reads as English"


def test_every_text_of_the_board_against_an_agent_is_in_portuguese():
    def steps(board):
        square = next(a.src for a in board.state.legal_actions() if a.kind != "move")
        board.click(square)  # a piece with powers: its power buttons show
        board.choose_power(board.powers()[-1])
        board.click("a1")  # refused: the reason is the engine's, in Portuguese
    (english, en_board), (portuguese, pt_board) = twin_boards(
        lambda: StrategoBoard(seats=[HUMAN, "heuristic"], mode="powers", seed=4), steps)
    assert_all_portuguese(english, portuguese)
    assert "Colocar as peças de Fogo" in portuguese and "Poderes Especiais" in portuguese
    assert pt_board.status.text.startswith("Recusado: ") and not looks_english(pt_board.status.text)
    assert any("Últimas jogadas" in text for text in portuguese)


def test_every_text_of_a_hot_seat_board_and_its_end_is_in_portuguese():
    def steps(board):
        board.reveal()
        board.click("j6")
        board.click("j7")  # Fire's Dwarf onto j7; the screen is passed to Ice
        board.reveal()
        board.choose("a7-a6")
        board.reveal()
        board.choose("j7xj8")  # the Flag
    (english, _), (portuguese, board) = twin_boards(
        lambda: StrategoBoard(game({"j6": "r3", "a7": "b3"}), seats=[HUMAN, HUMAN], names=["Ana", "Rui"]), steps)
    assert_all_portuguese(english, portuguese)
    assert any("Fim do jogo: Ana (Fogo) captura a Bandeira de Rui e ganha." in text for text in portuguese)
    assert any("Jogadas" in text for text in portuguese)


def test_the_set_up_editor_speaks_portuguese():
    def steps(board):
        board.edit_setup(1)
        board.pick("10")
        board.click("a8")
    (english, _), (portuguese, board) = twin_boards(lambda: StrategoBoard(seats=[HUMAN, HUMAN], seed=2), steps)
    assert_all_portuguese(english, portuguese)
    with using_language("pt"):
        assert board.status.text == "Dragão em a8; faltam colocar 29 peças."
        assert board.summary().splitlines()[2].startswith("A colocar a disposição de Gelo")


def test_the_board_speaks_the_language_its_picker_chooses():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=1)
    assert board.edit_buttons[0].description == "Place Fire's pieces"
    board.language_picker.value = "pt"
    board.click("a3")
    assert board.edit_buttons[0].description == "Colocar as peças de Fogo"
    assert board.mode_picker.value == "classic" and board.mode_picker.label == "clássico"
    board.language_picker.value = "en"
    assert board.edit_buttons[0].description == "Place Fire's pieces" and board.mode_picker.label == "classic"


def test_the_moves_panel_numbers_each_move_once():
    board = StrategoBoard(game({"e3": "r5", "e5": "b4", "d6": "b3", "h6": "b2"}, mode="powers"),
                          seats=[HUMAN, "random"])
    board.choose("fury e3-e4")  # one move, several lines: the fury and each neighbour
    assert "<ol" not in board.log_panel.value
    items = [unescape(item) for item in re.findall(r"<li>(.*?)</li>", board.log_panel.value)]
    moves = [item for item in items if not item.startswith("The game begins")]  # the table's own line
    assert len(moves) >= 3 and all(re.match(r"\d+\.\s+\D", item) for item in moves)
    assert not any(re.match(r"\d+\.\s*\d+\.", item) for item in items)
    assert {re.match(r"(\d+)\.", item).group(1) for item in moves} == {"1", "2"}


def test_the_result_is_said_once_in_the_players_names():
    board = StrategoBoard(game({"a8": "b2", "e2": "r3"}, to_move=1), seats=[HUMAN, HUMAN], names=["Ana", "Rui"])
    board.reveal()
    board.choose("a8xa1")  # Ice's Scout runs down the a file onto Fire's Flag
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", board.result_view.value)).split())
    assert text.startswith("Game over: Rui (Ice) captures Ana's Flag and wins.")
    assert text.count("wins") == 1 and "Ice (Rui)" not in text
    board.set_language("pt")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", board.result_view.value)).split())
    assert text.startswith("Fim do jogo: Rui (Gelo) captura a Bandeira de Ana e ganha.")


def test_a_handover_keeps_the_pass_screen_up_until_the_next_board_is_drawn():
    """The browser applies the board's changes in order. Taking the screen must never leave it
    blank: the grid stays in the page (re-attached, the browser would build its hundred buttons
    again), and the pass screen leaves only after the squares hold the next person's pieces. The
    other way, the last person's pieces are out of sight before the pass screen shows (which then
    shows at once, while the board is redrawn behind it)."""
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=3)
    seen = []

    def grid_state():
        labels = [b.description.strip("\u00a0 ") for b in board.square_buttons.values() if not b.disabled]
        on_screen = board.grid.layout.display != "none" and board.game_area.layout.visibility != "hidden"
        return on_screen, sum(bool(label) for label in labels)

    board.game_area.observe(lambda change: seen.append(("game area", board.middle in change["new"])), "children")
    board.action_area.observe(lambda change: seen.append(
        ("pass screen", board.pass_screen in change["new"], *grid_state())), "children")
    for _turn in range(3):
        seen.clear()
        board.reveal()  # the pass screen goes; the person's pieces come
        assert ("game area", False) not in seen
        leaving = [event for event in seen if event[0] == "pass screen" and not event[1]]
        assert leaving and all(shown and pieces >= 30 for _, _, shown, pieces in leaving)
        seen.clear()
        board.choose(next(a for a in board.state.legal_actions() if a.kind == "move"))
        arriving = [event for event in seen if event[0] == "pass screen" and event[1]]
        assert arriving and all(not shown for _, _, shown, _pieces in arriving)  # the last pieces out of sight first
        assert ("game area", False) not in seen
