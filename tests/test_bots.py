"""The shipped bots: legal answers, proper game ends, and greedy clearly above random."""

from __future__ import annotations

from heuristics.greedy import GreedyBot
from heuristics.random_bot import RandomBot
from sim.arknova.setup import new_game
from sim.core.play import play_game
from sim.core.seeds import derive_seeds


def test_greedy_games_end_by_the_score_trigger() -> None:
    for seed in derive_seeds(11, 4):
        game = new_game({"players": 2}, seed)
        record = play_game(game, [GreedyBot(), GreedyBot()], seed)
        assert record.status == "finished"
        assert game.end_trigger in (0, 1, -2), "the end came from a score of 100, not from a cap"
        assert max(result.details["score"] for result in record.results) >= 100
        assert all(15 <= player.turns <= 70 for player in game.players)
        assert not game.stack


def test_greedy_beats_random() -> None:
    wins = 0
    for index, seed in enumerate(derive_seeds(12, 6)):
        game = new_game({"players": 2}, seed)
        greedy_seat = index % 2
        bots = [RandomBot(), RandomBot()]
        bots[greedy_seat] = GreedyBot()
        record = play_game(game, bots, seed)
        wins += next(r.rank for r in record.results if r.seat == greedy_seat) == 1
    assert wins == 6


def test_greedy_plays_every_player_count_and_map_choice() -> None:
    for players, maps in ((1, "0"), (3, "random"), (4, "draft")):
        seed = 100 + players
        game = new_game({"players": players, "maps": maps}, seed)
        record = play_game(game, [GreedyBot() for _ in range(players)], seed)
        assert record.status == "finished"
        assert len(record.results) == players
