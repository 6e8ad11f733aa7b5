"""`arkmc bots`: the bots that can be named, with their parameters and defaults."""

from __future__ import annotations

import inspect
from typing import Any, Callable

import click

from sim.core.registry import bot_parameters, known_bots


def _summary(factory: Callable[..., Any]) -> str:
    return (inspect.getdoc(factory) or "").strip().splitlines()[0] if inspect.getdoc(factory) else ""


@click.command()
def bots() -> None:
    """List the bots that can be named with --bots, with their parameters (name:key=value,...)."""
    for name, factory in sorted(known_bots().items()):
        click.echo(f"{name:<20} {_summary(factory)}")
        for parameter, default in bot_parameters(factory):
            shown = "(required)" if default is inspect.Parameter.empty else repr(default)
            click.echo(f"{'':<22}{parameter} = {shown}")
