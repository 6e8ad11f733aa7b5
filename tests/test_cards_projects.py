"""The 32 conservation projects (101-132): each supported through the association action with
the exact threshold, conservation points, reputation and played bonus printed on the card.

Expected numbers come from the compiled reference (../shared/data/ark_nova/projects.csv);
release sizes follow the 2nd printing ("at least the size shown", docs/rules-decisions.md B1).
"""

from __future__ import annotations

import pytest
from helpers import (
    CATALOG,
    choose,
    expect,
    free_spot,
    install_animal,
    project_row,
    put,
    ready_game,
    set_cards,
    start_turn,
    to_hand,
)

XTOKEN_SLOT = 6  # map A's left-edge "3 X-tokens" slot: no CP, money or reputation on the side
CATEGORY_ICONS = ("predator", "herbivore", "bird", "reptile", "primate")
CONTINENT_ICONS = ("africa", "americas", "asia", "australia", "europe")


def association_turn(game, reputation: int = 3):
    """Seat 0 on turn with the association card at strength 5, 10 CP already collected."""
    player = game.players[0]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    player.cp, player.milestones = 10, sum(1 << space for space in (2, 5, 8, 10))
    player.reputation = reputation
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    return player


def project_options(game, number: int) -> set[int]:
    """Slots of project `number` offered now (support or play from hand)."""
    return {option[-2] for option in expect(game, "association").options
            if option[0] in ("support", "play") and option[1] == number}


def set_count(player, goal: str, target: str, count: int) -> None:
    if goal == "icons":
        player.icons[target] = count
    elif goal == "distinct":
        for name in (CATEGORY_ICONS if target == "categories" else CONTINENT_ICONS)[:count]:
            player.icons[name] = 1
    else:
        setattr(player, target, count)


def stage(number: int, goal: str, target: str, count: int):
    """A game where seat 0 has `count` of the project's quantity and the project is available."""
    game = ready_game(seed=number)
    player = game.players[0]
    player.icons.clear()
    set_count(player, goal, target, count)
    if number <= 112:
        game.base_projects = [project_row(number)]
    else:
        to_hand(game, 0, number)
    return game, player


COUNTED = [
    # number, name, goal, target, thresholds left to right, CP left to right
    (101, "Species Diversity", "distinct", "categories", (5, 4, 3), (5, 3, 2)),
    (102, "Habitat Diversity", "distinct", "continents", (5, 4, 3), (5, 3, 2)),
    (103, "Africa", "icons", "africa", (5, 4, 2), (5, 3, 2)),
    (104, "Americas", "icons", "americas", (5, 4, 2), (5, 3, 2)),
    (105, "Australia", "icons", "australia", (5, 4, 2), (5, 4, 2)),
    (106, "Asia", "icons", "asia", (5, 4, 2), (5, 3, 2)),
    (107, "Europe", "icons", "europe", (5, 4, 2), (5, 4, 2)),
    (108, "Primates", "icons", "primate", (5, 4, 2), (5, 4, 2)),
    (109, "Reptiles", "icons", "reptile", (5, 4, 2), (5, 4, 2)),
    (110, "Predators", "icons", "predator", (5, 4, 2), (5, 4, 2)),
    (111, "Herbivores", "icons", "herbivore", (5, 4, 2), (5, 4, 2)),
    (112, "Birds", "icons", "bird", (5, 4, 2), (5, 4, 2)),
    (128, "Aquatic", "icons", "water", (5, 4, 2), (4, 3, 2)),
    (129, "Geological", "icons", "rock", (5, 3, 2), (4, 3, 2)),
    (130, "Small Animals", "animals", "small_animals", (8, 5, 2), (4, 3, 2)),
    (131, "Large Animals", "animals", "large_animals", (4, 3, 2), (4, 3, 2)),
    (132, "Research", "icons", "science", (5, 4, 2), (4, 3, 2)),
]


@pytest.mark.parametrize(
    "number, goal, target, thresholds, cps",
    [pytest.param(number, goal, target, thresholds, cps, marks=pytest.mark.card(number), id=f"{number}-{name}")
     for number, name, goal, target, thresholds, cps in COUNTED],
)
def test_counting_project_thresholds_and_rewards(number, goal, target, thresholds, cps):
    for slot, threshold in enumerate(thresholds):
        game, _ = stage(number, goal, target, threshold - 1)
        association_turn(game)
        assert slot not in project_options(game, number), f"slot {slot + 1} met below {threshold}"
        game, _ = stage(number, goal, target, threshold)
        association_turn(game)
        assert project_options(game, number) == set(range(slot, 3)), f"slot {slot + 1} at {threshold}"
    game, player = stage(number, goal, target, thresholds[0])
    association_turn(game)
    option = next(o for o in expect(game, "association").options
                  if o[0] in ("support", "play") and o[1] == number and o[-2] == 0)
    choose(game, option)
    choose(game, XTOKEN_SLOT, "left_slot")
    assert player.cp == 10 + cps[0] and player.reputation == 3
    assert number in player.supported
    rows = game.base_projects if number <= 112 else game.projects
    assert next(row for row in rows if row.number == number).holders[0] == 0


