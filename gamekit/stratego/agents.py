"""Stratego opponents: random, a readable heuristic, and a sampling search.

Every agent sees only its observation (unknown enemy ranks masked) and its legal actions, is
seeded, and can explain its choice as a table of candidate actions with values.

- ``RandomAgent``: any legal action, uniformly.
- :class:`HeuristicAgent`: one-move lookahead on the expected material exchange, using
  :func:`~gamekit.stratego.inference.beliefs` for unknown pieces; it avoids squares next to likely
  stronger enemies, hunts known weaker ones, guards its Flag and advances slowly.
- :class:`SearchAgent`: deals the hidden ranks consistently with what it knows (several times,
  likelier Traps and Flag where enemy pieces never moved though they could), plays each promising
  action followed by a short heuristic reply on every deal, and keeps the action with the best
  average of material and Flag safety.

The heuristic and the search agent also deploy their own armies before the game
(``setup_style="guarded"`` by default: the Flag on the back row behind Traps, see
:mod:`~gamekit.stratego.deploy`); :func:`~gamekit.core.play_match`, the tournaments and the board
ask them. The random agent leaves its set-up to the game's shuffle.
"""

from __future__ import annotations

import random
from functools import lru_cache

from gamekit.core import Candidate, ExplainingAgent, Explanation, RandomAgent
from gamekit.core.rng import derive_seed

from .presets import FLAG, IMMOBILE, RANK_OF_SYMBOL, TRAP
from .deploy import STYLES, deploy
from .inference import StillnessTracker, beliefs, determinize
from .rules import ATTACKER_WINS, BOTH_FALL, DEFENDER_WINS, FLAG_TAKEN, battle
from .words import N_, _

from gamekit.i18n import format_number

WIN = 1000.0
# Material on one scale: what losing the piece costs. The Slayer is worth more than its rank
# (it is the Dragon's only threat); Dwarves are worth more than Scouts (only they open Traps).
VALUE = {"10": 10.0, "9": 8.0, "8": 6.5, "7": 5.0, "6": 4.0, "5": 3.0, "4": 2.5, "3": 2.2, "2": 1.2,
         "S": 3.5, "T": 1.0, "F": 0.0}
STRIKE = {ATTACKER_WINS: 1, DEFENDER_WINS: -1, BOTH_FALL: 0, FLAG_TAKEN: 1}
# what revealing a piece by its power costs, in words (the kind names the power)
REVEALS = {"detect": N_("reveals the detect piece"), "charm": N_("reveals the charm piece"),
           "arrow": N_("reveals the arrow piece")}


def _share(fraction: float) -> str:
    """ "40%" / "40%": a probability as a whole percentage, in the language's digits."""
    return f"{format_number(fraction * 100, 0)}%"


def _signed(value: float, places: int = 1) -> str:
    """ "+1.5" / "+1,5", "-0.3" / "-0,3"."""
    return ("-" if value < 0 else "+") + format_number(abs(value), places)


def _number(value: float, places: int = 1) -> str:
    return format_number(value, places)


def exchange(mine: str, theirs: str, flag: float = WIN) -> float:
    """Material gained when ``mine`` attacks ``theirs`` (both rank symbols); taking the Flag
    is worth ``flag``."""
    outcome = battle(RANK_OF_SYMBOL[mine], RANK_OF_SYMBOL[theirs])
    if outcome == FLAG_TAKEN:
        return flag
    if outcome == ATTACKER_WINS:
        return VALUE[theirs]
    if outcome == DEFENDER_WINS:
        return -VALUE[mine]
    return VALUE[theirs] - VALUE[mine]


