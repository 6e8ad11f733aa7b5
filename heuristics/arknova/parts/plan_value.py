"""The planner's cheap, static reading of a seat's next turns: what each action card can do at a strength.

`card_readiness` says, from the seat's own state only (no copy, no simulation), what one use of an action
card at a given strength would bring now: the best animals in hand that an open enclosure takes and the
money pays, the best sponsor in hand its level allows (or, with none, the money of a break), an enclosure
for an animal waiting in hand, a conservation project the zoo meets, or a few cards drawn. The planner uses
it twice: to shortlist a turn's options before it simulates any (`option_prior`), and to judge the plan a
simulated outcome leaves (`plan_value`): the action cards in the strong slots should have work waiting for
them at their strength (a sponsor in hand when Sponsors reaches slot 5, an animal and its enclosure when
Animals does), which the one-turn evaluation of the heuristic family cannot see; and the cards the bot
keeps, takes or discards inside a turn are judged by what they add to that plan (`hand_plan_gain`). Values are in points of
score, like the evaluation's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from heuristics.arknova.parts.evaluation import animal_gain, sponsor_gains
from sim.arknova.abilities.flock import has_home
from sim.arknova.actions.animals import animal_cost
from sim.arknova.actions.association import support_choices, workers_needed
from sim.arknova.board import building_size
from sim.arknova.engine import ArkNovaGame
from sim.arknova.passives import task_strength
from sim.arknova.requirements import requirements_met, unmet_count
from sim.arknova.state import PlayerState
from sim.arknova.zoo import enclosures_for

BUILD_SPACE_COST = 2  # money per space of a standard enclosure (the rulebook's Build action)
SLOTS = 5


@dataclass(frozen=True)
class PlanWeights:
    """What the planner's plan counts, in points of score per unit (heuristics/arknova/data/planners/*.toml)."""

    next_turn: float  # share of the best readiness among the cards in slots 4 and 5 after the move
    later: float  # share of the second best of them (the turn after)
    break_money: float  # per coin a Sponsors break would pay: the work of a Sponsors card with no sponsor
    cards: float  # readiness of a Cards action per point of strength
    build_share: float  # share of a waiting animal's gain that an enclosure for it is worth
    partner: float  # a partner zoo or university the Association action can take now
    lookahead: float  # share of the gain model's best next use of an action card (heuristics/arknova/parts/prior.py)
    card_plan: float  # weight of what a card adds to `plan_value` when the bot keeps, takes or discards it
    prior: float  # weight of a card's readiness against the `used_slot` credit in an option's static score
    shortlist: int  # turn options simulated to the end of the turn (the best by `option_prior`)
    learned: int  # 1: the shortlist by the learned prior (heuristics/arknova/parts/prior.py), 0: by `option_prior`


def _playable_animal_gains(player: PlayerState) -> list[float]:
    """Gains of the hand's animals that an open enclosure takes, the money pays and the zoo qualifies for."""
    animals = player.catalog.animals
    gains = [animal_gain(animal) for card in player.hand if (animal := animals.get(card)) is not None
             and animal_cost(player, animal) <= player.money and not unmet_count(player, animal)
             and has_home(player, animal)]
    return sorted(gains, reverse=True)


def _animals(game: ArkNovaGame, player: PlayerState, strength: int, w: PlanWeights) -> float:
    count = game.catalog.tracks.animals_max[player.is_upgraded("animals")][min(strength, SLOTS) - 1]
    return sum(_playable_animal_gains(player)[:count])


def _sponsors(game: ArkNovaGame, player: PlayerState, strength: int, w: PlanWeights) -> float:
    """The best sponsor in hand the level allows, or else the break's money."""
    upgraded = player.is_upgraded("sponsors")
    budget = strength + 1 if upgraded else strength
    sponsors, gains = game.catalog.sponsors, game.catalog.derived[sponsor_gains]
    best = max((gains[card] for card in player.hand if card in sponsors and sponsors[card].level <= budget
                and requirements_met(player, sponsors[card])), default=0.0)
    return max(best, w.break_money * strength * (2 if upgraded else 1))


