"""The Lost Cities board driven from Python with ``button.click()``, as a player's clicks would:
whole rounds against agents, hot-seat with what each screen shows, the partnership game with
passing, refusals and the reasons a card cannot be played, the agents' moves and the scoring."""

import doctest
import random

import pytest

import gamekit.lost_cities.board as board_module
from gamekit.core import IllegalActionError, derive_seed, save
from gamekit.lost_cities import describe_expedition, new_game
from gamekit.lost_cities.actions import discard, draw, in_words, pass_cards, play
from gamekit.lost_cities.agents import AGENTS
from gamekit.lost_cities.board import LostCitiesBoard, load_agents
from gamekit.ui import HUMAN, is_selected

HANDS = [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
         ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]]


def shown(board, button) -> bool:
    return board.shows(button) and not button.disabled


def click_one_action(board, rng) -> None:
    """One person's action by clicking: the pass screen if asked, then a card and Play or Discard
    (or a pair and Pass), or a draw. Checks on the way that exactly the legal choices are enabled."""
    if board.pass_screen_pending:
        assert not board.hand_buttons and not any(board.shows(b) for b in board.controls.values())
        board.pass_screen.button.click()
    view = board.view
    legal = set(view.legal_actions)
    controls = board.controls
    step = view.observation.step
    enabled_draws = {name.split()[1] for name, button in controls.items()
                     if name.startswith("draw") and shown(board, button)}
    if step == "draw":
        assert enabled_draws == {a.source for a in legal}
        assert not any(button.disabled for button in board.hand_buttons)  # the hand stays in colour
        controls[f"draw {rng.choice(sorted(enabled_draws))}"].click()
        return
    if step == "pass":
        assert shown(board, controls["keep"])
        controls["keep"].click()
        return
    hand = board.hand
    assert [b.description for b in board.hand_buttons] == [board_module.card_label(c) for c in hand]
    assert enabled_draws == set()
    index = rng.randrange(len(hand))
    board.hand_buttons[index].click()
    assert is_selected(board.hand_buttons[index])
    card = hand[index]
    may_play = any(a.kind == "play" and a.card == card for a in legal)
    assert controls["play"].disabled is not may_play and not controls["discard"].disabled
    (controls["play"] if may_play and rng.random() < 0.6 else controls["discard"]).click()


def click_until(board, rng, done) -> None:
    while not done():
        click_one_action(board, rng)
        assert board.status.kind != "error", board.status.text


def assert_agents_replay(board) -> None:
    """The engine alone, with the same seeded agents and the people's recorded actions, plays the
    same game: each agent's recorded action is what a fresh agent chooses there."""
    state = board.state
    replay = new_game(**state.options, seed=state.seed)
    agents = [None if kind == HUMAN else AGENTS[kind](seed=derive_seed(state.seed, p))
              for p, kind in enumerate(board.kinds)]
    for action in state.history:
        agent = agents[replay.current_player]
        if agent is not None:
            assert agent.act(replay.observation(replay.current_player), replay.legal_actions()) == action
        replay.apply(action)
    assert save(replay) == save(state)


def section(board, css_class: str) -> str:
    return "".join(w.value for w in board.walk() if css_class in getattr(w, "_dom_classes", ())
                   and isinstance(getattr(w, "value", None), str))


def assert_round_scored(board, index: int = -1) -> None:
    result = board.state.round_results[index]
    scored = section(board, "lc-round-result")
    for side in (0, 1):
        assert f'lc-result-side-{side}" data-score="{result.scores[side]}"' in scored
        for cards in result.expeditions[side].values():
            if cards:
                assert describe_expedition(cards) in scored


def test_load_agents_is_a_copy_of_the_games_agents():
    agents = load_agents()
    assert agents == AGENTS and agents is not AGENTS


def test_a_whole_round_against_the_heuristic_by_clicking():
    board = LostCitiesBoard(seats=[HUMAN, "heuristic"], names=["Ana", "Bot"], seed=5, options={"rounds": 1})
    click_until(board, random.Random(1), lambda: board.state.is_terminal)
    state = board.state
    assert_agents_replay(board)
    assert_round_scored(board)
    final = section(board, "lc-final")
    for side in (0, 1):
        assert f'data-side="{side}" data-total="{state.totals[side]}"' in final
    assert "Match over" in board.status.text and board.status.kind == "success"
    assert f"Round 1 scored: Ana {state.totals[0]:+d}, Bot {state.totals[1]:+d}" in board.summary()
    bot_turn = [action for action, _ in board.last_turns[1]]
    assert [a.kind for a in bot_turn] in (["play", "draw"], ["discard", "draw"])
    assert "Bot</b> (heuristic) last turn:" in section(board, "lc-agent-move")
    log = board.view.log
    assert log[0] == "The game begins: Ana, Bot." and any(line.startswith("Round 1 scored: Ana") for line in log)
    assert len([line for line in log if line.startswith(("Ana ", "Bot "))]) == len(state.history)


