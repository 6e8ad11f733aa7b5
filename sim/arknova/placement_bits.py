"""The legal placements of every Build kind on one zoo at once, as the bits of one int.

A placement of a building is legal when it covers no built cell, touches the zoo (or the map's border
while nothing is built), covers no upgrade-only cell unless Build is upgraded, and, for a kiosk, stands
far enough from every other kiosk (`zoo.can_place`, `zoo.kiosk_spaced`). Tested placement by placement,
that is a loop over some 500 placements of the Build kinds each time the zoo changes, which every turn
asks about (which kinds can be built, where). Instead each placement of the map's Build kinds owns one bit
of a wide int (kind after kind, each kind's placements in their order), and each cell knows the bits of
the placements that cover it, that touch it, and (kiosks) that stand too close to a kiosk on it. The
legal placements of a zoo are those touching the zoo, less those covering it, less the upgrade-only ones
and the kiosks too close to another. The cells are taken a byte of the zoo's mask at a time: for each
byte of the mask and each of its 256 values, the ORs of its cells' bits are made once (`BYTE` bits
apiece), so a zoo costs two ORs per byte of its mask instead of two per built cell.
"""

from __future__ import annotations

from collections.abc import Mapping

from sim.arknova.geometry import CELLS, Placement, cells_of, kiosk_exclusion

KIOSK = "kiosk"  # the one kind that keeps a distance from its own kind
POSITION = {cell: position for position, cell in enumerate(CELLS)}  # a cell's bit in the masks
BYTE = 8
BYTES = range((len(CELLS) + BYTE - 1) // BYTE)


def _by_byte(per_cell: list[int]) -> list[list[int]]:
    """For each byte of a cell mask and each value of that byte: the OR of `per_cell` over its cells."""
    tables = []
    for byte in BYTES:
        table = [0] * (1 << BYTE)
        for value in range(1, 1 << BYTE):
            lowest = value & -value
            position = byte * BYTE + lowest.bit_length() - 1
            table[value] = table[value ^ lowest] | (per_cell[position] if position < len(per_cell) else 0)
        tables.append(table)
    return tables


class PlacementBits:
    """The placements of the Build kinds on one map (rock and water included or not) as bits."""

    __slots__ = ("spans", "cover", "touch", "kiosk_near", "border", "upgrade_only", "_touch_bytes", "_cover_bytes")

    def __init__(self, placements: Mapping[str, tuple[Placement, ...]], kiosk_distance: int) -> None:
        """`placements`: each kind's placements in their order; `kiosk_distance`: the least distance
        between two kiosks."""
        self.spans: dict[str, tuple[int, int, tuple[Placement, ...]]] = {}  # kind -> (first bit, its bits, placements)
        self.cover = [0] * len(CELLS)  # by cell (bit position): the placements covering it
        self.touch = [0] * len(CELLS)  # the placements next to it
        self.kiosk_near = [0] * len(CELLS)  # the kiosk placements too close to a kiosk on it
        self.border = 0
        self.upgrade_only = 0
        first = 0
        for kind, options in placements.items():
            self.spans[kind] = (first, ((1 << len(options)) - 1) << first, options)
            for number, placement in enumerate(options, start=first):
                bit = 1 << number
                for cell in cells_of(placement.mask):
                    self.cover[POSITION[cell]] |= bit
                for cell in cells_of(placement.adjacent):
                    self.touch[POSITION[cell]] |= bit
                if kind == KIOSK:
                    for cell in cells_of(kiosk_exclusion(placement.cells[0], kiosk_distance)):
                        self.kiosk_near[POSITION[cell]] |= bit
                if placement.on_border:
                    self.border |= bit
                if placement.needs_upgrade:
                    self.upgrade_only |= bit
            first += len(options)
        self._touch_bytes = _by_byte(self.touch)
        self._cover_bytes = _by_byte(self.cover)

    def legal(self, occupied: int, kiosks: int, upgraded_build: bool) -> int:
        """The bits of the placements legal in a zoo whose built cells are `occupied`, kiosks `kiosks`."""
        blocked = 0 if upgraded_build else self.upgrade_only
        if occupied:
            reach, mask = 0, (1 << BYTE) - 1
            for byte, touch, cover in zip(BYTES, self._touch_bytes, self._cover_bytes):
                value = occupied >> (byte * BYTE) & mask
                if value:
                    reach |= touch[value]
                    blocked |= cover[value]
        else:
            reach = self.border
        rest = kiosks
        while rest:
            lowest = rest & -rest
            blocked |= self.kiosk_near[lowest.bit_length() - 1]
            rest ^= lowest
        return reach & ~blocked

    def kinds(self, legal: int) -> tuple[str, ...]:
        """The kinds with at least one placement among the `legal` bits, in the order the table was given them."""
        return tuple([kind for kind, (_, bits, _) in self.spans.items() if legal & bits])  # a list first: cheaper

    def placements(self, legal: int, kind: str) -> tuple[Placement, ...]:
        """The kind's placements among the `legal` bits, in their order."""
        first, bits, options = self.spans[kind]
        rest = (legal & bits) >> first
        found = []
        while rest:
            lowest = rest & -rest
            found.append(options[lowest.bit_length() - 1])
            rest ^= lowest
        return tuple(found)
