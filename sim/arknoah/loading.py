"""Action 7, loading the ark, and the last-minute loading after the flood comes.

Load points buy food (1 each, into a finished cage with a wall of the loader's colour, 1 VP) and
pairs: a male and a female of one species in front of players, at least one the loader's, into a
finished cage of exactly their size (small animals, size 0: any size), fully fed, its hull spaces
pitched if it touches the hull, holding no other pair of their kind (at most one small and one
large pair), with a wall of the loader's colour. A pair costs its size for each of its tiles the
loader owns. It scores each tile's VP to the tile's owner, 1 VP per wall of the cage to the wall's
owner, 1 VP per pitch of the cage to the loader.

Quick rules: up to 2 pairs (others 1), no food, no pitch, only into an empty cage, no pitch VP.
After the flood: food into any free square and pairs into any cage, free and without VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknoah.registry import STEPS
from sim.arknoah.state import ANIMALS, FOOD, LOADED, PITCH, WALLS
from sim.arknoah.steps import (
    DONE,
    LAST_FOOD,
    LAST_LOAD,
    LOAD,
    Done,
    LastFoodStep,
    LastLoadStep,
    LoadFood,
    LoadOption,
    LoadPair,
    LoadStep,
)
from sim.core.steps import IllegalOption

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState


@STEPS.options(LOAD)
def load_options(game: "NoahState", step: LoadStep) -> tuple[LoadOption, ...]:
    seat, points = step.seat, step.points
    options: list[LoadOption] = []
    if not game.quick and points and game.players[seat].food:
        own = game.colour_walls[seat]
        options = [LoadFood(index) for index, cage in enumerate(game.cages)
                   if game.cage_food[index] < cage.size and cage.boundary & own]
    options += pair_options(game, seat, points, last_minute=False)
    if not options:
        return ()
    options.append(DONE)
    return tuple(options)


@STEPS.resolver(LOAD)
def load(game: "NoahState", step: LoadStep, option: LoadOption) -> None:
    match option:
        case Done():
            return
        case LoadFood(cage=cage):
            game.push(LoadStep.of(step.seat, step.points - 1))
            load_food(game, step.seat, cage)
            game.players[step.seat].score(FOOD, 1)
        case LoadPair(cage=cage, male=male, female=female):
            left = step.points - pair_cost(game, step.seat, male, female)
            if left or not game.quick:  # a small pair costs nothing, so 0 points may still load one
                game.push(LoadStep.of(step.seat, left))
            load_pair(game, step.seat, cage, male, female, score=True)
        case _:
            raise IllegalOption(f"{option!r} is no load option")


def pair_cost(game: "NoahState", seat: int, male: int, female: int) -> int:
    """Load points of a pair for `seat`."""
    size = game.catalog.species[game.catalog.tiles[male].species].size
    return load_cost(game.quick, size, (game.holder[male] == seat) + (game.holder[female] == seat))


def load_cost(quick: bool, size: int, own_tiles: int) -> int:
    """A pair's size for each of its tiles the loader owns (quick rules: a pair is one of the
    action's pairs, whoever owns it)."""
    return 1 if quick else size * own_tiles


def pair_options(game: "NoahState", seat: int, points: int, last_minute: bool) -> list[LoadPair]:
    """Every legal (cage, pair) for `seat` with `points` load points (after the flood: any cage,
    without cost)."""
    catalog, holder = game.catalog, game.holder
    if not game.cages:
        return []
    tiles, species, partners, quick = catalog.tiles, catalog.species, catalog.partners, game.quick
    pairs = []
    for tile in [tile for tile, owner in enumerate(holder) if owner == seat]:
        male = tiles[tile].male
        for partner in partners[tile]:
            other = holder[partner]
            if other < 0 or (other == seat and not male):  # a pair of two own tiles is found from its male
                continue
            size = species[tiles[tile].species].size
            if last_minute or load_cost(quick, size, 1 + (other == seat)) <= points:
                pairs.append((size, (tile, partner) if male else (partner, tile)))
    if not pairs:
        return []
    fitting = cages_by_size(game, seat, last_minute)
    return [LoadPair(cage, *pair) for size, pair in pairs for cage in fitting.get(size, ())]


