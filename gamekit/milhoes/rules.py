"""The rules of "Tu és Milhais, mas vales Milhões!" (David Mendes, 2015), and of Goofspiel.

Every player holds Power cards 1..12 and each round all bid one card at once, face down, for the
Points card(s) on the table. Battles (positive) go to the highest bid, Red Barons (negative) to the
lowest; values bid by two or more players cancel; when no value is unique (a total tie) the pot
stays on the table and grows. The rules digest is ``shared/rules/milhoes.md``.

What a player sees is the booklet's rule ("Fica apenas visível a carta usada na última ronda"):
their own hand, the Points card(s) on the table, the cards just revealed, and only the top card
of each used pile and each won pile; remembering the rest is part of the game.
``new_game(..., memory_aid=True)`` shows the full history instead: every card used and won, the
exact scores and the Points cards still to come (for lessons and beginners).

The kit's readings, where the booklet leaves room:

* A **total tie** is a round in which no value was bid by exactly one player (two players bid
  the same card; four bid 5, 5, 9, 9). The Power cards are spent, the Points card(s) stay on the
  table and the next round's card joins them; the sum on the table then decides whether the
  highest or the lowest unique bid takes them all. In the last round a totally tied pot goes to
  nobody. A round with one unique value is no total tie: with bids 5, 5, 9 the 9 takes a Red
  Baron too, being the lowest (and only) unique bid.
* A **tied total** at the end goes to the tied player holding the single highest Battle card; if
  that does not separate them, or none of them holds a Battle, the tie stands (shared win).

>>> state = new_game(players=3, seed=1, points_order=[7, -2, 3, 8, 1, 2, 4, 5, 6, -1, -3, -4])
>>> state.pot
[7]
>>> state.apply_joint({0: "bid 12", 1: "bid 12", 2: "bid 12"})   # a total tie: the 7 stays
>>> state.pot
[7, -2]
"""

from __future__ import annotations

import re
from html import escape
from dataclasses import dataclass, replace
from functools import total_ordering
from typing import NamedTuple

from gamekit.core import SIMULTANEOUS, TERMINAL, GameState, IllegalActionError, make_rng, seat_name, shuffle
from gamekit.i18n import N_, format_number, translations

_, ngettext, pgettext = translations("milhoes")

TIE_RULES = ("carry", "discard")
AWARD_RULES = ("unique", "top")


