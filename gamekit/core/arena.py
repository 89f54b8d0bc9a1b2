"""Matches and tournaments between agents, built to survive any agent a class writes.

``play_match`` plays one seeded game and returns its record. ``tournament`` plays many, rotating the
seats so that every line-up plays every deal from every seat (mirrored deals).

What every match promises:

- **It ends.** Agent-only play stops after ``max_moves`` steps (default :data:`DEFAULT_MAX_MOVES`,
  a step being one turn or one simultaneous round); such a game is recorded as a draw, with the
  reason in ``record.result["reason"]`` (Stratego agents can chase each other for ever).
- **Time limits.** ``move_time`` bounds each answer of an agent and ``game_time`` a whole game, in
  seconds. In the main thread of a process (a notebook, a worker of the kit's pool) an agent that
  runs over is interrupted by a timer signal; elsewhere the limit is checked when it answers.
- **One bad game is one failed row.** In a tournament an agent that raises, answers an illegal
  move, runs out of time, hangs or kills its process fails that game only: ``result.failures``
  says which game, deal seed, line-up, seat and move, with the error and its traceback, and every
  other game is kept. A worker that dies or hangs is replaced.
- **Results as games finish**: ``iter_tournament`` yields each game when it is done,
  ``tournament(on_game=...)`` calls back, and a tqdm bar shows the progress (and the failures).
- **Interrupt stops it** within seconds (the Jupyter stop button, Ctrl-C): ``tournament``
  returns what finished, with ``result.interrupted`` set.

Tournaments run in the kit's own pool of worker processes by default (``workers`` of them, each
game in a process that can be replaced), in this process with ``workers=1`` (best for reading a
traceback; an agent that calls ``os._exit`` ends this process too), or on any
``concurrent.futures.Executor`` or Dask ``Client`` (its ``get_executor()`` is used) when a class
outgrows one machine; such an executor cannot replace a hung worker, the kit's pool can.
"""

from __future__ import annotations

import inspect
import math
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor
from concurrent.futures import wait as wait_futures
from dataclasses import dataclass, field
from multiprocessing.connection import wait as wait_connections

from ..i18n import N_, decimal_separator, in_every_language, message, say, translations
from .agents import kind_name
from .errors import AgentError, AgentTimeout, IllegalActionError
from .players import SIMULTANEOUS
from .record import GameRecord, capped_result, record_of
from .registry import game_factory, game_info
from .rng import derive_seed

_, ngettext, pgettext = translations("core")

DEFAULT_MAX_MOVES = 10_000
"""Steps (turns, or simultaneous rounds) after which agent-only play is stopped as a draw. The
kit's agents finish every game in far fewer: random Lost Cities partners, the longest, take about
2,000 steps for three rounds; a Brief History game about 350; Milhões 12."""

DEFAULT_MOVE_TIME = 60.0
"""Seconds an agent may think over one move in a tournament (``play_match`` has no limit unless
given one)."""

GRACE = 2.0
"""Seconds the pool waits past a limit before it stops a worker that did not interrupt itself."""

_EXCERPT = 200  # characters of an agent's answer quoted in a failure


@dataclass(frozen=True)
class _Limits:
    max_moves: int | None
    move_time: float | None
    game_time: float | None


def _check_limits(max_moves, move_time, game_time) -> _Limits:
    if max_moves is not None and (type(max_moves) is not int or max_moves < 1):
        raise ValueError(f"max_moves is a whole number of steps (1 or more) or None, not {max_moves!r}")
    for name, value in (("move_time", move_time), ("game_time", game_time)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not value > 0 or math.isinf(value)):
            raise ValueError(f"{name} is a number of seconds above 0 or None, not {value!r}")
    return _Limits(max_moves, move_time, game_time)


