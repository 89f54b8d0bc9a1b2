"""Lost Cities in Portuguese (Cidades Perdidas): every text a student reads from the engine and
its agents, with the rulebook's words, and records that do not depend on the language."""

import random

import pytest

from gamekit.catalogs import looks_english
from gamekit.core import IllegalActionError, load, save
from gamekit.i18n import using_language
from gamekit.lost_cities import new_game
from gamekit.lost_cities.actions import Action
from gamekit.lost_cities.agents import HeuristicAgent, SearchAgent
from gamekit.lost_cities.board import card_label
from gamekit.lost_cities.cards import ALL_CARDS, Card, card_name, colour_name, describe_expedition, the_card

NAMES = ["Ana", "Rui", "Eva", "Tó"]


def in_both(make_text):
    with using_language("en"):
        english = make_text()
    with using_language("pt"):
        portuguese = make_text()
    return english, portuguese


def assert_translated(make_text):
    """The Portuguese twin differs from the English whenever the English has words, and does not
    read as English."""
    english, portuguese = in_both(make_text)
    if any(ch.isalpha() for ch in english.replace("player", "")):
        assert portuguese != english, english
    assert not looks_english(portuguese), portuguese
    return portuguese


def refusal(action) -> str:
    try:
        action()
    except IllegalActionError as refused:
        return refused.reason
    raise AssertionError("no refusal")


def random_actions(state, rng):
    """A few actions of every kind, most of them illegal now: any card played or discarded, any pile
    drawn, any pair passed, and malformed ones."""
    cards = [c for c in ALL_CARDS if c.colour in state.colours or rng.random() < 0.2]
    actions = [Action(rng.choice(["play", "discard"]), rng.choice(cards)) for _ in range(4)]
    actions += [Action("draw", source=rng.choice(["deck", *state.colours, "purple"]))]
    actions += [Action("pass", cards=tuple(sorted(rng.sample(cards, 2)))), Action("pass", cards=())]
    actions += [Action("play", "red 7"), Action("draw", source="moon"), Action("fly")]
    return actions


@pytest.mark.parametrize("seed", range(16))
def test_every_text_of_a_random_game_speaks_portuguese(seed):
    rng = random.Random(seed)
    players = rng.choice([2, 2, 4])
    options = {"colours": rng.choice([5, 6]), "rounds": 1}
    if players == 4:
        options.update(pass_timing=rng.choice(["instead", "after"]), hand_size=rng.choice([6, 8]))
    state = new_game(players, seed=seed, **options)
    names = NAMES[:players] if rng.random() < 0.5 else None
    heuristic, search = HeuristicAgent(seed=seed), SearchAgent(seed=seed)
    steps = 0
    while not state.is_terminal:
        mover = state.current_player
        for action in random_actions(state, rng):
            assert_translated(lambda: state.explain(action, names=names))
            if not state.is_legal(action):
                before = save(state)
                with using_language("pt"):
                    reason = refusal(lambda: state.apply(action))
                assert not looks_english(reason) and save(state) == before
        for text in ("play vermelho 99", "jogar", "draw moon", "pass red 7"):
            assert_translated(lambda: refusal(lambda: state.parse(text)) if not _parses(state, text) else "-")
        observation, legal = state.observation(mover), state.legal_actions()
        agent = search if players == 2 and steps % 7 == 0 else heuristic
        english, portuguese = in_both(lambda: agent.explain(observation, legal))
        if english.summary:
            assert portuguese.summary != english.summary and not looks_english(portuguese.summary)
        for said, translated in zip(english.candidates, portuguese.candidates):
            assert translated.note != said.note and not looks_english(translated.note), translated.note
        state.apply(heuristic.act(observation, legal))
        steps += 1
        assert_translated(lambda: str(state))
        assert_translated(state._repr_html_)
        assert_translated(lambda: state.variant)
    for line in in_both(lambda: state.log_lines(names=names))[1]:
        assert not looks_english(line), line
    for viewer in range(players):
        for line in in_both(lambda: state.log_lines(viewer, names=names))[1]:
            assert not looks_english(line), line
    assert_translated(lambda: state.outcome(names).reason)
    assert_translated(lambda: state.reveal())
    assert_translated(lambda: state.round_results[0].describe(players == 4, names))


def _parses(state, text) -> bool:
    try:
        state.parse(text)
    except IllegalActionError:
        return False
    return True


def test_cards_and_colours_in_the_rulebooks_words():
    with using_language("pt"):
        assert the_card(Card("red", 7)) == "o 7 vermelho"
        assert the_card(Card("white", 0)) == "a aposta branca"
        assert card_name(Card("yellow", 10)) == "10 amarelo"
        assert colour_name("green") == "verde" and colour_name("white") == "branca"
        assert describe_expedition([]) == "não começada: 0"
        assert describe_expedition([Card("blue", 0)] * 3 + [Card("blue", v) for v in range(2, 11)]) == (
            "(2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 - 20) x 4 + 20 (por 12 cartas) = 156")
    assert the_card(Card("red", 7)) == "the red 7" and card_name(Card("red", 0)) == "red wager"


