"""Data overrides for Ark & Noah, as `--override PATH=VALUE` gives them (the scheme of every game's):

- ``species.NAME.COLUMN=VALUE``: a column of species.csv (``species.lion.vp=7``);
- ``rules.KEY[.KEY...]=VALUE``: a value of rules.json (``rules.planner_and_others.build.0=10``);
- ``ark.KEY[.KEY...]=VALUE``: a value of ark.json (``ark.layouts.2=["stern","middle","bow"]``).

They apply to the shipped pack, or to the pack with a folder of the user's in place of some of its files
(`--data FOLDER`, sim.core.data_folder), e.g. the real tiles and board of a copy of the game. The changed
files are parsed again by the catalog's own parser, so an override is checked exactly as the data files
are; a bad one is refused before any game is played.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from sim.arknoah.catalog import PACKAGE, Catalog, build_catalog, load_catalog, read_raw
from sim.core.data_folder import DataFiles, data_files
from sim.core.overrides import OverrideError, parse_entry, parse_texts, set_column, set_json

OVERRIDDEN_CATALOGS = 8


def parse_overrides(texts: Sequence[str], files: DataFiles | None = None) -> dict[str, str]:
    """`path=value` texts as a dict, each checked by building the catalog they give from `files` (the
    shipped pack by default)."""
    overrides = parse_texts(texts)
    catalog_with(overrides, files)
    return overrides


def catalog_with(overrides: Mapping[str, str], files: DataFiles | None = None) -> Catalog:
    """The catalog of `files` (the shipped pack by default) with these overrides; the same overrides of
    the same files give the same catalog within a process."""
    return _catalog_with(tuple(sorted(overrides.items())), files if files is not None and files.folder else None)


@functools.lru_cache(maxsize=OVERRIDDEN_CATALOGS)
def _catalog_with(overrides: tuple[tuple[str, str], ...], files: DataFiles | None) -> Catalog:
    if not overrides:
        return load_catalog() if files is None else _folder_catalog(files)
    _catalog_with((), files)  # the files alone parse: a problem of the folder is not blamed on an override
    rows, rules, ark = read_raw(files or data_files(PACKAGE))
    for path, value in overrides:
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
            raise OverrideError(f"override {path}: the path must start with species, rules or ark")
    where = ", ".join(f"{path}={value}" for path, value in overrides)
    return parse_entry(lambda raw: build_catalog(*raw), (rows, rules, ark), where)


def _folder_catalog(files: DataFiles) -> Catalog:
    """The catalog of the pack with a folder of the user's in place of some of its files."""
    raw = read_raw(files)
    try:
        return build_catalog(*raw)
    except ValueError as error:
        raise files.error(str(error)) from None
