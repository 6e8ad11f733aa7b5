"""The experiment folder: Parquet parts per table and a manifest, written so nothing is lost.

    runs/demo/manifest.json             the experiment, code and data versions, chunks done
    runs/demo/games/part-000012.parquet one part per chunk and table
    runs/demo/seats/...  card_events/...  turns/...

A part is written under a temporary name and renamed when complete; the manifest is
rewritten (also by rename) only after all of a chunk's parts are in place. A chunk is
done exactly when the manifest says so: on resume, parts of chunks it does not list
are deleted and the chunk is played again, so no game is lost or stored twice.
Read the tables with ``polars.scan_parquet("runs/demo/seats/*.parquet")`` or DuckDB.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import time
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import polars as pl

SCHEMA_VERSION = 1
MANIFEST = "manifest.json"
FORMAT = "arkmc-experiment"

# Columns every game has, whatever the game; games add their own (see GameFactory.dataset_schema).
CORE_SCHEMA: dict[str, dict[str, str]] = {
    "games": {
        "experiment": "cat", "game": "u32", "seed": "u64", "game_name": "cat", "players": "u8",
        "status": "cat", "winner": "i8", "winners": "u8", "decisions": "u32", "seconds": "f32", "error": "str",
    },
    "seats": {
        "experiment": "cat", "game": "u32", "seat": "u8", "bot": "cat", "bot_spec": "cat",
        "points": "f32", "rank": "u8", "won": "bool",
    },
}
EXTRA_TABLE_KEYS = {"experiment": "cat", "game": "u32"}

TYPES: dict[str, pl.DataType] = {
    "u8": pl.UInt8(), "u16": pl.UInt16(), "u32": pl.UInt32(), "u64": pl.UInt64(),
    "i8": pl.Int8(), "i16": pl.Int16(), "i32": pl.Int32(), "f32": pl.Float32(),
    "bool": pl.Boolean(), "str": pl.String(), "cat": pl.Categorical(),
}


def polars_type(name: str) -> pl.DataType:
    """A schema type name ("u8", "cat", "list[u16]", ...) as a polars type."""
    if name.startswith("list[") and name.endswith("]"):
        return pl.List(polars_type(name[5:-1]))
    return TYPES[name]


def table_schemas(game_schema: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """The full column types of every table: core columns first, then the game's."""
    schemas = {table: dict(columns) for table, columns in CORE_SCHEMA.items()}
    for table, columns in game_schema.items():
        schemas.setdefault(table, dict(EXTRA_TABLE_KEYS)).update(columns)
    return schemas


def frame(rows: list[dict[str, Any]], columns: Mapping[str, str]) -> pl.DataFrame:
    """Rows as a compactly typed DataFrame (missing values become nulls)."""
    schema = {name: polars_type(kind) for name, kind in columns.items()}
    return pl.DataFrame(rows, schema=schema, orient="row") if rows else pl.DataFrame(schema=schema)


def code_version() -> dict[str, Any]:
    """The arkmc version and, when run from a git checkout, its commit and whether it was modified."""
    try:
        package = version("arkmc")
    except PackageNotFoundError:
        package = "unknown"
    info: dict[str, Any] = {"arkmc": package, "python": platform.python_version()}
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return info
    if commit.returncode == 0:
        info["git_commit"] = commit.stdout.strip()
        info["git_modified"] = bool(dirty.stdout.strip())
    return info


class RunFolder:
    """One experiment's folder on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.manifest_path = path / MANIFEST

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, or None when the folder holds no experiment yet."""
        if not self.manifest_path.exists():
            return None
        manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        if manifest.get("format") != FORMAT:
            raise ValueError(f"{self.manifest_path} is not an arkmc experiment manifest")
        return manifest

    def is_empty(self) -> bool:
        return not self.path.exists() or not any(self.path.iterdir())

    def start(self, spec: Mapping[str, Any], experiment_id: str, chunks: int, data_version: str) -> dict[str, Any]:
        """A new manifest for an experiment with no chunk done."""
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        manifest = {
            "format": FORMAT, "schema_version": SCHEMA_VERSION, "experiment_id": experiment_id,
            "experiment": dict(spec), "data_version": data_version, "chunks_total": chunks,
            "chunks_done": {}, "sessions": [], "created": now,
        }
        self.path.mkdir(parents=True, exist_ok=True)
        self._write_manifest(manifest)
        return manifest

    def begin_session(self, manifest: dict[str, Any], jobs: int, backend: str) -> None:
        """Record who runs the next part of the experiment: code version, machine, workers."""
        manifest["sessions"].append({
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "code": code_version(),
            "host": platform.node(), "jobs": jobs, "backend": backend,
        })
        self._write_manifest(manifest)

    def discard_unfinished(self, manifest: Mapping[str, Any]) -> None:
        """Delete temporary files and parts of chunks the manifest does not list as done."""
        done = set(manifest["chunks_done"])
        for part in self.path.glob("*/*.parquet*"):
            chunk = part.name.removeprefix("part-").split(".")[0]
            if part.name.endswith(".tmp") or chunk not in done:
                part.unlink()

    def save_chunk(self, manifest: dict[str, Any], chunk: int, frames: Mapping[str, pl.DataFrame],
                   summary: Mapping[str, Any]) -> None:
        """Write every table's part for `chunk`, then mark the chunk done in the manifest."""
        name = f"{chunk:06d}"
        for table, data in frames.items():
            folder = self.path / table
            folder.mkdir(exist_ok=True)
            temporary = folder / f"part-{name}.parquet.tmp"
            data.write_parquet(temporary, compression="zstd", statistics=True)
            _replace_durably(temporary, folder / f"part-{name}.parquet")
        manifest["chunks_done"][name] = dict(summary)
        self._write_manifest(manifest)

    def _write_manifest(self, manifest: Mapping[str, Any]) -> None:
        temporary = self.manifest_path.with_suffix(".json.tmp")
        temporary.write_text(json.dumps(manifest, indent=1, sort_keys=False), encoding="utf-8")
        _replace_durably(temporary, self.manifest_path)

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy view of one table over all its parts."""
        return pl.scan_parquet(self.path / table / "*.parquet")


def _replace_durably(temporary: Path, target: Path) -> None:
    """Rename a fully written file over `target`, its bytes on disk first and the rename after it, so a
    power cut leaves the old file or the new one, never a name pointing at unwritten data."""
    with open(temporary, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(temporary, target)
    folder = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
