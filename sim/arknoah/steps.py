"""Ark & Noah's steps and decision options, as named tuples.

The core's step machine reads a step as ``(kind, seat, *payload)``: every step type leads with
`kind` and `seat` (-1 for the game's own bookkeeping), and its `of` fills `kind` in. Steps are
immutable, so game copies and observations share the pending ones.

Options carry a `tag` so that options of different types never compare equal (a wall on edge 3
and a pitch on space 3 would both be ``(3,)`` otherwise).
"""

from __future__ import annotations

from typing import NamedTuple

# step kinds (a decision's `kind` is its step's)
ROUND = "round"
PLAN = "plan"
BONUS = "bonus"
EXECUTION = "execution"
EXECUTE = "execute"
END_ROUND = "end_round"
TURN = "turn"  # quick rules: a player's turn
GATHER = "gather"
GATHER_BAG = "gather_bag"
PICK = "pick"
RETURN_DRAWN = "return_drawn"
SWAP_REWARD = "swap_reward"
SWAP_KIND = "swap_kind"
SWAP_WALL = "swap_wall"
SWAP_DRAW = "swap_draw"
SWAP_EXCHANGE = "swap_exchange"
BUILD = "build"
LOAD = "load"
LAST_FOOD = "last_food"
LAST_LOAD = "last_load"
FINAL = "final"


class RoundStep(NamedTuple):
    """Start a round: the planning decisions in worker order (quick rules: the turns)."""

    kind: str
    seat: int

    @classmethod
    def of(cls) -> "RoundStep":
        return cls(ROUND, -1)


class PlanStep(NamedTuple):
    """Worker `worker` of `seat` chooses a free 'planned' space."""

    kind: str
    seat: int
    worker: int

    @classmethod
    def of(cls, seat: int, worker: int) -> "PlanStep":
        return cls(PLAN, seat, worker)


class BonusStep(NamedTuple):
    """Every planned space left free gets +1 bonus (at most the maximum)."""

    kind: str
    seat: int

    @classmethod
    def of(cls) -> "BonusStep":
        return cls(BONUS, -1)


class ExecutionStep(NamedTuple):
    """Phase 2: execute the planned actions from left to right."""

    kind: str
    seat: int

    @classmethod
    def of(cls) -> "ExecutionStep":
        return cls(EXECUTION, -1)


class ExecuteStep(NamedTuple):
    """Execute the action in `column` (1 = leftmost); `seat` planned it (quick rules: chose it)."""

    kind: str
    seat: int
    column: int

    @classmethod
    def of(cls, seat: int, column: int) -> "ExecuteStep":
        return cls(EXECUTE, seat, column)


class EndRoundStep(NamedTuple):
    kind: str
    seat: int

    @classmethod
    def of(cls) -> "EndRoundStep":
        return cls(END_ROUND, -1)


class TurnStep(NamedTuple):
    """Quick rules: `seat` chooses any action and executes it."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "TurnStep":
        return cls(TURN, seat)


class GatherStep(NamedTuple):
    """The planner draws `males` and `females` (and `either` more from a bag of its choice); then
    the seats of `pickers` take one drawn animal each, in that order."""

    kind: str
    seat: int
    males: int
    females: int
    either: int
    pickers: tuple[int, ...]

    @classmethod
    def of(cls, seat: int, males: int, females: int, either: int, pickers: tuple[int, ...]) -> "GatherStep":
        return cls(GATHER, seat, males, females, either, pickers)


class GatherBagStep(NamedTuple):
    """The planner chooses the bag of the free draw (three players)."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "GatherBagStep":
        return cls(GATHER_BAG, seat)


class PickStep(NamedTuple):
    """`seat` takes one of the drawn animals."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "PickStep":
        return cls(PICK, seat)


class ReturnDrawnStep(NamedTuple):
    """Drawn animals nobody took go back into their bags."""

    kind: str
    seat: int

    @classmethod
    def of(cls) -> "ReturnDrawnStep":
        return cls(RETURN_DRAWN, -1)


class SwapRewardStep(NamedTuple):
    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "SwapRewardStep":
        return cls(SWAP_REWARD, seat)


class SwapKindStep(NamedTuple):
    """Swap two walls of different colours, or draw animals and exchange one."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "SwapKindStep":
        return cls(SWAP_KIND, seat)


