"""`arkmc study cards|keeps|bans`: paired games that differ by one forced or removed component."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import click
import polars as pl

from sim.cli.common import ArkmcError, exit_if_failed, exit_if_interrupted, run_errors
from sim.cli.run import experiment_flags, experiment_options
from sim.cli.shortcuts import OptionCommand
from sim.pipeline.command import arkmc
from sim.pipeline.study import STUDY_KINDS

DEFAULT_PAIRS = 100
SHOWN = 5  # effects printed at each end


@click.command(cls=OptionCommand)
@click.argument("kind", metavar="|".join(STUDY_KINDS))
@partial(experiment_options, games=False)
@click.option("--pairs", type=int, default=None,
              help=f"Pairs of games per studied component; with --resume, a larger number extends the study.  "
                   f"[default: {DEFAULT_PAIRS}]")
@click.option("--cards", "cards_text", default=None, metavar="LIST",
              help="The components to study, by number or name, separated by commas (the game's cards; Ark & Noah: "
                   "its species).  [default: all of them; --list lists them]")
@click.option("--seat", type=int, default=None,
              help="The seat whose hand is changed (1-based); with --resume, the study's own.  [default: 1]")
@click.option("--out", default=None, help="The study folder.  [default: runs/study-KIND]")
@click.option("--resume", is_flag=True,
              help="Finish an interrupted study in --out, or extend it to a larger --pairs; saved games are kept.")
@click.option("--list", "list_only", is_flag=True, help="List the components the game can study, and stop.")
def study(kind: str, experiment_file: Path | None, pairs: int | None, cards_text: str | None, seat: int | None,
          out: str | None, resume: bool, list_only: bool, bots_text: str | None, options: tuple[str, ...],
          overrides: tuple[str, ...], allow_code: bool, progress: bool | None, **flags: Any) -> None:
    """Measure each component's strength by experiment: pairs of games on the same seed, one changed.

    \b
    cards: in the treated game the card is dealt into the seat's opening hand (it replaces a random card of
           that hand, which takes its place); its twin is the untouched deal, shared by every card.
    keeps: the seat is dealt the card and must keep it; its twin, the same deal, must let it go.
    bans:  the card is out of the game; its twin is the untouched deal. Besides the seat's results the
           study measures the change of the score (every seat's mean points) and of the game's length.

    Every studied card gets the same pairs. The experiment options are those of `arkmc run`
    (EXPERIMENT_FILE, --game, --bots, --option, --override, ...). The effects (win rate and points of the
    seat, with 95% intervals, p- and q-values and the pairs needed to detect the effect seen) are saved
    in OUT/effects.parquet; `arkmc report OUT` writes the report, and `arkmc report OUT OTHER` compares two
    studies of the same cards played by different bots. docs/studies.md explains every measure. Example:

    \b
        arkmc study cards --cards "Siberian Tiger,Cheetah" --pairs 200 --out runs/tigers
    """
    from sim.analysis.data import Run
    from sim.analysis.study import Study, write_effects
    from sim.pipeline.experiment import load_experiment
    from sim.pipeline.runner import experiment_factory
    from sim.pipeline.runner import run as run_experiment
    from sim.pipeline.study import StudyError, check_interventions, checked_design, study_design

    if pairs is not None and pairs < 1:
        raise ArkmcError(f"--pairs must be 1 or more, got {pairs}")
    flags = experiment_flags(bots_text, options, overrides, {**flags, "out": out or f"runs/study-{kind}"})
    names = [name for name in (cards_text or "").split(",") if name.strip()]
    with run_errors():
        experiment = load_experiment(experiment_file, flags, resume, allow_code)
        factory = experiment_factory(experiment)
        if list_only:
            _list_components(factory)
            return
        saved = study_design(experiment.study)
        if seat is None:
            seat = saved.seat + 1 if resume and saved is not None else 1
        try:
            design = checked_design(factory, kind, names, seat - 1, experiment.players)
            check_interventions(factory, experiment.config, design, experiment.seed)
        except StudyError as error:
            raise ArkmcError(str(error)) from None
        if resume and saved is not None and not names:
            design = replace(design, components=saved.components)
        wanted = design.games(pairs) if pairs is not None else (
            experiment.games if resume and saved is not None else design.games(DEFAULT_PAIRS))
        experiment = load_experiment(experiment_file, {**flags, "study": design.to_spec(), "games": wanted},
                                     resume, allow_code)
        summary = run_experiment(experiment, resume=resume, progress=progress, label=f"study {kind}")
    exit_if_interrupted(summary.interrupted, f": {summary.games_before + summary.games_played} of "
                        f"{summary.games_total} games saved in {experiment.out}",
                        f"{arkmc()} study {kind} --resume --out {experiment.out}")
    result = Study.of(Run.open(experiment.out))
    effects = write_effects(result)
    for line in _effect_lines(result, effects):
        click.echo(line)
    click.echo(f"played {summary.games_played} games ({summary.games_before} already saved) in {summary.seconds:.1f} s; "
               f"{summary.errors} failed; effects in {Path(experiment.out) / 'effects.parquet'}; "
               f"report: {arkmc()} report {experiment.out}")
    exit_if_failed(summary.errors)


def _list_components(factory: Any) -> None:
    from sim.pipeline.study import StudyError, intervention_capable, studies_of

    if not intervention_capable(factory):
        raise ArkmcError(str(StudyError(f"{factory.info.title} cannot be studied: it does not force or remove "
                                        "components (see docs/studies.md)")))
    click.echo(f"{factory.info.title}: studies {', '.join(studies_of(factory))}; its {factory.study_component}s:")
    for number, name in sorted(factory.study_components().items()):
        click.echo(f"{number:>6}  {name}")


def _effect_lines(result: Any, effects: pl.DataFrame) -> list[str]:
    """The strongest and weakest effects on the seat's win rate, each with its interval, q-value and pairs."""
    if effects.is_empty():
        return ["no pair finished both its games: no effect to show"]
    lines = [f"effect on seat {result.design.seat + 1}'s win rate ({result.design.kind} study, "
             f"{int(effects['pairs'].min())} pairs per {result.component_word}, 95% intervals, q = Benjamini-Hochberg):"]
    shown = effects if effects.height <= 2 * SHOWN else pl.concat([effects.head(SHOWN), effects.tail(SHOWN)])
    for row in shown.iter_rows(named=True):
        lines.append(f"  {row['name'][:28]:<28} {100 * row['delta_win']:+6.1f} pp "
                     f"[{100 * row['delta_win_low']:+.1f}, {100 * row['delta_win_high']:+.1f}]  q = {row['q_value']:.3f}")
    return lines

