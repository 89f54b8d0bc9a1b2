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
from .words import A, PLURAL, THE, N_, Piece, _, both, forbidden_word, ngettext, piece_word, power_word, side_word

TARGET_RANK = {DETECT: MAGE, CHARM: SORCERESS, ARROW: ELF}
# Translators: "only {piece} can <verb>; this is {this}": what each power does
POWER_SENTENCES = {DETECT: N_("only {piece} can detect an enemy piece; this is {this}"),
                   CHARM: N_("only {piece} can charm; this is {this}"),
                   ARROW: N_("only {piece} can shoot arrows; this is {this}")}


class Refusals:
    """The reasons. The state provides the position (``board``, ``owner``, ``rank``,
    ``charmed``), ``spec``, ``powers``, the geometry and ``_name`` / ``_any`` (pieces in words)."""

    # --- why an action is illegal (checked without generating everything) ---------------------
    def _illegal_reason(self, action: Action, player: int) -> str | None:
        kind = action.kind
        if not isinstance(kind, str) or kind not in KIND_NUMBER:
            return _("{kind} is not a kind of action; the kinds are {kinds}").format(
                kind=repr(kind), kinds=", ".join(KINDS))
        if kind != "move" and not self.powers:
            # Translators: {kind} is the action's kind in the notation ("flight"), {power} the power's name
            return _("{kind} is a Special Power, and powers are played only in the 'powers' mode; "
                     "this game is classic").format(kind=kind, power=power_word(kind))
        src, dst = self._square(action.src), self._square(action.dst)
        if src is None or dst is None:
            return self._no_square(action.dst if src is not None else action.src)
        pid = self.board[src]
        if pid < 0:
            return _("there is no piece on {square}").format(square=action.src)
        if self.owner[pid] != player:
            return _("the piece on {square} is {side}'s: you act only with your own pieces").format(
                square=action.src, side=side_word(self.spec.sides[self.owner[pid]]))
        check = {"move": self._move_reason, "swiftness": self._swift_reason, "flight": self._flight_reason,
                 "fury": self._fury_reason}.get(kind, self._target_reason)
        return check(action, player, pid, src, dst)

    def _square(self, name) -> int | None:
        square = self._index.get(name) if isinstance(name, str) else None
        return square if square is not None and self.board[square] != BLOCKED else None

    def _no_square(self, name) -> str:
        if isinstance(name, str) and name in self._index:
            return _("{square} is in {a_forbidden_area}: no piece enters it or stands on it").format(
                square=name, a_forbidden_area=forbidden_word(self.spec.forbidden_word, 1))
        last = self.spec.square_name(self.spec.size - 1)
        return _("{name} is not a square of the {board} board (a1 to {last})").format(
            name=repr(name), board=self.spec.name, last=last)

    def _a_piece(self, pid: int) -> str:
        """ "a Dwarf", "an Elf" in the language in force: the piece's name in its own army."""
        return piece_word(self._name(pid), A)

    def _the_piece(self, pid: int) -> str:
        return piece_word(self._name(pid), THE)

    def _attack_text(self, action: Action, dst: int, player: int, joiner: str) -> str | None:
        """Checks the target square of a move or swiftness against the ``attack`` field."""
        if action.attack is not None and action.attack != action.dst:
            text = (_("a move attacks the square it goes to: write {action}") if action.kind == "move"
                    else _("swiftness attacks the square it goes to: write {action}"))
            return text.format(action=f"{joiner}x{action.dst}")
        other = self.board[dst]
        if other >= 0 and self.owner[other] == player:
            return _("{square} holds your own piece").format(square=action.dst)
        if other >= 0 and action.attack is None:
            return _("{square} holds an enemy piece: an attack is written {action}").format(
                square=action.dst, action=f"{joiner}x{action.dst}")
        if other < 0 and action.attack is not None:
            return _("{square} is empty, so there is nothing to attack: write {action}").format(
                square=action.dst, action=f"{joiner}-{action.dst}")
        return None

    def _shuttle_reason(self, player: int, pid: int, src: int, dst: int) -> str | None:
        if self._may_shuttle(player, pid, src, dst):
            return None
        count = self.streak[player][3]
        return ngettext("the back-and-forth rule: this piece has moved between {first} and {second} on "
                        "your last turn, and no piece may do so on {limit} turns in a row",
                        "the back-and-forth rule: this piece has moved between {first} and {second} on "
                        "your last {count} turns, and no piece may do so on {limit} turns in a row",
                        count).format(first=self._names[dst], second=self._names[src], count=count,
                                      limit=self.back_and_forth)

    def _move_reason(self, action, player, pid, src, dst):
        if action.via is not None:
            return _("a move has no middle square (swiftness is written 'swift b2-b3-c3')")
        rank = self.rank[pid]
        if rank in IMMOBILE:
            return _("{a_piece} never moves").format(a_piece=self._a_piece(pid))
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst:
            return _("a move must leave its square")
        if r1 != r2 and c1 != c2:
            return _("pieces move in straight lines (forward, back or sideways), never diagonally")
        distance = abs(r1 - r2) + abs(c1 - c2)
        if distance > 1 and rank != SCOUT:
            scout = piece_word(self.spec.names[SCOUT][0], A)
            if self.powers and rank in SWIFT_RANKS:
                return _("only {a_scout} moves more than one square; {a_piece} steps one square "
                         "(two with swiftness: 'swift {square}-...')").format(
                    a_scout=scout, a_piece=self._a_piece(pid), square=action.src)
            return _("only {a_scout} moves more than one square; {a_piece} steps one square").format(
                a_scout=scout, a_piece=self._a_piece(pid))
        step = (dst - src) // distance
        for square in range(src + step, dst, step):
            if self.board[square] == BLOCKED:
                return _("the line crosses {the_forbidden_area} at {square}: no piece crosses it").format(
                    the_forbidden_area=forbidden_word(self.spec.forbidden_word, 2), square=self._names[square])
            if self.board[square] != EMPTY:
                return _("{square} is in the way: no piece jumps over another").format(square=self._names[square])
        return self._attack_text(action, dst, player, action.src) or (
            None if action.attack else self._shuttle_reason(player, pid, src, dst))

    def _swift_reason(self, action, player, pid, src, dst):
        if self.rank[pid] not in SWIFT_RANKS:
            names = both(piece_word(self.spec.names[r][0], PLURAL) for r in sorted(SWIFT_RANKS, reverse=True))
            return _("only {pieces} have swiftness; this is {a_piece}").format(pieces=names, a_piece=self._a_piece(pid))
        if action.via is None:
            return _("swiftness names its middle square, e.g. 'swift {square}-b3-c3'").format(square=action.src)
        via = self._square(action.via)
        if via is None:
            return self._no_square(action.via)
        if via not in self._steps[src]:
            return _("{second} is not next to {first}: each step of swiftness goes one square, never "
                     "diagonally").format(first=action.src, second=action.via)
        other = self.board[via]
        if other >= 0:
            if self.owner[other] != player:
                return _("{square} holds an enemy piece: attacking the first square ends the move, so write "
                         "it as the attack {action}").format(square=action.via, action=f"{action.src}x{action.via}")
            return _("{square} holds your own piece: no piece jumps over another").format(square=action.via)
        if dst == src:
            return _("swiftness may not return to its starting square")
        if dst not in self._steps[via]:
            return _("{second} is not next to {first}: each step of swiftness goes one square, never "
                     "diagonally").format(first=action.via, second=action.dst)
        joiner = f"swift {action.src}-{action.via}"
        return self._attack_text(action, dst, player, joiner) or (
            None if action.attack else self._shuttle_reason(player, pid, src, dst))

    def _flight_reason(self, action, player, pid, src, dst):
        if self.rank[pid] != DRAGON:
            return _("only {piece} flies; this is {a_piece}").format(piece=self._any(DRAGON), a_piece=self._a_piece(pid))
        if action.via is not None:
            return _("a flight has no middle square: write 'fly d1-d4' or 'fly d1-d4xd5'")
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst or (r1 != r2 and c1 != c2):
            return _("a flight goes in a straight line forward, back or sideways, never diagonally")
        direction = (0 if r2 < r1 else 3) if c1 == c2 else (1 if c2 < c1 else 2)  # as the rays are ordered
        ray = self._rays[src][direction]
        if dst not in ray:
            return _("the flight from {first} to {second} would cross {a_forbidden_area}").format(
                first=action.src, second=action.dst, a_forbidden_area=forbidden_word(self.spec.forbidden_word, 1))
        landing = ray.index(dst)
        if landing == 0:
            return _("a flight glides over at least one piece; {square} is next to {the_piece} (a step is "
                     "written {action})").format(square=action.dst, the_piece=self._the_piece(pid),
                                                 action=f"{action.src}-{action.dst}")
        for square in ray[:landing]:
            if self.board[square] == EMPTY:
                return _("{square} is empty: {the_piece} lands on the first empty square after the pieces it "
                         "glides over").format(square=self._names[square], the_piece=self._the_piece(pid))
        if self.board[dst] != EMPTY:
            return _("{square} is occupied: {the_piece} lands only on an empty square").format(
                square=action.dst, the_piece=self._the_piece(pid))
        if action.attack is None:
            return self._shuttle_reason(player, pid, src, dst)
        target = self._square(action.attack)
        if target is None:
            return self._no_square(action.attack)
        if target not in self._steps[dst]:
            return _("{square} is not next to the landing square {landing} (orthogonally)").format(
                square=action.attack, landing=action.dst)
        other = self.board[target]
        if other < 0 or self.owner[other] == player:
            return _("{square} holds no enemy piece to attack").format(square=action.attack)
        return None

    def _fury_reason(self, action, player, pid, src, dst):
        if self.rank[pid] != BEAST:
            return _("only {piece} has the fury attack; this is {a_piece}").format(
                piece=self._any(BEAST), a_piece=self._a_piece(pid))
        if action.via is not None or action.attack is not None:
            return _("fury names only the square it steps to, e.g. 'fury e4-e5'")
        if dst not in self._steps[src]:
            return _("the fury begins with one step (forward, back or sideways) to a square next to {square}").format(
                square=action.src)
        if self.board[dst] != EMPTY:
            return _("{square} is occupied: the fury begins with a step onto an empty square").format(square=action.dst)
        if self._fury_fights(src, dst):
            return None
        return self._shuttle_reason(player, pid, src, dst)

    def _target_reason(self, action, player, pid, src, dst):
        kind = KIND_NUMBER[action.kind]
        needed = TARGET_RANK[kind]
        if self.rank[pid] != needed:
            return _(POWER_SENTENCES[kind]).format(piece=self._any(needed), this=self._a_piece(pid))
        if action.via is not None or action.attack is not None:
            # Translators: {kind} is the action's kind in the notation ("charm"), {power} the power's name
            return _("{kind} names the piece using it and its target: '{kind} e3 f5'").format(
                kind=action.kind, power=power_word(action.kind))
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if src == dst:
            return _("{the_piece} cannot target itself: choose an enemy piece within 2 squares").format(
                the_piece=self._the_piece(pid))
        if max(abs(r1 - r2), abs(c1 - c2)) > 2:
            return _("{square} is out of range: the power reaches a piece within 2 squares in any direction").format(
                square=action.dst)
        other = self.board[dst]
        if other < 0:
            return _("there is no piece on {square} to target").format(square=action.dst)
        if self.owner[other] == player:
            return _("{square} holds your own piece: the power targets an enemy piece").format(square=action.dst)
        if kind == CHARM and self.charmed[other]:
            return _("the piece on {square} was charmed already, and a charmed piece can never be charmed "
                     "back").format(square=action.dst)
        return None

    def _describe_legal(self, action: Action, player: int, names=None) -> str:
        # the armies speak for their players ("Fire's Dwarf"): no seat number to name
        pid = self.board[self._index[action.src]]
        piece = Piece(player, self.spec.sides[player], self._name(pid)).say()
        return _("{piece} on {square} may play {action}").format(piece=piece, square=action.src, action=action)
