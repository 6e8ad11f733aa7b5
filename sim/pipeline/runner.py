"""Run an experiment: chunks of games played by parallel workers, each chunk saved as it ends.

Game `i` is seeded from the base seed by SeedSequence spawning with key `i`, and a chunk
is a fixed range of game indices, so the rows do not depend on the number of workers, the
order chunks finish in, or the backend (loky on one machine, Dask or Ray on a cluster).
A game that raises becomes an error row (its seed and traceback) and the run goes on.
"""

from __future__ import annotations

import hashlib
import json
import resource
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain, repeat
from pathlib import Path
from typing import Any

import polars as pl
from joblib import Parallel, delayed
from tqdm import tqdm

from sim.core.collector import fewer_collections
from sim.core.play import play_game
from sim.core.protocols import Bot, GameFactory, GameState, Rows
from sim.core.registry import CodeRefused, RegistryError, code_allowed, game_name, make_bot, parse_bot_spec
from sim.core.seeds import game_seed, python_rng
from sim.pipeline.backends import execution, require_backend, worker_count
from sim.pipeline.experiment import (
    Experiment,
    ExperimentError,
    chunk_count,
    differences_text,
    game_factory,
    setting_differences,
)
from sim.pipeline.storage import RunFolder, RunFolderError, column_frame, frame, table_schemas
from sim.pipeline.study import study_design


@dataclass(slots=True)
class ChunkResult:
    """One chunk's tables, ready to be written, and its counts."""

    chunk: int
    frames: dict[str, pl.DataFrame]
    games: int
    errors: int
    seconds: float
    peak_memory_mb: float  # of the worker process that played it


@dataclass(slots=True)
class RunSummary:
    """What a call to `run` did."""

    games_total: int
    games_played: int  # in this call
    games_before: int  # already saved when this call started
    errors: int  # in the whole experiment
    seconds: float
    workers: int
    interrupted: bool


class RunFailed(Exception):
    """A worker or the cluster failed; the chunks saved so far are kept for `--resume`."""


@dataclass(slots=True)
class _Interrupt:
    seen: bool = False


class UserInterrupt(KeyboardInterrupt):
    """The user's Ctrl-C, as the run's own handler raises it: unlike a KeyboardInterrupt that a bot raises,
    it stops the run rather than costing a game."""


@contextmanager
def _watching_interrupts() -> Iterator[_Interrupt]:
    """Note a Ctrl-C (then raise KeyboardInterrupt as usual) so that the errors it causes in the
    workers at the same moment are read as an interruption, not as a failure."""
    interrupt = _Interrupt()
    if threading.current_thread() is not threading.main_thread():
        yield interrupt
        return

    def note(signum: int, frame: Any) -> None:
        interrupt.seen = True
        raise UserInterrupt

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield interrupt
    finally:
        signal.signal(signal.SIGINT, previous)


def chunk_games(experiment: Experiment, chunk: int) -> range:
    start = chunk * experiment.chunk_size
    return range(start, min(experiment.games, start + experiment.chunk_size))


def data_factory(experiment: Experiment) -> GameFactory:
    """The factory of the experiment's game with its data folder, before the overrides: its data version is
    the run's (the overrides are part of the experiment itself)."""
    return game_factory(experiment.game, experiment.data)


def experiment_factory(experiment: Experiment) -> GameFactory:
    """The factory of the experiment's game with its data folder and overrides: the data its games are played with."""
    return data_factory(experiment).overridden(dict(item.split("=", 1) for item in experiment.overrides))


def dimension_frames(factory: GameFactory) -> dict[str, pl.DataFrame]:
    """The game's dimension tables (see `GameFactory`) as typed frames; none when the game has none."""
    build = getattr(factory, "dimension_tables", None)   # optional: a game without fixed data has none
    tables = build() if build is not None else {}
    return {name: frame(table.rows, table.columns) for name, table in tables.items()}


def play_chunk(experiment: Experiment, chunk: int, experiment_id: str | None = None,
               beat: Callable[[int], None] | None = None) -> ChunkResult:
    """Play one chunk's games (in a worker) and build its tables, keyed by `experiment_id` (default:
    the experiment's own; a folder started by an older arkmc keeps the id its rows already have).
    `beat` is called with the game's index as each game starts and at every decision's end, so that a
    supervisor sees the worker make progress, and which game it plays. The garbage collector keeps the pace
    of play throughout (`sim.core.collector`): building the tables allocates as playing does."""
    started = time.perf_counter()
    with fewer_collections():
        factory = experiment_factory(experiment)
        key = experiment_id or experiment.experiment_id
        games = [_play_one(experiment, factory, index, key, beat) for index in chunk_games(experiment, chunk)]
        return chunk_result(experiment, chunk, games, time.perf_counter() - started)


