"""Seed derivation: every random stream comes from one base seed through SeedSequence.

Game `i` of an experiment gets the child sequence with spawn key `(i,)` of the base
seed, exactly what `SeedSequence(base).spawn(n)[i]` gives, so a game's randomness
depends only on (base seed, game index): never on chunking, worker count or backend.
"""

from __future__ import annotations

import random

import numpy as np


def game_seed(base_seed: int, index: int, *path: int) -> int:
    """The 63-bit seed of game `index` spawned from `base_seed` (and an optional key path)."""
    child = np.random.SeedSequence(entropy=base_seed, spawn_key=(*path, index))
    return int(child.generate_state(1, np.uint64)[0]) >> 1


def derive_seeds(base_seed: int, count: int, *path: int) -> list[int]:
    """The seeds of games 0 .. count-1."""
    return [game_seed(base_seed, index, *path) for index in range(count)]


def python_rng(seed: int, *path: int) -> random.Random:
    """A fast stdlib generator for the hot path, seeded through SeedSequence."""
    sequence = np.random.SeedSequence(entropy=seed, spawn_key=tuple(path))
    return random.Random(int(sequence.generate_state(1, np.uint64)[0]))
