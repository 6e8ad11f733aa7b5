"""A seat's zoo map as an inline SVG: the hex grid with the coordinates the log uses, rock and water, build
bonuses, the map ability's spaces, and every building with its size, what it holds and whether it is occupied;
under it an HTML legend of every symbol drawn.

Hexes are flat-topped in the data files' doubled-row grid (`sim.arknova.geometry`: x is the column,
left to right, y the half-row, top to bottom). Standard enclosures hold no named animal: the rules
only turn an enclosure to its occupied side, so the drawing shows it occupied and the seat's panel
lists the animals; special enclosures show their animals by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

from sim.arknova.board import map_board
from sim.arknova.catalog import Catalog, Effect, ZooMap
from sim.arknova.geometry import Cell
from sim.arknova.state import SPECIAL_ENCLOSURES, PlayerState
from sim.arknova.zoo import ENCLOSURE_SIZE

RADIUS = 20.0
MARGIN = 3.0
AXIS = 12.0  # the coordinates' strip: the columns x along the top, the half-rows y down the left
ROW = RADIUS * math.sqrt(3) / 2  # a half-row: the vertical step between (x, y) and (x, y + 1)
COLUMNS, HALF_ROWS = 9, 13  # x 0-8, y 0-12
WIDTH = 2 * MARGIN + AXIS + 1.5 * RADIUS * (COLUMNS - 1) + 2 * RADIUS
HEIGHT = 2 * MARGIN + AXIS + ROW * (HALF_ROWS + 1)

TERRAIN_FILL = {"rock": "#a3a3a3", "water": "#86c5ea", "land": "#eef3e1"}
BUILDING_FILL = {"kiosk": "#f2a33a", "pavilion": "#b98ad0", "petting_zoo": "#f4a9bd", "reptile_house": "#8dbd74",
                 "large_bird_aviary": "#9fd3ec", "empty": "#ecd9ae", "occupied": "#b88b4e", "unique": "#e9c46a"}
SPECIAL_LABEL = {"petting_zoo": "petting zoo", "reptile_house": "reptile house", "large_bird_aviary": "large bird aviary"}
SPECIAL_SHORT = {"petting_zoo": "PZ", "reptile_house": "RH", "large_bird_aviary": "AV"}
BONUS_LABEL = {"money": "${n}", "xtoken": "X", "reputation": "R+{n}", "take_card_deck_or_range": "card",
               "hire_worker": "W", "free_kiosk": "+K", "clever": "clever", "multiplier": "mult",
               "partner_zoo": "zoo", "university": "univ", "play_sponsor_bonus": "spon"}
# what the legend says of each bonus a space gives the building that covers it first
BONUS_MEANING = {"money": "money", "xtoken": "an X-token", "reputation": "reputation",
                 "take_card_deck_or_range": "a card from the deck or in reputation range", "hire_worker": "a worker",
                 "free_kiosk": "a free kiosk", "clever": "an action card to slot 1", "multiplier": "a multiplier token",
                 "partner_zoo": "a partner zoo", "university": "a university", "play_sponsor_bonus": "a sponsor played"}
BONUS_FONT, LABEL_FONT, AXIS_FONT = 9, 10, 9  # in the drawing's units; the page widens it to make the smallest 10 px
# Edge k of a flat-topped hex joins corners k and k + 1 (corner k at 60k degrees, y downwards); across it lies:
EDGE_NEIGHBOUR: tuple[Cell, ...] = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


def centre(cell: Cell) -> tuple[float, float]:
    x, y = cell
    return MARGIN + AXIS + RADIUS + 1.5 * RADIUS * x, MARGIN + AXIS + ROW * (y + 1)


def corners(cell: Cell) -> list[tuple[float, float]]:
    """Corner k at 60k degrees from the centre (y downwards), k = 0..5."""
    cx, cy = centre(cell)
    return [(cx + RADIUS * math.cos(math.radians(60 * k)), cy + RADIUS * math.sin(math.radians(60 * k)))
            for k in range(6)]


def hexes_path(cells: Iterable[Cell]) -> str:
    """An SVG path of the cells' hexagons: from corner 0 round to corner 5, relative steps."""
    half = RADIUS / 2
    return "".join(f"M{x:.1f},{y:.1f}l{-half:g},{ROW:.2f}h{-RADIUS:g}l{-half:g},{-ROW:.2f}"
                   f"l{half:g},{-ROW:.2f}h{RADIUS:g}z" for x, y in (corners(cell)[0] for cell in cells))


