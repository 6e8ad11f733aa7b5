"""Field-by-field comparison of the project's data files with the compiled reference folder.

The reference (not part of the repo) is looked up next to the checkout, at
``<checkout>/../shared/data/ark_nova``, or wherever ARKMC_REFERENCE_DATA points. Without it
the whole module is skipped.

The reference is first translated into the project's schema (renames and machine values
described in docs/arknova/data.md); any remaining difference must be listed in ALLOWED_DIFFERENCES,
and every listed difference must really occur, so the list cannot go stale.
"""

import csv
import json
import os
from pathlib import Path
from typing import Any

import pytest

from sim.arknova.catalog import Effect, load_catalog, parse_effect, parse_effects, parse_triggers

REF = Path(os.environ.get("ARKMC_REFERENCE_DATA")
           or Path(__file__).resolve().parents[3] / "shared" / "data" / "ark_nova")
if not (REF / "animals.csv").is_file():
    pytest.skip(f"reference data not found at {REF}", allow_module_level=True)

CAT = load_catalog()

# (file, card/map id, field) -> why the project's value deliberately differs.
ALLOWED_DIFFERENCES: dict[tuple[str, Any, str], str] = {
    ("sponsors", 253, "passive"): "the reference lists the herbivore trigger of Okapi Stable "
                                  "among the passive effects; the project keeps all triggers in "
                                  "`triggers` (see the next entry)",
    ("sponsors", 253, "triggers"): "holds the trigger moved out of the reference's passive list",
    ("sponsors", 262, "triggers"): "the reference joins two effects in one trigger "
                                   "('->appeal:1,money:2'); a Trigger holds one Effect, so the "
                                   "project lists two triggers with the same event",
    ("sponsors", 210, "triggers"): "the expert's text says the player may place the kiosk: may_build:kiosk "
                                   "offers it with a way to decline (the reference's free_kiosk:1 forces it)",
    ("sponsors", 211, "triggers"): "likewise the size-1 enclosure: may_build:enclosure-1 (reference: "
                                   "free_enclosure_size:1)",
}


