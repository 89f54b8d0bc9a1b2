"""The Milhões board driven from Python with ``button.click()``, as a player's clicks would, and the
shared widget parts (``gamekit.ui``) it is built from. The board is a view over a core.Table."""

import doctest
import random

import pytest

import gamekit.milhoes.board as board_module
from gamekit.core import IllegalActionError, derive_seed, play_match, save
from gamekit.milhoes import new_game
from gamekit.milhoes.agents import AGENTS
from gamekit.milhoes.board import MilhoesBoard, load_agents
from gamekit.ui import HUMAN, LogPanel, PassScreen, SeatPicker, StatusArea, check_seats, theme
from gamekit.ui.theme import CSS

AGENT = "random"  # every game's AGENTS has it


def shown_cards(board):
    """The card buttons on screen now: {(seat, value): enabled}."""
    return {key: not button.disabled for key, button in board.card_buttons.items()
            if board.shows(button)}


def click_until_over(board, rng):
    """Play every person's seat by clicking (pass the screen, a random legal card, Confirm) and
    return the bids clicked, one ``{seat: card}`` per round."""
    clicked = []
    while board.chooser is not None:
        seat, round_ = board.chooser, board.state.round
        if board.hotseat:
            assert board.pass_screen_pending and shown_cards(board) == {}  # no hand on the page
            assert f"Pass the screen to {board.names[seat]}" in board.status.text
            board.pass_screen.button.click()
        assert not board.pass_screen_pending and board.viewer == seat
        cards = shown_cards(board)
        assert {s for s, _ in cards} == {seat}  # only the seat at the screen's own hand
        legal = [v for (_, v), enabled in cards.items() if enabled]
        assert legal == [a.card for a in board.state.legal_actions(seat)]  # only legal cards clickable
        card = rng.choice(legal)
        board.card_buttons[(seat, card)].click()
        assert board.status.kind == "info", board.status.text
        board.confirm_button.click()
        assert board.status.kind != "error", board.status.text
        if len(clicked) < round_:
            clicked.append({})
        clicked[round_ - 1][seat] = card
    return clicked


def replay(seed, seats, clicked, **options):
    """The same game on the engine alone: people bid what was clicked, agent seat ``p`` is
    ``AGENTS[name](seed=derive_seed(seed, p))``."""
    state = new_game(len(seats), seed=seed, **options)
    agents = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(seed, p))
              for p, kind in enumerate(seats)]
    for bids in clicked:
        state.apply_joint({p: f"bid {bids[p]}" if agents[p] is None else
                           agents[p].act(state.observation(p), state.legal_actions(p))
                           for p in range(len(seats))})
    return state


def section(board, css_class):
    """The HTML widget of the board's game area with ``css_class``."""
    return next(w for w in board.walk() if css_class in getattr(w, "_dom_classes", ()))


def assert_final_result_shown(board, engine_state):
    state = board.state
    assert state.is_terminal and engine_state.is_terminal
    assert save(state) == save(engine_state)
    assert state.tiebreak_explanation(list(board.names)) in section(board, "mh-result").value
    for p, score in enumerate(engine_state.scores()):
        assert f'data-seat="{p}" data-score="{score}"' in section(board, "mh-scores").value
    assert board.status.kind == "success" and "Game over" in board.status.text
    rounds = [line for line in board.view.log if line.startswith("Round ")]
    assert len(rounds) == state.cards


@pytest.mark.parametrize("seats", [
    [HUMAN, HUMAN],
    [HUMAN, HUMAN, HUMAN],
    [HUMAN, AGENT, HUMAN],
    [AGENT, HUMAN, AGENT, AGENT],
])
def test_full_game_by_clicking_matches_the_engine(seats):
    board = MilhoesBoard(seats=seats, seed=11)
    clicked = click_until_over(board, random.Random(len(seats)))
    assert len(clicked) == 12
    assert_final_result_shown(board, replay(11, seats, clicked))


