"""The experiment runner: same rows on any worker count or backend, resume after a kill,
error rows for games that raise, a compact dataset, overrides, and one-line errors."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner

from sim.arknova import dataset
from sim.cli import main
from sim.core.decision import Decision
from sim.core.protocols import GameTables, Rows
from sim.core.registry import get_game
from sim.pipeline.experiment import FIELD_NAMES, ExperimentError, build_experiment, load_experiment
from sim.pipeline.runner import ROW_ERRORS, chunk_count, dataset_version, play_chunk, run
from sim.pipeline.storage import RunFolder, column_frame, polars_type

TABLES = ("games", "seats", "card_events", "turns")
TIMING = ("seconds",)
ARKMC = str(Path(sys.executable).with_name("arkmc"))


def experiment(out: Path, **values: Any):
    spec = {"bots": ["random"], "games": 12, "chunk_size": 3, "seed": 5, "options": {"maps": "random"},
            "out": str(out), "jobs": 1, **values}
    return build_experiment(spec)


def table(folder: Path, name: str) -> pl.DataFrame:
    """A table as the manifest lists its parts, with its timing columns dropped, in a canonical row order."""
    scan = RunFolder(folder).scan(name)
    assert scan is not None, f"{folder} has no saved {name}"
    data = scan.collect()
    data = data.drop([column for column in TIMING if column in data.columns])
    return data.with_columns(pl.col(pl.Categorical).cast(pl.String)).sort(data.columns[:4])


def test_rows_are_identical_for_one_worker_two_workers_and_a_dask_cluster(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    runs = {
        "one": experiment(tmp_path / "one", jobs=1),
        "two": experiment(tmp_path / "two", jobs=2),
        "dask": experiment(tmp_path / "dask", jobs=2, backend="dask"),
    }
    for spec in runs.values():
        summary = run(spec, progress=False)
        assert summary.games_played == 12 and summary.errors == 0
    for name in TABLES:
        reference = table(tmp_path / "one", name)
        assert reference.height > 0
        for other in ("two", "dask"):
            assert reference.equals(table(tmp_path / other, name)), f"{name} differs with {other}"


def test_ray_backend_gives_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    run(experiment(tmp_path / "loky", jobs=1), progress=False)
    run(experiment(tmp_path / "ray", jobs=2, backend="ray"), progress=False)
    for name in TABLES:
        assert table(tmp_path / "loky", name).equals(table(tmp_path / "ray", name)), name


def test_the_dataset_has_every_game_seat_card_event_and_turn(tmp_path: Path) -> None:
    spec = experiment(tmp_path / "run", players=3, games=6)
    run(spec, progress=False)
    games, seats = table(tmp_path / "run", "games"), table(tmp_path / "run", "seats")
    events, turns = table(tmp_path / "run", "card_events"), table(tmp_path / "run", "turns")
    assert sorted(games["game"]) == list(range(6)) and set(games["status"]) == {"finished"}
    assert seats.height == 18 and seats.group_by("game").agg(pl.col("won").sum())["won"].min() >= 1
    assert (seats["dealt"].list.len() == 8).all() and (seats["kept"].list.len() == 4).all()
    assert (seats["final_scoring_kept"].list.len() == 1).all(), "one final-scoring card is kept at the end"
    dealt = events.filter(pl.col("event") == "dealt").group_by("game", "seat").len()["len"]
    assert dealt.len() == 18 and (dealt == 8).all()
    assert events.filter(pl.col("event") == "supported").height == seats["projects"].sum()
    per_game = turns.group_by("game").len().sort("game")["len"]
    assert per_game.to_list() == games.sort("game")["turns"].to_list(), "one turn row per turn played"
    seat_turns = turns.group_by("game", "seat").agg(pl.col("player_turn").max() + 1).sort("game", "seat")
    assert seat_turns["player_turn"].to_list() == seats.sort("game", "seat")["turns"].to_list()
    last = turns.sort("turn").group_by("game", "seat").last().sort("game", "seat")
    final = seats.sort("game", "seat")["score"]
    assert (final >= last["score"]).all() and (final > last["score"]).any(), "final scoring adds to the last turn's score"
    assert turns["score"].null_count() == 0
    schema = pl.read_parquet_schema(next((tmp_path / "run" / "seats").glob("*.parquet")))
    assert schema["seat"] == pl.UInt8 and schema["bot"] == pl.Categorical and schema["dealt"] == pl.List(pl.UInt16)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["experiment_id"] == spec.experiment_id and len(manifest["chunks_done"]) == 2
    assert manifest["experiment"]["bots"] == ["random"] * 3 and manifest["data_version"]
    assert manifest["sessions"][0]["code"]["arkmc"] == "0.1.0"
    assert manifest["sessions"][0]["jobs"] == spec.jobs and "scheduler" not in manifest["sessions"][0]


class FailingBot:
    """Raises on its first decision in about a third of its games (decided by its own stream)."""

    name = "failing"

    def __init__(self) -> None:
        self.first = True

    def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
        if self.first and rng.random() < 0.35:
            raise RuntimeError("this bot gave up")
        self.first = False
        return rng.choice(decision.options)


def test_a_game_that_raises_becomes_an_error_row_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["run", "--bots", f"{__name__}:FailingBot", "--games", "12",
                                       "--chunk-size", "4", "--maps", "A", "--jobs", "1", "--out", str(out)])
    games = table(out, "games")
    failed = games.filter(pl.col("status") == "error")
    assert games.height == 12 and 0 < failed.height < 12
    assert all("RuntimeError: this bot gave up" in text for text in failed["error"])
    assert failed["seed"].null_count() == 0
    finished = games.filter(pl.col("status") == "finished")["game"]
    assert sorted(table(out, "seats")["game"].unique()) == sorted(finished)
    assert result.exit_code == 1
    assert f"{failed.height} game(s) failed" in result.output


def start_and_stop(command: list[str], manifest: Path, stop: signal.Signals) -> tuple[int, str]:
    """Start `arkmc run`, send `stop` to its process group once 5 chunks are saved; exit code and stderr."""
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        if manifest.exists() and len(json.loads(manifest.read_text())["chunks_done"]) >= 5:
            break
        time.sleep(0.05)
    os.killpg(process.pid, stop)
    _, errors = process.communicate(timeout=60)
    return process.returncode, errors


def without_venv_on_path() -> dict[str, str]:
    """The environment of a fresh shell after `make run`: the venv's programs are not on the PATH."""
    folders = [folder for folder in os.environ.get("PATH", "").split(os.pathsep)
               if Path(folder).resolve() != Path(ARKMC).parent.resolve()]
    return {**os.environ, "PATH": os.pathsep.join(folders)}


