"""`arkmc bots`: the bots that can be named for a game, with their parameters and defaults."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import click

from sim.cli.common import GAME, factory_of
from sim.core.registry import bot_parameters, known_bots


def _summary(factory: Callable[..., Any]) -> str:
    return (inspect.getdoc(factory) or "").strip().splitlines()[0] if inspect.getdoc(factory) else ""


@click.command()
@GAME
def bots(game: str) -> None:
    """List the bots that --bots can name for the game, with their parameters (name:key=value,...)."""
    info = factory_of(game).info
    found = known_bots(info.name)
    if "default" not in found:
        click.echo(f"{'default':<20} the game's default bot: {info.default_bot}")
    for name, factory in sorted(found.items()):
        click.echo(f"{name:<20} {_summary(factory)}")
        for parameter, default in bot_parameters(factory):
            shown = "(required)" if default is inspect.Parameter.empty else repr(default)
            click.echo(f"{'':<22}{parameter} = {shown}")
