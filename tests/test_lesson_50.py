"""Lesson 50 (write your own agent): its answer key derived again from the engines and the arena,
the league's paired intervals, and the challenge's verdicts (a solution beats matching, the
lesson's template does not yet, a faulty agent never counts as a win)."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from gamekit.core import RandomAgent
from gamekit.core.arena import TournamentResult, tournament, wilson_interval
from gamekit.core.leaderboard import challenge, league, league_figure, mean_interval, paired_margins
from gamekit.lost_cities import new_game as lost_cities_game
from gamekit.milhoes import Bid, new_game as milhoes_game
from gamekit.milhoes.agents import PrizeMatchingAgent, matching_card
from gamekit.ui.answer_key import answer_key
from gamekit.ui.exercises import Exercise

LESSON = "50_your_own_agent"
TWO = {"players": 2}


def key_answer(exercise_id: str) -> Fraction:
    entry = next(e for e in answer_key(LESSON) if e["id"] == exercise_id)
    return Fraction(entry["answer"])


# --- agents like the lesson's --------------------------------------------------------------------
class Template:
    """The lesson's Milhões template, as printed in section 3."""

    name = "mine"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, observation, legal_actions):
        hand = sorted(bid.card for bid in legal_actions)
        if observation.contest == "lowest":
            want = hand[len(hand) // 2]
        else:
            want = matching_card(sum(observation.pot), hand, sorted(observation.points)) + 1
        card = min(hand, key=lambda c: (abs(c - want), c))
        return next(bid for bid in legal_actions if bid.card == card)


class Outbid:
    """The teacher page's worked solution of the challenge."""

    name = "outbid"

    def __init__(self, seed=0):
        self.their_cards = None

    def act(self, observation, legal_actions):
        if self.their_cards is None:
            self.their_cards = set(range(1, observation.cards + 1))
        if observation.last_round:
            self.their_cards.discard(observation.last_round.bids[1 - observation.player])
        guess = matching_card(sum(observation.pot), sorted(self.their_cards), sorted(observation.points))
        hand = sorted(bid.card for bid in legal_actions)
        above = [card for card in hand if card > guess]
        card = above[0] if above else (hand[0] if observation.contest == "highest" else hand[-1])
        return next(bid for bid in legal_actions if bid.card == card)


class AllIn(Template):
    name = "all-in"

    def act(self, observation, legal_actions):
        return Bid(12)


# --- the answer key, derived again -------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_50_1_legal_bids_in_round_5(seed):
    state, rng = milhoes_game(players=2, seed=seed), random.Random(seed)
    for _ in range(4):
        state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in (0, 1)})
    assert state.observation(0).round == 5
    assert len(state.legal_actions(0)) == len(state.legal_actions(1)) == key_answer("50.1")


def test_50_2_a_two_seat_tournament_of_40_games_plays_20_deals():
    result = tournament("milhoes", {"a": RandomAgent, "b": RandomAgent}, games=40, seed=3, options=TWO,
                        workers=1, progress=False)
    assert result.table["deal_seed"].nunique() == key_answer("50.2")
    assert (result.table.groupby("deal_seed")["game"].nunique() == 2).all()


def test_50_3_matching_bids_the_3_on_the_minus_2():
    order = [-2, 7, 3, 8, 1, 2, 4, 5, 6, -1, -3, -4]
    state = milhoes_game(players=2, seed=0, points_order=order)
    bid = PrizeMatchingAgent().act(state.observation(0), state.legal_actions(0))
    assert state.observation(0).pot == (-2,)
    assert bid.card == key_answer("50.3")


def test_50_4_at_most_16_actions_on_a_play_step_with_8_cards():
    answer = key_answer("50.4")
    seen = 0
    for seed in range(30):
        state, rng = lost_cities_game(seed=seed), random.Random(seed)
        distinct = len(set(state.observation(0).hand))  # two equal wagers are one action each way
        assert len(state.legal_actions(0)) == 2 * distinct <= answer
        for _ in range(60):
            if state.is_terminal:
                break
            player = state.current_player
            legal = state.legal_actions(player)
            if state.observation(player).step == "play":
                seen = max(seen, len(legal))
            state.apply(rng.choice(legal))
    assert seen == answer


