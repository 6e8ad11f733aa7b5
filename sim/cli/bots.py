"""`arkmc bots`: the bots that can be named."""

from __future__ import annotations

import click

from sim.core.registry import available_bots, make_bot


@click.command()
def bots() -> None:
    """List the bots that can be named with --bots."""
    for name in available_bots():
        click.echo(f"{name:<10} {make_bot(name).__class__.__doc__.splitlines()[0]}")
