"""The heuristic family as `arkmc tune` sees it (`heuristics.tuning.Tunable`): an archetype's
start weights, a bot playing given weights, and the archetype file that holds them."""

from __future__ import annotations

from typing import Any

from heuristics.arknova.parts.evaluation import ArchetypeError, Weights


class HeuristicTuning:
    """Tuning of the heuristic family's weights (heuristics/arknova/archetypes/*.toml)."""

    def start(self, archetype: str) -> Weights:
        from heuristics.arknova.bots.heuristic import resolve_weights

        try:
            return resolve_weights(archetype, None)
        except ArchetypeError as error:
            raise ValueError(str(error)) from None

    def bot(self, weights: Weights) -> Any:
        from heuristics.arknova.bots.heuristic import HeuristicBot

        return HeuristicBot(weights=weights)

    def archetype_text(self, weights: Weights, description: str) -> str:
        return archetype_toml(weights, description)


def archetype_toml(weights: Weights, description: str) -> str:
    """An archetype file holding every weight (the format of heuristics/arknova/archetypes/*.toml)."""
    lines = ['bot = "heuristic"', f"description = {_toml_value(description)}", "", "[weights]"]
    lines += [f"{name} = {_toml_value(value)}" for name, value in weights.as_table().items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, float):
        return f"{value:.4g}" if "e" not in f"{value:.4g}" else repr(value)
    return str(value)

