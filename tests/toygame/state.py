"""A toy game in progress: seats, the hidden deck, the public discard pile, and the step machine's
pending steps. Cards are numbers; their data stays in the factory's catalog."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sim.core.protocols import SeatResult
from sim.core.seeds import python_rng
from sim.core.steps import Step, StepMachine
from toygame.catalog import Catalog
from toygame.observation import ToyObservation
from toygame.rules import HAND_LIMIT, STEPS
from toygame.steps import DiscardStep, TurnStep


class Seat:
    """One player: a private hand, money, points, and the cards played (public)."""

    __slots__ = ("hand", "money", "points", "played")

    def __init__(self, hand: list[int], money: int, points: int = 0, played: Iterable[int] = ()) -> None:
        self.hand = hand
        self.money = money
        self.points = points
        self.played = list(played)

    def copy(self) -> "Seat":
        return Seat(self.hand[:], self.money, self.points, self.played)


class ToyState(StepMachine):
    """The `GameState` of the toy; `plays` records (seat, round, card, cost) once history is kept."""

    __slots__ = ("catalog", "rounds", "seats", "deck", "discard", "current", "round", "stack", "over",
                 "_decision", "plays")
    steps = STEPS

    def __init__(self, catalog: Catalog, rounds: int, seats: list[Seat], deck: list[int], discard: list[int],
                 current: int = 0, round: int = 0, stack: Iterable[Step] = (), over: bool = False) -> None:
        self.catalog = catalog
        self.rounds = rounds
        self.seats = seats
        self.deck = deck
        self.discard = discard
        self.current = current
        self.round = round
        self.stack = list(stack)
        self.over = over
        self._decision = None
        self.plays: list[tuple[int, int, int, int]] | None = None

    @classmethod
    def deal(cls, catalog: Catalog, players: int, rounds: int, money: int, hand: int, seed: int) -> "ToyState":
        """A new game: the deck shuffled from `seed`, `hand` cards and `money` coins for every seat."""
        deck = list(catalog.numbers)
        python_rng(seed).shuffle(deck)
        seats = [Seat([deck.pop() for _ in range(hand)], money) for _ in range(players)]
        return cls(catalog, rounds, seats, deck, [])

    def next_step(self) -> TurnStep:
        return TurnStep.of(self.current)

    def results(self) -> list[SeatResult]:
        """Ranked by points; equal points share a rank."""
        return [SeatResult(index, seat.points, 1 + sum(other.points > seat.points for other in self.seats),
                           {"money": seat.money, "cards_played": len(seat.played)})
                for index, seat in enumerate(self.seats)]

    def observation(self, seat: int) -> ToyObservation:
        return ToyObservation.of(self, seat)

    def copy(self) -> "ToyState":
        """An independent copy (history is not copied: copies are for lookahead)."""
        other = ToyState(self.catalog, self.rounds, [seat.copy() for seat in self.seats], self.deck[:],
                         self.discard[:], self.current, self.round, self.stack, self.over)
        other._decision = self._decision
        return other

    def note_unhandled(self, keyword: str) -> None:
        """A card names an effect without a handler: the toy refuses to play on without it."""
        raise ValueError(f"the toy has no handler for the effect {keyword!r}")

    def check_invariants(self) -> None:
        """Every card in exactly one place, no debt, hands within the limit but for pending
        discards, points at least the values of the cards played (effects only add)."""
        places = Counter(self.deck + self.discard)
        for seat in self.seats:
            places.update(seat.hand + seat.played)
        assert places == Counter(self.catalog.numbers), f"cards misplaced: {places - Counter(self.catalog.numbers)}"
        for index, seat in enumerate(self.seats):
            assert seat.money >= 0, f"seat {index} owes {-seat.money}"
            excess = len(seat.hand) - HAND_LIMIT
            assert excess <= 0 or DiscardStep.of(index, excess) in self.stack, \
                f"seat {index} holds {len(seat.hand)} cards with no discard pending"
            floor = sum(self.catalog.cards[card].value for card in seat.played)
            assert seat.points >= floor, f"seat {index} has {seat.points} points, its cards alone score {floor}"
        assert 0 <= self.current < len(self.seats) and 0 <= self.round <= self.rounds
