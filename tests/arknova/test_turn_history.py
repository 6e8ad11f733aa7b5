"""Turn records, kept when a game is asked to: each turn's break-track spaces and the break it called
account for every break of the game, which is what the "what moves the break token" table reads."""

from __future__ import annotations

from collections import defaultdict

import pytest

from heuristics.random_bot import RandomBot
from sim.arknova import history
from sim.arknova.history import TURN_FIELDS
from sim.arknova.setup import new_game
from sim.core.play import play_game


def played(players: int, seed: int):
    game = new_game({"players": players, "maps": "random"}, seed)
    history.keep_history(game)
    play_game(game, [RandomBot() for _ in range(players)], seed)
    return game, [dict(zip(TURN_FIELDS, record)) for record in game.turn_history]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_break_steps_of_each_break_fill_the_track_and_one_turn_calls_it(players: int) -> None:
    for seed in range(8):
        game, turns = played(players, 300 + seed)
        spaces, called = defaultdict(int), defaultdict(int)
        for turn in turns:
            spaces[turn["break_number"]] += turn["break_steps"]
            called[turn["break_number"]] += turn["break_called"]
        assert game.breaks >= 1
        for number in range(game.breaks):
            assert spaces[number] == game.break_length, (seed, number)
            assert called[number] == 1, (seed, number)
        assert spaces[game.breaks] == game.break_position or called[game.breaks] == 1


def test_a_cards_action_moves_the_token_two_spaces_and_a_sponsors_break_its_strength() -> None:
    cards = sponsors = 0
    for seed in range(6):
        _, turns = played(2, 400 + seed)
        for turn in turns:
            if turn["action"] == "cards":
                cards += 1
                assert turn["break_steps"] == 2 or (turn["break_called"] and turn["break_steps"] == 1), turn
            elif turn["action"] == "sponsors" and turn["break_steps"]:
                sponsors += 1
                assert turn["break_steps"] == turn["strength"] or turn["break_called"], turn
    assert cards > 20 and sponsors > 5


def test_search_copies_keep_no_turn_records() -> None:
    game = new_game({"players": 2}, 5)
    history.keep_history(game)
    assert game.copy().turn_history is None
