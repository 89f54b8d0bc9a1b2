"""Thousands of seeded random games checked against a plainly written referee of what each player
may know; the refusal checker cross-checked against the move generator; fuzzed illegal input."""

import itertools
import random
from collections import Counter

import pytest

from gamekit.core import IllegalActionError, load, save
from gamekit.stratego import Action, new_game
from gamekit.stratego.presets import IMMOBILE, SYMBOLS
from gamekit.stratego.rules import MOVED, REVEALED, SORCERESS

COMBOS = [("classic", "fire-and-ice"), ("powers", "fire-and-ice"), ("classic", "original"), ("powers", "original")]
GAMES_PER_COMBO = 1000
CAPTURED_MODES = ("open", "prisoner", "secret", "hidden")


class Referee:
    """Who may know which piece, worked out from the actions alone (not from the engine's flags):
    a battle reveals both pieces to both sides, a power reveals its user, detection shows the
    target to the Mage's owner only, a fury reveals every neighbour, an arrow its target, a
    successful charm the charmed piece. Any piece that moves is known to have moved."""

    def __init__(self, state):
        self.revealed = [set(), set()]
        self.moved = [set(), set()]

    def before(self, state, action: Action) -> None:
        index = state.spec.square_of
        src, dst = index(action.src), index(action.dst)
        me = state.board[src]
        player = state.owner[me]
        both = []
        if action.kind in ("move", "swiftness", "flight", "fury"):
            self.moved[1 - player].add(me)
        if action.attack:
            both += [me, state.board[index(action.attack)]]
        if action.kind in ("flight", "fury", "detect", "charm", "arrow"):
            both.append(me)
        if action.kind == "fury":
            both += [state.board[s] for s in state.spec.geometry["near1"][dst] if s != src and state.board[s] >= 0]
        target = state.board[dst] if action.kind in ("detect", "charm", "arrow") else -1
        if action.kind == "detect":
            self.revealed[player].add(target)
        if action.kind == "arrow" or (action.kind == "charm" and state.rank[target] not in IMMOBILE
                                      and state.rank[target] < SORCERESS):
            both.append(target)
        for pid in both:
            self.revealed[0].add(pid)
            self.revealed[1].add(pid)


def play(seed, mode, board, max_moves, captured="open", probe=None):
    """A seeded random game; attacks and powers are favoured so that battles are common.
    ``probe(state, judge)`` is called before every move (the tests sample a few positions)."""
    rng = random.Random(seed)
    state = new_game(mode, board, seed=seed, max_moves=max_moves, captured=captured)
    judge = Referee(state)
    while not state.is_terminal:
        if probe:
            probe(state, judge)
        legal = state.legal_actions()
        bold = [a for a in legal if a.attack or a.kind != "move"]
        action = rng.choice(bold if bold and rng.random() < 0.3 else legal)
        judge.before(state, action)
        state.apply(action)
    return state, judge


def check_conservation(state):
    spec = state.spec
    ranks_by_origin = [Counter(), Counter()]
    for pid, square in enumerate(state.square):
        ranks_by_origin[state.origin[pid]][state.rank[pid]] += 1
        if square >= 0:
            assert state.board[square] == pid
        else:
            assert sum(pid in tray for tray in state.captured) == 1
    assert ranks_by_origin[0] == ranks_by_origin[1] == Counter(spec.army_list())
    on_board = sum(1 for v in state.board if v >= 0)
    assert on_board + sum(map(len, state.captured)) == 2 * len(spec.army_list())
    for side, tray in enumerate(state.captured):
        assert all(state.square[pid] == -1 and state.owner[pid] == side for pid in tray)


def check_knowledge(state, judge):
    for viewer in (0, 1):
        for pid, rank in enumerate(state.rank):
            flags, possible = state.flags[viewer][pid], state.possible[viewer][pid]
            assert possible >> rank & 1, "knowledge must never exclude the true rank"
            if flags & REVEALED:
                assert possible == 1 << rank
            expected = state.origin[pid] == viewer or pid in judge.revealed[viewer]
            assert bool(flags & REVEALED) == expected, (viewer, pid, SYMBOLS[rank])
            if state.origin[pid] != viewer:
                assert bool(flags & MOVED) == (pid in judge.moved[viewer])


