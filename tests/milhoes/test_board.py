"""The Milhões board driven from Python with ``button.click()``, as a player's clicks would, and the
shared widget parts (``gamekit.ui``) it is built from."""

import doctest
import random

import pytest

import gamekit.milhoes.board as board_module
from gamekit.core import IllegalActionError, derive_seed, play_match, save
from gamekit.milhoes import new_game
from gamekit.milhoes.agents import AGENTS
from gamekit.milhoes.board import MilhoesBoard, load_agents
from gamekit.ui import HUMAN, LogPanel, PassScreen, SeatPicker, StatusArea, check_seats, theme

AGENT = "random"  # every game's AGENTS has it


def click_until_over(board, rng):
    """Play every human seat by clicking (pass the screen, a random legal card, Confirm) and return
    the bids clicked, one ``{seat: card}`` per round."""
    clicked = []
    while board.chooser is not None:
        seat, round_ = board.chooser, board.state.round
        if board.hotseat:
            assert board.pass_screen_pending
            assert list(board.action_area.children) == [board.pass_screen]  # the hand is not on the page
            assert board.names[seat] in board.pass_screen.message.value
            board.pass_screen.button.click()
        assert not board.pass_screen_pending
        shown = [v for (s, v), b in board.card_buttons.items() if s == seat and not b.disabled]
        assert shown == [a.card for a in board.state.legal_actions(seat)]  # only legal cards clickable
        assert board.hand_row.children == tuple(b for (s, _), b in board.card_buttons.items() if s == seat)
        card = rng.choice(shown)
        board.card_buttons[(seat, card)].click()
        assert board.status.kind == "info", board.status.text
        board.confirm_button.click()
        assert board.status.kind != "error", board.status.text
        if len(clicked) < round_:
            clicked.append({})
        clicked[round_ - 1][seat] = card
    return clicked


def replay(seed, seats, clicked, **options):
    """The same game played on the engine alone: human seats bid what was clicked, agent seat
    ``p`` is ``AGENTS[name](seed=derive_seed(seed, p))``."""
    state = new_game(len(seats), seed=seed, **options)
    agents = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(seed, p))
              for p, kind in enumerate(seats)]
    for bids in clicked:
        state.apply_joint({p: f"bid {bids[p]}" if agents[p] is None else
                           agents[p].act(state.observation(p), state.legal_actions(p))
                           for p in range(len(seats))})
    return state


def assert_final_result_shown(board, engine_state):
    state = board.state
    assert state.is_terminal and engine_state.is_terminal
    assert save(state) == save(engine_state)
    assert board.action_area.children == (board.result_view, board.scores_view)
    assert state.tiebreak_explanation() in board.result_view.value
    for p, score in enumerate(engine_state.scores()):
        assert f'data-seat="{p}" data-score="{score}"' in board.scores_view.value
    assert board.status.kind == "success" and "Game over" in board.status.text
    assert len(board.history.lines) == state.cards
    assert engine_state.tiebreak_explanation() in board.summary()


@pytest.mark.parametrize("seats", [
    [HUMAN, HUMAN],
    [HUMAN, HUMAN, HUMAN],
    [HUMAN, AGENT, HUMAN],
    [AGENT, HUMAN, AGENT, AGENT],
])
def test_full_game_by_clicking_matches_the_engine(seats):
    board = MilhoesBoard(players=len(seats), seats=seats, seed=11)
    clicked = click_until_over(board, random.Random(len(seats)))
    assert len(clicked) == 12
    assert_final_result_shown(board, replay(11, seats, clicked))


def test_single_human_never_sees_a_pass_screen_and_agents_choose_at_once():
    board = MilhoesBoard(players=3, seats=[HUMAN, AGENT, AGENT], seed=4)
    assert not board.hotseat and not board.pass_screen_pending
    assert "✔ card chosen (hidden)" in board.seat_views[1].value
    assert "▶ choosing" in board.seat_views[0].value
    assert board.choose(0, 7)
    assert board.state.round == 2 and board.chooser == 0
    assert board.reveal_view.value and "Round 1" in board.reveal_view.value


