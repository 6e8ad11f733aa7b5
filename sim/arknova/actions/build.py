"""Build: side I one building of size <= X; side II several different buildings of
total size <= X, reptile house and aviary, upgrade-only cells. 2 money per cell,
placement bonuses on the spot, moving animals into a new reptile house or aviary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sim.arknova import passives, sponsor_effects, zoo
from sim.arknova.actions.turn import action
from sim.arknova.board import BUILD_SHAPES, building_size
from sim.arknova.catalog import Catalog
from sim.arknova.effects import grant_all
from sim.arknova.state import SKIP, SPECIAL_ENCLOSURES, Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState


@dataclass(frozen=True, slots=True)
class BuildKinds:
    """The Build action's building kinds under one catalog's tiles."""

    sizes: Mapping[str, int]  # kind -> spaces it covers
    side_two_only: frozenset[str]  # kinds only the upgraded Build card builds


def build_kinds(catalog: Catalog) -> BuildKinds:
    """The catalog's building kinds (kept with the catalog: `catalog.derived[build_kinds]`)."""
    sizes = {kind: building_size(catalog, kind) for kind in BUILD_SHAPES}
    side_two_only = frozenset(kind for kind, special in catalog.tiles.special_enclosures.items()
                              if special.side_two_only)
    return BuildKinds(sizes, side_two_only)


def buildable_kinds(player: "PlayerState", limit: int, built: tuple[str, ...], side_two: bool,
                    free: bool = False) -> list[str]:
    """Kinds the player may build now, smallest first: size within the limit, affordable, allowed by
    the card side, at most one of each special enclosure, and with a legal placement."""
    return _buildable(player, limit, built, side_two, free)


def _buildable(player: "PlayerState", limit: int, built: tuple[str, ...], side_two: bool,
               free: bool, first: bool = False) -> list[str]:
    """The kinds of `buildable_kinds`; with `first`, only the first of them (smallest), for a caller that needs
    no more. (A list, not a generator: every turn asks for the first kind, and a generator costs more to start.)"""
    rules = player.catalog.derived[build_kinds]
    sizes, money = rules.sizes, player.money
    cost_per_space = player.catalog.tracks.build_cost_per_space
    found = []
    for kind in zoo.placeable_kinds(player, side_two):  # smallest first
        size = sizes[kind]
        if size > limit or (kind in built and not passives.may_copy(player, kind, built)):
            continue
        if kind in rules.side_two_only and not side_two:
            continue
        if not free and size * cost_per_space > money:
            continue
        if kind in SPECIAL_ENCLOSURES and zoo.has_building(player, kind):
            continue
        found.append(kind)
        if first:
            break
    return found


def _start(seat: int, strength: int, side_two: bool) -> Step:
    return ("build", seat, strength, (), side_two)


@action("build", _start)
def build_min_strength(game: "ArkNovaGame", seat: int, side_two: bool) -> int | None:
    """The size of the smallest building the player can afford and place."""
    smallest = _buildable(game.players[seat], 99, (), side_two, False, first=True)
    return game.catalog.derived[build_kinds].sizes[smallest[0]] if smallest else None


@options("build")
def build_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """The kind of the next building; ("done",) once something was built on side II."""
    seat, remaining, built, side_two = step[1], step[2], step[3], step[4]
    player = game.players[seat]
    if built and not side_two and not passives.has(player, "build_extra_copy"):
        return ()
    kinds: list[Any] = buildable_kinds(player, remaining, built, side_two)
    if built and not side_two:
        kinds = [kind for kind in kinds if kind in built]  # Engineer: only the extra copy
    if built and kinds:
        kinds.append("done")
    return tuple(kinds)


@resolver("build")
def choose_kind(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice != "done":
        game.push(("build_place", *step[1:], choice))


@options("build_place")
def placement_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    seat, side_two, kind = step[1], step[4], step[5]
    return zoo.legal_placements(game.players[seat], kind, side_two)


@resolver("build_place")
def place(game: "ArkNovaGame", step: Step, placement: Any) -> None:
    seat, remaining, built, side_two, kind = step[1:6]
    size = game.catalog.derived[build_kinds].sizes[kind]
    game.players[seat].money -= size * game.catalog.tracks.build_cost_per_space
    game.push(("build", seat, remaining - size, built + (kind,), side_two))
    erect(game, seat, kind, placement)


def erect(game: "ArkNovaGame", seat: int, kind: str, placement: Any) -> None:
    """Put the building down, offer animal moves into a new reptile house or aviary,
    and grant the placement bonuses (they resolve first, before anything else)."""
    if game.log is not None:  # the placement's cells are written out only for a log
        game.say(seat, f"builds {kind} on {placement}")
    bonuses = zoo.place_building(game, seat, kind, placement)
    sponsor_effects.building_erected(game, seat, placement)
    if kind in ("reptile_house", "large_bird_aviary"):
        game.push(("relocate", seat, kind))
    grant_all(game, seat, tuple(bonuses))


@options("free_build")
def free_build_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """A free building from a bonus: every legal (kind, placement) among the offered kinds."""
    seat, kinds = step[1], step[2]
    player = game.players[seat]
    upgraded = player.is_upgraded("build")
    result = []
    for kind in buildable_kinds(player, 99, (), True, free=True):
        if kind in kinds:
            result.extend((kind, placement) for placement in zoo.legal_placements(player, kind, upgraded))
    return tuple(result)


@resolver("free_build")
def free_build(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    erect(game, step[1], choice[0], choice[1])


@options("may_build")
def may_build_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """A free building a card offers with "may" or "up to": the same choices as a free building, or none."""
    choices = free_build_options(game, step)
    return (*choices, SKIP) if choices else ()


@resolver("may_build")
def may_build(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice != SKIP:
        erect(game, step[1], choice[0], choice[1])


@options("relocate")
def relocate_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Animals in standard enclosures that may move into the new special enclosure, or stop."""
    seat, kind = step[1], step[2]
    player = game.players[seat]
    index = next(i for i, building in enumerate(player.buildings) if building[0] == kind)
    animals = game.catalog.animals
    movable = [
        number for number in player.animals
        if player.housing.get(number) == "standard" and animals[number].special == kind
        and zoo.can_house(player, animals[number], index)
    ]
    return tuple(movable) + ("stay",) if movable else ()


@resolver("relocate")
def relocate(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice == "stay":
        return
    seat, kind = step[1], step[2]
    player = game.players[seat]
    animal = game.catalog.animals[choice]
    zoo.free_standard_enclosure(player, animal)
    index = next(i for i, building in enumerate(player.buildings) if building[0] == kind)
    zoo.house_animal(player, animal, index)
    game.say(seat, f"moves {animal.name} into the {kind}")
    game.push(("relocate", seat, kind))
