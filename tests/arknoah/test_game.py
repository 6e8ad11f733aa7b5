"""Ark & Noah on the framework: the conformance kit, a fuzz of the invariants over random games (300
here; `make bench` fuzzes 2,000 more, checked after every decision: scripts/checks/bench.py), what the
invariants catch, the observation, the data pack and its overrides."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arknoah.helpers import SPEC, give, new
from sim.arknoah.catalog import load_catalog
from sim.arknoah.game import ArkNoah
from sim.core.registry import get_game
from sim.core.testing import check_game

FUZZ_GAMES = 300
CHECK_EVERY_DECISION = 60  # the first games of the fuzz are checked after every decision, the rest each round


def test_the_spec_names_the_game() -> None:
    factory = get_game(SPEC)
    assert isinstance(factory, ArkNoah) and factory.info.name == "arknoah"
    assert "reconstructed" in factory.info.data_note and factory.info.default_bot == "default"


@pytest.mark.parametrize("quick", [False, True])
def test_the_conformance_kit_passes(quick: bool) -> None:
    summary = check_game(ArkNoah(), games=2, options={"quick": quick})
    assert summary.players == (2, 3, 4) and summary.forks >= 6 and summary.decisions > 1_000


def test_the_invariants_hold_over_random_games() -> None:
    """2, 3 and 4 players in turn, one game in five under the quick rules."""
    factory = ArkNoah()
    ends: dict[str, int] = {}
    for index in range(FUZZ_GAMES):
        players, quick = 2 + index % 3, index % 5 == 4
        game = factory.new_game({"players": players, "quick": quick}, index)
        rng = random.Random(index)
        every = index < CHECK_EVERY_DECISION
        last_round = 0
        while not game.is_over():
            options = game.decision().options
            game.apply(options[rng.randrange(len(options))])
            if every or game.round != last_round:
                game.check_invariants()
                last_round = game.round
        game.check_invariants()
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
    assert sum(ends.values()) == FUZZ_GAMES and ends["hull"] > FUZZ_GAMES // 2


@pytest.mark.parametrize("breakage", ["wall", "food", "vp", "tile", "cage", "pitch"])
def test_the_invariants_catch_a_broken_game(breakage: str) -> None:
    game = ArkNoah().new_game({"players": 3}, 1)
    rng = random.Random(1)
    while len(game.cages) < 2:
        options = game.decision().options
        game.apply(options[rng.randrange(len(options))])
    game.check_invariants()
    if breakage == "wall":
        game.players[0].walls += 1  # a wall from nowhere
    elif breakage == "food":
        game.cage_food[0] += 1
    elif breakage == "vp":
        game.players[1].vp += 1  # a point of no source
    elif breakage == "tile":
        game.holder[game.bags[1][0]] = 0  # a tile both in the bag and in front of a player
    elif breakage == "cage":
        game.cages.pop()  # a closed cage the engine forgot
        game.cage_food.pop()
        game.cage_large.pop()
        game.cage_small.pop()
        game.caged = sum(cage.squares for cage in game.cages)
    else:
        game.pitched |= 1 << next(space for space in range(game.board.n_pitch) if not game.pitchable >> space & 1)
    with pytest.raises(AssertionError):
        game.check_invariants()


def test_a_loaded_cage_must_be_legal() -> None:
    game = new(2)
    from arknoah.helpers import boundary, wall

    wall(game, 0, *boundary(game, [(2, 1)]))
    give(game, 0, "dog", True)
    game.holder[game.catalog.tile("dog", False)] = -3
    game.holder[game.catalog.tile("dog", True)] = -3
    game.cage_large[0] = game.catalog.species_named("dog").index
    with pytest.raises(AssertionError, match="not fully fed"):
        game.check_invariants()


def test_the_observation_hides_only_the_random_state() -> None:
    game = ArkNoah().new_game({"players": 4}, 5)
    observation = game.observation(2)
    assert observation.seat == 2 and observation.game.rng is None and game.rng is not None
    one, two = observation.determinize(random.Random(1)), observation.determinize(random.Random(2))
    assert one.rng != two.rng and one.holder == two.holder == game.holder
    with pytest.raises(AssertionError, match="determinize"):
        observation.game.randbelow(3)


def test_a_view_reads_the_table_in_place_and_hides_only_the_random_state() -> None:
    game = ArkNoah().new_game({"players": 4}, 5)
    game.decision()
    view = game.view(2)
    assert view.seat == 2 and view.game.rng is None and game.rng is not None and view.game.history is None
    assert view.game.holder is game.holder and view.game.players is game.players, "no copy"
    seen = game.observation(2).determinize(random.Random(1))
    determinized = view.determinize(random.Random(1))
    assert (determinized.rng, determinized.holder, determinized.bags) == (seen.rng, seen.holder, seen.bags)
    assert determinized.holder is not game.holder and determinized.players[0] is not game.players[0]
    with pytest.raises(AssertionError, match="determinize"):
        view.game.randbelow(3)


def test_the_same_seed_gives_the_same_game() -> None:
    def course(seed: int) -> list[object]:
        game = ArkNoah().new_game({"players": 3}, seed)
        rng, trace = random.Random(0), []
        while not game.is_over():
            options = game.decision().options
            trace.append(options[rng.randrange(len(options))])
            game.apply(trace[-1])
        return [*trace, [result.score for result in game.results()]]

    assert course(7) == course(7) and course(7) != course(8)


# ----------------------------------------------------------------------------- data pack and overrides


def test_the_data_pack_holds_the_rulebook_figures() -> None:
    catalog = load_catalog()
    figures = {name: (catalog.species_named(name).size, catalog.species_named(name).vp)
               for name in ("lion", "elephant", "dog", "crow", "dove")}
    assert figures == {"lion": (3, 6), "elephant": (4, 8), "dog": (1, 2), "crow": (0, 0), "dove": (0, 0)}
    assert len(catalog.tiles) == 52 and sum(tile.male for tile in catalog.tiles) == 26, "26 males, 26 females"
    rules = catalog.rules
    assert (rules.walls_per_colour * 4, rules.pitch_total, rules.food_total) == (108, 36, 60)
    assert {count: board.n_squares for count, board in catalog.boards.items()} == {2: 24, 3: 36, 4: 48}


def test_an_override_changes_one_fact_and_leaves_the_factory_as_it_was() -> None:
    factory = ArkNoah()
    changed = factory.overridden(factory.parse_overrides(["species.lion.vp=7", "rules.planner_and_others.build.0=10"]))
    assert changed.catalog.species_named("lion").vp == 7 and changed.catalog.rules.amounts["build"] == (10, 5)
    assert factory.catalog.species_named("lion").vp == 6 and factory.catalog is load_catalog()


@pytest.mark.parametrize(("text", "message"), [
    ("species.unicorn.vp=3", "there is no species 'unicorn'"),
    ("species.lion.species=cat", "no column 'species' can be overridden"),
    ("species.lion.size=5", "size 5 is not 0-4"),
    ("rules.min_rounds=-1", "no number may be negative"),
    ("rules.unknown=1", "'unknown' does not exist"),
    ("ark.layouts.2=[\"stern\",\"stern\"]", "the parts' hull lists 24 edges, the outline of their squares has 28"),
    ("cards.1.cost=2", "must start with species, rules or ark"),
    ("data=/my/pack", "a data folder is not an override; give it with --data /my/pack"),
])
def test_bad_overrides_get_one_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[")) as error:
        ArkNoah().parse_overrides([text])
    assert "\n" not in str(error.value)


def test_a_data_folder_replaces_the_files_it_holds_and_overrides_apply_on_top(tmp_path: Path) -> None:
    """`--data FOLDER` (sim.core.data_folder): species.csv from the folder, rules.json and ark.json shipped."""
    shipped = Path(__file__).resolve().parents[2] / "sim" / "arknoah" / "data"
    rows = (shipped / "species.csv").read_text(encoding="utf-8").replace("lion,Löwe,3,6", "lion,Löwe,3,9")
    (tmp_path / "species.csv").write_text(rows, encoding="utf-8")
    base = ArkNoah()
    factory = base.with_data(str(tmp_path))
    assert factory.catalog.species_named("lion").vp == 9 and factory.catalog.rules == load_catalog().rules
    assert factory.data_version() != base.data_version() and base.catalog is load_catalog()
    changed = factory.overridden(factory.parse_overrides(["species.giraffe.vp=1"]))
    assert changed.catalog.species_named("lion").vp == 9 and changed.catalog.species_named("giraffe").vp == 1
    with pytest.raises(ValueError, match="there is no species 'unicorn'"):
        factory.parse_overrides(["species.unicorn.vp=1"])


def test_a_bad_file_in_a_data_folder_is_one_line_naming_the_folder(tmp_path: Path) -> None:
    (tmp_path / "species.csv").write_text("species,name_de,size,vp,removed_with,males,females\nlion,Löwe,big,6,,1,1\n",
                                          encoding="utf-8")
    with pytest.raises(ValueError, match=f"data folder {tmp_path}: species lion: size, vp, males and females are "
                                         "whole numbers") as error:
        ArkNoah().with_data(str(tmp_path))
    assert "\n" not in str(error.value)
