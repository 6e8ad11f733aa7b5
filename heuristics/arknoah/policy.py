"""The heuristic family's answer to every Ark & Noah decision, from the seat's snapshot of the game and
the family's weights: one cheap rule per decision kind, no lookahead but a greedy load on a copy.

Planning values the planner part of each free action (plus its bonus tile); building places every
piece it can, preferring walls that close or nearly close cages of the sizes it can fill and hull
walls; loading takes the load that pays the player most against the best other player; picks and
exchanges keep the tiles worth most (a partner in front of the player best); the swap moves an
opponent's hull wall into the player's colour when the hull bonus is in reach.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from heuristics.arknoah.evaluation import (
    STAYS,
    bag_worths,
    expected_best,
    loadable_sizes,
    open_shapes,
    progress,
    single_sizes,
    tile_worth,
    tiles_gain,
)
from heuristics.arknoah.weights import NoahWeights
from sim.arknoah.animals import swappable
from sim.arknoah.board import bit_list
from sim.arknoah.building import placeable
from sim.arknoah.flow import amounts
from sim.arknoah.state import BAG, NoahState
from sim.arknoah.steps import (
    FEMALE_BAG,
    KEEP,
    MALE_BAG,
    BuildOption,
    Done,
    Exchange,
    LoadFood,
    LoadPair,
    LoadStep,
    Reward,
    SwapKind,
)
from sim.core.decision import Decision

Chooser = Callable[[NoahState, Decision, NoahWeights], Any]
ONE_EACH = (1, 1, 0)  # the gathering's draws (males, females, either) with two players
CLOSENESS = 3  # cage shapes up to this many walls short are worth building towards


def choose(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    return CHOOSERS[decision.kind](game, decision, weights)


def best(options: tuple[Any, ...], score: Callable[[Any], float]) -> Any:
    """The first option of the highest score."""
    return max(options, key=score)


# ----------------------------------------------------------------------------- planning


def plan_scores(game: NoahState, decision: Decision, weights: NoahWeights) -> dict[Any, float]:
    """Each free action's worth to the seat as its planner, with the bonus tile on it."""
    seat = decision.seat
    return {option: weights.bonus * game.bonus[option.column - 1]
            + ACTION_GAINS[game.actions[option.column - 1]](game, seat, weights) for option in decision.options}


