"""`arkmc play` for the toy: one line per answered decision, then the final scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from sim.core.decision import Decision
from toygame.rules import INCOME
from toygame.state import ToyState
from toygame.steps import DISCARD, TARGET, TURN, Draw, Income, Play, TurnOption


class ToyTurnLog:
    """A play-loop listener writing each decision of a toy game as a readable line."""

    def __init__(self, game: ToyState, write: Callable[[str], None]) -> None:
        self.game = game
        self.write = write

    def __call__(self, state: Any, decision: Decision, option: Any) -> None:
        player = f"P{decision.seat + 1}"
        if decision.kind == TURN:
            self.write(f"Round {state.round + 1} - {player} {self._action(option)}")
        elif decision.kind == DISCARD:
            self.write(f"  {player} discards {self._card(option)}")
        elif decision.kind == TARGET:
            self.write(f"  {player} steals from P{option + 1}")

    def _action(self, option: TurnOption) -> str:
        match option:
            case Income():
                return f"takes {INCOME} income"
            case Draw():
                return "draws a card"
            case Play(card=number):
                card = self.game.catalog.cards[number]
                return f"plays {self._card(number)} (cost {card.cost}, value {card.value})"
            case _:
                assert_never(option)

    def _card(self, number: int) -> str:
        return f"{number} {self.game.catalog.cards[number].name}"

    def flush(self) -> None:
        """Nothing is held back: each line is written when its decision is answered."""

    def finish(self) -> None:
        self.write("Final scores")
        for result in sorted(self.game.results(), key=lambda result: (result.rank, result.seat)):
            self.write(f"  #{result.rank} P{result.seat + 1}: {result.score} points, {result.details['money']} money, "
                       f"{result.details['cards_played']} cards played")
