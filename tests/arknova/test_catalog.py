"""The project's own Ark Nova data files load into a consistent, immutable catalog."""

import dataclasses

import pytest

from sim.arknova.catalog import (
    Animal,
    Effect,
    Project,
    Requirement,
    Sponsor,
    Trigger,
    load_catalog,
    parse_effects,
    parse_triggers,
)

CAT = load_catalog()
GRID = {(x, y) for x in range(9) for y in range(13) if (x + y) % 2 == 1}
CATEGORIES = {"predator", "herbivore", "primate", "reptile", "bird", "bear", "petting_zoo"}
CONTINENTS = {"africa", "americas", "asia", "australia", "europe"}


def test_load_is_cached_and_shared():
    assert load_catalog() is CAT


def test_card_counts_and_numbers():
    assert sorted(CAT.animals) == list(range(401, 529))
    assert sorted(CAT.sponsors) == list(range(201, 265))
    assert sorted(CAT.projects) == list(range(101, 133))
    assert CAT.base_projects == tuple(range(101, 113))
    assert [p.number for p in CAT.projects.values() if p.deck == "zoo"] == list(range(113, 133))
    assert sorted(CAT.final_scoring) == list(range(1, 12))


def test_zoo_deck():
    assert len(CAT.zoo_deck) == 212 == len(set(CAT.zoo_deck))
    assert set(CAT.zoo_deck) == set(CAT.animals) | set(CAT.sponsors) | set(range(113, 133))
    assert not set(CAT.zoo_deck) & set(CAT.base_projects)


def test_card_lookup():
    assert isinstance(CAT.card(401), Animal)
    assert isinstance(CAT.card(264), Sponsor)
    assert isinstance(CAT.card(101), Project)
    with pytest.raises(KeyError):
        CAT.card(999)


def test_cheetah_and_lion():
    cheetah, lion = CAT.animals[401], CAT.animals[402]
    assert (cheetah.name, cheetah.cost, cheetah.size, cheetah.appeal) == ("Cheetah", 17, 5, 6)
    assert cheetah.categories == ("predator", "predator")
    assert cheetah.icons == ("predator", "predator", "africa")
    assert cheetah.abilities == (Effect("sprint", ("3",)),)
    assert cheetah.abilities[0].amount == 3
    assert cheetah.size_class == "large" and cheetah.kind == "animal"
    assert lion.requirements == (Requirement("icon_predator", 3),)
    assert lion.abilities == (Effect("pack", ()),)


def test_animal_rock_water_count_as_icons():
    fur_seal = CAT.animals[421]
    assert (fur_seal.rock, fur_seal.water) == (1, 1)
    assert fur_seal.icons.count("rock") == 1 and fur_seal.icons.count("water") == 1
    tiger = CAT.animals[407]
    assert tiger.icons.count("water") == 2


def test_animal_fields_consistent():
    for a in CAT.animals.values():
        assert a.cost > 0 and a.appeal >= 0
        assert set(a.categories) <= CATEGORIES
        assert set(a.continents) <= CONTINENTS
        if a.standard_allowed:
            assert 1 <= a.size <= 5
        else:
            assert a.size == 0 and a.special == "petting_zoo"
        expected = "small" if a.size <= 2 else "medium" if a.size == 3 else "large"
        assert a.size_class == expected, a.number
        if a.special is None:
            assert a.special_tokens == 0
        else:
            assert a.special_tokens <= CAT.tiles.special_enclosures[a.special].capacity
        assert a.icons.count("rock") == a.rock and a.icons.count("water") == a.water


def test_special_and_solo_animals():
    goat = CAT.animals[519]
    assert goat.special == "petting_zoo" and not goat.standard_allowed and goat.size == 0
    assert goat.icons == ("petting_zoo",)
    ostrich = CAT.animals[494]
    assert ostrich.special == "large_bird_aviary" and ostrich.special_tokens == 4
    assert sum(1 for a in CAT.animals.values() if a.solo_abilities) == 11
    grizzly = CAT.animals[411]
    assert grizzly.abilities[0] == Effect("inventive", ("bear_icons_all_zoos_max3",))
    assert Requirement("animals_upgraded", 1) in grizzly.requirements


