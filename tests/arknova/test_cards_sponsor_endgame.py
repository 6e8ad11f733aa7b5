"""Every end-game condition of a sponsor card, tested just below and at its threshold in a real zoo:
buildings placed on the map, animals in enclosures, sponsors and universities played through the
engine's own routines, a project supported with the Association action; only the reputation track and
projects supported earlier are set by hand, never a counter or flag. The end-game scoring runs on a
copy of the game (`end_game_gain`), so one zoo is scored, grown by the building, animal or card that
crosses the threshold, and scored again. Map A, two players, seat 0; thresholds from the compiled
reference."""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    add_card,
    build_turn,
    building_spaces,
    building_spaces_next_to,
    choose,
    clear_zoo,
    cover,
    end_game_gain,
    finish,
    free_spot,
    grid_neighbours,
    house,
    install_sponsor,
    is_border,
    project_row,
    put,
    ready_game,
    set_cards,
    start_turn,
)
from sim.arknova import zoo
from sim.arknova.actions.association import take_university
from sim.arknova.geometry import BIT

card = pytest.mark.card
MAP_A = CATALOG.maps["A"]
BUILDING_SPACES = building_spaces("A")
BONUS_SPACES = frozenset(cell for cell, _ in MAP_A.placement_bonuses)


def empty_zoo(*sponsors: int):
    """A fresh game whose seat 0 has an empty map and these sponsors in play."""
    game = ready_game(seed=24)
    clear_zoo(game, 0)
    for number in sponsors:
        install_sponsor(game, 0, number)
    return game, game.players[0]


def end_cp(game) -> int:
    appeal, cp = end_game_gain(game, 0)
    assert appeal == 0
    return cp


# ----------------------------------------------------------------------------- counted tables


# (sponsor, cards added to the zoo one by one, end-game CP after each), one icon or kind per card
TABLES = [
    pytest.param(201, (205, 206, 223, 224), (0, 1, 1, 2), marks=card(201), id="201-science-3=1,6=2"),
    pytest.param(208, (445, 465, 513, 405, 488), (0, 0, 0, 0, 1), marks=card(208), id="208-categories-5"),
    pytest.param(261, (445, 465, 513, 405, 488), (0, 0, 0, 0, 1), marks=card(261), id="261-categories-5"),
    pytest.param(225, (445, 465, 405, 410, 518), (0, 0, 0, 0, 1), marks=card(225), id="225-continents-5"),
    pytest.param(226, (445, 465, 405, 410, 518), (0, 0, 0, 0, 1), marks=card(226), id="226-continents-5"),
    pytest.param(243, (445, 450, 439, 435, 428), (0, 0, 0, 0, 1), marks=card(243), id="243-herbivores-6"),
    pytest.param(244, (513, 518, 502, 507, 501), (0, 0, 0, 0, 1), marks=card(244), id="244-birds-6"),
    pytest.param(245, (497, 511, 423, 488), (0, 0, 0, 1), marks=card(245), id="245-water-6"),
    pytest.param(246, (440, 413, 454, 486), (0, 0, 0, 1), marks=card(246), id="246-rock-6"),
    pytest.param(247, (465, 468, 467, 460, 455), (0, 0, 0, 0, 1), marks=card(247), id="247-primates-6"),
    pytest.param(251, (415, 409, 408, 433, 448), (0, 1, 1, 1, 2), marks=card(251), id="251-bears-3=1,6=2"),
]


@pytest.mark.parametrize("sponsor, cards, cps", TABLES)
def test_counted_table_just_below_and_at_each_threshold(sponsor, cards, cps):
    """The sponsor's own icons count; each card played adds one icon (or one new kind), so the zoo
    passes every threshold one step at a time: one short of it, then on it."""
    game, _ = empty_zoo(sponsor)
    assert end_cp(game) == 0
    for number, cp in zip(cards, cps, strict=True):
        add_card(game, 0, number)
        assert end_cp(game) == cp, f"after {number}"


@pytest.mark.parametrize("sponsor", [pytest.param(203, marks=card(203), id="203-veterinarian"),
                                     pytest.param(209, marks=card(209), id="209-technology-institute")])
