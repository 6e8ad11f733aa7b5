"""The 32 conservation projects (101-132): each supported through the association action with
the exact threshold, conservation points, reputation and played bonus printed on the card. The
quantities come from a real zoo (animals housed, sponsors played) grown one unit at a time, so every
threshold is seen one short and reached.

Expected numbers come from the compiled reference (../shared/data/ark_nova/projects.csv);
release sizes follow the 2nd printing ("at least the size shown", docs/arknova/rules-decisions.md B1).
"""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    add_card,
    choose,
    clear_zoo,
    expect,
    free_spot,
    house,
    install_animal,
    project_row,
    put,
    ready_game,
    set_cards,
    start_turn,
    to_hand,
)

XTOKEN_SLOT = 6  # map A's left-edge "3 X-tokens" slot: no CP, money or reputation on the side
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


# Cards that each add one unit of a project's quantity: one icon of the kind, one new category or
# continent, one small or large animal (animals housed in a new enclosure, sponsors played).
UNITS = {
    "categories": (445, 465, 513, 405, 488),
    "continents": (445, 465, 405, 410, 518),
    "africa": (405, 404, 428, 455, 452),
    "americas": (465, 468, 467, 415, 439),
    "australia": (425, 518, 424, 450, 517),
    "asia": (410, 460, 502, 435, 408),
    "europe": (445, 513, 419, 420, 443),
    "primate": (465, 468, 467, 460, 455),
    "reptile": (488, 484, 486, 493, 473),
    "predator": (405, 410, 415, 420, 419),
    "herbivore": (445, 450, 439, 435, 428),
    "bird": (513, 518, 502, 507, 501),
    "water": (497, 511, 423, 488, 484),
    "rock": (440, 413, 454, 462, 486),
    "small_animals": (445, 465, 468, 513, 518, 405, 410, 415),
    "large_animals": (406, 417, 453, 447),
    "science": (205, 206, 224, 207, 202),
}


def offer(number: int):
    """A game whose seat 0 has an empty zoo and project `number` available (base row or hand)."""
    game = ready_game(seed=number)
    clear_zoo(game, 0)
    assert not any(game.players[0].icons.values())
    if number <= 112:
        game.base_projects = [project_row(number)]
    else:
        to_hand(game, 0, number)
    return game, game.players[0]


COUNTED = [
    # number, target, thresholds left to right, CP left to right (id: number-name)
    pytest.param(101, 'categories', (5, 4, 3), (5, 3, 2), marks=pytest.mark.card(101), id='101-Species Diversity'),
    pytest.param(102, 'continents', (5, 4, 3), (5, 3, 2), marks=pytest.mark.card(102), id='102-Habitat Diversity'),
    pytest.param(103, 'africa', (5, 4, 2), (5, 3, 2), marks=pytest.mark.card(103), id='103-Africa'),
    pytest.param(104, 'americas', (5, 4, 2), (5, 3, 2), marks=pytest.mark.card(104), id='104-Americas'),
    pytest.param(105, 'australia', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(105), id='105-Australia'),
    pytest.param(106, 'asia', (5, 4, 2), (5, 3, 2), marks=pytest.mark.card(106), id='106-Asia'),
    pytest.param(107, 'europe', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(107), id='107-Europe'),
    pytest.param(108, 'primate', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(108), id='108-Primates'),
    pytest.param(109, 'reptile', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(109), id='109-Reptiles'),
    pytest.param(110, 'predator', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(110), id='110-Predators'),
    pytest.param(111, 'herbivore', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(111), id='111-Herbivores'),
    pytest.param(112, 'bird', (5, 4, 2), (5, 4, 2), marks=pytest.mark.card(112), id='112-Birds'),
    pytest.param(128, 'water', (5, 4, 2), (4, 3, 2), marks=pytest.mark.card(128), id='128-Aquatic'),
    pytest.param(129, 'rock', (5, 3, 2), (4, 3, 2), marks=pytest.mark.card(129), id='129-Geological'),
    pytest.param(130, 'small_animals', (8, 5, 2), (4, 3, 2), marks=pytest.mark.card(130), id='130-Small Animals'),
    pytest.param(131, 'large_animals', (4, 3, 2), (4, 3, 2), marks=pytest.mark.card(131), id='131-Large Animals'),
    pytest.param(132, 'science', (5, 4, 2), (4, 3, 2), marks=pytest.mark.card(132), id='132-Research'),
]


