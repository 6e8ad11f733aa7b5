"""The toy's rules as steps of the core's step machine (the step and option types are in
`toygame.steps`).

A turn is one decision: take income, draw a card, or play an affordable card from the hand
(pay its cost, score its value, then its effects in order). Drawing past the hand limit asks
for discards; a steal effect asks whom to rob. The game ends after the configured rounds, or
at the end of the round in which the deck ran out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from sim.core.steps import StepRegistry
from toygame.effects import EFFECTS
from toygame.steps import (
    DISCARD,
    DRAW,
    END_TURN,
    GRANT,
    TARGET,
    TURN,
    DiscardStep,
    Draw,
    DrawStep,
    EndTurnStep,
    GrantStep,
    Income,
    Play,
    TargetStep,
    TurnOption,
    TurnStep,
)

if TYPE_CHECKING:
    from toygame.state import ToyState

STEPS = StepRegistry("toy")
INCOME = 2
HAND_LIMIT = 5


@STEPS.options(TURN)
def turn_options(game: "ToyState", step: TurnStep) -> tuple[TurnOption, ...]:
    seat = game.seats[step.seat]
    options: list[TurnOption] = [Income()]
    if game.deck:
        options.append(Draw())
    options += [Play(card) for card in sorted(seat.hand) if game.catalog.cards[card].cost <= seat.money]
    return tuple(options)


@STEPS.resolver(TURN)
def take_turn(game: "ToyState", step: TurnStep, option: TurnOption) -> None:
    game.push(EndTurnStep.of(step.seat))
    match option:
        case Income():
            game.seats[step.seat].money += INCOME
        case Draw():
            game.push(DrawStep.of(step.seat, 1))
        case Play(card=card):
            play_card(game, step.seat, card)
        case _:  # a plain tuple equal to a legal option passes `apply`'s check but is no turn option
            assert_never(option)


def play_card(game: "ToyState", seat: int, number: int) -> None:
    """Seat `seat` plays card `number` from its hand; its effects are pushed to resolve in order."""
    card = game.catalog.cards[number]
    player = game.seats[seat]
    player.money -= card.cost
    player.hand.remove(number)
    player.played.append(number)
    player.points += card.value
    if game.plays is not None:
        game.plays.append((seat, game.round, number, card.cost))
    game.push(*[GrantStep.of(seat, number, index) for index in range(len(card.effects))])


@STEPS.resolver(GRANT)
def grant_effect(game: "ToyState", step: GrantStep, option: None) -> None:
    EFFECTS.grant(game, step.seat, game.catalog.cards[step.card].effects[step.effect_index])


@STEPS.resolver(DRAW)
def draw(game: "ToyState", step: DrawStep, option: None) -> None:
    hand = game.seats[step.seat].hand
    for _ in range(min(step.card_count, len(game.deck))):
        hand.append(game.deck.pop())
    if len(hand) > HAND_LIMIT:
        game.push(DiscardStep.of(step.seat, len(hand) - HAND_LIMIT))


@STEPS.options(DISCARD)
def discard_options(game: "ToyState", step: DiscardStep) -> tuple[int, ...]:
    return tuple(sorted(game.seats[step.seat].hand))


@STEPS.resolver(DISCARD)
def discard(game: "ToyState", step: DiscardStep, card: int) -> None:
    if step.card_count > 1:
        game.push(DiscardStep.of(step.seat, step.card_count - 1))
    game.seats[step.seat].hand.remove(card)
    game.discard.append(card)


@STEPS.options(TARGET)
def target_options(game: "ToyState", step: TargetStep) -> tuple[int, ...]:
    return tuple(other for other, player in enumerate(game.seats) if other != step.seat and player.money > 0)


@STEPS.resolver(TARGET)
def steal(game: "ToyState", step: TargetStep, robbed: int) -> None:
    taken = min(step.coins, game.seats[robbed].money)
    game.seats[robbed].money -= taken
    game.seats[step.seat].money += taken


@STEPS.resolver(END_TURN)
def end_turn(game: "ToyState", step: EndTurnStep, option: None) -> None:
    game.current = (game.current + 1) % len(game.seats)
    if game.current == 0:
        game.round += 1
        game.over = game.round >= game.rounds or not game.deck
