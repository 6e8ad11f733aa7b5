"""A round and the game's end.

Normal rules: the workers choose free 'planned' spaces in worker order (taking the bonus tile
there), the spaces left free gain a bonus, then the planned actions run from left to right, each
with its planner first and the other players in worker order (the swap is the planner's alone).
Quick rules: each player in turn chooses any action of the simple side and carries it out.

The game ends after a round once the minimum rounds are played and the hull is walled (decisions
R14 and R15 add a stalled ark and a round limit); then, under the normal rules, the players from the
fewest VP up may put food and pairs on the ark without VP, and the final scoring follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sim.arknoah.registry import STEPS
from sim.arknoah.state import (
    ANIMALS_LEFT,
    BONUS,
    END_HULL,
    END_MAX_ROUNDS,
    END_STALL,
    HULL,
    PIECES_LEFT,
    SWAP,
)
from sim.arknoah.steps import (
    BONUS as BONUS_STEP,
)
from sim.arknoah.steps import (
    END_ROUND,
    EXECUTE,
    EXECUTION,
    FINAL,
    PLAN,
    ROUND,
    TURN,
    BonusStep,
    BuildStep,
    EndRoundStep,
    ExecuteStep,
    ExecutionStep,
    FinalStep,
    GatherStep,
    LastFoodStep,
    LastLoadStep,
    LoadStep,
    Plan,
    PlanStep,
    RoundStep,
    SwapDrawStep,
    SwapExchangeStep,
    SwapKindStep,
    SwapRewardStep,
    Turn,
    TurnStep,
)

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState

PLANS = tuple(Plan(column) for column in range(1, 8))
TURNS = tuple(Turn(column) for column in range(1, 8))


@STEPS.resolver(ROUND)
def start_round(game: "NoahState", step: RoundStep, option: None) -> None:
    if game.quick:
        game.push(*[TurnStep.of(seat) for seat in range(len(game.players))], EndRoundStep.of())
        return
    order = sorted(range(len(game.worker_seat)), key=game.worker_column.__getitem__)
    game.planned = [-1] * len(game.actions)
    game.push(*[PlanStep.of(game.worker_seat[worker], worker) for worker in order],
              BonusStep.of(), ExecutionStep.of(), EndRoundStep.of())


@STEPS.options(PLAN)
def plan_options(game: "NoahState", step: PlanStep) -> tuple[Plan, ...]:
    return tuple(PLANS[column] for column, worker in enumerate(game.planned) if worker < 0)


@STEPS.resolver(PLAN)
def plan(game: "NoahState", step: PlanStep, option: Plan) -> None:
    """The worker moves to the planned space and takes its bonus tile's VP."""
    index = option.column - 1
    bonus = game.bonus[index]
    if game.history is not None:
        game.history.note_choice(game, step.seat, step.worker, option.column, bonus)
    game.planned[index] = step.worker
    game.worker_column[step.worker] = option.column
    if bonus:
        game.players[step.seat].score(BONUS, bonus)
        game.bonus[index] = 0


@STEPS.resolver(BONUS_STEP)
def grow_bonus(game: "NoahState", step: BonusStep, option: None) -> None:
    rules = game.rules
    for index, worker in enumerate(game.planned):
        if worker < 0:
            game.bonus[index] = min(rules.bonus_max, game.bonus[index] + rules.bonus_step)


@STEPS.resolver(EXECUTION)
def execution(game: "NoahState", step: ExecutionStep, option: None) -> None:
    game.push(*[ExecuteStep.of(game.worker_seat[worker], index + 1)
                for index, worker in enumerate(game.planned) if worker >= 0])


@STEPS.resolver(EXECUTE)
def execute(game: "NoahState", step: ExecuteStep, option: None) -> None:
    ACTIONS[game.actions[step.column - 1]](game, step.seat)


@STEPS.options(TURN)
def turn_options(game: "NoahState", step: TurnStep) -> tuple[Turn, ...]:
    return TURNS[:len(game.actions)]


@STEPS.resolver(TURN)
def turn(game: "NoahState", step: TurnStep, option: Turn) -> None:
    if game.history is not None:
        game.history.note_choice(game, step.seat, 0, option.column, 0)
    ACTIONS[game.actions[option.column - 1]](game, step.seat)


# ----------------------------------------------------------------------------- the actions


def amounts(game: "NoahState", action: str) -> tuple[int, int]:
    """(the planner's, every other player's) amount of an action under the rules in play."""
    return (game.rules.quick_amounts if game.quick else game.rules.amounts)[action]


