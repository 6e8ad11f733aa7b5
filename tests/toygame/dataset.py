"""The toy's columns in the experiment dataset: a few per game and per seat, and one row per
card played (the extra table "plays")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.core.protocols import GameTables

if TYPE_CHECKING:
    from toygame.state import ToyState

SCHEMA: dict[str, dict[str, str]] = {
    "games": {"rounds_played": "u8", "deck_left": "u8"},
    "seats": {"cards_played": "u8", "money": "i16", "hand": "u8"},
    "plays": {"seat": "u8", "round": "u8", "card": "u16", "cost": "u8"},
}
PLAY_FIELDS = tuple(SCHEMA["plays"])


def keep_history(game: "ToyState") -> None:
    """Record every card played from now on (copies never record)."""
    game.plays = []


def game_tables(game: "ToyState") -> GameTables:
    return GameTables(
        game={"rounds_played": game.round, "deck_left": len(game.deck)},
        seats=[{"cards_played": len(seat.played), "money": seat.money, "hand": len(seat.hand)} for seat in game.seats],
        tables={"plays": [dict(zip(PLAY_FIELDS, play, strict=True)) for play in game.plays or ()]},
    )
