"""The toy's steps and the options of its turn, as named tuples.

The core's step machine reads a step as ``(kind, seat, *payload)``, so every step type here leads
with the fields `kind` and `seat`, and its `of` fills `kind` in from the constants below (the names
the step registry and the decisions use), so that no caller spells a kind by hand. Steps are
immutable: observations and game copies share the pending ones.

A turn's options are `Income`, `Draw` and `Play`. Each carries its `action` name, defaulted, so
that options of different actions never compare equal (two named tuples without fields would:
both are ``()``). A discard's options are card numbers and a target's are seats: plain ints.
"""

from __future__ import annotations

from typing import NamedTuple

TURN = "turn"
END_TURN = "end_turn"
GRANT = "grant"
DRAW = "draw"
DISCARD = "discard"
TARGET = "target"


class TurnStep(NamedTuple):
    """A seat's turn: one decision among the `TurnOption`s."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "TurnStep":
        return cls(TURN, seat)


class EndTurnStep(NamedTuple):
    """Pass the turn on once everything the turn started has resolved; the game may end here."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "EndTurnStep":
        return cls(END_TURN, seat)


class GrantStep(NamedTuple):
    """Grant the effect at `effect_index` among those of `card`, which the seat played."""

    kind: str
    seat: int
    card: int
    effect_index: int

    @classmethod
    def of(cls, seat: int, card: int, effect_index: int) -> "GrantStep":
        return cls(GRANT, seat, card, effect_index)


class DrawStep(NamedTuple):
    """The seat draws `card_count` cards (fewer when the deck runs out)."""

    kind: str
    seat: int
    card_count: int

    @classmethod
    def of(cls, seat: int, card_count: int) -> "DrawStep":
        return cls(DRAW, seat, card_count)


class DiscardStep(NamedTuple):
    """The seat discards `card_count` more cards from its hand, one decision each."""

    kind: str
    seat: int
    card_count: int

    @classmethod
    def of(cls, seat: int, card_count: int) -> "DiscardStep":
        return cls(DISCARD, seat, card_count)


class TargetStep(NamedTuple):
    """The seat chooses which other seat with money to take up to `coins` coins from."""

    kind: str
    seat: int
    coins: int

    @classmethod
    def of(cls, seat: int, coins: int) -> "TargetStep":
        return cls(TARGET, seat, coins)


class Income(NamedTuple):
    """Take the income (`rules.INCOME` coins)."""

    action: str = "income"


class Draw(NamedTuple):
    """Draw a card (offered while the deck holds any)."""

    action: str = "draw"


class Play(NamedTuple):
    """Play `card` from the hand: pay its cost, score its value, then grant its effects in order."""

    card: int
    action: str = "play"


TurnOption = Income | Draw | Play
