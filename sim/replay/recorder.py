"""A game recorded for the replay page: one step per turn, with the game's turn log and each seat's panel.

A step holds the log lines of its turn and every seat's panel as the turn ends (the state just
before the next turn begins, or the final state). The first step is the setup (up to the first
turn), the last one the final scores. A turn begins at each decision of the game's
`info.turn_decision` kind (or of one of its kinds, when it names several). Each seat's panel is
made by the game's `seat_view` from that seat's observation, so it holds what the seat could see
and nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sim.core.decision import Decision
from sim.core.protocols import GameFactory, GameState, SeatResult, SeatView


@dataclass(slots=True)
class ReplayStep:
    """One step of the page: the setup, one turn, or the end."""

    kind: str  # "setup", "turn" or "end"
    label: str  # for people, numbered as the game's log numbers turns: "Setup", "P2, turn 5", "Turn 29 - P2", "Final scores"
    seat: int | None  # the seat whose turn it is
    log: list[str] = field(default_factory=list)
    views: tuple[SeatView, ...] = ()  # every seat's panel as the step ends; empty when the game has no seat_view
    results: tuple[SeatResult, ...] = ()  # the end step's, when the game finished


class GameRecorder:
    """A play-loop listener that records `state` as it is played, through the game's own turn log
    (whose lines also go to `echo`, so `arkmc play --html` prints the game as it records it)."""

    def __init__(self, factory: GameFactory, state: GameState, players: int,
                 echo: Callable[[str], None] | None = None) -> None:
        self.state = state
        self.players = players
        self.echo = echo
        kinds = factory.info.turn_decision
        self.turn_kinds = (kinds,) if isinstance(kinds, str) else kinds
        self.numbered_by_game = factory.info.turn_numbering == "game"
        self.seat_view: Callable[[Any], SeatView] | None = getattr(factory, "seat_view", None)
        self.steps: list[ReplayStep] = [ReplayStep("setup", "Setup", None)]
        self.seat_turns = [0] * players
        self.log = factory.turn_log(state, self._write)

    def _write(self, line: str) -> None:
        self.steps[-1].log.append(line)
        if self.echo is not None:
            self.echo(line)

    def __call__(self, state: GameState, decision: Decision, option: Any) -> None:
        if decision.kind in self.turn_kinds:
            self.log.flush()  # the lines the game holds back belong to the turn before
            self._close_step()
            self.seat_turns[decision.seat] += 1
            label = (f"Turn {self.turns} - P{decision.seat + 1}" if self.numbered_by_game
                     else f"P{decision.seat + 1}, turn {self.seat_turns[decision.seat]}")
            self.steps.append(ReplayStep("turn", label, decision.seat))
        self.log(state, decision, option)

    def _close_step(self) -> None:
        """The panels of every seat as the current step ends, each from that seat's observation."""
        if self.seat_view is not None:
            self.steps[-1].views = tuple(self.seat_view(self.state.observation(seat)) for seat in range(self.players))

    def finish(self, results: Sequence[SeatResult]) -> None:
        """The game is over: close the last turn and add the final scores (the turn log's last lines)."""
        self._end("Final scores", self.log.finish)
        self.steps[-1].results = tuple(sorted(results, key=lambda result: result.seat))

    def stop(self, reason: str) -> None:
        """The game stopped before its end (a bot broke it, the safety cap): the end step says why."""
        self._end("Stopped", lambda: self._write(reason))

    def _end(self, label: str, last_lines: Callable[[], None]) -> None:
        self.log.flush()
        self._close_step()
        self.steps.append(ReplayStep("end", label, None, views=self.steps[-1].views))
        last_lines()

    @property
    def turns(self) -> int:
        return sum(self.seat_turns)
