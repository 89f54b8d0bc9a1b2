"""Running a lesson on a fresh kernel (handouts, refreshed outputs): a reply whose wake-up the first
poll missed is picked up within a slice, not at the cell's timeout."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from queue import Empty

import nbformat
import pytest

from gamekit.handouts.running import PatientKernelClient, PatientShellChannel, lesson_client, patiently


def run(coroutine):
    """The coroutine run to its end on an event loop of its own (in a thread: a test run may have
    one running already in this thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_reply_missed_by_the_first_polls_is_read_at_the_next_slice():
    asked = []

    async def get(seconds):
        asked.append(seconds)
        if len(asked) < 3:
            raise Empty
        return {"msg_type": "execute_reply"}

    reply = run(patiently(get, timeout=600, step=0.01))
    assert reply == {"msg_type": "execute_reply"} and asked == [0.01, 0.01, 0.01]


def test_nothing_at_all_still_times_out_at_the_deadline():
    asked = []

    async def get(seconds):
        asked.append(seconds)
        await asyncio.sleep(seconds)
        raise Empty

    start = time.monotonic()
    with pytest.raises(Empty):
        run(patiently(get, timeout=0.05, step=0.02))
    assert time.monotonic() - start >= 0.05
    assert all(0 <= seconds <= 0.02 for seconds in asked) and len(asked) >= 3


def test_no_timeout_waits_in_slices_until_something_comes():
    count = 0

    async def get(seconds):
        nonlocal count
        count += 1
        assert seconds == 0.01
        if count < 5:
            raise Empty
        return {"ok": True}

    assert run(patiently(get, timeout=None, step=0.01)) == {"ok": True}


def test_the_client_reads_the_shell_channel_patiently():
    assert PatientKernelClient.shell_channel_class.default_value is PatientShellChannel


def test_a_notebook_with_an_interact_cell_runs_through(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from ipywidgets import interact, IntSlider"),
        nbformat.v4.new_code_cell("view = interact(lambda x=1: print(x * 2), x=IntSlider(value=3, max=5))"),
        nbformat.v4.new_code_cell("print('after', view.widget.children[0].value)"),
    ])
    lesson_client(notebook, tmp_path, timeout=120).execute()
    assert notebook.cells[2].outputs[0]["text"] == "after 3\n"
    shown = [output["data"] for output in notebook.cells[1].outputs if output["output_type"] == "display_data"]
    assert any("application/vnd.jupyter.widget-view+json" in data for data in shown)  # the sliders and their output