def run_command(out: Path, games: int) -> list[str]:
    return [ARKMC, "run", "--bots", "random", "--games", str(games), "--chunk-size", "3", "--maps", "A",
            "--seed", "9", "--jobs", "2", "--out", str(out)]


def test_a_killed_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = run_command(out, 300)
    start_and_stop(command, out / "manifest.json", signal.SIGKILL)
    saved = len(json.loads((out / "manifest.json").read_text())["chunks_done"])
    assert 5 <= saved < 100, "the kill must land mid-run"
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"({saved * 3} already saved)" in resumed.stdout
    games, seats = table(out, "games"), table(out, "seats")
    assert sorted(games["game"]) == list(range(300))
    assert seats.group_by("game").len()["len"].to_list() == [2] * 300
    assert not list(out.glob("*/*.tmp"))
    spec = build_experiment({"bots": ["random"], "games": 300, "chunk_size": 3, "options": {"maps": "A"},
                             "seed": 9, "out": str(out)})
    for chunk in (0, chunk_count(spec) - 1):
        fresh = play_chunk(spec, chunk).frames["seats"].with_columns(pl.col(pl.Categorical).cast(pl.String))
        stored = seats.filter(pl.col("game").is_in(fresh["game"].to_list()))
        assert stored.equals(fresh.sort(stored.columns[:4])), f"chunk {chunk} differs from a fresh replay"