def take_pitch(game: "NoahState", planner: int) -> None:
    for seat, count in shares(game, planner, "pitch"):
        got = min(count, game.supply_pitch)
        game.supply_pitch -= got
        game.players[seat].pitch += got


def take_food(game: "NoahState", planner: int) -> None:
    for seat, count in shares(game, planner, "food"):
        got = min(count, game.supply_food)
        game.supply_food -= got
        game.players[seat].food += got


def take_wood(game: "NoahState", planner: int) -> None:
    for seat, count in shares(game, planner, "wood"):
        got = min(count, game.supply_walls[seat])
        game.supply_walls[seat] -= got
        game.players[seat].walls += got


def shares(game: "NoahState", planner: int, action: str) -> list[tuple[int, int]]:
    """(seat, amount) in acting order: the planner first, then the others."""
    mine, theirs = amounts(game, action)
    return [(planner, mine), *((seat, theirs) for seat in game.others(planner))]


def gather(game: "NoahState", planner: int) -> None:
    males, females, either = game.rules.gather_draws[len(game.players)]
    game.push(GatherStep.of(planner, males, females, either, (planner, *game.others(planner))))


def swap(game: "NoahState", planner: int) -> None:
    if game.quick:
        game.players[planner].score(SWAP, game.rules.quick_swap_vp)
        game.push(SwapDrawStep.of(planner, game.rules.swap_draws), SwapExchangeStep.of(planner))
    else:
        game.push(SwapRewardStep.of(planner), SwapKindStep.of(planner))


def build(game: "NoahState", planner: int) -> None:
    mine, theirs = amounts(game, "build")
    game.push(BuildStep.of(planner, mine), *(BuildStep.of(seat, theirs) for seat in game.others(planner)))


def load(game: "NoahState", planner: int) -> None:
    mine, theirs = amounts(game, "load")
    game.push(LoadStep.of(planner, mine), *(LoadStep.of(seat, theirs) for seat in game.others(planner)))


ACTIONS: dict[str, Callable[["NoahState", int], None]] = {
    "pitch": take_pitch, "animals": gather, "food": take_food, "swap": swap, "wood": take_wood,
    "build": build, "load": load,
}


# ----------------------------------------------------------------------------- the end


@STEPS.resolver(END_ROUND)
def end_round(game: "NoahState", step: EndRoundStep, option: None) -> None:
    game.round += 1
    reason = end_reason(game)
    if not reason:
        return
    game.end_reason = reason
    if game.quick:
        game.push(FinalStep.of())
        return
    order = last_minute_order(game)
    game.push(*[LastFoodStep.of(seat) for seat in order], *[LastLoadStep.of(seat) for seat in order], FinalStep.of())


def end_reason(game: "NoahState") -> str:
    """Why the game ends after this round, or '' when it goes on."""
    minimum = game.rules.quick_min_rounds if game.quick else game.rules.min_rounds
    if game.round >= minimum:
        if game.hull_closed():
            return END_HULL
        if stalled(game):
            return END_STALL
    return END_MAX_ROUNDS if game.round >= game.max_rounds else ""


def stalled(game: "NoahState") -> bool:
    """No wall is left to place: none in front of a player, none of a player's colour in the
    supply. The hull can then never be closed (decision R14)."""
    return not any(player.walls for player in game.players) and not any(game.supply_walls)


def last_minute_order(game: "NoahState") -> list[int]:
    """From the fewest VP to the most; equal VP in worker order (decision R16)."""
    position = {seat: index for index, seat in enumerate(game.seat_order())}
    return sorted(range(len(game.players)), key=lambda seat: (game.players[seat].vp, position[seat]))


@STEPS.resolver(FINAL)
def final_scoring(game: "NoahState", step: FinalStep, option: None) -> None:
    """+5 to every player with the most hull walls (at least one); under the normal rules -1 per
    wall, food and pitch left and -size per animal left."""
    hull = [game.hull_walls(seat) for seat in range(len(game.players))]
    best = max(hull)
    for seat, player in enumerate(game.players):
        if best and hull[seat] == best:
            player.score(HULL, game.rules.hull_bonus)
        if not game.quick:
            player.score(PIECES_LEFT, -(player.walls + player.food + player.pitch))
            sizes = sum(game.catalog.species[game.catalog.tiles[tile].species].size for tile in game.tiles_of(seat))
            player.score(ANIMALS_LEFT, -sizes)
    game.over = True

