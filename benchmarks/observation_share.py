"""How much of agent-driven play is spent building observations, in each of the four games.

Agents receive ``state.observation(seat)`` before every decision, so a slow observation slows
every tournament. This plays seeded games with ``gamekit.core.play_match`` (random agents: the
cheapest agents, so the share is the largest a tournament sees) and times every ``observation``
call inside the same run: the share is the time in ``observation`` over the time of the whole
match, both from one run (``time.perf_counter``), best of ``--repeats`` runs (the least
disturbed by other work). The timing wrapper's own cost (measured around a function that does
nothing) is taken out of the observation time. Goal: 20 % or less in every game.

Lost Cities, Stratego and A Brief History work an observation out when it is first read, so a
random agent (which never reads it) pays almost nothing. ``--read`` makes every agent read its
observation before choosing at random, as agents that look at the game do: the time of that
first read (the fields worked out) is added to the observation's time.

    python benchmarks/observation_share.py            # about a minute
    python benchmarks/observation_share.py --quick    # a few seconds
    python benchmarks/observation_share.py --read     # agents that read every observation
"""

from __future__ import annotations

import argparse
import time

from gamekit.core import RandomAgent, derive_seed, game_factory, play_match

GAMES = {  # name: (options, games in a full run)
    "milhoes": ({"players": 3}, 2000),
    "lost_cities": ({"rounds": 1}, 300),
    "stratego": ({"max_moves": 400}, 60),
    "brief_history": ({"players": 4}, 40),
}


class TimedObservations:
    """Wraps a state class's ``observation`` to add up the time spent in it."""

    def __init__(self, state_class):
        self.state_class, self.original = state_class, state_class.observation
        self.seconds, self.calls = 0.0, 0

    def __enter__(self):
        original, clock = self.original, time.perf_counter

        def observation(state, player):
            start = clock()
            try:
                return original(state, player)
            finally:
                self.seconds += clock() - start
                self.calls += 1

        self.state_class.observation = observation
        return self

    def __exit__(self, *exc):
        self.state_class.observation = self.original


def wrapper_cost(calls: int = 200_000) -> float:
    """Seconds the timing wrapper adds to one call, measured around a method that does nothing."""

    class Idle:
        def observation(self, player):
            return None

    idle = Idle()
    start = time.perf_counter()
    for _ in range(calls):
        idle.observation(0)
    bare = time.perf_counter() - start
    with TimedObservations(Idle):
        start = time.perf_counter()
        for _ in range(calls):
            idle.observation(0)
        timed = time.perf_counter() - start
    return max(0.0, (timed - bare) / calls)


class ReadingAgent(RandomAgent):
    """Reads its observation (every field worked out), then chooses at random. ``seconds`` adds
    up the first reads, less a second read of the same observation (the comparison alone)."""

    seconds = 0.0

    def act(self, observation, legal_actions: list):
        clock = time.perf_counter
        start = clock()
        observation == observation  # noqa: B015 (compares every field: each is worked out)
        middle = clock()
        observation == observation  # noqa: B015
        ReadingAgent.seconds += max(0.0, 2 * middle - start - clock())
        return self.rng.choice(legal_actions)


def share(game: str, options: dict, games: int, overhead: float, read: bool = False) -> dict:
    state_class = type(game_factory(game)(**options, seed=0))
    seats = game_factory(game)(**options, seed=0).num_players
    agent_class = ReadingAgent if read else RandomAgent
    ReadingAgent.seconds = 0.0
    with TimedObservations(state_class) as timed:
        start = time.perf_counter()
        steps = 0
        for number in range(games):
            agents = [agent_class(seed=derive_seed(number, seat)) for seat in range(seats)]
            steps += len(play_match(game, agents, seed=number, options=options).actions)
        total = time.perf_counter() - start - overhead * timed.calls
    observing = max(0.0, timed.seconds - overhead * timed.calls) + (ReadingAgent.seconds if read else 0.0)
    return {"game": game, "games": games, "steps": steps, "seconds": total,
            "observation_seconds": observing, "calls": timed.calls, "share": observing / total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games, one repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--read", action="store_true", help="agents read every observation before choosing")
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    overhead = wrapper_cost()
    print(f"timing wrapper: {1e6 * overhead:.2f} µs a call, taken out of both figures")
    print(f"{'game':14} {'games':>6} {'steps':>8} {'obs calls':>10} {'µs/obs':>8} {'match s':>8}  share")
    for game in args.games:
        options, games = GAMES[game]
        games = max(1, games // 10) if args.quick else games
        best = min((share(game, options, games, overhead, args.read) for _ in range(repeats)),
                   key=lambda r: r["seconds"])
        print(f"{game:14} {games:6} {best['steps']:8,} {best['calls']:10,} "
              f"{1e6 * best['observation_seconds'] / best['calls']:8.1f} {best['seconds']:8.2f}  "
              f"{best['share']:.1%}", flush=True)


if __name__ == "__main__":
    main()
