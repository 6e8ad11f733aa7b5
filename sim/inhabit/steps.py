"""The steps of an Inhabit the Earth turn and the options its decisions offer, as named tuples.

The core's step machine reads a step as ``(kind, seat, *payload)``: each step type leads with `kind`
and `seat`, and its `of` fills `kind` in from the constants below. Options carry a trailing tag
field, so that options of different kinds never compare equal (``Multiply(111)`` is not
``Evolve(111)``); a plain int option is a card number (discards), a deck (draws) or a class (rearing).
"""

from __future__ import annotations

from typing import NamedTuple

TURN = "turn"
MENAGERIE = "menagerie"
PAY = "pay"
HAND_CHECK = "hand_check"
DISCARD = "discard"
DRAW = "draw"
DECK = "deck"
PASSED_DRAW = "passed_draw"
REAR_DISCARD = "rear_discard"
REAR_FLIP = "rear_flip"
TRIGGER = "trigger"
MOVE = "move"
FLIP = "flip"
SECOND_EVOLVE = "second_evolve"
END_MOVE = "end_move"
END_TURN = "end_turn"


class TurnStep(NamedTuple):
    """A seat's turn: one of the three basic actions."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "TurnStep":
        return cls(TURN, seat)


class MenagerieStep(NamedTuple):
    """The next Menagerie sub-action (or done, once `done` sub-actions were made)."""

    kind: str
    seat: int
    done: int

    @classmethod
    def of(cls, seat: int, done: int) -> "MenagerieStep":
        return cls(MENAGERIE, seat, done)


class PayStep(NamedTuple):
    """Discard one hand card (face up) as the cost of a Menagerie sub-action."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "PayStep":
        return cls(PAY, seat)


class HandCheckStep(NamedTuple):
    """Automatic: a seat holding more cards than its hand limit must discard down to it."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "HandCheckStep":
        return cls(HAND_CHECK, seat)


class DiscardStep(NamedTuple):
    """Discard one hand card (face up): above the hand limit, or before a draw at the limit."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "DiscardStep":
        return cls(DISCARD, seat)


class DrawStep(NamedTuple):
    """Automatic: draw `count` cards; the decks already chosen are `chosen` (a deck is asked
    for each card while more than one may be drawn from)."""

    kind: str
    seat: int
    count: int
    chosen: tuple[int, ...]

    @classmethod
    def of(cls, seat: int, count: int, chosen: tuple[int, ...] = ()) -> "DrawStep":
        return cls(DRAW, seat, count, chosen)


class DeckStep(NamedTuple):
    """Choose the deck of the next card of a draw."""

    kind: str
    seat: int
    count: int
    chosen: tuple[int, ...]

    @classmethod
    def of(cls, seat: int, count: int, chosen: tuple[int, ...]) -> "DeckStep":
        return cls(DECK, seat, count, chosen)


class PassedDrawStep(NamedTuple):
    """Automatic: a marker passed over this seat's creature with the passed-draw ability (No. 149):
    it takes a card at once, discarding one first when at its hand limit."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "PassedDrawStep":
        return cls(PASSED_DRAW, seat)


class RearDiscardStep(NamedTuple):
    """Rearing 2a: discard hand cards (face down) before drawing, or stop discarding."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "RearDiscardStep":
        return cls(REAR_DISCARD, seat)


class RearFlipStep(NamedTuple):
    """Rearing 2b: the creature whose marker is flipped to black (`second`: the extra rearing of
    a rear-second ability, which may be declined)."""

    kind: str
    seat: int
    second: bool

    @classmethod
    def of(cls, seat: int, second: bool = False) -> "RearFlipStep":
        return cls(REAR_FLIP, seat, second)


class TriggerStep(NamedTuple):
    """Movement 3a: the trigger (`second`: the optional second of a two-triggers ability)."""

    kind: str
    seat: int
    second: bool

    @classmethod
    def of(cls, seat: int, second: bool = False) -> "TriggerStep":
        return cls(TRIGGER, seat, second)


class MoveStep(NamedTuple):
    """Movement 3b-3e: the next triggered creature from the left moves (or tokens are placed)."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "MoveStep":
        return cls(MOVE, seat)


class EndMoveStep(NamedTuple):
    """Automatic, once every triggered creature has moved: the trigger cards go face down to their
    discard piles and trigger tokens out of the game."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "EndMoveStep":
        return cls(END_MOVE, seat)


class FlipStep(NamedTuple):
    """Movement 3d for a creature whose scoring wants a black marker: flip it white or keep it."""

    kind: str
    seat: int
    cls: int

    @classmethod
    def of(cls, seat: int, creature_class: int) -> "FlipStep":
        return cls(FLIP, seat, creature_class)


class SecondEvolveStep(NamedTuple):
    """The second evolution of a double-evolve ability, played together with the first."""

    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "SecondEvolveStep":
        return cls(SECOND_EVOLVE, seat)


class EndTurnStep(NamedTuple):
    kind: str
    seat: int

    @classmethod
    def of(cls, seat: int) -> "EndTurnStep":
        return cls(END_TURN, seat)


# ----------------------------------------------------------------------------- options


class Action(NamedTuple):
    """A basic action: "menagerie", "rearing" or "movement"."""

    name: str
    tag: str = "action"


class Introduce(NamedTuple):
    """Introduce the creature of `card` with its marker on `continent` (the card's own, or a
    continent token's placed on the card at once)."""

    card: int
    continent: int
    tag: str = "introduce"


class Multiply(NamedTuple):
    card: int
    tag: str = "multiply"


class Evolve(NamedTuple):
    card: int
    tag: str = "evolve"


class Adapt(NamedTuple):
    card: int
    cls: int  # the creature adapted
    tag: str = "adapt"


class Attach(NamedTuple):
    """Place a token showing `symbol` from the rack on the creature of class `cls` (the one worth
    fewest points when several show it)."""

    symbol: int
    cls: int
    tag: str = "attach"


class Done(NamedTuple):
    tag: str = "done"


class TriggerCard(NamedTuple):
    card: int
    tag: str = "trigger_card"


class TriggerToken(NamedTuple):
    symbol: int
    tag: str = "trigger_token"


class TriggerAbility(NamedTuple):
    """Use a trigger-symbol ability (No. 117-119) instead of a trigger card."""

    card: int
    tag: str = "trigger_ability"


class Stay(NamedTuple):
    """Move `steps` spaces forward on the creature's continent."""

    steps: int
    tag: str = "stay"


class MigrateFirst(NamedTuple):
    """Migrate to `continent` as the first move, then move `steps` spaces there."""

    continent: int
    steps: int
    tag: str = "migrate_first"


class MigrateLast(NamedTuple):
    """Move `steps` spaces, then migrate to `continent` as the last move."""

    steps: int
    continent: int
    tag: str = "migrate_last"


class Flip(NamedTuple):
    white: bool
    tag: str = "flip"


MENAGERIE_ACTION, REARING_ACTION, MOVEMENT_ACTION = Action("menagerie"), Action("rearing"), Action("movement")
DONE = Done()
