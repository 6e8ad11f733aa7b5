"""A sweep: one data override tried at several values, one experiment per value on the same seeds.

    arkmc sweep --override-path cards.401.cost --values 13..19 --base 17 --games 300 --out runs/sweep-cheetah

Every value's experiment is the same experiment (game, bots, options, games, seed, other overrides)
with `PATH=value` added, saved in its own folder under the sweep folder:

    runs/sweep-cheetah/sweep.json       the override path, the values, the base value and the experiment
    runs/sweep-cheetah/value-13/ ...    one experiment folder per value (a dataset like `arkmc run` writes)

All values share the base seed, so game i is the same deal at every value and each value is compared
with the base value game by game (`sim.analysis.paired`). `--resume` finishes an interrupted sweep, or
extends every value's run to a larger `--games`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim.pipeline.experiment import (
    Experiment,
    ExperimentError,
    build_experiment,
    differences_text,
    read_experiment_file,
    refuse_code,
    setting_differences,
)
from sim.pipeline.runner import RunSummary, run
from sim.pipeline.storage import current_spelling

DEFINITION = "sweep.json"
FORMAT = "arkmc-sweep"
MAX_VALUES = 100
RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)")


def parse_values(text: str) -> tuple[str, ...]:
    """Values from `13..19` (whole numbers, both ends included), a comma list `13,15,17`, or both
    (`13..15,20`); each value is kept as text, as an override takes it."""
    values: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise ExperimentError(f"--values {text!r} has an empty item; give a range such as 13..19 or a list such "
                                  "as 13,15,17")
        bounds = RANGE.fullmatch(item)
        if bounds:
            low, high = int(bounds.group(1)), int(bounds.group(2))
            if low > high:
                raise ExperimentError(f"--values {item}: a range runs upwards ({high}..{low})")
            if high - low >= MAX_VALUES:
                raise ExperimentError(f"--values {item} gives {high - low + 1} values; a sweep takes at most {MAX_VALUES}")
            values += [str(value) for value in range(low, high + 1)]
        elif ".." in item:
            raise ExperimentError(f"--values {item}: a range takes two whole numbers, as in 13..19")
        else:
            values.append(item)
    repeated = sorted({value for value in values if values.count(value) > 1})
    if repeated:
        raise ExperimentError(f"--values names {', '.join(repeated)} more than once")
    if not 2 <= len(values) <= MAX_VALUES:
        raise ExperimentError(f"--values gives {len(values)} value(s); a sweep needs 2 to {MAX_VALUES}")
    return tuple(values)


def folder_name(value: str) -> str:
    """The folder of one value's experiment: `value-` and the value, with characters other than letters,
    digits, '.', '_' and '-' as '_'."""
    return "value-" + re.sub(r"[^\w.\-]", "_", value)


@dataclass(frozen=True)
class Sweep:
    """One override path at several values over one experiment (whose `out` is the sweep folder)."""

    path: str
    values: tuple[str, ...]
    base: str
    experiment: Experiment

    def __post_init__(self) -> None:
        if self.base not in self.values:
            raise ExperimentError(f"--base {self.base} is not one of the values ({', '.join(self.values)})")
        names = [folder_name(value) for value in self.values]
        if len(set(names)) < len(names):
            raise ExperimentError(f"--values {', '.join(self.values)}: two values would share a folder name")

    @property
    def out(self) -> Path:
        return Path(self.experiment.out)

    def value_experiment(self, value: str) -> Experiment:
        """The experiment of one value: the sweep's experiment with PATH=value added, in its own folder.
        Built (and so checked: the override must parse) like any experiment."""
        return build_experiment({**self.experiment.to_dict(), "overrides": [*self.experiment.overrides,
                                                                            f"{self.path}={value}"],
                                 "out": str(self.out / folder_name(value))})

    def experiments(self) -> list[Experiment]:
        return [self.value_experiment(value) for value in self.values]

    def definition(self) -> dict[str, Any]:
        """What sweep.json holds: enough to resume the sweep and to report it."""
        return {"format": FORMAT, "path": self.path, "values": list(self.values), "base": self.base,
                "folders": {value: folder_name(value) for value in self.values},
                "experiment": self.experiment.to_dict()}


def read_definition(out: Path) -> dict[str, Any] | None:
    """The sweep folder's sweep.json, or None when there is none; an ExperimentError when it is unreadable."""
    path = out / DEFINITION
    if not path.exists():
        return None
    try:
        definition = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ExperimentError(f"{path} is not readable: {error}") from None
    if not isinstance(definition, dict) or definition.get("format") != FORMAT:
        raise ExperimentError(f"{path} is not an arkmc sweep definition")
    return {**definition, "experiment": current_spelling(definition.get("experiment", {}))}


