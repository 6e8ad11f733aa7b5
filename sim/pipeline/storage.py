"""The experiment folder: Parquet parts per table and a manifest, written so nothing is lost.

    runs/demo/manifest.json             the experiment, code and data versions, chunks done
    runs/demo/games/part-000012.parquet one part per chunk and table
    runs/demo/seats/...  card_events/...  turns/...
    runs/demo/cards.parquet             the game's dimension tables (Ark Nova: cards, maps), written
                                        once per session from the data the games were played with

A part is written under a temporary name and renamed when complete; the manifest is
rewritten (also by rename, after its bytes are on disk) only after all of a chunk's parts are in
place. A chunk is done exactly when the manifest says so: on resume, parts of chunks it does not
list are deleted and the chunk is played again, so no game is lost or stored twice (a listed part
that a power cut kept from the disk fails its checksum, and its chunk is played again).

The manifest is the source of truth: it lists every part with its row count, size and
SHA-256. Readers read exactly the listed parts (`RunFolder.scan`), and `check_parts` names
a listed part that is missing or damaged and a Parquet file in a table folder that is not
listed (a stray copy), which every reader ignores. Read the tables with `RunFolder.scan`,
or with ``polars.scan_parquet("runs/demo/seats/*.parquet")`` or DuckDB when the folder holds
only what arkmc wrote.

A run folder is a closed world, since it may come from anyone: the manifest names files only by chunk
number (six digits or more, below the chunk count), table name (lowercase letters, digits and _) and
dimension name (its file NAME.parquet), so no path it implies leaves the folder; a listed file that is
a symbolic link, or that resolves outside the folder, is damaged; and a game number that two listed
parts both hold is refused with the two parts named (`RunFolderError`), never counted twice.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import platform
import re
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from itertools import chain
from pathlib import Path
from typing import Any

import polars as pl

from sim.core.data_folder import DATA_KEY

SCHEMA_VERSION = 2  # 2: each chunk lists its parts (rows, bytes, sha256); 1 did not
MANIFEST = "manifest.json"
FORMAT = "arkmc-experiment"
OWN_PART = re.compile(r"part-(\d{6,})\.parquet(\.tmp)?")  # the names arkmc writes; nothing else is deleted
CHUNK_KEY = re.compile(r"\d{6,}")  # a chunk's number as the manifest and the part names spell it
TABLE_NAME = re.compile(r"[a-z][a-z0-9_]*")  # a table's (or a dimension table's) name: its folder or file name

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

SEQUENCES = {list, tuple}  # the values a list column takes from the flat path of `_series`
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
    return column_frame({name: [row.get(name) for row in rows] for name in columns}, columns)


def column_frame(values: Mapping[str, Sequence[Any]], columns: Mapping[str, str]) -> pl.DataFrame:
    """Columns of values (one list per column of `columns`) as a compactly typed DataFrame; a value that
    does not fit its column's type raises, rather than becoming null."""
    return pl.DataFrame([_series(name, values[name], polars_type(kind)) for name, kind in columns.items()])


def _series(name: str, values: Sequence[Any], dtype: pl.DataType) -> pl.Series:
    """One typed column. A column of one string throughout (the experiment's id in every row of a chunk) is
    that string repeated: polars turns every string of a categorical column into its category one by one. Polars
    builds a list column one Series per row; when every value is a list (or tuple) of one same length, the column
    is built from its flat values at once and cut into rows of that length. Both give the same column, the values
    checked against the type all the same."""
    first = values[0] if len(values) > 1 else None
    if type(first) is str and values[-1] is first and values.count(first) == len(values):
        return pl.Series(name, [first], dtype=dtype).new_from_index(0, len(values))
    if isinstance(dtype, pl.List) and values and set(map(type, values)) <= SEQUENCES:
        widths = set(map(len, values))
        width = widths.pop()
        if not widths and width:
            flat = pl.Series(name, list(chain.from_iterable(values)), dtype=dtype.inner)
            return flat.reshape((len(values), width)).cast(dtype)
    return pl.Series(name, values, dtype=dtype)


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


def current_spelling(experiment: Mapping[str, Any]) -> dict[str, Any]:
    """An experiment (or a tournament's definition) as an older arkmc saved it, in today's keys: a data folder
    given as the data override ``data=FOLDER`` (Ark & Noah's runs) or as the game option ``data`` (Inhabit the
    Earth's, which also saved an empty one) is the key `data`, so the run replays and reports as it was played."""
    values = dict(experiment)
    overrides = list(values.get("overrides", []))
    folders = [text.partition("=")[2].strip() for text in overrides if text.partition("=")[0].strip() == DATA_KEY]
    options = dict(values.get("options", {}))
    folder = options.pop(DATA_KEY, "") or (folders[-1] if folders else "")
    if folders:
        values["overrides"] = [text for text in overrides if text.partition("=")[0].strip() != DATA_KEY]
    if "options" in values:
        values["options"] = options
    if folder and not values.get(DATA_KEY):
        values[DATA_KEY] = folder
    return values


