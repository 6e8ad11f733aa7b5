"""What a game remembers for the dataset when asked to (`keep_history`): card events and one record
per turn with its movement. Off by default, so lookahead copies never pay for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState

EVENT_FIELDS = ("event", "seat", "card", "turn", "points")
TURN_FIELDS = ("seat", "turn", "player_turn", "action", "cards_played", "cards_drawn", "creatures_moved", "spaces",
               "migrations", "tokens", "finals", "region_points", "token_points")
COUNTED = {name: TURN_FIELDS.index(name) for name in
           ("cards_played", "cards_drawn", "creatures_moved", "spaces", "migrations", "tokens")}


def keep_history(game: "InhabitState") -> None:
    """Start recording; the cards already dealt are noted as dealt."""
    game.events = []
    game.turn_log = []
    for seat, player in enumerate(game.seats):
        for card in player.hand:
            game.events.append(("dealt", seat, card, 0, 0))


def note(game: "InhabitState", seat: int, event: str, card: int, points: int = 0) -> None:
    """A card event (dealt, drawn, introduced, multiplied, evolved, adapted, paid, discarded, trigger,
    scored), when history is kept."""
    if game.events is not None:
        game.events.append((event, seat, card, game.turn, points))
        if event == "drawn":
            count(game, "cards_drawn")
        elif event in ("introduced", "multiplied", "evolved", "adapted"):
            count(game, "cards_played")


def open_turn(game: "InhabitState", seat: int, action: str) -> None:
    if game.turn_log is not None:
        game.turn_log.append([seat, game.turn, game.seats[seat].turns, action, 0, 0, 0, 0, 0, 0])


def count(game: "InhabitState", field: str, amount: int = 1) -> None:
    """Add to a counter of the open turn record."""
    if game.turn_log:
        game.turn_log[-1][COUNTED[field]] += amount


def close_turn(game: "InhabitState", seat: int) -> None:
    """Complete the open record with the board as the turn leaves it."""
    if game.turn_log and len(game.turn_log[-1]) < len(TURN_FIELDS):
        player = game.seats[seat]
        game.turn_log[-1].extend((game.finals, player.region_points, player.token_points))
