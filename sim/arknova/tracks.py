"""Appeal, conservation, reputation, money, X-tokens and the break track.

Every gain goes through these functions so caps, overflow and the bonuses printed on
the tracks are applied in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import history

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState


def score(player: "PlayerState") -> int:
    """Score = appeal + value of the conservation space (2nd printing); the end triggers at 100."""
    return player.appeal + player.catalog.tracks.conservation_value[player.cp]


def victory_points(player: "PlayerState") -> int:
    return score(player) - 100


def gain_money(game: "ArkNovaGame", seat: int, amount: int) -> None:
    game.players[seat].money += amount


def gain_appeal(game: "ArkNovaGame", seat: int, amount: int) -> None:
    player = game.players[seat]
    player.appeal = max(0, min(game.catalog.tracks.appeal_max, player.appeal + amount))


def gain_xtokens(game: "ArkNovaGame", seat: int, amount: int) -> None:
    player = game.players[seat]
    player.xtokens = min(game.catalog.tracks.xtoken_max, player.xtokens + amount)


def reputation_cap(player: "PlayerState") -> int:
    """Reputation stops at 9 until the Cards action is upgraded, then at 15."""
    tracks = player.catalog.tracks
    return tracks.reputation_max if player.is_upgraded("cards") else tracks.reputation_cap


def gain_reputation(game: "ArkNovaGame", seat: int, amount: int) -> None:
    """Step by step: each new space pays its bonus; past 15 each step is 1 appeal."""
    from sim.arknova.effects import grant

    player = game.players[seat]
    tracks = game.catalog.tracks
    cap = reputation_cap(player)
    for _ in range(amount):
        if player.reputation < cap:
            player.reputation += 1
            bonus = dict(tracks.reputation_bonuses).get(player.reputation)
            if bonus is not None:
                grant(game, seat, bonus)
        elif player.reputation >= tracks.reputation_max:
            gain_appeal(game, seat, 1)


def gain_cp(game: "ArkNovaGame", seat: int, amount: int) -> None:
    """Conservation points; reaching 2, 5, 8 or 10 pushes that space's one-time bonus."""
    player = game.players[seat]
    tracks = game.catalog.tracks
    before = player.cp
    player.cp = min(tracks.conservation_max, player.cp + amount)
    reached = []
    for space in tracks.cp_bonus_spaces:
        bit = 1 << space
        if before < space <= player.cp and not player.milestones & bit:
            player.milestones |= bit
            reached.append(("cp_bonus", seat, space) if space != tracks.cp_bonus_spaces[-1] else ("cp10", seat))
    game.push(*reached)


def advance_break(game: "ArkNovaGame", seat: int, steps: int) -> None:
    """Move the break token; reaching the end calls a break after this turn and pays an X-token."""
    if game.solo or game.break_pending or steps <= 0:
        return
    moved = min(steps, game.break_length - game.break_position)
    game.break_position += moved
    called = game.break_position >= game.break_length
    history.note_break_steps(game, moved, called)
    if called:
        game.break_pending = True
        game.break_trigger = seat
        gain_xtokens(game, seat, 1)
