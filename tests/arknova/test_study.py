"""Ark Nova's study interventions: a card forced into an opening deal, its keep bound, or the card banned.

What must hold (issue 42): the forced card lands in the seat's 8 dealt cards in place of one of them, the
replaced card takes the forced card's place, and nothing else on the table moves, so that the twin games of
a pair share everything the intervention does not touch.
"""

from __future__ import annotations

import random

import pytest

from arknova.helpers import CATALOG, ZOO_CARDS
from sim.arknova.game import ArkNova
from sim.arknova.setup import new_game
from sim.core.play import play_game
from sim.core.protocols import Intervention
from sim.core.registry import make_bot

FACTORY = ArkNova()


def fresh(seed: int = 3, players: int = 2):
    return new_game({"players": players, "maps": "random"}, seed)


def table(game) -> list[int]:
    """Every card on the table at setup, in a fixed order: deck, display, each seat's deal."""
    return [*game.deck, *game.display, *(card for player in game.players for card in player.dealt)]


def intervened(kind: str, card: int, seat: int = 0, seed: int = 3, players: int = 2):
    game = fresh(seed, players)
    FACTORY.intervene(game, Intervention(kind, card, seat), random.Random(1))
    return game


def test_every_zoo_card_can_be_studied_and_no_base_project():
    components = FACTORY.study_components()
    assert set(components) == ZOO_CARDS and len(components) == 212
    assert not set(CATALOG.base_projects) & set(components)
    assert components[401] == "Cheetah"


@pytest.mark.parametrize("where", ["deck", "display", "other seat"])
def test_deal_swaps_the_card_with_one_of_the_hand(where):
    control = fresh()
    card = {"deck": control.deck[10], "display": control.display[2], "other seat": control.players[1].dealt[5]}[where]
    game = intervened("deal", card)
    assert card in game.players[0].dealt and len(game.players[0].dealt) == 8
    moved = [index for index, (before, after) in enumerate(zip(table(control), table(game), strict=True))
             if before != after]
    assert len(moved) == 2, "exactly two places change: the forced card's and the replaced card's"
    old_place, hand_place = moved if table(control)[moved[0]] == card else moved[::-1]
    assert table(game)[hand_place] == card and table(control)[old_place] == card
    assert table(game)[old_place] == table(control)[hand_place], "the replaced card takes the forced card's place"
    assert sorted(table(game)) == sorted(table(control)), "no card created or lost"


def test_deal_of_a_card_already_in_the_hand_changes_nothing():
    control = fresh()
    game = intervened("deal", control.players[0].dealt[0])
    assert table(game) == table(control)


def test_the_replaced_card_is_drawn_at_random_from_the_hand():
    control = fresh()
    card = control.deck[0]
    replaced = set()
    for draw in range(40):
        game = fresh()
        FACTORY.intervene(game, Intervention("deal", card, 0), random.Random(draw))
        replaced |= set(control.players[0].dealt) - set(game.players[0].dealt)
    assert replaced == set(control.players[0].dealt)


def test_the_games_own_random_stream_is_untouched():
    control, game = fresh(), intervened("deal", fresh().deck[5])
    assert control.rng.random() == game.rng.random()


@pytest.mark.parametrize(("kind", "kept"), [("keep", True), ("let_go", False)])
def test_a_bound_keep_keeps_or_lets_go_the_card(kind, kept):
    card = fresh().deck[7]
    game = intervened(kind, card)
    decision = game.decision()
    assert decision.kind == "keep_cards" and decision.seat == 0
    assert len(decision.options) == (35 if kept else 35)  # C(7,3) ways with the card, C(7,4) without
    assert all((card in option) == kept for option in decision.options)
    game.apply(decision.options[0])
    assert (card in game.players[0].hand) == kept
    other = game.decision()
    assert other.seat == 1 and len(other.options) == 70, "the other seat's keep is free"


def test_an_unbound_keep_offers_every_way():
    assert len(fresh().decision().options) == 70


@pytest.mark.parametrize("where", ["deck", "display", "other seat"])
def test_a_banned_card_is_out_of_the_game(where):
    control = fresh()
    card = {"deck": control.deck[10], "display": control.display[2], "other seat": control.players[1].dealt[5]}[where]
    game = intervened("ban", card)
    assert card not in table(game) and len(table(game)) == len(table(control)) - 1
    assert set(table(control)) - set(table(game)) == {card}
    FACTORY.keep_history(game)
    play_game(game, [make_bot("random", "arknova")] * 2, seed=5)
    seen = {event[2] for event in game.events}
    assert card not in seen and len(seen) > 20


def test_a_banned_deck_card_leaves_the_draw_order_otherwise_as_it_was():
    control = fresh()
    card = control.deck[-3]  # the third card to be drawn
    game = intervened("ban", card)
    assert game.deck == [c for c in control.deck if c != card]
    assert game.display == control.display


def test_bad_interventions_are_one_line_errors():
    with pytest.raises(ValueError, match="not in Ark Nova's zoo deck"):
        intervened("deal", 101)  # a base project
    with pytest.raises(ValueError, match="seat 3 is not in this 2-player game"):
        intervened("deal", 401, seat=2)
