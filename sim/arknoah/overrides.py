"""Data overrides for Ark & Noah, as `--override PATH=VALUE` gives them (the scheme of Ark Nova's,
sim/arknova/overrides.py):

- ``data=FOLDER``: a whole data folder (species.csv, rules.json, ark.json) in place of the shipped
  one, e.g. the real tiles and board of a copy of the game; the other overrides apply on top of it;
- ``species.NAME.COLUMN=VALUE``: a column of species.csv (``species.lion.vp=7``);
- ``rules.KEY[.KEY...]=VALUE``: a value of rules.json (``rules.planner_and_others.build.0=10``);
- ``ark.KEY[.KEY...]=VALUE``: a value of ark.json (``ark.layouts.2=["stern","middle","bow"]``).

The changed files are parsed again by the catalog's own parser, so an override is checked exactly
as the data files are; a bad one is refused before any game is played.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path

from sim.arknoah.catalog import DATA, Catalog, build_catalog, load_catalog, read_raw
from sim.core.overrides import OverrideError, parse_entry, parse_texts, set_column, set_json

DATA_KEY = "data"
OVERRIDDEN_CATALOGS = 8


def parse_overrides(texts: Sequence[str]) -> dict[str, str]:
    """`path=value` texts as a dict (a data folder made absolute), each checked by building the
    catalog they give."""
    overrides = parse_texts(texts)
    if DATA_KEY in overrides:
        overrides[DATA_KEY] = str(Path(overrides[DATA_KEY]).expanduser().resolve())
    catalog_with(overrides)
    return overrides


def catalog_with(overrides: Mapping[str, str]) -> Catalog:
    """The catalog with these overrides (the shipped one when there are none); the same overrides
    give the same catalog within a process."""
    return _catalog_with(tuple(sorted(overrides.items())))


@functools.lru_cache(maxsize=OVERRIDDEN_CATALOGS)
def _catalog_with(overrides: tuple[tuple[str, str], ...]) -> Catalog:
    if not overrides:
        return load_catalog()
    changes = dict(overrides)
    folder = Path(changes.pop(DATA_KEY, "") or DATA)
    if not folder.is_dir():
        raise OverrideError(f"override {DATA_KEY}={folder}: no such folder")
    try:
        rows, rules, ark = read_raw(folder)
    except ValueError as error:
        raise OverrideError(f"override {DATA_KEY}={folder}: {error}") from None
    for path, value in changes.items():
        head, _, rest = path.partition(".")
        if head == "species":
            name, _, column = rest.partition(".")
            row = next((row for row in rows if row["species"] == name), None)
            if row is None:
                raise OverrideError(f"override {path}: there is no species {name!r} "
                                    f"(species: {', '.join(row['species'] for row in rows)})")
            set_column(path, row, column, value, fixed=("species",))
        elif head in ("rules", "ark"):
            set_json(path, rules if head == "rules" else ark, rest, value)
        else:
            raise OverrideError(f"override {path}: the path must start with data, species, rules or ark")
    where = ", ".join(f"{path}={value}" for path, value in overrides)
    return parse_entry(lambda raw: build_catalog(*raw, str(folder)), (rows, rules, ark), where)
