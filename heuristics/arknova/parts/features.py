"""A seat's position as named numbers: the quantities the heuristic's evaluation weighs, in their own units.

The heuristic family's `position_value` sums these quantities, each times a hand-set weight. Kept apart and
unweighted, they let a model learn what each is worth from better play (heuristics/arknova/bots/distilled.py):
money (up to the heuristic's cap and above it), income, reputation, X-tokens, upgrades, workers, partner
zoos and universities, the recurring effects, the hand's animals by how ready they are, its sponsors, the
projects in reach, empty enclosures, sponsor levels, free space, and where each action card lies.
"""

from __future__ import annotations

from heuristics.arknova.parts.evaluation import PositionWalk, Weights, walk_position
from sim.arknova.engine import ArkNovaGame
from sim.arknova.state import ACTION_CARDS

FEATURES = (
    "money", "money_above_cap", "income", "reputation", "xtokens", "upgrades", "workers", "partners",
    "recurring", "animals_ready", "animals_short_of_money", "animals_homeless", "animals_unmet",
    "sponsors_in_hand", "other_cards", "projects", "empty_enclosures", "sponsor_levels", "space",
) + tuple(f"slot_{card}" for card in ACTION_CARDS) + tuple(f"upgraded_{card}" for card in ACTION_CARDS)
HAND_KINDS = ("ready", "short_of_money", "homeless", "unmet", "sponsor", "other")  # `hand_values`', in FEATURES' order


def position_features(game: ArkNovaGame, seat: int, w: Weights, walk: PositionWalk | None = None) -> list[float]:
    """The seat's position as FEATURES. Money counts the coming break's share of income as the
    heuristic does, split at `w.money_cap`; an animal in hand counts its appeal, twice its CP and its
    reputation, under the readiness it has (an open enclosure takes it and the money pays, an enclosure
    but not the money, no enclosure); an animal whose condition is unmet counts one; projects are the
    heuristic's prospects under `w`. A caller that also values the position passes the `walk` they share
    (`walk_position`; else it is walked here)."""
    player = game.players[seat]
    if walk is None:
        walk = walk_position(game, player, w)
    income = walk.income
    money = player.money + (income * game.break_position / game.break_length if game.break_length else 0.0)
    hand = dict.fromkeys(HAND_KINDS, 0.0)
    slots, upgraded = player.action_cards, player.upgraded
    for _, kind, amount in walk.hand:
        hand[kind] += amount
    return [
        min(money, w.money_cap), max(0.0, money - w.money_cap), income, player.reputation, player.xtokens,
        len(player.upgraded), player.workers_total, len(player.partner_zoos) + len(player.universities),
        walk.recurring, *hand.values(), walk.projects + walk.hand_projects,
        sum([1 + 0.3 * size for size in walk.empty[:2]]), walk.sponsor_levels, walk.space,
        *[slots.index(card) + 1 for card in ACTION_CARDS],  # `strength_slot` of each, without a call each
        *[1.0 if card in upgraded else 0.0 for card in ACTION_CARDS],
    ]