class _Board:
    """What the heuristic reads off an observation once per move."""

    def __init__(self, observation, flag: float = WIN, belief: dict | None = None):
        self.obs = observation
        self.flag_value = flag
        self.me = observation.player
        self.by_square = {p.square: p for p in observation.pieces}
        self.belief = belief if belief is not None else beliefs(observation)
        self.forward = 1 if self.me == 0 else -1
        flags = [p.square for p in observation.own_pieces() if p.rank == "F"]
        self.flag = flags[0] if flags else None
        # enemy pieces within three steps of our Flag (the same for every action: found once)
        self.raiders = [e for e in observation.enemy_pieces() if self.distance(e.square, self.flag) <= 3] \
            if self.flag else []

    def neighbours(self, square: str) -> tuple:
        return _neighbours(square, self.obs.width, self.obs.height)

    def enemies_next_to(self, square: str, ignore: str | None = None) -> list:
        return [self.by_square[s] for s in self.neighbours(square)
                if s in self.by_square and s != ignore and self.by_square[s].owner != self.me]

    def expected_exchange(self, mine: str, target) -> tuple[float, float]:
        """(expected material gained attacking ``target``, probability of winning)."""
        gain = win = 0.0
        for rank, p in self.belief[target.id].items():
            gain += p * exchange(mine, rank, self.flag_value)
            win += p * (STRIKE[battle(RANK_OF_SYMBOL[mine], RANK_OF_SYMBOL[rank])] > 0)
        return gain, win

    def danger(self, mine: str, square: str, leaving: str) -> float:
        """Expected loss if the most dangerous neighbour of ``square`` attacks a ``mine`` there."""
        worst = 0.0
        for enemy in self.enemies_next_to(square, ignore=leaving):
            loss = 0.0
            for rank, p in self.belief[enemy.id].items():
                if rank in ("T", "F"):
                    continue  # they never attack
                outcome = battle(RANK_OF_SYMBOL[rank], RANK_OF_SYMBOL[mine])
                if outcome in (ATTACKER_WINS, BOTH_FALL, FLAG_TAKEN):
                    loss += p * (self.flag_value if mine == "F" else VALUE[mine])
            worst = max(worst, loss)
        return worst

    def distance(self, a: str, b: str) -> int:
        return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


class DeployingAgent(ExplainingAgent):
    """An explaining agent that also deploys its own army: ``setup(seat, options)`` returns a
    set-up text in its ``setup_style`` (see :mod:`~gamekit.stratego.deploy`), which
    :func:`~gamekit.core.play_match` and the boards ask for before the first move. The set-ups
    come from their own seeded stream, so asking for one never changes how the agent plays."""

    setup_style = "guarded"

    def __init__(self, seed: int | None = 0, setup_style: str | None = None):
        super().__init__(seed)
        if setup_style is not None:
            if setup_style not in STYLES:
                raise ValueError(f"setup_style is one of {', '.join(STYLES)}, not {setup_style!r}")
            self.setup_style = setup_style
        self.setup_rng = random.Random(None if seed is None else derive_seed(seed, "setup"))

    def setup(self, seat: int, options: dict | None = None) -> str | None:
        """This agent's set-up for ``seat`` (0 Fire, 1 Ice); ``None`` (the game shuffles one) for the
        random style or a game that starts from a position."""
        options = options or {}
        if self.setup_style == "random" or options.get("position"):
            return None
        return deploy(self.setup_style, options.get("board") or "fire-and-ice", seat,
                      seed=self.setup_rng.getrandbits(32))


