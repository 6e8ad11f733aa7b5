"""How Ark & Noah's default bot plays: every action under the quick rules, its weights by the rules in
play (the archetype's `[quick]` table), and each planning and exchange term at its threshold; `noah_v1`
keeps the weights the family had before (docs/arknoah/bot.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import heuristics.arknoah  # noqa: F401  (registers the family)
from arknoah.helpers import SPEC, bag, give, new, tile
from heuristics.arknoah.bot import NoahBot
from heuristics.arknoah.evaluation import expected_best, tile_worth
from heuristics.arknoah.policy import _build_gain, _gather_gain, exchange, exchange_promise, split_draw_gain
from sim.arknoah import dataset
from sim.arknoah.game import ArkNoah
from sim.arknoah.history import CHOICE_FIELDS
from sim.arknoah.state import NoahState
from sim.arknoah.steps import KEEP, Exchange
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import make_bot


def actions_taken(players: int, seeds: range) -> set[str]:
    """The actions the default bot chose in quick-rules self-play over `seeds`."""
    taken: set[str] = set()
    for seed in seeds:
        game = ArkNoah().new_game({"players": players, "quick": True}, seed)
        dataset.keep_history(game)
        play_game(game, [make_bot("default", SPEC) for _ in range(players)], seed)
        assert game.history is not None
        taken |= {row[CHOICE_FIELDS.index("action")] for row in game.history.choices}
    return taken


@pytest.mark.parametrize("players", [2, 4])
def test_the_default_takes_every_action_of_the_quick_rules(players: int) -> None:
    game = ArkNoah().new_game({"players": players, "quick": True}, 0)
    assert actions_taken(players, range(6)) == set(game.actions)


def test_the_quick_table_weighs_the_quick_rules_and_noah_v1_has_none() -> None:
    bot, old = make_bot("default", SPEC), make_bot("noah_v1", SPEC)
    assert isinstance(bot, NoahBot) and isinstance(old, NoahBot)
    assert bot.weights_for(new(2, quick=True)) is bot.quick_weights
    assert bot.weights_for(new(2)) is bot.weights
    assert bot.quick_weights.swap_hull == bot.quick_weights.build == bot.quick_weights.size_risk == 0
    assert bot.weights.swap_hull > 0 and bot.weights.build > 0
    assert old.quick_weights == old.weights
    assert old.weights.gather_pick == old.weights.swap_pick == old.weights.build_cage == old.weights.partner_given == 0
    assert old.weights.gather_draw == 0 and bot.weights.gather_draw == 0 < bot.quick_weights.gather_draw


def test_expected_best_of_draws() -> None:
    assert expected_best([0.0, 1.0], 1) == pytest.approx(0.5)
    assert expected_best([0.0, 1.0], 2) == pytest.approx(0.75)
    assert expected_best([], 3) == 0.0


def exchange_decision(seat: int, give_tile: int, take: int) -> Decision:
    return Decision(seat, "swap_exchange", (KEEP, Exchange(give_tile, take)))


def test_taking_the_partner_of_the_tile_given_makes_no_pair() -> None:
    game = new(2, quick=True)
    lion = give(game, 0, "lion", True)
    partner = tile(game, "lion", False)
    decision = exchange_decision(0, lion, partner)
    weights = NoahBot().quick_weights
    assert exchange(game, decision, weights) == KEEP, "the same single again gains nothing"
    assert exchange(game, decision, replace(weights, partner_given=0.0)) != KEEP, "the old reading saw a pair"


def test_an_exchange_is_made_only_when_it_gains() -> None:
    game = new(2, quick=True)
    dog = give(game, 0, "dog", True)
    weights = NoahBot().quick_weights
    equal = tile(game, "cat", False)  # the same VP and size: no gain
    assert exchange(game, exchange_decision(0, dog, equal), weights) == KEEP
    better = tile(game, "sheep", False)
    assert exchange(game, exchange_decision(0, dog, better), weights) == Exchange(dog, better)


def test_the_swap_promises_what_the_draws_can_complete() -> None:
    game = new(2, quick=True)
    weights = NoahBot().quick_weights
    give(game, 0, "lion", True)
    give(game, 0, "dog", True)
    bag(game, tile(game, "cat", False))
    assert exchange_promise(game, 0, weights) == 0.0, "a tile like the one given gains nothing"
    bag(game, tile(game, "lion", False))
    assert exchange_promise(game, 0, weights) > 0.0, "the lion's partner for the dog makes a pair"


def test_gathering_is_worth_the_best_pick_less_the_rivals_share() -> None:
    """The estimate from the bags' tiles (any player count; with two, when the split term is off)."""
    game = new(2, quick=True)
    bag(game, tile(game, "lion", True), tile(game, "lion", False))
    weights = replace(NoahBot().quick_weights, gather=0.0, gather_partner=0.0, gather_draw=0.0)
    pick = expected_best([tile_worth(game, 0, number, weights, 0.0) for number in game.bags[0] + game.bags[1]], 2)
    assert _gather_gain(game, 0, replace(weights, gather_rival=0.0)) == pytest.approx(weights.gather_pick * pick)
    give(game, 1, "lion", True)
    game.bags[1].remove(tile(game, "lion", True))
    rival = _gather_gain(game, 0, weights)
    assert rival < _gather_gain(game, 0, replace(weights, gather_rival=0.0)), "the other player's pair counts against"


