"""The end of the game: "Das Spiel endet sofort, sobald zwei Kreaturenmarker auf den Schlussfeldern
zweier Kontinente liegen. Der Spieler, der den zweiten Kreaturenmarker dorthin bewegt hat, beendet seinen
Spielzug nicht mehr." The number of continents is the config's `end_continents`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit import history
from sim.inhabit.drawing import put_on_discard

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState


def check_end(game: "InhabitState") -> bool:
    """End the game at once when enough final spaces are occupied; True if it ended. The turn cut
    short counts as a turn taken."""
    if game.finals >= game.end_continents:
        history.close_turn(game, game.current)
        game.seats[game.current].turns += 1
        game.turn += 1
        finish(game, "finals")
        return True
    return False


def finish(game: "InhabitState", reason: str) -> None:
    """The game is over: the cards and tokens of a movement under way go to their discard piles, and
    the scoring cards are scored."""
    from sim.inhabit.scoring import card_points

    move = game.move
    if move is not None:
        for card in move.cards:
            put_on_discard(game, card, face_up=False)
        game.used_tokens += move.tokens
        game.move = None
    game.stack.clear()
    game.over = True
    game.end_reason = reason
    game.card_points = [card_points(game, seat) for seat in range(len(game.seats))]
    if game.events is not None:
        from sim.inhabit.scoring import scoring_cards

        for seat in range(len(game.seats)):
            for card, points in scoring_cards(game, seat):
                history.note(game, seat, "scored", card, points)
