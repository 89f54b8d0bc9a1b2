"""Stratego in Portuguese: every text the engine and its agents write, in the booklet's words.

English stays the source: each Portuguese text is checked against its English twin (said from the
same state, in the other language), so a sentence the catalog missed shows up as a text equal to
the English one, or as one that still reads as English.
"""

import random
import re

import pytest

from gamekit.catalogs import looks_english
from gamekit.core import IllegalActionError, load, save
from gamekit.i18n import using_language
from gamekit.stratego import new_game, validate_setup
from gamekit.stratego.agents import HeuristicAgent, SearchAgent
from gamekit.stratego.notation import Action
from tests.stratego.positions import game
from tests.stratego.test_properties import candidate_actions, random_bad_action

COMBOS = [("classic", "fire-and-ice"), ("powers", "fire-and-ice"), ("classic", "original"), ("powers", "original")]
NAMES = ["Ana", "Rui"]
NOTATION = re.compile(r"\b(?:swift|fly|fury|detect|charm|arrow|[a-j]\d{1,2}(?:[-x][a-j]\d{1,2})*)\b")


def has_words(text: str) -> bool:
    """Whether a text says something in words (not only squares, ranks and action notation)."""
    return bool(re.search(r"[^\W\d_]{3,}", NOTATION.sub(" ", text)))


def in_both(say):
    """``say()`` in English and in Portuguese."""
    with using_language("en"):
        english = say()
    with using_language("pt"):
        portuguese = say()
    return english, portuguese


class Checked:
    """Counts the texts compared, and fails on the first Portuguese text left in English."""

    def __init__(self):
        self.count = 0

    def __call__(self, say, what: str) -> None:
        english, portuguese = in_both(say)
        for en, pt in zip(_lines(english), _lines(portuguese), strict=True):
            if has_words(en):
                assert pt != en, f"{what}: {en!r} is not translated"
            assert not looks_english(pt), f"{what}: {pt!r} reads as English"
            self.count += 1


def _lines(text) -> list[str]:
    if text is None:
        return []
    if isinstance(text, str):
        return text.splitlines() or [text]
    return [line for item in text for line in _lines(item)]


def refusal(state, action) -> str | None:
    try:
        state.apply(action)
    except IllegalActionError as error:
        return error.reason
    raise AssertionError(f"{action} was applied")


def test_random_games_in_portuguese_leave_no_english_behind():
    """Refusals (why_illegal and apply), explain, every log line as each seat and the public read it
    (with and without names), str(state), the HTML picture, the outcome and the agents' tables."""
    rng = random.Random(15)
    check = Checked()
    heuristic = HeuristicAgent(seed=1, jitter=0)  # no whisker: the same table in both languages
    for seed in range(16):
        mode, board = COMBOS[seed % 4]
        state = new_game(mode, board, seed=seed, captured=rng.choice(["open", "prisoner", "secret", "hidden"]),
                         max_moves=rng.choice([80, 160]), quiet_moves=rng.choice([None, 40]))
        while not state.is_terminal:
            player, legal = state.current_player, state.legal_actions()
            if rng.random() < 0.1:
                allowed = set(legal)
                illegal = [a for a in candidate_actions(state, rng, player) if a not in allowed]
                for action in rng.sample(illegal, min(5, len(illegal))):
                    check(lambda: state.why_illegal(action), f"why_illegal({action})")
                    check(lambda: state.explain(action), f"explain({action})")
                    check(lambda: refusal(state, action), f"apply({action})")
                for _ in range(4):
                    bad = random_bad_action(state, rng, legal)
                    if isinstance(bad, (str, Action)) and not (bad in legal):  # the engine's own refusals
                        check(lambda: state.why_illegal(bad), f"why_illegal({bad!r})")
                check(lambda: state.explain(rng.choice(legal)), "explain of a legal action")
                check(lambda: str(state), "str(state)")
                check(lambda: state.reveal(), "reveal()")
                check(lambda: state._repr_html_(), "_repr_html_")
                if rng.random() < 0.2:
                    observation = state.observation(player)
                    check(lambda: [c.note for c in heuristic.explain(observation, legal).candidates],
                          "the heuristic's notes")
            state.apply(rng.choice(legal))
            for viewer in (None, 0, 1):
                check(lambda: state.log_lines(viewer, start=len(state.history) - 1), "a log line")
                check(lambda: state.log_lines(viewer, start=len(state.history) - 1, names=NAMES),
                      "a log line with names")
            check(lambda: state.observation(player).last_turn, "the observation's last turn")
        check(lambda: state.outcome().reason, "the outcome")
        check(lambda: state.outcome(NAMES).reason, "the outcome with names")
        check(lambda: str(state), "str(state) at the end")
    assert check.count > 3000


