"""The Ark Nova game: the `GameState` protocol over the core's step machine.

`decision()` settles automatic steps until a real choice is pending and returns it;
`apply()` resolves the top step with the chosen option. When the stack is empty the
next seat's turn begins. Everything else (actions, breaks, scoring) lives in the
modules whose steps are registered in `sim.arknova.steps.STEPS`.
"""

from __future__ import annotations

from sim.arknova.observation import ArkNovaObservation, ArkNovaView
from sim.arknova.state import ArkNovaState
from sim.arknova.steps import STEPS
from sim.core.decision import Decision
from sim.core.protocols import SeatResult
from sim.core.steps import StepMachine


class ArkNovaGame(StepMachine, ArkNovaState):
    """A game in progress. Build one with `sim.arknova.setup.new_game`."""

    __slots__ = ("_decision",)
    steps = STEPS

    def __init__(self) -> None:
        super().__init__()
        self._decision: Decision | None = None

    def next_step(self) -> tuple[str, int]:
        return ("turn", self.current)

    def results(self) -> list[SeatResult]:
        from sim.arknova.scoring import seat_results

        return seat_results(self)

    def observation(self, seat: int) -> ArkNovaObservation:
        return ArkNovaObservation(self, seat)

    def view(self, seat: int) -> ArkNovaView:
        return ArkNovaView(self, seat)

    def copy(self, random_state: bool = True) -> "ArkNovaGame":
        """An independent copy; without `random_state` it has no generator of its own (`NO_RANDOMNESS`)."""
        other = ArkNovaGame.__new__(ArkNovaGame)
        self.copy_into(other, random_state)
        other._decision = self._decision
        return other

    # --- small shared services ----------------------------------------------------

    def note_unhandled(self, keyword: str) -> None:
        self.unhandled.add(keyword)

    def hire_worker(self, seat: int) -> None:
        """Activate one more association worker; the last one may pay the map's bonus."""
        from sim.arknova.effects import grant

        player = self.players[seat]
        if player.workers_total >= self.catalog.tracks.workers_total:
            return
        player.workers_total += 1
        player.workers += 1
        bonus = self.catalog.maps[player.map_id].last_worker_bonus
        if player.workers_total == self.catalog.tracks.workers_total and bonus is not None:
            grant(self, seat, bonus)

    def say(self, seat: int, text: str) -> None:
        """Append a line to the readable log when logging is on."""
        if self.log is not None:
            self.log.append(f"  P{seat + 1} {text}")

    @property
    def seats(self) -> range:
        return range(len(self.players))
