"""What a position is worth to one Ark & Noah player, under a family's weights: its VP plus the
promise of what lies in front of it, and the cage shapes the ark can still hold (for building).
Every species, size and VP comes from the game's own catalog, so an overridden pack is valued as
changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from operator import mul
from types import MappingProxyType
from typing import Any

import numpy as np

from heuristics.arknoah.weights import NoahWeights
from sim.arknoah.board import Board, CageShape, bit_list, cage_shapes
from sim.arknoah.catalog import Catalog
from sim.arknoah.state import NoahState

MAX_LEAD = 3
STAYS: Mapping[int, int] = MappingProxyType({})  # no tile moved


def progress(game: NoahState) -> float:
    """0 at the start, 1 from the last round the rules require on (the flood may come then)."""
    minimum = game.rules.quick_min_rounds if game.quick else game.rules.min_rounds
    return min(1.0, game.round / minimum)


@cache
def tile_facts(catalog: Catalog) -> tuple[tuple[int, int], ...]:
    """Per tile: its species' (VP, size), looked up once per data pack (the bots ask for them in every
    planning decision, for every tile in the bags)."""
    return tuple((catalog.species[tile.species].vp, catalog.species[tile.species].size) for tile in catalog.tiles)


def tile_worth(game: NoahState, seat: int, tile: int, weights: NoahWeights, late: float,
               moved: Mapping[int, int] = STAYS) -> float:
    """An own tile's promise: a share of its VP by where its partner is, less its size as the end nears;
    a tile in `moved` counts as lying where it maps to (a seat, or BAG for a tile given away)."""
    holder = game.holder
    holders = [moved.get(partner, holder[partner]) for partner in game.catalog.partners[tile]] if moved else \
        [holder[partner] for partner in game.catalog.partners[tile]]
    vp, size = tile_facts(game.catalog)[tile]
    return pair_share(holders, seat, weights) * vp - weights.size_risk * size * late


def pair_share(holders: list[int], seat: int | None, weights: NoahWeights) -> float:
    """The share of a tile's VP to `seat` (None: a seat holding none of its partners) while its partners
    lie with `holders` (seats, or below 0 for none)."""
    if seat in holders:
        return weights.own_pair
    return weights.shared_pair if max(holders, default=-1) >= 0 else weights.single


WORTHS_KEPT = 256  # answers of every_bag_worth kept
WORTHS_FOUND: dict[tuple[object, ...], list[list[float]]] = {}


def bag_worths(game: NoahState, seats: list[int], weights: NoahWeights, late: float) -> dict[int, list[float]]:
    """Per seat of `seats`: the `tile_worth` of every tile in the bags to it, in bag order (to be read only)."""
    worths = every_bag_worth(game, weights, late)
    return {seat: worths[seat] for seat in seats}


def every_bag_worth(game: NoahState, weights: NoahWeights, late: float) -> list[list[float]]:
    """Per seat: `bag_worths`.

    Speed: a planning asks for them twice (the gathering's pick and rival, the swap's promise) for each
    seat while the tiles lie still, so they are remembered by what they depend on: the seats, the tiles'
    places, the bags' order, the progress and four weights (WORTHS_FOUND, emptied when it holds
    WORTHS_KEPT). A tile none of whose partners lies in front of a player (the usual case) is worth the
    same to every seat, so that worth is worked out once for all of them; the tiles partnering a tile in
    front of a player (partners are mutual: the tiles a held tile partners) are worth the own pair's share
    to a seat holding a partner, and the same other share to every other seat."""
    holder, bags = game.holder, game.bags
    key = (game.catalog, len(game.players), tuple(holder), tuple(bags[0]), tuple(bags[1]), late, weights.single,
           weights.size_risk, weights.own_pair, weights.shared_pair)
    found = WORTHS_FOUND.get(key)
    if found is not None:
        return found
    facts, partners = tile_facts(game.catalog), game.catalog.partners
    tiles = bags[0] + bags[1]
    single, size_risk = weights.single, weights.size_risk
    common = [single * vp - size_risk * size * late for vp, size in map(facts.__getitem__, tiles)]
    found = [common[:] for _ in game.players]
    paired = {partner for tile, owner in enumerate(holder) if owner >= 0 for partner in partners[tile]}
    if not paired.isdisjoint(tiles):
        for index, tile in enumerate(tiles):
            if tile in paired:
                vp, size = facts[tile]
                risk = size_risk * size * late
                holders = [holder[partner] for partner in partners[tile]]
                owned, other = weights.own_pair * vp - risk, pair_share(holders, None, weights) * vp - risk
                for seat, worths in enumerate(found):
                    worths[index] = owned if seat in holders else other
    if len(WORTHS_FOUND) >= WORTHS_KEPT:
        WORTHS_FOUND.clear()
    WORTHS_FOUND[key] = found
    return found


def tiles_gain(game: NoahState, seat: int, moved: Mapping[int, int], weights: NoahWeights, late: float) -> float:
    """What tiles drawn from the bags add to the promise of `seat`'s tiles when each goes where `moved`
    maps it: the worth of those the seat takes, and the rise of the seat's tiles they partner (a single
    becomes a pair, its own or shared, whoever takes the partner)."""
    gain = sum(tile_worth(game, seat, tile, weights, late, moved) for tile, taker in moved.items() if taker == seat)
    holder, partners = game.holder, game.catalog.partners
    for partner in {partner for tile in moved for partner in partners[tile] if holder[partner] == seat}:
        gain += tile_worth(game, seat, partner, weights, late, moved) - tile_worth(game, seat, partner, weights, late)
    return gain


def expected_best(values: list[float], draws: int) -> float:
    """The expected largest of `draws` values drawn at random from `values` (drawn with replacement:
    close enough for a few draws from a bag, and cheap)."""
    if not values or draws <= 0:
        return 0.0
    expected: float = sum(map(mul, sorted(values), best_chances(len(values), draws)))
    return expected


@cache
def best_chances(count: int, draws: int) -> tuple[float, ...]:
    """Per rank of `count` values, lowest first: the chance that the largest of `draws` draws with
    replacement has that rank (worked out once per count and draws)."""
    return tuple(((index + 1) / count) ** draws - (index / count) ** draws for index in range(count))


def position_value(game: NoahState, seat: int, weights: NoahWeights) -> float:
    """VP plus the weighted promise of the pieces, tiles, hull walls and cage walls of `seat`."""
    player = game.players[seat]
    if game.over:
        return float(player.vp)
    late = progress(game)
    value = player.vp + weights.wall * player.walls + weights.pitch * player.pitch + weights.food * player.food
    for tile, holder in enumerate(game.holder):
        if holder == seat:
            value += tile_worth(game, seat, tile, weights, late)
    hull = [game.hull_walls(other) for other in range(len(game.players))]
    best_other = max(count for other, count in enumerate(hull) if other != seat)
    value += weights.hull_lead * max(-MAX_LEAD, min(MAX_LEAD, hull[seat] - best_other))
    own = game.colour_walls[seat]
    for index, cage in enumerate(game.cages):
        if game.cage_large[index] < 0:
            value += weights.cage_wall * (cage.boundary & own).bit_count()
    return value


CAGED = 16  # a shape's count rises by this per caged square it covers: past any count of missing walls


@dataclass(frozen=True, eq=False)
class Shapes:
    """Every cage shape of a board, and the counts `open_shapes` reads them by: a shape's count is its
    missing walls plus CAGED per caged square it covers. `changes` holds per edge the change of every
    shape's count when a wall goes there (255, that is -1 in uint8, on each shape it bounds, else 0),
    then per square the change when it is caged (CAGED on each shape covering it). Counts stay within
    0..4 * CAGED + 10, so uint8 arithmetic, which wraps round, adds and takes back changes exactly.
    `found` remembers the latest answers of `open_shapes`, `latest` the latest counts worked out, as
    [walls, caged squares, counts]."""

    shapes: tuple[CageShape, ...]
    edges: tuple[tuple[int, ...], ...]  # per shape: its walls' edges, lowest first
    changes: np.ndarray  # (edges + squares, shapes) uint8
    empty: np.ndarray  # (shapes,) uint8: the counts on an ark without walls or cages (every wall missing)
    found: dict[tuple[int, int, int], tuple[tuple[CageShape, tuple[int, ...]], ...]] = field(default_factory=dict)
    latest: list[Any] = field(default_factory=list)


@cache
def shapes_of(board: Board) -> Shapes:
    shapes = cage_shapes(board)
    edges = tuple(tuple(bit_list(shape.boundary)) for shape in shapes)
    changes = np.zeros((board.n_edges + board.n_squares, len(shapes)), dtype=np.uint8)
    for index, shape in enumerate(shapes):
        changes[list(edges[index]), index] = 255
        changes[[board.n_edges + square for square in bit_list(shape.squares)], index] = CAGED
    empty = np.array([len(walls) for walls in edges], dtype=np.uint8)
    return Shapes(shapes, edges, changes, empty, latest=[0, 0, empty])


def shape_counts(table: Shapes, board: Board, walls: int, caged: int) -> np.ndarray:
    """Every shape's count (see `Shapes`) under `walls` and `caged`: the latest counts worked out, or
    those of the empty ark when fewer walls and squares differ from it, changed by what differs."""
    start_walls, start_caged, start = table.latest
    if (start_walls ^ walls).bit_count() + (start_caged ^ caged).bit_count() > walls.bit_count() + caged.bit_count():
        start_walls, start_caged, start = 0, 0, table.empty
    counts: np.ndarray = start.copy()
    changes, squares = table.changes, board.n_edges
    for edge in bit_list(walls & ~start_walls):
        counts += changes[edge]
    for edge in bit_list(start_walls & ~walls):
        counts -= changes[edge]
    for square in bit_list(caged & ~start_caged):
        counts += changes[squares + square]
    for square in bit_list(start_caged & ~caged):
        counts -= changes[squares + square]
    table.latest[:] = walls, caged, counts
    return counts


FOUND_KEPT = 512  # answers of open_shapes kept per board


def open_shapes(game: NoahState, most_missing: int) -> tuple[tuple[CageShape, tuple[int, ...]], ...]:
    """(shape, the edges of its missing walls, lowest first) of every cage shape on free squares that
    lacks at most `most_missing` walls (less than CAGED).

    Speed: the answer depends on the walls and the caged squares alone, and the building bot asks again
    after a pitch (walls unchanged) and for each seat, so answers are kept per board (`Shapes.found`, emptied
    when it holds FOUND_KEPT). Otherwise the shapes' counts are worked out from the latest ones: one wall or
    two differ from the position the bot asked about before, as a rule, and each costs one numpy addition."""
    table = shapes_of(game.board)
    key = (game.walls, game.caged, most_missing)
    found = table.found.get(key)
    if found is not None:
        return found
    counts = shape_counts(table, game.board, game.walls, game.caged)
    wanted = counts - np.uint8(1) < np.uint8(most_missing)  # 1 to most_missing: 0 wraps round to 255
    shapes, edges, walls = table.shapes, table.edges, game.walls
    found = tuple((shapes[index], tuple([edge for edge in edges[index] if not walls >> edge & 1]))
                  for index in np.flatnonzero(wanted).tolist())
    if len(table.found) >= FOUND_KEPT:
        table.found.clear()
    table.found[key] = found
    return found


SIZES_KEPT = 1024  # answers of held_sizes kept
SIZES_FOUND: dict[tuple[Catalog, int, tuple[int, ...]], tuple[dict[int, int], dict[int, int]]] = {}


def held_sizes(game: NoahState, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    """(`loadable_sizes`, `single_sizes`) of `seat`, to be read only.

    Speed: the bot asks at every building decision and for several actions of each planning while the
    tiles lie still, so the answers are remembered by the tiles' places (SIZES_FOUND, emptied when it
    holds SIZES_KEPT), and both come from one pass over the seat's tiles."""
    key = (game.catalog, seat, tuple(game.holder))
    found = SIZES_FOUND.get(key)
    if found is not None:
        return found
    catalog, holder = game.catalog, game.holder
    facts, partners, tiles = tile_facts(catalog), catalog.partners, catalog.tiles
    loadable: dict[int, int] = {}
    singles: dict[int, int] = {}
    for tile in game.tiles_of(seat):
        owners = [holder[partner] for partner in partners[tile]]
        size = facts[tile][1]
        if max(owners, default=-1) < 0:
            singles[size] = singles.get(size, 0) + 1
        elif any(owner >= 0 and (owner != seat or tiles[tile].male) for owner in owners):
            loadable[size] = loadable.get(size, 0) + 1
    if len(SIZES_FOUND) >= SIZES_KEPT:
        SIZES_FOUND.clear()
    found = SIZES_FOUND[key] = loadable, singles
    return found


def loadable_sizes(game: NoahState, seat: int) -> dict[int, int]:
    """Per size: the pairs `seat` could load (it holds a tile, the partner lies in front of a player;
    a pair of two own tiles counts once), to be read only."""
    return held_sizes(game, seat)[0]


def single_sizes(game: NoahState, seat: int) -> dict[int, int]:
    """Per size: the tiles of `seat` whose partner is not in play, to be read only."""
    return held_sizes(game, seat)[1]
