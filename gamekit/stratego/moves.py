"""How the Stratego engine finds every legal action fast: on square numbers, from the position.

:class:`MoveGeneration` is a part of :class:`~gamekit.stratego.rules.StrategoState` (its base
class), kept in its own room. ``_moves(player)`` yields each legal action as numbers
``(src, kind, dst, via, attack)`` (``-1``: none); the state turns them into
:class:`~gamekit.stratego.notation.Action` objects, sorted. The back-and-forth rule is checked here
(``_may_shuttle``), so a forbidden shuttle is never offered.
"""

from __future__ import annotations

from .presets import BEAST, DRAGON, FLAG, MAGE, POWERS, SCOUT, SORCERESS, SWIFT_RANKS, TRAP

EMPTY, BLOCKED = -1, -2  # what the board holds where there is no piece: an empty or a forbidden square

# Action kinds as numbers, for the fast move generator.
MOVE, SWIFTNESS, FLIGHT, FURY, DETECT, CHARM, ARROW = range(7)


class MoveGeneration:
    """The legal actions of a position. The state provides ``board``, ``owner``, ``rank``,
    ``square``, ``charmed``, ``streak``, ``back_and_forth``, ``powers`` and the board's geometry
    (``_steps``, ``_rays``, ``_near1``, ``_near2``)."""

    # --- generating actions (square numbers, for speed) --------------------------------------
    def _moves(self, player: int):
        """Every legal action of ``player`` as ``(src, kind, dst, via, attack)`` numbers (-1: none)."""
        board, owner, rank = self.board, self.owner, self.rank
        steps, rays, near2 = self._steps, self._rays, self._near2
        powers = self.powers
        for pid, square in enumerate(self.square):
            if square < 0 or owner[pid] != player:
                continue
            r = rank[pid]
            if r == FLAG or r == TRAP:
                continue
            if r == SCOUT:
                for ray in rays[square]:
                    for target in ray:
                        other = board[target]
                        if other == EMPTY:
                            if self._may_shuttle(player, pid, square, target):
                                yield (square, MOVE, target, -1, -1)
                            continue
                        if owner[other] != player:
                            yield (square, MOVE, target, -1, target)
                        break
            else:
                for target in steps[square]:
                    other = board[target]
                    if other == EMPTY:
                        if self._may_shuttle(player, pid, square, target):
                            yield (square, MOVE, target, -1, -1)
                    elif owner[other] != player:
                        yield (square, MOVE, target, -1, target)
            if not powers or r not in POWERS:
                continue
            if r == DRAGON:
                yield from self._flights(player, pid, square)
            elif r in SWIFT_RANKS:
                for middle in steps[square]:
                    if board[middle] != EMPTY:
                        continue
                    for target in steps[middle]:
                        if target == square:
                            continue
                        other = board[target]
                        if other == EMPTY:
                            if self._may_shuttle(player, pid, square, target):
                                yield (square, SWIFTNESS, target, middle, -1)
                        elif owner[other] != player:
                            yield (square, SWIFTNESS, target, middle, target)
            elif r == BEAST:
                for target in steps[square]:
                    if board[target] == EMPTY and (self._fury_fights(square, target)
                                                   or self._may_shuttle(player, pid, square, target)):
                        yield (square, FURY, target, -1, -1)
            else:
                kind = DETECT if r == MAGE else CHARM if r == SORCERESS else ARROW
                charmed = self.charmed
                for target in near2[square]:
                    other = board[target]
                    if other >= 0 and owner[other] != player and not (kind == CHARM and charmed[other]):
                        yield (square, kind, target, -1, -1)

    def _flights(self, player: int, pid: int, square: int):
        board, owner = self.board, self.owner
        for ray in self._rays[square]:
            if not ray or board[ray[0]] == EMPTY:
                continue  # a flight glides over at least one piece
            landing = next((s for s in ray if board[s] == EMPTY), None)
            if landing is None:
                continue  # pieces up to the edge or a forbidden area: nowhere to land
            if self._may_shuttle(player, pid, square, landing):
                yield (square, FLIGHT, landing, -1, -1)
            for target in self._steps[landing]:
                other = board[target]
                if other >= 0 and owner[other] != player:
                    yield (square, FLIGHT, landing, -1, target)

    def _has_action(self, player: int) -> bool:
        for _ in self._moves(player):
            return True
        return False

    def _only_shuttles_left(self, player: int) -> bool:
        """Whether ``player``'s only actions are the ones the back-and-forth rule forbids."""
        streak, self.streak[player] = self.streak[player], None
        try:
            return streak is not None and self._has_action(player)
        finally:
            self.streak[player] = streak

    def _may_shuttle(self, player: int, pid: int, src: int, dst: int) -> bool:
        """The back-and-forth rule: False if moving ``pid`` from ``src`` to ``dst`` would be its
        ``back_and_forth``-th move in a row between the same two squares."""
        streak = self.streak[player]
        return not (streak is not None and streak[0] == pid and streak[1] == dst and streak[2] == src
                    and streak[3] + 1 >= self.back_and_forth)

    def _fury_fights(self, src: int, dst: int) -> bool:
        board = self.board
        return any(board[s] >= 0 for s in self._near1[dst] if s != src)
