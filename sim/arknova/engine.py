"""The Ark Nova game: the `GameState` protocol over the step machine.

`decision()` settles automatic steps until a real choice is pending and returns it;
`apply()` resolves the top step with the chosen option. When the stack is empty the
next seat's turn begins. Everything else (actions, breaks, scoring) lives in the
modules registered in `sim.arknova.steps`.
"""

from __future__ import annotations

import random
from typing import Any

from sim.arknova import steps
from sim.arknova.catalog import Catalog, load_catalog
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.state import ArkNovaState
from sim.core.decision import Decision
from sim.core.protocols import SeatResult


class IllegalOption(ValueError):
    """An option that is not among the pending decision's legal options."""


class ArkNovaGame(ArkNovaState):
    """A game in progress. Build one with `sim.arknova.setup.new_game`."""

    __slots__ = ("_decision",)
    catalog: Catalog = load_catalog()

    def __init__(self) -> None:
        super().__init__()
        self._decision: Decision | None = None

    # --- the GameState protocol -------------------------------------------------

    def decision(self) -> Decision:
        if self._decision is None:
            self._decision = self._settle()
        return self._decision

    def apply(self, option: Any) -> None:
        decision = self.decision()
        if option not in decision.options:
            raise IllegalOption(f"{option!r} is not a legal option for {decision.kind}")
        step = self.stack.pop()
        self._decision = None
        steps.RESOLVERS[step[0]](self, step, option)

    def is_over(self) -> bool:
        if self._decision is None and not self.over:
            self._decision = self._settle()
        return self.over

    def settle_turn(self) -> bool:
        """Run the automatic steps left in the current turn (its end, a break) without starting
        the next turn; True while a decision of this turn is pending or the game is over.
        Lookahead bots use it to see a turn's outcome without paying for the next turn's options."""
        if self._decision is None and not self.over:
            self._decision = self._settle(stop_at_turn_end=True)
        return self._decision is not None

    def results(self) -> list[SeatResult]:
        from sim.arknova.scoring import seat_results

        return seat_results(self)

    def observation(self, seat: int) -> ArkNovaObservation:
        return ArkNovaObservation(self, seat)

    def copy(self) -> "ArkNovaGame":
        other = ArkNovaGame.__new__(ArkNovaGame)
        self.copy_into(other)
        other._decision = self._decision
        return other

    def determinize(self, seat: int, rng: random.Random) -> "ArkNovaGame":
        """A copy where the deck, other hands and others' final-scoring cards are re-dealt."""
        other = self.copy()
        others = [player for player in other.players if player.seat != seat]
        hidden = sorted(other.deck + [card for player in others for card in player.hand])
        rng.shuffle(hidden)  # sorted first: the re-deal must not depend on the real hidden order
        for player in others:
            count = len(player.hand)
            player.hand, hidden = hidden[:count], hidden[count:]
        other.deck = hidden
        known = set(self.players[seat].final_scoring_dealt)
        pool = [card for card in self.catalog.final_scoring if card not in known]
        rng.shuffle(pool)
        for player in others:
            count = len(player.final_scoring)
            player.final_scoring, pool = pool[:count], pool[count:]
            player.final_scoring_dealt = tuple(player.final_scoring)
            player.dealt = player.kept = ()
        other.rng = random.Random(rng.getrandbits(64))
        other._decision = None
        return other

    # --- the step machine -------------------------------------------------------

    def _settle(self, stop_at_turn_end: bool = False) -> Decision | None:
        """Run automatic steps until a decision is pending (or the game is over); with
        `stop_at_turn_end`, None once the turn's steps are all done."""
        while True:
            if self.over:
                return Decision(-1, "game_over", (None,), "game over")
            if not self.stack:
                if stop_at_turn_end:
                    return None
                self.stack.append(("turn", self.current))
            step = self.stack[-1]
            kind = step[0]
            options_of = steps.OPTIONS.get(kind)
            if options_of is None:
                self.stack.pop()
                steps.RESOLVERS[kind](self, step, None)
                continue
            legal = options_of(self, step)
            if not legal:
                self.stack.pop()
                continue
            return Decision(step[1], kind, legal, kind, step[2:])

    def push(self, *sequence: tuple[Any, ...]) -> None:
        """Push steps so that they run in the order given."""
        self.stack.extend(reversed(sequence))

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
