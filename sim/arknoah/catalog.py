"""Ark & Noah's static data as immutable, shared objects: the species (species.csv), the rule
numbers (rules.json) and the ark parts (ark.json), read from the package's data folder, or some of
them from a folder of the user's in their place (`--data`, sim.core.data_folder; docs/arknoah/data.md).
Everything here is reconstructed from the rulebook where the rulebook has no table; the
documentation says which value comes from where.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from sim.arknoah.board import Board, build_board
from sim.core.data_folder import DataFiles, data_files, parse_file

PACKAGE = "sim.arknoah"  # its data/ folder holds the data files
PLAYER_COUNTS = (2, 3, 4)
ACTIONS = ("pitch", "animals", "food", "swap", "wood", "build", "load")
AMOUNT_ACTIONS = ("pitch", "food", "wood", "build", "load")
QUICK_AMOUNT_ACTIONS = ("wood", "build", "load")
SPECIES_COLUMNS = ("species", "name_de", "size", "vp", "removed_with", "males", "females", "source")
MAX_SIZE = 4  # a cage has at most 4 squares: a larger animal could never board


@dataclass(frozen=True, slots=True)
class Species:
    index: int
    name: str
    name_de: str
    size: int  # squares of the cage its pair needs; 0 = a small animal (any cage, free to load)
    vp: int  # per tile, to the tile's owner when the pair boards
    removed_with: frozenset[int]  # player counts that put it back in the box
    males: int
    females: int


@dataclass(frozen=True, slots=True)
class Tile:
    number: int
    species: int
    male: bool


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule numbers of rules.json (the rulebook's, see docs/arknoah/data.md)."""

    start_walls: int
    start_pitch: int
    start_food: int
    start_males: int
    start_females: int
    workers: Mapping[int, int]  # per player count, workers per player
    worker_columns: Mapping[int, tuple[tuple[int, ...], ...]]  # per player count, per seat: start columns
    walls_per_colour: int
    pitch_total: int
    food_total: int
    bonus_step: int
    bonus_max: int
    actions: tuple[str, ...]  # the normal side of the action board, left to right
    amounts: Mapping[str, tuple[int, int]]  # action -> (planner, every other player)
    gather_draws: Mapping[int, tuple[int, int, int]]  # per player count: males, females, either
    swap_draws: int
    min_rounds: int
    hull_bonus: int
    quick_actions: tuple[str, ...]
    quick_amounts: Mapping[str, tuple[int, int]]
    quick_swap_vp: int
    quick_min_rounds: int


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """Everything static about one data pack; games of one factory share it."""

    species: tuple[Species, ...]
    tiles: tuple[Tile, ...]
    rules: Rules
    boards: Mapping[int, Board]  # per player count
    partners: tuple[tuple[int, ...], ...]  # per tile: the tiles of its species and the other sex

    def species_named(self, name: str) -> Species:
        for species in self.species:
            if species.name == name:
                return species
        raise KeyError(name)

    def tile(self, species: str, male: bool) -> int:
        """The first tile of that species and sex (for tests and examples)."""
        index = self.species_named(species).index
        return next(tile.number for tile in self.tiles if tile.species == index and tile.male == male)


def read_raw(files: DataFiles) -> tuple[list[dict[str, str]], dict[str, Any], dict[str, Any]]:
    """The data files as read, each a fresh copy to edit: species rows, rules.json, ark.json."""
    rows = parse_file(files, "species.csv", lambda text: [dict(row) for row in csv.DictReader(io.StringIO(text))])
    return rows, parse_file(files, "rules.json", json.loads), parse_file(files, "ark.json", json.loads)


def parse_species(rows: list[dict[str, str]]) -> tuple[Species, ...]:
    """The species rows, checked: unique names, sizes 0-4, counts of at least 1."""
    if not rows:
        raise ValueError("species.csv lists no species")
    columns = set(rows[0])
    if not set(SPECIES_COLUMNS[:-1]) <= columns:
        raise ValueError(f"species.csv needs the columns {', '.join(SPECIES_COLUMNS[:-1])}")
    species = []
    for index, row in enumerate(rows):
        if None in row or None in row.values():
            raise ValueError(f"species.csv row {index + 2} does not have one value per column (quote a text with commas)")
        species.append(_species(index, row))
    names = [item.name for item in species]
    if len(set(names)) != len(names):
        raise ValueError("species.csv names a species twice")
    return tuple(species)


def _species(index: int, row: Mapping[str, str]) -> Species:
    name = row["species"].strip()
    try:
        size, vp, males, females = (int(row[key]) for key in ("size", "vp", "males", "females"))
        removed = frozenset(int(count) for count in filter(None, row["removed_with"].split(";")))
    except ValueError:
        raise ValueError(f"species {name}: size, vp, males and females are whole numbers, removed_with "
                         "player counts separated by ';'") from None
    if not 0 <= size <= MAX_SIZE:
        raise ValueError(f"species {name}: size {size} is not 0-{MAX_SIZE}")
    if vp < 0 or males < 1 or females < 1:
        raise ValueError(f"species {name}: vp must be 0 or more, males and females 1 or more")
    if not removed <= set(PLAYER_COUNTS):
        raise ValueError(f"species {name}: removed_with names player counts outside 2-4")
    return Species(index, name, row.get("name_de", name), size, vp, removed, males, females)


