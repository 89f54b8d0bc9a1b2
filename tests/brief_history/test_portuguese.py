"""A Brief History of the World in Portuguese: every sentence the engine and its agents say, the names
of the map and the cards, and records that stay the same in either language."""

import copy
import json
import pickle
import random
import re

import pytest

from gamekit.brief_history import load_cards, load_map, new_game, scenarios
from gamekit.brief_history.agents import HeuristicAgent
from gamekit.brief_history.actions import in_words
from gamekit.brief_history.names import CARD_TEXTS, NAMES, TERRITORIES
from gamekit.brief_history.rules import Action, Place, TakeEmpire, TakeEvent
from gamekit.brief_history.words import Said, colour_name, display_name, name_colours, words
from gamekit.catalogs import looks_english
from gamekit.core import IllegalActionError, load, save
from gamekit.i18n import N_, language, using_language
from tests.brief_history.conftest import mid_turn
from tests.brief_history.test_properties import random_candidate

_NAMES_LONGEST_FIRST = sorted(NAMES, key=len, reverse=True)


def has_words(english: str) -> bool:
    """Whether an English text says something beyond names, numbers and quoted action texts."""
    text = re.sub(r"'[^']*'", "", english)
    for name in _NAMES_LONGEST_FIRST:
        text = text.replace(name, "")
    text = re.sub(r"\b(colour|player) \d\b", "", text)
    return re.search(r"[A-Za-z]{2,}", text) is not None


def assert_portuguese(english: str, portuguese: str) -> None:
    assert not looks_english(portuguese), portuguese
    if has_words(english):
        assert portuguese != english, english


def said_in_both(say):
    with using_language("en"):
        english = say()
    with using_language("pt"):
        portuguese = say()
    return english, portuguese


def check(say):
    english, portuguese = said_in_both(say)
    if isinstance(english, str):
        assert_portuguese(english, portuguese)
    else:
        assert len(english) == len(portuguese)
        for en, pt in zip(english, portuguese):
            assert_portuguese(en, pt)
    return english, portuguese


def refusal_of_apply(state, action) -> str:
    with pytest.raises(IllegalActionError) as refusal:
        state.apply(action)
    return refusal.value.reason


# --- many seeded random games ------------------------------------------------------------------------
@pytest.mark.parametrize("players", (2, 3, 4, 5, 6))
def test_every_sentence_of_random_games_is_said_in_portuguese(players):
    refusals = explained = notes = 0
    for seed in range(3):
        state, rng = new_game(players, seed=seed), random.Random(seed)
        names = [f"Ana{p}" for p in range(players)]
        agents = {"en": HeuristicAgent(seed=seed), "pt": HeuristicAgent(seed=seed)}
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            candidate = random_candidate(state, rng)
            # Actions that are not actions at all (42, None) are refused by the shared core, not here.
            if (isinstance(candidate, (str, Action)) and not any(repr(candidate) == repr(a) for a in legal)
                    and state.why_illegal(candidate) is not None):
                check(lambda c=candidate: state.why_illegal(c, names=names))
                check(lambda c=candidate: refusal_of_apply(state, c))
                check(lambda c=candidate: state.explain(c))
                refusals += 1
            action = rng.choice(legal)
            check(lambda: state.explain(action, names=names))
            check(lambda: in_words(action))
            explained += 1
            if step % 9 == 0:
                observation = state.observation(state.current_player)
                en, pt = said_in_both(lambda: agents[language()].explain(observation, legal))
                assert [c.action for c in en.candidates] == [c.action for c in pt.candidates]
                for a, b in zip(en.candidates, pt.candidates):
                    if a.note:
                        assert_portuguese(a.note, b.note)
                        notes += 1
                assert_portuguese(en.value_meaning, pt.value_meaning)
                assert_portuguese(en.summary, pt.summary)
                check(lambda: str(state))
                check(lambda: list(state.observation(0).log))
            state.apply(action)
            step += 1
        for seat in range(players):
            check(lambda s=seat: state.log_for(s))
            check(lambda s=seat: state.log_lines(s, names=names))
        check(lambda: state.log_lines(None))
        check(lambda: state.outcome(names=names).reason)
        check(lambda: str(state))
        check(lambda: re.sub(r"<[^>]+>", " ", state._repr_html_()))
        check(lambda: state.reveal())
    assert refusals > 50 and explained > 200 and notes > 50


