"""Matches and tournaments between agents.

``play_match`` plays one seeded game and returns its record. ``tournament`` plays many, rotating the
seats so that every line-up plays every deal from every seat (mirrored deals), on any
``concurrent.futures.Executor``: a process pool by default, ``workers=1`` in this process, or a Dask
``Client`` (its ``get_executor()`` is used) when a class outgrows one machine.
"""

from __future__ import annotations

import inspect
import math
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

from .players import SIMULTANEOUS
from .record import record_of
from .registry import game_factory
from .rng import derive_seed


def play_match(game, agents: Sequence, *, seed: int | None = None, options: Mapping | None = None):
    """Play one game to the end and return its :class:`~gamekit.core.record.GameRecord`.

    ``game`` is a game's name (``"milhoes"``) or a started state (played on a copy); ``agents``
    holds one agent per seat. The record carries the final scores and winners. In a game whose
    ``new_game`` takes ``setups`` (one per seat, ``None`` for a random one), an agent with a
    ``setup(seat, options)`` method deploys its own pieces wherever the options leave it free.
    """
    if isinstance(game, str):
        factory = game_factory(game)
        state = factory(**agent_setups(factory, agents, dict(options or {})), seed=seed)
    else:
        state = game.clone()
    if len(agents) != state.num_players:
        raise ValueError(f"this game has {state.num_players} seats but {len(agents)} agents came")
    while not state.is_terminal:
        if state.current_player == SIMULTANEOUS:
            state.apply_joint(
                {p: agents[p].act(state.observation(p), state.legal_actions(p))
                 for p in state.acting_players()}
            )
        else:
            p = state.current_player
            state.apply(agents[p].act(state.observation(p), state.legal_actions(p)))
    return record_of(state)


def agent_setups(factory: Callable, agents: Sequence, options: dict) -> dict:
    """``options`` with the set-ups that ``agents`` (one per seat; ``None`` for a person) choose
    for themselves filled in, if the game's ``factory`` takes ``setups``; boards use it too."""
    choosers = [seat for seat, agent in enumerate(agents) if callable(getattr(agent, "setup", None))]
    if not choosers or "setups" not in inspect.signature(factory).parameters:
        return options
    setups = list(options.get("setups") or [None] * len(agents))
    if len(setups) != len(agents):
        return options  # the game's own check explains what is wrong
    for seat in choosers:
        if setups[seat] is None:
            setups[seat] = agents[seat].setup(seat, options)
    return {**options, "setups": setups} if any(s is not None for s in setups) else options


def _play_batch(game: str, options: dict, factories: dict, jobs: list) -> list[dict]:
    """Worker: play the games in ``jobs`` and return one row per seat per game."""
    rows = []
    for index, deal_seed, lineup in jobs:
        agents = [factories[name](seed=derive_seed(deal_seed, seat)) for seat, name in enumerate(lineup)]
        record = play_match(game, agents, seed=deal_seed, options=options)
        winners = record.result["winners"]
        for seat, name in enumerate(lineup):
            share = 1 / len(winners) if seat in winners else 0.0
            rows.append({"game": index, "deal_seed": deal_seed, "seat": seat, "agent": name,
                         "score": record.result["scores"][seat], "win_share": share})
    return rows


def tournament(
    game: str,
    agents: Mapping[str, Callable],
    *,
    lineup: Sequence[str] | None = None,
    games: int = 100,
    seed: int = 0,
    options: Mapping | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> TournamentResult:
    """Play ``games`` seeded games of ``game`` between the agents and tabulate the results.

    ``agents`` maps a name to a factory called as ``factory(seed=...)`` (an agent class works);
    ``lineup`` names the agent in each seat (default: the agents in order). Game ``i`` deals with
    seed ``derive_seed(seed, i // seats)`` and rotates the line-up by ``i % seats``, so each deal
    is played from every seat. Same arguments, same table, on any executor.
    """
    options = dict(options or {})
    lineup = list(lineup or agents)
    seats = game_factory(game)(**options, seed=0).num_players
    if len(lineup) != seats:
        raise ValueError(f"{game} with {options or 'its defaults'} has {seats} seats; the line-up has {len(lineup)}")
    unknown = sorted(set(lineup) - set(agents))
    if unknown:
        raise ValueError(f"the line-up names agents that were not given: {unknown}")
    jobs = [
        (i, derive_seed(seed, i // seats), lineup[i % seats:] + lineup[:i % seats])
        for i in range(games)
    ]
    factories = {name: agents[name] for name in set(lineup)}
    rows = _run_jobs(game, options, factories, jobs, executor, workers, progress)
    return TournamentResult(game, options, sorted(rows, key=lambda r: (r["game"], r["seat"])))


def _run_jobs(game, options, factories, jobs, executor, workers, progress) -> list[dict]:
    from tqdm.auto import tqdm

    workers = workers or os.cpu_count() or 1
    batches = [jobs[i:i + 25] for i in range(0, len(jobs), 25)]
    bar = tqdm(total=len(jobs), desc=f"{game} tournament", disable=not progress, unit="game")
    rows: list[dict] = []
    if executor is None and workers == 1:
        for batch in batches:
            rows += _play_batch(game, options, factories, batch)
            bar.update(len(batch))
    else:
        if hasattr(executor, "get_executor"):  # a dask.distributed Client
            executor = executor.get_executor()
        own = executor is None
        pool = ProcessPoolExecutor(max_workers=min(workers, len(batches))) if own else executor
        try:
            futures = [pool.submit(_play_batch, game, options, factories, b) for b in batches]
            for future, batch in zip(futures, batches):
                rows += future.result()
                bar.update(len(batch))
        finally:
            if own:
                pool.shutdown()
    bar.close()
    return rows


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (good even near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class TournamentResult:
    """Every seat of every game, one row each, with a summary and a chart."""

    game: str
    options: dict
    rows: list[dict]

    @property
    def table(self):
        """The tidy table (pandas): game, deal_seed, seat, agent, score, win_share."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=["game", "deal_seed", "seat", "agent", "score", "win_share"])

    def summary(self):
        """Per agent: games, mean score with its 95% interval, win rate with its Wilson interval."""
        import pandas as pd

        out = []
        for name, group in self.table.groupby("agent", sort=True):
            n = len(group)
            scores = group["score"].astype(float)
            half = 1.96 * scores.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
            wins = group["win_share"].sum()
            low, high = wilson_interval(wins, n)
            out.append({"agent": name, "games": n, "mean_score": scores.mean(),
                        "score_ci95": half, "win_rate": wins / n, "win_low": low, "win_high": high})
        return pd.DataFrame(out).set_index("agent")

    def figure(self, title: str | None = None):
        """A plotly bar chart of win rates with their 95% intervals."""
        import plotly.graph_objects as go

        s = self.summary()
        fig = go.Figure(go.Bar(
            x=list(s.index), y=s["win_rate"],
            error_y={"type": "data", "symmetric": False,
                     "array": s["win_high"] - s["win_rate"], "arrayminus": s["win_rate"] - s["win_low"]},
            text=[f"{w:.0%}" for w in s["win_rate"]], textposition="outside",
        ))
        fig.update_layout(title=title or f"{self.game}: win rate over {self.table['game'].nunique()} games (95% CI)",
                          yaxis={"title": "win rate (ties shared)", "range": [0, 1], "tickformat": ".0%"},
                          xaxis={"title": "agent"}, template="plotly_white")
        return fig
