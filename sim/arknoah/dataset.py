"""Ark & Noah's columns in the experiment dataset (docs/dataset.md): per game the rounds and why
the game ended, per seat its VP by source and what it was left holding, and two tables: `choices`
(every action chosen, with the bonus taken) and `loads` (every pair that boarded)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknoah.history import CHOICE_FIELDS, LOAD_FIELDS, LOAD_SEAT, History
from sim.arknoah.state import SOURCES
from sim.core.protocols import GameTables, Rows

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState

SCHEMA: dict[str, dict[str, str]] = {
    "games": {"rounds": "u8", "end_reason": "cat", "quick": "bool", "cages": "u8", "pairs_loaded": "u8",
              "hull_walled": "u8", "hull_edges": "u8"},
    "seats": {**{f"vp_{source}": "i16" for source in SOURCES},
              "walls_left": "u8", "food_left": "u8", "pitch_left": "u8", "animals_left": "u8",
              "hull_walls": "u8", "pairs_loaded": "u8"},
    "choices": {"round": "u8", "seat": "u8", "worker": "u8", "order": "u8", "action": "cat", "column": "u8",
                "bonus": "u8"},
    "loads": {"round": "u8", "seat": "u8", "species": "cat", "size": "u8", "cage_size": "u8", "walls": "u8",
              "own_walls": "u8", "colours": "u8", "male_owner": "u8", "female_owner": "u8", "shared_pair": "bool",
              "loader_vp": "i16", "others_vp": "i16", "pitch": "u8", "last_minute": "bool"},
}


def keep_history(game: "NoahState") -> None:
    game.history = History()


def game_tables(game: "NoahState") -> GameTables:
    history = game.history or History()
    board = game.board
    loaded = [row[LOAD_SEAT] for row in history.loads]
    seats = []
    for seat, player in enumerate(game.players):
        row = {f"vp_{source}": player.sources[index] for index, source in enumerate(SOURCES)}
        row.update(walls_left=player.walls, food_left=player.food, pitch_left=player.pitch,
                   animals_left=len(game.tiles_of(seat)), hull_walls=game.hull_walls(seat),
                   pairs_loaded=loaded.count(seat))
        seats.append(row)
    return GameTables(
        game={"rounds": game.round, "end_reason": game.end_reason, "quick": game.quick, "cages": len(game.cages),
              "pairs_loaded": len(history.loads), "hull_walled": (game.walls & board.hull).bit_count(),
              "hull_edges": board.hull.bit_count()},
        seats=seats,
        tables={"choices": Rows(CHOICE_FIELDS, history.choices), "loads": Rows(LOAD_FIELDS, history.loads)},
    )
