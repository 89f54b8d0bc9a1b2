"""The Lost Cities board driven from Python with ``button.click()``, as a player's clicks would:
whole rounds against agents, hot-seat, the partnership game with passing, refusals shown in the
board, the agents' explanations and the end-of-round scoring."""

import doctest
import random

import pytest

import gamekit.lost_cities.board as board_module
from gamekit.core import derive_seed, save
from gamekit.lost_cities import describe_expedition, new_game
from gamekit.lost_cities.agents import AGENTS
from gamekit.lost_cities.board import LostCitiesBoard, load_agents
from gamekit.ui import HUMAN, is_selected


def enabled_draws(board) -> set[str]:
    return {source for source, button in board.draw_buttons.items()
            if not button.disabled and button in board.action_area.children[3].children}


def click_one_action(board, rng) -> None:
    """One human action by clicking: the pass screen if asked, then a card and Play or Discard (or
    a pair and Pass), or a draw button. Checks on the way that exactly the legal choices are enabled."""
    if board.pass_screen_pending:
        assert list(board.action_area.children) == [board.pass_screen]  # the hand is not on the page
        board.pass_screen.button.click()
    state = board.state
    legal = set(state.legal_actions())
    if state.step == "draw":
        wanted = {a.source for a in legal}
        assert enabled_draws(board) == wanted
        assert all(button.disabled for button in board._hand_buttons)
        board.draw_buttons[rng.choice(sorted(wanted))].click()
        return
    if state.step == "pass":
        assert not board.keep_button.disabled
        board.keep_button.click()
        return
    hand = board.hand
    assert [b.description for b in board.hand_row.children] == [board_module.card_label(c) for c in hand]
    assert enabled_draws(board) == set()
    index = rng.randrange(len(hand))
    board._hand_buttons[index].click()
    assert is_selected(board._hand_buttons[index])
    card = hand[index]
    may_play = any(a.kind == "play" and a.card == card for a in legal)
    assert board.play_button.disabled is not may_play
    assert not board.discard_button.disabled
    (board.play_button if may_play and rng.random() < 0.6 else board.discard_button).click()


def click_until(board, rng, done) -> None:
    while not done():
        click_one_action(board, rng)
        assert board.status.kind != "error", board.status.text


def assert_agents_replay(board) -> None:
    """The engine alone, with the same seeded agents and the humans' recorded actions, plays the
    same game: each agent's recorded action is what a fresh agent chooses there."""
    state = board.state
    replay = new_game(**state.options, seed=state.seed)
    agents = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(state.seed, p))
              for p, kind in enumerate(board.seats)]
    for action in state.history:
        agent = agents[replay.current_player]
        if agent is not None:
            assert agent.act(replay.observation(replay.current_player), replay.legal_actions()) == action
        replay.apply(action)
    assert save(replay) == save(state)


def assert_round_scored(board, index: int = -1) -> None:
    result = board.state.round_results[index]
    shown = board.result_view.value
    for side in (0, 1):
        assert f'lc-result-side-{side}" data-score="{result.scores[side]}"' in shown
        for cards in result.expeditions[side].values():
            if cards:
                assert describe_expedition(cards) in shown


def test_load_agents_is_a_copy_of_the_games_agents():
    agents = load_agents()
    assert agents == AGENTS and agents is not AGENTS


def test_a_whole_round_against_the_heuristic_by_clicking():
    board = LostCitiesBoard(seats=[HUMAN, "heuristic"], names=["Ana", "Bot"], seed=5, options={"rounds": 1})
    click_until(board, random.Random(1), lambda: board.state.is_terminal)
    state = board.state
    assert_agents_replay(board)
    assert_round_scored(board)
    final = board.action_area.children[0]
    assert "lc-final" in final._dom_classes
    for side in (0, 1):
        assert f'data-side="{side}" data-total="{state.totals[side]}"' in final.value
    assert "Match over" in board.status.text and board.status.kind == "info"
    assert f"Round 1 scored: Ana {state.totals[0]:+d}, Bot {state.totals[1]:+d}" in board.summary()
    bot_turn = [action for action, _ in board.last_turns[1]]
    assert [a.kind for a in bot_turn] in (["play", "draw"], ["discard", "draw"])
    assert ", then ".join(map(str, bot_turn)) in board.agent_view.value
    assert "Bot</b> (heuristic) last turn:" in board.agent_view.value
    assert len(board.moves_log.lines) == len(state.history) + 1  # every action and the round's end


