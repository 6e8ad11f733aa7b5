"""What a game remembers for the dataset when asked to: one record per turn.

A record is opened when a turn's action is chosen and closed with the tracks as they
stand when the turn ends, which is what score-progression plots need. Card events
(dealt, drawn, played, ...) are noted by `deck.record`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

TURN_FIELDS = ("seat", "turn", "player_turn", "break_number", "action", "card", "side", "strength",
               "xtokens_spent", "break_steps", "break_called", "appeal", "cp", "reputation", "money", "score")
BREAK_STEPS, BREAK_CALLED = TURN_FIELDS.index("break_steps"), TURN_FIELDS.index("break_called")


def keep_history(game: "ArkNovaGame") -> None:
    """Start recording card events and turns (off by default: search copies never record)."""
    game.events = []
    game.turn_history = []


def open_turn(game: "ArkNovaGame", seat: int, action: str, card: str, strength: int, spent: int) -> None:
    """Note the chosen action: `action` is the card played or "xtoken"; side 2 when upgraded."""
    if game.turn_history is not None:
        player = game.players[seat]
        side = 2 if player.is_upgraded(card) else 1
        game.turn_history.append([seat, game.turn, player.turns, game.breaks, action, card, side, strength, spent,
                                  0, False])


def note_break_steps(game: "ArkNovaGame", moved: int, called: bool) -> None:
    """Credit the open turn with the break-track spaces it moved and whether it called the break,
    so the dataset shows which actions bring the breaks."""
    if game.turn_history:
        record = game.turn_history[-1]
        record[BREAK_STEPS] += moved
        record[BREAK_CALLED] = record[BREAK_CALLED] or called


def close_turn(game: "ArkNovaGame", seat: int) -> None:
    """Complete the open record with the seat's tracks at the end of its turn."""
    if game.turn_history is not None:
        player = game.players[seat]
        game.turn_history[-1].extend(
            (player.appeal, player.cp, player.reputation, player.money, tracks.score(player)))
