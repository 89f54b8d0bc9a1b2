"""The Epoch around the empire turns: Allocation (the drafts of Empire and Event cards, the call
of each empire) and the Conclusion (the gold track's shared spaces, the Bonus tokens, the next Epoch).

:class:`Allocation` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState`.
"""

from __future__ import annotations

from gamekit.i18n import N_, translations

from .cards import EventCard
from .expansion import EmpireTurn
from .words import Listed, Sentence

_, ngettext, pgettext = translations("brief_history")

TRACK = 100  # the gold track wraps at 100; gold itself keeps counting
BONUS_PER_EPOCH = 3


class Allocation:
    """The start and the end of an Epoch."""

    # --- Allocation --------------------------------------------------------------------------------
    def _start_epoch(self) -> None:
        self.epoch += 1
        dealt = self.chart[self.epoch]
        self.packets = {"empire": list(dealt["empires"]), "event": list(dealt["events"]), "bonus": []}
        ranking = self.ranking()
        n = self.colours
        # The last takes the Empire cards while the leader takes the Events; both packets move on
        # together. A colour in the middle of an odd ranking picks its Empire first (kit decision).
        self.queue = [pick for k in range(n) for pick in ((ranking[n - 1 - k], "empire"), (ranking[k], "event"))]
        self.phase = "draft"
        self._say(N_("Epoch {epoch} begins; Area values: {values}"), epoch=self.epoch,
                  values=Listed(Sentence.of(N_("{area} {value}"), area=a, value=v) for a, v in self.area_values().items() if v))
        self._advance()

    def _take(self, action) -> None:
        colour, kind = self.queue.pop(0)
        if kind == "empire":
            self.packets["empire"].remove(action.card)
            self.empire_hand[colour].append(action.card)
        else:
            card = next(e for e in self.packets["event"] if e.name == action.card)
            self.packets["event"].remove(card)
            self.events_held[colour].append(card)
        self._say(N_("colour {colour} keeps an Empire card") if kind == "empire"
                  else N_("colour {colour} keeps an Event card"), colour=colour)
        self._tell(colour, Sentence.of(N_("colour {colour} keeps {card}"), colour=colour, card=action.card))
        if kind == "event" and self._cannot_pay(colour, card):  # warned while the turn is still to come
            self._tell(colour, self._unpayable_words(colour, card))

    def _start_turns(self) -> None:
        holders = {card: c for c in range(self.colours) for card in self.empire_hand[c]}
        self.turns = [(card.name, index) for card in self.cards.empire_cards_of(self.epoch)
                      if card.name in holders for index in range(len(card.empires))]
        for colour in sorted(set(holders.values())):
            self._warn_red_cards(colour)
        self._next_empire()

    def red_cards_due(self, colour: int) -> list[EventCard]:
        """``colour``'s red Event cards that establishing its next empire this Epoch will lose."""
        return [e for e in self.events_held[colour] if e.colour == "red" and self.epoch >= e.epoch + e.late]

    def _warn_red_cards(self, colour: int) -> None:
        """Tell the holder (only) which red Events must be played at the start of their empire turn."""
        for card in self.red_cards_due(colour):
            if self._cannot_pay(colour, card):
                self._tell(colour, self._unpayable_words(colour, card))
            else:
                self._tell(colour, Sentence.of(N_("colour {colour}: play {card} ({cost} gold) at the start of your empire "
                                                  "turn this Epoch, before establishing, or it is lost"),
                                               colour=colour, card=card.name, cost=card.cost))

    def _cannot_pay(self, colour: int, card: EventCard) -> bool:
        """A red Event due this Epoch that ``colour`` cannot pay for when it must be played: gold
        comes only at the end of the holder's own empire turn, after the start when red Events are played."""
        return card.colour == "red" and self.epoch >= card.epoch + card.late and card.cost > self.gold[colour]

    def _unpayable_words(self, colour: int, card: EventCard) -> tuple:
        return Sentence.of(N_("colour {colour}: {card} costs {cost} gold and you have {gold}: it cannot "
                       "be played at the start of your empire turn this Epoch, so it is lost then, unplayed"),
                           colour=colour, card=card.name, cost=card.cost, gold=self.gold[colour])

    def _next_empire(self) -> None:
        if not self.turns:
            self._conclude()
            return
        name, index = self.turns.pop(0)
        colour = next(c for c in range(self.colours) if name in self.empire_hand[c])
        spec = self.cards.empire_card(name).empires[index]
        self.turn = EmpireTurn(colour, name, spec)
        self.in_play = None
        self._say(N_("{empire} (colour {colour}) are called"), empire=spec.name, colour=colour)
        self.phase = "start"
        if index > 0:  # the second empire of a card (the Aztecs) follows at once: red Events came before the first
            self._establish()

    # --- the Conclusion ------------------------------------------------------------------------------
    def _conclude(self) -> None:
        self.turn = None
        self._adjust_track()
        ranking = self.ranking()
        self.packets["bonus"] = list(self.chart[self.epoch]["bonus"])
        self.queue = [(c, "bonus") for c in ranking[:BONUS_PER_EPOCH]]
        self.phase = "bonus"

    def _adjust_track(self) -> None:
        """Markers sharing a space move on to the next free space, the lowest shared space first;
        the bottom marker stays and the ones above keep their order."""
        while True:
            spaces: dict[int, list[int]] = {}
            for c in range(self.colours):
                spaces.setdefault(self.gold[c], []).append(c)
            shared = sorted(s for s, cs in spaces.items() if len(cs) > 1)
            if not shared:
                return
            space = shared[0]
            stack = sorted(spaces[space], key=lambda c: self.arrival[c])
            taken = set(spaces)
            free = space
            for c in stack[1:]:
                while free in taken:
                    free += 1
                taken.add(free)
                self._say(N_("colour {colour} moves off a shared space: {before} -> {after} gold"),
                          colour=c, before=self.gold[c], after=free)
                self.gold[c] = free

    def _keep_bonus(self, value: int) -> None:
        colour, _kind = self.queue.pop(0)
        self.packets["bonus"].remove(value)
        self.bonus_held[colour].append(value)
        self._say(N_("colour {colour} keeps a Bonus token"), colour=colour)

    def _end_epoch(self) -> None:
        self.packets["bonus"] = []
        if self.epoch == self.cards_epochs():
            self.phase = "over"
            self._say(N_("the game is over: Bonus tokens are added to gold"))
            return
        for hand in self.empire_hand:
            hand.clear()
        self._start_epoch()
