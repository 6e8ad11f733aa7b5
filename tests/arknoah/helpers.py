"""Positions for the Ark & Noah tests: a game set up, its tiles put where a rulebook example has
them, walls and pitch placed by the engine's own routines, and decisions answered by option."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sim.arknoah.building import place_pitch, place_wall
from sim.arknoah.game import ArkNoah
from sim.arknoah.state import BOX, SOURCES, NoahState
from sim.arknoah.steps import DONE, PLAN, Plan

SPEC = "sim.arknoah.game:ArkNoah"
NOAH, SEM, CAM, JAFET = range(4)


def new(players: int = 4, quick: bool = False, seed: int = 0, **config: Any) -> NoahState:
    """A fresh game with every animal tile in the box: a test puts the tiles it needs."""
    game = ArkNoah().new_game({"players": players, "quick": quick, **config}, seed)
    for tile in range(len(game.holder)):
        game.holder[tile] = BOX
    game.bags = [[], []]
    return game


def tile(game: NoahState, species: str, male: bool) -> int:
    return game.catalog.tile(species, male)


def give(game: NoahState, seat: int, species: str, male: bool) -> int:
    """Put that tile in front of `seat`; its number."""
    number = tile(game, species, male)
    game.holder[number] = seat
    return number


def bag(game: NoahState, *tiles: int) -> None:
    """Put these tiles (from the box) into their bags."""
    for number in tiles:
        assert game.holder[number] == BOX, f"tile {number} is not in the box"
        game.return_to_bag(number)


def square(game: NoahState, x: int, y: int) -> int:
    return game.board.squares.index((x, y))


def edge(game: NoahState, x: int, y: int, side: str) -> int:
    """The edge on `side` (N, S, W, E) of square (x, y)."""
    from sim.arknoah.board import side_key

    return game.board.edge_keys.index(side_key(x, y, side))


def wall(game: NoahState, seat: int, *edges: int) -> None:
    """Walls of `seat`'s colour on these edges, taken from its supply through its hand (so every
    count stays right; its VP for them is cleared by `no_vp`)."""
    for number in edges:
        assert not game.walls >> number & 1, f"edge {number} already holds a wall"
        game.supply_walls[seat] -= 1
        game.players[seat].walls += 1
        place_wall(game, seat, number)


def pitch(game: NoahState, seat: int, *spaces: int) -> None:
    for space in spaces:
        game.supply_pitch -= 1
        game.players[seat].pitch += 1
        place_pitch(game, seat, space)


def pitch_space(game: NoahState, x: int, y: int) -> int:
    return game.board.pitch_points.index((x, y))


def boundary(game: NoahState, squares: Iterable[tuple[int, int]]) -> list[int]:
    """The edges around a group of squares (its walls once it is a cage)."""
    mask = 0
    for x, y in squares:
        mask ^= game.board.square_edges[square(game, x, y)]
    return [number for number in range(game.board.n_edges) if mask >> number & 1]


def no_vp(game: NoahState) -> None:
    """Every player back to 0 VP (after building a position)."""
    for player in game.players:
        player.vp = 0
        player.sources = [0] * len(SOURCES)


def vp(game: NoahState) -> list[int]:
    return [player.vp for player in game.players]


def plan_round(game: NoahState, columns: dict[int, int] | list[int]) -> None:
    """Answer the round's planning: `columns` gives each worker's column, in the order asked."""
    chosen = list(columns.values()) if isinstance(columns, dict) else list(columns)
    for column in chosen:
        decision = game.decision()
        assert decision.kind == PLAN, decision
        answer(game, Plan(column))


def answer(game: NoahState, option: Any) -> None:
    """Apply `option`, which must be legal."""
    decision = game.decision()
    assert option in decision.options, f"{option!r} is not among the {decision.kind} options {decision.options}"
    game.apply(option)


def finish_turns(game: NoahState, kind: str) -> list[int]:
    """Answer 'done' to every pending decision of `kind`; the seats that were asked, in order."""
    seats = []
    while not game.is_over() and game.decision().kind == kind:
        seats.append(game.decision().seat)
        answer(game, DONE)
    return seats


def play_out_round(game: NoahState) -> None:
    """Answer the rest of the round's decisions: 'done' where it is an option, else the first
    option; stop at the next round's planning (or turns), the last-minute loading or the end."""
    start = game.round
    while not game.is_over() and game.round == start:
        decision = game.decision()
        game.apply(DONE if DONE in decision.options else decision.options[0])


def run_round(game: NoahState, columns: list[int]) -> None:
    """Plan `columns` (one per worker, in the order asked) and play the round out."""
    plan_round(game, columns)
    play_out_round(game)
