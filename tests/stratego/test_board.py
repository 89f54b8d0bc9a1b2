"""The Stratego board driven from Python with ``button.click()``, as a player's clicks would: moves
and battles, refusals, the powers' buttons, hot-seat behind the screen step, agent seats, set-ups."""

import doctest

import pytest

import gamekit.stratego.board as board_module
from gamekit.core import IllegalActionError, derive_seed, save
from gamekit.stratego import new_game, random_setup
from gamekit.stratego.agents import AGENTS
from gamekit.stratego.board import StrategoBoard, target_of
from gamekit.ui import HUMAN
from tests.stratego.positions import game


def click(board, square):
    board.square_buttons[square].click()


def label(board, square):
    return board.square_buttons[square].description.strip()  # an empty square shows a no-break space


def classes(board, square):
    return set(board.square_buttons[square]._dom_classes)


def power_button(board, kind):
    return next(b for b in board.powers_row.children if f"st-power-{kind}" in b._dom_classes)


def test_doctests():
    assert doctest.testmod(board_module).failed == 0


def test_the_grid_has_a_button_per_square_and_draws_the_forbidden_areas():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=1)
    spec = board.state.spec
    assert len(board.square_buttons) == spec.width * spec.height
    forbidden = {name for name, b in board.square_buttons.items() if "st-forbidden" in b._dom_classes}
    assert forbidden == {spec.square_name(s) for s in spec.forbidden} == {"c4", "d4", "g4", "h4",
                                                                       "c5", "d5", "g5", "h5"}
    assert all(board.square_buttons[name].disabled for name in forbidden)
    assert "st-square-e3" in classes(board, "e3")


def test_the_human_sees_own_ranks_and_question_marks_for_the_enemy():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=1)
    state = board.state
    for name in board.square_buttons:
        token = state.piece_at(name)
        if token is None:
            assert label(board, name) == ""
        elif token[0] == "r":
            assert label(board, name) == token[1:] and "st-piece-fire" in classes(board, name)
        else:
            assert label(board, name) == "?" and {"st-piece-ice", "st-unknown"} <= classes(board, name)


def test_a_step_by_clicking_then_the_agent_replies_as_the_engine_would():
    seed = 11
    board = StrategoBoard(seats=[HUMAN, "random"], seed=seed)
    src = next(a.src for a in board.state.legal_actions() if a.kind == "move")
    click(board, src)
    assert board.selected == src and "st-selected" in classes(board, src)
    targets = {target_of(a) for a in board.state.legal_actions() if a.src == src}
    assert set(board.targets()) == targets
    assert all("st-target" in classes(board, t) for t in targets)
    first = min(targets)
    click(board, first)
    engine = new_game(seed=seed)
    engine.apply(f"{src}-{first}")
    agent = AGENTS["random"](seed=derive_seed(seed, 1))
    engine.apply(agent.act(engine.observation(1), engine.legal_actions(1)))
    assert board.state.history == engine.history
    assert label(board, first) == engine.piece_at(first)[1:]
    assert board.selected is None and not any("st-target" in b._dom_classes for b in board.square_buttons.values())
    assert board.state.current_player == 0


def test_a_scout_attack_is_shown_logged_and_its_loser_goes_to_the_tray():
    state = game({"b2": "r2", "b4": "b5", "h8": "b3"})
    board = StrategoBoard(state, seats=[HUMAN, HUMAN])
    board.pass_screen.button.click()
    click(board, "b2")
    assert "b4" in board.targets() and "b3" in board.targets()
    click(board, "b4")
    battle = "Fire's Scout (2) on b2 attacks Ice's Yeti (5) on b4: the Yeti wins."
    assert battle in board.last_turn.value
    assert "st-battle" in board.last_turn.value
    assert "Fire has lost:" in board.trays.value and ">2</span>" in board.trays.value
    board.pass_screen.button.click()  # Ice at the screen: the Scout's attacker is known now
    assert any(battle in line for line in board.log_panel.lines)
    assert label(board, "b4") == "5" and "st-exposed" in classes(board, "b4")


