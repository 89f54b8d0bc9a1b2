"""The Brief History board driven from Python as a player's clicks would drive it: plotly clicks on
the map, the territory picker, the action buttons and the pass-the-screen step, checked against the
engine replaying the same game (same seed, same human choices, same seeded agents)."""

import doctest
import random

import pytest
from plotly.callbacks import InputDeviceState, Points

import gamekit.brief_history.board as board_module
from gamekit.brief_history import Place, new_game
from gamekit.brief_history.board import (
    BARREN_FILL,
    COLOURS,
    EMPTY_FILL,
    FOLLOW,
    INVASION_RING,
    LEGAL_RING,
    BriefHistoryBoard,
    button_words,
    css_name,
    lighter,
    load_agents,
)
from gamekit.brief_history.odds import success_probability
from gamekit.brief_history.scenarios import ROMAN_STEPS, roman_turn
from gamekit.core import IllegalActionError, derive_seed, play_match, save
from gamekit.ui import HUMAN, LogPanel, build_agents

AGENTS = load_agents()


# --- what a player does, and what the page shows ----------------------------------------------------
def map_click(board, name):
    """A plotly click on ``name``'s marker, delivered the way the FigureWidget delivers it."""
    view = board.map
    trace = view.figure.data[view.territory_trace]
    index = view.names.index(name)
    points = Points([index], [trace.x[index]], [trace.y[index]], trace.name, view.territory_trace)
    trace._dispatch_on_click(points, InputDeviceState())


def shown_buttons(board) -> dict:
    """The action buttons on the page: the action's text -> button (a button says it in words,
    ``button_words``, and carries the text in its CSS class)."""
    rows = [child for child in board.action_area.children if hasattr(child, "children")]
    texts = {f"bh-action-{css_name(str(a))}": str(a) for a in board.view.legal_actions}
    return {texts[name]: button for row in rows for button in row.children
            for name in button._dom_classes if name in texts}


def ring_names(board) -> set:
    """The territories ringed on the map (clickable now)."""
    return set(board.map.rings_drawn())


def expected_fill(board, tile):
    if board.state.world.is_barren(tile.territory):
        return BARREN_FILL
    if tile.army is None:
        return EMPTY_FILL
    return COLOURS[tile.army] if tile.active else lighter(COLOURS[tile.army])


def assert_page_matches_engine(board):
    """The map's colours are the engine's armies; only legal actions are offered; a secret choice
    waiting behind the screen is not on the page at all."""
    state = board.state
    colours = board.map.figure.data[board.map.territory_trace].marker.color
    assert list(colours) == [expected_fill(board, tile) for tile in state.tiles()]
    if state.is_terminal or board.seats[state.current_player] != HUMAN:
        assert ring_names(board) == set() and board.territory_picker.options == ()
        return
    if board.pass_screen_pending:
        assert board.action_area.children == (board.pass_screen,)
        assert board.hand_view.value == "" and ring_names(board) == set()
        assert board.names[state.current_player] in board.pass_screen.message.value
        return
    legal = [str(a) for a in state.legal_actions()]
    places = [str(a) for a in state.legal_actions() if isinstance(a, Place)]
    assert sorted(shown_buttons(board)) == sorted(set(legal) - set(places))
    assert [value for _, value in board.territory_picker.options] == places
    assert ring_names(board) == {a.territory for a in state.legal_actions() if hasattr(a, "territory")
                                 and type(a).__name__ in ("Place", "Overrun", "BuildMonument")}


def play_like_a_person(board, action, rng):
    """Do ``action`` with the widgets: the screen step when it is shown, a placement by a map click
    or by the picker and its Place button, anything else with its button."""
    if board.pass_screen_pending:
        board.pass_screen.button.click()
    text = str(action)
    if isinstance(action, Place) and not action.by_sea and rng.random() < 0.5:
        map_click(board, action.territory)
    elif isinstance(action, Place):
        board.territory_picker.value = text
        board.place_button.click()
    else:
        shown_buttons(board)[text].click()
    assert board.status.kind != "error", board.status.text


def pick(state, rng):
    """A person who mostly expands: a placement four times in five, else any legal action."""
    legal = state.legal_actions()
    places = [a for a in legal if isinstance(a, Place)]
    return rng.choice(places if places and rng.random() < 0.8 else legal)


