"""The default bot's shortcuts give what their plain definitions give, to the bit, on positions of real
games: the open cage shapes (counted from the counts of another position, and remembered per board), the
bag tiles' worths (read once for every seat, and remembered), the seat's loadable and single sizes (one
pass, remembered), the swap's exchange promise (the least worth given, for most draws) and the building
choice (only the options that can be best are scored); and the bot plays the same on a view of the table
as on a snapshot."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import heuristics.arknoah  # noqa: F401  (registers the family)
from arknoah.helpers import SPEC, bag, give, new, tile
from heuristics.arknoah.bot import NoahBot
from heuristics.arknoah.evaluation import (
    bag_worths,
    expected_best,
    loadable_sizes,
    open_shapes,
    progress,
    shapes_of,
    single_sizes,
    tile_worth,
)
from heuristics.arknoah.policy import best, build, cage_gains, exchange_promise
from heuristics.arknoah.weights import NoahWeights, archetype_weights
from sim.arknoah.animals import swappable
from sim.arknoah.board import bit_list, cage_shapes
from sim.arknoah.game import ArkNoah
from sim.arknoah.state import BAG, NoahState
from sim.arknoah.steps import PlacePitch, PlaceWall
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import make_bot

WEIGHTS = archetype_weights("default")


def positions(players: int, seeds: range) -> list[NoahState]:
    """A copy of the game before each of the default bot's decisions in self-play."""
    return [game for game, _ in decisions(players, seeds)]


def decisions(players: int, seeds: range) -> list[tuple[NoahState, Decision]]:
    """(a copy of the game, the decision) before each of the default bot's decisions in self-play."""
    found: list[tuple[NoahState, Decision]] = []

    def keep(state: Any, decision: Decision, choice: Any) -> None:
        found.append((state.copy(), decision))

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


def test_open_shapes_counted_from_any_other_position_are_those_of_the_plain_count() -> None:
    """In a shuffled order the counts start from positions with walls and cages this one lacks (walls
    taken back, squares uncaged), from later and earlier games, and from the empty ark."""
    games = positions(4, range(2))[::3]
    random.Random(3).shuffle(games)
    uncaged = 0
    for before, game in zip([None, *games], games):
        shapes_of(game.board).found.clear()
        assert list(open_shapes(game, 3)) == plain_open_shapes(game, 3)
        uncaged += before is not None and bool(before.caged & ~game.caged)
    assert uncaged, "some position has squares caged that the next one has not"


def test_bag_worths_are_each_tiles_worth_to_each_seat() -> None:
    for game in positions(4, range(1))[::5]:
        late = progress(game)
        worths = bag_worths(game, [2, 0, 3], WEIGHTS, late)
        for seat in (0, 2, 3):
            assert worths[seat] == [tile_worth(game, seat, tile, WEIGHTS, late) for bag in game.bags for tile in bag]


def test_bag_worths_are_remembered_apart_for_other_weights() -> None:
    other = replace(WEIGHTS, single=WEIGHTS.single + 0.25, own_pair=WEIGHTS.own_pair + 0.5,
                    shared_pair=WEIGHTS.shared_pair + 0.125, size_risk=WEIGHTS.size_risk + 0.0625)
    for game in positions(4, range(1))[::9]:
        late = progress(game)
        for weights in (WEIGHTS, other):
            for seat in range(4):
                assert bag_worths(game, [seat], weights, late)[seat] == [
                    tile_worth(game, seat, tile, weights, late) for bag in game.bags for tile in bag]


def test_bag_worths_are_remembered_apart_for_other_player_counts() -> None:
    """The same tiles in the same places and bags, in a game of two players and then of four."""
    for players in (2, 4):
        game = new(players)
        give(game, 1, "dog", True)
        bag(game, tile(game, "dog", False), tile(game, "lion", True))
        late = progress(game)
        assert bag_worths(game, list(range(players)), WEIGHTS, late) == {
            seat: [tile_worth(game, seat, number, WEIGHTS, late) for number in game.bags[0] + game.bags[1]]
            for seat in range(players)}


def test_held_sizes_are_the_loadable_and_single_tiles_by_size() -> None:
    catalog_checked = 0
    for game in positions(4, range(1))[::4]:
        catalog, holder = game.catalog, game.holder
        for seat in range(4):
            loadable: dict[int, int] = {}
            singles: dict[int, int] = {}
            for number, owner in enumerate(holder):
                if owner != seat:
                    continue
                size = catalog.species[catalog.tiles[number].species].size
                if any(holder[partner] >= 0 and (holder[partner] != seat or catalog.tiles[number].male)
                       for partner in catalog.partners[number]):
                    loadable[size] = loadable.get(size, 0) + 1
                if not game.partner_in_play(number):
                    singles[size] = singles.get(size, 0) + 1
            assert loadable_sizes(game, seat) == loadable and single_sizes(game, seat) == singles
            catalog_checked += bool(loadable) and bool(singles)
    assert catalog_checked, "some seat holds both a loadable pair and a single"


def plain_build(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """The building rule scored on every option: the first of the highest score."""
    gains = cage_gains(game, decision.seat, weights)
    needed = 0
    for index, cage in enumerate(game.cages):
        if game.cage_large[index] < 0:
            needed |= cage.pitch

    def score(option: Any) -> float:
        if isinstance(option, PlaceWall):
            return 1.0 + weights.hull_edge * (game.board.hull >> option.edge & 1) + gains.get(option.edge, 0.0)
        if isinstance(option, PlacePitch):
            return 1.0 + weights.pitch_needed * (needed >> option.space & 1)
        return 0.0

    return best(decision.options, score)


def test_building_chooses_what_scoring_every_option_chooses() -> None:
    """Also with weights that put the hull and needed pitch below the other walls and pitch (done is then
    chosen when only needed pitch is left)."""
    chosen = set()
    for weights in (WEIGHTS, replace(WEIGHTS, hull_edge=-0.5, pitch_needed=-2.0)):
        for game, decision in decisions(4, range(2)):
            if decision.kind == "build":
                choice = build(game, decision, weights)
                assert choice == plain_build(game, decision, weights)
                chosen.add(type(choice).__name__)
    assert chosen == {"PlaceWall", "PlacePitch", "Done"}


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


def test_the_default_plays_the_same_on_a_view_as_on_a_snapshot() -> None:
    assert NoahBot.observes == "view"

    def course(observes: Any) -> tuple[list[Any], list[int]]:
        game = ArkNoah().new_game({"players": 3}, 4)
        bots = [NoahBot() for _ in range(3)]
        for bot in bots:
            bot.observes = observes
        choices: list[Any] = []
        play_game(game, bots, 4, listeners=[lambda state, decision, choice: choices.append(choice)])
        return choices, [player.vp for player in game.players]

    assert course("view") == course(True)
