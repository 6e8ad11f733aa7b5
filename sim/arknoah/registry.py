"""Ark & Noah's step registry: the rules modules register their steps' options and resolvers here."""

from __future__ import annotations

from sim.core.steps import StepRegistry

STEPS = StepRegistry("arknoah")