def test_ctrl_c_saves_what_is_done_and_resume_needs_only_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, errors = start_and_stop(run_command(out, 200), out / "manifest.json", signal.SIGINT)
    assert code == 130
    message = errors.strip().splitlines()[-1]
    assert message.startswith("interrupted: ") and f"arkmc run --resume --out {out}" in message
    assert "Traceback" not in errors and "Warning" not in errors
    hint = message.partition("finish with: ")[2]
    resumed = subprocess.run(hint, shell=True, capture_output=True, text=True, timeout=300, env=without_venv_on_path())
    assert resumed.returncode == 0, f"the printed hint {hint!r} does not run: {resumed.stderr}"
    assert sorted(table(out, "games")["game"]) == list(range(200))


def test_every_run_writes_the_card_and_map_tables_with_its_overrides(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(experiment(out, games=2, chunk_size=2, overrides=["cards.401.cost=15"]), progress=False)
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["dimensions"]) == {"cards", "maps"}
    cards = pl.read_parquet(out / manifest["dimensions"]["cards"]["file"])
    assert cards.columns == ["number", "name", "kind", "cost", "level", "size", "icons"]
    cheetah, lab, project = (cards.filter(pl.col("number") == number).row(0, named=True) for number in (401, 201, 101))
    assert (cheetah["name"], cheetah["kind"], cheetah["cost"], cheetah["icons"]) == (
        "Cheetah", "animal", 15, ["predator", "predator", "africa"])          # the overridden cost, not 17
    assert (lab["kind"], lab["cost"], lab["level"], lab["icons"]) == ("sponsor", None, 5, ["science"])
    assert (project["kind"], project["cost"], project["icons"]) == ("project", None, [])
    assert set(table(out, "card_events")["card"]) <= set(cards["number"])   # every card of the data is named
    assert set(cards["kind"]) == {"animal", "sponsor", "project", "final_scoring"} and cards["number"].is_unique().all()
    maps = pl.read_parquet(out / "maps.parquet")
    assert set(table(out, "seats")["map"]) <= set(maps["map"])
    assert maps.filter(pl.col("map") == "3")["name"].item() == "Silver Lake"
    from sim.analysis.data import Run
    from sim.arknova.analysis.maps import map_names

    assert Run.open(out).cards.equals(cards) and map_names(Run.open(out))["3"] == "Silver Lake"
    del manifest["dimensions"]                      # a run written before the tables existed
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "cards.parquet").unlink()
    older = Run.open(out)
    assert older.cards.filter(pl.col("number") == 401)["cost"].item() == 15   # made with the run's overrides
    assert older.card_names[401] == "Cheetah"


def test_overrides_reach_the_workers_and_are_recorded(tmp_path: Path) -> None:
    spec = experiment(tmp_path / "run", jobs=2, games=4, chunk_size=2, overrides=["tracks.hand_dealt=9"])
    run(spec, progress=False)
    assert (table(tmp_path / "run", "seats")["dealt"].list.len() == 9).all()
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["experiment"]["overrides"] == ["tracks.hand_dealt=9"]
    assert spec.experiment_id != experiment(tmp_path / "other", jobs=2, games=4, chunk_size=2).experiment_id
    plain = experiment(tmp_path / "plain", games=2, chunk_size=2)
    assert (play_chunk(plain, 0).frames["seats"]["dealt"].list.len() == 8).all(), "the data is restored after a chunk"


