"""The toy's cards and rules, one card mark per card (read by the toy's `card_statuses`): playing a
card pays its cost, scores its value and grants its keyword effects in order."""

from __future__ import annotations

import pytest

from toygame.game import ToyGame
from toygame.rules import HAND_LIMIT, INCOME
from toygame.state import ToyState
from toygame.steps import Draw, Income, Play

FACTORY = ToyGame()


def table(players: int = 3, seed: int = 0) -> ToyState:
    """A new game with seat 0 to play: 10 coins for every seat."""
    game = FACTORY.new_game({"players": players}, seed)
    for seat in game.seats:
        seat.money = 10
    return game


def give(game: ToyState, seat: int, number: int) -> None:
    """Move card `number` into `seat`'s hand from wherever it is."""
    for other in game.seats:
        if number in other.hand:
            other.hand.remove(number)
    if number in game.deck:
        game.deck.remove(number)
    game.seats[seat].hand.append(number)


def row(number: int, money: int, points: int, cards: int, stolen: int = 0) -> object:
    """A card and what playing it brings besides paying its cost: coins, points, cards drawn,
    coins taken from seat 1 (who has 10)."""
    return pytest.param(number, money, points, cards, stolen, marks=pytest.mark.card(number), id=f"card {number}")


# number, coins, points (value and points effects), cards drawn, coins stolen
CARDS = [
    row(1, 2, 0, 0), row(2, 3, 1, 0), row(3, 5, 1, 0), row(4, 0, 1, 1), row(5, 0, 2, 2), row(6, 0, 1, 0, 2),
    row(7, 0, 2, 0, 3), row(8, 0, 4, 0), row(9, 0, 6, 0), row(10, 0, 3, 0), row(11, 2, 1, 1),
    row(12, 0, 1, 1, 1), row(13, 1, 5, 0), row(14, 0, 2, 0), row(15, 0, 5, 0), row(16, 4, 2, 0),
    row(17, 0, 0, 1), row(18, 3, 2, 1), row(19, 0, 9, 0), row(20, 0, 0, 0, 2), row(21, 1, 1, 0),
    row(22, 0, 3, 2), row(23, 0, 4, 0), row(24, 0, 7, 0),
]
COSTS = {1: 0, 2: 1, 3: 3, 4: 1, 5: 3, 6: 2, 7: 3, 8: 4, 9: 6, 10: 2, 11: 2, 12: 2, 13: 5, 14: 1, 15: 5, 16: 3,
         17: 0, 18: 4, 19: 8, 20: 1, 21: 1, 22: 4, 23: 3, 24: 7}


@pytest.mark.parametrize(("number", "money", "points", "cards", "stolen"), CARDS)
def test_a_card_pays_its_cost_scores_and_grants_its_effects(number: int, money: int, points: int, cards: int,
                                                          stolen: int) -> None:
    game = table()
    give(game, 0, number)
    hand = len(game.seats[0].hand)
    game.apply(Play(number))
    while game.decision().seat == 0 and game.decision().kind == "target":
        game.apply(1)
    me, robbed = game.seats[0], game.seats[1]
    assert game.decision() == game.decision() and game.decision().seat == 1, "the turn passed to seat 1"
    assert me.money == 10 - COSTS[number] + money + stolen
    assert me.points == points
    assert len(me.hand) == hand - 1 + cards
    assert robbed.money == 10 - stolen
    assert me.played == [number] and number not in me.hand


def test_only_affordable_cards_can_be_played() -> None:
    game = table()
    give(game, 0, 19)
    game.seats[0].money = 7
    assert Play(19) not in game.decision().options
    game = table()
    give(game, 0, 19)
    game.seats[0].money = 8
    assert Play(19) in game.decision().options


def test_income_and_draw_end_the_turn() -> None:
    game = table()
    game.apply(Income())
    assert game.decision().seat == 1 and game.seats[0].money == 10 + INCOME
    deck = len(game.deck)
    game.apply(Draw())
    assert game.decision().seat == 2 and len(game.seats[1].hand) == 4 and len(game.deck) == deck - 1


def test_drawing_up_to_the_hand_limit_asks_nothing() -> None:
    game = table()
    give(game, 0, 4)
    give(game, 0, 8)
    assert len(game.seats[0].hand) == HAND_LIMIT
    game.apply(Play(4))  # draw 1: back to the limit
    assert game.decision().seat == 1 and len(game.seats[0].hand) == HAND_LIMIT


def test_drawing_past_the_hand_limit_asks_for_discards() -> None:
    game = table()
    for number in (5, 22, 8):
        give(game, 0, number)
    assert len(game.seats[0].hand) == HAND_LIMIT + 1
    game.apply(Play(5))  # draw 2: seven cards
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "discard") and set(decision.options) == set(game.seats[0].hand)
    game.apply(8)
    assert game.decision().kind == "discard"
    game.apply(22)
    assert len(game.seats[0].hand) == HAND_LIMIT and game.discard == [8, 22]
    assert game.decision().seat == 1


def test_a_steal_takes_what_there_is_and_asks_nothing_when_nobody_has_money() -> None:
    game = table()
    give(game, 0, 7)
    game.seats[1].money, game.seats[2].money = 1, 0
    game.apply(Play(7))
    assert game.decision().kind == "target" and game.decision().options == (1,)
    game.apply(1)
    assert game.seats[1].money == 0 and game.seats[0].money == 10 - 3 + 1
    game = table()
    give(game, 0, 6)
    game.seats[1].money = game.seats[2].money = 0
    game.apply(Play(6))
    assert game.decision().kind == "turn" and game.decision().seat == 1


def test_the_game_ends_after_its_rounds_or_with_the_round_the_deck_ran_out() -> None:
    game = FACTORY.new_game({"players": 2, "rounds": 2}, 0)
    for _ in range(3):
        game.apply(Income())
    assert not game.is_over() and game.round == 1
    game.apply(Income())
    assert game.is_over() and game.round == 2
    game = FACTORY.new_game({"players": 2, "rounds": 20}, 0)
    game.deck[:] = game.deck[-1:]
    game.apply(Draw())
    assert not game.is_over(), "the round is finished first"
    game.apply(Income())
    assert game.is_over() and game.round == 1


def test_equal_points_share_a_rank() -> None:
    game = table(players=4)
    for seat, points in zip(game.seats, (5, 7, 5, 7)):
        seat.points = points
    assert [result.rank for result in game.results()] == [3, 1, 3, 1]