def test_the_table_shows_expeditions_piles_and_deck_as_the_state_has_them():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=8, options={"rounds": 1})
    click_until(board, random.Random(3), lambda: len(board.state.history) >= 30)
    state, table = board.state, board.table_view.value
    for side in (0, 1):
        for colour, cards in state.expeditions[side].items():
            score = board_module.score_expedition(cards)
            assert f'lc-side-{side}-{colour}" data-score="{score}"' in table
    for colour, pile in state.discards.items():
        assert f'lc-pile-{colour}" data-top="{pile[-1] if pile else ""}" data-count="{len(pile)}"' in table
    assert f'data-count="{len(state.deck)}"' in board.header.value
    assert f"deck {len(state.deck)} cards" in board.summary()


def test_a_match_of_two_rounds_carries_the_totals_and_shows_each_round():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=21, options={"rounds": 2})
    click_until(board, random.Random(2), lambda: board.state.round == 2)
    assert_round_scored(board, 0)
    assert "Round 1 over" in " ".join(board.moves_log.lines)
    click_until(board, random.Random(4), lambda: board.state.is_terminal)
    assert_round_scored(board, 1)
    assert_agents_replay(board)
    assert board.state.totals == [sum(r.scores[s] for r in board.state.round_results) for s in (0, 1)]


def test_hot_seat_hides_each_hand_until_its_owner_is_at_the_screen():
    board = LostCitiesBoard(names=["Ana", "Rui"], seed=4, options={"rounds": 1})
    assert board.hotseat and board.pass_screen_pending
    assert "Ana" in board.pass_screen.message.value
    assert "hand:" not in board.summary()
    board.pass_screen.button.click()
    assert "Ana's hand:" in board.summary()
    rng = random.Random(5)
    click_one_action(board, rng)  # Ana plays or discards: she keeps the screen to draw
    assert not board.pass_screen_pending
    click_one_action(board, rng)  # Ana draws: the screen goes to Rui
    assert board.pass_screen_pending and "Rui" in board.pass_screen.message.value
    assert list(board.action_area.children) == [board.pass_screen]
    click_until(board, rng, lambda: board.state.is_terminal)
    assert_round_scored(board)


def test_refused_actions_show_the_engines_reason_and_change_nothing():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=5, options={"rounds": 1, "position": {
        "hands": [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
                  ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]]}})
    assert board.choose("play red 4")
    assert board.choose("draw deck")
    before = save(board.state)
    cases = {
        "play red wager": "a wager can only start an expedition",
        "draw deck": "first play or discard a card, then draw",
        "play purple 5": "there is no purple expedition",
        "dance": "is not a Lost Cities action",
        "pass red 9 and blue 2": "partnership",
    }
    for text, reason in cases.items():
        assert board.choose(text) is False
        assert board.status.kind == "error" and reason in board.status.text, board.status.text
        assert save(board.state) == before
    board.draw_buttons["deck"].click()  # a disabled button clicked from Python: refused the same way
    assert "first play or discard" in board.status.text
    board.play_button.click()
    assert board.status.text == "Refused: pick one card of your hand to play"
    assert save(board.state) == before