RELEASE = [
    # number, name, icon, an animal with that icon needing a size-3 enclosure
    (113, "Bavarian Forest National Park", "europe", 443),
    (114, "Yosemite National Park", "americas", 413),
    (115, "Angthong National Park", "asia", 408),
    (116, "Serengeti National Park", "africa", 428),
    (117, "Blue Mountains National Park", "australia", 423),
    (118, "Savanna", "predator", 413),
    (119, "Low Mountain Range", "bird", 496),
    (120, "Bamboo Forest", "herbivore", 428),
    (121, "Sea Cave", "reptile", 471),
    (122, "Jungle", "primate", 454),
]


def other_animal(icon: str) -> int:
    """A size-3 animal without the project's icon (it must not be offered)."""
    return next(a.number for a in CATALOG.animals.values()
                if icon not in a.icons and a.size == 3 and not a.special)


@pytest.mark.parametrize(
    "number, icon, animal",
    [pytest.param(number, icon, animal, marks=pytest.mark.card(number), id=f"{number}-{name}")
     for number, name, icon, animal in RELEASE],
)
def test_release_project_discards_an_animal_with_its_icon(number, icon, animal):
    game = ready_game(seed=number)
    player = game.players[0]
    mine = put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3"))
    install_animal(game, 0, animal, mine)
    stranger = other_animal(icon)
    spare = put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3"))
    install_animal(game, 0, stranger, spare)
    to_hand(game, 0, number)
    player.appeal = 30
    icons_before = player.icon(icon)
    association_turn(game)
    plays = {(o[3], o[4]) for o in expect(game, "association").options if o[0] == "play" and o[1] == number}
    assert plays == {(1, animal), (2, animal)}  # size 3: the middle slot (3) and the right one (1-2)
    choose(game, ("play", number, -1, 1, animal))
    choose(game, XTOKEN_SLOT, "left_slot")
    assert player.cp == 10 + 4
    assert player.reputation == 3 + 1  # the played bonus
    assert player.appeal == 30 - CATALOG.animals[animal].appeal
    assert animal not in player.animals and animal in game.discard
    assert player.buildings[mine][2] == 0 and player.buildings[spare][2] == 1
    assert player.icon(icon) == icons_before - CATALOG.animals[animal].icons.count(icon)
    assert game.projects[0].number == number and game.projects[0].holders == [-1, 0, -1]


BREEDING = [
    # number, name, icon, an animal with that icon, its continent
    (123, "Bird Breeding Program", "bird", 496, "africa"),
    (124, "Predator Breeding Program", "predator", 413, "americas"),
    (125, "Reptile Breeding Program", "reptile", 471, "africa"),
    (126, "Herbivore Breeding Program", "herbivore", 443, "europe"),
    (127, "Primate Breeding Program", "primate", 454, "africa"),
]


@pytest.mark.parametrize(
    "number, icon, animal, continent",
    [pytest.param(number, icon, animal, continent, marks=pytest.mark.card(number), id=f"{number}-{name}")
     for number, name, icon, animal, continent in BREEDING],
)
def test_breeding_program_needs_the_icon_and_a_matching_partner_zoo(number, icon, animal, continent):
    assert continent in CATALOG.animals[animal].continents and icon in CATALOG.animals[animal].icons
    game = ready_game(seed=number)
    player = game.players[0]
    install_animal(game, 0, animal, put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3")))
    to_hand(game, 0, number)
    association_turn(game)
    assert project_options(game, number) == set()  # no partner zoo of the animal's continent
    game = ready_game(seed=number)
    player = game.players[0]
    install_animal(game, 0, animal, put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3")))
    player.partner_zoos.append(next(c for c in CONTINENT_ICONS if c != continent))
    to_hand(game, 0, number)
    association_turn(game, reputation=1)  # +2 stays short of the reputation-5 bonus
    assert project_options(game, number) == set()  # a partner zoo of another continent
    player.partner_zoos = [continent]
    game._decision = None
    assert project_options(game, number) == {0, 1, 2}
    choose(game, ("play", number, -1, 0, 0))
    choose(game, XTOKEN_SLOT, "left_slot")
    assert player.cp == 10 + 2 and player.reputation == 1 + 2
    assert animal in player.animals  # breeding keeps the animal