def test_50_5_wilson_lower_end_for_27_of_40():
    low, _ = wilson_interval(27, 40)
    assert abs(key_answer("50.5") - Fraction(low)) < Fraction(1, 10_000)
    exercise = Exercise.from_key("50.5")
    assert exercise.check("0.52") and exercise.check("52 %")
    assert not exercise.check("0.53")  # the plain ±1.96 SE rule, refused


def test_50_6_paired_interval_counts_deals_not_games():
    exact = 1.5 - 1.96 * 4.0 / math.sqrt(20)
    assert abs(float(key_answer("50.6")) - exact) < 1e-4
    # the same from twenty margins with that mean and standard deviation
    margins = [1.5 + 4.0 * z for z in _standardised(20)]
    centre, half = mean_interval(margins)
    assert centre - half == pytest.approx(exact)
    exercise = Exercise.from_key("50.6")
    assert exercise.check("−0.25") and not exercise.check("0.26")


def _standardised(n: int) -> list[float]:
    values = [float(i) for i in range(n)]
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return [(v - mean) / sd for v in values]


# --- the league and its intervals ----------------------------------------------------------------
def test_mean_interval():
    assert mean_interval([2, 4, 6]) == pytest.approx((4.0, 1.96 * 2 / math.sqrt(3)))
    centre, half = mean_interval([5])
    assert centre == 5 and math.isnan(half)
    assert all(math.isnan(x) for x in mean_interval([]))


def test_paired_margins_average_the_two_seats_of_each_deal():
    rows = []
    for game, deal, seat_of_a, a, b in ((0, 11, 0, 10, 4), (1, 11, 1, 6, 8), (2, 22, 0, 3, 3), (3, 22, 1, 9, 1)):
        rows += [{"game": game, "deal_seed": deal, "seat": seat_of_a, "agent": "a", "score": a,
                  "win_share": float(a > b) + 0.5 * (a == b), "capped": False},
                 {"game": game, "deal_seed": deal, "seat": 1 - seat_of_a, "agent": "b", "score": b,
                  "win_share": float(b > a) + 0.5 * (a == b), "capped": False}]
    margins = paired_margins(TournamentResult("milhoes", TWO, rows), "a", "b")
    assert margins.to_dict() == {11: 2.0, 22: 4.0}  # (6 − 2)/2 and (0 + 8)/2


def test_league_rows_carry_their_intervals_and_the_figure_draws_them():
    board = league("milhoes", Template, {"random": RandomAgent, "matching": PrizeMatchingAgent},
                   deals=6, options=TWO)
    assert list(board.index) == ["random", "matching"]
    assert (board["games"] == 12).all() and (board["failed"] == 0).all()
    assert ((board["win_low"] <= board["win_rate"]) & (board["win_rate"] <= board["win_high"])).all()
    assert ((board["margin_low"] <= board["margin"]) & (board["margin"] <= board["margin_high"])).all()
    result = board.attrs["results"]["matching"]
    centre, half = mean_interval(paired_margins(result, "you", "matching"))
    assert board.loc["matching", "margin"] == pytest.approx(centre)
    assert board.loc["matching", "margin_high"] - board.loc["matching", "margin"] == pytest.approx(half)
    bars = league_figure(board).data[0]
    assert list(bars.x) == ["random", "matching"] and len(bars.error_y.array) == 2


def test_league_refuses_an_opponent_named_like_the_agent():
    with pytest.raises(ValueError, match="same name"):
        league("milhoes", Template, {"mine": PrizeMatchingAgent}, name="mine", deals=1, options=TWO)


# --- the challenge ----------------------------------------------------------------------------
def test_the_worked_solution_beats_matching():
    verdict = challenge("milhoes", Outbid, "matching", PrizeMatchingAgent, options=TWO)
    assert verdict.beaten and verdict.low > 0
    assert "Beaten" in str(verdict)


def test_the_lessons_template_has_not_beaten_matching_yet():
    verdict = challenge("milhoes", Template, "matching", PrizeMatchingAgent, options=TWO)
    assert not verdict.beaten
    assert "Not yet" in str(verdict)