@pytest.mark.parametrize("number, target, thresholds, cps", COUNTED)
def test_counting_project_thresholds_and_rewards(number, target, thresholds, cps):
    """The zoo grows one unit at a time; after each card, exactly the slots whose threshold it has
    reached are offered (one short of a threshold: not yet). Then the left slot is supported."""
    game, player = offer(number)
    for count, card in enumerate(UNITS[target][:thresholds[0]], start=1):
        add_card(game, 0, card)
        association_turn(game)
        reached = {slot for slot, threshold in enumerate(thresholds) if count >= threshold}
        assert project_options(game, number) == reached, f"{count} of {target}"
    option = next(o for o in expect(game, "association").options
                  if o[0] in ("support", "play") and o[1] == number and o[-2] == 0)
    choose(game, option)
    choose(game, XTOKEN_SLOT, "left_slot")
    assert player.cp == 10 + cps[0] and player.reputation == 3
    assert number in player.supported
    rows = game.base_projects if number <= 112 else game.projects
    assert next(row for row in rows if row.number == number).holders[0] == 0


RELEASE = [
    # number, icon, an animal with that icon needing a size-3 enclosure
    pytest.param(113, 'europe', 443, marks=pytest.mark.card(113), id='113-Bavarian Forest National Park'),
    pytest.param(114, 'americas', 413, marks=pytest.mark.card(114), id='114-Yosemite National Park'),
    pytest.param(115, 'asia', 408, marks=pytest.mark.card(115), id='115-Angthong National Park'),
    pytest.param(116, 'africa', 428, marks=pytest.mark.card(116), id='116-Serengeti National Park'),
    pytest.param(117, 'australia', 423, marks=pytest.mark.card(117), id='117-Blue Mountains National Park'),
    pytest.param(118, 'predator', 413, marks=pytest.mark.card(118), id='118-Savanna'),
    pytest.param(119, 'bird', 496, marks=pytest.mark.card(119), id='119-Low Mountain Range'),
    pytest.param(120, 'herbivore', 428, marks=pytest.mark.card(120), id='120-Bamboo Forest'),
    pytest.param(121, 'reptile', 471, marks=pytest.mark.card(121), id='121-Sea Cave'),
    pytest.param(122, 'primate', 454, marks=pytest.mark.card(122), id='122-Jungle'),
]


def other_animal(icon: str) -> int:
    """A size-3 animal without the project's icon (it must not be offered)."""
    return next(a.number for a in CATALOG.animals.values()
                if icon not in a.icons and a.size == 3 and not a.special)


@pytest.mark.parametrize("number, icon, animal", RELEASE)
def test_release_project_discards_an_animal_with_its_icon(number, icon, animal):
    game = ready_game(seed=number)
    player = game.players[0]
    mine = put(game, 0, "enclosure-3", free_spot(game, 0, "enclosure-3"))
    install_animal(game, 0, animal, mine)
    stranger = other_animal(icon)
    spare = house(game, 0, stranger)  # an enclosure-3 that meets its rock/water needs, as in play
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
    # number, icon, an animal with that icon, its continent
    pytest.param(123, 'bird', 496, 'africa', marks=pytest.mark.card(123), id='123-Bird Breeding Program'),
    pytest.param(124, 'predator', 413, 'americas', marks=pytest.mark.card(124), id='124-Predator Breeding Program'),
    pytest.param(125, 'reptile', 471, 'africa', marks=pytest.mark.card(125), id='125-Reptile Breeding Program'),
    pytest.param(126, 'herbivore', 443, 'europe', marks=pytest.mark.card(126), id='126-Herbivore Breeding Program'),
    pytest.param(127, 'primate', 454, 'africa', marks=pytest.mark.card(127), id='127-Primate Breeding Program'),
]


@pytest.mark.parametrize("number, icon, animal, continent", BREEDING)
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


@pytest.mark.card(116)
def test_release_levels_take_any_animal_at_least_their_size():
    """2nd printing: a size-5 Cheetah and a size-4 Collared Mangabey (the left level's 4) may fill every
    level, a size-2 Caracal (one short of the middle level's 3) and a size-1 Fennec Fox only the right one."""
    game = ready_game(seed=5)
    player = game.players[0]
    for animal in (401, 453, 404, 405):
        house(game, 0, animal)
    to_hand(game, 0, 116)
    association_turn(game)
    plays = {(o[3], o[4]) for o in expect(game, "association").options if o[0] == "play" and o[1] == 116}
    assert plays == {(0, 401), (1, 401), (2, 401), (0, 453), (1, 453), (2, 453), (2, 404), (2, 405)}
    choose(game, ("play", 116, -1, 2, 401))  # the Cheetah for the 3-CP level
    choose(game, XTOKEN_SLOT, "left_slot")
    assert player.cp == 10 + 3 and 401 not in player.animals and player.large_animals == 1
