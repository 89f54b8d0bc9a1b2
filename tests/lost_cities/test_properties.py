"""Thousands of seeded random games against an independent referee, fuzzed illegal input and
JSON round trips, for each variant: two players, four in partnerships, six colours."""

import json
import random
from collections import Counter
from itertools import chain

import pytest

from gamekit.core import IllegalActionError, RecordError, load, save
from gamekit.lost_cities import Action, Card, new_game

COLOUR_ORDER = ["yellow", "blue", "white", "green", "red", "purple"]


def value_of(text: str) -> int:
    word = text.split()[1]
    return 0 if word == "wager" else int(word)


def order_of(text: str) -> tuple:
    return COLOUR_ORDER.index(text.split()[0]), value_of(text)


def full_deck(players: int, colours: int) -> Counter:
    extra = [2, 3, 4] if players == 4 else []
    return Counter(f"{colour} {'wager' if v == 0 else v}" for colour in COLOUR_ORDER[:colours]
                   for v in [0, 0, 0] + list(range(2, 11)) + extra)


def expedition_points(row: list) -> int:
    if not row:
        return 0
    numbers = [value_of(card) for card in row if value_of(card)]
    wagers = len(row) - len(numbers)
    return (sum(numbers) - 20) * (wagers + 1) + (20 if len(row) >= 8 else 0)


class Referee:
    """One round of the rules again, written plainly from the digest with cards as text, sharing no
    code with the engine. ``check(text)`` says whether an action is legal; ``legal()`` lists all."""

    def __init__(self, state):
        self.players = state.num_players
        self.colours = list(state.colours)
        self.timing = state.options["pass_timing"] if self.players == 4 else None
        self.hands = [[str(card) for card in hand] for hand in state.hands]
        self.deck = [str(card) for card in state.deck]  # top last
        self.piles = {colour: [str(c) for c in pile] for colour, pile in state.discards.items()}
        self.rows = [{colour: [str(c) for c in row[colour]] for colour in self.colours} for row in state.expeditions]
        self.player, self.step, self.barred, self.over = state.current_player, "play", None, False
        # The kit's bound on a round: after ``limit`` turns in a row without a deck draw (passes
        # instead of a turn count), the next turn must draw from the deck.
        self.limit, self.turns_without_deck = state.options["stall_limit"] or 10**9, 0

    @property
    def stalled(self) -> bool:
        return self.turns_without_deck >= self.limit

    def playable(self, seat: int, card: str) -> bool:
        numbers = [value_of(c) for c in self.rows[seat % 2][card.split()[0]] if value_of(c)]
        if value_of(card) == 0:
            return not numbers
        return not numbers or value_of(card) > numbers[-1]

    def may_pass(self) -> bool:
        if self.players != 4 or len(self.hands[self.player]) < 8:
            return False
        if self.timing == "instead" and self.stalled:
            return False
        return self.step == ("play" if self.timing == "instead" else "pass")

    def legal(self) -> set:
        hand = self.hands[self.player]
        if self.step == "draw":
            if self.stalled:
                return {"draw deck"}
            return {"draw deck"} | {f"draw {c}" for c in self.colours if self.piles[c] and c != self.barred}
        out = {"pass nothing"} if self.step == "pass" else set()
        if self.step == "play":
            out |= {f"discard {card}" for card in hand}
            out |= {f"play {card}" for card in hand if self.playable(self.player, card)}
        if self.may_pass():
            for i, a in enumerate(hand):
                for b in hand[i + 1:]:
                    first, second = sorted([a, b], key=order_of)
                    out.add(f"pass {first} and {second}")
        return out

    def check(self, text: str) -> bool:
        """Is ``text`` legal now (checked directly, without listing everything)?"""
        words = text.split()
        hand = self.hands[self.player]
        if words[0] in ("play", "discard"):
            card = " ".join(words[1:])
            return self.step == "play" and card in hand and (words[0] == "discard" or self.playable(self.player, card))
        if words[0] == "draw":
            return self.step == "draw" and (words[1] == "deck" or (
                bool(self.piles[words[1]]) and words[1] != self.barred and not self.stalled))
        if text == "pass nothing":
            return self.step == "pass"
        first, second = text[5:].split(" and ")
        count = Counter(hand)
        count.subtract([first, second])
        return self.may_pass() and min(count.values()) >= 0

    def do(self, text: str) -> None:
        words = text.split()
        seat = self.player
        hand = self.hands[seat]
        if words[0] in ("play", "discard"):
            card = " ".join(words[1:])
            hand.remove(card)
            if words[0] == "play":
                self.rows[seat % 2][words[1]].append(card)
                self.barred = None
            else:
                self.piles[words[1]].append(card)
                self.barred = words[1]
            self.step = "draw"
            return
        if words[0] == "draw":
            hand.append(self.deck.pop() if words[1] == "deck" else self.piles[words[1]].pop())
            self.turns_without_deck = 0 if words[1] == "deck" else self.turns_without_deck + 1
            if not self.deck:
                self.over = True
            elif self.timing == "after" and len(hand) >= 8:
                self.step = "pass"
            else:
                self.player, self.step = (seat + 1) % self.players, "play"
            return
        if text != "pass nothing":
            for card in text[5:].split(" and "):
                hand.remove(card)
                self.hands[(seat + 2) % 4].append(card)
        if self.timing == "instead":
            self.turns_without_deck += 1
        self.player, self.step = (seat + 1) % self.players, "play"

    def points(self) -> list:
        return [sum(expedition_points(row[c]) for c in self.colours) for row in self.rows]

    def cards(self) -> Counter:
        everything = [*chain(*self.hands), *self.deck, *chain(*self.piles.values())]
        return Counter(everything + [card for row in self.rows for cards in row.values() for card in cards])