def test_only_agents_play_with_the_round_buttons_as_play_match_would():
    seats = [AGENT, AGENT, AGENT]
    board = MilhoesBoard(players=3, seats=seats, seed=8)
    assert board.chooser is None and board.play_round_button in board.action_area.children[0].children
    board.play_round_button.click()
    assert board.state.round == 2
    board.play_all_button.click()
    agents = [AGENTS[kind](seed=derive_seed(8, p)) for p, kind in enumerate(seats)]
    record = play_match("milhoes", agents, seed=8, options={"players": 3})
    assert_final_result_shown(board, record.final_state())


def test_ties_are_crossed_out_and_a_total_tie_carries_the_pot():
    board = MilhoesBoard(players=3, seats=[HUMAN] * 3, seed=1,
                         options={"points_order": [7, -2, 3, 8, 1, 2, 4, 5, 6, -1, -3, -4]})
    for seat in range(3):
        assert board.choose(seat, 12)
    assert board.state.pot == [7, -2]
    assert board.reveal_view.value.count("gk-chip-cancelled") == 3
    assert "total tie" in board.reveal_view.value and "total tie" in board.history.lines[0]
    assert board.pot_view.value.count("gk-chip-big") == 2 and "Sum +5" in board.pot_view.value
    # Jack and Carol tie on the highest: Mary, with the second highest, wins the pot
    for seat, card in enumerate([11, 11, 10]):
        assert board.choose(seat, card)
    assert board.state.won[2] == [7, -2]
    assert board.reveal_view.value.count("gk-chip-cancelled") == 2
    assert board.reveal_view.value.count("gk-chip-winner") == 1
    assert "Player 2 wins it with 10" in board.status.text


def test_the_final_tiebreak_is_explained():
    board = MilhoesBoard(players=2, seats=[HUMAN, HUMAN], seed=0, names=["Ana", "Rui"],
                         options={"cards": 3, "points": [3, 2, 1], "points_order": [3, 2, 1]})
    for bids in ([3, 1], [1, 2], [2, 3]):
        for seat, card in enumerate(bids):
            assert board.choose(seat, card), board.status.text
    assert board.state.scores() == [3, 3] and board.state.winners() == [0]
    assert "the highest Battle card decides" in board.result_view.value
    assert "Ana wins!" in board.result_view.value and "Ana wins!" in board.status.text


@pytest.mark.parametrize("attempt, reason", [
    (lambda b: b.choose(1, 5), "it is Ana's turn to choose, not Rui's"),
    (lambda b: b.choose(2, 5), "Eva's seat is played by the agent 'random'"),
    (lambda b: b.choose(7, 5), "there is no seat 7"),
    (lambda b: b.choose(0, 13), "there is no Power card 13"),
    (lambda b: b.choose(0, "hello"), "'hello' is not a Milhões action"),
    (lambda b: b.choose(0, 3.5), "3.5 is not an action"),
])
def test_refused_choices_show_their_reason_and_change_nothing(attempt, reason):
    board = MilhoesBoard(players=3, seats=[HUMAN, HUMAN, AGENT], names=["Ana", "Rui", "Eva"], seed=3)
    before = save(board.state)
    assert attempt(board) is False
    assert board.status.kind == "error" and reason in board.status.text
    assert board.pass_screen_pending  # a refused card does not uncover the hand
    assert save(board.state) == before and board.state.round == 1


def test_refused_clicks_and_calls_in_the_flow():
    board = MilhoesBoard(players=3, seats=[HUMAN, HUMAN, AGENT], seed=3)
    with pytest.raises(IllegalActionError, match="pass the screen to Player 0 first"):
        board.select(4)
    board.pass_screen.button.click()
    board.confirm_button.click()  # nothing picked yet
    assert board.status.kind == "error" and "pick a card before confirming" in board.status.text
    assert board.choose(0, 3)
    assert not board.choose(0, 4) and "Player 0 has already chosen a card this round" in board.status.text
    board.play_round_button.click()
    assert "the human seats choose their cards themselves" in board.status.text
    assert board.choose(1, 3)
    assert not board.choose(0, 3) and "player 0 already played the 3 in round 1" in board.status.text
    board.pass_screen.button.click()
    assert board.card_buttons[(0, 3)].disabled and not board.card_buttons[(0, 4)].disabled


