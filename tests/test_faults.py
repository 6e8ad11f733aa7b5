"""The fault campaign kept as tests: the manifest is the source of truth for which parts exist,
a damaged or missing part is named in one line and played again on resume, and a stray file is
named and ignored."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.experiment import build_experiment
from sim.runner import run
from sim.storage import RunFolder

TABLES = ("games", "seats", "card_events", "turns")


def experiment(out: Path, **values: Any):
    spec = {"bots": ["random"], "games": 8, "chunk_size": 2, "seed": 11, "options": {"maps": "random"},
            "out": str(out), "jobs": 1, **values}
    return build_experiment(spec)


def tables(folder: Path) -> dict[str, pl.DataFrame]:
    """Every table as the manifest lists it, timing dropped, in a canonical order."""
    result = {}
    for name in TABLES:
        scan = RunFolder(folder).scan(name)
        assert scan is not None
        data = scan.collect().drop("seconds", strict=False).with_columns(pl.col(pl.Categorical).cast(pl.String))
        result[name] = data.sort(data.columns[:4])
    return result


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
    repaired, expected = tables(out), tables(reference)
    for name in TABLES:
        assert repaired[name].equals(expected[name]), f"{name} differs from the uninterrupted run"
    assert repaired["games"]["game"].to_list() == list(range(8)), "each game exactly once"


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