@total_ordering
@dataclass(frozen=True, eq=True)
class Bid:
    """Lay Power card ``card`` face down this round. Text form: ``"bid 7"``."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"

    def __lt__(self, other):
        if not isinstance(other, Bid):
            return NotImplemented
        return self.card < other.card


# The kit's one rule for numbers in action text: canonical ASCII decimals ("7", not "07", "٧" or
# "７"), and a number too long to be a card is refused as such, not read into a huge int.
# Portuguese students may also write "jogar 7" (or "joga 7"): it reads as the canonical "bid 7".
_BID_TEXT = re.compile(r"(?:bid|jogar|joga) (-?)([0-9]+)")
_MAX_DIGITS = 3  # the largest deck has 100 cards


def _cut(text: str, limit: int = 40) -> str:
    """``text``, cut short: a refusal quotes what was typed, never a megabyte of it."""
    if len(text) <= limit:
        return text
    return _("{start}... ({count} characters)").format(start=text[:limit], count=format_number(len(text)))


def _excerpt(text: str, limit: int = 40) -> str:
    return repr(text) if len(text) <= limit else _cut(repr(text), limit)


def _no_such_card(card, cards: int) -> str:
    return _("there is no Power card {card}: the cards run from 1 to {cards}").format(card=card, cards=cards)


def _capital(text: str) -> str:
    """The first letter in capitals and nothing else touched ("McGonagall" stays as it is)."""
    return text[:1].upper() + text[1:]


def _is_you(who: str) -> bool:
    """A seat named "You" (in the language in force) is spoken to: "You win", not "You wins"."""
    return who in ("You", _("You"))


def _one_winner(who: str, points=None) -> str:
    """ "Ana wins." (with ``points``: "Ana wins with 9 points."), "You win." to a seat named You."""
    if points is None:
        return _("You win.") if _is_you(who) else _("{name} wins.").format(name=who)
    if _is_you(who):
        return _("You win with {points} points.").format(points=points)
    return _("{name} wins with {points} points.").format(name=_capital(who), points=points)


def _names_list(names: list[str]) -> str:
    """ "Ana, Rui and Eva": the names of a list, as the language joins them."""
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def default_points(cards: int = 12) -> list[int]:
    """The booklet's Points cards for 12 rounds: Battles +1..+8 and Red Barons -1..-4.

    Other deck sizes keep the same two-to-one mix (Battles +1..+ceil(2n/3), Barons -1..-floor(n/3)).
    """
    barons = cards // 3
    return list(range(1, cards - barons + 1)) + [-v for v in range(1, barons + 1)]


def format_points(values) -> str:
    """``[7, -2]`` as ``'+7 -2'``: Points cards always show their sign."""
    return " ".join(f"{v:+d}" for v in values)


def pot_words(pot) -> str:
    """The Points cards on the table, with their sum when there are several: ``'+7 -2 (sum +5)'``."""
    if len(pot) > 1:
        return _("{cards} (sum {sum})").format(cards=format_points(pot), sum=f"{sum(pot):+d}")
    return format_points(pot)


def contest_words(contest: str, award: str = "unique") -> str:
    """Who takes the pot, in words: "the highest unique bid", "the lowest bid"."""
    return _(_CONTESTS[contest, award])


_CONTESTS = {("highest", "unique"): N_("the highest unique bid"),
             ("lowest", "unique"): N_("the lowest unique bid"),
             ("highest", "top"): N_("the highest bid"), ("lowest", "top"): N_("the lowest bid")}


class RoundResult(NamedTuple):
    """What one sunset decided, in full: the sentence for a student comes from ``describe``."""

    round: int
    pot: tuple[int, ...]
    bids: tuple[int, ...]
    contest: str  # "highest" (pot sum >= 0, a Battle) or "lowest" (negative, a Red Baron)
    cancelled: tuple[int, ...]  # values bid by two or more players (or, under "top", a tied top)
    winner: int | None
    outcome: str  # "won", "carried" (to the next round), "discarded" or "unawarded" (last round)

    award: str = "unique"  # "unique" (the booklet) or "top" (only the very top bid counts)

    def describe(self, names=None) -> str:
        parts = [_("Round {round}: {pot} goes to {bid}.").format(
            round=self.round, pot=pot_words(self.pot), bid=contest_words(self.contest, self.award))]
        if self.cancelled:
            tied = ", ".join(str(v) for v in self.cancelled)
            parts.append(_("Tied bids cancel ({values}).").format(values=tied))
        if self.outcome == "won":
            parts.append(self._winner_words(seat_name(self.winner, names)))
        else:
            parts.append(_(_ROUND_ENDS[self.outcome]))
        return " ".join(parts)

    def _winner_words(self, who: str) -> str:
        """ "Ana wins it with 12." for a Battle; nobody wins a Red Baron: "Rui takes it with 1." """
        card = self.bids[self.winner]
        if self.contest == "highest":
            if _is_you(who):
                return _("You win it with {card}.").format(card=card)
            return _("{name} wins it with {card}.").format(name=_capital(who), card=card)
        if _is_you(who):
            return _("You take it with {card}.").format(card=card)
        return _("{name} takes it with {card}.").format(name=_capital(who), card=card)


_ROUND_ENDS = {"carried": N_("No bid was unique: a total tie, the cards stay on the table."),
               "discarded": N_("No winner: the cards are discarded."),
               "unawarded": N_("A total tie in the last round: nobody gets the cards.")}


@dataclass(frozen=True)
class MilhoesObservation:
    """What ``player`` may know. By the booklet's rule piles show only their top card and what
    follows from the full piles (scores, cards still to come) is ``None``; with ``memory_aid`` the
    piles are shown in full, with the exact scores and the Points cards still to come.
    ``last_round`` is the round just revealed (every bid of it is on top of a pile)."""

    player: int | None  # None: the public view (``public_observation``), with an empty hand
    num_players: int
    round: int
    rounds: int
    pot: tuple[int, ...]
    contest: str
    hand: tuple[int, ...]
    used: tuple[tuple[int, ...], ...]  # each player's played cards, oldest first (the top only, but for the aid)
    won: tuple[tuple[int, ...], ...]  # each player's Points cards, oldest first (the top only, but for the aid)
    scores: tuple[int, ...] | None
    points_to_come: tuple[int, ...] | None  # the unturned Points cards, sorted (not their order)
    cards: int
    points: tuple[int, ...]
    tie_rule: str
    award: str
    memory_aid: bool
    last_round: RoundResult | None

    def hands_left(self) -> tuple[tuple[int, ...], ...] | None:
        """Every player's remaining cards, known from full piles (``None`` without the memory aid)."""
        if not self.memory_aid:
            return None
        full = set(range(1, self.cards + 1))
        return tuple(tuple(sorted(full - set(pile))) for pile in self.used)


