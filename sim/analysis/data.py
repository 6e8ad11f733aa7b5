"""One experiment loaded for analysis: finished games only, with seats, card events and turns.

Games stopped by the safety cap or by an error have no meaningful result, so every analysis
uses finished games only and says how many others there were.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd
import polars as pl

from sim.core.protocols import GameFactory, SeatFactor
from sim.core.registry import CodeRefused, RegistryError, default_game, get_game
from sim.pipeline.command import arkmc
from sim.pipeline.storage import RunFolder, RunFolderError

TABLES = ("games", "seats", "card_events", "turns")


class NotARun(ValueError):
    """A path that holds no readable arkmc experiment: absent, a file, a folder without a readable
    manifest, or one whose manifest lists a part that is missing or damaged."""


@dataclass
class Run:
    """An experiment's tables, read lazily and restricted to finished games."""

    path: Path
    manifest: dict[str, Any] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)  # files in the folder that no chunk lists

    @classmethod
    def open(cls, path: str | Path) -> "Run":
        """The experiment in folder `path`, which may hold no game yet; NotARun when it is no experiment.

        A folder without manifest.json is refused rather than read as an empty run: a mistyped
        path must not give a report that looks like one of an experiment with no games. So is a
        folder whose manifest lists a part that is missing or damaged: its figures would leave
        out games without saying so. Parquet files no chunk lists are ignored and named in `ignored`.
        """
        path = Path(path)
        if not path.exists():
            raise NotARun(f"no run folder {path}")
        if not path.is_dir():
            raise NotARun(f"{path} is a file, not a run folder")
        try:
            manifest = RunFolder(path).read_manifest()
        except (ValueError, OSError) as error:
            raise NotARun(f"{path} holds no readable arkmc experiment: {error}") from None
        if manifest is None:
            raise NotARun(f"{path} holds no arkmc experiment (no manifest.json); {not_a_run_hint(path)}")
        try:
            problems = RunFolder(path).check_parts(manifest)
        except RunFolderError as error:
            raise NotARun(str(error)) from None
        for problem in problems:
            if problem.chunk is not None:
                raise NotARun(f"{problem}; `{arkmc()} run --resume --out {path}` plays that chunk again")
        run = cls(path, manifest, [str(problem) for problem in problems])
        run.load_game()
        return run

    def load_game(self) -> GameFactory | None:
        """The run's game, loaded now (`factory`), so that a game named by code that may not run here is
        refused when the run is opened, not in the middle of a report."""
        return self.factory

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def spec(self) -> dict[str, Any]:
        return self.manifest.get("experiment", {})

    def _scan(self, table: str) -> pl.LazyFrame | None:
        return RunFolder(self.path).scan(table, self.manifest)

    @cached_property
    def all_games(self) -> pl.DataFrame:
        """Every game row, whatever its status."""
        scan = self._scan("games")
        return scan.collect() if scan is not None else pl.DataFrame(
            schema={"game": pl.UInt32, "status": pl.String, "players": pl.UInt8, "winners": pl.UInt8})

    @cached_property
    def games(self) -> pl.DataFrame:
        """Finished games."""
        return self.all_games.filter(pl.col("status").cast(pl.String) == "finished")

    def _finished(self, table: str) -> pl.DataFrame:
        scan = self._scan(table)
        if scan is None or self.games.is_empty():
            return pl.DataFrame()
        keep = self.games.lazy().select("game", "players")
        return scan.join(keep, on="game").collect()

    @cached_property
    def seats(self) -> pl.DataFrame:
        """Seats of finished games, with `players`, strings as plain strings and `won` as 0/1."""
        seats = self._finished("seats")
        if seats.is_empty():
            return seats
        categorical = [name for name, kind in seats.schema.items() if kind == pl.Categorical]
        return seats.with_columns(pl.col(categorical).cast(pl.String), pl.col("won").cast(pl.Int8))

    def table(self, name: str) -> pl.DataFrame:
        """Any table of the run (a game's own, e.g. Ark & Noah's "loads"), finished games only, with
        categorical columns as plain strings; empty when the run has none."""
        rows = self._finished(name)
        categorical = [column for column, kind in rows.schema.items() if kind == pl.Categorical]
        return rows.with_columns(pl.col(categorical).cast(pl.String)) if categorical else rows

    def pandas(self, name: str) -> pd.DataFrame:
        """The table `name` (games, seats, card_events, turns, or a game's own) as a pandas frame: the same rows
        and columns as the polars one (finished games only), for the analyst who works in pandas."""
        frame = getattr(self, name) if name in TABLES else self.table(name)
        return frame.to_pandas()

    @cached_property
    def card_events(self) -> pl.DataFrame:
        events = self._finished("card_events")
        return events.with_columns(pl.col("event").cast(pl.String)) if not events.is_empty() else events

    @cached_property
    def turns(self) -> pl.DataFrame:
        turns = self._finished("turns")
        return turns.with_columns(pl.col("action").cast(pl.String)) if not turns.is_empty() else turns

    @cached_property
    def factory(self) -> GameFactory | None:
        """The factory of the run's game (from its manifest; the default game for a manifest that names
        none), or None when it cannot be loaded here. A game named by its Python code is refused within
        `code_allowed(False)` (NotARun, one line), not read as a game that cannot be loaded."""
        try:
            return get_game(self.spec.get("game") or default_game())
        except CodeRefused as error:
            raise NotARun(f"the game {error.path!r} in {self.path}'s manifest names Python code, which a run "
                          "folder may not (naming it runs it); add --allow-code if you trust the folder") from None
        except RegistryError:
            return None

    @property
    def seat_factors(self) -> tuple[SeatFactor, ...]:
        """The game's per-seat factors (`GameInfo.seat_factors`, Ark Nova: the map) that the run's seats
        record: none for a run without finished games or a game that cannot be loaded here."""
        factors = self.factory.info.seat_factors if self.factory is not None else ()
        return tuple(factor for factor in factors if factor.column in self.seats.columns)

    @property
    def points_unit(self) -> str:
        """What the seats' points count (`GameInfo.points_unit`, Ark Nova: VP), "points" when the game
        cannot be loaded here."""
        return self.factory.info.points_unit if self.factory is not None else "points"

    def dimension(self, name: str) -> pl.DataFrame:
        """The game's dimension table `name` (Ark Nova: `cards`, `maps`) as the run wrote it, or, for a
        run written before it had one, as the game makes it with the run's overrides; empty when the
        game has no such table or cannot be loaded here."""
        written = RunFolder(self.path).dimension(name, self.manifest)
        if written is not None:
            return written
        if self.factory is None:
            return pl.DataFrame()
        from sim.pipeline.runner import dimension_frames

        factory = self.factory.overridden(self.factory.parse_overrides(self.spec.get("overrides", [])))
        return dimension_frames(factory).get(name, pl.DataFrame())

    @cached_property
    def cards(self) -> pl.DataFrame:
        """The run's card table (number, name, kind, ...; docs/dataset.md), empty when the game has none."""
        return self.dimension("cards")

    @cached_property
    def card_names(self) -> dict[int, str]:
        """Card number -> name: from the run's card table, else as the game lists its cards for
        `arkmc cards` (none when the game cannot be loaded)."""
        if {"number", "name"} <= set(self.cards.columns):
            return dict(zip(self.cards["number"].to_list(), self.cards["name"].to_list(), strict=True))
        statuses = self.factory.card_statuses() if self.factory is not None else []
        return {status.number: status.name for status in statuses}

    @property
    def n_games(self) -> int:
        return self.games.height

    def status_counts(self) -> dict[str, int]:
        if self.all_games.is_empty():
            return {}
        return {str(k): v for k, v in self.all_games.group_by(pl.col("status").cast(pl.String)).len().iter_rows()}


