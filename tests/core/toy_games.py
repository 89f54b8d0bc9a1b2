"""Tiny games for testing the core (protocol, table) without any real game's rules.

Nim with one pile: players take 1..3 stones in turn; whoever takes the last stone wins (no
secrets). High card: simultaneous secret picks. Swap: sequential turns with a secret card each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamekit.core import (
    SIMULTANEOUS,
    TERMINAL,
    GameInfo,
    GameState,
    IllegalActionError,
    make_rng,
    register_game,
)


@dataclass(frozen=True, order=True)
class Take:
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


class NimState(GameState):
    game = "toy_nim"
    action_type = Take

    def __init__(self, pile: int, seed: int | None):
        rng, seed = make_rng(seed)
        super().__init__(num_players=2, seed=seed, options={"pile": pile})
        self.pile = pile
        self.to_move = 0
        self.last_taker = None

    def _current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def _legal_actions(self, player: int) -> list:
        return [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def _illegal_reason(self, action, player):
        if not isinstance(action.stones, int) or not 1 <= action.stones <= 3:
            return "you take 1, 2 or 3 stones"
        if action.stones > self.pile:
            return f"only {self.pile} stones are left"
        return None

    def _apply(self, action) -> None:
        self.pile -= action.stones
        self.last_taker = self.to_move
        self.to_move = 1 - self.to_move

    def _parse_action(self, text: str):
        match = re.fullmatch(r"take (\d+)", text)
        if not match:
            raise IllegalActionError(f"{text!r} is not a Nim action: say 'take 2'")
        return Take(int(match.group(1)))

    def scores(self) -> list:
        if not self.is_terminal:
            return [0, 0]
        return [1 if p == self.last_taker else 0 for p in range(2)]

    def winners(self) -> list[int]:
        return [self.last_taker] if self.is_terminal else []

    def observation(self, player: int):
        return {"pile": self.pile, "player": player}


def new_game(pile: int = 7, *, seed: int | None = None) -> NimState:
    if not isinstance(pile, int) or isinstance(pile, bool) or pile < 1:
        raise ValueError(f"the pile must be a positive whole number, not {pile!r}")
    return NimState(pile, seed)


register_game("toy_nim", new_game,
              GameInfo("toy_nim", "Nim", (2,), 2, simultaneous=False, hidden_information=False,
                       options={"pile": "stones in the pile"}))


# --- a simultaneous game with secrets --------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Pick:
    card: int

    def __str__(self) -> str:
        return f"pick {self.card}"


class HighCardState(GameState):
    """Each player holds the cards 1..``cards``; every round all pick one at once, in secret; the
    highest card takes a point (a tie takes nothing). Cards are used once. A seat sees its own
    hand only, and the cards already played by everyone."""

    game = "toy_high_card"
    action_type = Pick

    def __init__(self, players: int, cards: int, seed: int | None):
        rng, seed = make_rng(seed)
        super().__init__(num_players=players, seed=seed, options={"players": players, "cards": cards})
        self.hands = [list(range(1, cards + 1)) for _ in range(players)]
        self.points = [0] * players
        self.cards = cards

    def _current_player(self) -> int:
        return TERMINAL if not self.hands[0] else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list:
        return [Pick(card) for card in self.hands[player]]

    def _illegal_reason(self, action, player):
        if action.card not in self.hands[player]:
            return f"you do not hold the card {action.card}"
        return None

    def _apply_joint(self, actions: dict) -> None:
        cards = [actions[p].card for p in range(self.num_players)]
        for player, card in enumerate(cards):
            self.hands[player].remove(card)
        best = max(cards)
        if cards.count(best) == 1:
            self.points[cards.index(best)] += 1

    def _parse_action(self, text: str):
        match = re.fullmatch(r"pick (\d+)", text)
        if not match:
            raise IllegalActionError(f"{text!r} is not a High card action: say 'pick 2'")
        return Pick(int(match.group(1)))

    def scores(self) -> list:
        return list(self.points)

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        best = max(self.points)
        return [p for p, points in enumerate(self.points) if points == best]

    def observation(self, player: int):
        player = self._resolve_player(player)
        return {"player": player, "hand": tuple(self.hands[player]), "points": tuple(self.points)}

    def public_observation(self):
        return {"points": tuple(self.points), "cards_left": len(self.hands[0])}


def new_high_card(players: int = 3, *, cards: int = 4, seed: int | None = None) -> HighCardState:
    return HighCardState(players, cards, seed)


register_game("toy_high_card", new_high_card,
              GameInfo("toy_high_card", "High card", (2, 3, 4), 3, simultaneous=True,
                       hidden_information=True, options={"cards": "cards in each hand"}))


# --- a sequential game with secrets ----------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Swap:
    keep: bool

    def __str__(self) -> str:
        return "keep" if self.keep else "swap"


class SwapState(GameState):
    """Each player is dealt one secret card from 1..9; in turn, twice round the table, each keeps
    it or swaps it for the top card of the deck. The highest card wins. The log says who swapped,
    never which card anybody holds, and a seat's own log also tells it what it drew."""

    game = "toy_swap"
    action_type = Swap

    def __init__(self, players: int, seed: int | None):
        rng, seed = make_rng(seed)
        super().__init__(num_players=players, seed=seed, options={"players": players})
        deck = list(range(1, 10))
        rng.shuffle(deck)
        self.held = [deck.pop() for _ in range(players)]
        self.deck = deck
        self.drawn: list[int | None] = []  # the card each step drew (None: kept)
        self.turn = 0

    def _current_player(self) -> int:
        return TERMINAL if self.turn == 2 * self.num_players else self.turn % self.num_players

    def _legal_actions(self, player: int) -> list:
        return [Swap(False), Swap(True)]

    def _illegal_reason(self, action, player):
        return None if isinstance(action.keep, bool) else "say keep or swap"

    def _apply(self, action) -> None:
        player = self.turn % self.num_players
        if action.keep:
            self.drawn.append(None)
        else:
            self.held[player] = self.deck.pop()
            self.drawn.append(self.held[player])
        self.turn += 1

    def _log_step(self, number, step, viewer, names):
        player = (number - 1) % self.num_players
        name = names[player] if names else f"player {player}"
        line = f"{name} {'keeps their card' if step.keep else 'swaps'}"
        if viewer == player and not step.keep:
            line += f" and draws the {self.drawn[number - 1]}"
        return [line]

    def _parse_action(self, text: str):
        if text not in ("keep", "swap"):
            raise IllegalActionError(f"{text!r} is not a Swap action: say 'keep' or 'swap'")
        return Swap(text == "keep")

    def scores(self) -> list:
        return list(self.held) if self.is_terminal else [0] * self.num_players

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        best = max(self.held)
        return [p for p, card in enumerate(self.held) if card == best]

    def observation(self, player: int):
        player = self._resolve_player(player)
        return {"player": player, "card": self.held[player], "turn": self.turn}

    def public_observation(self):
        return {"turn": self.turn}


def new_swap(players: int = 2, *, seed: int | None = None) -> SwapState:
    return SwapState(players, seed)


register_game("toy_swap", new_swap,
              GameInfo("toy_swap", "Swap", (2, 3, 4), 2, simultaneous=False, hidden_information=True))