def play_indexed_game(experiment: Experiment, index: int, experiment_id: str,
                      beat: Callable[[int], None] | None = None) -> GameRows:
    """Game `index`'s rows alone (in a worker): how a supervisor replays a failed chunk game by game."""
    with fewer_collections():
        return _play_one(experiment, experiment_factory(experiment), index, experiment_id, beat)


def chunk_result(experiment: Experiment, chunk: int, games: list[GameRows], seconds: float) -> ChunkResult:
    """The chunk's tables and counts from its games' rows, in game order."""
    frames = _frames(games, table_schemas(experiment_factory(experiment).dataset_schema()))
    errors = int((frames["games"]["status"].cast(pl.String) == "error").sum())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return ChunkResult(chunk, frames, len(games), errors, seconds, peak)


@dataclass(slots=True)
class Columns:
    """One game's rows of one table: columns given whole (`values`) and, for a game's extra table, its rows as
    the history kept them (`rows`, each one value per name of `fields`), which are turned into columns once for
    the whole chunk. A column the game does not fill is null in its rows."""

    height: int
    values: dict[str, Sequence[Any]]
    fields: tuple[str, ...] = ()
    rows: Sequence[Sequence[Any]] = ()

    def transposed(self) -> Columns:
        """The same rows with every column given whole."""
        return Columns(self.height, {**self.values, **dict(zip(self.fields, zip(*self.rows)))})


GameRows = dict[str, Columns]  # one game's rows, by table
INTERVENTION_STREAM = 2  # python_rng(seed, 2): a study's random choices (play_game's bots use stream 1)
ERROR_ROW_FIELDS = ("experiment", "game", "seed", "game_name", "players", "seconds")
# What polars raises when a value does not fit its column (an i64 into a u8, a string into a number).
ROW_ERRORS = (pl.exceptions.PolarsError, OverflowError, TypeError, ValueError)


def _frames(games: list[GameRows], schemas: dict[str, dict[str, str]]) -> dict[str, pl.DataFrame]:
    """The chunk's tables. A game whose values do not fit their columns (a counter past its type)
    becomes an error row, so it costs its own rows, not the chunk's."""
    try:
        return _tables(games, schemas)
    except ROW_ERRORS:
        return _tables([_fitting(game, schemas) for game in games], schemas)


def _tables(games: list[GameRows], schemas: dict[str, dict[str, str]]) -> dict[str, pl.DataFrame]:
    return {table: column_frame(_joined(games, table, columns), columns) for table, columns in schemas.items()}


def _joined(games: list[GameRows], table: str, columns: dict[str, str]) -> dict[str, Sequence[Any]]:
    """Every column of `table` over `games`, in game order: the games' rows of one same set of fields are
    transposed together, once (games that give rows of other fields, which no game does, each on its own)."""
    parts = [game[table] for game in games if table in game]
    if len({part.fields for part in parts}) > 1:
        parts = [part.transposed() for part in parts]
    rows = list(chain.from_iterable(part.rows for part in parts))
    transposed = dict(zip(parts[0].fields, zip(*rows))) if rows else {}
    return {name: transposed[name] if name in transposed else
            list(chain.from_iterable(part.values.get(name, repeat(None, part.height)) for part in parts))
            for name in columns}


def _row_columns(rows: list[dict[str, Any]]) -> Columns:
    """Rows given as dicts (a game's one row, its few seat rows) as a game's part of its table: their values in
    the order of their keys when every row has the same keys (as every finished game's rows have), which the
    chunk turns into columns once, else column by column."""
    fields = tuple(rows[0]) if rows else ()
    if all(tuple(row) == fields for row in rows):
        return Columns(len(rows), {}, fields, [tuple(row.values()) for row in rows])
    names = dict.fromkeys(name for row in rows for name in row)
    return Columns(len(rows), {name: [row.get(name) for row in rows] for name in names})


