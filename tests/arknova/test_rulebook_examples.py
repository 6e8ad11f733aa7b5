"""The worked examples of the rules digest (section 9, EX1-EX20) and the examples the books
do not give, each played through the engine's decisions with exact expected outcomes.

Every expected number comes from the rulebook text quoted in the digest
(/tmp/arkmc_notes/rules_digest.md); [DATA] marks a number taken from the data tables.
"""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    building_index,
    cells_adjacent,
    choose,
    clear_zoo,
    expect,
    free_spot,
    grid_neighbours,
    hex_distance,
    install_animal,
    is_border,
    placement,
    project_row,
    put,
    ready_game,
    refresh,
    set_cards,
    start_turn,
    to_display,
    to_hand,
    to_row,
)
from sim.arknova import deck, tracks, zoo
from sim.arknova.actions.animals import animal_cost, playable_animals
from sim.arknova.actions.association import donation_cost
from sim.arknova.board import map_board
from sim.arknova.geometry import BIT, mask_of
from sim.arknova.invariants import check_zoo
from sim.arknova.setup import new_game

TRACKS = CATALOG.tracks


def settle_cp(player, cp: int) -> None:
    """Put a player on `cp` with every milestone below it already collected."""
    player.cp = cp
    player.milestones = sum(1 << space for space in (2, 5, 8, 10) if space <= cp)


def finish_turn(game, seat: int) -> None:
    """After the action, the next decision must be the next seat's turn (nothing else pending)."""
    decision = game.decision()
    assert decision.kind == "turn" and decision.seat == (seat + 1) % len(game.players), decision


def no_bonus(map_id: str):
    mask = map_board(CATALOG, map_id).bonus_mask
    return lambda where: not where.mask & mask


# ----------------------------------------------------------------------------- EX1


def test_ex1_used_card_goes_to_slot_one_and_left_cards_shift_right():
    game = ready_game()
    set_cards(game, 0, ["animals", "cards", "association", "build", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0), "turn")
    kinds = expect(game, "build", 0).options
    assert "enclosure-4" in kinds and "enclosure-5" not in kinds  # X = slot 4
    choose(game, "enclosure-4")
    choose(game, expect(game, "build_place").options[0])
    while game.decision().kind != "turn":  # a placement bonus, if covered
        game.apply(game.decision().options[0])
    finish_turn(game, 0)
    assert game.players[0].action_cards == ["build", "animals", "cards", "association", "sponsors"]


