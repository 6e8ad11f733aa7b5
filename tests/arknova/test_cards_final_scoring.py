"""The 11 final-scoring cards, each at every threshold: one unit short of it and on it, in a real zoo
(animals housed, sponsors played through the engine's routine, buildings placed on the map) that grows
one card or building at a time; then counted at the end of a real game (the last turn is played, final
scoring runs through the engine). Thresholds of the compiled reference, never more than 4 CP.
Architectural Zoo follows docs/arknova/rules-decisions.md B2; Biodiverse Zoo is never dealt solo."""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    add_card,
    building_spaces,
    building_spaces_next_to,
    choose,
    clear_zoo,
    cover,
    house,
    is_border,
    put,
    ready_game,
    start_turn,
)
from sim.arknova.scoring import final_scoring_cp
from sim.arknova.setup import new_game

MAP_A = CATALOG.maps["A"]
BUILDING_SPACES = building_spaces("A")


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


def empty_zoo(seed: int, players: int = 2):
    game = ready_game(players=players, seed=seed)
    for seat in game.seats:
        clear_zoo(game, seat)
    return game, game.players[0]


GROWN = [
    # number, a card that adds nothing, cards adding one unit each, thresholds for 1, 2, 3, 4 CP
    pytest.param(1, 443, (406, 417, 453, 447, 412), (1, 2, 4, 5), marks=pytest.mark.card(1), id="1-Large Animal Zoo"),
    pytest.param(2, 443, (445, 465, 468, 513, 518, 405, 410, 415, 420, 425), (3, 6, 8, 10),
                 marks=pytest.mark.card(2), id="2-Small Animal Zoo"),
    pytest.param(3, 229, (205, 206, 224, 207, 202, 204), (3, 4, 5, 6), marks=pytest.mark.card(3), id="3-Research Zoo"),
    pytest.param(8, 445, (202, 204, 205, 206, 207, 222, 223, 224, 229, 230), (3, 6, 8, 10),
                 marks=pytest.mark.card(8), id="8-Sponsored Zoo"),
    pytest.param(10, 256, (255, 252, 440, 413, 454, 462, 486), (1, 3, 5, 7),
                 marks=pytest.mark.card(10), id="10-Climbing Park"),
    pytest.param(11, 255, (256, 250, 497, 511, 423, 488, 484, 478), (2, 4, 6, 8),
                 marks=pytest.mark.card(11), id="11-Aquatic Park"),
]


@pytest.mark.parametrize("number, decoy, cards, thresholds", GROWN)
def test_card_thresholds_in_a_growing_zoo(number, decoy, cards, thresholds):
    """The decoy (a medium animal, a sponsor without research icon, an animal, a rock or water icon of
    the other kind) counts for nothing; then each card adds one large or small animal, one research,
    rock or water icon, or one sponsor."""
    game, player = empty_zoo(number)
    add_card(game, 0, decoy)
    assert final_scoring_cp(game, player, number) == 0
    for count, card in enumerate(cards, start=1):
        add_card(game, 0, card)
        assert final_scoring_cp(game, player, number) == sum(count >= threshold for threshold in thresholds), card
    assert end_game_cp(game, number) == 4


TRACKED = [
    # number, how the quantity is set, thresholds for 1, 2, 3, 4 CP
    pytest.param(5, "supported", (3, 4, 5, 6), marks=pytest.mark.card(5), id="5-Conservation Zoo"),
    pytest.param(7, "reputation", (6, 9, 12, 15), marks=pytest.mark.card(7), id="7-Favorite Zoo"),
]


def set_quantity(player, how: str, amount: int) -> None:
    """Supported projects and reputation are the player's track and list, no zoo to build."""
    if how == "supported":
        player.supported = list(range(101, 101 + amount))
    else:
        player.reputation = amount


@pytest.mark.parametrize("number, how, thresholds", TRACKED)
def test_track_card_thresholds(number, how, thresholds):
    game = ready_game(seed=number)
    player = game.players[0]
    for cp, threshold in enumerate(thresholds, start=1):
        set_quantity(player, how, threshold - 1)
        assert final_scoring_cp(game, player, number) == cp - 1
        set_quantity(player, how, threshold)
        assert final_scoring_cp(game, player, number) == cp
    set_quantity(player, how, thresholds[1])
    assert end_game_cp(game, number) == 2


@pytest.mark.card(6)
def test_naturalists_zoo_counts_empty_building_spaces():
    """From 24 empty building spaces down to 5, one size-1 enclosure at a time."""
    game, player = empty_zoo(6)
    spaces = sorted(BUILDING_SPACES)
    cover(game, 0, spaces[24:])
    for empty in range(24, 4, -1):
        assert final_scoring_cp(game, player, 6) == sum(empty >= threshold for threshold in (6, 12, 18, 24)), empty
        put(game, 0, "enclosure-1", [spaces[empty - 1]])
    assert end_game_cp(game, 6) == 0


def touching_all_but(terrain: set, spared: tuple[int, int]) -> tuple[set, set]:
    """Building spaces next to every terrain space but `spared`, and the ones next to `spared`."""
    near = building_spaces_next_to([spared])
    return building_spaces_next_to(terrain - {spared}) - near, near


@pytest.mark.card(4)
def test_architectural_zoo_one_cp_per_condition():
    """The zoo grows toward each condition in turn, one building short of it, then on it: every water
    space touching a building, every rock space, every border building space covered, every building
    space covered. A condition once met stays met as buildings are added."""
    game, player = empty_zoo(4)
    water, rock = set(MAP_A.water), set(MAP_A.rock)
    border = {cell for cell in BUILDING_SPACES if is_border(cell)}
    apart = BUILDING_SPACES - building_spaces_next_to(water | rock)
    steps = [  # (the zoo one building short of the condition, that building)
        touching_all_but(water, (2, 11)),
        touching_all_but(rock, (1, 0)),
        (border - {min(border & apart)}, {min(border & apart)}),
        (BUILDING_SPACES - {min(apart - border)}, {min(apart - border)}),
    ]
    assert final_scoring_cp(game, player, 4) == 0
    for met, (short, last) in enumerate(steps):
        cover(game, 0, short)
        assert final_scoring_cp(game, player, 4) == met
        cover(game, 0, last)
        assert final_scoring_cp(game, player, 4) == met + 1
    assert "final_scoring:architecture" not in game.unhandled
    assert end_game_cp(game, 4) == 4


@pytest.mark.card(9)
def test_biodiverse_zoo_compares_with_the_player_on_the_right_and_is_not_dealt_solo():
    """1 CP per animal category with more icons than the zoo of the player on the right (seat 2 plays
    just before seat 0); a tie gives nothing; at most 4."""
    game, me = empty_zoo(9, players=3)
    for seat, animals in ((2, (405, 513)), (1, (420, 465, 468, 460)), (0, (410, 518, 445))):
        for number in animals:
            house(game, seat, number)
    assert final_scoring_cp(game, me, 9) == 1  # predator and bird tied, herbivore ahead; seat 1 on the left does not count
    house(game, 0, 419)
    assert final_scoring_cp(game, me, 9) == 2  # 2 predators to 1
    for number in (488, 467, 408):
        house(game, 0, number)
    assert final_scoring_cp(game, me, 9) == 4  # predator, herbivore, reptile, primate, bear: 5 ahead, capped
    assert end_game_cp(game, 9) == 4
    for seed in range(30):
        solo = new_game({"players": 1}, seed)
        assert 9 not in solo.players[0].final_scoring_dealt