def check_observation(state, judge):
    for viewer in (0, 1):
        view = state.observation(viewer)
        for piece in view.pieces:
            known = state.owner[piece.id] == viewer or piece.id in judge.revealed[viewer] \
                or state.origin[piece.id] == viewer
            assert (piece.rank is not None) == known
            if piece.rank is not None:
                assert piece.rank == SYMBOLS[state.rank[piece.id]]
        mode = state.captured_mode
        for side, tray in enumerate(view.captured):
            shown = mode == "open" or (mode == "prisoner" and side != viewer) or (mode == "secret" and side == viewer)
            assert [c.id for c in tray] == state.captured[side]
            assert all((c.rank is not None) == shown for c in tray)


def check_no_leak_by_swapping(state, rng):
    """Swap the true ranks of two enemy pieces the viewer cannot tell apart: what the viewer
    observes, and which actions it may take, must not change."""
    for viewer in (0, 1):
        hidden = [pid for pid, sq in enumerate(state.square)
                  if sq >= 0 and state.owner[pid] != viewer and not state.flags[viewer][pid] & REVEALED]
        groups = {}
        for pid in hidden:
            key = (state.flags[viewer][pid], state.possible[viewer][pid], state.charmed[pid])
            groups.setdefault(key, []).append(pid)
        pairs = [(a, b) for g in groups.values() for a, b in itertools.pairwise(g) if state.rank[a] != state.rank[b]]
        for a, b in rng.sample(pairs, min(2, len(pairs))):
            twin = state.clone()
            twin.rank = list(twin.rank)
            twin.rank[a], twin.rank[b] = twin.rank[b], twin.rank[a]
            for v in (0, 1):  # the owner knows its own pieces: keep its knowledge true
                if twin.owner[a] == v:
                    twin.possible[v][a], twin.possible[v][b] = twin.possible[v][b], twin.possible[v][a]
            twin._legal = None
            twin._forget_views()  # the swap was made behind the moves' backs
            assert twin.observation(viewer) == state.observation(viewer)
            assert str(twin) == str(state) and twin._repr_html_() == state._repr_html_()  # public text too
            assert twin.public_observation() == state.public_observation()
            if not state.is_terminal and state.current_player == viewer:
                assert twin.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("mode, board", COMBOS)
def test_a_thousand_random_games_per_mode_and_preset_keep_every_invariant(mode, board):
    max_moves = 150
    rng = random.Random(board + mode)

    def probe(state, judge):  # now and then, mid-game: the full knowledge and leak checks
        if rng.random() < 0.01:
            check_knowledge(state, judge)
            check_observation(state, judge)
            check_no_leak_by_swapping(state, rng)

    for seed in range(GAMES_PER_COMBO):
        state, judge = play(seed, mode, board, max_moves, captured=CAPTURED_MODES[seed % 4], probe=probe)
        check_conservation(state)
        check_knowledge(state, judge)
        if seed % 10 == 0:
            check_observation(state, judge)
        if seed % 100 == 0:
            assert save(load(save(state))) == save(state)


@pytest.mark.parametrize("mode, board", COMBOS)
def test_full_length_games_reach_every_kind_of_ending(mode, board):
    endings = Counter()
    for seed in range(40):
        state, judge = play(10_000 + seed, mode, board, max_moves=3000)
        check_conservation(state)
        check_knowledge(state, judge)
        check_observation(state, judge)
        reason = state.result.reason
        endings["flag" if "Flag" in reason else "stuck" if "cannot" in reason else "other"] += 1
    assert endings["flag"] and endings["stuck"]


def candidate_actions(state, rng, player):
    """Many plausible and implausible actions of ``player``'s pieces, legal or not."""
    spec = state.spec
    names = spec.geometry["names"]
    out = []
    own = [sq for pid, sq in enumerate(state.square) if sq >= 0 and state.owner[pid] == player]
    for src in rng.sample(own, min(8, len(own))):
        r0, c0 = divmod(src, spec.width)
        for dst in range(spec.size):
            r1, c1 = divmod(dst, spec.width)
            near = max(abs(r0 - r1), abs(c0 - c1))
            a, b = names[src], names[dst]
            if r0 == r1 or c0 == c1:
                out += [Action("move", a, b), Action("move", a, b, attack=b),
                        Action("flight", a, b)]
                out += [Action("flight", a, b, attack=names[t]) for t in spec.geometry["steps"][dst]]
            if near <= 3:
                out += [Action(kind, a, b) for kind in ("detect", "charm", "arrow", "fury")]
            if near <= 2:
                for via in spec.geometry["steps"][src]:
                    out += [Action("swiftness", a, b, via=names[via]),
                            Action("swiftness", a, b, via=names[via], attack=b)]
    return out