# --- exact sentences, one per family of rules ---------------------------------------------------------
def pt(say):
    with using_language("pt"):
        return say()


def test_a_draft_refusal_in_portuguese():
    state = new_game(3, seed=7)  # the last colour takes an Empire card
    assert pt(lambda: state.why_illegal(TakeEvent("Leader"))) == (
        "esta escolha é das cartas de Império: fica com uma das cartas de Império que te passaram")
    assert pt(lambda: state.why_illegal(TakeEmpire("Romans"))) == (
        "'Romans' não está no conjunto de cartas que tens na mão; podes ficar com Egípcios, Hititas, Minoicos")


def test_placement_refusals_in_portuguese(roman_example):
    state = roman_example
    assert pt(lambda: state.why_illegal("place Sahara")) == (
        "Sara é árido: nunca se pode posicionar lá nenhum exército")
    assert pt(lambda: state.why_illegal("place Italy")) == (
        "Itália já tem um dos teus exércitos ativos: um exército por território")
    assert pt(lambda: state.why_illegal("place Japan")) == (
        "Japão não é adjacente a nenhum dos teus exércitos ativos nem às tuas frotas")
    assert pt(lambda: refusal_of_apply(state, "place Atlantis")) == (
        "não há nenhum território 'atlantis' no mapa de aula")


def test_an_over_run_refusal_and_the_odds_in_portuguese():
    state = scenarios.roman_turn()
    assert pt(lambda: state.explain("place Balkans")).endswith(
        "invadir Balcãs (montanha, custo 2): 2 dados contra 1 com +0; "
        "P(tomá-lo com este lançamento) = 5/12 ≈ 0,417")
    scenarios.play(state, "place Balkans", "continue", "continue")
    assert pt(lambda: state.why_illegal("overrun Pindus")) == "Pindo tem um forte, e um forte é um entrave para infestar"
    assert pt(lambda: state.why_illegal("overrun Rhineland")) == (
        "Renânia não tem nenhum exército de cor 1, o jogador que derrotaste")


def test_event_fort_and_reorganise_refusals_in_portuguese():
    state = mid_turn("Romans", organiser=3)
    state.events_held[0] = list(load_cards().starting_events)
    state.gold[0] = 5
    state.apply("play Leader")
    assert pt(lambda: state.why_illegal("play Weaponry")) == (
        "só pode estar um Evento em jogo de cada vez, e Líder está em jogo")
    assert pt(lambda: state.why_illegal("fort Gaul")) == "um forte precisa de um dos teus exércitos ativos em Gália"
    assert pt(lambda: state.why_illegal("reorganise")) == (
        "o império reorganiza-se quando o seu Quadro fica vazio, e ainda restam 3 exércitos para posicionar "
        "(ou para gastar em fortes)")
    assert pt(lambda: state.why_illegal("continue")) == (
        "só podes continuar a invasão logo a seguir a um lançamento falhado")


def test_a_text_that_is_no_action_is_refused_in_portuguese():
    state = new_game(3, seed=1)
    assert pt(lambda: state.why_illegal("conquer the world")) == (
        "'conquer the world' não é uma ação do Brief History: experimenta 'place Balkans', 'continue', "
        "'overrun Anatolia', 'take empire Romans', 'play Leader' ou 'reorganise'")


