"""Game end: drop a final-scoring card if nobody reached 10 CP, score the kept cards and the
sponsors' end-game effects, then rank by score with supported projects as the tie-break."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sim.arknova import solo, tracks
from sim.arknova.actions.association import CATEGORIES
from sim.arknova.board import board_of
from sim.arknova.effects import grant_all, rule
from sim.arknova.geometry import BORDER_MASK, NEIGHBOUR_MASK, cells_of
from sim.arknova.state import PlayerState, Step
from sim.arknova.steps import resolver
from sim.core.protocols import SeatResult

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

MAX_FINAL_SCORING_CP = 4

Quantity = Callable[["ArkNovaGame", PlayerState], int]
QUANTITIES: dict[str, Quantity] = {
    "large_animals": lambda game, player: player.large_animals,
    "small_animals": lambda game, player: player.small_animals,
    "icon_science": lambda game, player: player.icon("science"),
    "icon_rock": lambda game, player: player.icon("rock"),
    "icon_water": lambda game, player: player.icon("water"),
    "supported_projects": lambda game, player: len(player.supported),
    "empty_build_spaces": lambda game, player: (board_of(player).buildable & ~player.occupied).bit_count(),
    "reputation": lambda game, player: player.reputation,
    "sponsors": lambda game, player: len(player.sponsors),
}


def biodiversity(game: "ArkNovaGame", player: PlayerState) -> int:
    """1 CP per animal category in which you have more icons than the player on your right."""
    right = game.players[(player.seat - 1) % len(game.players)]
    return sum(1 for category in CATEGORIES if player.icon(category) > right.icon(category))


def touched_by_buildings(spaces: int, occupied: int) -> bool:
    """Every one of these (rock or water) spaces touches at least one building."""
    return all(NEIGHBOUR_MASK[cell] & occupied for cell in cells_of(spaces))


def architecture(game: "ArkNovaGame", player: PlayerState) -> int:
    """Architectural Zoo, 1 CP each: every water space touches a building, every rock space
    touches a building, no building space is left empty, every border building space is covered
    (the reading of docs/arknova/rules-decisions.md B2)."""
    board = board_of(player)
    occupied = player.occupied
    return (touched_by_buildings(board.water, occupied) + touched_by_buildings(board.rock, occupied)
            + (board.buildable & ~occupied == 0) + (board.buildable & BORDER_MASK & ~occupied == 0))


CONDITIONAL: dict[str, Quantity] = {"biodiversity": biodiversity, "architecture": architecture}
rule(*(f"final_scoring:{quantity}" for quantity in (*QUANTITIES, *CONDITIONAL)))


def final_scoring_cp(game: "ArkNovaGame", player: PlayerState, number: int) -> int:
    """CP from one final-scoring card: thresholds reached or conditions met, never more than 4."""
    card = game.catalog.final_scoring[number]
    if card.thresholds:
        amount = QUANTITIES[card.quantity](game, player)
        return min(MAX_FINAL_SCORING_CP, sum(1 for threshold in card.thresholds if amount >= threshold))
    rule = CONDITIONAL.get(card.quantity)
    if rule is None:
        game.note_unhandled(f"final_scoring:{card.quantity}")
        return 0
    return min(MAX_FINAL_SCORING_CP, rule(game, player))


@resolver("final_scoring")
def final_scoring(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if game.log is not None:
        game.log.append("-- final scoring")
    game.push(*(() if game.cp10_reached else (("discard_final", seat) for seat in game.seats)),
              ("score_cards",))


@resolver("score_cards")
def score_cards(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    for player in game.players:
        for number in player.final_scoring:
            tracks.gain_cp(game, player.seat, final_scoring_cp(game, player, number))
        grant_all(game, player.seat, tuple(
            effect for card in player.sponsors for effect in game.catalog.sponsors[card].endgame))
    game.push(("game_over",))


@resolver("game_over")
def game_over(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Bonuses of late conservation spaces are not played out: the game has ended
    (or, in a solo challenge, the next of its three games begins)."""
    game.stack.clear()
    if solo.continues(game):
        solo.next_game(game)
        return
    game.over = True


def seat_results(game: "ArkNovaGame") -> list[SeatResult]:
    """Ranked by score, then supported projects. Solo: rank 1 is a win (VP >= 0; in a challenge,
    the three games' VP summed >= 0), rank 2 a loss; the score is those VP."""
    keys = {player.seat: (tracks.score(player), len(player.supported)) for player in game.players}
    results = []
    for player in game.players:
        rank = 1 + sum(1 for other in keys.values() if other > keys[player.seat])
        points = tracks.victory_points(player)
        if game.solo:
            points = solo.challenge_total(game)
            rank = 1 if points >= 0 else 2
        results.append(SeatResult(
            seat=player.seat,
            score=points,
            rank=rank,
            details={
                "score": tracks.score(player), "appeal": player.appeal, "cp": player.cp,
                "reputation": player.reputation, "money": player.money, "map": player.map_id,
                "turns": player.turns, "animals": len(player.animals), "sponsors": len(player.sponsors),
                "projects": len(player.supported), "buildings": len(player.buildings),
                **({"challenge_vp": list(game.challenge["scores"]) + [tracks.victory_points(player)]}
                   if game.config.get("solo_challenge") else {}),
            },
        ))
    return results
