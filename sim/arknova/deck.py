"""The zoo deck, the discard pile and the six-folder display."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

DISPLAY_SIZE = 6


def record(game: "ArkNovaGame", event: str, seat: int, card: int, source: str = "", money: int = 0) -> None:
    """Note a card event (dealt, drawn, snapped, played, ...) when the game keeps events."""
    if game.events is not None:
        game.events.append((event, seat, card, game.turn, game.breaks, source, money))


def draw_card(game: "ArkNovaGame") -> int | None:
    """Top card of the deck; an empty deck is rebuilt by shuffling the discard pile."""
    if not game.deck:
        if not game.discard:
            return None
        game.deck = game.discard
        game.discard = []
        game.rng.shuffle(game.deck)
    return game.deck.pop()


def draw_to_hand(game: "ArkNovaGame", seat: int, count: int) -> None:
    player = game.players[seat]
    for _ in range(count):
        card = draw_card(game)
        if card is None:
            return
        player.hand.append(card)
        record(game, "drawn", seat, card, "deck")


def reputation_range(player: "PlayerState", reputation_gain: int = 0) -> int:
    """The highest display folder within reach of the player's reputation, or of the reputation it
    would have after `reputation_gain` more steps (which stop at its cap)."""
    reputation = player.reputation
    if reputation_gain:
        reputation = max(reputation, min(reputation + reputation_gain, tracks.reputation_cap(player)))
    return player.catalog.tracks.reputation_range[reputation]


def folders_in_range(game: "ArkNovaGame", seat: int, reputation_gain: int = 0) -> list[int]:
    """Display indices (0-based) holding a card within the seat's reputation range (see
    `reputation_range` for `reputation_gain`)."""
    reach = reputation_range(game.players[seat], reputation_gain)
    return [index for index in range(min(reach, len(game.display))) if game.display[index]]


def take_from_display(game: "ArkNovaGame", seat: int, index: int, event: str, money: int = 0) -> int:
    """Remove the card in folder `index + 1`; the gap stays until the end-of-turn refill."""
    card = game.display[index]
    game.display[index] = 0
    record(game, event, seat, card, f"folder{index + 1}", money)
    return card


def take_card_to_play(game: "ArkNovaGame", seat: int, card: int, source: int, cost: int = 0) -> None:
    """Take a card being played from the hand (`source` -1) or from display folder `source + 1`,
    paying `cost`, plus the folder number when it comes from the display."""
    player = game.players[seat]
    if source < 0:
        player.money -= cost
        player.hand.remove(card)
        record(game, "played", seat, card, "hand", cost)
    else:
        paid = cost + source + 1
        player.money -= paid
        take_from_display(game, seat, source, "played", paid)


def refill_display(game: "ArkNovaGame") -> None:
    """Slide cards toward folder 1 keeping their order, then fill the free folders from the deck."""
    if len(game.display) == DISPLAY_SIZE and 0 not in game.display:  # full: most turns take no card from it
        return
    cards = [card for card in game.display if card]
    while len(cards) < DISPLAY_SIZE:
        card = draw_card(game)
        if card is None:
            break
        cards.append(card)
    game.display = cards + [0] * (DISPLAY_SIZE - len(cards))