def test_the_search_agents_table_in_portuguese():
    state = new_game("powers", seed=4)
    for _ in range(12):
        state.apply(random.Random(len(state.history)).choice(state.legal_actions()))
    agent = SearchAgent(seed=2, deals=2, width=3, depth=1)
    observation, legal = state.observation(state.current_player), state.legal_actions()
    with using_language("pt"):
        table = agent.explain(observation, legal)
    assert "distribuições dos níveis escondidos" in table.summary and table.value_meaning == "valor"
    for candidate in table.candidates:
        assert "nas distribuições" in candidate.note and not looks_english(candidate.note)
        assert re.search(r"[+-]\d+,\d\d", candidate.note)  # the decimal comma


def test_the_heuristic_writes_numbers_with_a_decimal_comma():
    state = game({"d2": "r9", "e3": "r7", "e4": "b5", "b3": "r4", "b4": "b8", "a8": "b2"}, mode="powers")
    for text in ["detect d2 e4", "a8-a7", "detect d2 b4", "a7-a6"]:  # Fire's Mage learns both ranks
        state.apply(text)
    with using_language("pt"):
        table = HeuristicAgent(seed=0).explain(state.observation(0), state.legal_actions())
    assert str(table.best) == "e3xe4" and table.value_meaning == "pontuação"
    assert table.candidates[0].note.startswith("ataque: vence em 100%, ganho esperado +3,0;")


@pytest.mark.parametrize("pieces, action, reason", [
    # moving: Traps and Flags never move, one square at a time, no diagonals
    ({"b2": "rT", "e2": "r3"}, "b2-b3", "uma Armadilha nunca se move"),
    ({"b2": "r3"}, "b2-b4", "só um Batedor anda mais de um espaço; um Anão anda um espaço"),
    ({"b2": "r3"}, "b2-c3", "as peças movem-se em linha reta (para a frente, para trás ou para os lados), "
                            "nunca na diagonal"),
    # lines: the forbidden areas and pieces in the way
    ({"c3": "r2"}, "c3-c6", "a linha atravessa a área proibida em c4: nenhuma peça a atravessa"),
    ({"b2": "r2", "b3": "r4"}, "b2-b5", "b3 está no caminho: nenhuma peça salta por cima de outra"),
    # attacks: written with x onto an enemy, never onto your own piece
    ({"b2": "r3", "b3": "b4"}, "b2-b3", "em b3 está uma peça inimiga: um ataque escreve-se b2xb3"),
    ({"b2": "r3", "b3": "r4"}, "b2xb3", "em b3 está uma peça tua"),
    # whose piece
    ({"b2": "r3", "b7": "b4"}, "b7-b6", "a peça em b7 é de Gelo: só jogas com as tuas próprias peças"),
])
def test_exact_refusals_of_the_classic_rules(pieces, action, reason):
    state = game(pieces)
    with using_language("pt"):
        assert state.why_illegal(action) == reason
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action)
        assert refused.value.reason == reason


@pytest.mark.parametrize("pieces, action, reason", [
    ({"e3": "r8"}, "fly e3-e5", "só o Dragão tem Voo; esta peça é um Cavaleiro"),
    ({"e3": "r10"}, "fly e3-e5", "e4 está vazio: o Dragão pousa no primeiro espaço vazio depois das peças por "
                                 "cima das quais passa"),
    ({"e3": "r6", "h6": "b4"}, "charm e3 h6", "h6 está fora de alcance: o poder chega a uma peça até 2 espaços "
                                              "de distância, em qualquer direção"),
    ({"e3": "r4"}, "fury e3-e4", "só uma Besta de Lava ou um Yeti tem o Ataque de Fúria; esta peça é um Elfo"),
    ({"e3": "r5"}, "detect e3 f4", "só o Mago pode usar a Detecção do Inimigo; esta peça é uma Besta de Lava"),
    ({"e3": "r3"}, "swift e3-e4-e5", "só Cavaleiros e Senhores das Feras têm Rapidez; esta peça é um Anão"),
])
def test_exact_refusals_of_the_special_powers(pieces, action, reason):
    state = game(pieces, mode="powers")
    with using_language("pt"):
        assert state.why_illegal(action) == reason


