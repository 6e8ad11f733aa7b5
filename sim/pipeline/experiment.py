"""An experiment: which games to play, with which bots, and where the results go.

An experiment comes from a TOML file, from command-line flags, or both (flags win).
Everything that decides the games (game, options, bots, count, seed, chunking, data folder,
data overrides) forms its identity; how it is run (workers, backend, scheduler, the per-decision time
limit) does not, so the same experiment gives the same rows on any machine, as long as no bot runs
past the time limit. Its digest, `experiment_id`, leaves out the number of games and the chunking as
well: game `i` is the same game whatever the count, so a run extended from 300 to 3,000 games and one
played at 3,000 from the start hold the same rows under the same id.

    game = "arknova"           # a registered game (`arkmc games`); left out: the installation's default game
    players = 2
    bots = ["default", "random"] # one per seat, or one for every seat; "name:key=value,..."
                               # or a table: { name = "default", horizon = 2 }
    games = 2000
    seed = 0
    out = "runs/demo"
    chunk_size = 20            # games per Parquet part (0 = chosen from the number of games)
    data = "my-data"           # a folder whose files replace the game's shipped data files of the same name
    overrides = ["cards.401.cost=15"]  # data facts changed, on top of the data folder when there is one
    jobs = -1                  # parallel workers (-1 = all cores)
    backend = "loky"           # loky, dask or ray
    scheduler = ""             # dask or ray cluster address; empty = a local cluster
    decision_seconds = 60      # a bot that takes longer over one decision loses its game (an error row)
    study = { kind = "cards", components = [401, 402], seat = 0 }  # set by `arkmc study`: paired games that
                               # differ by one intervention (sim/pipeline/study.py); games = pairs x arms
    [options]                  # any other game option (`arkmc games` lists them); unset options take
    maps = "random"            # the game's study defaults (Ark Nova: maps 1-8), then its own defaults
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from sim.core.data_folder import DATA_KEY, factory_with_data, refuse_data_option, resolved_folder
from sim.core.protocols import GameFactory
from sim.core.registry import (
    DEFAULT_BOT,
    CodeRefused,
    RegistryError,
    code_allowed,
    default_game,
    game_name,
    get_game,
    make_bot,
)
from sim.pipeline.storage import RunFolder
from sim.pipeline.study import StudyDesign, checked_design

BACKENDS = ("loky", "dask", "ray")
MAX_GAMES = 100_000_000  # 400 million seat rows at four players: more than one folder should hold
MAX_JOBS = 256  # workers of one machine; a cluster's size is its own (jobs = -1)
MAX_DECISION_SECONDS = 86_400.0  # a day: a limit, however generous, so that no run hangs for ever
EXECUTION_FIELDS = frozenset({"out", "jobs", "backend", "scheduler", "decision_seconds"})  # not part of the identity
SIZE_FIELDS = frozenset({"games", "chunk_size"})  # part of the identity, but no game's rows depend on them


class ExperimentError(ValueError):
    """A bad experiment; the message is one line naming the problem."""


@dataclass(frozen=True)
class Experiment:
    """A complete, validated experiment. Build one with `load_experiment` or `build_experiment`."""

    game: str = field(default_factory=default_game)
    players: int = 2
    bots: tuple[str, ...] = (DEFAULT_BOT,)
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's study options fill the rest
    games: int = 2000
    seed: int = 0
    chunk_size: int = 0
    data: str = ""  # a folder of the user's data files, absolute; "" = the game's own files
    overrides: tuple[str, ...] = ()
    out: str = "runs/demo"
    jobs: int = -1
    backend: str = "loky"
    scheduler: str = ""
    decision_seconds: float = 60.0
    study: Mapping[str, Any] = field(default_factory=dict)  # `arkmc study`'s design; empty for an ordinary run

    @property
    def identity(self) -> dict[str, Any]:
        """The fields that decide the games, as plain JSON-ready values."""
        return {key: value for key, value in self.to_dict().items() if key not in EXECUTION_FIELDS}

    @property
    def experiment_id(self) -> str:
        """The digest of what decides each game's rows: the identity less the number of games and the chunking."""
        games = {key: value for key, value in self.identity.items() if key not in SIZE_FIELDS}
        return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:12]

    @property
    def config(self) -> dict[str, Any]:
        """The game config: the options plus the player count."""
        return {**self.options, "players": self.players}

    def to_dict(self) -> dict[str, Any]:
        """The experiment as plain values; `data` only when a folder is given and `study` only for a study, so
        that an experiment without them keeps the id and the manifest it had before the keys existed."""
        values = asdict(self)
        values["bots"] = list(self.bots)
        values["overrides"] = list(self.overrides)
        values["options"] = dict(self.options)
        values["study"] = dict(self.study)
        for key in (DATA_KEY, "study"):
            if not values[key]:
                del values[key]
        return values


