"""Every worked example of the Ark & Noah rulebook (shared/rules/003_101fc9776c89c0e1.txt), played
through the engine: Noah, Sem, Cam and Jafet are seats 0-3 of a four-player game."""

from __future__ import annotations

from arknoah.helpers import (
    CAM,
    JAFET,
    NOAH,
    SEM,
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
    tile,
    vp,
    wall,
)
from sim.arknoah.steps import (
    BUILD,
    DONE,
    FEMALE_BAG,
    LOAD,
    MALE_BAG,
    PICK,
    SWAP_EXCHANGE,
    SWAP_KIND,
    Exchange,
    Keep,
    LoadFood,
    LoadPair,
    Pick,
    PlacePitch,
    PlaceWall,
    Reward,
    SwapKind,
    WallPick,
)


def one_square_cage(game, seat: int, x: int, y: int) -> None:
    wall(game, seat, *(edge(game, x, y, side) for side in "NSWE"))


def test_action_order_noah_2_sem_4_cam_6_jafet_7() -> None:
    """Bonus tiles go on 1, 3 and 5; action 2 runs Noah, Sem, Cam, Jafet; only Sem swaps; action 6
    runs Cam, Noah, Sem, Jafet; action 7 runs Jafet, Noah, Sem, Cam."""
    game = new(4)
    for seat, (x, y) in enumerate(((0, 1), (4, 1), (8, 2), (12, 1))):
        one_square_cage(game, seat, x, y)  # each seat can feed its own cage: everyone has a load decision
    bag(game, tile(game, "dog", True), tile(game, "cat", True), tile(game, "dog", False), tile(game, "fox", False))
    plan_round(game, [2, 4, 6, 7])
    game.decision()
    assert game.bonus == [1, 0, 1, 0, 1, 0, 0]
    picks = []
    while game.decision().kind == PICK:
        picks.append(game.decision().seat)
        answer(game, game.decision().options[0])
    assert picks == [NOAH, SEM, CAM, JAFET]
    swap_seats = set()
    while game.decision().kind.startswith("swap"):
        decision = game.decision()
        swap_seats.add(decision.seat)
        answer(game, Reward("vp") if decision.kind == "swap_reward" else decision.options[0])
    assert swap_seats == {SEM}
    assert finish_turns(game, BUILD) == [CAM, NOAH, SEM, JAFET]
    assert finish_turns(game, LOAD) == [JAFET, NOAH, SEM, CAM]
    assert game.round == 1 and game.decision().kind == "plan"


def test_the_others_follow_the_planner_in_worker_order_not_seat_order() -> None:
    game = new(4)
    plan_round(game, [7, 6, 2, 1])  # Noah 7, Sem 6, Cam 2, Jafet 1
    while game.decision().kind != BUILD:
        answer(game, game.decision().options[0])
    assert finish_turns(game, BUILD) == [SEM, JAFET, CAM, NOAH]


def test_the_next_round_plans_in_the_order_of_the_actions_executed() -> None:
    game = new(4)
    plan_round(game, [7, 5, 3, 1])  # Noah, Sem, Cam, Jafet in the start order
    while game.decision().kind != "plan":
        answer(game, game.decision().options[-1])
    seats = []
    for column in (1, 2, 3, 4):
        seats.append(game.decision().seat)
        plan_round(game, [column])
    assert seats == [JAFET, CAM, SEM, NOAH]


def test_gathering_example_dog_and_dove_pairs_turn_over_the_giraffe_stays_single() -> None:
    """Noah draws dog and giraffe males, dog and dove females; keeps the dog male, Sem takes the
    dog female, Cam the dove, Jafet the giraffe; a dove male already lay on the table."""
    game = new(4)
    dog_m, giraffe_m = tile(game, "dog", True), tile(game, "giraffe", True)
    dog_f, dove_f = tile(game, "dog", False), tile(game, "dove", False)
    bag(game, dog_m, giraffe_m, dog_f, dove_f)
    dove_m = give(game, JAFET, "dove", True)
    plan_round(game, [2, 1, 3, 5])
    assert sorted(game.decision().options) == sorted(Pick(number) for number in (dog_m, giraffe_m, dog_f, dove_f))
    assert not game.partner_in_play(dove_m), "the drawn dove is not in play before someone takes it"
    for seat, taken in ((NOAH, dog_m), (SEM, dog_f), (CAM, dove_f), (JAFET, giraffe_m)):
        assert game.decision().seat == seat
        answer(game, Pick(taken))
    assert [game.holder[number] for number in (dog_m, dog_f, dove_f, giraffe_m)] == [NOAH, SEM, CAM, JAFET]
    assert all(game.partner_in_play(number) for number in (dog_m, dog_f, dove_f, dove_m)), "pair side"
    assert not game.partner_in_play(giraffe_m), "single side"