def test_the_table_shows_expeditions_piles_and_deck_as_the_state_has_them():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=8, options={"rounds": 1})
    click_until(board, random.Random(3), lambda: len(board.state.history) >= 30)
    state, table = board.state, section(board, "lc-table")
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
    assert any(line.startswith("Round 1 scored") for line in board.view.log)
    click_until(board, random.Random(4), lambda: board.state.is_terminal)
    assert_round_scored(board, 1)
    assert_agents_replay(board)
    assert board.state.totals == [sum(r.scores[s] for r in board.state.round_results) for s in (0, 1)]


def test_a_card_that_cannot_be_played_says_why_and_leaves_discard_open():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=5, options={"rounds": 1, "position": {
        "hands": HANDS, "expeditions": [{"red": ["red 5"]}, {}]}})
    board.select("red 4")
    controls = board.controls
    assert controls["play"].disabled and not controls["discard"].disabled
    reason = "the red 4 cannot follow the red 5: the numbers of an expedition must rise"
    assert reason in section(board, "lc-why") and reason in controls["play"].tooltip
    assert "The red 4 cannot go on your expedition" in board.status.text
    assert "Discard it, or pick another card" in board.status.text
    board.select("red 9")
    assert not controls["play"].disabled and section(board, "lc-why") == ""


def test_in_the_draw_step_the_hand_keeps_its_colours_and_its_clicks_say_draw_first():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=5, options={"rounds": 1, "position": {"hands": HANDS}})
    assert board.choose("discard red 9")
    assert all(not button.disabled and "gk-spent" not in button._dom_classes for button in board.hand_buttons)
    assert all(f"lc-colour-{card.colour}" in button._dom_classes
               for card, button in zip(board.hand, board.hand_buttons))
    board.hand_buttons[0].click()
    assert board.status.kind == "error" and "you have discarded the red 9 this turn" in board.status.text


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
    click_until(board, rng, lambda: board.state.is_terminal)
    assert_round_scored(board)


def screens_of(rui_holds: str) -> list:
    """Every screen (all texts on the board) Ana sees, or that shows while the screen is passed, in
    a hot-seat game where Rui holds ``rui_holds`` (the white 6 or the white 7: the other one lies
    in the deck, below the three cards placed on top)."""
    hands = [list(HANDS[0]), [rui_holds if card == "white 6" else card for card in HANDS[1]]]
    position = {"hands": hands, "deck": ["green 2", "yellow 3", "blue 5"]}
    board = LostCitiesBoard(names=["Ana", "Rui"], seed=3, options={"rounds": 1, "position": position})
    screens = [board.texts()]  # the screen goes to Ana
    board.pass_screen.button.click()
    screens.append(board.texts())
    board.select("red 4")
    screens.append(board.texts())
    for action in ["play red 4", "draw deck"]:
        assert board.choose(action)
        screens.append(board.texts())  # the last: the screen goes to Rui
    board.pass_screen.button.click()
    ruis_screen = board.texts()  # his own hand: different in the two games, as it should be
    for action in ["discard red 2", "draw deck"]:
        assert board.choose(action)
    screens.append(board.texts())  # passed back to Ana
    board.pass_screen.button.click()
    screens.append(board.texts())
    return screens, ruis_screen


def test_while_the_screen_is_passed_and_on_anas_turns_no_widget_holds_ruis_hand():
    """Two games that differ only in one card of Rui's hand (the other card lies in the deck) look
    exactly the same on every screen Ana may see: values, descriptions, tooltips and HTML."""
    (six, rui_six), (seven, rui_seven) = screens_of("white 6"), screens_of("white 7")
    assert len(six) == 7 and six == seven
    assert rui_six != rui_seven  # the comparison does see a hand when one is shown


def test_an_agents_reasons_show_only_once_its_round_is_over():
    board = LostCitiesBoard(seats=[HUMAN, "heuristic"], names=["Ana", "Bot"], seed=6, options={"rounds": 1})
    assert board.choose(f"discard {board.hand[0]}") and board.choose("draw deck")
    bot_hand = board.state.hands[1]
    assert "lc-agent-why" not in section(board, "lc-agent-move")
    assert not any(f"discard {card}" in text for text in board.texts() for card in bot_hand)
    click_until(board, random.Random(2), lambda: board.state.is_terminal)
    assert "lc-agent-why" in section(board, "lc-agent-move")


