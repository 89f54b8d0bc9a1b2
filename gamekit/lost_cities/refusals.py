"""Why a Lost Cities action is refused, in a sentence for a student, and what a legal one does.

:class:`Refusals` is a part of :class:`~gamekit.lost_cities.rules.LostCitiesState` (its base
class), kept in its own room: ``_illegal_reason(action, player)`` answers ``None`` for a legal
action (one lookup in the mover's menu) and the reason otherwise.
"""

from __future__ import annotations

from gamekit.core import seat_name

from .actions import _DRAW, _MALFORMED, _PASS, STEPS, Action, _malformed
from .cards import WAGER
from .options import KEEP_AFTER_PASS

_PLAY_STEP, _DRAW_STEP, _PASS_STEP = STEPS


class Refusals:
    """The reasons. The state provides the position (``hands``, ``expeditions``, ``discards``,
    ``deck``), the step, the mover's menu ``_legal`` and the stall counter."""

    __slots__ = ()

    def _illegal_reason(self, action: Action, player: int) -> str | None:
        shape = action._shape
        if action in self._legal:  # ``player`` is the mover (GameState has checked)
            return None
        if shape == _PASS:
            return self._pass_problem(action.cards, player)
        return self._refusal(action, player)

    def _pass_problem(self, cards: tuple, player: int) -> str | None:
        """Why passing ``cards`` is not allowed now (None when it is)."""
        if not self.teams:
            return "passing cards to a partner belongs to the four-player partnership game"
        hand = self.hands[player]
        if self.pass_timing == "instead":
            if not cards:
                return "'pass nothing' declines a pass after a turn; here a pass replaces a turn, so play, discard or pass two cards"
            if self.step != _PLAY_STEP:
                return "a pass replaces a whole turn: you have started this turn, so now draw a card"
            if self._stall >= self._stall_limit:
                return self._stall_reason("play or discard a card now, then draw from the deck")
        elif self.step != _PASS_STEP:
            when = "draw a card first" if self.step == _DRAW_STEP else "play or discard a card and draw first"
            return f"in this game partners pass after a normal turn: {when}"
        if not cards:
            return None
        first, second = cards
        if first == second:
            if hand.count(first) < 2:
                return f"you do not hold two of the {first}"
        elif first not in hand or second not in hand:
            return f"you do not hold the {first if first not in hand else second}"
        if len(hand) - 2 < KEEP_AFTER_PASS:
            return (f"passing two cards would leave you with {len(hand) - 2}: "
                    f"a player never passes below {KEEP_AFTER_PASS} cards in hand")
        return None

    def _refusal(self, action: Action, player: int) -> str:
        """The plain-words reason an action is refused (the fast checks have already said no)."""
        shape = action._shape
        step = self.step
        if shape == _MALFORMED:
            return _malformed(action, self.colours)
        if step == _PASS_STEP:
            return "you have drawn: now pass two cards to your partner, or 'pass nothing'"
        if shape == _DRAW:
            if step == _PLAY_STEP:
                return "first play or discard a card, then draw"
            source = action.source
            if source != "deck" and source not in self.discards:
                return f"there is no {source} pile in the {len(self.colours)}-colour game"
            if not self.discards[source]:
                return f"the {source} discard pile is empty"
            if self._stall >= self._stall_limit and action._shape == _DRAW and self._blocked != source:
                return self._stall_reason("draw from the deck now")
            return (f"the {self.discards[source][-1]} was just discarded: you may not take back the card "
                    "you discarded this turn")
        card = action.card
        if card.colour not in self.colours:
            return f"there is no {card.colour} expedition in the {len(self.colours)}-colour game"
        if step == _DRAW_STEP:
            return f"{self._done_this_turn()}: now draw from the deck or the top of a discard pile"
        if card not in self.hands[player]:
            return f"you do not hold the {card}"
        row = self.expeditions[self._side[player]][card.colour]
        last = next(c for c in reversed(row) if c.value != WAGER)
        whose = "your team's" if self.teams else "your"
        if card.value == WAGER:
            return (f"a wager can only start an expedition: {whose} {card.colour} expedition already has "
                    f"a number (the {last})")
        if card.value == last.value:
            return (f"the {card} cannot follow the {last}: numbers must rise strictly, two equal numbers "
                    "never share an expedition")
        return f"the {card} cannot follow the {last}: the numbers of an expedition must rise"

    def _stall_reason(self, what: str) -> str:
        turns = f"{self._stall} turn{'s' if self._stall != 1 else ''}"
        return f"nobody has drawn from the deck for {turns} in a row: so that the round can end, {what}"

    def _done_this_turn(self) -> str:
        """What the mover did at this turn's play step, in words (at the draw step)."""
        blocked = self._blocked
        if blocked is not None:
            return f"you have discarded the {self.discards[blocked][-1]} this turn"
        last = self.history[-1] if self.history else None
        if last is not None and last.kind == "play":
            return f"you have played the {last.card} this turn"
        return "you have played a card this turn"

    def _describe_legal(self, action: Action, player: int, names=None) -> str:
        who, kind = seat_name(player, names), action.kind
        if kind == "play":
            row = self.expeditions[self._side[player]][action.card.colour]
            where = f"after the {row[-1]}" if row else "starting the expedition"
            return f"{who} may play the {action.card} to the {action.card.colour} expedition, {where}"
        if kind == "discard":
            return f"{who} may discard the {action.card} on the {action.card.colour} pile"
        if kind == "draw":
            if action.source == "deck":
                return f"{who} may draw the top card of the deck ({len(self.deck)} left)"
            return f"{who} may take the {self.discards[action.source][-1]} from the {action.source} pile"
        if not action.cards:
            return f"{who} may keep all their cards"
        return f"{who} may pass the {' and the '.join(map(str, action.cards))} to their partner"
