"""Basic action 2, Rearing: discard, flip a white marker to black, draw.

"Nun zieht der Spieler so viele Karten nach, wie er Kreaturen dieses Typs in seiner Menagerie hat,
plus so viele Karten wie es der Nummer der Region entspricht, in welcher sich die Kreatur befindet."
"Ausnahme: Falls alle Kreaturenmarker eines Spielers mit der Seite mit schwarzem Hintergrund nach oben
liegen, kann der Spieler eine beliebige seiner Kreaturen zur Aufzucht benutzen, allerdings nur genau eine
Karte nehmen. Der Marker bleibt mit der Seite mit schwarzem Hintergrund nach oben liegen."
Discards (2a) are offered only while they can make room for a card the draw would otherwise lose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit.drawing import discard, draw_count
from sim.inhabit.registry import EFFECTS, STEPS
from sim.inhabit.steps import DONE, REAR_DISCARD, REAR_FLIP, Done, DrawStep, RearDiscardStep, RearFlipStep

if TYPE_CHECKING:
    from sim.inhabit.state import Creature, InhabitState

EFFECTS.rule("rear_bonus", "rear_second")


def white(game: "InhabitState", seat: int) -> list["Creature"]:
    return [creature for creature in game.seats[seat].creatures if not creature.black]


def bonus(game: "InhabitState", seat: int) -> int:
    """Extra cards of the unused rear-bonus abilities (Nos. 141, 144-146, 251, 252)."""
    cards = game.catalog.cards
    return sum(int(cards[card].effect.params[0]) for card in game.visible(seat, "rear_bonus") if card not in game.used)


def second_rearing(game: "InhabitState", seat: int) -> int:
    """An unused rear-second ability card (Nos. 142, 143, 147, 148, 253-255), or 0."""
    return next((card for card in game.visible(seat, "rear_second") if card not in game.used), 0)


def cards_for(game: "InhabitState", creature: "Creature") -> int:
    """2c: creatures of the type plus the region number of its marker."""
    return creature.creatures + game.region(creature)


def most_cards(game: "InhabitState", seat: int) -> int:
    """The most this Rearing could draw, hand limit aside."""
    candidates = sorted((cards_for(game, creature) for creature in white(game, seat)), reverse=True)
    if not candidates:
        return 1
    if second_rearing(game, seat):
        return sum(candidates[:2]) + bonus(game, seat)
    return candidates[0] + bonus(game, seat)


@STEPS.options(REAR_DISCARD)
def rear_discard_options(game: "InhabitState", step: RearDiscardStep) -> tuple[int | Done, ...]:
    player = game.seats[step.seat]
    if not player.hand or len(player.hand) + most_cards(game, step.seat) <= player.hand_limit:
        return ()
    return (*sorted(player.hand), DONE)


@STEPS.resolver(REAR_DISCARD)
def rear_discard(game: "InhabitState", step: RearDiscardStep, option: int | Done) -> None:
    """2a: face down; "Nachdem er einmal begonnen hat Karten zu ziehen, kann er keine weiteren mehr abwerfen"."""
    if isinstance(option, Done):
        return
    game.push(RearDiscardStep.of(step.seat))
    discard(game, step.seat, option, face_up=False)


@STEPS.options(REAR_FLIP)
def rear_flip_options(game: "InhabitState", step: RearFlipStep) -> tuple[int | Done, ...]:
    creatures = white(game, step.seat)
    if step.second:
        return (*sorted(creature.cls for creature in creatures), DONE) if creatures else ()
    return tuple(sorted(creature.cls for creature in creatures or game.seats[step.seat].creatures))


@STEPS.resolver(REAR_FLIP)
def rear_flip(game: "InhabitState", step: RearFlipStep, option: int | Done) -> None:
    """2b and 2c for the chosen creature; a rear-second ability then offers another white one."""
    if isinstance(option, Done):
        return
    seat = step.seat
    creature = game.seats[seat].creature(option)
    assert creature is not None
    if creature.black:  # the exception: every marker is black
        game.push(DrawStep.of(seat, draw_count(game, seat, 1)))
        return
    creature.black = True
    count = cards_for(game, creature) + bonus(game, seat)
    game.used.update(game.visible(seat, "rear_bonus"))
    if step.second:
        game.used.add(second_rearing(game, seat))
    elif second_rearing(game, seat):
        game.push(RearFlipStep.of(seat, second=True))
    game.push(DrawStep.of(seat, draw_count(game, seat, count)))
