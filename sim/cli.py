"""The `arkmc` command line.

    arkmc play  --players 2 --seed 7     one game, printed turn by turn
    arkmc demo  --games 300              a batch of games in parallel, summarized, saved as Parquet
    arkmc bots                           the bots that can be named
    arkmc cards --missing                which cards are implemented and which test proves each
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from sim.core.registry import RegistryError, available_bots, get_game, make_bot

DEFAULT_GAME = "arknova"


class ArkmcError(click.ClickException):
    """A user error: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"arkmc: error: {self.format_message()}", err=True)


def _game_config(players: int, maps: str) -> dict[str, Any]:
    config: dict[str, Any] = {"players": players, "maps": maps.split(",") if "," in maps else maps}
    try:
        return get_game(DEFAULT_GAME).validate(config)
    except (ValueError, RegistryError) as error:
        raise ArkmcError(str(error)) from None


def _bot_specs(bots: str, players: int) -> list[str]:
    separator = ";" if ";" in bots or "=" in bots else ","  # parameters use commas themselves
    specs = [spec.strip() for spec in bots.split(separator) if spec.strip()]
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """arkmc: Monte Carlo strategy analysis for Ark Nova."""


PLAYERS = click.option("--players", type=click.IntRange(1, 4), default=2, show_default=True, help="Players (1 = solo).")
MAPS = click.option("--maps", default="A", show_default=True,
                    help="A, 0, random, draft, one map id, or a comma list with one map id per seat.")
BOTS = click.option("--bots", default="greedy", show_default=True,
                    help="One bot for every seat, or one per seat separated by commas (by ';' when bots take "
                         "parameters): name, name:key=value,..., module:Class.")


@main.command()
@PLAYERS
@MAPS
@BOTS
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game.")
def play(players: int, maps: str, bots: str, seed: int) -> None:
    """Play one game and print every turn: actions, buildings, cards, tracks, breaks, final scores."""
    from sim.arknova.log import TurnLog
    from sim.core.play import play_game

    config = _game_config(players, maps)
    specs = _bot_specs(bots, players)
    game = get_game(DEFAULT_GAME).new_game(config, seed)
    log = TurnLog(game, click.echo)
    record = play_game(game, [make_bot(spec) for spec in specs], seed, listeners=[log])
    if record.status != "finished":
        log.flush()
        raise ArkmcError(f"the game hit the safety cap after {record.decisions} decisions")
    log.finish()


@main.command()
@PLAYERS
@MAPS
@BOTS
@click.option("--games", type=click.IntRange(1), default=300, show_default=True, help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed; every game's seed is spawned from it.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Parallel workers (-1 = all cores).")
@click.option("--out", type=click.Path(path_type=Path), default=Path("runs/demo"), show_default=True,
              help="Folder for seats.parquet (one row per seat and game).")
def demo(players: int, maps: str, bots: str, games: int, seed: int, jobs: int, out: Path) -> None:
    """Play a batch of games in parallel, print a summary with intervals, save the rows as Parquet."""
    import polars as pl
    from tqdm import tqdm

    from sim.batch import play_many
    from sim.summary import summarize

    config = _game_config(players, maps)
    specs = _bot_specs(bots, players)
    with tqdm(total=games, unit="game", disable=not sys.stderr.isatty()) as bar:
        rows = play_many(DEFAULT_GAME, config, specs, games, seed, jobs=jobs, progress=bar)
    for line in summarize(rows):
        click.echo(line)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "seats.parquet"
    pl.DataFrame(rows).write_parquet(path)
    click.echo(f"wrote {len(rows)} rows to {path}")


@main.command()
def bots() -> None:
    """List the bots that can be named with --bots."""
    for name in available_bots():
        click.echo(f"{name:<10} {make_bot(name).__class__.__doc__.splitlines()[0]}")


# --- arkmc cards: implementation status of every card (self-contained block) -----------------


@main.command()
@click.option("--missing", is_flag=True, help="Only the cards not done yet; exit code 1 while any is left.")
@click.option("--kind", type=click.Choice(["animal", "sponsor", "project", "final_scoring"]),
              help="Only cards of this kind.")
def cards(missing: bool, kind: str | None) -> None:
    """List every card: number, name, kind, status (done / untested / missing) and the test that proves it."""
    from sim.arknova import card_status

    tests = card_status.card_tests()
    if tests is None:
        click.echo(f"note: no tests folder at {card_status.TESTS_FOLDER} (installed package): "
                   "no card counts as tested")
    rows = [row for row in card_status.card_statuses(tests) if kind is None or row.kind == kind]
    left = [row for row in rows if row.status != card_status.DONE]
    click.echo(f"{'no':>3} {'name':<30} {'kind':<13} {'status':<8} test, or what is missing")
    for row in left if missing else rows:
        detail = ", ".join(row.tests) if row.status == card_status.DONE else (
            "needs " + ", ".join(row.unknown) if row.unknown else "no test marked card(%d)" % row.number)
        click.echo(f"{row.number:>3} {row.name[:30]:<30} {row.kind:<13} {row.status:<8} {detail}")
    click.echo(f"{len(rows) - len(left)} of {len(rows)} cards done, {len(left)} left")
    if missing and left:
        sys.exit(1)
