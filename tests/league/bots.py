"""Bots for the league's tests: a good one, and one for every way a student's bot can go wrong."""

from pathlib import Path

from gamekit.league.sandbox import BOT_PROGRAM, BotLimits

GOOD = '''
from gamekit.milhoes.agents import matching_card


class Matcher:
    """Bids one above what matching would, the capstone lesson's template."""
    name = "matcher plus one"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, observation, legal_actions):
        hand = sorted(bid.card for bid in legal_actions)
        want = matching_card(sum(observation.pot), hand, sorted(observation.points)) + 1
        card = min(hand, key=lambda c: (abs(c - want), c))
        return next(bid for bid in legal_actions if bid.card == card)
'''


def bot(body: str, header: str = "") -> str:
    """A bot whose ``act`` runs ``body`` (indented code), after module-level ``header``."""
    lines = "\n".join("        " + line for line in body.strip().splitlines())
    return f"{header}\nclass Bot:\n    name = 'bot'\n\n    def __init__(self, seed=0):\n        self.seed = seed\n\n" \
           f"    def act(self, observation, legal_actions):\n{lines}\n"


# name: (source, the kind of failure it must end as)
HOSTILE = {
    "infinite_loop": (bot("while True:\n    pass"), "timeout"),
    "memory_hog": (bot("hoard = []\nwhile True:\n    hoard.append(bytes(50_000_000))"), "memory"),
    "garbage": (bot("return 'fly to Mars'"), "illegal"),
    "not_text": (bot("return {'a': object()}"), "illegal"),
    "socket": (bot("import socket\nsocket.create_connection(('127.0.0.1', 9399), timeout=1)\nreturn legal_actions[0]"),
               "exception"),
    "os_exit": (bot("import os\nos._exit(3)"), "crash"),
    "import_error": (bot("return legal_actions[0]", header="import a_module_nobody_wrote"), "exception"),
    "raises": (bot("return legal_actions[len(legal_actions)]"), "exception"),
    "sys_exit": (bot("raise SystemExit(0)"), "exception"),
    "forks": (bot("import os\nos.fork()\nreturn legal_actions[0]"), "exception"),
    "protocol_garbage": (bot("import os\nfor fd in range(3, 12):\n    try:\n        os.write(fd, b'not json at all\\n')\n"
                             "    except OSError:\n        pass\nreturn legal_actions[0]"), "illegal"),
}

PRINTER = bot("print('thinking about', observation.pot)\nreturn legal_actions[0]")

FAST = BotLimits(move_time=0.5, time_bank=0.5, start_time=30.0, memory_mb=200, cpu_seconds=60)


def bot_processes() -> list[int]:
    """This worktree's bots still running (of any parent): none must be left. The warm-start
    processes that fork them (``--zygote``, no student code) are not bots; what they fork is."""
    commands = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                command = (proc / "cmdline").read_bytes()
                parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if BOT_PROGRAM.encode() in command:
                commands[int(proc.name)] = (command, parent)
    return [pid for pid, (command, parent) in commands.items()
            if b"--zygote" not in command or parent in commands]
