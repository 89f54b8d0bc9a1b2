"""A student's bot in its own process: it plays exactly as it would in-process, and every way it can
go wrong ends as a typed failure with the bot's own traceback, its processes gone."""

import os
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from gamekit.core import AgentError, RandomAgent, play_match
from gamekit.league.sandbox import (BOT_PROGRAM, FAILURE_KINDS, BotFailure, BotLimits, SandboxedAgent, network_fence,
                                    stop_warm_starts)
from gamekit.lost_cities.agents import HeuristicAgent as LostCitiesHeuristic
from gamekit.stratego.agents import HeuristicAgent as StrategoHeuristic
from tests.league.bots import FAST, GOOD, HOSTILE, PRINTER, bot, bot_processes

TWO = {"players": 2}


def in_process(source: str, name: str):
    """The class a bot's file defines, built here (to compare the sandboxed bot with)."""
    space: dict = {"__name__": "bot"}
    exec(compile(source, "bot.py", "exec"), space)
    return space[name]


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def failure_of(source: str, limits: BotLimits = FAST, game: str = "milhoes", options=TWO) -> BotFailure:
    """Play ``source`` against a random agent; the failure that stopped it (the test fails if none)."""
    try:
        agent = SandboxedAgent(source, filename="student.py", limits=limits)
    except BotFailure as failure:
        return failure
    try:
        play_match(game, [agent, RandomAgent(seed=1)], seed=5, options=options)
    except AgentError as error:
        assert error.seat == 0 and error.move >= 1
        return error.__cause__ if isinstance(error.__cause__, BotFailure) else error
    finally:
        agent.close()
        assert gone(agent.process.pid) and not Path(agent.scratch).exists()
    pytest.fail("the bot played the whole game without failing")


@pytest.mark.parametrize("warm", [True, False], ids=["forked from the warm start", "a new interpreter"])
def test_a_sandboxed_bot_plays_exactly_as_the_same_class_in_process(warm, no_stray_bots):
    with SandboxedAgent(GOOD, filename="alice.py", seed=4, limits=BotLimits(warm_start=warm)) as sandboxed:
        remote = play_match("milhoes", [sandboxed, RandomAgent(seed=9)], seed=11, options=TWO)
        assert sandboxed.name == "matcher plus one"
    local = play_match("milhoes", [in_process(GOOD, "Matcher")(seed=4), RandomAgent(seed=9)], seed=11, options=TWO)
    assert remote.actions == local.actions and remote.result == local.result


def test_two_step_turns_of_lost_cities_through_the_sandbox(no_stray_bots):
    source = "from gamekit.lost_cities.agents import HeuristicAgent\n\nclass Mine(HeuristicAgent):\n    name = 'mine'\n"
    with SandboxedAgent(source, seed=2) as sandboxed:
        remote = play_match("lost_cities", [RandomAgent(seed=3), sandboxed], seed=8, options={"rounds": 1})
    local = play_match("lost_cities", [RandomAgent(seed=3), LostCitiesHeuristic(seed=2)], seed=8, options={"rounds": 1})
    assert remote.actions == local.actions and remote.result == local.result


def test_a_bot_with_a_setup_deploys_its_own_stratego_pieces(no_stray_bots):
    source = "from gamekit.stratego.agents import HeuristicAgent\n\nclass Mine(HeuristicAgent):\n    name = 'mine'\n"
    with SandboxedAgent(source, seed=6) as sandboxed:
        assert callable(sandboxed.setup)
        remote = play_match("stratego", [sandboxed, RandomAgent(seed=1)], seed=3, max_moves=30)
    local = play_match("stratego", [StrategoHeuristic(seed=6), RandomAgent(seed=1)], seed=3, max_moves=30)
    assert remote.options == local.options and remote.actions == local.actions
    assert remote.options["setups"][0] is not None  # the bot's own deployment, not a shuffled one


def test_a_bot_without_setup_has_none():
    with SandboxedAgent(GOOD) as sandboxed:
        assert not hasattr(sandboxed, "setup")


@pytest.mark.parametrize("warm", [True, False], ids=["warm", "cold"])
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_every_hostile_bot_ends_as_a_typed_failure(name, warm, no_stray_bots):
    source, kind = HOSTILE[name]
    failure = failure_of(source, replace(FAST, warm_start=warm))
    assert isinstance(failure, BotFailure) or kind == "illegal"
    found = failure.kind if isinstance(failure, BotFailure) else "illegal"
    assert found == kind and found in FAILURE_KINDS
    assert str(failure)


def test_the_traceback_comes_from_the_bots_own_file():
    failure = failure_of(HOSTILE["raises"][0])
    assert 'File "student.py", line 9, in act' in failure.traceback
    assert "IndexError: list index out of range" in failure.traceback
    assert "bot_process" not in failure.traceback  # the kit's own frames are left out


def test_an_import_error_is_reported_when_the_bot_starts():
    failure = failure_of(HOSTILE["import_error"][0])
    assert "No module named 'a_module_nobody_wrote'" in str(failure) and "while starting" in str(failure)
    assert 'File "student.py", line 1, in <module>' in failure.traceback


def test_a_socket_is_refused_by_the_audit_hook():
    failure = failure_of(HOSTILE["socket"][0])
    assert "PermissionError: a league bot may not" in failure.traceback
    assert "network" in failure.traceback


