"""Inhabit the Earth's static data as immutable, shared (flyweight) objects.

The files in ``sim/inhabit/data/`` (``cards.csv``, ``tokens.csv``, ``trails.json``) are a pack
reconstructed from the rulebook (field by field provenance: ``docs/inhabit/data.md``). A user who owns
the game can play with ``--data FOLDER``, a folder holding their own versions of any of these files (a
file the folder lacks is taken from the shipped pack; sim.core.data_folder); ``sim.inhabit.overrides``
changes single facts. A catalog is parsed once per folder and shared by every game made from it: states hold card
numbers and token ids, never copies of the data.

Symbols share one bit layout, so that matching a trigger against a creature is one ``&``:
bits 0-5 the continents, 6-12 the terrains, 13-18 the creature classes.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from sim.core.data_folder import DataFiles, data_files, parse_file

CLASSES = ("predator", "herbivore", "bird", "small_mammal", "primate", "reptile")  # the number's 2nd digit - 1
CONTINENTS = ("africa", "asia", "australasia", "europe", "north_america", "south_america")
TERRAINS = ("mountains", "grassland", "deciduous", "coniferous", "rainforest", "water", "desert")
INTRO_CONTINENTS = ("africa", "asia", "australasia", "europe")  # the boards with the egg side
SYMBOLS = CONTINENTS + TERRAINS  # a token shows one of these; index = its bit
TERRAIN_BASE = len(CONTINENTS)  # bit of terrain t: TERRAIN_BASE + t
CLASS_BASE = len(SYMBOLS)  # bit of class k: CLASS_BASE + k
TOKEN_COLORS = ("green", "blue", "red")
DECKS = (1, 2, 3)
CARD_FILE, TOKEN_FILE, TRAIL_FILE = "cards.csv", "tokens.csv", "trails.json"
PACKAGE = "sim.inhabit"  # its data/ folder holds the data files
STANDARD, INTRO = "standard", "intro"  # the two sides of the continent boards

# The parameters of every effect keyword, by kind: the card table names a keyword and its
# parameters (``terrain_count:water:1``); the behaviour is a handler in sim.inhabit.effects or scoring.
PARAMETERS: dict[str, tuple[str, ...]] = {
    # abilities (square symbol, decks 1 and 2)
    "free_introduce": (), "free_multiply": (), "free_evolve": (), "free_adapt": (),
    "double_evolve": (), "trigger_symbol": ("symbol",), "two_triggers": (), "draw_on_introduce": ("count",),
    "rear_bonus": ("count",), "rear_second": (), "passed_draw": (), "hand_limit": ("count",),
    "extra_step": (), "flip_all_white": (),
    # scoring (round symbol, decks 2 and 3)
    "region": ("region", "points"), "on_continent": ("continent", "points"), "black_marker": ("points",),
    "creature_size": ("count", "points"), "final_space": ("points",), "inhabit_terrain": ("points",),
    "continent_count": ("continent", "points"), "terrain_count": ("terrain", "points"),
    "class_count": ("class", "points"), "token_bonus": ("color", "points"), "majority": ("class", "points"),
    "alone": ("points",),
}


class DataError(ValueError):
    """A data file that does not parse; the message is one line naming the file and the entry."""


def _index(names: Sequence[str], value: str, what: str) -> int:
    if value not in names:
        raise ValueError(f"{what} {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _parameter(kind: str, text: str) -> int | str:
    """One effect parameter as the engine reads it: symbols, continents, terrains and classes as
    indices, colours as names, counts and points as whole numbers."""
    if kind == "symbol":
        return _index(SYMBOLS, text, "symbol")
    if kind == "continent":
        return _index(CONTINENTS, text, "continent")
    if kind == "terrain":
        return _index(TERRAINS, text, "terrain")
    if kind == "class":
        number = int(text)
        if not 1 <= number <= len(CLASSES):
            raise ValueError(f"class {number} is not 1-{len(CLASSES)}")
        return number - 1
    if kind == "color":
        return text if text == "any" else TOKEN_COLORS[_index(TOKEN_COLORS, text, "token colour")]
    number = int(text)
    if number < 0 or (kind == "region" and not 1 <= number <= 3):
        raise ValueError(f"{kind} {number} is out of range")
    return number


@dataclass(frozen=True, slots=True)
class Effect:
    """A card's ability or scoring: ``keyword:param:param`` with the parameters parsed."""

    keyword: str
    params: tuple[int | str, ...]