class HeuristicAgent(DeployingAgent):
    """Scores every legal action by its expected material exchange and a few plain rules of
    thumb; the table it explains lists each term it used."""

    name = "heuristic"
    value_meaning = N_("score")
    flag_value = WIN  # what taking the Flag is worth on the material scale

    def __init__(self, seed: int | None = 0, jitter: float = 0.01, setup_style: str | None = None):
        super().__init__(seed, setup_style)
        self.jitter = jitter  # a seeded whisker that breaks ties (0: ties go to board order)

    def explain(self, observation, legal_actions: list, belief: dict | None = None) -> Explanation:
        """The table of every legal action; ``belief`` (``{piece id: {rank: p}}``) replaces the
        fast :func:`~gamekit.stratego.inference.beliefs`, e.g. by the exact ones or by beliefs that
        also weigh the enemy's habits (``beliefs(view, likelihood=tracker.likelihood())``)."""
        return self._ranked(observation, legal_actions, belief, notes=True)

    def act(self, observation, legal_actions: list):
        """The best action of :meth:`explain`'s table, without wording the table (a search agent
        asks the heuristic hundreds of times a move)."""
        return self._ranked(observation, legal_actions, None, notes=False).best

    def _ranked(self, observation, legal_actions: list, belief: dict | None, notes: bool) -> Explanation:
        board = _Board(observation, self.flag_value, belief)
        scored = [self._score(board, action, notes) for action in legal_actions]
        ranked = sorted(scored, key=lambda c: (-c.value, str(c.action)))
        return Explanation(self.name, tuple(ranked), _(self.value_meaning),
                           ranked[0].note if ranked else "")

    def evaluate(self, observation, action) -> Candidate:
        return self._score(_Board(observation, self.flag_value), action)

    def _score(self, board: _Board, action, notes: bool = True) -> Candidate:
        """The action's value, the sum of its terms; each term carries a function that words it
        (called only for a table a person reads)."""
        piece = board.by_square[action.src]
        mine = piece.rank
        terms: list[tuple[float, object]] = []
        kind = action.kind
        if kind in ("move", "swiftness", "flight"):
            if action.attack:
                gain, win = board.expected_exchange(mine, board.by_square[action.attack])
                terms.append((gain, lambda: _("attack: wins {share}, expected {gain}").format(
                    share=_share(win), gain=_signed(gain))))
                if not piece.exposed:
                    terms.append((-0.1 * VALUE[mine], lambda: _("shows its rank")))
            else:
                terms += self._quiet_terms(board, piece, action.src, action.dst)
            if kind == "flight" and not piece.exposed:
                terms.append((-0.5, lambda: _("reveals the Dragon")))
        elif kind == "fury":
            terms += self._fury_terms(board, piece, action.src, action.dst)
        else:
            terms += self._target_terms(board, piece, kind, board.by_square[action.dst])
        if self.jitter:
            terms.append((self.rng.random() * self.jitter, None))
        value = sum(t for t, _words in terms)
        note = "; ".join(words() for t, words in terms if words and abs(t) >= 0.005) if notes else ""
        return Candidate(action, value, note)

    def _quiet_terms(self, board: _Board, piece, src: str, dst: str) -> list:
        mine = piece.rank
        terms = []
        before, after = board.danger(mine, src, leaving=src), board.danger(mine, dst, leaving=src)
        if after or before:
            terms.append((0.6 * (before - after), lambda: _("danger {before} → {after}").format(
                before=_number(before), after=_number(after))))
        best = max((board.expected_exchange(mine, e)[0] for e in board.enemies_next_to(dst)), default=0.0)
        if best > 0:
            terms.append((0.3 * best, lambda: _("threatens a capture worth {value}").format(value=_number(best))))
        advance = (int(dst[1:]) - int(src[1:])) * board.forward
        if advance:
            weight = 0.15 if mine in ("2", "3") else 0.05
            terms.append((weight * advance, (lambda: _("advances")) if advance > 0 else (lambda: _("retreats"))))
        if board.flag:
            raiders = board.raiders
            if raiders:
                closer = min(board.distance(src, e.square) for e in raiders) - \
                    min(board.distance(dst, e.square) for e in raiders)
                if closer:
                    terms.append((0.4 * closer, (lambda: _("guards the Flag")) if closer > 0
                                  else (lambda: _("leaves the Flag"))))
        if not piece.moved:
            terms.append((-0.05, lambda: _("shows that it moves")))
        return terms

    def _target_terms(self, board: _Board, piece, kind: str, target) -> list:
        belief = board.belief[target.id]
        unknown = target.rank is None
        terms = [(-0.3, lambda: _(REVEALS[kind]))] if not piece.exposed else []
        if kind == "detect":
            terms.append((0.8, lambda: _("learns a rank")) if unknown else (-1.0, lambda: _("already known")))
        elif kind == "arrow":
            weak = {r: p for r, p in belief.items() if r in ("S", "2", "3")}  # ranked below the Elf
            hit = sum(p * VALUE[r] for r, p in weak.items())
            terms.append((hit, lambda: _("arrow removes it with {share}").format(share=_share(sum(weak.values())))))
            if unknown:
                terms.append((0.4, lambda: _("reveals the target")))
        else:  # charm: a piece below 6 changes sides — the enemy loses it and we gain it
            turn = sum(p * 2 * VALUE[r] for r, p in belief.items()
                       if r not in ("T", "F") and RANK_OF_SYMBOL[r] < 6)
            terms.append((turn, lambda: _("charm gains {value} expected").format(value=_number(turn))))
        return terms

    def _fury_terms(self, board: _Board, piece, src: str, dst: str) -> list:
        terms = [(-0.3, lambda: _("reveals the Beast"))] if not piece.exposed else []
        falls = 0.0
        gained = lost = 0.0
        for square in _ring(dst, board.obs.width, board.obs.height):
            other = board.by_square.get(square)
            if other is None or square == src:
                continue
            dist = board.belief[other.id] if other.owner != board.me else {other.rank: 1.0}
            sure = 1.0
            for rank, p in dist.items():
                if rank in ("T", "F"):
                    if other.owner == board.me and rank == "F":
                        lost += 20.0  # shows our own Flag to the enemy
                    continue
                code = RANK_OF_SYMBOL[rank]
                if code <= 5:
                    if other.owner == board.me:
                        lost += p * VALUE[rank]
                    else:
                        gained += p * VALUE[rank]
                if code >= 5:
                    sure *= 1 - p
            falls = 1 - (1 - falls) * sure
        terms.append((gained - lost - falls * VALUE["5"],
                      lambda: _("fury: takes {gained}, loses {lost} of ours, Beast falls {share}").format(
                          gained=_number(gained), lost=_number(lost), share=_share(falls))))
        return terms


