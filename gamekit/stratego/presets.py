"""Board presets and armies as data: the Fire & Ice board (10×8) and Original Stratego (10×10)
(the widget that shows a game is :mod:`gamekit.stratego.board`).

A rank is a small int: ``FLAG`` 0, ``SLAYER`` 1, ``SCOUT`` 2 … ``DRAGON`` 10, ``TRAP`` 11. The order
of the numbers is the order of strength in a battle (the Slayer is the weakest fighter), and the
Flag and the Trap sit at the ends because they never fight by number. Both presets use the same
codes: the Original's Marshal is rank 10, its Spy the Slayer, its Bombs Traps, its Miners Dwarves.

Squares are numbered ``row * width + column`` from Fire's back-left corner (``a1`` is 0), and named
like chess squares: files ``a``.. left to right, ranks ``1``.. from Fire's side.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .words import PIECE_FORMS, piece_word

FLAG, SLAYER, SCOUT, DWARF, ELF, BEAST, SORCERESS, RIDER, KNIGHT, MAGE, DRAGON, TRAP = range(12)
RANKS = tuple(range(12))
IMMOBILE = frozenset({FLAG, TRAP})
SYMBOLS = {FLAG: "F", SLAYER: "S", TRAP: "T", **{r: str(r) for r in range(2, 11)}}
RANK_OF_SYMBOL = {symbol: rank for rank, symbol in SYMBOLS.items()}

FIRE, ICE = 0, 1
SIDE_LETTERS = ("r", "b")  # red (Fire, moves first) and blue (Ice)

# The power of each rank in the "powers" mode (ranks 10 to 4); both presets share them.
POWERS = {DRAGON: "flight", MAGE: "detect", KNIGHT: "swiftness", RIDER: "swiftness",
          SORCERESS: "charm", BEAST: "fury", ELF: "arrow"}
SWIFT_RANKS = frozenset(r for r, p in POWERS.items() if p == "swiftness")


def symbol(rank: int) -> str:
    """``'10'`` … ``'2'``, ``'S'``, ``'T'`` or ``'F'``."""
    return SYMBOLS[rank]


@dataclass(frozen=True)
class BoardSpec:
    """A board and the army each side brings to it."""

    name: str
    width: int
    height: int
    forbidden: frozenset  # square numbers no piece may enter or cross
    setup_rows: int  # rows of the board each army fills, counted from its own edge
    army: tuple  # (rank, count) pairs, strongest first
    names: dict  # rank -> (Fire's name, Ice's name)
    sides: tuple = ("Fire", "Ice")
    forbidden_word: str = "forbidden area"
    _geometry: dict = field(default_factory=dict, compare=False, repr=False)

    # --- squares --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.width * self.height

    def square_name(self, square: int) -> str:
        row, column = divmod(square, self.width)
        return f"{'abcdefghijklmnopqrstuvwxyz'[column]}{row + 1}"

    def square_of(self, name) -> int | None:
        """The number of the square called ``name`` (``'b3'``), or ``None`` if there is none."""
        return self.geometry["index"].get(name) if isinstance(name, str) else None

    def zone(self, side: int) -> list[int]:
        """The squares an army fills at the start, in board order."""
        rows = range(self.setup_rows) if side == FIRE else range(self.height - self.setup_rows, self.height)
        return [row * self.width + column for row in rows for column in range(self.width)]

    def army_list(self) -> list[int]:
        """Every piece of one army as a list of ranks (strongest first)."""
        return [rank for rank, count in self.army for _ in range(count)]

    def army_counts(self) -> dict[int, int]:
        return dict(self.army)

    def piece_key(self, rank: int, side: int = FIRE) -> str:
        """The piece's English name, the key the kit's words know it by (``"Dragon"``)."""
        return self.names[rank][side]

    def piece_name(self, rank: int, side: int = FIRE) -> str:
        """The piece's name in the language in force ("Dragon" / "Dragão")."""
        key = self.piece_key(rank, side)
        return piece_word(key) if key in PIECE_FORMS else key

    def plural(self, rank: int) -> str:
        name = self.names[rank][FIRE]
        if name.endswith("f"):
            return name[:-1] + "ves"
        if name.endswith("y") and name[-2] not in "aeiou":
            return name[:-1] + "ies"
        return name + ("es" if name.endswith("ss") else "s")

    # --- precomputed neighbourhoods (built once per preset) ---------------------------------
    @property
    def geometry(self) -> dict:
        if not self._geometry:
            self._geometry.update(_build_geometry(self))
        return self._geometry


