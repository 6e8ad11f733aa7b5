"""What every arkmc command shares: the one-line user error, game options and bot specs."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Iterator

import click

from sim.core.registry import RegistryError, get_game, make_bot
from sim.experiment import DEFAULT_BOT

DEFAULT_GAME = "arknova"


@contextmanager
def run_errors() -> Iterator[None]:
    """Around playing an experiment: a bad experiment is a one-line user error (exit 2); a failed
    worker or cluster is one line on stderr and exit 1 (what was saved stays for --resume)."""
    from sim.experiment import ExperimentError
    from sim.runner import RunFailed

    try:
        yield
    except ExperimentError as error:
        raise ArkmcError(str(error)) from None
    except RunFailed as error:
        click.echo(f"arkmc: {error}", err=True)
        sys.exit(1)


class ArkmcError(click.ClickException):
    """A user error: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"arkmc: error: {self.format_message()}", err=True)


def game_config(players: int, maps: str) -> dict[str, Any]:
    config: dict[str, Any] = {"players": players, "maps": maps.split(",") if "," in maps else maps}
    try:
        return get_game(DEFAULT_GAME).validate(config)
    except (ValueError, RegistryError) as error:
        raise ArkmcError(str(error)) from None


def split_bots(bots: str) -> list[str]:
    """Bot specs from one flag: separated by commas, or by ';' when bots take parameters."""
    separator = ";" if ";" in bots or "=" in bots else ","  # parameters use commas themselves
    return [spec.strip() for spec in bots.split(separator) if spec.strip()]


def bot_specs(bots: str, players: int) -> list[str]:
    specs = split_bots(bots)
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise ArkmcError(f"--bots names {len(specs)} bots for {players} players")
    for spec in specs:
        try:
            make_bot(spec)
        except RegistryError as error:
            raise ArkmcError(str(error)) from None
    return specs


PLAYERS = click.option("--players", type=click.IntRange(1, 4), default=2, show_default=True, help="Players (1 = solo).")
MAPS = click.option("--maps", default="A", show_default=True,
                    help="A, 0, random, draft, one map id, or a comma list with one map id per seat.")
BOTS = click.option("--bots", default=DEFAULT_BOT, show_default=True,
                    help="One bot for every seat, or one per seat separated by commas (by ';' when bots take "
                         "parameters): name, name:key=value,..., module:Class.")