def test_sems_swap_crow_male_for_his_tiger() -> None:
    """Sem may exchange his crow female or tiger male, not his dog or elephant (their partners are in
    play); he draws crow male, tiger female and rhino, keeps the crow male and gives back the tiger."""
    game = new(4)
    crow_f, tiger_m = give(game, SEM, "crow", False), give(game, SEM, "tiger", True)
    dog_m, elephant_f = give(game, SEM, "dog", True), give(game, SEM, "elephant", False)
    give(game, NOAH, "dog", False)
    give(game, CAM, "elephant", True)
    crow_m, rhino_m, tiger_f = tile(game, "crow", True), tile(game, "rhino", True), tile(game, "tiger", False)
    bag(game, crow_m, rhino_m, tiger_f)
    plan_round(game, [1, 4, 3, 5])  # Noah pitch, Sem swap, Cam food, Jafet wood
    assert (game.decision().seat, game.decision().kind) == (SEM, "swap_reward")
    answer(game, Reward("vp"))
    assert game.decision().kind == SWAP_KIND and SwapKind("animals") in game.decision().options
    answer(game, SwapKind("animals"))
    answer(game, MALE_BAG)
    answer(game, MALE_BAG)
    assert game.decision().options == (FEMALE_BAG,), "the males' bag is empty"
    answer(game, FEMALE_BAG)
    decision = game.decision()
    assert decision.kind == SWAP_EXCHANGE
    gives = {option.give for option in decision.options if isinstance(option, Exchange)}
    assert gives == {crow_f, tiger_m} and Keep() in decision.options
    answer(game, Exchange(tiger_m, crow_m))
    game.decision()
    assert sorted(game.tiles_of(SEM)) == sorted([crow_f, crow_m, dog_m, elephant_f])
    assert sorted(game.bags[1]) == sorted([tiger_m, rhino_m]) and game.bags[0] == [tiger_f]
    assert game.players[SEM].sources[1] == 1, "the 1 VP reward"
    game.check_invariants()


def test_a_player_whose_animals_all_have_partners_cannot_swap_animals() -> None:
    game = new(4)
    give(game, SEM, "dog", True)
    give(game, NOAH, "dog", False)
    bag(game, tile(game, "cat", True))
    first, same, other = edge(game, 0, 1, "N"), edge(game, 0, 2, "S"), edge(game, 0, 1, "W")
    wall(game, NOAH, first, same)
    wall(game, CAM, other)
    plan_round(game, [1, 4, 3, 5])  # Noah pitch, Sem swap, Cam food, Jafet wood
    assert (game.decision().seat, game.decision().kind) == (SEM, "swap_reward")
    answer(game, Reward("vp"))
    assert game.decision().options == (SwapKind("walls"),)
    answer(game, SwapKind("walls"))
    assert set(game.decision().options) == {WallPick(first), WallPick(same), WallPick(other)}
    answer(game, WallPick(first))
    assert game.decision().options == (WallPick(other),), "only a wall of another colour"
    answer(game, WallPick(other))
    assert (game.colour_of(first), game.colour_of(other), game.colour_of(same)) == (CAM, NOAH, NOAH)


def test_cams_build_example_8_5_1_5() -> None:
    """Cam (planner) places 6 walls and 2 pitch: 8 VP; Noah 5 walls: 5; Sem only his pitch of 2
    walls and 1 pitch: 1; Jafet 5 pitch: 5. Cam's ninth and Noah's sixth piece are not offered."""
    game = new(4)
    wall(game, SEM, *(edge(game, x, 0, "N") for x in range(3, 12)))  # eight pitch spaces become pitchable
    give_pieces(game, CAM, walls=7, pitch=2)
    give_pieces(game, NOAH, walls=6, pitch=0)
    give_pieces(game, SEM, walls=2, pitch=1)
    give_pieces(game, JAFET, walls=0, pitch=5)
    no_vp(game)
    plan_round(game, [2, 3, 6, 7])  # Noah gathers (the bags are empty), Sem food, Cam builds, Jafet loads
    free = [edge(game, x, 3, "S") for x in range(2, 10)]
    spaces = [pitch_space(game, x, 0) for x in range(4, 12)]
    for number in free[:6]:
        assert game.decision().seat == CAM
        answer(game, PlaceWall(number))
    answer(game, PlacePitch(spaces[0]))
    answer(game, PlacePitch(spaces[1]))
    assert game.decision().seat == NOAH and game.players[CAM].walls == 1, "an 8-piece build ends at 8"
    for number in (edge(game, x, 0, "S") for x in range(4, 9)):
        answer(game, PlaceWall(number))
    assert game.decision().seat == SEM and game.players[NOAH].walls == 1, "a 5-piece build ends at 5"
    answer(game, PlacePitch(spaces[2]))
    answer(game, DONE)
    assert game.players[SEM].walls == 2
    for space in spaces[3:]:
        assert game.decision().seat == JAFET
        assert not any(isinstance(option, PlaceWall) for option in game.decision().options), "he holds no wall"
        answer(game, PlacePitch(space))
    assert vp(game) == [5, 1, 8, 5]
    game.check_invariants()