def test_refused_clicks_show_the_engines_reason_and_leave_the_game_unchanged():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=2)
    before = save(board.state)
    assert not board.click("e5") and "is empty" in board.status.text
    fire = next(a.src for a in board.state.legal_actions() if a.kind == "move")
    board.click(fire)
    far = next(name for name in ("a5", "b5", "e5", "f5", "i5", "j5") if name != fire)
    assert not board.click(far)
    reason = board.state.explain(f"{fire}-{far}").removeprefix("Illegal: ")
    assert board.status.text == f"Refused: {reason}" and board.status.kind == "error"
    assert not board.click("z9") and "no square" in board.status.text
    assert not board.choose("a1-a9")
    assert save(board.state) == before


def test_clicking_the_selected_piece_again_unselects_it_and_another_piece_reselects():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=4)
    movers = sorted({a.src for a in board.state.legal_actions()})
    click(board, movers[0])
    click(board, movers[1])
    assert board.selected == movers[1]
    click(board, movers[1])
    assert board.selected is None


def test_the_dragon_offers_flight_and_its_targets_and_flies_on_a_click():
    state = game({"e2": "r10", "e3": "r3", "e4": "b5", "f5": "b7", "h8": "b2"}, mode="powers")
    board = StrategoBoard(state, seats=[HUMAN, "random"])
    click(board, "e2")
    assert board.powers() == ["move", "flight"]
    assert board.targets() == ["d2", "e1", "f2"]
    power_button(board, "flight").click()
    assert board.power == "flight" and board.targets() == ["e4", "e5", "f5"]
    assert "st-target" in classes(board, "f5")
    click(board, "f5")
    assert str(board.state.history[0]) == "fly e2-e5xf5"
    assert board.state.piece_at("f5") == "r10"


def test_two_swiftness_paths_to_one_square_are_offered_as_choices():
    state = game({"e2": "r8", "h8": "b2"}, mode="powers")
    board = StrategoBoard(state, seats=[HUMAN, "random"])
    click(board, "e2")
    power_button(board, "swiftness").click()
    click(board, "f3")
    texts = [b.description for b in board.choices_row.children]
    assert sorted(texts) == ["swift e2-e3-f3", "swift e2-f2-f3"]
    assert board.state.moves == 0
    pick = texts.index("swift e2-e3-f3")
    board.choices_row.children[pick].click()
    assert str(board.state.history[0]) == "swift e2-e3-f3"


def test_an_unavailable_power_is_refused():
    state = game({"e2": "r8", "h8": "b2"}, mode="powers")
    board = StrategoBoard(state, seats=[HUMAN, "random"])
    assert not board.choose_power("flight") and "select one of your pieces" in board.status.text
    click(board, "e2")
    assert not board.choose_power("flight") and "cannot use 'flight'" in board.status.text


def test_hot_seat_hides_the_board_until_the_player_at_the_screen_clicks():
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=5)
    assert board.pass_screen_pending and board.grid.layout.display == "none"
    assert list(board.action_area.children) == [board.pass_screen]
    assert all(not b.description.strip() for b in board.square_buttons.values())  # nothing on the page
    assert not board.click("a3") and "pass the screen to Fire" in board.status.text
    board.pass_screen.button.click()
    assert board.viewer == 0 and board.grid.layout.display is None
    src, dst = next((a.src, a.dst) for a in board.state.legal_actions() if a.kind == "move")
    click(board, src)
    click(board, dst)
    assert board.pass_screen_pending and "Ice" in board.pass_screen.button.description
    assert all(not b.description.strip() for b in board.square_buttons.values())
    board.pass_screen.button.click()
    assert board.viewer == 1
    ice, fire = board.state.observation(1).own_pieces(), board.state.observation(1).enemy_pieces()
    assert all(label(board, p.square) == p.rank for p in ice)
    assert all(label(board, p.square) == "?" for p in fire)


def test_a_detection_is_told_to_the_mage_alone():
    state = game({"e3": "r9", "f5": "b7", "h8": "b2"}, mode="powers")
    board = StrategoBoard(state, seats=[HUMAN, HUMAN])
    board.reveal()
    click(board, "e3")
    board.choose_power("detect")
    click(board, "f5")
    secret = "It is Ice's Beast Rider (7)."
    assert secret not in board.last_turn.value  # behind the screen step: public lines only
    board.reveal()  # Ice at the screen
    assert not any(secret in line for line in board.log_panel.lines)
    board.choose("f5-f6")
    board.reveal()  # Fire again: the answer is in Fire's log, and on the square
    assert any(secret in line for line in board.log_panel.lines)
    assert label(board, "f6") == "7"


