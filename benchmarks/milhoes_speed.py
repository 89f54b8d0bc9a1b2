"""Milhões speed: random self-play through the public API beside OpenSpiel, and the vectorised simulator.

(a) Random games per second, 3 players and 12 cards, new_game included, with exactly this loop:

    state = new_game(3, seed=i)
    while state.current_player == SIMULTANEOUS:
        state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(3)})

and OpenSpiel's ``goofspiel(players=3,num_cards=12,imp_info=True)`` driven by the same loop. With
``points_order=random`` (OpenSpiel's default) the order of the prizes is a chance node each round,
sampled in the loop as OpenSpiel's own examples do; with ``points_order=descending`` there are no
chance nodes. Our engine shuffles its Points cards from the seed inside ``new_game``, so the
"random" row is the like-for-like comparison. Then where our time goes, per game.

(b) Games per second of ``gamekit.milhoes.analysis.simulate`` (NumPy, all games at once).

Every figure is the best of several repeats (the least disturbed by other work on a shared
machine), in wall-clock time and in this process's CPU time; the engines take turns within each
repeat so that both see the same machine.

    python benchmarks/milhoes_speed.py            # about a minute
    python benchmarks/milhoes_speed.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import random
import time

from timing import least_cpu_seconds  # benchmarks/timing.py, beside this script

from gamekit.core import SIMULTANEOUS, TERMINAL
from gamekit.milhoes import new_game
from gamekit.milhoes.analysis import goofspiel_options, simulate


def clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def since(start: tuple[float, float]) -> tuple[float, float]:
    wall, cpu = clocks()
    return wall - start[0], cpu - start[1]


# --- (a) the public API -----------------------------------------------------------------------
def ours(games: int) -> tuple[float, float]:
    rng = random.Random(0)
    start = clocks()
    for i in range(games):
        state = new_game(3, seed=i)
        while state.current_player == SIMULTANEOUS:
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(3)})
    return since(start)


def openspiel(order: str):
    """The same loop on OpenSpiel's goofspiel, or ``None`` if OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(f"goofspiel(players=3,num_cards=12,imp_info=True,points_order={order})")

    def play(games: int) -> tuple[float, float]:
        rng = random.Random(0)
        start = clocks()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():  # the next prize, sampled here as OpenSpiel's examples do
                    outcomes, _ = zip(*state.chance_outcomes())
                    state.apply_action(rng.choice(outcomes))
                else:
                    state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        return since(start)

    return play


class _Stub:
    """A state that does nothing: what the benchmark loop costs by itself (rng.choice, the dict,
    copying a 12-card list of legal actions)."""

    def __init__(self, legal):
        self.round, self.legal = 0, legal

    @property
    def current_player(self):
        return TERMINAL if self.round == 12 else SIMULTANEOUS

    def legal_actions(self, player):
        return self.legal[:]

    def apply_joint(self, actions):
        self.round += 1


def where_the_time_goes(games: int, repeats: int) -> dict[str, float]:
    """CPU microseconds per game for each part of the loop, timed apart (best of ``repeats``)."""
    rng = random.Random(0)
    recorded = []
    for i in range(games):
        state = new_game(3, seed=i)
        while state.current_player == SIMULTANEOUS:
            state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(3)})
        recorded.append(state.history)
    legal = new_game(3, seed=0).legal_actions(0)

    def loop_alone():
        rng = random.Random(0)
        for _ in range(games):
            state = _Stub(legal)
            while state.current_player == SIMULTANEOUS:
                state.apply_joint({p: rng.choice(state.legal_actions(p)) for p in range(3)})

    def new_games():
        for i in range(games):
            new_game(3, seed=i)

    def new_games_and_rounds():
        for i, rounds in enumerate(recorded):
            state = new_game(3, seed=i)
            for joint in rounds:
                state.apply_joint(joint)

    def legal_calls(state):
        def calls():
            for _ in range(games * 12):
                state.legal_actions(0), state.legal_actions(1), state.legal_actions(2)
        return calls

    def best(work):
        return least_cpu_seconds(work, repeats) / games * 1e6

    creating = best(new_games)
    return {
        "the loop itself (rng.choice, dict, a do-nothing state)": best(loop_alone),
        "new_game(3, seed=i): option checks, seeded shuffle": creating,
        "12 x apply_joint: validate 3 bids, settle, record": best(new_games_and_rounds) - creating,
        "36 x legal_actions, beyond the do-nothing state's": best(legal_calls(new_game(3, seed=0)))
        - best(legal_calls(_Stub(legal))),
    }