def test_the_log_of_the_roman_turn_in_portuguese():
    state = scenarios.roman_turn()
    assert pt(lambda: scenarios.play(state, "place Balkans")) == (
        "Romanos: invasão de Balcãs\n  lançamento 3-2 (+0) contra 5: 0 pontos, não chegam para Balcãs (custo 2)")
    assert state.log[-1] == "  roll 3-2 (+0) against 5: 0 points, not enough for Balkans (cost 2)"
    assert pt(lambda: state.log[-1]) == "  lançamento 3-2 (+0) contra 5: 0 pontos, não chegam para Balcãs (custo 2)"
    scenarios.play(state, "continue", "continue")
    assert pt(lambda: state.log_lines(0)[-1]) == "lançamento 6-5 (+2) contra 3: 5 pontos, Balcãs cai"


def test_the_outcome_in_portuguese():
    state = new_game(3, seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    scores = state.scores()
    winner = state.winners()
    assert len(winner) == 1
    expected = (f"depois da Época 6, ouro com as fichas Bónus somadas: Ana {scores[0]}, Rui {scores[1]}, "
                f"Eva {scores[2]}; {['Ana', 'Rui', 'Eva'][winner[0]]} ganha com mais ouro")
    assert pt(lambda: state.outcome(names=["Ana", "Rui", "Eva"]).reason) == expected


def test_a_tie_is_worded_in_portuguese():
    state = new_game(2, seed=3)
    state.phase = "over"
    state.gold = [5, 5, 0, 0]
    state.bonus_held = [[], [], [], []]
    assert pt(lambda: state.outcome(names=["Ana", "Rui"]).reason) == (
        "depois da Época 1, ouro com as fichas Bónus somadas: Ana 5, Rui 5; Ana e Rui partilham a vitória "
        "(um empate é um empate) com mais ouro")


def test_a_board_names_colours_in_either_language():
    with using_language("pt"):
        text = name_colours("cor 2 fica com uma carta de Império", lambda c: f"{colour_name(c)} (Eva)")
    assert text == "verde (Eva) fica com uma carta de Império"
    assert name_colours("colour 2 keeps an Empire card", lambda c: f"{colour_name(c)} (Eva)") == (
        "green (Eva) keeps an Empire card")


# --- names --------------------------------------------------------------------------------------------
def test_the_catalog_names_every_territory_area_sea_and_card_of_the_data():
    world, cards = load_map(), load_cards()
    assert TERRITORIES == world.territories
    data_names = set(world.territories) | set(world.areas) | set(world.seas) | set(world.oceans)
    data_names |= {c.name for c in cards.empire_cards} | {s.name for c in cards.empire_cards for s in c.empires}
    data_names |= {e.name for e in cards.events + cards.starting_events}
    data_names |= {e.effect[k] for e in cards.events for k in ("empire", "kingdom") if k in e.effect}
    assert data_names == set(NAMES)
    texts = {e.text for e in cards.events + cards.starting_events} | set(cards.traits.values())
    assert texts == set(CARD_TEXTS)


def test_display_name_shows_the_portuguese_names_and_keeps_the_notation():
    assert display_name("Balkans") == "Balkans"
    with using_language("pt"):
        assert [display_name(n) for n in ("Balkans", "Romans", "Weaponry", "Atlantic Ocean", "Kingdom: Israel")] == [
            "Balcãs", "Romanos", "Armas", "Oceano Atlântico", "Reino: Israel"]
        assert display_name("not a name") == "not a name"
        untranslated = [n for n in NAMES if display_name(n) == n]
        # names that Portuguese writes as English does
        assert set(untranslated) <= {"Transoxiana", "Gobi", "Ganges", "Tamilakam", "Sichuan", "Java", "Chesapeake",
                                     "Peru", "Atacama", "Pampas", "Shang", "Qin", "Xiongnu", "Han", "Guptas",
                                     "Tang", "Khmers", "Vikings", "Song", "Incas", "Qing", "Srivijaya", "Israel",
                                     "Axum", "Silla"}


def test_in_words_is_the_notation_in_english_and_a_phrase_in_portuguese():
    state = scenarios.roman_turn()
    for action in state.legal_actions():
        assert in_words(action) == str(action)
        english, portuguese = said_in_both(lambda a=action: in_words(a))
        assert portuguese != english and state.parse(str(action)) == action
    with using_language("pt"):
        assert in_words(Place("Crete", by_sea=True)) == "colocar um exército em Creta por mar"


# --- records and log lines -------------------------------------------------------------------------------
def test_a_game_played_in_portuguese_saves_the_english_record_and_loads_in_either_language():
    def played(language):
        with using_language(language):
            state, rng = new_game(4, seed=21), random.Random(21)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
            return state

    english, portuguese = played("en"), played("pt")
    assert save(portuguese) == save(english)
    assert portuguese.log == english.log  # the log keeps its English text, whoever read it
    reason = english.outcome().reason
    with using_language("pt"):
        again = load(save(english))
        assert again.outcome().reason == portuguese.outcome().reason != reason
    assert load(save(portuguese)).log_for(0) == english.log_for(0)


def test_a_log_line_says_itself_again_after_copies_and_pickles():
    line = Said.ngettext(N_("over-run {territory} ({points} point left)"), "over-run {territory} ({points} points left)",
                         2, indent="  ", territory="Levant", points=2)
    assert line == "  over-run Levant (2 points left)"
    for twin in (copy.deepcopy(line), pickle.loads(pickle.dumps(line)), copy.copy(line)):
        assert twin == line and isinstance(twin, Said)
        assert pt(twin.words) == "  infestar Levante (restam 2 pontos)"
    assert json.dumps([line]) == '["  over-run Levant (2 points left)"]'
    assert words("a plain line") == "a plain line"


def test_action_texts_may_name_places_and_cards_in_portuguese_and_read_as_the_canonical_action():
    state = scenarios.roman_turn()
    with using_language("pt"):
        assert state.parse("place Balcãs") == Place("Balkans")
        assert state.parse("PLACE creta BY SEA") == Place("Crete", by_sea=True)
        state.apply("place Gália")
    assert state.history == [Place("Gaul")] and save(state) == save(_gaul())
    assert state.parse("place Balcãs") == Place("balcãs")  # in English the Portuguese name is no name at all


def _gaul():
    state = scenarios.roman_turn()
    state.apply("place Gaul")
    return state


def _readings(state) -> list:
    """Every text of the log a reader may see, in English and in Portuguese: the public log, each
    seat's log, the observations' last lines, and the table's numbered lines for each viewer."""
    readings = []
    for code in ("en", "pt"):
        with using_language(code):
            seats = range(state.num_players)
            readings.append((state.log, [state.log_for(p) for p in seats],
                             [state.observation(p).log for p in seats], state.public_observation().log,
                             [state.log_lines(viewer) for viewer in (None, *seats)],
                             state.log_lines(0, names=[f"seat {p}" for p in seats])))
    return readings


@pytest.mark.parametrize("seed", range(12))
def test_the_log_reads_the_same_whenever_and_in_whichever_language_it_is_read(seed):
    """The log keeps its sentences and says them when read: lines read at once after every action
    (each line said as soon as it is written) read the same as the whole log read only at the end,
    and the same again from a copy, a pickle and a record."""
    players = 2 + seed % 5
    read_at_once, left_unread = new_game(players, seed=seed), new_game(players, seed=seed)
    rng = random.Random(seed)
    while not read_at_once.is_terminal:
        action = rng.choice(read_at_once.legal_actions())
        read_at_once.apply(action)
        left_unread.apply(action)
        with using_language("pt" if rng.random() < 0.5 else "en"):
            read_at_once.log_for(rng.randrange(players))
            read_at_once.observation(rng.randrange(players)).log
    expected = _readings(read_at_once)
    assert expected[0][0] != expected[1][0]  # the two languages differ
    for twin in (left_unread, copy.deepcopy(left_unread), pickle.loads(pickle.dumps(left_unread)),
                 load(save(left_unread)), left_unread.clone()):
        assert _readings(twin) == expected
