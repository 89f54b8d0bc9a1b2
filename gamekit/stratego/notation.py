"""Stratego in text: actions (``"b2-b3"``, ``"fly d1-d4xd5"``), positions and set-ups.

Actions
-------
Squares are named like chess: files ``a``.. left to right, ranks ``1``.. from Fire's side
(``a1`` is Fire's back-left corner). One action a turn, written as::

    b2-b3            a step onto an empty square (a Scout's line too: b2-b6)
    b2xb3            an attack on the enemy piece on b3 (a Scout's line ending in an attack: b2xb6)
    swift b2-b3-c3   swiftness (Knight, Beast Rider): two steps through b3, onto an empty c3
    swift b2-b3xc3   swiftness ending in an attack on c3
    fly d1-d4        flight (Dragon): glide over the pieces in a line, land on d4
    fly d1-d4xd5     flight, then attack the enemy piece on d5
    fury e4-e5       fury attack (Lava Beast / Yeti): step to e5, fight every neighbour
    detect e3 f5     enemy detection (Mage on e3): learn the rank of the piece on f5
    charm e3 f5      charm (Sorceress on e3) aimed at the piece on f5
    arrow e3 f5      arrow attack (Elf on e3) at the piece on f5

``str(action)`` writes exactly these forms and ``state.apply`` reads them back (any case, any
spacing). Every :class:`Action` has ``kind``, ``src`` and ``dst`` (where the piece ends for moves,
the landing square for flight, the step square for fury, the target for detect, charm and arrow),
``via`` (swiftness's middle square) and ``attack`` (the square of the enemy attacked, if any; for
moves and swiftness it equals ``dst``).

Positions
---------
One line per row from the top (the highest row, Ice's back row) down to row 1 (Fire's back row),
one token per square separated by spaces: ``.`` an empty square, ``~`` a forbidden square (lake), a
piece as its side letter ``r`` (Fire / red) or ``b`` (Ice / blue) and its rank ``10``..``2``, ``S``
(Slayer / Spy), ``T`` (Trap / Bomb) or ``F`` (Flag): ``r10``, ``b2``, ``rS``, ``bT``. A piece
that a Sorceress charmed carries a ``*``: ``r5*`` is Ice's Yeti fighting for Fire (it can never be
charmed back, so a position keeps that). Digits are ASCII only (``r１０`` is refused).

Set-ups
-------
A set-up is the slice of a position an army fills at the start, in the same orientation: Fire's
three lines are rows 3, 2, 1 (top to bottom), Ice's are rows 8, 7, 6. Tokens may carry the side
letter (``r8``) or not (``8``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import total_ordering

from gamekit.core import NotAnActionError

from .presets import FIRE, FLAG, RANK_OF_SYMBOL, SIDE_LETTERS, SORCERESS, TRAP, BoardSpec, symbol
from .words import _, forbidden_word, piece_word, side_word

KINDS = ("move", "swiftness", "flight", "fury", "detect", "charm", "arrow")
KIND_NUMBER = {kind: number for number, kind in enumerate(KINDS)}
TARGET_KINDS = ("detect", "charm", "arrow")


def _square_key(name) -> tuple:
    """Board order (row, then file) from a square's name; odd values sort last."""
    if isinstance(name, str) and len(name) >= 2 and name[1:].isdigit():
        return (int(name[1:]), name[0])
    return (10**6, str(name))


@total_ordering
@dataclass(frozen=True)
class Action:
    """One turn's action. Build it from text with ``state.apply("b2-b3")`` or by hand."""

    kind: str
    src: str
    dst: str
    via: str | None = None
    attack: str | None = None

    def __str__(self) -> str:
        kind, src, dst = self.kind, self.src, self.dst
        if kind == "move":
            return f"{src}{'x' if self.attack else '-'}{dst}"
        if kind == "swiftness":
            return f"swift {src}-{self.via}{'x' if self.attack else '-'}{dst}"
        if kind == "flight":
            return f"fly {src}-{dst}" + (f"x{self.attack}" if self.attack else "")
        if kind == "fury":
            return f"fury {src}-{dst}"
        return f"{kind} {src} {dst}"

    def sort_key(self) -> tuple:
        """Source square in board order, then kind, destination, middle and attacked squares."""
        return (_square_key(self.src), KIND_NUMBER.get(self.kind, 99), _square_key(self.dst),
                _square_key(self.via) if self.via else (-1, ""),
                _square_key(self.attack) if self.attack else (-1, ""))

    def __lt__(self, other):
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    @property
    def is_attack(self) -> bool:
        return self.attack is not None