def test_single_person_never_sees_a_pass_screen_and_agents_choose_at_once():
    board = MilhoesBoard(seats=[HUMAN, AGENT, AGENT], names=["Ana"], seed=4)
    assert not board.hotseat and not board.pass_screen_pending
    assert "✔ card chosen (hidden)" in section(board, "mh-seat-1").value
    assert "▶ choosing" in section(board, "mh-seat-0").value
    assert board.choose(0, 7)
    assert board.state.round == 2 and board.chooser == 0
    assert "Round 1" in section(board, "mh-reveal").value


def test_only_agents_play_with_the_round_buttons_as_play_match_would():
    seats = [AGENT, AGENT, AGENT]
    board = MilhoesBoard(seats=seats, seed=8)
    assert board.chooser is None and board.shows(board.round_button)
    board.round_button.click()
    assert board.state.round == 2
    board.all_button.click()
    agents = [AGENTS[kind](seed=derive_seed(8, p)) for p, kind in enumerate(seats)]
    record = play_match("milhoes", agents, seed=8, options={"players": 3})
    assert_final_result_shown(board, record.final_state())
    assert not board.shows(board.round_button)


def test_ties_are_crossed_out_and_a_total_tie_carries_the_pot():
    board = MilhoesBoard(seats=[HUMAN] * 3, seed=1, names=["Jack", "Carol", "Mary"],
                         options={"points_order": [7, -2, 3, 8, 1, 2, 4, 5, 6, -1, -3, -4]})
    for seat in range(3):
        assert board.choose(seat, 12)
    assert board.state.pot == [7, -2]
    assert section(board, "mh-reveal").value.count("gk-chip-cancelled") == 3
    assert "total tie" in section(board, "mh-reveal").value
    pot = section(board, "mh-pot").value
    assert pot.count("gk-chip-big") == 2 and "Sum +5" in pot
    # Jack and Carol tie on the highest: Mary, with the second highest, wins the pot
    for seat, card in enumerate([11, 11, 10]):
        assert board.choose(seat, card)
    assert board.state.won[2] == [7, -2]
    reveal = section(board, "mh-reveal").value
    assert reveal.count("gk-chip-cancelled") == 2 and reveal.count("gk-chip-winner") == 1
    assert "Mary wins it with 10" in reveal


def test_the_final_tiebreak_is_explained_with_the_players_names():
    board = MilhoesBoard(seats=[HUMAN, HUMAN], seed=0, names=["Ana", "Rui"],
                         options={"cards": 3, "points": [3, 2, 1], "points_order": [3, 2, 1]})
    for bids in ([3, 1], [1, 2], [2, 3]):
        for seat, card in enumerate(bids):
            assert board.choose(seat, card), board.status.text
    assert board.state.scores() == [3, 3] and board.state.winners() == [0]
    result = section(board, "mh-result").value
    assert "the highest Battle card decides" in result and "Ana wins!" in result
    assert "Ana wins!" in board.status.text
    assert not any("player 0" in text.lower() for text in board.texts())


@pytest.mark.parametrize("attempt, reason", [
    (lambda b: b.choose(1, 5), "pass the screen to Ana first"),
    (lambda b: b.choose(2, 5), "Eva's seat is played by the computer"),
    (lambda b: b.choose(7, 5), "there is no seat 7"),
    (lambda b: b.choose(0, 13), "there is no Power card 13"),
    (lambda b: b.choose(0, "hello"), "'hello' is not a Milhões action"),
    (lambda b: b.choose(0, 3.5), "3.5 is not an action"),
])
def test_refused_choices_show_their_reason_and_change_nothing(attempt, reason):
    board = MilhoesBoard(seats=[HUMAN, HUMAN, AGENT], names=["Ana", "Rui", "Eva"], seed=3)
    before = save(board.state)
    assert attempt(board) is False
    assert board.status.kind == "error" and reason in board.status.text
    assert board.pass_screen_pending  # a refused card does not uncover the hand
    assert save(board.state) == before and board.state.round == 1


