"""A tiny sequential game for testing the core protocol without any real game's rules.

Nim with one pile: players take 1..3 stones in turn; whoever takes the last stone wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamekit.core import TERMINAL, GameState, IllegalActionError, make_rng, register_game


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


register_game("toy_nim", new_game)