def test_ex1_card_in_slot_five_keeps_the_others_in_place():
    game = ready_game()
    set_cards(game, 0, ["animals", "cards", "association", "build", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    choose(game, ("break",), "sponsors")
    finish_turn(game, 0)
    assert game.players[0].action_cards == ["sponsors", "animals", "cards", "association", "build"]
    assert game.players[0].money == 25 + 5  # Sponsors I break option: X money


# ----------------------------------------------------------------------------- EX2


def _cards_two_in_slot_five(reputation: int):
    game = ready_game(seed=3)
    set_cards(game, 0, ["animals", "build", "association", "sponsors", "cards"], upgraded={"cards"})
    player = game.players[0]
    player.reputation = reputation
    start_turn(game, 0)
    return game, player


def test_ex2_cards_two_strength_five_take_four_discard_one_and_refill_order():
    game, player = _cards_two_in_slot_five(reputation=7)  # [DATA] reputation 7 -> folders 1-4
    to_display(game, 402, 2)  # Lion in folder 2
    to_display(game, 404, 4)  # Caracal in folder 4
    old = list(game.display)
    upcoming = game.deck[::-1][:4]  # the next four cards of the deck, top first
    hand = list(player.hand)
    money = player.money

    choose(game, ("act", "cards", 0), "turn")
    assert game.break_position == 2 and player.money == money  # break token +2 first, no money
    modes = expect(game, "cards_mode", 0).options
    assert ("draw",) in modes and {("snap", i) for i in range(6)} <= set(modes)
    choose(game, ("draw",))
    takes = expect(game, "take_card", 0).options
    assert set(takes) == {("deck",), ("display", 0), ("display", 1), ("display", 2), ("display", 3)}
    choose(game, ("display", 1))  # Lion
    choose(game, ("deck",), "take_card")
    choose(game, ("deck",), "take_card")
    takes = expect(game, "take_card", 0).options
    assert ("display", 1) not in takes  # the folder stays empty until the end of the turn
    choose(game, ("display", 3))  # Caracal
    expect(game, "discard", 0)
    assert sorted(player.hand) == sorted(hand + [402, 404] + upcoming[:2])
    choose(game, hand[0], "discard")
    finish_turn(game, 0)

    assert len(player.hand) == len(hand) + 3
    assert game.discard[-1] == hand[0]
    # folders 3, 5, 6 slide down, two new cards fill folders 5 and 6
    assert game.display == [old[0], old[2], old[4], old[5], upcoming[2], upcoming[3]]
    assert player.money == money


def test_ex2_counter_case_out_of_range_card_only_by_snapping():
    game, player = _cards_two_in_slot_five(reputation=1)  # range: folder 1 only
    set_cards(game, 0, ["animals", "build", "cards", "association", "sponsors"], upgraded={"cards"})
    to_display(game, 402, 2)
    hand = list(player.hand)
    start_turn(game, 0)
    choose(game, ("act", "cards", 0))  # Cards II at X = 3: draw 2 or snap
    modes = expect(game, "cards_mode", 0).options
    assert {("snap", i) for i in range(6)} <= set(modes)
    # drawing may use the display only within reputation range
    probe = game.copy()
    choose(probe, ("draw",))
    assert set(expect(probe, "take_card").options) == {("deck",), ("display", 0)}
    # snapping takes exactly one card from any folder, nothing else, no discard
    choose(game, ("snap", 1))
    finish_turn(game, 0)
    assert player.hand == hand + [402]


@pytest.mark.parametrize("side_two", [False, True])
@pytest.mark.parametrize("slot", [1, 2, 3, 4, 5])
def test_cards_table_draw_and_discard(slot, side_two):
    """Draw/discard table of the Cards action card (digest 3.1): the full number is drawn, the German
    "bis zu 3" being the table's largest entry (decision 10)."""
    draw_discard = {False: [(1, 1), (1, 0), (2, 1), (2, 0), (3, 1)],
                    True: [(1, 0), (2, 1), (2, 0), (3, 1), (4, 1)]}[side_two][slot - 1]
    snap_from = 3 if side_two else 5
    game = ready_game(seed=5)
    order = ["animals", "build", "association", "sponsors"]
    order.insert(slot - 1, "cards")
    set_cards(game, 0, order, upgraded={"cards"} if side_two else set())
    player = game.players[0]
    player.reputation = 1
    hand = len(player.hand)
    start_turn(game, 0)
    choose(game, ("act", "cards", 0))
    modes = expect(game, "cards_mode").options
    assert any(m[0] == "snap" for m in modes) == (slot >= snap_from)
    choose(game, ("draw",))
    draws = discards = 0
    while True:
        decision = game.decision()
        if decision.kind == "take_card":
            draws += 1
            choose(game, ("deck",))
        elif decision.kind == "discard":
            discards += 1
            choose(game, decision.options[0])
        else:
            break
    if not side_two:
        draws = len(player.hand) - hand + discards
    assert (draws, discards) == draw_discard
    assert len(player.hand) == hand + draw_discard[0] - draw_discard[1]


# ----------------------------------------------------------------------------- EX3


def test_ex3_build_two_pays_each_building_in_turn_and_placement_bonus_arrives_between():
    game = ready_game()
    set_cards(game, 0, ["animals", "cards", "association", "sponsors", "build"], upgraded={"build"})
    player = game.players[0]
    player.money = 7
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    kinds = expect(game, "build", 0).options
    assert "enclosure-2" in kinds and "enclosure-4" not in kinds  # 8 money > 7
    choose(game, "enclosure-2")
    bonus_spot = placement("A", "enclosure-2", [(2, 7), (2, 9)])  # (2,9) holds a 5-money bonus
    choose(game, bonus_spot, "build_place")
    assert player.money == 7 - 4 + 5
    kinds = expect(game, "build", 0).options
    assert "enclosure-2" not in kinds  # different buildings only
    assert {"enclosure-3", "enclosure-1", "pavilion", "done"} <= set(kinds)
    choose(game, "enclosure-3")
    spot = next(p for p in expect(game, "build_place").options if no_bonus("A")(p))
    choose(game, spot)
    finish_turn(game, 0)
    assert player.money == 2
    assert [b[0] for b in player.buildings][-2:] == ["enclosure-2", "enclosure-3"]


# ----------------------------------------------------------------------------- EX4


def _legal_by_rule(player, cells, upgraded: bool) -> bool:
    """Kiosk rule from the digest, computed without the engine: empty, buildable, upgrade
    cells only with Build II, touching a building, hex distance >= 3 from every kiosk."""
    board = map_board(CATALOG, player.map_id)
    (cell,) = cells
    bit = BIT[cell]
    if bit & player.occupied or not bit & board.buildable:
        return False
    if bit & board.upgrade_only and not upgraded:
        return False
    covered = [c for c in BIT if BIT[c] & player.occupied]
    if not any(n in covered for n in grid_neighbours(cell)):
        return False
    kiosks = [c for c in BIT if BIT[c] & player.kiosks]
    return all(hex_distance(cell, k) >= 3 for k in kiosks)


def test_ex4_kiosk_needs_hex_distance_three():
    game = ready_game()
    player = game.players[0]
    put(game, 0, "enclosure-2", [(2, 7), (2, 9)])
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "kiosk", "build")
    offered = {p.cells for p in expect(game, "build_place").options}
    assert ((3, 8),) in offered  # distance 3 from the start kiosk on (0,7), touches the new enclosure
    assert ((2, 5),) not in offered and ((1, 8),) not in offered  # distance 2 and 1
    assert hex_distance((3, 8), (0, 7)) == 3 and hex_distance((2, 5), (0, 7)) == 2
    expected = {p.cells for p in map_board(CATALOG, "A").placements_for("kiosk") if _legal_by_rule(player, p.cells, False)}
    assert offered == expected


def test_ex4_no_kiosk_offered_when_every_free_neighbour_is_too_close():
    game = ready_game()  # Map A start: kiosk (0,7) next to the size-3 enclosure; all free neighbours within 2
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    assert "kiosk" not in expect(game, "build").options
    assert "pavilion" in expect(game, "build").options


# ----------------------------------------------------------------------------- EX5


def test_ex5_caiman_may_live_in_a_big_enclosure_or_the_reptile_house():
    game = ready_game()
    player = game.players[0]
    near_water = lambda where: where.water_adjacent >= 1  # noqa: E731
    house = put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house", near_water))
    big = put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5", near_water))
    dry = put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4", lambda w: w.water_adjacent == 0))
    to_hand(game, 0, 480)
    set_cards(game, 0, ["cards", "animals", "build", "association", "sponsors"])
    player.money, player.appeal = 20, 0
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    options = expect(game, "animal_play", 0).options
    caiman = {o[2] for o in options if o[0] == 480}
    assert caiman == {house, big}  # not the start size-3 (too small) nor the dry size-4
    assert dry not in caiman
    choose(game, (480, -1, house))
    choose(game, ("display", 0), "snap")  # the Caiman's Snapping 1
    finish_turn(game, 0)
    assert player.buildings[house][2] == 2  # 2 player tokens on the reptile house
    assert player.buildings[big][2] == 0  # the size-5 stays empty for another animal
    assert player.housing[480] == "reptile_house"
    assert player.money == 20 - 16 and player.appeal == 6
    assert player.icon("water") == 1 and player.icon("reptile") == 1


# ----------------------------------------------------------------------------- EX6


def test_ex6_card_drawn_by_first_animal_is_playable_as_second():
    game = ready_game(seed=11)
    player = game.players[0]
    set_cards(game, 0, ["cards", "build", "association", "sponsors", "animals"])
    player.partner_zoos = ["europe"]
    player.add_icons(("europe",))
    put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_hand(game, 0, 512)
    player.money = 30
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    owl = next(o for o in expect(game, "animal_play").options if o[0] == 512)
    choose(game, owl)
    assert player.money == 30 - 7  # Europe partner zoo: 10 - 3
    assert player.appeal == 4
    # Perception 4: draw 4 cards, keep 2 -> a decision must follow
    assert game.decision().kind != "animal_play"


# ----------------------------------------------------------------------------- EX7


def _animals_two_setup(partner_zoo: bool):
    game = ready_game(seed=2)
    player = game.players[0]
    set_cards(game, 0, ["cards", "build", "association", "sponsors", "animals"], upgraded={"animals"})
    player.reputation = 3
    put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_display(game, 419, 3)  # European badger in folder 3
    to_hand(game, 0, 445)  # crested porcupine
    if partner_zoo:
        player.partner_zoos = ["europe"]
        player.add_icons(("europe",))
    start_turn(game, 0)
    return game, player


@pytest.mark.parametrize(("slot", "reputation", "offered"), [(5, 3, True), (4, 3, False), (5, 2, False)])
def test_animals_two_at_strength_5_is_offered_for_a_card_only_its_reputation_reaches(slot, reputation, offered):
    """Side II at strength 5 gains its reputation at the start of the action, so a card in folder 3
    that reputation 3 cannot reach (folders 1-2, both empty) but 4 can makes Animals possible. At
    strength 4, or from reputation 2 (3 still reaches only folder 2), it does not."""
    game = ready_game(seed=2)
    player = game.players[0]
    order = ["cards", "build", "association", "sponsors"]
    order.insert(slot - 1, "animals")
    set_cards(game, 0, order, upgraded={"animals"})
    player.reputation, player.money, player.xtokens = reputation, 30, 0
    game.discard.extend(player.hand)
    player.hand = []
    put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_display(game, 419, 3)  # European badger in folder 3
    game.display[0] = game.display[1] = 0
    start_turn(game, 0)
    assert (("act", "animals", 0) in game.decision().options) == offered


@pytest.mark.parametrize("partner_zoo", [False, True])
def test_ex7_animals_two_reputation_first_then_folder_cost(partner_zoo):
    game, player = _animals_two_setup(partner_zoo)
    player.money = 16
    assert deck.reputation_range(player) == 2  # folder 3 out of reach before the action
    choose(game, ("act", "animals", 0))
    assert player.reputation == 4
    options = expect(game, "animal_play", 0).options
    assert any(o[:2] == (419, 2) for o in options)  # folder 3 now in range
    assert not any(o[1] >= 3 for o in options)  # folders 4-6 are not
    discount = 3 if partner_zoo else 0
    badger = next(o for o in options if o[:2] == (419, 2))
    choose(game, badger)
    assert player.money == 16 - (5 + 3 - discount)
    porcupine = next(o for o in expect(game, "animal_play").options if o != "done" and o[0] == 445)
    choose(game, porcupine)
    choose(game, ("stop",), "dig")  # the porcupine's Digging 2, not used
    choose(game, 1, "boost")  # the badger's Boost (after the action): Animals stays in slot 1
    finish_turn(game, 0)
    assert player.money == 16 - (5 + 3 - discount) - (8 - discount)
    assert player.appeal == 3 + 3
    assert sorted(player.animals) == [419, 445]
    assert all(game.display)  # refilled at the end of the turn


def test_ex7_second_animal_is_optional():
    game, player = _animals_two_setup(False)
    player.money = 16
    choose(game, ("act", "animals", 0))
    choose(game, next(o for o in expect(game, "animal_play").options if o[0] == 445))
    choose(game, ("stop",), "dig")
    assert "done" in expect(game, "animal_play").options
    choose(game, "done")
    finish_turn(game, 0)
    assert player.animals == [445]


# ----------------------------------------------------------------------------- EX8


def _three_large_animals(game, seat):
    for number in (417, 479, 499):  # wolf (4), alligator (4), vulture (5)
        size = CATALOG.animals[number].size
        kind = f"enclosure-{size}"
        index = put(game, seat, kind, free_spot(game, seat, kind))
        install_animal(game, seat, number, index)


def test_ex8_playing_a_project_into_a_full_three_player_row():
    game = ready_game(players=3, seed=4)
    player = game.players[0]
    _three_large_animals(game, 0)
    assert player.large_animals == 3
    to_row(game, 118, 119, 125)  # Reptile Breeding Program on the right
    to_hand(game, 0, 131)  # Large Animals: 4 -> 4 CP, 3 -> 3 CP, 2 -> 2 CP
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(player, 10)
    player.xtokens = 0
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    options = expect(game, "association", 0).options
    assert ("play", 131, -1, 1, 0) in options and ("play", 131, -1, 2, 0) in options
    assert ("play", 131, -1, 0, 0) not in options  # 4 large animals needed
    choose(game, ("play", 131, -1, 1, 0))
    assert [row.number for row in game.projects] == [131, 118, 119]
    assert game.discard[-1] == 125
    assert game.projects[0].holders == [-1, 0, -1]
    assert player.cp == 13
    choose(game, 6, "left_slot")  # the "3 X-tokens" slot
    finish_turn(game, 0)
    assert player.xtokens == 3
    assert player.left_slots == 1 << 6


def test_ex8_xtoken_slot_is_capped_at_five():
    game = ready_game(players=3, seed=4)
    player = game.players[0]
    _three_large_animals(game, 0)
    to_hand(game, 0, 131)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(player, 10)
    player.xtokens = 4
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("play", 131, -1, 2, 0))
    choose(game, 6, "left_slot")
    finish_turn(game, 0)
    assert player.xtokens == 5
    assert game.project_row_limit == 3