def _cells_attribute(cells: Iterable[Cell]) -> str:
    return " ".join(f"{x},{y}" for x, y in cells)


def _text(point: tuple[float, float], text: str) -> str:
    x, y = point
    return f'<text x="{x:.1f}" y="{y + 3:.1f}">{escape(text)}</text>'


def bonus_label(bonus: Effect) -> str:
    return BONUS_LABEL.get(bonus.keyword, bonus.keyword[:5]).format(n=bonus.amount)


def unique_code(name: str) -> str:
    """A unique building's label, short enough for one space: its name's initials ("Polar Bear Exhibit": PBE),
    the first two letters of a one-word name ("Aquarium": Aq)."""
    words = name.split()
    return "".join(word[0] for word in words).upper() if len(words) > 1 else name[:2]


def _axes() -> str:
    """The coordinates the log names spaces by ("builds kiosk on 4,3"): x over each column, y beside each half-row."""
    top, left = MARGIN + AXIS / 2 + 3, MARGIN + AXIS / 2
    columns = "".join(_text((centre((x, 0))[0], top - 3), str(x)) for x in range(COLUMNS))
    rows = "".join(_text((left, centre((0, y))[1]), str(y)) for y in range(HALF_ROWS))
    return f'<g class="axes" font-size="{AXIS_FONT}" fill="#6b6b6b">{columns}{rows}</g>'


def zoo_svg(player: PlayerState) -> str:
    """The seat's zoo map with its buildings, as an SVG element."""
    catalog = player.catalog
    zoo_map = map_board(catalog, player.map_id).zoo_map
    covered = {cell for _, placement, _ in player.buildings for cell in placement.cells}
    land = sorted(catalog.grid - zoo_map.rock - zoo_map.water)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" class="zoo-map" '
             f'role="img" font-family="sans-serif" text-anchor="middle">'
             f'<title>{escape(map_title(catalog, player.map_id))}</title><g stroke="#7d8a6a" stroke-width="0.8">']
    for terrain, cells in (("land", land), ("rock", sorted(zoo_map.rock)), ("water", sorted(zoo_map.water))):
        parts.append(f'<path class="terrain {terrain}" data-cells="{_cells_attribute(cells)}" '
                     f'fill="{TERRAIN_FILL[terrain]}" d="{hexes_path(cells)}"/>')
    upgrade_only = sorted(zoo_map.upgrade_only)
    parts.append(f'<path class="upgrade-only" data-cells="{_cells_attribute(upgrade_only)}" fill="none" '
                 f'stroke-dasharray="3,2" stroke="#4d5a3a" d="{hexes_path(upgrade_only)}"/></g>')
    parts.append(_axes())
    parts.append(f'<g class="bonuses" font-size="{BONUS_FONT}" fill="#3b5d2a">')
    parts += [_text(centre(cell), bonus_label(bonus)) for cell, bonus in zoo_map.placement_bonuses if cell not in covered]
    parts.append("</g>")
    if zoo_map.ability_cells:  # the map ability's spaces: a star, the ability's name as tooltip
        parts.append(f'<g font-size="11" fill="#8a5a00"><title>{escape(zoo_map.ability.replace("_", " "))}</title>')
        parts += [_text(_offset(centre(cell), -9), "\N{BLACK STAR}") for cell in zoo_map.ability_cells]
        parts.append("</g>")
    parts.append(f'<g font-size="{LABEL_FONT}" font-weight="bold" fill="#222">')
    parts += [_building(player, kind, placement.cells, used) for kind, placement, used in player.buildings]
    parts.append("</g></svg>")
    parts.append(zoo_legend(player, zoo_map, [bonus for cell, bonus in zoo_map.placement_bonuses if cell not in covered]))
    return "".join(parts)