class RunFolderError(ValueError):
    """A run folder that breaks the closed-world rules: a manifest naming a path the folder does not own,
    or listed parts holding one game twice. The message is one line naming the entry or the parts."""


def check_manifest(manifest: Mapping[str, Any], where: Path) -> None:
    """A RunFolderError when the manifest at `where` names anything but chunk numbers, table names and
    dimension files NAME.parquet, or a chunk at or past its chunk count: those are the only paths a
    reader builds from it, so none then leads out of the folder."""
    done = manifest.get("chunks_done")
    if not isinstance(done, dict):
        raise RunFolderError(f"{where} has no chunks_done table")
    total = manifest.get("chunks_total")
    for key, entry in done.items():
        if not CHUNK_KEY.fullmatch(key) or key != f"{int(key):06d}":
            raise RunFolderError(f"{where} lists a chunk {key!r}, which is not a chunk number (six digits or more)")
        if isinstance(total, int) and int(key) >= total:
            raise RunFolderError(f"{where} lists chunk {int(key)}, but the experiment has {total} chunks")
        parts = entry.get("parts", {}) if isinstance(entry, dict) else None
        if not isinstance(parts, dict) or not isinstance(entry.get("games"), int):
            raise RunFolderError(f"{where} lists chunk {int(key)} without its games and parts")
        for table in parts:
            if not TABLE_NAME.fullmatch(table):
                raise RunFolderError(f"{where} lists a part of chunk {int(key)} in {table!r}, which is not a table name")
    dimensions = manifest.get("dimensions", {})
    for name, entry in dimensions.items() if isinstance(dimensions, dict) else [("dimensions", None)]:
        if not TABLE_NAME.fullmatch(name) or not isinstance(entry, dict) or entry.get("file") != f"{name}.parquet":
            file = entry.get("file") if isinstance(entry, dict) else entry
            raise RunFolderError(f"{where} lists the dimension table {name!r} in {file!r}; a dimension table is "
                                 "NAME.parquet in the run folder itself")


