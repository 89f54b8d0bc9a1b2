"""Seeded randomness: every game and agent owns a ``random.Random`` built from a known seed."""

import random
import secrets


def fresh_seed() -> int:
    """A new seed, for callers who passed ``seed=None``; stored, so the game can be replayed."""
    return secrets.randbits(32)


def make_rng(seed: int | None) -> tuple[random.Random, int]:
    """Return ``(rng, seed)``; with ``seed=None`` a fresh seed is drawn and returned."""
    if seed is None:
        seed = fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be a whole number, not {seed!r}")
    return random.Random(seed), seed


def derive_seed(seed: int, *labels) -> int:
    """A child seed for game ``labels`` of a series, independent of the others and stable."""
    return random.Random(f"{seed}/" + "/".join(map(str, labels))).getrandbits(32)