def test_the_refusal_checker_agrees_with_the_move_generator():
    rng = random.Random(99)
    checked = 0
    for seed in range(24):
        mode, board = COMBOS[seed % 4]
        state = new_game(mode, board, seed=seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        player = state.current_player
        legal = set(state.legal_actions())
        assert all(state._illegal_reason(a, player) is None for a in legal)
        for action in candidate_actions(state, rng, player):
            assert (state._illegal_reason(action, player) is None) == (action in legal), str(action)
            checked += 1
    assert checked > 20_000


def fingerprint(state):
    return (state.to_ascii(), state.flags, state.possible, state.captured, state.owner, state.charmed,
            state.streak, state.moves, state.quiet, state.to_move, state.result, len(state.history),
            len(state.log), save(state))


JUNK = ["", "b2", "b2-", "b2--b3", "b2 b3", "fly", "fly b2", "swift b2-b3", "detect b2", "charm b2 b3 b4",
        "move b2 b3", "z9-z8", "a99-a98", "b2xb3xb4", "fury b2xb3", "arrow b2-b3", "x", "b٣-b4", "\x00",
        "a1-a2; rm -rf", "B2-B3 please", "e2-e3-e4", "swift e2-e3", "fly e2xe4"]


def random_bad_action(state, rng, legal):
    spec = state.spec
    pick = rng.randrange(6)
    if pick == 0:
        return rng.choice(JUNK)
    if pick == 1:
        return rng.choice([None, 3, 2.5, ("b2", "b3"), {"kind": "move"}, b"b2-b3", object()])
    if pick == 2:
        return Action(rng.choice(["move", "jump", "", 7, None, "fly"]), rng.choice(["b2", "k1", None, 4]),
                      rng.choice(["b3", "", "a0", []]), rng.choice([None, "b3", 5]), rng.choice([None, "b4", 1.5]))
    names = spec.geometry["names"]
    src, dst = rng.randrange(spec.size), rng.randrange(spec.size)
    kind = rng.choice(["move", "move", "move", "swiftness", "flight", "fury", "detect", "charm", "arrow"])
    via = names[rng.randrange(spec.size)] if kind == "swiftness" or rng.random() < 0.1 else None
    attack = names[dst] if rng.random() < 0.4 else (names[rng.randrange(spec.size)] if rng.random() < 0.1 else None)
    action = Action(kind, names[src], names[dst], via, attack)
    if pick == 3:
        return str(action)
    if pick == 4 and legal:  # a legal action at the wrong moment: for the other player
        return rng.choice(legal)
    return action


def test_ten_thousand_fuzzed_illegal_actions_are_refused_and_change_nothing():
    rng = random.Random(2025)
    refused = 0
    positions = 0
    while refused < 10_000:
        mode, board = COMBOS[positions % 4]
        state = new_game(mode, board, seed=positions)
        positions += 1
        for _ in range(rng.randrange(0, 150)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        other = state.clone()
        other.to_move = 1 - state.to_move
        other._legal = None
        wrong_side = other.legal_actions()
        legal = set(state.legal_actions())
        before = fingerprint(state)
        for _ in range(250):
            bad = random_bad_action(state, rng, wrong_side)
            try:
                parsed = state._coerce(bad)
                hash(parsed)
            except (IllegalActionError, TypeError):
                parsed = None
            if parsed in legal:
                continue
            with pytest.raises(IllegalActionError) as refusal:
                state.apply(bad)
            assert refusal.value.reason and "Traceback" not in refusal.value.reason
            assert state.explain(bad).startswith("Illegal:")
            refused += 1
        assert fingerprint(state) == before
    assert refused >= 10_000


@pytest.mark.parametrize("mode, board", COMBOS)
def test_observations_kept_up_to_date_equal_observations_built_from_scratch(mode, board):
    """The engine rebuilds only the piece views a move changed, and works an observation out when
    it is first read: a state that forgot every view must observe the same, after every move, for
    both players, clones included; an observation first read many moves later shows its moment."""
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(mode, board, seed=seed, captured=CAPTURED_MODES[seed % 4], max_moves=200)
        kept = []  # (an observation not read until the end, the plain one's text at its moment)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            fresh = state.clone()
            fresh._forget_views()
            for viewer in rng.sample((0, 1), 2):  # in either order: each viewer's views are its own
                plain = fresh.observation(viewer)
                kept.append((state.observation(viewer), repr(plain)))
                if rng.random() < 0.5:
                    assert state.observation(viewer) == plain
        assert all(repr(seen) == text for seen, text in kept)
