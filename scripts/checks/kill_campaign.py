"""Kill `arkmc run` at random moments, resume it each time, and check what the folder holds at the end.

Each round starts `arkmc run --jobs 2` on the same folder (resuming after the first), waits a random
time (from the very start: the first second, while arkmc imports and its workers start, included) and
sends SIGKILL to the parent alone, as a crash or the OOM killer would. Every process of the round
carries an environment tag that its children inherit, so the check finds every worker and resource
tracker left behind, even one that init adopted. Finally the finished folder must hold the same rows
as an uninterrupted run of the same experiment: no game lost, none stored twice.

    .venv/bin/python scripts/checks/kill_campaign.py --kills 20 --games 1500 --out /tmp/kill-campaign
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from sim.pipeline.processes import tagged
from sim.pipeline.storage import RunFolder

ARKMC = str(Path(sys.executable).with_name("arkmc"))
TABLES = ("games", "seats", "card_events", "turns")
TAG = "ARKMC_KILL_CAMPAIGN"
LINGER_SECONDS = 10.0  # how long the processes of a killed parent may take to notice and end


@dataclass(frozen=True)
class Outcome:
    """What a campaign found."""

    kills: int
    orphans: int  # processes alive LINGER_SECONDS after their parent was killed, over every round
    lost: int
    duplicated: int
    identical: bool  # every table equals the uninterrupted run's
    final_exit_code: int

    def __str__(self) -> str:
        return (f"kills: {self.kills}; processes left behind: {self.orphans}; games lost: {self.lost}; "
                f"duplicated: {self.duplicated}; tables identical to the uninterrupted run: {self.identical} "
                f"(final resume exit code {self.final_exit_code})")


def command(out: Path, games: int, resume: bool) -> list[str]:
    return [ARKMC, "run", "--bots", "random", "--games", str(games), "--chunk-size", "10", "--seed", "17",
            "--jobs", "2", "--out", str(out), "--no-progress", *(["--resume"] if resume else [])]


def table(folder: Path, name: str) -> pl.DataFrame:
    scan = RunFolder(folder).scan(name)
    assert scan is not None, f"{folder} has no {name}"
    data = scan.collect().drop("seconds", strict=False).with_columns(pl.col(pl.Categorical).cast(pl.String))
    return data.sort(data.columns[:4])


def left_behind(tag: str) -> list[int]:
    """The tagged processes still alive after LINGER_SECONDS (or fewer, once none is); those are killed."""
    deadline = time.monotonic() + LINGER_SECONDS
    while time.monotonic() < deadline and tagged(TAG, tag):
        time.sleep(0.05)
    left = tagged(TAG, tag)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def campaign(kills: int, games: int, seed: int, out: Path, latest: float = 3.0,
             echo: bool = True) -> Outcome:
    """`kills` rounds of a run killed at a moment drawn from 0 to `latest` seconds after its start."""
    shutil.rmtree(out, ignore_errors=True)
    reference, target = out / "reference", out / "killed"
    subprocess.run(command(reference, games, False), check=True, capture_output=True)
    moments = random.Random(seed)
    done = orphans = 0
    for round_number in range(kills):
        tag = uuid.uuid4().hex
        process = subprocess.Popen(command(target, games, round_number > 0), env={**os.environ, TAG: tag},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        moment = moments.uniform(0.0, latest)
        time.sleep(moment)
        if process.poll() is not None:
            if echo:
                print(f"round {round_number + 1}: the run had finished before its kill")
            break
        process.send_signal(signal.SIGKILL)
        process.wait()
        done += 1
        left = left_behind(tag)
        orphans += len(left)
        manifest = RunFolder(target).read_manifest() or {"chunks_done": {}}
        saved = sum(entry["games"] for entry in manifest["chunks_done"].values())
        if echo:
            print(f"round {round_number + 1}: killed at {moment:.2f} s; {len(left)} processes left behind after "
                  f"{LINGER_SECONDS:.0f} s; {saved} games saved")
    finished = subprocess.run(command(target, games, True), capture_output=True, text=True)
    numbers = table(target, "games")["game"]
    return Outcome(done, orphans, games - numbers.n_unique(), numbers.len() - numbers.n_unique(),
                   all(table(target, name).equals(table(reference, name)) for name in TABLES), finished.returncode)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments")
    parser.add_argument("--latest", type=float, default=3.0, help="the latest kill moment, in seconds after the start")
    parser.add_argument("--out", type=Path, default=Path("/tmp/kill-campaign"))
    arguments = parser.parse_args()
    print(campaign(arguments.kills, arguments.games, arguments.seed, arguments.out, arguments.latest))


if __name__ == "__main__":
    main()