def test_refused_clicks_and_calls_in_the_flow():
    board = MilhoesBoard(seats=[HUMAN, HUMAN, AGENT], names=["Ana", "Rui"], seed=3)
    with pytest.raises(IllegalActionError, match="pass the screen to Ana first"):
        board.select(4)
    board.pass_screen.button.click()
    assert board.confirm_button.disabled  # nothing picked yet: Confirm cannot be clicked
    with pytest.raises(IllegalActionError, match="pick a card before confirming"):
        board.confirm()
    assert board.choose(0, 3)
    assert not board.choose(0, 4) and "Ana has already chosen this round" in board.status.text
    with pytest.raises(IllegalActionError, match="choose for themselves"):
        board.play_round()
    assert board.choose(1, 3)
    assert not board.choose(0, 3) and "Ana already played the 3 in round 1" in board.status.text
    board.pass_screen.button.click()
    assert board.card_buttons[(0, 3)].disabled and not board.card_buttons[(0, 4)].disabled
    assert "gk-spent" in board.card_buttons[(0, 3)]._dom_classes


def test_a_fast_double_click_is_dropped_without_a_refusal():
    board = MilhoesBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=3)
    board.pass_screen.button.click()
    board.pass_screen.button.click()  # the second click lands after the hand is shown
    assert board.status.kind == "info" and board.viewer == 0
    board.card_buttons[(0, 5)].click()
    board.confirm_button.click()
    board.confirm_button.click()  # Confirm is gone from the screen: nothing happens
    board.card_buttons[(0, 6)].click()  # Ana's hand is gone too
    assert board.status.kind == "info" and "Refused" not in board.status.text
    assert board.pass_screen_pending and board.table.pass_to == 1 and board.table.pending.keys() == {0}


def test_a_move_on_a_stale_view_redraws_instead_of_refusing():
    board = MilhoesBoard(seats=[HUMAN, AGENT], names=["Ana"], seed=3)
    board.card_buttons[(0, 2)].click()
    board.table.submit("bid 1", 0)  # another front end moved: the board's view is stale
    board.confirm_button.click()
    assert board.status.kind == "info" and board.state.round == 2  # redrawn, nothing sent twice
    assert board.view.version == board.table.version and board.selected is None
    assert board.state.history[0][0].card == 1


def test_a_game_over_refuses_more_choices_until_a_new_game():
    board = MilhoesBoard(seats=[HUMAN, AGENT], seed=5, options={"cards": 2})
    assert board.choose(0, 1) and board.choose(0, 2)
    assert board.state.is_terminal
    assert not board.choose(0, 1) and "the game is over" in board.status.text
    board.new_game_button.click()
    assert board.state.round == 1 and board.state.cards == 2
    assert [line for line in board.view.log if line.startswith("Round")] == []
    assert board.state.seed == derive_seed(5, "game", 1)  # the board's series of seeds


def test_new_game_takes_the_set_up_rows_players_seats_and_typed_names():
    board = MilhoesBoard(seats=[HUMAN, AGENT, AGENT], seed=9)
    board.players_picker.value = 4
    assert board.seat_picker.count == 4
    board.seat_picker.dropdowns[1].value = HUMAN
    board.seat_picker.name_boxes[0].value = "Ana"
    board.seat_picker.name_boxes[1].value = " Rui "
    board.new_game_button.click()
    assert board.state.num_players == 4 and board.kinds == [HUMAN, HUMAN, AGENT, AGENT]
    assert board.names == ("Ana", "Rui", "Computer 3", "Computer 4")
    assert board.hotseat and board.pass_screen_pending and "Pass the screen to Ana" in board.status.text
    assert sum(1 for w in board.walk() if "gk-seat-panel" in w._dom_classes) == 4
    board.new_game(players=2, seats=[AGENT, AGENT], seed=77)
    assert board.state.seed == 77 and board.players_picker.value == 2 and board.chooser is None


def test_the_same_seats_continue_the_tables_series():
    board = MilhoesBoard(seats=[HUMAN, AGENT], names=["Ana"], seed=5, options={"cards": 2})
    table = board.table
    board.choose(0, 1)
    board.choose(0, 2)
    board.new_game()
    assert board.table is table and len(table.finished) == 1


