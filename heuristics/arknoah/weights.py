"""The weights of Ark & Noah's heuristic family, as data: each archetype is a TOML file in
heuristics/arknoah/archetypes/ (`default.toml` holds every weight; another archetype changes some).
A weight is in VP per unit of what it counts (docs/bots.md lists them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from heuristics.archetypes import ArchetypeError, read_toml
from heuristics.archetypes import archetype_names as shipped_archetypes

ARCHETYPES = Path(__file__).parent / "archetypes"
BOT = "noah"


@dataclass(frozen=True)
class NoahWeights:
    # what things in front of a player are worth (position value)
    wall: float  # a wall in hand
    pitch: float  # a pitch in hand
    food: float  # a food in hand
    own_pair: float  # share of a tile's VP while its partner is the player's own
    shared_pair: float  # ... while its partner lies in front of another player
    single: float  # ... while its partner is still in a bag
    size_risk: float  # per square of size of an animal held, times the game's progress (it costs its size at the end)
    hull_lead: float  # per hull wall ahead of (or behind) the best other player, at most 3
    cage_wall: float  # per own wall in a finished cage still without a large pair (it scores at each boarding)
    # planning: VP of what the planner part of each action brings
    bonus: float  # per VP on the bonus tile
    take_pitch: float
    take_food: float
    take_wall: float
    build: float  # per piece the player could place
    load: float  # per VP its best loads would score now
    gather: float  # the gathering action as such
    gather_partner: float  # per own single whose partner is in a bag
    swap: float  # the swap action as such (its 1 VP reward)
    swap_hull: float  # when a wall swap would raise the player's hull walls against the leader
    swap_animal: float  # per own single the swap could exchange
    want_food: float  # food the player aims to hold; more is worth less
    want_walls: float  # walls the player aims to hold
    # building
    hull_edge: float  # a wall on the hull
    cage_close: float  # per unit of desire, a wall that closes a cage
    cage_near: float  # ... that leaves a cage one wall short
    cage_far: float  # ... two walls short
    desire_pair: float  # desire for a cage size per pair the player can load into it
    desire_single: float  # ... per single of that size it holds
    desire_any: float  # ... for any size (others' loads pay the player's walls too)
    pitch_needed: float  # a pitch on a space that a finished cage still needs
    # loading
    opponent_gain: float  # share of the best other player's VP from a load counted against it
    enable: float  # food that brings a cage closer to boarding a pair the player holds

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], base: "NoahWeights | None" = None,
                     source: str = "weights") -> "NoahWeights":
        """Weights from a TOML table; the missing ones from `base`; unknown names are an error."""
        names = [field.name for field in fields(cls)]
        unknown = sorted(set(values) - set(names))
        if unknown:
            raise ArchetypeError(f"{source}: unknown weight(s) {', '.join(unknown)}; known: {', '.join(names)}")
        merged = {**(asdict(base) if base else {}), **values}
        missing = [name for name in names if name not in merged]
        if missing:
            raise ArchetypeError(f"{source}: missing weight(s) {', '.join(missing)}")
        try:
            return cls(**{name: float(merged[name]) for name in names})
        except (TypeError, ValueError):
            raise ArchetypeError(f"{source}: every weight must be a number") from None


def archetype_names() -> list[str]:
    return shipped_archetypes(ARCHETYPES)


@cache
def archetype_weights(name_or_path: str) -> NoahWeights:
    """A shipped archetype's weights (by name) or an archetype file's, on top of the default ones."""
    path = ARCHETYPES / f"{name_or_path}.toml" if name_or_path in archetype_names() else Path(name_or_path)
    if not path.is_file():
        raise ArchetypeError(f"unknown archetype {name_or_path!r}; shipped: {', '.join(archetype_names())}, "
                             "or a path to a .toml file")
    base = None if path == ARCHETYPES / "default.toml" else archetype_weights("default")
    return NoahWeights.from_mapping(read_toml(path).get("weights", {}), base, str(path))


def archetype_text(weights: NoahWeights, description: str) -> str:
    """An archetype file holding every weight."""
    lines = [f'bot = "{BOT}"', f"description = {json.dumps(description)}", "", "[weights]"]
    lines += [f"{name} = {value!r}" for name, value in asdict(weights).items()]
    return "\n".join(lines) + "\n"
