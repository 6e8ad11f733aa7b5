"""What one Ark & Noah seat may see: everything but the random state. The tiles in the bags are
public by elimination (every other tile lies face up in front of a player, on the ark or in the
box, and the box's species are marked), so the only hidden information is the order the bags
will give their tiles in; `determinize` gives the game a new random stream for it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.arknoah.state import NoahState


class NoahObservation:
    """A snapshot for `seat`: `game` is a copy of the game without its random state (and without
    history); reading it is reading the table."""

    __slots__ = ("seat", "game")

    def __init__(self, seat: int, game: "NoahState") -> None:
        self.seat = seat
        self.game = game

    @classmethod
    def of(cls, game: "NoahState", seat: int) -> "NoahObservation":
        snapshot = game.copy()
        snapshot.rng = None
        return cls(seat, snapshot)

    @classmethod
    def view_of(cls, game: "NoahState", seat: int) -> "NoahObservation":
        """The snapshot read in place, for a bot that declares `observes = "view"`: its game shares the
        table's lists and players (no copy: a bot decides several thousand times a game) and holds no
        random state; valid while the decision it is given for is pending, and only to be read (a bot's
        lookahead plays on `game.copy()` or `determinize`, which copy as the snapshot's do)."""
        snapshot = game.shallow()
        snapshot.rng = None
        snapshot.history = None
        return cls(seat, snapshot)

    def determinize(self, rng: random.Random) -> "NoahState":
        """The game with a random stream of its own: the bags' order dealt anew from `rng`."""
        game = self.game.copy()
        game.rng = rng.getrandbits(64)
        return game