# ----------------------------------------------------------------------------- EX9


def test_ex9_release_into_the_wild_from_the_reptile_house():
    game = ready_game(seed=6)
    player = game.players[0]
    house = put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house"))
    install_animal(game, 0, 471, house)  # African spurred tortoise, 2 tokens
    small = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    install_animal(game, 0, 404, small)  # caracal in a standard enclosure
    assert player.buildings[house][2] == 2 and player.buildings[small][2] == 1
    to_hand(game, 0, 116)  # Serengeti National Park
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    player.money, player.appeal, player.reputation = 10, 20, 3
    settle_cp(player, 10)
    africa = player.icon("africa")
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    options = expect(game, "association").options
    assert ("play", 116, -1, 1, 471) in options  # size 3 -> middle level
    assert ("play", 116, -1, 0, 471) not in options  # too small for the left level
    assert ("play", 116, -1, 2, 471) in options  # at least size 1-2: 2nd printing, decision B1
    choose(game, ("play", 116, -1, 1, 471))
    choose(game, 5, "left_slot")  # the "12 money" slot
    finish_turn(game, 0)
    assert player.buildings[house][2] == 0  # both tokens back to the supply
    assert player.buildings[small][2] == 1  # the caracal's enclosure is untouched
    assert player.appeal == 20 - 6
    assert player.cp == 10 + 4
    assert player.money == 10 + 12
    assert player.reputation == 3 + 1  # the project's played bonus
    assert 471 in game.discard and 471 not in player.animals and 471 not in player.housing
    assert player.icon("reptile") == 0 and player.icon("africa") == africa - 1


def test_ex9_release_from_a_standard_enclosure_flips_the_smallest_fitting_one():
    game = ready_game(seed=6)
    player = game.players[0]
    five = put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5"))
    four = put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4"))
    install_animal(game, 0, 402, five)  # lion (size 4) in the size-5
    install_animal(game, 0, 417, four)  # wolf (size 4) in the size-4
    to_row(game, 116)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(player, 10)
    player.appeal = 30
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 116, 0, 402))  # lion: size 4 -> left level, 5 CP
    choose(game, 0, "left_slot")
    assert player.cp == 15 and player.appeal == 30 - 9
    # smallest occupied standard enclosure of at least size 4 is flipped; the wolf still has one
    assert player.buildings[four][2] == 0 and player.buildings[five][2] == 1


@pytest.mark.parametrize(("neighbour", "house_after", "standard_after"), [(476, 0, 1), (470, 1, 0)])
def test_release_frees_the_special_enclosure_first_when_it_holds_the_markers(neighbour, house_after, standard_after):
    """The African spurred tortoise (2 markers in a reptile house) lives in a size-3 enclosure. With the
    Komodo dragon's 2 markers in the reptile house, the release takes those markers back and the
    size-3 enclosure stays occupied (German "sofern möglich ... ODER", French "en priorité"). With only
    the mamba's 1 marker there, the size-3 enclosure turns back instead (decision 20b)."""
    game = ready_game(seed=6)
    player = game.players[0]
    house = put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house"))
    install_animal(game, 0, neighbour, house)
    three = put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3"))
    install_animal(game, 0, 471, three)
    to_row(game, 116)  # Serengeti National Park: release an Africa animal
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(player, 10)
    player.appeal = 30
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 116, 1, 471))
    choose(game, 0, "left_slot")
    assert player.buildings[house][2] == house_after and player.buildings[three][2] == standard_after
    assert player.housing == {neighbour: "standard" if standard_after else "reptile_house"}


# ----------------------------------------------------------------------------- EX10


def test_ex10_association_two_strength_six_two_tasks_and_a_donation():
    game = ready_game()
    player = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], upgraded={"association"})
    player.xtokens, player.workers, player.workers_total = 1, 2, 2
    player.money, player.reputation = 10, 1
    game.donations = 1  # the 2-money space is already covered
    start_turn(game, 0)
    choose(game, ("act", "association", 1), "turn")  # X = 5 + 1
    first = expect(game, "association", 0).options
    assert ("donate",) not in first and ("done",) not in first  # donation needs a task first
    choose(game, ("university", "reputation_hand"))
    second = expect(game, "association").options
    assert set(second) == {("reputation",), ("donate",), ("done",)}  # 2 strength left
    choose(game, ("reputation",))
    assert set(expect(game, "association").options) == {("donate",), ("done",)}
    choose(game, ("donate",))
    assert player.money == 10 - 5 and player.cp == 1
    assert donation_cost(game) == 7
    choose(game, ("done",), "association")
    finish_turn(game, 0)
    assert player.reputation == 1 + 1 + 2  # university's printed +1, task +2
    assert player.xtokens == 0 and player.workers == 0
    assert player.workers_on == {"university": 1, "reputation": 1}
    assert player.hand_limit == 5


# ----------------------------------------------------------------------------- EX11


def test_ex11_meerkat_den_counts_its_own_herbivore_icon():
    game = ready_game(seed=8)
    player = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    player.reputation, player.appeal = 3, 10
    to_hand(game, 0, 243)
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    choose(game, (243, -1), "sponsors")
    spot = expect(game, "unique_build").options[0]
    assert spot.rock_adjacent >= 1
    choose(game, spot)
    assert player.appeal == 12


# ----------------------------------------------------------------------------- EX12 / EX13 / EX20


def _trigger_break_with_cards(game, seat: int) -> None:
    """Seat takes Cards I (break token +2 onto the last space); drive the turn and the break."""
    game.break_position = game.break_length - 2
    set_cards(game, seat, ["cards", "animals", "build", "association", "sponsors"])
    start_turn(game, seat)
    choose(game, ("act", "cards", 0))
    assert game.break_pending and game.break_position == game.break_length
    while True:
        decision = game.decision()  # settles the automatic steps (end of turn, break)
        if game.breaks:
            break
        assert decision.kind in ("cards_mode", "discard"), decision
        game.apply(decision.options[0])


def test_ex12_appeal_seven_pays_eleven_at_a_break():
    game = ready_game()
    me, other = game.players
    me.appeal, other.appeal = 7, 0
    before = (me.money, other.money)
    xtokens = me.xtokens
    _trigger_break_with_cards(game, 0)
    # Map A start: the kiosk touches only the empty start enclosure -> no kiosk income
    assert me.money - before[0] == 11
    assert other.money - before[1] == 5  # [DATA] appeal 0 -> 5
    assert me.xtokens == xtokens + 1  # the break trigger's X-token
    assert other.xtokens == 0
    assert game.break_position == 0 and not game.break_pending
    finish_turn(game, 0)


EX13_LAYOUT = {  # map 0, found by hand: see the adjacency asserts
    "k1": [(0, 5)], "k2": [(3, 4)],
    "empty4": [(1, 2), (1, 4), (2, 3), (2, 5)],
    "occupied_a": [(0, 7), (0, 9)], "pavilion": [(1, 6)],
    "petting": [(2, 9), (3, 6), (3, 8)], "occupied_b": [(4, 3)],
}


def _ex13_zoo():
    game = ready_game(maps="0")
    layout = EX13_LAYOUT
    for name, near_k1, near_k2 in (("empty4", True, True), ("occupied_a", True, False),
                                   ("pavilion", True, False), ("petting", False, True),
                                   ("occupied_b", False, True)):
        assert cells_adjacent(layout[name], layout["k1"]) == near_k1, name
        assert cells_adjacent(layout[name], layout["k2"]) == near_k2, name
    assert hex_distance(layout["k1"][0], layout["k2"][0]) >= 3
    put(game, 0, "kiosk", layout["k1"])
    put(game, 0, "kiosk", layout["k2"])
    empty4 = put(game, 0, "enclosure-4", layout["empty4"])
    put(game, 0, "enclosure-2", layout["occupied_a"], used=1)
    put(game, 0, "pavilion", layout["pavilion"])
    put(game, 0, "petting_zoo", layout["petting"])  # empty special enclosure
    put(game, 0, "enclosure-1", layout["occupied_b"], used=1)
    return game, empty4


