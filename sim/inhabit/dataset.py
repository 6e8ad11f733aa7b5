"""Inhabit the Earth's columns in the experiment dataset (docs/dataset.md): per game and per seat,
one row per card event and one row per turn with its movement, and the table of its cards. The runner owns
ids, seeds, bots, status and timing; types are the smallest that hold the values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.core.protocols import DimensionTable, GameTables, Rows
from sim.inhabit.catalog import CLASSES, CONTINENTS, TERRAINS, Catalog
from sim.inhabit.history import EVENT_FIELDS, TURN_FIELDS
from sim.inhabit.names import english_name
from sim.inhabit.scoring import scoring_cards

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState

SCHEMA: dict[str, dict[str, str]] = {
    "games": {"intro": "bool", "turns": "u16", "rounds": "u16", "end_reason": "cat", "finals": "u8"},
    "seats": {
        "score": "i16", "region_points": "u8", "token_points": "u8", "card_points": "i16", "creatures": "u8",
        "menagerie_cards": "u8", "tokens_left": "u8", "tokens_placed": "u8", "in_region3": "u8", "on_final": "u8",
        "turns": "u16", "actions_menagerie": "u16", "actions_rearing": "u16", "actions_movement": "u16",
        "hand": "u8", "classes": "list[u8]", "continents": "list[u8]", "top_cards": "list[u16]",
        "scoring_cards": "list[u16]", "scoring_points": "list[i16]",
    },
    "card_events": {"event": "cat", "seat": "u8", "card": "u16", "turn": "u16", "points": "i16"},
    "turns": {
        "seat": "u8", "turn": "u16", "player_turn": "u16", "action": "cat", "cards_played": "u8", "cards_drawn": "u8",
        "creatures_moved": "u8", "spaces": "u8", "migrations": "u8", "tokens": "u8", "finals": "u8",
        "region_points": "u8", "token_points": "u8",
    },
}


def game_tables(game: "InhabitState") -> GameTables:
    players = len(game.seats)
    game_row = {"intro": game.intro, "turns": game.turn, "rounds": -(-game.turn // players),
                "end_reason": game.end_reason, "finals": game.finals}
    events = Rows(EVENT_FIELDS, game.events or ())
    turns = Rows(TURN_FIELDS, [record for record in game.turn_log or () if len(record) == len(TURN_FIELDS)])
    return GameTables(game=game_row, seats=[_seat_row(game, seat) for seat in range(players)],
                      tables={"card_events": events, "turns": turns})


def _seat_row(game: "InhabitState", seat: int) -> dict[str, Any]:
    from sim.inhabit.scoring import points

    player = game.seats[seat]
    scored = scoring_cards(game, seat)
    return {
        "score": points(game, seat), "region_points": player.region_points, "token_points": player.token_points,
        "card_points": sum(value for _, value in scored), "creatures": len(player.creatures),
        "menagerie_cards": sum(len(creature.cards) for creature in player.creatures),
        "tokens_left": len(player.rack), "tokens_placed": sum(len(creature.tokens) for creature in player.creatures),
        "in_region3": sum(game.region(creature) == 3 for creature in player.creatures),
        "on_final": sum(creature.space == game.trail(creature.continent).final for creature in player.creatures),
        "turns": player.turns, "actions_menagerie": player.actions[0], "actions_rearing": player.actions[1],
        "actions_movement": player.actions[2], "hand": len(player.hand),
        "classes": [creature.cls + 1 for creature in player.creatures],
        "continents": [creature.continent for creature in player.creatures],
        "top_cards": [creature.top for creature in player.creatures],
        "scoring_cards": [card for card, _ in scored], "scoring_points": [value for _, value in scored],
    }


CARD_COLUMNS = {"number": "u16", "name": "str", "deck": "u8", "class": "str", "continent": "str", "terrain": "str",
                "kind": "str"}


def dimension_tables(catalog: Catalog) -> dict[str, DimensionTable]:
    """Every card of `catalog`, one row each: its English name (`sim.inhabit.names`), deck, class, continent,
    terrain and kind (ability or scoring), so that a run's tables and report name cards without code."""
    cards = [{"number": card.number, "name": english_name(card), "deck": card.deck, "class": CLASSES[card.cls],
              "continent": CONTINENTS[card.continent], "terrain": TERRAINS[card.terrain],
              "kind": "scoring" if card.scoring else "ability"}
             for card in sorted(catalog.cards.values(), key=lambda card: card.number)]
    return {"cards": DimensionTable(CARD_COLUMNS, cards)}
