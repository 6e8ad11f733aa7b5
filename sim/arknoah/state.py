"""An Ark & Noah game in progress: the players' pieces and victory points, the ark (walls, pitch,
finished cages with their food and animals), the animal tiles, the action board, and the step
machine's pending steps.

The hot data are ints: walls and pitch are bit masks over the board's edges and pitch spaces
(one wall mask per colour), a tile's place is an int in `holder`. Finished cages are found as they
close (sim/arknoah/building.py) and never change shape again. `copy()` is written by hand.
Randomness is one 64-bit splitmix state (`rng`): copying it is copying an int, and a snapshot for
a bot holds none (`determinize` gives it a new one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from sim.arknoah.board import Board, CageShape, bit_list
from sim.arknoah.catalog import Catalog, Rules
from sim.arknoah.registry import STEPS
from sim.arknoah.steps import RoundStep
from sim.core.decision import Decision
from sim.core.protocols import SeatResult
from sim.core.steps import Step, StepMachine

if TYPE_CHECKING:
    from sim.arknoah.history import History
    from sim.arknoah.observation import NoahObservation

# where a tile is, when not in front of a seat (seats are 0 and up)
BAG, BOX, LOADED, DRAWN = -1, -2, -3, -4
# where victory points come from; a player's vp is always the sum of its sources
SOURCES = ("bonus", "swap", "build", "food", "animals", "walls", "pitch", "hull", "pieces_left", "animals_left")
BONUS, SWAP, BUILD, FOOD, ANIMALS, WALLS, PITCH, HULL, PIECES_LEFT, ANIMALS_LEFT = range(len(SOURCES))
END_HULL, END_STALL, END_MAX_ROUNDS = "hull", "stall", "max_rounds"
MASK64 = (1 << 64) - 1


class Player:
    """One player's pieces in front of them (their animal tiles are in the game's `holder`)."""

    __slots__ = ("walls", "pitch", "food", "vp", "sources")

    def __init__(self, walls: int, pitch: int, food: int, vp: int = 0, sources: list[int] | None = None) -> None:
        self.walls = walls
        self.pitch = pitch
        self.food = food
        self.vp = vp
        self.sources = sources if sources is not None else [0] * len(SOURCES)

    def copy(self) -> "Player":
        return Player(self.walls, self.pitch, self.food, self.vp, self.sources[:])

    def score(self, source: int, points: int) -> None:
        self.vp += points
        self.sources[source] += points


class NoahState(StepMachine):
    """The `GameState` of Ark & Noah (normal or quick rules)."""

    __slots__ = (
        "catalog", "board", "rules", "quick", "max_rounds", "players", "walls", "colour_walls", "forbidden",
        "pitched", "pitchable", "supply_walls", "supply_pitch", "supply_food", "cages", "cage_food",
        "cage_large", "cage_small", "caged", "holder", "bags", "drawn", "actions", "bonus", "planned",
        "worker_seat", "worker_column", "round", "end_reason", "stack", "over", "_decision", "rng", "history",
    )
    steps = STEPS

    catalog: Catalog
    board: Board
    rules: Rules
    quick: bool
    max_rounds: int
    players: list[Player]
    walls: int  # walled edges
    colour_walls: list[int]  # per seat: the edges holding its walls
    forbidden: int  # inner edges of finished cages: no wall may go there
    pitched: int  # pitch spaces holding pitch
    pitchable: int  # pitch spaces whose two hull edges are walled
    supply_walls: list[int]  # per seat: walls of its colour in the supply
    supply_pitch: int
    supply_food: int
    cages: list[CageShape]  # finished cages, in the order they closed
    cage_food: list[int]
    cage_large: list[int]  # per cage: the species of its large pair, -1 none
    cage_small: list[int]  # per cage: the species of its small pair, -1 none
    caged: int  # squares of finished cages
    holder: list[int]  # per tile: a seat, or BAG, BOX, LOADED, DRAWN
    bags: list[list[int]]  # [females, males] in the bags (drawn at random: the order means nothing)
    drawn: list[int]  # tiles drawn and not yet taken or returned
    actions: tuple[str, ...]  # the action board in use, left to right
    bonus: list[int]  # per column: VP of its bonus tile (0 = none)
    planned: list[int]  # per column: the worker on its planned space, -1 none
    worker_seat: tuple[int, ...]
    worker_column: list[int]  # the column each worker stands in
    round: int  # rounds completed
    end_reason: str
    stack: list[Step]
    over: bool
    _decision: Decision | None
    rng: int | None  # splitmix64 state; None in a bot's snapshot
    history: "History | None"

    def next_step(self) -> Step:
        return RoundStep.of()

    # ------------------------------------------------------------------ randomness and tiles

    def randbelow(self, n: int) -> int:
        """A uniform draw from 0..n-1 (splitmix64)."""
        assert self.rng is not None, "a bot's snapshot has no random state: determinize it first"
        state = (self.rng + 0x9E3779B97F4A7C15) & MASK64
        self.rng = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (z ^ (z >> 31)) % n

    def draw(self, male: bool) -> int:
        """A random tile from a bag (it must hold one); the tile is DRAWN."""
        bag = self.bags[male]
        index = self.randbelow(len(bag))
        tile = bag[index]
        bag[index] = bag[-1]
        bag.pop()
        self.holder[tile] = DRAWN
        self.drawn.append(tile)
        return tile

    def return_to_bag(self, tile: int) -> None:
        self.holder[tile] = BAG
        self.bags[self.catalog.tiles[tile].male].append(tile)

    def tiles_of(self, seat: int) -> list[int]:
        return [tile for tile, holder in enumerate(self.holder) if holder == seat]

    def partner_in_play(self, tile: int) -> bool:
        """Whether a tile of the other sex of its species lies in front of a player (the tile then
        shows its 'pair' side)."""
        holder = self.holder
        return any(holder[other] >= 0 for other in self.catalog.partners[tile])

    # ------------------------------------------------------------------ reading the board

    def hull_walls(self, seat: int) -> int:
        return (self.colour_walls[seat] & self.board.hull).bit_count()

    def hull_closed(self) -> bool:
        return self.walls & self.board.hull == self.board.hull

    def colour_of(self, edge: int) -> int:
        """The seat whose wall is on `edge`, -1 when none."""
        bit = 1 << edge
        for seat, mask in enumerate(self.colour_walls):
            if mask & bit:
                return seat
        return -1

    def seat_order(self) -> list[int]:
        """Seats in worker order (by their leftmost worker); quick rules: clockwise from the first."""
        if self.quick:
            return list(range(len(self.players)))
        first = [99] * len(self.players)
        for worker, seat in enumerate(self.worker_seat):
            first[seat] = min(first[seat], self.worker_column[worker])
        return sorted(range(len(self.players)), key=first.__getitem__)

    def others(self, seat: int) -> list[int]:
        """The other seats in the order they act after `seat`: worker order (quick: clockwise)."""
        if self.quick:
            count = len(self.players)
            return [(seat + offset) % count for offset in range(1, count)]
        return [other for other in self.seat_order() if other != seat]

    # ------------------------------------------------------------------ protocol

    def results(self) -> list[SeatResult]:
        """Most VP wins; equal VP share the rank (and a shared win)."""
        points = [player.vp for player in self.players]
        return [SeatResult(seat, points[seat], 1 + sum(other > points[seat] for other in points),
                           {source: player.sources[index] for index, source in enumerate(SOURCES)})
                for seat, player in enumerate(self.players)]

    def observation(self, seat: int) -> "NoahObservation":
        from sim.arknoah.observation import NoahObservation

        return NoahObservation.of(self, seat)

    def view(self, seat: int) -> "NoahObservation":
        from sim.arknoah.observation import NoahObservation

        return NoahObservation.view_of(self, seat)

    def shallow(self) -> "NoahState":
        """A state that shares this game's lists and players: only to be read, and only while this game
        stands still (a seat's view, sim/arknoah/observation.py). `copy` starts from it."""
        other = NoahState.__new__(NoahState)
        other.catalog = self.catalog
        other.board = self.board
        other.rules = self.rules
        other.quick = self.quick
        other.max_rounds = self.max_rounds
        other.players = self.players
        other.walls = self.walls
        other.colour_walls = self.colour_walls
        other.forbidden = self.forbidden
        other.pitched = self.pitched
        other.pitchable = self.pitchable
        other.supply_walls = self.supply_walls
        other.supply_pitch = self.supply_pitch
        other.supply_food = self.supply_food
        other.cages = self.cages
        other.cage_food = self.cage_food
        other.cage_large = self.cage_large
        other.cage_small = self.cage_small
        other.caged = self.caged
        other.holder = self.holder
        other.bags = self.bags
        other.drawn = self.drawn
        other.actions = self.actions
        other.bonus = self.bonus
        other.planned = self.planned
        other.worker_seat = self.worker_seat
        other.worker_column = self.worker_column
        other.round = self.round
        other.end_reason = self.end_reason
        other.stack = self.stack
        other.over = self.over
        other._decision = self._decision
        other.rng = self.rng
        other.history = self.history
        return other

    def copy(self) -> "NoahState":
        """An independent copy (history is not copied: copies are for lookahead): the shallow one with
        lists and players of its own."""
        other = self.shallow()
        other.players = [player.copy() for player in self.players]
        other.colour_walls = self.colour_walls[:]
        other.supply_walls = self.supply_walls[:]
        other.cages = self.cages[:]
        other.cage_food = self.cage_food[:]
        other.cage_large = self.cage_large[:]
        other.cage_small = self.cage_small[:]
        other.holder = self.holder[:]
        other.bags = [self.bags[0][:], self.bags[1][:]]
        other.drawn = self.drawn[:]
        other.bonus = self.bonus[:]
        other.planned = self.planned[:]
        other.worker_column = self.worker_column[:]
        other.stack = self.stack[:]
        other.history = None
        return other

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """No piece created or lost, every VP accounted for by its sources, the cages found as they
        closed are exactly the ark's finished cages, and every loaded cage is legal."""
        rules, board = self.rules, self.board
        for seat, player in enumerate(self.players):
            assert min(player.walls, player.pitch, player.food) >= 0, f"seat {seat} holds a negative count"
            assert player.vp == sum(player.sources), f"seat {seat}: {player.vp} VP, its sources add to " \
                                                     f"{sum(player.sources)}"
            on_ark = self.colour_walls[seat].bit_count()
            assert player.walls + on_ark + self.supply_walls[seat] == rules.walls_per_colour, \
                f"colour {seat}: {player.walls} held + {on_ark} on the ark + {self.supply_walls[seat]} in the supply"
        assert sum(self.colour_walls) == self.walls and all(
            a & b == 0 for i, a in enumerate(self.colour_walls) for b in self.colour_walls[i + 1:]), \
            "a wall has two colours"
        pitch = sum(player.pitch for player in self.players) + self.pitched.bit_count() + self.supply_pitch
        food = sum(player.food for player in self.players) + sum(self.cage_food) + self.supply_food
        assert pitch == rules.pitch_total, f"{pitch} pitch in the game, {rules.pitch_total} in the box"
        assert food == rules.food_total, f"{food} food in the game, {rules.food_total} in the box"
        assert self.walls & self.forbidden == 0, "a wall inside a finished cage"
        assert self.walls & ~board.all_edges == 0 and self.pitched & ~self.pitchable == 0, "a piece off the ark"
        for space in bit_list(self.pitchable):
            assert self.walls & board.pitch_pair[space] == board.pitch_pair[space], f"pitch space {space} not walled"
        self._check_tiles()
        self._check_cages()
        assert all(0 <= value <= rules.bonus_max for value in self.bonus), f"bonus tiles {self.bonus}"

    def _check_tiles(self) -> None:
        tiles = self.catalog.tiles
        places = Counter(self.holder)
        assert sorted(self.bags[1] + self.bags[0]) == sorted(t for t, h in enumerate(self.holder) if h == BAG), \
            "the bags do not hold exactly the tiles marked as in a bag"
        assert all(tiles[tile].male for tile in self.bags[1]) and not any(tiles[tile].male for tile in self.bags[0]), \
            "a tile in the wrong bag"
        assert sorted(self.drawn) == sorted(t for t, h in enumerate(self.holder) if h == DRAWN), "drawn tiles lost"
        loaded = [species for species in self.cage_large + self.cage_small if species >= 0]
        assert places[LOADED] == 2 * len(loaded), f"{places[LOADED]} tiles loaded, cages hold {len(loaded)} pairs"
        assert all(-4 <= holder < len(self.players) for holder in self.holder), "a tile in no place"

    def _check_cages(self) -> None:
        board, species = self.board, self.catalog.species
        caged = 0
        for index, cage in enumerate(self.cages):
            assert cage.squares & caged == 0, f"cage {index} overlaps another"
            caged |= cage.squares
            assert cage.boundary & ~self.walls == 0, f"cage {index} is not fully walled"
            assert 1 <= cage.size <= 4, f"cage {index} has {cage.size} squares"
            food, large, small = self.cage_food[index], self.cage_large[index], self.cage_small[index]
            assert 0 <= food <= cage.size, f"cage {index} holds {food} food in {cage.size} squares"
            if large >= 0 or small >= 0:
                assert self.quick or food == cage.size, f"animals in cage {index}, which is not fully fed"
                assert self.quick or cage.pitch & ~self.pitched == 0, f"animals in cage {index}, its hull not pitched"
            assert large < 0 or species[large].size == cage.size, f"cage {index} holds a large pair of another size"
            assert small < 0 or species[small].size == 0, f"cage {index} holds a large pair as its small one"
        assert caged == self.caged, "the caged squares are not the cages' squares"
        assert sorted(cage.squares for cage in self.cages) == sorted(finished_cages(board, self.walls)), \
            "the cages found as they closed are not the ark's finished cages"


def finished_cages(board: Board, walls: int) -> list[int]:
    """Every finished cage of the ark, found from scratch: each group of 1-4 squares connected
    through unwalled inner edges whose hull edges are all walled (the invariant's reference)."""
    seen = 0
    cages = []
    for start in range(board.n_squares):
        if seen >> start & 1:
            continue
        group, frontier = 1 << start, [start]
        while frontier:
            square = frontier.pop()
            for edge, other in board.neighbours[square]:
                if not walls >> edge & 1 and not group >> other & 1:
                    group |= 1 << other
                    frontier.append(other)
        seen |= group
        squares = bit_list(group)
        hull = 0
        for square in squares:
            hull |= board.square_hull[square]
        if len(squares) <= 4 and hull & ~walls == 0:
            cages.append(group)
    return cages


def new_state(catalog: Catalog, players: int, quick: bool, max_rounds: int, rng: int,
              stack: Iterable[Step] = ()) -> NoahState:
    """An empty game of `players` seats, every piece in the supply and every tile in the box
    (sim/arknoah/setup.py deals the start)."""
    rules = catalog.rules
    state = NoahState.__new__(NoahState)
    state.catalog = catalog
    state.board = catalog.boards[players]
    state.rules = rules
    state.quick = quick
    state.max_rounds = max_rounds
    state.players = [Player(0, 0, 0) for _ in range(players)]
    state.walls = state.forbidden = state.pitched = state.pitchable = state.caged = 0
    state.colour_walls = [0] * players
    state.supply_walls = [rules.walls_per_colour] * players
    state.supply_pitch = rules.pitch_total
    state.supply_food = rules.food_total
    state.cages, state.cage_food, state.cage_large, state.cage_small = [], [], [], []
    state.holder = [BOX] * len(catalog.tiles)
    state.bags = [[], []]
    state.drawn = []
    state.actions = rules.quick_actions if quick else rules.actions
    state.bonus = [0] * len(state.actions)
    state.planned = [-1] * len(state.actions)
    state.worker_seat = ()
    state.worker_column = []
    state.round = 0
    state.end_reason = ""
    state.stack = list(stack)
    state.over = False
    state._decision = None
    state.rng = rng
    state.history = None
    return state