def test_ex13_kiosk_income_two_plus_two():
    game, _ = _ex13_zoo()
    me = game.players[0]
    assert zoo.kiosk_income(me) == 4
    me.appeal = 0
    before = me.money
    _trigger_break_with_cards(game, 0)
    assert me.money - before == 5 + 4


def test_ex13_a_building_next_to_two_kiosks_pays_for_each():
    game, empty4 = _ex13_zoo()
    me = game.players[0]
    kind, where, _ = me.buildings[empty4]
    me.buildings[empty4] = (kind, where, 1)  # the size-4 gets an animal
    assert zoo.kiosk_income(me) == 6


def test_kiosk_counts_a_building_once_however_many_cells_touch():
    game = ready_game(maps="0")
    put(game, 0, "kiosk", [(2, 5)])
    around = set(grid_neighbours((2, 5)))
    wide = next(p for p in map_board(CATALOG, "0").placements_for("enclosure-4")
                if (2, 5) not in p.cells and len(around & set(p.cells)) >= 2)
    put(game, 0, "enclosure-4", wide.cells, used=1)  # touches the kiosk with 2+ cells
    assert zoo.kiosk_income(game.players[0]) == 1


@pytest.mark.parametrize("players,length", [(2, 9), (3, 12), (4, 15)])
def test_ex20_break_track_length(players, length):
    game = ready_game(players=players)
    assert game.break_position == 0 and game.break_length == length


# ----------------------------------------------------------------------------- EX14 / EX15


def _two_zoos(*appeal_and_cp):
    """A two-player game whose zoos have the given (appeal, CP)."""
    game = ready_game()
    for player, (appeal, cp) in zip(game.players, appeal_and_cp):
        player.appeal = appeal
        settle_cp(player, cp)
    return game


def test_ex14_first_printing_victory_points():
    game = _two_zoos((72, 16), (79, 18))
    blue, red = game.players
    assert tracks.victory_points(blue) == -4 and tracks.victory_points(red) == 9
    assert tracks.score(blue) == 96 and tracks.score(red) == 109


def test_ex15_second_printing_score_and_winner():
    game = _two_zoos((80, 16), (78, 18))
    results = {r.seat: r for r in game.results()}
    assert results[0].details["score"] == 104 and results[1].details["score"] == 108
    assert results[1].rank == 1 and results[0].rank == 2


def test_tie_goes_to_more_supported_projects_else_shared():
    game = _two_zoos((50, 12), (50, 12))
    a, b = game.players
    a.supported, b.supported = [101, 102], [101]
    ranks = {r.seat: r.rank for r in game.results()}
    assert ranks == {0: 1, 1: 2}
    b.supported = [103, 104]
    assert {r.seat: r.rank for r in game.results()} == {0: 1, 1: 1}


# ----------------------------------------------------------------------------- EX16


def _end_setup(appeal: int, cp: int):
    game = ready_game()
    me = game.players[0]
    me.appeal = appeal
    settle_cp(me, cp)
    game.cp10_reached = True
    start_turn(game, 0)
    return game, me


def test_ex16_same_scoring_area_triggers_the_end_and_the_others_play_once_more():
    game, me = _end_setup(64, 20)
    assert tracks.score(me) == 100
    choose(game, ("xtoken", "animals"))
    assert game.end_trigger == 0
    expect(game, "turn", 1)
    choose(game, ("xtoken", "animals"))
    assert game.is_over()
    assert me.turns == 1 and game.players[1].turns == 1  # the trigger player does not play again


def test_ex16_one_point_short_does_not_trigger():
    game, me = _end_setup(63, 20)
    choose(game, ("xtoken", "animals"))
    choose(game, ("xtoken", "animals"), "turn")
    expect(game, "turn", 0)
    assert not game.is_over() and game.end_trigger == -1


def _last_turns(game):
    """Play the game out taking X-tokens; the seats that still got a turn, in order."""
    turns = []
    while not game.is_over():
        decision = game.decision()
        if decision.kind == "turn":
            turns.append(decision.seat)
            choose(game, next(o for o in decision.options if o[0] == "xtoken"))
        else:
            game.apply(decision.options[0])
    return turns


def test_end_triggered_during_a_break_gives_everyone_one_more_turn():
    game = ready_game()
    me, other = game.players
    other.appeal = 64  # reached 100 without an own end-of-turn check yet
    settle_cp(other, 20)
    game.cp10_reached = True
    _trigger_break_with_cards(game, 0)
    assert game.end_trigger == -2
    turns = _last_turns(game)
    assert turns == [1, 0]  # from the player after the break trigger, trigger included


def test_end_and_break_in_the_same_turn_others_play_once_more():
    game = ready_game()
    me = game.players[0]
    me.appeal = 64
    settle_cp(me, 20)
    game.cp10_reached = True
    _trigger_break_with_cards(game, 0)
    assert game.end_trigger == 0
    turns = _last_turns(game)
    assert turns == [1]


# ----------------------------------------------------------------------------- EX17 / EX18


def test_ex17_solo_sponsors_two_break_option_pays_double_without_moving():
    game = ready_game(players=1)
    me = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], upgraded={"sponsors"})
    money = me.money
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    choose(game, ("break",), "sponsors")
    assert me.money == money + 8
    assert game.break_position == 0 and not game.break_pending and me.xtokens == 0


def test_sponsors_break_option_pays_in_full_past_the_last_space():
    game = ready_game()
    me = game.players[0]
    game.break_position = game.break_length - 1
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    money = me.money
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    choose(game, ("break",), "sponsors")
    assert me.money == money + 4  # X = 4 although 1 step was enough
    assert game.break_pending and game.break_position == game.break_length
    assert me.xtokens == 1


def test_ex18_solo_rounds_of_seven_to_two_turns_with_five_breaks():
    game = ready_game(players=1)
    break_turns, donations = [], []
    breaks = 0
    while not game.is_over():
        decision = game.decision()
        if decision.kind == "turn":  # never donate: only X-tokens or Cards
            option = next((o for o in decision.options if o[0] == "xtoken"), ("act", "cards", 0))
            if option not in decision.options:
                option = next(o for o in decision.options if o[1] == "cards")
        else:
            option = decision.options[0]
        game.apply(option)
        if game.breaks != breaks:
            breaks = game.breaks
            break_turns.append(game.turn)
            donations.append(game.donations)
    assert break_turns == [7, 13, 18, 22, 25]
    assert game.turn == 27 and game.players[0].turns == 27 and game.breaks == 5
    assert donations == [1, 2, 3, 4, 5]  # each break covers the cheapest open donation space
    assert game.players[0].xtokens <= 5


def test_solo_setup():
    game = ready_game(players=1)
    me = game.players[0]
    assert me.appeal == 20 and me.money == 25 and len(me.hand) == 4
    assert len(game.base_projects) == 3 and all(-2 not in row.holders for row in game.base_projects)
    assert game.project_row_limit == 2


# ----------------------------------------------------------------------------- EX19


@pytest.mark.parametrize("reputation,folders", [(1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4),
                                                (10, 5), (12, 5), (13, 6), (15, 6)])
def test_ex19_reputation_range(reputation, folders):
    game = ready_game()
    game.players[0].reputation = reputation
    assert deck.folders_in_range(game, 0) == list(range(folders))


def test_ex19_reputation_four_reaches_folders_one_to_three_in_play():
    game, player = _cards_two_in_slot_five(reputation=4)
    choose(game, ("act", "cards", 0))
    choose(game, ("draw",), "cards_mode")
    assert set(expect(game, "take_card").options) == {("deck",), ("display", 0), ("display", 1), ("display", 2)}


# ============================================================================= not in the books


def test_xtoken_action_blocked_at_five_tokens():
    game = ready_game()
    me = game.players[0]
    me.xtokens = 5
    start_turn(game, 0)
    assert not any(o[0] == "xtoken" for o in game.decision().options)
    me.xtokens = 4
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    assert {o for o in game.decision().options if o[0] == "xtoken"} == {
        ("xtoken", c) for c in ("animals", "cards", "build", "association", "sponsors")}
    choose(game, ("xtoken", "association"))
    finish_turn(game, 0)
    assert me.xtokens == 5
    assert me.action_cards == ["association", "animals", "cards", "build", "sponsors"]


