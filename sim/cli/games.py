"""`arkmc games`: the installed games, their player counts, options and default bots."""

from __future__ import annotations

import click

from sim.cli.common import factory_of
from sim.core.registry import available_games


@click.command()
def games() -> None:
    """List the installed games: name, title, players, default bot and every option with its default."""
    for name in available_games():
        info = factory_of(name).info
        players = f"{info.min_players}-{info.max_players}" if info.max_players > info.min_players else str(info.min_players)
        click.echo(f"{name:<10} {info.title}: {players} players, default bot {info.default_bot!r}")
        for option in info.options:
            click.echo(f"{'':<12}--option {option.name}=... (default {option.default!r}): {option.help}")
        if info.data_note:
            click.echo(f"{'':<12}data: {info.data_note}")