def _build_geometry(spec: BoardSpec) -> dict:
    """Orthogonal steps, the four rays, and the 1- and 2-square surroundings of every square."""
    w, h = spec.width, spec.height

    def inside(row, column):
        return 0 <= row < h and 0 <= column < w and row * w + column not in spec.forbidden

    steps, rays, near1, near2 = [], [], [], []
    for square in range(w * h):
        row, column = divmod(square, w)
        steps.append(tuple(
            (row + dr) * w + column + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if inside(row + dr, column + dc)))
        lines = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            line, r, c = [], row + dr, column + dc
            while inside(r, c):  # a ray stops at the edge or at a forbidden square
                line.append(r * w + c)
                r, c = r + dr, c + dc
            lines.append(tuple(line))
        rays.append(tuple(lines))
        for radius, into in ((1, near1), (2, near2)):
            into.append(tuple(
                (row + dr) * w + column + dc
                for dr in range(-radius, radius + 1) for dc in range(-radius, radius + 1)
                if (dr or dc) and inside(row + dr, column + dc)))
    index = {spec.square_name(s): s for s in range(w * h)}
    return {"steps": tuple(steps), "rays": tuple(rays), "near1": tuple(near1),
            "near2": tuple(near2), "index": index, "names": tuple(spec.square_name(s) for s in range(w * h))}


def _squares(width: int, cells) -> frozenset:
    """Square numbers from 1-based (row, column) pairs, as the rules digest counts them."""
    return frozenset((row - 1) * width + column - 1 for row, column in cells)


FIRE_AND_ICE = BoardSpec(
    name="fire-and-ice",
    width=10,
    height=8,
    forbidden=_squares(10, [(r, c) for r in (4, 5) for c in (3, 4, 7, 8)]),
    setup_rows=3,
    army=((DRAGON, 1), (MAGE, 1), (KNIGHT, 2), (RIDER, 3), (SORCERESS, 2), (BEAST, 2), (ELF, 2),
          (DWARF, 5), (SCOUT, 4), (SLAYER, 1), (TRAP, 6), (FLAG, 1)),
    names={DRAGON: ("Dragon", "Dragon"), MAGE: ("Mage", "Mage"), KNIGHT: ("Knight", "Knight"),
           RIDER: ("Beast Rider", "Beast Rider"), SORCERESS: ("Sorceress", "Sorceress"),
           BEAST: ("Lava Beast", "Yeti"), ELF: ("Elf", "Elf"), DWARF: ("Dwarf", "Dwarf"),
           SCOUT: ("Scout", "Scout"), SLAYER: ("Slayer", "Slayer"), TRAP: ("Trap", "Trap"),
           FLAG: ("Flag", "Flag")},
    sides=("Fire", "Ice"),
    forbidden_word="forbidden area",
)

ORIGINAL = BoardSpec(
    name="original",
    width=10,
    height=10,
    forbidden=_squares(10, [(r, c) for r in (5, 6) for c in (3, 4, 7, 8)]),
    setup_rows=4,
    army=((DRAGON, 1), (MAGE, 1), (KNIGHT, 2), (RIDER, 3), (SORCERESS, 4), (BEAST, 4), (ELF, 4),
          (DWARF, 5), (SCOUT, 8), (SLAYER, 1), (TRAP, 6), (FLAG, 1)),
    names={DRAGON: ("Marshal",) * 2, MAGE: ("General",) * 2, KNIGHT: ("Colonel",) * 2,
           RIDER: ("Major",) * 2, SORCERESS: ("Captain",) * 2, BEAST: ("Lieutenant",) * 2,
           ELF: ("Sergeant",) * 2, DWARF: ("Miner",) * 2, SCOUT: ("Scout",) * 2, SLAYER: ("Spy",) * 2,
           TRAP: ("Bomb",) * 2, FLAG: ("Flag",) * 2},
    sides=("Red", "Blue"),
    forbidden_word="lake",
)

BOARDS = {spec.name: spec for spec in (FIRE_AND_ICE, ORIGINAL)}


def board_spec(name: str) -> BoardSpec:
    if name not in BOARDS:
        raise ValueError(f"board is one of {sorted(BOARDS)}, not {name!r}")
    return BOARDS[name]