def test_xtokens_raise_strength_and_are_spent():
    game = ready_game()
    me = game.players[0]
    me.xtokens = 2
    set_cards(game, 0, ["animals", "build", "cards", "association", "sponsors"])
    start_turn(game, 0)
    options = game.decision().options
    assert ("act", "build", 2) in options and ("act", "build", 3) not in options
    choose(game, ("act", "build", 2))  # slot 2 + 2 = strength 4
    kinds = expect(game, "build").options
    assert "enclosure-4" in kinds and "enclosure-5" not in kinds
    assert me.xtokens == 0


def test_animals_one_in_slot_one_is_not_an_action():
    game = ready_game()
    me = game.players[0]
    to_hand(game, 0, 445)  # cheap animal that would fit
    start_turn(game, 0)
    assert me.action_cards[0] == "animals"
    assert not any(o[:2] == ("act", "animals") and o[2] == 0 for o in game.decision().options)
    assert ("xtoken", "animals") in game.decision().options


@pytest.mark.parametrize("side_two,slot,playable", [(False, 3, False), (False, 4, True),
                                                     (True, 3, True), (True, 2, False)])
def test_sponsor_level_limit(side_two, slot, playable):
    """Side I: level <= X; side II: sum of levels <= X + 1, so one card of level X + 1."""
    game = ready_game()
    order = ["animals", "cards", "build", "association"]
    order.insert(slot - 1, "sponsors")
    set_cards(game, 0, order, upgraded={"sponsors"} if side_two else set())
    to_hand(game, 0, 217)  # Engineer, level 4, no condition
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    assert ((217, -1) in expect(game, "sponsors").options) == playable


def test_sponsors_two_several_cards_up_to_x_plus_one():
    game = ready_game()
    me = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"], upgraded={"sponsors"})
    to_hand(game, 0, 217, 225)  # levels 4 and 3
    me.reputation = 1
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))  # budget 6
    choose(game, (225, -1), "sponsors")
    assert me.xtokens == 1  # Quarantine Lab: 1 X-token
    decision = game.decision()
    assert not (decision.kind == "sponsors" and (217, -1) in decision.options)  # 3 + 4 > 6
    if decision.kind == "sponsors":
        choose(game, "done")
    finish_turn(game, 0)
    assert me.sponsors == [225]


def test_association_workers_one_then_two_then_impossible():
    game = ready_game()
    me = game.players[0]
    me.workers = me.workers_total = 4
    set_cards(game, 0, ["animals", "association", "cards", "build", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("reputation",), "association")
    assert me.workers == 3 and me.workers_on == {"reputation": 1}
    set_cards(game, 0, ["animals", "association", "cards", "build", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("reputation",), "association")
    assert me.workers == 1 and me.workers_on == {"reputation": 3}
    me.workers = 4  # even with enough active workers, a 4th visit is impossible
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    assert ("reputation",) not in expect(game, "association").options


def test_association_second_visit_needs_two_active_workers():
    game = ready_game()
    me = game.players[0]
    me.workers, me.workers_total, me.workers_on = 1, 2, {"reputation": 1}
    set_cards(game, 0, ["animals", "association", "cards", "build", "sponsors"])
    start_turn(game, 0)
    assert not any(o[:2] == ("act", "association") for o in game.decision().options)


def test_workers_return_at_the_break():
    game = ready_game()
    me = game.players[0]
    me.workers, me.workers_total, me.workers_on = 0, 2, {"reputation": 1, "university": 1}
    _trigger_break_with_cards(game, 0)
    assert me.workers == 2 and me.workers_on == {}


@pytest.mark.parametrize("side_two", [False, True])
def test_partner_zoo_limit_two_until_association_is_upgraded(side_two):
    game = ready_game()
    me = game.players[0]
    me.partner_zoos = ["africa", "asia"]
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"],
              upgraded={"association"} if side_two else set())
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    zoos = {o[1] for o in expect(game, "association").options if o[0] == "partner_zoo"}
    assert zoos == ({"americas", "australia", "europe"} if side_two else set())


def test_partner_zoo_limit_four_on_side_two():
    game = ready_game()
    me = game.players[0]
    me.partner_zoos = ["africa", "asia", "americas", "europe"]
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"], upgraded={"association"})
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    assert not any(o[0] == "partner_zoo" for o in expect(game, "association").options)


def test_a_taken_partner_zoo_is_gone_until_the_break():
    game = ready_game()
    set_cards(game, 1, ["animals", "cards", "association", "build", "sponsors"])
    start_turn(game, 1)
    choose(game, ("act", "association", 0))
    choose(game, ("partner_zoo", "africa"), "association")
    assert game.players[1].partner_zoos == ["africa"]
    set_cards(game, 0, ["animals", "cards", "association", "build", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    zoos = {o[1] for o in expect(game, "association").options if o[0] == "partner_zoo"}
    assert "africa" not in zoos and len(zoos) == 4
    _trigger_break_with_cards(game, 0)
    assert "africa" in game.partner_zoo_board


def test_reputation_capped_at_nine_without_cards_two():
    game = ready_game()
    me = game.players[0]
    me.reputation, me.appeal = 8, 10
    tracks.gain_reputation(game, 0, 3)
    assert me.reputation == 9 and me.appeal == 10  # excess lost, no appeal


def test_reputation_beyond_nine_with_cards_two_pays_each_space():
    game = ready_game()
    me = game.players[0]
    me.upgraded = {"cards"}
    me.reputation, me.cp, me.appeal = 9, 0, 10
    game.stack = []
    tracks.gain_reputation(game, 0, 2)
    assert me.reputation == 11 and me.cp == 1  # space 11: +1 CP
    assert game.stack == [("take_card", 0)]  # space 10: take 1 card


def test_reputation_overflow_beyond_fifteen_becomes_appeal():
    game = ready_game()
    me = game.players[0]
    me.upgraded = {"cards"}
    me.reputation, me.appeal, me.xtokens = 14, 10, 0
    tracks.gain_reputation(game, 0, 3)
    assert me.reputation == 15 and me.xtokens == 1 and me.appeal == 12


def test_two_player_base_projects_and_row_limit():
    game = ready_game()
    blocked = [[i for i, h in enumerate(row.holders) if h == -2] for row in game.base_projects]
    assert blocked == [[0], [1], [2]]  # left level of the left card, middle of the middle, right of the right
    assert game.project_row_limit == 2
    # a player who meets every level is still never offered a blocked one
    me = game.players[0]
    for category in ("predator", "herbivore", "bird", "reptile", "primate", "bear"):
        me.icons[category] = 6
    for continent in ("africa", "americas", "asia", "australia", "europe"):
        me.icons[continent] = 6
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    supports = {(o[1], o[2]) for o in expect(game, "association").options if o[0] == "support"}
    rows = game.base_projects
    assert supports == {(rows[r].number, s) for r in range(3) for s in range(3) if s != r}


def test_two_player_row_keeps_two_projects():
    game = ready_game()
    me = game.players[0]
    house = put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house"))
    install_animal(game, 0, 471, house)
    to_row(game, 118, 125)
    to_hand(game, 0, 116)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(me, 10)
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("play", 116, -1, 1, 471))
    assert [row.number for row in game.projects] == [116, 118]
    assert 125 in game.discard


def test_each_player_supports_a_project_only_once():
    game = ready_game()
    me = game.players[0]
    me.icons["predator"] = 6
    to_row(game, 124)
    row = project_row(110, [-1, -1, -1])
    game.base_projects = [row]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    settle_cp(me, 10)
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 110, 0, 0))
    choose(game, 0, "left_slot")
    assert row.holders == [0, -1, -1]
    me.workers, me.workers_total = 3, 4  # workers to spare for a second visit
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    options = expect(game, "association").options
    assert ("reputation",) in options
    assert not any(o[0] == "support" and o[1] == 110 for o in options)  # levels 2 and 3 still free


def test_partner_zoo_discount_is_per_continent_icon():
    game = ready_game()
    me = game.players[0]
    bison = CATALOG.animals[436]  # 2 Americas icons, cost 18
    elephant = CATALOG.animals[426]  # 2 Africa icons, cost 36
    assert animal_cost(me, bison) == 18
    me.partner_zoos = ["americas"]
    assert animal_cost(me, bison) == 12 and animal_cost(me, elephant) == 36
    me.partner_zoos = ["americas", "africa"]
    assert animal_cost(me, elephant) == 30