def parse_effect(text: str) -> Effect:
    keyword, *args = text.strip().split(":")
    kinds = PARAMETERS.get(keyword)
    if kinds is None:
        raise ValueError(f"unknown effect keyword {keyword!r}")
    if len(args) != len(kinds):
        raise ValueError(f"{keyword} takes {len(kinds)} parameter(s) ({', '.join(kinds) or 'none'}), got {len(args)}")
    return Effect(keyword, tuple(_parameter(kind, arg) for kind, arg in zip(kinds, args, strict=True)))


def card_mask(cls: int, continent: int, terrain: int) -> int:
    """The symbols a card shows the right way up: its class, continent and terrain."""
    return 1 << (CLASS_BASE + cls) | 1 << continent | 1 << (TERRAIN_BASE + terrain)


@dataclass(frozen=True, slots=True)
class Card:
    number: int  # region-class-index, e.g. 111
    name: str  # the creature's German name where the rulebook names it, else ""
    deck: int  # 1-3, the first digit
    cls: int  # 0-5, the second digit - 1
    continent: int
    terrain: int
    scoring: bool  # round symbol (scoring at the end) rather than square (ability)
    effect: Effect
    black: bool  # black-backed scoring symbol: other players can affect it
    red: bool  # red number 111-116: one is dealt to each player at setup
    starter: str  # the introductory game's starting set (green, red, blue) or ""
    egg: bool  # used in the introductory game
    mask: int  # symbol bits of class, continent and terrain
    adapt_mask: int  # what shows when the card is placed upside down to adapt: continent and terrain


def _card(row: Mapping[str, str]) -> Card:
    number = int(row["number"])
    deck, cls_digit, index = number // 100, number // 10 % 10, number % 10
    if not (deck in DECKS and 1 <= cls_digit <= len(CLASSES) and 1 <= index <= 9):
        raise ValueError(f"number {number} is not region-class-index (decks 1-3, classes 1-6, index 1-9)")
    if int(row["deck"]) != deck:
        raise ValueError(f"deck {row['deck']} does not match the number's first digit {deck}")
    cls = _index(CLASSES, row["class"], "class")
    if cls != cls_digit - 1:
        raise ValueError(f"class {row['class']} does not match the number's second digit {cls_digit}")
    continent = _index(CONTINENTS, row["continent"], "continent")
    terrain = _index(TERRAINS, row["terrain"], "terrain")
    kind = row["kind"]
    if kind not in ("ability", "scoring"):
        raise ValueError(f"kind {kind!r} is not ability or scoring")
    starter = row["starter"]
    if starter not in ("", "green", "red", "blue"):
        raise ValueError(f"starter {starter!r} is not green, red, blue or empty")
    mask = card_mask(cls, continent, terrain)
    return Card(number, row["name"], deck, cls, continent, terrain, kind == "scoring", parse_effect(row["effect"]),
                _flag(row["black"]), _flag(row["red"]), starter, _flag(row["egg"]), mask,
                1 << continent | 1 << (TERRAIN_BASE + terrain))


def _flag(text: str) -> bool:
    if text not in ("", "0", "1"):
        raise ValueError(f"flag {text!r} must be 1, 0 or empty")
    return text == "1"


@dataclass(frozen=True, slots=True)
class Token:
    id: int
    kind: str  # hedgehog, bobcat (green), robin, swift (blue), red
    color: str
    symbol: int  # index into SYMBOLS
    points: int
    intro: bool  # used in the introductory game

    @property
    def bit(self) -> int:
        return 1 << self.symbol


def _token(row: Mapping[str, str]) -> Token:
    points = int(row["points"])
    if not 0 <= points <= 3:
        raise ValueError(f"points {points} is not 0-3")
    return Token(int(row["id"]), row["kind"], TOKEN_COLORS[_index(TOKEN_COLORS, row["color"], "colour")],
                 _index(SYMBOLS, row["symbol"], "symbol"), points, _flag(row["intro"]))


NO_TERRAIN = -1
STACK, RED = "stack", "red"


