"""`arkmc report`: an experiment's statistical report, or two experiments compared."""

from __future__ import annotations

from pathlib import Path

import click

from sim.cli.common import ArkmcError, check_writable
from sim.pipeline.command import arkmc


@click.command()
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Report file.  [default: reports/NAME.html or .md, NAME = the run folder's name]")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]), default="html", show_default=True,
              help="html: one self-contained file (figures embedded); md: Markdown with a folder of PNGs.")
@click.option("--allow-code", is_flag=True,
              help="Let a run folder name its game by Python code (file.py:Class, module:Class). Naming it "
                   "runs its code: only for folders you trust.")
def report(run_dirs: tuple[Path, ...], out: Path | None, fmt: str, allow_code: bool) -> None:
    """Write the statistical report of RUN_DIR, or compare two runs: BASELINE_DIR VARIANT_DIR.

    One run: the experiment, sample sizes, seat advantage, maps by name, the strongest and weakest
    cards side by side (by the change of the win rate when the random deal gives the card, with kind,
    cost, n, q-value, a * for q < 0.05 and the games that would settle it; what the seats did with
    each card is shown apart, as descriptive figures), opening hands (what keeping each card went
    with, the bots' keep against a random keep), bots and game shape, each figure with its 95%
    interval, and a methods section.
    A study (`arkmc study`): the effect of each card studied, paired game by game; two studies of the
    same cards played by different bots: whether their effects agree.
    Two runs: first the changes measured game by game on their common seeds (each seat, each
    overridden card's player; paired 95% intervals, and how many games detect a change of the
    size seen), then the change of every map's and card's win rate from the baseline to the
    variant (e.g. a balance override), overridden cards first. A section the run is too small for says
    how many games it would need. For one run or two, a progress bar counts the sections when stderr
    is a terminal.
    """
    from sim.analysis.data import NotARun, Run
    from sim.analysis.report import NotComparable, write_report
    from sim.core.registry import code_allowed

    if len(run_dirs) > 2:
        raise ArkmcError("give one run folder, or two to compare (baseline first)")
    with code_allowed(allow_code):
        try:
            runs = [Run.open(path) for path in run_dirs]
        except NotARun as error:
            raise ArkmcError(str(error)) from None
        for run in runs:
            if not run.manifest["chunks_done"]:
                raise ArkmcError(f"{run.path} holds no saved game yet, so there is nothing to report; "
                                 f"`{arkmc()} run --resume --out {run.path}` plays its games")
        for line in (line for run in runs for line in run.ignored):
            click.echo(f"arkmc: {line}", err=True)
        name = run_dirs[0].name if len(run_dirs) == 1 else f"{run_dirs[1].name}-vs-{run_dirs[0].name}"
        target = out or Path("reports") / f"{name}.{fmt}"
        check_writable(target)
        try:
            written = write_report(runs, target, fmt)
        except NotComparable as error:
            raise ArkmcError(str(error)) from None
        except OSError as error:
            raise ArkmcError(f"cannot write the report to {target}: {error.strerror or error}") from None
    click.echo(f"report written to {written}")
