"""Map A's start buildings and the abilities of the advanced maps 1-8, each played through the
engine's decisions with the exact money, appeal, cards or options the ability changes.
Readings are in docs/arknova/rules-decisions.md (B7-B11); the BGA map classes (ARK\\Maps\\Map1-8) are the reference."""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    add_card,
    choose,
    clear_zoo,
    expect,
    free_spot,
    install_animal,
    placement,
    project_row,
    put,
    ready_game,
    set_cards,
    start_turn,
    take_out,
    to_hand,
)
from sim.arknova import zoo
from sim.arknova.abilities.flock import NO_ENCLOSURE
from sim.arknova.action_tokens import VENOM
from sim.arknova.board import map_board
from sim.arknova.geometry import BIT, mask_of

TRACKS = CATALOG.tracks


def fresh(map_id: str, seed: int = 0):
    """A two-player game on `map_id` with seat 0's zoo empty, hand empty and 60 money."""
    game = ready_game(maps=map_id, seed=seed)
    for seat in game.seats:
        clear_zoo(game, seat)
        game.players[seat].hand = []
    game.players[0].money = 60
    return game


def animal_options(game, card: int) -> set[int]:
    """Enclosures offered for `card` when seat 0 takes Animals at strength 5."""
    set_cards(game, 0, ["cards", "build", "association", "sponsors", "animals"])
    start_turn(game, 0)
    if ("act", "animals", 0) not in game.decision().options:
        return set()  # no animal can be played at all
    choose(game, ("act", "animals", 0))
    return {option[2] for option in expect(game, "animal_play").options
            if isinstance(option, tuple) and option[0] == card}


def break_income(game) -> int:
    """Money seat 0 gets at a break it triggers with Cards I (the draw itself costs nothing)."""
    player = game.players[0]
    game.break_position = game.break_length - 2
    set_cards(game, 0, ["cards", "animals", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "cards", 0))
    before = player.money
    while not game.breaks:
        game.apply(game.decision().options[0])
    return player.money - before


def test_map_a_starts_with_an_empty_size_3_enclosure_and_a_kiosk():
    game = ready_game(maps="A")
    for player in game.players:
        kinds = sorted((kind, where.cells, used) for kind, where, used in player.buildings)
        assert kinds == [("enclosure-3", ((0, 9), (0, 11), (1, 10)), 0), ("kiosk", ((0, 7),), 0)]
        assert player.occupied == mask_of([(0, 7), (0, 9), (0, 11), (1, 10)])
        assert player.kiosks == BIT[(0, 7)]
    assert all(not player.buildings for player in ready_game(maps="0").players)


@pytest.mark.parametrize("near", [True, False])
def test_map1_observation_tower_two_appeal_for_an_enclosure_next_to_the_tower(near):
    game = fresh("1")
    player = game.players[0]
    assert map_board(CATALOG, "1").feature == BIT[(1, 6)]  # the tower space
    put(game, 0, "enclosure-1", [(2, 5)] if near else [(0, 3)])  # (0, 3) touches the rock next to the tower
    to_hand(game, 0, 405)
    player.appeal = 10
    assert animal_options(game, 405) == {0}
    choose(game, (405, -1, 0))
    assert player.appeal == 10 + CATALOG.animals[405].appeal + (2 if near else 0)


def test_map1_observation_tower_pays_again_after_a_release():
    from sim.arknova.actions.association import release

    game = fresh("1")
    player = game.players[0]
    put(game, 0, "enclosure-1", [(2, 5)])
    to_hand(game, 0, 405, 445)
    player.appeal = 10
    animal_options(game, 405)
    choose(game, (405, -1, 0))
    release(game, 0, 405)  # the enclosure turns back to its empty side
    assert player.appeal == 10 + 2 and player.buildings[0][2] == 0
    assert animal_options(game, 445) == {0}
    choose(game, (445, -1, 0))
    assert player.appeal == 10 + 2 + CATALOG.animals[445].appeal + 2


