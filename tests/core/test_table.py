"""gamekit.core.Table: the game flow every board and the classroom server drive, without widgets."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from gamekit.core import (
    IllegalActionError,
    NotAnActionError,
    RandomAgent,
    StaleViewError,
    Table,
    derive_seed,
    load,
)
from gamekit.core.table import EVERYONE

from tests.core import toy_games  # noqa: F401 (registers the toy games)


class FirstAgent:
    """Always the first legal action (a predictable opponent)."""

    name = "first"

    def __init__(self, seed=None):
        self.seed = seed

    def act(self, observation, legal_actions):
        return legal_actions[0]


class BrokenAgent:
    name = "broken"

    def act(self, observation, legal_actions):
        raise RuntimeError("my hand is 1 2 3")


class CheatingAgent:
    name = "cheat"

    def act(self, observation, legal_actions):
        return "take 9"


class TamperingAgent:
    """Slips an illegal action into the list it was offered, then plays it."""

    name = "tamper"

    def act(self, observation, legal_actions):
        cheat = legal_actions[0].__class__(9) if legal_actions else "take 9"
        legal_actions.append(cheat)
        return cheat


# --- sequential play -----------------------------------------------------------------------------
def test_a_person_moves_then_the_agent_replies_until_the_person_must_act():
    table = Table("toy_nim", [None, FirstAgent()], names=["Ana", "Bo"], options={"pile": 7}, seed=1)
    assert table.waiting_for == (0,) and table.view(0).my_turn
    version = table.version
    events = table.submit("take 2", 0)
    assert [e.text for e in events] == ["1. take 2", "2. take 1"]
    assert table.state.pile == 4 and table.waiting_for == (0,)
    assert table.version > version
    assert table.view(1).legal_actions == ()  # the agent's seat is played by the table


def test_a_whole_game_ends_with_its_outcome_and_a_record_that_replays():
    table = Table("toy_nim", [None, FirstAgent()], names=["Ana", "Bo"], seed=1)
    while not table.state.is_terminal:
        table.submit(table.view(0).legal_actions[-1], 0)
    view = table.view(None)
    assert view.is_over and view.outcome.winners == tuple(table.state.winners())
    assert view.log[-1].startswith("Game over: ") and ("Ana" in view.log[-1] or "Bo" in view.log[-1])
    replayed = load(table.record().to_json())
    assert replayed.history == table.state.history


@pytest.mark.parametrize("action, seat, reason", [
    ("take 2", 1, "played by the computer"),
    ("take 4", 0, "1, 2 or 3"),
    ("grab 1", 0, "not a Nim action"),
    ("take 1", 5, "no seat 5"),
    ("take 1", "0", "no seat"),
])
def test_refusals_say_why_and_change_nothing(action, seat, reason):
    table = Table("toy_nim", [None, FirstAgent()], names=["Ana", "Bo"], seed=1)
    version, history = table.version, list(table.state.history)
    with pytest.raises(IllegalActionError, match=reason):
        table.submit(action, seat)
    assert table.version == version and table.state.history == history


def test_text_that_is_no_action_at_all_is_a_not_an_action_error():
    table = Table("toy_nim", [None, None], seed=1)
    with pytest.raises(NotAnActionError):
        table.submit("fly to Mars", 0)


def test_it_is_not_your_turn_and_the_game_is_over_are_refused():
    table = Table("toy_nim", [None, None], names=["Ana", "Bo"], options={"pile": 1}, seed=1)
    with pytest.raises(IllegalActionError, match="not Bo's turn: the game waits for Ana"):
        table.submit("take 1", 1)
    table.submit("take 1", 0)
    with pytest.raises(IllegalActionError, match="game is over"):
        table.submit("take 1", 1)


def test_a_stale_view_is_refused_and_the_fresh_one_accepted():
    table = Table("toy_nim", [None, FirstAgent()], seed=1)
    seen = table.view(0).version
    table.submit("take 1", 0, version=seen)
    with pytest.raises(StaleViewError, match="changed since"):
        table.submit("take 1", 0, version=seen)  # a double click on the old board
    table.submit("take 1", 0, version=table.view(0).version)


def test_every_change_increments_the_version():
    table = Table("toy_high_card", [None, None], seed=2)
    versions = [table.version]
    table.take_screen(0)
    versions.append(table.version)
    table.submit("pick 1", 0)
    versions.append(table.version)
    table.take_screen(1)
    versions.append(table.version)
    table.submit("pick 2", 1)
    versions.append(table.version)
    table.new_game()
    versions.append(table.version)
    assert versions == sorted(set(versions))


# --- agents --------------------------------------------------------------------------------------
def test_a_table_of_agents_waits_to_be_advanced_and_advances_step_by_step():
    table = Table("toy_nim", [FirstAgent(), FirstAgent()], options={"pile": 5}, seed=1)
    assert table.state.history == []
    table.advance(max_steps=1)
    assert len(table.state.history) == 1
    table.advance()
    assert table.state.is_terminal and table.view().outcome is not None


def test_the_agent_cap_pauses_a_long_game_between_agents():
    table = Table("toy_nim", [FirstAgent(), FirstAgent()], options={"pile": 30}, seed=1,
                  max_agent_steps=4)
    events = table.advance()
    assert len(table.state.history) == 4 and events[-1].kind == "paused"
    assert "Paused after 4 moves" in events[-1].text


@pytest.mark.parametrize("agent", [BrokenAgent(), CheatingAgent(), TamperingAgent()])
def test_a_failing_agent_stops_the_table_with_a_clear_event_until_replaced(agent):
    table = Table("toy_nim", [None, agent], names=["Ana", "Bo"], seed=1)
    events = table.submit("take 1", 0)
    assert events[-1].kind == "agent_error" and "Bo could not move" in events[-1].text
    assert table.waiting_for == () and table.view(0).problem
    assert "my hand" not in repr(table.view(0)) and "my hand" not in repr(table.view(None))
    with pytest.raises(IllegalActionError):
        table.submit("take 1", 0)
    table.replace_seat(1, FirstAgent)
    assert table.problem is None and table.waiting_for == (0,)


def test_agent_classes_are_seeded_from_each_games_seed():
    table = Table("toy_nim", [RandomAgent, RandomAgent], seed=5)
    assert table.seats[1].agent.seed == derive_seed(5, 1)
    table.advance()
    table.new_game()
    assert table.state.seed == derive_seed(5, "game", 1)
    assert table.seats[1].agent.seed == derive_seed(table.state.seed, 1)


def test_the_same_series_seed_plays_the_same_games():
    def series():
        table = Table("milhoes", [RandomAgent, RandomAgent, RandomAgent], seed=11)
        games = []
        for _ in range(3):
            table.advance()
            games.append(table.record().to_json())
            table.new_game()
        return games, table.finished

    first, finished = series()
    assert first == series()[0] and len(set(first)) == 3
    assert [r.to_json() for r in finished] == first


def test_default_names_never_say_player_0_and_names_must_differ():
    table = Table("toy_nim", [None, RandomAgent], seed=1)
    assert table.names == ("Player 1", "Computer 2")
    with pytest.raises(ValueError, match="same name"):
        Table("toy_nim", [None, None], names=["Ana", "Ana"])
    with pytest.raises(ValueError, match="None for a person"):
        Table("toy_nim", [None, "random"])


def test_a_started_state_keeps_its_past_in_the_log():
    from tests.core.toy_games import new_game

    state = new_game(7, seed=1)
    state.apply("take 3")
    table = Table(state, [None, None], names=["Ana", "Bo"])
    assert table.log(None)[-1] == "1. take 3" and table.state is not state


# --- simultaneous rounds and secrets --------------------------------------------------------------
def test_a_simultaneous_choice_stays_secret_until_the_round_resolves():
    table = Table("toy_high_card", [None, None, FirstAgent()], names=["Ana", "Bo", "Cy"], seed=3,
                  shared_screen=False)
    assert table.view(0).chosen == (2,)  # the agent chose at once, in secret
    table.submit("pick 4", 0)
    ana, bo, public = table.view(0), table.view(1), table.view(None)
    assert ana.my_choice.card == 4 and "You chose pick 4." in ana.log
    assert bo.my_choice is None and bo.chosen == (0, 2) and "You chose pick 4." not in bo.log
    assert "pick 4" not in repr(bo) and "pick 4" not in repr(public)
    assert table.waiting_for == (1,)
    table.submit("pick 2", 1)
    assert "Round 1: Ana: pick 4, Bo: pick 2, Cy: pick 1" in table.view(1).log
    assert table.pending == {2: table.state.parse("pick 2")}  # the agent's next secret choice


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), secret=st.integers(1, 4), other=st.integers(1, 4))
def test_another_seats_secret_choice_changes_nothing_a_seat_sees(seed, secret, other):
    """Two worlds that differ only in Bo's secret pick look the same to Ana and the projector."""
    def world(pick):
        table = Table("toy_high_card", [None, None, None], names=["Ana", "Bo", "Cy"], seed=seed,
                      shared_screen=False)
        table.submit(f"pick {pick}", 1)
        return table

    one, two = world(secret), world(other)
    for viewer in (0, 2, None):
        assert one.view(viewer) == two.view(viewer)


