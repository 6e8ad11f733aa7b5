"""`arkmc play`: one game, printed turn by turn."""

from __future__ import annotations

import click

from sim.cli.common import BOTS, DEFAULT_GAME, MAPS, PLAYERS, ArkmcError, bot_specs, game_config
from sim.core.registry import get_game, make_bot


@click.command()
@PLAYERS
@MAPS
@BOTS
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game.")
def play(players: int, maps: str, bots: str, seed: int) -> None:
    """Play one game and print every turn: actions, buildings, cards, tracks, breaks, final scores."""
    from sim.arknova.log import TurnLog
    from sim.core.play import play_game

    config = game_config(players, maps)
    specs = bot_specs(bots, players)
    game = get_game(DEFAULT_GAME).new_game(config, seed)
    log = TurnLog(game, click.echo)
    record = play_game(game, [make_bot(spec) for spec in specs], seed, listeners=[log])
    if record.status != "finished":
        log.flush()
        raise ArkmcError(f"the game hit the safety cap after {record.decisions} decisions")
    log.finish()
