"""Why a Brief History action is illegal, in a sentence for a student, and what a legal one does.

:class:`Refusals` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState` (one of its
base classes), kept in its own room: the checks ``_why_not_place``, ``_why_not_play``, ... answer
``None`` for a legal action and the reason otherwise. ``rules.RULES``, the one dispatch, names each
action type's check; ``_phase_words`` says what the game is doing instead when an action belongs to
another phase, and ``_describe_legal`` what a legal action would do.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core import seat_name
from gamekit.i18n import N_, translations

from .actions import Continue, Establish, Place, TakeEmpire, TakeEvent, in_words
from .cards import EventCard
from .odds import MAX_INDICATOR, success_probability
from .words import _names_list, _no_territory, decimal, display_name, terrain_name

_, ngettext, pgettext = translations("brief_history")

# What the game is doing, for refusals of actions that belong to another phase (the draft says whose pick).
PHASE_WORDS = {"bonus": N_("the Bonus tokens are being shared out"),
               "start": N_("the empire has not been established yet (play a red Event or establish)"),
               "expand": N_("the empire is expanding"),
               "failed": N_("an invasion failed: continue or withdraw first"),
               "overrun": N_("you are spending over-run points: over-run or end the over-run first"),
               "monument": N_("a monument is waiting to be built or skipped")}


class Refusals:
    """The reasons. The state provides the position, the empire turn and the map."""

    # --- why not --------------------------------------------------------------------------------
    def _phase_words(self) -> str:
        """What the game is doing now, for the refusals of actions that belong elsewhere."""
        if self.phase == "draft":
            if not self.queue:
                return ""
            colour, kind = self.queue[0]
            choosing = (_("colour {colour} is choosing an empire card") if kind == "empire"
                        else _("colour {colour} is choosing an event card"))
            return choosing.format(colour=colour)
        words_now = PHASE_WORDS.get(self.phase)
        return self.phase if words_now is None else _(words_now)

    def _why_not_take(self, action) -> str | None:
        kind = self.queue[0][1]
        wanted = "empire" if isinstance(action, TakeEmpire) else "event"
        if wanted != kind:
            return (_("this pick is from the Empire cards: keep one of the Empire cards you were handed")
                    if kind == "empire" else
                    _("this pick is from the Event cards: keep one of the Event cards you were handed"))
        names = self.packets[kind] if kind == "empire" else [e.name for e in self.packets[kind]]
        if action.card not in names:
            return _("{card} is not in the packet you hold; you may take {cards}").format(
                card=repr(action.card), cards=_names_list(sorted(set(names))))
        return None

    def _why_not_bonus(self, action) -> str | None:
        if isinstance(action.value, bool) or not isinstance(action.value, int) or action.value not in self.packets["bonus"]:
            return _("there is no Bonus token {value} among {tokens}").format(
                value=repr(action.value), tokens=sorted(self.packets["bonus"]))
        return None

    def _why_not_play(self, action) -> str | None:
        if action.target is not None and not isinstance(action.target, str):
            return _("a target is named by its text, not {target}").format(target=repr(action.target))
        card = self._held_event(action.card)
        if card is None:
            return _("colour {colour} holds no Event card {card}").format(colour=self.turn.colour, card=repr(action.card))
        if self.turn.from_event:
            return _("{card} is in play: no other Event until it is over").format(card=display_name(self.in_play.name))
        if self.phase == "start":
            if card.colour != "red":
                return _("{card} has a black Epoch number: play it after establishing your empire").format(card=display_name(card.name))
            if not card.playable_in(self.epoch):
                if card.late:
                    return _("{card} can be played only in Epoch {epoch} or {later}").format(
                        card=display_name(card.name), epoch=card.epoch, later=card.epoch + card.late)
                return _("{card} can be played only in Epoch {epoch}").format(card=display_name(card.name), epoch=card.epoch)
            if action.target is not None:
                return self._no_target_words(card)
            return self._why_not_afford(card)
        if card.colour == "red":
            return _("{card} has a red Epoch number: it could only be played at the start of your turn").format(card=display_name(card.name))
        if not card.playable_in(self.epoch):
            return _("{card} can be played from Epoch {epoch} on, and this is Epoch {now}").format(
                card=display_name(card.name), epoch=card.epoch, now=self.epoch)
        if self.in_play is not None:
            return _("only one Event may be in play at a time, and {card} is in play").format(
                card=display_name(self.in_play.name))
        return self._why_not_target(card, action.target) or self._why_not_afford(card)

    @staticmethod
    def _no_target_words(card: EventCard) -> str:
        # Translators: the quoted action text stays in English: it is what the game reads
        return _("{card} takes no target: play it as 'play {notation}'").format(
            card=display_name(card.name), notation=card.name)

    def _why_not_afford(self, card: EventCard) -> str | None:
        gold = self.gold[self.turn.colour]
        if card.cost > gold:
            return _("{card} costs {cost} gold and colour {colour} has {gold}").format(
                card=display_name(card.name), cost=card.cost, colour=self.turn.colour, gold=gold)
        return None

    def _why_not_target(self, card: EventCard, target) -> str | None:
        targets = self._event_targets(card)
        if targets == [None]:
            return None if target is None else self._no_target_words(card)
        if target is None:
            return _("{card} needs a target: {targets}").format(card=display_name(card.name), targets=self._target_words(card))
        if target not in targets:
            if card.kind in ("treachery", "civil_war") and target in self.world.territories and self._atlantic_reason(target):
                return self._atlantic_reason(target)
            if not targets:
                return _("{card} has no possible target now ({targets})").format(
                    card=display_name(card.name), targets=self._target_words(card))
            return _("{target} is not a possible target of {card}: {targets}").format(
                target=repr(target), card=display_name(card.name), targets=self._target_words(card))
        return None

    @staticmethod
    def _target_words(card: EventCard) -> str:
        return {"treachery": _("a territory next to your active armies with another player's army and no fort"),
                "plague": _("an Area"), "astronomy": _("an ocean"),
                "civil_war": _("a territory where another player's army stands on a capital or city")
                }.get(card.kind) or pgettext("target", "none")

    def _why_not_place(self, action) -> str | None:
        t = action.territory
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if not isinstance(action.by_sea, bool):
            return _("by_sea is True or False")
        turn = self.turn
        if turn.organiser == 0:
            return _("the organiser is empty")
        if self.world.is_barren(t):
            return _("{territory} is barren: no army may ever be placed there").format(territory=display_name(t))
        if self.army.get(t) == (turn.colour, True):
            return _("{territory} already holds one of your active armies: one army per territory").format(territory=display_name(t))
        land = any(self.army.get(n) == (turn.colour, True) for n in self.world.neighbours(t))
        if not action.by_sea:
            if land:
                return self._atlantic_reason(t)
            if t in self._fleet_targets():
                return _("{territory} is reached only from a fleet: place the army there by sea").format(territory=display_name(t))
            return _("{territory} is not next to any of your active armies or fleets").format(territory=display_name(t))
        if t not in self._fleet_targets():
            return _("none of your fleets reaches {territory}").format(territory=display_name(t))
        if land and not (turn.trait == "vikings" and self._is_enemy(t)):
            if turn.trait == "vikings":
                return _("{territory} is next to your armies and holds no enemy army: place it over land "
                         "(Vikings come from the sea only to invade)").format(territory=display_name(t))
            if self._is_enemy(t):
                return _("{territory} is next to your armies: invade it over land "
                         "(only Vikings may choose to invade from the sea)").format(territory=display_name(t))
            return _("{territory} is next to your armies: place it over land "
                     "(an army comes by sea only where no land route exists)").format(territory=display_name(t))
        return self._sea_route_reason(t) or self._atlantic_reason(t)

    def _why_not_continue(self, action) -> str | None:
        if self.turn.organiser == 0:
            return _("the organiser is empty: nothing is left to continue with, so withdraw")
        return None

    def _why_not_overrun(self, action) -> str | None:
        t, info = action.territory, self.overrun
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if t not in self.world.neighbours(info["from"]):
            return _("{territory} is not next to {taken}, the territory just taken "
                     "(over-run goes in a chain, over land)").format(territory=display_name(t), taken=display_name(info["from"]))
        if self.army.get(t, (None,))[0] != info["defender"]:
            return _("{territory} holds no army of colour {colour}, the player you defeated").format(
                territory=display_name(t), colour=info["defender"])
        if t in self.fort and not self._siege():
            return _("{territory} holds a fort, and a fort stops an over-run").format(territory=display_name(t))
        atlantic = self._atlantic_reason(t)
        if atlantic:
            return atlantic
        cost = self.world.cost(t)
        if cost > info["points"]:
            return _("{territory} costs {cost} points ({terrain}) and you have {points} left").format(
                territory=display_name(t), cost=cost, terrain=terrain_name(self.world.terrain(t)), points=info["points"])
        if not info["event"] and self.turn.organiser == 0:
            return _("the organiser is empty")
        return None

    def _why_not_fort(self, action) -> str | None:
        t = action.territory
        if not isinstance(t, str) or t not in self.world.territories:
            return _no_territory(t)
        if self.army.get(t) != (self.turn.colour, True):
            return _("a fort needs one of your active armies in {territory}").format(territory=display_name(t))
        if t in self.fort:
            return _("{territory} already has a fort: one per territory").format(territory=display_name(t))
        if self.turn.organiser == 0:
            return _("a fort costs an organiser army and the organiser is empty")
        return None

    def _why_not_monument(self, action) -> str | None:
        sites = self._monument_sites()
        if action.territory not in sites:
            return _("the monument goes to {territories} (capital first, then city, then a resource territory)").format(
                territories=_names_list(sites))
        return None

    def _why_not_discard(self, action) -> str | None:
        if self.in_play is None or not self.in_play.lasts_the_turn or self.turn.from_event:
            return _("no continuous Event of yours is in play")
        return None

    def _why_not_reorganise(self, action) -> str | None:
        if self.reorganise_early or not self.turn.organiser:
            return None
        if self._forts() or self._placements(self._active(self.turn.colour)):
            armies = self.turn.organiser
            return ngettext("the empire reorganises when its organiser is empty, and {n} army is left to place "
                            "(or to spend on forts)",
                            "the empire reorganises when its organiser is empty, and {n} armies are left to place "
                            "(or to spend on forts)", armies).format(n=armies)
        return None

    def _describe_legal(self, action, player: int, names=None) -> str:
        if isinstance(action, Place) and self.turn and self._is_enemy(action.territory):
            return _("invade {odds}").format(odds=self._odds_words(action.territory, action.by_sea, self.turn.indicator))
        if isinstance(action, Continue):
            target, by_sea = self.invasion["target"], self.invasion["by_sea"]
            indicator = min(self.turn.indicator + 1, MAX_INDICATOR)
            return _("spend an organiser army and roll again for {territory}: {odds}").format(
                territory=display_name(target), odds=self._odds_words(target, by_sea, indicator))
        if isinstance(action, TakeEvent) and self.phase == "draft":
            colour = self.acting_colour
            card = next((e for e in self.packets["event"] if e.name == action.card), None)
            if card is not None and self._cannot_pay(colour, card):
                return _("player {player} may {action}; it is a red Event of this Epoch costing {cost} gold "
                         "and colour {colour} has {gold}, so it could not be played at the start of "
                         "the empire turn and would be lost then").format(
                    player=player, action=in_words(action), cost=card.cost, colour=colour, gold=self.gold[colour])
        if isinstance(action, Establish) and self.red_cards_due(self.turn.colour):
            lost = _names_list(e.name for e in self.red_cards_due(self.turn.colour))
            return _("establish the {empire}; the red Events not played now are lost: {cards}").format(
                empire=display_name(self.turn.spec.name), cards=lost)
        return _("{player} may {action}").format(player=seat_name(player, names), action=in_words(action))

    def invasion_odds(self, territory: str, by_sea: bool = False, indicator: int | None = None) -> Fraction:
        """The exact chance that one roll of the empire being played takes ``territory`` (the
        indicator as now unless told), with the dice, Events and traits that apply."""
        a, d, bonus, fear, viking = self._invasion_terms(territory, by_sea, indicator=indicator)
        return success_probability(a, d, self.world.cost(territory), bonus, fear, viking)

    def _odds_words(self, territory: str, by_sea: bool, indicator: int) -> str:
        a, d, bonus, *_rest = self._invasion_terms(territory, by_sea, indicator=indicator)
        p = self.invasion_odds(territory, by_sea, indicator)
        return ngettext("{territory} ({terrain}, cost {cost}): {a} die against {d} at +{bonus}; "
                        "P(taking it with this roll) = {p} ≈ {decimal}",
                        "{territory} ({terrain}, cost {cost}): {a} dice against {d} at +{bonus}; "
                        "P(taking it with this roll) = {p} ≈ {decimal}", a).format(
            territory=display_name(territory), terrain=terrain_name(self.world.terrain(territory)),
            cost=self.world.cost(territory), a=a, d=d, bonus=bonus, p=p, decimal=decimal(float(p), 3))
