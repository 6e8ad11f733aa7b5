"""The random bot picks exactly as `random.Random.choice` would from the same generator: games played before its
draw was written out stay the same game for game (the fingerprints of every game rest on it)."""

from __future__ import annotations

import random

import pytest

from heuristics.random_bot import RandomBot
from sim.core.decision import Decision


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 70])
def test_picks_as_choice_does(count: int) -> None:
    """Option counts at, below and above powers of two, where the draw is retried most (just above one)."""
    options = tuple(("option", index) for index in range(count))
    decision = Decision(0, "pick", options)
    for seed in range(40):
        ours, reference = random.Random(seed), random.Random(seed)
        picks = [RandomBot().choose(None, decision, ours) for _ in range(25)]
        assert picks == [reference.choice(options) for _ in range(25)]
        assert ours.getstate() == reference.getstate()  # as many bits drawn: the next decisions stay the same too
