"""The toy's rules as steps of the core's step machine.

A turn is one decision: take income, draw a card, or play an affordable card from the hand
(pay its cost, score its value, then its effects in order). Drawing past the hand limit asks
for discards; a steal effect asks whom to rob. The game ends after the configured rounds, or
at the end of the round in which the deck ran out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.core.steps import Step, StepRegistry
from toygame.effects import EFFECTS

if TYPE_CHECKING:
    from toygame.state import ToyState

STEPS = StepRegistry("toy")
INCOME = 2
HAND_LIMIT = 5


@STEPS.options("turn")
def turn_options(game: "ToyState", step: Step) -> tuple[Any, ...]:
    seat = game.seats[step[1]]
    options: list[Any] = [("income",)]
    if game.deck:
        options.append(("draw",))
    options += [("play", card) for card in sorted(seat.hand) if game.catalog.cards[card].cost <= seat.money]
    return tuple(options)


@STEPS.resolver("turn")
def take_turn(game: "ToyState", step: Step, option: Any) -> None:
    seat = step[1]
    game.push(("end_turn", seat))
    if option[0] == "income":
        game.seats[seat].money += INCOME
    elif option[0] == "draw":
        game.push(("draw", seat, 1))
    else:
        play_card(game, seat, option[1])


def play_card(game: "ToyState", seat: int, number: int) -> None:
    card = game.catalog.cards[number]
    player = game.seats[seat]
    player.money -= card.cost
    player.hand.remove(number)
    player.played.append(number)
    player.points += card.value
    if game.plays is not None:
        game.plays.append((seat, game.round, number, card.cost))
    game.push(*[("grant", seat, number, index) for index in range(len(card.effects))])


@STEPS.resolver("grant")
def grant_effect(game: "ToyState", step: Step, option: Any) -> None:
    _, seat, number, index = step
    EFFECTS.grant(game, seat, game.catalog.cards[number].effects[index])


@STEPS.resolver("draw")
def draw(game: "ToyState", step: Step, option: Any) -> None:
    _, seat, count = step
    hand = game.seats[seat].hand
    for _ in range(min(count, len(game.deck))):
        hand.append(game.deck.pop())
    if len(hand) > HAND_LIMIT:
        game.push(("discard", seat, len(hand) - HAND_LIMIT))


@STEPS.options("discard")
def discard_options(game: "ToyState", step: Step) -> tuple[Any, ...]:
    return tuple(sorted(game.seats[step[1]].hand))


@STEPS.resolver("discard")
def discard(game: "ToyState", step: Step, option: Any) -> None:
    _, seat, count = step
    if count > 1:
        game.push(("discard", seat, count - 1))
    game.seats[seat].hand.remove(option)
    game.discard.append(option)


@STEPS.options("target")
def target_options(game: "ToyState", step: Step) -> tuple[Any, ...]:
    return tuple(other for other, player in enumerate(game.seats) if other != step[1] and player.money > 0)


@STEPS.resolver("target")
def steal(game: "ToyState", step: Step, option: Any) -> None:
    _, seat, amount = step
    taken = min(amount, game.seats[option].money)
    game.seats[option].money -= taken
    game.seats[seat].money += taken


@STEPS.resolver("end_turn")
def end_turn(game: "ToyState", step: Step, option: Any) -> None:
    game.current = (game.current + 1) % len(game.seats)
    if game.current == 0:
        game.round += 1
        game.over = game.round >= game.rounds or not game.deck
