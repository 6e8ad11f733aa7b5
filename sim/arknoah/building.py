"""Action 6, building the ark: walls on free edges (the hull too, never inside a finished cage),
pitch on hull spaces walled on both sides, 1 VP per piece (none under the quick rules).

Cages are found as they close: a wall can only close the groups of squares on its two sides, and
a group is a cage only while it has at most 4 squares, so a search from each side that gives up
at the fifth square decides it. Walls left inside a cage when it closes go back to the supply
(the rulebook's picture of action 6). A finished cage never changes shape again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknoah.board import Board, bit_list, select
from sim.arknoah.registry import STEPS
from sim.arknoah.state import BUILD as BUILD_VP
from sim.arknoah.steps import BUILD, DONE, BuildOption, BuildStep, Done, PlacePitch, PlaceWall
from sim.core.steps import IllegalOption

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState

MAX_CAGE = 4


@STEPS.options(BUILD)
def build_options(game: "NoahState", step: BuildStep) -> tuple[BuildOption, ...]:
    """Every free edge (if the seat holds a wall), every pitchable space (if it holds pitch), and
    'done'; nothing when no piece can go anywhere."""
    board = game.board
    edges, spaces = placeable(game, step.seat)
    options: list[BuildOption] = select(edges, board.wall_option_tables)
    if spaces:
        options += select(spaces, board.pitch_option_tables)
    if not options:
        return ()
    options.append(DONE)
    return tuple(options)


def placeable(game: "NoahState", seat: int) -> tuple[int, int]:
    """The edges a wall of `seat`'s may go on and the spaces its pitch may go on, as masks (0 while
    it holds no such piece): free edges not inside a finished cage, pitchable spaces without pitch."""
    player = game.players[seat]
    edges = game.board.all_edges & ~game.walls & ~game.forbidden if player.walls else 0
    spaces = game.pitchable & ~game.pitched if player.pitch and not game.quick else 0
    return edges, spaces


@STEPS.resolver(BUILD)
def build(game: "NoahState", step: BuildStep, option: BuildOption) -> None:
    match option:
        case Done():
            return
        case PlaceWall(edge=edge):
            game.push(*continued(step))
            place_wall(game, step.seat, edge)
        case PlacePitch(space=space):
            game.push(*continued(step))
            place_pitch(game, step.seat, space)
        case _:
            raise IllegalOption(f"{option!r} is no build option")


def continued(step: BuildStep) -> tuple[BuildStep, ...]:
    """The rest of a build after one piece: the same seat with one piece fewer to place, if any."""
    return (BuildStep.of(step.seat, step.left - 1),) if step.left > 1 else ()


def place_wall(game: "NoahState", seat: int, edge: int) -> None:
    """A wall of `seat`'s from its pieces onto `edge`; closes the cages it completes."""
    bit = 1 << edge
    board = game.board
    game.walls |= bit
    game.colour_walls[seat] |= bit
    player = game.players[seat]
    player.walls -= 1
    if not game.quick:
        player.score(BUILD_VP, 1)
    if board.hull & bit:
        pitch_pair, walls = board.pitch_pair, game.walls
        for space in board.edge_pitch_list[edge]:
            if walls & pitch_pair[space] == pitch_pair[space]:
                game.pitchable |= 1 << space
    first, second = board.edge_squares[edge]
    close_cage(game, first)
    if second >= 0:
        close_cage(game, second)


def place_pitch(game: "NoahState", seat: int, space: int) -> None:
    game.pitched |= 1 << space
    player = game.players[seat]
    player.pitch -= 1
    player.score(BUILD_VP, 1)


def small_group(board: Board, walls: int, start: int) -> int:
    """The squares connected to `start` through unwalled inner edges, as a mask; 0 when there are
    more than MAX_CAGE of them (the search stops there)."""
    group, frontier, size = 1 << start, [start], 1
    neighbours = board.neighbours
    while frontier:
        square = frontier.pop()
        for edge, other in neighbours[square]:
            if not walls >> edge & 1 and not group >> other & 1:
                size += 1
                if size > MAX_CAGE:
                    return 0
                group |= 1 << other
                frontier.append(other)
    return group


def close_cage(game: "NoahState", square: int) -> None:
    """Record the cage `square` is in, if its group has just become one: at most 4 squares and
    its hull edges walled. Walls inside it go back to their colour's supply."""
    if game.caged >> square & 1:
        return
    board = game.board
    group = small_group(board, game.walls, square)
    if not group:
        return
    shape = board.shape(group)
    if shape.hull & ~game.walls:
        return
    inside = shape.interior & game.walls
    for edge in bit_list(inside):
        owner = game.colour_of(edge)
        game.colour_walls[owner] &= ~(1 << edge)
        game.supply_walls[owner] += 1
    game.walls &= ~inside
    game.forbidden |= shape.interior
    game.caged |= group
    game.cages.append(shape)
    game.cage_food.append(0)
    game.cage_large.append(-1)
    game.cage_small.append(-1)
