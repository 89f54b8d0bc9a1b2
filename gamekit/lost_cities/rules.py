"""The rules of Lost Cities (Reiner Knizia, 1999), for two players or two partnerships of two.

Five expeditions (yellow, blue, white, green, red; purple in the six-colour edition), each with
cards 2..10 and three wager ("investment", handshake) cards. A turn is two actions: **play** a card
to one of your expeditions or **discard** it face up on its colour's pile, then **draw** the top of
the deck or the top of a discard pile (never the card you have just discarded). Wagers go down
only before any number; numbers must rise. The round ends the moment the last card of the deck is
drawn, and each started expedition scores ``(sum - 20) * (1 + wagers)``, plus 20 with eight or
more cards. The rules digest is ``shared/rules/lost-cities.md``.

With four players, partners sit opposite and build shared expeditions (numbers rise strictly:
the 75-card deck holds two of every 2, 3 and 4), and a player may pass two cards face down to the
partner instead of a turn (``pass_timing="after"``: after a turn), never keeping fewer than six.
Four players with six colours (90 cards) is the kit's own variant: neither rulebook describes it.

A round ends when the deck runs out, so in principle it could last for ever: partners could pass
cards back and forth, or both players could keep drawing from the discard piles. The kit's own
rule (for agents' games; people never come near it) bounds every round: after ``stall_limit``
(default 100) turns in a row in which nobody drew from the deck, the next turn must draw from the
deck (no discard pile, no pass instead of the turn). So a round lasts at most
``(cards in the deck after the deal) x (stall_limit + 1)`` turns; ``stall_limit=None`` plays the
rulebook as printed, without the bound.

The deck is a list whose **top is the last element** (``deck[-1]`` is drawn next); discard piles
and expeditions are lists from bottom to top. A match is ``rounds`` rounds (default three, as the
rulebook suggests) on the same state: totals carry over and the leader starts the next round.

>>> state = new_game(seed=5, rounds=1, position={
...     "hands": [["red wager", "red 4", "red 9", "blue 2", "blue 3", "white 10", "green 5", "yellow 7"],
...               ["red 2", "red 3", "blue wager", "blue 8", "white 4", "white 6", "green 9", "yellow 2"]],
...     "deck": ["red 5", "green 2"]})
>>> [str(action) for action in state.legal_actions()][:3]  # sorted: plays, then discards, in card order
['play yellow 7', 'play blue 2', 'play blue 3']
>>> state.apply("play red 4")
>>> state.explain("draw red")
'Illegal: the red discard pile is empty'
>>> state.apply("draw deck")
>>> state.explain("play red wager", player=0)
"Illegal: it is not player 0's turn"
>>> state.apply("discard red 2"); state.apply("draw deck")
>>> state.explain("play red wager")
'Illegal: a wager can only start an expedition: your red expedition already has a number (the red 4)'
>>> state.scores()
[-16, 0]
"""

from __future__ import annotations

import operator
import random
import sys
import weakref
from collections import Counter

from gamekit.core import TERMINAL, GameState, make_rng, seat_name, shuffle
from gamekit.i18n import N_, translations

# The rooms of the game; every public name stays importable from here (see ``__all__``).
from .actions import (_DRAWS, _PAIRS, KINDS, PASS_NOTHING, STEPS, Action, discard, draw, in_words,
                      parse_action, pass_cards, play)
from .cards import (
    ALL_CARDS, BONUS, BONUS_CARDS, BREAK_EVEN, COLOURS, NUMBERS, WAGER, WAGERS_PER_COLOUR, _CARD_OF, Card,
    _short, card_name, colour_name, deck_cards, describe_expedition, score_expedition, the_card,
)
from .observation import (
    OBSERVATION_FIELDS, _SET_PLAYER, _SET_SOURCE, LostCitiesObservation, RoundResult, _new_observation,
)
from .options import _DECKS, HAND_SIZE, KEEP_AFTER_PASS, PASS_TIMINGS, STALL_LIMIT, _check_options
from .refusals import Refusals

_, ngettext, pgettext = translations("lost_cities")

__all__ = [
    "ALL_CARDS", "BONUS", "BONUS_CARDS", "BREAK_EVEN", "COLOURS", "HAND_SIZE", "KEEP_AFTER_PASS", "KINDS",
    "NUMBERS", "OBSERVATION_FIELDS", "PASS_NOTHING", "PASS_TIMINGS", "STALL_LIMIT", "STEPS", "WAGER",
    "WAGERS_PER_COLOUR", "Action", "Card", "LostCitiesObservation", "LostCitiesState", "RoundResult",
    "deck_cards", "describe_expedition", "determinise", "discard", "draw", "new_game", "parse_action",
    "pass_cards", "play", "score_expedition",
]

_BY_RANK = operator.attrgetter("_rank")
_weak = weakref.ref

