"""`arkmc tournament`: every pairing (or table) of bots, seats rotated, the same deals for each rotation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from sim.cli.common import (
    DATA,
    GAME,
    OPTION,
    exit_if_failed,
    exit_if_interrupted,
    game_options,
    option_hint,
    run_errors,
    split_bots,
)
from sim.cli.shortcuts import OptionCommand
from sim.pipeline.command import arkmc


@click.command(cls=OptionCommand)
@GAME
@click.option("--bots", "bots_text", required=True,
              help="The bots, separated by commas (by ';' when bots take parameters): name, name:key=value,...")
@click.option("--players", type=int, default=2, show_default=True, help="Players per table (2-4).")
@click.option("--games", type=int, default=100, show_default=True,
              help="Deals per table; each deal is played once in every seat rotation.")
@OPTION
@DATA
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed, the same for every rotation.")
@click.option("--out", type=click.Path(path_type=Path, file_okay=False), required=True,
              help="Output folder: one experiment folder per table rotation, and the report.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Parallel workers, -1 = all cores.")
@click.option("--backend", default="loky", show_default=True, help="loky (this machine), dask or ray.")
@click.option("--scheduler", default="", help="Address of a running dask scheduler or ray cluster.")
@click.option("--resume", is_flag=True, help="Finish an interrupted tournament in --out; saved games are kept. "
              "With a larger --games, extend every table to that many deals.")
@click.option("--progress/--no-progress", default=None, help="Progress bars.  [default: when stderr is a terminal]")
def tournament(bots_text: str, options: tuple[str, ...], data: str | None, out: Path, resume: bool,
               progress: bool | None, **flags: Any) -> None:
    """Play a tournament and report win rates, points, a pairwise matrix and ratings.

    Every table of --players bots among --bots (every pair by default) plays --games deals in
    each cyclic seat rotation, so each bot sits in each seat equally often, and all rotations of
    a table use the same seed, hence the same deals. Each rotation is an experiment folder under
    --out (a dataset like `arkmc run` writes). The report (win rates with 95% Wilson intervals,
    mean points with 95% bootstrap intervals, openskill ratings, the pairwise win-rate matrix and,
    for a game that names its shape measures, the game shape per bot) is printed and written to --out as report.txt,
    standings.csv/.parquet, pairwise.csv, the heatmap pairwise.png and shape.csv. Exit code 1
    when a game failed, 2 for bad input, 130 when interrupted.
    """
    from sim.pipeline.tournament import Tournament, load_seats, play, write_report

    given = game_options(options)
    with run_errors(lambda: option_hint(given, flags["game"])):
        setup = Tournament(bots=tuple(split_bots(bots_text)), out=str(out), options=given, data=data or "", **flags)
        summaries = play(setup, resume=resume, progress=progress)
    exit_if_interrupted(any(summary.interrupted for summary in summaries), "",
                        f"{arkmc()} tournament --resume (same options) --out {out}")
    for line in write_report(setup, load_seats(setup)):
        click.echo(line)
    exit_if_failed(sum(summary.errors for summary in summaries), "tables")