_SQ = r"([a-z][0-9]{1,2})"  # ASCII digits only
_MOVE = re.compile(rf"{_SQ}([-x]){_SQ}")
_SWIFT = re.compile(rf"swift {_SQ}-{_SQ}([-x]){_SQ}")
_FLY = re.compile(rf"fly {_SQ}-{_SQ}(?:x{_SQ})?")
_FURY = re.compile(rf"fury {_SQ}-{_SQ}")
_TARGET = re.compile(rf"(detect|charm|arrow) {_SQ} {_SQ}")

EXAMPLES = "'b2-b3', 'b2xb3', 'swift b2-b3-c3', 'fly d1-d4xd5', 'fury e4-e5', 'detect e3 f5'"


def parse_action(text: str) -> Action:
    """The action written in ``text`` (already lower-case, single spaces); refuses anything else."""
    if match := _MOVE.fullmatch(text):
        src, sign, dst = match.groups()
        return Action("move", src, dst, attack=dst if sign == "x" else None)
    if match := _SWIFT.fullmatch(text):
        src, via, sign, dst = match.groups()
        return Action("swiftness", src, dst, via=via, attack=dst if sign == "x" else None)
    if match := _FLY.fullmatch(text):
        src, dst, attack = match.groups()
        return Action("flight", src, dst, attack=attack)
    if match := _FURY.fullmatch(text):
        return Action("fury", *match.groups())
    if match := _TARGET.fullmatch(text):
        return Action(*match.groups())
    raise NotAnActionError(_("{text} is not a Stratego action: write one like {examples}").format(
        text=_excerpt(text, 40), examples=EXAMPLES))


# --- positions ---------------------------------------------------------------------------------
def parse_token(token: str, where: str) -> tuple[int, int]:
    """``'r10'`` -> ``(side, rank)``; ``ValueError`` with a clear message otherwise."""
    letter = token[:1].lower()  # "R10" reads as "r10"
    side = SIDE_LETTERS.index(letter) if letter in SIDE_LETTERS else None
    rank = RANK_OF_SYMBOL.get(token[1:].upper()) if side is not None else None
    if rank is None:
        raise ValueError(_("{where}: {token} is not a piece; write a side letter r or b and a rank 10..2, S, T "
                           "or F (e.g. r10, bS), '.' for an empty square or '~' for a forbidden one").format(
            where=where, token=_excerpt(token)))
    return side, rank


def parse_board_token(token: str, where: str) -> tuple[int, int, bool]:
    """``'r10'`` -> ``(side, rank, False)``, ``'r5*'`` (a charmed piece) -> ``(side, rank, True)``."""
    charmed = token.endswith("*")
    side, rank = parse_token(token[:-1] if charmed else token, where)
    if charmed and (rank in (TRAP, FLAG) or rank >= SORCERESS):
        raise ValueError(_("{where}: {token} cannot be a charmed piece: a charm turns only pieces ranked below 6 "
                           "(the Slayer too), never a Trap or a Flag").format(where=where, token=_excerpt(token)))
    return side, rank, charmed


def _excerpt(text: str, limit: int = 12) -> str:
    """``text`` quoted, cut short when long (a message never repeats a whole huge input)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


def token(side: int, rank: int, charmed: bool = False) -> str:
    return SIDE_LETTERS[side] + symbol(rank) + ("*" if charmed else "")


def parse_position(text: str, spec: BoardSpec) -> dict[int, tuple[int, int, bool]]:
    """``{square: (side, rank, charmed)}`` from a position text, checked against the board's shape."""
    if not isinstance(text, str):
        raise ValueError(_("a position is a text, not {type}").format(type=type(text).__name__))
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != spec.height:
        raise ValueError(_("the {board} board has {rows} rows, so a position has {rows} lines; this one has "
                           "{lines}").format(board=spec.name, rows=spec.height, lines=len(lines)))
    pieces = {}
    for number, tokens in enumerate(lines):
        row = spec.height - 1 - number
        if len(tokens) != spec.width:
            raise ValueError(_("row {row} has {squares} squares; the {board} board has {columns} columns").format(
                row=row + 1, squares=len(tokens), board=spec.name, columns=spec.width))
        for column, tok in enumerate(tokens):
            square = row * spec.width + column
            where = _("square {square}").format(square=spec.square_name(square))
            forbidden = square in spec.forbidden
            if tok == "~" or forbidden:
                if tok != "~" or not forbidden:
                    text = (_("{where}: {a_forbidden_area} is here, so write ~ (found {token})") if forbidden
                            else _("{where}: no {forbidden_area} belongs here, so write a piece or . (found {token})"))
                    raise ValueError(text.format(where=where, token=_excerpt(tok),
                                                 forbidden_area=forbidden_word(spec.forbidden_word),
                                                 a_forbidden_area=forbidden_word(spec.forbidden_word, 1)))
                continue
            if tok != ".":
                pieces[square] = parse_board_token(tok, where)
    return pieces


