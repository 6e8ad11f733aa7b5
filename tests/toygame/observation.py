"""What one toy seat may see, as a snapshot: its own hand; everyone's money, points, played cards
and hand sizes; the discard pile, the deck's size and the pending steps. Never the deck order
or another hand: those reach a bot only re-dealt at random by `determinize`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from sim.core.steps import Step
from toygame.catalog import Catalog

if TYPE_CHECKING:
    from toygame.state import ToyState


class ToyObservation:
    __slots__ = ("seat", "catalog", "rounds", "hand", "money", "points", "played", "hand_sizes", "deck_size",
                 "discard", "current", "round", "stack", "over")

    def __init__(self, seat: int, catalog: Catalog, rounds: int, hand: tuple[int, ...], money: tuple[int, ...],
                 points: tuple[int, ...], played: tuple[tuple[int, ...], ...], hand_sizes: tuple[int, ...],
                 deck_size: int, discard: tuple[int, ...], current: int, round: int, stack: tuple[Step, ...],
                 over: bool) -> None:
        self.seat = seat
        self.catalog = catalog
        self.rounds = rounds
        self.hand = hand
        self.money = money
        self.points = points
        self.played = played
        self.hand_sizes = hand_sizes
        self.deck_size = deck_size
        self.discard = discard
        self.current = current
        self.round = round
        self.stack = stack
        self.over = over

    @classmethod
    def of(cls, game: "ToyState", seat: int) -> "ToyObservation":
        seats = game.seats
        return cls(seat, game.catalog, game.rounds, tuple(seats[seat].hand), tuple(s.money for s in seats),
                   tuple(s.points for s in seats), tuple(tuple(s.played) for s in seats),
                   tuple(len(s.hand) for s in seats), len(game.deck), tuple(game.discard), game.current,
                   game.round, tuple(game.stack), game.over)

    def determinize(self, rng: random.Random) -> "ToyState":
        """A full game consistent with this view: the cards this seat has not seen, shuffled from
        `rng`, make the other hands (of their sizes) and the deck."""
        from toygame.state import Seat, ToyState  # here: the state module imports this one

        seen = {*self.hand, *self.discard, *(card for cards in self.played for card in cards)}
        unseen = sorted(set(self.catalog.numbers) - seen)
        rng.shuffle(unseen)
        seats = []
        for index, size in enumerate(self.hand_sizes):
            if index == self.seat:
                hand = list(self.hand)
            else:
                hand, unseen = unseen[:size], unseen[size:]
            seats.append(Seat(hand, self.money[index], self.points[index], self.played[index]))
        return ToyState(self.catalog, self.rounds, seats, unseen, list(self.discard), self.current, self.round,
                        self.stack, self.over)