def test_sponsors():
    lab = CAT.sponsors[201]
    assert (lab.level, lab.person, lab.icons) == (5, False, ("science",))
    assert lab.requirements == (Requirement("sponsors_upgraded", 1),)
    assert lab.endgame == (Effect("cp_table", ("icon_science", "3=1,6=2")),)
    spokes = CAT.sponsors[202]
    assert spokes.triggers == (Trigger("on_icon_own", "science", Effect("reputation", ("1",))),)
    aquarium = CAT.sponsors[245]
    assert aquarium.icons == ("water", "water") and aquarium.building_water == 2
    assert aquarium.unique_building == "aquarium"
    polar = CAT.sponsors[251]
    assert polar.icons == ("predator", "bear", "water")
    assert CAT.sponsors[255].appeal == 4
    assert CAT.sponsors[205].cp == 1 and CAT.sponsors[205].reputation == 2
    assert len(CAT.sponsors[262].triggers) == 2
    for s in CAT.sponsors.values():
        assert 3 <= s.level <= 6
        assert (s.unique_building is None) == (s.number not in CAT.tiles.unique_building_owner)
        if s.unique_building:
            assert CAT.tiles.unique_building_owner[s.number] == s.unique_building
            assert s.unique_building in CAT.tiles.building_shapes
            adjacency = CAT.tiles.unique_building_adjacency.get(s.unique_building, {})
            assert adjacency.get("rock", 0) == s.building_rock
            assert adjacency.get("water", 0) == s.building_water


def test_projects():
    species = CAT.projects[101]
    assert (species.deck, species.goal, species.target) == ("base", "distinct_icons",
                                                            "animal_categories")
    assert [s.threshold for s in species.slots] == [5, 4, 3]
    assert [s.cp for s in species.slots] == [5, 3, 2]
    release = CAT.projects[113]
    assert release.goal == "release" and release.played_bonus == (Effect("reputation", ("1",)),)
    assert [(s.min_size, s.max_size) for s in release.slots] == [(4, 5), (3, 3), (0, 2)]
    breeding = CAT.projects[123]
    assert breeding.goal == "breeding"
    assert [(s.cp, s.reputation) for s in breeding.slots] == [(2, 2), (1, 2), (2, 0)]
    assert [s.threshold for s in CAT.projects[129].slots] == [5, 3, 2]
    for p in CAT.projects.values():
        assert len(p.slots) == 3
        thresholds = [s.threshold for s in p.slots]
        assert thresholds == sorted(thresholds, reverse=True)


def test_final_scoring():
    assert CAT.final_scoring[1].quantity == "large_animals"
    assert CAT.final_scoring[1].thresholds == (1, 2, 4, 5)
    assert CAT.final_scoring[8].thresholds == (3, 6, 8, 10)  # rulebook example
    assert CAT.final_scoring[4].thresholds == () == CAT.final_scoring[9].thresholds
    for f in CAT.final_scoring.values():
        assert list(f.thresholds) == sorted(f.thresholds)


def test_maps():
    assert CAT.grid == GRID and len(GRID) == 58
    assert set(CAT.maps) == {"A", "0", "1", "2", "3", "4", "5", "6", "7", "8"}
    for m in CAT.maps.values():
        bonus_cells = [c for c, _ in m.placement_bonuses]
        cells = m.water | m.rock | m.upgrade_only | set(bonus_cells) | set(m.ability_cells)
        cells |= {c for _, bcells, _ in m.start_buildings for c in bcells}
        assert cells <= GRID, m.id
        assert not m.water & m.rock
        assert len(bonus_cells) == len(set(bonus_cells))
        assert len(m.left_edge_slots) == 7
        assert [s.recurring for s in m.left_edge_slots[:3]] == [True] * 3
        assert [s.recurring for s in m.left_edge_slots[4:]] == [False] * 3
        assert [n for n, _ in m.partner_zoo_bonuses] == sorted(n for n, _ in m.partner_zoo_bonuses)
    a = CAT.maps["A"]
    assert a.start_buildings == (("size-3", ((0, 9), (0, 11), (1, 10)), True),
                                 ("kiosk", ((0, 7),), False))
    assert a.last_worker_bonus == Effect("cp", ("2",))
    assert CAT.maps["1"].ability == "observation_tower"
    assert CAT.maps["1"].last_worker_bonus is None