def test_an_agent_playing_fire_moves_first_and_the_human_sees_ices_side():
    seed = 8
    board = StrategoBoard(seats=["heuristic", HUMAN], seed=seed)
    agent = AGENTS["heuristic"](seed=derive_seed(seed, 0))
    engine = new_game(seed=seed, setups=[agent.setup(0), None])  # the agent deploys its own army
    engine.apply(agent.act(engine.observation(0), engine.legal_actions(0)))
    assert board.state.history == engine.history
    assert board.viewer == 1 and board.state.current_player == 1
    assert all(board.play_move_button not in getattr(child, "children", ()) for child in board.action_area.children)
    board.play_move_button.click()  # not on the board while a person plays: the click is dropped
    assert board.state.moves == 1
    with pytest.raises(IllegalActionError, match="choose for themselves"):
        board.play_move()


def test_two_agents_play_to_the_end_and_every_piece_is_shown():
    board = StrategoBoard(seats=["random", "random"], seed=9, options={"max_moves": 60})
    board.play_move_button.click()
    assert board.state.moves == 1
    board.play_all_button.click()
    assert board.state.is_terminal and "Game over" in board.result_view.value
    for name, button in board.square_buttons.items():
        token = board.state.piece_at(name)
        if token:
            assert button.description == token[1:]
        else:
            assert button.description.strip() == ""
    assert board.status.kind == "success"


def test_captured_pieces_hidden_mode_shows_question_marks():
    state = game({"b2": "r2", "e1": "r3", "b4": "b5", "h8": "b3"}, captured="hidden")
    board = StrategoBoard(state, seats=[HUMAN, "random"])
    board.choose("b2xb4")
    assert "Fire has lost:" in board.trays.value and ">?</span>" in board.trays.value
    assert "captured pieces: hidden" in board.trays.value


def test_new_game_uses_the_pickers_and_set_up_texts_and_refuses_a_bad_one():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=3)
    board.mode_picker.value = "powers"
    board.captured_picker.value = "secret"
    board.seat_picker.seats = ["random", HUMAN]
    fire = random_setup(side=0, seed=1)
    board.setup_boxes[0].value = fire
    square = board.square_buttons["a1"]
    board.new_game_button.click()
    state = board.state
    assert board.square_buttons["a1"] is square  # the grid is reused, not rebuilt (no widget pile-up)
    assert state.mode == "powers" and state.captured_mode == "secret" and board.seats == ["random", HUMAN]
    assert state.setups[0] == fire and state.seed == derive_seed(3, "game", 1)
    assert state.moves == 1  # the agent playing Fire has moved
    board.setup_boxes[1].value = "1 2 3"
    board.new_game_button.click()
    assert board.state is state and "Ice's set-up" in board.status.text and board.status.kind == "error"


def test_an_agent_deploys_its_own_army_unless_its_box_holds_a_set_up():
    board = StrategoBoard(seats=[HUMAN, "search"], seed=5)
    seed = board.state.seed
    assert board.state.setups[1] == AGENTS["search"](seed=derive_seed(seed, 1)).setup(1)
    assert board.state.setups[0] == new_game(seed=seed).setups[0]  # the human's side: shuffled
    ice = random_setup(side=1, seed=2)
    board.setup_boxes[1].value = ice
    board.new_game_button.click()
    assert board.state.setups[1] == ice


def test_random_set_ups_fill_the_boxes_and_check_tidies_them():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=3)
    board.random_setups_button.click()
    texts = [box.value for box in board.setup_boxes]
    assert all(texts) and texts[0].split()[0].startswith("r") and texts[1].split()[0].startswith("b")
    board.setup_boxes[0].value = texts[0].replace("r", "")  # side letters are optional
    board.check_setups_button.click()
    assert board.status.kind == "success" and board.setup_boxes[0].value == texts[0]
    board.setup_boxes[0].value = texts[0].replace("rF", "r3", 1)
    assert not board.check_setups() and "Flag" in board.status.text


def test_repr_and_summary_are_stable_texts():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=3)
    assert repr(board) == "<StrategoBoard fire-and-ice classic, Fire human vs Ice random, move 0, seed 3>"
    summary = board.summary()
    assert "As Fire sees it:" in summary and "b?" in summary and "Message:" in summary


def test_bad_seats_are_refused():
    with pytest.raises(ValueError, match="seat"):
        StrategoBoard(seats=[HUMAN, "nobody"])