def compare(games: int, repeats: int) -> None:
    engines = {"gamekit Milhões engine (3 players, 12 cards)": ours}
    for order in ("random", "descending"):
        play = openspiel(order)
        if play is not None:
            engines[f"OpenSpiel goofspiel, points_order={order}"] = play
    best = {name: (float("inf"), float("inf")) for name in engines}
    for _ in range(repeats):  # take turns, so that every engine meets the same machine
        for name, play in engines.items():
            wall, cpu = play(games)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    mine = best[next(iter(engines))]
    print(f"(a) Random self-play, {games} games per repeat, best of {repeats}")
    print(f"{'engine':<48}{'games/s':>10}{'cpu games/s':>13}{'us/game':>9}{'ours vs this':>14}")
    for name, (wall, cpu) in best.items():  # ours vs this: our speed over this engine's (wall)
        print(f"{name:<48}{games / wall:>10,.0f}{games / cpu:>13,.0f}{wall / games * 1e6:>9.1f}"
              f"{wall / mine[0]:>13.2f}x")
    reference = best.get("OpenSpiel goofspiel, points_order=random")
    if reference:
        print(f"ours / OpenSpiel (random order): {reference[0] / mine[0]:.2f}x wall, "
              f"{reference[1] / mine[1]:.2f}x cpu (issue goal: 1.0x)")
    print("\nWhere our time goes, CPU microseconds per game (each part timed apart):")
    for part, micros in where_the_time_goes(max(200, games // 2), repeats).items():
        print(f"  {micros:7.1f}  {part}")


# --- (b) the simulator --------------------------------------------------------------------------
SIMULATIONS = [
    ("Goofspiel, 2 players, 13 cards: matching vs random", ["matching", "random"], goofspiel_options(13)),
    ("Milhões, 3 players, 12 cards: random x 3", ["random"] * 3, {}),
    ("Milhões, 3 players, 12 cards: matching, random, random", ["matching", "random", "random"], {}),
    ("Milhões, 5 players, 12 cards: matching x 2, random x 3", ["matching"] * 2 + ["random"] * 3, {}),
]


def simulator(games: int, repeats: int) -> None:
    print(f"\n(b) gamekit.milhoes.analysis.simulate, {games:,} games per repeat, best of {repeats}")
    print(f"{'simulation':<58}{'games/s':>12}{'cpu games/s':>14}")
    for name, strategies, options in SIMULATIONS:
        wall = cpu = float("inf")
        for seed in range(repeats):
            start = clocks()
            simulate(strategies, games, seed=seed, **options)
            took = since(start)
            wall, cpu = min(wall, took[0]), min(cpu, took[1])
        print(f"{name:<58}{games / wall:>12,.0f}{games / cpu:>14,.0f}")
    print("Issue goal: at least 1,000,000 simulated games per second.")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--games", type=int, help="games per repeat through the public API")
    parser.add_argument("--repeats", type=int, help="repeats; the best is reported")
    args = parser.parse_args(argv)
    games = args.games or (500 if args.quick else 3000)
    repeats = args.repeats or (3 if args.quick else 7)
    compare(games, repeats)
    simulator(200_000 if args.quick else 1_000_000, repeats)


if __name__ == "__main__":
    main()
