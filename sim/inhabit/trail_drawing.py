"""The six continent trails as an inline SVG, as every seat sees them: each space by terrain and region,
the sun-covered start spaces, the token spaces with the colours of their face-down stacks, and every
seat's creature markers in its colour, on their white or black side.

One row per continent, its path running south (left) to north (right), the final space last and
outlined; a band under the row shows the regions 1-3. The drawing reads only what a seat's observation
holds (the stacks by colour, never the tokens in them), so it is the same for every seat at a moment
and the page stores it once. For tools and tests, each marker is a group with its seat, class, continent,
space and side as `data-` attributes, each terrain's path lists its spaces ("continent,space"), and each
token stack names its place and colours.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from sim.inhabit.catalog import CLASSES, CONTINENTS, RED, TERRAINS

if TYPE_CHECKING:
    from sim.inhabit.catalog import Trail
    from sim.inhabit.observation import InhabitObservation

SEAT_COLORS = ("#2563eb", "#16a34a", "#dc2626", "#eab308")  # the rulebook's player colours: blue, green, red, yellow
SEAT_COLOR_NAMES = ("blue", "green", "red", "yellow")
TERRAIN_FILL = {"mountains": "#b9ab9c", "grassland": "#dbe9a8", "deciduous": "#a9cf8a", "coniferous": "#7fa68c",
                "rainforest": "#5fb39a", "water": "#9ccbe8", "desert": "#f0d9a0"}
TOKEN_FILL = {"green": "#3f9b4a", "blue": "#3b7dd8", "red": "#d64545"}
TOKEN_SPACE_FILL = "#f6f1e4"
REGION_FILL = ("", "#ececec", "#c4c4c4", "#8f8f8f")  # the band under regions 1-3
CLASS_LETTER = ("P", "H", "B", "S", "Pr", "R")  # predator, herbivore, bird, small mammal, primate, reptile
SPACE = 24.0  # a space's width and height
LABEL = 92.0  # the continent names' column
ROW = SPACE + 16.0  # a row: the spaces, the region band, a gap
TOP = 4.0
LEGEND = 34.0  # two lines under the rows: the terrains, the classes


def _x(space: int) -> float:
    return LABEL + space * SPACE


def _y(continent: int) -> float:
    return TOP + continent * ROW


def trails_svg(observation: "InhabitObservation") -> str:
    """The boards as the observing seat sees them (the same for every seat), as an SVG element."""
    view = observation.view
    trails = [(continent, trail) for continent, trail in enumerate(view.trails) if trail is not None]
    longest = max((len(trail) for _, trail in trails), default=1)
    width, height = LABEL + longest * SPACE + 4, TOP + len(CONTINENTS) * ROW + LEGEND
    return "".join((
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" class="trails" role="img" '
        'font-family="sans-serif" font-size="10" text-anchor="middle"><title>The continent trails</title>',
        _names(view.trails), _terrains(trails), _regions(trails), _suns(trails, view.start),
        _stacks(trails, observation.stack_colors), _markers(observation), _legend(height - LEGEND + 4), "</svg>"))


def _square(continent: int, space: int) -> str:
    return f"M{_x(space):g},{_y(continent):g}h{SPACE:g}v{SPACE:g}h{-SPACE:g}z"


def _names(trails: "tuple[Trail | None, ...]") -> str:
    """Each row's continent, and "not in play" on a row without a board."""
    parts = ['<g text-anchor="start" font-weight="bold">']
    for continent, trail in enumerate(trails):
        y = _y(continent) + SPACE / 2 + 4
        parts.append(f'<text x="4" y="{y:g}">{escape(CONTINENTS[continent].replace("_", " "))}</text>')
        if trail is None:
            parts.append(f'<text x="{LABEL:g}" y="{y:g}" font-weight="normal" fill="#888">not in play</text>')
    parts.append("</g>")
    return "".join(parts)


def _terrains(trails: "list[tuple[int, Trail]]") -> str:
    """One path per terrain over every board (its spaces as "continent,space" in `data-spaces`), one for the
    token spaces, and the final spaces outlined."""
    parts = ['<g stroke="#fff">']
    for terrain, name in enumerate(TERRAINS):
        spaces = [(continent, space) for continent, trail in trails
                  for space, kind in enumerate(trail.terrains) if kind == terrain]
        if spaces:
            parts.append(f'<path class="terrain" data-terrain="{name}" '
                         f'data-spaces="{" ".join(f"{c},{s}" for c, s in spaces)}" fill="{TERRAIN_FILL[name]}" '
                         f'd="{"".join(_square(c, s) for c, s in spaces)}"/>')
    tokens = "".join(_square(continent, space) for continent, trail in trails for space in trail.token_spaces)
    parts.append(f'<path class="token-spaces" fill="{TOKEN_SPACE_FILL}" stroke="#a89f88" stroke-dasharray="2,2" '
                 f'd="{tokens}"/></g>')
    finals = "".join(_square(continent, trail.final) for continent, trail in trails)
    parts.append(f'<path class="finals" fill="none" stroke="#222" stroke-width="2" d="{finals}"/>')
    return "".join(parts)


