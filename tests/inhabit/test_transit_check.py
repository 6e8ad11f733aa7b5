"""The third-marker-in-transit check (rules decision 18) worked out without playing the option gives what
playing it on a copy gives, and leaves the game as it was: on every Movement option of random-bot games."""

from __future__ import annotations

import random

from inhabit.helpers import new
from sim.core.registry import make_bot
from sim.inhabit.movement import MoveOption, crowded, current, keeps_a_way_out, move_creature, plans, way_out
from sim.inhabit.state import InhabitState
from sim.inhabit.steps import DONE, MOVE, MoveStep


def played_on_a_copy(game: InhabitState, seat: int, option: MoveOption) -> bool:
    """The rule's own reading: play the option on a copy, then a continent with three of the seat's markers
    needs a creature that can still leave it this turn, and the game must not have ended."""
    after = game.copy(with_rng=False)
    move_creature(after, MoveStep.of(seat), option)
    continent = crowded(after, seat)
    if continent < 0:
        return True
    if after.over:
        return False
    move = after.move
    assert move is not None
    return way_out(after, seat, continent, move.current if move.began else -1, move.migrated, move.next_index)


def board(game: InhabitState) -> tuple[object, ...]:
    return (repr(game.occupant), repr([seat.on_continent for seat in game.seats]), game.finals,
            repr(game.region_markers), [seat.region_points for seat in game.seats],
            repr([(creature.continent, creature.space) for seat in game.seats for creature in seat.creatures]))


def test_the_transit_check_answers_what_playing_the_option_on_a_copy_answers() -> None:
    answers = {True: 0, False: 0}
    in_transit = 0
    for players in (2, 3, 4):
        for seed in range(6):
            game = new(players, seed)
            bots = [make_bot("random", "inhabit") for _ in range(players)]
            rng = random.Random(seed)
            while not game.is_over():
                decision = game.decision()
                seat = decision.seat
                if decision.kind == MOVE and current(game, seat) >= 0:
                    creature = game.seats[seat].creatures[current(game, seat)]
                    in_transit += crowded(game, seat) >= 0
                    for option in [*plans(game, seat, creature), DONE]:
                        before = board(game)
                        answer = keeps_a_way_out(game, seat, option)
                        assert answer == played_on_a_copy(game, seat, option), (players, seed, option)
                        assert board(game) == before
                        answers[answer] += 1
                game.apply(bots[seat].choose(game.observation(seat), decision, rng))
            game.check_invariants()
    assert in_transit and min(answers.values()) > 100, (in_transit, answers)
