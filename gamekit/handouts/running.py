"""Running a lesson top to bottom on a fresh kernel (the handouts, and refreshing the lessons' outputs).

nbclient waits for each cell's reply with one poll of the kernel's shell socket that lasts the whole
cell timeout. After a cell that shows widgets (an ``interact`` with a plotly figure inside, in lesson
21), that poll sometimes misses the reply's wake-up and returns only at the timeout, with the reply
that had been waiting all along: the lesson stalls for the whole timeout (ten minutes for a handout)
and then goes on as if nothing happened. Measured: 2 runs in 3 of lesson 21, 1 in 6 of a
three-cell notebook. Polling in half-second slices until the same deadline picks the reply up
within half a second (0 stalls in 8 runs of the same notebook).
"""

from __future__ import annotations

import time
from pathlib import Path
from queue import Empty
from typing import Awaitable, Callable

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from traitlets import Type

SLICE = 0.5  # seconds: how late a reply whose wake-up was missed may be picked up


async def patiently(get: Callable[[float], Awaitable[dict]], timeout: float | None, step: float = SLICE) -> dict:
    """``get(seconds)`` (which raises :class:`queue.Empty` when nothing came) asked again every
    ``step`` seconds until something comes or ``timeout`` has passed (``None``: no end)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        left = None if deadline is None else deadline - time.monotonic()
        try:
            return await get(step if left is None else max(0.0, min(step, left)))
        except Empty:
            if left is not None and time.monotonic() >= deadline:
                raise


class PatientShellChannel(AsyncZMQSocketChannel):
    """The shell channel, read in slices (see the module's docstring)."""

    async def get_msg(self, timeout: float | None = None) -> dict:
        read = super().get_msg
        return await patiently(lambda seconds: read(timeout=seconds), timeout)


class PatientKernelClient(AsyncKernelClient):
    shell_channel_class = Type(PatientShellChannel)


def lesson_client(notebook, folder: str | Path, *, timeout: int = 600, **options) -> NotebookClient:
    """An nbclient that runs ``notebook`` in ``folder`` on a fresh ``python3`` kernel, reading the
    kernel's replies patiently; ``options`` go to :class:`nbclient.NotebookClient`."""
    manager = AsyncKernelManager(kernel_name="python3", client_class=f"{__name__}.PatientKernelClient")
    return NotebookClient(notebook, km=manager, timeout=timeout, kernel_name="python3",
                          resources={"metadata": {"path": str(folder)}}, **options)
