"""Seeded randomness: every game and agent owns a ``random.Random`` built from a known seed."""

import random
import secrets


def fresh_seed() -> int:
    """A new seed, for callers who passed ``seed=None``; stored, so the game can be replayed."""
    return secrets.randbits(32)


def make_rng(seed: int | None) -> tuple[random.Random, int]:
    """Return ``(rng, seed)``; with ``seed=None`` a fresh seed is drawn and returned.

    ``random.Random`` seeds with the absolute value of an int, so ``s`` and ``-s`` would deal the
    same game: a negative seed seeds from its text instead (hashed with SHA-512, the same on
    every machine), and every seed of 0 or more deals exactly what ``random.Random(seed)`` does.
    """
    if seed is None:
        seed = fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be a whole number, not {_excerpt(seed)}")
    seed = int(seed)  # a subclass of int (a NumPy integer, a marker) seeds as its value
    return random.Random(seed if seed >= 0 else f"gamekit seed {seed}"), seed


def _excerpt(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + " ..."


def derive_seed(seed: int, *labels) -> int:
    """A child seed for game ``labels`` of a series, independent of the others and stable."""
    return random.Random(f"{seed}/" + "/".join(map(str, labels))).getrandbits(32)


def _shuffle_plan(length: int) -> tuple:
    """For each swap of a shuffle of ``length`` items: (position, candidates, random bits)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


_SHUFFLE_PLANS = [_shuffle_plan(length) for length in range(129)]


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)``, drawing exactly the same numbers, so a seed deals what
    ``random.shuffle`` would; about twice as fast, because it skips ``shuffle``'s Python call per
    item and looks each swap's bit count up in a table (dealing is most of a new game's cost)."""
    length = len(items)
    plan = _SHUFFLE_PLANS[length] if length < len(_SHUFFLE_PLANS) else _shuffle_plan(length)
    getrandbits = rng.getrandbits
    for i, size, bits in plan:
        j = getrandbits(bits)
        while j >= size:  # rejection, as Random._randbelow does: every position equally likely
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
