"""The Ark & Noah game factory, registered with the core as ``arknoah`` (also reachable as
``sim.arknoah.game:ArkNoah``): how the game describes itself to the framework."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sim.arknoah import dataset, overrides, study
from sim.arknoah.catalog import PACKAGE, Catalog, load_catalog
from sim.arknoah.log import NoahTurnLog
from sim.arknoah.setup import DEFAULT_CONFIG, new_game, validate
from sim.arknoah.state import NoahState
from sim.arknoah.steps import PLAN, TURN
from sim.core.cards import CardStatus
from sim.core.data_folder import DataFiles, data_files
from sim.core.protocols import GameInfo, GameOption, GameTables, Intervention, SeatView, ShapeMeasure

DATA_NOTE = ("the species, their sizes and VP, the ark's squares and pitch spaces are a data pack reconstructed "
             "from the rulebook (docs/arknoah/data.md), not the printed tiles; every figure describes that pack. "
             "Owners of the game can replace its files with --data FOLDER.")

INFO = GameInfo(
    name="arknoah",
    title="Ark & Noah",
    min_players=2,
    max_players=4,
    options=(
        GameOption("quick", DEFAULT_CONFIG["quick"],
                   "the quick rules (Schnellregel: first game, with children): 5 actions, no food, pitch or small animals"),
        GameOption("max_rounds", DEFAULT_CONFIG["max_rounds"],
                   "a game still open after this round ends then (the rules set no limit; docs/arknoah/rules-decisions.md R15)"),
    ),
    default_bot="default",
    ladder=("random", "search:simulations=2", "default", "default_search"),  # docs/arknoah/bot.md: each rung's win rate
    data_note=DATA_NOTE,
    notebooks=("arknoah", "bot_comparison"),
    turn_decision=(PLAN, TURN),  # a worker planned (normal rules), a player's turn (quick rules)
    points_unit="VP",
    game_length="rounds",
    shape_measures=(
        ShapeMeasure("rounds", table="games"),
        ShapeMeasure("cages", table="games"),
        ShapeMeasure("pairs_loaded", label="pairs loaded"),
        ShapeMeasure("hull_walls", label="hull walls"),
        ShapeMeasure("points", summary="winner", name="winner_points", label="winner VP"),
    ),
)


class ArkNoah:
    """Creates Ark & Noah games, all played with the factory's catalog (the shipped data pack
    unless it was made with other files, see `with_data` and `overridden`)."""

    info = INFO

    def __init__(self, catalog: Catalog | None = None, files: DataFiles | None = None) -> None:
        self.catalog = catalog or load_catalog()
        self.files = files or data_files(PACKAGE)  # the data files the catalog was read from, before overrides

    def new_game(self, config: Mapping[str, Any], seed: int) -> NoahState:
        return new_game(config, seed, self.catalog)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config, self.catalog)

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts, self.files)

    def overridden(self, changes: Mapping[str, str]) -> "ArkNoah":
        """A factory whose games use the data with these overrides; this one is unchanged."""
        return ArkNoah(overrides.catalog_with(changes, self.files), self.files)

    def with_data(self, folder: str) -> "ArkNoah":
        """A factory whose games use the files of `folder` in place of the shipped ones (sim.core.data_folder)."""
        files = data_files(PACKAGE, folder)
        return ArkNoah(overrides.catalog_with({}, files), files)

    def data_version(self) -> str:
        return self.files.digest

    study_component = "species"
    study_kinds = study.STUDY_KINDS

    def study_components(self) -> dict[int, str]:
        return study.study_components(self.catalog)

    def intervene(self, state: NoahState, intervention: Intervention, rng: random.Random) -> None:
        study.intervene(state, intervention, rng)

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        return dataset.SCHEMA

    def keep_history(self, state: NoahState) -> None:
        dataset.keep_history(state)

    def dataset_tables(self, state: NoahState) -> GameTables:
        return dataset.game_tables(state)

    def turn_log(self, state: NoahState, write: Callable[[str], None]) -> NoahTurnLog:
        return NoahTurnLog(state, write)

    def card_statuses(self) -> list[CardStatus]:
        return []

    def seat_view(self, observation: Any) -> SeatView:
        """The seat's panel on the replay page: its pieces and animals, the ark drawn (sim/arknoah/replay_view.py)."""
        from sim.arknoah.replay_view import seat_view

        return seat_view(observation)

    def report_sections(self, run: Any) -> list[Any]:
        from sim.arknoah.report import report_sections

        return report_sections(run)

    def comparison_sections(self, base: Any, variant: Any) -> list[Any]:
        return []

    def report_methods(self) -> list[str]:
        return []
