"""Find games and bots by name, by ``module:Class`` or ``path/to/file.py:Class``, or by entry point.

Bots are scoped by game: a bot declares the games it can play (`games`, `ANY_GAME` for every game),
and a name is looked up within the game being played, so each game can have its own `default` and
its own archetype names. `default` names the game's default bot (`GameInfo.default_bot`) unless
the game registers a bot of that name itself. A bot still being tried out is registered as
``experimental.<name>``, which `arkmc bots` shows only with --all. A renamed bot keeps its old name
as an alias within its games for one version, so that old runs replay and old command lines work.

Bot specs read ``name`` or ``name:key=value,key=value``; values are parsed as
int, float or bool when they look like one. A spec may also be a TOML file
(``path/to/bot.toml[:key=value,...]``) whose ``bot`` key names the bot and whose
other keys (except ``description``) are its parameters.

Every name that resolves to Python code by its path (a bot, a bot's parameter such as a search
bot's rollout, a game) is imported by one function, `load_code`, and nowhere else. Within
`code_allowed(False)` it refuses, before anything is imported: the commands build what an
experiment file or a run folder names inside that block unless --allow-code is given.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import importlib
import importlib.util
import inspect
import sys
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, NamedTuple

from sim.core.protocols import ANY_GAME, Bot, GameFactory

BOT_GROUP = "arkmc.bots"
GAME_GROUP = "arkmc.games"
DEFAULT_GAME_GROUP = "arkmc.default_game"  # one entry: the game commands play when none is named

DEFAULT_BOT = "default"
RANDOM_BOT = "random"  # the bottom rung of every game's skill ladder
EXPERIMENTAL = "experimental."  # the prefix of the names of bots still being tried out

_bots: dict[str, dict[str, Callable[..., Bot]]] = {}  # game (or ANY_GAME) -> bot name -> factory
_aliases: dict[str, dict[str, Alias]] = {}  # game (or ANY_GAME) -> old name -> the name it now means
_games: dict[str, Callable[[], GameFactory]] = {}
_unloadable: dict[str, str] = {}  # entry points whose module failed to load, with the reason
_building_for: ContextVar[str | None] = ContextVar("building_for", default=None)  # the game of the bot being made
_code_allowed: ContextVar[bool] = ContextVar("code_allowed", default=True)  # see `code_allowed`


class RegistryError(ValueError):
    """An unknown name or a malformed spec; the message is one line for the user."""


class CodeRefused(RegistryError):
    """A name that resolves to Python code, met where code may not be named (`code_allowed(False)`)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path!r} names Python code")
        self.path = path


@contextmanager
def code_allowed(allowed: bool) -> Iterator[None]:
    """Within the block, a name that resolves to Python code (``module:Class``, ``file.py:Class``, as a
    bot, a game, or any bot parameter that names a bot) raises CodeRefused unless `allowed`, before
    anything is imported. A block inside a refusing one refuses too, whatever it says: a bot built
    from data cannot open the gate for the bots it builds."""
    token = _code_allowed.set(allowed and _code_allowed.get())
    try:
        yield
    finally:
        _code_allowed.reset(token)


def load_code(path: str) -> Any:
    """The one resolver of names that are Python code: the attribute named after the colon, from an
    importable module or a Python file; CodeRefused within `code_allowed(False)`."""
    if not _code_allowed.get():
        raise CodeRefused(path)
    module_name, _, attribute = path.partition(":")
    try:
        module = _load_file(module_name) if module_name.endswith(".py") else importlib.import_module(module_name)
        return getattr(module, attribute)
    except Exception as error:  # a user's file may fail in any way while it is imported
        raise RegistryError(f"cannot load {path!r}: {type(error).__name__}: {error}") from None


class Alias(NamedTuple):
    """An old bot name kept for one version: the name it now means, and why it changed."""

    new: str
    note: str


def register_bot(name: str, games: tuple[str, ...] | None = None, *,
                 experimental: bool = False) -> Callable[[Any], Any]:
    """Decorator: make a bot factory available under `name` for `games` (by default the games
    the factory declares in its `games` attribute, or every game); an experimental bot under
    ``experimental.<name>``."""
    full_name = EXPERIMENTAL + name if experimental else name

    def wrap(factory: Any) -> Any:
        for game in games or bot_games(factory):
            _bots.setdefault(game, {})[full_name] = factory
        return factory

    return wrap


