"""The animal tiles: action 2 (gather: the planner draws by player count, then every player takes
one of the drawn tiles, the planner first) and action 4 (swap: a reward, then two walls of
different colours change places, or three tiles are drawn and one may be exchanged for an own
tile whose partner is not in play). The quick rules' swap gives 1 VP and may exchange any tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknoah.board import select
from sim.arknoah.registry import STEPS
from sim.arknoah.state import SWAP
from sim.arknoah.steps import (
    FEMALE_BAG,
    GATHER,
    GATHER_BAG,
    KEEP,
    MALE_BAG,
    PICK,
    RETURN_DRAWN,
    SWAP_DRAW,
    SWAP_EXCHANGE,
    SWAP_KIND,
    SWAP_REWARD,
    SWAP_WALL,
    Bag,
    Exchange,
    GatherBagStep,
    GatherStep,
    Keep,
    Pick,
    PickStep,
    ReturnDrawnStep,
    Reward,
    SwapDrawStep,
    SwapExchangeStep,
    SwapKind,
    SwapKindStep,
    SwapRewardStep,
    SwapWallStep,
    WallPick,
)
from sim.core.steps import IllegalOption

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState

WALLS_SWAP, ANIMALS_SWAP = SwapKind("walls"), SwapKind("animals")
REWARDS = {item: Reward(item) for item in ("vp", "food", "wall", "pitch")}


def bag_options(game: "NoahState") -> tuple[Bag, ...]:
    """The bags that still hold a tile."""
    return tuple(option for option, bag in ((MALE_BAG, game.bags[1]), (FEMALE_BAG, game.bags[0])) if bag)


# ----------------------------------------------------------------------------- gathering


@STEPS.resolver(GATHER)
def gather(game: "NoahState", step: GatherStep, option: None) -> None:
    """Draw as the player count says (fewer when a bag runs empty), then the picks."""
    game.push(*[PickStep.of(seat) for seat in step.pickers], ReturnDrawnStep.of())
    for male, count in ((True, step.males), (False, step.females)):
        for _ in range(count):
            if game.bags[male]:
                game.draw(male)
    for _ in range(step.either):
        bags = bag_options(game)
        if len(bags) == 2:
            game.push(GatherBagStep.of(step.seat))
        elif bags:
            game.draw(bags[0].male)


@STEPS.options(GATHER_BAG)
def gather_bag_options(game: "NoahState", step: GatherBagStep) -> tuple[Bag, ...]:
    return bag_options(game)


@STEPS.resolver(GATHER_BAG)
def gather_bag(game: "NoahState", step: GatherBagStep, option: Bag) -> None:
    game.draw(option.male)


@STEPS.options(PICK)
def pick_options(game: "NoahState", step: PickStep) -> tuple[Pick, ...]:
    return tuple(Pick(tile) for tile in game.drawn)


@STEPS.resolver(PICK)
def pick(game: "NoahState", step: PickStep, option: Pick) -> None:
    take(game, step.seat, option.tile)


def take(game: "NoahState", seat: int, tile: int) -> None:
    """`seat` takes drawn tile `tile`."""
    game.drawn.remove(tile)
    game.holder[tile] = seat


@STEPS.resolver(RETURN_DRAWN)
def return_drawn(game: "NoahState", step: ReturnDrawnStep, option: None) -> None:
    for tile in game.drawn:
        game.return_to_bag(tile)
    game.drawn.clear()


# ----------------------------------------------------------------------------- swapping


@STEPS.options(SWAP_REWARD)
def reward_options(game: "NoahState", step: SwapRewardStep) -> tuple[Reward, ...]:
    """1 VP always; a food, a wall of the seat's colour or a pitch while the supply has one."""
    available = {"vp": True, "food": game.supply_food > 0, "wall": game.supply_walls[step.seat] > 0,
                 "pitch": game.supply_pitch > 0}
    return tuple(REWARDS[item] for item, there in available.items() if there)


@STEPS.resolver(SWAP_REWARD)
def reward(game: "NoahState", step: SwapRewardStep, option: Reward) -> None:
    player = game.players[step.seat]
    if option.item == "vp":
        player.score(SWAP, 1)
    elif option.item == "food":
        game.supply_food -= 1
        player.food += 1
    elif option.item == "wall":
        game.supply_walls[step.seat] -= 1
        player.walls += 1
    else:
        game.supply_pitch -= 1
        player.pitch += 1


def swappable(game: "NoahState", seat: int) -> list[int]:
    """The seat's tiles it may give away: those whose partner is not in play (quick rules: all)."""
    return [tile for tile, holder in enumerate(game.holder)
            if holder == seat and (game.quick or not game.partner_in_play(tile))]


@STEPS.options(SWAP_KIND)
def swap_kind_options(game: "NoahState", step: SwapKindStep) -> tuple[SwapKind, ...]:
    """Walls need two colours on the ark; animals need a swappable tile and a tile in the bags."""
    options = []
    if sum(1 for mask in game.colour_walls if mask) >= 2:
        options.append(WALLS_SWAP)
    if (game.bags[0] or game.bags[1]) and swappable(game, step.seat):
        options.append(ANIMALS_SWAP)
    return tuple(options)


@STEPS.resolver(SWAP_KIND)
def swap_kind(game: "NoahState", step: SwapKindStep, option: SwapKind) -> None:
    if option == WALLS_SWAP:
        game.push(SwapWallStep.of(step.seat))
    else:
        game.push(SwapDrawStep.of(step.seat, game.rules.swap_draws), SwapExchangeStep.of(step.seat))


@STEPS.options(SWAP_WALL)
def swap_wall_options(game: "NoahState", step: SwapWallStep) -> tuple[WallPick, ...]:
    """First any wall on the ark, then any wall of another colour."""
    walls = game.walls
    if step.first >= 0:
        walls &= ~game.colour_walls[game.colour_of(step.first)]
    return tuple(select(walls, game.board.wall_pick_tables))


@STEPS.resolver(SWAP_WALL)
def swap_wall(game: "NoahState", step: SwapWallStep, option: WallPick) -> None:
    if step.first < 0:
        game.push(SwapWallStep.of(step.seat, option.edge))
        return
    both = 1 << step.first | 1 << option.edge
    for colour in (game.colour_of(step.first), game.colour_of(option.edge)):
        game.colour_walls[colour] ^= both


@STEPS.options(SWAP_DRAW)
def swap_draw_options(game: "NoahState", step: SwapDrawStep) -> tuple[Bag, ...]:
    return bag_options(game)


@STEPS.resolver(SWAP_DRAW)
def swap_draw(game: "NoahState", step: SwapDrawStep, option: Bag) -> None:
    if step.left > 1:
        game.push(SwapDrawStep.of(step.seat, step.left - 1))
    game.draw(option.male)


@STEPS.options(SWAP_EXCHANGE)
def exchange_options(game: "NoahState", step: SwapExchangeStep) -> tuple[Exchange | Keep, ...]:
    if not game.drawn:
        return ()
    gives = swappable(game, step.seat)
    return (KEEP, *(Exchange(give, take) for give in gives for take in game.drawn))


@STEPS.resolver(SWAP_EXCHANGE)
def exchange(game: "NoahState", step: SwapExchangeStep, option: Exchange | Keep) -> None:
    game.push(ReturnDrawnStep.of())
    match option:
        case Keep():
            return
        case Exchange(give=give, take=taken):
            game.return_to_bag(give)
            take(game, step.seat, taken)
        case _:
            raise IllegalOption(f"{option!r} is no exchange option")