def _regions(trails: "list[tuple[int, Trail]]") -> str:
    """The band under each row: one path per region, each region's number at its start."""
    bars: dict[int, list[str]] = {1: [], 2: [], 3: []}
    numbers = []
    for continent, trail in trails:
        y = _y(continent) + SPACE + 1
        for region, bar in bars.items():
            spaces = [space for space, number in enumerate(trail.regions) if number == region]
            if spaces:
                bar.append(f"M{_x(spaces[0]):g},{y:g}h{len(spaces) * SPACE - 1:g}v10h{1 - len(spaces) * SPACE:g}z")
                light = ' fill="#fff"' if region == 3 else ""  # on the darkest band
                numbers.append(f'<text x="{_x(spaces[0]) + 6:g}" y="{y + 8.5:g}"{light}>{region}</text>')
    paths = "".join(f'<path class="region" data-region="{region}" fill="{REGION_FILL[region]}" d="{"".join(bar)}"/>'
                    for region, bar in bars.items())
    return f'{paths}<g font-size="8">{"".join(numbers)}</g>'


def _suns(trails: "list[tuple[int, Trail]]", start: int) -> str:
    """The start spaces under sun markers in a game of 2 or 3 (`data-spaces`: how many per board)."""
    if not start or not trails:
        return ""
    suns = "".join(f'<circle cx="{_x(space) + SPACE / 2:g}" cy="{_y(continent) + SPACE / 2:g}" r="{SPACE / 2 - 3:g}"/>'
                   for continent, _ in trails for space in range(start))
    return (f'<g class="suns" data-spaces="{start}" fill="#ffd84d" fill-opacity="0.8" stroke="#d4a800">'
            f'<title>sun markers: spaces not used with this many players</title>{suns}</g>')


def _stacks(trails: "list[tuple[int, Trail]]", colors: tuple[tuple[tuple[str, ...], ...], ...]) -> str:
    """Every token stack left on a token space, face down: one disc per token, bottom first, in its colour."""
    parts = ['<g stroke="#fff">']
    for continent, trail in trails:
        for space, stack in zip(trail.token_spaces, colors[continent], strict=True):
            if not stack:
                continue
            cx, cy = _x(space) + SPACE / 2, _y(continent) + SPACE / 2
            top = len(stack) - 1
            discs = "".join(f'<circle cx="{cx + 2 * (top - index):g}" cy="{cy - 2 * (top - index):g}" r="8" '
                            f'fill="{TOKEN_FILL[color]}"/>' for index, color in enumerate(stack))
            parts.append(f'<g class="tokens" data-at="{continent},{space}" data-colors="{",".join(stack)}">'
                         f'<title>{"red token" if trail.tokens[space] == RED else "tokens"}, face down: '
                         f'{", ".join(stack)}</title>{discs}</g>')
    parts.append("</g>")
    return "".join(parts)


def _markers(observation: "InhabitObservation") -> str:
    """Every seat's markers: a disc in the seat's colour around the class's letter on a white or black ground."""
    parts = ['<g font-size="8" font-weight="bold" stroke-width="0.8">']
    for seat, player in enumerate(observation.view.seats):
        color = SEAT_COLORS[seat % len(SEAT_COLORS)]
        for creature in player.creatures:
            side = "black" if creature.black else "white"
            x, y = _x(creature.space) + SPACE / 2, _y(creature.continent) + SPACE / 2
            parts.append(f'<g class="marker" data-seat="{seat}" data-class="{creature.cls}" '
                         f'data-continent="{creature.continent}" data-space="{creature.space}" data-side="{side}" '
                         f'transform="translate({x:g},{y:g})"><title>P{seat + 1} '
                         f'{escape(CLASSES[creature.cls].replace("_", " "))}, {side} side</title>'
                         f'<circle r="11" fill="{color}" stroke="#222"/><circle r="7" fill="{side}"/>'
                         f'<text y="3" fill="{"#fff" if creature.black else "#000"}">{CLASS_LETTER[creature.cls]}</text>'
                         '</g>')
    parts.append("</g>")
    return "".join(parts)


def _legend(y: float) -> str:
    """The terrains' colours and the classes' letters under the boards."""
    parts = ['<g class="legend" font-size="9" text-anchor="start">']
    x = 4.0
    for name in TERRAINS:
        parts.append(f'<rect x="{x:g}" y="{y:g}" width="10" height="10" fill="{TERRAIN_FILL[name]}"/>'
                     f'<text x="{x + 13:g}" y="{y + 9:g}">{name}</text>')
        x += 16 + 5.6 * len(name)
    letters = ", ".join(f"{letter} {name.replace('_', ' ')}" for letter, name in zip(CLASS_LETTER, CLASSES, strict=True))
    parts.append(f'<text x="4" y="{y + 24:g}">markers: {escape(letters)}; white or black ground: the side up</text></g>')
    return "".join(parts)

