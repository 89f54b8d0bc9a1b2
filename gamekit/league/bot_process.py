"""The program one student bot runs in: ``python -I bot_process.py CONFIG`` (started by
:class:`gamekit.league.sandbox.SandboxedAgent`, never imported by the server).

Before the student's code is compiled it takes the pipes to the league for itself (fd 0 and 1
then lead to ``/dev/null`` and a file, so a bot that prints or reads input cannot disturb the
conversation), sets its resource limits, asks the kernel to end it with its parent, and installs
an audit hook (see :mod:`gamekit.league.sandbox` for what that stops and what it does not).

The conversation: the league writes frames (4-byte length, then a pickle made by the league) —
first ``(source, filename, seed, game)``, then ``("act", observation, legal_actions)`` or
``("setup", seat, options)``; the bot answers one line of JSON each: ``{"hello": name, "setup":
bool}``, ``{"action": text}``, ``{"setup": text or null}``, or ``{"failure": kind, "error": ...,
"traceback": ...}``. Only plain text goes back: the league never unpickles what a bot writes.
Only the standard library is imported here before the hook is in place.
"""

import importlib
import json
import linecache
import os
import pickle
import signal
import struct
import sys
import traceback
import types

ANSWER_CHARACTERS = 1000  # longer "action texts" are cut (the league refuses them anyway)
TRACEBACK_CHARACTERS = 8000


def main(config: dict) -> None:
    requests, replies = take_pipes(config["scratch"])
    limit_resources(config)
    end_with_parent()
    sys.path.insert(0, config["kit"])  # the kit, so that observations unpickle and bots may use it
    install_audit_hook(config["scratch"], config["kit"])
    reserve = bytearray(1 << 20)  # given back on a MemoryError, so that the report can be written
    source, filename, seed, game = read_frame(requests)
    try:
        if game is not None:
            importlib.import_module(f"gamekit.{game}")
        agent = load_agent(source, filename, seed)
    except BaseException as error:  # noqa: BLE001 - a syntax error, an import error, anything
        reserve.clear()
        answer(replies, failure(error))
        return
    answer(replies, {"hello": str(getattr(agent, "name", type(agent).__name__))[:80],
                     "setup": callable(getattr(agent, "setup", None))})
    while True:
        request = read_frame(requests)
        try:
            if request[0] == "act":
                answer(replies, {"action": answer_text(agent.act(request[1], request[2]))})
            elif request[0] == "setup":
                chosen = agent.setup(request[1], request[2])
                answer(replies, {"setup": None if chosen is None else answer_text(chosen)})
        except BaseException as error:  # noqa: BLE001 - SystemExit too: it is the bot's failure
            reserve.clear()
            answer(replies, failure(error))
            return


