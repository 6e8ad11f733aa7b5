"""Kill `arkmc run` at random moments, resume it each time, and check what the folder holds at the end.

Each round starts `arkmc run --jobs 2` on the same folder (resuming after the first), waits a random
time and sends SIGKILL to the parent alone, as a crash or the OOM killer would. It then checks that
every worker and resource tracker of that parent ended, and finally that the finished folder holds
the same rows as an uninterrupted run of the same experiment: no game lost, none stored twice.

    .venv/bin/python scripts/checks/kill_campaign.py --kills 20 --games 1500 --out /tmp/kill-campaign
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl

from sim.pipeline.processes import alive, descendants
from sim.pipeline.storage import RunFolder

ARKMC = str(Path(sys.executable).with_name("arkmc"))
TABLES = ("games", "seats", "card_events", "turns")


def command(out: Path, games: int, resume: bool) -> list[str]:
    return [ARKMC, "run", "--bots", "random", "--games", str(games), "--chunk-size", "10", "--seed", "17",
            "--jobs", "2", "--out", str(out), "--no-progress", *(["--resume"] if resume else [])]


def table(folder: Path, name: str) -> pl.DataFrame:
    scan = RunFolder(folder).scan(name)
    assert scan is not None, f"{folder} has no {name}"
    data = scan.collect().drop("seconds", strict=False).with_columns(pl.col(pl.Categorical).cast(pl.String))
    return data.sort(data.columns[:4])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments")
    parser.add_argument("--out", type=Path, default=Path("/tmp/kill-campaign"))
    arguments = parser.parse_args()
    shutil.rmtree(arguments.out, ignore_errors=True)
    reference, target = arguments.out / "reference", arguments.out / "killed"
    subprocess.run(command(reference, arguments.games, False), check=True, capture_output=True)
    moments = random.Random(arguments.seed)
    kills = survivors = 0
    for round_number in range(arguments.kills):
        process = subprocess.Popen(command(target, arguments.games, round_number > 0),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(moments.uniform(1.0, 3.0))  # the first second is mostly imports
        if process.poll() is not None:
            print(f"round {round_number + 1}: the run had finished before its kill")
            break
        below = descendants(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait()
        kills += 1
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(below):
            time.sleep(0.1)
        left = alive(below)
        survivors += len(left)
        manifest = RunFolder(target).read_manifest() or {"chunks_done": {}}
        saved = sum(entry["games"] for entry in manifest["chunks_done"].values())
        print(f"round {round_number + 1}: killed with {len(below)} processes below it, {len(left)} still alive after 10 s; "
              f"{saved} games saved")
    finished = subprocess.run(command(target, arguments.games, True), capture_output=True, text=True)
    games = table(target, "games")
    lost = arguments.games - games["game"].n_unique()
    duplicated = games.height - games["game"].n_unique()
    same = all(table(target, name).equals(table(reference, name)) for name in TABLES)
    print(f"kills survived: {kills} of {kills} (final resume exit code {finished.returncode}); "
          f"processes left behind: {survivors}; games lost: {lost}; duplicated: {duplicated}; "
          f"tables identical to the uninterrupted run: {same}")


if __name__ == "__main__":
    main()
