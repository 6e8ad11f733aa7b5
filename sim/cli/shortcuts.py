"""Option shortcuts: a game may offer some of its options as flags of their own (`GameInfo.shortcuts`), so that
`--NAME VALUE` means `--option NAME=VALUE` on every command that takes --option (Ark Nova: `--maps 3`).

The flags come from the installed games, read when such a command shows its help or is given a flag it does
not know by itself, not when `arkmc` starts: `arkmc --help`, and a command line without a shortcut, load no
game to learn them. A shortcut given for a game without that option is refused as any unknown option is, by
the game, in one line.
"""

from __future__ import annotations

import functools
from typing import Any

import click

from sim.core.registry import available_games, get_game

OPTIONS_PARAMETER = "options"  # the --option items, which the shortcuts join


@functools.cache
def installed_shortcuts() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each shortcut the installed games offer, with (title, the option's help) of every game offering it."""
    offered: dict[str, list[tuple[str, str]]] = {}
    for name in available_games():
        try:
            info = get_game(name).info
        except Exception:  # a game that does not load offers no flag; naming it with --game says why
            continue
        helps = {option.name: option.help for option in info.options}
        for shortcut in info.shortcuts:
            offered.setdefault(shortcut, []).append((info.title, helps.get(shortcut, "")))
    return {name: tuple(games) for name, games in sorted(offered.items())}


def shortcut_help(name: str, games: tuple[tuple[str, str], ...]) -> str:
    """Whose shortcut a flag is and what it takes: "A shortcut of Ark Nova for --option maps=VALUE: A, 0, ..."."""
    if len(games) == 1:
        title, text = games[0]
        return f"A shortcut of {title} for --option {name}=VALUE" + (f": {text}." if text else ".")
    return f"A shortcut for --option {name}=VALUE ({'; '.join(f'{title}: {text}' for title, text in games)})."


def shortcut_parameter(name: str) -> str:
    """The name under which a shortcut's value reaches the command: apart from the command's own parameters."""
    return f"shortcut_{name}"


class OptionCommand(click.Command):
    """A command that takes --option, and so the installed games' shortcuts: each one given is added to the
    --option items after them (so it wins over an --option of the same name). Learning the shortcuts loads every
    installed game, so they are added only for a command line that may use one (a flag the command does not
    know by itself) and for the help."""

    shortcuts_added = False

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        known = {flag for param in self.get_params(ctx) for flag in (*param.opts, *param.secondary_opts)}
        if any(arg.startswith("--") and arg.partition("=")[0] not in known for arg in args):
            self.add_shortcuts()
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.add_shortcuts()
        super().format_help(ctx, formatter)

    def add_shortcuts(self) -> None:
        """The shortcut flags, right after --option (a shortcut named like one of the command's own flags is left out)."""
        if self.shortcuts_added:
            return
        self.shortcuts_added = True
        taken = {flag for param in self.params for flag in param.opts}
        after = next(index for index, param in enumerate(self.params) if param.name == OPTIONS_PARAMETER) + 1
        self.params[after:after] = [
            click.Option([f"--{name}", shortcut_parameter(name)], metavar="VALUE", help=shortcut_help(name, games))
            for name, games in installed_shortcuts().items() if f"--{name}" not in taken]

    def invoke(self, ctx: click.Context) -> Any:
        if self.shortcuts_added:
            given = [f"{name}={value}" for name in installed_shortcuts()
                     if (value := ctx.params.pop(shortcut_parameter(name), None)) is not None]
            ctx.params[OPTIONS_PARAMETER] = (*ctx.params[OPTIONS_PARAMETER], *given)
        return super().invoke(ctx)
