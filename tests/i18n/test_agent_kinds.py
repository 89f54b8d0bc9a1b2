"""Agents' kinds ("heuristic", "human") as a person reads them: a name in the language in force,
while the key stays the key in records, options and code."""

import pytest

from gamekit.catalogs import looks_english
from gamekit.classroom.app import games_catalogue
from gamekit.core import AgentError, Candidate, Explanation, game_agents, kind_name, the_agent
from gamekit.core.arena import play_match
from gamekit.i18n import using_language
from gamekit.lost_cities.board import LostCitiesBoard
from gamekit.milhoes.board import MilhoesBoard
from gamekit.stratego.board import StrategoBoard
from gamekit.ui.seats import kind_options

GAMES = ("milhoes", "lost_cities", "stratego", "brief_history")
KIT_KINDS = sorted({"human", *(key for game in GAMES for key in game_agents(game))})


@pytest.mark.parametrize("kind", KIT_KINDS)
def test_every_kit_kind_has_a_portuguese_name_and_keeps_its_english_key(kind):
    assert kind_name(kind) == kind
    with using_language("pt"):
        name, phrase = kind_name(kind), the_agent(kind)
    assert name != kind and not looks_english(name)
    if kind != "human":
        assert phrase.startswith("o agente ") and not looks_english(phrase)


def test_a_kind_the_kit_does_not_know_is_shown_as_it_is():
    with using_language("pt"):
        assert kind_name("my_bot") == "my_bot"
        assert the_agent("my_bot") == "o agente my_bot"


def test_exact_portuguese_names():
    with using_language("pt"):
        assert [kind_name(k) for k in ("human", "random", "heuristic", "search")] == [
            "pessoa", "aleatório", "heurístico", "procura"]
        assert the_agent("search") == "o agente de procura"


def test_the_seat_picker_shows_names_and_keeps_keys():
    assert kind_options(["human", "heuristic"]) == ["human", "heuristic"]
    with using_language("pt"):
        assert kind_options(["human", "heuristic"]) == [("pessoa", "human"), ("heurístico", "heuristic")]


def test_lost_cities_summary_names_the_kinds_in_portuguese():
    english = LostCitiesBoard(seats=["human", "heuristic"], names=["Ana", "Rui"], seed=3).summary()
    assert "  Ana (human): 8 cards" in english and "  Rui (heuristic): 8 cards" in english
    with using_language("pt"):
        board = LostCitiesBoard(seats=["human", "heuristic"], names=["Ana", "Rui"], seed=3)
        text, seat = board.summary(), board._seat_html(1, board.view.observation, board.view)
    assert "Ana (pessoa)" in text and "Rui (heurístico)" in text
    assert "(human)" not in text and "(heuristic)" not in text
    assert "computador: heurístico" in seat


def test_milhoes_summary_and_seats_name_the_kinds_in_portuguese():
    with using_language("pt"):
        board = MilhoesBoard(seats=["human", "matching", "random"], names=["Ana", "Rui", "Eva"], seed=3)
        text, seat = board.summary(), board._seat_html(2, board.view.observation, board.view)
    assert "Ana (pessoa)" in text and "Rui (igualador do prémio)" in text and "Eva (aleatório)" in text
    assert "computador: aleatório" in seat


def test_stratego_names_its_agent_in_portuguese():
    english = StrategoBoard(seats=["human", "heuristic"], seed=3)
    assert english._seat_label(1).endswith("the heuristic agent")
    with using_language("pt"):
        board = StrategoBoard(seats=["human", "search"], seed=3)
        assert board._seat_label(1).endswith("o agente de procura")
        assert board._kind_word(0) == "pessoa" and board._kind_word(1) == "procura"


def test_an_explanation_names_its_agent_in_the_language():
    explanation = Explanation("heuristic", (Candidate("play red 7", 1.0),))
    assert str(explanation).startswith("heuristic chooses play red 7")
    with using_language("pt"):
        assert str(explanation).startswith("heurístico escolhe play red 7")
        assert "<b>heurístico escolhe play red 7</b>" in explanation._repr_html_()


def test_an_agent_failure_names_a_kit_agent_in_the_language():
    from gamekit.milhoes.agents import HeuristicAgent

    class Broken(HeuristicAgent):
        def act(self, observation, legal_actions):
            raise RuntimeError("boom")

    with using_language("pt"), pytest.raises(AgentError) as failure:
        play_match("milhoes", [Broken(seed=0), HeuristicAgent(seed=1), HeuristicAgent(seed=2)], seed=0)
    assert str(failure.value).startswith("heurístico no lugar 0 falhou na jogada 1")


def test_the_teachers_form_names_the_agents_in_the_language_and_sends_keys():
    english = {game["name"]: game for game in games_catalogue()}
    assert english["lost_cities"]["agent_names"]["search"] == "search"
    with using_language("pt"):
        catalogue = {game["name"]: game for game in games_catalogue()}
    assert catalogue["lost_cities"]["agents"] == english["lost_cities"]["agents"]
    assert catalogue["lost_cities"]["agent_names"] == {"random": "aleatório", "heuristic": "heurístico",
                                                       "search": "procura"}
