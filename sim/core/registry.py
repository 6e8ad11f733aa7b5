"""Find games and bots by name, by ``module:Class`` path, or by entry point.

Bot specs read ``name`` or ``name:key=value,key=value``; values are parsed as
int, float or bool when they look like one. A spec may also be a TOML file
(``path/to/bot.toml[:key=value,...]``) whose ``bot`` key names the bot and whose
other keys (except ``description``) are its parameters.
"""

from __future__ import annotations

import importlib
import tomllib
from importlib.metadata import entry_points
from typing import Any, Callable

from sim.core.protocols import Bot, GameFactory

BOT_GROUP = "arkmc.bots"
GAME_GROUP = "arkmc.games"

_bots: dict[str, Callable[..., Bot]] = {}
_games: dict[str, Callable[[], GameFactory]] = {}
_unloadable: dict[str, str] = {}  # entry points whose module failed to load, with the reason


class RegistryError(ValueError):
    """An unknown name or a malformed spec; the message is one line for the user."""


def register_bot(name: str) -> Callable[[type], type]:
    """Class decorator: make a bot available under `name`."""

    def wrap(cls: type) -> type:
        _bots[name] = cls
        return cls

    return wrap


def register_game(name: str, factory: Callable[[], GameFactory]) -> None:
    _games[name] = factory


def _load_path(path: str) -> Any:
    module_name, _, attribute = path.partition(":")
    try:
        return getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise RegistryError(f"cannot load {path!r}: {error}") from None


def _from_entry_points(group: str, name: str) -> Any | None:
    for entry in entry_points(group=group):
        if entry.name == name:
            return entry.load()
    return None


def known_bots() -> dict[str, Callable[..., Bot]]:
    """Every bot factory by name. Loading the entry points imports their modules, which may
    register more names (a bot family registers one name per variant)."""
    for entry in entry_points(group=BOT_GROUP):
        if entry.name not in _bots and entry.name not in _unloadable:
            try:
                _bots[entry.name] = entry.load()
            except (ImportError, AttributeError) as error:  # a stale install must not hide the other bots
                _unloadable[entry.name] = f"cannot load bot {entry.name!r} ({entry.value}): {error}"
    return _bots


def available_bots() -> list[str]:
    """Every bot name known through registration or entry points."""
    return sorted(known_bots())


def available_games() -> list[str]:
    return sorted(set(_games) | {entry.name for entry in entry_points(group=GAME_GROUP)})


def parse_value(text: str) -> Any:
    """`text` as a bool, int or float when it looks like one, else the text itself."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value,...`` (or ``module:Class:key=value``) into a name and parameters."""
    head, params = spec, ""
    if "=" in spec:
        head, _, params = spec.rpartition(":")
        if not head:
            raise RegistryError(f"bot spec {spec!r} has parameters but no name")
    parameters: dict[str, Any] = {}
    for item in filter(None, params.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise RegistryError(f"bad bot parameter {item!r} in {spec!r} (expected key=value)")
        parameters[key.strip()] = parse_value(value.strip())
    return head, parameters


def make_bot(spec: str) -> Bot:
    """Build a bot from a spec: a registered name, an entry point, or ``module:Class``."""
    name, parameters = parse_bot_spec(spec)
    if name.endswith(".toml"):
        name, parameters = _spec_file(name, parameters)
    cls = _bots.get(name) or known_bots().get(name)
    if cls is None and name in _unloadable:
        raise RegistryError(_unloadable[name])
    if cls is None and ":" in name:
        cls = _load_path(name)
    if cls is None:
        raise RegistryError(f"unknown bot {name!r}; available: {', '.join(available_bots())}")
    try:
        return cls(**parameters)
    except (TypeError, ValueError) as error:  # a bot refuses a bad parameter value with a ValueError
        raise RegistryError(f"bad parameters for bot {name!r}: {error}") from None


def _spec_file(path: str, overrides: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The bot name and parameters a TOML bot file gives, `overrides` on top."""
    try:
        with open(path, "rb") as handle:
            table = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RegistryError(f"cannot read bot file {path}: {error}") from None
    name = table.pop("bot", None)
    if not isinstance(name, str):
        raise RegistryError(f"bot file {path} names no bot (expected a line like bot = \"heuristic\")")
    table.pop("description", None)
    return name, {**table, **overrides}


def get_game(name: str) -> GameFactory:
    """The factory of a game registered under `name` or published as an entry point."""
    factory = _games.get(name) or _from_entry_points(GAME_GROUP, name)
    if factory is None:
        raise RegistryError(f"unknown game {name!r}; available: {', '.join(available_games())}")
    return factory()
