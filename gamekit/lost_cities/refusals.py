"""Why a Lost Cities action is refused, in a sentence for a student, and what a legal one does.

:class:`Refusals` is a part of :class:`~gamekit.lost_cities.rules.LostCitiesState` (its base
class), kept in its own room: ``_illegal_reason(action, player)`` answers ``None`` for a legal
action (one lookup in the mover's menu) and the reason otherwise.
"""

from __future__ import annotations

from gamekit.core import seat_name
from gamekit.i18n import N_, translations

from .actions import _DRAW, _MALFORMED, _PASS, STEPS, Action, _malformed
from .cards import WAGER, colour_name, the_card
from .options import KEEP_AFTER_PASS

_, ngettext, pgettext = translations("lost_cities")

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
            return _("passing cards to a partner belongs to the four-player partnership game")
        hand = self.hands[player]
        if self.pass_timing == "instead":
            if not cards:
                return _("'pass nothing' declines a pass after a turn; here a pass replaces a turn, "
                         "so play, discard or pass two cards")
            if self.step != _PLAY_STEP:
                return _("a pass replaces a whole turn: you have started this turn, so now draw a card")
            if self._stall >= self._stall_limit:
                return self._stall_reason(_PLAY_THEN_DRAW_DECK)
        elif self.step != _PASS_STEP:
            if self.step == _DRAW_STEP:
                return _("in this game partners pass after a normal turn: draw a card first")
            return _("in this game partners pass after a normal turn: play or discard a card and draw first")
        if not cards:
            return None
        first, second = cards
        if first == second:
            if hand.count(first) < 2:
                return _("you do not hold two of {card}").format(card=the_card(first))
        elif first not in hand or second not in hand:
            return _("you do not hold {card}").format(card=the_card(first if first not in hand else second))
        if len(hand) - 2 < KEEP_AFTER_PASS:
            return _("passing two cards would leave you with {left}: a player never passes below {keep} "
                     "cards in hand").format(left=len(hand) - 2, keep=KEEP_AFTER_PASS)
        return None

    def _refusal(self, action: Action, player: int) -> str:
        """The plain-words reason an action is refused (the fast checks have already said no)."""
        shape = action._shape
        step = self.step
        if shape == _MALFORMED:
            return _malformed(action, self.colours)
        if step == _PASS_STEP:
            return _("you have drawn: now pass two cards to your partner, or 'pass nothing'")
        if shape == _DRAW:
            if step == _PLAY_STEP:
                return _("first play or discard a card, then draw")
            source = action.source
            if source != "deck" and source not in self.discards:
                return _("there is no {colour} pile in the {count}-colour game").format(
                    colour=colour_name(source), count=len(self.colours))
            if not self.discards[source]:
                return _("the {colour} discard pile is empty").format(colour=colour_name(source))
            if self._stall >= self._stall_limit and action._shape == _DRAW and self._blocked != source:
                return self._stall_reason(_DRAW_DECK_NOW)
            return _("{card} was just discarded: you may not take back the card you discarded this "
                     "turn").format(card=the_card(self.discards[source][-1]))
        card = action.card
        if card.colour not in self.colours:
            return _("there is no {colour} expedition in the {count}-colour game").format(
                colour=colour_name(card.colour), count=len(self.colours))
        if step == _DRAW_STEP:
            return self._done_this_turn()
        if card not in self.hands[player]:
            return _("you do not hold {card}").format(card=the_card(card))
        row = self.expeditions[self._side[player]][card.colour]
        last = next(c for c in reversed(row) if c.value != WAGER)
        if card.value == WAGER:
            text = (_("a wager can only start an expedition: your team's {colour} expedition already has a "
                      "number ({last})") if self.teams else
                    _("a wager can only start an expedition: your {colour} expedition already has a "
                      "number ({last})"))
            return text.format(colour=colour_name(card.colour), last=the_card(last))
        if card.value == last.value:
            return _("{card} cannot follow {last}: numbers must rise strictly, two equal numbers never share "
                     "an expedition").format(card=the_card(card), last=the_card(last))
        return _("{card} cannot follow {last}: the numbers of an expedition must rise").format(
            card=the_card(card), last=the_card(last))

    def _stall_reason(self, what: str) -> str:
        return ngettext("nobody has drawn from the deck for {turns} turn in a row: so that the round "
                        "can end, {what}",
                        "nobody has drawn from the deck for {turns} turns in a row: so that the round "
                        "can end, {what}", self._stall).format(turns=self._stall, what=_(what))

    def _done_this_turn(self) -> str:
        """Why the mover must draw now: what it did at this turn's play step, in words."""
        blocked = self._blocked
        if blocked is not None:
            return _("you have discarded {card} this turn: now draw from the deck or the top of a discard "
                     "pile").format(card=the_card(self.discards[blocked][-1]))
        last = self.history[-1] if self.history else None
        if last is not None and last.kind == "play":
            return _("you have played {card} this turn: now draw from the deck or the top of a discard "
                     "pile").format(card=the_card(last.card))
        return _("you have played a card this turn: now draw from the deck or the top of a discard pile")

    def _describe_legal(self, action: Action, player: int, names=None) -> str:
        who, kind = seat_name(player, names), action.kind
        if kind in ("play", "discard"):
            card, colour = the_card(action.card), colour_name(action.card.colour)
            if kind == "discard":
                return _("{name} may discard {card} on the {colour} pile").format(
                    name=who, card=card, colour=colour)
            row = self.expeditions[self._side[player]][action.card.colour]
            if row:
                return _("{name} may play {card} to the {colour} expedition, after {last}").format(
                    name=who, card=card, colour=colour, last=the_card(row[-1]))
            return _("{name} may play {card} to the {colour} expedition, starting the expedition").format(
                name=who, card=card, colour=colour)
        if kind == "draw":
            if action.source == "deck":
                return _("{name} may draw the top card of the deck ({count} left)").format(
                    name=who, count=len(self.deck))
            return _("{name} may take {card} from the {colour} pile").format(
                name=who, card=the_card(self.discards[action.source][-1]), colour=colour_name(action.source))
        if not action.cards:
            return _("{name} may keep all their cards").format(name=who)
        first, second = action.cards
        return _("{name} may pass {first} and {second} to their partner").format(
            name=who, first=the_card(first), second=the_card(second))


_PLAY_THEN_DRAW_DECK = N_("play or discard a card now, then draw from the deck")
_DRAW_DECK_NOW = N_("draw from the deck now")