def test_a_state_handed_over_mid_game_keeps_its_history():
    state = new_game(2, seed=6)
    state.apply_joint({0: "bid 4", 1: "bid 9"})
    board = MilhoesBoard(state, seats=[HUMAN, AGENT])
    assert board.state.round == 2 and board.state.history == state.history
    assert any(line.startswith("Round 1") for line in board.view.log)
    assert "Round 1" in section(board, "mh-reveal").value


def test_summary_and_repr_say_what_is_shown_and_nothing_hidden():
    board = MilhoesBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=12)
    text = board.summary()
    assert "round 1 of 12 (game seed 12)" in text and "hand" not in text
    assert "Message: Pass the screen to Ana." in text
    board.pass_screen.button.click()
    assert "Ana's hand: 1 2 3 4 5 6 7 8 9 10 11 12" in board.summary()
    assert repr(board) == "<MilhoesBoard 2 players, round 1, seed 12>"


def test_bad_set_ups_are_refused_clearly():
    with pytest.raises(ValueError, match="3 seats, but 2 seat kinds"):
        MilhoesBoard(players=3, seats=[HUMAN, HUMAN])
    with pytest.raises(ValueError, match="unknown seat kind"):
        MilhoesBoard(players=2, seats=[HUMAN, "grandmaster"])
    with pytest.raises(ValueError, match="2 to 5 players"):
        MilhoesBoard(players=6)


def test_seats_offer_the_games_agents():
    board = MilhoesBoard(seats=[HUMAN, "heuristic"], seed=1)
    assert load_agents() == AGENTS and load_agents() is not AGENTS
    assert board.seat_picker.dropdowns[0].options == (HUMAN, *AGENTS)
    assert type(board.table.seats[1].agent) is AGENTS["heuristic"] and board.table.seats[0].agent is None


def test_presentation_size_is_one_click_and_lifts_the_width_cap():
    board = MilhoesBoard(seats=[HUMAN, AGENT], seed=1)
    assert not board.presentation
    board.presentation_toggle.value = True
    assert board.presentation and "gk-presentation" in board._dom_classes
    assert ".gk-board.gk-presentation { max-width: none; width: 100%" in CSS
    board.presentation_toggle.value = False
    assert not board.presentation
    assert MilhoesBoard(seats=[HUMAN, AGENT], seed=1, presentation=True).presentation


# --- secrecy: what is on the screen ------------------------------------------------------------
def screens_of(seed, first_bid):
    """Every screen (all texts on the board) of a hot-seat round after Ana bids ``first_bid``."""
    board = MilhoesBoard(seats=[HUMAN, HUMAN, AGENT], names=["Ana", "Rui"], seed=seed)
    assert board.choose(0, first_bid)
    screens = [board.texts()]  # passing the screen to Rui
    board.pass_screen.button.click()
    screens.append(board.texts())  # Rui's hand
    return screens


@pytest.mark.parametrize("seed", range(6))
def test_while_the_screen_is_passed_no_widget_holds_another_players_bid(seed):
    """Two games that differ only in Ana's secret bid look exactly the same to Rui, on the
    pass-the-screen step and on his own turn: in every value, description, tooltip and HTML."""
    low, high = screens_of(seed, 1), screens_of(seed, 12)
    assert low == high


def test_the_hand_is_not_in_the_page_while_the_screen_is_passed():
    board = MilhoesBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=2)
    for _ in range(3):
        for seat in (0, 1):
            assert board.pass_screen_pending and shown_cards(board) == {}
            assert not any("your secret bid" in text for text in board.texts())
            board.pass_screen.button.click()
            assert {s for s, _ in shown_cards(board)} == {seat}
            board.choose(seat, board.view.legal_actions[0].card)


def test_the_board_doctest():
    assert doctest.testmod(board_module).failed == 0


