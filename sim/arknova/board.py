"""Per-map precomputation shared by every game of a catalog: buildable cells, bonuses and all placements."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from sim.arknova.catalog import Catalog, Effect, LazyTable, ZooMap
from sim.arknova.geometry import BIT, Placement, around, enumerate_placements, mask_of

if TYPE_CHECKING:
    from sim.arknova.state import PlayerState

# Build-action building kinds and the tile shape each one uses.
BUILD_SHAPES: dict[str, str] = {
    "kiosk": "kiosk",
    "pavilion": "pavilion",
    "enclosure-1": "size-1",
    "enclosure-2": "size-2",
    "enclosure-3": "size-3",
    "enclosure-4": "size-4",
    "enclosure-5": "size-5",
    "petting_zoo": "petting-zoo",
    "reptile_house": "reptile-house",
    "large_bird_aviary": "large-bird-aviary",
}


# Map abilities that act each time one of their cells is covered (a handler of that keyword).
COVER_BONUS_ABILITIES = frozenset({"hollywood_hills"})


def building_size(catalog: Catalog, kind: str) -> int:
    return len(catalog.tiles.building_shapes[BUILD_SHAPES.get(kind, kind)])


@dataclass(frozen=True, slots=True)
class MapBoard:
    """A zoo map turned into masks, with every placement of every shape precomputed."""

    zoo_map: ZooMap
    buildable: int  # every cell that is not rock or water
    rock: int
    water: int
    upgrade_only: int
    feature: int  # a map ability's own space (tower, gates, restaurant): a rock or water space with a name
    feature_near: int  # cells touching that space
    ability_cells: int  # every cell the map ability names
    bonuses: tuple[tuple[int, Effect], ...]  # (cell bit, placement bonus)
    bonus_mask: int
    placements: dict[str, tuple[Placement, ...]]  # shape id -> placements

    def placements_for(self, kind: str) -> tuple[Placement, ...]:
        return self.placements[BUILD_SHAPES.get(kind, kind)]


def map_board(catalog: Catalog, map_id: str) -> MapBoard:
    """The board of a map of this catalog, built the first time a game of the catalog uses it."""
    return catalog.derived[_boards][map_id]


def board_of(player: "PlayerState") -> MapBoard:
    """The board of the player's map."""
    return player.catalog.derived[_boards][player.map_id]


def _boards(catalog: Catalog) -> LazyTable:
    return LazyTable(partial(_build_board, catalog))


def _build_board(catalog: Catalog, map_id: str) -> MapBoard:
    zoo_map = catalog.maps[map_id]
    ability_cells = mask_of(zoo_map.ability_cells)
    rock = mask_of(zoo_map.rock)
    water = mask_of(zoo_map.water)
    # The tower, gates and restaurant of maps 1, 2 and 5 stand on a rock or water space, which stays
    # one (the licensed digital edition; docs/arknova/rules-decisions.md B7).
    feature = ability_cells & (rock | water)
    buildable = mask_of(catalog.grid) & ~rock & ~water
    upgrade_only = mask_of(zoo_map.upgrade_only)
    bonuses = tuple((BIT[cell], bonus) for cell, bonus in zoo_map.placement_bonuses)
    if zoo_map.ability in COVER_BONUS_ABILITIES:  # covering an ability cell pays like a placement bonus
        bonuses += tuple((BIT[cell], Effect(zoo_map.ability, ())) for cell in zoo_map.ability_cells)
    placements = {
        shape: enumerate_placements(tuple(offsets), buildable, rock, water, upgrade_only)
        for shape, offsets in catalog.tiles.building_shapes.items()
    }
    return MapBoard(
        zoo_map=zoo_map,
        buildable=buildable,
        rock=rock,
        water=water,
        upgrade_only=upgrade_only,
        feature=feature,
        feature_near=around(feature),
        ability_cells=ability_cells,
        bonuses=bonuses,
        bonus_mask=mask_of(cell for cell, _ in zoo_map.placement_bonuses) | (
            ability_cells if zoo_map.ability in COVER_BONUS_ABILITIES else 0),
        placements=placements,
    )
