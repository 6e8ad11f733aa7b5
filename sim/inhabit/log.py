"""`arkmc play --game inhabit`: one line per turn and per thing done in it, then the final scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.core.decision import Decision
from sim.inhabit.catalog import CLASSES, CONTINENTS, SYMBOLS, TERRAINS, Catalog
from sim.inhabit.names import english_name
from sim.inhabit.scoring import results
from sim.inhabit.state import InhabitState
from sim.inhabit.steps import (
    DISCARD,
    MENAGERIE,
    MOVE,
    PAY,
    REAR_DISCARD,
    REAR_FLIP,
    SECOND_EVOLVE,
    TRIGGER,
    TURN,
    Adapt,
    Attach,
    Evolve,
    Introduce,
    MigrateFirst,
    MigrateLast,
    Multiply,
    Stay,
    TriggerAbility,
    TriggerCard,
    TriggerToken,
)


def card_text(catalog: Catalog, number: int) -> str:
    """A card as the log and the replay page name it, by its English name (`sim.inhabit.names`) with its class,
    continent and terrain: "249 Bandicoot (small_mammal, australasia, deciduous)"."""
    card = catalog.cards[number]
    return f"{number} {english_name(card)} ({CLASSES[card.cls]}, {CONTINENTS[card.continent]}, {TERRAINS[card.terrain]})"


class InhabitTurnLog:
    """A play-loop listener writing each turn of a game as readable lines."""

    def __init__(self, game: InhabitState, write: Callable[[str], None]) -> None:
        self.game = game
        self.write = write

    def card(self, number: int) -> str:
        return card_text(self.game.catalog, number)

    def __call__(self, state: Any, decision: Decision, option: Any) -> None:
        seat, kind = decision.seat, decision.kind
        player = f"P{seat + 1}"
        if kind == TURN:
            scores = ", ".join(f"P{index + 1} {result.score:g}" for index, result in enumerate(results(state)))
            self.write(f"Turn {state.turn + 1} - {player} {option.name} (points so far: {scores})")
        elif kind in (MENAGERIE, SECOND_EVOLVE):
            self._menagerie(state, option)
        elif kind in (PAY, DISCARD, REAR_DISCARD) and isinstance(option, int):
            self.write(f"  {player} discards {self.card(option)}")
        elif kind == REAR_FLIP and isinstance(option, int):
            creature = state.seats[seat].creature(option)
            self.write(f"  rears with its {CLASSES[option]} in region {state.region(creature)}"
                       f"{' (every marker black: one card)' if creature.black else ''}")
        elif kind == TRIGGER:
            self._trigger(option)
        elif kind == MOVE:
            self._move(state, seat, option)

    def _menagerie(self, state: InhabitState, option: Any) -> None:
        if isinstance(option, Introduce):
            self.write(f"  introduces {self.card(option.card)} on {CONTINENTS[option.continent]}")
        elif isinstance(option, Multiply):
            self.write(f"  multiplies with {self.card(option.card)}")
        elif isinstance(option, Evolve):
            self.write(f"  evolves into {self.card(option.card)}")
        elif isinstance(option, Adapt):
            self.write(f"  adapts its {CLASSES[option.cls]} with {self.card(option.card)}")
        elif isinstance(option, Attach):
            self.write(f"  places a {SYMBOLS[option.symbol]} token on its {CLASSES[option.cls]}")

    def _trigger(self, option: Any) -> None:
        if isinstance(option, TriggerCard):
            self.write(f"  triggers with {self.card(option.card)}")
        elif isinstance(option, TriggerToken):
            self.write(f"  triggers with a {SYMBOLS[option.symbol]} token")
        elif isinstance(option, TriggerAbility):
            self.write(f"  triggers with the ability of {self.card(option.card)}")

    def _move(self, state: InhabitState, seat: int, option: Any) -> None:
        from sim.inhabit.movement import current

        index = current(state, seat)
        if index < 0 and not isinstance(option, Attach):
            return
        if isinstance(option, Attach):
            self.write(f"  places a {SYMBOLS[option.symbol]} token on its {CLASSES[option.cls]}")
            return
        creature = state.seats[seat].creatures[index]
        where = f"its {CLASSES[creature.cls]} on {CONTINENTS[creature.continent]} space {creature.space}"
        if isinstance(option, Stay):
            self.write(f"  {where} moves {option.steps} space{'s' if option.steps > 1 else ''}")
        elif isinstance(option, MigrateFirst):
            self.write(f"  {where} migrates to {CONTINENTS[option.continent]}, then moves {option.steps}")
        elif isinstance(option, MigrateLast):
            self.write(f"  {where} moves {option.steps}, then migrates to {CONTINENTS[option.continent]}")

    def flush(self) -> None:
        """Nothing is held back: each line is written when its decision is answered."""

    def finish(self) -> None:
        game = self.game
        self.write(f"Game over after {game.turn} turns ({game.end_reason}); final spaces reached on {game.finals} "
                   "continents")
        self.write("Final scores (regions + tokens + scoring cards)")
        for result in sorted(results(game), key=lambda result: (result.rank, result.seat)):
            details = result.details
            self.write(f"  #{result.rank} P{result.seat + 1}: {result.score:g} points = {details['region_points']} + "
                       f"{details['token_points']} + {details['card_points']}, {details['creatures']} creatures")