# --- the shared parts --------------------------------------------------------------------------
def test_status_guard_shows_refusals_and_bugs_in_the_board():
    status = StatusArea()

    def refuse():
        raise IllegalActionError("not now")

    def crash():
        raise KeyError("oops")

    status.guard(refuse)()
    assert (status.kind, status.text) == ("error", "Refused: not now")
    assert "gk-status-error" in status._dom_classes
    status.guard(crash)()
    assert status.text.startswith("Something went wrong (KeyError")
    status.success("fine")
    assert "gk-status-error" not in status._dom_classes and "gk-status-success" in status._dom_classes
    with pytest.raises(ValueError):
        status.show("x", kind="shout")


def test_log_panel_keeps_plain_lines_and_shows_newest_first():
    log = LogPanel("Log")
    assert "Nothing yet" in log.value
    log.add("first <b>")
    log.add("second", "<i>second</i>")
    assert log.lines == ["first <b>", "second"]
    assert log.value.index("<i>second</i>") < log.value.index("first &lt;b&gt;")
    log.clear()
    assert log.lines == []


def test_seat_picker_with_typed_names():
    picker = SeatPicker(["random"], [HUMAN, "random", HUMAN], max_seats=4, names=["Ana"], typed_names=True)
    assert picker.names[:3] == ["Ana", "Computer 2", "Player 3"]
    picker.names = ["Ana", "Bot", "Rui"]
    assert picker.names[:3] == ["Ana", "Bot", "Rui"]
    assert [cell.layout.display for cell in picker.cells] == [None, None, None, "none"]


def test_log_panel_shows_a_given_list_of_lines():
    log = LogPanel("Log", max_shown=2)
    log.set_lines(["a", "b <i>", "c"])
    assert log.lines == ["a", "b <i>", "c"] and "(1 earlier entries not shown)" in log.value
    assert "b &lt;i&gt;" in log.value


def test_seat_picker_and_pass_screen():
    picker = SeatPicker(["random", "heuristic"], [HUMAN, "random"], max_seats=4)
    assert picker.seats == [HUMAN, "random"]
    assert [d.layout.display for d in picker.dropdowns] == [None, None, "none", "none"]
    picker.seats = ["random", "random", HUMAN]
    assert picker.count == 3 and picker.seats == ["random", "random", HUMAN]
    assert check_seats(("random", HUMAN), 2, {"random": object}) == ["random", HUMAN]
    ready = []
    screen = PassScreen()
    screen.ask("Ana", lambda: ready.append(True))
    assert "Pass the screen to" in screen.message.value
    assert screen.button.description == "I am Ana: show my cards"
    screen.button.click()
    assert ready == [True]
    assert theme() is theme()  # one style sheet per kernel


# --- one device per player: boards over one table ----------------------------------------------
def seat_boards(seed):
    from gamekit.core import Table

    table = Table("milhoes", [None, None, AGENTS["random"]], names=["Ana", "Rui", "Eva"], seed=seed,
                  shared_screen=False)
    return table, [MilhoesBoard(table=table, seat=seat) for seat in (0, 1)]


def test_each_players_board_shows_their_own_hand_and_follows_the_table():
    table, (ana, rui) = seat_boards(4)
    assert not table.hotseat and not ana.pass_screen_pending and not ana.shows(ana.setup)
    assert {s for s, _ in shown_cards(ana)} == {0} and {s for s, _ in shown_cards(rui)} == {1}
    assert ana.choose(0, 3)
    assert "✔ card chosen (hidden)" in section(rui, "mh-seat-0").value  # Rui's screen redrew
    assert shown_cards(ana) == {} and not ana.view.my_turn
    assert rui.choose(1, 5)
    assert "Round 1 revealed" in section(ana, "mh-reveal").value
    assert ana.view.version == rui.view.version == table.version


@pytest.mark.parametrize("seed", range(4))
def test_another_players_bid_never_reaches_my_board(seed):
    screens = []
    for bid in (1, 12):
        table, (ana, rui) = seat_boards(seed)
        ana.choose(0, bid)
        screens.append(rui.texts())
    assert screens[0] == screens[1]


