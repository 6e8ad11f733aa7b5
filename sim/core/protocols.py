"""The contracts between the play loop, the games and the bots."""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

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


@dataclass(slots=True)
class GameTables:
    """A finished game's own dataset columns; the runner adds ids, seeds, bots and timing.

    `game` extends the game's row, `seats` extends each seat's row (in seat order), and
    `tables` holds the game's extra tables (for example card events and turns) as rows.
    """

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


class GameFactory(Protocol):
    """Creates games; registered by name in `sim.core.registry`."""

    name: str

    def new_game(self, config: Mapping[str, Any], seed: int) -> GameState: ...

    def default_config(self) -> dict[str, Any]: ...

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The config with defaults filled in; a ValueError with a one-line message if bad."""

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        """`path=value` data overrides, checked; a ValueError with a one-line message if bad."""

    def overridden(self, overrides: Mapping[str, str]) -> AbstractContextManager[None]:
        """Games created inside this context use the overridden data."""

    def data_version(self) -> str:
        """A digest of the game's static data files, recorded with every experiment."""

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        """Column types of the game's own columns, per table ("u8", "i16", "cat", "list[u16]", ...)."""

    def keep_history(self, state: GameState) -> None:
        """Make `state` record what `dataset_tables` needs (card events, turns)."""

    def dataset_tables(self, state: GameState) -> GameTables:
        """The game's own columns for one finished game."""


class Bot(Protocol):
    """A player. It sees its seat's observation and the decision, and returns a legal option."""

    name: str

    def choose(self, observation: Observation, decision: Decision, rng: random.Random) -> Any: ...
