"""The Ark Nova game factory, registered with the core as ``arknova``."""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager
from importlib import resources
from typing import Any, Mapping, Sequence

from sim.arknova import dataset, history, overrides
from sim.arknova.engine import ArkNovaGame
from sim.arknova.setup import DEFAULT_CONFIG, new_game, validate
from sim.core.protocols import GameTables


class ArkNova:
    """Creates Ark Nova games for the core's play loop, runner and dataset."""

    name = "arknova"

    def new_game(self, config: Mapping[str, Any], seed: int) -> ArkNovaGame:
        return new_game(config, seed)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config)

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        return overrides.parse_overrides(texts)

    def overridden(self, changes: Mapping[str, str]) -> AbstractContextManager[None]:
        return overrides.overridden(changes)

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

    def keep_history(self, state: ArkNovaGame) -> None:
        history.keep_history(state)

    def dataset_tables(self, state: ArkNovaGame) -> GameTables:
        return dataset.game_tables(state)
