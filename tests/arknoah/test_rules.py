"""Ark & Noah's rules one by one, each at its threshold and just below it: setup by player count,
planning and bonus tiles, building and cages, loading, the end of the game, final scoring, and
the quick rules (Schnellregel). The rulebook's worked examples are in test_examples.py."""

from __future__ import annotations

import pytest

from arknoah.helpers import (
    answer,
    bag,
    edge,
    finish_turns,
    give,
    new,
    no_vp,
    pitch,
    pitch_space,
    plan_round,
    play_out_round,
    run_round,
    tile,
    vp,
    wall,
)
from sim.arknoah.building import build_options
from sim.arknoah.game import ArkNoah
from sim.arknoah.loading import load_options
from sim.arknoah.setup import deal_animals
from sim.arknoah.state import BAG, HULL, PIECES_LEFT, SOURCES
from sim.arknoah.steps import (
    BUILD,
    DONE,
    FEMALE_BAG,
    GATHER_BAG,
    LAST_FOOD,
    LAST_LOAD,
    LOAD,
    MALE_BAG,
    PLAN,
    TURN,
    BuildStep,
    Exchange,
    FinalStep,
    LoadFood,
    LoadPair,
    LoadStep,
    PlacePitch,
    PlaceWall,
    Plan,
    Turn,
)

# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "squares", "hull", "species", "plan_order"), [
    (2, 24, 24, 18, [0, 1, 1, 0]), (3, 36, 30, 22, [0, 1, 2]), (4, 48, 36, 26, [0, 1, 2, 3])])
def test_setup_by_player_count(players: int, squares: int, hull: int, species: int, plan_order: list[int]) -> None:
    """Bow and stern, plus 1 or 2 middle parts; 3 walls, 2 pitch, 2 food, a male and a female each
    (never a pair); species marked for 2 or 3 players stay in the box; two workers each with two
    players, on the 1st/4th and 2nd/3rd 'done' spaces."""
    game = ArkNoah().new_game({"players": players}, 3)
    assert (game.board.n_squares, game.board.hull.bit_count()) == (squares, hull)
    assert game.board.parts == ("stern", *["middle"] * (players - 2), "bow")
    for seat, player in enumerate(game.players):
        assert (player.walls, player.pitch, player.food, player.vp) == (3, 2, 2, 0)
        own = [game.catalog.tiles[number] for number in game.tiles_of(seat)]
        assert sorted(item.male for item in own) == [False, True] and own[0].species != own[1].species
    in_play = {game.catalog.tiles[number].species for number, holder in enumerate(game.holder) if holder != -2}
    assert len(in_play) == species
    if players == 2:
        assert game.worker_seat == (0, 0, 1, 1) and game.worker_column == [1, 4, 2, 3]
    order = []
    for column in range(1, len(plan_order) + 1):
        order.append(game.decision().seat)
        answer(game, Plan(column))
    assert order == plan_order


@pytest.mark.parametrize("seed", range(6))
def test_a_matching_start_pair_is_redrawn(seed: int) -> None:
    game = new(2, seed=seed)
    dog_m, dog_f, cat_f = tile(game, "dog", True), tile(game, "dog", False), tile(game, "cat", False)
    bag(game, dog_m, dog_f, cat_f)
    deal_animals(game, 0)
    assert sorted(game.tiles_of(0)) == sorted([dog_m, cat_f]) and game.bags[0] == [dog_f]


def test_the_quick_rules_set_up_without_food_pitch_or_small_animals() -> None:
    game = ArkNoah().new_game({"players": 4, "quick": True}, 0)
    assert all((player.walls, player.pitch, player.food) == (3, 0, 0) for player in game.players)
    in_play = {game.catalog.species[game.catalog.tiles[number].species].size
               for number, holder in enumerate(game.holder) if holder != -2}
    assert 0 not in in_play and game.actions == ("animals", "swap", "wood", "build", "load")