def plan(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    scores = plan_scores(game, decision, weights)
    return best(decision.options, scores.__getitem__)


def _pitch_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    room = game.board.n_pitch - game.pitched.bit_count() - game.players[seat].pitch
    return weights.take_pitch * min(amounts(game, "pitch")[0], game.supply_pitch, max(0, room))


def _food_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    wanted = 1.0 if game.players[seat].food < weights.want_food else 0.3
    return weights.take_food * wanted * min(amounts(game, "food")[0], game.supply_food)


def _wood_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    wanted = 1.0 if game.players[seat].walls < weights.want_walls else 0.3
    return weights.take_wall * wanted * min(amounts(game, "wood")[0], game.supply_walls[seat])


def _build_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    player = game.players[seat]
    pitch = 0 if game.quick else min(player.pitch, (game.pitchable & ~game.pitched).bit_count())
    pieces = min(amounts(game, "build")[0], player.walls + pitch)
    walls = min(pieces, player.walls)
    gain = weights.build * pieces
    if weights.build_cage and walls:
        gain += weights.build_cage * sum(sorted(cage_gains(game, seat, weights).values(), reverse=True)[:walls])
    if weights.build_hull and walls:
        gain += weights.build_hull * min(walls, (game.board.hull & ~game.walls).bit_count())
    return gain


def _load_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    return weights.load * greedy_load(game, seat, amounts(game, "load")[0], weights)


def _gather_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    """The gathering as such, the own singles it may pair, and what the draw promises the planner against
    the best other player: worked out exactly for two players' split of one female and one male
    (`gather_draw`), estimated from the bags' tiles otherwise (`gather_pick`, `gather_rival`)."""
    waiting = sum(1 for tile, holder in enumerate(game.holder)
                  if holder == seat and any(game.holder[partner] == -1 for partner in game.catalog.partners[tile]))
    gain = weights.gather * (1.0 - progress(game)) + weights.gather_partner * waiting
    if weights.gather_draw and game.rules.gather_draws[len(game.players)] == ONE_EACH:
        return gain + weights.gather_draw * split_draw_gain(game, seat, weights)
    if weights.gather_pick or weights.gather_rival:
        others = game.others(seat)
        worths = bag_worths(game, [seat, *others], weights, progress(game))
        gain += weights.gather_pick * expected_best(worths[seat], sum(game.rules.gather_draws[len(game.players)]))
        if worths[seat]:
            gain -= weights.gather_rival * max(sum(worths[other]) for other in others) / len(worths[seat])
    return gain


def split_draw_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    """The expected gain of a gathering that draws one female and one male for two players: the planner
    keeps the drawn tile whose split pays it most, the other player takes the other. A split pays the
    planner the rise of its tiles' promise (the tile kept, and singles that either tile makes a pair,
    own or shared) less `gather_draw_rival` times the same rise for the other player."""
    females, males = game.bags
    if not females or not males:
        return 0.0
    (other,), partners = game.others(seat), game.catalog.partners
    # Splits of tiles of different species add up from each tile's move alone: worked out once per tile.
    alone = {(tile, taker): split_net(game, seat, {tile: taker}, weights)
             for tile in females + males for taker in (seat, other)}
    total = 0.0
    for female in females:
        for male in males:
            if male in partners[female]:
                total += max(split_net(game, seat, {female: seat, male: other}, weights),
                             split_net(game, seat, {male: seat, female: other}, weights))
            else:
                total += max(alone[female, seat] + alone[male, other], alone[male, seat] + alone[female, other])
    return total / (len(females) * len(males))


def split_net(game: NoahState, seat: int, moved: dict[int, int], weights: NoahWeights) -> float:
    """The rise of the seat's tile promise when drawn tiles go where `moved` says, less `gather_draw_rival`
    times the rise of the other player's (two players)."""
    late, (other,) = progress(game), game.others(seat)
    return (tiles_gain(game, seat, moved, weights, late)
            - weights.gather_draw_rival * tiles_gain(game, other, moved, weights, late))


def _swap_gain(game: NoahState, seat: int, weights: NoahWeights) -> float:
    singles = sum(single_sizes(game, seat).values())
    gain = weights.swap + weights.swap_hull * (hull_swap(game, seat) is not None) + weights.swap_animal * min(2, singles)
    if weights.swap_pick:
        gain += weights.swap_pick * exchange_promise(game, seat, weights)
    return gain


def exchange_promise(game: NoahState, seat: int, weights: NoahWeights) -> float:
    """What the best exchange of the swap's drawn tiles can be expected to add to the seat's tiles'
    worth: a drawn tile's worth over the least worth the seat may give away, the best of the draws."""
    late = progress(game)
    gives = sorted((tile_worth(game, seat, give, weights, late), give) for give in swappable(game, seat))
    if not gives:
        return 0.0
    # A give that is not a partner of the drawn tile leaves the tile's worth as it is, so of those only the
    # least worth matters (rounding keeps `worth - least` the largest of the differences, to the bit). That
    # is the gain of every drawn tile but those partnering a give (partners are mutual), worked out after.
    partners, least = game.catalog.partners, gives[0][0]
    worths = bag_worths(game, [seat], weights, late)[seat]
    gains = [max(0.0, worth - least) for worth in worths]
    partnering = {partner for _, give in gives for partner in partners[give]}
    tiles = game.bags[0] + game.bags[1]
    if not partnering.isdisjoint(tiles):
        for index, tile in enumerate(tiles):
            if tile not in partnering:
                continue
            worth = worths[index]
            best = next((worth - given for given, give in gives if give not in partners[tile]), 0.0)
            gains[index] = max(0.0, best, *(tile_worth(game, seat, tile, weights, late, {give: BAG}) - given
                                            for given, give in gives if give in partners[tile]))
    return expected_best(gains, game.rules.swap_draws)


ACTION_GAINS: dict[str, Callable[[NoahState, int, NoahWeights], float]] = {
    "pitch": _pitch_gain, "food": _food_gain, "wood": _wood_gain, "build": _build_gain, "load": _load_gain,
    "animals": _gather_gain, "swap": _swap_gain,
}


def greedy_load(game: NoahState, seat: int, points: int, weights: NoahWeights) -> int:
    """The VP the seat's own loads would score now with `points` load points (played on a copy)."""
    trial = game.copy()
    trial.stack = [LoadStep.of(seat, points)]
    trial._decision = None
    before = trial.players[seat].vp
    while trial.settle_turn():
        decision = trial.decision()
        trial.apply(load(trial, decision, weights))
    return trial.players[seat].vp - before


# ----------------------------------------------------------------------------- building


def build(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """Every piece placed; a wall where it closes or nearly closes a wanted cage, on the hull, or
    a pitch a finished cage still needs."""
    seat = decision.seat
    wall_gain = cage_gains(game, seat, weights)
    needed = 0
    for index, cage in enumerate(game.cages):
        if game.cage_large[index] < 0:
            needed |= cage.pitch
    board = game.board
    hull, hull_edge, pitch_needed = board.hull, weights.hull_edge, weights.pitch_needed
    # Speed: building is the commonest decision, with the most options (every free edge), so not every option
    # is scored. A wall off every wanted cage scores by the hull alone, so the lowest such wall on the hull and
    # the lowest off it stand for all of them; a pitch scores by whether a cage needs it, so the lowest needed
    # space and the lowest other one stand for the pitch. Those and the walls with a cage gain are scored in
    # the options' order (walls by edge, pitch by space, done: `build_options`), and the first of the highest
    # score is chosen, as `best` over every option would.
    edges, spaces = placeable(game, seat)
    gained = 0
    for edge in wall_gain:
        gained |= 1 << edge
    plain = edges & ~gained
    on_hull, off_hull = plain & hull, plain & ~hull
    needing, spare = spaces & needed, spaces & ~needed
    scored: list[tuple[float, BuildOption]] = [
        (1.0 + hull_edge * (hull >> edge & 1) + wall_gain.get(edge, 0.0), board.wall_options[edge])
        for edge in bit_list(edges & gained | on_hull & -on_hull | off_hull & -off_hull)]
    scored += [(1.0 + pitch_needed * (needed >> space & 1), board.pitch_options[space])
               for space in bit_list(needing & -needing | spare & -spare)]
    scored.append((0.0, decision.options[-1]))  # done
    return max(scored, key=itemgetter(0))[1]


def cage_gains(game: NoahState, seat: int, weights: NoahWeights) -> dict[int, float]:
    """Per free edge: what a wall there adds to the cages the seat would like to see closed."""
    loadable, singles = loadable_sizes(game, seat), single_sizes(game, seat)
    desire = {size: weights.desire_any + weights.desire_pair * loadable.get(size, 0)
              + weights.desire_single * singles.get(size, 0) for size in range(1, 5)}
    closeness = (0.0, weights.cage_close, weights.cage_near, weights.cage_far)
    gains: dict[int, float] = {}
    for shape, edges in open_shapes(game, CLOSENESS):
        worth = desire[shape.size] * closeness[len(edges)]
        for edge in edges:
            gains[edge] = gains.get(edge, 0.0) + worth
    return gains


# ----------------------------------------------------------------------------- loading


def load(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """The load that pays the seat most against the best other player; done when none pays."""
    seat = decision.seat
    enabling = enabling_cages(game, seat)

    def score(option: Any) -> float:
        if isinstance(option, LoadPair):
            mine, theirs = pair_gains(game, seat, option)
            return 100.0 + mine - weights.opponent_gain * theirs  # a pair first: food can wait, points cannot
        if isinstance(option, LoadFood):
            return 1.0 - weights.food + weights.enable * enabling.get(option.cage, 0.0)
        return 0.0

    return best(decision.options, score)


def pair_gains(game: NoahState, seat: int, option: LoadPair) -> tuple[float, float]:
    """VP a pair's boarding brings the seat, and the most it brings one other player."""
    catalog = game.catalog
    vp = catalog.species[catalog.tiles[option.male].species].vp
    gains = [0] * len(game.players)
    for tile in (option.male, option.female):
        gains[game.holder[tile]] += vp
    shape = game.cages[option.cage]
    for colour, mask in enumerate(game.colour_walls):
        gains[colour] += (shape.boundary & mask).bit_count()
    if not game.quick:
        gains[seat] += (shape.pitch & game.pitched).bit_count()
    others = [gain for other, gain in enumerate(gains) if other != seat]
    return gains[seat], max(others, default=0)


def enabling_cages(game: NoahState, seat: int) -> dict[int, float]:
    """Per unfed cage of a size the seat could fill with a pair: 1 / the food it still lacks."""
    loadable = loadable_sizes(game, seat)
    found = {}
    for index, cage in enumerate(game.cages):
        lacking = cage.size - game.cage_food[index]
        if lacking > 0 and game.cage_large[index] < 0 and loadable.get(cage.size):
            found[index] = 1.0 / lacking
    return found


def last_food(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """Every food goes on the ark (one left costs 1 VP), first where it lets an own pair board."""
    enabling = enabling_cages(game, decision.seat)
    return best(decision.options, lambda option: -1.0 if isinstance(option, Done) else 1.0 + enabling.get(option.cage, 0.0))


def last_load(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """Every pair boards (an animal left costs its size), the largest first."""
    catalog = game.catalog
    return best(decision.options, lambda option: -1 if isinstance(option, Done)
                else catalog.species[catalog.tiles[option.male].species].size)


# ----------------------------------------------------------------------------- animals and swaps


def pick(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    late = progress(game)
    return best(decision.options, lambda option: tile_worth(game, decision.seat, option.tile, weights, late))


def bag(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """The bag holding more partners of the seat's singles."""
    if len(decision.options) == 1:
        return decision.options[0]
    partners = game.catalog.partners
    wanted = {partner for tile, holder in enumerate(game.holder) if holder == decision.seat
              for partner in partners[tile] if game.holder[partner] == -1}
    males = sum(1 for tile in game.bags[1] if tile in wanted)
    females = sum(1 for tile in game.bags[0] if tile in wanted)
    return MALE_BAG if males >= females else FEMALE_BAG


def reward(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    return Reward("vp")


def hull_swap(game: NoahState, seat: int) -> tuple[int, int] | None:
    """(an opponent's hull wall, an own inner wall) whose swap brings the seat's hull walls closer to
    the leader's; None when there is no such pair or the bonus is out of reach either way."""
    hull = game.board.hull
    counts = [game.hull_walls(other) for other in range(len(game.players))]
    leader = max((other for other in range(len(game.players)) if other != seat), key=counts.__getitem__)
    theirs = game.colour_walls[leader] & hull
    mine = game.colour_walls[seat] & ~hull
    if not theirs or not mine or abs(counts[seat] - counts[leader]) > 2:
        return None
    return (theirs & -theirs).bit_length() - 1, (mine & -mine).bit_length() - 1


def swap_kind(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    options = decision.options
    if SwapKind("walls") in options and hull_swap(game, decision.seat) is not None:
        return SwapKind("walls")
    return SwapKind("animals") if SwapKind("animals") in options else options[0]


def swap_wall(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    target = hull_swap(game, decision.seat)
    if target is not None:
        for edge in target:
            if (game.board.wall_picks[edge]) in decision.options:
                return game.board.wall_picks[edge]
    return decision.options[0]


def exchange(game: NoahState, decision: Decision, weights: NoahWeights) -> Any:
    """The exchange that raises the seat's tiles' worth most, or none. With `partner_given` the tile taken
    is worth what it is once the tile given is gone (taking the partner of the tile given away makes
    no pair); without, as if the tile given stayed, as the family once read it."""
    late, seat = progress(game), decision.seat

    def gain(option: Any) -> float:
        if not isinstance(option, Exchange):
            return 0.0
        given = {option.give: BAG} if weights.partner_given else STAYS
        return (tile_worth(game, seat, option.take, weights, late, given)
                - tile_worth(game, seat, option.give, weights, late))

    choice = best(decision.options, gain)
    return choice if gain(choice) > 0 else KEEP


CHOOSERS: dict[str, Chooser] = {
    "plan": plan, "turn": plan, "build": build, "load": load, "last_food": last_food, "last_load": last_load,
    "pick": pick, "gather_bag": bag, "swap_draw": bag, "swap_reward": reward, "swap_kind": swap_kind,
    "swap_wall": swap_wall, "swap_exchange": exchange,
}