def test_partner_zoo_discount_in_play():
    game = ready_game()
    me = game.players[0]
    me.partner_zoos = ["americas"]
    me.icons["americas"] = 3
    five = put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5"))
    to_hand(game, 0, 436)
    set_cards(game, 0, ["cards", "animals", "build", "association", "sponsors"])
    me.money = 12
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    choose(game, (436, -1, five))
    assert me.money == 0


def test_first_building_must_touch_the_border():
    game = ready_game(maps="0")
    me = game.players[0]
    assert me.buildings == []
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-3")
    offered = {p.mask for p in expect(game, "build_place").options}
    expected = {p.mask for p in map_board(CATALOG, "0").placements_for("enclosure-3")
                if any(is_border(c) for c in p.cells) and not p.mask & map_board(CATALOG, "0").upgrade_only}
    assert offered == expected and offered


def test_later_buildings_must_touch_an_existing_building():
    game = ready_game(maps="0")
    me = game.players[0]
    first = [(0, 5), (0, 7)]
    put(game, 0, "enclosure-2", first)
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-3")
    offered = {p.mask for p in expect(game, "build_place").options}
    board = map_board(CATALOG, "0")
    expected = {p.mask for p in board.placements_for("enclosure-3")
                if not p.mask & me.occupied and cells_adjacent(p.cells, first)
                and not p.mask & board.upgrade_only}
    assert offered == expected and offered


@pytest.mark.parametrize("side_two", [False, True])
def test_upgrade_cells_need_build_two(side_two):
    game = ready_game()
    put(game, 0, "enclosure-1", [(7, 10)])  # next to the upgrade cells (8,11) and (7,12)
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"],
              upgraded={"build"} if side_two else set())
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "pavilion")
    offered = {p.cells for p in expect(game, "build_place").options}
    assert (((8, 11),) in offered) == side_two
    assert (((7, 12),) in offered) == side_two
    assert ((6, 11),) in offered or ((8, 9),) in offered


def test_one_petting_zoo_per_zoo():
    game = ready_game()
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    assert "petting_zoo" in expect(game, "build").options
    put(game, 0, "petting_zoo", free_spot(game, 0, "petting_zoo"))
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    assert "petting_zoo" not in expect(game, "build").options


def test_special_enclosures_of_build_two():
    game = ready_game()
    me = game.players[0]
    me.money, me.xtokens = 40, 2
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 2))  # Build I at X = 5
    kinds = expect(game, "build").options
    assert "reptile_house" not in kinds and "large_bird_aviary" not in kinds and "enclosure-5" in kinds
    me.xtokens = 2
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"], upgraded={"build"})
    start_turn(game, 0)
    choose(game, ("act", "build", 2))
    assert {"reptile_house", "large_bird_aviary"} <= set(expect(game, "build").options)
    put(game, 0, "reptile_house", free_spot(game, 0, "reptile_house"))
    me.xtokens = 2
    start_turn(game, 0)
    choose(game, ("act", "build", 2))
    kinds = expect(game, "build").options
    assert "reptile_house" not in kinds and "large_bird_aviary" in kinds


def _almost_full(game, seat, free_cells):
    me = game.players[seat]
    board = map_board(CATALOG, me.map_id)
    me.occupied = board.buildable & ~mask_of(free_cells)
    refresh(game)