def replay(state, seats, clicked, steps):
    """The engine alone: human seats play what was clicked, agent seat ``p`` is
    ``AGENTS[kind](seed=derive_seed(seed, p))``, for ``steps`` actions."""
    agents = build_agents(seats, AGENTS, state.seed)
    clicked = iter(clicked)
    while len(state.history) < steps:
        p = state.current_player
        if agents[p] is None:
            state.apply(next(clicked))
        else:
            state.apply(agents[p].act(state.observation(p), state.legal_actions(p)))
    return state


# --- whole stretches of play ------------------------------------------------------------------------
@pytest.mark.parametrize("players, seats, seed", [
    (3, [HUMAN, "random", HUMAN], 11),  # hot-seat: two people and an agent
    (4, ["heuristic" if "heuristic" in AGENTS else "random", HUMAN, "random", "random"], 4),
    (2, [HUMAN, HUMAN], 7),  # two players, two colours each
])
def test_a_whole_epoch_by_clicking_matches_the_engine(players, seats, seed):
    board = BriefHistoryBoard(players=players, seats=seats, seed=seed)
    rng, clicked = random.Random(seed), []
    while board.state.epoch == 1:
        assert_page_matches_engine(board)
        action = pick(board.state, rng)
        play_like_a_person(board, action, rng)
        clicked.append(action)
    assert_page_matches_engine(board)
    assert board.state.epoch == 2
    agents_played = len(board.state.history) - len(clicked)
    assert agents_played > 0 if any(kind != HUMAN for kind in seats) else agents_played == 0
    engine = replay(new_game(players, seed=seed), seats, clicked, len(board.state.history))
    assert save(engine) == save(board.state)
    # the log is the engine's, in the board's names, as the person at the screen may read it
    assert board.log_panel.lines[0].startswith("The game begins: ")
    assert board.log_panel.lines[1:] == engine.log_lines(board.viewer, names=board.names)
    public = [board.words(line.strip()) for line in engine.log]
    assert [line for line in board.log_panel.lines if line in public] == public


def test_the_seeds_roman_turn_on_the_board():
    """The rulebook's Romans, clicked on the map: odds before each roll, the dice after it."""
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"], names=["Ana", "Rui", "Eva"])
    assert board.map.view == "Europe & the Middle East"  # the view follows the Romans
    balkans_odds = success_probability(2, 1, cost=2)
    row = f'data-action="place Balkans" data-p="{balkans_odds}"'
    assert row in board.odds_view.value and "2 dice against 1 at +0" in board.odds_view.value
    hover = board.map.figure.data[board.map.territory_trace].hovertext[board.map.names.index("Balkans")]
    assert str(balkans_odds) in hover
    for text, _why in ROMAN_STEPS[:3]:
        kind = text.split()[0]
        if kind in ("place", "monument", "overrun") and "by sea" not in text:
            map_click(board, text.split(" ", 1)[1])
        else:
            shown_buttons(board)[text].click()
        assert board.status.kind == "info", board.status.text
    # 3-2 against 5 fails; continuing would roll at +1
    assert [d for d in ('data-face="3"', 'data-face="2"', 'data-face="5"') if d in board.dice_view.value] == [
        'data-face="3"', 'data-face="2"', 'data-face="5"']
    assert 'data-points="0"' in board.dice_view.value and "not enough for Balkans" in board.dice_view.value
    continuing = success_probability(2, 1, cost=2, bonus=1)
    assert f'data-action="continue" data-p="{continuing}"' in board.odds_view.value
    assert 'data-indicator="0"' in board.turn_view.value
    shown_buttons(board)["continue"].click()
    assert 'data-indicator="1"' in board.turn_view.value and 'data-organiser="10"' in board.turn_view.value
    assert f'data-p="{success_probability(2, 1, cost=2, bonus=2)}"' in board.odds_view.value
    shown_buttons(board)["continue"].click()
    assert 'data-points="5"' in board.dice_view.value and "Balkans falls" in board.dice_view.value
    # Rhineland (another owner), Pindus (a fort) and Crete (over the sea) cannot be over-run
    assert ring_names(board) == {"Anatolia", "Danubia"}
    assert board.choose("overrun Anatolia") and board.click_territory("Levant")
    for text, _why in ROMAN_STEPS[7:]:
        assert board.choose(text), board.status.text
    engine = roman_turn()
    for text, _why in ROMAN_STEPS:
        engine.apply(text)
    assert board.state.history[:len(ROMAN_STEPS)] == engine.history
    assert board.state.gold[0] == engine.gold[0] == 23
    assert 'data-colour="0" data-gold="23"' in board.players_view.value
    assert board.state.epoch >= 3 and board.seats[board.state.current_player] == HUMAN