def load_sweep(path: str | None, values: str | None, base: str | None, experiment_file: Path | None,
               flags: Mapping[str, Any], out: str, resume: bool = False, allow_code: bool = False) -> Sweep:
    """The sweep from the command line: the experiment from `experiment_file` and the `flags` (flags win);
    with `resume`, what the folder's sweep.json says fills what was not given (so `arkmc sweep --resume
    --out DIR` needs nothing else). As for `arkmc run`, a file or folder may name only registered bots
    and games unless `allow_code`."""
    experiment_values = read_experiment_file(experiment_file) if experiment_file is not None else {}
    saved = read_definition(Path(out)) if resume else None
    if saved is not None:
        path = path or saved["path"]
        values = values if values is not None else ",".join(saved["values"])
        base = base if base is not None else saved["base"]
        experiment_values = {**{key: value for key, value in saved["experiment"].items() if key != "out"},
                             **experiment_values}
    if not allow_code:
        refuse_code(experiment_values, flags)
    if not path:
        raise ExperimentError("--override-path is required: the data fact to sweep, e.g. cards.401.cost")
    if values is None:
        raise ExperimentError("--values is required: a range such as 13..19 or a list such as 13,15,17")
    parsed = parse_values(values)
    experiment = build_experiment({**experiment_values, "out": out}, flags)
    others = tuple(item for item in experiment.overrides if item.partition("=")[0] != path)
    return Sweep(path, parsed, base if base is not None else parsed[0], replace(experiment, overrides=others))


def play(sweep: Sweep, resume: bool = False, progress: bool | None = None) -> list[RunSummary]:
    """Play every value's experiment in turn (finishing or extending them with `resume`), after checking
    that the folder holds no other sweep. Every value's experiment is built before any game is played, so
    a value the override parser refuses stops the sweep at once."""
    experiments = sweep.experiments()
    saved = read_definition(sweep.out)
    if saved is not None:
        _check_same(saved, sweep)
        if not resume:
            raise ExperimentError(f"{sweep.out} already holds this sweep; add --resume to finish or extend it")
    elif sweep.out.exists() and (not sweep.out.is_dir() or any(sweep.out.iterdir())):
        raise ExperimentError(f"{sweep.out} is not an empty folder and holds no arkmc sweep; choose another --out")
    try:
        sweep.out.mkdir(parents=True, exist_ok=True)
        (sweep.out / DEFINITION).write_text(json.dumps(sweep.definition(), indent=1), encoding="utf-8")
    except OSError as error:
        raise ExperimentError(f"cannot make the sweep folder {sweep.out}: {error.strerror or error}") from None
    summaries = []
    for index, (value, experiment) in enumerate(zip(sweep.values, experiments, strict=True)):
        summary = run(experiment, resume=resume, progress=progress,
                      label=f"{sweep.path}={value} ({index + 1}/{len(sweep.values)})")
        summaries.append(summary)
        if summary.interrupted:
            break
    return summaries


def _check_same(saved: Mapping[str, Any], sweep: Sweep) -> None:
    """An ExperimentError naming every setting of the saved sweep that this one changes (more games is
    not a change: each value's run is extended; fewer is refused before sweep.json is rewritten)."""
    differences = setting_differences({"override path": saved["path"], "values": saved["values"],
                                       "base": saved["base"]},
                                      {"override path": sweep.path, "values": list(sweep.values), "base": sweep.base})
    differences += [difference for difference in setting_differences(saved["experiment"], sweep.experiment.identity)
                    if difference[0] != "games"]
    if differences:
        raise ExperimentError(f"{sweep.out} holds another sweep: {differences_text(differences)}; choose another --out")
    if sweep.experiment.games < saved["experiment"]["games"]:
        raise ExperimentError(f"{sweep.out} holds a sweep of {saved['experiment']['games']} games per value; --games "
                              f"{sweep.experiment.games} would shorten it (a sweep can be extended, not shortened)")

