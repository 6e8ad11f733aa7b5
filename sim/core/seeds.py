"""Seed derivation: every random stream comes from one base seed through SeedSequence.

Game `i` of an experiment gets the child sequence with spawn key `(i,)` of the base
seed, exactly what `SeedSequence(base).spawn(n)[i]` gives, so a game's randomness
depends only on (base seed, game index): never on chunking, worker count or backend.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np


@lru_cache(maxsize=64)
def game_seed(base_seed: int, index: int, *path: int) -> int:
    """The 63-bit seed of game `index` spawned from `base_seed` (and an optional key path). Kept for the last
    few games: the runner asks for a game's seed as it starts the game and again for its row (some 50 µs each)."""
    child = np.random.SeedSequence(entropy=base_seed, spawn_key=(*path, index))
    return int(child.generate_state(1, np.uint64)[0]) >> 1


def derive_seeds(base_seed: int, count: int, *path: int) -> list[int]:
    """The seeds of games 0 .. count-1."""
    return [game_seed(base_seed, index, *path) for index in range(count)]


def python_rng(seed: int, *path: int) -> random.Random:
    """A fast stdlib generator for the hot path, seeded through SeedSequence."""
    sequence = np.random.SeedSequence(entropy=seed, spawn_key=tuple(path))
    return random.Random(int(sequence.generate_state(1, np.uint64)[0]))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place into the very permutation `rng.shuffle(items)` gives, from the same draws.

    `random.Random.shuffle` asks `_randbelow` (a Python method, which asks `getrandbits` until the draw falls
    below the bound) once per item; this is that loop written out, with no Python call per item but the draw,
    and with each step's index and bit length read from a table kept per list length (`_steps`): less than half
    the time for a lookahead's determinizations, a shuffle of every unseen card each (docs/research/code-figures.md).
    Both draw `getrandbits(k)` for the bound's bit length `k` and redraw while the draw is above the index
    (tests/core/test_core.py checks the two agree)."""
    getrandbits = rng.getrandbits
    for index, bits in _steps(len(items)):
        pick = getrandbits(bits)
        while pick > index:
            pick = getrandbits(bits)
        items[index], items[pick] = items[pick], items[index]


@lru_cache(maxsize=1024)
def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """The Fisher-Yates steps of a list of `size` items: each index from the last down to 1, with the bit
    length of the number of items up to it."""
    return tuple((index, (index + 1).bit_length()) for index in range(size - 1, 0, -1))
