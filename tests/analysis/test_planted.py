"""Planted effects (issue 42): a method is trusted only when it finds an effect the simulator planted and leaves a
null change alone.

The plant: Common Wall Lizard (card 486, printed appeal 2) is given appeal 30 by an override, so the seat that
gets it gains a game's worth of appeal for a 4-money animal. The null: Slow Worm (card 488) is "overridden" to
its printed appeal of 2, a change that changes nothing. Both the randomised estimate from a run's deals and the
forced-card study must rank the planted card first with q < 0.05, and must not flag the null card.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from sim.analysis.compare import compare_cards
from sim.analysis.data import Run
from sim.analysis.randomised import dealt_effects
from sim.analysis.study import Study, study_effects
from sim.arknova.catalog import load_catalog
from sim.core.registry import get_game
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run
from sim.pipeline.study import checked_design

pytestmark = pytest.mark.long

PLANTED, NULL, OTHER = 486, 488, 401
OVERRIDES = [f"cards.{PLANTED}.appeal=30", f"cards.{NULL}.appeal=2"]
RUN_GAMES = 800   # about 60 seats dealt the planted card: its q falls far below 0.05 (at 500 games it was 0.10)
PAIRS = 30        # the forced study's precision is per pair: 30 pairs find the plant with q < 0.001


def test_the_null_override_restates_the_printed_value() -> None:
    assert load_catalog().card(NULL).appeal == 2 and load_catalog().card(PLANTED).appeal == 2


def played(tmp_path: Path, name: str, **values: object) -> Run:
    experiment = build_experiment({"game": "arknova", "bots": ["default"], "seed": 5, "jobs": 1,
                                   "overrides": OVERRIDES, "out": str(tmp_path / name), **values})
    run(experiment, progress=False)
    return Run.open(tmp_path / name)


def check_found(table: pl.DataFrame, effect: str) -> None:
    top = table.sort(effect, descending=True).row(0, named=True)
    assert top["card"] == PLANTED and top["q_value"] < 0.05, top
    null = table.filter(pl.col("card") == NULL).row(0, named=True)
    assert null["q_value"] >= 0.05, null


@pytest.fixture(scope="module")
def overridden_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return played(tmp_path_factory.mktemp("planted"), "run", games=RUN_GAMES)


@pytest.mark.timeout(900)
def test_the_randomised_estimate_of_a_run_finds_the_planted_card_and_leaves_the_null_card(overridden_run: Run) -> None:
    check_found(dealt_effects(overridden_run), "effect_win")


@pytest.mark.timeout(900)
def test_a_comparison_with_the_run_without_overrides_settles_the_planted_card_and_not_the_null(
        overridden_run: Run, tmp_path: Path) -> None:
    """The comparison of two runs (`arkmc report BASE VARIANT`): the planted card's win rate when played changes
    with q < 0.05 and fewer games than were played would settle it; the null card's change is not flagged and
    would need more games than were played, or has no effect to settle."""
    base = played(tmp_path, "base", games=RUN_GAMES, overrides=[])
    table = compare_cards(base, overridden_run)
    planted = table.filter(pl.col("card") == PLANTED).row(0, named=True)
    null = table.filter(pl.col("card") == NULL).row(0, named=True)
    assert planted["change"] > 0 and planted["q_value"] < 0.05 and planted["games_needed"] < RUN_GAMES, planted
    assert null["q_value"] >= 0.05 and not null["games_needed"] < RUN_GAMES, null


@pytest.mark.timeout(900)
def test_the_forced_card_study_finds_the_planted_card_and_leaves_the_null_card(tmp_path: Path) -> None:
    design = checked_design(get_game("arknova"), "cards", [str(PLANTED), str(NULL), str(OTHER)], 0, 2)
    study = Study.of(played(tmp_path, "study", study=design.to_spec(), games=design.games(PAIRS)))
    effects = study_effects(study)
    assert effects["pairs"].to_list() == [PAIRS] * 3
    check_found(effects, "delta_win")
