"""`arkmc bots`: the bots that can be named for a game: its default, its skill ladder, the other bots a
user chooses from with their parameters, the old names that still work, and (with --all) the bots still
being tried out."""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Callable
from typing import Any

import click

from sim.cli.common import GAME, factory_of
from sim.core.protocols import GameInfo
from sim.core.registry import (
    DEFAULT_BOT,
    bot_factory,
    bot_parameters,
    is_experimental,
    known_aliases,
    known_bots,
    parse_bot_spec,
)

NAME_WIDTH = 20
TEXT_WIDTH = 100


@click.command()
@GAME
@click.option("--all", "show_all", is_flag=True, help="List the experimental bots (experimental.*) too.")
def bots(game: str, show_all: bool) -> None:
    """List the bots that --bots can name for the game: its default, its skill ladder (weakest first),
    the other bots with their parameters (name:key=value,...), and the old names that still work."""
    info = factory_of(game).info
    found = known_bots(info.name)
    experimental = sorted(name for name in found if is_experimental(name))
    click.echo(f"Bots of {info.title} (--game {info.name}): --bots NAME, or NAME:key=value,... to set parameters.")
    _section("The default bot:", _default_lines(info, found))
    _section("Skill ladder, weakest first (each rung meant to beat the one below it):",
             [f"  {rung}. {spec}" for rung, spec in enumerate(info.ladder, 1)])
    others = sorted(name for name in found if name != DEFAULT_BOT and not is_experimental(name))
    _section("Other bots:", [line for name in others for line in _bot_lines(name, found[name])])
    _section("Old names, kept for one version:",
             [f"{old} -> {alias.new}: {alias.note}" for old, alias in sorted(known_aliases(info.name).items())])
    if show_all:
        _section("Experimental bots:", [line for name in experimental for line in _bot_lines(name, found[name])])
    elif experimental:
        click.echo(f"\n{len(experimental)} experimental bot(s) left out: arkmc bots --game {info.name} --all lists them.")


def _default_lines(info: GameInfo, found: dict[str, Callable[..., Any]]) -> list[str]:
    """`default`, the game's default bot: itself when the game registers it, else the bot it stands for."""
    if DEFAULT_BOT in found:
        return _bot_lines(DEFAULT_BOT, found[DEFAULT_BOT])
    return [f"{DEFAULT_BOT:<{NAME_WIDTH}} means {info.default_bot}",
            *_bot_lines(info.default_bot, bot_factory(parse_bot_spec(info.default_bot)[0], info.name))]


def _bot_lines(name: str, factory: Callable[..., Any]) -> list[str]:
    """The bot's name and what it does, then its parameters with their defaults, wrapped and indented."""
    lines = textwrap.wrap(f"{name:<{NAME_WIDTH}} {_summary(factory)}", TEXT_WIDTH,
                          subsequent_indent=" " * (NAME_WIDTH + 1))
    parameters = [f"{parameter} = {'(required)' if default is inspect.Parameter.empty else repr(default)}"
                  for parameter, default in bot_parameters(factory)]
    return lines + _fill(parameters, " " * (NAME_WIDTH + 3))


def _fill(items: list[str], indent: str) -> list[str]:
    """`items` separated by commas in lines of at most TEXT_WIDTH characters, never breaking an item."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(", ") + len(item) + len(",") <= TEXT_WIDTH:
            lines[-1] += f", {item}"
        else:
            lines[-1:] = [lines[-1] + ","] if lines else []
            lines.append(indent + item)
    return lines


def _summary(factory: Callable[..., Any]) -> str:
    """The first sentence (or clause, up to a semicolon) of the factory's docstring."""
    doc = " ".join((inspect.getdoc(factory) or "").split())
    return re.split(r"(?<=\.) |; ", doc, maxsplit=1)[0]


def _section(title: str, lines: list[str]) -> None:
    if lines:
        click.echo(f"\n{title}")
        for line in lines:
            click.echo(line)