def test_by_sea_only_territories_are_placed_by_a_click_too():
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    assert "place Crete by sea" in [v for _, v in board.territory_picker.options]
    assert board.click_territory("Crete")
    assert board.state.history[-1] == Place("Crete", by_sea=True)
    assert "from the sea" in board.log_panel.lines[-2]


def test_only_agents_play_with_the_agent_buttons_as_play_match_would():
    seats = ["random"] * 3
    board = BriefHistoryBoard(players=3, seats=seats, seed=21)
    assert board.shows(board.round_button) and board.shows(board.all_button)
    board.round_button.click()
    assert len(board.state.history) == 1
    board.round_button.click()
    assert len(board.state.history) == 2
    board.all_button.click()
    assert board.state.is_terminal
    agents = [AGENTS["random"](seed=derive_seed(21, p)) for p in range(3)]
    record = play_match("brief_history", agents, seed=21, options={"players": 3})
    assert record.final_state().history == board.state.history
    for p, score in enumerate(record.result["scores"]):
        assert f'data-seat="{p}" data-score="{score}"' in board.result_view.value
    assert board.action_area.children == (board.result_view,)
    assert board.status.kind == "success" and "Game over" in board.status.text
    assert not board.shows(board.round_button)  # the round buttons go once the game is over
    with pytest.raises(IllegalActionError, match="the game is over: click New game"):
        board.step()


# --- refusals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("attempt, reason", [
    (lambda b: b.click_territory("Sahara"), "Sahara is barren: no army may ever be placed there"),
    (lambda b: b.click_territory("Japan"), "Japan is not next to any of your active armies or fleets"),
    (lambda b: b.click_territory("Atlantis"), "there is no territory 'Atlantis' on the teaching map"),
    (lambda b: b.click_territory("Italy"), "Italy already holds one of your active armies"),
    (lambda b: b.choose("hello"), "'hello' is not a Brief History action"),
    (lambda b: b.choose("take empire Romans"), "no cards are being drafted now"),
    (lambda b: b.choose("overrun Balkans"), "you have no leftover invasion points"),
    (lambda b: b.choose("play Leader"), "Leader costs 2 gold and blue (Ana) has 0"),
])
def test_refused_actions_show_their_reason_and_change_nothing(attempt, reason):
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"], names=["Ana", "Rui", "Eva"])
    before = save(board.state)
    assert attempt(board) is False
    assert board.status.kind == "error" and reason in board.status.text, board.status.text
    assert save(board.state) == before


def test_refused_clicks_in_the_flow():
    board = BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, "random"], names=["Ana", "Rui", "Eva"], seed=3)
    seat = board.state.current_player
    assert board.pass_screen_pending and board.hand_view.value == ""
    map_click(board, "Egypt")
    assert board.status.kind == "error"
    assert f"pass the screen to {board.names[seat]} first" in board.status.text
    assert board.place_button.disabled  # nothing to place: its click does nothing
    board.place_button.click()
    assert f"pass the screen to {board.names[seat]} first" in board.status.text
    assert not board.shows(board.round_button)  # no agent buttons while people play
    with pytest.raises(IllegalActionError, match="the people at the table choose for themselves"):
        board.step()
    assert board.pass_screen_pending  # a refused click does not uncover the hand
    board.pass_screen.button.click()
    assert not board.pass_screen_pending and "secret hand" in board.hand_view.value
    assert "Leader, Weaponry" in board.hand_view.value
    map_click(board, "Egypt")
    assert "armies are placed while expanding" in board.status.text


def test_a_secret_choice_stays_secret_from_the_next_person_at_the_screen():
    board = BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, HUMAN], names=["Ana", "Rui", "Eva"], seed=12)
    chooser = board.names[board.state.current_player]
    board.pass_screen.button.click()
    kept = str(board.state.legal_actions()[0])
    shown_buttons(board)[kept].click()
    assert board.pass_screen_pending and chooser not in board.status.text  # the next person's turn
    card = kept.removeprefix("take empire ").removeprefix("take event ")
    page = [board.status.value, board.turn_view.value, board.hand_view.value, board.odds_view.value,
            board.players_view.value, board.log_panel.value, board.pass_screen.message.value, board.summary()]
    assert not any(card in text for text in page)