# --- the state -----------------------------------------------------------------------------------
_PLAY_STEP, _DRAW_STEP, _PASS_STEP = STEPS
_BIT = {colour: 1 << index for index, colour in enumerate(COLOURS)}
_BANNED_INDEX = {None: 0, **{colour: index + 1 for index, colour in enumerate(COLOURS)}}
_MAX_TWIN = 4  # only wagers (and, with four players, the 2, 3 and 4) come more than once
# _PLAYS_UP_TO[colour index][v]: the action "play" of that colour's card worth v (None for 1), for
# striking plays off the menus when a number goes down.
_PLAYS_UP_TO = tuple(tuple(_CARD_OF[c, v]._play if v != 1 else None for v in range(11)) for c in COLOURS)


class LostCitiesState(Refusals, GameState):
    """A match of Lost Cities: ``rounds`` rounds of two-step turns until ``TERMINAL``.

    Public fields: ``hands`` (per seat, in the order received), ``deck`` (top last),
    ``discards`` (colour -> pile, bottom to top), ``expeditions`` (per side: colour -> row),
    ``round``/``rounds``, ``totals`` (per side, finished rounds), ``round_results``,
    ``starter``, ``step`` and ``colours``. ``scores()`` and ``winners()`` speak per seat (partners
    share their team's points); ``side_scores()`` per side.
    """

    game = "lost_cities"
    action_type = Action
    # The fields every step reads or writes live in slots, the quickest attributes CPython has
    # (the rest stay in the instance dict, which is too big for its shared-keys speed-up).
    __slots__ = ("_draw_row", "_legal", "_mask", "_menu", "_need", "_next", "_pass_after", "_player", "_stall",
                 "_stall_limit",
                 "_public", "_seat_need", "_seats_of", "_side", "deck", "discards", "expeditions", "hands",
                 "history", "is_terminal", "step", "teams")

    def __init__(self, *, players, seed, colours, rounds, hand_size, pass_timing, first_player, position,
                 stall_limit=STALL_LIMIT):
        placed = _check_options(players, colours, rounds, hand_size, pass_timing, first_player, position,
                                stall_limit)
        rng, seed = make_rng(seed)
        options = {"players": players, "colours": colours, "rounds": rounds, "hand_size": hand_size,
                   "pass_timing": pass_timing, "first_player": first_player, "position": position,
                   "stall_limit": stall_limit}
        GameState.__init__(self, num_players=players, seed=seed, options=options)
        self.is_terminal = False  # a plain attribute (read before every step of a loop), set at the end
        self._watchers: list = []  # weak references to observations whose fields are still to fill in
        self._actors: list[int] = []  # the seat that took each step of ``history``
        self._rng = rng
        self.colours = COLOURS[:colours]
        self.rounds = rounds
        self.hand_size = hand_size
        self.teams = players == 4
        self.pass_timing = pass_timing if self.teams else None
        self._pass_after = self.pass_timing == "after"
        self._set_stall_limit(stall_limit)
        self._full_deck = _DECKS.get((players, colours)) or deck_cards(players, colours)
        self._side = (0, 1, 0, 1)[:players]
        self._seats_of = ((0, 2), (1, 3)) if self.teams else ((0,), (1,))
        self._next = tuple((p + 1) % players for p in range(players))
        self.totals = [0, 0]
        self.round_results: list[RoundResult] = []
        self.round = 0
        self._start_round(first_player, placed)

    # --- the round -------------------------------------------------------------------------
    def _start_round(self, starter: int, placed=None) -> None:
        """Shuffle and deal (or lay out the ``position`` option's cards), starter to move."""
        self.round += 1
        self.starter = starter
        colours = self.colours
        if placed is None:
            deck = list(self._full_deck)
            shuffle(self._rng, deck)
            size = self.hand_size
            self.hands = [deck[-size * (p + 1):len(deck) - size * p] for p in range(self.num_players)]
            del deck[-size * self.num_players:]
            self.discards = {colour: [] for colour in colours}
            self.expeditions = [{colour: [] for colour in colours}, {colour: [] for colour in colours}]
        else:
            hands, top, discards, expeditions = placed
            rest = Counter(self._full_deck)
            for cards in (*hands, top, *discards.values(), *(cards for row in expeditions for cards in row.values())):
                rest.subtract(cards)
            deck = list(rest.elements())
            shuffle(self._rng, deck)
            deck += reversed(top)
            self.hands = [list(hand) for hand in hands]
            self.discards = {colour: list(discards.get(colour, ())) for colour in colours}
            self.expeditions = [{colour: list(row.get(colour, ())) for colour in colours} for row in expeditions]
        self.deck = deck
        self._scores = None  # the expeditions' points, worked out when asked for
        self.step = _PLAY_STEP
        self._player = starter
        self._stall = 0
        self._index(blocked=None)

    def _set_stall_limit(self, stall_limit: int | None) -> None:
        self.stall_limit = stall_limit
        self._stall_limit = sys.maxsize if stall_limit is None else stall_limit

    @property
    def stalled(self) -> bool:
        """Whether the coming turn must draw from the deck: ``stall_limit`` turns in a row have
        gone by without a deck draw (the kit's bound on a round's length)."""
        return self._stall >= self._stall_limit

    @property
    def turns_without_deck(self) -> int:
        """Turns in a row, up to now, in which nobody drew from the deck (a pass counts too)."""
        return self._stall

    def _index(self, blocked: str | None) -> None:
        """Work out the quick-lookup tables from the public fields: what each side may still play
        per colour, each seat's menu of plays and discards, which piles have cards and which may
        be drawn from (``blocked``: the colour just discarded). Knowledge of hands starts empty."""
        # _need[side][colour index]: the lowest value the side may still play in that colour
        self._need = [[_lowest_playable(row.get(colour, ())) for colour in COLOURS] if any(row.values())
                      else [WAGER] * len(COLOURS) for row in self.expeditions]
        self._seat_need = [self._need[side] for side in self._side]  # the same lists, by seat
        # Each seat's menu: for each card held, in the order received, its play (while legal)
        # and its discard, each mapped to the move that performs it.
        self._menu = []
        for hand, need in zip(self.hands, self._seat_need):
            menu = {}
            for card in hand:
                if card._discard not in menu:
                    if card.value >= need[card._colour_index]:
                        menu[card._play] = _PLAY_MOVE
                    menu[card._discard] = _DISCARD_MOVE
            self._menu.append(menu)
        self._mask = sum(_BIT[colour] for colour, pile in self.discards.items() if pile)
        # The row of _DRAW_MENUS that the coming draw step uses: set by every play and discard.
        self._draw_row = self._mask * 8 + _BANNED_INDEX[blocked]
        self._legal = self._moves_now()
        seats = range(self.num_players)
        self._public = [[] for _ in seats]  # cards everyone else saw a seat take from a pile
        self._private = [[[] for _ in seats] for _ in seats]  # [o][q]: what o alone knows q holds
        self._pooled = [[], []]  # per team: known to be with the team, not which partner

    def _moves_now(self) -> dict:
        """The mover's legal plays, discards or draws (not passes), each mapped to its move."""
        if self._player == TERMINAL or self.step == _PASS_STEP:
            return _NO_MOVES
        if self.step == _DRAW_STEP:
            return _DECK_ONLY if self._stall >= self._stall_limit else _DRAW_MENUS[self._draw_row]
        return self._menu[self._player]

    def _end_round(self) -> None:
        scores = tuple(self._row_score(side) for side in (0, 1))
        self.totals[0] += scores[0]
        self.totals[1] += scores[1]
        laid = tuple({colour: tuple(cards) for colour, cards in row.items()} for row in self.expeditions)
        self.round_results.append(RoundResult(self.round, self.starter, laid, scores, tuple(self.totals),
                                              len(self.history) + 1))
        if self.round < self.rounds:
            self._start_round(self._next_starter())
        else:
            self._player = TERMINAL
            self.step = None
            self.is_terminal = True
            self._legal = _NO_MOVES

    def _next_starter(self) -> int:
        """The leader starts the next round: the first seat of the leading side after this
        round's starter (on level totals, simply the next seat)."""
        totals = self.totals
        after = [(self.starter + k) % self.num_players for k in range(1, self.num_players + 1)]
        if totals[0] == totals[1]:
            return after[0]
        leader = 0 if totals[0] > totals[1] else 1
        return next(seat for seat in after if self._side[seat] == leader)

    def _row_score(self, side: int) -> int:
        return self.round_scores()[side]

    # --- the protocol ------------------------------------------------------------------------
    # ``current_player``, ``is_terminal``, ``legal_actions`` and ``apply`` have a fast path for
    # the everyday call (the mover, shared Action objects) and hand everything else to
    # ``GameState``, which parses text, resolves players and explains refusals. Both paths make
    # the same checks, against tables kept up to date move by move: each seat's menu of plays and
    # discards, the lowest value each side may still play per colour, and which piles have cards.
    # ``_legal`` is the mover's table for the step at hand (a seat's menu, or a draw menu): it
    # maps each legal play, discard or draw to the move that performs it, so the fast ``apply``
    # checks and dispatches with a single dictionary lookup.
    def _current_player(self) -> int:
        return self._player

    @property
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` once the last round is scored."""
        return self._player

    @property
    def _blocked(self) -> str | None:
        """The colour whose pile the coming draw may not take from (the card just discarded)."""
        barred = self._draw_row % 8
        return COLOURS[barred - 1] if barred else None

    @property
    def side_to_move(self) -> int | None:
        return None if self._player == TERMINAL else self._side[self._player]

    @property
    def variant(self) -> str:
        """Which game is on the table, in words: a rulebook's, or the kit's own variant."""
        colours, players = len(self.colours), self.num_players
        if players == 2:
            return (_("the classic game: five expeditions, 60 cards") if colours == 5
                    else _("the six-colour edition: purple added, 72 cards"))
        if colours == 5:
            return _("the partnership game for four: 75 cards")
        return _("the kit's own variant: partnerships with six colours, 90 cards (in neither rulebook)")

    @property
    def is_kits_own_variant(self) -> bool:
        """Four players with six colours: a game neither rulebook describes."""
        return self.num_players == 4 and len(self.colours) == 6

    def side_of(self, player: int) -> int:
        """The side (team with four players) a seat builds for: 0 or 1."""
        return self._side[player]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions ``player`` (default: the mover) may take now, sorted: at the play step
        the plays, then the discards, each in card order (colours in game order, wagers first),
        then passes, if allowed; at the draw step the deck, then the piles that may be taken, in
        colour order. Empty for anyone but the mover, and once the match is over."""
        if player is None and not self.teams:  # with partners, passes may be legal too
            if self.step == _PLAY_STEP:
                return sorted(self._legal, key=_BY_RANK)
            return list(self._legal)  # the draw menus are made in order
        if self._player == TERMINAL:
            return []
        return GameState.legal_actions(self, player)

    def apply(self, action) -> None:
        """Perform the mover's action: an :class:`Action` or its text (``"play red 7"``)."""
        watchers = self._watchers
        if watchers:  # observations still held must keep showing the table as it is now
            for ref in watchers:
                seen = ref()
                if seen is not None:
                    seen._settle()
            watchers.clear()
        if type(action) is Action:  # a shared action: one lookup checks it and finds its move
            move = self._legal.get(action)
            if move is not None:
                self._actors.append(self._player)
                move(self, action)
                self.history.append(action)
                return
        GameState.apply(self, action)

    def _legal_actions(self, player: int) -> list[Action]:
        actions = sorted(self._legal, key=_BY_RANK)  # ``player`` is the mover: GameState answers [] for others
        if self.step == _PASS_STEP:
            actions = [PASS_NOTHING]
        if self._may_pass(player):
            actions += self._pass_menu(player)
        return actions

    def may_pass(self, player: int | None = None) -> bool:
        """May ``player`` (default: the mover) pass two cards to the partner now? Only with
        partners, at the step the ``pass_timing`` sets, keeping six cards, in a round not stalled."""
        if self._player == TERMINAL:
            return False
        seat = self._player if player is None else self._resolve_player(player)
        return seat == self._player and self._may_pass(seat)

    def partner(self, seat: int) -> int | None:
        """The seat across the table that builds the same expeditions (None with two players)."""
        seat = self._resolve_player(seat)
        return (seat + 2) % 4 if self.teams else None

    def _may_pass(self, player: int) -> bool:
        """May ``player`` pass two cards now (partnerships, at the right step, six kept)?"""
        if not self.teams or len(self.hands[player]) < KEEP_AFTER_PASS + 2:
            return False
        if not self._pass_after and self._stall >= self._stall_limit:
            return False
        return self.step == (_PLAY_STEP if self.pass_timing == "instead" else _PASS_STEP)

    def _pass_menu(self, player: int) -> list[Action]:
        hand = self.hands[player]
        kinds = sorted(dict.fromkeys(hand))
        pairs = _PAIRS
        return [pairs[a, b] for i, a in enumerate(kinds) for b in kinds[i:] if a != b or hand.count(a) > 1]

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _example_text(self) -> str:
        return "play red 7"

    # --- moves (called once the action is known to be legal) ----------------------------------
    def _apply(self, action: Action) -> None:
        if self._watchers:
            self._settle_observations()
        self._actors.append(self._player)
        move = self._legal.get(action)
        if move is not None:
            move(self, action)
        else:
            self._pass(action.cards)

    # The moves read card data from the action's slots (``_colour``, ``_value``...), which is
    # quicker than from the card, and keep the tables up to date as they go.
    def _play(self, action: Action) -> None:
        seat = self._player
        card = action.card
        hand = self.hands[seat]
        hand.remove(card)
        value = action._value
        side = self._side[seat]
        self.expeditions[side][action._colour].append(card)
        self._scores = None
        if value > _MAX_TWIN or card not in hand:  # the last copy has left the hand
            menu = self._menu[seat]
            del menu[action]
            del menu[action._discard]
        if value:  # a number: this side may now play only higher numbers of the colour
            need = self._need[side]
            index = action._index
            low = need[index]
            need[index] = value + 1
            stale = _PLAYS_UP_TO[index][low:value + 1]
            for partner in self._seats_of[side]:
                menu = self._menu[partner]
                for old in stale:
                    menu.pop(old, None)
        public = self._public[seat]
        if card in public:
            public.remove(card)
        elif self.teams:
            self._forget_private(seat, card)
        self.step = _DRAW_STEP
        row = self._draw_row = self._mask * 8  # no pile is barred after a play
        self._legal = _DRAW_MENUS[row] if self._stall < self._stall_limit else _DECK_ONLY

    def _discard(self, action: Action) -> None:
        seat = self._player
        card = action.card
        hand = self.hands[seat]
        hand.remove(card)
        self.discards[action._colour].append(card)
        mask = self._mask | action._bit
        self._mask = mask
        if action._value > _MAX_TWIN or card not in hand:
            menu = self._menu[seat]
            del menu[action]
            menu.pop(action._play, None)
        public = self._public[seat]
        if card in public:
            public.remove(card)
        elif self.teams:
            self._forget_private(seat, card)
        self.step = _DRAW_STEP
        row = self._draw_row = mask * 8 + action._index + 1  # this pile is barred for the draw
        self._legal = _DRAW_MENUS[row] if self._stall < self._stall_limit else _DECK_ONLY

    def _draw(self, action: Action) -> None:
        """The drawn card joins the mover's hand (as in ``_take``, inlined: every draw comes
        here); then the round ends if the deck is empty, else the pass step or the next seat."""
        seat = self._player
        source = action.source
        if source == "deck":
            card = self.deck.pop()
            self._stall = 0
        else:
            self._stall += 1
            pile = self.discards[source]
            card = pile.pop()
            if not pile:
                self._mask &= ~card._bit
            self._public[seat].append(card)  # everyone saw which card was taken
        hand = self.hands[seat]
        hand.append(card)
        menu = self._menu[seat]
        discard = card._discard
        value = discard._value
        if value > _MAX_TWIN or discard not in menu:  # a card new to the hand
            if value >= self._seat_need[seat][discard._index]:
                menu[discard._play] = _PLAY_MOVE
            menu[discard] = _DISCARD_MOVE
        if not self.deck:  # the last card is drawn: the round ends at once
            self._end_round()
        elif self._pass_after and len(hand) >= KEEP_AFTER_PASS + 2:
            self.step = _PASS_STEP
            self._legal = _NO_MOVES
        else:
            player = self._player = self._next[seat]
            self.step = _PLAY_STEP
            self._legal = self._menu[player]

    def _take(self, seat: int, card: Card) -> None:
        """``card`` joins ``seat``'s hand, and its play (if legal) and discard join the menu."""
        self.hands[seat].append(card)
        menu = self._menu[seat]
        discard = card._discard
        if discard not in menu:  # a card new to the hand
            if discard._value >= self._seat_need[seat][discard._index]:
                menu[discard._play] = _PLAY_MOVE
            menu[discard] = _DISCARD_MOVE

    def _pass(self, cards: tuple) -> None:
        seat = self._player
        if cards:
            partner = (seat + 2) % 4
            for card in cards:
                self._lose(seat, card)
                self._take(partner, card)
            # Opponents saw two cards go face down: what they knew this seat held may now be
            # with either partner. The partner knows exactly, and the passer knows what it gave.
            public = self._public[seat]
            self._pooled[self._side[seat]] += public
            view = public + self._private[partner][seat]
            for card in cards:
                if card in view:
                    view.remove(card)
            self._private[partner][seat] = view
            self._private[seat][partner] += cards
            self._public[seat] = []
        if not self._pass_after:  # a pass instead of a turn: a turn without a deck draw
            self._stall += 1
        player = self._player = self._next[seat]
        self.step = _PLAY_STEP
        self._legal = self._menu[player]

    def _lose(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        if card not in hand:
            menu = self._menu[seat]
            del menu[card._discard]
            menu.pop(card._play, None)

    def _forget_private(self, seat: int, card: Card) -> None:
        """The partner's own knowledge, and the opponents' pool, lose the card too."""
        for view in (self._private[(seat + 2) % 4][seat], self._pooled[self._side[seat]]):
            if card in view:
                view.remove(card)

    # --- the end -----------------------------------------------------------------------------
    def round_scores(self) -> list[int]:
        """Per side, what the expeditions on the table are worth now (worked out once after each
        play: only plays change them)."""
        scores = self._scores
        if scores is None:
            scores = self._scores = tuple(sum(score_expedition(cards) for cards in row.values() if cards)
                                          for row in self.expeditions)
        return list(scores)

    def side_scores(self) -> list[int]:
        """Per side: the finished rounds plus, during a round, the expeditions on the table."""
        if self._player == TERMINAL:
            return list(self.totals)
        running = self.round_scores()
        return [self.totals[0] + running[0], self.totals[1] + running[1]]

    def scores(self) -> list[int]:
        """Per seat (partners share their team's score): finished rounds plus the running round."""
        sides = self.side_scores()
        return [sides[side] for side in self._side]

    def winners(self) -> list[int]:
        """The seats of the side with the higher total once the match is over; a tie is a tie."""
        if self._player != TERMINAL:
            return []
        best = max(self.totals)
        return [seat for seat, side in enumerate(self._side) if self.totals[side] == best]

    # --- what a player sees ------------------------------------------------------------------
    def observation(self, player: int) -> LostCitiesObservation:
        """What ``player`` may know now (see :class:`LostCitiesObservation`)."""
        if type(player) is not int or not 0 <= player < self.num_players:
            player = self._resolve_player(player)
        seen = _new_observation(LostCitiesObservation)  # its fields are filled in when first read
        _SET_PLAYER(seen, player)
        _SET_SOURCE(seen, self)
        self._watchers.append(_weak(seen))
        return seen

    def _settle_observations(self) -> None:
        """Before the state moves on: fill in the observations still held (a dropped one is gone)."""
        for ref in self._watchers:
            seen = ref()
            if seen is not None:
                seen._settle()
        self._watchers.clear()

    def _observed(self, player: int) -> tuple:
        """The fields of ``player``'s observation now, in ``OBSERVATION_FIELDS`` order."""
        known = []
        for seat in range(self.num_players):
            if seat == player:
                known.append(tuple(sorted(self.hands[seat])))
            else:
                known.append(tuple(self._public[seat] + self._private[player][seat]))
        other = 1 - self._side[player]
        return (player, self.num_players, self._side[player], self.colours, self._player, self.step, known[player],
                tuple(len(hand) for hand in self.hands), len(self.deck),
                {colour: tuple(pile) for colour, pile in self.discards.items()},
                tuple({colour: tuple(cards) for colour, cards in row.items()} for row in self.expeditions),
                tuple(known), tuple(self._pooled[other]) if self.teams else (),
                self._blocked if self.step == _DRAW_STEP else None, self.round, self.rounds, tuple(self.totals),
                tuple(self.round_scores()), self.hand_size, self.pass_timing, self._stall, self.stall_limit)

    def public_observation(self) -> LostCitiesObservation:
        """What anyone at the table may know (a spectator, the projector): expeditions, piles,
        the deck's size, how many cards each seat holds and the cards all saw it take from a
        pile; ``player`` and ``side`` are ``None`` and ``hand`` is empty."""
        values = dict(zip(OBSERVATION_FIELDS, self._observed(0)))
        values.update(player=None, side=None, hand=(), pooled=(),
                      known=tuple(tuple(cards) for cards in self._public))
        return LostCitiesObservation(**values)

    def secret_log_readers(self, start: int = 0) -> set[int]:
        """The partners of a pass from step ``start`` on: they alone read its cards."""
        return {reader for step, seat in zip(self.history[start:], self._actors[start:])
                if step.kind == "pass" and step.cards for reader in (seat, (seat + 2) % 4)}

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """Step ``number`` in words for ``viewer``: a pass shows its cards to the two partners
        only (the others see two cards go face down); a round's last draw adds its scoring."""
        seat = self._actors[number - 1]

        def name(p: int) -> str:
            return seat_name(p, names)
        who = name(seat)
        you = who in ("You", _("You"))  # "You play", "Ana plays"
        partner = name((seat + 2) % 4) if self.teams else ""
        if step.kind != "pass" or not step.cards:
            line = _("{name} {does}").format(name=who, does=in_words(step, you=you))
        elif viewer in (seat, (seat + 2) % 4):
            text = (_("{name} pass {first} and {second} to {partner}") if you else
                    _("{name} passes {first} and {second} to {partner}"))
            line = text.format(name=who, first=the_card(step.cards[0]), second=the_card(step.cards[1]),
                               partner=partner)
        else:
            text = (_("{name} pass two cards face down to {partner}") if you else
                    _("{name} passes two cards face down to {partner}"))
            line = text.format(name=who, partner=partner)
        lines = [line]
        for result in self.round_results:
            if result.step == number:
                sides = [" & ".join(name(p) for p in self._seats_of[side]) for side in (0, 1)]
                scored = ", ".join(f"{sides[side]} {result.scores[side]:+d}" for side in (0, 1))
                totals = ", ".join(f"{sides[side]} {result.totals[side]:+d}" for side in (0, 1))
                lines.append(_("Round {round} scored: {scores} (match: {totals})").format(
                    round=result.round, scores=scored, totals=totals))
        return lines

    def __getstate__(self):  # pickles and deep copies leave the observations behind
        values, slots = super().__getstate__()
        return {**values, "_watchers": []}, slots

    def clone(self) -> LostCitiesState:
        twin = object.__new__(LostCitiesState)
        twin.__dict__.update(self.__dict__)
        for name in _SHARED_SLOTS:  # values that never change, or are replaced, never mutated
            setattr(twin, name, getattr(self, name))
        twin.options = dict(self.options)
        twin._watchers = []
        twin.history = list(self.history)
        twin._actors = list(self._actors)
        twin.hands = [list(hand) for hand in self.hands]
        twin.deck = list(self.deck)
        twin.discards = {colour: list(pile) for colour, pile in self.discards.items()}
        twin.expeditions = [{colour: list(cards) for colour, cards in row.items()} for row in self.expeditions]
        twin.totals = list(self.totals)
        twin.round_results = list(self.round_results)
        twin._need = [list(need) for need in self._need]
        twin._seat_need = [twin._need[side] for side in self._side]
        twin._menu = [dict(menu) for menu in self._menu]
        twin._legal = twin._moves_now()
        twin._public = [list(cards) for cards in self._public]
        twin._private = [[list(cards) for cards in row] for row in self._private]
        twin._pooled = [list(cards) for cards in self._pooled]
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def reveal(self) -> str:
        """The whole state as text, hidden cards included (every hand, the deck from the top):
        for debugging, never for a screen others can see. ``str(state)`` shows what is public."""
        lines = [self._render()]
        for seat, hand in enumerate(self.hands):
            lines.append(_("  player {seat} holds: {cards}").format(
                seat=seat, cards=_card_list(sorted(hand))))
        lines.append(_("  deck, top first: {cards}").format(cards=_card_list(reversed(self.deck)) or "-"))
        return "\n".join(lines)

    def _render(self) -> str:
        """What everyone at the table sees: expeditions, discard piles, the deck's size and how
        many cards each seat holds (with the cards all saw it take from a pile)."""
        totals = {"first": f"{self.totals[0]:+d}", "second": f"{self.totals[1]:+d}"}
        if self._player == TERMINAL:
            head = _("Lost Cities: match over after {rounds} round(s); totals {first} to {second}").format(
                rounds=self.rounds, **totals)
        else:
            head = _(_HEADLINES[self.step]).format(round=self.round, rounds=self.rounds, seat=self._player,
                                                   deck=len(self.deck), **totals)
        lines = [head]
        tops = "  ".join(f"{colour_name(colour, False)} {_pile_top(pile)}"
                         for colour, pile in self.discards.items())
        lines.append(_("  discards: {piles}").format(piles=tops))
        for side in (0, 1):
            row = self.expeditions[side]
            shown = "  ".join(f"{colour_name(colour)} {' '.join(map(_short, cards))}"
                              for colour, cards in row.items() if cards)
            text = (_("  team {side} expeditions ({points}): {cards}") if self.teams else
                    _("  player {side} expeditions ({points}): {cards}"))
            lines.append(text.format(side=side, points=f"{self._row_score(side):+d}", cards=shown or "-"))
        for seat, hand in enumerate(self.hands):
            seen = self._public[seat]
            if seen:
                lines.append(_("  player {seat}: {count} cards in hand (taken from the piles: "
                               "{cards})").format(seat=seat, count=len(hand), cards=_card_list(seen)))
            else:
                lines.append(_("  player {seat}: {count} cards in hand").format(seat=seat, count=len(hand)))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small public picture for a notebook cell: both sides' expeditions and the piles."""
        from html import escape

        def cards(row):
            return " ".join(_short(card) for card in row) or "&middot;"

        head = "".join(f'<th style="color:{_INK[c]}">{escape(colour_name(c))}</th>' for c in self.colours)
        rows = []
        for side in (0, 1):
            cells = "".join(f"<td>{cards(self.expeditions[side][c])}</td>" for c in self.colours)
            who = _("team {side}") if self.teams else _("player {side}")
            rows.append(f"<tr><th>{escape(who.format(side=side))} "
                        f"({self._row_score(side):+d})</th>{cells}</tr>")
            if side == 0:
                tops = "".join(f"<td><b>{_short(p[-1]) if p else '&middot;'}</b>"
                               f"{f' ({len(p)})' if len(p) > 1 else ''}</td>" for p in self.discards.values())
                piles = escape(_("discard piles"))
                rows.append(f"<tr><th>{piles}</th>{tops}</tr>")
        caption = escape(str(self).splitlines()[0])
        return (f'<table class="gk-lost-cities"><caption style="text-align:left">{caption}</caption>'
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")

    def _outcome_reason(self, names=None) -> str:
        totals = self.totals
        score = ngettext("{first} to {second} after {rounds} round",
                         "{first} to {second} after {rounds} rounds", self.rounds).format(
            first=f"{totals[0]:+d}", second=f"{totals[1]:+d}", rounds=self.rounds)
        if totals[0] == totals[1]:
            return _("the match is tied, {score}").format(score=score)
        leader = 0 if totals[0] > totals[1] else 1
        if names:  # a side by its players' names: "Ana wins", "Ana & Carla win"
            seats = self._seats_of[leader]
            who = " & ".join(names[seat] for seat in seats)
            if len(seats) == 1:
                return _("{names} wins the match, {score}").format(names=who, score=score)
            return _("{names} win the match, {score}").format(names=who, score=score)
        if self.teams:
            return _("team {side} wins the match, {score}").format(side=leader, score=score)
        return _("player {side} wins the match, {score}").format(side=leader, score=score)


_HEADLINES = {
    "play": N_("Lost Cities, round {round} of {rounds}: player {seat} to play or discard; deck {deck} cards; "
               "totals {first} to {second}"),
    "draw": N_("Lost Cities, round {round} of {rounds}: player {seat} to draw; deck {deck} cards; "
               "totals {first} to {second}"),
    "pass": N_("Lost Cities, round {round} of {rounds}: player {seat} to pass or not; deck {deck} cards; "
               "totals {first} to {second}"),
}


def _card_list(cards) -> str:
    """Cards in words, one after another: "red 7 blue wager" ("7 vermelho aposta azul")."""
    return " ".join(map(card_name, cards))


def _pile_top(pile) -> str:
    """A discard pile in a line of text: its top card's value, and how many cards when more than one."""
    if not pile:
        return "-"
    top = pile[-1]
    shown = pgettext("card", "wager") if top.value == WAGER else str(top.value)
    return f"{shown} ({len(pile)})" if len(pile) > 1 else shown


_INK = {"yellow": "#a07800", "blue": "#1f5fbf", "white": "#666", "green": "#1e7b48", "red": "#b03a2e",
        "purple": "#6c3483"}  # the colours' names in a notebook's picture, readable on white
_SHARED_SLOTS = ("_draw_row", "_mask", "_next", "_pass_after", "_player", "_seats_of", "_side", "_stall",
                 "_stall_limit", "is_terminal",
                 "step", "teams")
_PLAY_MOVE, _DISCARD_MOVE = LostCitiesState._play, LostCitiesState._discard
_NO_MOVES: dict = {}  # at a pass step, and at the end: nothing is played, discarded or drawn
_DECK_ONLY = {_DRAWS["deck"]: LostCitiesState._draw}  # the draw step of a stalled round
# The draw step's choices for every (non-empty piles, just-discarded colour), row ``mask * 8 +
# barred``: the deck first, then the piles in colour order, each mapped to the move. Never changed.
_DRAW_MENUS = tuple(
    {_DRAWS[source]: LostCitiesState._draw for source in ["deck"] + [c for i, c in enumerate(COLOURS) if mask >> i & 1 and banned != i + 1]}
    for mask in range(1 << len(COLOURS)) for banned in range(8)
)


def _lowest_playable(row) -> int:
    """The lowest value that may still go on an expedition: 0 (a wager) until a number is down,
    then one more than the last number."""
    numbers = [card.value for card in row if card.value != WAGER]
    return numbers[-1] + 1 if numbers else WAGER


def new_game(players: int = 2, *, seed: int | None = None, colours: int = 5, rounds: int = 3,
             hand_size: int = HAND_SIZE, pass_timing: str = "instead", first_player: int = 0,
             position: dict | None = None, stall_limit: int | None = STALL_LIMIT) -> LostCitiesState:
    """A new match of Lost Cities, dealt and ready for the first player's first step.

    ``players=4`` plays two partnerships (seats 0 and 2 against 1 and 3, with the 75-card deck);
    ``colours=6`` adds purple (72 cards); ``rounds`` rounds make the match (totals carry, the
    leader starts the next round); ``hand_size`` cards are dealt to each player; with partners,
    ``pass_timing="instead"`` lets a player pass two cards instead of a turn and ``"after"`` after
    it; ``first_player`` starts round 1 (the rulebook: the oldest player). ``position`` lays out
    round 1 for a lesson or a test — ``{"hands": [[...], [...]], "expeditions": [{colour: [...]},
    {...}], "discards": {colour: [...]}, "deck": [...]}`` with cards as texts like ``"red 7"``;
    ``deck`` lists the cards on top, drawn first-listed first, and every card not placed is
    shuffled beneath them.

    ``players=4`` with ``colours=6`` (90 cards) is the kit's own variant, in neither rulebook
    (``state.variant`` says which game is on the table). ``stall_limit`` is the kit's own bound
    on a round (see the module's docstring): after that many turns in a row without a deck draw,
    the next turn must draw from the deck; ``None`` removes it.
    """
    return LostCitiesState(players=players, seed=seed, colours=colours, rounds=rounds, hand_size=hand_size,
                           pass_timing=pass_timing, first_player=first_player, position=position,
                           stall_limit=stall_limit)


def determinise(observation: LostCitiesObservation, rng: random.Random) -> LostCitiesState:
    """A full state consistent with ``observation``: the player's own hand and everything public
    as observed, the cards others are known to hold in their hands, and the rest of the unseen
    cards dealt at random to the unknown places (other hands and the deck).

    The state is for thinking ahead (search, rollouts): it carries the observation's options but
    no history, so it cannot be saved as a record.
    """
    obs = observation
    unseen = obs.unseen()
    rng.shuffle(unseen)
    hands = [list(obs.hand) if seat == obs.player else list(obs.known[seat]) for seat in range(obs.num_players)]
    pooled = list(obs.pooled)
    rivals = [seat for seat in range(obs.num_players) if obs.num_players == 4 and seat % 2 != obs.side]
    for card in pooled:  # with the other team, one partner or the other
        room = [seat for seat in rivals if len(hands[seat]) < obs.hand_sizes[seat]]
        hands[rng.choice(room)].append(card)
    for seat, hand in enumerate(hands):
        missing = obs.hand_sizes[seat] - len(hand)
        hand += unseen[:missing]
        del unseen[:missing]
    state = object.__new__(LostCitiesState)
    options = {"players": obs.num_players, "colours": len(obs.colours), "rounds": obs.rounds,
               "hand_size": obs.hand_size, "pass_timing": obs.pass_timing or "instead",
               "first_player": 0, "position": None, "stall_limit": obs.stall_limit}
    GameState.__init__(state, num_players=obs.num_players, seed=rng.getrandbits(32), options=options)
    state._rng = random.Random(state.seed)
    state._watchers = []
    state._actors = []
    state.colours = obs.colours
    state.rounds = obs.rounds
    state.hand_size = obs.hand_size
    state.teams = obs.num_players == 4
    state.pass_timing = obs.pass_timing
    state._pass_after = obs.pass_timing == "after"
    state._set_stall_limit(obs.stall_limit)
    state._full_deck = _DECKS[obs.num_players, len(obs.colours)]
    state._side = (0, 1, 0, 1)[:obs.num_players]
    state._seats_of = ((0, 2), (1, 3)) if state.teams else ((0,), (1,))
    state._next = tuple((p + 1) % obs.num_players for p in range(obs.num_players))
    state.totals = list(obs.totals)
    state.round_results = []
    state.round = obs.round
    state.starter = 0
    state.hands = hands
    state.deck = unseen
    state.discards = {colour: list(pile) for colour, pile in obs.discards.items()}
    state.expeditions = [{colour: list(cards) for colour, cards in row.items()} for row in obs.expeditions]
    state._scores = None
    state.step = obs.step
    state._player = obs.to_move
    state._stall = obs.turns_without_deck
    state.is_terminal = obs.to_move == TERMINAL
    state._index(blocked=obs.blocked)
    for seat in range(obs.num_players):
        if seat != obs.player:
            state._public[seat] = list(obs.known[seat])
    return state
