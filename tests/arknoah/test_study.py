"""`arkmc study` for Ark & Noah (sim/arknoah/study.py, decision R20): a species forced into a seat's start
animals, or taken out of the game. The setup the hooks must respect is the rulebook's: each player "zieht je 1
zufälliges Tiermännchen und Tierweibchen aus den Beuteln. Wenn man ein passendes Tierpaar zieht, muss man eins
der Tiere in seinen Beutel zurücklegen und ein anderes ziehen (zwei unterschiedliche Spieler dürfen jedoch
zueinander passende Tiere haben!)", and some species stay in the box with 2 or 3 players."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.arknoah.game import ArkNoah
from sim.arknoah.history import LOAD_FIELDS
from sim.arknoah.state import BAG, BOX, NoahState
from sim.cli import main
from sim.core.protocols import Intervention
from sim.pipeline.experiment import load_experiment
from sim.pipeline.runner import experiment_factory, new_indexed_game
from tests.arknoah.helpers import bag, give, new, tile

FACTORY = ArkNoah()
CATALOG = FACTORY.catalog


def species(name: str) -> int:
    return CATALOG.species_named(name).index


def kind(tile_number: int) -> tuple[str, bool]:
    """A tile's species name and sex (True = male)."""
    return CATALOG.species[CATALOG.tiles[tile_number].species].name, CATALOG.tiles[tile_number].male


def intervened(intervention: Intervention, players: int = 4, seed: int = 3, rng_seed: int = 1,
               **config: object) -> tuple[NoahState, NoahState]:
    """The untouched game and its twin with the intervention made."""
    control = FACTORY.new_game({"players": players, **config}, seed)
    treated = FACTORY.new_game({"players": players, **config}, seed)
    FACTORY.intervene(treated, intervention, random.Random(rng_seed))
    return control, treated


def swapped(control: NoahState, treated: NoahState) -> set[int]:
    """The tiles whose place (holder, and index in its bag) differs between the twins."""
    def place(game: NoahState, number: int) -> tuple[int, int]:
        where = game.holder[number]
        return where, game.bags[CATALOG.tiles[number].male].index(number) if where == BAG else -1
    return {number for number in range(len(CATALOG.tiles)) if place(control, number) != place(treated, number)}


def no_start_pair(game: NoahState) -> bool:
    """R3: no seat starts with a male and a female of one species."""
    return all(len({CATALOG.tiles[t].species for t in game.tiles_of(seat)}) == len(game.tiles_of(seat))
               for seat in range(len(game.players)))


def untouched_rest(control: NoahState, treated: NoahState) -> None:
    """Everything but the tiles is as in the untouched twin, the random stream included."""
    assert treated.rng == control.rng and treated.stack == control.stack
    assert [(p.walls, p.pitch, p.food) for p in treated.players] == [(p.walls, p.pitch, p.food) for p in control.players]
    assert treated.worker_column == control.worker_column and treated.drawn == control.drawn == []


def test_the_game_studies_every_species_by_deal_and_ban() -> None:
    assert FACTORY.study_component == "species" and FACTORY.study_kinds == ("deal", "ban")
    components = FACTORY.study_components()
    assert list(components) == list(range(26)), "numbered by the rows of species.csv"
    assert components[0] == "crow" and components[species("lion")] == "lion" and components[25] == "buffalo"


def in_bag(game: NoahState) -> str:
    """A species with both tiles in the bags and none in front of a seat."""
    return next(kind.name for kind in CATALOG.species
                if all(game.holder[t.number] == BAG for t in CATALOG.tiles if t.species == kind.index))


def test_a_dealt_species_takes_a_start_tiles_place_and_that_tile_takes_its_place_in_the_bag() -> None:
    control = FACTORY.new_game({"players": 4}, 3)
    name = in_bag(control)
    _, treated = intervened(Intervention("deal", species(name), 1))
    moves = swapped(control, treated)
    assert len(moves) == 2
    forced = next(t for t in moves if kind(t)[0] == name)
    replaced = next(t for t in moves if t != forced)
    assert kind(forced)[1] == kind(replaced)[1], "a tile of the same sex"
    assert control.holder[replaced] == 1 and treated.holder[forced] == 1 and treated.holder[replaced] == BAG
    bag_list = control.bags[kind(forced)[1]]
    assert treated.bags[kind(forced)[1]] == [replaced if t == forced else t for t in bag_list], "at the same place"
    assert set(treated.tiles_of(1)) == (set(control.tiles_of(1)) - {replaced}) | {forced}
    assert Counter(treated.holder) == Counter(control.holder), "no tile created or lost"
    untouched_rest(control, treated)
    treated.check_invariants()


