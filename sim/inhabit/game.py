"""The Inhabit the Earth game factory, registered with the core as ``inhabit``: how the game describes
itself to the framework (options, default bot, turn log, card status, report sections, replay panels)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sim.core import cards as card_status
from sim.core.data_folder import DataFiles, data_files
from sim.core.protocols import (
    DimensionTable,
    GameInfo,
    GameOption,
    GameTables,
    Intervention,
    SeatView,
    ShapeMeasure,
    TurnLog,
)
from sim.inhabit import dataset, history, overrides, study
from sim.inhabit.catalog import PACKAGE
from sim.inhabit.names import english_name
from sim.inhabit.observation import InhabitObservation
from sim.inhabit.registry import EFFECTS
from sim.inhabit.setup import DEFAULT_CONFIG, MAX_PLAYERS, MIN_PLAYERS, new_game, validate
from sim.inhabit.state import InhabitState

DATA_NOTE = ("the figures describe the data pack reconstructed from the rulebook (docs/inhabit/data.md), not the "
             "printed cards and boards: the rulebook lists neither the 162 cards nor the trails. Owners of the game can "
             "replace its files with --data FOLDER.")
CARD_TESTS = "inhabit/test_cards*.py"  # the files whose card(N) marks prove the cards

INFO = GameInfo(
    name="inhabit",
    title="Inhabit the Earth",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        GameOption("intro", DEFAULT_CONFIG["intro"],
                   "the introductory game: four boards' egg side, egg cards, starting sets, hand limit 4 (2-3 players)"),
        GameOption("end_continents", DEFAULT_CONFIG["end_continents"],
                   "the game ends once the final spaces of this many continents are occupied (rulebook: 2)"),
        GameOption("open_decks", DEFAULT_CONFIG["open_decks"],
                   "the decks a Rearing draws from: regions = those of the regions holding a marker (the rule), "
                   "up_to_highest = every deck up to the highest such region (the worked example)"),
        GameOption("max_turns", DEFAULT_CONFIG["max_turns"],
                   "safety net: the game is scored after this many turns (every seat's together) if still running"),
    ),
    default_bot="default",
    ladder=("random", "novice", "default", "default_search"),  # docs/bots.md: each rung's win rate
    data_note=DATA_NOTE,
    notebooks=("inhabit",),
    card_timing="turn",
    game_length="rounds",
    deck_draw=("drawn", ""),
    held_events=("drawn",),
    turn_numbering="game",  # the log counts turns across the seats: "Turn 29 - P2"
    shape_measures=(
        ShapeMeasure("turns", summary="spread", note="turns per player"),
        ShapeMeasure("rounds", table="games"),
        ShapeMeasure("finals", table="games"),
        ShapeMeasure("creatures"),
        ShapeMeasure("menagerie_cards", label="menagerie cards"),
        ShapeMeasure("points", summary="winner", name="winner_points", label="winner points"),
    ),
)


class Inhabit:
    """Creates Inhabit the Earth games; a factory made by `with_data` or `overridden` plays on changed data."""

    info = INFO

    def __init__(self, changes: Mapping[str, str] | None = None, files: DataFiles | None = None) -> None:
        self.changes = dict(changes or {})
        self.files = files or data_files(PACKAGE)  # the data files the catalog is read from, before overrides
        self.catalog = overrides.catalog_with(self.changes, self.files)

    def new_game(self, config: Mapping[str, Any], seed: int) -> InhabitState:
        return new_game(self.catalog, self.validate(config), seed)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config)

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts, self.files)

    def overridden(self, changes: Mapping[str, str]) -> "Inhabit":
        return Inhabit({**self.changes, **changes}, self.files)

    def with_data(self, folder: str) -> "Inhabit":
        """A factory whose games use the files of `folder` in place of the shipped ones (sim.core.data_folder)."""
        return Inhabit(files=data_files(PACKAGE, folder))

    def data_version(self) -> str:
        return self.files.digest

    study_component = "card"
    study_kinds = study.STUDY_KINDS

    def study_components(self) -> dict[int, str]:
        return study.study_components(self.catalog)

    def intervene(self, state: InhabitState, intervention: Intervention, rng: random.Random) -> None:
        study.intervene(state, intervention, rng)

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        return dataset.SCHEMA

    def keep_history(self, state: InhabitState) -> None:
        history.keep_history(state)

    def dataset_tables(self, state: InhabitState) -> GameTables:
        return dataset.game_tables(state)

    def turn_log(self, state: InhabitState, write: Callable[[str], None]) -> TurnLog:
        from sim.inhabit.log import InhabitTurnLog

        return InhabitTurnLog(state, write)

    def dimension_tables(self) -> dict[str, DimensionTable]:
        return dataset.dimension_tables(self.catalog)

    def card_statuses(self) -> list[card_status.CardStatus]:
        entries = [card_status.CardEntry(card.number, english_name(card),
                                         "scoring" if card.scoring else "ability", (card.effect.keyword,))
                   for card in sorted(self.catalog.cards.values(), key=lambda card: card.number)]
        return card_status.card_statuses(entries, EFFECTS.is_known, card_status.card_tests(CARD_TESTS))

    def seat_view(self, observation: InhabitObservation) -> SeatView:
        """The seat's panel on the replay page (`sim.inhabit.replay_view`)."""
        from sim.inhabit.replay_view import seat_view

        return seat_view(observation)

    def report_sections(self, run: Any) -> list[Any]:
        from sim.inhabit.report import report_sections

        return report_sections(run)

    def comparison_sections(self, base: Any, variant: Any) -> list[Any]:
        return []

    def report_methods(self) -> list[str]:
        return []