def zoo_legend(player: PlayerState, zoo_map: ZooMap, bonuses: Iterable[Effect]) -> str:
    """Under the seat's map `zoo_map`, an HTML list: each symbol drawn on it (`data-key`) with what it means;
    `bonuses` are those left uncovered."""
    catalog = player.catalog
    items = [("", TERRAIN_FILL["rock"], "rock"), ("", TERRAIN_FILL["water"], "water"),
             ("2", BUILDING_FILL["empty"], "standard enclosure of size 2, empty"),
             ("2\N{BLACK CIRCLE}", BUILDING_FILL["occupied"], "\N{BLACK CIRCLE} occupied (the panel lists the animals)")]
    kinds = {kind for kind, _, _ in player.buildings}
    items += [(kind[0].upper(), BUILDING_FILL[kind], kind) for kind in ("kiosk", "pavilion") if kind in kinds]
    items += [(f"{SPECIAL_SHORT[kind]} n/m", BUILDING_FILL[kind], f"{SPECIAL_LABEL[kind]}: n of its m places used")
              for kind in SPECIAL_SHORT if kind in kinds]
    items += [(unique_code(name), BUILDING_FILL["unique"], f"{name} (unique building)")
              for kind in sorted(kinds) if (name := _unique_name(catalog, kind))]
    shown: dict[str, str] = {}
    for bonus in bonuses:
        shown.setdefault(bonus_label(bonus), BONUS_MEANING.get(bonus.keyword, bonus.keyword.replace("_", " ")))
    items += [(label, "", f"bonus: {meaning}") for label, meaning in shown.items()]
    if zoo_map.ability_cells:
        items.append(("\N{BLACK STAR}", "", f"map ability: {zoo_map.ability.replace('_', ' ')}"))
    if zoo_map.upgrade_only:
        items.append(("", "none", "dashed: build here only with Build II"))
    items.append(("x,y", "", "a space as the log names it: x on top, y on the left"))
    rows = "".join(f'<li data-key="{escape(key)}"><span class="key" style="background:{fill or "transparent"}"'
                   f'{" data-dashed" if fill == "none" else ""}>{escape(key) or "&nbsp;"}</span>{escape(text)}</li>'
                   for key, fill, text in items)
    return f'<ul class="legend">{rows}</ul>'


def _unique_name(catalog: Catalog, kind: str) -> str:
    """The name of the sponsor whose unique building `kind` is; "" for any other building."""
    return next((card.name for card in catalog.sponsors.values() if card.unique_building == kind), "")


def _offset(point: tuple[float, float], dy: float) -> tuple[float, float]:
    return point[0], point[1] + dy


def map_title(catalog: Catalog, map_id: str) -> str:
    """"Map A", "Map 3: Silver Lake"."""
    name = catalog.maps[map_id].name
    return name if name.endswith(map_id) else f"Map {map_id}: {name}"


def _building(player: PlayerState, kind: str, cells: tuple[Cell, ...], used: int) -> str:
    """One building: its cells filled, its outline, a label on the cell nearest its middle, a tooltip."""
    label, fill, title = _building_text(player, kind, used)
    inside = set(cells)
    edges = []
    for cell in cells:
        points = corners(cell)
        for k, (dx, dy) in enumerate(EDGE_NEIGHBOUR):
            if (cell[0] + dx, cell[1] + dy) not in inside:
                (x1, y1), (x2, y2) = points[k], points[(k + 1) % 6]
                edges.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    middle = (sum(centre(cell)[0] for cell in cells) / len(cells), sum(centre(cell)[1] for cell in cells) / len(cells))
    anchor = min(cells, key=lambda cell: math.dist(centre(cell), middle))
    return (f'<g class="building" data-kind="{escape(kind)}" data-used="{used}" data-cells="{_cells_attribute(cells)}">'
            f'<title>{escape(title)}</title><path fill="{fill}" stroke="{fill}" d="{hexes_path(cells)}"/>'
            f'<path d="{"".join(edges)}" stroke="#4a3a1c" stroke-width="1.8" fill="none" stroke-linecap="round"/>'
            f'{_text(centre(anchor), label)}</g>')


def _building_text(player: PlayerState, kind: str, used: int) -> tuple[str, str, str]:
    """The label, fill and tooltip of a building."""
    catalog = player.catalog
    if kind in ENCLOSURE_SIZE:
        size = ENCLOSURE_SIZE[kind]
        state = "occupied" if used else "empty"
        title = f"standard enclosure of size {size}, {state}"
        return (f"{size}\N{BLACK CIRCLE}" if used else str(size)), BUILDING_FILL[state], title
    if kind in SPECIAL_ENCLOSURES:
        capacity = catalog.tiles.special_enclosures[kind].capacity
        animals = [catalog.animals[number].name for number, where in player.housing.items() if where == kind]
        title = f"{SPECIAL_LABEL[kind]}: {used} of {capacity} places used" + (f": {', '.join(animals)}" if animals else "")
        return f"{SPECIAL_SHORT[kind]} {used}/{capacity}", BUILDING_FILL[kind], title
    if kind in ("kiosk", "pavilion"):
        return kind[0].upper(), BUILDING_FILL[kind], kind
    sponsor = _unique_name(catalog, kind) or kind
    return unique_code(sponsor), BUILDING_FILL["unique"], f"{sponsor} (unique building)"