def test_experiment_files_and_flags(tmp_path: Path) -> None:
    path = tmp_path / "exp.toml"
    path.write_text('game = "arknova"\nplayers = 2\nbots = [{ name = "heuristic", horizon = 1 }, "random"]\n'
                    'games = 4\nseed = 3\nchunk_size = 2\n[options]\nmaps = "A"\n')
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["run", str(path), "--games", "2", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    seats = table(out, "seats")
    assert sorted(set(seats["bot_spec"])) == ["heuristic:horizon=1", "random"]
    assert seats.height == 4, "--games overrides the file"
    assert "played 2 games" in result.output and "bytes/game" in result.output
    assert "%|" not in result.output, "no progress bar when the output is not a terminal"


@pytest.mark.parametrize(("arguments", "message"), [
    (["--games", "0"], "games must be 1 to 100,000,000, got 0"),
    (["--games", "100000001"], "games must be 1 to 100,000,000, got 100000001"),
    (["--games", "9223372036854775807"], "games must be 1 to 100,000,000"),
    (["--jobs", "100000"], "jobs must be -1 (all cores) or 1 to 256, got 100000"),
    (["--jobs", "257"], "jobs must be -1 (all cores) or 1 to 256, got 257"),
    (["--seed", "-1"], "seed must be 0 or more"),
    (["--chunk-size", "100000001"], "chunk_size must be 0 (automatic) to 100,000,000"),
    (["--bots", "nobody"], "unknown bot 'nobody'"),
    (["--backend", "spark"], "backend must be one of loky, dask, ray"),
    (["--jobs", "0"], "jobs must be -1"),
    (["--maps", "Z"], "maps must be one of"),
    (["--option", "colour=blue"], "unknown Ark Nova option(s): colour"),
    (["--option", "oops"], "is not KEY=VALUE"),
    (["--override", "cards.401.cost=cheap"], "override of cards.401 does not parse"),
    (["--override", "cards.999.cost=3"], "there is no zoo card number 999"),
    (["--override", "stars.1=2"], "must start with cards, final_scoring, maps or tracks"),
    (["--players", "3", "--bots", "random,random"], "names 2 bots for 3 players"),
    (["--bots", "heuristic:horizon=x"], "bot 'heuristic': horizon must be a whole number, got 'x'"),
    (["--bots", "heuristic:horizon=3"], "bot 'heuristic': horizon must be 1 or 2, got 3"),
    (["--bots", "search:simulations=0"], "bot 'search': it needs simulations >= 1 or ms > 0"),
    (["--bots", "search:exploration=wide"], "bot 'search': exploration must be a number, got 'wide'"),
])
def test_bad_flags_get_one_line_and_exit_code_2(tmp_path: Path, arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["run", "--out", str(tmp_path / "run"), "--games", "2", *arguments])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_bad_experiment_files_and_foreign_folders_are_refused(tmp_path: Path) -> None:
    runner = CliRunner()
    unknown = tmp_path / "unknown.toml"
    unknown.write_text("games = 2\ncolour = 'blue'\n")
    broken = tmp_path / "broken.toml"
    broken.write_text("games = \n")
    wrong_type = tmp_path / "type.toml"
    wrong_type.write_text("games = 'many'\n")
    out = tmp_path / "run"
    first = runner.invoke(main, ["run", "--bots", "random", "--games", "2", "--maps", "A", "--jobs", "1", "--out", str(out)])
    assert first.exit_code == 0, first.output
    cluttered = tmp_path / "cluttered"
    cluttered.mkdir()
    (cluttered / "notes.txt").write_text("mine")
    for arguments, message in (
        ([str(unknown)], "unknown experiment key(s): colour"),
        ([str(broken)], "is not valid TOML"),
        ([str(wrong_type)], "games must be a int, got 'many'"),
        ([str(tmp_path / "missing.toml")], "cannot read experiment file"),
        (["--bots", "random", "--games", "2", "--maps", "A", "--seed", "4", "--out", str(out)],
         "holds another experiment: seed is 0 there, 4 here; choose another --out"),
        (["--bots", "random", "--games", "2", "--maps", "A", "--jobs", "1", "--out", str(out)], "add --resume"),
        (["--bots", "random", "--games", "3", "--maps", "A", "--out", str(out)],
         "add --resume to finish it and extend it to 3 games"),
        (["--bots", "random", "--games", "2", "--out", str(cluttered)], "holds no arkmc experiment"),
        (["--backend", "loky", "--scheduler", "tcp://x:1", "--out", str(tmp_path / "s")], "scheduler is an address"),
    ):
        result = runner.invoke(main, ["run", *arguments])
        assert result.exit_code == 2, (arguments, result.output)
        assert message in result.output and "Traceback" not in result.output, result.output
    assert (cluttered / "notes.txt").read_text() == "mine", "a foreign folder is never touched"


def test_the_example_experiment_files_are_valid() -> None:
    files = sorted(Path(__file__).parents[2].joinpath("experiments").glob("*.toml"))
    assert files
    for path in files:
        spec = load_experiment(path, {})
        assert spec.games >= 1 and len(spec.bots) == spec.players


def test_a_run_saved_with_other_columns_is_not_resumed_into_the_same_dataset(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    before = dataset_version(get_game("arknova"))
    spec = experiment(tmp_path / "run", games=4)
    run(spec, progress=False)
    monkeypatch.setitem(dataset.SCHEMA, "turns", {**dataset.SCHEMA["turns"], "new_column": "u8"})
    assert dataset_version(get_game("arknova")) != before
    with pytest.raises(ExperimentError, match="data or columns changed.*remove that folder"):
        run(spec, progress=False, resume=True)


def test_the_experiment_identity_ignores_how_it_is_run(tmp_path: Path) -> None:
    base = experiment(tmp_path / "a")
    assert base.experiment_id == experiment(tmp_path / "b", jobs=2, backend="dask").experiment_id
    assert base.experiment_id != experiment(tmp_path / "a", seed=6).experiment_id
    assert base.experiment_id == experiment(tmp_path / "c", games=30, chunk_size=7).experiment_id, \
        "game i is the same game whatever the count and the chunking"
    with pytest.raises(ExperimentError, match="chunk_size must be 0"):
        experiment(tmp_path / "a", chunk_size=-1)


def test_resume_discards_parts_the_manifest_does_not_list(tmp_path: Path) -> None:
    spec = experiment(tmp_path / "run", games=6, chunk_size=3)
    run(spec, progress=False)
    path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(path.read_text())
    del manifest["chunks_done"]["000001"]
    path.write_text(json.dumps(manifest))
    (tmp_path / "run" / "games" / "part-000007.parquet.tmp").write_bytes(b"half")
    summary = run(spec, resume=True, progress=False)
    assert summary.games_played == 3 and summary.games_before == 3
    assert sorted(table(tmp_path / "run", "games")["game"]) == list(range(6))
    assert not list((tmp_path / "run").glob("*/*.tmp"))


def test_resume_with_more_games_extends_a_run_to_the_rows_of_one_made_at_that_size(tmp_path: Path) -> None:
    """The saved games stay (their parts untouched), the last, short chunk is played whole, the new
    indices are added, and every table equals that of a run of the larger size from scratch, chunked
    otherwise."""
    out = tmp_path / "run"
    run(experiment(out, games=7, chunk_size=3), progress=False)
    before = json.loads((out / "manifest.json").read_text())["chunks_done"]
    assert before["000002"]["games"] == 1
    result = CliRunner().invoke(main, ["run", "--resume", "--out", str(out), "--games", "12", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "played 6 games (6 already saved)" in result.output
    after = json.loads((out / "manifest.json").read_text())
    assert after["experiment"]["games"] == 12 and after["chunks_total"] == 4
    for chunk in ("000000", "000001"):
        assert after["chunks_done"][chunk]["parts"] == before[chunk]["parts"], f"chunk {chunk} was played again"
    scratch = tmp_path / "scratch"
    run(experiment(scratch, games=12, chunk_size=5), progress=False)
    for name in TABLES:
        extended = table(out, name)
        assert sorted(set(extended["game"])) == list(range(12))
        assert extended.equals(table(scratch, name)), f"{name} of the extended run differs from a run made at 12 games"


def test_a_refused_folder_names_each_setting_that_differs_with_both_values(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(experiment(out, games=6), progress=False)
    with pytest.raises(ExperimentError) as refused:
        run(experiment(out, games=6, seed=6, bots=["random", "default"]), resume=True, progress=False)
    message = str(refused.value)
    assert "bots is random, random there, random, default here; seed is 5 there, 6 here" in message
    assert experiment(out).experiment_id not in message and "games" not in message
    with pytest.raises(ExperimentError, match="holds an experiment of 6 games; --games 3 would shorten it"):
        run(experiment(out, games=3), resume=True, progress=False)
    with pytest.raises(ExperimentError, match="chunk_size is 3 there, 2 here"):
        run(experiment(out, games=9, chunk_size=2), resume=True, progress=False)


def test_a_folder_keyed_by_an_older_experiment_id_keeps_it_on_the_rows_it_adds(tmp_path: Path) -> None:
    """Folders started before the id left out the number of games carry the old digest: resuming one
    must not mix two ids in one dataset."""
    out = tmp_path / "run"
    run(experiment(out, games=6), progress=False)
    path = out / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["experiment_id"] = "0123456789ab"
    path.write_text(json.dumps(manifest))
    run(experiment(out, games=9), resume=True, progress=False)
    assert set(table(out, "games").filter(pl.col("game") >= 6)["experiment"]) == {"0123456789ab"}


def test_run_help_documents_every_experiment_key() -> None:
    result = CliRunner().invoke(main, ["run", "--help"])
    assert result.exit_code == 0
    text = result.output
    flags = {"options": "--option", "overrides": "--override", "chunk_size": "--chunk-size",
             "decision_seconds": "--decision-seconds", "study": "arkmc study"}
    for key in FIELD_NAMES:
        assert flags.get(key, f"--{key}") in text, key
    assert "--resume" in text and "EXPERIMENT_FILE" in text


def test_errors_known_before_the_run_leave_no_folder_behind(tmp_path: Path) -> None:
    """A missing backend extra and an --out that cannot be made are one line each, and no folder
    holding only a manifest is left to refuse the next attempt."""
    from importlib.util import find_spec

    runner = CliRunner()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    cases = [(["--out", str(blocker / "run")], f"cannot make the run folder {blocker / 'run'}")]
    if find_spec("ray") is None:
        cases.append((["--backend", "ray", "--out", str(tmp_path / "ray-run")], "the ray backend needs the ray extra: "))
    for arguments, message in cases:
        result = runner.invoke(main, ["run", "--games", "2", "--jobs", "1", *arguments])
        assert result.exit_code == 2 and message in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "ray-run").exists()


def test_tune_refuses_an_out_it_cannot_write_before_playing(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(main, ["tune", "--budget", "4", "--seeds-per-candidate", "1", "--holdout", "0",
                                       "--out", str(blocker / "tuned.toml")])
    assert result.exit_code == 2 and f"{blocker} is a file, not a folder" in result.output
    assert "search:" not in result.output, "refused before any game"


def test_the_manifest_reaches_the_disk_before_its_rename_and_is_a_chunk_s_one_sync(tmp_path: Path,
                                                                                  monkeypatch) -> None:
    """The manifest is fsynced before it is renamed and its folder after, so a power cut leaves the old one or
    the new one; the parts are renamed into place unsynced, before it (a part a power cut kept from the disk
    fails its checksum, tests/pipeline/test_faults.py): two syncs a chunk, not ten."""
    import sim.pipeline.storage as storage

    events: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        events.append(("fsync", os.readlink(f"/proc/self/fd/{descriptor}")))
        real_fsync(descriptor)

    def replace(source: Any, target: Any) -> None:
        events.append(("replace", str(source)))
        real_replace(source, target)

    monkeypatch.setattr(storage.os, "fsync", fsync)
    monkeypatch.setattr(storage.os, "replace", replace)
    run(experiment(tmp_path / "run", games=2, chunk_size=2), progress=False)
    saves = events[next(index for index, event in enumerate(events) if "part-" in event[1]):]  # the chunk's save
    assert [Path(path).name for kind, path in saves if kind == "replace"] == [
        *["part-000000.parquet.tmp"] * 4, "manifest.json.tmp"]
    assert [kind for kind, _ in saves] == [*["replace"] * 4, "fsync", "replace", "fsync"]
    manifest = str(tmp_path / "run" / "manifest.json.tmp")
    assert saves[-3:] == [("fsync", manifest), ("replace", manifest), ("fsync", str(tmp_path / "run"))]


def _past_u16_in_the_games_row(tables: GameTables) -> None:
    tables.game["breaks"] = 70_000


def _past_u16_in_a_seats_list(tables: GameTables) -> None:
    tables.seats[1]["dealt"] = [*tables.seats[1]["dealt"], 70_000]


def _past_u16_in_a_seats_list_of_its_length(tables: GameTables) -> None:
    tables.seats[1]["dealt"] = [70_000, *tables.seats[1]["dealt"][1:]]  # every seat's list as long: the flat path


def test_a_game_stopped_mid_turn_gives_the_rows_of_its_closed_turns_only() -> None:
    """The safety cap can stop a game between a turn's action and its end: that turn's record is still open (no
    tracks yet) and is left out, not stored as a short row that would make the game an error row."""
    factory = get_game("arknova")
    state = factory.new_game({"players": 2, "maps": "random"}, 11)
    factory.keep_history(state)
    choices = random.Random(11)
    while not (state.decision().kind == "turn" and state.turn >= 6):
        options = state.decision().options
        state.apply(options[choices.randrange(len(options))])
    state.apply(next(option for option in state.decision().options if option[0] in ("act", "xtoken")))
    rows = factory.dataset_tables(state).tables["turns"].rows
    assert len(rows) == state.turn == 6 and {len(row) for row in rows} == {len(dataset.TURN_FIELDS)}


def _past_i32_in_a_card_event(tables: GameTables) -> None:
    events = tables.tables["card_events"]
    tables.tables["card_events"] = Rows(events.fields, [*events.rows[:-1], (*events.rows[-1][:-1], 2 ** 31)])


def _a_turn_one_value_short(tables: GameTables) -> None:
    turns = tables.tables["turns"]
    tables.tables["turns"] = Rows(turns.fields, [*turns.rows[:-1], turns.rows[-1][:-1]])


@pytest.mark.parametrize(("spoil", "cause"), [
    (_past_u16_in_the_games_row, "do not fit the dataset's columns"),
    (_past_u16_in_a_seats_list, "do not fit the dataset's columns"),  # polars' row path made it a null
    (_past_u16_in_a_seats_list_of_its_length, "do not fit the dataset's columns"),
    (_past_i32_in_a_card_event, "do not fit the dataset's columns"),
    (_a_turn_one_value_short, "ValueError: a row of the table 'turns' holds 15 values for its 16 fields"),
])
def test_a_game_whose_values_do_not_fit_their_columns_becomes_an_error_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: Callable[[GameTables], None], cause: str) -> None:
    """Only the game whose values do not fit is lost, as an error row naming the cause; its chunk's other games
    are saved."""
    real_tables = dataset.game_tables
    calls = []

    def spoiled(game: Any) -> Any:
        tables = real_tables(game)
        calls.append(game)
        if len(calls) == 2:
            spoil(tables)
        return tables

    monkeypatch.setattr(dataset, "game_tables", spoiled)
    result = play_chunk(experiment(tmp_path / "run"), 0)
    games = result.frames["games"].sort("game")
    assert games["status"].cast(pl.String).to_list() == ["finished", "error", "finished"] and result.errors == 1
    assert cause in games["error"][1]
    for table in ("seats", "card_events", "turns"):
        assert sorted(set(result.frames[table]["game"].to_list())) == [0, 2]


@pytest.mark.parametrize("values", [
    [[1, 2, 3], (4, 5, 6), [7, 8, 9]],  # one length: built from the flat values
    [[1, 2], [3], []],
    [[1], None, [2]],
    [[], []],
    [],
])
def test_a_list_column_is_the_column_polars_builds_row_by_row(values: list[Any]) -> None:
    built = column_frame({"dealt": values, "icons": [[str(item) for item in row] if row is not None else None
                                                     for row in values]}, {"dealt": "list[u16]", "icons": "list[str]"})
    expected = pl.DataFrame({"dealt": values, "icons": [[str(item) for item in row] if row is not None else None
                                                        for row in values]},
                            schema={"dealt": pl.List(pl.UInt16()), "icons": pl.List(pl.String())})
    assert built.equals(expected) and built.schema == expected.schema


@pytest.mark.parametrize("values", [[[1, 70_000], [3, 4]], [[1, 70_000], [3]], [[1, -1], [3, 4]], [["a", 2], [3, 4]]])
def test_a_list_item_that_does_not_fit_its_type_raises_whatever_the_lengths(values: list[Any]) -> None:
    with pytest.raises(ROW_ERRORS):
        column_frame({"dealt": values}, {"dealt": "list[u16]"})


def test_games_giving_a_table_in_another_order_of_fields_get_the_same_rows(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The chunk's rows of one table are transposed together when every game gives the same fields; a game that
    gives them in another order still has its values in their own columns."""
    plain = play_chunk(experiment(tmp_path / "plain"), 0).frames
    real_tables = dataset.game_tables
    calls = []

    def reordered(game: Any) -> Any:
        tables = real_tables(game)
        calls.append(game)
        if len(calls) % 2:
            turns = tables.tables["turns"]
            tables.tables["turns"] = Rows(turns.fields[::-1], [row[::-1] for row in turns.rows])
        return tables

    monkeypatch.setattr(dataset, "game_tables", reordered)
    frames = play_chunk(experiment(tmp_path / "reordered"), 0).frames
    assert len(calls) == 3
    for name in TABLES:
        assert frames[name].drop(TIMING, strict=False).equals(plain[name].drop(TIMING, strict=False)), name


def test_the_manifest_written_is_the_manifest_kept_through_saves_and_a_chunk_played_again(tmp_path: Path) -> None:
    """The manifest is rewritten after every chunk from lines encoded once per saved chunk: the file always
    reads back as the run's manifest, a chunk played again included, with each chunk's entry on one line."""
    folder = RunFolder(tmp_path / "run")
    manifest = folder.start({"game": "toy", "bots": ["random"]}, "abc", 3, "v1")
    frames = {"games": pl.DataFrame({"game": [0, 1]}, schema={"game": pl.UInt32()})}
    for chunk in range(3):
        folder.save_chunk(manifest, chunk, frames, {"games": 2, "errors": 0})
    folder.forget_chunk(manifest, "000001")
    assert json.loads(folder.manifest_path.read_text()) == manifest
    folder.save_chunk(manifest, 1, frames, {"games": 2, "errors": 1})
    text = folder.manifest_path.read_text()
    assert json.loads(text) == manifest and manifest["chunks_done"]["000001"]["errors"] == 1
    lines = [line for line in text.splitlines() if line.lstrip().startswith('"00000')]
    assert len(lines) == 3 and all(json.loads("{" + line.strip().rstrip(",") + "}") for line in lines)


@pytest.mark.parametrize(("values", "kind"), [
    (["1b4c374d316b"] * 5, "cat"),  # one string throughout: that string repeated
    (["1b4c374d316b"] * 5, "str"),
    (["played", "kept", "played"], "cat"),
    ([7, 7, 7], "u8"),
])
def test_a_column_is_the_column_polars_builds_from_its_values(values: list[Any], kind: str) -> None:
    built = column_frame({"column": values}, {"column": kind})
    expected = pl.DataFrame({"column": values}, schema={"column": polars_type(kind)})
    assert built.equals(expected) and built.schema == expected.schema


def test_one_string_throughout_a_number_column_raises() -> None:
    with pytest.raises(ROW_ERRORS):
        column_frame({"column": ["x"] * 3}, {"column": "u8"})
