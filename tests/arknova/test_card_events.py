"""Card events, recorded when a game keeps them: the raw material of card-strength statistics."""

from __future__ import annotations

from collections import Counter

from heuristics.random_bot import RandomBot
from sim.arknova.setup import new_game
from sim.core.play import play_game


def test_events_follow_every_card_from_deal_to_play() -> None:
    game = new_game({"players": 2}, 21)
    game.events = []
    play_game(game, [RandomBot(), RandomBot()], 21)
    kinds = Counter(event[0] for event in game.events)
    assert kinds["dealt"] == 16 and kinds["kept"] == 8
    played = [event for event in game.events if event[0] == "played"]
    in_zoos = {card for player in game.players for card in player.animals + player.sponsors}
    projects = {row.number for row in game.projects}
    for _, _seat, _card, turn, breaks, source, money in played:
        assert source == "hand" or source.startswith("folder")
        assert money >= 0 and turn >= 0 and breaks >= 0
    played_cards = {event[2] for event in played}
    assert in_zoos <= played_cards, "every card in a zoo came through a played event"
    assert projects <= played_cards
    draws = [event for event in game.events if event[0] in ("drawn", "snapped", "taken")]
    assert all(event[5] == "deck" or event[5].startswith("folder") for event in draws)


def test_no_events_are_kept_unless_asked() -> None:
    game = new_game({"players": 2}, 22)
    play_game(game, [RandomBot(), RandomBot()], 22)
    assert game.events is None


def test_a_pilfered_card_names_the_hand_it_came_from_by_the_datas_seat_number() -> None:
    """The dataset numbers seats from 0 everywhere, so seat 1's hand is `hand1`, not `hand2`."""
    from arknova.helpers import choose
    from arknova.test_cards_animals import Table

    t = Table(456)             # Pilfering: seat 0 plays it, seat 1 gives a card
    t.game.events = []
    t.other.appeal, t.other.money = 10, 20
    t.other.hand = [205]
    t.play()
    choose(t.game, 1, "pilfer_target")
    choose(t.game, "card", "pilfered")
    [event] = [event for event in t.game.events if event[0] == "pilfered"]
    assert (event[1], event[2], event[5]) == (0, 205, "hand1")
