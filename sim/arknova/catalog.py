"""Ark Nova static game data as immutable, shared (flyweight) objects.

The files in ``sim/arknova/data/`` are the source of truth (schema and provenance:
``docs/arknova/data.md``). ``load_catalog()`` parses them once per process into the base catalog; a folder
of the user's files in place of some of them (``--data``, `sim.core.data_folder`) and a balance experiment's
changed entries (``sim.arknova.overrides``) give catalogs of their own. A game
holds the catalog it was made from and every rule reads that one, so states refer to the same card,
map and table objects instead of copying them, which keeps simulation states small and cheap to copy.

Effects use the project's mini-language: ``keyword:arg:arg`` items separated by ``;``,
and triggers ``event:subject->keyword:arg``.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from sim.core.data_folder import DataFiles, data_files, parse_file

PACKAGE = "sim.arknova"  # its data/ folder holds the data files
Cell = tuple[int, int]  # (x, y) in the doubled-row grid of maps.json


# --------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class Effect:
    """One item of the effect mini-language, e.g. ``cp_table:icon_science:3=1,6=2``."""

    keyword: str
    args: tuple[str, ...]

    @property
    def amount(self) -> int:
        """The leading number (``money:5`` -> 5); 1 when the first argument is not a number."""
        try:
            return int(self.args[0])
        except (IndexError, ValueError):
            return 1


@dataclass(frozen=True, slots=True)
class Trigger:
    """A reaction, e.g. ``on_icon_own:science->reputation:1``."""

    event: str
    subject: str
    effect: Effect


def parse_effect(text: str) -> Effect:
    """Parse one ``keyword:arg:...`` item."""
    keyword, *args = text.strip().split(":")
    return Effect(keyword, tuple(args))


def parse_effects(text: str) -> tuple[Effect, ...]:
    """Parse a ``;``-separated effect list; ``""`` gives ``()``."""
    return tuple(parse_effect(item) for item in text.split(";") if item.strip())


def parse_triggers(text: str) -> tuple[Trigger, ...]:
    """Parse a ``;``-separated list of ``event:subject->effect`` items."""
    triggers = []
    for item in text.split(";"):
        if not item.strip():
            continue
        head, arrow, effect = item.partition("->")
        if not arrow:
            raise ValueError(f"trigger without '->': {item!r}")
        event, _, subject = head.strip().partition(":")
        triggers.append(Trigger(event, subject, parse_effect(effect)))
    return tuple(triggers)


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class Requirement:
    """A condition for playing a card, e.g. ``icon_predator`` 3 or ``sponsors_upgraded`` 1."""

    keyword: str
    value: int  # 1 when the data gives no number


def parse_requirements(text: str) -> tuple[Requirement, ...]:
    """Parse ``kw:N;kw`` into requirements (missing N means 1)."""
    return tuple(Requirement(e.keyword, e.amount) for e in parse_effects(text))


@dataclass(frozen=True, slots=True)
class Animal:
    """An animal card. ``icons`` = categories + continents + one ``rock``/``water`` per
    rock/water space the enclosure must touch (those count as icons in the rules)."""

    number: int
    name: str
    cost: int
    size: int  # standard enclosure size needed (0 = cannot use a standard enclosure)
    standard_allowed: bool
    rock: int  # rock spaces the enclosure must touch
    water: int  # water spaces the enclosure must touch
    special: str | None  # "reptile_house" | "large_bird_aviary" | "petting_zoo" | None
    special_tokens: int  # player tokens used in the special enclosure
    categories: tuple[str, ...]  # with repeats, e.g. ("predator", "predator")
    continents: tuple[str, ...]
    icons: tuple[str, ...]
    requirements: tuple[Requirement, ...]
    appeal: int
    cp: int
    reputation: int
    abilities: tuple[Effect, ...]
    solo_abilities: tuple[Effect, ...]  # replace the interactive abilities in solo games
    size_class: str  # "small" (size 1-2 or petting zoo) | "medium" (3) | "large" (4-5)
    kind: str = "animal"


@dataclass(frozen=True, slots=True)
class Sponsor:
    """A sponsor card. ``icons`` = upper-right icons, then one ``rock``/``water`` per
    upper-left rock/water icon."""

    number: int
    name: str
    level: int
    person: bool
    icons: tuple[str, ...]
    requirements: tuple[Requirement, ...]
    unique_building: str | None  # shape id in Tiles.building_shapes
    building_rock: int  # rock spaces the unique building must touch
    building_water: int
    appeal: int  # gained when played
    cp: int
    reputation: int
    immediate: tuple[Effect, ...]
    income: tuple[Effect, ...]  # every break
    triggers: tuple[Trigger, ...]
    passive: tuple[Effect, ...]  # rule changes while the card is in the zoo
    endgame: tuple[Effect, ...]
    kind: str = "sponsor"


@dataclass(frozen=True, slots=True)
class ProjectSlot:
    """One support level of a conservation project."""

    threshold: int  # icons / distinct icons / animals needed; 0 for breeding/release
    min_size: int  # release: standard-enclosure size range of the released animal
    max_size: int  # (0..99 when unused)
    cp: int
    reputation: int


@dataclass(frozen=True, slots=True)
class Project:
    """A conservation project card (base board or zoo deck)."""

    number: int
    name: str
    deck: str  # "base" | "zoo"
    goal: str  # "icon_count" | "distinct_icons" | "release" | "breeding" | "animal_count"
    target: str  # icon, category, continent or counter name
    slots: tuple[ProjectSlot, ...]  # left to right (left = hardest, best)
    played_bonus: tuple[Effect, ...]
    kind: str = "project"


@dataclass(frozen=True, slots=True)
class FinalScoring:
    """A final scoring card: CP for reaching ``thresholds[i]`` of ``quantity`` is i + 1.
    Conditional cards (4 Architectural, 9 Biodiverse) have no thresholds."""

    number: int
    name: str
    quantity: str
    thresholds: tuple[int, ...]


# --------------------------------------------------------------------------- maps


@dataclass(frozen=True, slots=True)
class LeftEdgeSlot:
    """A left-edge bonus taken when supporting a project."""

    bonus: Effect
    recurring: bool  # pays again at every break


@dataclass(frozen=True, slots=True)
class ZooMap:
    """A zoo map layout in the shared 58-cell grid."""

    id: str
    name: str
    water: frozenset[Cell]
    rock: frozenset[Cell]
    placement_bonuses: tuple[tuple[Cell, Effect], ...]
    upgrade_only: frozenset[Cell]  # buildable only with the upgraded Build card
    ability: str  # keyword, "none" when none
    ability_cells: tuple[Cell, ...]
    left_edge_slots: tuple[LeftEdgeSlot, ...]  # 7, top first
    partner_zoo_bonuses: tuple[tuple[int, Effect], ...]  # (nth tile placed, bonus)
    university_bonuses: tuple[tuple[int, Effect], ...]
    last_worker_bonus: Effect | None
    start_buildings: tuple[tuple[str, tuple[Cell, ...], bool], ...]  # (shape, cells, empty)

    @property
    def label(self) -> str:
        """The map as people know it: "3 Silver Lake"; "A" for the unnamed maps A and 0."""
        return self.id if self.name == f"Map {self.id}" else f"{self.id} {self.name}"


# --------------------------------------------------------------------------- tracks


@dataclass(frozen=True, slots=True)
class Tracks:
    """Track tables and rule constants. Per-side tables are ``[side][strength - 1]`` with
    side 0 = I, 1 = II; per-player-count tables are indexed by the number of players."""

    appeal_income: tuple[int, ...]  # index = appeal 0..appeal_max
    appeal_max: int
    conservation_value: tuple[int, ...]  # score value of CP 0..conservation_max
    conservation_max: int
    cp_bonus_spaces: tuple[int, ...]  # (2, 5, 8, 10)
    cp_bonus_choices: tuple[tuple[int, tuple[Effect, ...]], ...]  # space -> options
    reputation_start: int
    reputation_cap: int  # until the Cards action card is upgraded
    reputation_max: int
    reputation_overflow: Effect  # per step beyond reputation_max
    reputation_bonuses: tuple[tuple[int, Effect], ...]
    reputation_range: tuple[int, ...]  # index = reputation 0..15 -> highest display folder
    break_length: tuple[tuple[int, int], ...]  # (players, spaces)
    break_trigger_bonus: Effect
    donation_costs: tuple[int, ...]
    donation_overflow: int  # cost of every donation after the printed spaces
    donation_reward: Effect
    association_strength: tuple[tuple[str, int], ...]  # task -> strength needed
    association_reputation_gain: int
    workers_start: int
    workers_total: int
    partner_zoo_limit: int
    partner_zoo_limit_upgraded: int
    university_limit: int
    project_row: tuple[int, ...]  # index = players
    base_projects: tuple[int, ...]  # index = players; base projects face up
    cards_draw: tuple[tuple[int, ...], tuple[int, ...]]
    cards_discard: tuple[tuple[int, ...], tuple[int, ...]]
    cards_snap_strength: tuple[int, int]  # minimum strength to snap, per side
    cards_draw_from_range: tuple[bool, bool]  # may draw from the display in range, per side
    cards_break_advance: int
    animals_max: tuple[tuple[int, ...], tuple[int, ...]]
    build_cost_per_space: int
    kiosk_min_distance: int
    map_complete_appeal: int
    starting_money: int
    starting_appeal: tuple[int, ...]  # index = seat
    solo_starting_appeal: tuple[tuple[str, int], ...]  # difficulty -> appeal
    hand_dealt: int
    hand_kept: int
    hand_limit: int
    hand_limit_university: int
    xtoken_max: int

    def appeal_income_at(self, appeal: int) -> int:
        """Break income for ``appeal`` (clamped to the track)."""
        return self.appeal_income[max(0, min(appeal, self.appeal_max))]

    def conservation_value_at(self, cp: int) -> int:
        """Score value of ``cp`` conservation points (score = appeal + this)."""
        return self.conservation_value[max(0, min(cp, self.conservation_max))]

    def reputation_folder(self, reputation: int) -> int:
        """Highest display folder within reach at ``reputation``."""
        return self.reputation_range[max(0, min(reputation, self.reputation_max))]

    def break_length_for(self, players: int) -> int:
        """Break-track length for a multiplayer game (KeyError for solo)."""
        return dict(self.break_length)[players]

    def task_strength(self, task: str) -> int:
        """Association strength needed for ``task``."""
        return dict(self.association_strength)[task]


# --------------------------------------------------------------------------- tiles


@dataclass(frozen=True, slots=True)
class University:
    """A university tile type and how many copies exist."""

    id: str
    count: int
    reputation: int
    science: int  # science icons
    hand_limit: int | None  # new hand limit, None when unchanged


@dataclass(frozen=True, slots=True)
class SpecialEnclosure:
    """A special enclosure type (reptile house, large bird aviary, petting zoo)."""

    id: str
    shape: str  # key in Tiles.building_shapes
    count: int
    size: int
    capacity: int  # player tokens it holds
    side_two_only: bool  # needs the upgraded Build card


@dataclass(frozen=True, slots=True)
class Tiles:
    """Tiles, building shapes and token supply. Shapes are rotation-0 cell offsets."""

    bonus_tiles: tuple[tuple[str, Effect], ...]
    universities: tuple[University, ...]
    partner_zoo_continents: tuple[str, ...]
    partner_zoo_copies: int
    enclosure_counts: Mapping[int, int]  # standard enclosure size -> tiles
    special_enclosures: Mapping[str, SpecialEnclosure]
    kiosk_pavilion_count: int
    pavilion_appeal: int
    token_supply: Mapping[str, int]
    building_shapes: Mapping[str, tuple[tuple[int, int], ...]]
    unique_building_adjacency: Mapping[str, Mapping[str, int]]  # shape -> {"rock"/"water": n}
    unique_building_owner: Mapping[int, str]  # sponsor number -> shape
    unique_building_placement: Mapping[str, tuple[Effect, ...]]  # extra placement rules

    def bonus_tile(self, tile_id: str) -> Effect:
        """The effect of the bonus tile with this id."""
        return dict(self.bonus_tiles)[tile_id]

    def university(self, university_id: str) -> University:
        """The university tile type with this id."""
        return next(university for university in self.universities if university.id == university_id)


# --------------------------------------------------------------------------- catalog


class LazyTable(dict[Hashable, Any]):
    """A table whose entries are built on first use: `table[key]` is `build(key)`, kept (a plain
    dict lookup once built, as cheap as a module-level table)."""

    def __init__(self, build: Callable[[Any], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Hashable) -> Any:
        value = self[key] = self.build(key)
        return value


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """Everything static about the game: one value per set of data (the data files, or the files
    with an experiment's overrides), shared by every game state made from it. Tables derived from
    the data (map boards, who holds which passive, ...) are kept in `derived` with the catalog they
    come from, so a game never reads a table made from other data. Two catalogs are equal only when
    they are the same object."""

    animals: Mapping[int, Animal]
    sponsors: Mapping[int, Sponsor]
    projects: Mapping[int, Project]
    final_scoring: Mapping[int, FinalScoring]
    maps: Mapping[str, ZooMap]
    tracks: Tracks
    tiles: Tiles
    zoo_deck: tuple[int, ...]  # animals, sponsors and zoo-deck projects (212 cards)
    base_projects: tuple[int, ...]
    grid: frozenset[Cell]  # the 58 cells every map uses
    # Tables derived from this data, by the module-level function that builds them:
    # `catalog.derived[build]` is `build(catalog)`, built on first use and kept with the catalog.
    derived: LazyTable = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "derived", LazyTable(lambda build: build(self)))

    def card(self, number: int) -> Animal | Sponsor | Project:
        """The zoo or base card with this number."""
        for table in (self.animals, self.sponsors, self.projects):
            if number in table:
                return table[number]
        raise KeyError(number)

    def all_cards(self) -> Iterator[Animal | Sponsor | Project | FinalScoring]:
        """Zoo cards 101-264 and 401-528 in number order, then the final-scoring cards 1-11."""
        zoo = {**self.projects, **self.sponsors, **self.animals}
        yield from (zoo[number] for number in sorted(zoo))
        yield from (self.final_scoring[number] for number in sorted(self.final_scoring))


def _csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _rows(files: DataFiles, name: str) -> list[dict[str, str]]:
    return parse_file(files, name, _csv_rows)


def _json(files: DataFiles, name: str) -> Any:
    return parse_file(files, name, json.loads)


def _cards_by_number(files: DataFiles, name: str, parse: Callable[[dict[str, str]], Any]) -> dict[int, Any]:
    """The rows of a card file, each parsed by `parse`, by card number."""
    return parse_file(files, name, lambda text: {card.number: card for card in map(parse, _csv_rows(text))})


def _list(text: str) -> tuple[str, ...]:
    return tuple(item for item in text.split(";") if item)


def _cells(raw: list[list[int]]) -> tuple[Cell, ...]:
    return tuple((x, y) for x, y in raw)


def _frozen(d: dict[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(d)


def _animal(r: dict[str, str]) -> Animal:
    categories, continents = _list(r["categories"]), _list(r["continents"])
    rock, water = int(r["rock"]), int(r["water"])
    return Animal(
        number=int(r["number"]), name=r["name"], cost=int(r["cost"]), size=int(r["size"]),
        standard_allowed=r["standard_allowed"] == "1", rock=rock, water=water,
        special=r["special"] or None, special_tokens=int(r["special_tokens"]),
        categories=categories, continents=continents,
        icons=categories + continents + ("rock",) * rock + ("water",) * water,
        requirements=parse_requirements(r["requirements"]),
        appeal=int(r["appeal"]), cp=int(r["cp"]), reputation=int(r["reputation"]),
        abilities=parse_effects(r["abilities"]), solo_abilities=parse_effects(r["solo_abilities"]),
        size_class=r["size_class"],
    )


def _sponsor(r: dict[str, str]) -> Sponsor:
    return Sponsor(
        number=int(r["number"]), name=r["name"], level=int(r["level"]), person=r["person"] == "1",
        icons=_list(r["icons"]), requirements=parse_requirements(r["requirements"]),
        unique_building=r["unique_building"] or None,
        building_rock=int(r["building_rock"]), building_water=int(r["building_water"]),
        appeal=int(r["appeal"]), cp=int(r["cp"]), reputation=int(r["reputation"]),
        immediate=parse_effects(r["immediate"]), income=parse_effects(r["income"]),
        triggers=parse_triggers(r["triggers"]), passive=parse_effects(r["passive"]),
        endgame=parse_effects(r["endgame"]),
    )


def _project(r: dict[str, str]) -> Project:
    slots = tuple(
        ProjectSlot(*(int(r[f"slot{i}_{f}"]) for f in
                      ("threshold", "min_size", "max_size", "cp", "reputation")))
        for i in (1, 2, 3)
    )
    return Project(number=int(r["number"]), name=r["name"], deck=r["deck"], goal=r["goal"],
                   target=r["target"], slots=slots, played_bonus=parse_effects(r["played_bonus"]))


def _final(r: dict[str, str]) -> FinalScoring:
    return FinalScoring(number=int(r["number"]), name=r["name"], quantity=r["quantity"],
                        thresholds=tuple(int(t) for t in _list(r["thresholds"])))


def _numbered(raw: dict[str, str]) -> tuple[tuple[int, Effect], ...]:
    return tuple(sorted((int(k), parse_effect(v)) for k, v in raw.items()))


def _map(map_id: str, m: dict[str, Any]) -> ZooMap:
    return ZooMap(
        id=map_id, name=m["name"],
        water=frozenset(_cells(m["water"])), rock=frozenset(_cells(m["rock"])),
        placement_bonuses=tuple(((x, y), parse_effect(e)) for (x, y), e in m["placement_bonuses"]),
        upgrade_only=frozenset(_cells(m["upgrade_only"])),
        ability=m["ability"], ability_cells=_cells(m["ability_cells"]),
        left_edge_slots=tuple(LeftEdgeSlot(parse_effect(s["bonus"]), s["recurring"])
                              for s in m["left_edge_slots"]),
        partner_zoo_bonuses=_numbered(m["partner_zoo_bonuses"]),
        university_bonuses=_numbered(m["university_bonuses"]),
        last_worker_bonus=parse_effect(m["last_worker_bonus"]) if m["last_worker_bonus"] else None,
        start_buildings=tuple((b["shape"], _cells(b["cells"]), b["empty"])
                              for b in m["start_buildings"]),
    )


def _tracks(t: dict[str, Any]) -> Tracks:
    def pair(raw: list[Any]) -> tuple[Any, Any]:
        first, second = raw
        return first, second

    def sides(raw: list[list[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        one, two = raw
        return tuple(one), tuple(two)

    choices = tuple(sorted((int(k), tuple(parse_effect(e) for e in v))
                           for k, v in t["cp_bonus_spaces"].items()))
    return Tracks(
        appeal_income=tuple(t["appeal_income"]), appeal_max=t["appeal_max"],
        conservation_value=tuple(t["conservation_value"]), conservation_max=t["conservation_max"],
        cp_bonus_spaces=tuple(space for space, _ in choices), cp_bonus_choices=choices,
        reputation_start=t["reputation_start"], reputation_cap=t["reputation_cap"],
        reputation_max=t["reputation_max"],
        reputation_overflow=parse_effect(t["reputation_overflow"]),
        reputation_bonuses=_numbered(t["reputation_bonuses"]),
        reputation_range=tuple(t["reputation_range"]),
        break_length=tuple(sorted((int(k), v) for k, v in t["break_length"].items())),
        break_trigger_bonus=parse_effect(t["break_trigger_bonus"]),
        donation_costs=tuple(t["donation_costs"]), donation_overflow=t["donation_overflow"],
        donation_reward=parse_effect(t["donation_reward"]),
        association_strength=tuple(t["association_strength"].items()),
        association_reputation_gain=t["association_reputation_gain"],
        workers_start=t["workers_start"], workers_total=t["workers_total"],
        partner_zoo_limit=t["partner_zoo_limit"],
        partner_zoo_limit_upgraded=t["partner_zoo_limit_upgraded"],
        university_limit=t["university_limit"],
        project_row=tuple(t["project_row"]), base_projects=tuple(t["base_projects"]),
        cards_draw=sides(t["cards_draw"]), cards_discard=sides(t["cards_discard"]),
        cards_snap_strength=pair(t["cards_snap_strength"]),
        cards_draw_from_range=pair(t["cards_draw_from_range"]),
        cards_break_advance=t["cards_break_advance"],
        animals_max=sides(t["animals_max"]),
        build_cost_per_space=t["build_cost_per_space"],
        kiosk_min_distance=t["kiosk_min_distance"], map_complete_appeal=t["map_complete_appeal"],
        starting_money=t["starting_money"], starting_appeal=tuple(t["starting_appeal"]),
        solo_starting_appeal=tuple(t["solo_starting_appeal"].items()),
        hand_dealt=t["hand_dealt"], hand_kept=t["hand_kept"], hand_limit=t["hand_limit"],
        hand_limit_university=t["hand_limit_university"], xtoken_max=t["xtoken_max"],
    )


def _tiles(t: dict[str, Any]) -> Tiles:
    return Tiles(
        bonus_tiles=tuple((k, parse_effect(v)) for k, v in t["bonus_tiles"].items()),
        universities=tuple(University(k, **v) for k, v in t["universities"].items()),
        partner_zoo_continents=tuple(t["partner_zoo_continents"]),
        partner_zoo_copies=t["partner_zoo_copies"],
        enclosure_counts=_frozen({int(k): v for k, v in t["enclosure_counts"].items()}),
        special_enclosures=_frozen({k: SpecialEnclosure(k, **v)
                                    for k, v in t["special_enclosures"].items()}),
        kiosk_pavilion_count=t["kiosk_pavilion_count"], pavilion_appeal=t["pavilion_appeal"],
        token_supply=_frozen(dict(t["token_supply"])),
        building_shapes=_frozen({k: _cells(v) for k, v in t["building_shapes"].items()}),
        unique_building_adjacency=_frozen({k: _frozen(dict(v))
                                           for k, v in t["unique_building_adjacency"].items()}),
        unique_building_owner=_frozen({int(k): v for k, v in t["unique_building_owner"].items()}),
        unique_building_placement=_frozen({k: tuple(parse_effect(e) for e in v)
                                           for k, v in t["unique_building_placement"].items()}),
    )


@functools.cache
def load_catalog() -> Catalog:
    """The base catalog: the shipped data files parsed once per process, shared by every game made from them."""
    return build_catalog(data_files(PACKAGE))


def build_catalog(files: DataFiles) -> Catalog:
    """A catalog parsed from data files; a file that does not parse is a DataFolderError naming it."""
    animals = _cards_by_number(files, "animals.csv", _animal)
    sponsors = _cards_by_number(files, "sponsors.csv", _sponsor)
    projects = _cards_by_number(files, "projects.csv", _project)
    finals = _cards_by_number(files, "final_scoring.csv", _final)
    maps, grid = parse_file(files, "maps.json", _maps)
    zoo_projects = [n for n, p in projects.items() if p.deck == "zoo"]
    return Catalog(
        animals=_frozen(animals), sponsors=_frozen(sponsors), projects=_frozen(projects),
        final_scoring=_frozen(finals), maps=maps,
        tracks=parse_file(files, "tracks.json", lambda text: _tracks(json.loads(text))),
        tiles=parse_file(files, "tiles.json", lambda text: _tiles(json.loads(text))),
        zoo_deck=tuple(sorted([*animals, *sponsors, *zoo_projects])),
        base_projects=tuple(sorted(n for n, p in projects.items() if p.deck == "base")),
        grid=grid,
    )


def _maps(text: str) -> tuple[Mapping[str, ZooMap], frozenset[Cell]]:
    """maps.json: the maps by id, and the cells of the grid every map shares."""
    document = json.loads(text)
    return (_frozen({k: _map(k, m) for k, m in document["maps"].items()}),
            frozenset(_cells(document["grid_cells"])))
