"""Data overrides for balance experiments: "what if this card cost 2 less?"

An override names one fact of the project's data files and its new value:

- ``cards.401.cost=15``: a column of a zoo card (animals, sponsors, projects), written as in the CSV;
- ``final_scoring.3.thresholds=2;4;6;8``: a column of a final-scoring card;
- ``maps.2.last_worker_bonus=cp:2``: a key of a map in maps.json (a JSON value, or plain text);
- ``tracks.build_cost_per_space=3``, ``tracks.donation_costs.0=1``: a key (or list index) of tracks.json.

The changed entry is parsed again by the catalog's own parser, so an override is checked exactly
as the data files are. `catalog_with` gives a new catalog holding the changed entries (every other
entry is the base catalog's own object); games made from it read the change in every rule, and the
base catalog, with the games made from it, stays as it was. The base is the shipped data, or the data
files with a folder of the user's in place of some (`sim.core.data_folder`): the overrides apply on top.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from types import MappingProxyType
from typing import Any

from sim.arknova.catalog import (
    PACKAGE,
    Catalog,
    _animal,
    _final,
    _json,
    _map,
    _project,
    _rows,
    _sponsor,
    _tracks,
    build_catalog,
    load_catalog,
)
from sim.core.data_folder import DataFiles, data_files
from sim.core.overrides import OverrideError, parse_entry, parse_texts, set_column, set_json

CARD_TABLES = {"animals": ("animals.csv", _animal), "sponsors": ("sponsors.csv", _sponsor),
               "projects": ("projects.csv", _project)}
FIXED_COLUMNS = frozenset({"number", "deck"})  # they decide which deck a card is in
NEGATIVE = re.compile(r"(?<![\w.])-\d")  # a negative number in an override's value
OVERRIDDEN_CATALOGS = 8  # catalogs kept per process: every chunk of an experiment asks for its own again


def parse_overrides(texts: Sequence[str], files: DataFiles | None = None) -> dict[str, str]:
    """`path=value` texts as a dict, each checked by building the catalog they give from `files`
    (the shipped data files by default)."""
    overrides = parse_texts(texts)
    catalog_with(overrides, files)
    return overrides


def catalog_with(overrides: Mapping[str, str], files: DataFiles | None = None) -> Catalog:
    """The catalog of `files` (the shipped data files by default) with these overrides applied, as a new
    catalog (the base one itself when there are none). The same overrides of the same files give the same
    catalog within a process, so the tables derived from it (map boards, cached placements) are built
    once, not once per chunk of games."""
    return _catalog_with(tuple(overrides.items()), files if files is not None and files.folder else None)


@functools.lru_cache(maxsize=OVERRIDDEN_CATALOGS)
def _catalog_with(overrides: tuple[tuple[str, str], ...], files: DataFiles | None) -> Catalog:
    if not overrides:
        return load_catalog() if files is None else _folder_catalog(files)
    base = _catalog_with((), files)
    edits = _Edits(files or data_files(PACKAGE))
    for path, value in overrides:
        if NEGATIVE.search(value):
            raise OverrideError(f"override {path}={value}: no number in Ark Nova's data is negative")
        head, _, rest = path.partition(".")
        editor = EDITORS.get(head)
        if editor is None:
            raise OverrideError(f"override {path}: the path must start with cards, final_scoring, maps or tracks")
        editor(edits, base, path, rest, value)
    catalog = replace(base, **edits.changed_fields(base))
    problem = out_of_range(catalog)
    if problem:
        raise OverrideError(f"override of {problem}")
    return catalog


def _folder_catalog(files: DataFiles) -> Catalog:
    """The catalog of data files with a folder of the user's in place of some, checked as an override is."""
    catalog = build_catalog(files)
    problem = out_of_range(catalog)
    if problem:
        raise files.error(problem)
    return catalog


def out_of_range(catalog: Catalog) -> str:
    """What the parsers cannot see: each track table covers its track, and every animal fits an
    enclosure that exists. The first fact out of range, in words ("" when none is)."""
    tracks = catalog.tracks
    for table, values, last in (("appeal_income", tracks.appeal_income, tracks.appeal_max),
                                ("conservation_value", tracks.conservation_value, tracks.conservation_max),
                                ("reputation_range", tracks.reputation_range, tracks.reputation_max)):
        if last < 1 or len(values) != last + 1:
            return f"tracks: {table} has {len(values)} spaces, its track 0-{last} needs {last + 1}"
    largest = max(catalog.tiles.enclosure_counts)
    for animal in catalog.animals.values():
        if animal.size > largest:
            return f"cards.{animal.number}: size {animal.size} is larger than the largest enclosure ({largest})"
    return ""