VARIANTS = {
    "2 players": {"players": 2},
    "4 players, pass instead": {"players": 4, "pass_timing": "instead"},
    "4 players, pass after": {"players": 4, "pass_timing": "after"},
    "6 colours": {"players": 2, "colours": 6},
    "2 players, stall limit 3": {"players": 2, "stall_limit": 3},
    "4 players, pass instead, stall limit 5": {"players": 4, "pass_timing": "instead", "stall_limit": 5},
}


def play_and_referee(seed: int, options: dict, lockstep: bool):
    """Play one seeded random game, every action checked by the referee; at every round end the
    referee's cards, points and totals must match the engine's."""
    rng = random.Random(seed)
    rounds = 1 if seed % 4 else 3
    state = new_game(seed=seed, rounds=rounds, **options)
    referee = Referee(state)
    totals = [0, 0]
    deck = full_deck(state.num_players, len(state.colours))
    assert referee.cards() == deck
    while not state.is_terminal:
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        if lockstep:
            assert set(map(str, legal)) == referee.legal()
        action = rng.choice(legal)
        text = str(action)
        assert referee.check(text), text
        round_number = state.round
        state.apply(action)
        referee.do(text)
        if state.round != round_number or state.is_terminal:  # a round was scored
            assert referee.over and referee.cards() == deck
            result = state.round_results[-1]
            for side in (0, 1):
                assert {c: list(map(str, cards)) for c, cards in result.expeditions[side].items()} == referee.rows[side]
            assert list(result.scores) == referee.points()
            totals = [totals[0] + referee.points()[0], totals[1] + referee.points()[1]]
            assert list(result.totals) == totals == state.totals
            if not state.is_terminal:
                referee = Referee(state)
                assert referee.cards() == deck and all(len(h) == state.hand_size for h in state.hands)
        elif lockstep or len(state.history) % 50 == 0:
            assert [[str(c) for c in hand] for hand in state.hands] == referee.hands
            assert [str(c) for c in state.deck] == referee.deck
    assert state.totals == totals and len(state.round_results) == rounds
    best = max(totals)
    assert state.winners() == [seat for seat in range(state.num_players) if totals[seat % 2] == best]
    assert state.scores() == [totals[seat % 2] for seat in range(state.num_players)]
    return state


def options_for(variant: str, seed: int) -> dict:
    """The variant's options; "4 players" alternates passing instead of and after a turn."""
    if variant == "4 players":
        return VARIANTS["4 players, pass instead" if seed % 2 else "4 players, pass after"]
    return VARIANTS[variant]


