"""The Ark Nova game factory, registered with the core as ``arknova``."""

from __future__ import annotations

from typing import Any, Mapping

from sim.arknova.engine import ArkNovaGame
from sim.arknova.setup import DEFAULT_CONFIG, new_game, validate


class ArkNova:
    """Creates Ark Nova games for the core's play loop."""

    name = "arknova"

    def new_game(self, config: Mapping[str, Any], seed: int) -> ArkNovaGame:
        return new_game(config, seed)

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return validate(config)
