"""What a class sees: no widget of the board holds what the person at the screen may not know (in
hot-seat, on each turn and while the screen is passed; against an agent), a selection never
outlives the position it was made in, names typed in, and the presentation size."""

from gamekit.stratego import random_setup
from gamekit.stratego.board import StrategoBoard
from gamekit.ui import HUMAN


def widgets_in(widget):
    """Every widget in the board's tree (what the page shows)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_in(child)


def texts(board) -> list[str]:
    """Every piece of text any widget in the board's tree holds: values, labels, tooltips,
    placeholders and options."""
    found = []
    for widget in widgets_in(board):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str) and value:
                found.append(value)
        found += [str(option) for option in getattr(widget, "options", ()) or ()]
    return found


def rows_of(setup: str) -> list[str]:
    """A set-up's lines with single spaces, as any widget would hold them."""
    return [" ".join(line.split()) for line in setup.splitlines()]


def assert_hides(board, secrets: list[str]) -> None:
    flat = [" ".join(text.split()) for text in texts(board)]
    for secret in secrets:
        assert not any(secret in text for text in flat), f"{secret!r} is on the screen"


def assert_grid_shows_only(board, viewer):
    """Each square shows what ``viewer`` knows: own ranks, known enemy ranks, '?' otherwise."""
    state = board.state
    known = {p.square: p for p in state.observation(viewer).pieces}
    for name, button in board.square_buttons.items():
        if button.disabled:
            continue
        label = button.description.strip()
        piece = known.get(name)
        if piece is None:
            assert label == "" and button.tooltip == name
        else:
            assert label == (piece.rank or "?")
            if piece.rank is None:
                assert button.tooltip.endswith("(rank unknown)")
    assert set(board.log_panel.lines) <= set(board.table.log(viewer))


def test_hot_seat_after_random_set_ups_shows_no_army_but_the_one_at_the_screen():
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=5)
    board.random_setups_button.click()
    setups = [box.value for box in board.setup_boxes]
    board.new_game_button.click()
    assert board.state.setups == setups
    assert [box.value for box in board.setup_boxes] == ["", ""]  # emptied once the game starts
    for turn in range(4):
        seat = board.state.current_player
        assert board.pass_screen_pending
        assert_hides(board, rows_of(setups[0]) + rows_of(setups[1]))  # the screen is being passed
        assert all(not b.description.strip() for b in board.square_buttons.values())
        assert set(board.log_panel.lines) <= set(board.table.log(None))
        board.pass_screen.button.click()
        assert board.viewer == seat
        assert_hides(board, rows_of(setups[1 - seat]))
        assert_grid_shows_only(board, seat)
        action = next(a for a in board.state.legal_actions() if a.kind == "move")
        board.choose(action)
    board.last_setups_button.click()  # refused: the game goes on
    assert board.status.kind == "error" and [box.value for box in board.setup_boxes] == ["", ""]


def test_the_set_up_editor_leaves_nothing_readable_once_the_game_starts():
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=6)
    board.edit_setup(0)
    board.fill_setup()
    board.finish_setup()
    fire = board.setup_boxes[0].value
    board.new_game_button.click()
    board.reveal()
    board.choose(next(a for a in board.state.legal_actions() if a.kind == "move"))
    board.reveal()  # Ice at the screen
    assert_hides(board, rows_of(fire))
    assert_grid_shows_only(board, 1)


def test_against_an_agent_the_agents_army_never_shows_and_comes_back_after_the_game():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=7, options={"max_moves": 6})
    ice = random_setup(side=1, seed=3)
    board.setup_boxes[1].value = ice
    board.new_game_button.click()
    assert_hides(board, rows_of(ice))
    assert_grid_shows_only(board, 0)
    while not board.state.is_terminal:
        board.choose(next(a for a in board.state.legal_actions() if a.kind == "move"))
    board.last_setups_button.click()
    assert board.setup_boxes[1].value == ice


def test_a_detection_answer_reaches_only_the_mage_s_side_of_the_screen():
    from tests.stratego.positions import game

    board = StrategoBoard(game({"e3": "r9", "f5": "b7", "h8": "b2"}, mode="powers"), seats=[HUMAN, HUMAN])
    board.reveal()
    board.choose("detect e3 f5")
    secret = "It is Ice's Beast Rider (7)."
    assert_hides(board, [secret])  # behind the screen step
    board.reveal()  # Ice at the screen
    assert_hides(board, [secret])
    assert_grid_shows_only(board, 1)


def test_a_selection_made_before_the_game_moved_on_is_forgotten():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=3)
    board.click("a3")  # a notebook cell selects Fire's piece on a3 ...
    assert board.selected == "a3"
    board.table.submit("a3-a4", 0)  # ... and another cell moves it through the table
    assert board.selected is None and board.targets() == []
    assert not board.click("a5")  # a fresh click on an empty square, not the old piece's move
    assert "a5 is empty" in board.status.text and board.state.moves == 2


def test_typed_names_name_the_seats_everywhere():
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=2)
    board.seat_picker.name_boxes[0].value, board.seat_picker.name_boxes[1].value = "Ana", "Rui"
    board.new_game_button.click()
    assert list(board.names) == ["Ana", "Rui"]
    assert "I am Ana" in board.pass_screen.button.description
    assert "Ana" in board.header.value and "Fire, a person" in board.header.value
    board.seat_picker.name_boxes[1].value = "Ana"
    board.new_game_button.click()
    assert board.status.kind == "error" and "same name" in board.status.text and list(board.names) == ["Ana", "Rui"]


def test_the_presentation_size_is_one_click():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=2)
    assert not board.presentation
    board.presentation_toggle.value = True
    assert board.presentation and "gk-presentation" in board._dom_classes
    assert StrategoBoard(seats=[HUMAN, "random"], seed=2, presentation=True).presentation