def give_pieces(game, seat: int, walls: int, pitch: int) -> None:
    """Set a player's walls and pitch, through the supply."""
    player = game.players[seat]
    game.supply_walls[seat] += player.walls - walls
    game.supply_pitch += player.pitch - pitch
    player.walls, player.pitch = walls, pitch


def lion_and_elephant_cages(game) -> tuple[int, int]:
    """The cages of the loading example: the lions' 3 squares behind 5 of Jafet's walls, 2 of
    Noah's and 1 of Cam's, 2 pitch, 1 food; the elephants' 4 squares behind 5 walls of Noah's and
    5 of Sem's, 3 pitch, 3 food. Their numbers."""
    wall(game, JAFET, edge(game, 4, 0, "N"), edge(game, 4, 0, "W"), edge(game, 4, 1, "W"), edge(game, 4, 2, "W"),
         edge(game, 4, 2, "S"))
    wall(game, NOAH, edge(game, 4, 0, "E"), edge(game, 4, 1, "E"))
    wall(game, CAM, edge(game, 4, 2, "E"))
    wall(game, SEM, edge(game, 3, 0, "N"), edge(game, 5, 0, "N"))  # the hull beside: the pitch spaces open
    pitch(game, SEM, pitch_space(game, 4, 0), pitch_space(game, 5, 0))
    wall(game, NOAH, edge(game, 7, 0, "N"), edge(game, 8, 0, "N"), edge(game, 8, 0, "E"), edge(game, 8, 0, "S"),
         edge(game, 7, 1, "E"))
    wall(game, SEM, edge(game, 7, 2, "E"), edge(game, 7, 2, "S"), edge(game, 7, 2, "W"), edge(game, 7, 1, "W"),
         edge(game, 7, 0, "W"))
    wall(game, CAM, edge(game, 6, 0, "N"), edge(game, 9, 0, "N"))
    pitch(game, CAM, pitch_space(game, 7, 0), pitch_space(game, 8, 0), pitch_space(game, 9, 0))
    assert [cage.size for cage in game.cages] == [3, 4]
    for cage, food in ((0, 1), (1, 3)):
        game.supply_food -= food
        game.cage_food[cage] = food
    return 0, 1


def test_jafets_28_point_lion_load_then_noahs_shared_elephant() -> None:
    """Jafet: 2 food, his lion pair (6 load points), then his crow male with Sem's crow female for
    free: 28 VP; Noah 4, Cam 2, Sem 0. Then Noah: 1 food and his elephant female (4 points) with
    Sem's male (free): Noah 17, Sem 13."""
    game = new(4)
    lions, elephants = lion_and_elephant_cages(game)
    lion_m, lion_f, crow_m = give(game, JAFET, "lion", True), give(game, JAFET, "lion", False), give(game, JAFET, "crow", True)
    crow_f, elephant_m = give(game, SEM, "crow", False), give(game, SEM, "elephant", True)
    elephant_f = give(game, NOAH, "elephant", False)
    no_vp(game)
    plan_round(game, [2, 3, 5, 7])  # Noah gathers (empty bags), Sem takes food, Cam wood, Jafet loads
    assert game.decision().seat == JAFET
    assert LoadPair(lions, lion_m, lion_f) not in game.decision().options, "the cage is not fully fed yet"
    answer(game, LoadFood(lions))
    answer(game, LoadFood(lions))
    answer(game, LoadPair(lions, lion_m, lion_f))
    assert game.decision().options == (LoadPair(lions, crow_m, crow_f), DONE), "0 points left: small pairs only"
    answer(game, LoadPair(lions, crow_m, crow_f))
    assert vp(game) == [4, 0, 2, 28]
    assert game.decision().seat == NOAH
    answer(game, LoadFood(elephants))
    answer(game, LoadPair(elephants, elephant_m, elephant_f))
    assert vp(game) == [4 + 17, 13, 2, 28]
    assert game.holder[elephant_m] == game.holder[elephant_f] == -3
    game.check_invariants()
