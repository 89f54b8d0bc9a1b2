"""A class league of student bots: each bot sandboxed in its own process, mirrored round-robin
matches on a process pool or a Dask cluster, typed results kept in a database, a leaderboard."""

from .sandbox import FAILURE_KINDS, BotFailure, BotLimits, SandboxedAgent

__all__ = ["FAILURE_KINDS", "BotFailure", "BotLimits", "SandboxedAgent"]