# --- one game ------------------------------------------------------------------------------------
def play_match(game, agents: Sequence, *, seed: int | None = None, options: Mapping | None = None,
               max_moves: int | None = DEFAULT_MAX_MOVES, move_time: float | None = None,
               game_time: float | None = None):
    """Play one game to the end and return its :class:`~gamekit.core.record.GameRecord`.

    ``game`` is a game's name (``"milhoes"``) or a started state (played on a copy); ``agents``
    holds one agent per seat. The record carries the final scores and winners; a game stopped
    by ``max_moves`` (see :data:`DEFAULT_MAX_MOVES`; ``None`` for no cap) is a draw whose
    ``result`` also holds ``"capped"`` and ``"reason"``. ``move_time`` and ``game_time`` are
    limits in seconds. An agent that raises, answers an illegal move or runs out of time raises
    :class:`~gamekit.core.errors.AgentError` (seat, move, what it answered; the cause chained).
    In a game whose ``new_game`` takes ``setups`` (one per seat, ``None`` for a random one), an
    agent with a ``setup(seat, options)`` method deploys its own pieces wherever the options
    leave it free.
    """
    limits = _check_limits(max_moves, move_time, game_time)
    with _Clock(limits) as clock:
        if isinstance(game, str):
            factory = game_factory(game)
            state = factory(**agent_setups(factory, agents, dict(options or {}), _setup_asker(clock, agents)),
                            seed=seed)
        else:
            state = game.clone()
        if len(agents) != state.num_players:
            raise ValueError(f"this game has {state.num_players} seats but {len(agents)} agents came")
        capped = _play(state, agents, limits.max_moves, clock)
    record = record_of(state)
    if capped:
        record = GameRecord(record.game, record.options, record.seed, record.actions,
                            capped_result(state, limits.max_moves))
    return record


def agent_setups(factory: Callable, agents: Sequence, options: dict, ask: Callable | None = None) -> dict:
    """``options`` with the set-ups that ``agents`` (one per seat; ``None`` for a person) choose
    for themselves filled in, if the game's ``factory`` takes ``setups``; boards use it too.
    ``ask(seat, function, *args)``, if given, makes each call (the arena times them)."""
    choosers = [seat for seat, agent in enumerate(agents) if callable(getattr(agent, "setup", None))]
    if not choosers or "setups" not in inspect.signature(factory).parameters:
        return options
    setups = list(options.get("setups") or [None] * len(agents))
    if len(setups) != len(agents):
        return options  # the game's own check explains what is wrong
    for seat in choosers:
        if setups[seat] is None:
            setups[seat] = (ask(seat, agents[seat].setup, seat, options) if ask is not None
                            else agents[seat].setup(seat, options))
    return {**options, "setups": setups} if any(s is not None for s in setups) else options


def _play(state, agents: Sequence, max_moves: int | None, clock: _Clock) -> bool:
    """Play ``state`` on until it ends (``False``) or ``max_moves`` steps are played (``True``)."""
    steps = 0
    while not state.is_terminal:
        if max_moves is not None and steps >= max_moves:
            return True
        steps += 1
        move = len(state.history) + 1
        if state.current_player == SIMULTANEOUS:
            joint = {p: _ask(clock, agents, p, state, move) for p in state.acting_players()}
            _perform(state, joint, move, agents)
        else:
            p = state.current_player
            _perform(state, {p: _ask(clock, agents, p, state, move)}, move, agents)
    return False


def _setup_asker(clock: _Clock, agents: Sequence) -> Callable:
    """How set-ups are asked for in a match: timed, and a failure blamed on its seat (move 0)."""
    def ask(seat: int, function, *args):
        try:
            return clock.call(seat, function, *args)
        except AgentTimeout as late:
            raise _agent_error(agents, seat, 0, None,
                               _says(N_("{limit} (deploying its set-up)"), limit=late.words)) from None
        except Exception as error:
            raise _agent_error(agents, seat, 0, None,
                               _says(N_("its set-up failed: {error}"), error=_one_line(error))) from error
    return ask


