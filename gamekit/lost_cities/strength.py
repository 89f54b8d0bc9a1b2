"""How much stronger one Lost Cities agent is than another, measured on mirrored deals.

Each deal is played twice with the seats swapped (``gamekit.core.tournament`` rotates the line-up
and deals game ``i`` with seed ``derive_seed(seed, i // 2)``), so the luck of the cards cancels
and what remains is skill. The result is the mean score margin per round of the first agent over
the second, with a 95% confidence interval over deals, and each agent's time per move.

    python -m gamekit.lost_cities.strength search heuristic --deals 200 --workers 1
    python -m gamekit.lost_cities.strength search heuristic --deals 40 --method rollouts --rollouts 16

The first line is the kit's headline figure (the expectimax search, a few minutes on one core).
"""

from __future__ import annotations

import argparse
import functools
import math
import time
from dataclasses import dataclass

from gamekit.core import tournament
from gamekit.i18n import decimal_separator, translations

from .agents import AGENTS, STRONG_SEARCH
from .rules import new_game

_, ngettext, pgettext = translations("lost_cities")


@dataclass(frozen=True)
class StrengthResult:
    """Mirrored-deal comparison of ``first`` against ``second``."""

    first: str
    second: str
    deals: int
    rounds: int  # rounds per game
    margin: float  # mean points per round, first minus second
    half_width: float  # of the 95% interval of ``margin``
    first_win_rate: float  # games won by the first agent (ties count half)

    def __str__(self) -> str:
        sep = decimal_separator()
        return _("{first} vs {second}: {margin} ± {half} points per round (95% CI, {deals} mirrored deals, "
                 "{games} games); {first} wins {share}").format(
            first=self.first, second=self.second, margin=f"{self.margin:+.1f}".replace(".", sep),
            half=f"{self.half_width:.1f}".replace(".", sep), deals=self.deals, games=2 * self.deals,
            share=f"{self.first_win_rate:.0%}")


def mirrored_margin(first: str, second: str, *, deals: int = 200, seed: int = 0, options: dict | None = None,
                    factories: dict | None = None, workers: int | None = 1, progress: bool = False) -> StrengthResult:
    """Play ``deals`` deals twice each (seats swapped) between two agents of ``factories``
    (default: :data:`~gamekit.lost_cities.agents.AGENTS`; a factory is called as ``f(seed=...)``,
    so ``functools.partial(SearchAgent, method="rollouts", rollouts=8)`` works) and summarise the margins per round."""
    factories = dict(factories or AGENTS)
    options = dict(options or {"rounds": 1})
    result = tournament("lost_cities", {first: factories[first], second: factories[second]},
                        lineup=[first, second], games=2 * deals, seed=seed, options=options,
                        workers=workers, progress=progress)
    scores: dict = {}
    wins = 0.0
    for row in result.rows:
        scores.setdefault(row["game"], {})[row["agent"]] = row["score"]
        if row["agent"] == first:
            wins += row["win_share"]
    rounds = new_game(seed=0, **options).rounds
    per_deal = []
    for deal in range(deals):
        games = [scores[2 * deal], scores[2 * deal + 1]]
        per_deal.append(sum(g[first] - g[second] for g in games) / 2 / rounds)
    mean = sum(per_deal) / deals
    spread = math.sqrt(sum((m - mean) ** 2 for m in per_deal) / max(1, deals - 1))
    return StrengthResult(first, second, deals, rounds, mean, 1.96 * spread / math.sqrt(deals), wins / (2 * deals))


def seconds_per_move(factory, *, games: int = 2, seed: int = 0, options: dict | None = None) -> float:
    """The mean time ``factory(seed=...)``'s agent takes per decision, playing a seat against a
    copy of itself in ``games`` seeded rounds (in this process)."""
    options = dict(options or {"rounds": 1})
    spent, moves = 0.0, 0
    for number in range(games):
        state = new_game(seed=seed + number, **options)
        players = [factory(seed=seed + number + seat) for seat in range(state.num_players)]
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            started = time.perf_counter()
            action = players[seat].act(state.observation(seat), legal)
            spent += time.perf_counter() - started
            moves += 1
            state.apply(action)
    return spent / moves


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=sorted(AGENTS))
    parser.add_argument("second", choices=sorted(AGENTS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--method", choices=["expectimax", "rollouts"],
                        help="how the search agent thinks (default: expectimax; rollouts if --rollouts or --policy)")
    parser.add_argument("--rollouts", type=int, help="the rollout search's strength setting")
    parser.add_argument("--strong", action="store_true", help="the search agent with STRONG_SEARCH")
    parser.add_argument("--policy", choices=["heuristic", "quick"], help="the rollout search's policy")
    args = parser.parse_args(argv)
    factories = dict(AGENTS)
    settings = dict(STRONG_SEARCH) if args.strong else {}
    settings.update({key: value for key, value in (("rollouts", args.rollouts), ("policy", args.policy)) if value})
    if args.method or args.rollouts or args.policy:
        settings["method"] = args.method or "rollouts"
    if settings:
        factories["search"] = functools.partial(AGENTS["search"], **settings)
    for name in {args.first, args.second}:
        print(f"{name}: {seconds_per_move(factories[name], seed=args.seed) * 1e3:.1f} ms per move")
    started = time.perf_counter()
    print(mirrored_margin(args.first, args.second, deals=args.deals, seed=args.seed, factories=factories,
                          workers=args.workers, progress=True))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
