"""`experimental.keeper`: the heuristic family's default archetype with the opening keep of
heuristics/arknova/parts/keep.py, every other decision `heuristic_v1`'s.

It exists to measure the keep on its own (scripts/checks/bot_targets.py --new experimental.keeper --old
heuristic_v1), and the distilled bot builds on it.
"""

from __future__ import annotations

import random
from typing import Any

from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.keep import choose_keep
from sim.arknova.observation import ArkNovaObservation
from sim.core.decision import Decision


class KeeperBot(HeuristicBot):
    """The heuristic family's default archetype, keeping its opening cards by what it can play in the first breaks."""

    name = "keeper"

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == "keep_cards":
            return choose_keep(observation, decision, rng)
        return super().choose(observation, decision, rng)
