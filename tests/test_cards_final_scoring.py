"""The 11 final-scoring cards: each counted at the end of a real game (the last turn is played,
final scoring runs through the engine) with the thresholds of the compiled reference, never more
than 4 CP. Architectural Zoo follows docs/rules-decisions.md B2; Biodiverse Zoo is never dealt solo."""

from __future__ import annotations

import pytest
from helpers import CATALOG, choose, ready_game, refresh, start_turn

from sim.arknova.board import map_board
from sim.arknova.geometry import BORDER_MASK, NEIGHBOUR_MASK, cells_of, mask_of
from sim.arknova.scoring import final_scoring_cp
from sim.arknova.setup import new_game


def end_game_cp(game, card: int) -> int:
    """Play seat 0's last turn (an X-token) with only `card` kept; the CP final scoring gives."""
    player = game.players[0]
    player.final_scoring = [card]
    for other in game.players[1:]:
        other.final_scoring = []
    player.cp, player.milestones = 10, sum(1 << space for space in (2, 5, 8, 10))
    game.cp10_reached = True
    start_turn(game, 0)
    game.end_turns_left = 1
    choose(game, ("xtoken", "build"), "turn")
    assert game.is_over()
    return player.cp - 10


TABLES = [
    # number, how the quantity is set, thresholds for 1, 2, 3, 4 CP
    pytest.param(1, 'large_animals', (1, 2, 4, 5), marks=pytest.mark.card(1), id='1-Large Animal Zoo'),
    pytest.param(2, 'small_animals', (3, 6, 8, 10), marks=pytest.mark.card(2), id='2-Small Animal Zoo'),
    pytest.param(3, 'science', (3, 4, 5, 6), marks=pytest.mark.card(3), id='3-Research Zoo'),
    pytest.param(5, 'supported', (3, 4, 5, 6), marks=pytest.mark.card(5), id='5-Conservation Zoo'),
    pytest.param(7, 'reputation', (6, 9, 12, 15), marks=pytest.mark.card(7), id='7-Favorite Zoo'),
    pytest.param(8, 'sponsors', (3, 6, 8, 10), marks=pytest.mark.card(8), id='8-Sponsored Zoo'),
    pytest.param(10, 'rock', (1, 3, 5, 7), marks=pytest.mark.card(10), id='10-Climbing Park'),
    pytest.param(11, 'water', (2, 4, 6, 8), marks=pytest.mark.card(11), id='11-Aquatic Park'),
]


def set_quantity(player, how: str, amount: int) -> None:
    if how in ("large_animals", "small_animals", "reputation"):
        setattr(player, how, amount)
    elif how == "supported":
        player.supported = list(range(101, 101 + amount))
    elif how == "sponsors":
        player.sponsors = list(range(201, 201 + amount))
    else:
        player.icons[how] = amount


@pytest.mark.parametrize("number, how, thresholds", TABLES)
def test_table_card_thresholds(number, how, thresholds):
    game = ready_game(seed=number)
    player = game.players[0]
    for cp, threshold in enumerate(thresholds, start=1):
        set_quantity(player, how, threshold - 1)
        assert final_scoring_cp(game, player, number) == cp - 1
        set_quantity(player, how, threshold)
        assert final_scoring_cp(game, player, number) == cp
    set_quantity(player, how, thresholds[-1] + 7)
    assert final_scoring_cp(game, player, number) == 4  # never more than 4
    set_quantity(player, how, thresholds[1])
    assert end_game_cp(game, number) == 2


@pytest.mark.card(6)
def test_naturalists_zoo_counts_empty_building_spaces():
    game = ready_game(seed=6, maps="0")
    player = game.players[0]
    buildable = map_board(CATALOG, "0").buildable
    cells = cells_of(buildable)
    assert len(cells) - 12 >= 24
    player.occupied = mask_of(cells[:len(cells) - 17])  # 17 empty: 6 and 12 reached, 18 not
    refresh(game)
    assert final_scoring_cp(game, player, 6) == 2
    player.occupied = mask_of(cells[:len(cells) - 24])
    assert final_scoring_cp(game, player, 6) == 4
    player.occupied = mask_of(cells[:len(cells) - 12])
    assert end_game_cp(game, 6) == 2


@pytest.mark.card(9)
def test_biodiverse_zoo_compares_with_the_player_on_the_right_and_is_not_dealt_solo():
    game = ready_game(players=3, seed=9)
    me, left, right = game.players[0], game.players[1], game.players[2]  # seat 2 plays just before seat 0
    me.icons.update({"predator": 3, "bird": 2, "reptile": 1, "primate": 1, "herbivore": 2})
    right.icons.update({"predator": 2, "bird": 2, "reptile": 0, "herbivore": 5})
    left.icons.update({"predator": 9, "bird": 9, "reptile": 9, "primate": 9})
    assert final_scoring_cp(game, me, 9) == 3  # predator, reptile, primate; bird tied, herbivore behind
    right.icons.clear()
    me.icons.update({"bear": 1, "petting_zoo": 1})
    assert final_scoring_cp(game, me, 9) == 4  # 7 categories ahead, capped at 4
    assert end_game_cp(game, 9) == 4
    for seed in range(30):
        solo = new_game({"players": 1}, seed)
        assert 9 not in solo.players[0].final_scoring_dealt


@pytest.mark.card(4)
def test_architectural_zoo_one_cp_per_condition():
    game = ready_game(seed=4, maps="0")
    player = game.players[0]
    board = map_board(CATALOG, "0")
    near_water = near_rock = 0
    for cell in cells_of(board.water):
        near_water |= NEIGHBOUR_MASK[cell]
    for cell in cells_of(board.rock):
        near_rock |= NEIGHBOUR_MASK[cell]
    player.occupied = 0
    assert final_scoring_cp(game, player, 4) == 0
    player.occupied = near_water & board.buildable
    assert final_scoring_cp(game, player, 4) == 1  # every water space touches a building (not every rock one)
    player.occupied = near_rock & board.buildable
    assert final_scoring_cp(game, player, 4) == 1  # every rock space touches a building (not every water one)
    player.occupied = (near_rock | near_water) & board.buildable
    assert final_scoring_cp(game, player, 4) == 2
    player.occupied = board.buildable & BORDER_MASK & ~near_rock & ~near_water
    assert final_scoring_cp(game, player, 4) == 0  # a border space next to water or rock is empty
    player.occupied = board.buildable & (BORDER_MASK | near_rock | near_water)
    assert final_scoring_cp(game, player, 4) == 3  # inner spaces still empty
    player.occupied = board.buildable
    assert final_scoring_cp(game, player, 4) == 4
    player.occupied = board.buildable & (BORDER_MASK | near_rock | near_water)
    assert "final_scoring:architecture" not in game.unhandled
    assert end_game_cp(game, 4) == 3
