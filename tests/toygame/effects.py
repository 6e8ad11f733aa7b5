"""The toy's keyword effects: one handler per keyword of cards.csv, in the toy's own registry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.core.effects import EffectRegistry
from toygame.catalog import Effect
from toygame.steps import DrawStep, TargetStep

if TYPE_CHECKING:
    from toygame.state import ToyState

EFFECTS = EffectRegistry("toy")


@EFFECTS.effect("money")
def gain_money(game: "ToyState", seat: int, effect: Effect) -> None:
    game.seats[seat].money += effect.amount


@EFFECTS.effect("points")
def gain_points(game: "ToyState", seat: int, effect: Effect) -> None:
    game.seats[seat].points += effect.amount


@EFFECTS.effect("draw")
def draw_cards(game: "ToyState", seat: int, effect: Effect) -> None:
    game.push(DrawStep.of(seat, effect.amount))


@EFFECTS.effect("steal")
def steal_money(game: "ToyState", seat: int, effect: Effect) -> None:
    """The seat chooses whom to take up to `amount` coins from (no choice when nobody has any)."""
    game.push(TargetStep.of(seat, effect.amount))
