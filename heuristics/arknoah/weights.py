"""The weights of Ark & Noah's heuristic family, as data: each archetype is a TOML file in
heuristics/arknoah/archetypes/ (`default.toml` holds every weight; another archetype changes some).
A weight is in VP per unit of what it counts (NoahWeights' fields list them; docs/bots.md says how to tune them).

The quick rules score differently (building brings no VP, nothing is lost for what is left, there is
no wall swap), so an archetype's `[quick]` table gives the weights that differ under them."""

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
BOT = "heuristic"  # the family's name: an archetype file names it as its bot


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
    build_cage: float  # per unit of the cage gains of the walls the player could place (as the build rule sees them)
    build_hull: float  # per hull wall the player could place
    load: float  # per VP its best loads would score now
    gather: float  # the gathering action as such
    gather_partner: float  # per own single whose partner is in a bag
    gather_pick: float  # per VP of promise of the best tile the planner can expect to pick
    gather_rival: float  # per VP of promise a tile drawn brings the best other player (it takes one too)
    gather_draw: float  # per VP of the expected net rise of tile promise from a two-player gathering's split
    gather_draw_rival: float  # in that split, the other player's rise of promise counted against the planner's
    swap: float  # the swap action as such (its 1 VP reward)
    swap_hull: float  # when a wall swap would raise the player's hull walls against the leader
    swap_animal: float  # per own single the swap could exchange
    swap_pick: float  # per VP of promise the best exchange of the drawn tiles can be expected to add
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
    # exchanging
    partner_given: float  # 1: a tile taken in exchange for its own partner counts as a single (0: as a pair)

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
def archetype_weights(name_or_path: str, quick: bool = False) -> NoahWeights:
    """A shipped archetype's weights (by name) or an archetype file's, on top of the default ones; with
    `quick`, those under the quick rules: its `[quick]` table on top of its weights, on top of the
    default's for the quick rules."""
    path = ARCHETYPES / f"{name_or_path}.toml" if name_or_path in archetype_names() else Path(name_or_path)
    if not path.is_file():
        raise ArchetypeError(f"unknown archetype {name_or_path!r}; shipped: {', '.join(archetype_names())}, "
                             "or a path to a .toml file")
    table = read_toml(path)
    own = {**table.get("weights", {}), **(table.get("quick", {}) if quick else {})}
    base = None if path == ARCHETYPES / "default.toml" else archetype_weights("default", quick)
    return NoahWeights.from_mapping(own, base, f"{path} [quick]" if quick else str(path))


def archetype_text(weights: NoahWeights, description: str) -> str:
    """An archetype file holding every weight."""
    lines = [f'bot = "{BOT}"', f"description = {json.dumps(description)}", "", "[weights]"]
    lines += [f"{name} = {value!r}" for name, value in asdict(weights).items()]
    return "\n".join(lines) + "\n"
