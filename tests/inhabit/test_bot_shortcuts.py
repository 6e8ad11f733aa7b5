"""The default bot's shortcuts give what their plain definitions give, on positions of real games: the turn
lookahead that stops where the turn's steps run out, the judge's cheapest payment from the hand sorted once,
the observation's view whose rows of empty stacks repeat one list (never dealt into), the seat's own pending
decision a deal keeps, its random stream made when first drawn, and each trail's terrains ahead of a space counted
once."""

from __future__ import annotations

import random
from typing import Any

from heuristics.inhabit import policy
from heuristics.inhabit.bot import InhabitBot
from heuristics.inhabit.policy import Judge
from inhabit.helpers import CATALOG, new
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import make_bot
from sim.inhabit.state import InhabitState
from sim.inhabit.steps import TURN

BOT = InhabitBot()


def positions(players: int, seed: int) -> list[tuple[InhabitState, Decision]]:
    """A copy of the game and the decision before each decision of the default bot's self-play."""
    found: list[tuple[InhabitState, Decision]] = []

    def keep(state: Any, decision: Decision, choice: Any) -> None:
        found.append((state.copy(), decision))

    play_game(new(players, seed), [make_bot("default", "inhabit") for _ in range(players)], seed, listeners=[keep])
    return found


def played_to_next_turn(game: InhabitState) -> None:
    """The turn played out by the rules until the next turn's decision is asked (or the game ends)."""
    while not game.is_over() and game.decision().kind != TURN:
        decision = game.decision()
        game.apply(policy.choose(game, decision.seat, decision, BOT.weights))


def test_the_lookahead_leaves_each_action_where_the_next_turn_would_find_it() -> None:
    turns = [(game, decision) for game, decision in positions(3, 4) if decision.kind == TURN][::4]
    assert turns
    for game, decision in turns:
        for option in decision.options:
            stopped, played = game.copy(), game.copy()
            stopped.apply(option)
            played.apply(option)
            BOT.finish_turn(stopped)
            played_to_next_turn(played)
            assert not stopped.stack or stopped.over
            assert (stopped.current, stopped.turn, stopped.over) == (played.current, played.turn, played.over)
            assert BOT.value(stopped, decision.seat) == BOT.value(played, decision.seat)


def test_the_cheapest_payment_is_the_least_worth_in_hand_but_the_card_played() -> None:
    for game, decision in positions(4, 2)[::9]:
        seat = decision.seat
        hand = game.seats[seat].hand
        worth = {card: Judge(game, seat, BOT.weights).card(card) for card in hand}
        judge = Judge(game, seat, BOT.weights)
        for played in [*hand, 0]:
            assert judge.cheapest(without=played) == min((worth[card] for card in hand if card != played), default=0.0)


def test_dealing_a_view_leaves_the_view_and_other_deals_as_they_were() -> None:
    game = positions(3, 5)[60][0]
    seen = game.observation(0)
    first, second = seen.determinize(random.Random(1)), seen.determinize(random.Random(2))
    for continent, row in enumerate(first.stacks):
        for stack in row:
            stack.append(999)
        assert all(999 not in stack for stack in second.stacks[continent])
    assert all(space == [] for row in seen.view.stacks for space in row)


def test_a_deal_keeps_the_seats_own_pending_decision_as_working_it_out_again_gives_it() -> None:
    for game, decision in positions(4, 3)[::7]:
        seat = decision.seat
        dealt = game.observation(seat).determinize(random.Random(seat))
        assert dealt.decision() is decision
        dealt._decision = None
        assert dealt.decision() == decision
        assert game.observation((seat + 1) % 4).view._decision is None  # another seat's options are not shown


def test_each_trails_terrains_ahead_of_a_space_are_those_of_the_path_after_it() -> None:
    trails = [trail for side in CATALOG.trails.values() for trail in side.values()]
    assert len(trails) >= 6
    for trail in trails:
        assert trail.final == len(trail.terrains) - 1
        for space in range(len(trail)):
            after = [terrain for terrain in trail.terrains[space + 1:] if terrain >= 0]
            assert trail.ahead[space] == (tuple(after.count(terrain) for terrain in range(7)), len(after))


def test_a_deals_random_stream_is_made_from_its_seed_when_first_drawn_and_copies_draw_the_same() -> None:
    game = positions(4, 2)[40][0]
    dealt = game.observation(0).determinize(random.Random(5))
    before = dealt.copy()
    stream = random.Random(random.Random(5).getrandbits(64))  # a deal's first draw seeds its game's stream
    expected = [stream.random() for _ in range(4)]
    assert [dealt.rng.random() for _ in range(3)] == expected[:3]
    assert [before.rng.random() for _ in range(3)] == expected[:3]  # copied before the stream was made
    assert dealt.copy().rng.random() == expected[3]  # copied after three draws: the stream goes on