def test_a_wager_card_shows_its_portuguese_initial():
    wager = Card("green", 0)
    assert card_label(wager) == "W"
    with using_language("pt"):
        assert card_label(wager) == "A"
        assert "verde a 6 8" in str(new_game(seed=1, rounds=1, position={
            "hands": POSITION["hands"], "expeditions": [{"green": ["green wager", "green 6", "green 8"]}, {}]}))


POSITION = {"hands": [
    ["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
    ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]]}


def test_refusals_in_portuguese_one_per_rule():
    state = new_game(seed=1, rounds=1, position=POSITION)
    with using_language("pt"):
        assert state.why_illegal(state.parse("play red 2")) == "não tens o 2 vermelho"
        assert state.why_illegal(state.parse("draw deck")) == (
            "primeiro joga ou descarta uma carta, depois compra")
        assert state.why_illegal(state.parse("pass red 4 and red 9")) == (
            "passar cartas a um parceiro só existe no jogo a pares, para quatro jogadores")
    state.apply("play red 9")
    with using_language("pt"):
        assert state.why_illegal(state.parse("draw red")) == "a pilha de descarte vermelha está vazia"
        assert state.explain("draw deck", names=["Ana", "Rui"]).endswith(
            "Ana pode comprar a carta do topo do baralho (restam 44)")
    state.apply("draw deck")
    state.apply("discard red 3")
    with using_language("pt"):
        assert state.why_illegal(state.parse("draw red")) == (
            "acabaste de descartar o 3 vermelho: "
            "não podes voltar a tirar a carta que descartaste neste turno")
    state.apply("draw deck")
    with using_language("pt"):
        assert state.why_illegal(state.parse("play red wager")) == (
            "uma aposta só pode abrir uma expedição: "
            "a tua expedição vermelha já tem um número (o 9 vermelho)")
        assert state.why_illegal(state.parse("play red 4")) == (
            "não se pode pôr o 4 vermelho após o 9 vermelho: os números de uma expedição têm de subir")
        assert refusal(lambda: state.parse("fly away")).startswith(
            "'fly away' não é uma jogada de Cidades Perdidas: "
            "experimenta 'play red 7' (ou 'jogar vermelho 7')")


def test_partners_refusals_in_portuguese():
    state = new_game(4, seed=2, rounds=1, hand_size=6)
    pair = tuple(sorted(state.hands[0][:2]))
    with using_language("pt"):
        assert state.why_illegal(Action("pass", cards=pair)) == (
            "passar duas cartas deixava-te com 4: "
            "um jogador nunca passa cartas se ficar com menos de 6 na mão")


def test_portuguese_action_text_reads_as_the_canonical_action():
    state = new_game(seed=1, rounds=1, position=POSITION)
    assert state.parse("jogar vermelho 9") == state.parse("jogar o 9 vermelho") == state.parse("play red 9")
    assert state.parse("descartar aposta vermelha") == state.parse("discard red wager")
    assert state.parse("comprar do baralho") == state.parse("draw deck")
    assert state.parse("comprar da pilha verde") == state.parse("draw green")
    assert state.parse("passar nada") == state.parse("pass nothing")
    state.apply("jogar vermelho 9")
    assert str(state.history[-1]) == "play red 9"


def test_the_outcome_in_portuguese():
    state = new_game(seed=5, rounds=1)
    agent = HeuristicAgent(seed=1)
    while not state.is_terminal:
        state.apply(agent.act(state.observation(state.current_player), state.legal_actions()))
    with using_language("pt"):
        reason = state.outcome(["Ana", "Rui"]).reason
    totals = state.totals
    winner = "Ana" if totals[0] > totals[1] else "Rui"
    assert reason == f"{winner} ganha a partida, {totals[0]:+d} contra {totals[1]:+d} após 1 ronda"


def test_a_match_played_in_portuguese_saves_the_record_an_english_match_saves():
    def play(language):
        with using_language(language):
            state = new_game(seed=8, rounds=1)
            agent = HeuristicAgent(seed=2)
            while not state.is_terminal:
                state.apply(agent.act(state.observation(state.current_player), state.legal_actions()))
            return save(state)

    english, portuguese = play("en"), play("pt")
    assert portuguese == english
    for language in ("en", "pt"):
        with using_language(language):
            assert save(load(portuguese)) == english


def test_a_teachers_wrong_option_is_refused_in_portuguese():
    with using_language("pt"), pytest.raises(ValueError) as refused:
        new_game(rounds=0)
    assert str(refused.value) == "rounds é o número de rondas da partida (1..50, normalmente 3), não 0"
    with pytest.raises(ValueError, match=r"rounds is the number of rounds in the match \(1..50, usually 3\), not 0"):
        new_game(rounds=0)
