"""Where the workers run: processes on this machine (the backend named loky, played by the runner's
supervisor, `sim.pipeline.supervisor`), or a Dask (`sim.pipeline.dask_cluster`) or Ray cluster.

Ray plugs into joblib. Dask and Ray are optional extras (``pip install -e '.[dask]'`` or ``'.[ray]'`` in
the arkmc folder); a missing one is reported as a one-line error (`require_backend`, before the run folder
is made), not a traceback.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from joblib import parallel_config

from sim.pipeline.command import pip_install
from sim.pipeline.experiment import Experiment, ExperimentError, chunk_count

EXTRAS = {"dask": "dask.distributed", "ray": "ray.util.joblib"}  # the module each optional backend needs


def require_backend(backend: str) -> None:
    """A one-line ExperimentError naming the install command when the backend's extra is missing;
    checked before the run folder is made, so a missing extra leaves nothing behind."""
    module = EXTRAS.get(backend)
    if module is not None and not _importable(module):
        raise ExperimentError(f"the {backend} backend needs the {backend} extra: {pip_install(backend)}")


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def worker_count(experiment: Experiment) -> int:
    """Workers for loky or a local cluster: `jobs`, or every core for -1; never more than the experiment has
    chunks, since a worker plays a whole chunk (`jobs = 64` for 4 games starts one worker per chunk)."""
    wanted = (os.cpu_count() or 1) if experiment.jobs == -1 else experiment.jobs
    return min(wanted, chunk_count(experiment))


@contextmanager
def execution(experiment: Experiment) -> Iterator[None]:
    """Make joblib's `Parallel` run on the experiment's backend for the duration of the block: Ray's. On this
    machine the runner's supervisor starts its own worker processes (`sim.pipeline.supervisor`), and on Dask
    the runner submits the chunks to the cluster itself (`sim.pipeline.dask_cluster`)."""
    if experiment.backend == "ray":
        with _ray(experiment):
            yield
    else:
        yield


PARENT_CHECK_SECONDS = 0.5


def exit_with_parent(parent: int) -> None:
    """End this process as soon as `parent` is no longer its parent (a worker's watch: killed with SIGKILL,
    the parent cannot stop its workers, which would otherwise play on for nobody)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


@contextmanager
def _ray(experiment: Experiment) -> Iterator[None]:
    import ray
    from ray.util.joblib import register_ray

    if experiment.scheduler:
        ray.init(address=experiment.scheduler, log_to_driver=False)
    else:
        ray.init(num_cpus=worker_count(experiment), include_dashboard=False, log_to_driver=False)
    register_ray()
    try:
        with parallel_config(backend="ray"):
            yield
    finally:
        ray.shutdown()