FIELD_NAMES = tuple(item.name for item in fields(Experiment))


def load_experiment(path: Path | None, flags: Mapping[str, Any], resume: bool = False,
                    allow_code: bool = False) -> Experiment:
    """Read `path` (if given), apply the flags that were set (not None), validate.

    With `resume`, the experiment saved in the output folder's manifest is the starting point,
    so ``arkmc run --resume --out DIR`` needs nothing else; a file or flags may still restate it.
    A file or a manifest is data that may come from anyone: the bots and the game it names must be
    registered ones unless `allow_code`, since naming Python code (``file.py:Class``) runs it.
    Nothing is imported before that check.
    """
    values = read_experiment_file(path) if path is not None else {}
    if resume:
        out = flags.get("out") or values.get("out") or Experiment.out
        try:
            manifest = RunFolder(Path(out)).read_manifest()
        except (ValueError, OSError) as error:
            raise ExperimentError(str(error)) from None
        if manifest is not None:
            saved = {key: value for key, value in manifest["experiment"].items() if key in FIELD_NAMES}
            values = {**saved, **values}
    if not allow_code:
        refuse_code(values, flags)
    return build_experiment(values, flags)


def read_experiment_file(path: Path) -> dict[str, Any]:
    """The keys of a TOML experiment file, unchecked; an unreadable or invalid file is an ExperimentError."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ExperimentError(f"cannot read experiment file {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ExperimentError(f"experiment file {path} is not valid TOML: {error}") from None


CODE_ADVICE = ("which an experiment file or a run folder may not (naming it runs it); name it with --bots/--game, "
               "or add --allow-code if you trust the file or folder")


def refuse_code(values: Mapping[str, Any], flags: Mapping[str, Any]) -> None:
    """An ExperimentError when the file or manifest names Python code: a game or bot by its path, or a bot
    whose parameters (its TOML file's among them, such as a search bot's rollout) name one. The command
    line's own --bots and --game may; they replace what the file says. The file's game and bots are built
    within `code_allowed(False)`, so the registry's one resolver refuses before anything is imported."""
    game = flags.get("game") if flags.get("game") is not None else values.get("game")
    if flags.get("game") is None and "game" in values:
        _build_without_code(values["game"], lambda: get_game(_typed(values, "game", str, None)))
    if flags.get("bots") is None:
        try:
            scope = game_name(game) if isinstance(game, str) else None
        except RegistryError as error:  # the command line's game, which is no game
            raise ExperimentError(str(error)) from None
        for spec in _bot_specs(values.get("bots", [])):
            _build_without_code(spec, lambda spec=spec: make_bot(spec, scope))


def _build_without_code(spec: Any, build: Callable[[], Any]) -> None:
    """Build what `spec` names with code refused; its refusal, or any other failure, as one line."""
    try:
        with code_allowed(False):
            build()
    except CodeRefused as error:
        named = f"{spec!r}" if spec == error.path else f"{spec!r} ({error.path!r} in it)"
        raise ExperimentError(f"{named} names Python code, {CODE_ADVICE}") from None
    except RegistryError as error:
        raise ExperimentError(str(error)) from None


