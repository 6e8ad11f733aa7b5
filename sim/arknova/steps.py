"""The step machine: a turn is a stack of small steps, each one decision or one automatic job.

A step is a tuple ``(kind, seat, *payload)``. A decision step has an options function
(the legal answers) and a resolver; an automatic step has only a resolver. Resolvers push
the step that continues their work *before* they grant anything, so bonuses pushed while
granting resolve first, exactly like a player taking a bonus at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import Step

OptionsFn = Callable[["ArkNovaGame", "Step"], tuple[Any, ...]]
ResolveFn = Callable[["ArkNovaGame", "Step", Any], None]

OPTIONS: dict[str, OptionsFn] = {}
RESOLVERS: dict[str, ResolveFn] = {}


def options(kind: str) -> Callable[[OptionsFn], OptionsFn]:
    """Register the legal-options function of a decision step."""

    def wrap(function: OptionsFn) -> OptionsFn:
        OPTIONS[kind] = function
        return function

    return wrap


def resolver(kind: str) -> Callable[[ResolveFn], ResolveFn]:
    """Register what a step does once answered (or, for automatic steps, once reached)."""

    def wrap(function: ResolveFn) -> ResolveFn:
        RESOLVERS[kind] = function
        return function

    return wrap


def is_automatic(kind: str) -> bool:
    return kind not in OPTIONS
