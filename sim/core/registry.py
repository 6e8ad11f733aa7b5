"""Find games and bots by name, by ``module:Class`` or ``path/to/file.py:Class``, or by entry point.

Bot specs read ``name`` or ``name:key=value,key=value``; values are parsed as
int, float or bool when they look like one. A spec may also be a TOML file
(``path/to/bot.toml[:key=value,...]``) whose ``bot`` key names the bot and whose
other keys (except ``description``) are its parameters.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
import tomllib
from pathlib import Path
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
    """The attribute named after the colon, from an importable module or a Python file."""
    module_name, _, attribute = path.partition(":")
    try:
        module = _load_file(module_name) if module_name.endswith(".py") else importlib.import_module(module_name)
        return getattr(module, attribute)
    except Exception as error:  # a user's file may fail in any way while it is imported
        raise RegistryError(f"cannot load {path!r}: {type(error).__name__}: {error}") from None


def _load_file(file_name: str) -> Any:
    """A user's bot file, imported once per process under a name derived from its path, so a
    bot needs no package: ``--bots my_bot.py:MyBot`` works from the folder holding it."""
    path = Path(file_name).resolve()
    if not path.is_file():
        raise ImportError(f"no file {file_name}")
    module_name = "arkmc_user_bot_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[module_name]
            raise
    return sys.modules[module_name]


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


def bot_parameters(factory: Callable[..., Any]) -> list[tuple[str, Any]]:
    """(name, default) of every parameter the bot's constructor takes (read from its signature)."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return []
    return [(name, parameter.default) for name, parameter in signature.parameters.items()
            if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)]


def _type_name(default: Any) -> str | None:
    """What a parameter with this default accepts from a spec: 'true or false', 'a whole number',
    'a number' or 'text'; None when the default says nothing (None, required, another type)."""
    if isinstance(default, bool):
        return "true or false"
    return {int: "a whole number", float: "a number", str: "text"}.get(type(default))


def _accepts(kind: str, value: Any) -> bool:
    if kind == "true or false":
        return isinstance(value, bool)
    if kind == "text":
        return isinstance(value, str)
    numbers = (int,) if kind == "a whole number" else (int, float)
    return isinstance(value, numbers) and not isinstance(value, bool)


def _check_parameter_types(name: str, factory: Callable[..., Any], parameters: dict[str, Any]) -> None:
    """Refuse a spec value of the wrong type for its parameter (``horizon=x``) before the bot is
    built, so that a typo is one line at once, not a crash in the first game."""
    defaults = dict(bot_parameters(factory))
    for key, value in parameters.items():
        kind = _type_name(defaults.get(key))
        if kind is not None and not _accepts(kind, value):
            raise RegistryError(f"bad parameters for bot {name!r}: {key} must be {kind}, got {value!r}")


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
    """Build a bot from a spec: a registered name, an entry point, ``module:Class`` or
    ``path/to/file.py:Class``."""
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
    _check_parameter_types(name, cls, parameters)
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
