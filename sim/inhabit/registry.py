"""Inhabit the Earth's step registry and keyword-effect registry, filled by the modules that
implement the steps (turn, menagerie, rearing, movement, drawing) and the card effects."""

from __future__ import annotations

from sim.core.effects import EffectRegistry
from sim.core.steps import StepRegistry

STEPS = StepRegistry("inhabit")
EFFECTS = EffectRegistry("inhabit")