class Memory:
    """What a player who remembers every sunset knows. The booklet shows only the top of each pile,
    but each round's bids and winner are revealed (``observation.last_round``): remembered round by
    round they rebuild the full piles. ``recall(observation)`` returns the observation as the
    memory aid would show it, or the observation unchanged if a round was missed (an agent that
    joins a game half-way remembers only what it saw). One Memory serves every seat of one table."""

    def __init__(self):
        self.rounds: dict[int, RoundResult] = {}

    def recall(self, observation: MilhoesObservation) -> MilhoesObservation:
        if observation.memory_aid:
            return observation
        last = observation.last_round
        if last is None:  # round 1: a new game, nothing to remember yet
            self.rounds = {}
            return _remembered(observation, []) or observation
        if self.rounds.get(last.round, last) != last:  # another game than the one remembered
            self.rounds = {}
        self.rounds[last.round] = last
        rounds = [self.rounds.get(number) for number in range(1, last.round + 1)]
        if None in rounds:
            return observation
        return _remembered(observation, rounds) or observation


def _remembered(observation: MilhoesObservation, rounds: list[RoundResult]) -> MilhoesObservation | None:
    """The full view rebuilt from ``rounds`` (1 to the last), or ``None`` if it contradicts the
    tops of the piles that ``observation`` shows."""
    players = observation.num_players
    used = tuple(tuple(r.bids[p] for r in rounds) for p in range(players))
    won: list[list[int]] = [[] for _ in range(players)]
    for r in rounds:
        if r.outcome == "won":
            won[r.winner].extend(r.pot)
    if tuple(pile[-1:] for pile in used) != observation.used or \
            tuple(tuple(pile[-1:]) for pile in won) != observation.won:
        return None
    to_come = list(observation.points)
    for value in [r.pot[-1] for r in rounds] + [observation.pot[-1]]:  # the card each sunrise turned
        if value not in to_come:
            return None
        to_come.remove(value)
    return replace(observation, used=used, won=tuple(map(tuple, won)), scores=tuple(map(sum, won)),
                   points_to_come=tuple(sorted(to_come)), memory_aid=True)