def test_appeal_income():
    t = CAT.tracks
    assert len(t.appeal_income) == t.appeal_max + 1 == 114
    assert list(t.appeal_income) == sorted(t.appeal_income)
    assert t.appeal_income_at(0) == 5
    assert t.appeal_income_at(7) == 11  # rulebook example
    assert t.appeal_income_at(500) == t.appeal_income[-1] == 37


def test_conservation_value():
    t = CAT.tracks
    assert len(t.conservation_value) == t.conservation_max + 1 == 42
    expected = {7: 0, 10: 6, 16: 24, 22: 42, 41: 99}
    assert {cp: t.conservation_value_at(cp) for cp in expected} == expected
    assert t.cp_bonus_spaces == (2, 5, 8, 10)
    assert dict(t.cp_bonus_choices)[5] == (Effect("money", ("5",)), Effect("bonus_tile", ("1",)))


def test_reputation_and_other_tables():
    t = CAT.tracks
    assert (t.reputation_start, t.reputation_cap, t.reputation_max) == (1, 9, 15)
    assert len(t.reputation_range) == 16
    assert t.reputation_folder(0) == t.reputation_folder(1) == 1
    assert t.reputation_folder(15) == 6
    assert dict(t.reputation_bonuses)[8] == Effect("hire_worker", ("1",))
    assert t.break_length_for(2) == 9 and t.break_length_for(4) == 15
    assert t.task_strength("university") == 4
    assert t.donation_costs == (2, 5, 7, 10) and t.donation_overflow == 12
    assert t.cards_draw[1][4] == 4 and t.cards_discard[1][4] == 1  # rulebook example
    assert t.cards_snap_strength == (5, 3)
    assert (t.starting_money, t.starting_appeal) == (25, (0, 1, 2, 3))
    assert (t.hand_dealt, t.hand_kept, t.hand_limit, t.hand_limit_university) == (8, 4, 3, 5)
    assert t.xtoken_max == 5 and t.build_cost_per_space == 2


def test_tiles():
    tiles = CAT.tiles
    assert len(tiles.bonus_tiles) == 9
    assert sum(u.count for u in tiles.universities) == 12
    assert len(tiles.partner_zoo_continents) * tiles.partner_zoo_copies == 20
    for shape_id, shape in tiles.building_shapes.items():
        assert shape[0] == (0, 0), shape_id
        assert all((dx + dy) % 2 == 0 for dx, dy in shape), shape_id
    for enc in tiles.special_enclosures.values():
        assert len(tiles.building_shapes[enc.shape]) == enc.size
    for size in range(1, 6):
        assert len(tiles.building_shapes[f"size-{size}"]) == size


def test_parsers():
    assert parse_effects("") == ()
    assert parse_effects("money:5;hire_worker:1") == (Effect("money", ("5",)),
                                                      Effect("hire_worker", ("1",)))
    assert Effect("cp_table", ("icon_science", "3=1")).amount == 1
    assert parse_triggers("on_icon_any_zoo:bird->money:3") == (
        Trigger("on_icon_any_zoo", "bird", Effect("money", ("3",))),)
    with pytest.raises(ValueError):
        parse_triggers("money:3")


def test_objects_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CAT.animals[401].cost = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        CAT.tracks.starting_money = 100  # type: ignore[misc]
    with pytest.raises(TypeError):
        CAT.tiles.building_shapes["x"] = ((0, 0),)  # type: ignore[index]
    hash(CAT.animals[401])
    hash(CAT.maps["A"])
    hash(CAT.tracks)
