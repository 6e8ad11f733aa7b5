"""Abilities that pay at once: appeal by icon counts, X-tokens, a worker, money with the
break token, and free buildings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

ICONIC_APPEAL_MAX = 8  # Iconic animal: 1 appeal per icon of its continent in all zoos, at most 8
PETTING_ZOO_APPEAL = 3  # Petting zoo animal: 3 appeal per petting-zoo icon in the own zoo
BEAR_XTOKENS_MAX = 3  # Inventive (Grizzly Bear): 1 X-token per bear icon in all zoos, at most 3
# Inventive (primates): X-tokens by own primate icons, (at least this many icons, X-tokens).
PRIMATE_TABLE = ((5, 3), (3, 2), (0, 1))
POSTURING_KINDS = ("kiosk", "pavilion")


@effect("pack")
def pack(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """1 appeal per predator icon in the own zoo (the card's own icon counts)."""
    tracks.gain_appeal(game, seat, game.players[seat].icon("predator"))


@effect("iconic_animal")
def iconic_animal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """1 appeal per icon of the named continent in all zoos, at most 8."""
    continent = item.args[0]
    count = sum(player.icon(continent) for player in game.players)
    tracks.gain_appeal(game, seat, min(ICONIC_APPEAL_MAX, count))


@effect("petting_zoo_animal")
def petting_zoo_animal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """3 appeal per petting-zoo icon in the own zoo (this animal's included)."""
    tracks.gain_appeal(game, seat, PETTING_ZOO_APPEAL * game.players[seat].icon("petting_zoo"))


def inventive_amount(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    """X-tokens of an Inventive ability: a number, or one of the two counted variants."""
    variant = item.args[0] if item.args else "1"
    if variant == "bear_icons_all_zoos_max3":
        return min(BEAR_XTOKENS_MAX, sum(player.icon("bear") for player in game.players))
    if variant == "primate_table":
        primates = game.players[seat].icon("primate")
        return next(tokens for least, tokens in PRIMATE_TABLE if primates >= least)
    return item.amount


@effect("inventive")
def inventive(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_xtokens(game, seat, inventive_amount(game, seat, item))


@effect("full_throated")
def full_throated(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """One more association worker."""
    game.hire_worker(seat)


@effect("jumping")
def jumping(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """The break token moves N spaces and the player gains N money (in solo only the money)."""
    tracks.gain_money(game, seat, item.amount)
    tracks.advance_break(game, seat, item.amount)


@effect("posturing")
def posturing(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Up to N free kiosks or pavilions, each placed by the building rules."""
    for _ in range(item.amount):
        game.stack.append(("may_build", seat, POSTURING_KINDS))


@effect("peacocking")
def peacocking(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """A free large bird aviary, if the zoo has none and there is room for one."""
    game.stack.append(("free_build", seat, ("large_bird_aviary",)))
