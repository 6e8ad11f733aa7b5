"""Ark Nova's step registry: the modules that implement a turn's steps register them here with
`@options(kind)` and `@resolver(kind)` (the step machine itself is the core's, `sim.core.steps`).
A step is a tuple ``(kind, seat, *payload)``."""

from __future__ import annotations

from sim.core.steps import StepRegistry

STEPS = StepRegistry("arknova")
options = STEPS.options
resolver = STEPS.resolver
