"""The weights of the heuristic family, as data: `[weights]` and `[abilities]` of an archetype TOML file
(heuristics/inhabit/archetypes/). An archetype names only what it changes; the rest comes from default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from heuristics.archetypes import ArchetypeError, read_toml
from heuristics.archetypes import archetype_names as shipped_archetypes

ARCHETYPE_DIR = Path(__file__).parent / "archetypes"


@dataclass(frozen=True)
class Weights:
    points: float
    progress: float
    creature: float
    card_in_menagerie: float
    klass: float
    hand: float
    white: float
    leader: float
    introduce: float
    multiply: float
    evolve: float
    adapt: float
    home_symbol: float
    other_continent: float
    terrain_ahead: float
    ability: float
    scoring: float
    card_cost: float
    trigger_step: float
    token_taken: float
    deck_1: float
    deck_2: float
    deck_3: float
    abilities: Mapping[str, float]

    @classmethod
    def from_tables(cls, weights: Mapping[str, Any], abilities: Mapping[str, Any], base: "Weights | None",
                    source: str) -> "Weights":
        names = {field.name for field in fields(cls)} - {"abilities"}
        given = {("klass" if name == "class" else name): value for name, value in weights.items()}
        unknown = sorted(set(given) - names)
        if unknown:
            raise ArchetypeError(f"{source}: unknown weight(s) {', '.join(unknown)}")
        merged = {name: getattr(base, name) for name in names} if base else {}
        merged.update({name: float(value) for name, value in given.items()})
        missing = sorted(names - set(merged))
        if missing:
            raise ArchetypeError(f"{source}: missing weight(s) {', '.join(missing)}")
        ability_values = dict(base.abilities) if base else {}
        ability_values.update({name: float(value) for name, value in abilities.items()})
        return cls(**merged, abilities=MappingProxyType(ability_values))


def archetype_names() -> list[str]:
    return shipped_archetypes(ARCHETYPE_DIR)


@lru_cache(maxsize=32)
def load_weights(archetype: str) -> Weights:
    """A shipped archetype by name, or an archetype TOML file by path, on top of the default."""
    path = ARCHETYPE_DIR / f"{archetype}.toml" if archetype in archetype_names() else Path(archetype)
    if not path.is_file():
        raise ArchetypeError(f"unknown archetype {archetype!r}; shipped: {', '.join(archetype_names())}, "
                             "or a path to a .toml file")
    table = read_toml(path)
    base = None if archetype == "default" else load_weights("default")
    return Weights.from_tables(table.get("weights", {}), table.get("abilities", {}), base, str(path))
