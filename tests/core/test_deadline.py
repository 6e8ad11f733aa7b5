"""The decision clock: a bot that answers within its limit plays on, one over it raises DecisionTimeout, and
an interruption of a bot in another thread never surfaces after its call (issue 45: the call within the limit
takes no lock)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

import sim.core.deadline as deadline
from sim.core.deadline import DecisionClock, DecisionTimeout
from sim.core.decision import Decision

DECISION = Decision(seat=1, kind="action", options=("a", "b"))


class FakeClock:
    """`perf_counter` as the bot moves it: a call takes exactly the time the bot says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("taken", "late"), [(0.5, False), (0.5 + 2 ** -20, True)])
def test_a_bot_at_its_limit_plays_on_and_one_just_past_it_raises(monkeypatch: pytest.MonkeyPatch, taken: float,
                                                                late: bool) -> None:
    clock = FakeClock()
    monkeypatch.setattr(deadline, "perf_counter", clock)

    def choose(observation: Any, decision: Decision, rng: random.Random) -> str:
        clock.now += taken
        return decision.options[1]

    with DecisionClock(0.5) as decisions:
        if late:
            with pytest.raises(DecisionTimeout, match=r"seat 2's bot took more than 0.5 s over one 'action' decision"):
                decisions.call(choose, None, DECISION, random.Random(0))
        else:
            assert decisions.call(choose, None, DECISION, random.Random(0)) == "b"
        assert decisions.started is None and not decisions.interrupted


@pytest.mark.timeout(60)
def test_in_another_thread_no_interruption_surfaces_after_a_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Calls on either side of a 5 ms limit, which the watchdog checks every 5 ms: those past it raise
    DecisionTimeout from the call, the others return their answer, and the code between calls never sees
    an interruption."""
    outcomes: list[str] = []
    strays: list[int] = []

    def choose(observation: Any, decision: Decision, rng: random.Random) -> str:
        until = time.perf_counter() + rng.uniform(0.0, 0.01)
        while time.perf_counter() < until:
            try:
                pass
            except DecisionTimeout:  # a bot that swallows its interruption and returns late
                pass
        return decision.options[0]

    def play() -> None:
        rng = random.Random(5)
        with DecisionClock(0.005) as decisions:
            for call in range(300):
                try:
                    outcomes.append(decisions.call(choose, None, DECISION, rng))
                except DecisionTimeout:
                    outcomes.append("late")
                try:
                    until = time.perf_counter() + 0.002
                    while time.perf_counter() < until:  # Python code between calls, where a stray one would surface
                        pass
                except DecisionTimeout:
                    strays.append(call)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join(timeout=50)
    assert not thread.is_alive() and len(outcomes) == 300
    assert "a" in outcomes and "late" in outcomes  # both sides of the limit were played
    assert strays == []
