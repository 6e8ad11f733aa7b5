"""Data overrides reach every rule: each kind of overridable fact changes play in a game set up so
the fact matters, the issue's balance experiment changes its outcome, and an overridden factory is
a value of its own that leaves the base factory and its games as they were."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from arknova.helpers import (
    CATALOG,
    choose,
    clear_zoo,
    expect,
    free_spot,
    put,
    ready_game,
    refresh,
    set_cards,
    start_turn,
    to_hand,
)
from heuristics.arknova.parts.evaluation import card_value
from sim.arknova.board import map_board
from sim.arknova.catalog import Catalog, Effect, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.game import ArkNova
from sim.arknova.geometry import BORDER_MASK, cells_of
from sim.arknova.overrides import parse_overrides
from sim.core.overrides import OverrideError
from sim.core.play import play_game
from sim.core.registry import make_bot
from sim.core.seeds import derive_seeds
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

ORDER = ["cards", "animals", "build", "association", "sponsors"]  # Animals at strength 2, Build 3, Sponsors 5
SPOKESPERSON, FEDERAL_GRANTS, SCIENCE_INSTITUTE = 202, 220, 223  # Science Institute: 2 science icons, no effect
DUSKY_LEAF_MONKEY = 460  # small, size 2, cost 12, no condition, no rock or water
ISSUE_OVERRIDE = "cards.202.triggers=on_icon_own:science->money:40"


def overridden_catalog(*texts: str) -> Catalog:
    """The catalog of a factory overridden with these `path=value` texts, checked as `arkmc run` checks them."""
    factory = ArkNova()
    return factory.overridden(factory.parse_overrides(texts)).catalog


def table(catalog: Catalog = CATALOG) -> ArkNovaGame:
    """A fresh two-player game on map A played with `catalog`: empty zoos and hands, 25 money."""
    game = ready_game(catalog=catalog)
    for seat in game.seats:
        clear_zoo(game, seat)
        game.discard.extend(game.players[seat].hand)
        game.players[seat].hand = []
    set_cards(game, 0, ORDER)
    return game


def sponsors_action(game: ArkNovaGame, number: int) -> tuple[Any, ...]:
    """Seat 0 takes the Sponsors action at strength 5 with the sponsor in hand; the options it gets."""
    to_hand(game, 0, number)
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))
    return expect(game, "sponsors", 0).options


def play_sponsor(game: ArkNovaGame, number: int) -> None:
    """Seat 0 plays the sponsor from hand with the Sponsors action."""
    sponsors_action(game, number)
    choose(game, (number, -1), "sponsors")


def money_after(catalog: Catalog, act: Callable[[ArkNovaGame], None]) -> int:
    """Seat 0's money after `act(game)` in a fresh table played with `catalog`."""
    game = table(catalog)
    act(game)
    return game.players[0].money


def monkey_turn(catalog: Catalog, sponsors: tuple[int, ...] = ()) -> tuple[ArkNovaGame, int]:
    """Seat 0's turn with the Dusky-Leaf Monkey in hand, an empty size-2 enclosure (its index is
    returned with the game) and these sponsors in the zoo."""
    game = table(catalog)
    game.players[0].sponsors.extend(sponsors)
    enclosure = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2"))
    to_hand(game, 0, DUSKY_LEAF_MONKEY)
    start_turn(game, 0)
    return game, enclosure


def animal_cost_paid(catalog: Catalog, sponsors: tuple[int, ...] = ()) -> int:
    """What seat 0 pays to play the Dusky-Leaf Monkey from hand, with these sponsors in the zoo."""
    game, enclosure = monkey_turn(catalog, sponsors)
    before = game.players[0].money
    choose(game, ("act", "animals", 0))
    choose(game, (DUSKY_LEAF_MONKEY, -1, enclosure), "animal_play")
    return before - game.players[0].money


def test_an_animals_cost_decides_whether_it_can_be_played_and_what_it_costs() -> None:
    def animals_offered_with_10_money(catalog: Catalog) -> bool:
        game, _ = monkey_turn(catalog)
        game.players[0].money = 10
        refresh(game)
        return ("act", "animals", 0) in game.decision().options

    cheap = overridden_catalog(f"cards.{DUSKY_LEAF_MONKEY}.cost=6")
    assert animal_cost_paid(CATALOG) == 12 and animal_cost_paid(cheap) == 6
    assert not animals_offered_with_10_money(CATALOG) and animals_offered_with_10_money(cheap)


