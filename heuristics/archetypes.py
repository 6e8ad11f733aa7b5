"""What every heuristic family's archetypes share: an archetype is a TOML file of weights in the
family's `archetypes/` folder, and a file that cannot be read is a one-line error for the user."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

Fitted = TypeVar("Fitted")


class ArchetypeError(ValueError):
    """A bad archetype or weights file; the message is one line for the user."""


def read_toml(path: str | Path) -> dict[str, Any]:
    """The TOML table of an archetype or weights file."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ArchetypeError(f"cannot read {path}: {error}") from None


def read_fitted(path: str | Path, what: str, read: Callable[[dict[str, Any]], Fitted]) -> tuple[list[str], Fitted]:
    """A fitted model file (JSON with its `features`): the feature names and what `read` takes from the table,
    refused in one line naming `what` when the file cannot be read or `read` finds it malformed."""
    try:
        table = json.loads(Path(path).read_text())
        return list(table["features"]), read(table)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ArchetypeError(f"cannot read {what} {path}: {error!r}") from None


def read_coefficients(path: str | Path, features: Sequence[str], refit: str) -> list[float]:
    """The coefficients of a fitted model file (JSON: `features` and `coefficients`), refused in one line when
    it cannot be read or was fitted on other features (`refit` says how to fit it again)."""
    names, coefficients = read_fitted(path, "model file",
                                      lambda table: [float(value) for value in table["coefficients"]])
    if names != list(features) or len(coefficients) != len(features):
        raise ArchetypeError(f"{path} was fitted on other features; {refit}")
    return coefficients


def archetype_names(folder: Path) -> list[str]:
    """The archetypes shipped in `folder`, by name (the file name without `.toml`)."""
    return sorted(path.stem for path in folder.glob("*.toml"))


def archetype_description(folder: Path, name: str) -> str:
    """What the archetype shipped in `folder` as `name` plays like, from its file's `description`."""
    return str(read_toml(folder / f"{name}.toml").get("description", f"heuristic bot, archetype {name}"))


def shipped_or_path(folder: Path, name: str, suffix: str, what: str) -> Path:
    """A file shipped in `folder` by its name (without `suffix`), or a path to a `suffix` file; anything else
    is a one-line error naming `what` and the shipped names."""
    shipped = folder / f"{name}{suffix}"
    if shipped.is_file():
        return shipped
    path = Path(name)
    if path.suffix == suffix and path.is_file():
        return path
    names = ", ".join(sorted(file.stem for file in folder.glob(f"*{suffix}")))
    raise ArchetypeError(f"unknown {what} {name!r}; shipped: {names}, or give a path to a {suffix} file")
