"""Zoo-map geometry as integer bitmasks.

The 58 hexes of a zoo map live in the doubled-row grid of the data files: a cell
(x, y) exists for x in 0..8, y in 0..12 with x + y odd. Each cell gets one bit, so
a building placement is one int and legality is a handful of ``&`` tests
(the python-chess bitboard idea). Every placement of every shape in every
rotation is enumerated once per map and shared by all games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

Cell = tuple[int, int]

CELLS: tuple[Cell, ...] = tuple((x, y) for x in range(9) for y in range(13) if (x + y) % 2 == 1)
BIT: dict[Cell, int] = {cell: 1 << index for index, cell in enumerate(CELLS)}
ALL_CELLS_MASK = (1 << len(CELLS)) - 1
NEIGHBOUR_STEPS: tuple[Cell, ...] = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


def neighbours(cell: Cell) -> list[Cell]:
    """The on-map cells sharing an edge with `cell`."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in NEIGHBOUR_STEPS if (x + dx, y + dy) in BIT]


def mask_of(cells: Iterable[Cell]) -> int:
    mask = 0
    for cell in cells:
        mask |= BIT[cell]
    return mask


def cells_of(mask: int) -> list[Cell]:
    """The cells of a mask in the order of `CELLS`, found bit by bit (a zoo's masks hold few cells)."""
    result = []
    while mask:
        lowest = mask & -mask
        result.append(CELLS[lowest.bit_length() - 1])
        mask ^= lowest
    return result


NEIGHBOUR_MASK: dict[Cell, int] = {cell: mask_of(neighbours(cell)) for cell in CELLS}
BORDER_MASK = mask_of(cell for cell in CELLS if len(neighbours(cell)) < 6)


def touched(mask: int) -> int:
    """Cells adjacent to some cell of a set; a cell of the set only when another one touches it."""
    result = 0
    for cell in cells_of(mask):
        result |= NEIGHBOUR_MASK[cell]
    return result


def around(mask: int) -> int:
    """Cells adjacent to a set of cells, excluding the set itself."""
    return touched(mask) & ~mask


def within_distance(cell: Cell, distance: int) -> int:
    """Mask of cells at most `distance` steps from `cell` (the cell itself included)."""
    reached = BIT[cell]
    for _ in range(distance):
        reached |= around(reached)
    return reached


def rotate(offset: Cell, steps: int) -> Cell:
    """Rotate a doubled-row offset by `steps` sixths of a turn through axial coordinates."""
    dx, dy = offset
    q, r = dx, (dy - dx) // 2
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, 2 * r + q


@dataclass(frozen=True, slots=True)
class Placement:
    """One way to put one shape on one map: the cells it covers and what it touches."""

    index: int
    mask: int
    cells: tuple[Cell, ...]
    adjacent: int  # cells touching the placement
    on_border: bool
    rock_adjacent: int  # rock cells touching it
    water_adjacent: int
    needs_upgrade: bool  # covers an upgrade-only cell

    def __str__(self) -> str:
        return " ".join(f"{x},{y}" for x, y in self.cells)


def shape_rotations(offsets: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The distinct rotations of a shape, each normalised so its first cell sits at (0, 0)."""
    seen: list[frozenset[Cell]] = []
    result = []
    for steps in range(6):
        rotated = [rotate(offset, steps) for offset in offsets]
        key = frozenset(rotated)
        if any(_same_up_to_translation(key, other) for other in seen):
            continue
        seen.append(key)
        result.append(tuple(rotated))
    return result


def _same_up_to_translation(a: frozenset[Cell], b: frozenset[Cell]) -> bool:
    ax, ay = min(a)
    bx, by = min(b)
    return {(x - ax, y - ay) for x, y in a} == {(x - bx, y - by) for x, y in b}


def enumerate_placements(
    offsets: tuple[Cell, ...], buildable: int, rock: int, water: int, upgrade_only: int
) -> tuple[Placement, ...]:
    """Every placement of a shape (all rotations, all anchors) on the buildable cells."""
    masks: dict[int, tuple[Cell, ...]] = {}
    for rotated in shape_rotations(offsets):
        for anchor_x, anchor_y in CELLS:
            cells = tuple((anchor_x + dx, anchor_y + dy) for dx, dy in rotated)
            if all(cell in BIT for cell in cells):
                mask = mask_of(cells)
                if mask & buildable == mask and mask not in masks:
                    masks[mask] = tuple(sorted(cells))
    placements = []
    for index, (mask, cells) in enumerate(sorted(masks.items(), key=lambda item: item[1])):
        adjacent = around(mask)
        placements.append(
            Placement(
                index=index,
                mask=mask,
                cells=cells,
                adjacent=adjacent,
                on_border=bool(mask & BORDER_MASK),
                rock_adjacent=(adjacent & rock).bit_count(),
                water_adjacent=(adjacent & water).bit_count(),
                needs_upgrade=bool(mask & upgrade_only),
            )
        )
    return tuple(placements)


@cache
def kiosk_exclusion(cell: Cell, min_distance: int) -> int:
    """Cells where another kiosk may not stand: kiosks must be at least `min_distance` apart."""
    return within_distance(cell, min_distance - 1)
