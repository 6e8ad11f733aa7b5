"""The heuristic family's in-turn rules: each decision inside a turn answered by weighted option values,
without lookahead (the turn's action is chosen by lookahead in heuristics/inhabit/bot.py).

A card is worth what its best use would bring: a new class, one more creature or a better top card, and
its symbols where the creature stands. A sub-action is made while it brings more than the card paid for
it; a trigger is judged by the spaces it lets the creatures move; a creature moves as far as its plan is
worth, and never onto the final space that ends the game unless that wins it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from heuristics.inhabit.weights import Weights
from sim.core.decision import Decision
from sim.inhabit.board import migration_space
from sim.inhabit.catalog import Card
from sim.inhabit.drawing import draw_count
from sim.inhabit.menagerie import free_source
from sim.inhabit.movement import current, pay, pools_of, walk
from sim.inhabit.rearing import cards_for
from sim.inhabit.scoring import points
from sim.inhabit.state import Creature, InhabitState
from sim.inhabit.steps import (
    DECK,
    DISCARD,
    DONE,
    FLIP,
    MENAGERIE,
    MENAGERIE_ACTION,
    MOVE,
    MOVEMENT_ACTION,
    PAY,
    REAR_DISCARD,
    REAR_FLIP,
    REARING_ACTION,
    SECOND_EVOLVE,
    TRIGGER,
    TURN,
    Adapt,
    Attach,
    Done,
    Evolve,
    Flip,
    Introduce,
    MigrateFirst,
    MigrateLast,
    Multiply,
    Stay,
    TriggerCard,
    TriggerToken,
)

ENDS_LOST = -100.0  # a plan that ends the game without winning it


def choose(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    """The rules' answer to any decision of `seat` (the turn's action by a quick rule)."""
    return RULES[decision.kind](state, seat, decision, weights)


# ----------------------------------------------------------------------------- what cards are worth


def top_value(card: Card, weights: Weights) -> float:
    """A card on top of a creature: its ability, or a share of its scoring's points."""
    if card.scoring:
        return weights.scoring * float(card.effect.params[-1]) * (3 if card.effect.keyword.endswith("count") else 1)
    return weights.ability * weights.abilities.get(card.effect.keyword, 0.5)


class Judge:
    """The worth of cards and symbols for one seat at one decision, each computed once."""

    __slots__ = ("state", "seat", "weights", "values", "by_worth", "free", "symbol_values", "tops", "by_class",
                 "limit", "token_points", "growing")

    def __init__(self, state: InhabitState, seat: int, weights: Weights) -> None:
        self.state, self.seat, self.weights = state, seat, weights
        creatures = state.seats[seat].creatures
        self.by_class = {creature.cls: creature for creature in creatures}  # a menagerie has one creature per class
        self.limit = min(len(creatures), state.class_limit)  # cards a creature may hold
        self.growing = [creature for creature in creatures if len(creature.cards) < self.limit]  # with room for a card
        self.values: dict[int, float] = {}
        self.by_worth: list[tuple[float, int]] | None = None  # the hand as (worth, card), least first
        self.free: dict[tuple[str, int], bool] = {}
        self.symbol_values: dict[int, float] = {}  # by card number * 8 + class of the creature
        self.tops: dict[int, float] = {}  # top_value by card number
        self.token_points: dict[int, int] = {}  # by symbol: the fewest points of a rack token showing it

    def symbols(self, card: Card, creature: Creature) -> float:
        """The continent and terrain symbols of `card` under `creature`: moves on its continent (or a
        migration), and the spaces ahead of it that show the terrain (their share of the terrain spaces
        ahead, scaled by how many lie ahead, up to 8)."""
        key = card.number * 8 + creature.cls
        found = self.symbol_values.get(key)
        if found is None:
            weights = self.weights
            value = weights.home_symbol if card.continent == creature.continent else (
                weights.other_continent if self.state.trails[card.continent] is not None else 0.0)
            counts, total = self.state.trail(creature.continent).ahead[creature.space]
            share = counts[card.terrain] / total * min(total, 8) / 4 if total else 0.0
            found = self.symbol_values[key] = value + weights.terrain_ahead * share
        return found

    def top(self, card: Card) -> float:
        """top_value of `card`, computed once."""
        found = self.tops.get(card.number)
        if found is None:
            found = self.tops[card.number] = top_value(card, self.weights)
        return found

    def card(self, number: int) -> float:
        """A hand card's worth: its best use now (a class to open, a creature to grow, symbols to add)."""
        found = self.values.get(number)
        if found is not None:
            return found
        state, weights = self.state, self.weights
        card = state.catalog.cards[number]
        creature = self.by_class.get(card.cls)
        if creature is None:
            best = weights.introduce + self.top(card)
        else:
            best = 0.0
            growing = self.growing
            if creature in growing:
                grow = max(weights.multiply, weights.evolve + self.top(card) - self.top(state.catalog.cards[creature.top]))
                best = grow + self.symbols(card, creature)
            for other in growing:
                adapt = weights.adapt + self.symbols(card, other)
                if adapt > best:
                    best = adapt
        self.values[number] = value = weights.card_cost * best
        return value

    def least_token(self, symbol: int) -> int:
        """The fewest points of a token on the rack showing `symbol` (the one a placement takes)."""
        found = self.token_points.get(symbol)
        if found is None:
            tokens = self.state.catalog.tokens
            found = self.token_points[symbol] = min(tokens[token].points for token in self.state.seats[self.seat].rack
                                                    if tokens[token].symbol == symbol)
        return found

    def is_free(self, sub_action: str, target_top: int) -> bool:
        """Whether an ability makes the sub-action free (asked once per sub-action, and for an evolution
        once per card covered: only a double evolution cares which card it covers, `free_source`)."""
        key = (sub_action, target_top if sub_action == "evolve" else 0)
        found = self.free.get(key)
        if found is None:
            found = self.free[key] = free_source(self.state, self.seat, sub_action, target_top) != 0
        return found

    def cheapest(self, without: int = 0) -> float:
        """The value of the card a payment would cost (the least worth in hand, `without` left out). The
        hand is sorted by worth once per judge: a menagerie decision asks this for each of its options."""
        if self.by_worth is None:
            self.by_worth = sorted((self.card(card), card) for card in self.state.seats[self.seat].hand)
        for worth, card in self.by_worth:
            if card != without:
                return worth
        return 0.0