def test_map1_observation_tower_pays_nothing_when_no_enclosure_turns():
    """A flock animal joining the herd without an enclosure, or an animal in a reptile house, turns no
    standard enclosure over: the tower pays only for a turn (BGA Map1::isMapPower, flock excluded)."""
    game = fresh("1")
    player = game.players[0]
    herd = put(game, 0, "enclosure-2", [(2, 5), (2, 7)])
    install_animal(game, 0, 450, herd)  # a herbivore of size 2 already lives next to the tower
    house = put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house", lambda where: where.adjacent & BIT[(1, 6)]))
    to_hand(game, 0, 439, 486)  # Lama (flock 2), Common Wall Lizard (reptile house)
    player.appeal = 10
    assert animal_options(game, 439) == {NO_ENCLOSURE}
    choose(game, (439, -1, NO_ENCLOSURE))
    assert player.appeal == 10 + CATALOG.animals[439].appeal
    assert house in animal_options(game, 486)
    choose(game, (486, -1, house))
    assert player.appeal == 10 + CATALOG.animals[439].appeal + CATALOG.animals[486].appeal


@pytest.mark.parametrize("map_id, cell, animal", [
    ("1", (2, 5), 486),  # touches only the tower's rock: Common Wall Lizard needs 1 rock
    ("2", (6, 7), 488),  # touches only the gates' water: Slow Worm needs 1 water
    ("5", (5, 6), 486),  # touches only the restaurant's rock
])
def test_tower_gates_and_restaurant_are_rock_or_water_spaces(map_id, cell, animal):
    """The ability's own space keeps its terrain: it meets an animal's rock or water need (B7)."""
    game = fresh(map_id)
    enclosure = put(game, 0, "enclosure-1", [cell])
    to_hand(game, 0, animal)
    assert animal_options(game, animal) == {enclosure}


@pytest.mark.parametrize("covered", [False, True])
def test_a_building_on_the_restaurant_ends_its_income(covered):
    """Diversity Researcher may build on rock: covering the restaurant itself removes it (BGA Map5)."""
    game = fresh("5")
    game.players[0].appeal = 0
    put(game, 0, "enclosure-2", [(3, 4), (3, 6)])
    if covered:  # a placement only Diversity Researcher allows
        over = next(where for where in zoo.terrain_placements(CATALOG, "5", "enclosure-1") if where.mask == BIT[(4, 5)])
        zoo.place_building(game, 0, "enclosure-1", over)
    assert break_income(game) == TRACKS.appeal_income[0] + (0 if covered else 2)


def test_map2_outdoor_areas_enclosures_next_to_the_gates_count_two_larger():
    game = fresh("2")
    near = put(game, 0, "enclosure-1", [(4, 7)])  # touches the gates (5, 8)
    far = put(game, 0, "enclosure-1", [(3, 10)])  # touches water next to the gates only
    to_hand(game, 0, 438, 495, 445)  # sizes 3, 4 and 1
    assert animal_options(game, 438) == {near}  # 1 + 2 = 3
    assert animal_options(game, 495) == set()  # 4 does not fit in 1 + 2
    assert animal_options(game, 445) == {near, far}


def test_map2_a_building_on_the_gates_ends_their_larger_enclosures():
    """Diversity Researcher may build on the gates' space, as on map 5's restaurant: the enclosures beside them
    count their printed size again, also in a zoo whose homes were found before (they are kept between turns)."""
    game = fresh("2")
    near = put(game, 0, "enclosure-1", [(4, 7)])  # touches the gates (5, 8)
    to_hand(game, 0, 438)  # size 3
    assert zoo.open_homes(game.players[0]).fitting(CATALOG.animals[438]) == (near,)  # 1 + 2 = 3
    over = next(where for where in zoo.terrain_placements(CATALOG, "2", "enclosure-1") if where.mask == BIT[(5, 8)])
    zoo.place_building(game, 0, "enclosure-1", over)
    assert animal_options(game, 438) == set()