def test_an_agents_turn_refuses_a_persons_click():
    board = BriefHistoryBoard(players=3, seats=["random", HUMAN, "random"], names=["Ana", "Rui", "Eva"],
                              seed=1)
    board.new_game(seats=["random", "random", HUMAN], seed=2)  # everyone is an agent until seat 2 must act
    assert board.seats[board.state.current_player] == HUMAN
    board.new_game(seats=["random", "random", "random"], seed=2)
    assert not board.choose(str(board.state.legal_actions()[0]))
    assert "the agent random plays that seat" in board.status.text  # the kind by its name, in words


# --- the rest of the board ----------------------------------------------------------------------------
def test_two_players_play_two_colours_each():
    board = BriefHistoryBoard(players=2, seats=[HUMAN, "random"], names=["Ana", "Rui"], seed=5)
    assert board.state.colours == 4
    assert board.colour_words(0) == "blue (Ana)" and board.colour_words(2) == "green (Ana)"
    assert board.players_view.value.count('class="bh-player-row"') == 4
    assert board.words("colour 3 collects 4 gold") == "purple (Rui) collects 4 gold"


def test_the_view_picker_zooms_and_follow_goes_back_to_the_empire():
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    assert board.view_picker.value == FOLLOW
    board.view_picker.value = "The Americas"
    assert board.map.view == "The Americas"
    assert list(board.map.figure.layout.xaxis.range) == [-141.0, -36.0]
    board.view_picker.value = FOLLOW
    assert board.map.view == "Europe & the Middle East"
    sizes = board.map.figure.data[board.map.territory_trace].marker.size
    board.view_picker.value = "World"
    assert max(board.map.figure.data[board.map.territory_trace].marker.size) < max(sizes)  # smaller markers


def test_ring_colours_tell_invasions_from_empty_territories():
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    by_name = board.map.rings_drawn()
    assert by_name["Balkans"] == INVASION_RING and by_name["Gaul"] == LEGAL_RING


def test_new_game_takes_the_set_up_row_and_drops_a_lessons_dice():
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"], seed=9)
    board.players_picker.value = 5
    assert board.seat_picker.count == 5
    board.seat_picker.dropdowns[1].value = HUMAN
    board.new_game_button.click()
    state = board.state
    assert state.num_players == 5 and board.seats[:2] == [HUMAN, HUMAN]
    assert state.seed == derive_seed(9, "game", 1) and state.epoch == 1 and state.phase == "draft"
    assert "dice" not in state.options and "position" not in state.options
    assert board.log_panel.lines[0] == "The game begins: Player 1, Player 2, Computer 3, Computer 4, Computer 5."
    assert board.log_panel.lines[1].startswith("Epoch 1 begins")
    board.new_game(players=6, seats=["random"] * 6, seed=3)
    assert board.state.num_players == 6 and board.state.history == []
    assert "gk-seat-colour-5" in board_module.CSS


def test_summary_and_repr_say_what_is_shown_and_nothing_secret():
    board = BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, HUMAN], seed=12, names=["Ana", "Rui", "Eva"])
    text = board.summary()
    assert "Epoch 1, draft (game seed 12; the kit's own teaching map" in text
    assert "Choices" not in text and "take empire" not in text
    assert "Message: Pass the screen to" in text
    board.pass_screen.button.click()
    assert "Choices: take empire" in board.summary() or "Choices: take event" in board.summary()
    assert repr(board) == "<BriefHistoryBoard 3 players, Epoch 1, draft, seed 12>"
    assert "not its board" in board.map.figure.layout.title.text


def test_displaying_the_board_makes_the_maps_starting_state_current():
    """A page that connects after the board was driven (Voilà) draws the map as it is now."""
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    board.click_territory("Gaul")
    figure = board.map.figure
    board._repr_mimebundle_()
    shown = figure._widget_data[board.map.territory_trace]
    assert shown["marker"]["color"] == list(figure.data[board.map.territory_trace].marker.color)
    assert shown["textposition"] == list(figure.data[board.map.territory_trace].textposition)
    assert figure._widget_layout["xaxis"]["range"] == list(figure.layout.xaxis.range)


