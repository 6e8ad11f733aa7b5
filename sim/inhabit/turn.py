"""A turn: one of the three basic actions, then the next seat; and the end of the game.

"Während seines Spielzuges muss jeder Spieler eine von drei möglichen Grundaktionen wählen und
ausführen" and "Die erste Aktion jedes Spielers ist immer Menagerie." The game ends "sofort, sobald
zwei Kreaturenmarker auf den Schlussfeldern zweier Kontinente liegen" (`end_continents` in the config);
a simulation also stops after `max_turns` turns, a safety net that random play needs and that the
dataset reports as its end reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit import history
from sim.inhabit.ending import finish
from sim.inhabit.menagerie import can_play_menagerie
from sim.inhabit.movement import trigger_sources
from sim.inhabit.registry import STEPS
from sim.inhabit.steps import (
    END_TURN,
    MENAGERIE_ACTION,
    MOVEMENT_ACTION,
    REARING_ACTION,
    TURN,
    Action,
    EndTurnStep,
    MenagerieStep,
    RearDiscardStep,
    RearFlipStep,
    TriggerStep,
    TurnStep,
)

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState

ACTIONS = (MENAGERIE_ACTION, REARING_ACTION, MOVEMENT_ACTION)


@STEPS.options(TURN)
def turn_options(game: "InhabitState", step: TurnStep) -> tuple[Action, ...]:
    """Menagerie while a sub-action can be paid for; Rearing and Movement once the seat has a creature
    (so a seat's first action is always Menagerie), Movement with a trigger to play."""
    player = game.seats[step.seat]
    options = []
    if can_play_menagerie(game, step.seat):
        options.append(MENAGERIE_ACTION)
    if player.creatures:
        options.append(REARING_ACTION)
        if trigger_sources(game, step.seat, first=True):
            options.append(MOVEMENT_ACTION)
    return tuple(options)


@STEPS.resolver(TURN)
def take_turn(game: "InhabitState", step: TurnStep, action: Action) -> None:
    seat = step.seat
    game.seats[seat].actions[ACTIONS.index(action)] += 1
    history.open_turn(game, seat, action.name)
    game.push(EndTurnStep.of(seat))
    if action == MENAGERIE_ACTION:
        game.push(MenagerieStep.of(seat, 0))
    elif action == REARING_ACTION:
        game.push(RearDiscardStep.of(seat), RearFlipStep.of(seat))
    else:
        game.push(TriggerStep.of(seat))


@STEPS.resolver(END_TURN)
def end_turn(game: "InhabitState", step: EndTurnStep, option: None) -> None:
    player = game.seats[step.seat]
    player.turns += 1
    history.close_turn(game, step.seat)
    game.used.clear()
    game.turn += 1
    game.current = (game.current + 1) % len(game.seats)
    if game.turn >= game.max_turns:
        finish(game, "turn_cap")
