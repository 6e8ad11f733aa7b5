"""The supervisor: worker processes that a bot cannot take down with the run, for the loky backend.

The parent owns every chunk's deadline. Each worker beats (a shared clock value, and the game it plays)
as each game starts and at the end of every decision; a worker that has not beaten for the decision
limit plus a grace (`stall_seconds`) is stuck past what its own decision clock could stop (a bot that
swallows the time-limit exception and loops, or one blocked inside a C call), and the parent kills it.
A worker that dies (``os._exit``, a crash, the OOM killer) is handled the same way, and so is a chunk
that raises past the game's own guard (``KeyboardInterrupt`` or another ``BaseException`` from a bot):
a worker that died or stalled is replaced by a fresh one (one that raised is sound, and plays on), and
the chunk is replayed game by game, each game alone in a worker. The game that fails again becomes an
error row with its seed and the reason (the game in play when a worker died or stalled is known from
its beat, and is not played again); the others are saved as they would have been (game i's rows
depend only on i). Workers ignore Ctrl-C, so the user's Ctrl-C stops the parent alone, which kills
them; and they end within `PARENT_CHECK_SECONDS` of a parent killed with SIGKILL.

Workers are kept from one run to the next in the same process (a tournament plays one experiment per
seating), as loky kept its own.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from sim.pipeline.backends import exit_with_parent
from sim.pipeline.experiment import Experiment
from sim.pipeline.runner import ChunkResult, GameRows, chunk_games, chunk_result, error_rows, play_chunk, play_indexed_game

CHUNK, GAME = "chunk", "game"
GRACE_SECONDS = 5.0  # past the decision limit, before the parent kills a worker that makes no progress
POLL_SECONDS = 0.1
CONTEXT = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of the parent's threads or state


def stall_seconds(experiment: Experiment) -> float:
    """How long a worker may go without ending a decision before the parent kills it: the decision limit
    (which the worker's own clock enforces first) with a grace for a slow machine."""
    return experiment.decision_seconds * 1.5 + GRACE_SECONDS


def _serve(tasks: Connection, beat: Any, playing: Any, parent: int) -> None:
    """A worker's life: play each task it is sent and send back ("ok", result) or ("raised", traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=exit_with_parent, args=(parent,), name="arkmc-parent-watch", daemon=True).start()

    def progress(game: int) -> None:
        beat.value = time.monotonic()
        playing.value = game

    while True:
        try:
            task = tasks.recv()
        except EOFError:
            return
        if task is None:
            return
        kind, experiment, number, experiment_id = task
        try:
            play = play_chunk if kind == CHUNK else play_indexed_game
            reply: tuple[str, Any] = ("ok", play(experiment, number, experiment_id, progress))
        except BaseException:  # whatever a bot raises, the parent decides what it costs
            reply = ("raised", traceback.format_exc())
        tasks.send(reply)


@dataclass(eq=False)
class _Worker:
    """One worker process, its end of the task pipe, its beat and the game it plays."""

    process: BaseProcess
    tasks: Connection
    beat: Any
    playing: Any
    task: tuple[str, int] | None = None  # (kind, number) of the task it plays, None when idle

    @classmethod
    def start(cls) -> _Worker:
        parent_end, worker_end = CONTEXT.Pipe()
        beat, playing = CONTEXT.RawValue("d", time.monotonic()), CONTEXT.RawValue("q", -1)
        process = CONTEXT.Process(target=_serve, args=(worker_end, beat, playing, os.getpid()), name="arkmc-worker",
                                  daemon=True)
        process.start()
        worker_end.close()
        return cls(process, parent_end, beat, playing)

    def give(self, experiment: Experiment, task: tuple[str, int], experiment_id: str) -> None:
        self.beat.value = time.monotonic()
        self.playing.value = -1
        self.task = task
        self.tasks.send((task[0], experiment, task[1], experiment_id))

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.tasks.close()


_pool: list[_Worker] = []  # kept between runs of this process


def _workers(count: int) -> list[_Worker]:
    """`count` idle workers: those of the last run that are still alive, and new ones."""
    alive = [worker for worker in _pool if worker.process.is_alive() and worker.task is None]
    for worker in _pool:
        if worker not in alive:
            worker.kill()
    for worker in alive[count:]:
        worker.kill()
    _pool[:] = alive[:count] + [_Worker.start() for _ in range(count - len(alive))]
    return _pool


def _discard_pool() -> None:
    for worker in _pool:
        worker.kill()
    _pool.clear()


@dataclass
class _Replay:
    """A failed chunk played again game by game: the rows of its games so far."""

    games: range
    rows: dict[int, GameRows] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    def done(self) -> bool:
        return len(self.rows) == len(self.games)


def supervised(experiment: Experiment, chunks: list[int], experiment_id: str, count: int) -> Iterator[ChunkResult]:
    """Chunk results as they finish, played by `count` supervised workers; a chunk that takes its worker
    down comes back with its culprit game as an error row (see the module's docstring)."""
    queue: deque[tuple[str, int]] = deque((CHUNK, chunk) for chunk in chunks)
    replays: dict[int, _Replay] = {}  # by chunk
    limit = stall_seconds(experiment)
    try:
        workers = _workers(count)
        while queue or any(worker.task for worker in workers):
            for worker in workers:
                if worker.task is None and queue:
                    worker.give(experiment, queue.popleft(), experiment_id)
            busy = [worker for worker in workers if worker.task is not None]
            wait([handle for worker in busy for handle in (worker.tasks, worker.process.sentinel)], POLL_SECONDS)
            for slot, worker in enumerate(workers):
                if worker.task is None:
                    continue
                kind, number = worker.task
                outcome = _outcome(worker, limit)
                if outcome is None:
                    continue
                culprit = worker.playing.value
                if outcome[0] == "died":
                    worker.kill()
                    workers[slot] = _Worker.start()
                else:  # its result, or what a bot raised past the game's guard: the process itself is sound
                    worker.task = None
                if kind == CHUNK and outcome[0] == "ok":
                    yield outcome[1]
                elif kind == CHUNK:
                    replays[number] = replay = _Replay(chunk_games(experiment, number))
                    if outcome[0] == "died" and culprit in replay.games:  # the game in play when it died or stalled
                        replay.rows[culprit] = error_rows(experiment, culprit, experiment_id, 0.0, outcome[1])
                    queue.extendleft((GAME, index) for index in reversed(replay.games) if index not in replay.rows)
                else:
                    chunk = number // experiment.chunk_size
                    replay = replays[chunk]
                    replay.rows[number] = outcome[1] if outcome[0] == "ok" else error_rows(
                        experiment, number, experiment_id, 0.0, outcome[1])
                    if replay.done():
                        del replays[chunk]
                        yield chunk_result(experiment, chunk, [replay.rows[index] for index in replay.games],
                                           time.perf_counter() - replay.started)
    except BaseException:  # Ctrl-C, or the caller stopped reading: no worker may go on playing
        _discard_pool()
        raise


def _outcome(worker: _Worker, limit: float) -> tuple[str, Any] | None:
    """("ok", result), ("raised", why) when the task raised past the game's guard, ("died", why) when the worker
    died or stalled (then killed), or None while it plays on."""
    if worker.tasks.poll():
        try:
            status, value = worker.tasks.recv()
        except (EOFError, OSError):
            return "died", _death(worker)
        return status, value
    if not worker.process.is_alive():
        return "died", _death(worker)
    stalled = time.monotonic() - worker.beat.value
    if worker.playing.value >= 0 and stalled > limit:  # before its first game, a worker runs arkmc's code alone
        return "died", (f"WorkerStalled: no decision ended for {stalled:.1f} s (the limit is {limit:.1f} s: the "
                          "decision limit and a grace); the bot could not be stopped inside its worker, which was "
                          "killed and replaced")
    return None


def _death(worker: _Worker) -> str:
    worker.process.join(timeout=1)
    code = worker.process.exitcode
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return f"WorkerDied: the worker process playing it ended ({how}); it was replaced"
