"""A real Dask cluster, as the README's recipe starts it: `dask scheduler` and `dask worker` processes of
their own on localhost, and `arkmc run --backend dask --scheduler tcp://HOST:PORT` in a third. A worker
killed with SIGKILL mid-run costs nothing (its chunk is played by the other worker); a scheduler killed
mid-run stops the run with one line, and `--resume` on a cluster started again finishes it. Either way the
rows equal those of the same experiment played by loky.

Every process a test starts carries a tag in its environment, and is killed by it at the end whatever
happened; a scheduler left over all the same ends itself after `IDLE` without work, and its workers with it.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.test_runner import TABLES, experiment, table
from sim.pipeline import dask_cluster
from sim.pipeline.processes import tagged
from sim.pipeline.runner import RunFailed, run

pytest.importorskip("distributed")
pytestmark = pytest.mark.timeout(300)  # a backstop: every wait below has its own, shorter, limit
from distributed import Client, get_task_stream  # noqa: E402  (after the skip: an optional extra)

BIN = Path(sys.executable).parent
TAG = "ARKMC_TEST_DASK_CLUSTER"
IDLE = "120s"  # a scheduler that a killed test left behind ends itself after this long without work
START_SECONDS = 60.0  # for a scheduler and its workers to come up on a loaded machine
RUN_SECONDS = 90.0
GAMES, CHUNK_SIZE, SEED = 60, 4, 23  # 15 chunks of random games: a few seconds on two workers
CHUNKS = GAMES // CHUNK_SIZE
RUN = ["--bots", "random", "--maps", "random", "--games", str(GAMES), "--chunk-size", str(CHUNK_SIZE),
       "--seed", str(SEED), "--backend", "dask", "--no-progress"]


def wait_until(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    """`condition()` once it is true, polled until `seconds` have passed; else the test fails naming `what`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out after {seconds:.0f} s waiting for {what}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A scheduler on a free localhost port and one-thread workers, each a process group of its own
    (a `dask worker` is a nanny and the worker process it starts), tagged for the cleanup."""

    def __init__(self, tag: str, logs: Path, workers: int) -> None:
        self.tag, self.logs = tag, logs
        logs.mkdir(parents=True, exist_ok=True)
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.scheduler = self._start("scheduler", "scheduler", "--host", "127.0.0.1", "--port",
                                     self.address.rsplit(":", 1)[1], "--no-dashboard", "--idle-timeout", IDLE)
        self.workers = {f"worker-{number}": self._start(f"worker-{number}", "worker", self.address, "--nthreads", "1",
                                                        "--memory-limit", "400MB", "--no-dashboard", "--name",
                                                        f"worker-{number}", "--local-directory", str(logs))
                        for number in range(workers)}

    def _start(self, name: str, *arguments: str) -> subprocess.Popen[bytes]:
        with (self.logs / f"{name}.log").open("ab") as log:
            return subprocess.Popen([str(BIN / "dask"), *arguments], stdout=log, stderr=subprocess.STDOUT,
                                    env={**os.environ, TAG: self.tag}, start_new_session=True)

    def client(self) -> Client:
        """A client of the test's own, to watch the cluster; it waits for every worker to join."""
        client = Client(self.address, timeout=START_SECONDS)
        client.wait_for_workers(len(self.workers), timeout=START_SECONDS)
        return client

    def log(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-3000:] for path in sorted(self.logs.glob("*.log")))


def kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the process and everything it started (its process group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


@pytest.fixture
def tag() -> Iterator[str]:
    """A tag for the processes of one test; whatever is still tagged when it ends is killed."""
    value = uuid.uuid4().hex
    yield value
    for pid in tagged(TAG, value):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    wait_until(lambda: not tagged(TAG, value), 10, "the cluster's processes to end")


@pytest.fixture(scope="module")
def loky(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The experiment played by loky in this process: the rows every cluster run must equal."""
    out = tmp_path_factory.mktemp("loky") / "run"
    run(experiment(out, games=GAMES, chunk_size=CHUNK_SIZE, seed=SEED), progress=False)
    return out


def start_run(out: Path, tag: str, *arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen([str(BIN / "arkmc"), "run", *RUN, "--out", str(out), *arguments], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, TAG: tag})


def mid_run(started: subprocess.Popen[str], out: Path) -> bool:
    """Whether the run in `out` has saved chunks and has chunks to come; a run that ended too soon fails the test."""
    if started.poll() is not None:
        raise AssertionError(f"the run ended before the kill (exit code {started.returncode}): {started.communicate()}")
    return 0 < saved_chunks(out) < CHUNKS - 2


def saved_chunks(out: Path) -> int:
    try:
        return len(json.loads((out / "manifest.json").read_text())["chunks_done"])
    except (OSError, ValueError):  # not made yet
        return 0


def chunks_of(keys: Iterable[object]) -> set[int]:
    """The chunk numbers of the run's task keys (`arkmc-chunk-<number>-<run>`)."""
    return {int(str(key).split("-")[2]) for key in keys if str(key).startswith("arkmc-chunk-")}


def assert_rows_equal_loky(out: Path, loky: Path) -> None:
    assert table(out, "games")["game"].to_list() == list(range(GAMES)), "every game saved exactly once"
    for name in TABLES:
        assert table(out, name).equals(table(loky, name)), f"{name} differs from loky's"


def test_a_worker_killed_mid_run_costs_nothing(tmp_path: Path, tag: str, loky: Path) -> None:
    cluster = Cluster(tag, tmp_path, workers=2)
    client = cluster.client()
    try:
        names = {address: worker["name"] for address, worker in client.scheduler_info()["workers"].items()}

        with get_task_stream(client) as stream:
            started = start_run(tmp_path / "run", tag, "--scheduler", cluster.address)

            before: dict[str, set[int]] = {}

            def starting_worker() -> tuple[str, set[int]] | None:
                """A worker that has just been given a chunk (since the last look), and its chunks, mid-run: killed
                at once, it dies in the middle of that chunk, which lasts far longer than a look."""
                if not mid_run(started, tmp_path / "run"):
                    return None
                processing = client.processing()
                now = {address: chunks_of(processing.get(address, ())) for address in names}
                given = [address for address in names if address in before and now[address] - before[address]]
                before.update(now)
                return (given[0], now[given[0]]) if given else None

            victim, in_flight = wait_until(starting_worker, RUN_SECONDS, "a worker starting a chunk mid-run")
            kill(cluster.workers[names[victim]])
            out, err = started.communicate(timeout=RUN_SECONDS)
        assert started.returncode == 0, err + cluster.log()
        assert f"played {GAMES} games (0 already saved)" in out and f"on the dask cluster at {cluster.address}" in out, out
        assert in_flight, "the killed worker held a chunk"
        players = {task["worker"] for task in stream.data if chunks_of([task["key"]]) & in_flight}
        assert players and victim not in players, "the killed worker's chunks were played by the other"
        assert_rows_equal_loky(tmp_path / "run", loky)
        session = json.loads((tmp_path / "run" / "manifest.json").read_text())["sessions"][-1]
        assert session["jobs"] is None and session["scheduler"] == cluster.address  # the cluster's workers, not --jobs
    finally:
        client.close()


def test_a_scheduler_without_workers_stops_the_run_in_one_line_with_nothing_lost(
        tmp_path: Path, tag: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker joins: the run says so and how to start one, after the wait (shortened here), instead of
    waiting for ever; nothing was played, so a resume on a cluster with workers plays every game."""
    cluster = Cluster(tag, tmp_path, workers=0)
    Client(cluster.address, timeout=START_SECONDS).close()  # the scheduler is up
    monkeypatch.setattr(dask_cluster, "WORKER_WAIT_SECONDS", 1.0)
    out = tmp_path / "run"
    started = time.monotonic()
    with pytest.raises(RunFailed) as failure:
        run(experiment(out, games=4, chunk_size=2, backend="dask", scheduler=cluster.address), progress=False)
    assert time.monotonic() - started < START_SECONDS
    message = str(failure.value)
    assert "NoWorkers" in message and f"dask worker {cluster.address}" in message and "0 games saved" in message
    assert len(message.splitlines()) == 1


def test_a_scheduler_killed_mid_run_stops_it_in_one_line_and_resume_finishes_it(
        tmp_path: Path, tag: str, loky: Path) -> None:
    cluster = Cluster(tag, tmp_path / "first", workers=2)
    cluster.client().close()
    started = start_run(tmp_path / "run", tag, "--scheduler", cluster.address)
    wait_until(lambda: mid_run(started, tmp_path / "run"), RUN_SECONDS, "chunks saved and to come")
    kill(cluster.scheduler)
    out, err = started.communicate(timeout=RUN_SECONDS)
    assert started.returncode == 1, err
    assert len(err.strip().splitlines()) == 1, err
    assert f"lost the Dask scheduler {cluster.address}" in err and "--resume continues" in err, err
    saved = saved_chunks(tmp_path / "run")
    assert 0 < saved < CHUNKS

    again = Cluster(tag, tmp_path / "again", workers=1)  # one worker of one thread plays on the cluster too
    client = again.client()
    try:
        with get_task_stream(client) as stream:
            resumed = subprocess.run([str(BIN / "arkmc"), "run", "--resume", "--out", str(tmp_path / "run"),
                                      "--scheduler", again.address, "--no-progress"], capture_output=True, text=True,
                                     timeout=RUN_SECONDS, env={**os.environ, TAG: tag})
        assert resumed.returncode == 0, resumed.stderr + again.log()
        assert f"played {GAMES - saved * CHUNK_SIZE} games ({saved * CHUNK_SIZE} already saved)" in resumed.stdout
        assert len(chunks_of(task["key"] for task in stream.data)) == CHUNKS - saved
        assert_rows_equal_loky(tmp_path / "run", loky)
    finally:
        client.close()
