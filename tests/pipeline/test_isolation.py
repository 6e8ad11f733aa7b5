"""Isolation that a bot cannot defeat from inside: the campaign's bots that took the run down (a bot
raising KeyboardInterrupt or another BaseException, calling os._exit, swallowing the time-limit
exception, or blocked inside one C call) now cost their own games, as error rows with their seeds and
the reason, with --jobs 1 and --jobs 2 alike; the other games are saved as they would have been; and
the user's Ctrl-C still stops the run with the resume hint."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import polars as pl
import pytest

import sim.pipeline.supervisor as supervisor
from pipeline.test_runner import experiment, table
from sim.core.seeds import game_seed
from sim.pipeline.processes import descendants, tagged
from sim.pipeline.runner import run

ARKMC = str(Path(sys.executable).with_name("arkmc"))

BOTS = """
import os
import re
import time

from sim.core.deadline import DecisionTimeout


class Interrupts:
    def choose(self, observation, decision, rng):
        raise KeyboardInterrupt


class Base:
    def choose(self, observation, decision, rng):
        raise BaseException("out of the blue")


class Exits:
    def choose(self, observation, decision, rng):
        os._exit(3)


class Swallows:
    def choose(self, observation, decision, rng):
        while True:
            try:
                time.sleep(100)
            except DecisionTimeout:
                pass


class BlocksInC:
    def choose(self, observation, decision, rng):
        re.match(r"(a+)+$", "a" * 64 + "b")  # hours of backtracking in one C call, which no signal breaks


class ExitsInSomeGames:
    '''Plays at random; in about a third of the games (by its own random stream, the same in every run) it
    ends its process at its first decision.'''

    def __init__(self):
        self.first = True

    def choose(self, observation, decision, rng):
        if self.first and rng.random() < 0.35:
            os._exit(4)
        self.first = False
        return decision.options[rng.randrange(len(decision.options))]


class Sleeps:
    def choose(self, observation, decision, rng):
        time.sleep(0.05)
        return decision.options[rng.randrange(len(decision.options))]
"""


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(supervisor, "GRACE_SECONDS", 1.0)  # the parent's kill comes 1 s past the decision limit
    module = tmp_path / "bad_bots.py"
    module.write_text(BOTS)
    return module


@pytest.mark.timeout(120)
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("bot", "reason"), [
    ("Interrupts", "KeyboardInterrupt"),
    ("Base", "BaseException: out of the blue"),
    ("Exits", "WorkerDied: the worker process playing it ended (exit code 3)"),
    ("Swallows", "WorkerStalled: no decision ended for"),
    ("BlocksInC", "WorkerStalled: no decision ended for"),
])
def test_a_bot_cannot_take_the_run_down(tmp_path: Path, bots: Path, bot: str, reason: str, jobs: int) -> None:
    out = tmp_path / "run"
    before = descendants(os.getpid())  # what earlier tests of this pytest process may have left running
    started = time.perf_counter()
    summary = run(experiment(out, bots=["random", f"{bots}:{bot}"], games=2, chunk_size=2, jobs=jobs,
                             decision_seconds=0.3), progress=False)
    assert time.perf_counter() - started < 60
    assert (summary.games_played, summary.errors, summary.interrupted) == (2, 2, False)
    games = table(out, "games")
    assert games["seed"].to_list() == [game_seed(5, index) for index in range(2)]
    assert all(reason in error for error in games["error"].to_list()), games["error"].to_list()
    left = descendants(os.getpid()) - before
    assert not [pid for pid in left if not _is_worker(pid)], "the run left only the supervisor's workers"


def _is_worker(pid: int) -> bool:
    try:
        return "multiprocessing" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
    except OSError:
        return True


@pytest.mark.timeout(180)
def test_the_culprits_are_error_rows_and_the_other_games_are_saved_alike_with_1_and_2_jobs(tmp_path: Path,
                                                                                            bots: Path) -> None:
    """Chunks of 4 games in which some games kill their worker: each such game is an error row, every
    other game of the chunk is saved, and --jobs 1 and --jobs 2 save the same rows."""
    summaries = {}
    for jobs in (1, 2):
        summaries[jobs] = run(experiment(tmp_path / f"jobs{jobs}", bots=[f"{bots}:ExitsInSomeGames", "random"],
                                         games=8, chunk_size=4, jobs=jobs), progress=False)
    games = table(tmp_path / "jobs1", "games")
    statuses = games["status"].to_list()
    assert 0 < statuses.count("error") < 8 and games["game"].to_list() == list(range(8))
    assert all("exit code 4" in error for error in games.filter(pl.col("status") == "error")["error"].to_list())
    assert summaries[1].errors == summaries[2].errors == statuses.count("error")
    for name in ("games", "seats"):
        assert table(tmp_path / "jobs1", name).drop("error", strict=False).equals(
            table(tmp_path / "jobs2", name).drop("error", strict=False)), name


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads the process table from /proc")
@pytest.mark.timeout(120)
def test_the_users_ctrl_c_still_stops_the_run_with_the_resume_hint(tmp_path: Path, bots: Path) -> None:
    tag = uuid.uuid4().hex
    out = tmp_path / "run"
    parent = subprocess.Popen([ARKMC, "run", "--bots", f"random,{bots}:Sleeps", "--games", "40", "--chunk-size", "2",
                               "--jobs", "2", "--out", str(out), "--no-progress"],
                              env={**os.environ, "ARKMC_TEST_RUN_TAG": tag}, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(descendants(parent.pid)) < 2:
        time.sleep(0.05)
    time.sleep(1.0)
    parent.send_signal(signal.SIGINT)
    _, stderr = parent.communicate(timeout=60)
    assert parent.returncode == 130 and "run --resume --out" in stderr, stderr
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and tagged("ARKMC_TEST_RUN_TAG", tag):
        time.sleep(0.05)
    assert not tagged("ARKMC_TEST_RUN_TAG", tag), "every worker ended with the run"


@pytest.mark.timeout(180)
def test_on_dask_a_bots_keyboard_interrupt_costs_its_games_not_the_run(tmp_path: Path, bots: Path) -> None:
    """Dask's workers run the games in their own processes, where no supervisor of ours runs: the game's
    own guard turns what a bot raises (here KeyboardInterrupt, which stopped the run as if the user had
    pressed Ctrl-C) into error rows."""
    pytest.importorskip("dask.distributed")
    out = tmp_path / "run"
    summary = run(experiment(out, bots=["random", f"{bots}:Interrupts"], games=2, chunk_size=1, jobs=1,
                             backend="dask"), progress=False)
    assert (summary.games_played, summary.errors, summary.interrupted) == (2, 2, False)
    assert all("KeyboardInterrupt" in error for error in table(out, "games")["error"].to_list())
