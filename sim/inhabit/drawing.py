"""Drawing and discarding: the deck rules of 2c, the hand limit of 2d, and the discards.

"Dabei kann der Spieler beliebig Karten von den Stapeln 1 bis 3 ziehen, deren Nummer einer Region
entspricht, in der mindestens eine Kreatur eines beliebigen Spielers ist. Der Spieler darf sich die
Karten nicht eher ansehen, bis er alle Karten gezogen hat." So every deck is chosen before any card is
seen: one decision per card while more than one deck may be drawn from, then all are drawn at once.
An empty deck is replaced by its shuffled discard pile; when that is empty too, a neighbouring deck
is drawn from ("Falls auch der Abwurfstapel leer ist, kann ein Spieler dann stattdessen von einem
beliebigen benachbarten Stapel nachziehen"), and failing that the remaining one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit.history import note
from sim.inhabit.registry import EFFECTS, STEPS
from sim.inhabit.steps import (
    DECK,
    DISCARD,
    DRAW,
    HAND_CHECK,
    PASSED_DRAW,
    DeckStep,
    DiscardStep,
    DrawStep,
    HandCheckStep,
    PassedDrawStep,
)

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState

NEIGHBOURS = {1: (2,), 2: (1, 3), 3: (2,)}
EFFECTS.rule("hand_limit")  # read by InhabitState.hand_limit_of


def cards_left(game: "InhabitState", deck: int, chosen: tuple[int, ...]) -> int:
    """Cards deck `deck` can still give (its draw and discard piles) after the draws already chosen."""
    index = deck - 1
    return len(game.decks[index]) + len(game.discard_up[index]) + len(game.discard_down[index]) - chosen.count(deck)


def sources(game: "InhabitState", chosen: tuple[int, ...]) -> tuple[int, ...]:
    """The decks the next card may come from: each allowed deck that still has cards, or for an
    exhausted one its nearest deck that has."""
    found: list[int] = []
    for deck in game.allowed_decks():
        if cards_left(game, deck, chosen) > 0:
            candidates: tuple[int, ...] = (deck,)
        else:
            candidates = tuple(other for other in NEIGHBOURS[deck] if cards_left(game, other, chosen) > 0) or \
                tuple(other for other in (1, 2, 3) if cards_left(game, other, chosen) > 0)
        found += [other for other in candidates if other not in found]
    return tuple(sorted(found))


def draw_count(game: "InhabitState", seat: int, wanted: int) -> int:
    """As many of `wanted` cards as the hand limit leaves room for ("Ein Spieler darf nie so viele
    Karten ziehen, dass sein Handlimit überschritten wird")."""
    player = game.seats[seat]
    return max(0, min(wanted, player.hand_limit - len(player.hand)))


@STEPS.resolver(DRAW)
def draw(game: "InhabitState", step: DrawStep, option: None) -> None:
    """Choose the deck of each card (asking while there is a choice), then draw them all."""
    chosen = step.chosen
    while len(chosen) < step.count:
        options = sources(game, chosen)
        if not options:
            break
        if len(options) > 1:
            game.push(DeckStep.of(step.seat, step.count, chosen))
            return
        chosen += options
    take_cards(game, step.seat, chosen)


@STEPS.options(DECK)
def deck_options(game: "InhabitState", step: DeckStep) -> tuple[int, ...]:
    return sources(game, step.chosen)


@STEPS.resolver(DECK)
def choose_deck(game: "InhabitState", step: DeckStep, deck: int) -> None:
    game.push(DrawStep.of(step.seat, step.count, step.chosen + (deck,)))


def take_cards(game: "InhabitState", seat: int, decks: tuple[int, ...]) -> None:
    """Draw one card from each deck named, reshuffling a deck's discard pile when it runs out."""
    hand = game.seats[seat].hand
    for deck in decks:
        pile = game.decks[deck - 1]
        if not pile:
            pile += game.discard_up[deck - 1] + game.discard_down[deck - 1]
            game.discard_up[deck - 1] = []
            game.discard_down[deck - 1] = []
            game.rng.shuffle(pile)
        card = pile.pop()
        hand.append(card)
        note(game, seat, "drawn", card)


def discard(game: "InhabitState", seat: int, card: int, face_up: bool, event: str = "discarded") -> None:
    """A hand card to its deck's discard pile; Menagerie costs lie face up, Rearing discards and
    trigger cards face down ("verdeckt")."""
    game.seats[seat].hand.remove(card)
    put_on_discard(game, card, face_up)
    note(game, seat, event, card)


def put_on_discard(game: "InhabitState", card: int, face_up: bool) -> None:
    deck = card // 100 - 1
    (game.discard_up if face_up else game.discard_down)[deck].append(card)


@STEPS.resolver(HAND_CHECK)
def check_hand(game: "InhabitState", step: HandCheckStep, option: None) -> None:
    """Above the hand limit (it fell when a hand-limit card was covered): discard one, then look again.
    "Wer diese Kreatur entwickelt, muss sofort eine Handkarte abwerfen, falls nötig." (151-155, 256, 257)"""
    player = game.seats[step.seat]
    if len(player.hand) > player.hand_limit:
        game.push(DiscardStep.of(step.seat), HandCheckStep.of(step.seat))


@STEPS.options(DISCARD)
def discard_options(game: "InhabitState", step: DiscardStep) -> tuple[int, ...]:
    return tuple(sorted(game.seats[step.seat].hand))


@STEPS.resolver(DISCARD)
def discard_one(game: "InhabitState", step: DiscardStep, card: int) -> None:
    discard(game, step.seat, card, face_up=True)


@STEPS.resolver(PASSED_DRAW)
def passed_draw(game: "InhabitState", step: PassedDrawStep, option: None) -> None:
    """No. 149: "Der Spieler nimmt sofort eine Karte von einem beliebigen Stapel, von dem er zu diesem
    Zeitpunkt ziehen darf. ... muss der Spieler erst eine Karte abwerfen, falls er bereits sein
    Handlimit erreicht hat." Nothing happens when no deck has a card left."""
    player = game.seats[step.seat]
    if not sources(game, ()):
        return
    if len(player.hand) >= player.hand_limit and player.hand:
        game.push(DiscardStep.of(step.seat), DrawStep.of(step.seat, 1))
    else:
        game.push(DrawStep.of(step.seat, 1))