@lru_cache(maxsize=4096)
def _neighbours(square: str, width: int, height: int) -> tuple:
    """The squares one orthogonal step from ``square`` on the board (forbidden ones included)."""
    file, row = ord(square[0]) - 97, int(square[1:])
    return tuple(f"{chr(97 + f)}{r}" for f, r in ((file, row + 1), (file, row - 1), (file + 1, row), (file - 1, row))
                 if 0 <= f < width and 1 <= r <= height)


def _ring(square: str, width: int, height: int) -> list[str]:
    file, row = ord(square[0]) - 97, int(square[1:])
    return [f"{chr(97 + file + df)}{row + dr}" for df in (-1, 0, 1) for dr in (-1, 0, 1)
            if (df or dr) and 0 <= file + df < width and 1 <= row + dr <= height]


class SearchAgent(DeployingAgent):
    """Determinized lookahead: deal the hidden enemy ranks ``deals`` times, consistently with
    what is known and weighted by the enemy's habits (a :class:`~gamekit.stratego.inference.
    StillnessTracker`: pieces that could have moved but never did are likelier Traps or the
    Flag); on each deal play each of the heuristic's top ``width`` actions, let the heuristic
    play both sides for ``depth`` more plies (each side knowing what it knows in the real game),
    and score the end position: material, plus ``guard`` times how close the enemy's movers
    stand to our Flag (minus the same for theirs, wherever the deal put it). An action's value
    is its mean change over the deals plus ``prior`` times the heuristic's own score (which
    breaks ties and keeps the heuristic's sense of position)."""

    name = "search"
    value_meaning = N_("value")

    def __init__(self, seed: int | None = 0, deals: int = 10, width: int = 8, depth: int = 3,
                 prior: float = 0.3, guard: float = 6.0, keep: float | None = 0.95,
                 setup_style: str | None = None):
        super().__init__(seed, setup_style)
        self.deals, self.width, self.depth, self.prior, self.guard = deals, width, depth, prior, guard
        self.guide = HeuristicAgent(seed)
        self.tracker = StillnessTracker(keep) if keep is not None else None

    def explain(self, observation, legal_actions: list) -> Explanation:
        likelihood = None
        if self.tracker is not None:
            self.tracker.update(observation)
            likelihood = self.tracker.likelihood()
        belief = beliefs(observation, likelihood=likelihood) if likelihood else None
        first = self.guide.explain(observation, legal_actions, belief=belief)  # the heuristic's own table
        if len(legal_actions) == 1 or first.candidates[0].value >= WIN / 2:
            return Explanation(self.name, first.candidates, _(self.value_meaning),
                               _("a clear move: {reason}").format(reason=first.summary))
        me = observation.player
        shortlist = first.candidates[:self.width]
        gains = {c.action: 0.0 for c in shortlist}
        for _deal in range(self.deals):
            world = determinize(observation, self.rng, likelihood=likelihood)
            before = self._score(world, me)
            for candidate in shortlist:
                gains[candidate.action] += self._playout(world, candidate.action, me) - before
        scored = []
        for c in shortlist:
            gain = gains[c.action] / self.deals
            text = (_("outcome {gain} over the deals; heuristic {value} ({why})") if c.note
                    else _("outcome {gain} over the deals; heuristic {value}"))
            note = text.format(gain=_signed(gain, 2), value=_signed(c.value, 2), why=c.note)
            scored.append(Candidate(c.action, gain + self.prior * c.value, note))
        ranked = tuple(sorted(scored, key=lambda c: (-c.value, str(c.action))))
        summary = _("best of {actions} actions over {deals} deals of the hidden ranks").format(
            actions=len(shortlist), deals=self.deals)
        return Explanation(self.name, ranked, _(self.value_meaning), summary)

    def evaluate(self, observation, action) -> Candidate:
        return self.explain(observation, [action]).candidates[0]

    def _playout(self, world, action, me: int) -> float:
        state = world.clone()
        state.apply(action)  # legal in every deal: our own pieces and the occupied squares are the same
        for _ply in range(self.depth):
            if state.is_terminal:
                break
            player = state.current_player
            state.apply(self.guide.act(state.observation(player), state.legal_actions()))
        return self._score(state, me)

    def _score(self, state, me: int) -> float:
        value = _balance(state, me)
        if self.guard and not state.is_terminal:
            value += self.guard * (_flag_pressure(state, 1 - me) - _flag_pressure(state, me))
        return value