def test_map2_outdoor_areas_only_sizes_1_to_3_grow():
    """The rules help names enclosures of size 1, 2 and 3; a 4 next to the gates stays a 4 (B8)."""
    game = fresh("2")
    three = put(game, 0, "enclosure-3", [(6, 5), (6, 7), (7, 6)])
    put(game, 0, "enclosure-4", [(6, 9), (6, 11), (7, 10), (7, 12)])  # touches the gates too
    to_hand(game, 0, 401)  # size 5
    assert animal_options(game, 401) == {three}


def test_map3_silver_lake_two_money_bonus_around_the_lake():
    board = map_board(CATALOG, "3")
    assert sum(1 for _, bonus in board.bonuses if bonus.keyword == "money" and bonus.amount == 2) == 11
    game = fresh("3")
    player = game.players[0]
    set_cards(game, 0, ["build", "cards", "animals", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "kiosk", "build")
    choose(game, placement("3", "kiosk", [(0, 5)]), "build_place")
    assert player.money == 60 - 2 + 2  # the kiosk costs 2, the lake pays 2


MAP3_DETERMINATION_SLOT = 3  # map 3's left-edge "take 1 additional different action" bonus


def map3_determination(workers: int):
    """Seat 0 on map 3 supports Africa (2 Africa icons) with Association in slot 5, side II Animals in
    slot 1 and a playable animal in hand, one X-token, `workers` association workers; it takes the
    Determination slot."""
    game = fresh("3", seed=3)
    player = game.players[0]
    game.base_projects = [project_row(103)]
    for africa in (405, 404):
        add_card(game, 0, africa)
    enclosure = put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5"))
    to_hand(game, 0, 428)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], {"animals"})
    player.workers = player.workers_total = workers
    player.xtokens = 1
    player.cp, player.milestones = 10, sum(1 << space for space in (2, 5, 8, 10))
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 103, 2, 0), "association")
    choose(game, MAP3_DETERMINATION_SLOT, "left_slot")
    return game, enclosure


@pytest.mark.parametrize("workers", [1, 2])
def test_map3_determination_bonus_is_any_action_but_the_association_in_use(workers):
    """Map 3's bonus is "1 additional different action": different from the Association action in
    progress, so Animals II with a playable animal is offered and Association is not, even with a
    worker left for it; X-tokens may raise the strength (decision A8b)."""
    game, enclosure = map3_determination(workers)
    options = expect(game, "extra_action", 0).options
    assert options == (("act", 0, "animals", 1, 0), ("act", 0, "animals", 2, 1), ("act", 0, "cards", 2, 0),
                       ("act", 0, "cards", 3, 1), ("act", 0, "build", 3, 0), ("act", 0, "build", 4, 1),
                       ("act", 0, "sponsors", 4, 0), ("act", 0, "sponsors", 5, 1), ("xtoken", 0, "animals"),
                       ("xtoken", 0, "cards"), ("xtoken", 0, "build"), ("xtoken", 0, "sponsors"), ("skip",))
    choose(game, ("act", 0, "animals", 1, 0))
    assert expect(game, "animal_play", 0).options == ((428, -1, enclosure),)


def test_map4_commercial_harbor_once_per_turn_a_card_for_three_money():
    game = fresh("4")
    player = game.players[0]
    to_hand(game, 0, 401, 201)
    start_turn(game, 0)
    assert not [o for o in game.decision().options if o[0] == "harbor"]  # corner space still empty
    put(game, 0, "enclosure-1", [(0, 11)])
    start_turn(game, 0)
    assert {o for o in game.decision().options if o[0] == "harbor"} == {("harbor", 401), ("harbor", 201)}
    choose(game, ("harbor", 401), "turn")
    assert player.money == 60 + 3 and player.hand == [201] and game.discard[-1] == 401
    decision = expect(game, "turn", 0)
    assert not [o for o in decision.options if o[0] == "harbor"]  # once per turn
    choose(game, ("xtoken", "build"))
    assert expect(game, "turn", 1)  # no second sale after the action


