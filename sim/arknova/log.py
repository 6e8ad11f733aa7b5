"""A readable game log: what each seat did on each turn, the breaks and the final scores."""

from __future__ import annotations

from typing import Any

from sim.arknova.engine import ArkNovaGame
from sim.core.decision import Decision


class TurnLog:
    """Play-loop listener that turns the engine's log lines into a printed game record."""

    def __init__(self, game: ArkNovaGame, write: Any = print) -> None:
        game.log = []
        self.game = game
        self.write = write

    def __call__(self, state: Any, decision: Decision, choice: Any) -> None:
        if decision.kind == "turn":
            self.flush()
            self.write(f"Turn {self.game.players[decision.seat].turns + 1} - P{decision.seat + 1}")

    def flush(self) -> None:
        if self.game.log:
            for line in self.game.log:
                self.write(line)
            self.game.log.clear()

    def finish(self) -> None:
        """Print what is left and the final table."""
        self.flush()
        self.write("Final scores")
        for result in sorted(self.game.results(), key=lambda r: r.rank):
            d = result.details
            self.write(f"  #{result.rank} P{result.seat + 1}: score {d['score']} (VP {result.score:+}) "
                       f"appeal {d['appeal']} CP {d['cp']} reputation {d['reputation']} money {d['money']} "
                       f"animals {d['animals']} sponsors {d['sponsors']} projects {d['projects']}")
