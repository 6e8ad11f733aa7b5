"""The game-agnostic baseline: a uniformly random legal option."""

from __future__ import annotations

import random
from typing import Any

from sim.core.decision import Decision
from sim.core.protocols import ANY_GAME, Observation
from sim.core.registry import RANDOM_BOT, register_bot


@register_bot(RANDOM_BOT)
class RandomBot:
    """Picks any legal option with equal probability. Works for every game."""

    name = RANDOM_BOT
    games = (ANY_GAME,)
    observes = False  # it never looks at the table

    def choose(self, observation: Observation | None, decision: Decision, rng: random.Random) -> Any:
        """`rng.choice(decision.options)`, drawn as `random.Random.choice` draws (the fewest bits that can
        count the options, drawn again while they count too far), so that the games stay the same: written out,
        because a random game asks it hundreds of times and `choice` makes two Python calls each time
        (docs/research/code-figures.md; tests/bots/test_random_bot.py checks that both pick alike)."""
        options = decision.options
        count = len(options)
        bits = count.bit_length()
        drawn = rng.getrandbits(bits)
        while drawn >= count:
            drawn = rng.getrandbits(bits)
        return options[drawn]