def test_a_sequential_secret_shows_in_its_owners_log_only():
    table = Table("toy_swap", [None, None], names=["Ana", "Bo"], seed=4, shared_screen=False)
    table.submit("swap", 0)
    drawn = table.state.held[0]
    assert f"Ana swaps and draws the {drawn}" in table.log(0)
    assert "Ana swaps" in table.log(1) and all(str(drawn) not in line for line in table.log(1))
    assert table.log(None) == table.log(1)


# --- the shared screen (hot-seat) ---------------------------------------------------------------
def test_hot_seat_asks_for_the_screen_before_each_persons_secret_choice():
    table = Table("toy_high_card", [None, None, FirstAgent()], names=["Ana", "Bo", "Cy"], seed=3)
    assert table.hotseat and table.screen is None and table.pass_to == 0
    with pytest.raises(IllegalActionError, match="pass the screen to Ana first"):
        table.submit("pick 1", 0)
    with pytest.raises(IllegalActionError, match="pass the screen to Ana, not Bo"):
        table.take_screen(1)
    table.take_screen(0)
    assert table.screen == 0 and table.pass_to is None
    table.submit("pick 3", 0)
    assert table.screen is None and table.pass_to == 1  # Ana's hand leaves the screen at once
    table.take_screen(1)
    table.submit("pick 1", 1)
    assert table.pass_to == 0 and table.state.history  # the round resolved; a new one waits
    with pytest.raises(IllegalActionError, match="nobody needs to take it"):
        table.take_screen(0) or table.take_screen(0)