def register_alias(old: str, new: str, games: tuple[str, ...], note: str) -> None:
    """Let the old name `old` make the bot `new` within `games`, for one version; `note` says why
    (for example "renamed to default"). A run records the spec as given, so old runs replay."""
    if old == new:
        raise ValueError(f"bot alias {old!r} names itself")
    for game in games:
        _aliases.setdefault(game, {})[old] = Alias(new, note)


def is_experimental(name: str) -> bool:
    """Whether a bot name is one of a bot still being tried out."""
    return name.startswith(EXPERIMENTAL)


def bot_games(factory: Any) -> tuple[str, ...]:
    """The games a bot factory declares it can play (`ANY_GAME` when it declares none)."""
    return tuple(getattr(factory, "games", None) or (ANY_GAME,))


def register_game(name: str, factory: Callable[[], GameFactory]) -> None:
    _games[name] = factory


def _load_file(file_name: str) -> Any:
    """A user's bot file, imported once per process under a name derived from its path, so a
    bot needs no package: ``--bots my_bot.py:MyBot`` works from the folder holding it."""
    path = Path(file_name).resolve()
    if not path.is_file():
        raise ImportError(f"no file {file_name}")
    module_name = "arkmc_user_bot_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"{file_name} is not a Python module")
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


@functools.cache
def _load_bot_entry_points() -> None:
    """Load the ``arkmc.bots`` entry points, once per process (reading them costs milliseconds, and
    bots are made for every game). Loading imports their modules, which may register more names
    (a bot family registers one name per variant, and may keep the entry's name as an old one)."""
    for entry in entry_points(group=BOT_GROUP):
        try:
            factory = entry.load()
        except (ImportError, AttributeError) as error:  # a stale install must not hide the other bots
            _unloadable[entry.name] = f"cannot load bot {entry.name!r} ({entry.value}): {error}"
            continue
        if not any(_is_known(entry.name, game) for game in bot_games(factory)):
            register_bot(entry.name)(factory)


def _is_known(name: str, scope: str) -> bool:
    """Whether `name` is a bot or an old name within the scope of a game (or of every game)."""
    return name in _bots.get(scope, {}) or name in _aliases.get(scope, {})


def game_name(game: str) -> str:
    """The name a game is known by in the bot scopes: a registered name as it is, a ``module:Class``
    game by its `info.name`."""
    return get_game(game).info.name if ":" in game else game


def known_bots(game: str | None = None) -> dict[str, Callable[..., Bot]]:
    """Every bot factory by name that can play `game` (every bot of every game when None)."""
    _load_bot_entry_points()
    game = game_name(game) if game is not None else None
    scopes = [ANY_GAME, game] if game is not None else [ANY_GAME, *sorted(set(_bots) - {ANY_GAME})]
    found: dict[str, Callable[..., Bot]] = {}
    for scope in scopes:
        found.update(_bots.get(scope, {}))
    return found


def known_aliases(game: str | None = None) -> dict[str, Alias]:
    """Every old bot name that still works for `game` (for every game when None), with what it means now."""
    _load_bot_entry_points()
    game = game_name(game) if game is not None else None
    scopes = [ANY_GAME, game] if game is not None else [ANY_GAME, *sorted(set(_aliases) - {ANY_GAME})]
    found: dict[str, Alias] = {}
    for scope in scopes:
        found.update(_aliases.get(scope, {}))
    return found


def available_bots(game: str | None = None) -> list[str]:
    """Every bot name that can play `game` (of every game when None)."""
    return sorted(known_bots(game))


def available_games() -> list[str]:
    return sorted(set(_games) | {entry.name for entry in entry_points(group=GAME_GROUP)})