def test_an_agent_whose_games_fail_never_beats_anyone():
    verdict = challenge("milhoes", AllIn, "matching", PrizeMatchingAgent, deals=3, options=TWO)
    assert verdict.failed == 6 and not verdict.beaten
    assert "failed" in str(verdict)


# --- the committed lesson shows each fault by its move ------------------------------------------
def test_the_lesson_shows_each_faulty_agent_by_its_move():
    notebook = Path(__file__).resolve().parents[1] / "notebooks" / f"{LESSON}.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                     for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    assert "all-in in seat 0 failed at move 2: answered 'bid 12', which is illegal" in text
    assert "crashes in seat 0 failed at move 2: ZeroDivisionError" in text
    assert "slow in seat 0 failed at move 4: took longer than the 0.2 s a move may take" in text
    assert "crashes: 2 games finished, 4 failed" in text  # the games that did not fail are kept
    assert "Not yet" in text  # the template meets the challenge unsolved


# --- section 9: the class league ------------------------------------------------------------------
def lesson_cells() -> list[dict]:
    notebook = Path(__file__).resolve().parents[1] / "notebooks" / f"{LESSON}.ipynb"
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def lesson_bot_file() -> str:
    """The text of ``mine.py`` as the lesson's ``%%writefile`` cell writes it."""
    cell = next(c for c in lesson_cells() if "".join(c["source"]).startswith("%%writefile mine.py"))
    return "".join(cell["source"]).split("\n", 1)[1] + "\n"


IMPORT_LINE = "from gamekit.milhoes.agents import matching_card\n"


def test_50_7_a_bot_thinking_2_5_s_a_bid_is_stopped_by_the_time_bank():
    # the league's limits and the bot's thinking, all scaled by 0.4 (the bank works by ratios)
    from gamekit.league import BotFailure, BotLimits, SandboxedAgent

    scale = 0.4
    limits = BotLimits(move_time=1.0 * scale, time_bank=10.0 * scale, start_time=30.0)
    thinker = ("import time\n\nclass Thinker:\n    def __init__(self, seed=0):\n        pass\n"
               f"    def act(self, observation, legal_actions):\n        time.sleep({2.5 * scale})\n"
               "        return legal_actions[0]\n")
    state = milhoes_game(players=2, seed=1)
    bids = 0
    with SandboxedAgent(thinker, limits=limits, game="milhoes") as bot:
        with pytest.raises(BotFailure) as stopped:
            while True:
                bot.act(state.observation(0), state.legal_actions(0))
                bids += 1
    assert stopped.value.kind == "timeout"
    assert bids + 1 == key_answer("50.7")


def test_50_8_the_fixed_file_plays_only_its_own_games_again(tmp_path):
    from gamekit.league import League

    mine = lesson_bot_file()
    assert mine.startswith(IMPORT_LINE)
    (tmp_path / "mine.py").write_text(mine)
    (tmp_path / "forgot_import.py").write_text(mine.replace(IMPORT_LINE, ""))
    lesson_league = League(f"sqlite:///{tmp_path / 'league.db'}", tmp_path, "milhoes", workers=0, deals=2,
                           kit_agents=("random", "matching", "heuristic"))
    first = lesson_league.run()
    assert (first.played, first.failed) == (40, 16)  # as the lesson prints
    assert {f["kind"] for f in lesson_league.failures("forgot_import")} == {"exception"}
    (tmp_path / "forgot_import.py").write_text(mine)
    again = lesson_league.run()
    assert again.played == key_answer("50.8") and again.already == 24 and again.failed == 0
    assert lesson_league.failures("forgot_import") == []
    assert (lesson_league.leaderboard()["games"] == 16).all()


def test_the_lesson_shows_its_league_with_typed_results_and_tracebacks():
    code = [c for c in lesson_cells() if c["cell_type"] == "code"]
    text = "\n".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                     for c in code for o in c.get("outputs", []))
    assert "mine.py played its game" in text
    assert 'File "forgot_import.py", line' in text and "NameError: name 'matching_card' is not defined" in text
    assert "RunSummary(played=40, already=0, failed=16" in text
    assert "RunSummary(played=0, already=40" in text  # nothing is played twice
    figures = [o for c in code for o in c.get("outputs", []) if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert any("league: points per game (95 % interval)" in json.dumps(o["data"], ensure_ascii=False)
               for o in figures)
