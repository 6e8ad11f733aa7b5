"""Per-map precomputation shared by every game: buildable cells, bonuses and all placements."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sim.arknova.catalog import Effect, ZooMap, load_catalog
from sim.arknova.geometry import BIT, Placement, enumerate_placements, mask_of

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


def building_size(kind: str) -> int:
    return len(load_catalog().tiles.building_shapes[BUILD_SHAPES.get(kind, kind)])


@dataclass(frozen=True, slots=True)
class MapBoard:
    """A zoo map turned into masks, with every placement of every shape precomputed."""

    zoo_map: ZooMap
    buildable: int  # every cell that is not rock or water
    rock: int
    water: int
    upgrade_only: int
    bonuses: tuple[tuple[int, Effect], ...]  # (cell bit, placement bonus)
    bonus_mask: int
    placements: dict[str, tuple[Placement, ...]]  # shape id -> placements

    def placements_for(self, kind: str) -> tuple[Placement, ...]:
        return self.placements[BUILD_SHAPES.get(kind, kind)]


@cache
def map_board(map_id: str) -> MapBoard:
    catalog = load_catalog()
    zoo_map = catalog.maps[map_id]
    rock = mask_of(zoo_map.rock)
    water = mask_of(zoo_map.water)
    buildable = mask_of(catalog.grid) & ~rock & ~water
    upgrade_only = mask_of(zoo_map.upgrade_only)
    bonuses = tuple((BIT[cell], bonus) for cell, bonus in zoo_map.placement_bonuses)
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
        bonuses=bonuses,
        bonus_mask=mask_of(cell for cell, _ in zoo_map.placement_bonuses),
        placements=placements,
    )
