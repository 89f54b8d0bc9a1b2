"""Milhões in Portuguese: every text a student reads from the engine and its agents, in the
booklet's words, and records that do not depend on the language they were played in."""

import random

import pytest

from gamekit.catalogs import looks_english
from gamekit.core import IllegalActionError, RandomAgent, Table, load, save
from gamekit.i18n import using_language
from gamekit.milhoes import Bid, goofspiel, new_game
from gamekit.milhoes.agents import HeuristicAgent, PrizeMatchingAgent
from gamekit.milhoes.equilibrium import EquilibriumAgent

NAMES = ["Ana", "Rui", "Eva", "Tó", "Inês"]


def in_both(make_text):
    """``make_text()`` said in English and in Portuguese."""
    with using_language("en"):
        english = make_text()
    with using_language("pt"):
        portuguese = make_text()
    return english, portuguese


def assert_translated(make_text, seen: list):
    """The Portuguese twin differs from the English whenever the English has words, and does not
    read as English."""
    english, portuguese = in_both(make_text)
    if any(ch.isalpha() for ch in english.replace("player", "")):
        assert portuguese != english, english
    assert not looks_english(portuguese), portuguese
    seen.append(portuguese)


def random_illegal_bids(state, player, rng):
    """Spent cards, cards that do not exist, and texts that are no bid at all."""
    spent = [Bid(c) for c in state.used[player]]
    return [*rng.sample(spent, min(2, len(spent))), Bid(state.cards + rng.randint(1, 5)), Bid(0),
            Bid(-rng.randint(1, 9)), rng.choice(["bid 07", "bid seven", "play 3", "bid 123456789"])]


@pytest.mark.parametrize("seed", range(40))
def test_every_text_of_a_random_game_speaks_portuguese(seed):
    rng = random.Random(seed)
    players = rng.randint(2, 5)
    options = {"memory_aid": rng.random() < 0.5, "tiebreak": rng.random() < 0.8,
               "tie_rule": rng.choice(["carry", "discard"])}
    state = new_game(players, seed=seed, **options)
    names = NAMES[:players] if rng.random() < 0.5 else None
    # (RandomAgent's words are the kit's core, not this game's.)
    agents = [HeuristicAgent(seed=seed, samples=20), PrizeMatchingAgent(seed=seed),
              HeuristicAgent(seed=seed, temperature=0, samples=20)]
    seen: list[str] = []
    while not state.is_terminal:
        for player in range(players):
            for bid in random_illegal_bids(state, player, rng):
                if isinstance(bid, Bid):
                    assert_translated(lambda: state.why_illegal(bid, player, names=names), seen)
                    assert_translated(lambda: state.explain(bid, player, names=names), seen)
                else:
                    assert_translated(lambda: _refusal(lambda: state.parse(bid)), seen)
            legal = state.legal_actions(player)[0]
            assert_translated(lambda: state.explain(legal, player, names=names), seen)
            agent = agents[player % len(agents)]
            observation, actions = state.observation(player), state.legal_actions(player)
            explanation = in_both(lambda: agent.explain(observation, actions))
            for english, portuguese in zip(*(e.candidates for e in explanation)):
                if english.note:
                    assert portuguese.note != english.note and not looks_english(portuguese.note)
            if explanation[0].summary:
                assert not looks_english(explanation[1].summary)
        before = save(state)
        with using_language("pt"), pytest.raises(IllegalActionError) as refused:
            state.apply_joint({p: Bid(state.cards + 1) for p in range(players)})
        assert not looks_english(refused.value.reason) and save(state) == before
        state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(players)})
        assert_translated(lambda: str(state), seen)
        assert_translated(state._repr_html_, seen)
        for line in in_both(lambda: state.log_lines(names=names))[1]:
            assert not looks_english(line), line
    assert_translated(lambda: state.outcome(names).reason, seen)
    assert_translated(lambda: state.reveal(), seen)
    assert all(text.strip() for text in seen)


def _refusal(action) -> str:
    try:
        action()
    except IllegalActionError as refusal:
        return refusal.reason
    raise AssertionError("no refusal")


def test_the_equilibrium_agent_explains_itself_in_portuguese():
    state = goofspiel(cards=4, seed=2)
    agent = EquilibriumAgent(seed=1)
    with using_language("pt"):
        explanation = agent.explain(state.observation(0), state.legal_actions(0))
    assert explanation.summary.startswith("sorteia a carta da mistura de equilíbrio; a posição vale ")
    assert all(not looks_english(c.note) for c in explanation.candidates)
    with using_language("pt"), pytest.raises(ValueError, match="só joga jogos de dois jogadores"):
        agent.explain(new_game(3, seed=1).observation(0), new_game(3, seed=1).legal_actions(0))


