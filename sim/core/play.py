"""The play loop: ask the pending decision, let the seat's bot answer, apply, repeat."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sim.core.collector import fewer_collections
from sim.core.deadline import DecisionClock
from sim.core.decision import Decision
from sim.core.protocols import Bot, GameState, SeatResult
from sim.core.seeds import python_rng

Listener = Callable[[GameState, Decision, Any], None]
VIEW = "view"  # the `observes` of a bot that reads the table in place (see `Bot`)


def observe(state: GameState, seat: int, observes: bool | str) -> Any:
    """What a bot that declares `observes` is given for a decision of `seat`: nothing (False), a view read in
    place where the game offers one ("view"), else the seat's snapshot."""
    if not observes:
        return None
    view = getattr(state, "view", None) if observes == VIEW else None
    return view(seat) if view is not None else state.observation(seat)


@dataclass(slots=True)
class GameRecord:
    """What one finished (or capped) game produced."""

    seed: int
    status: str  # "finished" or "capped" (the safety cap stopped it)
    decisions: int
    results: list[SeatResult] = field(default_factory=list)
    state: GameState | None = None


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    seed: int,
    *,
    max_decisions: int = 20_000,
    listeners: Sequence[Listener] = (),
    decision_seconds: float | None = None,
) -> GameRecord:
    """Play `state` to its end. Each seat's bot gets its own random stream derived from `seed`.

    The safety cap is never silent: a game stopped by it has status ``"capped"``.
    A bot that declares `observes = False` gets None instead of an observation.
    Listeners see every (state before, decision, chosen option) for logs and statistics.
    With `decision_seconds`, a bot that takes longer over one decision raises DecisionTimeout.
    The garbage collector runs less often while the game is played (`sim.core.collector`).
    """
    with fewer_collections():
        if decision_seconds is None:
            return _play(state, bots, seed, max_decisions, listeners, None)
        with DecisionClock(decision_seconds) as clock:
            return _play(state, bots, seed, max_decisions, listeners, clock)


def _play(state: GameState, bots: Sequence[Bot], seed: int, max_decisions: int, listeners: Sequence[Listener],
          clock: DecisionClock | None) -> GameRecord:
    bot_rngs: list[random.Random] = [python_rng(seed, 1, seat) for seat in range(len(bots))]
    observes = [getattr(bot, "observes", True) for bot in bots]
    choosers = [bot.choose for bot in bots]
    # the loop runs once a decision, hundreds of times a game: the state's methods are looked up once, and a bot
    # that observes nothing costs no call to `observe`
    is_over, pending, apply = state.is_over, state.decision, state.apply
    decisions = 0
    while not is_over():
        if decisions >= max_decisions:
            return GameRecord(seed, "capped", decisions, [], state)
        decision = pending()
        options = decision.options
        if len(options) == 1:
            choice = options[0]
        else:
            seat = decision.seat
            observation: Any = observe(state, seat, observes[seat]) if observes[seat] else None
            if clock is None:
                choice = choosers[seat](observation, decision, bot_rngs[seat])
            else:
                choice = clock.call(choosers[seat], observation, decision, bot_rngs[seat])
        for listener in listeners:
            listener(state, decision, choice)
        apply(choice)
        decisions += 1
    return GameRecord(seed, "finished", decisions, state.results(), state)