@pytest.mark.parametrize("walls", [0, 1, 2])
def test_building_counts_a_hull_wall_per_wall_in_hand_up_to_the_free_hull(walls: int) -> None:
    game = new(2, quick=True)
    weights = replace(NoahBot().quick_weights, build_cage=0.0, build=0.0, build_hull=1.0)
    free = game.board.hull.bit_count()
    game.players[0].walls = walls
    assert _build_gain(game, 0, weights) == min(walls, free)
    game.walls |= game.board.hull & ~(game.board.hull & -game.board.hull)  # every hull edge but one walled
    assert _build_gain(game, 0, weights) == min(walls, 1)


def vp(game: NoahState, species: str) -> int:
    return game.catalog.species[game.catalog.tiles[tile(game, species, True)].species].vp


def test_two_players_split_the_draw_and_a_partner_raises_its_single_whoever_takes_it() -> None:
    """Schnellregel, Aktion 1 Tiere: with two players 1 female and 1 male are drawn, the planner keeps one,
    the other player takes the other. The planner's male dog becomes its own pair if it keeps the female
    dog, a shared pair if the other player takes it; the male cat stays a single for whoever takes it."""
    game = new(2, quick=True)
    give(game, 0, "dog", True)
    bag(game, tile(game, "dog", False), tile(game, "cat", True))
    weights = replace(NoahBot().quick_weights, gather_draw=1.0, gather_draw_rival=0.5)
    own, shared, single = weights.own_pair, weights.shared_pair, weights.single
    dog, cat = vp(game, "dog"), vp(game, "cat")
    keep_dog = 2 * own * dog - single * dog - weights.gather_draw_rival * single * cat
    keep_cat = single * cat + (shared - single) * dog - weights.gather_draw_rival * shared * dog
    assert split_draw_gain(game, 0, weights) == pytest.approx(max(keep_dog, keep_cat))
    rival = weights.gather_draw_rival
    assert split_draw_gain(game, 1, weights) == pytest.approx(max(
        shared * dog - rival * ((shared - single) * dog + single * cat), single * cat - rival * (2 * own - single) * dog))


def test_a_drawn_pair_split_between_the_players_is_a_shared_pair_for_both() -> None:
    game = new(2, quick=True)
    bag(game, tile(game, "dog", False), tile(game, "dog", True))
    weights = replace(NoahBot().quick_weights, gather_draw=1.0, gather_draw_rival=0.5)
    assert split_draw_gain(game, 0, weights) == pytest.approx(weights.shared_pair * vp(game, "dog") * 0.5)


def test_the_split_counts_only_with_two_players_and_replaces_the_estimate() -> None:
    weights = replace(NoahBot().quick_weights, gather=0.0, gather_partner=0.0, gather_draw=1.0)
    for players, split in ((2, True), (4, False)):
        game = new(players, quick=True)
        give(game, 0, "dog", True)
        bag(game, tile(game, "dog", False), tile(game, "cat", True))
        expected = split_draw_gain(game, 0, weights) if split else _gather_gain(game, 0, replace(weights, gather_draw=0.0))
        assert _gather_gain(game, 0, weights) == pytest.approx(expected)


def test_gathering_pays_when_the_draw_pairs_the_planners_single_not_the_rivals() -> None:
    """The default (two players, quick rules) plans the animals action when the bags hold the partner of
    its own single, not when they hold the partner of the other player's."""
    bot = NoahBot()
    game = new(2, quick=True)
    give(game, 0, "dog", True)
    give(game, 1, "cat", True)
    bag(game, tile(game, "dog", False), tile(game, "sheep", True))
    mine = _gather_gain(game, 0, bot.quick_weights)
    theirs = _gather_gain(game, 1, bot.quick_weights)
    assert mine > 0 > theirs

