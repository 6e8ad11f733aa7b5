"""A time limit on each bot decision, so that a bot that never returns costs its own game, not the run.

One watchdog thread per process looks at the decision each playing thread is waiting on. When
one has run past its limit, it interrupts that thread with `DecisionTimeout`: by a signal in the
main thread (loky and Ray workers, `--jobs 1`), which also breaks a `time.sleep` or a blocking
wait, and by an asynchronous exception in any other thread (Dask worker threads), which Python
raises at the thread's next bytecode, so a bot blocked in one long system call or C call there is
caught when that call returns. A bot that swallows the exception is interrupted again; one that
returns late is caught by the check after the call. A decision within its limit pays two clock reads and
no lock (see `DecisionClock.call`).
"""

from __future__ import annotations

import ctypes
import random
import signal
import threading
import time
from collections.abc import Callable
from time import perf_counter
from types import FrameType, TracebackType
from typing import Any, ClassVar

from sim.core.decision import Decision


class DecisionTimeout(BaseException):
    """A bot took longer than its limit over one decision. A BaseException, like KeyboardInterrupt,
    so that a bot's own `except Exception` does not swallow it."""


class DecisionClock:
    """Times the bot calls of the thread that enters it; use as a context manager around a game."""

    _watchdog: ClassVar[_Watchdog | None] = None

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started: float | None = None  # when the current bot call began; None between calls
        self.interrupted = False  # whether the watchdog interrupted the current call
        self.lock = threading.Lock()
        self.thread = threading.current_thread()
        self._previous_handler: signal.Handlers | None | object = None

    def __enter__(self) -> DecisionClock:
        if self.thread is threading.main_thread():
            self._previous_handler = signal.signal(signal.SIGALRM, self._on_alarm)
        if DecisionClock._watchdog is None:
            DecisionClock._watchdog = _Watchdog()
        DecisionClock._watchdog.watch(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        assert DecisionClock._watchdog is not None
        DecisionClock._watchdog.forget(self)
        self._stop()  # a bot that raised something else mid-call leaves no interruption behind
        if self.thread is threading.main_thread():
            signal.signal(signal.SIGALRM, self._previous_handler)  # type: ignore[arg-type]

    def call(self, choose: Callable[[Any, Decision, random.Random], Any], observation: Any, decision: Decision,
             rng: random.Random) -> Any:
        """The bot's answer to `decision`; DecisionTimeout when it took longer than the limit."""
        started = self.started = perf_counter()
        try:
            choice = choose(observation, decision, rng)
        except DecisionTimeout:
            self._stop()
            raise DecisionTimeout(self.message(decision)) from None
        # No lock on this path, yet no interruption can be left pending: the watchdog interrupts a call only
        # when, under the lock, it still sees the call running (`started` set) and finds it overdue by a clock
        # reading `now` taken before it looked. The call is ended here (`started` cleared) before the clock is
        # read, so any watchdog reading made while it ran came before this one: a call within the limit by
        # this reading was within it by all of them, and was never interrupted. Past the limit, `_stop` takes
        # the lock, so an interruption the watchdog is sending is complete, and withdraws it.
        # (Both attribute accesses are atomic and ordered between threads under the GIL.)
        self.started = None
        if perf_counter() - started > self.seconds:
            self._stop()
            raise DecisionTimeout(self.message(decision))
        return choice

    def _stop(self) -> None:
        """End the bot call. A pending interruption of another thread is withdrawn, so that it cannot
        surface later, elsewhere."""
        with self.lock:
            self.started = None
            if self.interrupted and self.thread is not threading.main_thread() and self.thread.ident is not None:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident), None)
            self.interrupted = False

    def message(self, decision: Decision) -> str:
        return f"seat {decision.seat + 1}'s bot took more than {self.seconds:g} s over one {decision.kind!r} decision"

    def overdue(self, now: float) -> bool:
        started = self.started
        return started is not None and now - started > self.seconds

    def interrupt(self) -> None:
        """Raise DecisionTimeout in the thread waiting on the bot (called by the watchdog, under the lock)."""
        ident = self.thread.ident
        if ident is None:
            return
        self.interrupted = True
        if self.thread is threading.main_thread():
            signal.pthread_kill(ident, signal.SIGALRM)
        else:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(DecisionTimeout))

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        """SIGALRM in the main thread: ours when the bot is overdue, else whoever set an alarm before us."""
        if self.overdue(perf_counter()):
            raise DecisionTimeout
        if callable(self._previous_handler):
            self._previous_handler(signum, frame)


class _Watchdog:
    """The process's one thread that interrupts overdue bot calls."""

    def __init__(self) -> None:
        self.clocks: set[DecisionClock] = set()
        self.changed = threading.Condition()
        threading.Thread(target=self._loop, name="arkmc-decision-watchdog", daemon=True).start()

    def watch(self, clock: DecisionClock) -> None:
        with self.changed:
            self.clocks.add(clock)
            self.changed.notify()

    def forget(self, clock: DecisionClock) -> None:
        with self.changed:
            self.clocks.discard(clock)

    def _loop(self) -> None:
        while True:
            with self.changed:
                while not self.clocks:
                    self.changed.wait()
                clocks = list(self.clocks)
            # Look ten times per limit (at most every half second), so a call is interrupted within 10% of it.
            time.sleep(min(0.5, max(0.005, min(clock.seconds for clock in clocks) / 10)))
            now = perf_counter()
            for clock in clocks:
                with clock.lock:
                    if clock.overdue(now):
                        clock.interrupt()
