"""`arkmc play`: one game, printed turn by turn."""

from __future__ import annotations

import sys

import click

from sim.cli.common import (
    BOTS,
    GAME,
    MAPS,
    OPTION,
    PLAYERS,
    ArkmcError,
    bot_specs,
    factory_of,
    game_config,
    game_options,
)
from sim.core.registry import make_bot


@click.command()
@GAME
@PLAYERS
@OPTION
@MAPS
@BOTS
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game.")
def play(game: str, players: int | None, options: tuple[str, ...], maps: str | None, bots: str, seed: int) -> None:
    """Play one game and print every turn (for Ark Nova: actions, buildings, cards, tracks, breaks) and
    the final scores. Exit code 1, with one line, when a bot breaks the game (an illegal option, an
    exception), 2 for bad input."""
    from sim.core.play import play_game

    factory = factory_of(game)
    config = game_config(factory, players, game_options(options, maps))
    specs = bot_specs(bots, config["players"], game)
    state = factory.new_game(config, seed)
    log = factory.turn_log(state, click.echo)
    try:
        record = play_game(state, [make_bot(spec, game) for spec in specs], seed, listeners=[log])
    except (Exception, SystemExit) as error:  # a bot that returns an illegal option, raises or exits
        log.flush()
        click.echo(f"arkmc: the game stopped: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
    if record.status != "finished":
        log.flush()
        raise ArkmcError(f"the game hit the safety cap after {record.decisions} decisions")
    log.finish()