def test_map4_commercial_harbor_sale_after_the_action():
    game = fresh("4")
    player = game.players[0]
    put(game, 0, "enclosure-1", [(0, 11)])
    to_hand(game, 0, 201)
    start_turn(game, 0)
    choose(game, ("xtoken", "build"), "turn")
    assert expect(game, "harbor_sale", 0).options == ("keep", ("harbor", 201))
    choose(game, ("harbor", 201))
    assert player.money == 60 + 3 and player.hand == []
    assert expect(game, "turn", 1)


def harbor_animals_turn(money: int):
    """Map 4, harbor open: seat 0 plays Animals at strength 5 (two animals) with 2 empty enclosures and
    Fennec Fox (8), Yellow-Throated Marten (7) and sponsor 201 in hand; it plays the fox first."""
    game = fresh("4")
    player = game.players[0]
    put(game, 0, "enclosure-1", [(0, 11)])
    first = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    second = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_hand(game, 0, 405, 410, 201)
    set_cards(game, 0, ["cards", "build", "association", "sponsors", "animals"])
    player.money = money
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    choose(game, (405, -1, first), "animal_play")
    return game, player, second


def kinds_to_turn_end(game) -> list[str]:
    """Answer the rest of seat 0's turn with the first option; the decision kinds met."""
    kinds = []
    while (decision := game.decision()).kind != "turn":
        kinds.append(decision.kind)
        choose(game, "done" if "done" in decision.options else decision.options[0])
    return kinds


def test_map4_commercial_harbor_between_two_animals_pays_for_the_second():
    """"At any time": 12 - 8 leaves 4 money, too little for the marten (7); a sale before the second
    animal pays for it. The sale is the turn's one: none is offered after the action."""
    game, player, second = harbor_animals_turn(12)
    decision = expect(game, "harbor_sale", 0)
    assert decision.options == ("keep", ("harbor", 410), ("harbor", 201))
    choose(game, ("harbor", 201))
    assert player.money == 12 - 8 + 3
    choose(game, (410, -1, second), "animal_play")
    assert player.money == 0 and player.animals == [405, 410]
    assert "harbor_sale" not in kinds_to_turn_end(game)


def test_map4_commercial_harbor_kept_between_animals_is_offered_after_the_action():
    """Keeping the cards before the second animal leaves the marten unaffordable (4 money); the turn's
    sale is still offered after the action, once."""
    game, player, _ = harbor_animals_turn(12)
    choose(game, "keep", "harbor_sale")
    kinds = kinds_to_turn_end(game)
    assert kinds.count("harbor_sale") == 1 and kinds[-1] == "harbor_sale" and "animal_play" not in kinds
    assert player.animals == [405] and player.hand == [410, 201]


def test_map4_commercial_harbor_not_offered_inside_a_one_animal_action():
    game = fresh("4")
    put(game, 0, "enclosure-1", [(0, 11)])
    enclosure = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_hand(game, 0, 405, 201)
    set_cards(game, 0, ["cards", "animals", "build", "association", "sponsors"])  # strength 2: one animal
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    choose(game, (405, -1, enclosure), "animal_play")
    kinds = kinds_to_turn_end(game)
    assert kinds.count("harbor_sale") == 1 and kinds[-1] == "harbor_sale"  # after the action only


@pytest.mark.parametrize("money, forced", [(1, True), (2, False)])
def test_map4_commercial_harbor_pays_a_venom_fee(money, forced):
    """A venom fee is due (a venom token on Build, unused this turn). With 1 money the fee must be
    paid by a sale (BGA `VenomPay`): keeping every card is not offered, and 1 + 3 - 2 is left; with
    2 money the player may keep its cards and pays the fee from its money."""
    game = fresh("4")
    player = game.players[0]
    put(game, 0, "enclosure-1", [(0, 11)])
    to_hand(game, 0, 201)
    player.money = money
    player.action_tokens = {(VENOM, "build"): 1}
    start_turn(game, 0)
    choose(game, ("xtoken", "cards"), "turn")
    options = expect(game, "harbor_sale", 0).options
    assert options == ((("harbor", 201),) if forced else ("keep", ("harbor", 201)))
    choose(game, options[0])
    expect(game, "turn", 1)
    assert player.money == (1 + 3 - 2 if forced else 0) and player.hand == ([] if forced else [201])