def palette(board, piece):
    return next(b for b in board.palette_row.children if f"st-palette-{piece}" in b._dom_classes)


def test_the_set_up_editor_places_pieces_by_clicking_and_saves_a_legal_set_up():
    board = StrategoBoard(seats=[HUMAN, "random"], seed=3)
    before = save(board.state)
    board.edit_buttons[0].click()
    assert board.editing == 0 and all(not label(board, sq) for sq in ("a1", "e3", "e6"))
    assert not board.click("a1") and "choose a piece" in board.status.text
    palette(board, "F").click()
    assert {"a1", "j3"} <= {sq for sq, b in board.square_buttons.items() if "st-target" in b._dom_classes}
    click(board, "a1")
    assert label(board, "a1") == "F" and palette(board, "F").disabled  # the only Flag is placed
    palette(board, "T").click()
    click(board, "b1")
    assert not board.click("a4") and "set-up rows (1 to 3)" in board.status.text
    assert not board.click("e6")
    assert board.pieces_left()["T"] == 5
    click(board, "b1")  # take the Trap back: it is the piece chosen next
    assert label(board, "b1") == "" and board.pieces_left()["T"] == 6
    board.square_buttons["c1"].click()
    assert label(board, "c1") == "T"
    board.editor_buttons.children[2].click()  # Done, too early
    assert board.editing == 0 and "place every piece first" in board.status.text
    board.editor_buttons.children[0].click()  # fill the rest at random
    assert sum(board.pieces_left().values()) == 0
    board.editor_buttons.children[2].click()
    text = board.setup_boxes[0].value
    assert board.editing is None and board.status.kind == "success"
    row_1 = text.splitlines()[2].split()  # Fire's back row: the Flag on a1, the Trap on c1
    assert row_1[0] == "rF" and row_1[2] == "rT"
    assert save(board.state) == before  # the game itself is untouched
    board.new_game_button.click()
    assert board.state.setups[0] == text and board.state.piece_at("a1") == "rF"


def test_the_editor_loads_the_text_in_the_box_and_cancel_leaves_it_unchanged():
    board = StrategoBoard(seats=[HUMAN, HUMAN], seed=3)
    board.setup_boxes[1].value = random_setup(side=1, seed=4)
    board.edit_setup(1)
    assert board.editing == 1 and sum(board.pieces_left().values()) == 0
    assert label(board, "a8") == random_setup(side=1, seed=4).split()[0][1:]
    assert board.grid.layout.display is None  # shown even while a game waits behind the screen
    board.editor_buttons.children[1].click()  # Clear
    assert all(not label(board, sq) for sq in ("a8", "j6"))
    board.editor_buttons.children[3].click()  # Cancel
    assert board.editing is None and board.setup_boxes[1].value == random_setup(side=1, seed=4)
    assert board.pass_screen_pending and board.grid.layout.display == "none"


def test_the_pass_the_screen_step_speaks_of_pieces_not_cards():
    board = StrategoBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=3)
    assert board.pass_screen.button.description == "I am Ana: show my pieces"
    assert "the next pieces are secret" in board.pass_screen.message.value
    assert not any("cards" in text for text in board.texts())


def test_the_log_names_the_players_with_their_armies():
    """With names, "Fire moves a3-a4" reads "Ana (Fire) moves a3-a4" and "Fire's Dragon" reads
    "Ana's Dragon", in every line of a game between agents (attacks, captures, the end)."""
    board = StrategoBoard(seats=["random", "random"], names=["Ana", "Rui"], seed=8)
    board.play_to_end()
    lines = [line for line in board.view.log[1:]
             if not line.startswith("Game over")]  # the outcome has its own words
    assert lines and any("attacks" in line for line in lines)
    for line in lines:
        bare = [w for w in ("Fire", "Ice") if w in line.replace(f"({w})", "")]
        assert not bare, line
    assert "1. Ana (Fire) moves" in lines[0] or "1. Ana's " in lines[0]
    last_turns = board.last_turn.value
    assert "Rui" in last_turns and "Fire" not in last_turns.replace("(Fire)", "")  # the side panel too
    plain = StrategoBoard(seats=["random", "random"], seed=8)  # the app's names are the armies'
    plain.play_to_end()
    assert plain.view.log[1].startswith("1. Fire ")