def test_a_requirement_decides_whether_a_sponsor_can_be_played() -> None:
    """Spokesperson needs a science icon; without its condition it is playable in an empty zoo."""
    unconditional = overridden_catalog(f"cards.{SPOKESPERSON}.requirements=")
    assert (SPOKESPERSON, -1) not in sponsors_action(table(), SPOKESPERSON)
    assert (SPOKESPERSON, -1) in sponsors_action(table(unconditional), SPOKESPERSON)


def test_an_immediate_effect_is_what_playing_the_sponsor_gives() -> None:
    def federal_grants_played(game: ArkNovaGame) -> None:
        play_sponsor(game, FEDERAL_GRANTS)

    richer = overridden_catalog(f"cards.{FEDERAL_GRANTS}.immediate=money:9")
    assert money_after(richer, federal_grants_played) - money_after(CATALOG, federal_grants_played) == 9 - 3


def test_an_income_effect_is_paid_at_every_break() -> None:
    def break_income(game: ArkNovaGame) -> None:
        game.players[0].sponsors.append(FEDERAL_GRANTS)
        game.stack = [("income", 0)]
        refresh(game)
        game.is_over()

    richer = overridden_catalog(f"cards.{FEDERAL_GRANTS}.income=money:8")
    assert money_after(richer, break_income) - money_after(CATALOG, break_income) == 8 - 3


def test_a_trigger_fires_with_the_overridden_effect() -> None:
    """The issue's override: Spokesperson pays 40 money instead of 1 reputation per science icon played."""
    def science_played(game: ArkNovaGame) -> None:
        game.players[0].sponsors.append(SPOKESPERSON)
        play_sponsor(game, SCIENCE_INSTITUTE)  # 2 science icons

    assert money_after(overridden_catalog(ISSUE_OVERRIDE), science_played) - money_after(CATALOG, science_played) == 80


def test_a_passive_changes_the_rule_it_names() -> None:
    """Science Institute given the passive of Expert in Small Animals: small animals cost 5 less."""
    discount = overridden_catalog(f"cards.{SCIENCE_INSTITUTE}.passive=animal_cost_discount:small:5")
    assert animal_cost_paid(CATALOG, (SCIENCE_INSTITUTE,)) == 12
    assert animal_cost_paid(discount, (SCIENCE_INSTITUTE,)) == 7


def test_an_end_game_effect_is_scored_at_the_end() -> None:
    def appeal_at_end(catalog: Catalog) -> int:
        game = table(catalog)
        for player in game.players:
            player.final_scoring = []
        game.players[0].sponsors.append(SCIENCE_INSTITUTE)
        game.stack = [("score_cards",)]
        refresh(game)
        assert game.is_over()
        return game.results()[0].details["appeal"]

    assert appeal_at_end(overridden_catalog(f"cards.{SCIENCE_INSTITUTE}.endgame=appeal:6")) - appeal_at_end(CATALOG) == 6


def test_a_map_placement_bonus_is_paid_where_the_map_data_puts_it() -> None:
    """Map A's placement bonuses replaced by one 9-money bonus on a border space that had none."""
    board = map_board(CATALOG, "A")
    x, y = cells_of(board.buildable & BORDER_MASK & ~board.bonus_mask)[0]
    bonus = overridden_catalog(f'maps.A.placement_bonuses=[[[{x}, {y}], "money:9"]]')

    def build_there(game: ArkNovaGame) -> None:
        start_turn(game, 0)
        choose(game, ("act", "build", 0))
        choose(game, "enclosure-1", "build")
        choose(game, next(p for p in expect(game, "build_place", 0).options if p.cells == ((x, y),)))

    assert money_after(bonus, build_there) - money_after(CATALOG, build_there) == 9


