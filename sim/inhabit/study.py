"""Inhabit the Earth's interventions for `arkmc study` (`sim.core.protocols.Interventions`): a card of deck 1
forced into a seat's starting hand, or taken out of the game.

The setup deals every starting hand from deck 1 ("fünf weitere Karten von Stapel 1"), after one red predator
(111-116) to each seat; the introductory game gives fixed starting sets of deck-1 cards instead. So the cards a
study can force are the cards of deck 1, and a forced card keeps the hand one the setup could have dealt:

- a red predator forced into a hand of the standard game becomes the seat's red predator (it replaces the one
  the seat was dealt first), any other card replaces one of the five other cards at random, so every seat still
  holds a red predator;
- the replaced card takes the forced card's place: its place in deck 1, or its slot in another seat's hand.

A banned card is skipped in deck 1; in a hand the top card of deck 1 takes its slot, but a seat's red predator
is replaced by the topmost red predator of deck 1 (the setup gives every seat one; with none left there, by a
spare one from a hand's five other cards). Banned cards are kept in `InhabitState.banned`: they are out of
play, and every seat knows it.

The game has no opening keep (the hand is simply dealt), so there is no keep or let-go study. What a study can
and cannot say is in docs/inhabit/data.md (*Studies*).
"""

from __future__ import annotations

import random

from sim.core.interventions import make_intervention
from sim.core.protocols import Intervention
from sim.inhabit.catalog import Catalog
from sim.inhabit.state import InhabitState

STUDY_KINDS = ("deal", "ban")  # the makers of `intervene`, in this order
RED_SLOT = 0  # the standard game deals each seat its red predator first (sim.inhabit.setup._red_predators)
STARTING_DECK = 1  # the deck the starting hands come from


def study_components(catalog: Catalog) -> dict[int, str]:
    """Every card of deck 1, number -> name (`card N` where the pack names none): the cards a hand is dealt from."""
    return {number: card.name or f"card {number}" for number, card in sorted(catalog.cards.items())
            if card.deck == STARTING_DECK}


def intervene(game: InhabitState, intervention: Intervention, rng: random.Random) -> None:
    """Make `intervention` on a game fresh from `sim.inhabit.setup.new_game`; `rng` picks the card it replaces."""
    card = intervention.component
    if card not in game.decks[STARTING_DECK - 1] and all(card not in seat.hand for seat in game.seats):
        raise ValueError(f"card {card} is not a deck-1 card of this game" + (
            " (the introductory game plays only egg cards)" if game.intro else ""))
    make_intervention(intervention, "Inhabit the Earth", len(game.seats), {
        "deal": lambda: deal_card(game, intervention.seat, card, rng),
        "ban": lambda: ban_card(game, card)})


def deal_card(game: InhabitState, seat: int, card: int, rng: random.Random) -> None:
    """Put `card` into the seat's starting hand in place of a card of it chosen by `rng` (see the module
    docstring); the replaced card goes where `card` was. Nothing moves when the seat holds it already."""
    hand = game.seats[seat].hand
    if card in hand:
        return
    slots = [slot for slot in range(len(hand)) if game.intro or (slot == RED_SLOT) == game.catalog.cards[card].red]
    slot = slots[rng.randrange(len(slots))]
    place_instead(game, card, hand[slot])
    hand[slot] = card


def place_instead(game: InhabitState, card: int, other: int) -> None:
    """Put `other` where `card` lies now: its place in deck 1 or its slot in a seat's hand."""
    deck = game.decks[STARTING_DECK - 1]
    if card in deck:
        deck[deck.index(card)] = other
        return
    for seat in game.seats:
        if card in seat.hand:
            seat.hand[seat.hand.index(card)] = other
            return
    raise ValueError(f"card {card} is neither in deck 1 nor in a hand")


def ban_card(game: InhabitState, card: int) -> None:
    """Take `card` out of the game: skipped in deck 1; in a hand, a card of deck 1 takes its slot
    (`_take_replacement`)."""
    deck = game.decks[STARTING_DECK - 1]
    if card in deck:
        deck.remove(card)
    else:
        red_slot = not game.intro and any(seat.hand[RED_SLOT] == card for seat in game.seats)
        place_instead(game, card, _take_replacement(game, red_slot))
    game.banned.append(card)


def _take_replacement(game: InhabitState, red_slot: bool) -> int:
    """Take from deck 1 the card that fills a banned card's slot in a hand: the top card, or for a seat's red
    predator the topmost red predator of deck 1, since the setup deals every seat one. When deck 1 holds none, a
    spare red predator comes from a hand's five other cards, and the top card of deck 1 fills its slot there."""
    deck = game.decks[STARTING_DECK - 1]
    if red_slot:
        cards = game.catalog.cards
        for number in reversed(deck):
            if cards[number].red:
                deck.remove(number)
                return number
        spare = next((number for seat in game.seats for slot, number in enumerate(seat.hand)
                      if slot != RED_SLOT and cards[number].red), None)
        if spare is not None:
            place_instead(game, spare, deck.pop())
            return spare
    return deck.pop()
