"""The heuristic family's position value: one seat's position as a weighted sum of features, in points.

Points as they stand (regions, tokens, scoring cards), the markers' progress along their paths with a
bonus for the two most advanced (two final spaces end the game), the menagerie's classes, creatures and
cards, the hand and the white markers (Rearings to come). A finished game is worth its points, plus a
large bonus for a win, so a lookahead prefers ending a game it wins and avoids ending one it loses.
"""

from __future__ import annotations

from heuristics.inhabit.weights import Weights
from sim.inhabit.scoring import points, results
from sim.inhabit.state import InhabitState

WIN = 100.0


def value(state: InhabitState, seat: int, weights: Weights) -> float:
    if state.over:
        won = any(result.seat == seat and result.rank == 1 for result in results(state))
        return points(state, seat) + (WIN if won else 0.0)
    player = state.seats[seat]
    progress = []
    creatures = cards = white = 0
    for creature in player.creatures:
        final = state.trail(creature.continent).final
        progress.append(creature.space / final)
        creatures += creature.creatures
        cards += len(creature.cards)
        white += not creature.black and creature.space != final
    progress.sort(reverse=True)
    return (weights.points * points(state, seat) + weights.progress * sum(progress) + weights.leader * sum(progress[:2])
            + weights.creature * creatures + weights.card_in_menagerie * cards + weights.klass * len(player.creatures)
            + weights.hand * min(len(player.hand), player.hand_limit) + weights.white * white)
