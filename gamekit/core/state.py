"""The state protocol every game follows (after OpenSpiel's ``State``, in plain Python names).

A game subclasses :class:`GameState` and fills in the hooks whose names start with ``_``:
the base class owns the public methods, so that every game parses text actions, refuses illegal
ones and records its history in exactly the same way.
"""

from __future__ import annotations

import copy
import html
import operator
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..i18n import translations
from .errors import IllegalActionError, NotAnActionError
from .players import SIMULTANEOUS, TERMINAL

_, ngettext, pgettext = translations("core")


def seat_name(player: int, names=None) -> str:
    """How a text names seat ``player``: by its name in ``names`` (one per seat, a table's), or
    as "player 0" without names (seats counted as the Python API counts them)."""
    return str(names[player]) if names else _("player {number}").format(number=player)


def normalise_text(text: str) -> str:
    """Action texts match whatever the case and spacing: ``' Bid  7'`` reads as ``'bid 7'``."""
    return re.sub(r"\s+", " ", text.strip()).lower()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, the same shape in every game.

    ``winners`` are seats (several on a shared win; every seat on a draw, as the games'
    ``winners()`` say it), ``scores`` one number a seat (the game's own points), ``reason`` a
    sentence for a student ("Ice has no piece that can move: Fire wins").
    """

    winners: tuple[int, ...]
    scores: tuple
    reason: str

    @property
    def is_draw(self) -> bool:
        """Nobody did better than anybody: every seat shares the result (or none is named)."""
        return len(self.winners) in (0, len(self.scores))


class GameState:
    """A position of a game, and the rules for moving on from it.

    Subclasses set ``game`` (the registry name), ``action_type`` (a class, or a tuple of the
    game's action classes) and implement:
    ``_current_player``, ``_legal_actions(player)``, ``_illegal_reason(action, player)``,
    ``_apply(action)`` (sequential games) or ``_apply_joint(actions)`` (simultaneous ones),
    ``scores``, ``winners``, ``observation`` and ``_parse_action(text)``.

    Every text the state produces for people (refusals, explanations, the outcome's reason, the
    log) takes ``names``, one per seat, and then names the players ("Ana"), else "player 0".
    """

    game: ClassVar[str] = ""
    action_type: ClassVar[type] = object

    def __init__(self, *, num_players: int, seed: int, options: dict[str, Any]):
        self.num_players = num_players
        self.seed = seed
        self.options = options  # JSON-able keyword arguments of new_game, without the seed
        self.history: list = []  # actions, or {player: action} dicts for simultaneous rounds

    # --- who moves -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to move, ``SIMULTANEOUS`` when everyone chooses at once, or ``TERMINAL``."""
        return self._current_player()

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def acting_players(self) -> list[int]:
        """The seats that choose now (every seat in a simultaneous round, by default)."""
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == SIMULTANEOUS:
            return list(range(self.num_players))
        return [player]

    # --- what may be done ------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list:
        """The legal actions of ``player`` (default: the player to move), sorted.

        At the end of a game the answer is ``[]`` (for every seat, and with no seat given), the
        same in every game: nobody can act any more."""
        current = self._current_player()
        if player is None and current >= 0:  # the common case first: it is somebody's turn
            return self._legal_actions(current)
        if player is None and current == TERMINAL:
            return []
        if type(player) is not int or not 0 <= player < self.num_players:
            player = self._resolve_player(player)
        if current == TERMINAL or (current >= 0 and player != current):
            return []
        return self._legal_actions(player)

    def parse(self, text: str):
        """The action that ``text`` names (``"bid 7"`` -> ``Bid(7)``), legal now or not.

        Raises :class:`NotAnActionError` for text that names no action of this game at all.
        """
        if not isinstance(text, str):
            raise NotAnActionError(_("{text} is not an action's text").format(text=repr(text)))
        try:
            return self._parse_action(normalise_text(text))
        except NotAnActionError:
            raise
        except IllegalActionError as refusal:
            raise NotAnActionError(refusal.reason, text) from None

    def why_illegal(self, action, player: int | None = None, *, names=None) -> str | None:
        """``None`` if ``player`` (default: the player to move) may take ``action`` now, else the
        reason in a sentence for a student. ``action`` is an action or its text; ``names`` (one
        per seat) name the players in the reason."""
        try:
            player = self._resolve_player(player)
            action = self._coerce(action)
            self._check(action, player, names)
        except IllegalActionError as refusal:
            return refusal.reason
        return None

    def is_legal(self, action, player: int | None = None, *, names=None) -> bool:
        """Whether ``player`` (default: the player to move) may take ``action`` now."""
        return self.why_illegal(action, player, names=names) is None

    def explain(self, action, player: int | None = None, *, names=None) -> str:
        """Why ``action`` is legal or not, in a sentence for a student (``names``: one per seat)."""
        reason = self.why_illegal(action, player, names=names)
        if reason is not None:
            return _("Illegal: {reason}").format(reason=reason)
        action, player = self._coerce(action), self._resolve_player(player)
        return _("Legal: {description}").format(description=self._describe_legal(action, player, names))

    def describe_action(self, action) -> str:
        """``action`` in words a person reads, in the language in force (its notation, ``str(action)``,
        stays the same in every language): "You chose {this}." Games say more than the notation."""
        return str(action)

    def outcome(self, names=None) -> Outcome | None:
        """How the game ended (``None`` while it goes on): winners, scores and the reason, which
        names the players with ``names`` (one per seat)."""
        if not self.is_terminal:
            return None
        return Outcome(tuple(self.winners()), tuple(self.scores()), self._outcome_reason(names))

    def apply(self, action) -> None:
        """Perform the current player's ``action`` (an action object or its text)."""
        player = self._current_player()
        if player < 0:
            if player == SIMULTANEOUS:
                raise IllegalActionError(
                    _("everyone chooses at once in this round: use apply_joint({player: action, ...})")
                )
            raise IllegalActionError(_("the game is over: nobody can act any more"))
        if not isinstance(action, self.action_type):
            action = self._coerce(action)
        reason = self._illegal_reason(action, player)
        if reason is not None:
            raise IllegalActionError(reason, action)
        self._apply(action)
        self.history.append(action)

    def apply_joint(self, actions: Mapping) -> None:
        """Perform one simultaneous round: ``{player: action}`` with one entry per acting seat."""
        current = self._current_player()
        if current != SIMULTANEOUS:
            if current == TERMINAL:
                raise IllegalActionError(_("the game is over: nobody can act any more"))
            raise IllegalActionError(_("it is player {number}'s turn alone: use apply(action)")
                                     .format(number=current))
        if not isinstance(actions, Mapping):
            raise IllegalActionError(
                _("apply_joint takes a dict {player: action}, one entry per player")
            )
        joint = self._coerce_joint(actions, self.acting_players())
        for player, action in joint.items():
            reason = self._illegal_reason(action, player)
            if reason is not None:
                raise IllegalActionError(reason, action)
        self._apply_joint(joint)
        self.history.append(joint)

    # --- what each seat may read -----------------------------------------------------------
    def log_lines(self, viewer: int | None = None, *, start: int = 0, end: int | None = None,
                  names=None) -> list[str]:
        """The game's log as ``viewer`` may read it (``None``: the public, such as a projector),
        steps ``start:end`` of ``history`` (to the last by default). ``names`` (one per seat)
        replaces "player 0".

        By default every step reads as its action, and a simultaneous round as everyone's
        choices (``history`` only holds rounds already resolved, so no choice shows early).
        Games with secrets or more to say override :meth:`_log_step`.
        """
        lines: list[str] = []
        for number, step in enumerate(self.history[start:end], start + 1):
            lines.extend(self._log_step(number, step, viewer, names))
        return lines

    def secret_log_readers(self, start: int = 0) -> Iterable[int]:
        """The seats that may read more of the log from step ``start`` on than the public does.
        By default every seat; a game that knows says fewer, so that a table reads the new steps
        once for the public and once more only for each of these seats."""
        return range(self.num_players)

    def public_observation(self):
        """What anyone may know (a spectator, the projector), or ``None`` if the game does not say:
        games with something public to draw override it."""
        return None

    # --- copies and text ---------------------------------------------------------------------
    def clone(self):
        """An independent copy: changing one never changes the other."""
        return copy.deepcopy(self)

    def __str__(self) -> str:
        return self._render()

    def _repr_html_(self) -> str:
        """The state in a notebook cell: its public text, until a game draws a picture."""
        return f'<pre class="gk-state">{html.escape(str(self))}</pre>'

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} seed={self.seed} after {len(self.history)} steps>"

    # --- shared checks -----------------------------------------------------------------------
    def _resolve_player(self, player) -> int:
        if player is None:
            current = self.current_player
            if current == TERMINAL:
                raise IllegalActionError(_("the game is over: nobody can act any more"))
            if current == SIMULTANEOUS:
                raise IllegalActionError(
                    _("everyone chooses at once in this round: say which player you mean")
                )
            return current
        try:
            if isinstance(player, bool):
                raise TypeError
            player = operator.index(player)  # ints, and NumPy's integers too
        except TypeError:
            raise IllegalActionError(_("a player is a seat number, not {player}").format(
                player=repr(player))) from None
        if not 0 <= player < self.num_players:
            raise IllegalActionError(
                _("there is no player {number}: seats are 0 to {last}").format(
                    number=player, last=self.num_players - 1)
            )
        return player

    def _coerce(self, action):
        """An action object from an action or its text; anything else is refused."""
        if isinstance(action, self.action_type):
            return action
        if isinstance(action, str):
            return self._parse_action(normalise_text(action))
        raise IllegalActionError(
            _("{action} is not an action: pass an action or its text, such as '{example}'").format(
                action=repr(action), example=self._example_text())
        )

    def _coerce_joint(self, actions: Mapping, acting: list[int]) -> dict:
        if len(actions) == len(acting) and all(type(key) is int for key in actions) \
                and all(player in actions for player in acting):
            return {player: self._coerce(actions[player]) for player in acting}
        joint = {}
        for key, value in actions.items():
            player = self._resolve_player(key)
            if player in joint:  # two keys for one seat (0 and an object whose __index__ is 0)
                raise IllegalActionError(_("player {number} is named twice: each player chooses once")
                                         .format(number=player))
            joint[player] = value
        missing = sorted(set(acting) - set(joint))
        if missing:
            raise IllegalActionError(_("every player must choose: missing player(s) {players}")
                                     .format(players=missing))
        extra = sorted(set(joint) - set(acting))
        if extra:
            raise IllegalActionError(_("player(s) {players} do not act in this round").format(players=extra))
        return {player: self._coerce(joint[player]) for player in acting}

    def _check(self, action, player: int, names=None) -> None:
        if self.is_terminal:
            raise IllegalActionError(_("the game is over: nobody can act any more"), action)
        if player not in self.acting_players():
            raise IllegalActionError(_("it is not {name}'s turn").format(name=seat_name(player, names)),
                                     action)
        reason = self._illegal_reason(action, player) if names is None else \
            self._named_illegal_reason(action, player, names)
        if reason is not None:
            raise IllegalActionError(reason, action)

    # --- hooks a game fills in -------------------------------------------------------------
    def _current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list:
        raise NotImplementedError

    def _illegal_reason(self, action, player: int) -> str | None:
        """``None`` when legal, else the reason in words. Called on every ``apply``, so keep it
        fast; it must never change the state. ``action`` is of the game's type but its fields may
        hold anything (a hand-built ``Bid("7")``), so check them."""
        raise NotImplementedError

    def _named_illegal_reason(self, action, player: int, names) -> str | None:
        """``_illegal_reason`` worded with ``names``: games whose refusals name a player (rather
        than speak to "you") override it."""
        return self._illegal_reason(action, player)

    def _describe_legal(self, action, player: int, names=None) -> str:
        return _("{name} may {action}").format(name=seat_name(player, names), action=action)

    def _apply(self, action) -> None:
        raise IllegalActionError(_("this game has no single-player turns"))

    def _apply_joint(self, actions: dict) -> None:
        raise IllegalActionError(_("this game has no simultaneous rounds"))

    def _parse_action(self, text: str):
        raise NotImplementedError

    def _outcome_reason(self, names=None) -> str:
        """Why the game ended and who won, in words (games say more: a Flag taken, a tie broken),
        naming the players with ``names`` (one per seat)."""
        winners = self.winners()
        if not winners:
            return _("the game ends in a draw")
        if len(winners) == 1:
            return _("{name} wins").format(name=seat_name(winners[0], names))
        who = [seat_name(p, names) for p in winners]
        return _("{names} and {last} share the win").format(names=", ".join(who[:-1]), last=who[-1])

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """The lines ``viewer`` may read about step ``number`` (1-based) of ``history``: override
        to narrate, and to keep a secret step (a card drafted face down) from other seats."""
        if isinstance(step, Mapping):
            choices = ", ".join(f"{seat_name(p, names)}: {step[p]}" for p in sorted(step))
            return [_("Round {number}: {choices}").format(number=number, choices=choices)]
        return [f"{number}. {step}"]

    def _example_text(self) -> str:
        return _("an action's text")

    def _render(self) -> str:
        return repr(self)

    def scores(self) -> list:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def observation(self, player: int):
        raise NotImplementedError
