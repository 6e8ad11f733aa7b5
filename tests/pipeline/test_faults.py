"""The fault campaign kept as tests: the manifest is the source of truth for which parts exist,
a damaged or missing part is named in one line and played again on resume, a stray file is
named and ignored, and a bot that hangs loses its games, not the run."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner

from pipeline.test_runner import experiment as runner_experiment
from pipeline.test_runner import table
from sim.cli import main
from sim.core.deadline import DecisionTimeout
from sim.core.play import play_game
from sim.core.seeds import game_seed
from sim.pipeline.experiment import ExperimentError
from sim.pipeline.processes import alive, descendants
from sim.pipeline.runner import run
from sim.pipeline.storage import RunFolder

TABLES = ("games", "seats", "card_events", "turns")
ARKMC = str(Path(sys.executable).with_name("arkmc"))


def experiment(out: Path, **values: Any):
    """test_runner's experiment, smaller: 8 random games in chunks of 2."""
    return runner_experiment(out, **{"games": 8, "chunk_size": 2, "seed": 11, **values})


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An experiment played once, uninterrupted: what every repaired copy must equal."""
    out = tmp_path_factory.mktemp("reference") / "run"
    run(experiment(out), progress=False)
    return out


def copy_of(reference: Path, tmp_path: Path) -> Path:
    out = tmp_path / "run"
    shutil.copytree(reference, out)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["experiment"]["out"] = str(out)
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def arkmc(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def resume(out: Path):
    return arkmc("run", "--resume", "--out", str(out), "--jobs", "1", "--no-progress")


def assert_same_games(out: Path, reference: Path) -> None:
    for name in TABLES:
        assert table(out, name).equals(table(reference, name)), f"{name} differs from the uninterrupted run"
    assert table(out, "games")["game"].to_list() == list(range(8)), "each game exactly once"


def test_the_manifest_lists_every_part_with_its_rows_size_and_checksum(reference: Path) -> None:
    manifest = json.loads((reference / "manifest.json").read_text())
    assert manifest["schema_version"] == 2 and len(manifest["chunks_done"]) == 4
    for chunk, entry in manifest["chunks_done"].items():
        assert set(entry["parts"]) == set(TABLES)
        for name, part in entry["parts"].items():
            path = reference / name / f"part-{chunk}.parquet"
            assert part["bytes"] == path.stat().st_size and part["rows"] == pl.read_parquet(path).height
            assert len(part["sha256"]) == 64
    assert RunFolder(reference).check_parts(manifest) == []


def test_a_deleted_chunk_is_named_by_the_report_and_played_again_on_resume(reference: Path, tmp_path: Path) -> None:
    """Deleting a chunk's parts used to make --resume say "already saved" and the report show fewer
    games without a warning."""
    out = copy_of(reference, tmp_path)
    for name in TABLES:
        (out / name / "part-000002.parquet").unlink()
    refused = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert f"{out / 'games' / 'part-000002.parquet'} is missing (chunk 2 in the manifest)" in refused.output
    assert "run --resume --out" in refused.output
    resumed = resume(out)
    assert resumed.exit_code == 0, resumed.output
    assert "part-000002.parquet is missing (chunk 2 in the manifest); that chunk is played again" in resumed.output
    assert "played 2 games (6 already saved)" in resumed.output
    assert_same_games(out, reference)


def test_a_truncated_part_is_named_and_played_again(reference: Path, tmp_path: Path) -> None:
    """A truncated part gave a raw "parquet magic bytes" traceback naming no file, and was never played again."""
    out = copy_of(reference, tmp_path)
    part = out / "seats" / "part-000001.parquet"
    part.write_bytes(part.read_bytes()[:100])
    refused = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert f"{part} is damaged: 100 bytes, the manifest says" in refused.output
    resumed = resume(out)
    assert resumed.exit_code == 0 and "that chunk is played again" in resumed.output
    assert_same_games(out, reference)


def test_parts_a_power_cut_kept_from_the_disk_are_played_again(reference: Path, tmp_path: Path) -> None:
    """The parts are renamed into place without a sync; only the manifest's write is waited for. What a power
    cut can leave of a listed chunk's parts: a rename lost (the temporary file still there, no part), a part of
    its full size whose blocks were never written (zeros), an empty one. Each chunk is played again, once."""
    out = copy_of(reference, tmp_path)
    lost = out / "turns" / "part-000000.parquet"
    lost.rename(lost.with_name(lost.name + ".tmp"))
    zeros = out / "card_events" / "part-000002.parquet"
    zeros.write_bytes(bytes(zeros.stat().st_size))
    (out / "games" / "part-000003.parquet").write_bytes(b"")
    resumed = resume(out)
    assert resumed.exit_code == 0 and resumed.output.count("that chunk is played again") == 3
    assert "played 6 games (2 already saved)" in resumed.output and not list(out.glob("*/*.tmp"))
    assert_same_games(out, reference)


def test_a_part_changed_in_place_is_caught_by_its_checksum(reference: Path, tmp_path: Path) -> None:
    out = copy_of(reference, tmp_path)
    part = out / "games" / "part-000003.parquet"
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, other bytes
    part.write_bytes(bytes(data))
    refused = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert refused.exit_code == 2 and "is damaged: its checksum is not the manifest's" in refused.output
    assert resume(out).exit_code == 0
    assert_same_games(out, reference)


def test_a_stray_copy_is_named_and_ignored_by_every_reader(reference: Path, tmp_path: Path) -> None:
    """A stray `part-000003 (copy).parquet` used to give 10 games where 8 were played."""
    out = copy_of(reference, tmp_path)
    stray = out / "seats" / "part-000003 (copy).parquet"
    shutil.copy(out / "seats" / "part-000003.parquet", stray)
    report = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert report.exit_code == 0, report.output
    assert f"arkmc: {stray} is not listed in the manifest (a stray copy?); it is ignored" in report.output
    from sim.analysis.data import Run

    assert Run.open(out).seats.height == 16
    resumed = resume(out)
    assert resumed.exit_code == 0 and "is not listed in the manifest" in resumed.output
    assert stray.exists(), "a file arkmc did not write is the user's: named, never deleted"
    assert_same_games(out, reference)


def test_a_run_saved_before_parts_were_listed_is_still_read_and_checked(reference: Path, tmp_path: Path) -> None:
    """A version-1 manifest names chunks only: its readers read those chunks' parts, and an
    unreadable one is named."""
    out = copy_of(reference, tmp_path)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["schema_version"] = 1
    for entry in manifest["chunks_done"].values():
        del entry["parts"]
    (out / "manifest.json").write_text(json.dumps(manifest))
    shutil.copy(out / "games" / "part-000000.parquet", out / "games" / "part-000000 (copy).parquet")
    assert_same_games(out, reference)
    (out / "turns" / "part-000001.parquet").write_bytes(b"PAR1 not really")
    refused = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert refused.exit_code == 2 and "part-000001.parquet is damaged: not a readable Parquet file" in refused.output
    assert resume(out).exit_code == 0
    assert_same_games(out, reference)


HANGING_BOTS = """
import time


