"""The agents: legal in every variant, seeded, explaining, and the heuristic's policy rule by rule."""

import pytest

from gamekit.core import Explanation, play_match, tournament
from gamekit.lost_cities import Card, new_game
from gamekit.lost_cities.agents import AGENTS, STRONG_SEARCH, HeuristicAgent, Outlook, SearchAgent, quick_policy

FAST = {"random": {}, "heuristic": {}, "search": {"method": "rollouts", "rollouts": 2, "width": 3, "policy": "quick"}}
VARIANTS = [{"players": 2}, {"players": 4}, {"players": 4, "pass_timing": "after"}, {"players": 2, "colours": 6}]


def agent(name, seed=0):
    return AGENTS[name](seed=seed, **FAST[name])


@pytest.mark.parametrize("name", AGENTS)
def test_every_agent_is_constructible_with_a_seed_and_named(name):
    made = AGENTS[name](seed=5)
    assert made.name == name and made.seed == 5 and name in repr(made) or "Agent" in repr(made)


@pytest.mark.parametrize("options", VARIANTS, ids=["2p", "4p", "4p-after", "6 colours"])
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_agents_play_whole_games_legally(name, options):
    seats = options["players"]
    record = play_match("lost_cities", [agent(name, seed) for seed in range(seats)], seed=11,
                        options={**options, "rounds": 1})
    assert record.final_state().is_terminal  # every move replays through the rules