def _flag_pressure(state, side: int) -> float:
    """How close the other side's movers stand to ``side``'s Flag: the sum of 1/2 to the power
    (steps to the Flag - 1) over them, steps counted around the forbidden areas."""
    flag = next((state.square[pid] for pid, rank in enumerate(state.rank)
                 if rank == FLAG and state.owner[pid] == side and state.square[pid] >= 0), None)
    if flag is None:
        return 0.0
    steps = _distances(state.spec)[flag]
    return sum(0.5 ** (steps[square] - 1) for pid, square in enumerate(state.square)
               if square >= 0 and state.owner[pid] != side and state.rank[pid] not in IMMOBILE
               and steps[square] < 8)


_DISTANCES: dict[str, tuple] = {}  # board name -> its table (built once per preset)


def _distances(spec) -> tuple:
    """Steps between every pair of squares for a piece walking around the forbidden areas."""
    if spec.name in _DISTANCES:
        return _DISTANCES[spec.name]
    table = []
    for start in range(spec.size):
        far = [99] * spec.size
        far[start] = 0
        frontier = [start]
        while frontier:
            following = []
            for square in frontier:
                for step in spec.geometry["steps"][square]:
                    if far[step] == 99:
                        far[step] = far[square] + 1
                        following.append(step)
            frontier = following
        table.append(tuple(far))
    _DISTANCES[spec.name] = tuple(table)
    return _DISTANCES[spec.name]


def _balance(state, me: int) -> float:
    """Material of ``me`` minus the enemy's on the board (a won game counts as WIN)."""
    if state.is_terminal:
        winners = state.winners()
        if winners == [me]:
            return WIN
        if winners == [1 - me]:
            return -WIN
    total = 0.0
    for pid, square in enumerate(state.square):
        if square >= 0:
            symbol = "F" if state.rank[pid] == FLAG else "T" if state.rank[pid] == TRAP else \
                ("S" if state.rank[pid] == 1 else str(state.rank[pid]))
            total += VALUE[symbol] if state.owner[pid] == me else -VALUE[symbol]
    return total


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": SearchAgent}

__all__ = ["AGENTS", "VALUE", "HeuristicAgent", "RandomAgent", "SearchAgent", "exchange"]
