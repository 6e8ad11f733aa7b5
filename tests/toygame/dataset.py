"""The toy's columns in the experiment dataset: a few per game and per seat, one row per card
played (the extra table "plays"), and its cards as a dimension table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.core.protocols import DimensionTable, GameTables, Rows

if TYPE_CHECKING:
    from toygame.catalog import Catalog
    from toygame.state import ToyState

SCHEMA: dict[str, dict[str, str]] = {
    "games": {"rounds_played": "u8", "deck_left": "u8"},
    "seats": {"cards_played": "u8", "money": "i16", "hand": "u8"},
    "plays": {"seat": "u8", "round": "u8", "card": "u16", "cost": "u8"},
}
PLAY_FIELDS = tuple(SCHEMA["plays"])
CARD_COLUMNS = {"number": "u16", "name": "str", "kind": "cat", "cost": "u8", "value": "u8"}


def keep_history(game: "ToyState") -> None:
    """Record every card played from now on (copies never record)."""
    game.plays = []


def game_tables(game: "ToyState") -> GameTables:
    return GameTables(
        game={"rounds_played": game.round, "deck_left": len(game.deck)},
        seats=[{"cards_played": len(seat.played), "money": seat.money, "hand": len(seat.hand)} for seat in game.seats],
        tables={"plays": Rows(PLAY_FIELDS, game.plays or ())},
    )


def dimension_tables(catalog: "Catalog") -> dict[str, DimensionTable]:
    """Every card of `catalog` (with its overrides): number, name, kind, cost and value."""
    rows = [{"number": card.number, "name": card.name, "kind": "card", "cost": card.cost, "value": card.value}
            for card in catalog.cards.values()]
    return {"cards": DimensionTable(CARD_COLUMNS, rows)}
