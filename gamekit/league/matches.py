"""One league game, played wherever a worker runs it (this process, a pool worker, a Dask worker).

A :class:`Match` says everything the game needs and nothing else — the game, its options, the
deal's seed, and for each seat a kit agent's name or a bot's source — so that it pickles to any
worker. :func:`play` plays it through the arena's :func:`~gamekit.core.arena.play_match` (kit
agents in the worker, bots each in a :class:`~gamekit.league.sandbox.SandboxedAgent`) and returns a
:class:`MatchResult`: per seat ``win``, ``loss`` or ``draw`` — or, for the seat at fault, how it
failed (:data:`~gamekit.league.sandbox.FAILURE_KINDS`), the other seat winning by forfeit. The bots'
processes are gone when it returns.
"""

from __future__ import annotations

import importlib
import traceback
from dataclasses import dataclass, field

from gamekit.core.arena import play_match
from gamekit.core.errors import AgentError, IllegalActionError
from gamekit.core.rng import derive_seed

from .sandbox import BotFailure, BotLimits, SandboxedAgent

TRACEBACK_CHARACTERS = 8000


@dataclass(frozen=True)
class Player:
    """One seat's player: a kit agent (``source`` is ``None``; ``agent`` names it in the game's
    ``AGENTS``) or a bot (``source`` is its file's text)."""

    name: str
    agent: str = ""
    source: str | None = None

    def build(self, game: str, seed: int, limits: BotLimits):
        if self.source is None:
            return importlib.import_module(f"gamekit.{game}.agents").AGENTS[self.agent](seed=seed)
        return SandboxedAgent(self.source, filename=f"{self.name}.py", seed=seed, limits=limits, game=game)


@dataclass(frozen=True)
class Match:
    key: str
    game: str
    options: dict
    deal_seed: int
    players: tuple[Player, ...]
    limits: BotLimits = BotLimits()
    max_moves: int = 10_000


@dataclass(frozen=True)
class MatchResult:
    """``results`` has one word a seat; ``failure`` (if a seat failed) holds its ``seat``,
    ``kind``, ``move``, ``action``, ``error`` (a :func:`gamekit.i18n.message`, said with
    :func:`gamekit.i18n.say` in the reader's language, or plain text), ``traceback`` and ``output``
    (what the bot printed).
    ``void`` is set when nobody's play is to blame (the league retries such a game)."""

    key: str
    scores: tuple = ()
    winners: tuple = ()
    capped: bool = False
    results: tuple[str, ...] = ()
    failure: dict | None = field(default=None)
    void: bool = False


def play(match: Match) -> MatchResult:
    """Play ``match`` to its end or its first failure; never raises for anything a player does."""
    agents = []
    try:
        for seat, player in enumerate(match.players):
            try:
                agents.append(player.build(match.game, derive_seed(match.deal_seed, seat), match.limits))
            except BotFailure as failure:
                return _forfeit(match, seat, failure.kind, 0, None, failure.words, failure.traceback,
                                failure.output)
        try:
            record = play_match(match.game, agents, seed=match.deal_seed, options=match.options,
                                max_moves=match.max_moves)
        except AgentError as error:
            return _failed(match, agents, error)
        capped = "capped" in record.result
        winners = tuple(record.result["winners"])
        return MatchResult(match.key, tuple(record.result["scores"]), winners, capped,
                           _results(len(agents), winners, capped))
    except Exception as error:  # the kit's own fault, not a player's: the league plays it again
        return MatchResult(match.key, failure={"seat": None, "kind": "crash", "move": 0, "action": None,
                                               "error": f"{type(error).__name__}: {error}",
                                               "traceback": _trace(error), "output": ""}, void=True)
    finally:
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close()


def _results(seats: int, winners: tuple, capped: bool) -> tuple[str, ...]:
    if capped or len(winners) in (0, seats):
        return ("draw",) * seats
    return tuple("win" if seat in winners else "loss" for seat in range(seats))


def _failed(match: Match, agents: list, error: AgentError) -> MatchResult:
    """The result of a game an agent failed, its failure typed by what caused it."""
    cause, seat = error.__cause__, error.seat
    if seat is None:
        return MatchResult(match.key, failure={"seat": None, "kind": "crash", "move": error.move, "action": None,
                                               "error": str(error), "traceback": _trace(cause or error),
                                               "output": ""}, void=True)
    if isinstance(cause, BotFailure):
        kind, what, trace, output = cause.kind, cause.words, cause.traceback, cause.output
    else:
        what = error.words
        kind = "illegal" if isinstance(cause, IllegalActionError) else "timeout" if cause is None else "exception"
        trace = "" if isinstance(cause, IllegalActionError) or cause is None else _trace(cause)
        output = getattr(agents[seat], "output", "") if seat < len(agents) else ""
    return _forfeit(match, seat, kind, error.move, error.action, what, trace, output)


def _forfeit(match: Match, seat: int, kind: str, move: int, action, error: dict | str, trace: str,
             output: str) -> MatchResult:
    results = tuple(kind if s == seat else "win" for s in range(len(match.players)))
    return MatchResult(match.key, results=results,
                       failure={"seat": seat, "kind": kind, "move": move, "action": action, "error": error,
                                "traceback": trace[-TRACEBACK_CHARACTERS:], "output": output})


def _trace(error: BaseException) -> str:
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))[-TRACEBACK_CHARACTERS:]
