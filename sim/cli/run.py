"""`arkmc run`: an experiment played in parallel and saved as a Parquet dataset."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from sim.cli.common import (
    DATA,
    DEFAULT_GAME_HELP,
    GAME_HELP,
    OPTION,
    PLAYERS,
    exit_if_failed,
    exit_if_interrupted,
    game_options,
    option_hint,
    run_errors,
    split_bots,
)
from sim.cli.shortcuts import OptionCommand
from sim.pipeline.command import arkmc

F = TypeVar("F", bound=Callable[..., Any])

GAMES = click.option("--games", type=int, default=None, help="Number of games.  [default: 2000]")
EXPERIMENT_OPTIONS = (
    click.option("--game", default=None, help=GAME_HELP + DEFAULT_GAME_HELP),
    PLAYERS,
    click.option("--bots", "bots_text", default=None,
                 help="One bot for every seat, or one per seat separated by commas (by ';' when bots take "
                      "parameters): name, name:key=value,..., module:Class.  [default: default]"),
    OPTION,
    DATA,
    click.option("--seed", type=int, default=None,
                 help="Base seed; game i's seed is spawned from it with key i.  [default: 0]"),
    click.option("--chunk-size", type=int, default=None, help="Games per saved part (0 = about 100 parts).  [default: 0]"),
    click.option("--override", "overrides", multiple=True, metavar="PATH=VALUE",
                 help="Change one fact of the game's data for this experiment, e.g. cards.401.cost=15, on top of "
                      "--data (repeatable; docs/dataset.md names each game's paths)."),
    click.option("--jobs", type=int, default=None, help="Parallel workers, -1 = all cores.  [default: -1]"),
    click.option("--backend", default=None, help="loky (this machine), dask or ray.  [default: loky]"),
    click.option("--scheduler", default=None, help="Address of a running dask scheduler or ray cluster."),
    click.option("--decision-seconds", type=float, default=None,
                 help="Time limit of one bot decision: a bot that takes longer loses its game, stored as an error "
                      "row with its seed, and the run goes on.  [default: 60]"),
    click.option("--allow-code", is_flag=True,
                 help="Let the experiment file or the run folder name Python bots or games (file.py:Class, "
                      "module:Class). Naming them runs their code: only for files and folders you trust."),
    click.option("--progress/--no-progress", default=None, help="Progress bar.  [default: when stderr is a terminal]"),
)


def experiment_options(command: F, games: bool = True) -> F:
    """The options that describe an experiment and how it runs (all but --out and --resume), shared by
    `arkmc run`, `arkmc sweep` and (without --games, since its pairs set them) `arkmc study`, with
    EXPERIMENT_FILE before them."""
    for option in reversed(EXPERIMENT_OPTIONS[:5] + ((GAMES,) if games else ()) + EXPERIMENT_OPTIONS[5:]):
        command = option(command)
    return click.argument("experiment_file", required=False, type=click.Path(path_type=Path, dir_okay=False))(command)


def experiment_flags(bots_text: str | None, options: tuple[str, ...], overrides: tuple[str, ...],
                     flags: dict[str, Any]) -> dict[str, Any]:
    """The experiment keys the flags set (None where a flag was not given, so the file's value stays)."""
    return {**flags, "options": game_options(options) or None, "overrides": list(overrides) or None,
            "bots": split_bots(bots_text) if bots_text is not None else None}


@click.command(cls=OptionCommand)
@experiment_options
@click.option("--out", default=None, help="Output folder, one per experiment.  [default: runs/demo]")
@click.option("--resume", is_flag=True,
              help="Finish an interrupted experiment in --out, or extend a finished one to a larger --games; "
                   "saved chunks are kept.")
def run(experiment_file: Path | None, bots_text: str | None, options: tuple[str, ...], overrides: tuple[str, ...],
        resume: bool, allow_code: bool, progress: bool | None, **flags: Any) -> None:
    """Play an experiment and save every game to a Parquet dataset.

    The experiment comes from EXPERIMENT_FILE (TOML, see docs/dataset.md) and the flags; flags win.
    With neither, the embedded default runs: 2000 games of the default game's default bot at its
    default player count and study options (Ark Nova: 2 players on maps 1-8), saved in runs/demo;
    --game plays another game with its own. Games are played in chunks by parallel workers; each finished chunk is
    saved at once, so Ctrl-C or a crash loses at most the chunks in flight, and --resume finishes
    the experiment without playing any game twice; with a larger --games it extends a finished
    experiment (game i's seed depends only on i, so the saved games stay and the new ones are
    added). The same seed gives the same rows whatever --jobs or --backend. Exit code 1 when a
    game failed (its seed and traceback are in the games table) or the cluster did (one line; the
    games saved stay for --resume), 2 for bad input, 130 when interrupted. The experiment key `study`
    is written by `arkmc study` (paired games, docs/studies.md).
    """
    from sim.pipeline.experiment import load_experiment
    from sim.pipeline.runner import run as run_experiment
    from sim.pipeline.storage import RunFolder
    from sim.pipeline.summary import summarize

    flags = experiment_flags(bots_text, options, overrides, flags)
    with run_errors(lambda: option_hint(flags["options"] or {}, flags["game"])):
        experiment = load_experiment(experiment_file, flags, resume, allow_code)
        summary = run_experiment(experiment, resume=resume, progress=progress)
    folder = RunFolder(Path(experiment.out))
    exit_if_interrupted(summary.interrupted, f": {summary.games_before + summary.games_played} of "
                        f"{summary.games_total} games saved in {experiment.out}",
                        f"{arkmc()} run --resume --out {experiment.out}")
    for line in summarize(folder):
        click.echo(line)
    rate = summary.games_played / summary.seconds if summary.seconds else 0.0
    size = folder.saved_bytes(folder.read_manifest() or {"chunks_done": {}})
    # a running cluster has as many workers as were started there, not `--jobs`: it is named by its address
    workers = (f"the {experiment.backend} cluster at {experiment.scheduler}" if experiment.scheduler
               else f"{summary.workers} {experiment.backend} workers")
    click.echo(f"played {summary.games_played} games ({summary.games_before} already saved) in "
               f"{summary.seconds:.1f} s, {rate:.1f} games/s on {workers}; "
               f"{summary.errors} failed; {size / summary.games_total:,.0f} bytes/game in {experiment.out}")
    exit_if_failed(summary.errors)