class RunFolder:
    """One experiment's folder on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.manifest_path = path / MANIFEST
        self._chunk_lines = ChunkLines()
        self._table_folders: set[str] = set()  # made (or found) by this object's `save_chunk`

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, or None when the folder holds no experiment yet."""
        if not self.manifest_path.exists():
            return None
        manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ValueError(f"{self.manifest_path} is not an arkmc experiment manifest")
        check_manifest(manifest, self.manifest_path)
        manifest["experiment"] = current_spelling(manifest.get("experiment", {}))
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

    def extend(self, manifest: dict[str, Any], spec: Mapping[str, Any], chunks: int) -> None:
        """Record that the experiment now plans more games (its new spec and chunk count); the chunks
        saved stay listed."""
        manifest["experiment"] = dict(spec)
        manifest["chunks_total"] = chunks
        self._write_manifest(manifest)

    def begin_session(self, manifest: dict[str, Any], jobs: int, backend: str, decision_seconds: float,
                      dimensions: Mapping[str, pl.DataFrame] | None = None, scheduler: str = "") -> None:
        """Record who runs the next part of the experiment: code version, machine, workers, time limit;
        and write the game's dimension tables (`write_dimensions`), listed by the same manifest write. On the
        cluster of a `scheduler` the workers are the cluster's, not the run's: its address is recorded instead
        of a count (`jobs` null)."""
        self.write_dimensions(manifest, dimensions or {})
        where = {"jobs": None, "scheduler": scheduler} if scheduler else {"jobs": jobs}
        manifest["sessions"].append({
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "code": code_version(),
            "host": platform.node(), **where, "backend": backend, "decision_seconds": decision_seconds,
        })
        self._write_manifest(manifest)

    def discard_unfinished(self, manifest: Mapping[str, Any]) -> None:
        """Delete temporary files and parts of chunks the manifest does not list as done. Only the
        names arkmc writes are touched: another file in the folder is the user's, and stays."""
        done = set(manifest["chunks_done"])
        for part in self.path.glob("*/part-*.parquet*"):
            own = OWN_PART.fullmatch(part.name)
            if own and (own.group(2) or own.group(1) not in done) and not self.leaves(part.parent):
                part.unlink()

    def save_chunk(self, manifest: dict[str, Any], chunk: int, frames: Mapping[str, pl.DataFrame],
                   summary: Mapping[str, Any]) -> None:
        """Write every table's part for `chunk`, then mark the chunk done in the manifest, with the
        row count, size and checksum of each part.

        The manifest's write is the chunk's one commit point, and the only one waited for on disk: the parts
        are renamed into place without a sync (a sync is costly, and there were ten a chunk). Nothing is lost
        or stored twice whenever the machine stops. A killed process loses no written byte. After a power cut,
        the manifest is the old one or the new one (`_replace_durably`); a chunk the surviving manifest does not
        list has its parts deleted and is played again (`discard_unfinished`), and a listed part whose bytes or
        rename did not reach the disk is missing or fails its size or SHA-256 check (`check_parts`), so its chunk
        is played again, from the same seeds. Readers read listed parts only, checked the same way."""
        name = f"{chunk:06d}"
        parts = {}
        for table, data in frames.items():
            folder = self.path / table
            if table not in self._table_folders:
                folder.mkdir(exist_ok=True)
                self._table_folders.add(table)
            temporary = folder / f"part-{name}.parquet.tmp"
            content = parquet_bytes(data)
            temporary.write_bytes(content)
            parts[table] = {"rows": data.height, "bytes": len(content), "sha256": hashlib.sha256(content).hexdigest()}
            os.replace(temporary, folder / f"part-{name}.parquet")
        manifest["chunks_done"][name] = {**summary, "parts": parts}
        self._write_manifest(manifest)

    def write_dimensions(self, manifest: dict[str, Any], tables: Mapping[str, pl.DataFrame]) -> None:
        """Write each of the game's dimension tables as NAME.parquet in the folder and list it in
        `manifest` (rows, size, checksum), which the caller then writes. They are written again at
        every session, so a run started before a game had them gets them when it is resumed."""
        for name, data in tables.items():
            target = self.path / f"{name}.parquet"
            temporary = target.with_name(target.name + ".tmp")
            data.write_parquet(temporary, compression="zstd")
            entry = {"file": target.name, "rows": data.height, "bytes": temporary.stat().st_size,
                     "sha256": file_digest(temporary)}
            _replace_durably(temporary, target)
            manifest.setdefault("dimensions", {})[name] = entry

    def dimension(self, name: str, manifest: Mapping[str, Any] | None = None) -> pl.DataFrame | None:
        """The dimension table `name` as the manifest lists it; None when it is not listed, missing or damaged."""
        manifest = manifest if manifest is not None else self.read_manifest() or {}
        entry = manifest.get("dimensions", {}).get(name)
        if entry is None or self.leaves(self.path / entry["file"]) or _damage(self.path / entry["file"], entry):
            return None
        return pl.read_parquet(self.path / entry["file"])

    def forget_chunk(self, manifest: dict[str, Any], chunk: str) -> None:
        """Take a done chunk off the manifest (written at once) and delete its parts, so it is played again."""
        del manifest["chunks_done"][chunk]
        self._write_manifest(manifest)
        for part in self.path.glob(f"*/part-{chunk}.parquet"):
            part.unlink()

    def _write_manifest(self, manifest: Mapping[str, Any]) -> None:
        temporary = self.manifest_path.with_suffix(".json.tmp")
        temporary.write_text(manifest_text(manifest, self._chunk_lines), encoding="utf-8")
        _replace_durably(temporary, self.manifest_path)

    def parts(self, table: str, manifest: Mapping[str, Any] | None = None) -> list[Path]:
        """The files of `table` that the manifest lists, in chunk order: all a reader may read."""
        manifest = manifest if manifest is not None else self.read_manifest() or {"chunks_done": {}}
        return [self.path / table / f"part-{chunk}.parquet" for chunk, entry in sorted(manifest["chunks_done"].items())
                if table in entry.get("parts", {table: None})]  # a version-1 manifest wrote every table

    def scan(self, table: str, manifest: Mapping[str, Any] | None = None) -> pl.LazyFrame | None:
        """A lazy view of one table over exactly its listed parts; None when no chunk is saved yet."""
        parts = self.parts(table, manifest)
        return pl.scan_parquet(parts) if parts else None

    def saved_bytes(self, manifest: Mapping[str, Any]) -> int:
        """Bytes in the listed parts (a version-1 chunk, which lists none, by the sizes on disk)."""
        return sum(sum(part["bytes"] for part in entry["parts"].values()) if "parts" in entry
                   else sum(part.stat().st_size for part in self.path.glob(f"*/part-{chunk}.parquet"))
                   for chunk, entry in manifest["chunks_done"].items())

    def check_parts(self, manifest: Mapping[str, Any]) -> list[PartProblem]:
        """Listed parts that are missing or damaged (size or checksum not the manifest's; for a
        version-1 manifest, an unreadable Parquet footer), and Parquet files no chunk lists."""
        problems = []
        listed = set()
        every_table = {folder.name: None for folder in sorted(self.path.iterdir())
                       if folder.is_dir() and TABLE_NAME.fullmatch(folder.name)}
        for chunk, entry in sorted(manifest["chunks_done"].items()):
            for table, expected in (entry.get("parts") or every_table).items():  # version 1 wrote every table
                part = self.path / table / f"part-{chunk}.parquet"
                listed.add(part)
                damage = self.leaves(part) or _damage(part, expected)
                if damage:
                    problems.append(PartProblem(part, chunk, damage))
        for part in sorted(self.path.glob("*/*.parquet")):
            if part not in listed:
                problems.append(PartProblem(part, None, "extra"))
        if not any(problem.chunk is not None for problem in problems):
            self._refuse_duplicate_games(manifest)
        return problems

    def leaves(self, path: Path) -> str:
        """'' for a path inside the folder, else why it is read as damaged: a symbolic link (arkmc writes
        none), or a path that resolves outside the folder (through a linked table folder)."""
        if path.is_symlink():
            return "damaged: a symbolic link, which arkmc never writes"
        if not path.resolve().is_relative_to(self.path.resolve()):
            return "damaged: it resolves outside the run folder"
        return ""

    def _refuse_duplicate_games(self, manifest: Mapping[str, Any]) -> None:
        """A RunFolderError naming two listed games parts that hold the same game number: a chunk listed
        twice under two numbers (a part copied, and its checksum with it) would count its games twice."""
        seen: dict[int, Path] = {}
        for part in self.parts("games", manifest):
            for game in pl.read_parquet(part, columns=["game"])["game"].to_list():
                if game in seen:
                    raise RunFolderError(f"game {game} is in two listed parts, {seen[game]} and {part}; the folder "
                                         "was changed by hand (a chunk listed twice), so its games would count twice")
                seen[game] = part


