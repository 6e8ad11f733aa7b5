"""Hex geometry: the grid, rotations, placements and the kiosk spacing, as bitmasks."""

from __future__ import annotations

from sim.arknova.board import map_board
from sim.arknova.catalog import load_catalog
from sim.arknova.geometry import BORDER_MASK, CELLS, NEIGHBOUR_MASK, cells_of, kiosk_exclusion, mask_of, rotate, shape_rotations


def test_grid_has_58_cells_with_up_to_six_neighbours() -> None:
    assert len(CELLS) == 58
    assert set(CELLS) == set(load_catalog().grid)
    assert max(mask.bit_count() for mask in NEIGHBOUR_MASK.values()) == 6
    assert cells_of(NEIGHBOUR_MASK[(4, 5)]) == sorted([(4, 3), (4, 7), (3, 4), (3, 6), (5, 4), (5, 6)])
    assert (0, 1) in cells_of(BORDER_MASK) and (4, 5) not in cells_of(BORDER_MASK)


def test_six_rotations_return_to_the_start() -> None:
    offset = (1, 3)
    turned = offset
    for _ in range(6):
        turned = rotate(turned, 1)
    assert turned == offset
    assert rotate((0, 2), 1) == (-1, 1), "one sixth of a turn moves the cell below to the lower left"


def test_distinct_rotations_per_shape() -> None:
    shapes = load_catalog().tiles.building_shapes
    assert len(shape_rotations(tuple(shapes["size-1"]))) == 1
    assert len(shape_rotations(tuple(shapes["size-2"]))) == 3
    assert len(shape_rotations(tuple(shapes["size-3"]))) == 2
    assert len(shape_rotations(tuple(shapes["size-4"]))) == 3, "the size-4 shape has a half-turn symmetry"
    assert len(shape_rotations(tuple(shapes["hyena"]))) == 6


def test_placements_avoid_rock_and_water() -> None:
    board = map_board(load_catalog(), "A")
    assert board.buildable == mask_of(CELLS) & ~board.rock & ~board.water
    for kind in ("kiosk", "enclosure-3", "enclosure-5", "reptile_house"):
        placements = board.placements_for(kind)
        assert placements, kind
        assert all(p.mask & (board.rock | board.water) == 0 for p in placements)
        assert len({p.mask for p in placements}) == len(placements)


def test_kiosk_exclusion_is_two_steps() -> None:
    zone = kiosk_exclusion((4, 5), 3)
    assert (4, 9) in cells_of(zone), "two steps away is too close"
    assert (4, 11) not in cells_of(zone), "three steps away is allowed"
    assert zone.bit_count() == 19
