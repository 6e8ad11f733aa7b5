"""Rules of one zoo map: where a building may stand, what it pays, which animal fits where."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from sim.arknova import map_abilities, passives
from sim.arknova.board import BUILD_SHAPES, board_of, building_size, map_board
from sim.arknova.catalog import Animal, Catalog, Effect, LazyTable
from sim.arknova.geometry import Placement, enumerate_placements, kiosk_exclusion
from sim.arknova.placement_bits import PlacementBits
from sim.arknova.state import SPECIAL_ENCLOSURES, PlayerState

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

ENCLOSURE_SIZE = {f"enclosure-{size}": size for size in range(1, 6)}


def is_standard(kind: str) -> bool:
    return kind in ENCLOSURE_SIZE


def enclosure_size(kind: str) -> int:
    return ENCLOSURE_SIZE[kind]


def can_place(occupied: int, placement: Placement, upgraded_build: bool) -> bool:
    """Empty cells, upgrade-only cells unlocked, touching the zoo (or the border, at first)."""
    if placement.mask & occupied:
        return False
    if placement.needs_upgrade and not upgraded_build:
        return False
    if occupied:
        if not placement.adjacent & occupied:
            return False
    elif not placement.on_border:
        return False
    return True


def kiosk_spaced(kiosks: int, placement: Placement, distance: int) -> bool:
    """A kiosk on `placement` stands at least `distance` from every kiosk of the `kiosks` mask."""
    return not kiosks or not kiosk_exclusion(placement.cells[0], distance) & kiosks


def terrain_placements(catalog: Catalog, map_id: str, kind: str) -> tuple[Placement, ...]:
    """Every placement of a shape when rock and water spaces may be covered too (built once per catalog)."""
    return catalog.derived[_terrain_tables][(map_id, kind)]


def _terrain_tables(catalog: Catalog) -> LazyTable:
    return LazyTable(partial(_terrain_placements, catalog))


def _terrain_placements(catalog: Catalog, key: tuple[str, str]) -> tuple[Placement, ...]:
    map_id, kind = key
    board = map_board(catalog, map_id)
    offsets = tuple(tuple(offset) for offset in catalog.tiles.building_shapes[BUILD_SHAPES.get(kind, kind)])
    return enumerate_placements(offsets, board.buildable | board.rock | board.water, board.rock, board.water,
                                board.upgrade_only)


def _covers_terrain(player: PlayerState) -> bool:
    """Diversity Researcher: the player may build on rock and water spaces."""
    return bool(player.sponsors) and passives.has(player, "may_cover_rock_water")


def map_placements(catalog: Catalog, map_id: str, kind: str, terrain: bool) -> tuple[Placement, ...]:
    """Every placement of the building kind on the map, on rock and water spaces too when `terrain`."""
    if terrain:
        return terrain_placements(catalog, map_id, kind)
    return map_board(catalog, map_id).placements_for(kind)


def placement_key(player: PlayerState, kind: str, upgraded_build: bool) -> tuple[str, int, int, str, bool, bool]:
    """Everything the legal placements of a building kind depend on besides the catalog (their caches' key)."""
    return player.map_id, player.occupied, player.kiosks, kind, upgraded_build, _covers_terrain(player)


def legal_placements(player: PlayerState, kind: str, upgraded_build: bool) -> tuple[Placement, ...]:
    """The legal placements of a Build kind in the zoo now, in the order of the map's placements."""
    return player.catalog.derived[_legal_placements_cache](*placement_key(player, kind, upgraded_build))


def placeable_kinds(player: PlayerState, upgraded_build: bool) -> tuple[str, ...]:
    """The building kinds of the Build action (`BUILD_SHAPES`) that have a legal placement in the zoo now, smallest
    first (`kinds_by_size`)."""
    return player.catalog.derived[_zoo_placements_cache](
        player.map_id, player.occupied, player.kiosks, upgraded_build, _covers_terrain(player))[1]


def _legal_placements_cache(catalog: Catalog) -> Callable[..., tuple[Placement, ...]]:
    """The catalog's legal placements, cached on the zoo's masks: the same zoo is asked again and
    again between two buildings, by the rules and by every lookahead of a bot."""
    zoos = catalog.derived[_zoo_placements_cache]
    tables = catalog.derived[_placement_tables]

    def legal(map_id: str, occupied: int, kiosks: int, kind: str, upgraded_build: bool,
              terrain: bool) -> tuple[Placement, ...]:
        bits = zoos(map_id, occupied, kiosks, upgraded_build, terrain)[0]
        return tables[map_id, terrain].placements(bits, kind)

    return lru_cache(maxsize=1 << 13)(legal)


def _zoo_placements_cache(catalog: Catalog) -> Callable[..., tuple[int, tuple[str, ...]]]:
    """(the bits of every legal placement of the Build kinds, the kinds among them) of a zoo, cached on
    its masks like `_legal_placements_cache`: every turn asks which kinds can be built, and the zoo
    changes only when something is built."""
    tables = catalog.derived[_placement_tables]

    def placements(map_id: str, occupied: int, kiosks: int, upgraded_build: bool,
                   terrain: bool) -> tuple[int, tuple[str, ...]]:
        table = tables[map_id, terrain]
        bits = table.legal(occupied, kiosks, upgraded_build)
        return bits, table.kinds(bits)

    return lru_cache(maxsize=1 << 13)(placements)


def _placement_tables(catalog: Catalog) -> LazyTable:
    """(map, rock and water coverable) -> the `PlacementBits` of the Build kinds on that map."""
    return LazyTable(partial(_placement_table, catalog))


def _placement_table(catalog: Catalog, key: tuple[str, bool]) -> PlacementBits:
    map_id, terrain = key
    return PlacementBits({kind: map_placements(catalog, map_id, kind, terrain) for kind in catalog.derived[kinds_by_size]},
                         catalog.tracks.kiosk_min_distance)


def kinds_by_size(catalog: Catalog) -> tuple[str, ...]:
    """The Build kinds (`BUILD_SHAPES`), smallest first (kept with the catalog): the order in which the Build
    action looks for the cheapest building it can place."""
    return tuple(sorted(BUILD_SHAPES, key=partial(building_size, catalog)))


def has_building(player: PlayerState, kind: str) -> bool:
    for building in player.buildings:
        if building[0] == kind:
            return True
    return False


def place_building(game: "ArkNovaGame", seat: int, kind: str, placement: Placement) -> list[Effect]:
    """Put a building on the map; returns the placement bonuses it covered (to be granted)."""
    from sim.arknova import tracks

    player = game.players[seat]
    board = board_of(player)
    player.occupied |= placement.mask
    if kind == "kiosk":
        player.kiosks |= placement.mask
    player.buildings.append((kind, placement, 0))
    if kind == "pavilion":
        tracks.gain_appeal(game, seat, game.catalog.tiles.pavilion_appeal)
    if not player.full_map_bonus and player.occupied & board.buildable == board.buildable:
        player.full_map_bonus = True
        tracks.gain_appeal(game, seat, game.catalog.tracks.map_complete_appeal)
    if not placement.mask & board.bonus_mask:
        return []
    return [bonus for bit, bonus in board.bonuses if bit & placement.mask]


def kiosk_income(player: PlayerState) -> int:
    """1 money per kiosk for each adjacent unique building, special enclosure, pavilion or occupied standard enclosure."""
    kiosks = player.kiosks
    if not kiosks:
        return 0
    income = 0  # each building pays once per kiosk among the cells around it
    for kind, placement, used in player.buildings:  # (every break asks this of every building: no call in the loop)
        if kind != "kiosk" and (used or kind not in ENCLOSURE_SIZE):  # not `is_standard`
            income += (placement.adjacent & kiosks).bit_count()
    return income


def fits(animal: Animal, placement: Placement) -> bool:
    return placement.rock_adjacent >= animal.rock and placement.water_adjacent >= animal.water


def capacity(player: PlayerState, kind: str) -> int:
    """Player tokens a special enclosure of this kind holds."""
    return player.catalog.tiles.special_enclosures[kind].capacity


# An enclosure as a home for an animal, described once so that many animals are matched against it
# cheaply: (building index, special enclosure kind or None for a standard one, room, rock spaces touched,
# water spaces touched). A standard enclosure's room is its size as the map counts it (`standard_size`),
# a special enclosure's the player tokens it still takes.
Home = tuple[int, "str | None", int, int, int]
INFINITE_SIZE = float("inf")  # the size asked of a standard enclosure by an animal that may not use one


def home(player: PlayerState, index: int) -> Home | None:
    """Building `index` as a home; None when it takes no animal now (an occupied standard enclosure or
    no enclosure at all)."""
    kind, placement, used = player.buildings[index]
    size = ENCLOSURE_SIZE.get(kind)
    if size is not None:
        if used:
            return None
        return index, None, map_abilities.standard_size(player, size, placement), placement.rock_adjacent, \
            placement.water_adjacent
    if kind not in SPECIAL_ENCLOSURES:
        return None
    return index, kind, capacity(player, kind) - used, placement.rock_adjacent, placement.water_adjacent


class Homes:
    """A zoo's open enclosures as homes, whether its animals' rock/water needs are waived
    (`passives.ignores_rock_water`), and the homes each card fits, found once per card: the same zoo
    is asked about the same hand turn after turn."""

    __slots__ = ("described", "feature", "homes", "ignore_needs", "animals", "by_card")

    def __init__(self, described: tuple[Home | None, ...], feature: int, ignore_needs: bool,
                 animals: Mapping[int, Animal], before: "Homes | None" = None) -> None:
        """`before`: the zoo's homes as last found; when they are the same homes under the same needs (a kiosk,
        a pavilion or a sponsor came since), their table by card holds for these too and is shared."""
        self.described = described  # by building index: its `home`, None when it takes no animal
        self.feature = feature  # the cells next to the map's feature when they were found (see `open_homes`)
        self.homes = tuple([found for found in described if found is not None])
        self.ignore_needs = ignore_needs
        self.animals = animals  # the catalog's, to tell the cards that are animals
        self.by_card: dict[int, tuple[int, ...]] = {}  # card -> `card_fitting`, for the cards asked about so far
        if before is not None and before.homes == self.homes and before.ignore_needs == ignore_needs:
            self.by_card = before.by_card

    def fitting(self, animal: Animal) -> tuple[int, ...]:
        """The indices of the buildings that can take the animal now (`fitting_homes`), in building order."""
        return self.card_fitting(animal.number)

    def card_fitting(self, card: int) -> tuple[int, ...]:
        """`fitting` of the card's animal, () for a card that is no animal (a lookup in `by_card` once asked)."""
        found = self.by_card.get(card)
        if found is None:
            animal = self.animals.get(card)
            found = () if animal is None else fitting_homes(self.homes, animal, self.ignore_needs)
            self.by_card[card] = found
        return found


def fitting_homes(homes: Iterable[Home], animal: Animal, ignore_needs: bool) -> tuple[int, ...]:
    """The building indices of the homes that can take the animal now, in their order: a standard enclosure
    big enough, if the animal may use one, or its special enclosure with room; rock/water needs apply to
    both unless `ignore_needs`."""
    size = animal.size if animal.standard_allowed else INFINITE_SIZE
    special, tokens, rock, water = animal.special, animal.special_tokens, animal.rock, animal.water
    return tuple([index for index, kind, room, rock_near, water_near in homes  # a list first: cheaper than a generator
                  if (room >= size if kind is None else kind == special and room >= tokens)
                  and (ignore_needs or (rock_near >= rock and water_near >= water))])


def open_homes(player: PlayerState) -> Homes:
    """The zoo's open enclosures (its empty standard enclosures and its special enclosures: where animals may
    still go) as homes, in building order.

    Every turn asks for them, and they change only when something is built, an animal moves in or out,
    or a sponsor waives the rock/water needs, so they are kept with the player (`homes_memo`) together
    with the buildings, covered cells and sponsors they were found from, and found again only when those
    differ. Comparing them costs little: the comparison of two lists of building tuples meets the same
    shared placements and stops at their identity. A copied state, or one edited by hand (tests), is
    compared the same way; copies share the memo, which holds only what follows from those and the
    player's catalog.

    When they differ, a building that is still the same tuple keeps its home, as long as the cells next to
    the map's feature are the same (`map_abilities.feature_neighbours`, through which alone covering cells
    changes an enclosure's size): a new building or an animal moving in changes one home, not all."""
    memo = player.homes_memo
    buildings = player.buildings
    if (memo is not None and memo[1] == player.occupied and memo[0] == buildings
            and memo[2] == player.sponsors):
        return memo[3]
    feature = map_abilities.feature_neighbours(player)
    before, known = (memo[0], memo[3].described) if memo is not None and memo[3].feature == feature else ((), ())
    if buildings[:len(before)] == before:  # the same buildings and new ones (compared in one go)
        described = known + tuple([home(player, index) for index in range(len(before), len(buildings))])
    else:
        described = tuple([known[index] if index < len(known) and before[index] is building else home(player, index)
                           for index, building in enumerate(buildings)])
    homes = Homes(described, feature, ignores_needs(player), player.catalog.animals, memo[3] if memo else None)
    player.homes_memo = (buildings[:], player.occupied, player.sponsors[:], homes)
    return homes


def ignores_needs(player: PlayerState) -> bool:
    """Whether the animals' rock/water needs are waived in this zoo (`passives.ignores_rock_water`)."""
    return bool(player.sponsors) and passives.ignores_rock_water(player)


def can_house(player: PlayerState, animal: Animal, index: int) -> bool:
    """Whether building `index` can take the animal now (`fitting_homes`)."""
    described = home(player, index)
    return described is not None and bool(fitting_homes((described,), animal, ignores_needs(player)))


def enclosures_for(player: PlayerState, animal: Animal) -> list[int]:
    """Indices of the player's buildings that can take this animal now (of its homes, kept with the zoo)."""
    return list(open_homes(player).fitting(animal))


def house_animal(player: PlayerState, animal: Animal, index: int) -> bool:
    """Put the animal into building `index`; True when a standard enclosure turned to its occupied side."""
    kind, placement, used = player.buildings[index]
    if is_standard(kind):
        player.buildings[index] = (kind, placement, 1)
        player.housing[animal.number] = "standard"
        return True
    player.buildings[index] = (kind, placement, used + animal.special_tokens)
    player.housing[animal.number] = kind
    return False


def free_standard_enclosure(player: PlayerState, animal: Animal) -> None:
    """Turn back an occupied standard enclosure big enough for the animal that leaves it (the rulebook's
    release and move rule). The engine does not record which animal lives where, so the enclosure turned
    is one whose loss still leaves every other animal of a standard enclosure an enclosure of its own that
    takes it: by size and rock/water needs if possible, else by size. Of those the one that meets the
    animal's own rock/water needs comes first, then the smallest."""
    animals = player.catalog.animals
    staying = [animals[number] for number, housing in player.housing.items()
               if housing == "standard" and number != animal.number]
    occupied = [(index, map_abilities.standard_size(player, enclosure_size(kind), placement), placement)
                for index, (kind, placement, used) in enumerate(player.buildings) if used and is_standard(kind)]
    best: tuple[int, int, int, int] | None = None
    for index, size, placement in occupied:
        if size < animal.size:
            continue
        rest = [(room, where) for other, room, where in occupied if other != index]
        keeps = 0 if _all_housed(staying, rest, True) else 1 if _all_housed(staying, rest, False) else 2
        key = (keeps, 0 if fits(animal, placement) else 1, size, index)
        if best is None or key < best:
            best = key
    if best is not None:
        kind, placement, _ = player.buildings[best[3]]
        player.buildings[best[3]] = (kind, placement, 0)


def _all_housed(animals: list[Animal], enclosures: list[tuple[int, Placement]], needs: bool) -> bool:
    """Whether each animal can have an enclosure of its own among `enclosures` (size, placement) that is
    big enough and, with `needs`, meets its rock/water needs (a bipartite matching by augmenting paths)."""
    owner: dict[int, int] = {}  # enclosure position -> animal position

    def place(a: int, tried: set[int]) -> bool:
        for e, (size, placement) in enumerate(enclosures):
            if e in tried or size < animals[a].size or needs and not fits(animals[a], placement):
                continue
            tried.add(e)
            if e not in owner or place(owner[e], tried):
                owner[e] = a
                return True
        return False

    return len(animals) <= len(enclosures) and all(place(a, set()) for a in range(len(animals)))


def release_animal(player: PlayerState, animal: Animal) -> None:
    """Take an animal out of the zoo. Its special enclosure gives back the animal's markers first
    (German rulebook "sofern möglich ... ODER", French "en priorité"), also when this very card lives
    in a standard enclosure, provided an animal of the special enclosure with as many markers can take
    over that enclosure; otherwise its own place is freed (docs/arknova/rules-decisions.md, decision 20b)."""
    housing = player.housing.pop(animal.number, "standard")
    if housing == "standard" and animal.special_tokens:
        animals = player.catalog.animals
        stand_in = next((number for number, where in player.housing.items() if where == animal.special
                         and animals[number].special_tokens == animal.special_tokens
                         and animals[number].size <= animal.size), None)
        if stand_in is not None:
            player.housing[stand_in], housing = housing, player.housing[stand_in]
    if housing == "standard":
        free_standard_enclosure(player, animal)
        return
    for index, (kind, placement, used) in enumerate(player.buildings):
        if kind == housing:
            player.buildings[index] = (kind, placement, max(0, used - animal.special_tokens))
            return
