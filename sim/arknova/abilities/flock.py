"""Flock animal N: the animal may be played without an enclosure when N is at most the size printed on
the largest herbivore card of the player's zoo. It then takes no enclosure, any number of flock animals
may join so, and their rock and water needs do not apply (the licensed digital edition, decision A23).
Such an animal is housed as ``FLOCK``; its play names ``NO_ENCLOSURE`` as its enclosure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import zoo
from sim.arknova.catalog import Animal, Catalog, Effect
from sim.arknova.effects import effect, rule

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

FLOCK = "flock"  # the housing of a flock animal that joined the herd: no enclosure of its own
NO_ENCLOSURE = -1  # the enclosure index of such a play
rule("flock_animal")


def flock_animals(catalog: Catalog) -> frozenset[int]:
    """The catalog's flock animals (kept with the catalog: `catalog.derived[flock_animals]`)."""
    return frozenset(number for number, animal in catalog.animals.items()
                     if any(ability.keyword == "flock_animal" for ability in animal.abilities))


def flock_size(animal: Animal) -> int:
    """The number N of the animal's Flock animal ability, 0 when it is no flock animal."""
    return next((ability.amount for ability in animal.abilities if ability.keyword == "flock_animal"), 0)


def largest_herbivore(player: "PlayerState") -> int:
    """The size printed on the largest herbivore card in the zoo, 0 without one (wherever it lives)."""
    animals = player.catalog.animals
    return max((animals[number].size for number in player.animals if "herbivore" in animals[number].categories),
               default=0)


def joins_flock(player: "PlayerState", animal: Animal) -> bool:
    """Whether the animal may be played now without an enclosure."""
    least = flock_size(animal)
    return 0 < least <= largest_herbivore(player)


def has_home(player: "PlayerState", animal: Animal) -> bool:
    """Whether the animal can go into the zoo now: an open enclosure takes it, or it is a flock animal that may
    join the herd."""
    return bool(zoo.open_homes(player).fitting(animal)) or joins_flock(player, animal)


@effect("flock_animal")
def flock_animal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Nothing happens once the animal is in the zoo: the rule acts when its place is chosen."""