def _extra_columns(name: str, table: Rows, experiment_id: str, index: int) -> Columns:
    """One of the game's extra tables, keyed by the experiment and the game; a row whose values are not one
    per field raises (ValueError)."""
    fields = tuple(table.fields)
    widths = set(map(len, table.rows)) - {len(fields)}
    if widths:
        raise ValueError(f"a row of the table {name!r} holds {min(widths)} values for its {len(fields)} fields")
    height = len(table.rows)
    return Columns(height, {"experiment": [experiment_id] * height, "game": [index] * height}, fields, table.rows)


def _fitting(game: GameRows, schemas: dict[str, dict[str, str]]) -> GameRows:
    """`game` itself when its rows fit their columns, else its error row saying which value did not."""
    try:
        _tables([game], schemas)
    except ROW_ERRORS as error:
        row = game["games"].transposed().values
        return {"games": _row_columns([{**{key: row[key][0] for key in ERROR_ROW_FIELDS}, "status": "error",
                                        "error": f"the game's rows do not fit the dataset's columns: {error}"}])}
    return game


def indexed_seed(experiment: Experiment, index: int) -> int:
    """Game `index`'s seed: spawned from the base seed with key `index`, or in a study with its pair's number."""
    design = study_design(experiment.study)
    return design.game_seed(experiment.seed, index) if design else game_seed(experiment.seed, index)


def new_indexed_game(experiment: Experiment, factory: GameFactory, index: int) -> GameState:
    """Game `index` of the experiment as the runner starts it (its seed, its config, in a study its arm's
    intervention, recording its history): `arkmc replay` starts it the same way, so it plays the same game."""
    seed = indexed_seed(experiment, index)
    state = factory.new_game(experiment.config, seed)
    design = study_design(experiment.study)
    if design is not None:
        intervention = design.arms[design.pair_and_arm(index)[1]]
        if intervention is not None:
            factory.intervene(state, intervention, python_rng(seed, INTERVENTION_STREAM))  # type: ignore[attr-defined]
    factory.keep_history(state)
    return state


def experiment_bots(experiment: Experiment) -> list[Bot]:
    """A fresh bot for every seat of one game of the experiment."""
    return [make_bot(spec, experiment.game) for spec in experiment.bots]


def error_rows(experiment: Experiment, index: int, experiment_id: str, seconds: float, error: str) -> GameRows:
    """Game `index`'s error row: its seed and why it has no result."""
    return {"games": _row_columns([{"experiment": experiment_id, "game": index, "seed": indexed_seed(experiment, index),
                                    "game_name": experiment.game, "players": experiment.players, "status": "error",
                                    "seconds": seconds, "error": error}])}


def _play_one(experiment: Experiment, factory: GameFactory, index: int, experiment_id: str,
              beat: Callable[[int], None] | None = None) -> GameRows:
    """Game `index`'s rows; when it raises, its error row (seed and traceback) instead."""
    seed = indexed_seed(experiment, index)
    ids = {"experiment": experiment_id, "game": index}
    base = {**ids, "seed": seed, "game_name": experiment.game, "players": experiment.players}
    started = time.perf_counter()
    listeners = []
    if beat is not None:
        beat(index)
        listeners.append(lambda state, decision, choice: beat(index))
    try:
        state = new_indexed_game(experiment, factory, index)
        record = play_game(state, experiment_bots(experiment), seed, decision_seconds=experiment.decision_seconds,
                           listeners=listeners)
        tables = factory.dataset_tables(state)
        extra = {name: _extra_columns(name, table, experiment_id, index) for name, table in tables.tables.items()}
    except UserInterrupt:
        raise
    except BaseException:  # a bot's sys.exit(), hang, KeyboardInterrupt... ends its game, not the run
        return error_rows(experiment, index, experiment_id, time.perf_counter() - started, traceback.format_exc())
    results = sorted(record.results, key=lambda result: result.seat)
    winners = [result.seat for result in results if result.rank == 1]
    seats = []
    for seat, spec in enumerate(experiment.bots):
        result = results[seat] if results else None
        seats.append({
            **ids, **tables.seats[seat], "seat": seat, "bot": parse_bot_spec(spec)[0], "bot_spec": spec,
            "points": result.score if result else None, "rank": result.rank if result else None,
            "won": bool(result and result.rank == 1),
        })
    return {"games": _row_columns([{
        **base, **tables.game, "status": record.status, "decisions": record.decisions,
        "winner": winners[0] if len(winners) == 1 else -1, "winners": len(winners),
        "seconds": time.perf_counter() - started,
    }]), "seats": _row_columns(seats), **extra}


