"""What a player sees: the observation of one seat (or of a spectator), the territories as
tiles, and the state's own texts (``str(state)``, ``reveal()``, the notebook table).

:class:`Views` is a part of :class:`~gamekit.brief_history.rules.BriefHistoryState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from gamekit.core import seat_name
from gamekit.core.observations import DeferredFields, deferred
from gamekit.i18n import translations

from .cards import CardSet
from .log import INDENT
from .words import _names_list, _no_territory, display_name

_, ngettext, pgettext = translations("brief_history")

# The decisions whose choices are secret: the drafts and the Bonus tokens (boards hide them).
SECRET_PHASES = ("draft", "bonus")


def phase_name(phase: str) -> str:
    """A phase of the game (``"expand"``) as ``str(state)`` shows it, in the language in force."""
    return {"draft": pgettext("phase", "draft"), "bonus": pgettext("phase", "bonus"),
            "start": pgettext("phase", "start"), "expand": pgettext("phase", "expand"),
            "failed": pgettext("phase", "failed"), "overrun": pgettext("phase", "overrun"),
            "monument": pgettext("phase", "monument"), "over": pgettext("phase", "over")}.get(phase, phase)


# --- what a player sees ------------------------------------------------------------------------------
@dataclass(frozen=True)


class Tile:
    """One territory as everyone sees it."""

    territory: str
    army: int | None  # the colour of the army standing there
    active: bool  # standing (this empire's) or laid down (retired)
    site: str | None  # "capital", "city" or None
    monument: bool
    fort: bool


@dataclass(frozen=True)


class BriefHistoryObservation(DeferredFields):
    """What ``player`` may know: the board and the track are public; Empire and Event cards in other
    hands, the Epoch chart and other players' Bonus tokens are not.

    An observation is the game as it was when it was asked for, and never changes. Asking is cheap
    (an agent is shown one before every action): the fields are worked out when one is first read,
    and the state works out every observation still held before it moves on."""

    player: int
    colours: tuple[int, ...]  # the colours this seat plays
    num_colours: int
    epoch: int
    phase: str
    acting_colour: int | None
    empire: str | None  # the empire being played, once established
    organiser: int
    indicator: int
    fleets: tuple[str, ...]
    event_in_play: str | None
    # The map's contents, as they are: armies (territory, (colour, standing)), sites, monuments,
    # forts; ``tiles`` arranges them per territory when an agent first asks.
    board: tuple[dict, dict, frozenset, frozenset]  # copies: changing them changes nothing in the game
    gold: tuple[int, ...]
    ranking: tuple[int, ...]  # colours, leader first
    area_values: tuple[tuple[str, int], ...]
    empire_hand: tuple[str, ...]  # this seat's Empire cards still to play this Epoch
    event_hand: tuple[tuple[int, str], ...]  # (colour, Event card name) held by this seat
    packet: tuple[str, ...]  # the cards this seat is choosing from (drafts, Bonus tokens)
    bonus_tokens: tuple[tuple[int, int], ...]  # (colour, value) this seat holds
    hand_sizes: tuple[tuple[int, int], ...]  # (Event cards, Bonus tokens) per colour
    invasion: tuple | None  # (territory, defender colour, by_sea) while an invasion is undecided
    overrun_points: int
    last_roll: tuple | None
    log: tuple[str, ...]
    territories: tuple[str, ...] = field(default=(), compare=False, repr=False)  # the map's, in order

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every territory as everyone sees it, in map order (built once, when first asked)."""
        armies, sites, monuments, forts = self.board
        return tuple(Tile(t, armies[t][0] if t in armies else None, armies.get(t, (None, False))[1],
                          sites.get(t), t in monuments, t in forts) for t in self.territories)

    def tile(self, territory: str) -> Tile:
        for tile in self.tiles:
            if tile.territory == territory:
                return tile
        raise ValueError(_no_territory(territory))


_AREA_VALUE_ITEMS: dict[tuple[int, int], tuple] = {}


def _area_value_items(cards: CardSet, epoch: int) -> tuple[tuple[str, int], ...]:
    """An Epoch's Area values as observations carry them (worked out once per Epoch)."""
    key = (id(cards), epoch)
    if key not in _AREA_VALUE_ITEMS:
        _AREA_VALUE_ITEMS[key] = tuple(cards.area_values[epoch].items())
    return _AREA_VALUE_ITEMS[key]


