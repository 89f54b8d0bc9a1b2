"""Why a Stratego action is illegal, in a sentence for a student: checked square by square
against the rules, without generating every legal action.

:class:`Refusals` is a part of :class:`~gamekit.stratego.rules.StrategoState` (its base class),
kept in its own room: ``_illegal_reason(action, player)`` answers ``None`` for a legal action
and the reason otherwise (the property tests check that it agrees with the move generator).
"""

from __future__ import annotations

from .moves import BLOCKED, CHARM, DETECT, ARROW, EMPTY
from .notation import KIND_NUMBER, KINDS, Action
from .presets import BEAST, DRAGON, ELF, IMMOBILE, MAGE, SCOUT, SORCERESS, SWIFT_RANKS

TARGET_RANK = {DETECT: MAGE, CHARM: SORCERESS, ARROW: ELF}
POWER_VERBS = {DETECT: "detect an enemy piece", CHARM: "charm", ARROW: "shoot arrows"}


class Refusals:
    """The reasons. The state provides the position (``board``, ``owner``, ``rank``,
    ``charmed``), ``spec``, ``powers``, the geometry and ``_name`` / ``_any`` (pieces in words)."""

    # --- why an action is illegal (checked without generating everything) ---------------------
    def _illegal_reason(self, action: Action, player: int) -> str | None:
        kind = action.kind
        if not isinstance(kind, str) or kind not in KIND_NUMBER:
            return f"{kind!r} is not a kind of action; the kinds are {', '.join(KINDS)}"
        if kind != "move" and not self.powers:
            return (f"{kind} is a Special Power, and powers are played only in the 'powers' mode; "
                    f"this game is classic")
        src, dst = self._square(action.src), self._square(action.dst)
        if src is None or dst is None:
            return self._no_square(action.dst if src is not None else action.src)
        pid = self.board[src]
        if pid < 0:
            return f"there is no piece on {action.src}"
        if self.owner[pid] != player:
            return (f"the piece on {action.src} is {self.spec.sides[self.owner[pid]]}'s: "
                    f"you act only with your own pieces")
        check = {"move": self._move_reason, "swiftness": self._swift_reason, "flight": self._flight_reason,
                 "fury": self._fury_reason}.get(kind, self._target_reason)
        return check(action, player, pid, src, dst)

    def _square(self, name) -> int | None:
        square = self._index.get(name) if isinstance(name, str) else None
        return square if square is not None and self.board[square] != BLOCKED else None

    def _no_square(self, name) -> str:
        if isinstance(name, str) and name in self._index:
            return f"{name} is in a {self.spec.forbidden_word}: no piece enters it or stands on it"
        last = self.spec.square_name(self.spec.size - 1)
        return f"{name!r} is not a square of the {self.spec.name} board (a1 to {last})"

    def _attack_text(self, action: Action, dst: int, player: int, joiner: str) -> str | None:
        """Checks the target square of a move or swiftness against the ``attack`` field."""
        if action.attack is not None and action.attack != action.dst:
            what = "a move" if action.kind == "move" else "swiftness"
            return f"{what} attacks the square it goes to: write {joiner}x{action.dst}"
        other = self.board[dst]
        if other >= 0 and self.owner[other] == player:
            return f"{action.dst} holds your own piece"
        if other >= 0 and action.attack is None:
            return f"{action.dst} holds an enemy piece: an attack is written {joiner}x{action.dst}"
        if other < 0 and action.attack is not None:
            return f"{action.dst} is empty, so there is nothing to attack: write {joiner}-{action.dst}"
        return None

    def _shuttle_reason(self, player: int, pid: int, src: int, dst: int) -> str | None:
        if self._may_shuttle(player, pid, src, dst):
            return None
        count = self.streak[player][3]
        return (f"the back-and-forth rule: this piece has moved between {self._names[dst]} and "
                f"{self._names[src]} on your last {count} turns, and no piece may do so on "
                f"{self.back_and_forth} turns in a row")

    def _move_reason(self, action, player, pid, src, dst):
        if action.via is not None:
            return "a move has no middle square (swiftness is written 'swift b2-b3-c3')"
        rank = self.rank[pid]
        if rank in IMMOBILE:
            return f"{_a(self._name(pid))} never moves"
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst:
            return "a move must leave its square"
        if r1 != r2 and c1 != c2:
            return "pieces move in straight lines (forward, back or sideways), never diagonally"
        distance = abs(r1 - r2) + abs(c1 - c2)
        if distance > 1 and rank != SCOUT:
            extra = (f" (two with swiftness: 'swift {action.src}-...')" if self.powers and rank in SWIFT_RANKS
                     else "")
            return f"only a Scout moves more than one square; {_a(self._name(pid))} steps one square{extra}"
        step = (dst - src) // distance
        for square in range(src + step, dst, step):
            if self.board[square] == BLOCKED:
                return f"the line crosses the {self.spec.forbidden_word} at {self._names[square]}: no piece crosses it"
            if self.board[square] != EMPTY:
                return f"{self._names[square]} is in the way: no piece jumps over another"
        return self._attack_text(action, dst, player, action.src) or (
            None if action.attack else self._shuttle_reason(player, pid, src, dst))

    def _swift_reason(self, action, player, pid, src, dst):
        if self.rank[pid] not in SWIFT_RANKS:
            names = " and ".join(self.spec.plural(r) for r in sorted(SWIFT_RANKS, reverse=True))
            return f"only {names} have swiftness; this is {_a(self._name(pid))}"
        if action.via is None:
            return f"swiftness names its middle square, e.g. 'swift {action.src}-b3-c3'"
        via = self._square(action.via)
        if via is None:
            return self._no_square(action.via)
        if via not in self._steps[src]:
            return f"{action.via} is not next to {action.src}: each step of swiftness goes one square, never diagonally"
        other = self.board[via]
        if other >= 0:
            if self.owner[other] != player:
                return (f"{action.via} holds an enemy piece: attacking the first square ends the move, "
                        f"so write it as the attack {action.src}x{action.via}")
            return f"{action.via} holds your own piece: no piece jumps over another"
        if dst == src:
            return "swiftness may not return to its starting square"
        if dst not in self._steps[via]:
            return f"{action.dst} is not next to {action.via}: each step of swiftness goes one square, never diagonally"
        joiner = f"swift {action.src}-{action.via}"
        return self._attack_text(action, dst, player, joiner) or (
            None if action.attack else self._shuttle_reason(player, pid, src, dst))

    def _flight_reason(self, action, player, pid, src, dst):
        if self.rank[pid] != DRAGON:
            return f"only {self._any(DRAGON)} flies; this is {_a(self._name(pid))}"
        if action.via is not None:
            return "a flight has no middle square: write 'fly d1-d4' or 'fly d1-d4xd5'"
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst or (r1 != r2 and c1 != c2):
            return "a flight goes in a straight line forward, back or sideways, never diagonally"
        direction = (0 if r2 < r1 else 3) if c1 == c2 else (1 if c2 < c1 else 2)  # as the rays are ordered
        ray = self._rays[src][direction]
        if dst not in ray:
            return f"the flight from {action.src} to {action.dst} would cross a {self.spec.forbidden_word}"
        landing = ray.index(dst)
        if landing == 0:
            return (f"a flight glides over at least one piece; {action.dst} is next to the {self._name(pid)} "
                    f"(a step is written {action.src}-{action.dst})")
        for square in ray[:landing]:
            if self.board[square] == EMPTY:
                return (f"{self._names[square]} is empty: the {self._name(pid)} lands on the first empty "
                        f"square after the pieces it glides over")
        if self.board[dst] != EMPTY:
            return f"{action.dst} is occupied: the {self._name(pid)} lands only on an empty square"
        if action.attack is None:
            return self._shuttle_reason(player, pid, src, dst)
        target = self._square(action.attack)
        if target is None:
            return self._no_square(action.attack)
        if target not in self._steps[dst]:
            return f"{action.attack} is not next to the landing square {action.dst} (orthogonally)"
        other = self.board[target]
        if other < 0 or self.owner[other] == player:
            return f"{action.attack} holds no enemy piece to attack"
        return None

    def _fury_reason(self, action, player, pid, src, dst):
        if self.rank[pid] != BEAST:
            return f"only {self._any(BEAST)} has the fury attack; this is {_a(self._name(pid))}"
        if action.via is not None or action.attack is not None:
            return "fury names only the square it steps to, e.g. 'fury e4-e5'"
        if dst not in self._steps[src]:
            return f"the fury begins with one step (forward, back or sideways) to a square next to {action.src}"
        if self.board[dst] != EMPTY:
            return f"{action.dst} is occupied: the fury begins with a step onto an empty square"
        if self._fury_fights(src, dst):
            return None
        return self._shuttle_reason(player, pid, src, dst)

    def _target_reason(self, action, player, pid, src, dst):
        kind = KIND_NUMBER[action.kind]
        needed = TARGET_RANK[kind]
        if self.rank[pid] != needed:
            return f"only {self._any(needed)} can {POWER_VERBS[kind]}; this is {_a(self._name(pid))}"
        if action.via is not None or action.attack is not None:
            return f"{action.kind} names the piece using it and its target: '{action.kind} e3 f5'"
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst:
            return f"the {self._name(pid)} cannot target itself: choose an enemy piece within 2 squares"
        if max(abs(r1 - r2), abs(c1 - c2)) > 2:
            return f"{action.dst} is out of range: the power reaches a piece within 2 squares in any direction"
        other = self.board[dst]
        if other < 0:
            return f"there is no piece on {action.dst} to target"
        if self.owner[other] == player:
            return f"{action.dst} holds your own piece: the power targets an enemy piece"
        if kind == CHARM and self.charmed[other]:
            return f"the piece on {action.dst} was charmed already, and a charmed piece can never be charmed back"
        return None

    def _describe_legal(self, action: Action, player: int, names=None) -> str:
        # the armies speak for their players ("Fire's Dwarf"): no seat number to name
        pid = self.board[self._index[action.src]]
        return f"{self.spec.sides[player]}'s {self._name(pid)} on {action.src} may play {action}"


def _a(name: str) -> str:
    """``name`` with its article: "a Dwarf", "an Elf"."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name
