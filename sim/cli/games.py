"""`arkmc games`: the installed games, their player counts, options and default bots."""

from __future__ import annotations

import click

from sim.cli.common import factory_of
from sim.core.registry import RegistryError, available_games, default_game


@click.command()
def games() -> None:
    """List the installed games: name, title, players (the default count first), default bot, every option
    with its default and its shortcut flag, and where the data comes from. The default game, which a command
    plays when --game is not given, is marked."""
    try:
        default = default_game()
    except RegistryError:  # several games and none chosen: each command then asks for --game
        default = ""
    for name in available_games():
        factory = factory_of(name)
        info = factory.info
        players = f"{info.min_players}-{info.max_players}" if info.max_players > info.min_players else str(info.min_players)
        marker = " (the default game)" if name == default else ""
        click.echo(f"{name:<10} {info.title}: {players} players (default {factory.default_config()['players']}), "
                   f"default bot {info.default_bot!r}{marker}")
        for option in info.options:
            shortcut = f" or --{option.name} VALUE" if option.name in info.shortcuts else ""
            click.echo(f"{'':<12}--option {option.name}=...{shortcut} (default {option.default!r}): {option.help}")
        if info.data_note:
            click.echo(f"{'':<12}data: {info.data_note}")