def _build(game: ArkNovaGame, player: PlayerState, strength: int, w: PlanWeights) -> float:
    """An enclosure for the best animal in hand that waits for one, if the strength and money build it."""
    animals = player.catalog.animals
    best = 0.0
    for card in player.hand:
        animal = animals.get(card)
        if animal is None or unmet_count(player, animal) or enclosures_for(player, animal):
            continue
        size = animal.size if animal.standard_allowed and animal.size else building_size(game.catalog, animal.special or "")
        if size <= strength and BUILD_SPACE_COST * size + animal_cost(player, animal) <= player.money:
            best = max(best, w.build_share * animal_gain(animal))
    return best


def _association(game: ArkNovaGame, player: PlayerState, strength: int, w: PlanWeights) -> float:
    """The best task the strength and a worker reach: a conservation project the zoo meets now (its
    CP), a university or a partner zoo (`partner`), or else nothing worth a turn."""
    def reaches(task: str) -> bool:
        return (task_strength(player, task, game.catalog.tracks.task_strength(task)) <= strength
                and workers_needed(player, task) <= player.workers)

    best = w.partner if reaches("university") or reaches("partner_zoo") else 0.0
    if reaches("conservation_project"):
        projects = game.catalog.projects
        best = max([best, *(projects[row.number].slots[slot].cp for row in game.base_projects + game.projects
                            for slot, _ in support_choices(player, row.number, row.holders))])
    return best


def _cards(game: ArkNovaGame, player: PlayerState, strength: int, w: PlanWeights) -> float:
    return w.cards * strength


READINESS: dict[str, Callable[[ArkNovaGame, PlayerState, int, PlanWeights], float]] = {
    "animals": _animals, "sponsors": _sponsors, "build": _build, "association": _association, "cards": _cards,
}


def card_readiness(game: Any, seat: int, card: str, strength: int, w: PlanWeights) -> float:
    """What one use of action card `card` at `strength` would bring the seat now, roughly, in points."""
    return READINESS[card](game, game.players[seat], strength, w)


def plan_value(game: Any, seat: int, w: PlanWeights) -> float:
    """The work waiting for the two strongest action cards at their slots: the best of them counts
    `next_turn`, the other `later` (a card used next turn keeps its slot until then)."""
    cards = game.players[seat].action_cards
    ready = sorted((card_readiness(game, seat, cards[slot - 1], slot, w) for slot in (SLOTS - 1, SLOTS)),
                   reverse=True)
    return w.next_turn * ready[0] + w.later * ready[1]


def hand_plan_gain(view: Any, seat: int, card: int, w: PlanWeights) -> float:
    """What holding sponsor `card` adds to the seat's `plan_value`: a sponsor in hand for Sponsors in
    slot 4 or 5, instead of a break. `view` is the game or the seat's observation; its hand is left as
    it was. Other cards add nothing here (the evaluation values an animal in hand by its enclosure and
    money already), and neither does a sponsor while Sponsors is weak, which costs nothing to tell."""
    player = view.players[seat]
    if card not in player.catalog.sponsors or "sponsors" not in player.action_cards[SLOTS - 2:]:
        return 0.0
    hand = player.hand
    if card in hand:
        index = hand.index(card)
        with_card = plan_value(view, seat, w)
        del hand[index]
        without = plan_value(view, seat, w)
        hand.insert(index, card)
    else:
        without = plan_value(view, seat, w)
        hand.append(card)
        with_card = plan_value(view, seat, w)
        hand.pop()
    return with_card - without


def option_prior(game: ArkNovaGame, seat: int, option: Any, *, used_slot: float, w: PlanWeights,
                 readiness: Callable[[str, int], float] | None = None) -> float:
    """A turn option's static score, without playing it: `prior` times the card's readiness at the
    strength the option gives it, plus the `used_slot` credit of its slot (an X-token taken scores 0;
    the harbor always makes the shortlist). `readiness(card, strength)`, if given, replaces
    `card_readiness` for this seat (a cache shared by the options of one decision)."""
    if option[0] == "harbor":
        return float("inf")
    if option[0] == "xtoken":
        return 0.0
    card = option[1]
    slot = game.players[seat].strength_slot(card)
    strength = slot + option[2]
    ready = readiness(card, strength) if readiness else card_readiness(game, seat, card, strength, w)
    return w.prior * ready + used_slot * slot
