"""Tokens on action cards: Multiplier (the next use of the card acts twice), Venom (the
next use of the card costs money) and Constriction (the card is weaker until the break).
All of them go back to the supply at the break (rulebook, break step 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

MULTIPLIER = "multiplier"
VENOM = "venom"
CONSTRICTION = "constriction"
VENOM_PRICE = 2  # money per venom token when the card is used
VENOM_APPEAL = 1  # appeal lost per venom token the player cannot pay


def tokens_on(player: "PlayerState", kind: str, card: str) -> int:
    return player.action_tokens.get((kind, card), 0)


def add_tokens(player: "PlayerState", kind: str, card: str, count: int = 1) -> None:
    key = (kind, card)
    player.action_tokens[key] = player.action_tokens.get(key, 0) + count


def strength_penalty(player: "PlayerState", card: str) -> int:
    """Each constriction token lowers the card's strength by 1."""
    if not player.action_tokens:
        return 0
    return tokens_on(player, CONSTRICTION, card)


def use_card(game: "ArkNovaGame", seat: int, card: str) -> int:
    """A turn's action card is used: venom tokens on it are paid and removed, a multiplier
    token on it is spent. Returns how many times the action is performed (1 or 2)."""
    player = game.players[seat]
    if not player.action_tokens:
        return 1
    venom = player.action_tokens.pop((VENOM, card), 0)
    for _ in range(venom):
        if player.money >= VENOM_PRICE:
            tracks.gain_money(game, seat, -VENOM_PRICE)
        else:
            tracks.gain_appeal(game, seat, -VENOM_APPEAL)
    if venom:
        game.say(seat, f"suffers {venom} venom on {card}")
    multiplier = tokens_on(player, MULTIPLIER, card)
    if not multiplier:
        return 1
    if multiplier > 1:
        player.action_tokens[(MULTIPLIER, card)] = multiplier - 1
    else:
        del player.action_tokens[(MULTIPLIER, card)]
    game.say(seat, f"uses a multiplier on {card}")
    return 2


def clear_tokens(player: "PlayerState") -> None:
    """Break step 2: multiplier, venom and constriction tokens go back to the supply."""
    player.action_tokens.clear()


@effect("multiplier")
def multiplier(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """A multiplier token on the named action card of the own zoo."""
    add_tokens(game.players[seat], MULTIPLIER, item.args[0])