def _ask(clock: _Clock, agents: Sequence, seat: int, state, move: int):
    observation, legal = state.observation(seat), state.legal_actions(seat)
    try:
        return clock.act(agents[seat], seat, observation, legal)
    except AgentTimeout as late:
        raise _agent_error(agents, seat, move, None, late.words) from None
    except Exception as error:
        raise _agent_error(agents, seat, move, None, _one_line(error)) from error


def _perform(state, actions: dict, move: int, agents: Sequence) -> None:
    """Apply one turn (``{seat: action}``) or round, blaming the seat whose answer is refused."""
    try:
        if len(actions) == 1 and state.current_player != SIMULTANEOUS:
            state.apply(*actions.values())
        else:
            state.apply_joint(actions)
    except Exception as error:
        seat = next((p for p, a in actions.items() if _refused(state, a, p)), None)
        if seat is None:  # nobody's answer alone is refused: the round as a whole was
            seat = next(iter(actions)) if len(actions) == 1 else None
        answer = _excerpt(actions[seat]) if seat is not None else None
        what = (_says(N_("answered {answer}, which is illegal: {reason}"), answer=answer,
                      reason=_reason_in_every_language(state, actions, seat, error))
                if isinstance(error, IllegalActionError) else _one_line(error))
        raise _agent_error(agents, seat, move, answer, what) from error


def _reason_in_every_language(state, actions: dict, seat: int | None, refusal: IllegalActionError) -> dict:
    """The rules' reason for refusing ``seat``'s answer, in each language (it is said again later,
    in a reader's language); the refusal's own reason where the round as a whole was refused."""
    def reason() -> str:
        try:
            return (state.why_illegal(actions[seat], seat) if seat is not None else None) or refusal.reason
        except Exception:
            return refusal.reason
    return in_every_language(reason)


def _refused(state, action, seat: int) -> bool:
    try:
        return state.why_illegal(action, seat) is not None
    except Exception:
        return True


def _agent_error(agents, seat, move, answer, words) -> AgentError:
    """The failure of ``seat`` (``None``: of the round as a whole); ``words`` what happened, as a
    message (kept on the error, to say again in another language) or as the agent's own text."""
    what = say(words)
    if seat is None:
        text = _("the agents failed at move {move}: {what}").format(move=move, what=what)
    else:
        text = _("{agent} in seat {seat} failed at move {move}: {what}").format(
            agent=_agent_name(agents[seat]), seat=seat, move=move, what=what)
    return AgentError(text, seat=seat, move=move, action=answer, error=what, words=words)


def _says(key: str, **values) -> dict:
    return message("core", key, **values)


def _agent_name(agent) -> str:
    name = getattr(agent, "name", None)
    return kind_name(name) if isinstance(name, str) else type(agent).__name__


