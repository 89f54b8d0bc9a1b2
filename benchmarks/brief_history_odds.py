"""Time to compute every exact odds table of the Brief History dice lesson (goal: under 10 ms).

Run: ``python benchmarks/brief_history_odds.py``. Prints the median of several repetitions.
"""

from __future__ import annotations

import statistics
import time

from gamekit.brief_history import odds


def all_exact_tables() -> int:
    """Everything the lesson prints: points distributions, success by terrain, the continuing chain."""
    tables = odds.exact_tables(max_attacker_dice=4, max_defender_dice=2)
    rows = odds.success_rows(max_attacker_dice=4, max_defender_dice=2)
    chains = [odds.expected_attempts(a, d, cost, fear=fear)
              for a in range(1, 5) for d in (1, 2) for cost in (1, 2) for fear in (False, True)]
    limited = [odds.continuing_invasion(a, d, cost, armies=n)
               for a in range(1, 4) for d in (1, 2) for cost in (1, 2) for n in range(1, 7)]
    vikings = [odds.success_probability(1, d, cost, b, viking_sea=True)
               for d in (1, 2) for cost in (1, 2) for b in range(4)]
    return len(tables) + len(rows) + len(chains) + len(limited) + len(vikings)


def main(repeats: int = 21) -> None:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        count = all_exact_tables()
        timings.append(time.perf_counter() - start)
    print(f"{count} exact tables (4 dice vs 2, bonus 0..3, Fear, costs 1 and 2, chains, organisers 1..6)")
    print(f"median {statistics.median(timings) * 1000:.2f} ms, best {min(timings) * 1000:.2f} ms "
          f"over {repeats} runs (goal < 10 ms)")


if __name__ == "__main__":
    main()