class SwapWallStep(NamedTuple):
    """Pick a wall on the ark to swap: the first (`first` = -1) or the second, of another colour."""

    kind: str
    seat: int
    first: int

    @classmethod
    def of(cls, seat: int, first: int = -1) -> "SwapWallStep":
        return cls(SWAP_WALL, seat, first)


class SwapDrawStep(NamedTuple):
    """Draw one animal from a bag of the seat's choice; `left` draws to go, this one included."""

    kind: str
    seat: int
    left: int

    @classmethod
    def of(cls, seat: int, left: int) -> "SwapDrawStep":
        return cls(SWAP_DRAW, seat, left)


class SwapExchangeStep(NamedTuple):
    """Exchange one drawn animal for one of the seat's own, or keep them all."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "SwapExchangeStep":
        return cls(SWAP_EXCHANGE, seat)


class BuildStep(NamedTuple):
    """`seat` may place `left` more pieces (walls, pitch) on the ark."""

    kind: str
    seat: int
    left: int

    @classmethod
    def of(cls, seat: int, left: int) -> "BuildStep":
        return cls(BUILD, seat, left)


class LoadStep(NamedTuple):
    """`seat` may spend `points` more load points (quick rules: load `points` more pairs)."""

    kind: str
    seat: int
    points: int

    @classmethod
    def of(cls, seat: int, points: int) -> "LoadStep":
        return cls(LOAD, seat, points)


class LastFoodStep(NamedTuple):
    """After the flood comes: `seat` may put food into free squares of any cage."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "LastFoodStep":
        return cls(LAST_FOOD, seat)


class LastLoadStep(NamedTuple):
    """After the flood comes: `seat` may load pairs into any cage, free and without VP."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "LastLoadStep":
        return cls(LAST_LOAD, seat)


class FinalStep(NamedTuple):
    kind: str
    seat: int

    @classmethod
    def of(cls) -> "FinalStep":
        return cls(FINAL, -1)


# ----------------------------------------------------------------------------- options


class Plan(NamedTuple):
    """Put the worker on the planned space of the action in `column` (1 = leftmost)."""

    column: int
    tag: str = "plan"


class Turn(NamedTuple):
    """Quick rules: take the action in `column` of the simple side (1 = leftmost)."""

    column: int
    tag: str = "turn"


class Bag(NamedTuple):
    """Draw from the males' bag (`male`) or the females'."""

    male: bool
    tag: str = "bag"


class Pick(NamedTuple):
    """Take drawn animal tile `tile`."""

    tile: int
    tag: str = "pick"


class Reward(NamedTuple):
    """The swap's reward: 'vp', 'food', 'wall' or 'pitch'."""

    item: str
    tag: str = "reward"


class SwapKind(NamedTuple):
    """'walls' (swap two walls on the ark) or 'animals' (draw and exchange)."""

    how: str
    tag: str = "swap_kind"


class WallPick(NamedTuple):
    edge: int
    tag: str = "wall_pick"


class Exchange(NamedTuple):
    """Give own tile `give` back to its bag and keep drawn tile `take`."""

    give: int
    take: int
    tag: str = "exchange"


class Keep(NamedTuple):
    """Exchange nothing: every drawn animal goes back."""

    tag: str = "keep"


class PlaceWall(NamedTuple):
    edge: int
    tag: str = "wall"


class PlacePitch(NamedTuple):
    space: int
    tag: str = "pitch"


class Done(NamedTuple):
    """Stop building or loading now."""

    tag: str = "done"


class LoadFood(NamedTuple):
    """One food into a free square of cage number `cage`."""

    cage: int
    tag: str = "food"


class LoadPair(NamedTuple):
    """The pair of tiles `male` and `female` into cage number `cage`."""

    cage: int
    male: int
    female: int
    tag: str = "pair"


BuildOption = PlaceWall | PlacePitch | Done
LoadOption = LoadFood | LoadPair | Done
DONE = Done()
KEEP = Keep()
MALE_BAG, FEMALE_BAG = Bag(True), Bag(False)