def test_the_back_and_forth_rule_in_portuguese():
    state = game({"b2": "r3", "h7": "b3"})
    for action in ("b2-b3", "h7-h6", "b3-b2", "h6-h7"):
        state.apply(action)
    with using_language("pt"):
        assert state.why_illegal("b2-b3") == ("a regra do vaivém: esta peça andou entre b3 e b2 nas tuas últimas 2 "
                                              "jogadas, e nenhuma peça o pode fazer em 3 jogadas seguidas")


def test_a_classic_game_notation_and_set_ups_are_refused_in_portuguese():
    state = new_game(seed=1)
    with using_language("pt"):
        assert state.why_illegal("jump b2") == ("'jump b2' não é uma jogada de Stratego: escreve uma como 'b2-b3', "
                                                "'b2xb3', 'swift b2-b3-c3', 'fly d1-d4xd5', 'fury e4-e5', "
                                                "'detect e3 f5'")
        assert state.why_illegal("fly b2-b4") == ("Voo é um Poder Especial, e os poderes só se usam no modo "
                                                  "«powers» (Poderes Especiais); este jogo é clássico")
        with pytest.raises(ValueError) as problem:
            validate_setup("T " * 30, side=0)
    assert str(problem.value).startswith("a disposição de Fogo tem de ter 3 linhas de 10 peças")


def test_the_log_and_the_result_in_portuguese_with_and_without_names():
    state = game({"b2": "r2", "b4": "b5", "j6": "r3"})
    state.apply("b2xb4")
    with using_language("pt"):
        assert state.observation(1).last_turn == ("O Batedor de Fogo (2) em b2 ataca o Yeti de Gelo (5) em b4: "
                                                  "o Yeti ganha.",)
        assert state.log_lines(None, names=NAMES) == ["1. O Batedor de Ana (2) em b2 ataca o Yeti de Rui (5) em "
                                                      "b4: o Yeti ganha."]
    state.apply("b4-b3")
    state.apply("j6-j7")
    state.apply("b3-b2")
    state.apply("j7xj8")
    with using_language("pt"):
        assert state.log_lines(1, start=4) == ["5. O Anão de Fogo (3) em j7 ataca a Bandeira de Gelo (F) em j8: "
                                               "a Bandeira é capturada! Fogo ganha."]
        assert state.outcome().reason == "Fogo captura a Bandeira de Gelo e ganha"
        assert state.outcome(NAMES).reason == "Ana (Fogo) captura a Bandeira de Rui e ganha"
        assert str(state).splitlines()[0] == ("Stratego Fire & Ice (clássico), após 5 jogadas: Fogo captura a "
                                              "Bandeira de Gelo e ganha")
    assert state.outcome(NAMES).reason == "Ana (Fire) captures Rui's Flag and wins"


def test_a_side_that_cannot_move_loses_in_portuguese():
    state = game({"b2": "r3", "a8": "bT"}, to_move=1)
    with using_language("pt"):
        assert state.outcome().reason == "Gelo não pode mover nem atacar: Fogo ganha"
        assert state.outcome(NAMES).reason == "Rui (Gelo) não pode mover nem atacar: Ana (Fogo) ganha"


def test_a_charm_is_told_in_portuguese():
    state = game({"e3": "r6", "f4": "b5"}, mode="powers")
    state.apply("charm e3 f4")
    with using_language("pt"):
        assert state.log[-1].public == ("A Feiticeira de Fogo (6) diz «Estás sob o meu poder!» à peça em f4: "
                                        "o Yeti de Gelo (5) passa para o lado de Fogo.",)


def test_a_game_played_in_portuguese_saves_the_record_it_saves_in_english():
    rng = random.Random(8)
    records = {}
    for language in ("en", "pt"):
        with using_language(language):
            state = new_game("powers", seed=8)
            rng.seed(8)
            while not state.is_terminal and len(state.history) < 300:
                state.apply(rng.choice(state.legal_actions()))
            records[language] = save(state)
    assert records["en"] == records["pt"]
    for language in ("en", "pt"):
        with using_language(language):
            replay = load(records["pt"])
        assert save(replay) == records["en"]