def test_full_map_gives_seven_appeal():
    game = ready_game()
    me = game.players[0]
    board = map_board(CATALOG, "A")
    last = next(c for c in BIT if BIT[c] & board.buildable and not BIT[c] & (board.upgrade_only | board.bonus_mask))
    _almost_full(game, 0, [last])
    me.appeal = 10
    set_cards(game, 0, ["animals", "build", "cards", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-1", "build")
    choose(game, placement("A", "enclosure-1", [last]), "build_place")
    finish_turn(game, 0)
    assert me.appeal == 17 and me.full_map_bonus


def test_full_map_appeal_also_from_a_free_building():
    game = ready_game()
    me = game.players[0]
    board = map_board(CATALOG, "A")
    pair = next(p for p in board.placements_for("enclosure-2")
                if not p.mask & (board.upgrade_only | board.bonus_mask))
    _almost_full(game, 0, pair.cells)
    me.appeal = 10
    game.stack = [("free_build", 0, ("enclosure-2",))]
    refresh(game)
    choose(game, ("enclosure-2", pair), "free_build")
    assert me.appeal == 17


def test_map_not_full_gives_nothing():
    game = ready_game()
    me = game.players[0]
    board = map_board(CATALOG, "A")
    cells = [c for c in BIT if BIT[c] & board.buildable and not BIT[c] & (board.upgrade_only | board.bonus_mask)]
    _almost_full(game, 0, cells[:2])
    me.appeal = 10
    set_cards(game, 0, ["animals", "build", "cards", "association", "sponsors"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-1", "build")
    choose(game, placement("A", "enclosure-1", [cells[0]]), "build_place")
    assert me.appeal == 10


def _cp_zero_to_ten():
    """Gain 10 CP at once from 0 and answer every decision that follows; returns what was asked."""
    game = ready_game()
    game.stack = []
    tracks.gain_cp(game, 0, 10)
    refresh(game)
    seen = []
    while game.decision().kind != "turn":
        decision = game.decision()
        step = game.stack[-1]
        seen.append((decision.kind, decision.seat) + ((step[2],) if decision.kind == "cp_bonus" else ()))
        game.apply(decision.options[0])
    return game, seen


def test_reaching_ten_makes_every_player_discard_a_final_scoring_card():
    game, seen = _cp_zero_to_ten()
    me, other = game.players
    assert sorted(s for s in seen if s[0] == "cp_bonus") == [("cp_bonus", 0, 2), ("cp_bonus", 0, 5), ("cp_bonus", 0, 8)]
    assert sorted(s for s in seen if s[0] == "discard_final") == [("discard_final", 0), ("discard_final", 1)]
    assert len(me.final_scoring) == 1 and len(other.final_scoring) == 1
    assert game.cp10_reached and me.cp == 10


def test_conservation_milestones_passed_at_once_resolve_in_increasing_order():
    """Digest Q10: every bonus passed is awarded, in increasing order (2, 5, 8, then 10)."""
    _, seen = _cp_zero_to_ten()
    milestones = [s[2] if s[0] == "cp_bonus" else 10 for s in seen if s[0] in ("cp_bonus", "discard_final")]
    assert milestones == [2, 5, 8, 10, 10]


def test_cp_space_choices():
    game = ready_game()
    me = game.players[0]
    game.stack = [("cp_bonus", 0, 2)]
    refresh(game)
    assert set(game.decision().options) == {e for e in dict(TRACKS.cp_bonus_choices)[2]}
    assert {e.keyword for e in game.decision().options} == {"upgrade_action_card", "hire_worker"}
    choose(game, next(e for e in game.decision().options if e.keyword == "hire_worker"))
    assert me.workers == 2 and me.workers_total == 2
    game.stack = [("cp_bonus", 0, 5)]
    refresh(game)
    options = game.decision().options
    tiles = game.bonus_tiles[5]
    assert len(tiles) == 2
    assert {o for o in options if isinstance(o, tuple)} == {("tile", t) for t in tiles}
    money = next(o for o in options if not isinstance(o, tuple))
    assert (money.keyword, money.amount) == ("money", 5)


def test_second_player_reaching_ten_discards_nothing_more():
    game = ready_game()
    me, other = game.players
    game.stack = []
    tracks.gain_cp(game, 0, 10)
    refresh(game)
    while game.decision().kind != "turn":
        game.apply(game.decision().options[0])
    assert len(other.final_scoring) == 1
    game.stack = []
    tracks.gain_cp(game, 1, 10)
    refresh(game)
    while game.decision().kind != "turn":
        assert game.decision().kind != "discard_final"
        game.apply(game.decision().options[0])
    assert len(me.final_scoring) == 1 and len(other.final_scoring) == 1


def test_nobody_at_ten_everyone_discards_before_final_scoring():
    game = ready_game()
    me, other = game.players
    me.appeal = 96
    settle_cp(me, 9)  # 96 + 4 = 100
    start_turn(game, 0)
    choose(game, ("xtoken", "animals"))
    choose(game, ("xtoken", "animals"), "turn")
    discards = []
    while not game.is_over():
        decision = game.decision()
        assert decision.kind == "discard_final"
        discards.append(decision.seat)
        game.apply(decision.options[0])
    assert sorted(discards) == [0, 1]
    assert len(me.final_scoring) == 1 and len(other.final_scoring) == 1


def test_upgrade_keeps_the_card_in_its_slot():
    game = ready_game()
    me = game.players[0]
    order = list(me.action_cards)
    game.stack = [("upgrade", 0)]
    refresh(game)
    assert set(game.decision().options) == set(order)
    choose(game, "sponsors")
    assert me.action_cards == order and "sponsors" in me.upgraded


def test_starting_position():
    game = ready_game(players=4)
    assert [p.appeal for p in game.players] == [0, 1, 2, 3]
    for p in game.players:
        assert p.money == 25 and p.reputation == 1 and p.cp == 0 and p.xtokens == 0
        assert p.action_cards[0] == "animals" and sorted(p.action_cards) == sorted(
            ["animals", "build", "cards", "association", "sponsors"])
        assert len(p.hand) == 4 and len(p.final_scoring) == 2
        assert p.workers == 1 and p.workers_total == 1
    assert len(game.base_projects) == 4 and game.project_row_limit == 4
    assert all(-2 not in row.holders for row in game.base_projects)
    assert len(game.display) == 6 and all(game.display)
    a = game.players[0]
    kinds = sorted(b[0] for b in a.buildings)
    assert kinds == ["enclosure-3", "kiosk"]


def test_break_discards_folders_one_and_two_and_hand_limit():
    game = ready_game()
    me, other = game.players
    display = list(game.display)
    to_hand(game, 1, *game.deck[-3:])  # the other player holds 7 cards
    display = list(game.display)
    _trigger_break_with_cards(game, 0)
    assert len(other.hand) == 3 and len(me.hand) <= 3
    assert game.display[:4] == display[2:6] and all(game.display)
    assert display[0] in game.discard and display[1] in game.discard


def build_a_reptile_house_until_the_move(game) -> None:
    """Seat 0 (upgraded Build in slot 5, 30 money) builds a Reptile House away from bonuses, up to the offer to
    move animals into it."""
    set_cards(game, 0, ["animals", "cards", "association", "sponsors", "build"], upgraded={"build"})
    game.players[0].money = 30
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "reptile_house", "build")
    spots = expect(game, "build_place").options
    choose(game, next((p for p in spots if no_bonus("A")(p)), spots[0]))
    while game.decision().kind != "relocate":
        game.apply(game.decision().options[0])


def test_moving_animals_into_a_new_reptile_house_flips_the_smallest_fitting_enclosure():
    game = ready_game(seed=9)
    me = game.players[0]
    start = building_index(game, 0, "enclosure-3", [(0, 9), (0, 11), (1, 10)])
    five = put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5"))
    four = put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4"))
    install_animal(game, 0, 471, five)  # tortoise (size 3, reptile house 2) in the size-5
    install_animal(game, 0, 417, four)  # wolf (size 4)
    install_animal(game, 0, 404, start)  # caracal (size 2) in the size-3
    build_a_reptile_house_until_the_move(game)
    assert set(game.decision().options) == {471, "stay"}  # only the reptile may move
    choose(game, 471)
    house = next(i for i, b in enumerate(me.buildings) if b[0] == "reptile_house")
    assert me.buildings[house][2] == 2 and me.housing[471] == "reptile_house"
    # the smallest occupied standard enclosure of size >= 3 is turned back: the size-3
    assert [me.buildings[i][2] for i in (start, four, five)] == [0, 1, 1]


def test_moving_two_small_animals_into_a_new_reptile_house_leaves_the_others_their_enclosures():
    """Issue 46 (`arkmc play --players 4 --maps 2 --bots random --seed 34523`, decisions 732-733): a size-1
    animal that needs water and one that needs nothing live in the two size-1 enclosures, two size-3
    animals in the size-3 and size-4 ones. Both small ones move into a new reptile house: the two size-1
    enclosures turn back, not the size-3 one (which left a size-3 animal in a size-1 enclosure)."""
    game = ready_game(seed=9)
    clear_zoo(game, 0)
    me = game.players[0]
    wet = lambda where: where.water_adjacent > 0  # noqa: E731
    pond = put(game, 0, "enclosure-1", free_spot(game, 0, "enclosure-1", wet))
    dry = put(game, 0, "enclosure-1", free_spot(game, 0, "enclosure-1", lambda where: not where.water_adjacent))
    lake = put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3", wet))
    big = put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4"))
    for animal, enclosure in ((484, pond), (485, dry), (511, lake), (443, big)):
        install_animal(game, 0, animal, enclosure)  # Pond Turtle (1, water), Adder (1), Flamingo (3, water), Red Deer (3)
    build_a_reptile_house_until_the_move(game)
    choose(game, 485)
    assert [me.buildings[i][2] for i in (pond, dry)] == [1, 0]  # the Adder left the dry one: the Turtle needs water
    choose(game, 484)
    assert me.housing[484] == me.housing[485] == "reptile_house"
    assert [me.buildings[i][2] for i in (pond, dry, lake, big)] == [0, 0, 1, 1]
    check_zoo(game, me)


def test_petting_zoo_animals_only_in_the_petting_zoo():
    game = ready_game()
    me = game.players[0]
    petting = put(game, 0, "petting_zoo", free_spot(game, 0, "petting_zoo"))
    put(game, 0, "enclosure-5", free_spot(game, 0, "enclosure-5"))
    to_hand(game, 0, 519, 520, 521, 522)
    set_cards(game, 0, ["cards", "build", "association", "sponsors", "animals"], upgraded={"animals"})
    me.money = 40
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    options = [o for o in expect(game, "animal_play").options if o != "done"]
    assert options and all(o[2] == petting for o in options if o[0] in (519, 520, 521, 522))
    choose(game, next(o for o in options if o[0] == 519))
    choose(game, next(o for o in expect(game, "animal_play").options if o != "done" and o[0] == 520))
    assert me.buildings[petting][2] == 2
    me.buildings[petting] = (me.buildings[petting][0], me.buildings[petting][1], 3)  # now full
    assert not any(o[0] in (521, 522) for o in playable_animals(game, 0, True))


def test_an_eighth_project_can_be_supported_without_a_left_edge_bonus():
    game = ready_game()
    me = game.players[0]
    me.left_slots = (1 << 7) - 1
    me.icons["predator"] = 6
    settle_cp(me, 10)
    money = me.money
    game.base_projects = [project_row(110)]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 110, 0, 0))
    finish_turn(game, 0)
    assert me.cp == 15 and me.money == money and game.base_projects[0].holders[0] == 0


def test_an_upgrade_gained_during_an_action_works_from_the_next_action():
    game = ready_game()
    me = game.players[0]
    me.reputation, me.workers, me.workers_total = 3, 3, 3
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))  # Association I, X = 5
    choose(game, ("reputation",), "association")
    assert me.reputation == 5
    choose(game, "association", "upgrade")  # reputation space 5: upgrade a card
    assert "association" in me.upgraded
    finish_turn(game, 0)  # no second task in this action, although 3 strength is left


def _association_turn_with_project_in_folder_3(money):
    """Association II with Large Animals in folder 3 and three large animals in the zoo."""
    game = ready_game(seed=12)
    me = game.players[0]
    _three_large_animals(game, 0)
    to_display(game, 131, 3)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], upgraded={"association"})
    me.reputation, me.money = 4, money
    settle_cp(me, 10)
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    return game, me


def test_project_from_the_display_costs_the_folder_number():
    game, me = _association_turn_with_project_in_folder_3(money=3)
    assert ("play", 131, 2, 1, 0) in expect(game, "association").options
    choose(game, ("play", 131, 2, 1, 0))
    assert me.money == 0 and game.display[2] == 0


def test_project_from_the_display_needs_the_folder_money():
    game, _ = _association_turn_with_project_in_folder_3(money=2)
    assert not any(o[:2] == ("play", 131) for o in expect(game, "association").options)


def test_a_project_that_cannot_be_supported_at_once_cannot_be_played():
    game = ready_game()
    me = game.players[0]
    to_hand(game, 0, 131)  # no large animal in the zoo
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    assert me.large_animals == 0
    assert not any(o[0] == "play" and o[1] == 131 for o in expect(game, "association").options)


