"""The Ark Nova game factory, registered with the core as ``arknova``: how the game describes
itself to the framework (options, default bot, turn log, card status, report sections)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sim.arknova import dataset, history, overrides, study
from sim.arknova.catalog import PACKAGE, Catalog, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.setup import DEFAULT_CONFIG, new_game, validate
from sim.core.cards import CardStatus
from sim.core.data_folder import DataFiles, data_files
from sim.core.protocols import (
    DimensionTable,
    GameInfo,
    GameOption,
    GameTables,
    Intervention,
    SeatFactor,
    SeatView,
    ShapeMeasure,
    TurnLog,
)

INFO = GameInfo(
    name="arknova",
    title="Ark Nova",
    min_players=1,
    max_players=4,
    options=(
        GameOption("maps", DEFAULT_CONFIG["maps"],
                   "A, 0, random (a different map 1-8 for each seat), draft (draw 2 of maps 1-8, keep 1), "
                   "one map id, or one map id per seat separated by commas"),
        GameOption("solo_appeal", DEFAULT_CONFIG["solo_appeal"], "starting appeal of a solo game: 20, 10 or 0"),
        GameOption("solo_challenge", DEFAULT_CONFIG["solo_challenge"],
                   "solo only: three games in a row on the cards left over"),
    ),
    default_bot="default",
    ladder=("random", "rotation_planner", "default", "default_search"),  # docs/bots.md: each rung's win rate
    study_options={"maps": "random"},
    shortcuts=("maps",),
    notebooks=("opening_hands", "zoo_maps", "card_strength", "bot_comparison"),
    seat_factors=(SeatFactor("map", plural="maps", override_prefix="maps", preposition="on"),),
    points_unit="VP",
    card_timing="break_number",
    game_length="turns",
    deck_draw=("drawn", "deck"),
    held_events=("kept", "drawn", "taken", "snapped", "pilfered"),
    shape_measures=(
        ShapeMeasure("turns", summary="spread", note="turns per player"),
        ShapeMeasure("end_trigger", table="games", summary="share", name="score_trigger", label="score end",
                     note="share ended by a score of 100"),
        ShapeMeasure("breaks", table="games"),
        ShapeMeasure("animals"),
        ShapeMeasure("sponsors"),
        ShapeMeasure("projects"),
        ShapeMeasure("score", summary="winner", name="winner_score", label="winner score"),
    ),
)


class ArkNova:
    """Creates Ark Nova games for the core's play loop, runner and dataset, all played with the
    factory's catalog (the shipped data files unless it is made with others, see `with_data` and
    `overridden`)."""

    info = INFO

    def __init__(self, catalog: Catalog | None = None, files: DataFiles | None = None) -> None:
        self.catalog = catalog or load_catalog()
        self.files = files or data_files(PACKAGE)  # the data files the catalog was parsed from, before overrides

    def new_game(self, config: Mapping[str, Any], seed: int) -> ArkNovaGame:
        return new_game(config, seed, self.catalog)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config, self.catalog)

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts, self.files)

    def overridden(self, changes: Mapping[str, str]) -> "ArkNova":
        """A factory whose games use the data files with these overrides; this one is unchanged."""
        return ArkNova(overrides.catalog_with(changes, self.files), self.files)

    def with_data(self, folder: str) -> "ArkNova":
        """A factory whose games use the files of `folder` in place of the shipped ones (sim.core.data_folder)."""
        files = data_files(PACKAGE, folder)
        return ArkNova(overrides.catalog_with({}, files), files)

    def data_version(self) -> str:
        return self.files.digest

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        return dataset.SCHEMA

    def dimension_tables(self) -> dict[str, DimensionTable]:
        return dataset.dimension_tables(self.catalog)

    def keep_history(self, state: ArkNovaGame) -> None:
        history.keep_history(state)

    def dataset_tables(self, state: ArkNovaGame) -> GameTables:
        return dataset.game_tables(state)

    def turn_log(self, state: ArkNovaGame, write: Callable[[str], None]) -> TurnLog:
        from sim.arknova.log import TurnLog

        return TurnLog(state, write)

    def seat_view(self, observation: ArkNovaObservation) -> SeatView:
        """A seat's panel on the replay page: tracks, cards, hand and its zoo map drawn."""
        from sim.arknova.replay_view import seat_view

        return seat_view(observation)

    study_component = "card"
    study_kinds = study.STUDY_KINDS

    def study_components(self) -> dict[int, str]:
        return study.study_components(self.catalog)

    def intervene(self, state: ArkNovaGame, intervention: Intervention, rng: random.Random) -> None:
        study.intervene(state, intervention, rng)

    def card_statuses(self) -> list[CardStatus]:
        from sim.arknova import card_status

        return card_status.statuses(self.catalog)

    def report_sections(self, run: Any) -> list[Any]:
        from sim.arknova.analysis.report import report_sections

        return report_sections(run)

    def shape_sections(self, run: Any) -> list[Any]:
        from sim.arknova.analysis.report import shape_section

        return [shape_section]

    def comparison_sections(self, base: Any, variant: Any) -> list[Any]:
        from sim.arknova.analysis.comparison import comparison_sections

        return comparison_sections(base, variant)

    def report_methods(self) -> list[str]:
        from sim.arknova.analysis.report import METHODS

        return METHODS
