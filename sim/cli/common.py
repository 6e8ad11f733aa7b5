"""What every arkmc command shares: the one-line user error, the game, its options and bot specs."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from sim.core.protocols import GameFactory
from sim.core.registry import DEFAULT_BOT, RegistryError, make_bot, parse_value

DEFAULT_GAME = "arknova"


@contextmanager
def run_errors() -> Iterator[None]:
    """Around playing an experiment: a bad experiment is a one-line user error (exit 2); a failed
    worker or cluster is one line on stderr and exit 1 (what was saved stays for --resume)."""
    from sim.pipeline.experiment import ExperimentError
    from sim.pipeline.runner import RunFailed

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


def factory_of(game: str) -> GameFactory:
    """The game's factory, or a one-line error naming the installed games."""
    from sim.pipeline.experiment import game_factory

    with run_errors():
        return game_factory(game)


def game_options(items: tuple[str, ...], maps: str | None = None) -> dict[str, Any]:
    """`--option KEY=VALUE` items (values read as bool, int, float or text) and Ark Nova's `--maps`
    convenience (a comma list becomes one map per seat)."""
    options: dict[str, Any] = {}
    for item in items:
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ArkmcError(f"--option {item!r} is not KEY=VALUE")
        options[key.strip()] = _option_value(value.strip())
    if maps is not None:
        options["maps"] = _option_value(maps)
    return options


def _option_value(text: str) -> Any:
    return [parse_value(item.strip()) for item in text.split(",")] if "," in text else parse_value(text)


def game_config(factory: GameFactory, players: int | None, options: dict[str, Any]) -> dict[str, Any]:
    """The game's validated config: its defaults, the options given, and the player count."""
    config = {**factory.default_config(), **options}
    if players is not None:
        config["players"] = players
    try:
        return factory.validate(config)
    except ValueError as error:
        raise ArkmcError(str(error)) from None


def split_bots(bots: str) -> list[str]:
    """Bot specs from one flag: separated by commas, or by ';' when bots take parameters."""
    separator = ";" if ";" in bots or "=" in bots else ","  # parameters use commas themselves
    return [spec.strip() for spec in bots.split(separator) if spec.strip()]


def bot_specs(bots: str, players: int, game: str) -> list[str]:
    """One checked bot spec per seat for `game`."""
    specs = split_bots(bots)
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise ArkmcError(f"--bots names {len(specs)} bots for {players} players")
    for spec in specs:
        try:
            make_bot(spec, game)
        except RegistryError as error:
            raise ArkmcError(str(error)) from None
    return specs


GAME = click.option("--game", default=DEFAULT_GAME, show_default=True,
                    help="The game: a name that `arkmc games` lists, or module:Class of a game that is not installed.")
PLAYERS = click.option("--players", type=int, default=None,
                       help="Players (1 = solo where the game has it).  [default: the game's default]")
OPTION = click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                      help="A game option (repeatable); `arkmc games` lists each game's options.")
MAPS = click.option("--maps", default=None,
                    help="Ark Nova's maps option: A, 0, random, draft, one map id, or a comma list with one map id "
                         "per seat (the same as --option maps=...).")
BOTS = click.option("--bots", default=DEFAULT_BOT, show_default=True,
                    help="One bot for every seat, or one per seat separated by commas (by ';' when bots take "
                         "parameters): name, name:key=value,..., module:Class. `default` is the game's default bot.")


def check_writable(target: Path) -> None:
    """Refuse an --out file that cannot be written before the work that fills it (an analysis, a
    tuning run), which takes a while, is done."""
    if target.is_dir():
        raise ArkmcError(f"--out {target} is a folder; give the name of a file inside it")
    existing = next(folder for folder in (target.parent, *target.parent.parents) if folder.exists())
    if not existing.is_dir():
        raise ArkmcError(f"cannot write {target}: {existing} is a file, not a folder")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ArkmcError(f"cannot write {target}: {error.strerror or error}") from None
    writable = os.access(target, os.W_OK) if target.exists() else os.access(target.parent, os.W_OK)
    if not writable:
        raise ArkmcError(f"cannot write {target}: permission denied")
