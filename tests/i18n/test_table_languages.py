"""The table speaks every language at once: each event keeps its words in every language the kit
speaks, so a seat reading Portuguese beside a seat reading English (the classroom), or a language
chosen in the middle of a game, each read the whole log in their own language."""

import random

import pytest

from gamekit import i18n
from gamekit.catalogs import looks_english
from gamekit.core import IllegalActionError, RandomAgent, StaleViewError, Table, game_info, register_game
from gamekit.core.registry import GameInfo
from gamekit.core.table import EVERYONE, Event, in_every_language
from gamekit.i18n import using_language

from tests.core import toy_games



class WordySwap(toy_games.SwapState):
    """Swap whose log and actions are worded in the language in force (as every real game's are):
    the seat that swapped reads the card it drew, in its own language; nobody else does."""

    game = "toy_wordy_swap"
    WORDS = {"en": ("{name} keeps their card", "{name} swaps", " and draws the {card}", "to keep",
                    "to swap"),
             "pt": ("{name} fica com a sua carta", "{name} troca", " e tira o {card}", "ficar", "trocar")}

    def _log_step(self, number, step, viewer, names):
        keeps, swaps, draws, _keep, _swap = self.WORDS[i18n.language()]
        player = (number - 1) % self.num_players
        line = (keeps if step.keep else swaps).format(name=names[player])
        if viewer == player and not step.keep:
            line += draws.format(card=self.drawn[number - 1])
        return [line]

    def describe_action(self, action) -> str:
        words = self.WORDS[i18n.language()]
        return words[3] if action.keep else words[4]


register_game("toy_wordy_swap", lambda players=2, *, seed=None: WordySwap(players, seed),
              GameInfo("toy_wordy_swap", "Swap", (2, 3), 2, simultaneous=False, hidden_information=True))


def played_swap(seed=3, moves=4):
    table = Table("toy_wordy_swap", [None, None], names=["Ana", "Bo"], seed=seed, shared_screen=False)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = table.waiting_for[0]
        table.submit(rng.choice(["keep", "swap"]), seat)
    return table


def test_every_event_carries_its_words_in_every_language():
    table = played_swap()
    for event in table.events:
        assert set(event.texts) == set(i18n.LANGUAGES)
        assert event.text == event.texts["en"]
        with using_language("pt"):
            assert event.text == event.texts["pt"]
    assert table.events[0].texts == {"en": "The game begins: Ana, Bo.", "pt": "Começa o jogo: Ana, Bo."}
    assert table.events[-1].kind == "over"
    assert table.events[-1].texts["pt"].startswith("Fim do jogo: ")
    assert not looks_english(table.events[-1].texts["pt"])


def test_a_portuguese_seat_and_an_english_seat_at_one_table_each_read_their_own_language():
    table = played_swap(seed=5, moves=4)
    english = table.view(0).log
    with using_language("pt"):
        portuguese = table.view(1).log
    assert english[0] == "The game begins: Ana, Bo." and portuguese[0] == "Começa o jogo: Ana, Bo."
    assert all("troca" in line or "fica" in line for line in portuguese[1:-1])
    assert all("swaps" in line or "keeps" in line for line in english[1:-1])
    with using_language("pt"):
        assert table.view(0).log == tuple(e.texts["pt"] for e in table.events if e.visible_to(0))


def test_a_secret_line_stays_with_its_seat_in_every_language():
    table = Table("toy_wordy_swap", [None, None], names=["Ana", "Bo"], seed=1, shared_screen=False)
    table.submit("swap", 0)
    drawn = table.state.drawn[0]
    for code, draws in (("en", f"Ana swaps and draws the {drawn}"), ("pt", f"Ana troca e tira o {drawn}")):
        with using_language(code):
            assert draws in table.log(0)
            assert not any(str(drawn) in line for line in table.log(1)[1:])
            assert not any(str(drawn) in line for line in table.log(None)[1:])
    secret = next(e for e in table.events if "draws" in e.texts["en"])
    assert secret.audience == frozenset({0}) and "tira" in secret.texts["pt"]


def test_a_language_chosen_mid_game_rewrites_the_whole_log_in_it():
    table = played_swap(seed=2, moves=2)
    before = table.log(None)
    i18n.set_language("pt")
    table.submit("keep", table.waiting_for[0])
    after = table.log(None)
    assert after[0] == "Começa o jogo: Ana, Bo."
    assert len(after) == len(before) + 1 and not set(before) & set(after)
    i18n.set_language("en")
    assert table.log(None)[:len(before)] == before


def test_a_secret_choice_is_told_in_words_in_each_language():
    table = Table("toy_high_card", [None, RandomAgent(seed=1), RandomAgent(seed=2)],
                  names=["Ana", "Bo", "Cy"],
                  seed=4, options={"cards": 3})
    with using_language("pt"):
        events = table.submit("pick 2", 0)
    chosen = [e for e in events if e.kind == "chosen" and e.seat == 0]
    assert [e.texts for e in chosen] == [{"en": "You chose pick 2.", "pt": "Escolheste pick 2."}]
    swap = Table("toy_wordy_swap", [None, None], names=["Ana", "Bo"], seed=1)
    assert swap.state.describe_action(toy_games.Swap(True)) == "to keep"
    with using_language("pt"):
        assert swap.state.describe_action(toy_games.Swap(True)) == "ficar"