def build_experiment(values: Mapping[str, Any], flags: Mapping[str, Any] = {}) -> Experiment:
    """An experiment from file values and flags (flags win); every field checked."""
    unknown = sorted(set(values) - set(FIELD_NAMES))
    if unknown:
        raise ExperimentError(f"unknown experiment key(s): {', '.join(unknown)} (known: {', '.join(FIELD_NAMES)})")
    merged = dict(values)
    for key, value in flags.items():
        if value is None or value == ():
            continue
        if key == "options":
            merged["options"] = {**merged.get("options", {}), **value}
        else:
            merged[key] = value
    game = _typed(merged, "game", str, None) if "game" in merged else default_game_name()
    defaults = Experiment(game=game)
    experiment = replace(
        defaults,
        players=_typed(merged, "players", int, default_players(game)),
        options=dict(_typed(merged, "options", dict, defaults.options)),
        games=_typed(merged, "games", int, defaults.games),
        seed=_typed(merged, "seed", int, defaults.seed),
        chunk_size=_typed(merged, "chunk_size", int, defaults.chunk_size),
        data=resolved_folder(str(_typed(merged, "data", (str, Path), defaults.data))),
        overrides=tuple(_typed(merged, "overrides", list, list(defaults.overrides))),
        out=str(_typed(merged, "out", (str, Path), defaults.out)),
        jobs=_typed(merged, "jobs", int, defaults.jobs),
        backend=_typed(merged, "backend", str, defaults.backend),
        scheduler=_typed(merged, "scheduler", str, defaults.scheduler),
        decision_seconds=float(_typed(merged, "decision_seconds", (int, float), defaults.decision_seconds)),
        bots=_bot_specs(merged.get("bots", list(defaults.bots))),
        study=dict(_typed(merged, "study", dict, defaults.study)),
    )
    return _validated(experiment)


def _typed(values: Mapping[str, Any], key: str, kind: Any, default: Any) -> Any:
    value = values.get(key, default)
    if isinstance(value, bool) or not isinstance(value, kind):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ExperimentError(f"{key} must be a {expected}, got {value!r}")
    return value


def _bot_specs(raw: Any) -> tuple[str, ...]:
    """Bots as spec strings; a bot may be a string or a table with a name and parameters."""
    items = raw if isinstance(raw, list) else [raw]
    specs = []
    for item in items:
        if isinstance(item, str):
            specs.append(item.strip())
        elif isinstance(item, dict) and isinstance(item.get("name"), str):
            parameters = ",".join(f"{key}={value}" for key, value in item.items() if key != "name")
            specs.append(f"{item['name']}:{parameters}" if parameters else item["name"])
        else:
            raise ExperimentError(f"a bot must be a name or a table with a name, got {item!r}")
    return tuple(specs)


def setting_differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """(key, value before, value after) for every identity setting that differs, in the experiments' key
    order, each value as a person reads it (lists comma-separated, a missing one as none)."""
    keys = [key for key in dict.fromkeys([*before, *after]) if key not in EXECUTION_FIELDS]
    return [(key, readable_setting(before.get(key)), readable_setting(after.get(key)))
            for key in keys if before.get(key) != after.get(key)]


def differences_text(differences: list[tuple[str, str, str]]) -> str:
    """Setting differences in words: "seed is 0 there, 4 here; bots is ... there, ... here"."""
    return "; ".join(f"{key} is {before} there, {after} here" for key, before, after in differences)


def readable_setting(value: Any) -> str:
    """An experiment setting as text: lists and tables comma-separated, empty or missing as none."""
    if isinstance(value, dict):
        value = [f"{key}={item}" for key, item in value.items()]
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return "none" if value is None else str(value)


def default_game_name() -> str:
    """The game played when none is named (`sim.core.registry.default_game`); an ExperimentError when the
    installation has none."""
    try:
        return default_game()
    except RegistryError as error:
        raise ExperimentError(str(error)) from None


def game_factory(game: str, data: str = "") -> GameFactory:
    """The game's factory, playing with the files of the folder `data` in place of its own when one is given;
    an unknown game is an ExperimentError naming the installed ones, a bad folder one naming the problem."""
    try:
        return factory_with_data(get_game(game), data)
    except ValueError as error:  # RegistryError, DataFolderError, or the game's own one line on a bad file
        raise ExperimentError(str(error)) from None


