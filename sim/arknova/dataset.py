"""Ark Nova's columns in the experiment dataset (see docs/dataset.md).

The runner owns the ids, seeds, bots, status and timing columns of every game; this
module adds what only Ark Nova knows: tracks, maps, the opening hand, action counts,
card events and one row per turn, and the dimension tables `cards` and `maps` that name the
numbers those tables hold. Types are the smallest that hold the values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import tracks
from sim.arknova.catalog import Animal, Catalog, FinalScoring, Sponsor
from sim.arknova.history import TURN_FIELDS
from sim.arknova.state import ACTION_CARDS
from sim.core.protocols import DimensionTable, GameTables, Rows

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

ACTION_KINDS = (*ACTION_CARDS, "xtoken")
CARD_EVENT_FIELDS = ("event", "seat", "card", "turn", "break_number", "source", "money")

SCHEMA: dict[str, dict[str, str]] = {
    "games": {
        "variant": "cat", "maps_option": "cat", "turns": "u16", "breaks": "u16", "end_trigger": "i8",
    },
    "seats": {
        "map": "cat", "appeal": "u8", "cp": "u8", "reputation": "u8", "money": "i32", "score": "i16",
        "vp": "i16", "turns": "u16", "dealt": "list[u16]", "kept": "list[u16]",
        "final_scoring_dealt": "list[u8]", "final_scoring_kept": "list[u8]",
        **{f"actions_{kind}": "u16" for kind in ACTION_KINDS},
        "animals": "u8", "sponsors": "u8", "projects": "u8", "buildings": "u8",
        "xtokens_spent": "u16", "xtokens_left": "u8",
    },
    "card_events": {
        "seat": "u8", "event": "cat", "card": "u16", "turn": "u16", "break_number": "u16",
        "source": "cat", "money": "i32",
    },
    "turns": {
        "seat": "u8", "turn": "u16", "player_turn": "u16", "break_number": "u16", "action": "cat",
        "card": "cat", "side": "u8", "strength": "u8", "xtokens_spent": "u8", "break_steps": "u8",
        "break_called": "bool", "appeal": "u8",
        "cp": "u8", "reputation": "u8", "money": "i32", "score": "i16",
    },
}


def game_tables(game: "ArkNovaGame") -> GameTables:
    """The game's own columns for its games row, its seat rows and its card-event and turn rows."""
    config = game.config
    game_row = {
        "variant": "solo" if game.solo else "standard",
        "maps_option": ",".join(config["maps"]) if isinstance(config["maps"], list) else config["maps"],
        "turns": game.turn, "breaks": game.breaks, "end_trigger": game.end_trigger,
    }
    seats = [_seat_row(player) for player in game.players]
    events = Rows(CARD_EVENT_FIELDS, game.events or ())
    width = len(TURN_FIELDS)  # a closed turn's record; a capped game's last turn is still open
    turns = Rows(TURN_FIELDS, [record for record in game.turn_history or () if len(record) == width])
    return GameTables(game=game_row, seats=seats, tables={"card_events": events, "turns": turns})


def _seat_row(player: Any) -> dict[str, Any]:
    return {
        "map": player.map_id, "appeal": player.appeal, "cp": player.cp, "reputation": player.reputation,
        "money": player.money, "score": tracks.score(player), "vp": tracks.victory_points(player),
        "turns": player.turns, "dealt": list(player.dealt), "kept": list(player.kept),
        "final_scoring_dealt": list(player.final_scoring_dealt),
        "final_scoring_kept": list(player.final_scoring),
        **{f"actions_{kind}": player.action_counts.get(kind, 0) for kind in ACTION_KINDS},
        "animals": len(player.animals), "sponsors": len(player.sponsors), "projects": len(player.supported),
        "buildings": len(player.buildings), "xtokens_spent": player.xtokens_spent, "xtokens_left": player.xtokens,
    }


CARD_COLUMNS = {"number": "u16", "name": "str", "kind": "cat", "cost": "u8", "level": "u8", "size": "u8",
                "icons": "list[str]"}
MAP_COLUMNS = {"map": "str", "name": "str", "ability": "str"}


def dimension_tables(catalog: Catalog) -> dict[str, DimensionTable]:
    """Every card (zoo cards and final scoring) and every zoo map of `catalog`, one row each.

    A card's `cost` is an animal's price in money and `level` a sponsor's level (the strength it
    needs); `size` is an animal's standard enclosure size (0: special enclosures only); `icons` are
    the icons it counts for, with repeats, rock and water included as on the card. Each column is
    null where the card has no such value (a project has no cost).
    """
    cards = [{"number": card.number, "name": card.name,
              "kind": "final_scoring" if isinstance(card, FinalScoring) else card.kind,
              "cost": card.cost if isinstance(card, Animal) else None,
              "level": card.level if isinstance(card, Sponsor) else None,
              "size": card.size if isinstance(card, Animal) else None,
              "icons": list(card.icons) if isinstance(card, Animal | Sponsor) else []}
             for card in catalog.all_cards()]
    maps = [{"map": zoo_map.id, "name": zoo_map.name, "ability": zoo_map.ability} for zoo_map in catalog.maps.values()]
    return {"cards": DimensionTable(CARD_COLUMNS, cards), "maps": DimensionTable(MAP_COLUMNS, maps)}