def test_a_game_over_refuses_more_choices_until_a_new_game():
    board = MilhoesBoard(players=2, seats=[HUMAN, AGENT], seed=5, options={"cards": 2})
    assert board.choose(0, 1) and board.choose(0, 2)
    assert board.state.is_terminal
    assert not board.choose(0, 1) and "the game is over: click New game" in board.status.text
    board.new_game_button.click()
    assert board.state.round == 1 and board.state.cards == 2 and board.history.lines == []
    assert board.state.seed == derive_seed(5, "game", 1)  # the board's series of seeds


def test_new_game_takes_the_set_up_rows_players_and_seats():
    board = MilhoesBoard(players=3, seats=[HUMAN, AGENT, AGENT], seed=9, options={"memory": True})
    board.players_picker.value = 4
    assert board.seat_picker.count == 4
    board.seat_picker.dropdowns[1].value = HUMAN
    board.new_game_button.click()
    assert board.state.num_players == 4 and board.seats == [HUMAN, HUMAN, AGENT, AGENT]
    assert board.state.memory and board.hotseat and board.pass_screen_pending
    assert board.seat_views[3].layout.display is None and board.seat_views[4].layout.display == "none"
    board.new_game(players=2, seats=[AGENT, AGENT], seed=77)
    assert board.state.seed == 77 and board.players_picker.value == 2 and board.chooser is None


def test_memory_mode_shows_top_cards_only_and_no_running_scores():
    board = MilhoesBoard(players=2, seats=[HUMAN, HUMAN], seed=2, options={"memory": True})
    for round_ in range(3):
        assert board.choose(0, 1 + round_) and board.choose(1, 12 - round_)
    assert "Points: <b class=\"mh-score\" data-score=\"\">?</b>" in board.seat_views[0].value
    assert "Top card:" in board.seat_views[0].value
    assert board.seat_views[0].value.count('class="gk-chip"') == 1  # only the top played card
    assert "?" in board.summary().splitlines()[2]
    assert board.history.layout.display == "none"  # the round history would spoil the memory game


def test_a_state_handed_over_mid_game_keeps_its_history():
    state = new_game(2, seed=6)
    state.apply_joint({0: "bid 4", 1: "bid 9"})
    board = MilhoesBoard(state, seats=[HUMAN, AGENT])
    assert board.state is state and board.state.round == 2
    assert len(board.history.lines) == 1 and "Round 1" in board.reveal_view.value


def test_summary_and_repr_say_what_is_shown_and_nothing_hidden():
    board = MilhoesBoard(players=2, seats=[HUMAN, HUMAN], seed=12)
    text = board.summary()
    assert "round 1 of 12 (game seed 12)" in text and "hand" not in text
    assert "Message: Pass the screen to Player 0." in text
    board.pass_screen.button.click()
    assert "Player 0's hand: 1 2 3 4 5 6 7 8 9 10 11 12" in board.summary()
    assert repr(board) == "<MilhoesBoard 2 players, round 1, seed 12>"


def test_bad_set_ups_are_refused_clearly():
    with pytest.raises(ValueError, match="3 seats, but 2 seat kinds"):
        MilhoesBoard(players=3, seats=[HUMAN, HUMAN])
    with pytest.raises(ValueError, match="unknown seat kind"):
        MilhoesBoard(players=2, seats=[HUMAN, "grandmaster"])
    with pytest.raises(ValueError, match="2 to 5 players"):
        MilhoesBoard(players=6)


def test_seats_offer_the_games_agents():
    board = MilhoesBoard(players=2, seats=[HUMAN, "heuristic"], seed=1)
    assert load_agents() == AGENTS and load_agents() is not AGENTS
    assert board.seat_picker.dropdowns[0].options == (HUMAN, *AGENTS)
    assert type(board._agents[1]) is AGENTS["heuristic"] and board._agents[0] is None


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
