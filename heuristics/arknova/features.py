"""A seat's position as named numbers: the quantities the heuristic's evaluation weighs, in their own units.

The heuristic family's `position_value` sums these quantities, each times a hand-set weight. Kept apart and
unweighted, they let a model learn what each is worth from better play (heuristics/arknova/distilled.py):
money (up to the heuristic's cap and above it), income, reputation, X-tokens, upgrades, workers, partner
zoos and universities, the recurring effects, the hand's animals by how ready they are, its sponsors, the
projects in reach, empty enclosures, sponsor levels, free space, and where each action card lies.
"""

from __future__ import annotations

from functools import partial

from heuristics.arknova.evaluation import (
    Weights,
    animal_gain,
    card_value,
    effect_value,
    kept_project_prospect,
    project_inputs,
    unmet,
)
from sim.arknova.board import board_of
from sim.arknova.breaks import break_money, recurring_effects
from sim.arknova.engine import ArkNovaGame
from sim.arknova.state import ACTION_CARDS
from sim.arknova.zoo import enclosure_size, enclosures_for, is_standard, open_enclosures

FEATURES = (
    "money", "money_above_cap", "income", "reputation", "xtokens", "upgrades", "workers", "partners",
    "recurring", "animals_ready", "animals_short_of_money", "animals_homeless", "animals_unmet",
    "sponsors_in_hand", "other_cards", "projects", "empty_enclosures", "sponsor_levels", "space",
) + tuple(f"slot_{card}" for card in ACTION_CARDS) + tuple(f"upgraded_{card}" for card in ACTION_CARDS)


def position_features(game: ArkNovaGame, seat: int, w: Weights) -> list[float]:
    """The seat's position as FEATURES. Money counts the coming break's share of income as the
    heuristic does, split at `w.money_cap`; an animal in hand counts its appeal, twice its CP and its
    reputation, under the readiness it has (an open enclosure takes it and the money pays, an enclosure
    but not the money, no enclosure); an animal whose condition is unmet counts one; projects are the
    heuristic's prospects under `w`."""
    player = game.players[seat]
    catalog = game.catalog
    income = break_money(player)
    money = player.money + (income * game.break_position / game.break_length if game.break_length else 0.0)
    open_now = open_enclosures(player)
    ready = short = homeless = not_met = sponsors = others = 0.0
    for card in player.hand:
        animal = catalog.animals.get(card)
        if animal is None:
            if card in catalog.sponsors:
                sponsors += max(0.0, card_value(player, card))
            else:
                others += 1
            continue
        gain = animal_gain(animal)
        if unmet(player, animal):
            not_met += 1
        elif not enclosures_for(player, animal, open_now):
            homeless += gain
        elif animal.cost <= player.money:
            ready += gain
        else:
            short += gain
    prospect = partial(kept_project_prospect, player, project_inputs(player), w)
    projects = sum(prospect(row.number, row.holders) for row in game.base_projects + game.projects)
    projects += sum(prospect(card, [-1] * len(catalog.projects[card].slots))
                    for card in player.hand if card in catalog.projects)
    empty = sorted((enclosure_size(kind) for kind, _, used in player.buildings if not used and is_standard(kind)),
                   reverse=True)
    return [
        min(money, w.money_cap), max(0.0, money - w.money_cap), income, player.reputation, player.xtokens,
        len(player.upgraded), player.workers_total, len(player.partner_zoos) + len(player.universities),
        sum(effect_value(effect) for effect in recurring_effects(player)),
        ready, short, homeless, not_met, sponsors, others, projects,
        sum(1 + 0.3 * size for size in empty[:2]),
        sum(catalog.sponsors[card].level for card in player.sponsors),
        (board_of(player).buildable & ~player.occupied).bit_count(),
        *(player.strength_slot(card) for card in ACTION_CARDS),
        *(1.0 if card in player.upgraded else 0.0 for card in ACTION_CARDS),
    ]