def test_four_players_build_team_expeditions_and_pass_cards():
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", HUMAN, "random"],
                            names=["Ana", "Rui", "Eva", "Tom"], seed=6, options={"rounds": 1})
    assert "Ana &amp; Eva" in board.table_view.value and "Rui &amp; Tom" in board.table_view.value
    board.pass_screen.button.click()
    hand = board.hand
    board._hand_buttons[0].click()
    board._hand_buttons[1].click()
    assert board.selected == hand[:2]
    assert not board.pass_button.disabled and board.play_button.disabled  # two cards: pass only
    board.pass_button.click()
    assert board.status.kind == "info", board.status.text
    assert board.state.history[0].kind == "pass"
    assert sorted(board.state.hands[2]).count(hand[0]) >= 1 and len(board.state.hands[0]) == 6
    click_until(board, random.Random(7), lambda: board.state.is_terminal)
    assert_round_scored(board)
    assert_agents_replay(board)
    assert "Ana & Eva's expeditions" in board.summary()


def test_passing_after_a_turn_offers_keep_my_cards():
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", "random", "random"], seed=9,
                            options={"rounds": 1, "pass_timing": "after"})
    assert board.choose(f"discard {board.hand[0]}")
    assert board.choose("draw deck")
    assert board.state.step == "pass" and not board.keep_button.disabled
    board.keep_button.click()
    assert board.state.history[2].kind == "pass" and board.state.current_player == 0
    assert_agents_replay(board)


def test_agents_alone_move_with_the_buttons_and_explain_each_move():
    board = LostCitiesBoard(seats=["heuristic", "random"], names=["H", "R"], seed=12, options={"rounds": 2})
    assert board.state.history == [] and board.action_area.children[0].children[0] is board.next_button
    board.next_button.click()
    assert len(board.state.history) == 1
    action, explanation = board.last_turns[0][0]
    assert explanation.best == action and str(action) in board.agent_view.value
    assert explanation.candidates[0].note in board.agent_view.value.replace("&#x27;", "'")
    board.finish_button.click()
    assert board.state.round == 2 and len(board.state.round_results) == 1
    assert_round_scored(board, 0)
    board.play_all_button.click()
    assert board.state.is_terminal
    assert_agents_replay(board)
    board.next_button.click()
    assert board.status.text == "Refused: the match is over: click New game to play again"


def test_human_seats_refuse_the_agent_buttons():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=1)
    board.next_button.click()
    assert board.status.text == "Refused: the human seats play their own turns"


def test_new_game_follows_the_set_up_row_and_the_seed_series():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=30, options={"rounds": 1})
    board.players_picker.value = 4
    board.seat_picker.seats = ["random"] * 4
    board.new_game_button.click()
    state = board.state
    assert state.num_players == 4 and state.seed == derive_seed(30, "game", 1)
    assert state.options["rounds"] == 1
    assert repr(board) == f"<LostCitiesBoard 4 players, round 1 of 1, seed {state.seed}>"
    with pytest.raises(ValueError, match="unknown seat kind"):
        board.new_game(2, seats=[HUMAN, "nobody"])


def test_module_doctest():
    assert doctest.testmod(board_module).failed == 0


def test_six_colours_add_the_purple_expedition_pile_and_draw_button():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=14, options={"rounds": 1, "colours": 6})
    assert "lc-pile-purple" in board.table_view.value and "lc-side-0-purple" in board.table_view.value
    assert board.draw_buttons["purple"] in board.action_area.children[3].children
    click_until(board, random.Random(6), lambda: board.state.is_terminal)
    assert_round_scored(board)
    assert_agents_replay(board)


def test_a_search_agent_seat_explains_its_values_as_margins():
    from gamekit.lost_cities.agents import SearchAgent

    quick = {"search": lambda seed: SearchAgent(seed=seed, method="rollouts", rollouts=2, width=2, policy="quick")}
    board = LostCitiesBoard(seats=[HUMAN, "search"], seed=3, options={"rounds": 1}, agents=quick)
    assert board.choose(f"discard {board.hand[0]}") and board.choose("draw deck")
    steps = board.last_turns[1]
    assert [action.kind for action, _ in steps][-1] == "draw"
    assert all(why.value_meaning == "mean margin" and why.best == action for action, why in steps)
    assert "mean margin" in board.agent_view.value
