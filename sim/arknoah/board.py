"""The ark as bit indices: squares, wall edges (hull edges among them) and pitch spaces, built once
per player count from the ark parts in data/ark.json and shared by every game (a flyweight).

Coordinates: square (x, y) has its top-left corner at grid point (x, y); x grows from the stern to
the bow, y from one side of the hull to the other. An edge is a unit segment of the grid: the
horizontal one from (x, y) to (x + 1, y) or the vertical one from (x, y) to (x, y + 1). A hull edge
borders one square, an inner edge two. A pitch space sits on a hull vertex, between the two hull
edges that meet there; its pitch may be placed once both are walled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sim.arknoah.steps import PlacePitch, PlaceWall, WallPick

SIDES = ("N", "S", "W", "E")
EdgeKey = tuple[str, int, int]  # ("h" | "v", x, y): the unit segment starting at grid point (x, y)


def side_key(x: int, y: int, side: str) -> EdgeKey:
    """The edge on `side` of square (x, y)."""
    return {"N": ("h", x, y), "S": ("h", x, y + 1), "W": ("v", x, y), "E": ("v", x + 1, y)}[side]


def key_ends(key: EdgeKey) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, x, y = key
    return ((x, y), (x + 1, y)) if kind == "h" else ((x, y), (x, y + 1))


@dataclass(frozen=True, slots=True, eq=False)
class CageShape:
    """A finished cage's squares and edges as bit masks (immutable, shared by game copies)."""

    squares: int
    size: int
    boundary: int  # its walls
    interior: int  # inner edges (never walled while the cage stands)
    hull: int  # its hull edges
    pitch: int  # the pitch spaces on its hull edges: all must be pitched before animals board


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One ark (a player count's parts side by side), static and shared."""

    parts: tuple[str, ...]
    squares: tuple[tuple[int, int], ...]
    edge_keys: tuple[EdgeKey, ...]
    edge_squares: tuple[tuple[int, int], ...]  # (square, other square or -1 on the hull)
    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # per square: (inner edge, square across it)
    square_edges: tuple[int, ...]  # per square: mask of its four edges
    square_hull: tuple[int, ...]  # per square: mask of its hull edges
    hull: int
    all_edges: int
    pitch_points: tuple[tuple[int, int], ...]
    pitch_pair: tuple[int, ...]  # per pitch space: mask of its two hull edges
    edge_pitch: tuple[int, ...]  # per edge: mask of the pitch spaces on it
    edge_pitch_list: tuple[tuple[int, ...], ...]
    wall_options: tuple[PlaceWall, ...]  # the decision options, made once
    pitch_options: tuple[PlacePitch, ...]
    wall_picks: tuple[WallPick, ...]
    wall_option_tables: tuple[tuple[tuple[PlaceWall, ...], ...], ...]  # `select` tables of the options
    pitch_option_tables: tuple[tuple[tuple[PlacePitch, ...], ...], ...]
    wall_pick_tables: tuple[tuple[tuple[WallPick, ...], ...], ...]

    @property
    def n_squares(self) -> int:
        return len(self.squares)

    @property
    def n_edges(self) -> int:
        return len(self.edge_keys)

    @property
    def n_pitch(self) -> int:
        return len(self.pitch_points)

    def edge_name(self, edge: int) -> str:
        """A readable edge: the square it borders (the first of two) and the side, e.g. 'x3y0 N (hull)'."""
        key = self.edge_keys[edge]
        square = self.squares[self.edge_squares[edge][0]]
        for side in SIDES:
            if side_key(*square, side) == key:
                return f"x{square[0]}y{square[1]} {side}{' (hull)' if self.hull >> edge & 1 else ''}"
        raise AssertionError(f"edge {edge} does not border its square")

    def pitch_name(self, space: int) -> str:
        x, y = self.pitch_points[space]
        return f"pitch at ({x},{y})"

    def shape(self, squares: int) -> CageShape:
        """The cage made of the squares in mask `squares`."""
        odd = every = hull = 0
        size = 0
        for square in bit_list(squares):
            size += 1
            odd ^= self.square_edges[square]
            every |= self.square_edges[square]
            hull |= self.square_hull[square]
        pitch = 0
        for edge in bit_list(hull):
            pitch |= self.edge_pitch[edge]
        return CageShape(squares, size, odd, every & ~odd, hull, pitch)


CHUNK = 8  # bits looked up at a time by `select`


def chunk_tables(items: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Per byte of a mask over `items`, per value of that byte: the items its set bits name,
    lowest first (for `select`). Each row is the row without its lowest bit, that item in front."""
    tables = []
    for base in range(0, len(items), CHUNK):
        rows: list[tuple[Any, ...]] = [()] * 256
        for byte in range(1, 256):
            low = (byte & -byte).bit_length() - 1
            rows[byte] = ((items[base + low],) if base + low < len(items) else ()) + rows[byte & (byte - 1)]
        tables.append(tuple(rows))
    return tuple(tables)


def select(mask: int, tables: tuple[tuple[tuple[Any, ...], ...], ...]) -> list[Any]:
    """The items of `chunk_tables` whose bits are set in `mask`, lowest first: a lookup per byte."""
    out: list[Any] = []
    for table in tables:
        if not mask:
            break
        part = mask & 0xFF
        if part:
            out += table[part]
        mask >>= CHUNK
    return out


BIT_TABLES = chunk_tables(tuple(range(128)))  # bit_list reads masks of up to 128 bits a byte at a time


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, lowest first (the walls of the largest ark fit in 15 bytes)."""
    if mask >> 128:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    return select(mask, BIT_TABLES)


def build_board(parts_data: Mapping[str, Any], names: Sequence[str]) -> Board:
    """The ark of the parts `names`, stern first; a ValueError when the data do not fit together
    (a part's listed hull is not the outline of the assembled ark, a pitch space not between two
    hull edges)."""
    squares: list[tuple[int, int]] = []
    listed_hull: set[EdgeKey] = set()
    pitch_points: list[tuple[int, int]] = []
    offset = 0
    for name in names:
        if name not in parts_data:
            raise ValueError(f"the layout names an unknown ark part {name!r}")
        part = parts_data[name]
        squares += [(offset + x, y) for x, y in part["squares"]]
        for x, y, side in part["hull"]:
            if side not in SIDES:
                raise ValueError(f"part {name}: hull side {side!r} is not one of {', '.join(SIDES)}")
            listed_hull.add(side_key(offset + x, y, side))
        pitch_points += [(offset + x, y) for x, y in part["pitch"]]
        offset += int(part["width"])
    if len(set(squares)) != len(squares):
        raise ValueError(f"ark {'+'.join(names)}: two parts put a square on the same place")
    bordering: dict[EdgeKey, list[int]] = {}
    for number, (x, y) in enumerate(squares):
        for side in SIDES:
            bordering.setdefault(side_key(x, y, side), []).append(number)
    outline = {key for key, around in bordering.items() if len(around) == 1}
    if outline != listed_hull:
        raise ValueError(f"ark {'+'.join(names)}: the parts' hull lists {len(listed_hull)} edges, the outline of "
                         f"their squares has {len(outline)}")
    keys = sorted(bordering)
    edge_of = {key: number for number, key in enumerate(keys)}
    edge_squares = tuple((bordering[key][0], bordering[key][1] if len(bordering[key]) > 1 else -1) for key in keys)
    neighbours: list[list[tuple[int, int]]] = [[] for _ in squares]
    square_edges = [0] * len(squares)
    square_hull = [0] * len(squares)
    for edge, (first, second) in enumerate(edge_squares):
        square_edges[first] |= 1 << edge
        if second < 0:
            square_hull[first] |= 1 << edge
        else:
            square_edges[second] |= 1 << edge
            neighbours[first].append((edge, second))
            neighbours[second].append((edge, first))
    hull = sum(1 << edge_of[key] for key in outline)
    pitch_pair: list[int] = []
    edge_pitch = [0] * len(keys)
    if len(set(pitch_points)) != len(pitch_points):
        raise ValueError(f"ark {'+'.join(names)}: a pitch space is listed twice")
    for space, (x, y) in enumerate(pitch_points):
        touching = [key for key in (("h", x - 1, y), ("h", x, y), ("v", x, y - 1), ("v", x, y)) if key in outline]
        if len(touching) != 2:
            raise ValueError(f"ark {'+'.join(names)}: pitch space ({x},{y}) is not between two hull edges")
        pitch_pair.append(sum(1 << edge_of[key] for key in touching))
        for key in touching:
            edge_pitch[edge_of[key]] |= 1 << space
    walls = tuple(PlaceWall(edge) for edge in range(len(keys)))
    pitches = tuple(PlacePitch(space) for space in range(len(pitch_points)))
    picks = tuple(WallPick(edge) for edge in range(len(keys)))
    return Board(
        parts=tuple(names), squares=tuple(squares), edge_keys=tuple(keys), edge_squares=edge_squares,
        neighbours=tuple(tuple(items) for items in neighbours), square_edges=tuple(square_edges),
        square_hull=tuple(square_hull), hull=hull, all_edges=(1 << len(keys)) - 1,
        pitch_points=tuple(pitch_points), pitch_pair=tuple(pitch_pair), edge_pitch=tuple(edge_pitch),
        edge_pitch_list=tuple(tuple(bit_list(mask)) for mask in edge_pitch),
        wall_options=walls, pitch_options=pitches, wall_picks=picks, wall_option_tables=chunk_tables(walls),
        pitch_option_tables=chunk_tables(pitches), wall_pick_tables=chunk_tables(picks))


@cache
def cage_shapes(board: Board) -> tuple[CageShape, ...]:
    """Every connected group of 1-4 squares of the ark: each cage the ark can ever hold (the bots
    plan with these; the engine finds cages as they close)."""
    found: set[int] = set()
    frontier = {1 << square for square in range(board.n_squares)}
    for _ in range(4):
        found |= frontier
        grown = set()
        for group in frontier:
            for square in bit_list(group):
                for _, other in board.neighbours[square]:
                    if not group >> other & 1:
                        grown.add(group | 1 << other)
        frontier = grown
    return tuple(board.shape(group) for group in sorted(found))