# ----------------------------------------------------------------------------- menagerie


def sub_action_value(judge: Judge, option: Any) -> float:
    """What a sub-action brings, less the card it costs unless an ability makes it free."""
    weights = judge.weights
    if isinstance(option, Attach):
        return -weights.points * judge.least_token(option.symbol) - 0.1
    cards = judge.state.catalog.cards
    card = cards[option.card]
    if isinstance(option, Introduce):
        value = weights.introduce + judge.top(card) - (2.0 if option.continent != card.continent else 0.0)
        target_top = 0
    else:
        creature = judge.by_class[option.cls if isinstance(option, Adapt) else card.cls]
        target_top = creature.top
        gain = judge.symbols(card, creature)
        if isinstance(option, Multiply):
            value = weights.multiply + gain
        elif isinstance(option, Evolve):
            value = weights.evolve + gain + judge.top(card) - judge.top(cards[creature.top])
        else:
            value = weights.adapt + gain
    if not judge.is_free(option.tag, target_top):
        value -= judge.cheapest(without=option.card)
    return value - weights.hand


def menagerie(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    judge = Judge(state, seat, weights)
    scored = [(sub_action_value(judge, option), index, option)
              for index, option in enumerate(decision.options) if not isinstance(option, Done)]
    best = max(scored, default=None)
    if best is None or (best[0] <= 0 and DONE in decision.options):
        return DONE
    return best[2]


def least_worth(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    judge = Judge(state, seat, weights)
    cards = [option for option in decision.options if isinstance(option, int)]
    return min(cards, key=lambda card: (judge.card(card), card))


def rear_discard(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    card = least_worth(state, seat, decision, weights)
    return card if Judge(state, seat, weights).card(card) < weights.hand else DONE


def deck(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    preference = (weights.deck_1, weights.deck_2, weights.deck_3)
    return max(decision.options, key=lambda number: preference[number - 1])


def rear_flip(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    """The creature that draws most; among equals one on a final space (it will not move again)."""
    player = state.seats[seat]
    classes = [option for option in decision.options if isinstance(option, int)]

    def worth(cls: int) -> tuple[int, bool]:
        creature = player.creature(cls)
        assert creature is not None
        return cards_for(state, creature), creature.space == state.trail(creature.continent).final

    best = max(classes, key=worth)
    if DONE in decision.options and draw_count(state, seat, worth(best)[0]) == 0:
        return DONE
    return best


# ----------------------------------------------------------------------------- movement


def steps_of(state: InhabitState, creature: Creature) -> int:
    return len(walk(state, creature.continent, creature.space, pools_of(state, creature)))


def trigger(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    """The trigger letting the creatures move farthest, less what it costs; a second only if it adds."""
    cards, tokens = state.catalog.cards, state.catalog.tokens
    player = state.seats[seat]
    judge = Judge(state, seat, weights)
    already = state.move.mask if state.move is not None else 0
    movers = [(creature.mask, steps_of(state, creature)) for creature in player.creatures
              if creature.space != state.trail(creature.continent).final]

    def worth(option: Any) -> float:
        if isinstance(option, Done):
            return 0.0
        if isinstance(option, TriggerCard):
            mask, cost = cards[option.card].mask, judge.card(option.card)
        elif isinstance(option, TriggerToken):
            mask = 1 << option.symbol
            cost = weights.points * min(tokens[token].points for token in player.rack
                                        if tokens[token].symbol == option.symbol and tokens[token].color != "red")
        else:
            mask, cost = 1 << int(cards[option.card].effect.params[0]), 0.0
        steps = sum(count for shows, count in movers if shows & mask and not shows & already)
        return weights.trigger_step * steps - cost

    return max(decision.options, key=worth)


Walks = dict[int, tuple[int, list[int]]]  # by continent: where a walk of the moving creature starts, its landings


def endpoint(state: InhabitState, creature: Creature, plan: Any, walks: Walks) -> tuple[int, int, int]:
    """Where a plan leaves the creature (continent, space) and the token stacks it passes. A plan's steps
    are the first of the walk from where it stands or from where its first migration lands, the same for
    every plan of a decision that starts there: `walks` keeps each (a continent has one start)."""
    continent = plan.continent if isinstance(plan, MigrateFirst) else creature.continent
    walk_from = walks.get(continent)
    if walk_from is None:
        move = state.move
        assert move is not None
        pools = (move.pools if move.began else pools_of(state, creature))[:]
        space = creature.space
        if isinstance(plan, MigrateFirst):
            space = migration_space(state.trail(continent), state.occupant[continent], state.start,
                                    state.trail(creature.continent).regions[space])
            pay(pools, continent, state.trail(continent).terrains[space])
        walk_from = walks[continent] = (space, walk(state, continent, space, pools))
    space, landings = walk_from
    taken = landings[:plan.steps]
    end = taken[-1] if taken else space
    stacks = state.stacks[continent]
    passed = sum(1 for index in range(space + 1, end) if stacks[index])
    if isinstance(plan, MigrateLast):
        region = state.trail(continent).regions[end]
        continent = plan.continent
        end = migration_space(state.trail(continent), state.occupant[continent], state.start, region)
    return continent, end, passed


def plan_value(state: InhabitState, seat: int, creature: Creature, plan: Any, weights: Weights, walks: Walks) -> float:
    continent, space, passed = endpoint(state, creature, plan, walks)
    before = state.trail(creature.continent)
    after = state.trail(continent)
    gain = after.regions[space] - before.regions[creature.space]
    progress = space / after.final - creature.space / before.final
    value = (weights.points * gain + (weights.progress + weights.leader) * progress + weights.token_taken * passed
             + weights.home_symbol * (creature.counts[continent] - creature.counts[creature.continent]))
    if space == after.final:
        if state.finals + 1 >= state.end_continents:
            mine = points(state, seat) + gain + 3
            best_other = max(points(state, other) for other in range(len(state.seats)) if other != seat)
            return value + 50.0 if mine > best_other else ENDS_LOST
        value += 3 * weights.points
    return value


def move(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    index = current(state, seat)
    if index < 0:
        return DONE if DONE in decision.options else decision.options[0]
    creature = state.seats[seat].creatures[index]
    plans = [option for option in decision.options if isinstance(option, (Stay, MigrateFirst, MigrateLast))]
    best, best_value = (DONE, 0.0) if DONE in decision.options else (plans[0], -math.inf)  # a marker in transit
    walks: Walks = {}
    for plan in plans:
        worth = plan_value(state, seat, creature, plan, weights, walks)
        if worth > best_value:
            best, best_value = plan, worth
    if best is DONE:
        for option in decision.options:
            if isinstance(option, Attach) and option.cls == creature.cls and attach_helps(state, seat, creature, option):
                return option
    return best


def attach_helps(state: InhabitState, seat: int, creature: Creature, option: Attach) -> bool:
    """A token whose symbol lets the moving creature take at least two more steps."""
    move = state.move
    assert move is not None
    pools = (move.pools if move.began else pools_of(state, creature))[:]
    before = len(walk(state, creature.continent, creature.space, pools[:]))
    pools[option.symbol] += 1
    return len(walk(state, creature.continent, creature.space, pools)) >= before + 2


def keep_black(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    return Flip(False)


def second_evolve(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    return menagerie(state, seat, decision, weights)


def turn(state: InhabitState, seat: int, decision: Decision, weights: Weights) -> Any:
    """A quick rule for the action (the bot itself looks ahead instead): grow the menagerie while a
    class is missing, rear when the hand is low, else move."""
    player = state.seats[seat]
    options = decision.options
    if MENAGERIE_ACTION in options and (len(player.creatures) < 4 or len(player.hand) >= player.hand_limit - 1):
        return MENAGERIE_ACTION
    if REARING_ACTION in options and len(player.hand) <= 2:
        return REARING_ACTION
    return MOVEMENT_ACTION if MOVEMENT_ACTION in options else options[0]


Rule = Callable[[InhabitState, int, Decision, Weights], Any]
RULES: dict[str, Rule] = {
    TURN: turn, MENAGERIE: menagerie, SECOND_EVOLVE: second_evolve, PAY: least_worth, DISCARD: least_worth,
    REAR_DISCARD: rear_discard, REAR_FLIP: rear_flip, DECK: deck, TRIGGER: trigger, MOVE: move, FLIP: keep_black,
}
