"""Flock animal N: instead of an empty enclosure, the animal may join an occupied standard
enclosure of size N or more in a zoo that keeps herbivores in standard enclosures (the
engine does not track which animal lives in which enclosure). One flock animal per
enclosure; its rock/water needs still apply. It is housed as ``flock-<building index>``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import zoo
from sim.arknova.catalog import Animal, Catalog, Effect
from sim.arknova.effects import effect, rule

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

SHARED = "flock-"
rule("flock_animal")


def flock_animals(catalog: Catalog) -> frozenset[int]:
    """The catalog's flock animals (kept with the catalog: `catalog.derived[flock_animals]`)."""
    return frozenset(number for number, animal in catalog.animals.items()
                     if any(ability.keyword == "flock_animal" for ability in animal.abilities))


def flock_size(animal: Animal) -> int:
    """The least enclosure size a flock animal may share, 0 when it is no flock animal."""
    return next((ability.amount for ability in animal.abilities if ability.keyword == "flock_animal"), 0)


def shared_enclosures(player: "PlayerState", animal: Animal) -> list[int]:
    """Occupied standard enclosures the flock animal may join now."""
    least = flock_size(animal)
    animals = player.catalog.animals
    if not least or not any(housing == "standard" and "herbivore" in animals[number].categories
                            for number, housing in player.housing.items()):
        return []
    taken = {int(housing[len(SHARED):]) for housing in player.housing.values() if housing.startswith(SHARED)}
    return [index for index, (kind, placement, used) in enumerate(player.buildings)
            if used and zoo.is_standard(kind) and zoo.enclosure_size(kind) >= least
            and index not in taken and zoo.fits(animal, placement)]


@effect("flock_animal")
def flock_animal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Nothing happens once the animal is in the zoo: the rule acts when its enclosure is chosen."""