class Spins:
    def choose(self, observation, decision, rng):
        while True:
            pass


class Sleeps:
    def choose(self, observation, decision, rng):
        time.sleep(3600)


class SwallowsAndReturnsLate:
    def choose(self, observation, decision, rng):
        deadline = time.monotonic() + 0.6
        while time.monotonic() < deadline:
            try:
                time.sleep(max(0.0, deadline - time.monotonic()))
            except BaseException:
                pass
        return decision.options[0]


class Quick:
    def choose(self, observation, decision, rng):
        time.sleep(0.001)
        return decision.options[0]
"""


@pytest.fixture
def hanging(tmp_path: Path) -> Path:
    module = tmp_path / "hanging.py"
    module.write_text(HANGING_BOTS)
    return module


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("bot", "jobs"), [("Spins", 1), ("Sleeps", 1), ("SwallowsAndReturnsLate", 1), ("Sleeps", 2)])
def test_a_bot_that_hangs_loses_its_games_as_error_rows_with_their_seeds(tmp_path: Path, hanging: Path, bot: str,
                                                                        jobs: int) -> None:
    """A bot that never returned hung the run for ever; now each of its games is an error row and the
    run ends (one worker: a worker process, since the bot is named by its code; two: two of them)."""
    out = tmp_path / "run"
    spec = experiment(out, bots=["random", f"{hanging}:{bot}"], games=4, jobs=jobs, decision_seconds=0.3)
    started = time.perf_counter()
    summary = run(spec, progress=False)
    assert time.perf_counter() - started < 60
    assert (summary.games_played, summary.errors) == (4, 4)
    games = RunFolder(out).scan("games").sort("game").collect()
    assert games["seed"].to_list() == [game_seed(11, index) for index in range(4)]
    for error in games["error"]:
        assert "DecisionTimeout: seat 2's bot took more than 0.3 s over one" in error
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["experiment"]["decision_seconds"] == 0.3 and manifest["sessions"][-1]["decision_seconds"] == 0.3


def test_a_bot_within_its_limit_plays_on(tmp_path: Path, hanging: Path) -> None:
    out = tmp_path / "run"
    summary = run(experiment(out, bots=["random", f"{hanging}:Quick"], games=2, decision_seconds=0.3), progress=False)
    assert summary.errors == 0


@pytest.mark.timeout(60)
def test_a_bot_in_another_thread_is_interrupted_too(hanging: Path) -> None:
    """Dask runs games in worker threads, where no signal reaches: an asynchronous exception does."""
    from sim.core.registry import get_game, make_bot

    factory = get_game("arknova")
    caught: list[BaseException] = []

    def play() -> None:
        state = factory.new_game(factory.default_config(), 3)
        try:
            play_game(state, [make_bot("random", "arknova"), make_bot(f"{hanging}:Spins", "arknova")], 3,
                      decision_seconds=0.2)
        except DecisionTimeout as error:
            caught.append(error)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive() and len(caught) == 1 and "seat 2's bot took more than 0.2 s" in str(caught[0])


@pytest.mark.parametrize(("value", "accepted"), [(0, False), (-1, False), (0.001, True), (86_400, True),
                                                 (86_400.5, False), ("10", False), (True, False)])
def test_the_decision_limit_is_range_checked(tmp_path: Path, value: Any, accepted: bool) -> None:
    if accepted:
        assert experiment(tmp_path, decision_seconds=value).decision_seconds == value
    else:
        with pytest.raises(ExperimentError, match="decision_seconds must be"):
            experiment(tmp_path, decision_seconds=value)


KILLING_DRIVER = """
import json, os, signal, sys
import sim.pipeline.storage as storage
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