def parse_rules(raw: Mapping[str, Any]) -> Rules:
    """rules.json as Rules; a ValueError (or KeyError/TypeError, reported as a bad file) when malformed."""
    by_count = {count: str(count) for count in PLAYER_COUNTS}
    actions = tuple(raw["actions"])
    quick = raw["quick"]
    quick_actions = tuple(quick["actions"])
    if sorted(actions) != sorted(ACTIONS):
        raise ValueError(f"rules.json: actions must be the 7 actions {', '.join(ACTIONS)} in board order")
    if not set(quick_actions) <= set(ACTIONS) or len(set(quick_actions)) != len(quick_actions):
        raise ValueError("rules.json: quick.actions must be distinct actions")
    amounts = {name: _pair(raw["planner_and_others"][name], name) for name in AMOUNT_ACTIONS}
    quick_amounts = {name: _pair(quick["planner_and_others"][name], name) for name in QUICK_AMOUNT_ACTIONS}
    workers = {count: int(raw["workers"][key]) for count, key in by_count.items()}
    columns = {count: tuple(tuple(int(column) for column in seat) for seat in raw["worker_columns"][key])
               for count, key in by_count.items()}
    for count, seats in columns.items():
        flat = [column for seat in seats for column in seat]
        if len(seats) != count or any(len(seat) != workers[count] for seat in seats) \
                or len(set(flat)) != len(flat) or not all(1 <= column <= len(actions) for column in flat):
            raise ValueError(f"rules.json: worker_columns for {count} players must give each of the {count} seats "
                             f"{workers[count]} distinct columns of 1-{len(actions)}")
    draws = {count: _triple(raw["gather_draws"][key]) for count, key in by_count.items()}
    start, supply, bonus = raw["start"], raw["supply"], raw["bonus"]
    rules = Rules(
        start_walls=int(start["walls"]), start_pitch=int(start["pitch"]), start_food=int(start["food"]),
        start_males=int(start["males"]), start_females=int(start["females"]),
        workers=MappingProxyType(workers), worker_columns=MappingProxyType(columns),
        walls_per_colour=int(supply["walls_per_colour"]), pitch_total=int(supply["pitch"]),
        food_total=int(supply["food"]), bonus_step=int(bonus["step"]), bonus_max=int(bonus["max"]),
        actions=actions, amounts=MappingProxyType(amounts), gather_draws=MappingProxyType(draws),
        swap_draws=int(raw["swap_draws"]), min_rounds=int(raw["min_rounds"]), hull_bonus=int(raw["hull_bonus"]),
        quick_actions=quick_actions, quick_amounts=MappingProxyType(quick_amounts),
        quick_swap_vp=int(quick["swap_vp"]), quick_min_rounds=int(quick["min_rounds"]))
    numbers = [value for name, value in _numbers(rules)]
    if any(value < 0 for value in numbers):
        raise ValueError("rules.json: no number may be negative")
    if rules.start_walls * max(PLAYER_COUNTS) > rules.walls_per_colour * max(PLAYER_COUNTS) \
            or rules.start_pitch * max(PLAYER_COUNTS) > rules.pitch_total \
            or rules.start_food * max(PLAYER_COUNTS) > rules.food_total:
        raise ValueError("rules.json: the supply cannot give every player its start pieces")
    return rules


def _numbers(rules: Rules) -> list[tuple[str, int]]:
    return [(name, value) for name in Rules.__slots__ if isinstance(value := getattr(rules, name), int)]


def _pair(value: Any, name: str) -> tuple[int, int]:
    planner, others = (int(item) for item in value)
    return planner, others


def _triple(value: Any) -> tuple[int, int, int]:
    males, females, either = (int(item) for item in value)
    return males, females, either


def build_catalog(rows: list[dict[str, str]], rules_raw: Mapping[str, Any], ark_raw: Mapping[str, Any]) -> Catalog:
    """A catalog from raw data; a ValueError naming the first problem."""
    try:
        species = parse_species(rows)
        rules = parse_rules(rules_raw)
        parts, layouts = ark_raw["parts"], ark_raw["layouts"]
        boards = {count: build_board(parts, layouts[str(count)]) for count in PLAYER_COUNTS}
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"malformed Ark & Noah data ({type(error).__name__}: {error})") from None
    tiles = []
    for item in species:
        for male, count in ((True, item.males), (False, item.females)):
            tiles += [Tile(len(tiles) + offset, item.index, male) for offset in range(count)]
    partners = tuple(tuple(other.number for other in tiles if other.species == tile.species and other.male != tile.male)
                     for tile in tiles)
    return Catalog(tuple(species), tuple(tiles), rules, MappingProxyType(boards), partners)


@cache
def load_catalog() -> Catalog:
    """The catalog of the shipped pack, read once per process."""
    return build_catalog(*read_raw(data_files(PACKAGE)))

