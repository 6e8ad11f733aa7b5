"""The step machine: a game's pending work is a stack of small steps, each one decision or one
automatic job, so the engine can ask one decision at a time.

A step is a tuple ``(kind, seat, *payload)``; new games should make each kind a NamedTuple with
`kind` and `seat` as its first fields (see tests/toygame/steps.py). A decision step has an options function (its legal
answers) and a resolver; an automatic step has only a resolver. Each game owns one `StepRegistry`
(not a module-level global), filled by decorators in the modules that implement its steps.
Resolvers push the step that continues their work *before* they grant anything, so what they push
while granting resolves first, like a player taking a bonus at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.core.decision import Decision

Step = tuple[Any, ...]
# A game types its own steps (a NamedTuple per kind, kind and seat first, is best), so the functions
# a registry holds take the game's step type, which the registry cannot name.
OptionsFn = Callable[[Any, Any], tuple[Any, ...]]
ResolveFn = Callable[[Any, Any, Any], None]


class IllegalOption(ValueError):
    """An option that is not among the pending decision's legal options."""


class StepRegistry:
    """One game's steps: the legal-options function of each decision kind and every kind's resolver."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.options_of: dict[str, OptionsFn] = {}
        self.resolvers: dict[str, ResolveFn] = {}

    def options(self, kind: str) -> Callable[[OptionsFn], OptionsFn]:
        """Register the legal-options function of a decision step."""

        def wrap(function: OptionsFn) -> OptionsFn:
            self.options_of[kind] = function
            return function

        return wrap

    def resolver(self, kind: str) -> Callable[[ResolveFn], ResolveFn]:
        """Register what a step does once answered (or, for an automatic step, once reached)."""

        def wrap(function: ResolveFn) -> ResolveFn:
            self.resolvers[kind] = function
            return function

        return wrap

    def is_automatic(self, kind: str) -> bool:
        return kind not in self.options_of


class StepMachine:
    """`decision()` and `apply()` of the `GameState` protocol over a stack of steps.

    A game subclass sets `steps` (its registry), keeps `stack`, `over` and `_decision` among its
    slots, and says what starts when the stack runs empty (`next_step`, usually the next turn).
    This class has no slots of its own, so that it combines with a state class that has them;
    the type checker cannot see that the subclass holds `_decision`, hence the ignores below.
    """

    __slots__ = ()
    steps: StepRegistry
    stack: list[Step]
    over: bool
    _decision: Decision | None

    def next_step(self) -> Step:
        """The step that starts once the stack is empty and the game goes on (e.g. the next turn)."""
        raise NotImplementedError

    def decision(self) -> Decision:
        if self._decision is None:
            self._decision = self._settle()  # type: ignore[misc]
            assert self._decision is not None  # only a settle that stops at the turn's end gives None
        return self._decision

    def apply(self, option: Any) -> None:
        decision = self._decision or self.decision()  # the pending one, found by `is_over` before a bot chose
        if option not in decision.options:
            raise IllegalOption(f"{option!r} is not a legal option for {decision.kind}")
        step = self.stack.pop()
        self._decision = None  # type: ignore[misc]
        self.steps.resolvers[step[0]](self, step, option)

    def is_over(self) -> bool:
        if self._decision is None and not self.over:
            self._decision = self._settle()  # type: ignore[misc]
        return self.over

    def settle_turn(self) -> bool:
        """Run the automatic steps left in the current turn without starting the next one; True
        while a decision of this turn is pending or the game is over. Lookahead bots use it to see
        a turn's outcome without paying for the next turn's options."""
        if self._decision is None and not self.over:
            self._decision = self._settle(stop_at_turn_end=True)  # type: ignore[misc]
        return self._decision is not None

    def push(self, *sequence: Step) -> None:
        """Push steps so that they run in the order given."""
        self.stack += sequence[::-1]  # a reversed copy of the (short) tuple costs less than a `reversed` iterator

    def _settle(self, stop_at_turn_end: bool = False) -> Decision | None:
        """Run automatic steps until a decision is pending (or the game is over); with
        `stop_at_turn_end`, None once the stack is empty. (The stack is read from the state at each step: a
        resolver may put a new one in its place, e.g. when it lays out the next game of a series.)"""
        options_of, resolvers = self.steps.options_of, self.steps.resolvers
        while not self.over:
            stack = self.stack
            if not stack:
                if stop_at_turn_end:
                    return None
                stack.append(self.next_step())
            step = stack[-1]
            kind = step[0]
            if kind not in options_of:  # an automatic step (`in` and an index cost less than a `get` call)
                stack.pop()
                resolvers[kind](self, step, None)
                continue
            legal = options_of[kind](self, step)
            if legal:
                return Decision(step[1], kind, legal, kind, step[2:])
            stack.pop()
        return Decision(-1, "game_over", (None,), "game over")
