"""The Ark Nova game factory, registered with the core as ``arknova``: how the game describes
itself to the framework (options, default bot, turn log, card status, report sections)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from sim.arknova import dataset, history, overrides
from sim.arknova.catalog import Catalog, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.setup import DEFAULT_CONFIG, new_game, validate
from sim.core.cards import CardStatus
from sim.core.protocols import DimensionTable, GameInfo, GameOption, GameTables, SeatView, TurnLog

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
    study_options={"maps": "random"},
    notebooks=("opening_hands", "zoo_maps", "card_strength", "bot_comparison"),
)


class ArkNova:
    """Creates Ark Nova games for the core's play loop, runner and dataset, all played with the
    factory's catalog (the base data files unless it is made with another, see `overridden`)."""

    info = INFO

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def new_game(self, config: Mapping[str, Any], seed: int) -> ArkNovaGame:
        return new_game(config, seed, self.catalog)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config, self.catalog)

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts)

    def overridden(self, changes: Mapping[str, str]) -> "ArkNova":
        """A factory whose games use the data files with these overrides; this one is unchanged."""
        return ArkNova(overrides.catalog_with(changes))

    def data_version(self) -> str:
        digest = hashlib.sha256()
        folder = resources.files("sim.arknova").joinpath("data")
        for item in sorted(folder.iterdir(), key=lambda entry: entry.name):
            if item.name.endswith((".csv", ".json")):
                digest.update(item.name.encode())
                digest.update(item.read_bytes())
        return digest.hexdigest()[:16]

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

    def card_statuses(self) -> list[CardStatus]:
        from sim.arknova import card_status

        return card_status.statuses(self.catalog)

    def report_sections(self, run: Any) -> list[Any]:
        from sim.arknova.report import report_sections

        return report_sections(run)
