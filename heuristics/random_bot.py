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
        return rng.choice(decision.options)
