"""What a position is worth to one Ark & Noah player, under a family's weights: its VP plus the
promise of what lies in front of it, and the cage shapes the ark can still hold (for building).
Every species, size and VP comes from the game's own catalog, so an overridden pack is valued as
changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

import numpy as np

from heuristics.arknoah.weights import NoahWeights
from sim.arknoah.board import Board, CageShape, bit_list, cage_shapes
from sim.arknoah.catalog import Catalog
from sim.arknoah.state import NoahState

WORD = 64
WORD_MASK = (1 << WORD) - 1
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


def bag_worths(game: NoahState, seats: list[int], weights: NoahWeights, late: float) -> dict[int, list[float]]:
    """Per seat of `seats`: the `tile_worth` of every tile in the bags to it, in bag order. Each tile's
    partners are looked up once for all the seats."""
    facts, partners, holder = tile_facts(game.catalog), game.catalog.partners, game.holder
    worths: dict[int, list[float]] = {seat: [] for seat in seats}
    lists = list(worths.values())
    held = {tile for tile, owner in enumerate(holder) if owner >= 0}
    for bag in game.bags:
        for tile in bag:
            vp, size = facts[tile]
            risk = weights.size_risk * size * late
            if held.isdisjoint(partners[tile]):  # the usual case: no seat holds a partner, the worth is the same to all
                worth = weights.single * vp - risk
                for found in lists:
                    found.append(worth)
            else:
                holders = [holder[partner] for partner in partners[tile]]
                for seat, found in zip(seats, lists):
                    found.append(pair_share(holders, seat, weights) * vp - risk)
    return worths


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
    ordered = sorted(values)
    count = len(ordered)
    return sum(value * (((index + 1) / count) ** draws - (index / count) ** draws)
               for index, value in enumerate(ordered))


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


@dataclass(frozen=True, eq=False)
class Shapes:
    """Every cage shape of a board, with its walls and squares split into 64-bit words for numpy: one
    array over the shapes per word. `found` remembers the latest answers of `open_shapes`."""

    shapes: tuple[CageShape, ...]
    edges: tuple[tuple[int, ...], ...]  # per shape: its walls' edges, lowest first
    boundary: tuple[np.ndarray, ...]  # per word of the edges: (shapes,) uint64
    squares: tuple[np.ndarray, ...]  # per word of the squares: (shapes,) uint64
    found: dict[tuple[int, int, int], tuple[tuple[CageShape, tuple[int, ...]], ...]] = field(default_factory=dict)


def words(mask: int, count: int) -> list[int]:
    """`mask` (also a negative one, read in two's complement) as `count` 64-bit words, lowest first."""
    return [(mask >> (WORD * index)) & WORD_MASK for index in range(count)]


def columns(masks: list[int], count: int) -> tuple[np.ndarray, ...]:
    """Per word of `count`: that word of each mask, as one array."""
    rows = [words(mask, count) for mask in masks]
    return tuple(np.array([row[index] for row in rows], dtype=np.uint64) for index in range(count))


@cache
def shapes_of(board: Board) -> Shapes:
    shapes = cage_shapes(board)
    return Shapes(shapes, tuple(tuple(bit_list(shape.boundary)) for shape in shapes),
                  columns([shape.boundary for shape in shapes], (board.n_edges + WORD - 1) // WORD),
                  columns([shape.squares for shape in shapes], (board.n_squares + WORD - 1) // WORD))


FOUND_KEPT = 512  # answers of open_shapes kept per board


def open_shapes(game: NoahState, most_missing: int) -> tuple[tuple[CageShape, tuple[int, ...]], ...]:
    """(shape, the edges of its missing walls, lowest first) of every cage shape on free squares that
    lacks at most `most_missing` walls.

    Speed: the answer depends on the walls and the caged squares alone, and the building bot asks again
    after a pitch (walls unchanged) and for each seat, so answers are kept per board (`Shapes.found`, emptied
    when it holds FOUND_KEPT). The count itself works a word at a time over all shapes (a few numpy calls)."""
    table = shapes_of(game.board)
    key = (game.walls, game.caged, most_missing)
    found = table.found.get(key)
    if found is not None:
        return found
    missing = np.zeros(len(table.shapes), dtype=np.uint8)
    for column, word in zip(table.boundary, words(~game.walls, len(table.boundary))):
        missing += np.bitwise_count(column & np.uint64(word))
    wanted = missing - np.uint8(1) < np.uint8(most_missing)  # 1 to most_missing: 0 wraps round to 255
    for column, word in zip(table.squares, words(game.caged, len(table.squares))):
        wanted &= column & np.uint64(word) == 0
    shapes, edges, walls = table.shapes, table.edges, game.walls
    found = tuple((shapes[index], tuple([edge for edge in edges[index] if not walls >> edge & 1]))
                  for index in np.flatnonzero(wanted).tolist())
    if len(table.found) >= FOUND_KEPT:
        table.found.clear()
    table.found[key] = found
    return found


def loadable_sizes(game: NoahState, seat: int) -> dict[int, int]:
    """Per size: the pairs `seat` could load (it holds a tile, the partner lies in front of a player)."""
    catalog, holder = game.catalog, game.holder
    counts: dict[int, int] = {}
    for tile, owner in enumerate(holder):
        if owner == seat and any(holder[partner] >= 0 and (holder[partner] != seat or catalog.tiles[tile].male)
                                 for partner in catalog.partners[tile]):
            size = catalog.species[catalog.tiles[tile].species].size
            counts[size] = counts.get(size, 0) + 1
    return counts


def single_sizes(game: NoahState, seat: int) -> dict[int, int]:
    """Per size: the tiles of `seat` whose partner is not in play."""
    catalog = game.catalog
    counts: dict[int, int] = {}
    for tile, owner in enumerate(game.holder):
        if owner == seat and not game.partner_in_play(tile):
            size = catalog.species[catalog.tiles[tile].species].size
            counts[size] = counts.get(size, 0) + 1
    return counts