def test_the_screen_stays_with_a_person_who_acts_twice_in_a_row():
    from gamekit.lost_cities import new_game

    table = Table(new_game(2, seed=1), [None, None], names=["Ana", "Bo"])
    table.take_screen(0)
    table.submit(table.view(0).legal_actions[0], 0)  # play or discard, then draw
    assert table.waiting_for == (0,) and table.screen == 0 and table.pass_to is None
    table.submit(table.view(0).legal_actions[0], 0)
    assert table.screen is None and table.pass_to == 1


def test_one_person_or_a_game_without_secrets_needs_no_passing():
    alone = Table("toy_high_card", [None, FirstAgent(), FirstAgent()], seed=1)
    assert not alone.hotseat and alone.screen == 0 and alone.pass_to is None
    nim = Table("toy_nim", [None, None], seed=1)
    assert not nim.hotseat and nim.screen == 0
    nim.submit("take 1", 0)
    assert nim.screen == 1
    server = Table("toy_high_card", [None, None, None], seed=1, shared_screen=False)
    assert not server.hotseat and server.pass_to is None
    with pytest.raises(IllegalActionError, match="nobody needs to pass"):
        server.take_screen(0)


def test_events_say_who_may_read_them():
    table = Table("toy_high_card", [None, None], seed=1, shared_screen=False)
    table.submit("pick 1", 0)
    mine = table.events[-1]
    assert mine.audience == frozenset({0}) and not mine.visible_to(1) and not mine.visible_to(None)
    assert table.events[0].audience is EVERYONE and table.events[0].visible_to(None)


# --- the four games -----------------------------------------------------------------------------
GAMES = {
    "milhoes": ({"players": 3}, 3),
    "lost_cities": ({}, 2),
    "stratego": ({}, 2),
    "brief_history": ({"players": 3}, 3),
}


def _play_by_hand(table, rng, steps):
    """Play ``steps`` submissions for the people at ``table``, checking each view on the way."""
    for _ in range(steps):
        if table.state.is_terminal:
            break
        if table.pass_to is not None:
            table.take_screen(table.pass_to)
        seat = table.next_person
        view = table.view(seat)
        assert list(view.legal_actions) == table.state.legal_actions(seat)
        table.submit(rng.choice(view.legal_actions), seat, version=view.version)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_plays_at_a_table_of_people_and_agents(game):
    options, players = GAMES[game]
    seats = [None] + [RandomAgent] * (players - 1)
    table = Table(game, seats, options=options, seed=7, names=["Ana"])
    _play_by_hand(table, random.Random(7), 40)
    assert table.waiting_for == () or table.next_person == 0
    assert load(table.record().to_json()).history == table.state.history
    assert table.log(0)[0].startswith("The game begins: Ana")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_plays_hot_seat_with_every_seat_a_person(game):
    options, players = GAMES[game]
    table = Table(game, [None] * players, options=options, seed=8)
    assert table.hotseat
    _play_by_hand(table, random.Random(8), 30)
    assert table.state.history