target, nth, spec = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
real_replace, renames = os.replace, []


def replace(temporary, final):
    if f"{temporary.parent.name}/{temporary.name}".endswith(target):
        renames.append(temporary)
        if len(renames) == nth:
            os.kill(os.getpid(), signal.SIGKILL)
    real_replace(temporary, final)


storage.os.replace = replace  # every rename the save makes, the parts' and the manifest's
run(build_experiment(spec), progress=False)
"""


@pytest.mark.parametrize(("target", "nth", "saved"), [
    ("seats/part-000001.parquet.tmp", 1, 2),  # a chunk half written: its games part renamed, its seats part not
    ("manifest.json.tmp", 4, 2),  # every part of chunk 1 in place, the manifest not yet saying so
    ("manifest.json.tmp", 5, 4),  # chunk 2's parts in place; the manifest lists chunks 0 and 1
])
def test_a_kill_at_a_chosen_moment_of_a_save_loses_and_duplicates_nothing(reference: Path, tmp_path: Path, target: str,
                                                                         nth: int, saved: int) -> None:
    out = tmp_path / "run"
    spec = experiment(out).to_dict()
    killed = subprocess.run([sys.executable, "-c", KILLING_DRIVER, target, str(nth), json.dumps(spec)],
                            capture_output=True, text=True, timeout=300)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert sum(entry["games"] for entry in json.loads((out / "manifest.json").read_text())["chunks_done"].values()) == saved
    resumed = resume(out)
    assert resumed.exit_code == 0 and f"played {8 - saved} games ({saved} already saved)" in resumed.output
    assert not list(out.glob("*/*.tmp"))
    assert_same_games(out, reference)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
@pytest.mark.timeout(300)
def test_workers_and_their_trackers_end_with_a_killed_parent_and_the_run_resumes(tmp_path: Path) -> None:
    """After a parent-only SIGKILL with --jobs 2, both workers and their resource trackers (about
    280 MB) used to stay alive, playing for nobody."""
    out = tmp_path / "run"
    parent = subprocess.Popen([ARKMC, "run", "--bots", "random", "--games", "200", "--chunk-size", "5", "--seed", "3",
                               "--jobs", "2", "--out", str(out), "--no-progress"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not _saved_chunks(out):
        time.sleep(0.05)
    workers = descendants(parent.pid)
    parent.kill()
    parent.wait()
    assert len(workers) >= 2, "the workers had started"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and alive(workers):
        time.sleep(0.1)
    assert not alive(workers), f"still running after their parent died: {alive(workers)}"
    before = _saved_chunks(out)
    assert 0 < before < 40
    resumed = subprocess.run([ARKMC, "run", "--resume", "--out", str(out), "--jobs", "2", "--no-progress"],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    games = RunFolder(out).scan("games").collect()
    assert sorted(games["game"].to_list()) == list(range(200)) and set(games["status"].cast(pl.String)) == {"finished"}


def _saved_chunks(out: Path) -> int:
    try:
        return len(json.loads((out / "manifest.json").read_text())["chunks_done"])
    except (OSError, ValueError):  # not written yet
        return 0


def _bad_inputs(tmp_path: Path) -> list[tuple[list[str], str]]:
    """(arguments, what the one line must say) for every bad input the campaign tried."""
    from importlib.util import find_spec

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    files = {
        "broken.toml": "games = [", "unknown.toml": "gmaes = 3\n", "typed.toml": 'games = "many"\n',
        "code.toml": 'bots = ["os:system:command=touch marker"]\n', "huge.toml": "games = 9223372036854775807\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    run_out = ["--out", str(tmp_path / "never")]
    cases = [
        (["run", "--seed", "-1", *run_out], "seed must be 0 or more"),
        (["run", "--games", "0", *run_out], "games must be 1 to 100,000,000"),
        (["run", "--games", "100000001", *run_out], "games must be 1 to 100,000,000"),
        (["run", "--games", "9223372036854775807", *run_out], "games must be 1 to 100,000,000"),
        (["run", "--jobs", "0", *run_out], "jobs must be -1 (all cores) or 1 to 256"),
        (["run", "--jobs", "257", *run_out], "jobs must be -1 (all cores) or 1 to 256"),
        (["run", "--jobs", "100000", *run_out], "jobs must be -1 (all cores) or 1 to 256"),
        (["run", "--chunk-size", "-1", *run_out], "chunk_size must be 0"),
        (["run", "--decision-seconds", "0", *run_out], "decision_seconds must be more than 0"),
        (["run", "--decision-seconds", "86401", *run_out], "decision_seconds must be more than 0"),
        (["run", "--players", "5", *run_out], "players"),
        (["run", "--players", "0", *run_out], "players"),
        (["run", "--bots", "nosuchbot", *run_out], "nosuchbot"),
        (["run", "--bots", "random,random,random", *run_out], "bots names 3 bots for 2 players"),
        (["run", "--bots", "heuristic:horizon=x", *run_out], "horizon"),
        (["run", "--game", "nosuchgame", *run_out], "nosuchgame"),
        (["run", "--option", "maps=Z", *run_out], "maps"),
        (["run", "--option", "nosuch=1", *run_out], "nosuch"),
        (["run", "--backend", "spark", *run_out], "backend must be one of loky, dask, ray"),
        (["run", "--scheduler", "tcp://h:1", *run_out], "scheduler is an address for the dask or ray backend"),
        (["run", "--override", "cards.401.cost=-5", *run_out], "cards.401.cost"),
        (["run", "--override", "tracks.appeal_max=-1", *run_out], "tracks.appeal_max"),
        (["run", "--override", "cards.99999.cost=3", *run_out], "99999"),
        (["run", "--override", "nosuch.path=1", *run_out], "nosuch.path"),
        (["run", "--override", "cards.401.cost", *run_out], "cards.401.cost"),
        (["run", "--out", str(blocker / "run")], f"cannot make the run folder {blocker / 'run'}"),
        (["run", "--out", str(blocker)], f"{blocker} is a file, not a folder; choose another --out"),
        (["run", str(tmp_path / "missing.toml"), *run_out], "cannot read experiment file"),
        (["run", str(tmp_path / "broken.toml"), *run_out], "is not valid TOML"),
        (["run", str(tmp_path / "unknown.toml"), *run_out], "unknown experiment key(s): gmaes"),
        (["run", str(tmp_path / "typed.toml"), *run_out], "games must be a int"),
        (["run", str(tmp_path / "code.toml"), *run_out], "names Python code"),
        (["run", str(tmp_path / "huge.toml"), *run_out], "games must be 1 to 100,000,000"),
        (["report", str(tmp_path / "no-such-run")], "no run folder"),
        (["report", str(blocker)], "is a file, not a run folder"),
        (["report", str(tmp_path)], "holds no arkmc experiment (no manifest.json)"),
        (["tune", "--budget", "4", "--seeds-per-candidate", "1", "--holdout", "0", "--out", str(blocker / "t.toml")],
         "is a file, not a folder"),
        (["play", "--bots", "nosuchbot"], "nosuchbot"),
        (["play", "--players", "7"], "players"),
    ]
    if find_spec("ray") is None:
        cases.append((["run", "--backend", "ray", *run_out], "the ray backend needs the ray extra"))
    return cases


def test_every_bad_input_is_one_line_and_exit_code_2_and_leaves_no_folder(tmp_path: Path) -> None:
    """The campaign's bad inputs, each run through the command line: one line naming the problem, no
    traceback, exit code 2, and no run folder made."""
    cases = _bad_inputs(tmp_path)
    handled = []
    for arguments, message in cases:
        result = arkmc(*arguments)
        lines = result.output.strip().splitlines()
        if result.exit_code == 2 and len(lines) == 1 and message in lines[0] and "Traceback" not in result.output:
            handled.append(arguments)
        else:
            print(arguments, result.exit_code, result.output[-500:])
    assert len(handled) == len(cases), f"{len(cases) - len(handled)} of {len(cases)} bad inputs not handled in one line"
    assert not (tmp_path / "never").exists()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_the_supervisor_keeps_its_workers_from_one_run_to_the_next(tmp_path: Path) -> None:
    """A tournament runs one experiment per seating in one process: starting new workers for each
    (a new worker initializer each time made loky do so) costs a large share of a run's time."""

    def workers() -> set[int]:
        return {pid for pid in descendants(os.getpid())
                if "multiprocessing.spawn" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")}

    run(experiment(tmp_path / "first", jobs=2), progress=False)
    first = workers()
    run(experiment(tmp_path / "second", jobs=2), progress=False)
    assert len(first) == 2 and workers() == first
