"""The rules of Stratego Fire & Ice — Classic and Special Powers — and of Original Stratego.

Two armies face each other, every piece's rank hidden from the enemy. A turn is one action: a step,
a Scout's line, an attack, or (in the ``"powers"`` mode) a power of a piece ranked 10 to 4. Capturing
the enemy Flag wins; a player with no action on their turn loses, even if the other side could not
act either ("No caso de você não poder se mover ou atacar, o jogo terminará e seu oponente será
proclamado vencedor"): there is no draw in the rulebook.
The rules digest is ``shared/rules/stratego-fire-and-ice.md``; the text forms of actions,
positions and set-ups are documented in :mod:`gamekit.stratego.notation`.

Besides the position, the engine keeps what each player *knows* about every piece: its rank once
revealed, whether it moved, moved like a Scout, took two steps, used a power, and the ranks its
history still allows. ``observation(player)`` shows exactly that and nothing more.

Decisions where the digest is silent, or cannot be followed to the letter:

- Charm and arrows may be *aimed* at any enemy piece within 2 squares, Traps and the Flag too: the
  player cannot know what an unknown piece is, so refusing the action would leak its rank. A Trap or
  Flag is immune: a charm then does nothing (the charmer learns only "6 or higher, a Trap or the
  Flag"); an arrow reveals it (the rulebook: the arrow aims at "qualquer peça do adversário", which
  "seja revelada") but never removes it. So an Elf is also a Flag finder at range 2: an arrow that
  reveals the Flag tells its owner's enemy where to go.
- A fury reveals every neighbour, Traps and Flags included (the rulebook: "the ranks of all the pieces
  around are revealed"). "Bandeiras e Armadilhas não são vulneráveis ao Ataque de Fúria" is read as
  *immune both ways*: a Trap beside a fury neither falls nor fells the Beast (the Beast survives it,
  where a Beast that attacks a Trap by an ordinary move is taken). Equal or lower neighbours (the
  Slayer too) fall; the Beast falls after all fights if any neighbour is 5 or higher.
- The Slayer counts as rank 1 wherever a power compares ranks (below the Elf's 4, the Sorceress's 6).
- Flight glides over at least one piece (a flight over nothing would be a step). Swiftness is two
  steps (one step is an ordinary move); a straight two-square move looks like a Scout's to the enemy.
- Back and forth: a move that carries a piece between two squares without a fight (a step, a line,
  swiftness, a flight without attack, a fury with nobody around) continues its owner's streak if it
  reverses that piece's previous move on the owner's previous turn; attacks, fights and powers
  that stay put break it. The ``back_and_forth``-th move of a streak is illegal: the box's "três
  vezes consecutivas" is ``back_and_forth=3`` (after A→B, B→A, the next A→B is refused). The
  ISF's tournament rule ("not more than five times" between the same two squares) forbids the
  *6th* move, and counts attacks among the moves: ``back_and_forth=6`` is its count, but the kit
  still breaks a streak on an attack, so it is close to the ISF rule, not the same.
- A side whose only moves the back-and-forth rule forbids cannot move: it loses, and the result
  names the rule.
- Captured pieces go to the tray of the side that lost them, and that tray is held by the other
  side, whoever took them. A fury's own victims too (a Beast that fells pieces of its own army):
  in the ``"prisoner"`` mode the *enemy* keeps them hidden from their owner, as if it had taken
  them (the rulebook: "O jogador que captura a peça fica com ela" does not foresee a piece taken by
  its own side, and this keeps one holder per tray). The captured-pieces mode shows each tray to
  both (open), to its holder (prisoner), to the side that lost them (secret) or to nobody (hidden).
  Ranks seen in battle are remembered on the board only.
- ``new_game("powers", "original")`` (Special Powers on the Original Stratego board and army) is the
  kit's own variant: no rulebook describes it. The Original's ranks take the powers of the Fire &
  Ice ranks with the same number (a Marshal flies like the Dragon, a Sergeant shoots like an Elf).
- A charmed piece keeps its name (a charmed Yeti is "Fire's Yeti"), and positions mark it with
  ``*`` (``r5*``) so that ``to_ascii`` / ``from_ascii`` keep it: it can never be charmed again.

>>> state = from_ascii('''
... .   .   .   .   .   .   .   .   .   bF
... .   .   .   .   .   .   .   .   .   .
... .   .   .   .   .   .   .   .   .   .
... .   .   ~   ~   .   .   ~   ~   .   .
... .   b5  ~   ~   .   .   ~   ~   .   .
... .   .   .   .   .   .   .   .   .   .
... .   r2  .   .   .   .   .   .   .   .
... rF  .   .   .   .   .   .   .   .   .
... ''')
>>> [str(a) for a in state.legal_actions() if a.src == "b2"][:4]
['b2-b1', 'b2-a2', 'b2-c2', 'b2-d2']
>>> state.apply("b2xb4")                     # the Scout runs up the file and attacks
>>> state.observation(1).last_turn
("Fire's Scout (2) on b2 attacks Ice's Yeti (5) on b4: the Yeti wins.",)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape
from typing import NamedTuple

from gamekit.core import TERMINAL, GameState, IllegalActionError, NotAnActionError, make_rng
from gamekit.core.observations import DeferredFields, Watchers, deferred

from .presets import (
    BEAST,
    DRAGON,
    DWARF,
    ELF,
    FLAG,
    IMMOBILE,
    MAGE,
    SCOUT,
    SLAYER,
    SORCERESS,
    SWIFT_RANKS,
    TRAP,
    BoardSpec,
    board_spec,
    symbol,
)
from .moves import BLOCKED, EMPTY, MoveGeneration
from .notation import (
    KIND_NUMBER,
    KINDS,
    Action,
    format_position,
    format_setup,
    parse_action,
    parse_position,
    parse_setup,
    token,
)
from .refusals import Refusals
from .words import (
    BARE,
    PLURAL,
    A,
    THE,
    Counted,
    Piece,
    Said,
    Side,
    Word,
    _,
    capitalised,
    either,
    mode_word,
    named,
    ngettext,
    piece_word,
    said,
    side_word,
)
from .words import N_

MODES = ("classic", "powers")
CAPTURED_MODES = ("open", "prisoner", "secret", "hidden")
# What a player knows about a piece: bits of ``knowledge flags``.
REVEALED, MOVED, SCOUTED, SWIFT, POWERED = 1, 2, 4, 8, 16

# Battle outcomes.
ATTACKER_WINS, DEFENDER_WINS, BOTH_FALL, FLAG_TAKEN = "attacker", "defender", "both", "flag"


def _mask(ranks) -> int:
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    return bits


MOBILE_MASK = _mask(r for r in range(12) if r not in IMMOBILE)
SCOUT_MASK = _mask([SCOUT])
SWIFT_MASK = _mask(SWIFT_RANKS)
CHARM_PROOF_MASK = _mask([r for r in range(SORCERESS, DRAGON + 1)] + [TRAP, FLAG])


def battle(attacker: int, defender: int) -> str:
    """Who wins when ``attacker`` strikes ``defender`` (ranks): ``"attacker"``, ``"defender"``,
    ``"both"`` (equal ranks fall together) or ``"flag"`` (the Flag is taken, the game is won).

    >>> battle(SLAYER, DRAGON), battle(DRAGON, SLAYER), battle(DWARF, TRAP), battle(8, TRAP)
    ('attacker', 'attacker', 'attacker', 'defender')
    """
    if defender == FLAG:
        return FLAG_TAKEN
    if defender == TRAP:
        return ATTACKER_WINS if attacker == DWARF else DEFENDER_WINS
    if attacker == SLAYER and defender == DRAGON:
        return ATTACKER_WINS
    if attacker == defender:
        return BOTH_FALL
    return ATTACKER_WINS if attacker > defender else DEFENDER_WINS


class Result(NamedTuple):
    """How the game ended: ``winners`` and the sentence that says why (``reason``, in the
    language in force; ``said`` keeps it as a sentence, to be said with the players' names)."""

    winners: tuple
    said: Said | Counted

    @property
    def reason(self) -> str:
        return self.said.say()


class LogEntry(NamedTuple):
    """One turn as the players saw it: ``public`` lines for both, ``private[p]`` for p alone,
    in the language in force when read (``events`` and ``secrets`` keep them as sentences)."""

    turn: int
    player: int
    events: tuple  # Said, for both
    secrets: tuple  # (Said for Fire alone, Said for Ice alone)

    @property
    def public(self) -> tuple:
        return tuple(capitalised(event.say()) for event in self.events)

    @property
    def private(self) -> tuple:
        return tuple(tuple(capitalised(event.say()) for event in side) for side in self.secrets)

    def lines(self, viewer: int | None, names=None) -> list[str]:
        """The turn as ``viewer`` (``None``: anyone watching) saw it, naming the players with
        ``names``."""
        private = self.secrets[viewer] if viewer is not None else ()
        return [capitalised(event.say(names)) for event in self.events + private]


class PieceView(NamedTuple):
    """A piece on the board as one player sees it.

    ``rank`` is ``None`` when the viewer does not know it. The knowledge fields tell what the side
    that does *not* own the piece knows of it: for an enemy piece, what you know; for your own
    piece, what the enemy knows. ``possible`` lists the ranks that the piece's own history still
    allows in the eyes of that side (it does not count the pieces left; the inference does).
    """

    id: int
    square: str
    owner: int
    rank: str | None
    exposed: bool  # its rank is known to the side that does not own it
    moved: bool
    scout_like: bool  # moved more than one square in a straight line
    swift_like: bool  # took two steps around a corner (swiftness)
    used_power: bool
    charmed: bool
    possible: tuple


class CapturedView(NamedTuple):
    """A captured piece: ``owner`` is the side that lost it; ``rank`` is ``None`` when the
    captured-pieces mode hides it from the viewer; ``charmed`` if it had changed sides (public,
    so a player can tell which army it came from)."""

    id: int
    owner: int
    rank: str | None
    charmed: bool = False


@dataclass(frozen=True)
class StrategoObservation(DeferredFields):
    """What ``player`` may know: the board with unknown enemy ranks masked, what each side knows
    of the other's pieces, the captured trays as the captured-pieces mode shows them, and what the
    player saw of the last turn. Immutable; ``dataclasses.replace`` makes a changed copy.

    An observation is the game as it was when it was asked for. Asking is cheap (an agent is shown
    one before every move): the fields are worked out when one is first read, and the state works
    out every observation still held before it moves on."""

    player: int
    to_move: int
    mode: str
    board: str
    width: int
    height: int
    forbidden: tuple
    moves: int
    pieces: tuple
    captured: tuple  # (pieces Fire lost, pieces Ice lost), oldest first
    army: tuple  # (rank symbol, count) of one full army
    captured_mode: str
    back_and_forth: int
    last_turn: tuple
    result: str | None

    def piece_at(self, square: str) -> PieceView | None:
        for piece in self.pieces:
            if piece.square == square:
                return piece
        return None

    def own_pieces(self) -> list[PieceView]:
        return [p for p in self.pieces if p.owner == self.player]

    def enemy_pieces(self) -> list[PieceView]:
        return [p for p in self.pieces if p.owner != self.player]


class StrategoState(MoveGeneration, Refusals, GameState):
    """A game of Stratego: Fire (player 0, red) moves first, Ice (player 1, blue) second."""

    game = "stratego"
    action_type = Action

    def __init__(self, *, spec: BoardSpec, mode: str, seed: int, options: dict,
                 placement: list[tuple[int, int, int]], to_move: int, back_and_forth: int,
                 captured: str, max_moves: int | None, quiet_moves: int | None, setups: list[str]):
        super().__init__(num_players=2, seed=seed, options=options)
        self.spec = spec
        self.mode = mode
        self.powers = mode == "powers"
        self.back_and_forth = back_and_forth
        self.captured_mode = captured
        self.max_moves = max_moves
        self.quiet_moves = quiet_moves
        self.setups = setups  # the set-up texts the game began with (empty for a custom position)
        geometry = spec.geometry
        self._steps, self._rays = geometry["steps"], geometry["rays"]
        self._near1, self._near2 = geometry["near1"], geometry["near2"]
        self._names, self._index = geometry["names"], geometry["index"]
        self.board = [BLOCKED if s in spec.forbidden else EMPTY for s in range(spec.size)]
        self.rank: list[int] = []  # by piece id; ranks never change
        self.origin: list[int] = []  # the side each piece started with
        self.owner: list[int] = []  # the side it fights for now (a charm changes it)
        self.square: list[int] = []  # -1 once captured
        self.charmed: list[bool] = []
        self.shown: list[bool] = []  # revealed in public (a battle, a power): anyone watching knows it
        for square, side, rank, charmed in placement:
            self.board[square] = len(self.rank)
            self.rank.append(rank)
            self.origin.append(1 - side if charmed else side)
            self.owner.append(side)
            self.square.append(square)
            self.charmed.append(charmed)
            self.shown.append(charmed)
        unknown = _mask(rank for rank, _ in spec.army)
        # flags[v][piece] and possible[v][piece]: what side v knows of each piece (its own exactly;
        # a charmed piece was revealed to both when it changed sides).
        self.flags = [[REVEALED if side == v or c else 0 for side, c in zip(self.owner, self.charmed)] for v in (0, 1)]
        self.possible = [[1 << r if side == v or c else unknown for side, r, c in zip(self.owner, self.rank, self.charmed)]
                         for v in (0, 1)]
        self.captured: list[list[int]] = [[], []]  # piece ids each side lost, oldest first
        self.streak: list[tuple | None] = [None, None]  # (piece, from, to, count) of each side's shuttle
        self.to_move = to_move
        self.moves = 0
        self.quiet = 0  # moves since the last capture or charm
        self.result: Result | None = None
        self.log: list[LogEntry] = []
        self._legal: tuple[int, list] | None = None  # (player, actions) cache for the position
        self._forget_views()
        self._settle(to_move)

    # --- the protocol ------------------------------------------------------------------------
    def _current_player(self) -> int:
        return TERMINAL if self.result is not None else self.to_move

    @property
    def current_player(self) -> int:
        return TERMINAL if self.result is not None else self.to_move

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """``player``'s legal actions (default: the player to move), sorted (board order of the
        piece, then kind, destination); ``[]`` for the side not to move and once the game is over."""
        if self.result is not None:
            if player is not None:
                self._resolve_player(player)  # a seat that does not exist is still refused
            return []
        if player is None:
            return self._legal_actions(self.to_move)
        return GameState.legal_actions(self, player)

    def _legal_actions(self, player: int) -> list[Action]:
        cached = self._legal
        if cached is None or cached[0] != player:
            cache = _action_cache(self.spec)
            actions = [cache(move) for move in sorted(self._moves(player))]
            self._legal = cached = (player, actions)
        return list(cached[1])

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _example_text(self) -> str:
        return "b2-b3"

    def _name(self, pid: int) -> str:
        """The piece's name in the army it came from: a charmed Yeti is still a Yeti."""
        return self.spec.piece_key(self.rank[pid], self.origin[pid])

    def _any(self, rank: int) -> str:
        """A piece of ``rank`` in a sentence: "the Dragon" (one an army), "an Elf" (several), "a
        Lava Beast or a Yeti" (the armies name it differently)."""
        names = dict.fromkeys(self.spec.names[rank])
        if self.spec.army_counts()[rank] == 1 and len(names) == 1:
            return piece_word(next(iter(names)), THE)
        return either(piece_word(name, A) for name in names)


    # --- performing an action ----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._watchers.settle()  # observations handed out show the game as it was
        player = self.to_move
        index = self._index
        src, dst = index[action.src], index[action.dst]
        pid = self.board[src]
        self._turn_public: list[Said] = []
        self._turn_private: tuple[list[Said], list[Said]] = ([], [])
        self._material_changed = False
        kind = action.kind
        shuttle = False
        if kind == "move" or kind == "swiftness":
            self._note_travel(pid, src, dst)
            if action.attack is None:
                self._relocate(pid, src, dst)
                self._say_move(pid, action)
                shuttle = True
            else:
                self._fight(pid, self.board[dst], src, index[action.via] if action.via else -1)
        elif kind == "flight":
            shuttle = self._fly(pid, src, dst, index[action.attack] if action.attack else -1)
        elif kind == "fury":
            shuttle = self._fury(pid, src, dst)
        elif kind == "detect":
            self._detect(pid, self.board[dst], player)
        elif kind == "charm":
            self._charm(pid, self.board[dst], player)
        else:
            self._arrow(pid, self.board[dst])
        self._after_turn(player, pid, src, dst, shuttle)

    def _after_turn(self, player: int, pid: int, src: int, dst: int, shuttle: bool) -> None:
        streak = self.streak[player]
        if shuttle:
            count = streak[3] + 1 if streak and streak[0] == pid and streak[1] == dst and streak[2] == src else 1
            self.streak[player] = (pid, src, dst, count)
        else:
            self.streak[player] = None
        self.moves += 1
        self.quiet = 0 if self._material_changed else self.quiet + 1
        self.log.append(LogEntry(self.moves, player, tuple(self._turn_public),
                                 (tuple(self._turn_private[0]), tuple(self._turn_private[1]))))
        self.to_move = 1 - player
        self._legal = None
        if self.result is None:
            self._settle(1 - player)

    def _settle(self, player: int) -> None:
        """Decide whether the game ends before ``player`` moves: a side that cannot move or attack
        loses, whatever the other side could do ("seu oponente será proclamado vencedor")."""
        if not self._has_action(player):
            other = 1 - player
            text = (N_("{loser} cannot move or attack (the back-and-forth rule forbids its only moves): "
                       "{winner} wins") if self._only_shuttles_left(player)
                    else N_("{loser} cannot move or attack: {winner} wins"))
            self.result = Result((other,), said(text, loser=self._side(player), winner=self._side(other)))
        elif self.max_moves is not None and self.moves >= self.max_moves:
            self.result = Result((0, 1), Counted(_move_limit, self.max_moves))
        elif self.quiet_moves is not None and self.quiet >= self.quiet_moves:
            self.result = Result((0, 1), Counted(_quiet_limit, self.quiet_moves))

    def _relocate(self, pid: int, src: int, dst: int) -> None:
        self.board[src] = EMPTY
        self.board[dst] = pid
        self.square[pid] = dst
        self._touch(pid)

    def _capture(self, pid: int) -> None:
        square = self.square[pid]
        if square >= 0 and self.board[square] == pid:
            self.board[square] = EMPTY
        self.square[pid] = -1
        self.captured[self.owner[pid]].append(pid)
        self._material_changed = True
        self._touch(pid)
        self._tray_views = [None, None]

    # --- knowledge ---------------------------------------------------------------------------
    def _reveal(self, pid: int, viewers=(0, 1)) -> None:
        exact = 1 << self.rank[pid]
        for v in viewers:
            self.flags[v][pid] |= REVEALED
            self.possible[v][pid] = exact
        if len(viewers) == 2:
            self.shown[pid] = True
        self._touch(pid)

    def _learn(self, pid: int, flag: int, mask: int) -> None:
        """The enemy of ``pid``'s owner sees something: set ``flag`` and keep only ranks in ``mask``."""
        viewer = 1 - self.owner[pid]
        self.flags[viewer][pid] |= flag
        self.possible[viewer][pid] &= mask
        self._touch(pid)

    def _note_travel(self, pid: int, src: int, dst: int) -> None:
        """What the enemy sees of a piece travelling from ``src`` to ``dst`` (the attacked square
        for an attack): it moves, so it is no Flag or Trap; a long line marks a Scout (or, in the
        powers mode, a two-square line may be swiftness); a bent two-step path marks swiftness."""
        (r1, c1), (r2, c2) = divmod(src, self.spec.width), divmod(dst, self.spec.width)
        if r1 != r2 and c1 != c2:
            self._learn(pid, MOVED | SWIFT, SWIFT_MASK)
            return
        distance = abs(r1 - r2) + abs(c1 - c2)
        if distance == 1:
            self._learn(pid, MOVED, MOBILE_MASK)
        else:
            swift = SWIFT_MASK if self.powers and distance == 2 else 0
            self._learn(pid, MOVED | SCOUTED, SCOUT_MASK | swift)

    # --- narration ---------------------------------------------------------------------------
    def _side(self, side: int) -> Side:
        return _side_of(side, self.spec.sides[side])

    def _who(self, pid: int, with_rank: bool = True) -> Piece:
        """The piece in a sentence, by its side: "Fire's Dragon (10)", or "Fire's piece"."""
        owner = self.owner[pid]
        if not with_rank:
            return Piece(owner, self.spec.sides[owner])
        return Piece(owner, self.spec.sides[owner], self._name(pid), symbol(self.rank[pid]))

    def _say(self, text: str, **fields) -> None:
        self._turn_public.append(said(text, **fields))

    def _say_move(self, pid: int, action: Action) -> None:
        """A quiet move: the enemy sees where the piece went, not what it is (nor how it moved)."""
        owner = self.owner[pid]
        bent = action.via and not _straight(action)  # a bent path shows its corner; a straight one does not
        path = f"{action.src}-{action.via}-{action.dst}" if bent else f"{action.src}-{action.dst}"
        self._say(N_("{side} moves {path}."), side=self._side(owner), path=path)

    # --- the turn's events -------------------------------------------------------------------
    def _fight(self, attacker: int, defender: int, src: int, via: int = -1) -> None:
        """``attacker`` (standing on ``src``, going through ``via`` if swift) strikes ``defender``;
        both are revealed."""
        outcome = battle(self.rank[attacker], self.rank[defender])
        target = self.square[defender]
        fields = {"attacker": self._who(attacker), "defender": self._who(defender), "src": self._names[src],
                  "dst": self._names[target]}
        the_attacker, the_defender = Word(self._name(attacker)), Word(self._name(defender))
        self._reveal(attacker)
        self._reveal(defender)
        self.board[src] = EMPTY
        self.square[attacker] = src
        self._touch(attacker)
        if outcome == DEFENDER_WINS:
            self._capture(attacker)
            if self.rank[defender] == TRAP:
                verdict = said(N_("{the_defender} takes it."), the_defender=the_defender)
            else:
                verdict = said(N_("{the_defender} wins."), the_defender=the_defender)
        elif outcome == BOTH_FALL:
            self._capture(attacker)
            self._capture(defender)
            verdict = said(N_("equal ranks, both are removed."))
        else:
            self._capture(defender)
            self._relocate(attacker, src, target)
            if outcome == FLAG_TAKEN:
                winner, loser = self.owner[attacker], self.owner[defender]
                verdict = said(N_("the Flag is captured! {side} wins."), side=self._side(winner))
                flag = Piece(loser, self.spec.sides[loser], self._name(defender))
                self.result = Result((winner,), said(N_("{winner} captures {flag} and wins"),
                                                     winner=self._side(winner), flag=flag))
            elif self.rank[defender] == TRAP:
                verdict = said(N_("{the_attacker} disarms {the_defender}."), the_attacker=the_attacker,
                               the_defender=the_defender)
            else:
                verdict = said(N_("{the_attacker} wins."), the_attacker=the_attacker)
        if via >= 0:
            self._say(N_("{attacker} on {src} goes through {via} and attacks {defender} on {dst}: {verdict}"),
                      via=self._names[via], verdict=verdict, **fields)
        else:
            self._say(N_("{attacker} on {src} attacks {defender} on {dst}: {verdict}"), verdict=verdict, **fields)

    def _fly(self, dragon: int, src: int, dst: int, target: int) -> bool:
        self._reveal(dragon)
        self._learn(dragon, MOVED | POWERED, 1 << DRAGON)
        self._relocate(dragon, src, dst)
        self._say(N_("{dragon} flies from {src} to {dst}."), dragon=self._who(dragon), src=self._names[src],
                  dst=self._names[dst])
        if target < 0:
            return True
        self._fight(dragon, self.board[target], dst)
        return False

    def _fury(self, beast: int, src: int, dst: int) -> bool:
        """Step, then fight all eight neighbours at once; losers leave together at the end."""
        self._reveal(beast)
        self._learn(beast, MOVED | POWERED, 1 << BEAST)
        self._relocate(beast, src, dst)
        neighbours = [self.board[s] for s in self._near1[dst] if self.board[s] >= 0]
        text = (N_("{beast} steps from {src} to {dst} in a fury, fighting every neighbour.") if neighbours
                else N_("{beast} steps from {src} to {dst} in a fury; nobody is near."))
        self._say(text, beast=self._who(beast), src=self._names[src], dst=self._names[dst])
        if not neighbours:
            return True
        fallen, beast_falls = [], False
        for other in neighbours:
            self._reveal(other)  # every neighbour is revealed, Traps and Flags too
            rank = self.rank[other]
            if rank in IMMOBILE:
                text = N_("  {piece} on {square}: immune.")
            elif rank == BEAST:
                fallen.append(other)
                text = N_("  {piece} on {square}: removed (and so is the Beast).")
            elif rank < BEAST:
                fallen.append(other)
                text = N_("  {piece} on {square}: removed.")
            else:
                text = N_("  {piece} on {square}: stronger: it survives.")
            beast_falls |= rank in range(BEAST, DRAGON + 1)
            self._say(text, piece=self._who(other), square=self._names[self.square[other]])
        for other in fallen:
            self._capture(other)
        if beast_falls:
            self._capture(beast)
            self._say(N_("  {the_beast} falls too."), the_beast=Word(self._name(beast)))
        return False

    def _detect(self, mage: int, target: int, player: int) -> None:
        self._reveal(mage)
        self._learn(mage, POWERED, 1 << MAGE)
        self._reveal(target, (player,))
        self._say(N_("{mage} on {square} detects the piece on {target}."), mage=self._who(mage),
                  square=self._names[self.square[mage]], target=self._names[self.square[target]])
        self._turn_private[player].append(said(N_("It is {piece}."), piece=self._who(target)))

    def _charm(self, sorceress: int, target: int, player: int) -> None:
        self._reveal(sorceress)
        self._learn(sorceress, POWERED, 1 << SORCERESS)
        spell = {"sorceress": self._who(sorceress), "square": self._names[self.square[target]]}
        text = N_('{sorceress} says "You are under my power!" to the piece on {square}: {verdict}')
        rank = self.rank[target]
        if rank in IMMOBILE or rank >= SORCERESS:
            self.possible[player][target] &= CHARM_PROOF_MASK
            self._touch(target)
            verdict = said(N_("nothing happens (it is ranked 6 or higher, or a Trap or Flag)."))
            self._say(text, verdict=verdict, **spell)
            return
        loser = self.owner[target]
        name, sides = self._name(target), self.spec.sides
        # Translators: {loser} is the side the piece leaves, {piece} its bare name, {the_piece} with
        # its article, {loser_piece} the piece by its side ("Ice's Yeti (5)"), {side} the side it joins.
        verdict = said(N_("the {loser} {piece} ({rank}) joins {side}."), loser=self._side(loser),
                       piece=Word(name, BARE), the_piece=Word(name), rank=symbol(rank),
                       loser_piece=Piece(loser, sides[loser], name, symbol(rank)), side=self._side(player))
        self.owner[target] = player
        self.charmed[target] = True
        self._touch(target)
        self._reveal(target)
        self._material_changed = True
        self._say(text, verdict=verdict, **spell)

    def _arrow(self, elf: int, target: int) -> None:
        self._reveal(elf)
        self._learn(elf, POWERED, 1 << ELF)
        self._reveal(target)
        fields = {"elf": self._who(elf), "target": self._who(target), "square": self._names[self.square[target]]}
        if self.rank[target] in (SLAYER, SCOUT, DWARF):  # ranked lower than the Elf
            self._capture(target)
            self._say(N_("{elf} shoots at {target} on {square}: it is removed."), **fields)
        else:
            self._say(N_("{elf} shoots at {target} on {square}: it stands."), **fields)

    # --- the end -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or a game in progress."""
        if self.result is None or len(self.result.winners) == 2:
            return [0, 0]
        winner = self.result.winners[0]
        return [1 if p == winner else -1 for p in (0, 1)]

    def winners(self) -> list[int]:
        """The winner; both sides on a draw (only a move cap draws); nobody while the game goes on."""
        return list(self.result.winners) if self.result is not None else []

    def _outcome_reason(self, names=None) -> str:
        """The end in the armies' words ("Fire captures Ice's Flag and wins"), or in the players'
        with ``names`` ("Rui (Ice) captures Ana's Flag and wins")."""
        return self.result.said.say(named(names, self.spec.sides))

    # --- what a player sees --------------------------------------------------------------------
    def observation(self, player: int) -> StrategoObservation:
        return deferred(StrategoObservation, self, self._resolve_player(player), self._watchers)

    def _observed_fields(self, player: int) -> dict:
        """Every field of ``player``'s observation now but ``player``."""
        stale = self._stale[player]
        if stale:  # only the pieces changed since this player's last observation are rebuilt
            views, square = self._views[player], self.square
            for pid in stale:
                views[pid] = self._piece_view(player, pid) if square[pid] >= 0 else None
            stale.clear()
            self._pieces[player] = tuple(filter(None, views))
        trays = self._tray_views[player]
        if trays is None:
            trays = self._tray_views[player] = self._trays(player)
        last = self.log[-1] if self.log else None
        spec = self.spec
        return dict(
            to_move=self.current_player, mode=self.mode, board=spec.name,
            width=spec.width, height=spec.height, forbidden=_forbidden_names(spec), moves=self.moves,
            pieces=self._pieces[player], captured=trays, army=_army_symbols(spec),
            captured_mode=self.captured_mode, back_and_forth=self.back_and_forth,
            last_turn=tuple(last.lines(player)) if last else (),
            result=self.result.reason if self.result else None,
        )

    def _piece_view(self, viewer: int, pid: int) -> PieceView:
        side = self.owner[pid]
        seen = self.flags[1 - side][pid]
        known = self.flags[viewer][pid] & REVEALED
        return PieceView(
            pid, self._names[self.square[pid]], side, SYMBOLS_BY_RANK[self.rank[pid]] if known else None,
            bool(seen & REVEALED), bool(seen & MOVED), bool(seen & SCOUTED), bool(seen & SWIFT),
            bool(seen & POWERED), self.charmed[pid], _POSSIBLE[self.possible[1 - side][pid]])

    def _touch(self, pid: int) -> None:
        """``pid`` changed (where it stands, its side, what either side knows): rebuild its views."""
        self._stale[0].add(pid)
        self._stale[1].add(pid)

    def _forget_views(self) -> None:
        """Drop every cached view (after a change made from outside the moves, as a new state)."""
        if "_watchers" in self.__dict__:
            self._watchers.settle()  # observations handed out show the game as it was
        else:
            self._watchers = Watchers()  # observations handed out and not yet worked out
        self._views = [[None] * len(self.rank), [None] * len(self.rank)]  # by piece id, per viewer
        self._stale = [set(range(len(self.rank))), set(range(len(self.rank)))]
        self._pieces = [(), ()]
        self._tray_views = [None, None]

    def _trays(self, viewer: int) -> tuple:
        """Captured pieces per side that lost them; their ranks shown as the mode allows: open to
        both, prisoner to the captor (the other side), secret to the side that lost them, hidden
        to nobody."""
        mode = self.captured_mode
        trays = []
        for side in (0, 1):
            shown = mode == "open" or (mode == "prisoner" and viewer != side) or (mode == "secret" and viewer == side)
            trays.append(tuple(CapturedView(pid, side, symbol(self.rank[pid]) if shown else None, self.charmed[pid])
                               for pid in self.captured[side]))
        return tuple(trays)

    def log_for(self, player: int | None) -> list[str]:
        """Every turn so far as ``player`` saw it (``None``: anyone watching), one line per event."""
        return self.log_lines(player)

    def secret_log_readers(self, start: int = 0) -> set[int]:
        """The sides a Mage answered from turn ``start`` on: they alone read its answer."""
        return {side for entry in self.log[start:] for side, secret in enumerate(entry.secrets) if secret}

    def _log_step(self, number: int, step, viewer: int | None, names) -> list[str]:
        """Turn ``number`` as ``viewer`` saw it: the public lines, and a Mage's answer for its owner."""
        entry = self.log[number - 1]
        return [f"{entry.turn}. {line}" for line in entry.lines(viewer, named(names, self.spec.sides))]

    def public_observation(self) -> StrategoObservation:
        """What anyone watching may know (a projector, the screen between two players): ranks
        shown in public only (never a Mage's private answer), moves seen, the trays as the
        captured-pieces mode shows them to a watcher; ``player`` is ``None``."""
        pieces = []
        for pid, square in enumerate(self.square):
            if square < 0:
                continue
            side, seen = self.owner[pid], self.flags[1 - self.owner[pid]][pid]
            shown = self.shown[pid]
            possible = self.possible[1 - side][pid] if shown else _public_possible(self, seen)
            pieces.append(PieceView(
                pid, self._names[square], side, SYMBOLS_BY_RANK[self.rank[pid]] if shown else None,
                shown or bool(seen & REVEALED), bool(seen & MOVED), bool(seen & SCOUTED), bool(seen & SWIFT),
                bool(seen & POWERED), self.charmed[pid], _POSSIBLE[possible]))
        open_trays = self.captured_mode == "open"
        trays = tuple(tuple(CapturedView(pid, side, symbol(self.rank[pid]) if open_trays else None, self.charmed[pid])
                            for pid in self.captured[side]) for side in (0, 1))
        last = self.log[-1] if self.log else None
        spec = self.spec
        return _observation(
            player=None, to_move=self.current_player, mode=self.mode, board=spec.name,
            width=spec.width, height=spec.height, forbidden=_forbidden_names(spec), moves=self.moves,
            pieces=tuple(pieces), captured=trays, army=_army_symbols(spec),
            captured_mode=self.captured_mode, back_and_forth=self.back_and_forth,
            last_turn=tuple(last.lines(None)) if last else (), result=self.result.reason if self.result else None)

    def knows(self, player: int, square: str) -> str | None:
        """The rank symbol ``player`` knows for the piece on ``square`` (``None`` if unknown)."""
        pid = self._piece_on(square)
        if pid < 0:
            raise ValueError(_("there is no piece on {square}").format(square=square))
        return symbol(self.rank[pid]) if self.flags[player][pid] & REVEALED else None

    def piece_at(self, square: str) -> str | None:
        """The token of the piece on ``square`` (``'r10'``), or ``None`` if it is empty. It tells
        the rank: for exploring and debugging, not for a player's screen."""
        pid = self._piece_on(square)
        return token(self.owner[pid], self.rank[pid]) if pid >= 0 else None

    def owner_at(self, square: str) -> int | None:
        """The side (0 Fire, 1 Ice) of the piece on ``square``, or ``None`` if it is empty: what
        everybody at the table sees."""
        pid = self._piece_on(square)
        return self.owner[pid] if pid >= 0 else None

    def action_to(self, src: str, square: str, kind: str = "move") -> Action:
        """The action by which the piece on ``src`` would use ``kind`` on ``square``, legal or not
        (ask :meth:`why_illegal`): a move or a flight onto an enemy becomes an attack
        (``b2xb3``); a fury steps onto ``square``; detect, charm and arrow aim at it. Swiftness
        needs its middle square too, so for it this is the path through the first free square
        next to both, or the attack on ``square`` if it is next to ``src``."""
        self._piece_on(src), self._piece_on(square)  # both must be squares of this board
        if kind not in KIND_NUMBER:
            raise NotAnActionError(_("{kind} is not a kind of action; the kinds are {kinds}").format(
                kind=repr(kind), kinds=", ".join(KINDS)))
        mover = self.owner_at(src)
        enemy = mover is not None and self.owner_at(square) not in (None, mover)
        if kind == "move":
            return Action("move", src, square, attack=square if enemy else None)
        if kind == "swiftness":
            return self._swift_path(src, square, enemy)
        if kind == "flight":
            return Action("flight", src, square)
        if kind == "fury":
            return Action("fury", src, square)
        return Action(kind, src, square)

    def _swift_path(self, src: str, square: str, enemy: bool) -> Action:
        start, end = self._index[src], self._index[square]
        if end in self._steps[start] and enemy:
            return Action("move", src, square, attack=square)
        middles = [m for m in self._steps[start] if end in self._steps[m] and self.board[m] == EMPTY]
        via = self._names[middles[0]] if middles else None
        return Action("swiftness", src, square, via=via, attack=square if enemy else None)

    def _piece_on(self, square) -> int:
        """The id of the piece on ``square`` (EMPTY or BLOCKED if none); ``ValueError`` for a name
        that is no square of this board."""
        index = self._index.get(square) if isinstance(square, str) else None
        if index is None:
            raise ValueError(self._no_square(square))
        return self.board[index]

    # --- copies and text ---------------------------------------------------------------------
    def clone(self) -> StrategoState:
        twin = object.__new__(StrategoState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.history = list(self.history)
        twin.board = list(self.board)
        twin.owner = list(self.owner)
        twin.square = list(self.square)
        twin.charmed = list(self.charmed)
        twin.shown = list(self.shown)
        twin.flags = [list(f) for f in self.flags]
        twin.possible = [list(p) for p in self.possible]
        twin.captured = [list(c) for c in self.captured]
        twin.streak = list(self.streak)
        twin.log = list(self.log)
        twin._views = [list(v) for v in self._views]  # views are immutable: sharing them is safe
        twin._stale = [set(v) for v in self._stale]
        twin._pieces = list(self._pieces)
        twin._tray_views = list(self._tray_views)
        twin._watchers = Watchers()
        return twin

    def to_ascii(self) -> str:
        """The full position in the text format (every rank shown, charmed pieces marked ``*``)."""
        return format_position(self.spec, {s: token(self.owner[pid], self.rank[pid], self.charmed[pid])
                                           for pid, s in enumerate(self.square) if s >= 0})

    def view(self, player: int | None = None) -> str:
        """The board as ``player`` sees it, unknown pieces written ``b?`` / ``r?``; with ``None``,
        as anyone watching sees it (only the ranks shown in public: battles and powers, not a
        Mage's detection)."""
        return _with_coordinates(self.spec, format_position(self.spec, self._tokens(player)))

    def _tokens(self, player: int | None) -> dict[int, str]:
        """``{square: token}`` as ``player`` (``None``: everybody) knows the pieces."""
        tokens = {}
        for pid, square in enumerate(self.square):
            if square >= 0:
                known = self.shown[pid] if player is None else self.flags[player][pid] & REVEALED
                owner = self.owner[pid]
                tokens[square] = token(owner, self.rank[pid], self.charmed[pid]) if known else "rb"[owner] + "?"
        return tokens

    def _title(self) -> str:
        if self.spec.name == "fire-and-ice":
            return _("Stratego Fire & Ice")
        if self.powers:
            return _("Original Stratego with Special Powers (the kit's own variant)")
        return _("Original Stratego")

    def _status(self) -> str:
        if self.result:
            return self.result.reason
        return _("{side} to move").format(side=side_word(self.spec.sides[self.to_move]))

    def _heading(self) -> str:
        """ "Stratego Fire & Ice (classic), after 3 moves: Ice to move" """
        return _("{title} ({mode}), after {moves}: {status}").format(
            title=self._title(), mode=mode_word(self.mode), moves=_moves(self.moves), status=self._status())

    def _lost_line(self, side: int, shown: bool) -> str:
        lost = " ".join(symbol(self.rank[pid]) if shown else "?" for pid in self.captured[side]) or "-"
        return _("{side} has lost: {pieces}").format(side=side_word(self.spec.sides[side]), pieces=lost)

    def _render(self) -> str:
        """What everybody at the table may see: ranks only where they were shown in public, the trays
        as the captured-pieces mode shows them to a watcher (every rank: :meth:`reveal`)."""
        lines = [self._heading(), self.view(None)]
        lines += [self._lost_line(side, self.captured_mode == "open") for side in (0, 1)]
        return "\n".join(lines)

    def reveal(self) -> str:
        """The whole game as text, every rank shown (for debugging; never for a player's screen)."""
        lines = [self._heading(), _with_coordinates(self.spec, self.to_ascii())]
        lines += [self._lost_line(side, True) for side in (0, 1)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A small picture of the public board for a notebook cell (as ``str``: public ranks only)."""
        spec, tokens = self.spec, self._tokens(None)
        colours = {"r": "#b03a2e", "b": "#1f5fbf"}
        rows = []
        for row in range(spec.height - 1, -1, -1):
            cells = [f'<th style="padding:0 4px">{row + 1}</th>']
            for column in range(spec.width):
                square = row * spec.width + column
                text, style = tokens.get(square, ""), "background:#efe3c4"
                if square in spec.forbidden:
                    style = "background:#5b4a3e"
                elif text:
                    style = f"background:{colours[text[0]]};color:#fff;font-weight:700"
                cells.append(f'<td style="{style};width:2em;height:2em;text-align:center">{text[1:]}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        files = "".join(f"<th>{f}</th>" for f in "abcdefghijklmnopqrstuvwxyz"[:spec.width])
        rows.append(f"<tr><th></th>{files}</tr>")
        caption = escape(self._heading())
        return (f'<table style="border-collapse:separate;border-spacing:2px"><caption>{caption}</caption>'
                + "".join(rows) + "</table>")


SYMBOLS_BY_RANK = tuple(symbol(r) for r in range(12))


def _observation(**fields) -> StrategoObservation:
    """A :class:`StrategoObservation` built without the frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` a field): agents ask for one every turn, and this is 4x faster."""
    observation = object.__new__(StrategoObservation)
    observation.__dict__.update(fields)
    return observation


def _forbidden_names(spec: BoardSpec) -> tuple:
    if "forbidden_names" not in spec.geometry:
        spec.geometry["forbidden_names"] = tuple(spec.geometry["names"][s] for s in sorted(spec.forbidden))
    return spec.geometry["forbidden_names"]


def _army_symbols(spec: BoardSpec) -> tuple:
    if "army_symbols" not in spec.geometry:
        spec.geometry["army_symbols"] = tuple((symbol(r), n) for r, n in spec.army)
    return spec.geometry["army_symbols"]
_POSSIBLE = [tuple(symbol(r) for r in sorted(range(12), key=lambda r: (r in IMMOBILE, -r)) if bits >> r & 1)
             for bits in range(1 << 12)]


def _public_possible(state: StrategoState, seen: int) -> int:
    """The ranks a watcher can still allow for a piece from how it moved (a Mage's private
    answer and other narrowing the enemy alone has are left out)."""
    bits = _mask(rank for rank, _ in state.spec.army)
    if seen & MOVED:
        bits &= MOBILE_MASK
    if seen & SWIFT:
        bits &= SWIFT_MASK
    elif seen & SCOUTED:
        bits &= SCOUT_MASK | (SWIFT_MASK if state.powers else 0)
    return bits


@cache
def _side_of(index: int, name: str) -> Side:
    return Side(index, name)


def _moves(count: int) -> str:
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def _move_limit(count: int) -> str:
    return ngettext("the limit of {count} move is reached: a draw",
                    "the limit of {count} moves is reached: a draw", count).format(count=count)


def _quiet_limit(count: int) -> str:
    return ngettext("{count} move without a capture: a draw",
                    "{count} moves without a capture: a draw", count).format(count=count)


def _straight(action: Action) -> bool:
    return action.src[0] == action.dst[0] or action.src[1:] == action.dst[1:]


def _with_coordinates(spec: BoardSpec, text: str) -> str:
    rows = text.splitlines()
    width = len(str(spec.height))
    out = [f"{spec.height - i:>{width}} | {row}" for i, row in enumerate(rows)]
    files = "   ".join("abcdefghijklmnopqrstuvwxyz"[:spec.width])
    out.append(" " * width + "   " + files)
    return "\n".join(out)


_ACTION_CACHES: dict[str, object] = {}


def _action_cache(spec: BoardSpec):
    """A function from ``(src, kind, dst, via, attack)`` numbers to a shared :class:`Action`."""
    if spec.name in _ACTION_CACHES:
        return _ACTION_CACHES[spec.name]
    names = spec.geometry["names"]
    store: dict[tuple, Action] = {}

    def lookup(move: tuple) -> Action:
        action = store.get(move)
        if action is None:
            src, kind, dst, via, attack = move
            action = store[move] = Action(KINDS[kind], names[src], names[dst],
                                          names[via] if via >= 0 else None,
                                          names[attack] if attack >= 0 else None)
        return action

    _ACTION_CACHES[spec.name] = lookup
    return lookup


# --- starting a game ----------------------------------------------------------------------------
def _whole(value, name: str, low: int, allow_none: bool = False) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        alternative = " or None" if allow_none else ""
        raise ValueError(f"{name} must be a whole number of at least {low}{alternative}, not {value!r}")


def _check_options(mode, board, captured, back_and_forth, max_moves, quiet_moves, to_move) -> BoardSpec:
    if mode not in MODES:
        raise ValueError(f"mode is 'classic' or 'powers', not {mode!r}")
    if not isinstance(board, str):
        raise ValueError(f"board is a preset's name ('fire-and-ice' or 'original'), not {board!r}")
    spec = board_spec(board)
    if captured not in CAPTURED_MODES:
        raise ValueError(f"captured is one of {', '.join(CAPTURED_MODES)} (who sees the captured pieces), "
                         f"not {captured!r}")
    _whole(back_and_forth, "back_and_forth (3 for the box rule, 6 for the ISF's five-move limit)", 2)
    _whole(max_moves, "max_moves", 1, allow_none=True)
    _whole(quiet_moves, "quiet_moves", 1, allow_none=True)
    if type(to_move) is not int or to_move not in (0, 1):  # 0.0, True and "1" are refused too
        raise ValueError(f"to_move is 0 (Fire) or 1 (Ice), not {to_move!r}")
    return spec


def _placement_from_setups(spec: BoardSpec, setups, rng) -> tuple[list, list[str]]:
    if setups is None:
        setups = [None, None]
    if not isinstance(setups, (list, tuple)) or len(setups) != 2:
        raise ValueError("setups is a pair [Fire's set-up, Ice's set-up] (each a text, or None for a random one)")
    placement, texts = [], []
    for side in (0, 1):
        if setups[side] is None:
            ranks = spec.army_list()
            rng.shuffle(ranks)
        else:
            ranks = parse_setup(setups[side], side, spec)
        texts.append(format_setup(spec, side, ranks))
        placement += [(square, side, rank, False) for square, rank in zip(spec.zone(side), ranks)]
    return placement, texts


def _placement_from_position(spec: BoardSpec, position: str) -> list:
    pieces = parse_position(position, spec)
    army = spec.army_counts()
    for side in (0, 1):
        for rank in IMMOBILE:  # Traps and Flags never change sides
            count = sum(1 for s, r, _ in pieces.values() if s == side and r == rank)
            if count > army[rank]:
                raise ValueError(_("{side} has {count} {pieces}; its army has {most}").format(
                    side=side_word(spec.sides[side]), count=count, most=army[rank],
                    pieces=piece_word(spec.names[rank][0], PLURAL)))
    for rank, count in army.items():  # a charm moves pieces across, so only the total is bounded
        total = sum(1 for _side, r, _charmed in pieces.values() if r == rank)
        if total > 2 * count:
            raise ValueError(_("the position has {count} {pieces}; the two armies have {most}").format(
                count=total, most=2 * count, pieces=piece_word(spec.names[rank][0], PLURAL)))
    return [(square, side, rank, charmed) for square, (side, rank, charmed) in sorted(pieces.items())]


def new_game(mode: str = "classic", board: str = "fire-and-ice", *, setups=None, seed: int | None = None,
             max_moves: int | None = None, back_and_forth: int = 3, captured: str = "open",
             quiet_moves: int | None = None, position: str | None = None, to_move: int = 0) -> StrategoState:
    """A new game of Stratego.

    ``mode`` is ``"classic"`` or ``"powers"`` (Special Powers); ``board`` is ``"fire-and-ice"``
    (10×8, 30 pieces each) or ``"original"`` (10×10, 40 pieces); ``"powers"`` on ``"original"`` is
    the kit's own variant (see the module notes). ``setups`` is ``[Fire's, Ice's]``
    set-up texts (see :mod:`~gamekit.stratego.notation`); a missing one is shuffled from the seed.
    ``max_moves`` ends the game as a draw after that many moves in all, ``quiet_moves`` after that
    many moves in a row without a capture (both for computer play). ``back_and_forth`` is the
    number of moves in a row between the same two squares that is forbidden (3 in the box; 6 is
    the ISF's count, see the module notes). ``captured`` says who sees the captured pieces:
    ``"open"`` both, ``"prisoner"`` the side that holds the tray (the captor), ``"secret"`` the side that lost them, ``"hidden"`` nobody. ``position`` starts
    from a position text instead of set-ups (see :func:`from_ascii`), with ``to_move`` to play.
    """
    spec = _check_options(mode, board, captured, back_and_forth, max_moves, quiet_moves, to_move)
    rng, seed = make_rng(seed)
    if position is not None:
        if setups is not None:
            raise ValueError("give either set-ups or a position, not both")
        placement, texts = _placement_from_position(spec, position), []
        position = format_position(spec, {s: token(side, r, c) for s, side, r, c in placement})
    else:
        if to_move != 0:
            raise ValueError("Fire moves first in a new game; to_move is for positions (from_ascii)")
        placement, texts = _placement_from_setups(spec, setups, rng)
        if setups is not None:
            setups = [texts[side] if setups[side] is not None else None for side in (0, 1)]
    options = {"mode": mode, "board": spec.name, "setups": setups, "max_moves": max_moves,
               "back_and_forth": back_and_forth, "captured": captured, "quiet_moves": quiet_moves,
               "position": position, "to_move": to_move}
    return StrategoState(spec=spec, mode=mode, seed=seed, options=options, placement=placement,
                         to_move=to_move, back_and_forth=back_and_forth, captured=captured,
                         max_moves=max_moves, quiet_moves=quiet_moves, setups=texts)


def from_ascii(text: str, mode: str = "classic", board: str = "fire-and-ice", to_move: int = 0,
               **options) -> StrategoState:
    """A game from a position text (one line per row, top row first; see the module notes).
    Nobody knows anything about the enemy's pieces yet, and nothing has moved."""
    return new_game(mode, board, position=text, to_move=to_move, **options)


def random_setup(board: str = "fire-and-ice", side: int = 0, seed: int | None = None) -> str:
    """A shuffled legal set-up text for ``side`` (0 Fire, 1 Ice)."""
    spec = board_spec(board)
    rng, _seed = make_rng(seed)
    ranks = spec.army_list()
    rng.shuffle(ranks)
    return format_setup(spec, side, ranks)


def validate_setup(text: str, side: int = 0, board: str = "fire-and-ice") -> str:
    """The set-up in its tidy form if it is legal; ``ValueError`` saying what is wrong if not."""
    spec = board_spec(board)
    return format_setup(spec, side, parse_setup(text, side, spec))


__all__ = [
    "CAPTURED_MODES",
    "MODES",
    "Action",
    "CapturedView",
    "IllegalActionError",
    "LogEntry",
    "PieceView",
    "Result",
    "StrategoObservation",
    "StrategoState",
    "battle",
    "from_ascii",
    "new_game",
    "random_setup",
    "validate_setup",
]
