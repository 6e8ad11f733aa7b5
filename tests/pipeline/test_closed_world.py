"""A run folder is a closed world: the campaign's manifests and links that made report, replay and resume
read files outside the folder, crash on a malformed chunk key, or count a game twice. Each is refused in
one line (exit 2), or, for a linked part, read as damaged and played again on resume."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pipeline.test_faults import assert_same_games, copy_of
from pipeline.test_faults import reference as reference  # noqa: F401 (the fixture, by its name)
from sim.cli import main
from sim.pipeline.storage import file_digest


def arkmc(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def edit_manifest(out: Path, change: Callable[[dict[str, Any]], None]) -> None:
    manifest = json.loads((out / "manifest.json").read_text())
    change(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))


def listing(path: Path) -> dict[str, Any]:
    """A part's entry as the manifest lists it: valid for `path`, wherever it is."""
    return {"rows": 2, "bytes": path.stat().st_size, "sha256": file_digest(path)}


def refused_everywhere(out: Path, tmp_path: Path, words: str) -> None:
    """report, replay and resume each refuse the folder in one line naming the problem, exit 2."""
    for arguments in (["report", str(out), "--out", str(tmp_path / "report.html")],
                      ["replay", str(out), "0", "--out", str(tmp_path / "page.html")],
                      ["run", "--resume", "--out", str(out), "--jobs", "1", "--no-progress"]):
        result = arkmc(*arguments)
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and words in lines[0], (arguments, result.output)
        assert "Traceback" not in result.output
    assert not (tmp_path / "report.html").exists() and not (tmp_path / "page.html").exists()


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("file", ["/etc/passwd", "../outside/cards.parquet"])
def test_a_dimension_file_outside_the_folder_is_refused(reference: Path, tmp_path: Path, outside: Path,
                                                        file: str) -> None:
    out = copy_of(reference, tmp_path)
    shutil.copy(out / "cards.parquet", outside / "cards.parquet")
    target = (out / file).resolve()
    edit_manifest(out, lambda manifest: manifest["dimensions"]["cards"].update({"file": file, **listing(target)}))
    refused_everywhere(out, tmp_path, f"lists the dimension table 'cards' in '{file}'")


def test_a_chunk_key_leading_out_of_the_folder_is_refused(reference: Path, tmp_path: Path, outside: Path) -> None:
    out = copy_of(reference, tmp_path)
    secret = outside / "secret.parquet"
    shutil.copy(out / "games" / "part-000000.parquet", secret)
    key = "x/../../../outside/secret"
    edit_manifest(out, lambda manifest: manifest["chunks_done"].update(
        {key: {**manifest["chunks_done"]["000000"], "parts": {"games": listing(secret)}}}))
    refused_everywhere(out, tmp_path, f"lists a chunk {key!r}, which is not a chunk number")


@pytest.mark.parametrize("key", ["*", "1", "0000001", "-00001"])
def test_a_malformed_chunk_key_is_one_line_not_a_traceback(reference: Path, tmp_path: Path, key: str) -> None:
    out = copy_of(reference, tmp_path)
    edit_manifest(out, lambda manifest: manifest["chunks_done"].update({key: manifest["chunks_done"].pop("000001")}))
    refused_everywhere(out, tmp_path, f"lists a chunk {key!r}, which is not a chunk number")


def test_a_table_name_leading_out_of_the_folder_is_refused(reference: Path, tmp_path: Path, outside: Path) -> None:
    out = copy_of(reference, tmp_path)
    shutil.copy(out / "games" / "part-000001.parquet", outside / "part-000001.parquet")
    edit_manifest(out, lambda manifest: manifest["chunks_done"]["000001"]["parts"].update(
        {"../outside": listing(outside / "part-000001.parquet")}))
    refused_everywhere(out, tmp_path, "in '../outside', which is not a table name")


def test_a_chunk_past_the_experiment_is_refused(reference: Path, tmp_path: Path) -> None:
    out = copy_of(reference, tmp_path)
    for table in ("games", "seats", "card_events", "turns"):
        shutil.copy(out / table / "part-000003.parquet", out / table / "part-000004.parquet")
    edit_manifest(out, lambda manifest: manifest["chunks_done"].update({"000004": manifest["chunks_done"]["000003"]}))
    refused_everywhere(out, tmp_path, "lists chunk 4, but the experiment has 4 chunks")


def test_games_listed_twice_are_refused_with_both_parts_named(reference: Path, tmp_path: Path) -> None:
    """Chunk 3's parts replaced by copies of chunk 1's, the manifest's checksums updated to match: every
    checksum is valid, and the report counted games 2 and 3 twice without a word."""
    out = copy_of(reference, tmp_path)
    for table in ("games", "seats", "card_events", "turns"):
        shutil.copy(out / table / "part-000001.parquet", out / table / "part-000003.parquet")
    edit_manifest(out, lambda manifest: manifest["chunks_done"].update({"000003": manifest["chunks_done"]["000001"]}))
    refused_everywhere(out, tmp_path, f"game 2 is in two listed parts, {out / 'games' / 'part-000001.parquet'} and "
                                      f"{out / 'games' / 'part-000003.parquet'}")


@pytest.mark.parametrize("link", ["part", "table folder"])
def test_a_linked_part_is_damaged_for_report_and_played_again_on_resume(reference: Path, tmp_path: Path,
                                                                        outside: Path, link: str) -> None:
    """A part replaced by a symbolic link to a file outside (with the same bytes, so its checksum is
    valid) was followed; so is a table folder linked to one outside."""
    out = copy_of(reference, tmp_path)
    if link == "part":
        part = out / "seats" / "part-000002.parquet"
        shutil.move(part, outside / part.name)
        part.symlink_to(outside / part.name)
        words = f"{part} is damaged: a symbolic link"
    else:
        shutil.move(out / "seats", outside / "seats")
        (out / "seats").symlink_to(outside / "seats")
        words = "is damaged: it resolves outside the run folder"
    report = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
    assert report.exit_code == 2 and words in report.output and len(report.output.strip().splitlines()) == 1
    if link == "part":
        resumed = arkmc("run", "--resume", "--out", str(out), "--jobs", "1", "--no-progress")
        assert resumed.exit_code == 0 and "played 2 games (6 already saved)" in resumed.output, resumed.output
        assert_same_games(out, reference)
        assert (outside / "part-000002.parquet").exists(), "the linked-to file is not the folder's to delete"