def test_a_board_without_anywidget_still_plays_with_the_picker(monkeypatch):
    import plotly.graph_objects as go

    def missing(*args, **kwargs):
        raise ImportError("Please install anywidget to use the FigureWidget class")

    monkeypatch.setattr(go, "FigureWidget", missing)
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    assert not board.map.clickable and isinstance(board.map.figure, go.Figure)
    board.territory_picker.value = "place Gaul"
    board.place_button.click()
    assert board.state.army["Gaul"] == (0, True) and board.status.kind == "info"


def test_bad_set_ups_are_refused_clearly():
    with pytest.raises(ValueError, match="3 seats, but 2 seat kinds"):
        BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN])
    with pytest.raises(ValueError, match="unknown seat kind"):
        BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, "grandmaster"])
    with pytest.raises(ValueError, match="2 to 6 players, not 7"):
        BriefHistoryBoard(players=7)
    board = BriefHistoryBoard(players=3, seed=1)
    with pytest.raises(ValueError, match="the map's views are"):
        board.map.set_view("Atlantis")


def test_action_classes_are_stable_css_names():
    assert css_name("play Barbarians: Sea Peoples") == "play-barbarians-sea-peoples"
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    button = shown_buttons(board)["fort Italy"]
    assert {"bh-action", "bh-action-fort-italy"} <= set(button._dom_classes)
    assert "bh-territory-select" in board.territory_picker._dom_classes
    assert "bh-map" in board.map.widget._dom_classes


def test_log_panel_extends_in_one_go_and_shows_the_newest():
    log = LogPanel("Log", max_shown=2)
    log.extend(["one", "two", ("three", "<b>three</b>")])
    assert log.lines == ["one", "two", "three"]
    assert "<b>three</b>" in log.value and "one" not in log.value
    assert "(1 earlier entries not shown)" in log.value
    assert 'start="3"' in log.value


def test_the_board_doctest():
    assert doctest.testmod(board_module).failed == 0


# --- the map's names ---------------------------------------------------------------------------------
def test_no_two_names_overlap_in_any_view_and_each_view_is_placed_once():
    from gamekit.brief_history.mapview import VIEWS, _overlap

    board = BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=2)
    view = board.map
    for name in VIEWS:
        positions, texts, _ = view.label_layout(name)
        assert view.label_layout(name) is view.label_layout(name)  # worked out once, then reused
        view.set_view(name)
        trace = view.figure.data[view.territory_trace]
        assert list(trace.text) == texts and list(trace.textposition) == positions
        boxes = view.label_boxes(name)  # seas' and Areas' names first (placed where they cover least)
        areas_and_seas = len(boxes) - sum(bool(t) for t in texts)
        assert all(not _overlap(a, b) for i, a in enumerate(boxes) for b in boxes[max(i + 1, areas_and_seas):])
        shown = sum(bool(t) for t in texts)
        assert shown >= (20 if name == "World" else 0.6 * len([t for t in texts]))  # most names still show
    world_texts = view.label_layout("World")[1]
    assert "" in world_texts and all(t in view.names for t in world_texts if t)  # crowded Europe thins out


def test_presentation_size_widens_the_map_in_one_click_and_the_game_goes_on():
    from gamekit.brief_history.board import PRESENTATION_MAP_WIDTH

    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    assert board.map.size[0] == 800 and board.layout.max_width == "1140px"
    board.presentation_toggle.value = True  # the one click
    assert "gk-presentation" in board._dom_classes and board.layout.max_width is None
    assert board.map.size[0] == PRESENTATION_MAP_WIDTH and board.shows(board.map.widget)
    assert board.map.view == "Europe & the Middle East" and ring_names(board)
    assert board.click_territory("Gaul") and board.state.army["Gaul"] == (0, True)
    board.presentation_toggle.value = False
    assert board.map.size[0] == 800 and board.layout.max_width == "1140px"
    assert "font-size: 21px" in board_module.CSS  # the action buttons' text on a projector


def tile_colours(state):
    return [BARREN_FILL if state.world.is_barren(t.territory) else EMPTY_FILL if t.army is None
            else COLOURS[t.army] if t.active else lighter(COLOURS[t.army]) for t in state.tiles()]


