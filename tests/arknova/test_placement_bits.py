"""The legal placements found as bits (`sim.arknova.placement_bits`) are those the building rules allow one by
one: no covered cell, touching the zoo (the border at first), upgrade-only cells with upgraded Build only, and
kiosks apart. Checked over zoos that grow building by building on every map, with and without rock and water."""

from __future__ import annotations

import random

import pytest

from sim.arknova import zoo
from sim.arknova.board import BUILD_SHAPES, map_board
from sim.arknova.geometry import Placement
from sim.arknova.placement_bits import PlacementBits
from tests.arknova.helpers import CATALOG

DISTANCE = CATALOG.tracks.kiosk_min_distance


def rule_placements(options: tuple[Placement, ...], kind: str, occupied: int, kiosks: int,
                    upgraded: bool) -> tuple[Placement, ...]:
    """The placements the rules allow, tested one at a time."""
    return tuple(placement for placement in options if zoo.can_place(occupied, placement, upgraded)
                 and (kind != "kiosk" or zoo.kiosk_spaced(kiosks, placement, DISTANCE)))


@pytest.mark.parametrize("terrain", [False, True])
@pytest.mark.parametrize("map_id", sorted(CATALOG.maps))
def test_bits_give_the_placements_the_rules_allow(map_id: str, terrain: bool) -> None:
    board = map_board(CATALOG, map_id)
    kinds = {kind: zoo.terrain_placements(CATALOG, map_id, kind) if terrain else board.placements_for(kind)
             for kind in BUILD_SHAPES}
    table = PlacementBits(kinds, DISTANCE)
    rng = random.Random(map_id)
    for _ in range(3):
        occupied = kiosks = 0
        while True:
            for upgraded in (False, True):
                legal = table.legal(occupied, kiosks, upgraded)
                for kind, options in kinds.items():
                    assert table.placements(legal, kind) == rule_placements(options, kind, occupied, kiosks, upgraded)
                assert table.kinds(legal) == tuple(kind for kind, options in kinds.items()
                                                   if rule_placements(options, kind, occupied, kiosks, upgraded))
            choices = [(kind, placement) for kind in kinds for placement in table.placements(legal, kind)]
            if not choices:
                break
            kind, placement = rng.choice(choices)
            occupied |= placement.mask
            if kind == "kiosk":
                kiosks |= placement.mask