def test_refused_actions_show_the_engines_reason_and_change_nothing():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=5, options={"rounds": 1, "position": {"hands": HANDS}})
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
    board.controls["draw deck"].click()  # disabled: a click that cannot be made is dropped
    with pytest.raises(IllegalActionError, match="first play or discard"):
        board.draw_from("deck")  # from Python: refused with the engine's reason
    with pytest.raises(IllegalActionError, match="pick one card of your hand to play"):
        board.play_selected()
    assert save(board.state) == before


def test_four_players_build_team_expeditions_and_pass_cards():
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", HUMAN, "random"],
                            names=["Ana", "Rui", "Eva", "Tom"], seed=6, options={"rounds": 1})
    board.pass_screen.button.click()
    table = section(board, "lc-table")
    assert "Ana &amp; Eva" in table and "Rui &amp; Tom" in table
    hand = board.hand
    board.hand_buttons[0].click()
    board.hand_buttons[1].click()
    assert board.selected == hand[:2]
    controls = board.controls
    assert shown(board, controls["pass"]) and controls["play"].disabled  # two cards: pass only
    controls["pass"].click()
    assert board.status.kind == "info", board.status.text
    assert board.state.history[0].kind == "pass" and len(board.state.hands[0]) == 6
    assert not any(f"{hand[0]} and the {hand[1]}" in line for line in board.table.log(1))
    assert any(f"the {hand[0]} and the {hand[1]} to Eva" in line for line in board.table.log(2))
    click_until(board, random.Random(7), lambda: board.state.is_terminal)
    assert_round_scored(board)
    assert_agents_replay(board)
    assert "Ana & Eva's expeditions" in board.summary()


def test_pass_is_offered_only_when_the_rules_allow_a_pass():
    # Six cards dealt: a pass would leave four, so the rules never allow one and the board never
    # shows Pass, though partners play with pass_timing="instead".
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", "random", "random"], seed=2,
                            options={"rounds": 1, "hand_size": 6})
    for _ in range(12):
        assert not board.shows(board.controls["pass"])
        click_one_action(board, random.Random(1))
    assert not any(action.kind == "pass" for action in board.state.history)


def test_passing_after_a_turn_offers_keep_my_cards():
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", "random", "random"], seed=9,
                            options={"rounds": 1, "pass_timing": "after"})
    assert not board.shows(board.controls["pass"])  # not before the turn is played
    assert board.choose(f"discard {board.hand[0]}")
    assert board.choose("draw deck")
    assert board.state.step == "pass" and shown(board, board.controls["keep"])
    board.controls["keep"].click()
    assert board.state.history[2].kind == "pass" and board.state.current_player == 0  # the agents have played
    assert_agents_replay(board)


def test_agents_alone_move_with_the_round_buttons_and_explain_each_move():
    board = LostCitiesBoard(seats=["heuristic", "random"], names=["H", "R"], seed=12, options={"rounds": 2})
    assert board.state.history == [] and board.shows(board.round_button)
    board.round_button.click()
    assert len(board.state.history) == 1
    action, explanation = board.last_turns[0][0]
    agents = section(board, "lc-agent-move").replace("&#x27;", "'")
    assert explanation.best == action and str(action) in agents and explanation.candidates[0].note in agents
    board.all_button.click()
    assert board.state.is_terminal
    assert_round_scored(board)
    assert_agents_replay(board)
    with pytest.raises(IllegalActionError, match="the game is over"):
        board.play_round()


def test_new_game_follows_the_set_up_row_typed_names_and_the_seed_series():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=30, options={"rounds": 1})
    assert board.players_picker.options == (2, 4)
    board.players_picker.value = 4
    board.seat_picker.seats = [HUMAN, "random", "random", "random"]
    board.seat_picker.names = ["Zé", "Ana", "Rui", "Eva"]
    board.new_game_button.click()
    state = board.state
    assert state.num_players == 4 and state.seed == derive_seed(30, "game", 1)
    assert state.options["rounds"] == 1 and board.names == ("Zé", "Ana", "Rui", "Eva")
    assert "Zé: pick a card" in board.status.text
    assert repr(board).startswith("<LostCitiesBoard 4 players")
    with pytest.raises(ValueError, match="unknown seat kind"):
        board.new_game(2, seats=[HUMAN, "nobody"])


def test_presentation_size_is_one_click():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=1)
    assert not board.presentation
    board.presentation_toggle.value = True
    assert board.presentation and "gk-presentation" in board._dom_classes


def test_the_kits_own_variant_says_so_on_the_board():
    board = LostCitiesBoard(players=4, seats=[HUMAN, "random", "random", "random"], seed=3,
                            options={"rounds": 1, "colours": 6})
    assert "the kit&#x27;s own variant" in board.header.value or "kit's own variant" in board.header.value
    assert "kit" not in LostCitiesBoard(seats=[HUMAN, "random"], seed=3).header.value