def figure_data(board):
    return [{k: v for k, v in trace.items() if k != "uid"} for trace in board.map.figure.to_dict()["data"]]


def test_one_map_figure_serves_the_whole_game_the_next_one_and_the_other_language():
    """Passing the screen hides the map in place: the same figure stays in the game area (the
    page keeps its view of it) and each click's update reaches it, through New game and a
    language switch too."""
    board = BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, "random"], names=["Ana", "Rui", "Eva"], seed=5)
    figure, trace = board.map.figure, board.map.territory_trace
    passes = 0
    for game in range(2):
        for _ in range(50):
            if board.state.is_terminal:
                break
            if board.pass_screen_pending:
                board.show_hand()
                passes += 1
            else:
                board.choose(board.view.legal_actions[0])
            assert board.map.figure is figure and figure in board.game_area.children
            assert board.game_area.layout.visibility is None
            assert list(figure.data[trace].marker.color) == tile_colours(board.state)
        board.new_game()
    assert passes >= 10
    english = list(figure.data[trace].text)
    board.set_language("pt")
    assert board.map.figure is figure and board.map.language == "pt"
    assert "mapa de aula" in figure.layout.title.text.lower()
    assert list(figure.data[trace].text) != english
    assert list(figure.data[trace].marker.color) == tile_colours(board.state)
    board.set_language("en")
    assert list(figure.data[trace].text) == english


def test_a_map_updated_click_by_click_is_the_map_drawn_afresh():
    """The map sends only what changed since the last click: after a game's worth of clicks its
    figure equals the figure of a new board drawing the same position in the same view."""
    board = BriefHistoryBoard(players=3, seats=[HUMAN, HUMAN, "random"], seed=9)
    rng, compared = random.Random(9), 0
    for number in range(150):
        if board.state.is_terminal:
            break
        if board.pass_screen_pending:
            board.show_hand()
        else:
            board.choose(rng.choice(board.view.legal_actions))
        if number % 30 == 29:
            fresh = BriefHistoryBoard(state=board.state.clone(), seats=[HUMAN, HUMAN, "random"])
            for shown in (board, fresh):
                shown.view_picker.value = "World"
            if board.view.seat == fresh.view.seat:
                assert figure_data(fresh) == figure_data(board)
                compared += 1
            for shown in (board, fresh):
                shown.view_picker.value = FOLLOW
    assert compared >= 2


def test_action_buttons_say_what_they_do_in_words_not_in_typed_actions():
    """A class reads "Fort in Italy", and in the draft a card's name under the
    "Keep one Empire card" heading, never "take empire Romans" or "fort Italy"."""
    board = BriefHistoryBoard(roman_turn(), seats=[HUMAN, "random", "random"])
    labels = {text: button.description for text, button in shown_buttons(board).items()}
    assert labels == {"fort Italy": "Fort in Italy"}
    assert shown_buttons(board)["fort Italy"].tooltip == ""  # not "Ana may fort Italy"
    assert not any("<b>place " in text or "<b>continue" in text for text in board.texts())
    draft = BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=5)
    for _ in range(10):
        buttons = shown_buttons(draft)
        for text, button in buttons.items():
            assert button.description == button_words(draft.state.parse(text))
            assert not button.description.startswith(("take ", "keep bonus", "fort ", "play ")), text
        if not buttons or draft.state.phase != "draft":
            break
        next(iter(buttons.values())).click()
    typed = [text for text in ("take empire", "take event", "keep bonus")
             if any(text in t for t in draft.texts())]
    assert not typed


def test_the_second_click_of_a_double_click_on_an_action_button_is_dropped():
    """A button whose action has left the screen (the first click took it) drops the second click
    of a double click, with no refusal, though its widget is later reused for another action."""
    board = BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=4)
    rng, dropped = random.Random(4), 0
    for _ in range(120):
        if board.state.is_terminal:
            break
        buttons = shown_buttons(board)
        if not buttons:
            board.choose(str(rng.choice(board.view.legal_actions)))
            continue
        text, button = rng.choice(sorted(buttons.items()))
        button.click()
        if text not in shown_buttons(board):
            moves, status = len(board.state.history), board.status.text
            button.click()  # the browser sent it before it saw the button go
            assert (len(board.state.history), board.status.text) == (moves, status)
            dropped += 1
        assert "Refused" not in board.status.text
    assert dropped >= 10