@pytest.mark.parametrize("variant", ["2 players", "4 players", "6 colours"])
@pytest.mark.parametrize("block", range(2))
def test_a_thousand_random_games_per_variant_agree_with_the_referee(variant, block):
    for seed in range(block * 500, block * 500 + 500):
        play_and_referee(seed, options_for(variant, seed), lockstep=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_equal_the_referees_list_at_every_step(variant):
    for seed in range(10_000, 10_025):
        play_and_referee(seed, VARIANTS[variant], lockstep=True)


def test_the_property_games_exercise_the_rare_rules():
    seen = Counter()
    for seed in range(200):
        state = play_and_referee(seed, VARIANTS["2 players" if seed % 2 else "4 players, pass after"], lockstep=False)
        for action in state.history:
            seen[action.kind] += 1
            if action.kind == "play" and action.card.value == 0:
                seen["wager"] += 1
            if action.kind == "pass" and not action.cards:
                seen["pass nothing"] += 1
        for result in state.round_results:
            for row in result.expeditions:
                for cards in row.values():
                    seen["bonus"] += len(cards) >= 8
                    seen["double wager"] += sum(c.value == 0 for c in cards) >= 2
    assert all(seen[key] > 0 for key in ["play", "discard", "draw", "pass", "wager", "pass nothing", "double wager"])


# --- fuzzing ------------------------------------------------------------------------------------
def freeze(value):
    """A comparable copy of (nested) state data; cards and actions are shared values already."""
    if type(value) is list and (not value or type(value[0]) in (Card, Action)):
        return tuple(value)
    if isinstance(value, dict):
        return tuple((key, freeze(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, random.Random):
        return value.getstate()
    return value


def snapshot(state):
    """Everything the state holds, its random generator's state included."""
    return freeze(vars(state))


WORDS = ["play", "discard", "draw", "pass", "red", "blue", "purple", "pink", "7", "1", "11", "0", "wager",
         "deck", "and", "nothing", "from", "the", "", "-3", "٣", "Red", "x"]
JUNK = [None, 7, -1, 3.5, True, "", "red 7", b"play red 7", [], {}, (), ("red", 7), [Card("red", 7)], object(),
        Card("red", 7), Card("purple", 2), (Card("red", 7),), (Card("red", 7), Card("blue", 3), Card("white", 4)),
        ("deck",), "deck", "sea", "green", 0]


def random_illegal(rng, state):
    """Something to offer ``apply`` that should be refused (None if it came out legal)."""
    legal = state.legal_actions(state.current_player) if not state.is_terminal else []
    kind = rng.randrange(6)
    if kind == 0:
        offer = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5)))
    elif kind == 1:
        card = rng.choice([str(c) for c in state._full_deck] + ["purple 5", "red 11", "red 1"])
        offer = rng.choice([f"play {card}", f"discard {card}", f"draw {card.split()[0]}", "draw deck",
                            f"pass {card} and {rng.choice(['red 2', 'blue wager', card])}", "pass nothing"])
    elif kind == 2:
        offer = Action(rng.choice(["play", "discard", "draw", "pass", "jump", 5, None]), rng.choice(JUNK),
                       rng.choice(JUNK + [None] * 5), rng.choice(JUNK + [None] * 5))
    elif kind == 3:
        offer = rng.choice(JUNK)
    elif kind == 4:  # a legal action of another step of the turn
        other = state.clone()
        if other.is_terminal:
            return None
        other.apply(rng.choice(legal))
        if other.is_terminal:
            return None
        offer = rng.choice(other.legal_actions(other.current_player))
    else:  # a real action with its text mangled
        if not legal:
            return None
        text = str(rng.choice(legal))
        offer = text.replace(rng.choice(text.split()), rng.choice(WORDS), 1)
    if isinstance(offer, Action) and offer in legal:
        return None
    if isinstance(offer, str):
        try:
            if state._coerce(offer) in legal:
                return None
        except IllegalActionError:
            pass
    return offer


def fuzz_states(rng):
    for seed in range(40):
        options = list(VARIANTS.values())[seed % 4]
        state = new_game(seed=seed, rounds=rng.choice([1, 2]), **options)
        stops = sorted(rng.sample(range(400), 6))
        step = 0
        while not state.is_terminal:
            if stops and step == stops[0]:
                stops.pop(0)
                yield state
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


def test_ten_thousand_illegal_or_malformed_actions_are_refused_and_change_nothing():
    rng = random.Random(2024)
    refusals = 0
    states = list(fuzz_states(rng))
    while refusals < 10_000:
        state = rng.choice(states)
        offer = random_illegal(rng, state)
        if offer is None:
            continue
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as refusal:
            state.apply(offer)
        assert refusal.value.reason and isinstance(refusal.value.reason, str)
        assert state.explain(offer).startswith("Illegal") if not isinstance(offer, (list, dict)) else True
        assert snapshot(state) == before
        refusals += 1


# --- records -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_json_records_round_trip_mid_game_and_at_the_end(variant):
    rng = random.Random(7)
    for seed in range(25):
        state = new_game(seed=seed, rounds=2, **VARIANTS[variant])
        stop = rng.randrange(600)
        while not state.is_terminal and len(state.history) < stop:
            state.apply(rng.choice(state.legal_actions()))
        text = save(state)
        again = load(text)
        assert save(again) == text and again.history == state.history
        assert again.hands == state.hands and again.deck == state.deck and again.discards == state.discards
        assert again.expeditions == state.expeditions and again.totals == state.totals
        assert again.current_player == state.current_player and again.step == state.step
        if state.is_terminal:
            assert json.loads(text)["result"] == {"scores": state.scores(), "winners": state.winners()}


def test_a_record_with_a_position_replays_and_a_tampered_one_is_refused():
    state = new_game(seed=3, rounds=1, position={
        "hands": [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
                  ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]],
        "discards": {"green": ["green 7"]}, "deck": ["red 5"]})
    for text in ["play red wager", "draw green", "discard red 2", "draw deck"]:
        state.apply(text)
    assert save(load(save(state))) == save(state) and Card("red", 5) in state.hands[1]
    data = json.loads(save(state))
    data["actions"][2] = "play red 9"  # not player 1's card
    with pytest.raises(RecordError, match="step 3"):
        load(json.dumps(data))