def test_when_the_screen_changes_hands_the_secrets_go_first():
    """The browser applies widget changes in the order they are sent: record that order, and
    check that nothing of Ana's turn is still on the page when the pass step for Rui appears."""
    board = MilhoesBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=3)
    board.pass_screen.button.click()
    board.card_buttons[(0, 8)].click()
    parts = [(board.status, "value"), (board.log_panel, "value"), (board.action_area, "children"),
             (board.game_area, "children")]
    page = {widget: getattr(widget, name) for widget, name in parts}  # what the browser shows
    assert "Ana picked 8" in page[board.status]
    changes = []
    for widget, name in parts:
        widget.observe(lambda change, widget=widget: changes.append((widget, change["new"])), names=name)
    board.confirm_button.click()
    for widget, new in changes:
        page[widget] = new
        if board.pass_screen in page[board.action_area]:
            assert "picked" not in page[board.status] and "You chose" not in page[board.log_panel]
            assert not any(button in page[board.action_area] for button in board.card_buttons.values())
    assert board.pass_screen_pending and board.table.pass_to == 1


def test_the_memory_aid_is_a_box_in_the_set_up_row_and_shows_when_on():
    board = MilhoesBoard(seats=[HUMAN, AGENT], names=["Ana"], seed=5)
    box = board.memory_aid_box
    assert board.shows(box) and box in board.setup.children[1].children and box.value is False
    assert board.choose(0, 12)
    assert "memory aid on" not in board.header.value and 'data-score=""' in section(board, "mh-seat-0").value
    assert "Memory aid" not in board.status.text
    box.value = True  # for the next game: this one goes on by the booklet
    assert not board.state.memory_aid
    board.new_game_button.click()
    assert board.state.memory_aid and board.state.round == 1 and "memory aid on" in board.header.value
    assert "Memory aid on" in board.status.text
    assert board.choose(0, 12)
    seen = board.state.observation(0)
    assert f'data-score="{seen.scores[0]}"' in section(board, "mh-seat-0").value
    assert any(line.startswith("Round 1: ") and "Ana" in line and "Bids:" in line for line in board.view.log)
    board.new_game(memory_aid=False)
    assert not board.state.memory_aid and box.value is False and "memory aid on" not in board.header.value


def test_a_board_for_a_memory_aid_game_starts_with_the_box_ticked():
    board = MilhoesBoard(seats=[AGENT, AGENT], seed=2, options={"memory_aid": True})
    assert board.memory_aid_box.value and board.state.memory_aid
    board.play_round()
    board.new_game()
    assert board.state.memory_aid  # the same options, the next game


def test_the_public_view_on_the_pass_step_is_the_rules_public_observation():
    board = MilhoesBoard(seats=[HUMAN, HUMAN], names=["Ana", "Rui"], seed=4)
    assert board.pass_screen_pending and board.view.seat is None
    assert board.public(board.view) == board.state.public_observation()
    assert board.public(board.view).hand == ()


def test_a_seat_named_you_reads_you_win_not_you_wins():
    """The app names its person "You": the reveal, the result and its explanation agree with it."""
    board = MilhoesBoard(seats=[HUMAN, "random"], names=["You", "Bot"], seed=4)
    reveals = []
    for card in range(12, 0, -1):
        assert board.choose(0, card)
        reveals.append(board.public(board.view).last_round.describe(board.names))
        assert not any("You wins" in text or "You takes" in text for text in board.texts())
    assert any("You win it with" in text or "You take it with" in text for text in reveals)
    assert not any("You wins" in text or "You takes" in text for text in reveals)
    assert board.status.text == "Game over: You win!"  # with this seed You win
    assert "You win with" in board.summary() and "You wins" not in board.summary()


def test_confirm_says_why_it_is_disabled_until_a_card_is_picked():
    board = MilhoesBoard(seats=[HUMAN, "random"], names=["Ana", "Bot"], seed=5)
    assert board.confirm_button.disabled and board.confirm_button.tooltip == "Pick a card first"
    board.select(7)
    assert not board.confirm_button.disabled and board.confirm_button.tooltip == ""