def test_refusals_in_the_booklets_words():
    state = new_game(3, seed=1, points_order=[7, -2, 3, 8, 1, 2, 4, 5, 6, -1, -3, -4])
    state.apply_joint({0: "bid 12", 1: "bid 11", 2: "bid 10"})
    with using_language("pt"):
        assert state.why_illegal(Bid(12), 0, names=NAMES[:3]) == (
            "Ana já jogou o 12 na ronda 1; cada Carta de Poder só se usa uma vez")
        assert state.why_illegal(Bid(13), 1) == "não há nenhuma Carta de Poder 13: as cartas vão de 1 a 12"
        assert _refusal(lambda: state.parse("bid 07")) == "escreve a carta sem zeros à esquerda: 'bid 7'"
        assert _refusal(lambda: state.parse("play 7")) == (
            "'play 7' não é uma jogada de Milhões: jogar uma carta escreve-se 'bid 7' (ou 'jogar 7')")
        assert state.rounds[0].describe(NAMES[:3]) == (
            "Ronda 1: +7 vai para a Carta de Poder única de maior valor. Ana ganha com o 12.")


def test_a_portuguese_bid_reads_as_the_canonical_one():
    state = new_game(2, seed=4)
    assert state.parse("jogar 7") == state.parse("Joga  7") == Bid(7)
    state.apply_joint({0: "jogar 7", 1: "bid 3"})
    assert [str(bid) for bid in state.history[0].values()] == ["bid 7", "bid 3"]


def test_the_outcome_and_a_total_tie_in_portuguese():
    state = new_game(2, seed=1, cards=3, points=[2, 1, -1], points_order=[2, 1, -1])
    state.apply_joint({0: "bid 3", 1: "bid 3"})  # a total tie: the +2 stays on the table
    with using_language("pt"):
        assert state.rounds[0].describe(["Ana", "Rui"]).endswith(
            "Nenhuma carta foi única: é um Empate Total, as cartas ficam sobre a mesa.")
    state.apply_joint({0: "bid 2", 1: "bid 1"})
    state.apply_joint({0: "bid 1", 1: "bid 2"})
    with using_language("pt"):
        assert state.outcome(["Ana", "Rui"]).reason == "Ana vence com 2 pontos."
        assert state.outcome(["Tu", "Rui"]).reason == "Vences tu, com 2 pontos."


def test_a_tied_total_is_decided_by_the_highest_battle_in_portuguese():
    state = new_game(2, seed=1, cards=2, points=[3, 3], points_order=[3, 3])
    state.apply_joint({0: "bid 2", 1: "bid 1"})
    state.apply_joint({0: "bid 1", 1: "bid 2"})
    with using_language("pt"):
        assert state.outcome(["Ana", "Rui"]).reason == (
            "Ana e Rui empatam com 3 pontos e a Carta de Batalha mais alta não os separa "
            "(Ana: +3; Rui: +3): o empate mantém-se.")


def test_a_game_played_in_portuguese_saves_the_record_an_english_game_saves():
    def play(language):
        with using_language(language):
            state = new_game(3, seed=9)
            agent = HeuristicAgent(seed=3, samples=20)
            while not state.is_terminal:
                state.apply_joint({p: agent.act(state.observation(p), state.legal_actions(p))
                                   for p in range(3)})
            return save(state)

    english, portuguese = play("en"), play("pt")
    assert portuguese == english
    for language in ("en", "pt"):
        with using_language(language):
            assert save(load(portuguese)) == english


def test_a_teachers_wrong_option_is_refused_in_portuguese():
    with using_language("pt"), pytest.raises(ValueError) as refused:
        new_game(7)
    assert str(refused.value) == "Milhões joga-se com 2 a 5 jogadores, não 7"
    with pytest.raises(ValueError, match="Milhões is for 2 to 5 players, not 7"):
        new_game(7)


def test_a_secret_bid_is_told_back_to_its_seat_in_words_not_in_notation():
    table = Table("milhoes", [None, None, RandomAgent], names=["Ana", "Rui", "Eva"], seed=3)
    table.take_screen(0)
    table.submit("bid 12", seat=0)
    assert table.view(0).log[-1] == "You chose Power card 12."
    with using_language("pt"):
        assert table.view(0).log[-1] == "Escolheste a Carta de Poder 12."
    assert not any("12" in line for line in table.view(1).log)