def test_the_tables_refusals_speak_portuguese():
    table = Table("toy_nim", [None, None], names=["Ana", "Bo"], seed=1)
    with using_language("pt"):
        with pytest.raises(IllegalActionError) as refusal:
            table.submit("take 1", 1)
        assert refusal.value.reason == "não é a vez de Bo: o jogo está à espera de Ana"
        with pytest.raises(StaleViewError) as stale:
            table.submit("take 1", 0, version=table.version - 1)
        assert stale.value.reason.startswith("a mesa mudou desde que este ecrã foi desenhado")
        with pytest.raises(IllegalActionError, match="não há lugar 7: os lugares vão de 0 a 1"):
            table.submit("take 1", 7)
    with pytest.raises(IllegalActionError, match="it is not Bo's turn: the game waits for Ana"):
        table.submit("take 1", 1)


def test_hot_seat_and_computer_seat_refusals_speak_portuguese():
    table = Table("toy_swap", [None, None], names=["Ana", "Bo"], seed=1)
    with using_language("pt"):
        with pytest.raises(IllegalActionError, match="passa primeiro o ecrã a Ana"):
            table.submit("keep", 0)
        with pytest.raises(IllegalActionError, match="passa o ecrã a Ana, não a Bo"):
            table.take_screen(1)
    computer = Table("toy_nim", [RandomAgent, None], names=["Rui", "Ana"], seed=1)
    with using_language("pt"):
        with pytest.raises(IllegalActionError, match="o lugar de Rui é jogado pelo computador"):
            computer.submit("take 1", 0)


def test_the_base_protocols_words_speak_portuguese():
    state = toy_games.new_game(pile=2, seed=1)
    with using_language("pt"):
        assert state.why_illegal("take 1", 1, names=["Ana", "Bo"]) == "não é a vez de Bo"
        assert state.explain("take 1", 1).startswith("Ilegal: não é a vez de jogador 1")
        with pytest.raises(IllegalActionError, match="não há jogador 5: os lugares vão de 0 a 1"):
            state.legal_actions(5)
        state.apply("take 2")
        assert state.outcome(["Ana", "Bo"]).reason == "Ana ganha"
        with pytest.raises(IllegalActionError, match="o jogo acabou: já ninguém pode jogar"):
            state.apply("take 1")
    assert state.outcome(["Ana", "Bo"]).reason == "Ana wins"


def test_a_portuguese_table_names_its_unnamed_seats_in_portuguese():
    with using_language("pt"):
        table = Table("toy_nim", [None, RandomAgent], seed=1)
    assert table.names == ("Jogador 1", "Computador 2")
    assert Table("toy_nim", [None, RandomAgent], seed=1).names == ("Player 1", "Computer 2")


def test_an_agent_that_fails_is_told_in_each_language():
    class Broken:
        name = "broken"

        def act(self, observation, legal_actions):
            raise RuntimeError("no")

    table = Table("toy_nim", [None, Broken()], names=["Ana", "Bo"], seed=1)
    table.submit("take 1", 0)
    error = table.events[-1]
    assert error.kind == "agent_error"
    assert error.texts["pt"] == ("Bo não conseguiu jogar, por isso o jogo está à espera (dá o lugar a "
                                 "outro jogador ou agente).")
    with using_language("pt"):
        assert table.view(0).problem == "o jogo está à espera: um agente não conseguiu jogar"


def test_an_event_made_from_one_string_reads_the_same_in_every_language():
    event = Event(1, "step", "1. take 2")
    assert event.texts == dict.fromkeys(i18n.LANGUAGES, "1. take 2") and event.audience is EVERYONE
    with using_language("pt"):
        assert event.text == "1. take 2"
    assert hash(event) == hash(Event(1, "step", "other words"))  # hashable, by its place in the log
    assert in_every_language(lambda: i18n.language()) == {code: code for code in i18n.LANGUAGES}


REAL_GAMES = [("milhoes", {}), ("lost_cities", {"players": 4}), ("stratego", {}), ("brief_history", {"players": 3})]


def agents_game(game: str, options: dict, seed: int, read_as_it_goes: bool) -> list[dict]:
    """A seeded game between agents, its log read in Portuguese after every few steps (as a
    Portuguese seat would) or only at the end: each step event's words in both languages."""
    players = options.get("players", game_info(game).default_seats)
    table = Table(game, [RandomAgent(seed=seed + p) for p in range(players)], seed=seed, options=options)
    while not table.state.is_terminal and len(table.state.history) < 300:
        table.advance(max_steps=7)
        if read_as_it_goes:
            with using_language("pt"):
                table.view(0).log
    return [dict(event.texts) for event in table.events if event.kind == "step"]


@pytest.mark.parametrize("game, options", REAL_GAMES, ids=[game for game, _ in REAL_GAMES])
def test_a_line_said_later_in_another_language_reads_as_one_said_at_once(game, options):
    """The table says a log line in Portuguese when someone first reads it there: read during the
    game or only after it, every line reads the same."""
    assert agents_game(game, options, 4, True) == agents_game(game, options, 4, False)


@pytest.mark.parametrize("game, options", REAL_GAMES, ids=[game for game, _ in REAL_GAMES])
def test_each_seat_reads_the_whole_games_log_as_the_game_tells_it(game, options):
    """The table reads the new steps once for the public and again only for the seats the game
    says may read more: each seat's lines are still exactly the game's own log for that seat."""
    players = options.get("players", game_info(game).default_seats)
    table = Table(game, [RandomAgent(seed=p) for p in range(players)], seed=9, options=options)
    while not table.state.is_terminal and len(table.state.history) < 300:
        table.advance(max_steps=5)
    names = table.names
    for code in i18n.LANGUAGES:
        with using_language(code):
            for viewer in (None, *range(players)):
                told = [event.text for event in table.events if event.kind == "step" and event.visible_to(viewer)]
                assert told == table.state.log_lines(viewer, names=names), (code, viewer)
