"""Chunks played on a Dask cluster: a running one (`scheduler`, the address of a `dask scheduler` that
`dask worker` processes joined) or a local one of `jobs` worker processes.

Each chunk is one Dask task, submitted straight to the scheduler and collected as it finishes. Not through
joblib: joblib plays in this process when the cluster has a single thread, and it cannot tell a lost
scheduler from a failed game. What the cluster does on a failure, and what the run then does:

- A worker dies (killed, out of memory, its machine gone): the scheduler hands the chunks it held to the
  workers left, as Dask does for any task; each chunk still ends as one result, saved once. A chunk that
  takes down `distributed.scheduler.allowed-failures` workers in turn fails the run (`KilledWorker`).
- The scheduler is gone: the client cancels every chunk in flight at once, and the run stops with
  `SchedulerLost`, one line; the chunks saved stay for `--resume` on a cluster started again.
- The scheduler has no worker: the run waits `WORKER_WAIT_SECONDS` for a first one to join (workers started
  with the run come up meanwhile), then stops with `NoWorkers`, one line, instead of waiting for ever.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from sim.pipeline.backends import worker_count
from sim.pipeline.experiment import Experiment
from sim.pipeline.runner import ChunkResult, play_chunk

if TYPE_CHECKING:
    from distributed import Client

CONNECTION_LOST = "scheduler-connection-lost"  # the reason the client gives the futures it cancels
WORKER_WAIT_SECONDS = 60.0  # for a first worker to join the scheduler of a run


class SchedulerLost(Exception):
    """The Dask scheduler went away during the run."""


class NoWorkers(Exception):
    """The Dask scheduler of the run had no worker, and none joined in time."""


def dask_results(experiment: Experiment, chunks: list[int], experiment_id: str) -> Iterator[ChunkResult]:
    """Chunk results as they finish on the experiment's Dask cluster."""
    from distributed import as_completed
    from distributed.client import FutureCancelledError

    token = uuid.uuid4().hex[:12]  # the tasks of this run alone, even with another run of the same experiment on the cluster
    with _client(experiment) as client:
        futures = [client.submit(play_chunk, experiment, chunk, experiment_id, key=f"arkmc-chunk-{chunk}-{token}")
                   for chunk in chunks]
        for future in as_completed(futures):
            try:
                result = future.result()
            except (FutureCancelledError, OSError) as error:
                if not _scheduler_lost(future.status, error):
                    raise
                where = experiment.scheduler or "of the local cluster"
                raise SchedulerLost(f"lost the Dask scheduler {where}; start it and its workers again") from None
            future.release()
            yield result


def _scheduler_lost(status: str, error: Exception) -> bool:
    """Whether a chunk's result was lost with the scheduler, and not by the chunk's own failure (whose
    future's status is "error", whatever it raised). The client sees the loss in one of two ways, whichever
    comes first: it cancels every future in flight (for `CONNECTION_LOST`), or the fetch of a result that
    had just finished fails on the closed connection (an OSError, such as distributed's CommClosedError)."""
    from distributed.client import FutureCancelledError

    if isinstance(error, FutureCancelledError):
        return error.reason == CONNECTION_LOST
    return status != "error"


@contextmanager
def _client(experiment: Experiment) -> Iterator[Client]:
    """A client of the experiment's scheduler, or of a local cluster of `jobs` one-thread worker processes.

    The client's own log is silenced: once the scheduler is gone it logs a traceback for each attempt to
    reconnect, and the run says what happened in one line of its own. The local cluster's workers log their
    errors alone (not a warning for each chunk that Ctrl-C cancels)."""
    from distributed import Client, LocalCluster

    log = logging.getLogger("distributed.client")
    level = log.level
    log.setLevel(logging.CRITICAL)
    cluster = None
    try:
        if not experiment.scheduler:
            cluster = LocalCluster(n_workers=worker_count(experiment), threads_per_worker=1, processes=True,
                                   dashboard_address=None, host="127.0.0.1", silence_logs=logging.ERROR)
        with Client(experiment.scheduler if cluster is None else cluster) as client:
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
            except TimeoutError:
                raise NoWorkers(f"the Dask scheduler {experiment.scheduler} has no worker (none joined in "
                                f"{WORKER_WAIT_SECONDS:g} s); start some with: dask worker {experiment.scheduler}") from None
            yield client
    finally:
        if cluster is not None:
            cluster.close()
        log.setLevel(level)
