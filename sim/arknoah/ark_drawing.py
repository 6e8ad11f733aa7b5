"""The ark as an inline SVG for the replay page: its squares, the walls in their owners' colours, the
open hull, the pitch spaces (pitched, ready to pitch, not yet), and every finished cage with its food
and the pairs loaded in it.

Coordinates are the board's (sim/arknoah/board.py): grid point (x, y) is drawn at x units from the
left (the stern) and y units from the top. Shapes that look alike share one path or one group, and
each carries what it shows as `data-` attributes (edges as "h3,0" / "v4,1": the unit segment from
grid point (3, 0) rightwards or from (4, 1) downwards), so tools and tests can read the drawing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from sim.arknoah.board import EdgeKey, bit_list, key_ends

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState

UNIT = 32.0  # a square's side
MARGIN = 12.0
LEGEND = 18.0  # the legend's row under the ark
# the players' wall colours, seat by seat, as the panel names them
COLOURS = (("red", "#c0392b"), ("blue", "#2471a3"), ("green", "#229954"), ("yellow", "#d4a50d"))
SQUARE_FILL = "#f2ead7"
CAGE_FILL = {"empty": "#e2d2a6", "loaded": "#c9dfb3"}
GRID = "#c9b896"
OPEN_HULL = "#7a6a4f"
FOOD = "#e07b24"
PITCH = {"pitched": ("#222", "#222"), "ready": ("#fff", "#222"), "waiting": ("none", "#a89b80")}


def point(x: float, y: float) -> tuple[float, float]:
    return MARGIN + UNIT * x, MARGIN + UNIT * y


def edge_label(key: EdgeKey) -> str:
    kind, x, y = key
    return f"{kind}{x},{y}"


def edges_path(keys: Iterable[EdgeKey]) -> str:
    """One path of unit segments: a move and a line per edge."""
    parts = []
    for key in keys:
        (x1, y1), (x2, y2) = (point(*end) for end in key_ends(key))
        parts.append(f"M{x1:g},{y1:g}L{x2:g},{y2:g}")
    return "".join(parts)


def squares_path(squares: Iterable[tuple[int, int]]) -> str:
    return "".join(f"M{x:g},{y:g}h{UNIT:g}v{UNIT:g}h{-UNIT:g}z" for x, y in (point(*square) for square in squares))


def _squares_attribute(squares: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{x},{y}" for x, y in squares)


def seat_colour(seat: int) -> tuple[str, str]:
    """(name, #rrggbb) of the seat's walls."""
    return COLOURS[seat % len(COLOURS)]


def ark_svg(game: "NoahState") -> str:
    """The ark as the game stands, as an SVG element (the same for every seat: the ark is shared)."""
    board = game.board
    width = max(x for x, _ in board.squares) + 1
    height = max(y for _, y in board.squares) + 1
    view_w, view_h = 2 * MARGIN + UNIT * width, 2 * MARGIN + UNIT * height + LEGEND
    loaded = sum(1 for species in game.cage_large + game.cage_small if species >= 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view_w:g} {view_h:g}" class="ark" role="img" '
             f'font-family="sans-serif" text-anchor="middle"><title>The ark: {len(game.cages)} cages, {loaded} pairs '
             f'on board, {(game.walls & board.hull).bit_count()} of {board.hull.bit_count()} hull edges walled</title>']
    free = [square for index, square in enumerate(board.squares) if not game.caged >> index & 1]
    parts.append(f'<path class="squares" data-squares="{_squares_attribute(free)}" fill="{SQUARE_FILL}" '
                 f'd="{squares_path(free)}"/>')
    parts += [_cage(game, index) for index in range(len(game.cages))]
    open_edges = board.all_edges & ~game.walls
    inner = [board.edge_keys[edge] for edge in bit_list(open_edges & ~board.hull & ~game.forbidden)]
    hull = [board.edge_keys[edge] for edge in bit_list(open_edges & board.hull)]
    parts.append(f'<path class="grid" fill="none" stroke="{GRID}" stroke-width="0.8" d="{edges_path(inner)}"/>')
    parts.append(f'<path class="open-hull" data-edges="{" ".join(map(edge_label, hull))}" fill="none" '
                 f'stroke="{OPEN_HULL}" stroke-width="1.4" stroke-dasharray="4,3" d="{edges_path(hull)}"/>')
    parts.append('<g class="walls" fill="none" stroke-width="4" stroke-linecap="round">')
    for seat, mask in enumerate(game.colour_walls):
        keys = [board.edge_keys[edge] for edge in bit_list(mask)]
        name, colour = seat_colour(seat)
        parts.append(f'<path data-seat="{seat}" data-edges="{" ".join(map(edge_label, keys))}" stroke="{colour}" '
                     f'd="{edges_path(keys)}"><title>P{seat + 1}: {len(keys)} {name} walls</title></path>')
    parts.append("</g>")
    parts.append(_pitch(game))
    parts.append(_legend(len(game.players), view_h))
    parts.append("</svg>")
    return "".join(parts)