@pytest.mark.parametrize(("config", "message"), [
    ({"players": 1}, "players must be 2-4, got 1"), ({"players": 5}, "players must be 2-4, got 5"),
    ({"quick": "yes"}, "quick must be true or false"), ({"max_rounds": 9}, "max_rounds must be a whole number from 10"),
    ({"quick": True, "max_rounds": 7}, "from 8"), ({"colour": 1}, "unknown Ark & Noah option(s): colour")])
def test_bad_options_get_one_line(config: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ArkNoah().validate(config)


# ----------------------------------------------------------------------------- planning and bonus


def test_bonus_tiles_grow_by_one_to_four_and_are_taken_when_chosen() -> None:
    """No bonus in round 1; +1 on every space left free, up to +4; chosen, it pays and is gone."""
    game = new(2)
    assert game.bonus == [0] * 7
    seen = []
    for _ in range(5):
        run_round(game, [1, 2, 3, 5])
        seen.append(game.bonus[6])
    assert seen == [1, 2, 3, 4, 4]
    assert game.bonus[0] == 0 and game.bonus[3] == 5 - 1, "column 4 was free for 5 rounds but one"
    no_vp(game)
    first = game.decision().seat
    plan_round(game, [7])
    assert game.players[first].sources[SOURCES.index("bonus")] == 4 and game.bonus[6] == 0


def test_one_worker_per_planned_space_and_the_same_action_again() -> None:
    game = new(4)
    answer(game, Plan(6))
    assert Plan(6) not in game.decision().options and len(game.decision().options) == 6
    plan_round(game, [1, 2, 3])
    play_out_round(game)
    assert Plan(6) in game.decision().options, "a worker may plan the action it just did"


def test_with_two_players_each_player_acts_once_per_action() -> None:
    game = new(2)
    plan_round(game, [6, 1, 2, 3])  # seat 0's first worker builds
    assert finish_turns(game, BUILD) == [0, 1]


def test_a_short_supply_serves_the_planner_first() -> None:
    """Decision R6: 2 pitch left, the planner of action 1 takes both, the others none; a colour's empty
    supply gives its player no wall."""
    game = new(3)
    game.players[2].pitch += game.supply_pitch - 2
    game.supply_pitch = 2
    game.players[1].walls += game.supply_walls[1]
    game.supply_walls[1] = 0
    before = [(player.pitch, player.walls) for player in game.players]
    plan_round(game, [5, 1, 2])  # seat 0 wood, seat 1 pitch, seat 2 gathers (the bags are empty)
    game.decision()
    gained = [(player.pitch - pitch, player.walls - walls) for player, (pitch, walls) in zip(game.players, before)]
    assert gained == [(0, 4), (2, 0), (0, 2)]
    game.check_invariants()


def test_three_players_the_planner_chooses_the_bag_of_the_third_draw() -> None:
    game = new(3)
    bag(game, tile(game, "dog", True), tile(game, "cat", True), tile(game, "dog", False), tile(game, "cat", False))
    plan_round(game, [2, 1, 3])
    assert game.decision().kind == GATHER_BAG and game.decision().options == (MALE_BAG, FEMALE_BAG)
    answer(game, FEMALE_BAG)
    assert sorted(game.catalog.tiles[number].male for number in game.drawn) == [False, False, True]


# ----------------------------------------------------------------------------- building and cages

BOW = 4  # the bow's first column with two players


def two_by_two(game, x: int = BOW, y: int = 0) -> list[tuple[int, int]]:
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def outline(game, squares: list[tuple[int, int]]) -> list[int]:
    from arknoah.helpers import boundary

    return boundary(game, squares)


def test_a_cage_has_at_most_four_squares() -> None:
    """Four squares fully walled are a cage; five are not, until a wall splits them 4 + 1."""
    four = new(2)
    wall(four, 0, *outline(four, two_by_two(four)))
    assert [cage.size for cage in four.cages] == [4]
    five = new(2)
    squares = [*two_by_two(five), (BOW, 2)]
    wall(five, 0, *outline(five, squares))
    assert five.cages == []
    wall(five, 1, edge(five, BOW, 1, "S"))
    assert sorted(cage.size for cage in five.cages) == [1, 4]
    five.check_invariants()


def test_no_wall_inside_a_finished_cage_and_walls_inside_go_back() -> None:
    game = new(2)
    inner = edge(game, BOW, 0, "E")
    wall(game, 1, inner)
    supply = game.supply_walls[1]
    wall(game, 0, *outline(game, two_by_two(game)))
    assert [cage.size for cage in game.cages] == [4]
    assert not game.walls >> inner & 1 and game.supply_walls[1] == supply + 1, "the inner wall went back"
    options = build_options(game, BuildStep.of(0, 5))
    inside = {edge(game, BOW, 0, "E"), edge(game, BOW, 0, "S"), edge(game, BOW + 1, 0, "S"), edge(game, BOW, 1, "E")}
    assert not inside & {option.edge for option in options if isinstance(option, PlaceWall)}
    assert PlaceWall(edge(game, BOW, 2, "S")) in options
    game.check_invariants()


def test_pitch_needs_walls_on_both_sides_corners_too() -> None:
    game = new(2)
    between, corner = pitch_space(game, BOW + 1, 0), pitch_space(game, BOW + 2, 0)
    wall(game, 0, edge(game, BOW, 0, "N"))
    assert PlacePitch(between) not in build_options(game, BuildStep.of(0, 5))
    wall(game, 0, edge(game, BOW + 1, 0, "N"))
    assert PlacePitch(between) in build_options(game, BuildStep.of(0, 5))
    assert PlacePitch(corner) not in build_options(game, BuildStep.of(0, 5))
    wall(game, 0, edge(game, BOW + 1, 0, "E"))
    assert PlacePitch(corner) in build_options(game, BuildStep.of(0, 5))


def test_only_own_pieces_are_built() -> None:
    game = new(2)
    game.supply_walls[0] += game.players[0].walls
    game.players[0].walls = 0
    assert not any(isinstance(option, PlaceWall) for option in build_options(game, BuildStep.of(0, 5)))
    game.supply_pitch += game.players[0].pitch
    game.players[0].pitch = 0
    assert build_options(game, BuildStep.of(0, 5)) == ()


# ----------------------------------------------------------------------------- loading


def cage_at(game, seat: int, squares: list[tuple[int, int]], food: bool = True) -> int:
    """A finished cage, its free edges walled in `seat`'s colour (fed when `food`); its number."""
    wall(game, seat, *(number for number in outline(game, squares) if not game.walls >> number & 1))
    number = len(game.cages) - 1
    assert game.cages[number].size == len(squares)
    if food:
        game.supply_food -= len(squares)
        game.cage_food[number] = len(squares)
    return number


INNER = [(2, 1)]  # squares of the two-player ark that touch no hull: x 2-5, y 1-2
INNER_PAIR = [(2, 1), (2, 2)]


def pairs_offered(game, seat: int, points: int) -> set[tuple[int, str]]:
    return {(option.cage, game.catalog.species[game.catalog.tiles[option.male].species].name)
            for option in load_options(game, LoadStep.of(seat, points)) if isinstance(option, LoadPair)}


def test_a_pair_needs_a_cage_of_exactly_its_size_small_animals_any() -> None:
    game = new(2)
    one, two = cage_at(game, 0, INNER), cage_at(game, 0, [(3, 1), (3, 2)])
    for species in ("dog", "sheep", "crow"):
        give(game, 0, species, True)
        give(game, 0, species, False)
    assert pairs_offered(game, 0, 8) == {(one, "dog"), (two, "sheep"), (one, "crow"), (two, "crow")}


def test_a_hull_cage_needs_every_pitch_space_along_it() -> None:
    game = new(2)
    wall(game, 1, edge(game, BOW - 1, 0, "N"), edge(game, BOW + 1, 0, "N"))
    cage = cage_at(game, 0, [(BOW, 0)])
    give(game, 0, "dog", True)
    give(game, 0, "dog", False)
    pitch(game, 1, pitch_space(game, BOW, 0))
    assert pairs_offered(game, 0, 8) == set(), "one of its two pitch spaces is still empty"
    pitch(game, 1, pitch_space(game, BOW + 1, 0))
    assert pairs_offered(game, 0, 8) == {(cage, "dog")}


def test_a_pair_needs_a_fully_fed_cage() -> None:
    game = new(2)
    cage = cage_at(game, 0, INNER_PAIR, food=False)
    give(game, 0, "sheep", True)
    give(game, 0, "sheep", False)
    game.supply_food -= 1
    game.cage_food[cage] = 1
    assert pairs_offered(game, 0, 8) == set()
    game.supply_food -= 1
    game.cage_food[cage] = 2
    assert pairs_offered(game, 0, 8) == {(cage, "sheep")}


def test_one_small_and_one_large_pair_per_cage() -> None:
    game = new(2)
    cage = cage_at(game, 0, INNER_PAIR)
    sheep = give(game, 0, "sheep", True), give(game, 0, "sheep", False)
    wolf = give(game, 0, "wolf", True), give(game, 0, "wolf", False)
    crow = give(game, 0, "crow", True), give(game, 0, "crow", False)
    dove = give(game, 0, "dove", True), give(game, 0, "dove", False)
    game.stack = [LoadStep.of(0, 8)]
    answer(game, LoadPair(cage, *sheep))
    assert pairs_offered(game, 0, 4) == {(cage, "crow"), (cage, "dove")}, "no second large pair"
    answer(game, LoadPair(cage, *crow))
    assert pairs_offered(game, 0, 4) == set(), "no second small pair"
    assert game.holder[wolf[0]] == game.holder[dove[0]] == 0


def test_load_costs_the_size_of_each_own_tile() -> None:
    game = new(2)
    cage = cage_at(game, 0, [(2, 1), (3, 1), (2, 2)])
    give(game, 0, "lion", True)
    give(game, 0, "lion", False)
    assert pairs_offered(game, 0, 6) == {(cage, "lion")} and pairs_offered(game, 0, 5) == set()
    give(game, 1, "lion", False)
    assert pairs_offered(game, 0, 3) == {(cage, "lion")} and pairs_offered(game, 0, 2) == set()


def test_loading_needs_an_own_wall_and_an_own_tile() -> None:
    game = new(2)
    cage = cage_at(game, 1, INNER, food=False)
    give(game, 0, "dog", True)
    give(game, 0, "dog", False)
    assert LoadFood(cage) not in load_options(game, LoadStep.of(0, 5)), "food needs an own wall"
    game.supply_food -= 1
    game.cage_food[cage] = 1
    assert pairs_offered(game, 0, 5) == set() and pairs_offered(game, 1, 5) == set()
    wall(game, 0, edge(game, 3, 2, "E"))  # elsewhere: still no wall of seat 0 in the cage
    assert pairs_offered(game, 0, 5) == set()
    other = cage_at(game, 0, [(3, 2)])
    assert pairs_offered(game, 0, 5) == {(other, "dog")}


def test_food_costs_a_load_point_and_fills_one_square_each() -> None:
    game = new(2)
    cage = cage_at(game, 0, INNER_PAIR, food=False)
    game.stack = [LoadStep.of(0, 2)]
    no_vp(game)
    answer(game, LoadFood(cage))
    answer(game, LoadFood(cage))
    assert game.cage_food[cage] == 2 and vp(game) == [2, 0] and game.decision().kind == PLAN, "2 points spent"
    assert load_options(game, LoadStep.of(0, 5)) == (), "the cage is full"


# ----------------------------------------------------------------------------- the end


def close_hull(game, but: int = 0) -> None:
    """Wall the hull (all but `but` edges), alternating the two colours."""
    edges = [number for number in range(game.board.n_edges) if game.board.hull >> number & 1]
    for index, number in enumerate(edges[:len(edges) - but]):
        wall(game, index % 2, number)


def test_the_game_ends_after_round_10_not_9_once_the_hull_is_walled() -> None:
    game = new(2)
    close_hull(game)
    for _ in range(9):
        run_round(game, [1, 2, 3, 5])
    assert game.round == 9 and not game.is_over()
    run_round(game, [1, 2, 3, 5])
    assert game.round == 10 and game.end_reason == "hull"
    assert game.is_over()


def test_a_hull_one_wall_short_does_not_end_the_game() -> None:
    game = new(2)
    close_hull(game, but=1)
    for _ in range(10):
        run_round(game, [1, 2, 3, 5])
    assert game.round == 10 and not game.is_over() and game.decision().kind == PLAN
    missing = next(number for number in range(game.board.n_edges) if game.board.hull >> number & 1
                   and not game.walls >> number & 1)
    plan_round(game, [6, 1, 2, 3])
    answer(game, PlaceWall(missing))
    play_out_round(game)
    assert game.round == 11 and game.end_reason == "hull"


def test_the_game_ends_when_no_wall_is_left_to_place() -> None:
    """Decision R14: every wall on the ark and the hull still open ends the game after round 10."""
    game = new(2)
    inner = [number for number in range(game.board.n_edges) if not game.board.hull >> number & 1]
    hull = [number for number in range(game.board.n_edges) if game.board.hull >> number & 1]
    for seat in (0, 1):
        game.supply_walls[seat] += game.players[seat].walls
        game.players[seat].walls = 0
    pieces = inner + hull[:54 - len(inner)]
    for index, number in enumerate(pieces):
        wall(game, index % 2, number)
    assert not any(game.supply_walls) and not game.hull_closed()
    for _ in range(9):
        run_round(game, [1, 2, 3, 5])
    assert not game.is_over()
    run_round(game, [1, 2, 3, 5])
    assert game.end_reason == "stall"


def test_the_round_limit_ends_a_game_that_would_never_end() -> None:
    game = new(2, max_rounds=12)
    for _ in range(12):
        run_round(game, [1, 2, 3, 5])
    assert game.end_reason == "max_rounds"


def test_last_minute_food_and_loading_from_the_fewest_vp_without_vp() -> None:
    game = new(2)
    close_hull(game)
    cage, other = cage_at(game, 0, INNER, food=False), cage_at(game, 0, [(3, 1)], food=False)
    dog_m, dog_f = give(game, 0, "dog", True), give(game, 1, "dog", False)
    game.round = 9
    no_vp(game)
    game.players[0].score(0, 10)
    run_round(game, [1, 2, 3, 5])
    assert (game.decision().kind, game.decision().seat) == (LAST_FOOD, 1), "the fewest VP first"
    before = vp(game)
    answer(game, LoadFood(cage))  # into a cage with no wall of its colour
    assert (game.decision().kind, game.decision().seat) == (LAST_FOOD, 1), "as much food as it likes"
    answer(game, DONE)
    assert (game.decision().kind, game.decision().seat) == (LAST_FOOD, 0)
    answer(game, LoadFood(other))  # every cage is full now: its turn ends
    assert (game.decision().kind, game.decision().seat) == (LAST_LOAD, 1)
    answer(game, LoadPair(cage, dog_m, dog_f))
    assert vp(game) == before and game.holder[dog_m] == -3
    pieces = [player.walls + player.pitch + player.food for player in game.players]
    assert game.is_over() and vp(game) == [before[seat] + 5 - pieces[seat] for seat in (0, 1)], "hull tie, leftovers"


def test_final_scoring_hull_majority_ties_and_leftovers() -> None:
    """+5 to each player with the most hull walls; -1 per wall, food and pitch left; -size per animal."""
    game = new(3)
    hull = [number for number in range(game.board.n_edges) if game.board.hull >> number & 1]
    wall(game, 0, *hull[:4])
    wall(game, 1, *hull[4:8])
    wall(game, 2, *hull[8:11])
    give(game, 2, "elephant", True)
    give(game, 2, "crow", False)
    no_vp(game)
    game.stack = [FinalStep.of()]
    assert game.is_over()
    results = game.results()
    assert [result.details["hull"] for result in results] == [5, 5, 0]
    assert [result.details["pieces_left"] for result in results] == [-7, -7, -7], "3 walls, 2 pitch, 2 food"
    assert results[2].details["animals_left"] == -4, "the elephant, not the crow"
    assert [result.rank for result in results] == [1, 1, 3], "a tie shares the win"
    assert game.players[0].sources[HULL] == 5 and game.players[0].sources[PIECES_LEFT] == -7


# ----------------------------------------------------------------------------- quick rules


def test_quick_rules_turns_in_seat_order_any_action_and_five_actions() -> None:
    game = new(4, quick=True)
    seats = []
    for _ in range(4):
        decision = game.decision()
        assert decision.kind == TURN and len(decision.options) == 5
        seats.append(decision.seat)
        answer(game, Turn(3))  # the same action each time: walls
        play_until_turn(game)
    assert seats == [0, 1, 2, 3] and game.round == 1
    assert [player.walls for player in game.players] == [3 + 4 + 3 * 2] * 4


def play_until_turn(game) -> None:
    while not game.is_over() and game.decision().kind != TURN:
        decision = game.decision()
        game.apply(DONE if DONE in decision.options else decision.options[0])


def test_quick_build_gives_no_vp_and_no_pitch_and_load_takes_two_pairs_then_one() -> None:
    game = new(2, quick=True)
    assert not any(isinstance(option, PlacePitch) for option in build_options(game, BuildStep.of(0, 8)))
    answer(game, Turn(4))
    answer(game, PlaceWall(edge(game, 1, 1, "N")))
    assert vp(game) == [0, 0]
    game = new(2, quick=True)
    cages = [cage_at(game, 0, [(2, y)], food=False) for y in (1, 2)] + [cage_at(game, 1, [(3, 1)], food=False)]
    pairs = [(give(game, 0, species, True), give(game, 0, species, False)) for species in ("dog", "cat", "fox")]
    rabbit = give(game, 1, "rabbit", True), give(game, 1, "rabbit", False)
    answer(game, Turn(5))
    answer(game, LoadPair(cages[0], *pairs[0]))
    assert LoadPair(cages[0], *pairs[1]) not in game.decision().options, "quick: only into an empty cage"
    answer(game, LoadPair(cages[1], *pairs[1]))
    assert game.decision().seat == 1, "two pairs, then the next player"
    answer(game, LoadPair(cages[2], *rabbit))
    assert game.decision().kind == TURN and game.decision().seat == 1
    assert vp(game) == [(2 + 2 + 4) + (2 + 2 + 4) + 1, 4 + 3], "tiles and walls; a wall of seat 0's in the rabbits' cage"


def test_quick_swap_gives_1_vp_and_may_give_away_an_animal_whose_partner_is_in_play() -> None:
    game = new(2, quick=True)
    dog = give(game, 0, "dog", True)
    give(game, 1, "dog", False)
    cat = tile(game, "cat", True)
    bag(game, cat)
    answer(game, Turn(2))
    answer(game, MALE_BAG)
    assert Exchange(dog, cat) in game.decision().options
    answer(game, Exchange(dog, cat))
    assert game.holder[cat] == 0 and game.holder[dog] == BAG and vp(game) == [1, 0]


def test_quick_rules_end_after_round_8_and_score_no_leftovers() -> None:
    game = new(2, quick=True)
    close_hull(game)
    for _ in range(7):
        play_quick_round(game)
    assert not game.is_over()
    play_quick_round(game)
    assert game.is_over() and game.round == 8 and game.end_reason == "hull"
    assert all(result.details["pieces_left"] == 0 for result in game.results())
    assert {result.details["hull"] for result in game.results()} == {5}, "12 hull walls each: a tie"


def play_quick_round(game) -> None:
    for _ in game.players:
        answer(game, Turn(3))
        play_until_turn(game)


def test_loads_are_offered_by_the_step_machine_only_while_legal() -> None:
    game = new(2)
    cage_at(game, 0, INNER)
    give(game, 0, "dog", True)
    give(game, 0, "dog", False)
    game.stack = [LoadStep.of(0, 5)]
    assert game.decision().kind == LOAD
    game.stack = [LoadStep.of(1, 5)]
    game._decision = None
    assert game.decision().kind == PLAN, "nothing to load for seat 1: its load is skipped"
