"""A class league of student bots: each bot sandboxed in its own process, mirrored round-robin
matches on a process pool or a Dask cluster, typed results kept in a database, a leaderboard.

- :mod:`gamekit.league.sandbox` — :class:`SandboxedAgent`, a student's file playing from a limited
  process of its own, and :class:`BotFailure` with its ``kind`` (:data:`FAILURE_KINDS`).
- :mod:`gamekit.league.matches` — one league game on any worker, its :class:`MatchResult`.
- :mod:`gamekit.league.league` — :class:`League`: entries, the schedule, storage, the leaderboard.
- :mod:`gamekit.league.routes` — the league's pages for the classroom server (Starlette).
- :mod:`gamekit.league.cli` — ``gamekit league FOLDER --game NAME``.
"""

from .league import Entry, League, RunSummary
from .matches import Match, MatchResult
from .sandbox import FAILURE_KINDS, BotFailure, BotLimits, SandboxedAgent

__all__ = ["FAILURE_KINDS", "BotFailure", "BotLimits", "Entry", "League", "Match", "MatchResult", "RunSummary",
           "SandboxedAgent"]
