"""Ark & Noah's interventions for `arkmc study` (`sim.core.protocols.Interventions`): an animal species forced
into a seat's start animals, or taken out of the game (decision R20 in docs/arknoah/rules-decisions.md).

The game has no cards; what a seat is dealt is its start animals, one random male and one random female tile
(*"zieht je 1 zufälliges Tiermännchen und Tierweibchen aus den Beuteln"*). A species is numbered by its row of
species.csv.

- "deal": a tile of the species replaces one of the seat's start tiles, chosen at random, the tile of the same
  sex; the replaced tile takes the forced tile's place, in its bag (at the same place in the bag's list, so the
  bag's later draws are the same but for the tiles swapped) or in front of another seat. Should that seat now
  hold a pair, R3 applies to it: its female goes back for a bag female of a species it does not hold.
- "ban": the species' tiles are out of the game, in the box, as the species the player count puts away; a tile
  in front of a seat is replaced by a tile of the same sex from its bag, of a species the seat does not hold.

The game has no opening keep, so there is no keep or let-go study. Every random choice comes from the study's
`rng`, never from the game's own stream.
"""

from __future__ import annotations

import random

from sim.arknoah.catalog import Catalog
from sim.arknoah.state import BAG, BOX, NoahState
from sim.core.interventions import make_intervention
from sim.core.protocols import Intervention

STUDY_KINDS = ("deal", "ban")  # the makers of `intervene`, in this order


def study_components(catalog: Catalog) -> dict[int, str]:
    """Every species, number (its row of species.csv, from 0) -> name."""
    return {species.index: species.name for species in catalog.species}


def intervene(game: NoahState, intervention: Intervention, rng: random.Random) -> None:
    """Make `intervention` on a game fresh from `sim.arknoah.setup.new_game`; `rng` makes its random choices."""
    species = intervention.component
    catalog = game.catalog
    if not 0 <= species < len(catalog.species):
        raise ValueError(f"Ark & Noah has no species {species} (species are 0 to {len(catalog.species) - 1})")
    if all(game.holder[tile.number] == BOX for tile in catalog.tiles if tile.species == species):
        raise ValueError(f"the {catalog.species[species].name} is not in this game (its tiles stay in the box with "
                         f"{len(game.players)} players{' or the quick rules' if game.quick else ''})")
    make_intervention(intervention, "Ark & Noah", len(game.players), {
        "deal": lambda: deal_species(game, intervention.seat, species, rng),
        "ban": lambda: ban_species(game, species, rng)})


def deal_species(game: NoahState, seat: int, species: int, rng: random.Random) -> None:
    """Give the seat a start tile of `species` in place of one of its start tiles chosen by `rng` (see the module
    docstring). Nothing moves when the seat holds a tile of the species already."""
    tiles = game.catalog.tiles
    own = game.tiles_of(seat)
    if any(tiles[tile].species == species for tile in own):
        return
    swaps = [(mine, forced) for mine in own for forced in [_tile_in_play(game, species, tiles[mine].male)]
             if forced is not None]
    if not swaps:
        raise ValueError(f"no tile of the {game.catalog.species[species].name} can join seat {seat + 1}'s start animals")
    mine, forced = swaps[rng.randrange(len(swaps))]
    place = game.holder[forced]
    _put_in_place_of(game, mine, forced)
    game.holder[forced] = seat
    if place >= 0:
        _redraw_pair(game, place, rng)


def ban_species(game: NoahState, species: int, rng: random.Random) -> None:
    """Put the species' tiles in the box; a start tile of a seat is replaced from its bag (module docstring)."""
    tiles = game.catalog.tiles
    banned = [tile.number for tile in tiles if tile.species == species]
    for tile in banned:
        if game.holder[tile] == BAG:
            game.bags[tiles[tile].male].remove(tile)
            game.holder[tile] = BOX
    for tile in banned:
        seat = game.holder[tile]
        if seat >= 0:
            game.holder[tile] = BOX
            replacement = _bag_tile_for(game, seat, tiles[tile].male, rng)
            if replacement is not None:
                game.bags[tiles[tile].male].remove(replacement)
                game.holder[replacement] = seat


def _tile_in_play(game: NoahState, species: int, male: bool) -> int | None:
    """The first tile of `species` and that sex in a bag or in front of a seat, None if there is none."""
    return next((tile.number for tile in game.catalog.tiles
                 if tile.species == species and tile.male == male and game.holder[tile.number] != BOX), None)


def _put_in_place_of(game: NoahState, tile: int, other: int) -> None:
    """Put `tile` where `other` is: at its place in its bag's list, or in front of its seat."""
    place = game.holder[other]
    if place == BAG:
        bag = game.bags[game.catalog.tiles[other].male]
        bag[bag.index(other)] = tile
    game.holder[tile] = place


def _redraw_pair(game: NoahState, seat: int, rng: random.Random) -> None:
    """R3 for a seat given a tile by a study: a female completing a pair with one of its males goes back, in the
    place of a female drawn by `rng` from those of a species the seat does not hold (the pair stays if none is)."""
    tiles = game.catalog.tiles
    own = game.tiles_of(seat)
    males = {tiles[tile].species for tile in own if tiles[tile].male}
    for female in own:
        if not tiles[female].male and tiles[female].species in males:
            replacement = _bag_tile_for(game, seat, False, rng)
            if replacement is not None:
                _put_in_place_of(game, female, replacement)
                game.holder[replacement] = seat


def _bag_tile_for(game: NoahState, seat: int, male: bool, rng: random.Random) -> int | None:
    """A tile of that sex drawn by `rng` from its bag, of a species the seat holds no tile of (so no start pair
    forms); None when the bag has none."""
    tiles = game.catalog.tiles
    held = {tiles[tile].species for tile in game.tiles_of(seat)}
    fitting = [tile for tile in game.bags[male] if tiles[tile].species not in held]
    return fitting[rng.randrange(len(fitting))] if fitting else None
