"""What a Lost Cities player may know: :class:`LostCitiesObservation` (filled in from the
state when first read) and :class:`RoundResult`, how a round ended."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from gamekit.i18n import translations

from .cards import _short, colour_name, deck_cards, describe_expedition

_, ngettext, pgettext = translations("lost_cities")


class RoundResult(NamedTuple):
    """How one round ended: the expeditions as they lay, their points, and the running totals."""

    round: int
    starter: int
    expeditions: tuple  # per side: {colour: (cards, bottom to top)}
    scores: tuple  # per side, this round
    totals: tuple  # per side, after this round
    step: int = 0  # the step of the history that ended it (its last draw), counting from 1

    def describe(self, teams: bool = False, names=None) -> str:
        """The round scored expedition by expedition; ``names`` (one per seat) names the sides."""
        lines = [_("Round {round}:").format(round=self.round)]
        for side, row in enumerate(self.expeditions):
            if names:
                who = " & ".join(names[seat] for seat in range(side, len(names), 2))
            else:
                who = (_("team {side}") if teams else _("player {side}")).format(side=side)
            lines.append(_("  {side}: {points} (total {total})").format(
                side=who, points=f"{self.scores[side]:+d}", total=f"{self.totals[side]:+d}"))
            for colour, cards in row.items():
                if cards:
                    lines.append(f"    {colour_name(colour):<7} {' '.join(_short(c) for c in cards):<32} "
                                 f"{describe_expedition(cards)}")
        return "\n".join(lines)


#: The fields of an observation, in order, with what each holds.
OBSERVATION_FIELDS = {
    "player": "the seat this observation belongs to",
    "num_players": "2, or 4 in partnerships",
    "side": "0 or 1: the player's own seat with two players, the team with four",
    "colours": "the expeditions of this game",
    "to_move": "the seat to act, or TERMINAL",
    "step": '"play" (or pass instead), "draw", "pass" (after a turn); None at the end',
    "hand": "the player's cards, sorted",
    "hand_sizes": "cards held, per seat",
    "deck_size": "cards left in the deck",
    "discards": "colour -> its pile, bottom to top",
    "expeditions": "per side: colour -> its cards, bottom to top",
    "known": "per seat: the cards this player knows that seat holds (own seat: the hand)",
    "pooled": "cards known to be with the other team, not which partner (four players)",
    "blocked": "the pile the mover may not draw from now: the one just discarded to",
    "round": "the round being played",
    "rounds": "rounds in the match",
    "totals": "per side, rounds already scored",
    "round_scores": "per side, the expeditions on the table now",
    "hand_size": "cards dealt to each player",
    "pass_timing": 'with four players: "instead" of a turn or "after" it',
    "turns_without_deck": "turns in a row with no deck draw (the kit's bound on a round)",
    "stall_limit": "after that many, the deck must be drawn (None: no bound)",
}
_OPTIONAL_FIELDS = {"turns_without_deck": 0, "stall_limit": None}


class LostCitiesObservation:
    """What ``player`` may know: their own hand, every expedition, the discard piles, the size of
    the deck (not its order), how many cards each seat holds, and the cards others are known to
    hold because they took them from a discard pile (or, for a partner, were passed them). The
    fields are listed in ``OBSERVATION_FIELDS``.

    ``discards`` shows whole piles, bottom to top: only the top card is visible at the table, but
    every discard was seen being made, so a player with a good memory knows the rest (a teaching
    convenience, as the digest allows).

    An observation is the table as it was when it was asked for, and never changes. Asking is
    cheap (an agent is shown one before every action): the fields are worked out when first read,
    and the state fills in every observation still held before it moves on, so one read later
    still shows the moment it was taken.
    """

    __slots__ = (*OBSERVATION_FIELDS, "_source", "__weakref__")

    def __init__(self, **fields):
        """An observation from its fields (``state.observation(player)`` is the usual way)."""
        unknown = sorted(set(fields) - set(OBSERVATION_FIELDS))
        missing = sorted(set(OBSERVATION_FIELDS) - set(fields) - set(_OPTIONAL_FIELDS))
        if unknown or missing:
            raise TypeError(f"an observation has the fields {list(OBSERVATION_FIELDS)}: "
                            f"unknown {unknown}, missing {missing}")
        _fill_observation(self, tuple(fields.get(name, _OPTIONAL_FIELDS.get(name)) for name in OBSERVATION_FIELDS))

    def __getattr__(self, name):
        """A field not yet worked out: work them all out from the state, then read it."""
        source = object.__getattribute__(self, "_source") if name != "_source" else None
        if source is None or name not in OBSERVATION_FIELDS:
            raise AttributeError(f"an observation has no {name!r}")
        self._settle()
        return object.__getattribute__(self, name)

    def _settle(self) -> None:
        """Work out every field from the state (which has not moved since the observation)."""
        try:
            state = object.__getattribute__(self, "_source")
        except AttributeError:
            return  # built from its fields
        if state is not None:
            _fill_observation(self, state._observed(self.player))

    def _values(self) -> tuple:
        self._settle()
        return tuple(getattr(self, name) for name in OBSERVATION_FIELDS)

    def __setattr__(self, name, value):
        raise AttributeError("an observation never changes")

    __delattr__ = __setattr__

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # its dicts are not hashable

    def __reduce__(self):  # copies and pickles carry the values, never the state
        return (_observation_from, (self._values(),))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(OBSERVATION_FIELDS, self._values()))
        return f"LostCitiesObservation({shown})"

    @property
    def partner(self) -> int | None:
        return (self.player + 2) % 4 if self.num_players == 4 else None

    def discard_tops(self) -> dict:
        """The visible card of each discard pile (None for an empty pile)."""
        return {colour: (pile[-1] if pile else None) for colour, pile in self.discards.items()}

    def unseen(self) -> list:
        """The cards whose place this player does not know: the deck and the unknown part of the
        other hands (sorted; a card may appear more than once)."""
        left = Counter(deck_cards(self.num_players, len(self.colours)))
        left.subtract(self.hand)
        for pile in self.discards.values():
            left.subtract(pile)
        for row in self.expeditions:
            for cards in row.values():
                left.subtract(cards)
        for seat, cards in enumerate(self.known):
            if seat != self.player:
                left.subtract(cards)
        left.subtract(self.pooled)
        return sorted(left.elements())

    def turns_left(self) -> int:
        """This player's turns still to come if every turn draws from the deck (a draw from a
        discard pile stalls the end by a turn): every ``num_players``-th draw is theirs."""
        if self.to_move < 0:
            return 0
        offset = (self.player - self.to_move) % self.num_players
        return 0 if self.deck_size <= offset else (self.deck_size - offset + self.num_players - 1) // self.num_players


_FIELD_SETTERS = tuple(LostCitiesObservation.__dict__[name].__set__ for name in OBSERVATION_FIELDS)
_SET_SOURCE = LostCitiesObservation.__dict__["_source"].__set__
_SET_PLAYER = LostCitiesObservation.__dict__["player"].__set__


def _fill_observation(seen: LostCitiesObservation, values: tuple) -> None:
    for setter, value in zip(_FIELD_SETTERS, values):
        setter(seen, value)
    _SET_SOURCE(seen, None)


def _observation_from(values: tuple) -> LostCitiesObservation:
    seen = object.__new__(LostCitiesObservation)
    _fill_observation(seen, values)
    return seen


_new_observation = object.__new__