@dataclass
class _Edits:
    """Edited copies of the data the overrides touch, read from the base's data `files`: card and
    final-scoring rows, maps.json's maps and tracks.json."""

    files: DataFiles
    card_rows: dict[tuple[str, int], dict[str, str]] = field(default_factory=dict)  # (table, number) -> row
    final_rows: dict[int, dict[str, str]] = field(default_factory=dict)
    maps: dict[str, Any] | None = None
    touched_maps: set[str] = field(default_factory=set)
    tracks: dict[str, Any] | None = None

    def card(self, base: Catalog, path: str, rest: str, value: str) -> None:
        number, column = _number_and_column(path, rest)
        table = next((name for name in CARD_TABLES if number in getattr(base, name)), None)
        if table is None:
            raise OverrideError(f"override {path}: there is no zoo card number {number}")
        row = self.card_rows.setdefault((table, number), self.row(CARD_TABLES[table][0], number))
        set_column(path, row, column, value, FIXED_COLUMNS)

    def final_scoring(self, base: Catalog, path: str, rest: str, value: str) -> None:
        number, column = _number_and_column(path, rest)
        if number not in base.final_scoring:
            raise OverrideError(f"override {path}: there is no final-scoring card number {number}")
        set_column(path, self.final_rows.setdefault(number, self.row("final_scoring.csv", number)), column, value,
                   FIXED_COLUMNS)

    def map(self, base: Catalog, path: str, rest: str, value: str) -> None:
        if self.maps is None:
            self.maps = _json(self.files, "maps.json")["maps"]
        map_id, _, key = rest.partition(".")
        if map_id not in self.maps:
            raise OverrideError(f"override {path}: there is no map {map_id!r} (maps: {', '.join(self.maps)})")
        set_json(path, self.maps[map_id], key, value)
        self.touched_maps.add(map_id)

    def track(self, base: Catalog, path: str, rest: str, value: str) -> None:
        if self.tracks is None:
            self.tracks = _json(self.files, "tracks.json")
        set_json(path, self.tracks, rest, value)

    def row(self, file_name: str, number: int) -> dict[str, str]:
        return next(row for row in _rows(self.files, file_name) if int(row["number"]) == number)

    def changed_fields(self, base: Catalog) -> dict[str, Any]:
        """The catalog fields the edits change, each entry parsed by the catalog's parser: card and map
        tables with the changed entries in place of the base ones, and the track tables."""
        entries: dict[str, dict[Any, Any]] = {}
        for (table, number), row in self.card_rows.items():
            entries.setdefault(table, {})[number] = parse_entry(CARD_TABLES[table][1], row, f"cards.{number}")
        for number, row in self.final_rows.items():
            entries.setdefault("final_scoring", {})[number] = parse_entry(_final, row, f"final_scoring.{number}")
        for map_id in sorted(self.touched_maps):
            assert self.maps is not None
            entries.setdefault("maps", {})[map_id] = parse_entry(partial(_map, map_id), self.maps[map_id],
                                                                 f"maps.{map_id}")
        changed: dict[str, Any] = {name: MappingProxyType({**getattr(base, name), **changes})
                                   for name, changes in entries.items()}
        if self.tracks is not None:
            changed["tracks"] = parse_entry(_tracks, self.tracks, "tracks")
        return changed


Editor = Callable[[_Edits, Catalog, str, str, str], None]
EDITORS: dict[str, Editor] = {"cards": _Edits.card, "final_scoring": _Edits.final_scoring,
                              "maps": _Edits.map, "tracks": _Edits.track}


def _number_and_column(path: str, rest: str) -> tuple[int, str]:
    number, _, column = rest.partition(".")
    if not number.isdigit() or not column:
        raise OverrideError(f"override {path}: expected {path.partition('.')[0]}.NUMBER.COLUMN")
    return int(number), column