def take_pipes(scratch: str):
    """The league's pipes on fresh descriptors; fd 0 reads nothing, fd 1 writes to a file."""
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    replies = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    printed = os.open(os.path.join(scratch, "stdout.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(printed, 1)
    os.close(null)
    os.close(printed)
    sys.stdout.reconfigure(line_buffering=True)  # what it printed is there when it is stopped
    return requests, replies


def limit_resources(config: dict) -> None:
    """Address space, CPU seconds, open files, file size, no core dumps, a lower priority."""
    try:
        import resource
    except ImportError:  # not a Unix: the league's wall clock still limits each move
        return
    megabytes = config["memory_mb"] << 20
    limits = [("RLIMIT_AS", megabytes, megabytes),
              ("RLIMIT_CPU", config["cpu_seconds"], config["cpu_seconds"] + 1),
              ("RLIMIT_NOFILE", config["open_files"], config["open_files"]),
              ("RLIMIT_FSIZE", config["file_bytes"], config["file_bytes"]),
              ("RLIMIT_CORE", 0, 0)]
    for name, soft, hard in limits:
        if hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (soft, hard))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the size limit fails, not the process
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(5)  # the server's pages answer first


def end_with_parent() -> None:
    """Linux: the kernel kills this process when the league's process that started it ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() == 1:  # the parent was already gone
        os._exit(1)


# Audit events a bot is refused: the network, new processes, signals, native code.
REFUSED = {
    "socket.__new__": "open a network socket", "socket.connect": "connect to the network",
    "socket.bind": "listen on the network", "socket.getaddrinfo": "look up a network address",
    "socket.gethostbyname": "look up a network address", "socket.sendto": "send on the network",
    "os.system": "run a command", "os.exec": "run a program", "os.posix_spawn": "start a process",
    "os.spawn": "start a process", "os.fork": "start a process", "os.forkpty": "start a process",
    "subprocess.Popen": "start a process", "os.kill": "send signals", "os.killpg": "send signals",
    "ctypes.dlopen": "load native code", "ctypes.dlsym": "load native code",
    "ctypes.call_function": "call native code", "webbrowser.open": "open a web browser",
}
# Audit events whose first argument is a path that must lie inside the scratch folder.
WRITES = {"os.remove", "os.rmdir", "os.rename", "os.mkdir", "os.chmod", "os.chown", "os.link",
          "os.symlink", "os.truncate", "os.utime", "shutil.rmtree"}
LISTINGS = {"os.listdir", "os.scandir", "glob.glob"}


def install_audit_hook(scratch: str, kit: str) -> None:
    """Refuse the events above, writes outside ``scratch``, and reading anything but ``scratch``,
    the Python libraries and the kit's package (so one bot cannot read another's file). The
    kit's parent folder may be listed (imports look there), not read."""
    scratch, kit = os.path.realpath(scratch), os.path.realpath(kit)
    libraries = {os.path.realpath(p) for p in sys.path if p and os.path.isdir(p)} - {kit}
    readable = tuple(sorted(libraries | {scratch, os.path.join(kit, "gamekit")}))
    devices = frozenset({os.devnull, "/dev/urandom", "/dev/random"})
    refused, writes, listings = dict(REFUSED), frozenset(WRITES), frozenset(LISTINGS)
    realpath, fspath, sep = os.path.realpath, os.fspath, os.sep

    def where(path) -> str:
        return realpath(path.decode(errors="replace") if isinstance(path, bytes) else fspath(path))

    def inside(path, folders) -> bool:
        if isinstance(path, int):  # an open descriptor: it was allowed when opened
            return True
        place = where(path)
        return place in devices or any(place == f or place.startswith(f + sep) for f in folders)

    def hook(event: str, args: tuple) -> None:
        if event in refused:
            raise PermissionError(f"a league bot may not {refused[event]} ({event})")
        if event == "open" and args[0] is not None:
            mode, flags = args[1] or "r", args[2] or 0
            writing = any(c in mode for c in "wax+") or flags & (os.O_WRONLY | os.O_RDWR)
            if not inside(args[0], (scratch,) if writing else readable):
                raise PermissionError(f"a league bot may not open {args[0]!r}: only its own folder")
        elif event in writes and args and not inside(args[0], (scratch,)):
            raise PermissionError(f"a league bot may not change {args[0]!r}: only its own folder")
        elif event in listings and args:
            folder = "." if args[0] is None else args[0]
            if not inside(folder, readable) and (isinstance(folder, int) or where(folder) != kit):
                raise PermissionError(f"a league bot may not look into {folder!r}: only its own folder")

    sys.addaudithook(hook)


def load_agent(source: str, filename: str, seed: int):
    """Run the student's file as module ``bot`` and build its agent class with ``seed``."""
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)  # tracebacks show lines
    module = types.ModuleType("bot")
    module.__file__ = filename
    sys.modules["bot"] = module
    exec(compile(source, filename, "exec"), module.__dict__)
    agent_class = find_agent_class(module)
    try:
        return agent_class(seed=seed)
    except TypeError:  # a class whose __init__ takes no seed
        return agent_class()


def find_agent_class(module):
    """``AGENT`` if the file names its class so, else the one class defined in it with ``act``."""
    chosen = getattr(module, "AGENT", None)
    if isinstance(chosen, type):
        return chosen
    classes = [value for value in vars(module).values() if isinstance(value, type)
               and value.__module__ == "bot" and callable(getattr(value, "act", None))]
    if len(classes) == 1:
        return classes[0]
    if not classes:
        raise LookupError("the file defines no class with an act(observation, legal_actions) method")
    names = ", ".join(sorted(c.__name__ for c in classes))
    raise LookupError(f"the file defines several agent classes ({names}): "
                      "say which one plays with a line such as AGENT = " + classes[0].__name__)