def format_position(spec: BoardSpec, pieces: dict[int, str]) -> str:
    """The position text from ``{square: token}`` (empty and forbidden squares filled in)."""
    lines = []
    for row in range(spec.height - 1, -1, -1):
        cells = []
        for column in range(spec.width):
            square = row * spec.width + column
            cells.append("~" if square in spec.forbidden else pieces.get(square, "."))
        lines.append(" ".join(f"{cell:<3}" for cell in cells).rstrip())
    return "\n".join(lines)


# --- set-ups -----------------------------------------------------------------------------------
def parse_setup(text, side: int, spec: BoardSpec) -> list[int]:
    """The ranks of ``side``'s set-up, one per square of its zone in board order (``ValueError``
    saying what is wrong: shape, foreign pieces, missing or extra pieces)."""
    who = _("{side}'s set-up").format(side=side_word(spec.sides[side]))
    if not isinstance(text, str):
        raise ValueError(_("{who} must be a text of {rows} lines, not {type}").format(
            who=who, rows=spec.setup_rows, type=type(text).__name__))
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    first, last = (spec.setup_rows, 1) if side == FIRE else (spec.height, spec.height - spec.setup_rows + 1)
    if len(lines) != spec.setup_rows or any(len(tokens) != spec.width for tokens in lines):
        shape = ", ".join(str(len(tokens)) for tokens in lines) or _("nothing")
        raise ValueError(_("{who} must have {rows} lines of {width} pieces (rows {first} down to {last}, as the "
                           "board prints them); got lines of {shape}").format(
            who=who, rows=spec.setup_rows, width=spec.width, first=first, last=last, shape=shape))
    ranks_by_square = {}
    top = first - 1
    for number, tokens in enumerate(lines):
        row = top - number
        for column, tok in enumerate(tokens):
            square = row * spec.width + column
            where = _("{who}, square {square}").format(who=who, square=spec.square_name(square))
            if tok[:1].lower() in SIDE_LETTERS:
                owner, rank = parse_token(tok, where)
                if owner != side:
                    raise ValueError(_("{where}: {token} is {side}'s piece").format(
                        where=where, token=repr(tok), side=side_word(spec.sides[owner])))
            elif tok.upper() in RANK_OF_SYMBOL:
                rank = RANK_OF_SYMBOL[tok.upper()]
            else:
                raise ValueError(_("{where}: {token} is not a piece; write a rank 10..2, S, T or F").format(
                    where=where, token=_excerpt(tok)))
            ranks_by_square[square] = rank
    _check_army(Counter(ranks_by_square.values()), spec, who)
    return [ranks_by_square[square] for square in spec.zone(side)]


def _check_army(counts: Counter, spec: BoardSpec, who: str) -> None:
    wanted = spec.army_counts()
    def counted(count: int, rank: int) -> str:
        return f"{count} {piece_word(spec.piece_key(rank))} ({symbol(rank)})"

    extra = [counted(counts[r] - n, r) for r, n in wanted.items() if counts[r] > n]
    missing = [counted(n - counts[r], r) for r, n in wanted.items() if counts[r] < n]
    if extra or missing:
        parts = [_("too many: {pieces}").format(pieces=", ".join(extra))] if extra else []
        parts += [_("missing: {pieces}").format(pieces=", ".join(missing))] if missing else []
        army = ", ".join(f"{n}×{symbol(r)}" for r, n in spec.army)
        raise ValueError(_("{who} is not the {board} army ({army}): {problems}").format(
            who=who, board=spec.name, army=army, problems="; ".join(parts)))


def format_setup(spec: BoardSpec, side: int, ranks: list[int]) -> str:
    """A set-up text from the ranks of ``side``'s zone in board order (as :func:`parse_setup` reads)."""
    by_square = dict(zip(spec.zone(side), ranks))
    rows = range(spec.setup_rows - 1, -1, -1) if side == FIRE else \
        range(spec.height - 1, spec.height - spec.setup_rows - 1, -1)
    return "\n".join(
        " ".join(f"{token(side, by_square[row * spec.width + c]):<3}" for c in range(spec.width)).rstrip()
        for row in rows)