def test_module_doctest():
    assert doctest.testmod(board_module).failed == 0


def test_six_colours_add_the_purple_expedition_pile_and_draw_button():
    board = LostCitiesBoard(seats=[HUMAN, "random"], seed=14, options={"rounds": 1, "colours": 6})
    table = section(board, "lc-table")
    assert "lc-pile-purple" in table and "lc-side-0-purple" in table
    assert board.choose(f"discard {board.hand[0]}")
    assert board.shows(board.controls["draw purple"])


def test_a_search_agent_seat_explains_its_values_as_margins():
    from gamekit.lost_cities.agents import SearchAgent

    class QuickSearch(SearchAgent):
        def __init__(self, seed=0):
            super().__init__(seed=seed, method="rollouts", rollouts=2, width=2, policy="quick")

    board = LostCitiesBoard(seats=["search", "random"], seed=3, options={"rounds": 1},
                            agents={"search": QuickSearch, "random": AGENTS["random"]})
    board.round_button.click()
    board.round_button.click()
    steps = board.last_turns[0]
    assert [action.kind for action, _ in steps][-1] == "draw"
    assert all(why.value_meaning == "mean margin" and why.best == action for action, why in steps)
    assert "mean margin" in section(board, "lc-agent-move")


def test_a_players_own_screen_keeps_their_hand_in_sight_between_turns():
    """One device a seat (a classroom): Rui's screen shows Rui's hand while Ana plays, every card
    unclickable, and never Ana's; on Rui's turn the same cards can be picked."""
    from gamekit.core import Table
    table = Table("lost_cities", [None, None], names=["Ana", "Rui"], seed=5, shared_screen=False,
                  options={"rounds": 1, "position": {"hands": HANDS}})
    rui = LostCitiesBoard(table=table, seat=1)
    assert table.waiting_for == (0,)
    faces = [button.tooltip for button in rui.hand_buttons]
    assert sorted(faces) == sorted(HANDS[1])
    assert all(button.disabled for button in rui.hand_buttons)
    assert "while Ana plays" in " ".join(rui.texts())
    assert not any(card in rui.texts() for card in set(HANDS[0]) - set(HANDS[1]))
    table.submit("discard red wager", 0)
    table.submit("draw deck", 0)
    assert table.waiting_for == (1,)
    rui.refresh()
    assert not any(button.disabled for button in rui.hand_buttons)


def test_the_computers_last_turn_is_told_in_words_not_in_typed_actions():
    board = LostCitiesBoard(seats=[HUMAN, "heuristic"], names=["Ana", "Bot"], seed=5)
    click_one_action(board, random.Random(2))
    click_one_action(board, random.Random(2))
    turn = [action for action, _ in board.last_turns[1]]
    told = section(board, "lc-agent-move").split("last turn:<br>")[1].split("</b>")[0]
    assert told == "<b>" + ", then ".join(in_words(action) for action in turn)
    assert told.startswith(("<b>plays the ", "<b>discards the ")) and "draw deck" not in told
    assert f"Bot's last turn: {', then '.join(in_words(a) for a in turn)}" in board.summary()


def test_an_action_in_words_for_a_player_and_for_you():
    card = new_game(2, seed=1).hands[0][0]
    assert in_words(play(card)) == f"plays the {card}"
    assert in_words(discard(card), you=True) == f"discard the {card}"
    assert in_words(draw("deck")) == "draws from the deck"
    assert in_words(draw("white"), you=True) == "take the top card of the white pile"
    assert in_words(pass_cards(*new_game(4, seed=1).hands[0][:2])) == "passes two cards to their partner"


def test_a_disabled_button_says_why_in_its_tooltip():
    board = LostCitiesBoard(seats=[HUMAN, "heuristic"], names=["Ana", "Bot"], seed=5)
    controls = board.controls
    assert controls["play"].disabled and controls["play"].tooltip == "Pick one card of your hand first"
    assert controls["draw deck"].disabled
    assert controls["draw deck"].tooltip == "First play or discard a card, then draw"
    card = board.hand[0]
    board.hand_buttons[0].click()
    controls["discard"].click()
    state = board.state
    for name, button in board.controls.items():
        if name.startswith("draw") and board.shows(button):
            source = name.split()[1]
            reason = state.why_illegal(draw(source), 0, names=board.names)
            assert button.disabled is (reason is not None)
            assert button.tooltip == ("" if reason is None else reason[0].upper() + reason[1:])
    assert "just discarded" in board.controls[f"draw {card.colour}"].tooltip
    assert board.controls["play"].tooltip == "Now draw a card"