def test_an_illegal_move_names_the_answer_and_the_rules_reason():
    error = failure_of(bot("from gamekit.milhoes import Bid\nreturn Bid(12)"))  # legal once, then spent
    assert isinstance(error, AgentError) and error.action == "'bid 12'"
    assert error.move == 2 and "which is illegal" in error.error


def test_what_a_bot_prints_never_reaches_the_conversation(no_stray_bots):
    with SandboxedAgent(PRINTER, limits=FAST) as sandboxed:
        record = play_match("milhoes", [sandboxed, RandomAgent(seed=1)], seed=5, options=TWO)
        assert record.result["winners"]
        assert sandboxed.output.count("thinking about") == len(record.actions)


def test_the_time_bank_absorbs_one_slow_move_and_without_it_the_move_times_out(no_stray_bots):
    slow_first = bot("import time\nif len(observation.hand) == 12:\n    time.sleep(0.6)\nreturn legal_actions[0]")
    with SandboxedAgent(slow_first, limits=BotLimits(move_time=0.3, time_bank=3.0)) as banked:
        play_match("milhoes", [banked, RandomAgent(seed=1)], seed=5, options=TWO)
        assert banked.bank < 3.0
    failure = failure_of(slow_first, BotLimits(move_time=0.3, time_bank=0.0))
    assert failure.kind == "timeout" and "time bank" in str(failure)


def test_a_bot_may_use_its_scratch_folder_but_nothing_outside_it(no_stray_bots):
    notes = bot("with open('notes.txt', 'a') as notes:\n    notes.write('x')\nreturn legal_actions[0]")
    with SandboxedAgent(notes, limits=FAST) as sandboxed:
        play_match("milhoes", [sandboxed, RandomAgent(seed=1)], seed=5, options=TWO)
        assert Path(sandboxed.scratch, "notes.txt").read_text() == "x" * 12
    for reach in ("open(__import__('gamekit').__file__, 'a')", "open('/etc/hostname').read()",
                  "__import__('os').listdir('/tmp')", f"open({str(Path(__file__))!r}).read()"):
        failure = failure_of(bot(f"{reach}\nreturn legal_actions[0]"))
        assert failure.kind == "exception" and "PermissionError: a league bot may not" in failure.traceback


def test_a_file_that_names_its_agent_class_or_has_one_is_understood():
    several = "class A:\n    def act(self, o, l):\n        return l[0]\n\nclass B(A):\n    pass\n"
    with pytest.raises(BotFailure, match="several agent classes"):
        SandboxedAgent(several)
    with pytest.raises(BotFailure, match="no class with an act"):
        SandboxedAgent("x = 1\n")
    with SandboxedAgent(several + "\nAGENT = B\n") as chosen:
        assert chosen.name == "B"  # no name attribute: the class's name


@pytest.mark.skipif(not network_fence(), reason="this system gives no unprivileged network namespace")
def test_the_network_fence_leaves_only_a_loopback_interface():
    names = subprocess.run([*network_fence(), sys.executable, "-c", "import socket; print(socket.if_nameindex())"],
                           capture_output=True, text=True, check=True).stdout
    assert "'lo'" in names and "eth" not in names


def test_closing_twice_and_a_forgotten_agent_leave_no_process(no_stray_bots):
    agent = SandboxedAgent(GOOD)
    pid = agent.process.pid
    agent.close()
    agent.close()
    assert gone(pid)
    forgotten = SandboxedAgent(GOOD)
    pid = forgotten.process.pid
    del forgotten  # garbage collected: its finaliser ends the process
    assert gone(pid) and bot_processes() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_bot_dies_with_the_process_that_started_it(no_stray_bots):
    owner = ("import os, sys\nfrom gamekit.league.sandbox import SandboxedAgent\n"
             "agent = SandboxedAgent('class B:\\n    def act(self, o, l):\\n        return l[0]\\n')\n"
             "print(agent.process.pid, agent.scratch, flush=True)\nos._exit(0)  # no close, no finaliser: a worker killed\n")
    started = subprocess.run([sys.executable, "-c", owner], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    pid, scratch = started.stdout.split()
    pid = int(pid)
    shutil.rmtree(scratch)  # what a killed worker leaves behind (the operating system empties /tmp)
    for _ in range(100):
        if gone(pid):
            break
        time.sleep(0.05)
    assert gone(pid)


@pytest.mark.parametrize("warm", [True, False], ids=["warm", "cold"])
def test_a_bot_holds_only_its_own_descriptors(warm):
    counts = bot("import os\nheld = []\nfor fd in range(256):\n    try:\n        os.fstat(fd)\n"
                 "        held.append(fd)\n    except OSError:\n        pass\nraise RuntimeError(held)")
    failure = failure_of(counts, replace(FAST, warm_start=warm))
    assert "RuntimeError: [0, 1, 2, 3, 4]" in str(failure)  # no pipe of another bot, nor the warm start's


def test_the_warm_start_ends_when_asked_and_a_new_one_follows(no_stray_bots):
    with SandboxedAgent(GOOD, game="milhoes"):
        pass
    stop_warm_starts()
    mine = [proc for proc in Path("/proc").iterdir() if proc.name.isdigit() and _child_running_bots(proc)]
    assert mine == []
    with SandboxedAgent(GOOD, game="milhoes") as again:  # started afresh on demand
        assert again.name == "matcher plus one"


def _child_running_bots(proc: Path) -> bool:
    try:
        parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        return parent == os.getpid() and BOT_PROGRAM.encode() in (proc / "cmdline").read_bytes()
    except (OSError, ValueError, IndexError):
        return False