def print_notice(line: str) -> None:
    """A notice on stderr, as the command line prints its warnings."""
    tqdm.write(f"arkmc: {line}", file=sys.stderr)


def run(experiment: Experiment, resume: bool = False, progress: bool | None = None,
        notify: Callable[[str], None] = print_notice, label: str = "") -> RunSummary:
    """Play the experiment's missing chunks and save each as it ends.

    Without `resume` the output folder must be empty (or absent); with it, the folder must
    hold this same experiment, and a chunk whose listed part is missing or damaged is played
    again. `progress` defaults to showing a bar when stderr is a terminal; `notify` gets one
    line for each part found missing, damaged or extra; `label` names the run on its progress bar.
    """
    require_backend(experiment.backend)
    folder = RunFolder(Path(experiment.out))
    manifest = _prepare(folder, experiment, dataset_version(data_factory(experiment)), resume)
    folder.discard_unfinished(manifest)
    _replay_damaged(folder, manifest, notify)
    _replay_short(folder, manifest, experiment)
    done = {int(name) for name in manifest["chunks_done"]}
    todo = [chunk for chunk in range(chunk_count(experiment)) if chunk not in done]
    before = sum(len(chunk_games(experiment, chunk)) for chunk in done)
    workers = worker_count(experiment)
    folder.begin_session(manifest, workers, experiment.backend, experiment.decision_seconds,
                         dimension_frames(experiment_factory(experiment)), experiment.scheduler)
    started = time.perf_counter()
    interrupted = False
    show = sys.stderr.isatty() if progress is None else progress
    with tqdm(total=experiment.games, initial=before, unit="game", disable=not show, smoothing=0.1,
              desc=label or None) as bar, \
            _watching_interrupts() as interrupt, warnings.catch_warnings():
        # On an interruption joblib warns that chunks were cancelled or finished unused: they are
        # replayed on resume. Both wordings of that warning end with this advice.
        warnings.filterwarnings("ignore", message=".*You could benefit from adjusting the input task iterator",
                                category=UserWarning)
        try:
            with execution(experiment):
                for result in _results(experiment, todo, manifest["experiment_id"]):
                    folder.save_chunk(manifest, result.chunk, result.frames, {
                        "games": result.games, "errors": result.errors, "seconds": round(result.seconds, 3),
                        "peak_memory_mb": round(result.peak_memory_mb, 1)})
                    bar.update(result.games)
        except KeyboardInterrupt:
            interrupted = True
        except Exception as error:  # Ctrl-C also reaches the workers, whose deaths surface here
            if not interrupt.seen:
                raise RunFailed(f"the run stopped: {type(error).__name__}: {str(error).splitlines()[0]} "
                                f"({saved_games(manifest)} games saved; --resume continues)") from error
            interrupted = True
    errors = sum(entry["errors"] for entry in manifest["chunks_done"].values())
    played = saved_games(manifest) - before  # read back, so a chunk saved just as Ctrl-C came counts
    return RunSummary(experiment.games, played, before, errors, time.perf_counter() - started, workers, interrupted)


def _replay_damaged(folder: RunFolder, manifest: dict[str, Any], notify: Callable[[str], None]) -> None:
    """Take every chunk with a missing or damaged part off the manifest, so it is played again;
    say which file was wrong, and which stray files every reader ignores. Listed parts holding a game twice
    are refused: which of them is wrong is for the user to say."""
    try:
        problems = folder.check_parts(manifest)
    except RunFolderError as error:
        raise ExperimentError(str(error)) from None
    for problem in problems:
        if problem.chunk is None:
            notify(str(problem))
        elif problem.chunk in manifest["chunks_done"]:
            notify(f"{problem}; that chunk is played again")
            folder.forget_chunk(manifest, problem.chunk)


def _replay_short(folder: RunFolder, manifest: dict[str, Any], experiment: Experiment) -> None:
    """Take off the manifest every chunk that holds fewer games than its range now has: the last chunk
    of a run that was extended to more games. It is played again whole (its games come out as before)."""
    for name, entry in list(manifest["chunks_done"].items()):
        if entry["games"] != len(chunk_games(experiment, int(name))):
            folder.forget_chunk(manifest, name)


def saved_games(manifest: dict[str, Any]) -> int:
    """Games in the chunks the manifest lists as saved."""
    return sum(entry["games"] for entry in manifest["chunks_done"].values())


