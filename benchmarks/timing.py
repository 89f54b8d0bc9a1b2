"""The one timing rule the speed benchmarks share."""

from __future__ import annotations

import time
from collections.abc import Callable


def least_cpu_seconds(work: Callable[[], object], repeats: int) -> float:
    """The least CPU time ``work()`` took over ``repeats`` runs: on a shared machine the fastest
    run is the one least disturbed by other work."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)