def test_the_replaced_start_tile_is_the_male_or_the_female_at_random() -> None:
    control = FACTORY.new_game({"players": 4}, 3)
    lion = species(in_bag(control))
    sexes = Counter(next(CATALOG.tiles[t].male for t in intervened(Intervention("deal", lion), rng_seed=r)[1].tiles_of(0)
                         if CATALOG.tiles[t].species == lion) for r in range(60))
    assert set(sexes) == {True, False}, sexes


def test_a_species_held_by_another_seat_swaps_with_the_replaced_tile() -> None:
    """The species' tile of the replaced sex is taken: from seat 3 when it holds that one, else from the bag."""
    control = FACTORY.new_game({"players": 4}, 3)
    held = control.tiles_of(2)[0]
    sources = set()
    for rng_seed in range(12):
        _, treated = intervened(Intervention("deal", CATALOG.tiles[held].species, 0), rng_seed=rng_seed)
        moves = swapped(control, treated)
        forced = next(t for t in moves if CATALOG.tiles[t].species == CATALOG.tiles[held].species)
        replaced = next(t for t in moves if t != forced)
        assert treated.holder[forced] == 0 and treated.holder[replaced] == control.holder[forced]
        sources.add(control.holder[forced])
        if forced == held:
            assert treated.bags == control.bags and len(moves) == 2 and no_start_pair(treated)
    assert sources == {2, BAG}


def test_a_seat_given_a_matching_tile_redraws_its_female_as_r3_says() -> None:
    game = new(4)
    dog_m, cat_f = give(game, 0, "dog", True), give(game, 0, "cat", False)
    lion_m, dog_f = give(game, 1, "lion", True), give(game, 1, "dog", False)
    for seat, (male, female) in ((2, ("wolf", "pig")), (3, ("bear", "fox"))):
        give(game, seat, male, True)
        give(game, seat, female, False)
    sheep_f = tile(game, "sheep", False)
    bag(game, sheep_f, tile(game, "deer", True))  # the lion female stays in the box: only the male can be dealt
    FACTORY.intervene(game, Intervention("deal", species("lion"), 0), random.Random(0))
    assert set(game.tiles_of(0)) == {lion_m, cat_f}
    assert set(game.tiles_of(1)) == {dog_m, sheep_f}, "the dog pair the swap made is broken up by a redraw"
    assert game.bags[0] == [dog_f] and no_start_pair(game)
    game.check_invariants()


def test_a_species_the_seat_holds_moves_nothing() -> None:
    control = FACTORY.new_game({"players": 3}, 8)
    _, treated = intervened(Intervention("deal", CATALOG.tiles[control.tiles_of(0)[1]].species, 0), players=3, seed=8)
    assert swapped(control, treated) == set()


def test_a_banned_species_goes_to_the_box_and_its_start_tiles_are_replaced_from_the_bag() -> None:
    control = FACTORY.new_game({"players": 4}, 5)
    held = control.tiles_of(1)[1]
    banned = CATALOG.tiles[held].species
    _, treated = intervened(Intervention("ban", banned), seed=5)
    for number in (t.number for t in CATALOG.tiles if t.species == banned):
        assert treated.holder[number] == BOX and number not in treated.bags[0] + treated.bags[1]
    new_tile = next(t for t in treated.tiles_of(1) if t not in control.tiles_of(1))
    assert kind(new_tile)[1] == kind(held)[1] and control.holder[new_tile] == BAG
    assert len(treated.tiles_of(1)) == 2 and no_start_pair(treated)
    others = [t for t in range(len(CATALOG.tiles)) if CATALOG.tiles[t].species != banned and t != new_tile]
    assert [treated.holder[t] for t in others] == [control.holder[t] for t in others]
    for male in (False, True):
        assert treated.bags[male] == [t for t in control.bags[male] if t != new_tile and CATALOG.tiles[t].species != banned]
    assert Counter(treated.holder)[BOX] == Counter(control.holder)[BOX] + 2, "exactly the species' two tiles leave"
    untouched_rest(control, treated)
    treated.check_invariants()