class MilhoesState(GameState):
    """A game of Milhões (or Goofspiel): a ``SIMULTANEOUS`` node each round until ``TERMINAL``."""

    game = "milhoes"
    action_type = Bid

    def __init__(self, *, players, seed, cards, points, points_order, tie_rule, memory_aid, award, tiebreak):
        points = _check_options(players, cards, points, points_order, tie_rule, award, memory_aid, tiebreak)
        rng, seed = make_rng(seed)
        options = {"players": players, "cards": cards, "points": list(points),
                   "points_order": list(points_order) if points_order is not None else None,
                   "tie_rule": tie_rule, "memory_aid": memory_aid, "award": award, "tiebreak": tiebreak}
        GameState.__init__(self, num_players=players, seed=seed, options=options)
        self.cards = cards
        self.points = tuple(points)
        self.tie_rule = tie_rule
        self.memory_aid = memory_aid
        self.award = award
        self.tiebreak = tiebreak
        if points_order is None:
            points_order = list(points)
            shuffle(rng, points_order)
        self.points_to_come = list(points_order)  # next card first
        self.hands = list(map(list, [range(1, cards + 1)] * players))
        # The Bid objects of each hand, in the same order as ``hands``: legal_actions copies them.
        self._offers = list(map(list, [_BID_LIST[1:cards + 1]] * players))
        self.used = list(map(list, [()] * players))
        self.won = list(map(list, [()] * players))
        self._seats = tuple(range(players))
        self.unawarded: list[int] = []
        self.rounds: list[RoundResult] = []
        self.pot: list[int] = []
        self._sunrise()

    # --- the protocol ------------------------------------------------------------------------
    # ``current_player``, ``legal_actions`` and ``apply_joint`` have a fast path for the everyday
    # call (seat numbers, ``Bid`` objects, a running game) and hand everything else to
    # ``GameState``, which parses text, resolves players and explains refusals. Both paths apply
    # the same checks: every bid is validated and every round recorded.
    def _current_player(self) -> int:
        return TERMINAL if len(self.rounds) == self.cards else SIMULTANEOUS

    @property
    def current_player(self) -> int:
        """``SIMULTANEOUS`` while rounds remain, then ``TERMINAL``."""
        return TERMINAL if len(self.rounds) == self.cards else SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[Bid]:
        """The bids ``player`` may make: one per Power card still in hand, lowest first."""
        if type(player) is int and 0 <= player < self.num_players:
            return self._offers[player][:]  # empty once the game is over, as GameState says
        return GameState.legal_actions(self, player)

    def apply_joint(self, actions) -> None:
        """Play one round: ``{player: bid}`` for every player (a ``Bid`` or its text, ``"bid 7"``)."""
        # The everyday call is checked here, inline: a dict of one Bid per seat, keyed by plain
        # ints, each for a card still in hand. Anything else (text, NumPy seats, a spent card, a
        # finished game) goes to GameState.apply_joint, which parses it or explains the refusal.
        players = self.num_players
        if type(actions) is not dict or len(actions) != players or len(self.rounds) == self.cards:
            return GameState.apply_joint(self, actions)
        hands = self.hands
        bids = [0] * players
        for player, action in actions.items():
            if type(player) is not int or type(action) is not Bid or not 0 <= player < players:
                return GameState.apply_joint(self, actions)
            card = action.card
            if type(card) is not int or card not in hands[player]:
                return GameState.apply_joint(self, actions)
            bids[player] = card
        self._play_round(bids)
        # The history keeps each round in seat order, as GameState.apply_joint does.
        self.history.append(actions.copy() if tuple(actions) == self._seats else
                            {player: actions[player] for player in range(players)})

    @property
    def round(self) -> int:
        """The round being played, 1-based (the number of rounds once the game is over)."""
        return min(len(self.rounds) + 1, self.cards)

    @property
    def contest(self) -> str:
        """Who the pot goes to: the ``"highest"`` unique bid (sum >= 0) or the ``"lowest"``."""
        return "highest" if sum(self.pot) >= 0 else "lowest"

    def _legal_actions(self, player: int) -> list[Bid]:
        return [_BIDS[card] for card in self.hands[player]]

    def _illegal_reason(self, action: Bid, player: int) -> str | None:
        return self._named_illegal_reason(action, player, None)

    def _named_illegal_reason(self, action: Bid, player: int, names) -> str | None:
        card = action.card
        if isinstance(card, bool) or not isinstance(card, int):
            return _("a bid is one of your Power cards, a whole number, not {card}").format(card=repr(card))
        if not 1 <= card <= self.cards:
            return _no_such_card(card, self.cards)
        if card not in self.hands[player]:
            spent = self.used[player].index(card) + 1
            who = seat_name(player, names)
            if _is_you(who):
                return _("you already played the {card} in round {round}; every Power card is used "
                         "once").format(card=card, round=spent)
            return _("{name} already played the {card} in round {round}; every Power card is used "
                     "once").format(name=who, card=card, round=spent)
        return None

    def describe_action(self, action) -> str:
        """A bid in words: "You chose Power card 5." rather than the notation "bid 5"."""
        return _("Power card {card}").format(card=self._coerce(action).card)

    def _describe_legal(self, action: Bid, player: int, names=None) -> str:
        who, pot = seat_name(player, names), format_points(self.pot)
        if _is_you(who):
            return _("you still hold the {card} and may bid it for {pot}").format(card=action.card, pot=pot)
        return _("{name} still holds the {card} and may bid it for {pot}").format(
            name=who, card=action.card, pot=pot)

    def _parse_action(self, text: str) -> Bid:
        match = _BID_TEXT.fullmatch(text)
        if not match:
            raise IllegalActionError(_("{text} is not a Milhões action: a bid reads like 'bid 7'").format(
                text=_excerpt(text)))
        sign, digits = match.groups()
        if len(digits) > _MAX_DIGITS:
            raise IllegalActionError(_no_such_card(sign + _cut(digits, 12), self.cards))
        if digits != str(int(digits)):
            raise IllegalActionError(_("write the card without leading zeros: '{text}'").format(
                text=f"bid {sign}{int(digits)}"))
        card = int(sign + digits)
        return _BIDS.get(card) or Bid(card)

    def _example_text(self) -> str:
        return "bid 7"

    def _apply_joint(self, actions: dict) -> None:
        self._play_round([actions[player].card for player in range(self.num_players)])

    # --- the round ---------------------------------------------------------------------------
    def _play_round(self, bids: list[int]) -> None:
        """Spend the validated ``bids`` (one per seat), give the pot to the winner at sunset (or
        carry or discard it) and turn the next Points card at sunrise."""
        hands, offers, used = self.hands, self._offers, self.used
        for player, card in enumerate(bids):
            place = hands[player].index(card)
            del hands[player][place]
            del offers[player][place]
            used[player].append(card)
        bids = tuple(bids)
        pot = self.pot
        number = len(self.rounds) + 1
        contest = "highest" if sum(pot) >= 0 else "lowest"
        if len(set(bids)) == len(bids) and self.award == "unique":  # nothing cancels: decide at once
            winner, cancelled = bids.index(max(bids) if contest == "highest" else min(bids)), ()
        else:
            winner, cancelled = decide_winner(bids, contest, self.award)
        if winner is not None:
            outcome = "won"
            self.won[winner].extend(pot)
        elif number == self.cards:
            outcome = "unawarded"
        else:
            outcome = "carried" if self.tie_rule == "carry" else "discarded"
        if outcome != "carried":
            if outcome != "won":
                self.unawarded.extend(pot)
            self.pot = []
        result = (number, tuple(pot), bids, contest, cancelled, winner, outcome, self.award)
        self.rounds.append(_new_result(RoundResult, result))
        if number < self.cards:
            self._sunrise()

    def _sunrise(self) -> None:
        self.pot.append(self.points_to_come.pop(0))

    # --- the end -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each player's Battle points minus Red Baron points (so far)."""
        return [sum(pile) for pile in self.won]

    def winners(self) -> list[int]:
        """The highest total; among tied players the single highest Battle card decides."""
        if not self.is_terminal:
            return []
        return decide_game_winners(self.scores(), self.won, self.tiebreak)

    def tiebreak_explanation(self, names=None) -> str:
        """The final result in a sentence, with the tiebreak spelled out when one was needed.
        ``names`` (one per seat) replaces "player 0", "player 1", ..."""
        if not self.is_terminal:
            return _("The game is not over.")
        def name(p: int) -> str:
            return seat_name(p, names)
        scores = self.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        winners = self.winners()
        if len(tied) == 1:
            return _one_winner(name(tied[0]), best)
        if names:
            who = _names_list([name(p) for p in tied])
        else:
            who = _("Players {seats}").format(seats=_names_list([str(p) for p in tied]))
        if not self.tiebreak:
            return _("{names} tie on {points} points; the tie stands.").format(names=who, points=best)
        highs = {p: max([v for v in self.won[p] if v > 0], default=None) for p in tied}
        no_battle = _("no Battle")
        shown = "; ".join(f"{name(p)}: {'+' + str(h) if h else no_battle}" for p, h in highs.items())
        if len(winners) == 1:
            return _("{names} tie on {points} points; the highest Battle card decides ({highs}): "
                     "{winner}").format(names=who, points=best, highs=shown,
                                        winner=_one_winner(name(winners[0])))
        return _("{names} tie on {points} points and the highest Battle card does not separate them "
                 "({highs}): the tie stands.").format(names=who, points=best, highs=shown)

    # --- what a player sees --------------------------------------------------------------------
    def observation(self, player: int) -> MilhoesObservation:
        # Everything but the hand is the same for every seat and changes only when a round is
        # played, so it is built once a round and each seat's view copies it (observations were
        # half of an agent-driven game's work before).
        if type(player) is not int or not 0 <= player < self.num_players:
            player = self._resolve_player(player)
        return self._seen_by(player, tuple(self.hands[player]))

    def public_observation(self) -> MilhoesObservation:
        """What everyone at the table may know (a spectator, the projector): an observation with
        ``player=None`` and no hand."""
        return self._seen_by(None, ())

    def _seen_by(self, player: int | None, hand: tuple[int, ...]) -> MilhoesObservation:
        shared = self.__dict__.get("_shared_view")
        if shared is None or shared[0] != len(self.rounds):
            shared = self._shared_view = (len(self.rounds), self._public_view())
        fields = shared[1].copy()
        fields["player"] = player
        fields["hand"] = hand
        view = _new_observation(MilhoesObservation)
        _set_fields(view, "__dict__", fields)
        return view

    def _public_view(self) -> dict:
        """The fields of an observation that every seat shares, by the booklet's rule or the aid's."""
        aid, pot, rounds = self.memory_aid, self.pot, self.rounds
        if aid:
            used, won = tuple(map(tuple, self.used)), tuple(map(tuple, self.won))
            scores, to_come = tuple(self.scores()), tuple(sorted(self.points_to_come))
        else:
            used = tuple([(pile[-1],) if pile else () for pile in self.used])
            won = tuple([(pile[-1],) if pile else () for pile in self.won])
            scores = to_come = None
        fields = self.__dict__.get("_game_fields")
        if fields is None:  # what never changes in a game, in the dataclass's field order
            fields = self._game_fields = {
                "player": None, "num_players": self.num_players, "round": None, "rounds": self.cards,
                "pot": None, "contest": None, "hand": None, "used": None, "won": None, "scores": None,
                "points_to_come": None, "cards": self.cards, "points": self.points,
                "tie_rule": self.tie_rule, "award": self.award, "memory_aid": aid, "last_round": None}
        fields = fields.copy()
        fields["round"] = min(len(rounds) + 1, self.cards)
        fields["pot"] = tuple(pot)
        fields["contest"] = "highest" if sum(pot) >= 0 else "lowest"
        fields["used"], fields["won"], fields["scores"], fields["points_to_come"] = used, won, scores, to_come
        fields["last_round"] = rounds[-1] if rounds else None
        return fields

    def clone(self) -> MilhoesState:
        twin = object.__new__(MilhoesState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.history = list(self.history)
        twin.points_to_come = list(self.points_to_come)
        twin.hands = [list(h) for h in self.hands]
        twin._offers = [list(o) for o in self._offers]
        twin.used = [list(u) for u in self.used]
        twin.won = [list(w) for w in self.won]
        twin.unawarded = list(self.unawarded)
        twin.rounds = list(self.rounds)
        twin.pot = list(self.pot)
        return twin

    def secret_log_readers(self, start: int = 0) -> tuple:
        """Nobody: every seat reads the log as the public does."""
        return ()

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """Round ``number`` in words. Everyone saw its bids at sunset, so every seat reads the same
        line; by the booklet's rule the log keeps no more than the piles' top cards do (the round
        just played shows in full beside the table), and with the memory aid it tells it all."""
        if not self.memory_aid:
            return [_("Round {round} played: only the top cards of the piles stay in view.").format(
                round=number)]
        result = self.rounds[number - 1]
        bids = ", ".join(f"{seat_name(p, names)} {bid}" for p, bid in enumerate(result.bids))
        return [_("{round} (Bids: {bids}.)").format(round=result.describe(names), bids=bids)]

    def _outcome_reason(self, names=None) -> str:
        """The final result in words, with the tiebreak spelled out when one was needed."""
        return self.tiebreak_explanation(names)

    # --- text and pictures: public by default, everything on request ----------------------------
    def _render(self) -> str:
        """What everyone at the table may see: the Points on the table, the tops of the piles (the
        full piles with the memory aid), and the scores once the game is over. Never a hand."""
        open_piles = self.memory_aid or self.is_terminal
        lines = [self._headline()]
        for p in range(self.num_players):
            used, won = self._pile_texts(p, open_piles)
            if open_piles:
                line = _("  player {seat}: used {used}; won {won} ({points} points)").format(
                    seat=p, used=used, won=won, points=f"{self.scores()[p]:+d}")
            else:
                line = _("  player {seat}: used {used}; won {won}").format(seat=p, used=used, won=won)
            lines.append(line)
        if self.is_terminal:
            lines.append("  " + self.tiebreak_explanation())
        return "\n".join(lines)

    def reveal(self) -> str:
        """Everything, for debugging: every hand, the full piles and the Points cards to come in
        the order they will be turned. Not for a screen the players can see."""
        lines = [_("{headline} (seed {seed}; everything shown)").format(headline=self._headline(),
                                                                         seed=self.seed)]
        coming = format_points(self.points_to_come) or "-"
        lines.append(_("  Points cards to come, next first: {cards}").format(cards=coming))
        for p in range(self.num_players):
            used, won = self._pile_texts(p, True)
            hand = " ".join(map(str, self.hands[p])) or "-"
            lines.append(_("  player {seat}: hand {hand}; used {used}; won {won} ({points} points)").format(
                seat=p, hand=hand, used=used, won=won, points=f"{self.scores()[p]:+d}"))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small public table for a notebook cell: the same information as ``str(state)``."""
        open_piles = self.memory_aid or self.is_terminal
        columns = [_("player"), _("used"), _("won")] + ([_("points")] if open_piles else [])
        head = "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in columns) + "</tr>"
        rows = []
        for p in range(self.num_players):
            used, won = self._pile_texts(p, open_piles)
            points = f"<td>{self.scores()[p]:+d}</td>" if open_piles else ""
            rows.append(f"<tr><td>{p}</td><td>{escape(used)}</td><td>{escape(won)}</td>{points}</tr>")
        foot = f"<p>{escape(self.tiebreak_explanation())}</p>" if self.is_terminal else ""
        return (f"<div class='gk-milhoes'><b>{escape(self._headline())}</b>"
                f"<table>{head}{''.join(rows)}</table>{foot}</div>")

    def _headline(self) -> str:
        if self.is_terminal:
            return _("Milhões, {players} players: game over after {rounds} rounds").format(
                players=self.num_players, rounds=self.cards)
        text = (_("Milhões, {players} players: round {round} of {rounds}; on the table {pot}, "
                  "{bid} wins it") if self.contest == "highest" else
                _("Milhões, {players} players: round {round} of {rounds}; on the table {pot}, "
                  "{bid} takes it"))
        return text.format(players=self.num_players, round=self.round, rounds=self.cards,
                           pot=pot_words(self.pot), bid=contest_words(self.contest, self.award))

    def _pile_texts(self, player: int, full: bool) -> tuple[str, str]:
        """Player's used and won piles as text: in full, or the top card only (as the booklet)."""
        used, won = self.used[player], self.won[player]
        if full:
            return " ".join(map(str, used)) or "-", format_points(won) or "-"
        return ((_("{card} on top").format(card=used[-1]) if used else "-"),
                (_("{card} on top").format(card=f"{won[-1]:+d}") if won else "-"))


_BIDS = {card: Bid(card) for card in range(1, 101)}  # shared, so legal_actions allocates nothing
_BID_LIST = [None] + [_BIDS[card] for card in range(1, 101)]  # the same, indexed by card
_new_result = tuple.__new__  # builds a RoundResult without the keyword-parsing constructor
_new_observation = object.__new__  # with _set_fields: an observation from a dict of its fields,
_set_fields = object.__setattr__  # past the frozen dataclass's field-by-field __init__


def decide_winner(bids, contest: str, award: str = "unique") -> tuple[int | None, tuple[int, ...]]:
    """Who wins a pot: ``(winner or None, cancelled values)``.

    ``award="unique"`` (Milhões): values bid by two or more players are ignored and the highest
    (or lowest) value bid by exactly one player wins. ``award="top"`` (Goofspiel with 3+ players,
    as OpenSpiel plays it): only the very highest (lowest) bid counts, and a tie there wins nothing.
    """
    if award == "top":
        best = max(bids) if contest == "highest" else min(bids)
        if bids.count(best) > 1:
            return None, (best,)
        return bids.index(best), ()
    distinct = set(bids)
    if len(distinct) == len(bids):  # no two bids alike, the usual case: nothing cancels
        return bids.index(max(bids) if contest == "highest" else min(bids)), ()
    if len(distinct) == 1:  # everybody bid the same card
        return None, (bids[0],)
    cancelled, unique = [], []
    for value in distinct:
        (cancelled if bids.count(value) > 1 else unique).append(value)
    cancelled = tuple(sorted(cancelled))
    if not unique:
        return None, cancelled
    best = max(unique) if contest == "highest" else min(unique)
    return bids.index(best), cancelled


def decide_game_winners(scores, won, tiebreak: bool = True) -> list[int]:
    """Highest total wins; tied players are separated by the highest single Battle card held."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) == 1 or not tiebreak:
        return tied
    highs = {p: max([v for v in won[p] if v > 0], default=0) for p in tied}
    top = max(highs.values())
    if top == 0:  # nobody holds a Battle: the tie stands
        return tied
    return [p for p in tied if highs[p] == top]


def _whole(value) -> bool:
    """An int that is not a bool (``True`` is 1 to Python, but not a number of cards)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


_DEFAULT_POINTS: dict[int, tuple[int, ...]] = {}  # cards -> default_points(cards), made once


def _check_options(players, cards, points, points_order, tie_rule, award, memory_aid, tiebreak) -> list[int]:
    if not _whole(players) or not 2 <= players <= 5:
        raise ValueError(_("Milhões is for 2 to 5 players, not {value}").format(value=repr(players)))
    if not _whole(cards) or not 1 <= cards <= 100:
        raise ValueError(_("cards is the number of Power cards per player (1..100), not {value}").format(
            value=repr(cards)))
    if tie_rule not in TIE_RULES:
        raise ValueError(_("tie_rule is 'carry' (the booklet) or 'discard' (Goofspiel), not {value}").format(
            value=_cut(repr(tie_rule))))
    if award not in AWARD_RULES:
        raise ValueError(_("award is 'unique' (the booklet) or 'top', not {value}").format(
            value=_cut(repr(award))))
    for name, value in (("memory_aid", memory_aid), ("tiebreak", tiebreak)):
        if not isinstance(value, bool):
            raise ValueError(_("{option} is True or False, not {value}").format(
                option=name, value=_cut(repr(value))))
    if points is None:  # the defaults are whole numbers, one per round, by construction
        if cards not in _DEFAULT_POINTS:
            _DEFAULT_POINTS[cards] = tuple(default_points(cards))
        points = list(_DEFAULT_POINTS[cards])
    elif not _whole_numbers(points, cards):
        raise ValueError(_("points must be a list of {cards} whole numbers, one Points card per round; "
                           "got {value}").format(cards=cards, value=_cut(repr(points), 60)))
    else:
        points = list(points)
    if points_order is not None and (not _whole_numbers(points_order, cards)
                                     or sorted(points_order) != sorted(points)):
        raise ValueError(_("points_order must be the Points cards {points} in some order; "
                           "got {value}").format(points=sorted(points), value=_cut(repr(points_order), 60)))
    return points


def _whole_numbers(values, count: int) -> bool:
    """``values`` is a list (or tuple) of ``count`` whole numbers."""
    return isinstance(values, (list, tuple)) and len(values) == count and all(_whole(v) for v in values)


def new_game(players: int = 3, *, seed: int | None = None, cards: int = 12, points=None,
             points_order=None, tie_rule: str = "carry", memory_aid: bool = False,
             award: str = "unique", tiebreak: bool = True) -> MilhoesState:
    """A new game of Milhões, ready for round 1 (the first Points card is already turned).

    ``points`` are the Points-card values (default: Battles +1..+8, Red Barons -1..-4);
    ``points_order`` fixes the order they are turned (else the seed shuffles them);
    ``tie_rule="carry"`` keeps a totally tied pot on the table (the booklet), ``"discard"`` throws
    it away (Goofspiel); observations show only the top card of each pile, as the booklet says,
    and ``memory_aid=True`` shows the full piles, the exact scores and the Points cards to come;
    ``award="top"`` lets only the very highest (lowest) bid win; ``tiebreak=False`` lets a tied total
    stand instead of asking who holds the highest Battle card.
    """
    return MilhoesState(players=players, seed=seed, cards=cards, points=points, points_order=points_order,
                        tie_rule=tie_rule, memory_aid=memory_aid, award=award, tiebreak=tiebreak)


def goofspiel(cards: int = 13, players: int = 2, seed: int | None = None, points_order=None) -> MilhoesState:
    """Goofspiel, the textbook relative: prizes 1..N, a tie on the winning bid discards the prize,
    a tied total is a draw. Same engine, same protocol."""
    return new_game(players, seed=seed, cards=cards, points=list(range(1, cards + 1)),
                    points_order=points_order, tie_rule="discard", award="top", tiebreak=False)