def _results(experiment: Experiment, chunks: list[int], experiment_id: str) -> Iterator[ChunkResult]:
    """Chunk results as they finish. On this machine, supervised worker processes play them, or this
    process itself for one worker and no bot or game named by code (the registered ones are arkmc's own);
    on Dask, the cluster's workers (`sim.pipeline.dask_cluster`). Ray's joblib backend only returns whole
    lists, so on Ray chunks go out in waves of two per worker and each wave is saved when it returns."""
    if experiment.backend == "loky":
        workers = worker_count(experiment)
        if workers == 1 and not runs_code(experiment):
            yield from (play_chunk(experiment, chunk, experiment_id) for chunk in chunks)
        else:
            from sim.pipeline.supervisor import supervised  # it imports this module

            yield from supervised(experiment, chunks, experiment_id, workers)
        return
    if experiment.backend == "dask":
        from sim.pipeline.dask_cluster import dask_results  # it imports this module

        yield from dask_results(experiment, chunks, experiment_id)
        return
    tasks = [delayed(play_chunk)(experiment, chunk, experiment_id) for chunk in chunks]
    wave = 2 * worker_count(experiment)
    for start in range(0, len(tasks), wave):
        yield from Parallel(n_jobs=-1)(tasks[start:start + wave])


def runs_code(experiment: Experiment) -> bool:
    """Whether one of the experiment's bots is Python code named by its path (which the registry refuses
    to build within `code_allowed(False)`), rather than a registered one. A game named by its code is not
    asked about: this process runs it anyway, to check the experiment and to write the game's tables."""
    scope = game_name(experiment.game)
    for spec in experiment.bots:
        try:
            with code_allowed(False):
                make_bot(spec, scope)
        except CodeRefused:
            return True
        except RegistryError:  # a name only the game's own lookup resolves (its default): not code by a path
            continue
    return False


def dataset_version(factory: GameFactory) -> str:
    """The game's data version together with a digest of every table's columns (core and game), so
    that a run saved under other data or other columns is not resumed into one dataset."""
    schemas = json.dumps(table_schemas(factory.dataset_schema()), sort_keys=True)
    return hashlib.sha256(f"{factory.data_version()}\n{schemas}".encode()).hexdigest()[:16]


def _prepare(folder: RunFolder, experiment: Experiment, data_version: str, resume: bool) -> dict[str, Any]:
    """The manifest to continue: a new one, or the folder's own when resuming the same experiment.

    Resuming with more games than the folder was started with extends it: the seeds depend only on
    the game index, so the games saved stay and the new indices are added. Any other setting that
    differs is named, with the folder's value and this one's.
    """
    try:
        manifest = folder.read_manifest()
    except (ValueError, OSError) as error:
        raise ExperimentError(str(error)) from None
    if manifest is None:
        if folder.path.exists() and not folder.path.is_dir():
            raise ExperimentError(f"{folder.path} is a file, not a folder; choose another --out")
        if not folder.is_empty():
            raise ExperimentError(f"{folder.path} is not empty and holds no arkmc experiment; choose another --out")
        try:
            return folder.start(experiment.to_dict(), experiment.experiment_id, chunk_count(experiment), data_version)
        except OSError as error:  # read-only, a file where a folder should be, no space
            raise ExperimentError(f"cannot make the run folder {folder.path}: {error.strerror or error}") from None
    saved = manifest["experiment"]
    differences = [difference for difference in setting_differences(saved, experiment.identity)
                   if difference[0] != "games"]
    if differences:
        raise ExperimentError(f"{folder.path} holds another experiment: {differences_text(differences)}; "
                              "choose another --out")
    games = saved["games"]
    if experiment.games < games:
        raise ExperimentError(f"{folder.path} holds an experiment of {games} games; --games {experiment.games} would "
                              "shorten it (a run can be extended, not shortened)")
    if not resume:
        more = f" and extend it to {experiment.games} games" if experiment.games > games else ""
        raise ExperimentError(f"{folder.path} already holds this experiment; add --resume to finish it{more}")
    if manifest["data_version"] != data_version:
        raise ExperimentError(f"the game's data or columns changed since {folder.path} was started "
                              f"({manifest['data_version']} -> {data_version}); start a new experiment "
                              "(another --out, or remove that folder)")
    if experiment.games > games:
        folder.extend(manifest, experiment.to_dict(), chunk_count(experiment))
    return manifest