def _cage(game: "NoahState", index: int) -> str:
    """A finished cage: its squares filled, a food mark per food in its squares, its pairs named."""
    board, species = game.board, game.catalog.species
    cage = game.cages[index]
    squares = [board.squares[square] for square in bit_list(cage.squares)]
    food = game.cage_food[index]
    pairs = [species[number].name for number in (game.cage_large[index], game.cage_small[index]) if number >= 0]
    title = (f"cage {index + 1}: {cage.size} square{'s' if cage.size > 1 else ''}, {food} of {cage.size} food"
             + (f", {' and '.join(pairs)} pair{'s' if len(pairs) > 1 else ''}" if pairs else ", no animals"))
    marks = "".join(f'<rect x="{x + UNIT - 10:g}" y="{y + UNIT - 10:g}" width="7" height="7" rx="1.5"/>'
                    for x, y in (point(*square) for square in squares[:food]))
    middle = (sum(x for x, _ in squares) / len(squares) + 0.5, sum(y for _, y in squares) / len(squares) + 0.5)
    anchor = min(squares, key=lambda square: math.dist((square[0] + 0.5, square[1] + 0.5), middle))
    cx, cy = point(anchor[0] + 0.5, anchor[1] + 0.5)
    labels = "".join(f'<text x="{cx:g}" y="{cy - 1 + 9 * row:g}">{escape(name)}</text>' for row, name in enumerate(pairs))
    return (f'<g class="cage" data-cage="{index + 1}" data-squares="{_squares_attribute(squares)}" data-food="{food}" '
            f'data-pairs="{escape(",".join(pairs))}"><title>{escape(title)}</title>'
            f'<path fill="{CAGE_FILL["loaded" if pairs else "empty"]}" d="{squares_path(squares)}"/>'
            f'<g fill="{FOOD}">{marks}</g><g font-size="8" fill="#222">{labels}</g></g>')


def _pitch(game: "NoahState") -> str:
    """The pitch spaces on the hull's corners: pitched, ready (both hull edges walled) or waiting."""
    board = game.board
    groups: dict[str, list[tuple[int, int]]] = {state: [] for state in PITCH}
    for space, vertex in enumerate(board.pitch_points):
        state = ("pitched" if game.pitched >> space & 1 else "ready" if game.pitchable >> space & 1 else "waiting")
        groups[state].append(vertex)
    parts = []
    for state, vertices in groups.items():
        fill, stroke = PITCH[state]
        circles = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="3.5"/>' for x, y in (point(*vertex) for vertex in vertices))
        parts.append(f'<g class="pitch {state}" data-points="{_squares_attribute(vertices)}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="1.2">{circles}</g>')
    return "".join(parts)


def _legend(players: int, bottom: float) -> str:
    """A row under the ark: each seat's wall colour, then the pitch and food marks."""
    y = bottom - 6
    items = []
    x = MARGIN
    for seat in range(players):
        _, colour = seat_colour(seat)
        items.append(f'<path d="M{x:g},{y - 3:g}h12" stroke="{colour}" stroke-width="4"/>'
                     f'<text x="{x + 14:g}" y="{y:g}" text-anchor="start">P{seat + 1}</text>')
        x += 38
    for state, label, width in (("pitched", "pitch", 42), ("ready", "to pitch", 56)):
        fill, stroke = PITCH[state]
        items.append(f'<circle cx="{x + 4:g}" cy="{y - 3:g}" r="3.5" fill="{fill}" stroke="{stroke}"/>'
                     f'<text x="{x + 11:g}" y="{y:g}" text-anchor="start">{label}</text>')
        x += width
    items.append(f'<rect x="{x:g}" y="{y - 7:g}" width="7" height="7" rx="1.5" fill="{FOOD}"/>'
                 f'<text x="{x + 10:g}" y="{y:g}" text-anchor="start">food</text>')
    return f'<g class="legend" font-size="9" fill="#444">{"".join(items)}</g>'
