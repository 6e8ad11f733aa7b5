"""Data overrides for balance experiments: "what if this card cost 2 less?"

An override names one fact of the project's data files and its new value:

- ``cards.401.cost=15``: a column of a zoo card (animals, sponsors, projects), written as in the CSV;
- ``final_scoring.3.thresholds=2;4;6;8``: a column of a final-scoring card;
- ``maps.2.last_worker_bonus=cp:2``: a key of a map in maps.json (a JSON value, or plain text);
- ``tracks.build_cost_per_space=3``, ``tracks.donation_costs.0=1``: a key (or list index) of tracks.json.

The changed entry is parsed again by the catalog's own parser, so an override is checked exactly
as the data files are. Inside `overridden()` the shared catalog holds the changed entries; on exit
the originals return, so one worker process can run experiments with and without overrides.
"""

from __future__ import annotations

import copy
import json
from contextlib import contextmanager
from dataclasses import fields, replace
from functools import partial
from typing import Any, Iterator, Mapping, Sequence

from sim.arknova import board, zoo
from sim.arknova.catalog import _animal, _final, _json, _map, _project, _rows, _sponsor, _tracks, load_catalog

CARD_TABLES = {"animals": ("animals.csv", _animal), "sponsors": ("sponsors.csv", _sponsor),
               "projects": ("projects.csv", _project)}
FIXED_COLUMNS = frozenset({"number", "deck"})  # they decide which deck a card is in


class OverrideError(ValueError):
    """A bad override; the message is one line naming it."""


def parse_overrides(texts: Sequence[str]) -> dict[str, str]:
    """`path=value` texts as a dict, each checked by building the entry it changes."""
    overrides: dict[str, str] = {}
    for text in texts:
        path, equals, value = text.partition("=")
        if not equals or not path.strip():
            raise OverrideError(f"override {text!r} is not path=value (for example cards.401.cost=15)")
        overrides[path.strip()] = value.strip()
    _build(overrides)
    return overrides


@contextmanager
def overridden(overrides: Mapping[str, str]) -> Iterator[None]:
    """Swap the overridden entries into the shared catalog for the duration of the block."""
    if not overrides:
        yield
        return
    replacements = _build(overrides)
    tracks = load_catalog().tracks
    originals = [(table, key, replace(table) if table is tracks else table[key]) for table, key, _ in replacements]
    try:
        _install(replacements)
        yield
    finally:
        _install(originals)


def _install(entries: list[tuple[Any, Any, Any]]) -> None:
    tracks = load_catalog().tracks
    for table, key, value in entries:
        if table is tracks:
            for item in fields(value):  # in place: every module shares this Tracks object
                object.__setattr__(tracks, item.name, getattr(value, item.name))
        else:
            table[key] = value
    board.map_board.cache_clear()
    zoo.clear_caches()


def _build(overrides: Mapping[str, str]) -> list[tuple[Any, Any, Any]]:
    """(table, key, new entry) for every entry the overrides touch, all overrides applied."""
    catalog = load_catalog()
    card_rows: dict[tuple[str, int], dict[str, str]] = {}
    final_rows: dict[int, dict[str, str]] = {}
    maps_doc: dict[str, Any] | None = None
    tracks_doc: dict[str, Any] | None = None
    touched_maps: set[str] = set()
    for path, value in overrides.items():
        head, _, rest = path.partition(".")
        if head == "cards":
            number, column = _number_and_column(path, rest)
            table = next((name for name in CARD_TABLES if number in getattr(catalog, name)), None)
            if table is None:
                raise OverrideError(f"override {path}: there is no zoo card number {number}")
            row = card_rows.setdefault((table, number), _row(CARD_TABLES[table][0], number))
            _set_column(path, row, column, value)
        elif head == "final_scoring":
            number, column = _number_and_column(path, rest)
            if number not in catalog.final_scoring:
                raise OverrideError(f"override {path}: there is no final-scoring card number {number}")
            _set_column(path, final_rows.setdefault(number, _row("final_scoring.csv", number)), column, value)
        elif head == "maps":
            maps_doc = maps_doc or copy.deepcopy(_json("maps.json")["maps"])
            map_id, _, key = rest.partition(".")
            if map_id not in maps_doc:
                raise OverrideError(f"override {path}: there is no map {map_id!r} (maps: {', '.join(maps_doc)})")
            _set_json(path, maps_doc[map_id], key, value)
            touched_maps.add(map_id)
        elif head == "tracks":
            tracks_doc = tracks_doc or copy.deepcopy(_json("tracks.json"))
            _set_json(path, tracks_doc, rest, value)
        else:
            raise OverrideError(f"override {path}: the path must start with cards, final_scoring, maps or tracks")
    entries: list[tuple[Any, Any, Any]] = []
    for (table, number), row in card_rows.items():
        entries.append((getattr(catalog, table), number, _parse(CARD_TABLES[table][1], row, f"cards.{number}")))
    for number, row in final_rows.items():
        entries.append((catalog.final_scoring, number, _parse(_final, row, f"final_scoring.{number}")))
    for map_id in sorted(touched_maps):
        assert maps_doc is not None
        entries.append((catalog.maps, map_id, _parse(partial(_map, map_id), maps_doc[map_id], f"maps.{map_id}")))
    if tracks_doc is not None:
        entries.append((catalog.tracks, None, _parse(_tracks, tracks_doc, "tracks")))
    return entries


def _number_and_column(path: str, rest: str) -> tuple[int, str]:
    number, _, column = rest.partition(".")
    if not number.isdigit() or not column:
        raise OverrideError(f"override {path}: expected {path.partition('.')[0]}.NUMBER.COLUMN")
    return int(number), column


def _row(file_name: str, number: int) -> dict[str, str]:
    return next(dict(row) for row in _rows(file_name) if int(row["number"]) == number)


def _set_column(path: str, row: dict[str, str], column: str, value: str) -> None:
    if column in FIXED_COLUMNS or column not in row:
        allowed = ", ".join(name for name in row if name not in FIXED_COLUMNS)
        raise OverrideError(f"override {path}: no column {column!r} can be overridden (columns: {allowed})")
    row[column] = value


def _set_json(path: str, document: Any, key_path: str, value: str) -> None:
    keys = key_path.split(".") if key_path else []
    if not keys:
        raise OverrideError(f"override {path}: name the key to change")
    target = document
    for index, key in enumerate(keys):
        last = index == len(keys) - 1
        if isinstance(target, list) and key.isdigit() and int(key) < len(target):
            slot: Any = int(key)
        elif isinstance(target, dict) and key in target:
            slot = key
        else:
            raise OverrideError(f"override {path}: {'.'.join(keys[:index + 1])!r} does not exist in the data")
        if last:
            target[slot] = _json_value(value)
        else:
            target = target[slot]


def _json_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _parse(parser: Any, raw: Any, where: str) -> Any:
    try:
        return parser(raw)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise OverrideError(f"override of {where} does not parse: {error}") from None