def ref_rows(name: str) -> list[dict[str, str]]:
    with open(REF / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def ref_json(name: str) -> Any:
    return json.loads((REF / name).read_text(encoding="utf-8"))


def bonus(raw: dict[str, Any]) -> Effect:
    return parse_effect(f"{raw['type']}:{raw['value']}")


def cells(raw: list[list[int]]) -> set[tuple[int, int]]:
    return {(x, y) for x, y in raw}


class Diff:
    """Collects differences, then checks them against the allow-list of one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.found: dict[tuple[str, Any, str], tuple[Any, Any]] = {}

    def check(self, key: Any, field: str, ours: Any, theirs: Any) -> None:
        if ours != theirs:
            self.found[(self.file, key, field)] = (ours, theirs)

    def assert_only_allowed(self) -> None:
        allowed = {k for k in ALLOWED_DIFFERENCES if k[0] == self.file}
        unexpected = {k: v for k, v in self.found.items() if k not in allowed}
        assert not unexpected, f"differences from the reference (ours, reference): {unexpected}"
        stale = allowed - set(self.found)
        assert not stale, f"allow-list entries that no longer differ: {stale}"


def split_list(text: str) -> tuple[str, ...]:
    return tuple(item for item in text.split(";") if item)


def ability(keyword: str, value: str) -> tuple[Effect, ...]:
    if not keyword:
        return ()
    return (Effect(keyword, (value,) if value else ()),)


def test_animals():
    rows = ref_rows("animals.csv")
    assert sorted(int(r["number"]) for r in rows) == sorted(CAT.animals)
    diff = Diff("animals")
    for r in rows:
        n = int(r["number"])
        a = CAT.animals[n]
        rock, water = int(r["rock_adjacent"]), int(r["water_adjacent"])
        categories, continents = split_list(r["category_icons"]), split_list(r["continent_icons"])
        expected = {
            "name": r["name"],
            "cost": int(r["cost"]),
            "size": int(r["standard_enclosure_size"] or 0),
            "standard_allowed": r["standard_enclosure_allowed"] == "1",
            "rock": rock,
            "water": water,
            "special": r["special_enclosure"] or None,
            "special_tokens": int(r["special_enclosure_spaces"] or 0),
            "categories": categories,
            "continents": continents,
            "icons": categories + continents + ("rock",) * rock + ("water",) * water,
            "requirements": tuple((e.keyword, e.amount) for e in parse_effects(r["requirements"])),
            "appeal": int(r["appeal"]),
            "cp": int(r["conservation_points"]),
            "reputation": int(r["reputation_gain"]),
            "abilities": ability(r["ability_1"], r["ability_1_value"])
            + ability(r["ability_2"], r["ability_2_value"]),
            "solo_abilities": ability(r["solo_ability"], r["solo_ability_value"]),
            "size_class": r["size_class"],
        }
        for field, theirs in expected.items():
            ours = getattr(a, field)
            if field == "requirements":
                ours = tuple((q.keyword, q.value) for q in ours)
            diff.check(n, field, ours, theirs)
    diff.assert_only_allowed()


def test_sponsors():
    rows = ref_rows("sponsors.csv")
    assert sorted(int(r["number"]) for r in rows) == sorted(CAT.sponsors)
    tiles = CAT.tiles
    diff = Diff("sponsors")
    for r in rows:
        n = int(r["number"])
        s = CAT.sponsors[n]
        building = r["unique_building"] or None
        expected = {
            "name": r["name"],
            "level": int(r["level"]),
            "person": r["person"] == "1",
            "icons": split_list(r["icons"]) + ("rock",) * int(r["rock_icons"])
            + ("water",) * int(r["water_icons"]),
            "requirements": tuple((e.keyword, e.amount) for e in parse_effects(r["requirements"])),
            "unique_building": building,
            "building_rock": int(r["building_adjacent_rock"]),
            "building_water": int(r["building_adjacent_water"]),
            "appeal": int(r["immediate_appeal"]),
            "cp": int(r["immediate_cp"]),
            "reputation": int(r["immediate_reputation"]),
            "immediate": parse_effects(r["immediate_effects"]),
            "income": parse_effects(r["income_effects"]),
            "triggers": parse_triggers(r["trigger_effects"]),
            "passive": parse_effects(r["passive_effects"]),
            "endgame": parse_effects(r["endgame_effects"]),
        }
        for field, theirs in expected.items():
            ours = getattr(s, field)
            if field == "requirements":
                ours = tuple((q.keyword, q.value) for q in ours)
            diff.check(n, field, ours, theirs)
        # building geometry and placement live in tiles.json
        if building:
            shape = tuple(tuple(map(int, c.split(","))) for c in r["unique_building_cells"].split())
            diff.check(n, "building_shape", tiles.building_shapes[building], shape)
            diff.check(n, "building_size", len(shape), int(r["unique_building_size"]))
            diff.check(n, "building_owner", tiles.unique_building_owner.get(n), building)
            diff.check(n, "building_placement", building in tiles.unique_building_placement,
                       bool(r["building_placement"]))
    diff.assert_only_allowed()


def test_sponsor_allowed_differences_keep_the_content():
    rows = {int(r["number"]): r for r in ref_rows("sponsors.csv")}
    okapi = CAT.sponsors[253]
    ref_passive = rows[253]["passive_effects"].split(";")
    assert [f"{t.event}:{t.subject}->{t.effect.keyword}:{':'.join(t.effect.args)}"
            for t in okapi.triggers] == [p for p in ref_passive if p.startswith("on_")]
    assert okapi.passive == parse_effects(";".join(p for p in ref_passive
                                                    if not p.startswith("on_")))
    head, rhs = rows[262]["trigger_effects"].split("->")
    event, subject = head.split(":")
    explorer = CAT.sponsors[262].triggers
    assert {(t.event, t.subject) for t in explorer} == {(event, subject)}
    assert tuple(t.effect for t in explorer) == tuple(parse_effect(e) for e in rhs.split(","))


def test_building_placement_rules():
    rows = {r["unique_building"]: r["building_placement"] for r in ref_rows("sponsors.csv")}
    placement = CAT.tiles.unique_building_placement
    for shape, rules in placement.items():
        keywords = {e.keyword: e for e in rules}
        assert f"{keywords['border_cells_min'].amount} border spaces" in rows[shape]
        assert ("no_adjacency_needed" in keywords) == ("need not touch" in rows[shape])


RELEASE_SIZES = {"size>=4": (4, 5), "size=3": (3, 3), "size<=2": (0, 2)}


def test_projects():
    rows = ref_rows("projects.csv")
    assert sorted(int(r["number"]) for r in rows) == sorted(CAT.projects)
    diff = Diff("projects")
    for r in rows:
        n = int(r["number"])
        p = CAT.projects[n]
        slots = []
        for i in (1, 2, 3):
            cond = r[f"slot{i}_condition"]
            if cond in RELEASE_SIZES:
                threshold, (lo, hi) = 0, RELEASE_SIZES[cond]
            else:
                threshold, lo, hi = (0 if cond == "any" else int(cond)), 0, 99
            slots.append((threshold, lo, hi, int(r[f"slot{i}_cp"]),
                          int(r[f"slot{i}_reputation"])))
        expected = {
            "name": r["name"],
            "deck": {"base": "base", "zoo_deck": "zoo"}[r["deck"]],
            "goal": r["kind"],
            "target": r["target"],
            "slots": tuple(slots),
            "played_bonus": parse_effects(r["played_bonus"]),
        }
        for field, theirs in expected.items():
            ours = getattr(p, field)
            if field == "slots":
                ours = tuple((s.threshold, s.min_size, s.max_size, s.cp, s.reputation)
                             for s in ours)
            diff.check(n, field, ours, theirs)
        if r["kind"] == "breeding":
            assert {r[f"slot{i}_condition"] for i in (1, 2, 3)} == {"any"}
    diff.assert_only_allowed()


# quantity keyword -> words the reference's description of the counted quantity contains
QUANTITY_WORDS = {
    "large_animals": "size 4-5", "small_animals": "size 1-2", "icon_science": "research icons",
    "architecture": "water spaces connected", "supported_projects": "projects supported",
    "empty_build_spaces": "empty building spaces", "reputation": "reputation",
    "sponsors": "sponsor cards", "biodiversity": "animal-category icon type",
    "icon_rock": "rock icons", "icon_water": "water icons",
}


def test_final_scoring():
    rows = ref_rows("final_scoring.csv")
    assert sorted(int(r["number"]) for r in rows) == sorted(CAT.final_scoring)
    diff = Diff("final_scoring")
    for r in rows:
        n = int(r["number"])
        f = CAT.final_scoring[n]
        thresholds = [r[f"threshold_{i}cp"] for i in (1, 2, 3, 4)]
        diff.check(n, "name", f.name, r["name"])
        diff.check(n, "thresholds", f.thresholds,
                   tuple(int(t) for t in thresholds) if all(thresholds) else ())
        diff.check(n, "quantity", QUANTITY_WORDS[f.quantity] in r["counted_quantity"], True)
    diff.assert_only_allowed()


def test_maps():
    ref = ref_json("maps.json")
    assert CAT.grid == cells(ref["grid"]["cells"])
    assert [m["id"] for m in ref["maps"]] == list(CAT.maps)
    diff = Diff("maps")
    for m in ref["maps"]:
        z = CAT.maps[m["id"]]
        ab = m["ability"]
        ability_cells = [ab[k] for k in ("cell", "activation_cell") if k in ab]
        ability_cells += ab.get("cells", [])
        slots = sorted(m["left_edge_bonus_slots"], key=lambda s: s["index"])
        expected = {
            "name": m["name"],
            "water": cells(m["water"]),
            "rock": cells(m["rock"]),
            "placement_bonuses": tuple((tuple(b["cell"]), bonus(b["bonus"]))
                                       for b in m["placement_bonuses"]),
            "upgrade_only": cells(m["build_upgrade_required"]),
            "ability": ab["keyword"],
            "ability_cells": tuple((x, y) for x, y in ability_cells),
            "left_edge_slots": tuple((bonus(s["bonus"]), s["kind"] == "income_and_immediate")
                                     for s in slots),
            "partner_zoo_bonuses": tuple(sorted((int(k), bonus(v)) for k, v in
                                                m["partner_zoo_slot_bonuses"].items())),
            "university_bonuses": tuple(sorted((int(k), bonus(v)) for k, v in
                                               m["university_slot_bonuses"].items())),
            "last_worker_bonus": bonus(m["last_worker_bonus"]) if m["last_worker_bonus"] else None,
            "start_buildings": tuple((b["type"], tuple((x, y) for x, y in b["cells"]),
                                      b.get("empty", False))
                                     for b in m.get("start_buildings", [])),
        }
        assert {s["kind"] for s in slots} <= {"income_and_immediate", "immediate_only"}
        for field, theirs in expected.items():
            ours = getattr(z, field)
            if field == "left_edge_slots":
                ours = tuple((s.bonus, s.recurring) for s in ours)
            diff.check(m["id"], field, ours, theirs)
    diff.assert_only_allowed()


def test_tracks():
    ref = ref_json("tracks.json")
    t = CAT.tracks
    ap, co, rep = ref["appeal"], ref["conservation"], ref["reputation"]
    assoc, ac = ref["association"], ref["action_cards"]
    rng = rep["reputation_range_max_folder"]
    cp_spaces = co["bonus_spaces"]
    expected = {
        "appeal_income": tuple(ap["break_income_money"][str(i)] for i in range(ap["max"] + 1)),
        "appeal_max": ap["max"],
        "conservation_value": tuple(co["space_value"][str(i)] for i in range(co["max"] + 1)),
        "conservation_max": co["max"],
        "cp_bonus_spaces": tuple(sorted(int(k) for k in cp_spaces)),
        "reputation_start": rep["start"],
        "reputation_cap": rep["cap_without_cards_upgrade"],
        "reputation_max": rep["max"],
        "reputation_bonuses": tuple(sorted((int(k), parse_effect(v))
                                           for k, v in rep["bonuses"].items())),
        "reputation_range": (rng["1"],) + tuple(rng[str(i)] for i in range(1, rep["max"] + 1)),
        "break_length": tuple(sorted((int(k), v) for k, v in
                                     ref["break_track"]["length_by_players"].items())),
        "break_trigger_bonus": parse_effect(ref["break_track"]["trigger_reward"].split()[0]),
        "donation_costs": tuple(ref["donations"]["costs"]),
        "donation_overflow": ref["donations"]["overflow_cost"],
        "donation_reward": parse_effect(ref["donations"]["reward"]),
        "association_strength": tuple((k, v["strength"]) for k, v in assoc["tasks"].items()),
        "association_reputation_gain": parse_effect(assoc["tasks"]["reputation"]["effect"]).amount,
        "workers_start": assoc["workers"]["start_active"],
        "workers_total": assoc["workers"]["total"],
        "partner_zoo_limit": assoc["partner_zoo_limit"]["without_upgrade"],
        "partner_zoo_limit_upgraded": assoc["partner_zoo_limit"]["with_upgrade"],
        "university_limit": assoc["university_limit"],
        "project_row": (0,) + tuple(assoc["projects_above_board_by_players"][str(p)]
                                    for p in (1, 2, 3, 4)),
        "base_projects": (0,) + tuple(assoc["base_projects_face_up"][str(p)]
                                      for p in (1, 2, 3, 4)),
        "cards_draw": (tuple(ac["cards"]["side_I"]["draw"]), tuple(ac["cards"]["side_II"]["draw"])),
        "cards_discard": (tuple(ac["cards"]["side_I"]["discard"]),
                          tuple(ac["cards"]["side_II"]["discard"])),
        "cards_snap_strength": (ac["cards"]["side_I"]["snap_min_strength"],
                                ac["cards"]["side_II"]["snap_min_strength"]),
        "cards_draw_from_range": (ac["cards"]["side_I"].get("draw_from_reputation_range", False),
                                  ac["cards"]["side_II"].get("draw_from_reputation_range", False)),
        "cards_break_advance": ac["cards"]["break_advance"],
        "animals_max": (tuple(ac["animals"]["side_I_max_animals"]),
                        tuple(ac["animals"]["side_II_max_animals"])),
        "build_cost_per_space": ac["build"]["cost_per_space"],
        "starting_money": ref["money"]["starting_money"],
        "starting_appeal": tuple(ap["starting_appeal_by_turn_order"]),
        "solo_starting_appeal": tuple(ap["solo_starting_appeal"].items()),
        "hand_dealt": ref["hand"]["starting_draw"],
        "hand_kept": ref["hand"]["starting_keep"],
        "hand_limit": ref["hand"]["hand_limit"],
        "hand_limit_university": ref["hand"]["hand_limit_with_university"],
        "xtoken_max": ref["x_tokens"]["max"],
    }
    diff = Diff("tracks")
    for field, theirs in expected.items():
        diff.check("tracks", field, getattr(t, field), theirs)
    diff.assert_only_allowed()
    # the reference's target-appeal table is derived, not stored: check the derivation
    assert all(100 - t.conservation_value[int(k)] == v for k, v in co["target_appeal"].items())


def test_tracks_values_the_reference_states_in_words():
    ref = ref_json("tracks.json")
    t = CAT.tracks
    build = ref["action_cards"]["build"]
    assert f"at least {t.kiosk_min_distance} spaces apart" in build["kiosk_spacing"]
    assert f"gives {t.map_complete_appeal} appeal" in build["rule"]
    assert f"gives {t.reputation_overflow.amount} {t.reputation_overflow.keyword}" in \
        ref["reputation"]["overflow"]
    spaces = ref["conservation"]["bonus_spaces"]
    choices = dict(t.cp_bonus_choices)
    assert tuple(e.keyword for e in choices[2]) == tuple(spaces["2"]["choice"])
    for space in (5, 8):
        money, tile = choices[space]
        assert money == parse_effect(spaces[str(space)]["choice"][0])
        assert tile.keyword == "bonus_tile" and "bonus tile" in spaces[str(space)]["choice"][1]
    assert choices[10] == (Effect("discard_final_scoring", ("1",)),)
    assert "discards 1 final scoring card" in spaces["10"]["effect"]


def test_tiles():
    ref = ref_json("tiles.json")
    tiles = CAT.tiles
    special = ref["enclosures"]["special"]
    expected = {
        "bonus_tiles": tuple((b["id"], bonus(b["bonus"])) for b in ref["bonus_tiles_base"]),
        "universities": tuple((u["id"], u["count"], u["effects"].get("reputation", 0),
                               u["effects"].get("science_icons", 0),
                               u["effects"].get("hand_limit")) for u in ref["universities"]),
        "partner_zoo_continents": tuple(ref["partner_zoos"]["continents"]),
        "partner_zoo_copies": ref["partner_zoos"]["copies_each"],
        "enclosure_counts": {int(k): v for k, v in ref["enclosures"]["standard"].items()},
        "special_enclosures": {k: (v["count"], v["size"], v["capacity_tokens"],
                                   v["build"] == "side II only") for k, v in special.items()},
        "kiosk_pavilion_count": ref["enclosures"]["kiosk_pavilion_tiles"],
        "pavilion_appeal": ref["enclosures"]["pavilion_appeal"],
        "token_supply": {k: v for k, v in ref["tokens"].items() if isinstance(v, int)},
        "building_shapes": {k: tuple((x, y) for x, y in v)
                            for k, v in ref["building_shapes"].items()},
        "unique_building_adjacency": ref["unique_building_adjacency"],
    }
    ours = {
        "universities": tuple((u.id, u.count, u.reputation, u.science, u.hand_limit)
                              for u in tiles.universities),
        "special_enclosures": {k: (v.count, v.size, v.capacity, v.side_two_only)
                               for k, v in tiles.special_enclosures.items()},
    }
    diff = Diff("tiles")
    for field, theirs in expected.items():
        diff.check("tiles", field, ours.get(field, getattr(tiles, field)), theirs)
    # every shape a special enclosure names exists with the enclosure's size
    for enc in tiles.special_enclosures.values():
        diff.check(enc.id, "shape", len(ref["building_shapes"][enc.shape]), enc.size)
    # owners: the reference names them in the shapes note as "<shape> <sponsor number>"
    note = ref["building_shapes_note"]
    for number, shape in tiles.unique_building_owner.items():
        diff.check(number, "owner", f"{shape} {number}" in note, True)
    diff.check("tiles", "owner_count", len(tiles.unique_building_owner),
               ref["enclosures"]["unique_buildings"])
    diff.assert_only_allowed()
    deck = ref["zoo_deck"]
    assert len(CAT.animals) == deck["animals"] and len(CAT.sponsors) == deck["sponsors"]
    assert len(CAT.base_projects) == deck["base_conservation_projects"]
    assert len(CAT.zoo_deck) == deck["total_zoo_cards"]
    assert len(CAT.zoo_deck) - len(CAT.animals) - len(CAT.sponsors) == \
        deck["conservation_projects_in_deck"]
    assert len(CAT.final_scoring) == deck["final_scoring"]
