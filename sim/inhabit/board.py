"""The continent trails as the rules walk them: where a marker enters, where its next step lands
(skipping occupied spaces and token spaces), where a migration lands, and markers placed and moved
with the counters that follow them (occupants, markers per region and continent, region points).

"Die Bewegung geschieht auf freie (unbesetzte) Felder. Felder, auf denen ein Kreaturenmarker liegt,
werden ignoriert und übersprungen." "Ein Kreaturenmarker beendet seine Bewegung nie auf einem solchen
[Plättchen-]Feld." Spaces before `start` carry sun markers in a 2- or 3-player game and are never used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit.catalog import Trail
from sim.inhabit.state import EMPTY

if TYPE_CHECKING:
    from sim.inhabit.state import Creature, InhabitState


def next_landing(trail: Trail, row: list[int], space: int) -> int:
    """The first free terrain space after `space`, or -1 when there is none."""
    tokens = trail.tokens
    for index in range(space + 1, len(row)):
        if not tokens[index] and row[index] == EMPTY:
            return index
    return -1


def entry_space(trail: Trail, row: list[int], start: int) -> int:
    """Where an introduced marker goes: "auf das erste verfügbare Feld des Pfadanfangs ... Falls dieses
    Feld bereits besetzt ist, wird der Marker auf das erste freie Feld dieses Pfades gesetzt"."""
    return next_landing(trail, row, start - 1)


def migration_space(trail: Trail, row: list[int], start: int, region: int) -> int:
    """"das erste freie Feld der Region des neuen Kontinents ..., welche die gleiche Nummer hat";
    none free there: the first free one of the next higher region. Never the final space, which is
    reached only along the path over the red token (docs/inhabit/rules-decisions.md). -1: none."""
    regions, tokens = trail.regions, trail.tokens
    final = trail.final
    for index in range(start, final):
        if regions[index] >= region and not tokens[index] and row[index] == EMPTY:
            return index
    return -1


def place(game: "InhabitState", seat: int, creature: "Creature", continent: int, space: int) -> None:
    """Put a creature's marker on a space (a new marker, or one migrating in)."""
    trail = game.trail(continent)
    creature.continent, creature.space = continent, space
    game.occupant[continent][space] = seat * 8 + creature.cls
    region = trail.regions[space]
    game.region_markers[region] += 1
    player = game.seats[seat]
    player.region_points += region
    player.on_continent[continent] += 1
    if space == trail.final:
        game.finals += 1


def lift(game: "InhabitState", seat: int, creature: "Creature") -> None:
    """Take a creature's marker off its space (before it is placed again)."""
    trail = game.trail(creature.continent)
    game.occupant[creature.continent][creature.space] = EMPTY
    region = trail.regions[creature.space]
    game.region_markers[region] -= 1
    player = game.seats[seat]
    player.region_points -= region
    player.on_continent[creature.continent] -= 1
    if creature.space == trail.final:
        game.finals -= 1