def test_third_university_taken_through_the_association_gives_the_end_cp(sponsor):
    game, player = empty_zoo(sponsor)
    take_university(game, 0, "reputation_hand", from_board=False)
    take_university(game, 0, "science_reputation", from_board=False)
    assert end_cp(game) == 0  # 2 universities
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("university", "science_science"), "association")
    finish(game)
    assert len(player.universities) == 3 and end_cp(game) == 1


@card(210)
def test_210_fifth_kiosk_gives_the_end_cp():
    game, player = empty_zoo(210)

    def spaced(where) -> bool:
        return zoo.kiosk_spaced(player.kiosks, where, CATALOG.tracks.kiosk_min_distance)

    for _ in range(4):
        put(game, 0, "kiosk", free_spot(game, 0, "kiosk", spaced))
    assert end_cp(game) == 0
    put(game, 0, "kiosk", free_spot(game, 0, "kiosk", spaced))
    assert player.kiosks.bit_count() == 5 and end_cp(game) == 1


@card(211)
def test_211_five_occupied_size_1_enclosures_an_empty_one_does_not_count():
    game, player = empty_zoo(211)
    for animal in (445, 465, 468, 513):
        house(game, 0, animal)
    empty = put(game, 0, "enclosure-1", free_spot(game, 0, "enclosure-1"))
    assert end_cp(game) == 0  # 4 occupied, 1 empty
    house(game, 0, 518)
    assert player.buildings[empty][2] == 0 and end_cp(game) == 1


@pytest.mark.parametrize("sponsor", [pytest.param(215, marks=card(215), id="215-breeding-cooperation"),
                                     pytest.param(218, marks=card(218), id="218-breeding-program")])
def test_fifth_supported_project_gives_the_end_cp(sponsor):
    """Four projects supported earlier; the fifth, Africa at 2 icons, through the Association action."""
    game, player = empty_zoo(sponsor)
    player.supported = [104, 105, 106, 107]
    house(game, 0, 405)
    house(game, 0, 404)
    assert end_cp(game) == 0
    game.base_projects = [project_row(103)]
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("support", 103, 2, 0), "association")
    finish(game)
    assert len(player.supported) == 5 and end_cp(game) == 1


@pytest.mark.parametrize("sponsor", [pytest.param(216, marks=card(216), id="216-talented-communicator"),
                                     pytest.param(220, marks=card(220), id="220-federal-grants")])
def test_reputation_9_gives_the_end_cp(sponsor):
    game, player = empty_zoo(sponsor)
    player.reputation = 8
    assert end_cp(game) == 0
    player.reputation = 9
    assert end_cp(game) == 1


@card(219)
def test_219_two_appeal_per_water_and_rock_pair_at_most_three_pairs():
    game, player = empty_zoo(219)
    for animal in (497, 511, 423, 440, 413):  # 3 water icons, 2 rock icons
        house(game, 0, animal)
    assert end_game_gain(game, 0) == (2 * 2, 0)
    house(game, 0, 454)
    assert end_game_gain(game, 0) == (2 * 3, 0)
    house(game, 0, 488)
    house(game, 0, 486)
    assert (player.icon("water"), player.icon("rock")) == (4, 4)
    assert end_game_gain(game, 0) == (2 * 3, 0)  # a 4th pair earns nothing more


# ----------------------------------------------------------------------------- the map


def first_free(cells) -> tuple[int, int]:
    """A building space the Build action may use on side I, neither upgrade-only nor with a placement bonus."""
    return next(cell for cell in sorted(cells) if cell not in MAP_A.upgrade_only and cell not in BONUS_SPACES)


@pytest.mark.parametrize("sponsor", [pytest.param(217, marks=card(217), id="217-engineer"),
                                     pytest.param(257, marks=card(257), id="257-side-entrance")])
def test_five_appeal_once_the_last_building_space_is_covered(sponsor):
    """One building space left empty: nothing; the Build action covers it: the map's own 7 appeal at
    once, the sponsor's 5 at the end."""
    game, player = empty_zoo(sponsor)
    last = first_free(BUILDING_SPACES)
    cover(game, 0, BUILDING_SPACES - {last})
    assert end_game_gain(game, 0) == (0, 0)
    appeal = player.appeal
    build_turn(game, 0, "enclosure-1", [last])
    assert player.appeal == appeal + CATALOG.tracks.map_complete_appeal
    assert end_game_gain(game, 0) == (5, 0)