class Views:
    """Observations and the state's texts."""

    # --- what a player sees ------------------------------------------------------------------------
    def observation(self, player: int) -> BriefHistoryObservation:
        return deferred(BriefHistoryObservation, self, self._resolve_player(player), self._watchers,
                        territories=self.world.territories)

    def public_observation(self) -> BriefHistoryObservation:
        """What anyone may know (a projector, a spectator): the board, the track and the public log;
        no hand. Its ``player`` is ``None``."""
        return deferred(BriefHistoryObservation, self, None, self._watchers, territories=self.world.territories)

    def _observed_fields(self, player: int | None) -> dict:
        """Every field of ``player``'s observation now but ``player`` and ``territories``."""
        mine = tuple(range(player, self.colours, self.num_players)) if player is not None else ()  # p, p + n
        acting = self.acting_colour
        packet: tuple = ()
        if acting in mine and self.phase == "draft":
            kind = self.queue[0][1]
            packet = tuple(self.packets[kind]) if kind == "empire" else tuple(e.name for e in self.packets[kind])
        elif acting in mine and self.phase == "bonus":
            packet = tuple(str(v) for v in self.packets["bonus"])
        turn = self.turn
        return dict(
            colours=mine, num_colours=self.colours, epoch=self.epoch, phase=self.phase,
            acting_colour=acting, empire=turn.spec.name if turn else None,
            organiser=turn.organiser if turn else 0, indicator=turn.indicator if turn else 0,
            fleets=turn.fleets if turn else (), event_in_play=self.in_play.name if self.in_play else None,
            board=(dict(self.army), dict(self.site), frozenset(self.monument), frozenset(self.fort)),
            gold=tuple(self.gold), ranking=self._ranked(),
            area_values=_area_value_items(self.cards, max(self.epoch, 1)),
            empire_hand=tuple(card for c in mine for card in self.empire_hand[c]),
            event_hand=tuple((c, e.name) for c in mine for e in self.events_held[c]),
            packet=packet, bonus_tokens=tuple((c, v) for c in mine for v in self.bonus_held[c]),
            hand_sizes=tuple(zip(map(len, self.events_held), map(len, self.bonus_held))),
            invasion=(self.invasion["target"], self.invasion["defender"], self.invasion["by_sea"]) if self.invasion else None,
            overrun_points=self.overrun["points"] if self.overrun else 0,
            last_roll=self.last_roll, log=tuple(self._log_tail(player, 12)),
        )

    def tiles(self) -> tuple[Tile, ...]:
        """Every territory as the board shows it, in map order."""
        return tuple(Tile(t, self.army[t][0] if t in self.army else None, self.army.get(t, (None, False))[1],
                          self.site.get(t), t in self.monument, t in self.fort) for t in self.world.territories)

    # --- the state's own texts: str(state), reveal(), a notebook's table ---------------------------
    def reveal(self) -> str:
        """Everything, secrets included (hands, Bonus tokens, the Epoch chart still face down): for
        debugging, never for a screen the players share. ``str(state)`` is the public part."""
        none = pgettext("cards", "none")
        lines = [self._render()]
        for colour in range(self.colours):
            lines.append(INDENT + _("colour {colour} ({player}): Empire cards {empires}; Event cards {events}; "
                                    "Bonus tokens {tokens}").format(
                colour=colour, player=seat_name(self.seat_of[colour]),
                empires=_names_list(self.empire_hand[colour]) or none,
                events=_names_list(e.name for e in self.events_held[colour]) or none,
                tokens=self.bonus_held[colour] or none))
        if self.phase in SECRET_PHASES and self.queue:
            kind = self.queue[0][1]
            cards = ", ".join(str(card) for card in self.packets[kind]) if kind == "bonus" else \
                _names_list(str(card) for card in self.packets[kind])
            kind_words = {"empire": pgettext("packet", "empire"), "event": pgettext("packet", "event"),
                          "bonus": pgettext("packet", "bonus")}[kind]
            lines.append(INDENT + _("packet being chosen from ({kind}): {cards}").format(kind=kind_words, cards=cards))
        for epoch in range(self.epoch + 1, self.cards_epochs() + 1):
            dealt = self.chart[epoch]
            lines.append(INDENT + _("Epoch {epoch} chart: Empire cards {empires}; Event cards {events}; "
                                    "Bonus tokens {tokens}").format(
                epoch=epoch, empires=_names_list(dealt["empires"]),
                events=_names_list(e.name for e in dealt["events"]), tokens=dealt["bonus"]))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small public table for a notebook cell: gold, the empire being played, each Area's armies."""
        from html import escape

        colour_words = _("colour {colour}")
        rows = "".join(f"<tr><td>{escape(colour_words.format(colour=c))}</td><td>{self.gold[c]}</td></tr>"
                       for c in self.ranking())
        turn = ""
        if self.turn is not None and self.phase not in SECRET_PHASES:
            t = self.turn
            turn = "<p>" + _("<b>{empire}</b> (colour {colour}): organiser {organiser}, indicator +{indicator}").format(
                empire=escape(display_name(t.spec.name)), colour=t.colour, organiser=t.organiser,
                indicator=t.indicator) + "</p>"
        areas = "".join(
            f"<tr><td>{escape(display_name(area))}</td><td>{self.area_values()[area]}</td><td>"
            + ", ".join(str(n) for n in self.area_counts(area)) + "</td></tr>" for area in self.world.areas)
        where = _("game over") if self.phase == "over" else _("Epoch {epoch}, {phase}").format(
            epoch=self.epoch, phase=phase_name(self.phase))
        heads = (_("colour (leader first)"), pgettext("column", "gold"), pgettext("column", "Area"),
                 pgettext("column", "value"), _("armies per colour"))
        return ("<div>" + _("<b>A Brief History of the World</b> (teaching map): {where}").format(where=escape(where))
                + turn + "<table><tr><th>{}</th><th>{}</th></tr>".format(*map(escape, heads[:2])) + rows + "</table>"
                + "<table><tr><th>{}</th><th>{}</th><th>{}</th></tr>".format(*map(escape, heads[2:])) + areas
                + "</table></div>")

    def _render(self) -> str:
        lines = [_("A Brief History of the World (teaching map), {colours} colours: Epoch {epoch}, {phase}").format(
            colours=self.colours, epoch=self.epoch, phase=phase_name(self.phase))]
        colour_gold = _("colour {colour} {gold}")
        track = ", ".join(colour_gold.format(colour=c, gold=self.gold[c]) for c in self.ranking())
        lines.append(INDENT + _("gold (leader first): {track}").format(track=track))
        if self.turn and self.phase not in ("draft", "bonus"):
            t = self.turn
            values = dict(empire=display_name(t.spec.name), colour=t.colour, organiser=t.organiser,
                          indicator=t.indicator, fleets=_names_list(t.fleets))
            line = (_("{empire} (colour {colour}): organiser {organiser}, indicator +{indicator}, fleets {fleets}")
                    if t.fleets else _("{empire} (colour {colour}): organiser {organiser}, indicator +{indicator}"))
            line = line.format(**values)
            if self.in_play:
                line = _("{empire_line}; {card} in play").format(empire_line=line, card=display_name(self.in_play.name))
            lines.append(INDENT + line)
        for area in self.world.areas:
            held = []
            for name in self.world.territories_in(area):
                if name in self.army:
                    c, up = self.army[name]
                    marks = "".join(m for m, on in (("C", self.site.get(name) == "capital"), ("c", self.site.get(name) == "city"),
                                                   ("M", name in self.monument), ("F", name in self.fort)) if on)
                    held.append(f"{display_name(name)} {c}{'' if up else 'r'}{'[' + marks + ']' if marks else ''}")
            if held:
                lines.append(f"{INDENT}{display_name(area)} ({self.area_values()[area]}): " + "; ".join(held))
        if self.phase == "over":
            lines.append(INDENT + _("final gold with Bonus tokens: {scores}").format(
                scores=", ".join(f"{seat_name(p)} {s}" for p, s in enumerate(self.scores()))))
        return "\n".join(lines)