def test_a_track_table_sets_the_build_cost() -> None:
    def kinds_offered(catalog: Catalog) -> tuple[Any, ...]:
        game = table(catalog)
        game.players[0].money = 3
        start_turn(game, 0)
        choose(game, ("act", "build", 0))
        return expect(game, "build", 0).options

    assert "enclosure-3" not in kinds_offered(CATALOG)  # 6 money at 2 a space
    assert "enclosure-3" in kinds_offered(overridden_catalog("tracks.build_cost_per_space=1"))


def test_the_heuristic_bots_value_a_card_by_the_data_of_their_game() -> None:
    """The in-turn policy's card values read the game's catalog (a sponsor's gain is kept per catalog)."""
    def value(catalog: Catalog, card: int) -> float:
        return card_value(table(catalog).players[0], card)

    richer_sponsor = overridden_catalog(f"cards.{FEDERAL_GRANTS}.immediate=money:20")
    dearer_animal = overridden_catalog(f"cards.{DUSKY_LEAF_MONKEY}.cost=30")
    assert value(richer_sponsor, FEDERAL_GRANTS) > value(CATALOG, FEDERAL_GRANTS)
    assert value(dearer_animal, DUSKY_LEAF_MONKEY) < value(CATALOG, DUSKY_LEAF_MONKEY)


def test_a_catalogs_card_and_map_tables_cannot_be_changed_in_place() -> None:
    for table in (CATALOG.animals, CATALOG.sponsors, CATALOG.projects, CATALOG.final_scoring, CATALOG.maps):
        with pytest.raises(TypeError):
            table[next(iter(table))] = None


def test_a_bad_override_is_refused_with_one_line() -> None:
    with pytest.raises(OverrideError, match="override of cards.202 does not parse"):
        overridden_catalog("cards.202.triggers=no arrow")


def seats_of(tmp_path: Path, name: str, overrides: list[str]) -> pl.DataFrame:
    experiment = build_experiment({"bots": ["random"], "games": 120, "seed": 3, "out": str(tmp_path / name),
                                   "jobs": 1, "overrides": overrides})
    run(experiment, progress=False)
    seats = pl.read_parquet(tmp_path / name / "seats" / "*.parquet")
    return seats.with_columns(pl.col(pl.Categorical).cast(pl.String)).sort(["game", "seat"])


def test_the_issues_balance_experiment_changes_its_outcome(tmp_path: Path) -> None:
    """`arkmc run --bots random --games 120 --seed 3` with and without the override of Spokesperson's
    trigger: the same games were byte-identical while overrides missed the tables derived at import."""
    baseline = seats_of(tmp_path, "baseline", [])
    variant = seats_of(tmp_path, "variant", [ISSUE_OVERRIDE])
    assert baseline.height == variant.height == 240
    assert not baseline.drop("experiment").equals(variant.drop("experiment"))
    assert not baseline["points"].equals(variant["points"])


def outcomes(factory: ArkNova, seeds: list[int]) -> list[Any]:
    """Decisions and results of random-bot games of the factory, one per seed."""
    played = []
    for seed in seeds:
        game = factory.new_game({"players": 2, "maps": "random"}, seed)
        record = play_game(game, [make_bot("random"), make_bot("random")], seed)
        played.append((record.decisions, [(result.seat, result.score, result.rank) for result in record.results]))
    return played


def test_an_overridden_factory_leaves_the_base_factory_as_it_was() -> None:
    seeds = derive_seeds(11, 3)
    base = ArkNova()
    before = outcomes(base, seeds)
    variant = base.overridden(base.parse_overrides([ISSUE_OVERRIDE, "tracks.starting_money=60"]))
    assert outcomes(variant, seeds) != before
    assert outcomes(base, seeds) == before
    assert base.catalog is load_catalog() and base.new_game({"players": 2}, 1).players[0].money == 25
    assert base.catalog.sponsors[SPOKESPERSON].triggers[0].effect == Effect("reputation", ("1",))
    assert variant.catalog.sponsors[SPOKESPERSON].triggers[0].effect == Effect("money", ("40",))
    assert variant.catalog.sponsors[201] is base.catalog.sponsors[201]  # what is not overridden is shared
    assert variant.catalog.animals is base.catalog.animals