@dataclass(frozen=True, slots=True)
class Trail:
    """One continent board's path, south to north: each space's region, terrain (NO_TERRAIN on a
    token space) and token kind ("" on a terrain space). The last space is the final space."""

    continent: int
    regions: tuple[int, ...]
    terrains: tuple[int, ...]
    tokens: tuple[str, ...]
    token_spaces: tuple[int, ...]  # the spaces with a token kind, south to north
    # per space: how many terrain spaces after it show each terrain, and how many terrain spaces follow it
    # (what a bot asks of the path ahead of a creature, worked out once per trail, not once per question)
    ahead: tuple[tuple[tuple[int, ...], int], ...] = field(init=False, repr=False, compare=False)
    final: int = field(init=False, repr=False, compare=False)  # the final space (the last), read all the time

    def __post_init__(self) -> None:
        object.__setattr__(self, "final", len(self.terrains) - 1)
        counts = [0] * len(TERRAINS)
        ahead = []
        for terrain in reversed(self.terrains):
            ahead.append((tuple(counts), sum(counts)))
            if terrain != NO_TERRAIN:
                counts[terrain] += 1
        object.__setattr__(self, "ahead", tuple(reversed(ahead)))  # frozen: set once, here

    def __len__(self) -> int:
        return len(self.terrains)


def _trail(continent: int, spaces: Sequence[Mapping[str, Any]]) -> Trail:
    regions, terrains, tokens = [], [], []
    for position, space in enumerate(spaces):
        region = space["region"]
        if region not in (1, 2, 3) or (regions and region < regions[-1]):
            raise ValueError(f"space {position}: region {region!r} must be 1-3 and never fall along the path")
        regions.append(region)
        if "token" in space:
            if space["token"] not in (STACK, RED) or "terrain" in space:
                raise ValueError(f"space {position}: a token space holds token 'stack' or 'red' and no terrain")
            terrains.append(NO_TERRAIN)
            tokens.append(space["token"])
        else:
            terrains.append(_index(TERRAINS, space["terrain"], "terrain"))
            tokens.append("")
    if not terrains or tokens[-1] or regions[-1] != 3 or regions[0] != 1:
        raise ValueError("a trail runs from region 1 to a final terrain space in region 3")
    return Trail(continent, tuple(regions), tuple(terrains), tuple(tokens),
                 tuple(space for space, kind in enumerate(tokens) if kind))


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card by number, the tokens, both sides' trails and the start spaces, read-only."""

    cards: Mapping[int, Card]
    tokens: Mapping[int, Token]  # by id
    trails: Mapping[str, Mapping[int, Trail]]  # side -> continent -> trail
    start_space: Mapping[int, int]  # players -> first space not covered by a sun marker
    # derived once, for what every observation and deal looks up: each token's colour by id, the card numbers in order
    token_color: Mapping[int, str] = field(init=False, repr=False, compare=False)
    numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "token_color", {token.id: token.color for token in self.tokens.values()})
        object.__setattr__(self, "numbers", tuple(sorted(self.cards)))

    def card(self, number: int) -> Card:
        return self.cards[number]


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def parse_rows(name: str, rows: Sequence[Mapping[str, str]], parser: Callable[[Mapping[str, str]], Any],
               key: str) -> list[Any]:
    """Parse each row, naming the file and the row's key in a one-line DataError."""
    parsed = []
    for row in rows:
        try:
            parsed.append(parser(row))
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise DataError(f"{name}, {key} {row.get(key, '?')}: {error}") from None
    return parsed


def build_catalog(card_rows: Sequence[Mapping[str, str]], token_rows: Sequence[Mapping[str, str]],
                  trails: Mapping[str, Any]) -> Catalog:
    """A catalog from parsed file contents (the loader's and the overrides' common path)."""
    cards = {card.number: card for card in parse_rows(CARD_FILE, card_rows, _card, "number")}
    if len(cards) != len(card_rows):
        raise DataError(f"{CARD_FILE}: a card number appears twice")
    tokens = {token.id: token for token in parse_rows(TOKEN_FILE, token_rows, _token, "id")}
    if len(tokens) != len(token_rows):
        raise DataError(f"{TOKEN_FILE}: a token id appears twice")
    try:
        sides = {side: MappingProxyType({_index(CONTINENTS, name, "continent"): _trail(
            _index(CONTINENTS, name, "continent"), spaces) for name, spaces in boards.items()})
            for side, boards in trails["sides"].items()}
        start = {int(players): int(space) for players, space in trails["start_space"].items()}
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise DataError(f"{TRAIL_FILE}: {error}") from None
    catalog = Catalog(MappingProxyType(cards), MappingProxyType(tokens), MappingProxyType(sides), MappingProxyType(start))
    check_catalog(catalog)
    return catalog