@card(221)
def test_221_archaeologist_needs_every_border_building_space_covered_not_the_inner_ones():
    game, player = empty_zoo(221)
    border = {cell for cell in BUILDING_SPACES if is_border(cell)}
    last = first_free(border)
    cover(game, 0, border - {last})
    assert end_cp(game) == 0
    build_turn(game, 0, "enclosure-1", [last])
    assert any(not BIT[cell] & player.occupied for cell in BUILDING_SPACES - border)  # inner spaces empty
    assert end_cp(game) == 1


def spare(game, spaces, spared) -> None:
    """Cover every building space next to `spaces` except those on or next to a spared one, and check
    (on the grid, not with the engine's counters) that exactly the spared ones touch no building."""
    cover(game, 0, building_spaces_next_to(set(spaces) - set(spared)) - building_spaces_next_to(spared) - set(spared))
    covered = {cell for cell in BIT if BIT[cell] & game.players[0].occupied}
    isolated = {cell for cell in spaces if cell not in covered and not covered & set(grid_neighbours(cell))}
    assert isolated == set(spared)


def touch(game, space, away_from=()) -> None:
    """Put a size-1 enclosure on an empty building space next to `space` (and not next to `away_from`)."""
    occupied = game.players[0].occupied
    cell = min(cell for cell in building_spaces_next_to([space]) - building_spaces_next_to(away_from)
               if not BIT[cell] & occupied)
    put(game, 0, "enclosure-1", [cell])


TERRAIN = {"water": MAP_A.water, "rock": MAP_A.rock, "bonus": BONUS_SPACES}


@pytest.mark.parametrize("sponsor, terrain, spared", [
    pytest.param(241, "water", (2, 11), marks=card(241), id="241-hydrologist"),
    pytest.param(242, "rock", (1, 12), marks=card(242), id="242-geologist"),
])
def test_every_water_or_rock_space_next_to_a_building(sponsor, terrain, spared):
    game, _ = empty_zoo(sponsor)
    spare(game, TERRAIN[terrain], [spared])
    assert end_cp(game) == 0  # one space of the terrain touches no building
    touch(game, spared)
    assert end_cp(game) == 1


@pytest.mark.parametrize("sponsor, terrain, spared", [
    pytest.param(258, "water", ((2, 11), (5, 8)), marks=card(258), id="258-native-seabirds"),
    pytest.param(259, "rock", ((1, 12), (6, 9)), marks=card(259), id="259-native-lizards"),
    pytest.param(264, "bonus", ((0, 1), (5, 0)), marks=card(264), id="264-free-range-monkeys"),
])
def test_one_cp_per_two_isolated_spaces(sponsor, terrain, spared):
    game, _ = empty_zoo(sponsor)
    spare(game, TERRAIN[terrain], spared)
    assert end_cp(game) == 1  # two isolated
    touch(game, spared[0], away_from=spared[1:])
    assert end_cp(game) == 0  # one isolated


@pytest.mark.parametrize("sponsor", [pytest.param(241, marks=card(241, 219), id="241-hydrologist"),
                                     pytest.param(258, marks=card(258, 219), id="258-native-seabirds")])
def test_a_water_space_covered_under_the_diversity_researcher_is_not_isolated(sponsor):
    """With Diversity Researcher (219) a building may cover water; the covered space touches the rest
    of the zoo, so it stays connected (docs/arknova/rules-decisions.md S21)."""
    game, _ = empty_zoo(219, sponsor)
    cover(game, 0, building_spaces_next_to(MAP_A.water))
    expected = end_game_gain(game, 0)
    assert expected == (0, 1 if sponsor == 241 else 0)
    for water in ((5, 8), (6, 7)):
        build_turn(game, 0, "enclosure-1", [water])
    assert end_game_gain(game, 0) == expected


@card(260)
def test_260_one_cp_for_six_connected_empty_building_spaces_none_for_five():
    game, _ = empty_zoo(260)
    empty = [(3, 4), (3, 6), (4, 5), (4, 7), (3, 8), (4, 9)]  # a chain of 6 neighbours
    cover(game, 0, BUILDING_SPACES - set(empty))
    assert end_cp(game) == 1
    put(game, 0, "enclosure-1", [empty[-1]])
    assert end_cp(game) == 0
