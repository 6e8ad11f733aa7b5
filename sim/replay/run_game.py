"""One game of a finished run played again exactly, and checked against what the run recorded.

The run's manifest holds its whole experiment (game, options, data folder, data overrides, bots,
base seed), and game `i` is seeded from the base seed and `i` alone, so the runner's own way of
starting a game (`sim.pipeline.runner.new_indexed_game`) plays it again. The replay is accepted only when
it ends as the run recorded (status, decisions, every seat's points): a game played under other
data or code would be another game, so it is refused with the likely reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from sim.core.play import GameRecord, play_game
from sim.core.protocols import SeatResult
from sim.pipeline.command import arkmc
from sim.pipeline.experiment import Experiment, ExperimentError, load_experiment
from sim.pipeline.runner import (
    data_factory,
    dataset_version,
    experiment_bots,
    experiment_factory,
    indexed_seed,
    new_indexed_game,
)
from sim.pipeline.storage import RunFolder, code_version
from sim.replay.page import game_facts, replay_page, seat_names
from sim.replay.recorder import GameRecorder, ReplayStep


class ReplayError(ValueError):
    """A game that cannot be replayed; the message is one line naming why."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A run's game played again: its steps and the facts the page shows."""

    title: str
    facts: list[tuple[str, str]]
    seats: list[str]
    steps: list[ReplayStep]
    turns: int
    results: list[SeatResult]

    def page(self) -> str:
        return replay_page(self.steps, self.title, self.seats, self.facts)


def replay_run_game(run_dir: Path, index: int, allow_code: bool = False,
                    echo: Callable[[str], None] | None = None) -> Replay:
    """Play game `index` of the run in `run_dir` again and record it; `echo` gets its turn log.
    A ReplayError when the folder, the game or the replay is not what it should be."""
    from sim.analysis.data import NotARun, Run

    try:
        run = Run.open(run_dir)
        experiment = load_experiment(None, {"out": str(run_dir)}, resume=True, allow_code=allow_code)
    except (NotARun, ExperimentError) as error:
        raise ReplayError(str(error)) from None
    recorded = _recorded_game(run.path, run.manifest, experiment, index)
    factory = experiment_factory(experiment)
    state = new_indexed_game(experiment, factory, index)
    recorder = GameRecorder(factory, state, experiment.players, echo)
    seed = indexed_seed(experiment, index)
    record = play_game(state, experiment_bots(experiment), seed, listeners=[recorder])
    outcome = _outcome(record)
    if not _same(outcome, recorded):
        raise ReplayError(f"game {index} of {run_dir} does not replay to the result the run recorded (now "
                          f"{_describe(outcome)}; the run: {_describe(recorded)}): {_likely_reason(run.manifest, experiment)}")
    if record.status == "finished":
        recorder.finish(record.results)
    else:
        recorder.stop(f"the game hit the safety cap after {record.decisions} decisions, as in the run")
    title = f"{factory.info.title}: game {index} of {run_dir.name}"
    facts = [("run", str(run_dir)), ("game", str(index)),
             *game_facts(experiment.config, seed, experiment.data, experiment.overrides)]
    return Replay(title, facts, seat_names(experiment.bots), recorder.steps, recorder.turns,
                  sorted(record.results, key=lambda result: result.seat))


Outcome = tuple[str, int, tuple[float, ...]]  # status, decisions, each seat's points (when finished)


def _recorded_game(path: Path, manifest: Mapping[str, Any], experiment: Experiment, index: int) -> Outcome:
    """The status, decisions and points the run saved for game `index`, or a ReplayError saying why there are none."""
    if not 0 <= index < experiment.games:
        raise ReplayError(f"{path} has games 0 to {experiment.games - 1}; there is no game {index}")
    folder = RunFolder(path)
    games, seats = folder.scan("games", manifest), folder.scan("seats", manifest)
    row = games.filter(pl.col("game") == index).collect() if games is not None else pl.DataFrame()
    if row.is_empty():
        raise ReplayError(f"game {index} of {path} is not saved yet (the run stopped before it); "
                          f"`{arkmc()} run --resume --out {path}` plays it")
    game = row.row(0, named=True)
    status = str(game["status"])
    if status == "error":
        first_line = (game["error"] or "").strip().splitlines()[-1:] or ["no message"]
        raise ReplayError(f"game {index} of {path} ended in an error in the run, so there is no result to replay "
                          f"({first_line[0]})")
    points: tuple[float, ...] = ()  # a game the safety cap stopped has none
    if status == "finished":
        assert seats is not None  # a saved game has its seat rows in the same chunk
        points = tuple(seats.filter(pl.col("game") == index).sort("seat").collect()["points"].to_list())
    return status, int(game["decisions"]), points


def _outcome(record: GameRecord) -> Outcome:
    points = tuple(float(result.score) for result in sorted(record.results, key=lambda result: result.seat))
    return record.status, record.decisions, points


def _same(replayed: Outcome, recorded: Outcome) -> bool:
    """Equal outcomes; points are compared as the dataset stores them (32-bit floats)."""
    return replayed[:2] == recorded[:2] and len(replayed[2]) == len(recorded[2]) and all(
        math.isclose(now, then, rel_tol=1e-6) for now, then in zip(replayed[2], recorded[2]))


def _describe(outcome: Outcome) -> str:
    status, decisions, points = outcome
    shown = ", ".join(f"P{seat + 1} {value:g}" for seat, value in enumerate(points))
    ended = f"{decisions} decisions" if status == "finished" else f"{status} after {decisions} decisions"
    return f"points {shown} after {ended}" if points else ended


def _likely_reason(manifest: Mapping[str, Any], experiment: Experiment) -> str:
    """Why a replay can differ from its run: other data, other code, or a bot that is not reproducible."""
    now = dataset_version(data_factory(experiment))
    if manifest.get("data_version") != now:
        return (f"the game's data or dataset columns changed since the run (data version {manifest.get('data_version')}, "
                f"now {now}); replay it with the code it was run with")
    code: dict[str, Any] = next((session["code"] for session in reversed(manifest.get("sessions", [])) if "code" in session), {})
    then, current = code.get("git_commit"), code_version().get("git_commit")
    if then and current and then != current:
        return f"the code changed since the run (commit {then[:10]}, now {current[:10]}); replay it with that commit"
    if code.get("git_modified"):
        return f"the code may have changed since the run (it ran from commit {str(then)[:10]} with uncommitted changes)"
    return "a bot of the run does not play the same game twice (a wall-time budget such as search's ms)"