def answer_text(answer) -> str:
    text = answer if isinstance(answer, str) else str(answer)
    return text[:ANSWER_CHARACTERS]


def failure(error: BaseException) -> dict:
    kind = "memory" if isinstance(error, MemoryError) else "exception"
    if error.__traceback__ is not None:
        traceback.clear_frames(error.__traceback__)  # the frames' locals (a memory hog's list) go
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    lines = [line for line in lines if __file__ not in line]  # the student's frames only
    text = "".join(lines)
    if len(text) > TRACEBACK_CHARACTERS:
        text = "...\n" + text[-TRACEBACK_CHARACTERS:]
    return {"failure": kind, "error": "".join(traceback.format_exception_only(type(error), error)).strip()[:300],
            "traceback": text}


def read_frame(stream):
    head = stream.read(4)
    if len(head) < 4:
        os._exit(0)  # the league closed the pipe: the game is over
    size = struct.unpack(">I", head)[0]
    body = b""
    while len(body) < size:
        chunk = stream.read(size - len(body))
        if not chunk:
            os._exit(0)
        body += chunk
    return pickle.loads(body)  # written by the league, which is trusted


def answer(stream, message: dict) -> None:
    stream.write(json.dumps(message).encode() + b"\n")


# --- the warm start ---------------------------------------------------------------------------
def zygote(kit: str, game: str) -> None:
    """Import the kit and ``game`` once, then fork a bot for every request on fd 0 (a Unix
    socket from the league): a JSON config with four descriptors (the bot's request pipe, reply
    pipe, error file, and a pipe on which its exit status is written when it ends). Answers each
    with the bot's process id. Ends when the league closes the socket; the bots end with it."""
    import select
    import socket

    sys.path.insert(0, kit)
    for name in (f"gamekit.{game}", f"gamekit.{game}.agents") if game else ():
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    end_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control = socket.socket(fileno=0)
    wake_read, wake_write = os.pipe()
    for fd in (wake_read, wake_write):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    statuses: dict[int, int] = {}
    while True:
        ready = select.select([control, wake_read], [], [])[0]
        if wake_read in ready:
            while True:
                try:
                    if not os.read(wake_read, 512):
                        break
                except BlockingIOError:
                    break
        reap(statuses)
        if control not in ready:
            continue
        message, fds, _, _ = socket.recv_fds(control, 65536, 4)
        if not message or len(fds) != 4:
            os._exit(0)  # the league has gone
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            control.detach()  # fd 0 becomes the bot's request pipe just below
            for fd in (wake_read, wake_write):
                os.close(fd)
            forked_bot(json.loads(message), fds)
        for fd in fds[:3]:
            os.close(fd)
        statuses[pid] = fds[3]
        control.sendall(struct.pack(">q", pid))


def reap(statuses: dict) -> None:
    """Collect the bots that ended and write each one's exit status to its status pipe."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        fd = statuses.pop(pid, None)
        if fd is not None:
            try:
                os.write(fd, str(os.waitstatus_to_exitcode(status)).encode())
            except OSError:
                pass
            os.close(fd)


def forked_bot(config: dict, fds: list) -> None:
    """A bot forked by the zygote: a session and descriptors of its own, then :func:`main`."""
    code = 0
    try:
        os.setsid()
        for target, fd in enumerate(fds[:3]):
            os.dup2(fd, target)
        os.closerange(3, 65536)  # the zygote's other descriptors (other bots' status pipes) stay out of reach
        os.chdir(config["scratch"])
        os.environ.clear()
        os.environ.update(config["environment"])
        main(config)
    except BaseException:  # noqa: BLE001 - whatever happens, this process never returns to the zygote's loop
        code = 1
        traceback.print_exc()
    finally:
        os._exit(code)


if __name__ == "__main__":
    if sys.argv[1] == "--zygote":
        zygote(sys.argv[2], sys.argv[3])
    else:
        main(json.loads(sys.argv[1]))