class ChunkLines:
    """Each saved chunk's line of the manifest, encoded once: the manifest is rewritten after every chunk, and
    encoding every entry again at every write (json's indented encoder is pure Python) made a long run's saves
    grow with its length."""

    def __init__(self) -> None:
        self.lines: dict[str, tuple[Any, str]] = {}  # chunk -> (its entry, kept so that its id is not reused; line)

    def line(self, chunk: str, entry: Any) -> str:
        kept = self.lines.get(chunk)
        if kept is None or kept[0] is not entry:  # an entry is replaced, never changed, when its chunk is played again
            kept = self.lines[chunk] = (entry, f"  {json.dumps(chunk)}: {json.dumps(entry)}")
        return kept[1]


def manifest_text(manifest: Mapping[str, Any], chunk_lines: ChunkLines | None = None) -> str:
    """The manifest as JSON for people and programs: indented, each saved chunk's entry on one line."""
    chunk_lines = chunk_lines or ChunkLines()
    items = []
    for key, value in manifest.items():
        if key == "chunks_done" and value:
            text = "{\n" + ",\n".join(chunk_lines.line(chunk, entry) for chunk, entry in value.items()) + "\n }"
        else:  # indented one level deeper (no JSON string holds a raw newline)
            text = json.dumps(value, indent=1).replace("\n", "\n ")
        items.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(items) + "\n}"


@dataclass(frozen=True, slots=True)
class PartProblem:
    """A part file that disagrees with the manifest: `missing`, `damaged: why`, or `extra` (listed by no chunk)."""

    path: Path
    chunk: str | None  # the chunk that lists it; None for an extra file
    problem: str

    def __str__(self) -> str:
        if self.chunk is None:
            return f"{self.path} is not listed in the manifest (a stray copy?); it is ignored"
        return f"{self.path} is {self.problem} (chunk {int(self.chunk)} in the manifest)"


def _damage(part: Path, expected: Mapping[str, Any] | None) -> str:
    """'' for a sound part, else what is wrong with it."""
    if not part.is_file():
        return "missing"
    if expected is None:
        try:
            pl.read_parquet_schema(part)
        except Exception as error:  # polars raises several kinds for a truncated or foreign file
            return f"damaged: not a readable Parquet file ({type(error).__name__})"
        return ""
    size = part.stat().st_size
    if size != expected["bytes"]:
        return f"damaged: {size} bytes, the manifest says {expected['bytes']}"
    if file_digest(part) != expected["sha256"]:
        return "damaged: its checksum is not the manifest's"
    return ""


def file_digest(path: Path) -> str:
    """The file's SHA-256, hex."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def parquet_bytes(data: pl.DataFrame) -> bytes:
    """A part's Parquet file, made in memory: its size and checksum are read from it there, not from the disk."""
    buffer = io.BytesIO()
    data.write_parquet(buffer, compression="zstd", statistics=True)
    return buffer.getvalue()


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