def test_a_banned_start_tile_is_never_replaced_by_its_partners_partner() -> None:
    """R3 holds for the replacement too: the seat holding a dog male gets no dog female for its banned lion."""
    for rng_seed in range(10):
        game = new(2)
        dog_m, lion_f = give(game, 0, "dog", True), give(game, 0, "lion", False)
        give(game, 1, "pig", True)
        give(game, 1, "wolf", False)
        dog_f, cat_f = tile(game, "dog", False), tile(game, "cat", False)
        bag(game, dog_f, cat_f, tile(game, "lion", True))
        FACTORY.intervene(game, Intervention("ban", species("lion")), random.Random(rng_seed))
        assert set(game.tiles_of(0)) == {dog_m, cat_f} and game.bags == [[dog_f], []]
        assert game.holder[lion_f] == BOX


@pytest.mark.parametrize(("name", "players", "seed"), [("elephant", 4, 0), ("crow", 2, 1), ("lion", 3, 2), ("dog", 4, 3)])
def test_a_banned_species_never_comes_into_play(name: str, players: int, seed: int) -> None:
    """Random play to the end, the invariants checked at every decision: the species' tiles stay in the box and
    no pair of it boards."""
    game = FACTORY.new_game({"players": players}, seed)
    FACTORY.intervene(game, Intervention("ban", species(name)), random.Random(seed))
    FACTORY.keep_history(game)
    tiles = [t.number for t in CATALOG.tiles if t.species == species(name)]
    rng = random.Random(seed)
    while not game.is_over():
        decision = game.decision()
        game.apply(decision.options[rng.randrange(len(decision.options))])
        game.check_invariants()
        assert all(game.holder[t] == BOX for t in tiles)
    assert game.history is not None and game.history.loads, "the game loaded pairs"
    assert all(load[LOAD_FIELDS.index("species")] != name for load in game.history.loads)


@pytest.mark.parametrize(("intervention", "config", "message"), [
    (Intervention("deal", 3, 4), {"players": 4}, "seat 5 is not in this 4-player game"),
    (Intervention("ban", 26, 0), {"players": 4}, "Ark & Noah has no species 26"),
    (Intervention("deal", -1, 0), {"players": 4}, "Ark & Noah has no species -1"),
    (Intervention("deal", 2, 0), {"players": 2}, "the mouse is not in this game"),
    (Intervention("ban", 0, 0), {"players": 4, "quick": True}, "the crow is not in this game .* or the quick rules"),
    (Intervention("let_go", 3, 0), {"players": 4}, "cannot make a 'let_go' intervention"),
])
def test_a_bad_intervention_is_one_line(intervention: Intervention, config: dict[str, object], message: str) -> None:
    game = FACTORY.new_game(config, 1)
    with pytest.raises(ValueError, match=message) as error:
        FACTORY.intervene(game, intervention, random.Random(0))
    assert "\n" not in str(error.value)


def test_arkmc_study_cards_plays_every_species_on_the_same_pairs(tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = CliRunner().invoke(main, ["study", "cards", "--game", "arknoah", "--bots", "random", "--pairs", "3",
                                       "--cards", "lion,21", "--jobs", "1", "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    effects = pl.read_parquet(out / "effects.parquet")
    assert sorted(effects["card"].to_list()) == [species("lion"), species("elephant")]
    assert effects["pairs"].to_list() == [3, 3] and set(effects["name"]) == {"lion", "elephant"}
    experiment = load_experiment(None, {"out": str(out)}, resume=True)
    factory = experiment_factory(experiment)
    for index in range(9):
        arm = index % 3
        start = {CATALOG.tiles[t].species for t in new_indexed_game(experiment, factory, index).tiles_of(0)}
        if arm:
            assert [species("lion"), species("elephant")][arm - 1] in start, f"game {index}: the species in seat 1's start"
