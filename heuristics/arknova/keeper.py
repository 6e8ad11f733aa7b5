"""`keeper`: today's default heuristic with the opening keep of heuristics/arknova/keep.py.

It exists to measure the keep on its own (scripts/checks/bot_targets.py --new keeper --old default): every
other decision is the default bot's. Name it `heuristics.arknova.keeper:KeeperBot` where the `keeper`
entry point is not installed.
"""

from __future__ import annotations

import random
from typing import Any

from heuristics.arknova.heuristic import HeuristicBot
from heuristics.arknova.keep import choose_keep
from sim.arknova.observation import ArkNovaObservation
from sim.core.decision import Decision


class KeeperBot(HeuristicBot):
    """The default heuristic, keeping its opening cards by what it can play in the first breaks."""

    name = "keeper"

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == "keep_cards":
            return choose_keep(observation, decision, rng)
        return super().choose(observation, decision, rng)