@functools.cache
def default_game() -> str:
    """The name of the game a command plays when none is named: the installation's choice (the one entry of
    the ``arkmc.default_game`` entry point), else the only game installed."""
    chosen = list(entry_points(group=DEFAULT_GAME_GROUP))
    if chosen:
        return str(chosen[0].load().info.name)
    games = available_games()
    if len(games) != 1:
        raise RegistryError(f"no default game is installed; name one of: {', '.join(games)}")
    return games[0]


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
    built, so that a typo is one line at once, not a crash in the first game. A spec without parameters has
    nothing to check (and a run builds its bots for every game: reading a signature costs some 50 µs)."""
    if not parameters:
        return
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


def make_bot(spec: str, game: str | None = None) -> Bot:
    """Build a bot for `game` from a spec: a name registered for that game (or for any game), an
    old name kept as an alias, an entry point, ``module:Class`` or ``path/to/file.py:Class``.
    Without a game, a bot made while another bot is made (a search bot's rollout bot) is of that
    bot's game; otherwise a name is looked up in the installation's default game first, then must
    be unambiguous across the other games."""
    game = game if game is not None else _building_for.get()
    name, parameters = parse_bot_spec(spec)
    if name.endswith(".toml"):
        name, parameters = _spec_file(name, parameters)
    cls = _find_bot(name, game)
    _check_parameter_types(name, cls, parameters)
    building = _building_for.set(game)
    try:
        return cls(**parameters)
    except CodeRefused:  # a parameter naming code (a search bot's rollout): the refusal, not a bad value
        raise
    except (TypeError, ValueError) as error:  # a bot refuses a bad parameter value with a ValueError
        raise RegistryError(f"bad parameters for bot {name!r}: {error}") from None
    except Exception as error:  # a user's bot may fail in any way while it is built
        raise RegistryError(f"bot {name!r} failed to start: {type(error).__name__}: {error}") from None
    finally:
        _building_for.reset(building)


def bot_factory(name: str, game: str | None = None) -> Callable[..., Bot]:
    """The factory a bot name (a registered one, an old one, or ``module:Class``) means for `game`."""
    return _find_bot(name, game)


def _find_bot(name: str, game: str | None, followed: tuple[str, ...] = ()) -> Callable[..., Bot]:
    """The factory `name` means for `game` (following an old name to its new one), with a one-line
    reason when there is none."""
    if name in followed:
        raise RegistryError(f"bot aliases loop: {' -> '.join((*followed, name))}")
    _load_bot_entry_points()
    within = game if game is not None else _installed_default_game()
    scope = game_name(within) if within is not None else None
    for owner in filter(None, (scope, ANY_GAME)):
        if name in _bots.get(owner, {}):
            return _bots[owner][name]
        if name in _aliases.get(owner, {}):
            return _find_bot(_aliases[owner][name].new, within if owner == scope else game, (*followed, name))
    if name in _unloadable:
        raise RegistryError(_unloadable[name])
    if ":" in name:
        factory: Callable[..., Bot] = load_code(name)
        return factory
    if name == DEFAULT_BOT and within is not None:
        default = get_game(within).info.default_bot
        if default != DEFAULT_BOT:
            return _find_bot(default, within, (*followed, name))
    elsewhere = sorted(owner for owner in set(_bots) | set(_aliases) if _is_known(name, owner))
    if game is None and len(elsewhere) == 1:
        return _find_bot(name, elsewhere[0], followed)
    if game is None and elsewhere:
        raise RegistryError(f"bot {name!r} exists for several games ({', '.join(elsewhere)}); name the game")
    if elsewhere:
        raise RegistryError(f"bot {name!r} does not play {scope} (it plays {', '.join(elsewhere)}); "
                            f"bots for {scope}: {', '.join(available_bots(game))}")
    raise RegistryError(f"unknown bot {name!r}{did_you_mean(name, available_bots(game))}; "
                        f"available{f' for {game}' if game else ''}: {', '.join(available_bots(game))}")


def did_you_mean(name: str, names: list[str]) -> str:
    """" (did you mean default?)" when one of `names` is close to a mistyped `name` (difflib's ratio >= 0.6),
    else "": the hint of a one-line error about an unknown name."""
    close = difflib.get_close_matches(name, names, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _installed_default_game() -> str | None:
    """The installation's default game, None when it has none."""
    try:
        return default_game()
    except RegistryError:
        return None


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
    """The factory of a game registered under `name`, published as an entry point, or given as
    ``module:Class`` / ``path/to/file.py:Class`` (a game that is not installed)."""
    factory = _games.get(name) or _published_game(name) or (load_code(name) if ":" in name else None)
    if factory is None:
        raise RegistryError(f"unknown game {name!r}{did_you_mean(name, available_games())}; "
                            f"available: {', '.join(available_games())}")
    not_a_game = RegistryError(f"{name!r} is not a game (a game is a class with info and new_game, "
                               "see sim.core.protocols.GameFactory)")
    if not callable(factory):
        raise not_a_game
    try:
        game = factory()
    except Exception as error:  # a user's game may fail in any way while it is made
        raise RegistryError(f"game {name!r} failed to start: {type(error).__name__}: {error}") from None
    if not (hasattr(game, "info") and hasattr(game, "new_game")):
        raise not_a_game
    return game


@functools.cache
def _published_game(name: str) -> Callable[[], GameFactory] | None:
    """The factory class of an entry-point game, looked up once per process."""
    factory: Callable[[], GameFactory] | None = _from_entry_points(GAME_GROUP, name)
    return factory
