"""Named effect handlers, registered by keyword.

Card, map, track and tile data only name effects (``money:5``, ``snap:1``); the
behaviour lives here, one small handler per keyword. A handler either applies the
effect at once or pushes the decision step it needs. Keywords with no handler yet
are recorded in the game's `unhandled` set, never silently treated as done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks
from sim.arknova.catalog import Effect
from sim.core.effects import EffectRegistry

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

EFFECTS = EffectRegistry("arknova")
effect = EFFECTS.effect
rule = EFFECTS.rule
grant = EFFECTS.grant


def grant_all(game: "ArkNovaGame", seat: int, items: tuple[Effect, ...]) -> None:
    """Apply several effects; pushed decisions resolve in printed order (the stack is LIFO)."""
    for item in reversed(items):
        grant(game, seat, item)


@effect("money")
def _money(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_money(game, seat, item.amount)


@effect("appeal")
def _appeal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_appeal(game, seat, item.amount)


@effect("cp")
def _cp(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_cp(game, seat, item.amount)


@effect("reputation")
def _reputation(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_reputation(game, seat, item.amount)


@effect("xtoken")
def _xtoken(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    tracks.gain_xtokens(game, seat, item.amount)


@effect("hire_worker")
def _hire_worker(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.hire_worker(seat)


@effect("take_card_deck_or_range")
def _take_card(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("take_card", seat))


@effect("snap")
def _snap(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("snap", seat))


@effect("upgrade_action_card")
def _upgrade(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("upgrade", seat))


@effect("clever")
def _clever(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("clever", seat))


@effect("partner_zoo")
def _partner_zoo(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("bonus_partner_zoo", seat))


@effect("university")
def _university(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("bonus_university", seat))


@effect("free_kiosk")
def _free_kiosk(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("free_build", seat, ("kiosk",)))


@effect("may_build")
def _may_build(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """One free building of a kind the arguments name, which the player may decline."""
    game.stack.append(("may_build", seat, item.args))


@effect("build_free_size2_enclosure")
def _free_size2(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("free_build", seat, ("enclosure-2",)))


@effect("build_free_size3_enclosure")
def _free_size3(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("free_build", seat, ("enclosure-3",)))


@effect("build_free_special_enclosure")
def _free_special(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("free_build", seat, ("reptile_house", "large_bird_aviary")))


@effect("play_sponsor_bonus")
def _play_sponsor(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("sponsor_bonus", seat))