def test_milhoes_between_agents_ends_with_every_round_in_the_log():
    table = Table("milhoes", [RandomAgent] * 3, names=["Ana", "Bo", "Cy"], seed=2)
    table.advance()
    view = table.view(None)
    assert view.outcome is not None and view.outcome.winners == tuple(table.state.winners())
    rounds = [line for line in view.log if line.startswith("Round ")]
    assert len(rounds) == table.state.cards


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), bids=st.lists(st.integers(0, 11), min_size=2, max_size=2))
def test_milhoes_a_secret_bid_changes_nothing_another_seat_sees(seed, bids):
    """Through a random game, at each round: Bo's bid (two worlds) is invisible to Ana and Cy."""
    rng = random.Random(seed)
    table = Table("milhoes", [None, None, None], names=["Ana", "Bo", "Cy"], seed=seed,
                  shared_screen=False)
    for _ in range(rng.randrange(0, 11)):
        for seat in range(3):
            table.submit(rng.choice(table.view(seat).legal_actions), seat)
    worlds = []
    for choice in bids:
        twin = Table(table.state, [None, None, None], names=["Ana", "Bo", "Cy"],
                     shared_screen=False)
        hand = twin.view(1).legal_actions
        twin.submit(hand[choice % len(hand)], 1)
        worlds.append(twin)
    for viewer in (0, 2, None):
        assert worlds[0].view(viewer) == worlds[1].view(viewer)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 30), pick=st.integers(0, 99))
def test_lost_cities_a_card_in_the_other_hand_changes_nothing_a_seat_sees(seed, moves, pick):
    """Swap a card of Bo's hand that Ana cannot know for one of the deck: Ana's view is the same."""
    from gamekit.lost_cities import new_game

    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    unknown = [c for c in state.hands[1] if c not in state.observation(0).known[1]]
    others = [c for c in state.deck if c not in state.hands[1] and c not in unknown]
    if state.is_terminal or not unknown or not others:
        return
    mine, theirs = unknown[pick % len(unknown)], others[pick % len(others)]
    twin = state.clone()
    twin.hands[1][twin.hands[1].index(mine)] = theirs
    twin.deck[twin.deck.index(theirs)] = mine
    seen = [Table(s, [None, None], names=["Ana", "Bo"], shared_screen=False).view(0)
            for s in (state, twin)]
    assert seen[0] == seen[1]


def test_an_absent_player_is_replaced_by_an_agent_and_back():
    table = Table("toy_nim", [None, None], names=["Ana", "Bo"], options={"pile": 9}, seed=1)
    table.submit("take 1", 0)
    table.replace_seat(1, FirstAgent, name="Bo's stand-in")
    assert table.names[1] == "Bo's stand-in" and table.waiting_for == (0,)
    assert table.state.history[-1] == table.state.parse("take 1")  # the agent moved at once
    assert table.view(1).legal_actions == ()
    table.replace_seat(1, None, name="Bo")
    table.submit("take 1", 0)
    assert table.waiting_for == (1,) and table.view(1).my_turn


def test_listeners_hear_of_every_change_once_the_table_is_settled():
    table = Table("toy_nim", [None, FirstAgent()], names=["Ana", "Bo"], options={"pile": 9}, seed=1)
    heard = []
    table.subscribe(lambda t: heard.append((t.version, len(t.state.history))))
    table.subscribe(lambda t: 1 / 0)  # a broken listener stops neither the table nor the others
    table.submit("take 1", 0)
    assert heard == [(table.version, 2)]  # once, after the agent's reply too
    with pytest.raises(IllegalActionError):
        table.submit("take 9", 0)
    assert len(heard) == 1  # a refusal changes nothing
    table.new_game()
    assert len(heard) == 2 and heard[-1][1] == 0


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=12), seat=st.one_of(st.integers(-2, 4), st.none(), st.text(max_size=2)))
def test_fuzzed_submissions_are_refused_in_words_or_taken(text, seat):
    table = Table("milhoes", [None, None, FirstAgent()], names=["Ana", "Rui"], seed=1,
                  shared_screen=False)
    version, history = table.version, list(table.state.history)
    try:
        table.submit(text, seat)
    except IllegalActionError as refusal:
        assert refusal.reason and table.version == version and table.state.history == history
        assert table.pending.keys() == {2}
    else:  # it was a legal bid of a person whose turn it is
        assert seat in (0, 1) and table.pending[seat] == table.state.parse(text)