def test_snap_on_cards_one_at_strength_five():
    game = ready_game()
    me = game.players[0]
    me.reputation = 1
    set_cards(game, 0, ["animals", "build", "association", "sponsors", "cards"])
    card = game.display[5]
    hand = list(me.hand)
    start_turn(game, 0)
    choose(game, ("act", "cards", 0))
    choose(game, ("snap", 5), "cards_mode")  # folder 6, far outside reputation range
    finish_turn(game, 0)
    assert me.hand == hand + [card]


@pytest.mark.parametrize("appeal,playable", [(25, True), (26, False)])
def test_appeal_max_25_sponsor_condition(appeal, playable):
    game = ready_game()
    me = game.players[0]
    me.appeal = appeal
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    to_hand(game, 0, 222)  # Release of Patents: level 5, playable up to 25 appeal
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    assert ((222, -1) in expect(game, "sponsors").options) == playable


@pytest.mark.parametrize("solo_appeal,limit", [(20, 45), (10, 35), (0, 25)])
def test_solo_raises_the_appeal_25_limit_with_the_starting_appeal(solo_appeal, limit):
    """Digest 7 (FR 2nd printing): 'up to 25 appeal' reads 45 at start appeal 20, 35 at 10, 25 at 0."""
    for appeal, playable in ((limit, True), (limit + 1, False)):
        game = ready_game(players=1, solo_appeal=solo_appeal)
        me = game.players[0]
        me.appeal = appeal
        set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
        to_hand(game, 0, 222)
        start_turn(game, 0)
        choose(game, ("act", "sponsors", 0))
        assert ((222, -1) in expect(game, "sponsors").options) == playable, (solo_appeal, appeal)


def test_solo_never_deals_the_biodiverse_zoo_final_scoring_card():
    """Digest 7: final scoring card 9 (Biodiverse Zoo) is unusable in solo; draw again."""
    dealt = [ready_game(players=1, seed=seed).players[0].final_scoring for seed in range(60)]
    assert all(len(cards) == 2 and len(set(cards)) == 2 for cards in dealt)
    assert not [cards for cards in dealt if 9 in cards]


def test_hand_limit_five_with_the_reputation_university():
    game = ready_game()
    me, other = game.players
    me.universities, me.hand_limit = ["reputation_hand"], 5
    to_hand(game, 0, *game.deck[-3:])  # 7 cards
    _trigger_break_with_cards(game, 0)  # Cards I in slot 1: draw 1, discard 1
    assert len(me.hand) == 5 and len(other.hand) == 3


def test_purple_left_edge_slots_pay_again_at_every_break():
    game = ready_game()
    me = game.players[0]
    me.icons["predator"] = 6
    me.appeal = 0
    settle_cp(me, 10)
    game.base_projects = [project_row(110)]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 110, 0, 0))
    money = me.money
    choose(game, 2, "left_slot")  # 5 money, income
    assert me.money == money + 5 and me.cp == 15
    finish_turn(game, 0)
    money, cp = me.money, me.cp
    me.hand = me.hand[:3]
    _trigger_break_with_cards(game, 0)
    assert me.money - money == 5 + 5  # appeal 0 income + the slot again
    assert me.cp == cp


def test_final_scoring_card_adds_conservation_points():
    game = ready_game()
    me, other = game.players
    me.final_scoring, other.final_scoring = [7], [6]  # Favorite Zoo: reputation 6/9/12/15
    me.reputation, me.appeal = 9, 64
    settle_cp(me, 20)
    game.cp10_reached = True
    clear_zoo(game, 1)  # Naturalists' Zoo: empty spaces 6/12/18/24 -> all empty = 4 CP
    board_cells = map_board(CATALOG, other.map_id).buildable.bit_count()
    assert board_cells >= 24
    other_cp = other.cp
    start_turn(game, 0)
    choose(game, ("xtoken", "animals"))
    choose(game, ("xtoken", "animals"), "turn")
    assert game.is_over()
    assert me.cp == 22 and other.cp == other_cp + 4


@pytest.mark.parametrize("predators,playable", [(2, False), (3, True)])
def test_animal_conditions(predators, playable):
    game = ready_game()
    me = game.players[0]
    me.icons["predator"] = predators
    to_hand(game, 0, 402)  # Lion: 3 predator icons needed
    put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4"))
    me.money = 30
    assert any(o[0] == 402 for o in playable_animals(game, 0, False)) == playable


@pytest.mark.parametrize("money,playable", [(15, False), (16, True)])
def test_animal_must_be_affordable_before_playing(money, playable):
    game = ready_game()
    me = game.players[0]
    me.icons["predator"] = 3
    to_hand(game, 0, 402)  # Lion costs 16
    put(game, 0, "enclosure-4", free_spot(game, 0, "enclosure-4"))
    me.money = money
    assert any(o[0] == 402 for o in playable_animals(game, 0, False)) == playable


def test_opening_hand_keep_four_of_eight():
    game = new_game({"players": 2, "maps": "A"}, 21)
    decision = game.decision()
    assert decision.kind == "keep_cards" and decision.seat == 0
    dealt = game.players[0].dealt
    assert len(dealt) == 8 and len(decision.options) == 70  # C(8, 4)
    keep = decision.options[17]
    game.apply(keep)
    assert sorted(game.players[0].hand) == sorted(keep)
    assert sorted(game.discard) == sorted(set(dealt) - set(keep))


def test_map_draft_offers_two_maps_and_random_maps_differ():
    game = new_game({"players": 3, "maps": "draft"}, 22)
    offered = []
    while game.decision().kind in ("choose_map", "keep_cards"):
        decision = game.decision()
        if decision.kind == "choose_map":
            assert len(decision.options) == 2
            offered += decision.options
            choice = decision.options[1]
            game.apply(choice)
            assert game.players[decision.seat].map_id == choice
        else:
            game.apply(decision.options[0])
    assert len(set(offered)) == 6 and set(offered) <= {str(n) for n in range(1, 9)}
    maps = [p.map_id for p in new_game({"players": 4, "maps": "random"}, 23).players]
    assert len(set(maps)) == 4 and set(maps) <= {str(n) for n in range(1, 9)}


def test_empty_deck_is_rebuilt_from_the_discard_pile():
    game = ready_game()
    me = game.players[0]
    game.discard.extend(game.deck)
    game.deck = []
    pile = sorted(game.discard)
    set_cards(game, 0, ["cards", "animals", "build", "association", "sponsors"])
    hand = list(me.hand)
    start_turn(game, 0)
    choose(game, ("act", "cards", 0))
    choose(game, ("draw",), "cards_mode")
    drawn = [c for c in me.hand if c not in hand]
    assert len(drawn) == 1 and drawn[0] in pile
    assert sorted(game.deck + drawn) == pile and game.discard == []


def test_unique_building_follows_the_placement_rules_and_its_rock_need():
    game = ready_game()
    me = game.players[0]
    me.reputation = 3
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])
    to_hand(game, 0, 243)  # Meerkat Den: unique building next to >= 1 rock
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    choose(game, (243, -1), "sponsors")
    offered = {p.mask for p in expect(game, "unique_build").options}
    board = map_board(CATALOG, "A")
    covered = [c for c in BIT if BIT[c] & me.occupied]
    expected = {p.mask for p in board.placements_for("meerkat")
                if not p.mask & me.occupied and not p.mask & board.upgrade_only
                and cells_adjacent(p.cells, covered)
                and any(BIT[n] & board.rock for c in p.cells for n in grid_neighbours(c))}
    assert offered == expected and offered


def test_donation_requires_a_task_in_the_same_action():
    game = ready_game()
    me = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], upgraded={"association"})
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    assert all(o[0] not in ("donate", "done") for o in expect(game, "association").options)
    choose(game, ("reputation",))
    assert ("donate",) in expect(game, "association").options
    assert me.money >= 2


def test_donation_costs_rise_and_stay_at_twelve():
    paid = []
    for donations in range(6):
        game = ready_game()
        me = game.players[0]
        game.donations = donations
        set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"], upgraded={"association"})
        me.money, me.cp = 20, 0
        start_turn(game, 0)
        choose(game, ("act", "association", 0))
        choose(game, ("reputation",))
        choose(game, ("donate",))
        paid.append(20 - me.money)
        assert me.cp == 1 and game.donations == donations + 1
    assert paid == [2, 5, 7, 10, 12, 12]  # 2p: [DATA] visible spaces 2, 5, 7, 10, then 12 each
