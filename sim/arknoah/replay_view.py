"""How an Ark & Noah seat looks on the replay page (`arkmc replay`, `arkmc play --html`): its wall
colour, VP by source, the walls, pitch and food in front of it, its workers and its animal tiles
(each with the side it shows); beside them the table every seat sees alike, and above them the ark, drawn once.

Everything is read from the seat's observation. Ark & Noah hides nothing in front of a player, so
a panel has no private group; what no seat may see is which tiles the bags hold (they are drawn at
random), so the table gives only how many tiles each bag holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknoah.ark_drawing import ark_svg, seat_colour
from sim.arknoah.log import NoahTurnLog
from sim.arknoah.state import SOURCES
from sim.core.protocols import SeatView

if TYPE_CHECKING:
    from sim.arknoah.observation import NoahObservation
    from sim.arknoah.state import NoahState


def seat_view(observation: "NoahObservation") -> SeatView:
    """The panel of the observing seat; the ark, shared by every seat, is the table's drawing (drawn once)."""
    game, seat = observation.game, observation.seat
    player = game.players[seat]
    on_ark = game.colour_walls[seat].bit_count()
    sources = ", ".join(f"{name.replace('_', ' ')} {points}" for name, points in zip(SOURCES, player.sources) if points)
    tiles = [NoahTurnLog.tile(game, tile) for tile in game.tiles_of(seat)]
    rows = (
        ("wall colour", seat_colour(seat)[0]),
        ("VP", f"{player.vp}" + (f" ({sources})" if sources else "")),
        ("walls", f"{player.walls} in stock, {on_ark} on the ark ({game.hull_walls(seat)} on the hull), "
                  f"{game.supply_walls[seat]} in the supply"),
        ("pitch", f"{player.pitch} in stock"),
        ("food", f"{player.food} in stock"),
        ("workers", _workers(game, seat)),
        ("animals", ", ".join(tiles) if tiles else "none"),
    )
    return SeatView(tracks=rows, public=_table(game), table_drawing=ark_svg(game))


def _workers(game: "NoahState", seat: int) -> str:
    """Where the seat's workers stand: the action planned this round, or the one done last."""
    places = []
    for worker, owner in enumerate(game.worker_seat):
        if owner == seat:
            column = game.worker_column[worker]
            planned = game.planned[column - 1] == worker
            places.append(f"{column} {game.actions[column - 1]} ({'planned' if planned else 'done'})")
    return ", ".join(places) or "none"


def _table(game: "NoahState") -> tuple[tuple[str, str], ...]:
    """What every seat sees alike: the round, the action board, the supply, the bags' sizes, the ark."""
    board = game.board
    round_text = (f"over after {game.round} rounds ({game.end_reason})" if game.over else
                  f"{game.round} played, last-minute loading ({game.end_reason})" if game.end_reason else
                  str(game.round + 1))
    actions = " · ".join(f"{column} {action}" + (f" +{game.bonus[column - 1]}" if game.bonus[column - 1] else "")
                         + (f" [P{game.worker_seat[game.planned[column - 1]] + 1}]" if game.planned[column - 1] >= 0
                            else "")
                         for column, action in enumerate(game.actions, start=1))
    loaded = sum(1 for species in game.cage_large + game.cage_small if species >= 0)
    rows = [
        ("round", round_text),
        ("action board", actions),
        ("supply", f"{game.supply_pitch} pitch, {game.supply_food} food"),
        ("bags", f"{len(game.bags[1])} males, {len(game.bags[0])} females"),
        ("ark", f"{len(game.cages)} cages, {loaded} pairs on board, hull {(game.walls & board.hull).bit_count()} of "
                f"{board.hull.bit_count()} edges walled, {game.pitched.bit_count()} of {board.n_pitch} pitch spaces"),
    ]
    if game.drawn:
        rows.append(("drawn", ", ".join(NoahTurnLog.tile(game, tile) for tile in game.drawn)))
    return tuple(rows)