def default_players(game: str) -> int:
    """The player count of the game's default config."""
    return int(game_factory(game).default_config()["players"])


def study_config(game: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """`config` over the game's study options (the options a study uses unless told otherwise)."""
    return {**game_factory(game).info.study_options, **config}


def validate_config(factory: GameFactory, config: Mapping[str, Any]) -> dict[str, Any]:
    """The game's validated config (players and options); a bad value is an ExperimentError with the
    game's one-line message, an option that names a data folder one naming `data`."""
    try:
        refuse_data_option(config)
        return factory.validate(config)
    except ValueError as error:
        raise ExperimentError(str(error)) from None


def _validated(experiment: Experiment) -> Experiment:
    if not 1 <= experiment.games <= MAX_GAMES:
        raise ExperimentError(f"games must be 1 to {MAX_GAMES:,}, got {experiment.games}")
    if not 0 <= experiment.seed < 2**63:
        raise ExperimentError(f"seed must be 0 or more (below 2**63), got {experiment.seed}")
    if not 0 <= experiment.chunk_size <= MAX_GAMES:
        raise ExperimentError(f"chunk_size must be 0 (automatic) to {MAX_GAMES:,}, got {experiment.chunk_size}")
    if experiment.jobs == 0 or not -1 <= experiment.jobs <= MAX_JOBS:
        raise ExperimentError(f"jobs must be -1 (all cores) or 1 to {MAX_JOBS}, got {experiment.jobs}")
    if not 0 < experiment.decision_seconds <= MAX_DECISION_SECONDS:
        raise ExperimentError(f"decision_seconds must be more than 0 and at most {MAX_DECISION_SECONDS:,.0f} "
                              f"(a day), got {experiment.decision_seconds:g}")
    if experiment.backend not in BACKENDS:
        raise ExperimentError(f"backend must be one of {', '.join(BACKENDS)}, got {experiment.backend!r}")
    if experiment.scheduler and experiment.backend == "loky":
        raise ExperimentError("scheduler is an address for the dask or ray backend, not for loky")
    factory = game_factory(experiment.game, experiment.data)
    config = validate_config(factory, study_config(experiment.game, experiment.config))
    try:
        overrides = factory.parse_overrides(experiment.overrides)
    except ValueError as error:
        raise ExperimentError(str(error)) from None
    bots = experiment.bots * experiment.players if len(experiment.bots) == 1 else experiment.bots
    if len(bots) != experiment.players:
        raise ExperimentError(f"bots names {len(bots)} bots for {experiment.players} players")
    for spec in bots:
        try:
            make_bot(spec, experiment.game)
        except RegistryError as error:
            raise ExperimentError(str(error)) from None
    if experiment.study:
        _check_study(factory, experiment)
    options = {key: value for key, value in config.items() if key != "players"}
    chunk_size = experiment.chunk_size or default_chunk_size(experiment.games)
    return replace(experiment, bots=bots, options=options, chunk_size=chunk_size,
                   overrides=tuple(f"{path}={value}" for path, value in overrides.items()))


def _check_study(factory: GameFactory, experiment: Experiment) -> None:
    """An ExperimentError when the `study` key is not a design this game can play with `games` whole pairs."""
    try:
        saved = StudyDesign.from_spec(experiment.study)
        design = checked_design(factory, saved.kind, [str(number) for number in saved.components], saved.seat,
                                experiment.players)
    except (KeyError, TypeError, ValueError) as error:
        raise ExperimentError(f"study is not a valid study design: {error}") from None
    if design != saved or not design.components:
        raise ExperimentError(f"study is not a valid study design: {dict(experiment.study)}")
    if experiment.games % len(design.arms):
        raise ExperimentError(f"a study's games must be whole pairs: a multiple of its {len(design.arms)} arms, "
                              f"got {experiment.games}")


def chunk_count(experiment: Experiment) -> int:
    """The experiment's chunks: its games in parts of `chunk_size`, the last one possibly shorter."""
    return -(-experiment.games // experiment.chunk_size)


def default_chunk_size(games: int) -> int:
    """About a hundred chunks: fine-grained progress and resume, few files per experiment."""
    return max(5, min(1000, games // 100))
