"""What every arkmc command shares: the one-line user error, the game, its options, its data folder and bot specs."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from sim.core.data_folder import DATA_KEY, refuse_data_option
from sim.core.protocols import GameFactory, GameInfo
from sim.core.registry import DEFAULT_BOT, RegistryError, available_games, did_you_mean, get_game, make_bot, parse_value


@contextmanager
def run_errors(hint: Callable[[], str] = str) -> Iterator[None]:
    """Around playing an experiment: a bad experiment is a one-line user error (exit 2), `hint()` added to it
    (`option_hint`); a failed worker or cluster is one line on stderr and exit 1 (what was saved stays for --resume)."""
    from sim.pipeline.experiment import ExperimentError
    from sim.pipeline.runner import RunFailed

    try:
        yield
    except ExperimentError as error:
        raise ArkmcError(f"{error}{hint()}") from None
    except RunFailed as error:
        click.echo(f"arkmc: {error}", err=True)
        sys.exit(1)


def exit_if_interrupted(interrupted: bool, saved: str, resume_command: str) -> None:
    """After playing: when Ctrl-C stopped the games, say what was saved and how to finish, and exit 130."""
    if interrupted:
        click.echo(f"interrupted{saved}; finish with: {resume_command}", err=True)
        sys.exit(130)


def exit_if_failed(errors: int, tables: str = "table") -> None:
    """After playing and reporting: when games failed, say where their rows are, and exit 1."""
    if errors:
        click.echo(f"arkmc: {errors} game(s) failed; see the games {tables}, status = 'error'", err=True)
        sys.exit(1)


class ArkmcError(click.ClickException):
    """A user error: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"arkmc: error: {self.format_message()}", err=True)


def factory_of(game: str, data: str | None = None) -> GameFactory:
    """The game's factory, playing with the files of the folder `data` in place of its own when one is given;
    a one-line error for an unknown game (naming the installed ones) or a bad folder."""
    from sim.pipeline.experiment import game_factory

    with run_errors():
        return game_factory(game, data or "")


def game_options(items: tuple[str, ...]) -> dict[str, Any]:
    """`--option KEY=VALUE` items, the games' shortcuts among them (`sim.cli.shortcuts`): values read as bool,
    int, float or text, a comma list as a list (one value per seat, where the game takes that)."""
    options: dict[str, Any] = {}
    for item in items:
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ArkmcError(f"--option {item!r} is not KEY=VALUE")
        options[key.strip()] = _option_value(value.strip())
    try:
        refuse_data_option(options)
    except ValueError as error:
        raise ArkmcError(str(error)) from None
    return options


def option_hint(options: Mapping[str, Any], game: str | None) -> str:
    """For each option given that `game` (the default game when None) does not declare, where it belongs:
    "; quick is an option of Ark & Noah (--game arknoah)", or the close name the game does declare
    ("; mapz (did you mean maps?)"). Added to the game's one-line refusal of the options."""
    from sim.pipeline.experiment import ExperimentError, default_game_name

    try:
        declared = _declared(get_game(game or default_game_name()).info)
    except (RegistryError, ExperimentError):  # no such game: its own message says so
        return ""
    hints = []
    for key in sorted(set(options) - declared - {"players"}):
        owners = [info for info in map(_loaded_info, available_games()) if info and key in _declared(info)]
        if owners:
            hints.append(f"{key} is an option of " + " and ".join(f"{info.title} (--game {info.name})" for info in owners))
        elif close := did_you_mean(key, sorted(declared)):
            hints.append(f"{key}{close}")
    return "".join(f"; {hint}" for hint in hints)


def _declared(info: GameInfo) -> set[str]:
    return {option.name for option in info.options}


def _loaded_info(game: str) -> GameInfo | None:
    """The installed game's info, None for a game that does not load (naming it with --game says why)."""
    try:
        return get_game(game).info
    except Exception:
        return None


def _option_value(text: str) -> Any:
    return [parse_value(item.strip()) for item in text.split(",")] if "," in text else parse_value(text)


def _default_game(ctx: click.Context, param: click.Parameter, game: str | None) -> str:
    """--game as given, else the installation's default game."""
    from sim.pipeline.experiment import default_game_name

    with run_errors():
        return game or default_game_name()


def game_config(factory: GameFactory, players: int | None, options: dict[str, Any]) -> dict[str, Any]:
    """The game's validated config: its defaults, the options given, and the player count."""
    config = {**factory.default_config(), **options}
    if players is not None:
        config["players"] = players
    try:
        return factory.validate(config)
    except ValueError as error:
        raise ArkmcError(f"{error}{option_hint(options, factory.info.name)}") from None


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


GAME_HELP = "The game: a name that `arkmc games` lists, or module:Class of a game that is not installed."
DEFAULT_GAME_HELP = "  [default: the installation's default game, marked in `arkmc games`]"
GAME = click.option("--game", default=None, callback=_default_game, help=GAME_HELP + DEFAULT_GAME_HELP)
PLAYERS = click.option("--players", type=int, default=None,
                       help="Players (1 = solo where the game has it).  [default: the game's, see `arkmc games`]")
OPTION = click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                      help="A game option (repeatable); `arkmc games` lists each game's options and its shortcuts.")
DATA = click.option(f"--{DATA_KEY}", "data", default=None, metavar="FOLDER",
                    help="A folder of your own data files: each replaces the game's shipped file of the same name, "
                         "the others stay (docs/dataset.md, Bring your own data).")
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
