"""Student bots, each in a process of its own: :class:`SandboxedAgent` looks like any kit agent.

A bot is the text of a Python file with an agent class in the kit's protocol (``act(observation,
legal_actions)``, optionally ``setup(seat, options)``; built with ``seed=``). It never runs in the
league's or the server's process. For each game it gets:

- a process of its own running an isolated interpreter, ``python -I -B`` (no ``PYTHON*``
  variables, no user site-packages, no current folder on the path), with a cleared environment and
  an empty scratch folder of its own as its working and home folder, deleted afterwards. On Linux
  it is forked from a *warm start* (one per league process and game: an interpreter started the
  same way that has imported the kit, and runs no student code), so that a bot starts in
  milliseconds instead of importing everything anew; it inherits no descriptor but its own pipes.
  Elsewhere (or with ``warm_start=False``) each bot is a new interpreter;
- resource limits (``resource.setrlimit``, on Unix): address space, CPU seconds, open files, the
  size of any file it writes, no core dumps; and a lower priority than the server;
- its own process group (``start_new_session``), killed as a group when the game ends, and on
  Linux the kernel's promise (``PR_SET_PDEATHSIG``) that it dies with the process that started it;
- a wall-clock limit per move (``move_time``) plus a time bank for the whole game: time over the
  move limit is taken from the bank, and a move that outlasts both is stopped (the process killed);
- no network: on Linux, when unprivileged user namespaces are allowed, it runs inside a network
  namespace of its own (``unshare --user --net``: no interface but a loopback that is down);
  everywhere, an audit hook (``sys.addaudithook``, installed before the student's code is
  compiled) refuses creating, connecting or binding sockets and looking up addresses.

The audit hook also refuses starting processes, sending signals, loading or calling native code
(ctypes), writing outside the scratch folder, and reading or listing files other than the scratch
folder, the Python libraries and the kit (one student's bot cannot read another's file).

**What this does not stop.** An audit hook is not a security boundary: it guards Python's own
functions, so a bot that reaches native code some other way (a C extension that is installed, a
bug in the interpreter) can get past it; without the namespace such a bot could reach the network.
The limits bound memory, CPU and disk, not every way of being a nuisance (it can keep one core busy
for its CPU seconds). For code from strangers, run the league as its own user in a container or a
VM as well. For a class's bots this keeps mistakes and mischief from stopping the league.

The league sends each observation and the legal actions pickled (by the trusted side) and reads
back one short line of JSON holding the action's **text**, which the rules then parse and check;
nothing a bot writes is ever unpickled. Every way a bot can fail raises :class:`BotFailure` with a
``kind`` (see :data:`FAILURE_KINDS`), the bot's own traceback and what it printed.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import pickle
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import asdict, dataclass
from pathlib import Path

import gamekit
from gamekit.core.state import normalise_text
from gamekit.i18n import N_, message, say

BOT_PROGRAM = str(Path(__file__).with_name("bot_process.py"))
KIT_ROOT = str(Path(gamekit.__file__).resolve().parent.parent)
ANSWER_BYTES = 64 * 1024  # the most one answer may hold (a traceback included)
OUTPUT_CHARACTERS = 2000  # the end of what a bot printed, kept for its report

FAILURE_KINDS = ("illegal", "exception", "timeout", "memory", "crash")
"""How a bot can fail a game: an illegal (or unreadable) answer, an exception in its code, out of
time, out of memory, or its process ended (``os._exit``, a signal, a fatal error)."""
#: When a bot failed, in the words its failure message ends with (the keys are what the code says).
DOING = {"start": N_("while starting: running the file and building the agent"), "move": N_("on its move"),
         "setup": N_("on its set-up")}


def _says(key: str, **values) -> dict:
    """A failure's message, stored as its words and values and said in each reader's language."""
    return message("classroom", key, **values)


@dataclass(frozen=True)
class BotLimits:
    """What one bot may use in one game. Times in seconds; ``start_time`` covers starting Python
    and running the file (imports included)."""

    move_time: float = 1.0
    time_bank: float = 10.0
    start_time: float = 20.0
    memory_mb: int = 512
    cpu_seconds: int = 300
    open_files: int = 64
    file_bytes: int = 1 << 20
    network_namespace: bool = True  # use one where the system allows it
    warm_start: bool = True  # fork bots from a process that has imported the kit already (Linux)


class BotFailure(RuntimeError):
    """A bot failed: ``kind`` is one of :data:`FAILURE_KINDS`; ``words`` what happened, as a
    :func:`gamekit.i18n.message` to say in the reader's language (``message`` is it said in the
    language in force when it failed); ``traceback`` is the one from the bot's own process (empty if
    it had none) and ``output`` the end of what it printed."""

    def __init__(self, kind: str, words: dict | str, *, traceback: str = "", output: str = ""):
        self.kind, self.words, self.message = kind, words, say(words)
        super().__init__(self.message)
        self.traceback, self.output = traceback, output


class SandboxedAgent:
    """The agent in ``source`` (a Python file's text), playing from a sandboxed process.

    ``act`` sends the observation and legal actions and returns the legal action whose text the
    bot answered (or the text itself, for the rules to refuse with their reason). Close it (or use
    ``with``) to end the process; a garbage-collected agent ends it too. ``game`` (a game's name)
    loads that game's rules as the bot starts, so that its first move is not charged for them.
    """

    def __init__(self, source: str, *, filename: str = "bot.py", seed: int | None = 0,
                 limits: BotLimits = BotLimits(), game: str | None = None):
        self.limits = limits
        self.bank = limits.time_bank
        self.failure: BotFailure | None = None
        self.scratch = tempfile.mkdtemp(prefix="gamekit-bot-")
        self.process = _start(self.scratch, limits, game)
        self._finalizer = weakref.finalize(self, _end, self.process, self.scratch)
        self._buffer = b""
        first = (source, filename, 0 if seed is None else seed, game)  # the game's rules load before the clock runs
        hello = self._exchange(first, limits.start_time, "start")
        self.name = str(hello.get("hello") or "bot")
        if hello.get("setup") is True:
            self.setup = self._setup  # only then: the arena asks agents that have a setup

    # --- the agent protocol ---------------------------------------------------------------
    def act(self, observation, legal_actions: list):
        allowed = self.limits.move_time + self.bank
        began = time.monotonic()
        reply = self._exchange(("act", observation, list(legal_actions)), allowed, "move")
        self._spend(time.monotonic() - began)
        text = reply.get("action")
        if not isinstance(text, str):
            raise self._fail("illegal", _says(N_("answered something that is not an action's text")))
        by_text = {normalise_text(str(action)): action for action in legal_actions}
        return by_text.get(normalise_text(text), text)  # unknown text: the rules say why it is refused

    def _setup(self, seat: int, options: dict | None = None):
        began = time.monotonic()
        reply = self._exchange(("setup", seat, dict(options or {})),
                               self.limits.move_time + self.bank, "setup")
        self._spend(time.monotonic() - began)
        chosen = reply.get("setup")
        if chosen is not None and not isinstance(chosen, str):
            raise self._fail("illegal", _says(N_("answered a set-up that is not a text")))
        return chosen

    @property
    def output(self) -> str:
        """The end of what the bot printed so far."""
        return _tail(Path(self.scratch, "stdout.txt"))

    def close(self) -> None:
        """End the bot's process group and delete its scratch folder."""
        self._finalizer()

    def __enter__(self) -> SandboxedAgent:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SandboxedAgent {self.name!r} pid={self.process.pid}>"

    # --- the conversation ---------------------------------------------------------------------
    def _spend(self, seconds: float) -> None:
        self.bank = max(0.0, self.bank - max(0.0, seconds - self.limits.move_time))

    def _exchange(self, request, seconds: float, doing: str) -> dict:
        """Send ``request`` and read the answer; ``doing`` (a key of :data:`DOING`) says when it failed."""
        if self.failure is not None:
            raise self.failure
        deadline = time.monotonic() + seconds
        frame = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        if not self._send(struct.pack(">I", len(frame)) + frame, deadline):
            raise self._ended(doing)
        line = self._receive(deadline)
        if line is None:
            raise self._ended(doing)
        when = _says(DOING[doing])
        if line is TimeoutError:
            raise self._fail("timeout", _says(N_("took too long {doing}: {rule}"), doing=when,
                                              rule=self._time_rule(doing)))
        try:
            reply = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            raise self._fail("illegal", _says(N_("wrote something that is not an answer {doing}"), doing=when)) from None
        if not isinstance(reply, dict):
            raise self._fail("illegal", _says(N_("wrote something that is not an answer {doing}"), doing=when))
        if "failure" in reply:
            kind = reply["failure"] if reply["failure"] in ("exception", "memory") else "exception"
            # Translators: {error} is the bot's own exception, as Python wrote it
            raise self._fail(kind, _says(N_("{error} ({doing})"), error=_text(reply.get("error")), doing=when),
                             _text(reply.get("traceback")))
        return reply

    def _time_rule(self, doing: str) -> dict:
        if doing == "start":
            return _says(N_("{seconds} s to start"), seconds=self.limits.start_time)
        return _says(N_("{seconds} s a move, and its {bank} s time bank is used up"),
                     seconds=self.limits.move_time, bank=self.limits.time_bank)

    def _send(self, data: bytes, deadline: float) -> bool:
        """Write ``data`` to the bot before ``deadline`` (a bot that stops reading cannot block
        the league); ``False`` if its process has gone."""
        pipe = self.process.stdin.fileno()
        os.set_blocking(pipe, False)
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [pipe], [], left)[1]:
                return True  # the reply will time out
            try:
                view = view[os.write(pipe, view):]
            except BlockingIOError:
                continue
            except (BrokenPipeError, OSError):
                return False
        return True

    def _receive(self, deadline: float):
        """One line from the bot: bytes, ``None`` if it ended, ``TimeoutError`` if too late."""
        pipe = self.process.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                return TimeoutError
            chunk = os.read(pipe, 65536)
            if not chunk:
                return None
            self._buffer += chunk
            if len(self._buffer) > ANSWER_BYTES:
                raise self._fail("illegal", _says(N_("wrote an answer far too long to be an action")))
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    def _ended(self, doing: str) -> BotFailure:
        """The failure of a bot whose process ended on its own, by its exit status."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        errors, when = _tail(Path(self.scratch, "stderr.txt")), _says(DOING[doing])
        if code is not None and code < 0 and -code == getattr(signal, "SIGXCPU", None):
            return self._fail("timeout", _says(N_("used up its {seconds} CPU seconds {doing}"),
                                               seconds=self.limits.cpu_seconds, doing=when), errors)
        if "MemoryError" in errors:
            return self._fail("memory", _says(N_("ran out of its {memory} MB of memory {doing}"),
                                              memory=str(self.limits.memory_mb), doing=when), errors)
        if code is not None and code < 0:
            words = _says(N_("its process was stopped by signal {signal} {doing}"),
                          signal=signal.Signals(-code).name, doing=when)
        elif code is not None:
            words = _says(N_("its process ended with exit code {code} (os._exit or sys.exit?) {doing}"),
                          code=str(code), doing=when)
        else:
            words = _says(N_("its process stopped answering {doing}"), doing=when)
        return self._fail("crash", words, errors)

    def _fail(self, kind: str, words: dict, trace: str = "") -> BotFailure:
        self.failure = BotFailure(kind, words, traceback=trace, output=self.output)
        self.close()
        return self.failure


def _start(scratch: str, limits: BotLimits, game: str | None):
    """The bot's process: forked by the warm start where there is one, else a new interpreter."""
    config = {"scratch": scratch, "kit": KIT_ROOT, **asdict(limits)}
    config["cpu_seconds"] = int(limits.cpu_seconds)
    config["environment"] = {"PATH": "/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch, "LANG": "C.UTF-8",
                             "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    fence = tuple(network_fence()) if limits.network_namespace else ()
    if limits.warm_start and sys.platform.startswith("linux") and hasattr(socket, "send_fds"):
        zygote = _zygote(game or "", fence)
        try:
            return zygote.spawn(config, scratch)
        except OSError:  # it ended or stopped answering: this bot starts cold, the next one gets a new zygote
            _forget(zygote)
    with open(Path(scratch, "stderr.txt"), "wb") as errors:
        return subprocess.Popen([*fence, sys.executable, "-I", "-B", BOT_PROGRAM, json.dumps(config)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, cwd=scratch,
                                env=config["environment"], start_new_session=True, close_fds=True)


# --- the warm start ---------------------------------------------------------------------------------
class _Zygote:
    """A process that has imported the kit and a game once and forks each bot from there (a bot
    starts in milliseconds instead of importing everything anew). It runs no student code
    itself; each forked bot sets its own session, folder, environment, limits and audit hook
    exactly as a new interpreter would. It dies with the process that started it."""

    def __init__(self, game: str, fence: tuple):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.process = subprocess.Popen(
            [*fence, sys.executable, "-I", "-B", BOT_PROGRAM, "--zygote", KIT_ROOT, game],
            stdin=theirs, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir(),
            env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                 "MKL_NUM_THREADS": "1"}, start_new_session=True, close_fds=True)
        theirs.close()
        ours.settimeout(60)  # its first answer waits for its imports
        self.socket, self.lock = ours, threading.Lock()

    def spawn(self, config: dict, scratch: str) -> _ForkedBot:
        request_read, request_write = os.pipe()
        reply_read, reply_write = os.pipe()
        status_read, status_write = os.pipe()
        errors = os.open(Path(scratch, "stderr.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with self.lock:
                socket.send_fds(self.socket, [json.dumps(config).encode()],
                                [request_read, reply_write, errors, status_write])
                answer = b""
                while len(answer) < 8:
                    chunk = self.socket.recv(8 - len(answer))
                    if not chunk:
                        raise ConnectionError("the warm start has ended")
                    answer += chunk
        except BaseException:
            for fd in (request_write, reply_read, status_read):
                os.close(fd)
            raise
        finally:
            for fd in (request_read, reply_write, errors, status_write):
                os.close(fd)
        return _ForkedBot(struct.unpack(">q", answer)[0], request_write, reply_read, status_read)

    def stop(self) -> None:
        self.socket.close()  # it ends when its socket closes
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class _ForkedBot:
    """A bot forked by a zygote, with the part of ``Popen`` a SandboxedAgent uses; its exit
    status arrives on a pipe (the zygote, its parent, writes it when it reaps the bot)."""

    def __init__(self, pid: int, stdin: int, stdout: int, status: int):
        self.pid, self.returncode = pid, None
        self.stdin, self.stdout = open(stdin, "wb", buffering=0), open(stdout, "rb", buffering=0)
        self._status = status

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._status], [], [], 0)[0]:
            self._read_status()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not select.select([self._status], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired("bot", timeout)
            self._read_status()
        return self.returncode

    def _read_status(self) -> None:
        text = os.read(self._status, 64)
        os.close(self._status)
        self.returncode = int(text) if text.strip().lstrip(b"-").isdigit() else -signal.SIGKILL


_ZYGOTES: dict = {}
_ZYGOTES_LOCK = threading.Lock()


def _zygote(game: str, fence: tuple) -> _Zygote:
    key = (os.getpid(), game, fence)  # a forked process starts its own
    with _ZYGOTES_LOCK:
        zygote = _ZYGOTES.get(key)
        if zygote is None or zygote.process.poll() is not None:
            zygote = _ZYGOTES[key] = _Zygote(game, fence)
        return zygote


def _forget(zygote: _Zygote) -> None:
    with _ZYGOTES_LOCK:
        for key in [k for k, z in _ZYGOTES.items() if z is zygote]:
            del _ZYGOTES[key]
    zygote.stop()


def stop_warm_starts() -> None:
    """End this process's warm-start processes (they also end with it)."""
    with _ZYGOTES_LOCK:
        zygotes = [z for (pid, *_), z in _ZYGOTES.items() if pid == os.getpid()]
        for key in [k for k in _ZYGOTES if k[0] == os.getpid()]:
            del _ZYGOTES[key]
    for zygote in zygotes:
        zygote.stop()


atexit.register(stop_warm_starts)


@functools.cache
def network_fence() -> list[str]:
    """The command prefix that gives a process a network namespace of its own, or ``[]`` where
    the system does not allow it (then the audit hook alone keeps the bot off the network)."""
    unshare = shutil.which("unshare")
    if not sys.platform.startswith("linux") or unshare is None:
        return []
    try:
        probe = subprocess.run([unshare, "--user", "--net", "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [unshare, "--user", "--net"] if probe.returncode == 0 else []


def _end(process, scratch: str) -> None:
    """Kill the bot's whole process group, reap it, and delete its scratch folder."""
    if process.poll() is None:  # once reaped, its number may belong to someone else
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    for pipe in (process.stdin, process.stdout):
        try:
            pipe.close()
        except OSError:
            pass
    shutil.rmtree(scratch, ignore_errors=True)


def _tail(path: Path) -> str:
    try:
        with open(path, "rb") as file:
            file.seek(0, os.SEEK_END)
            file.seek(max(0, file.tell() - OUTPUT_CHARACTERS))
            return file.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


def _text(value) -> str:
    return value if isinstance(value, str) else ""
