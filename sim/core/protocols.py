"""The contracts between the play loop, the games and the bots."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, runtime_checkable

from sim.core.decision import Decision


@dataclass(frozen=True, slots=True)
class SeatResult:
    """Final outcome of one seat. `rank` is 1 for the winner(s); `score` is game-specific."""

    seat: int
    score: float
    rank: int
    details: Mapping[str, Any]


class Observation(Protocol):
    """What one seat may see. Games define the fields; hidden information is absent."""

    seat: int


@runtime_checkable
class GameState(Protocol):
    """A game in progress. The engine asks one decision at a time."""

    def decision(self) -> Decision:
        """The pending decision (who decides, what kind, the legal options)."""

    def apply(self, option: Any) -> None:
        """Answer the pending decision with one of its options."""

    def is_over(self) -> bool: ...

    def results(self) -> list[SeatResult]:
        """Per-seat outcome, valid once `is_over()`."""

    def observation(self, seat: int) -> Observation:
        """The part of the state that `seat` may see."""

    def determinize(self, seat: int, rng: random.Random) -> "GameState":
        """A copy in which everything `seat` cannot see is re-dealt at random."""

    def copy(self) -> "GameState": ...


class GameFactory(Protocol):
    """Creates games; registered by name in `sim.core.registry`."""

    name: str

    def new_game(self, config: Mapping[str, Any], seed: int) -> GameState: ...

    def default_config(self) -> dict[str, Any]: ...


class Bot(Protocol):
    """A player. It sees its seat's observation and the decision, and returns a legal option."""

    name: str

    def choose(self, observation: Observation, decision: Decision, rng: random.Random) -> Any: ...
