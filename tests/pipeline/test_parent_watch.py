"""Workers never outlive their parent, from their first millisecond: the campaign killed `arkmc run
--jobs 2` 0.4 to 0.65 s after its start, while its loky workers were still starting, and 3 to 4 processes
(workers and resource trackers) survived in 4 of 4 tries. A worker that started after its parent died
took init for its parent and watched it for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from sim.pipeline.processes import descendants, tagged

ARKMC = str(Path(sys.executable).with_name("arkmc"))
TAG = "ARKMC_TEST_RUN_TAG"


def started_run(out: Path, tag: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([ARKMC, "run", "--bots", "random", "--games", "40", "--chunk-size", "5", "--jobs", "2",
                             "--out", str(out), "--no-progress"], env={**os.environ, TAG: tag},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def survivors(tag: str, seconds: float = 10.0) -> list[int]:
    """The tagged processes still alive after `seconds` (or fewer, once none is)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and tagged(TAG, tag):
        time.sleep(0.05)
    return tagged(TAG, tag)


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads the process table from /proc")
@pytest.mark.timeout(120)
@pytest.mark.parametrize("after", [0.0, 0.05, 0.3])
def test_a_parent_killed_while_its_workers_start_leaves_no_process(tmp_path: Path, after: float) -> None:
    """Killed `after` seconds after its first worker appeared (0: at once, while that worker imports)."""
    tag = uuid.uuid4().hex
    parent = started_run(tmp_path / "run", tag)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not descendants(parent.pid) and parent.poll() is None:
        time.sleep(0.002)
    assert parent.poll() is None, "the run ended before its workers started"
    time.sleep(after)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    left = survivors(tag)
    for pid in left:  # do not leave them to the other tests
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} process(es) outlived their parent"