def test_two_overridden_factories_can_be_used_alternately() -> None:
    """Games of two factories with different data, alternating in one process, give what they give
    when each factory's games are played in a row, and the two factories' games differ."""
    seeds = derive_seeds(12, 3)
    rich, poor = (ArkNova().overridden({"tracks.starting_money": str(money)}) for money in (60, 5))
    alone = [outcomes(rich, seeds), outcomes(poor, seeds)]
    alternating = [[], []]
    for seed in seeds:
        for index, factory in enumerate((rich, poor)):
            alternating[index] += outcomes(factory, [seed])
    assert alternating == alone
    assert alone[0] != alone[1]
    assert rich.new_game({"players": 2}, 1).players[0].money == 60
    assert poor.new_game({"players": 2}, 1).players[0].money == 5


@pytest.mark.parametrize(("override", "message"), [
    ("cards.401.cost=-5", "override cards.401.cost=-5: no number in Ark Nova's data is negative"),
    ("tracks.appeal_max=-1", "override tracks.appeal_max=-1: no number in Ark Nova's data is negative"),
    ("cards.202.triggers=on_icon_own:science->money:-4", "no number in Ark Nova's data is negative"),
    ("tracks.appeal_max=112", "appeal_income has 114 spaces, its track 0-112 needs 113"),
    ("cards.401.size=6", "override of cards.401: size 6 is larger than the largest enclosure (5)"),
])
def test_an_override_out_of_range_is_one_line_before_any_game(tmp_path, override: str, message: str) -> None:
    """A cost of -5 made playing the card gain money; an appeal track shorter than its income table
    ended the run later with a polars error."""
    from click.testing import CliRunner

    from sim.cli import main

    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["run", "--games", "2", "--jobs", "1", "--out", str(out), "--override", override])
    assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists(), "refused before the folder is made"


def test_overrides_at_the_edge_of_their_range_are_accepted() -> None:
    """Just inside each bound: a free card, the largest enclosure, a shorter appeal track with its table."""
    income = ",".join(str(value) for value in load_catalog().tracks.appeal_income[:101])
    parse_overrides(["cards.401.cost=0", "cards.401.size=5", "tracks.appeal_max=100", f"tracks.appeal_income=[{income}]"])


def test_a_data_folder_replaces_the_files_it_holds_and_overrides_apply_on_top(tmp_path: Path) -> None:
    """`--data FOLDER` (sim.core.data_folder): the folder's animals.csv, every other file as shipped."""
    shipped = Path(__file__).resolve().parents[2] / "sim" / "arknova" / "data"
    (tmp_path / "animals.csv").write_text((shipped / "animals.csv").read_text(encoding="utf-8")
                                          .replace("401,Cheetah,17,", "401,Cheetah,12,"), encoding="utf-8")
    base = ArkNova()
    mine = base.with_data(str(tmp_path))
    assert mine.catalog.animals[401].cost == 12 and base.catalog.animals[401].cost == 17
    assert mine.catalog.sponsors == base.catalog.sponsors and base.catalog is load_catalog()
    assert mine.data_version() != base.data_version() and base.with_data(str(tmp_path)).catalog is mine.catalog
    changed = mine.overridden(mine.parse_overrides(["cards.402.cost=3"]))
    assert changed.catalog.animals[401].cost == 12 and changed.catalog.animals[402].cost == 3
    assert outcomes(ArkNova().overridden({"cards.401.cost": "12"}), derive_seeds(5, 2)) == outcomes(mine, derive_seeds(5, 2))


@pytest.mark.parametrize(("file_name", "old", "new", "message"), [
    ("animals.csv", "401,Cheetah,17,", "401,Cheetah,seventeen,", "animals.csv does not parse: invalid literal for int()"),
    ("tracks.json", '"appeal_max": 113', '"appeal_max": 112', "tracks: appeal_income has 114 spaces, its track 0-112 needs 113"),
])
def test_a_bad_file_in_a_data_folder_is_one_line_naming_the_folder(tmp_path: Path, file_name: str, old: str, new: str,
                                                                  message: str) -> None:
    text = (Path(__file__).resolve().parents[2] / "sim" / "arknova" / "data" / file_name).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file_name).write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ValueError) as error:
        ArkNova().with_data(str(tmp_path))
    assert str(error.value).startswith(f"data folder {tmp_path}: {message}") and "\n" not in str(error.value)
