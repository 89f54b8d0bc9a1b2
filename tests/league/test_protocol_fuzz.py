"""Fuzzed answers: whatever text a bot answers and whatever bytes it writes into the league's pipe,
the league gets a legal action, a refusal from the rules, or a typed failure, and nothing else."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.core import IllegalActionError
from gamekit.league.sandbox import BotFailure, SandboxedAgent
from gamekit.milhoes import new_game
from tests.league.bots import FAST, bot, bot_processes

FUZZ = settings(max_examples=15, deadline=None, derandomize=True)


@FUZZ
@given(st.text(max_size=300))
def test_any_answer_text_is_a_legal_action_or_refused_by_the_rules(text):
    state = new_game(players=2, seed=3)
    before = (state.history[:], str(state))
    with SandboxedAgent(bot(f"return {text!r}"), limits=FAST, game="milhoes") as agent:
        answer = agent.act(state.observation(0), state.legal_actions(0))
    if answer in state.legal_actions(0):
        assert str(answer).lower() == " ".join(text.split()).lower()
    else:
        assert answer == text[:1000]
        try:
            state.apply_joint({0: answer, 1: state.legal_actions(1)[0]})
        except IllegalActionError:
            assert (state.history, str(state)) == before
        else:
            raise AssertionError(f"{text!r} was applied although it names no legal action")


@FUZZ
@given(st.binary(max_size=400))
def test_bytes_written_into_the_pipe_are_an_answer_or_a_typed_failure(garbage):
    writes = f"import os\nfor fd in range(3, 12):\n    try:\n        os.write(fd, {garbage!r})\n    except OSError:\n" \
             "        pass\nreturn legal_actions[0]"
    state = new_game(players=2, seed=3)
    try:
        with SandboxedAgent(bot(writes), limits=FAST, game="milhoes") as agent:
            answer = agent.act(state.observation(0), state.legal_actions(0))
            assert answer in state.legal_actions(0) or isinstance(answer, str)
    except BotFailure as failure:
        assert failure.kind in ("illegal", "exception", "timeout")
    assert bot_processes() == []