def check_catalog(catalog: Catalog) -> None:
    """What the row parsers cannot see: both sides exist with the boards they need, and the start
    spaces and the tokens fit them; a DataError names the first problem."""
    problems = []
    if set(catalog.trails) != {STANDARD, INTRO}:
        problems.append(f"{TRAIL_FILE}: sides must be {STANDARD} and {INTRO}")
    elif set(catalog.trails[STANDARD]) != set(range(len(CONTINENTS))):
        problems.append(f"{TRAIL_FILE}: the {STANDARD} side needs all six continents")
    elif set(catalog.trails[INTRO]) != {CONTINENTS.index(name) for name in INTRO_CONTINENTS}:
        problems.append(f"{TRAIL_FILE}: the {INTRO} side holds exactly {', '.join(INTRO_CONTINENTS)}")
    if set(catalog.start_space) != {2, 3, 4}:
        problems.append(f"{TRAIL_FILE}: start_space names the first free space for 2, 3 and 4 players")
    for side, boards in catalog.trails.items():
        for trail in boards.values():
            start = max(catalog.start_space.values(), default=0)
            if start >= trail.final or any(trail.tokens[:start + 1]):
                problems.append(f"{TRAIL_FILE}: {side} {CONTINENTS[trail.continent]}: the start spaces must be "
                                "terrain spaces before the final space")
            if trail.tokens[-2] != RED or trail.tokens.count(RED) != 1:
                problems.append(f"{TRAIL_FILE}: {side} {CONTINENTS[trail.continent]}: the red token space is the "
                                "one right before the final space")
    for side, boards in catalog.trails.items():
        for color, kind in (("green", STACK), ("blue", STACK), ("red", RED)):
            needed = sum(trail.tokens.count(kind) for trail in boards.values())
            have = sum(token.color == color and (side == STANDARD or token.intro) for token in catalog.tokens.values())
            if have < needed:
                problems.append(f"{TOKEN_FILE}: the {side} side has {needed} {kind} spaces but only {have} "
                                f"{color} tokens")
    if not any(card.red for card in catalog.cards.values()):
        problems.append(f"{CARD_FILE}: no red predator card to deal at setup")
    if problems:
        raise DataError(problems[0])


def load_catalog(files: DataFiles | None = None) -> Catalog:
    """The catalog of the data files (the shipped pack by default), parsed once per process."""
    return _load(files or data_files(PACKAGE))


@functools.lru_cache(maxsize=8)
def _load(files: DataFiles) -> Catalog:
    try:
        catalog = build_catalog(*raw_tables(files))
        if files.folder:
            check_complete(catalog, load_catalog())
    except DataError as error:
        raise files.error(str(error)) from None
    return catalog


def check_complete(catalog: Catalog, shipped: Catalog) -> None:
    """A DataError when a data folder's files leave out cards or tokens of the game: the decks' sizes and
    the token bags are rules, so a half deck would play another game (the folder must hold every card and
    token the shipped pack has; it may change each one, and add more)."""
    for name, have, need in ((CARD_FILE, catalog.cards, shipped.cards), (TOKEN_FILE, catalog.tokens, shipped.tokens)):
        missing = sorted(set(need) - set(have))
        if missing:
            shown = ", ".join(map(str, missing[:5])) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            raise DataError(f"{name} holds {len(need) - len(missing)} of the game's {len(need)} entries; "
                            f"missing: {shown} (a data folder's file must hold every entry)")


def raw_tables(files: DataFiles) -> tuple[list[dict[str, str]], list[dict[str, str]], dict[str, Any]]:
    """The card and token rows and the trail document of the data files, as editable copies."""
    return (parse_file(files, CARD_FILE, _rows), parse_file(files, TOKEN_FILE, _rows),
            parse_file(files, TRAIL_FILE, json.loads))