def _one_line(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= _EXCERPT else text[:_EXCERPT] + " ..."


def _excerpt(action) -> str:
    try:
        text = repr(str(action)) if not isinstance(action, str) else repr(action)
    except Exception:
        text = _("<{kind} that cannot be shown>").format(kind=type(action).__name__)
    return text if len(text) <= _EXCERPT else text[:_EXCERPT] + " ..."


def _seconds(value: float) -> str:
    """A time limit as the language writes it ("0.2" / "0,2")."""
    return f"{value:g}".replace(".", decimal_separator())


class _Clock:
    """The time limits of one game. Where a timer signal can be used (the main thread of a Unix
    process) an agent over its limit is interrupted with AgentTimeout; elsewhere it is refused when
    it answers. ``status`` (a worker's shared pair: time the move began, seat) lets the pool
    watching a worker see a move that overruns even when the signal cannot stop it."""

    def __init__(self, limits: _Limits, status=None):
        self.move_time, self.game_time = limits.move_time, limits.game_time
        self.status = status
        self.alarm = ((self.move_time or self.game_time) is not None and hasattr(signal, "setitimer")
                      and threading.current_thread() is threading.main_thread())

    def __enter__(self) -> _Clock:
        self.start = time.monotonic()
        self.limit = _says(N_("ran out of time"))
        if self.alarm:
            self.previous = signal.signal(signal.SIGALRM, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
        if self.status is not None:
            self.status[0] = 0.0  # no move is running, even if a timeout cut the last one short

    def _interrupt(self, signum, frame):
        raise AgentTimeout(say(self.limit), self.limit)

    def act(self, agent, seat: int, observation, legal):
        return self.call(seat, agent.act, observation, legal)

    def call(self, seat: int, function, *args):
        """``function(*args)`` for the agent in ``seat`` (a move, a set-up), within the limits."""
        if self.move_time is None and self.game_time is None and self.status is None:
            return function(*args)
        budget, self.limit = self._budget()
        status = self.status
        if status is not None:
            status[1] = seat
            status[0] = time.monotonic()
        if self.alarm and budget is not None:
            signal.setitimer(signal.ITIMER_REAL, max(budget, 1e-3))
        began = time.monotonic()
        try:
            answer = function(*args)
        finally:
            if self.alarm and budget is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if status is not None:
                status[0] = 0.0
        if budget is not None and time.monotonic() - began > budget:
            raise AgentTimeout(say(self.limit), self.limit)
        return answer

    def _budget(self) -> tuple[float | None, dict]:
        """Seconds this move may take, and what the limit is in words (a message)."""
        budget, limit = self.move_time, _says(N_("took longer than the {seconds} s a move may take"),
                                              seconds=self.move_time or 0)
        if self.game_time is not None:
            left = self.game_time - (time.monotonic() - self.start)
            if budget is None or left < budget:
                budget, limit = left, _says(N_("ran out of the {seconds} s the game may take"),
                                            seconds=self.game_time)
            if left <= 0:
                raise AgentTimeout(say(limit), limit)
        return budget, limit


# --- many games ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: its seat rows, or the failure that stopped it."""

    game: int
    deal_seed: int
    lineup: tuple[str, ...]
    rows: tuple[dict, ...] = ()
    failure: dict | None = None

    @property
    def failed(self) -> bool:
        return self.failure is not None


def _play_job(game: str, options: dict, factories: dict, limits: _Limits, job: tuple, status=None) -> GameResult:
    """Play one game of a tournament; every fault of an agent becomes the game's failure."""
    index, deal_seed, lineup = job
    seat, move = None, 0
    try:
        agents = []
        for seat, name in enumerate(lineup):
            agents.append(factories[name](seed=derive_seed(deal_seed, seat)))
        seat = None
        with _Clock(limits, status) as clock:
            factory = game_factory(game)
            state = factory(**agent_setups(factory, agents, dict(options), _setup_asker(clock, agents)),
                            seed=deal_seed)
            capped = _play(state, agents, limits.max_moves, clock)
    except AgentError as error:
        cause = error.__cause__ or error
        return _failed(job, error.seat, error.move, error.action, error.error, _traceback(cause))
    except Exception as error:
        return _failed(job, seat, move, None, _one_line(error), _traceback(error))
    scores = list(state.scores())
    winners = [] if capped else list(state.winners())
    rows = tuple(
        {"game": index, "deal_seed": deal_seed, "seat": seat, "agent": name, "score": scores[seat],
         "win_share": 1 / len(winners) if seat in winners else 0.0, "capped": capped}
        for seat, name in enumerate(lineup)
    )
    return GameResult(index, deal_seed, tuple(lineup), rows)


def _traceback(error: BaseException) -> str:
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


def _failed(job: tuple, seat, move: int, action, error: str, trace: str) -> GameResult:
    index, deal_seed, lineup = job
    failure = {"game": index, "deal_seed": deal_seed, "lineup": tuple(lineup), "seat": seat,
               "agent": lineup[seat] if seat is not None else None, "move": move, "action": action,
               "error": error, "traceback": trace}
    return GameResult(index, deal_seed, tuple(lineup), failure=failure)


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
    max_moves: int | None = DEFAULT_MAX_MOVES,
    move_time: float | None = DEFAULT_MOVE_TIME,
    game_time: float | None = None,
    on_game: Callable[[GameResult], object] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games of ``game`` between the agents and tabulate the results.

    ``agents`` maps a name to a factory called as ``factory(seed=...)`` (an agent class works);
    ``lineup`` names the agent in each seat (default: the agents in order). Game ``i`` deals with
    seed ``derive_seed(seed, i // seats)`` and rotates the line-up by ``i % seats``, so each deal
    is played from every seat. Same arguments, same table, on any executor.

    ``max_moves``, ``move_time`` and ``game_time`` bound each game (see the module's notes); a
    failed game lands in ``result.failures`` and the others are kept; ``on_game`` is called with
    each :class:`GameResult` as it finishes. Interrupting returns the games that finished.
    """
    result = TournamentResult(game, dict(options or {}), [], games=games)
    stream = iter_tournament(game, agents, lineup=lineup, games=games, seed=seed, options=options,
                             executor=executor, workers=workers, progress=progress, max_moves=max_moves,
                             move_time=move_time, game_time=game_time)
    try:
        for finished in stream:
            result.rows.extend(finished.rows)
            if finished.failure is not None:
                result.failures.append(finished.failure)
            if on_game is not None:
                on_game(finished)
    except KeyboardInterrupt:
        stream.close()
        result.interrupted = True
    result.rows.sort(key=lambda r: (r["game"], r["seat"]))
    result.failures.sort(key=lambda f: f["game"])
    return result


def iter_tournament(game: str, agents: Mapping[str, Callable], *, lineup: Sequence[str] | None = None,
                    games: int = 100, seed: int = 0, options: Mapping | None = None,
                    executor: Executor | None = None, workers: int | None = None, progress: bool = True,
                    max_moves: int | None = DEFAULT_MAX_MOVES, move_time: float | None = DEFAULT_MOVE_TIME,
                    game_time: float | None = None) -> Iterator[GameResult]:
    """The games of :func:`tournament` (same arguments), each yielded as soon as it finishes, in
    the order they finish. Closing the iterator stops the games still running."""
    options = dict(options or {})
    limits = _check_limits(max_moves, move_time, game_time)
    if type(games) is not int or games < 0:
        raise ValueError(f"games is a whole number, 0 or more, not {games!r}")
    lineup = list(lineup or agents)
    seats = _seats(game, options)
    if len(lineup) != seats:
        raise ValueError(f"{game} with {options or 'its defaults'} has {seats} seats; the line-up has {len(lineup)}")
    unknown = sorted(set(lineup) - set(agents))
    if unknown:
        raise ValueError(f"the line-up names agents that were not given: {unknown}")
    jobs = [(i, derive_seed(seed, i // seats), tuple(lineup[i % seats:] + lineup[:i % seats]))
            for i in range(games)]
    factories = {name: agents[name] for name in set(lineup)}
    return _stream(game, options, factories, limits, jobs, executor, workers, progress)


def _seats(game: str, options: dict) -> int:
    """The seats a game with ``options`` has, from its GameInfo (no game is built)."""
    try:
        info = game_info(game)
    except KeyError:  # a game that registered no GameInfo: build one to count
        return game_factory(game)(**options, seed=0).num_players
    seats = options.get("players", info.default_seats)
    if seats not in info.seats:
        game_factory(game)(**options, seed=0)  # the game's own words for what is wrong
        raise ValueError(f"{info.title} is for {min(info.seats)} to {max(info.seats)} players, not {seats!r}")
    return seats


def _stream(game, options, factories, limits, jobs, executor, workers, progress) -> Iterator[GameResult]:
    from tqdm.auto import tqdm

    bar = tqdm(total=len(jobs), desc=f"{game} tournament", disable=not progress, unit="game")
    failed = 0
    if hasattr(executor, "get_executor"):  # a dask.distributed Client
        executor = executor.get_executor()
    if executor is not None:
        games = _on_executor(executor, game, options, factories, limits, jobs)
    elif (workers or os.cpu_count() or 1) == 1 or not jobs:
        games = (_play_job(game, options, factories, limits, job) for job in jobs)
    else:
        size = min(workers or os.cpu_count() or 1, len(jobs))
        games = _WorkerPool(size, game, options, factories, limits).run(jobs)
    try:
        for finished in games:
            failed += finished.failed
            bar.update(1)
            if failed:
                bar.set_postfix(failed=failed)
            yield finished
    finally:
        close = getattr(games, "close", None)
        if close is not None:
            close()
        bar.close()


def _on_executor(executor: Executor, game, options, factories, limits, jobs) -> Iterator[GameResult]:
    """Games on a caller's executor, yielded as they finish; waiting wakes often so that an
    interrupt is felt at once, and on the way out the games not started are cancelled."""
    futures = {executor.submit(_play_job, game, options, factories, limits, job): job for job in jobs}
    pending = set(futures)
    try:
        while pending:
            done, pending = wait_futures(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: futures[f][0]):
                try:
                    yield future.result()
                except Exception as error:  # the executor lost the game (a worker died, ...)
                    yield _failed(futures[future], None, 0, None, _one_line(error), _traceback(error))
    finally:
        for future in pending:
            future.cancel()


class _Worker:
    """One worker process of the pool, fed one game at a time through a pipe."""

    def __init__(self, context, setup: tuple):
        self.conn, child = context.Pipe()
        self.status = context.RawArray("d", 2)  # when the current move began (0: none), its seat
        self.process = context.Process(target=_worker_main, args=(child, *setup, self.status), daemon=True)
        self.process.start()
        child.close()
        self.job = None
        self.began = 0.0
        self.lost = False  # it died or overran: replace it

    def give(self, job: tuple) -> None:
        self.job, self.began = job, time.monotonic()
        self.conn.send(job)

    def overrun(self, limits: _Limits) -> tuple[int | None, str] | None:
        """``(seat, what)`` if the game or a move is past its limit and its grace, else ``None``."""
        now = time.monotonic()
        move_began, seat = self.status[0], int(self.status[1])
        if limits.move_time is not None and move_began and now - move_began > limits.move_time + GRACE:
            return seat, _("took longer than the {seconds} s a move may take and did not stop").format(
                seconds=_seconds(limits.move_time))
        if limits.game_time is not None and now - self.began > limits.game_time + GRACE:
            return (seat if move_began else None), _(
                "the game ran past its {seconds} s and did not stop").format(
                    seconds=_seconds(limits.game_time))
        return None

    def seat_moving(self) -> int | None:
        return int(self.status[1]) if self.status[0] else None

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()


def _worker_main(conn, game, options, factories, limits, status) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool on an interrupt
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        conn.send(_play_job(game, options, factories, limits, job, status))


class _WorkerPool:
    """Worker processes that can be replaced: a worker whose game outlives its limits is killed,
    one that dies is noticed, and either way the game is a failure and a fresh worker goes on."""

    def __init__(self, size: int, game, options, factories, limits: _Limits):
        methods = multiprocessing.get_all_start_methods()
        # fork lets agents defined in a notebook reach the workers without being pickled
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.setup = (game, options, factories, limits)
        self.size, self.limits = size, limits

    def run(self, jobs: list) -> Iterator[GameResult]:
        queue = deque(jobs)
        workers = [_Worker(self.context, self.setup) for _ in range(self.size)]
        try:
            while queue or any(w.job for w in workers):
                for worker in workers:
                    if worker.job is None and queue:
                        worker.give(queue.popleft())
                busy = [w for w in workers if w.job is not None]
                wait_connections([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=0.25)
                for number, worker in enumerate(workers):
                    if worker.job is None:
                        continue
                    finished = self._collect(worker)
                    if finished is None:
                        continue
                    if worker.lost:
                        worker.stop()
                        workers[number] = _Worker(self.context, self.setup)
                    else:
                        worker.job = None
                    yield finished
        finally:
            for worker in workers:
                worker.stop()

    def _collect(self, worker: _Worker) -> GameResult | None:
        """The worker's finished game, a failure if it died or overran, or ``None`` (still playing)."""
        if worker.conn.poll():
            try:
                return worker.conn.recv()
            except (EOFError, OSError):
                pass  # it died while answering: below
        if not worker.process.is_alive():
            worker.process.join()
            code = worker.process.exitcode
            seat = worker.seat_moving()
            worker.lost = True
            return _failed(worker.job, seat, 0, None,
                           _("the worker process ended (exit code {code}) during the game").format(code=code),
                           "")
        overrun = worker.overrun(self.limits)
        if overrun is not None:
            worker.lost = True
            return _failed(worker.job, overrun[0], 0, None, overrun[1], "")
        return None


def figure_separators() -> dict:
    """Plotly's decimal and thousands separators where the language writes numbers with a decimal
    comma (``update_layout(**figure_separators())``; nothing in English, plotly's own default)."""
    return {"separators": ", "} if decimal_separator() == "," else {}


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (good even near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


_COLUMNS = ["game", "deal_seed", "seat", "agent", "score", "win_share", "capped"]
_SUMMARY = ["agent", "games", "mean_score", "score_ci95", "win_rate", "win_low", "win_high"]
_FAILURES = ["game", "deal_seed", "lineup", "seat", "agent", "move", "action", "error", "traceback"]


@dataclass
class TournamentResult:
    """Every seat of every finished game, one row each, with a summary and a chart; the games that
    failed, one row each, in ``failures``; ``interrupted`` if it was stopped before the end."""

    game: str
    options: dict
    rows: list[dict]
    failures: list[dict] = field(default_factory=list)
    interrupted: bool = False
    games: int | None = None  # games asked for

    @property
    def table(self):
        """The tidy table (pandas): game, deal_seed, seat, agent, score, win_share, and ``capped``
        (the game reached the move cap and counts as a draw)."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=_COLUMNS)

    @property
    def failures_table(self):
        """The failed games (pandas): game, deal_seed, lineup, seat and agent at fault (``None``
        if no seat was), move, action, error, traceback."""
        import pandas as pd

        return pd.DataFrame(self.failures, columns=_FAILURES)

    def summary(self):
        """Per agent: games, mean score with its 95% interval, win rate with its Wilson interval
        (and, when some games failed, ``failed``: the failures of each agent's seat)."""
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
        summary = pd.DataFrame(out, columns=_SUMMARY).set_index("agent")
        if self.failures:
            blamed = pd.Series([f["agent"] for f in self.failures if f["agent"] is not None], dtype=object)
            counts = blamed.value_counts()
            summary = summary.reindex(summary.index.union(counts.index).rename("agent"))
            summary["games"] = summary["games"].fillna(0).astype(int)
            summary["failed"] = counts.reindex(summary.index).fillna(0).astype(int)
        return summary

    def figure(self, title: str | None = None):
        """A plotly bar chart of win rates with their 95% intervals."""
        import plotly.graph_objects as go

        s = self.summary()
        fig = go.Figure(go.Bar(
            x=[kind_name(agent) for agent in s.index], y=s["win_rate"],
            error_y={"type": "data", "symmetric": False,
                     "array": s["win_high"] - s["win_rate"], "arrayminus": s["win_rate"] - s["win_low"]},
            text=[f"{w:.0%}" for w in s["win_rate"]], textposition="outside",
        ))
        games = self.table["game"].nunique()
        fig.update_layout(title=title or _("{game}: win rate over {games} games (95% CI)").format(
                              game=self.game, games=games),
                          yaxis={"title": _("win rate (ties shared)"), "range": [0, 1], "tickformat": ".0%"},
                          xaxis={"title": _("agent")}, template="plotly_white",
                          **figure_separators())
        return fig