def test_map5_park_restaurant_pays_per_covered_space_next_to_it():
    game = fresh("5")
    put(game, 0, "enclosure-2", [(3, 4), (3, 6)])  # both touch the restaurant (4, 5); empty counts
    put(game, 0, "enclosure-1", [(5, 6)], used=1)
    put(game, 0, "enclosure-1", [(8, 5)])  # far away
    player = game.players[0]
    player.appeal = 0
    assert break_income(game) == TRACKS.appeal_income[0] + 3


@pytest.mark.parametrize("covered", [False, True])
def test_map6_research_institute_ignores_one_condition(covered):
    game = fresh("6")
    put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3",
                                          lambda where: not where.mask & BIT[(0, 11)] and not where.rock_adjacent))
    if covered:
        put(game, 0, "kiosk", [(0, 11)])
    to_hand(game, 0, 420, 433, 486)  # 420: one unmet condition (an Europe icon); 433: three unmet
    player = game.players[0]
    assert player.icon("europe") == 0
    assert animal_options(game, 420) == ({0} if covered else set())
    assert animal_options(game, 433) == set()
    assert animal_options(game, 486) == set()  # its rock need is no condition


def test_map7_ice_cream_parlors_one_more_money_per_kiosk():
    game = fresh("7")
    player = game.players[0]
    player.appeal = 0
    for cell in [(1, 2), (5, 4)]:
        put(game, 0, "kiosk", [cell])
    assert break_income(game) == TRACKS.appeal_income[0]  # two of the three spaces: nothing
    game = fresh("7")
    player = game.players[0]
    player.appeal = 0
    for cell in [(1, 2), (5, 4), (5, 10), (8, 7)]:
        put(game, 0, "kiosk", [cell])
    assert break_income(game) == TRACKS.appeal_income[0] + 4  # all three covered: 4 kiosks


def test_map8_hollywood_hills_sponsor_from_the_deck_and_level_one_less():
    game = fresh("8")
    player = game.players[0]
    put(game, 0, "enclosure-1", [(1, 8)])
    for card in (223, 401, 402):
        take_out(game, card)
    game.deck += [223, 401, 402]  # drawn from the end: 402, 401, then the sponsor
    set_cards(game, 0, ["build", "cards", "animals", "association", "sponsors"], upgraded=["build"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-1", "build")
    choose(game, placement("8", "enclosure-1", [(1, 10)]), "build_place")
    assert player.hand == [223]
    assert game.discard[-2:] == [402, 401]
    assert CATALOG.sponsors[223].level == 3
    set_cards(game, 0, ["build", "sponsors", "cards", "animals", "association"])  # Sponsors I at strength 2
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    assert (223, -1) not in expect(game, "sponsors").options  # two H spaces still open
    put(game, 0, "enclosure-1", [(4, 11)])
    put(game, 0, "enclosure-1", [(6, 9)])
    set_cards(game, 0, ["build", "sponsors", "cards", "animals", "association"])
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    assert (223, -1) in expect(game, "sponsors").options  # level 3 counts as 2


def test_map8_hollywood_hills_lowers_okapi_stables_price():
    """Okapi Stable plays a sponsor for money equal to its level; with every H space covered the level,
    so the price, is 1 less (BGA BuySponsor)."""
    game = fresh("8")
    player = game.players[0]
    put(game, 0, "enclosure-2", [(1, 8), (1, 10)])
    put(game, 0, "enclosure-1", [(4, 11)])
    put(game, 0, "enclosure-1", [(6, 9)])
    player.sponsors.append(253)
    player.card_tokens[253] = 3
    to_hand(game, 0, 439, 223)  # a herbivore (Lama) and a level-3 sponsor
    level = CATALOG.sponsors[223].level
    player.money = CATALOG.animals[439].cost + level - 1
    assert animal_options(game, 439) == {0}
    choose(game, (439, -1, 0))
    assert expect(game, "okapi_sponsor", 0).options == ((223, -1), "skip")
    choose(game, (223, -1))
    assert player.money == 0 and 223 in player.sponsors