def cages_by_size(game: "NoahState", seat: int, last_minute: bool) -> dict[int, list[int]]:
    """The cages a pair may board for `seat`, by the pair's size (0: small pairs), in one pass."""
    own = -1 if last_minute else game.colour_walls[seat]
    pitched, quick = game.pitched, game.quick
    fitting: dict[int, list[int]] = {}
    for index, cage in enumerate(game.cages):
        if not cage.boundary & own:
            continue
        if quick:
            if game.cage_large[index] < 0 and game.cage_small[index] < 0:
                fitting.setdefault(cage.size, []).append(index)
            continue
        if game.cage_food[index] < cage.size or cage.pitch & ~pitched:
            continue
        if game.cage_large[index] < 0:
            fitting.setdefault(cage.size, []).append(index)
        if game.cage_small[index] < 0:
            fitting.setdefault(0, []).append(index)
    return fitting


def load_food(game: "NoahState", seat: int, cage: int) -> None:
    game.players[seat].food -= 1
    game.cage_food[cage] += 1


def load_pair(game: "NoahState", seat: int, cage: int, male: int, female: int, score: bool) -> None:
    """The pair boards `cage`; with `score`, every VP the boarding brings."""
    catalog = game.catalog
    kind = catalog.species[catalog.tiles[male].species]
    owners = (game.holder[male], game.holder[female])
    game.holder[male] = game.holder[female] = LOADED
    if kind.size:
        game.cage_large[cage] = kind.index
    else:
        game.cage_small[cage] = kind.index
    shape = game.cages[cage]
    gains = [0] * len(game.players)
    if score:
        players = game.players
        for owner in owners:
            players[owner].score(ANIMALS, kind.vp)
            gains[owner] += kind.vp
        for colour, mask in enumerate(game.colour_walls):
            walls = (shape.boundary & mask).bit_count()
            if walls:
                players[colour].score(WALLS, walls)
                gains[colour] += walls
        pitch = 0 if game.quick else (shape.pitch & game.pitched).bit_count()
        if pitch:
            players[seat].score(PITCH, pitch)
            gains[seat] += pitch
    if game.history is not None:
        game.history.note_load(game, seat, cage, kind.index, owners, gains, last_minute=not score)


@STEPS.options(LAST_FOOD)
def last_food_options(game: "NoahState", step: LastFoodStep) -> tuple[LoadFood | Done, ...]:
    if not game.players[step.seat].food:
        return ()
    options: list[LoadFood | Done] = [LoadFood(index) for index, cage in enumerate(game.cages)
                                      if game.cage_food[index] < cage.size]
    return (*options, DONE) if options else ()


@STEPS.resolver(LAST_FOOD)
def last_food(game: "NoahState", step: LastFoodStep, option: LoadFood | Done) -> None:
    match option:
        case Done():
            return
        case LoadFood(cage=cage):
            game.push(step)
            load_food(game, step.seat, cage)
        case _:
            raise IllegalOption(f"{option!r} is no food option")


@STEPS.options(LAST_LOAD)
def last_load_options(game: "NoahState", step: LastLoadStep) -> tuple[LoadPair | Done, ...]:
    options: list[LoadPair | Done] = [*pair_options(game, step.seat, 0, last_minute=True)]
    return (*options, DONE) if options else ()


@STEPS.resolver(LAST_LOAD)
def last_load(game: "NoahState", step: LastLoadStep, option: LoadPair | Done) -> None:
    match option:
        case Done():
            return
        case LoadPair(cage=cage, male=male, female=female):
            game.push(step)
            load_pair(game, step.seat, cage, male, female, score=False)
        case _:
            raise IllegalOption(f"{option!r} is no load option")
