"""`arkmc sweep`: one data override at several values, a run per value, and the report of the curve."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from sim.cli.common import ArkmcError, check_writable, exit_if_failed, exit_if_interrupted, option_hint, run_errors
from sim.cli.run import experiment_flags, experiment_options
from sim.cli.shortcuts import OptionCommand
from sim.pipeline.command import arkmc


@click.command(cls=OptionCommand)
@experiment_options
@click.option("--override-path", "path", default=None, metavar="PATH",
              help="The data fact to sweep, as --override names it without its value, e.g. cards.401.cost.")
@click.option("--values", default=None, metavar="VALUES",
              help="The values: a range of whole numbers 13..19 (both ends included), a list 13,15,17, or both "
                   "(13..15,20).")
@click.option("--base", default=None, metavar="VALUE",
              help="The value every other value is compared with, game by game.  [default: the first value]")
@click.option("--out", default=None,
              help="The sweep folder: sweep.json and one run folder per value.  [default: runs/sweep-PATH]")
@click.option("--report", "report_out", type=click.Path(path_type=Path), default=None,
              help="The report file.  [default: reports/NAME.html, NAME = the sweep folder's name]")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]), default="html", show_default=True,
              help="html: one self-contained file (figures embedded); md: Markdown with a folder of PNGs.")
@click.option("--resume", is_flag=True,
              help="Finish an interrupted sweep in --out, or extend every value's run to a larger --games; what "
                   "the folder's sweep.json says fills every option not given.")
def sweep(experiment_file: Path | None, path: str | None, values: str | None, base: str | None, out: str | None,
          report_out: Path | None, fmt: str, bots_text: str | None, options: tuple[str, ...], overrides: tuple[str, ...],
          resume: bool, allow_code: bool, progress: bool | None, **flags: Any) -> None:
    """Play one experiment at each value of one override and report the curve.

    Each value gets its own run (EXPERIMENT_FILE and the flags as for `arkmc run`, plus
    --override PATH=VALUE) in a folder under --out; every run uses the same seed, so game i is the
    same deal at every value. The report (HTML) draws the win rate and mean points of the seats the
    path concerns (a card's player for cards.N.*, the seats with that value of a seat factor the
    game names, such as Ark Nova's maps for maps.N.*, else the starting seat) against the value,
    with 95% intervals, and the change from --base measured game by game on the common seeds, with
    the games a change of that size needs. Example:

    \b
        arkmc sweep --override-path cards.401.cost --values 13..19 --base 17 --games 300

    Exit code 1 when a game failed, 2 for bad input, 130 when interrupted (--resume continues).
    """
    import polars as pl

    from sim.analysis.data import NotARun
    from sim.analysis.report import change_pp, interval, p_value, pct
    from sim.analysis.sweep import MIN_PAIRED_SEATS, too_few_text, write_sweep_report
    from sim.pipeline.sweep import load_sweep, play

    folder = out or f"runs/sweep-{path or 'values'}"
    if out is None and resume:
        raise ArkmcError("--resume needs --out, the sweep folder to finish")
    given = experiment_flags(bots_text, options, overrides, flags)
    with run_errors(lambda: option_hint(given["options"] or {}, given["game"])):
        setup = load_sweep(path, values, base, experiment_file, given, folder, resume, allow_code)
    target = report_out or Path("reports") / f"{setup.out.name}.{fmt}"
    check_writable(target)
    with run_errors():
        summaries = play(setup, resume=resume, progress=progress)
    exit_if_interrupted(any(summary.interrupted for summary in summaries), "",
                        f"{arkmc()} sweep --resume --out {setup.out}")
    try:
        written, focus, table = write_sweep_report(setup.out, target, fmt)
    except NotARun as error:
        raise ArkmcError(str(error)) from None
    except OSError as error:
        raise ArkmcError(f"cannot write the report to {target}: {error.strerror or error}") from None
    click.echo(f"{setup.path}: {focus}, win rate per value (change vs {setup.base}, paired, 95% CI):")
    for row in table.iter_rows(named=True):
        if row["base"] or row["too_few"]:
            change = "base" if row["base"] else too_few_text(row)
        else:
            detect = row["games_to_detect"]
            change = (f"{change_pp(row['win_change'])} {interval(row['win_change_low'], row['win_change_high'], change_pp)}"
                      f"  p = {p_value(row['win_p'])}  games to detect: {f'{detect:,}' if detect else '–'}")
        click.echo(f"  {row['value']:>8}  {row['games']:>6} games  n={row['n']:<6} win rate {pct(row['win_rate']):>6}"
                   f"  {change}")
    few = table.filter(pl.col("too_few") & ~pl.col("base"))
    if few.height:
        click.echo(f"arkmc: warning: too few seats to estimate the change at {', '.join(few['value'].to_list())} "
                   f"(fewer than {MIN_PAIRED_SEATS} in the paired games); more --games per value would", err=True)
    click.echo(f"report written to {written}")
    exit_if_failed(sum(summary.errors for summary in summaries), "tables")