@pytest.mark.parametrize("options", VARIANTS[:2], ids=["2p", "4p"])
def test_the_search_agent_plays_a_whole_round_legally(options):
    seats = options["players"]
    lineup = [agent("search", 1), agent("heuristic")] * (seats // 2)
    record = play_match("lost_cities", lineup, seed=3, options={**options, "rounds": 1})
    assert record.final_state().is_terminal


@pytest.mark.parametrize("name", AGENTS)
def test_the_same_seed_plays_the_same_game(name):
    def game(seed):
        return play_match("lost_cities", [agent(name, seed), agent(name, seed + 1)], seed=4,
                          options={"rounds": 1}).actions
    assert game(1) == game(1)
    if name != "heuristic":  # the heuristic is deterministic: its seed changes nothing
        assert game(1) != game(2)


@pytest.mark.parametrize("name", AGENTS)
def test_agents_explain_their_move(name):
    state = new_game(seed=2, rounds=1)
    legal = state.legal_actions()
    explanation = agent(name).explain(state.observation(0), legal)
    assert isinstance(explanation, Explanation) and explanation.best in legal
    assert str(explanation).startswith(f"{name} chooses") and explanation.rows()
    values = [c.value for c in explanation.candidates]
    assert values == sorted(values, reverse=True) or name == "random"


def test_the_heuristic_scores_every_legal_action_with_a_reason():
    state = new_game(seed=2, rounds=1)
    legal = state.legal_actions()
    explanation = HeuristicAgent().explain(state.observation(0), legal)
    assert {c.action for c in explanation.candidates} == set(legal)
    assert all(c.note for c in explanation.candidates)


def position(mine, theirs=(), **extra):
    hands = [list(mine), list(theirs) or [f"yellow {v}" for v in range(3, 11)]]
    return new_game(seed=1, rounds=1, position={"hands": hands, **extra})


def choose(state):
    return str(HeuristicAgent().act(state.observation(state.current_player), state.legal_actions()))


def test_the_heuristic_extends_with_the_lowest_fitting_card():
    state = position(["red 5", "red 7", "red 9", "blue 2", "white 3", "green 4", "green 10", "white 9"],
                     expeditions=[{"red": ["red 3"]}, {}])
    assert choose(state) == "play red 5"


def test_the_heuristic_opens_a_strong_colour_but_not_a_weak_one():
    strong = position(["red 4", "red 6", "red 8", "red 9", "red 10", "blue 2", "white 3", "green 4"])
    assert choose(strong) == "play red 4"
    weak = position(["red 4", "blue 6", "white 8", "green 2", "red 10", "blue 3", "white 5", "green 7"])
    assert choose(weak).startswith("discard")


def test_the_heuristic_discards_a_dead_card_rather_than_a_live_one():
    state = position(["red 2", "blue 9", "blue 10", "white 3", "green 4", "green 10", "white 9", "red 10"],
                     expeditions=[{"red": ["red 5"], "blue": ["blue 4", "blue 8"]}, {}])
    action = choose(state)
    assert action in ("discard red 2", "play blue 9", "play red 10")
    ranked = HeuristicAgent().explain(state.observation(0), state.legal_actions()).candidates
    discards = [str(c.action) for c in ranked if c.action.kind == "discard"]
    assert discards[0] == "discard red 2"


def test_the_heuristic_will_not_feed_the_other_sides_expedition():
    state = position(["red 2", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 4"],
                     ["blue 2", "blue 4", "white 2", "green 2", "green 3", "white 4", "red 4", "red 5"],
                     expeditions=[{}, {"yellow": ["yellow 3"]}])
    ranked = HeuristicAgent().explain(state.observation(0), state.legal_actions()).candidates
    discards = [str(c.action) for c in ranked if c.action.kind == "discard"]
    assert discards[-1] == "discard yellow 4"  # the one card their yellow expedition could take
    assert "feed" in next(c.note for c in ranked if str(c.action) == "discard yellow 4")


def test_the_heuristic_takes_a_pile_card_that_fits_and_otherwise_the_deck():
    state = position(["red 5", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 2"],
                     expeditions=[{"red": ["red 4"]}, {}], discards={"red": ["red 6"]})
    state.apply("discard yellow 2")
    assert choose(state) == "draw red"
    plain = position(["red 5", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 2"])
    plain.apply("discard yellow 2")
    assert choose(plain) == "draw deck"


def test_the_heuristic_never_passes_with_partners():
    state = new_game(4, seed=1, rounds=1)
    choice = HeuristicAgent().act(state.observation(0), state.legal_actions())
    assert choice.kind != "pass"


def test_the_heuristic_beats_random_play_on_mirrored_deals():
    result = tournament("lost_cities", {"heuristic": HeuristicAgent, "random": AGENTS["random"]},
                        games=8, seed=3, options={"rounds": 1}, workers=1, progress=False)
    summary = result.summary()
    assert summary.loc["heuristic", "mean_score"] > summary.loc["random", "mean_score"] + 40


def test_the_search_agents_strength_setting_and_explanation():
    state = new_game(seed=6, rounds=1)
    search = SearchAgent(seed=1, method="rollouts", rollouts=3, width=4)
    explanation = search.explain(state.observation(0), state.legal_actions())
    assert len(explanation.candidates) == 4 and "3 deals" in explanation.candidates[0].note
    assert search.last_seconds > 0
    only = state.clone()
    only.apply(explanation.best)
    single = SearchAgent(seed=1, method="rollouts", rollouts=3).explain(only.observation(0), only.legal_actions()[:1])
    assert single.candidates[0].note == "the only choice"


def test_the_quick_policy_is_legal_in_every_variant():
    import random

    for options in VARIANTS:
        state = new_game(seed=9, rounds=1, **options)
        rng = random.Random(1)
        while not state.is_terminal:
            action = quick_policy(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert Card("red", 7) in state._full_deck


def test_mirrored_deals_measure_a_margin_with_an_interval():
    from gamekit.lost_cities.strength import mirrored_margin, seconds_per_move

    result = mirrored_margin("heuristic", "random", deals=4, seed=2)
    assert result.deals == 4 and result.rounds == 1 and result.margin > 40 and result.half_width > 0
    assert "mirrored deals" in str(result) and 0 <= result.first_win_rate <= 1
    same = mirrored_margin("heuristic", "heuristic", deals=3, seed=2, factories={"heuristic": HeuristicAgent})
    assert same.margin == 0  # a deterministic agent against itself: each deal's two games cancel
    assert 0 < seconds_per_move(HeuristicAgent, games=1) < 1


def test_the_search_agent_evaluates_a_single_action_by_rollouts():
    state = new_game(seed=6, rounds=1)
    action = state.legal_actions()[0]
    candidate = SearchAgent(seed=2, method="rollouts", rollouts=2, policy="quick").evaluate(state.observation(0), action)
    assert candidate.action is action and "over 2 deals" in candidate.note
    with pytest.raises(ValueError, match="policy"):
        SearchAgent(method="rollouts", policy="psychic")
    with pytest.raises(ValueError, match="method"):
        SearchAgent(method="psychic")


# --- the expectimax search (the default) ---------------------------------------------------------------
def expectimax_choice(state):
    return str(SearchAgent(seed=0).act(state.observation(state.current_player), state.legal_actions()))


@pytest.mark.parametrize("options", [VARIANTS[0], VARIANTS[3]], ids=["2p", "6 colours"])
def test_the_expectimax_search_plays_whole_rounds_legally_and_deterministically(options):
    def game(seed):
        lineup = [SearchAgent(seed=seed, **STRONG_SEARCH), HeuristicAgent()]
        return play_match("lost_cities", lineup, seed=5, options={**options, "rounds": 1})
    record = game(1)
    assert record.final_state().is_terminal
    assert record.actions == game(2).actions  # no dice: the seed changes nothing


def test_the_expectimax_search_values_every_whole_turn_with_its_best_draw():
    state = position(["red 4", "red 6", "red 8", "red 9", "red 10", "blue 2", "white 3", "green 4"],
                     discards={"blue": ["blue 7"]})
    explanation = SearchAgent().explain(state.observation(0), state.legal_actions())
    assert {c.action for c in explanation.candidates} == set(state.legal_actions())
    assert all(c.note.startswith("then draw ") and "expected margin" in c.note for c in explanation.candidates)
    red = [str(c.action) for c in explanation.candidates if c.action.kind == "play" and c.action.card.colour == "red"]
    assert red == ["play red 4", "play red 6", "play red 8", "play red 9", "play red 10"]  # lowest first
    assert explanation.best.kind == "discard" or explanation.best == red[0]
    state.apply("discard white 3")
    draws = SearchAgent().explain(state.observation(0), state.legal_actions())
    assert {str(c.action) for c in draws.candidates} == {"draw deck", "draw blue"}
    assert "over the" in next(c.note for c in draws.candidates if str(c.action) == "draw deck")


def test_the_expectimax_search_extends_low_and_keeps_its_turns_for_its_cards():
    state = position(["red 5", "red 7", "red 9", "blue 2", "white 3", "green 4", "green 10", "white 9"],
                     expeditions=[{"red": ["red 3"]}, {}])
    ranked = SearchAgent().explain(state.observation(0), state.legal_actions()).candidates
    red = [str(c.action) for c in ranked if c.action.kind == "play" and c.action.card.colour == "red"]
    assert red == ["play red 5", "play red 7", "play red 9"]  # the higher ones strand the lower cards
    assert ranked[0].action.card.value < 9  # never the 9 (nor the 10) first


def test_the_expectimax_search_takes_a_pile_card_that_fits_its_expedition():
    state = position(["red 5", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 2"],
                     expeditions=[{"red": ["red 4"]}, {}], discards={"red": ["red 6"]})
    state.apply("discard yellow 2")
    assert expectimax_choice(state) == "draw red"


def test_the_expectimax_search_will_not_feed_the_other_sides_expedition():
    state = position(["red 2", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 9"],
                     ["blue 2", "blue 4", "white 2", "green 2", "green 3", "white 4", "red 4", "red 5"],
                     expeditions=[{}, {"yellow": ["yellow 3", "yellow 5"]}])
    ranked = SearchAgent().explain(state.observation(0), state.legal_actions()).candidates
    discards = [str(c.action) for c in ranked if c.action.kind == "discard"]
    assert discards[-1] == "discard yellow 9"


def test_the_expectimax_search_never_takes_a_card_no_started_expedition_can_use_after_a_discard():
    # Discard, then take back a card nobody can play: a turn that changes nothing and leaves the
    # deck as it was. Two searchers doing it in turn never ended their round (seeds 5, 8 and 26).
    state = position(["red 5", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 2"],
                     expeditions=[{"red": ["red 4"]}, {"blue": ["blue 6"]}], discards={"green": ["green 2"]})
    state.apply("discard yellow 2")
    draws = {str(c.action): c for c in SearchAgent().explain(state.observation(0), state.legal_actions()).candidates}
    assert draws["draw green"].value == float("-inf") and draws["draw green"].note.startswith("never")
    assert expectimax_choice(state) == "draw deck"
    # After a play, a pile draw is no idle turn: it is valued like any other.
    state = position(["red 5", "blue 3", "white 3", "green 4", "green 6", "white 5", "red 3", "yellow 2"],
                     expeditions=[{"red": ["red 4"]}, {"blue": ["blue 6"]}], discards={"green": ["green 2"]})
    state.apply("play red 5")
    draws = SearchAgent().explain(state.observation(0), state.legal_actions()).candidates
    assert all(c.value > float("-inf") for c in draws)


@pytest.mark.parametrize("seed", [5, 8, 26])
def test_two_searchers_finish_their_round(seed):
    state = new_game(seed=seed, rounds=1)
    players = [SearchAgent(seed=seed), SearchAgent(seed=seed + 1)]
    for _ in range(300):  # 44 cards to draw: about 90 steps, a few more with pile draws
        if state.is_terminal:
            break
        seat = state.current_player
        state.apply(players[seat].act(state.observation(seat), state.legal_actions()))
    assert state.is_terminal


def test_an_outlook_prefers_more_cards_and_fewer_turns_lost():
    from gamekit.lost_cities.agents import _side_outlook

    outlook = Outlook()
    rows = {"red": (3, 3, 1, 0)}
    unseen = {"red": []}
    few = _side_outlook(rows, {"red": [5]}, unseen, 0.0, 10, outlook)
    many = _side_outlook(rows, {"red": [5, 7, 9]}, unseen, 0.0, 10, outlook)
    rushed = _side_outlook(rows, {"red": [5, 7, 9]}, unseen, 0.0, 1, outlook)
    assert many > few and many > rushed  # one turn left: only one of the three cards gets played
    assert _side_outlook({"red": (0, 0, 0, 0)}, {"red": [2]}, unseen, 0.0, 10, outlook) == 0  # never opened


def test_with_partners_the_search_falls_back_to_rollouts():
    state = new_game(4, seed=2, rounds=1)
    search = SearchAgent(seed=0)  # the default method, whose fallback plays the rollouts' defaults
    search.rollouts, search.width, search.policy = 1, 2, "quick"  # fewer of them, for a quick test
    explanation = search.explain(state.observation(0), state.legal_actions())
    assert "imagined deals" in explanation.summary and explanation.best in state.legal_actions()


@pytest.mark.parametrize("options", [{"rollouts": 4}, {"policy": "quick"}, {"width": 2}, {"prior": 0.5},
                                     {"rollouts": 4, "policy": "quick"}])
def test_the_expectimax_search_refuses_the_options_of_rollouts(options):
    # SearchAgent(rollouts=4, policy="quick") once passed for "4 quick rollouts" while it searched
    # by expectimax: an option the chosen method would ignore is refused, naming it.
    with pytest.raises(ValueError) as refusal:
        SearchAgent(seed=0, **options)
    message = str(refusal.value)
    assert "method='expectimax' ignores" in message and "method='rollouts'" in message
    assert all(f"{name}=" in message for name in options)
    with pytest.raises(ValueError, match="method=.expectimax. ignores"):
        SearchAgent(seed=0, method="expectimax", **options)
    agent = SearchAgent(seed=0, method="rollouts", **options)
    assert all(getattr(agent, name) == value for name, value in options.items())


def test_the_rollouts_search_refuses_the_expectimax_outlook():
    with pytest.raises(ValueError, match="method='rollouts' ignores outlook="):
        SearchAgent(method="rollouts", outlook=Outlook())
    default = SearchAgent()
    assert (default.method, default.rollouts, default.width, default.policy) == ("expectimax", 16, 4, "heuristic")
