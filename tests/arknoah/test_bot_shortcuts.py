"""The default bot's shortcuts give what their plain definitions give, to the bit, on positions of real
games: the open cage shapes (counted a word at a time, and remembered per board), the bag tiles' worths
(read once for every seat) and the swap's exchange promise (the least worth given, for most draws)."""

from __future__ import annotations

from typing import Any

import heuristics.arknoah  # noqa: F401  (registers the family)
from arknoah.helpers import SPEC
from heuristics.arknoah.evaluation import bag_worths, expected_best, open_shapes, progress, shapes_of, tile_worth
from heuristics.arknoah.policy import exchange_promise
from heuristics.arknoah.weights import archetype_weights
from sim.arknoah.animals import swappable
from sim.arknoah.board import bit_list, cage_shapes
from sim.arknoah.game import ArkNoah
from sim.arknoah.state import BAG, NoahState
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import make_bot

WEIGHTS = archetype_weights("default")


def positions(players: int, seeds: range) -> list[NoahState]:
    """A copy of the game before each of the default bot's decisions in self-play."""
    found: list[NoahState] = []

    def keep(state: Any, decision: Decision, choice: Any) -> None:
        found.append(state.copy())

    for seed in seeds:
        play_game(ArkNoah().new_game({"players": players}, seed), [make_bot("default", SPEC) for _ in range(players)],
                  seed, listeners=[keep])
    return found


def plain_open_shapes(game: NoahState, most_missing: int) -> list[tuple[Any, tuple[int, ...]]]:
    found = []
    for shape in cage_shapes(game.board):
        missing = tuple(bit_list(shape.boundary & ~game.walls))
        if not shape.squares & game.caged and 1 <= len(missing) <= most_missing:
            found.append((shape, missing))
    return found


def test_open_shapes_are_those_lacking_one_to_the_most_walls_missing_on_free_squares() -> None:
    games = positions(4, range(2))[::7]
    lacking_three = 0
    for game in games:
        shapes_of(game.board).found.clear()
        for most_missing in (2, 3):
            expected = plain_open_shapes(game, most_missing)
            assert list(open_shapes(game, most_missing)) == expected
            assert list(open_shapes(game, most_missing)) == expected, "remembered"
        lacking_three += sum(len(edges) == 3 for _, edges in open_shapes(game, 3))
        assert all(len(edges) < 3 for _, edges in open_shapes(game, 2))
    assert lacking_three, "shapes three walls short are open at 3, not at 2"


def test_bag_worths_are_each_tiles_worth_to_each_seat() -> None:
    for game in positions(4, range(1))[::5]:
        late = progress(game)
        worths = bag_worths(game, [2, 0, 3], WEIGHTS, late)
        for seat in (0, 2, 3):
            assert worths[seat] == [tile_worth(game, seat, tile, WEIGHTS, late) for bag in game.bags for tile in bag]


def plain_exchange_promise(game: NoahState, seat: int) -> float:
    late = progress(game)
    gives = [(give, tile_worth(game, seat, give, WEIGHTS, late)) for give in swappable(game, seat)]
    if not gives:
        return 0.0
    gains = [max(0.0, *(tile_worth(game, seat, tile, WEIGHTS, late, {give: BAG}) - worth for give, worth in gives))
             for bag in game.bags for tile in bag]
    return expected_best(gains, game.rules.swap_draws)


def test_the_exchange_promise_is_the_best_exchange_of_each_draw() -> None:
    partnered = 0
    for game in positions(3, range(2))[::3]:
        for seat in range(len(game.players)):
            assert exchange_promise(game, seat, WEIGHTS) == plain_exchange_promise(game, seat)
            given = set(swappable(game, seat))
            partnered += any(given & set(game.catalog.partners[tile]) for bag in game.bags for tile in bag)
    assert partnered, "some drawn tile partners a tile that may be given away"
