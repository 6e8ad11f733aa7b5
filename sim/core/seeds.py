"""Seed derivation: every random stream comes from one base seed through SeedSequence.

Games, seats and chunks each get their own child sequence, so a game's randomness
depends only on (base seed, game index), never on worker count or scheduling.
"""

from __future__ import annotations

import random

import numpy as np


def derive_seeds(base_seed: int, count: int, *path: int) -> list[int]:
    """`count` independent 63-bit seeds spawned from `base_seed` (and an optional key path)."""
    root = np.random.SeedSequence(entropy=base_seed, spawn_key=tuple(path))
    return [int(child.generate_state(1, np.uint64)[0]) >> 1 for child in root.spawn(count)]


def python_rng(seed: int, *path: int) -> random.Random:
    """A fast stdlib generator for the hot path, seeded through SeedSequence."""
    sequence = np.random.SeedSequence(entropy=seed, spawn_key=tuple(path))
    return random.Random(int(sequence.generate_state(1, np.uint64)[0]))