FOLDER_KINDS = {  # a file that marks a folder arkmc wrote that is not a run: what the folder is, and its own report
    "tournament.json": ("a tournament", "the tournament's report is {path}/report.txt; `arkmc report` reads one of its "
                                        "runs: {runs}"),
    "sweep.json": ("a sweep", "its report is written by `arkmc sweep --resume --out {path}`; `arkmc report` reads one "
                              "of its runs: {runs}"),
}


def not_a_run_hint(path: Path) -> str:
    """What to do with a folder that holds no run: for a tournament or a sweep, where its report is and which of its
    sub-folders are runs; for a folder of reports or anything else, how to make a run."""
    for marker, (kind, hint) in FOLDER_KINDS.items():
        if (path / marker).is_file():
            runs = sorted(str(child) for child in path.iterdir() if (child / "manifest.json").is_file())
            return f"it is {kind}: " + hint.format(path=path, runs=", ".join(runs[:3]) + (", ..." if len(runs) > 3 else ""))
    if any(path.glob("*.html")) or any(path.glob("*.md")):
        return f"it holds reports, not a run; give the run folder the report was made from (e.g. `{arkmc()} report runs/demo`)"
    return f"make one with `{arkmc()} run --out {path}`"


def name_cards(run: Run, table: pl.DataFrame, column: str = "card") -> pl.DataFrame:
    """`table` with a `name` column after `column`: the names of the run's game's cards."""
    return with_names(table, column, run.card_names, lambda card: int(card))


def with_names(table: pl.DataFrame, column: str, names: Mapping[Any, str], key: Callable[[Any], Any]
               ) -> pl.DataFrame:
    """`table` with a `name` column after `column`: names[key(value)], "?" for a value without a name."""
    if table.is_empty():
        return table.with_columns(pl.lit(None, dtype=pl.String).alias("name"))
    named = table.with_columns(pl.col(column).map_elements(lambda value: names.get(key(value), "?"),
                                                           return_dtype=pl.String).alias("name"))
    order = list(table.columns)
    order.insert(order.index(column) + 1, "name")
    return named.select(order)


def example_run(path: str | Path, games: int = 120, bots: tuple[str, ...] = ("random",), seed: int = 0,
                game: str | None = None, options: dict[str, Any] | None = None) -> Path:
    """A small run of `games` games of `game` (default: the default game) in `path`, played only when the
    folder holds no experiment yet, with the game's study options unless `options` say otherwise (Ark
    Nova's on random maps).

    The notebooks play one when asked to (`make_example = True`); they never analyse one unasked.
    """
    from sim.pipeline.experiment import build_experiment
    from sim.pipeline.runner import run

    path = Path(path)
    if path.exists() and RunFolder(path).read_manifest() is not None:
        return path
    experiment = build_experiment({"game": game or default_game(), "games": games, "bots": list(bots), "seed": seed,
                                   "out": str(path), "options": dict(options or {}), "jobs": 1})
    run(experiment, progress=False)
    return path
