"""The `arkmc` command line: one module per command, gathered here.

    arkmc games                          the installed games, their players and options
    arkmc play  --players 2 --seed 7     one game, printed turn by turn
    arkmc run   [EXPERIMENT.toml]        an experiment in parallel, saved as a Parquet dataset
    arkmc sweep --override-path P --values 13..19   a run per value of one override, and its curve
    arkmc study cards|keeps|bans --pairs N   each card's strength by experiment: paired games, one card forced
    arkmc bots  --game G [--all]         the game's bots: its default, its skill ladder, the others, old names
    arkmc tune  default --budget 2000    better bot weights by self-play (CMA-ES)
    arkmc cards --missing                which cards are implemented and which test proves each
    arkmc tournament --bots a,b --out D  every pairing of bots, seats rotated, with ratings
    arkmc report RUN_DIR [RUN_DIR]       a statistical report of a run, or two runs compared
    arkmc replay RUN_DIR GAME            one game of a run played again, as a page to watch turn by turn

Every command but `report` and `replay` (which read the game from the run) takes --game (default: the
installation's default game, which `arkmc games` marks). The commands that play games take --option (and
the games' shortcuts for their options, such as Ark Nova's --maps) and --data FOLDER, a folder of the
user's data files in place of the game's own.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

import click

from sim.cli.bots import bots
from sim.cli.cards import cards
from sim.cli.common import ArkmcError
from sim.cli.games import games
from sim.cli.play import play
from sim.cli.replay import replay
from sim.cli.report import report
from sim.cli.run import run
from sim.cli.study import study
from sim.cli.sweep import sweep
from sim.cli.tournament import tournament
from sim.cli.tune import tune
from sim.pipeline.command import arkmc


def _version() -> str:
    try:
        return version("arkmc")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


class OneLineUsage(click.Group):
    """The arkmc group: a command's bad usage (a value of the wrong type, a choice not offered, an unknown
    option, a missing argument) is one line, ``arkmc: error: ...`` with exit code 2 like every other user
    error, rather than click's usage block."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            command = " ".join([arkmc(), *(error.ctx or ctx).command_path.split()[1:]])
            raise ArkmcError(f"{error.format_message().rstrip('.')}; see {command} --help") from None


@click.group(cls=OneLineUsage, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", prog_name="arkmc", message="%(prog)s %(version)s")
def main() -> None:
    """arkmc: Monte Carlo strategy analysis for animal-themed board games (Ark Nova first)."""


for command in (games, play, run, sweep, study, bots, cards, tune, tournament, report, replay):
    main.add_command(command)
