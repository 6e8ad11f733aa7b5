"""Solo mode (rulebook solo section): the solo tile instead of the break track, the donation marker
at every break, no X-token for a break, money still paid for break moves, 2 project slots, the
end after the 6th round, starting appeal 20/10/0, the win at VP >= 0, and the 3-game challenge."""

from __future__ import annotations

import random

import pytest

from arknova.helpers import CATALOG, choose, expect, ready_game, set_cards, start_turn, to_hand, to_row
from heuristics.arknova.bots.heuristic import HeuristicBot
from sim.arknova import tracks
from sim.arknova.actions.association import donation_cost
from sim.arknova.requirements import requirements_met
from sim.arknova.scoring import seat_results
from sim.arknova.setup import ConfigError, new_game
from sim.core.play import play_game


def play_out(game, rng: random.Random, limit: int = 20000) -> None:
    count = 0
    while not game.is_over() and count < limit:
        game.apply(rng.choice(game.decision().options))
        count += 1
    assert game.is_over()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_solo_game_ends_after_six_rounds(seed):
    game = ready_game(players=1, seed=seed)
    turns_at_break = []
    breaks = 0
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.decision().options))
        if game.breaks != breaks:
            breaks = game.breaks
            turns_at_break.append(game.turn)
    assert turns_at_break == [7, 13, 18, 22, 25]
    assert game.players[0].turns == 27 and game.breaks == 5
    assert game.break_position == 0  # the break track is never used


def test_heuristic_solo_game_ends_after_six_rounds_and_is_scored():
    game = new_game({"players": 1, "maps": "random"}, 5)
    record = play_game(game, [HeuristicBot()], 5)
    assert record.status == "finished"
    player = game.players[0]
    assert player.turns == 27 and game.breaks == 5
    (result,) = record.results
    assert result.score == tracks.score(player) - 100
    assert result.rank == (1 if result.score >= 0 else 2)


@pytest.mark.parametrize("appeal, condition_limit", [(20, 45), (10, 35), (0, 25)])
def test_starting_appeal_and_the_appeal_condition(appeal, condition_limit):
    game = ready_game(players=1, solo_appeal=appeal)
    player = game.players[0]
    assert player.appeal == appeal
    sponsor = CATALOG.sponsors[222]  # playable "up to 25 appeal"
    player.appeal = condition_limit
    assert requirements_met(player, sponsor)
    player.appeal = condition_limit + 1
    assert not requirements_met(player, sponsor)


def test_bad_solo_options_are_refused():
    with pytest.raises(ConfigError, match="solo_appeal"):
        new_game({"players": 1, "solo_appeal": 15}, 0)
    with pytest.raises(ConfigError, match="players = 1"):
        new_game({"players": 2, "solo_challenge": True}, 0)


def test_break_covers_the_cheapest_donation_space_and_pays_no_xtoken():
    game = ready_game(players=1)
    player = game.players[0]
    game.solo_tokens = 6  # the next turn moves the last token of the first round
    xtokens = player.xtokens
    assert donation_cost(game) == 2
    player.hand = []  # nothing to discard at the break
    start_turn(game, 0)
    set_cards(game, 0, ["animals", "build", "association", "cards", "sponsors"])
    choose(game, ("act", "sponsors", 0))
    money = player.money
    choose(game, ("break",), "sponsors")  # X = 5: 5 money although no token moves
    expect(game, "turn", 0)
    assert player.money == money + 5 + CATALOG.tracks.appeal_income[20]  # then the break's appeal income
    assert game.breaks == 1 and game.break_position == 0
    assert player.xtokens == xtokens  # no X-token for the break
    assert game.donations == 1 and donation_cost(game) == 5
    assert game.solo_tokens == 0


def test_donation_marker_past_the_last_space_changes_nothing():
    game = ready_game(players=1)
    game.donations = 4  # 2, 5, 7 and 10 are covered: only 12 remains
    game.solo_tokens = 6
    game.players[0].hand = []
    start_turn(game, 0)
    choose(game, ("xtoken", "build"))
    expect(game, "turn", 0)
    assert game.breaks == 1 and game.donations == 5 and donation_cost(game) == 12


def test_two_project_slots_above_the_board_and_three_free_base_projects():
    game = ready_game(players=1)
    player = game.players[0]
    assert game.project_row_limit == 2
    assert [len(row.holders) for row in game.base_projects] == [3, 3, 3]
    assert all(holder == -1 for row in game.base_projects for holder in row.holders)
    to_row(game, 128, 129)
    to_hand(game, 0, 132)
    player.icons["science"] = 2
    player.cp, player.milestones = 10, sum(1 << space for space in (2, 5, 8, 10))
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    choose(game, ("play", 132, -1, 2, 0))
    choose(game, 6, "left_slot")
    assert [row.number for row in game.projects] == [132, 128]
    assert 129 in game.discard


def test_win_at_zero_victory_points_or_more():
    game = ready_game(players=1)
    player = game.players[0]
    player.cp = 10
    player.appeal = 100 - CATALOG.tracks.conservation_value[10]
    (result,) = seat_results(game)
    assert result.score == 0 and result.rank == 1
    player.appeal -= 1
    (result,) = seat_results(game)
    assert result.score == -1 and result.rank == 2


def test_solo_challenge_plays_three_games_on_the_cards_left():
    game = ready_game(players=1, seed=11, maps="draft", solo_challenge=True)
    rng = random.Random(11)
    seen_legs = []
    used: set[int] = set()
    while not game.is_over():
        legs = len(game.challenge["scores"])
        if not seen_legs or seen_legs[-1][0] != legs:
            in_play = set(game.display) | set(game.players[0].dealt) | {r.number for r in game.base_projects}
            assert not in_play & used, "a card out of play came back"
            seen_legs.append((legs, game.players[0].map_id, tuple(game.bonus_tiles[5] + game.bonus_tiles[8])))
        player = game.players[0]
        used |= set(game.discard) | set(game.display) | set(player.hand) | set(player.animals)
        used |= set(player.sponsors) | {r.number for r in game.projects + game.base_projects}
        game.apply(rng.choice(game.decision().options))
    assert [leg for leg, _, _ in seen_legs] == [0, 1, 2]
    scores = game.challenge["scores"]
    assert len(scores) == 2 and game.players[0].turns == 27
    maps_drawn = game.challenge["maps"]
    assert len(maps_drawn) == 6 and len(set(maps_drawn)) == 6  # two candidates per game, never again
    tiles = [tiles for _, _, tiles in seen_legs]
    assert not set(tiles[0]) & set(tiles[1])
    assert len(set(tiles[0]) | set(tiles[1]) | set(tiles[2])) == 9  # the third game reuses 3 of 8
    assert len(set(game.challenge["bases"])) == 9
    (result,) = seat_results(game)
    assert result.score == sum(scores) + tracks.victory_points(game.players[0])
    assert result.rank == (1 if result.score >= 0 else 2)
    assert result.details["challenge_vp"] == [*scores, tracks.victory_points(game.players[0])]
