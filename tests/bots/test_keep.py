"""The opening keep of heuristics/arknova/parts/keep.py: it keeps a card whose condition the seat can still meet,
refuses one whose condition can never be met, and its bounds hold at and just past them. The conditions are
the cards' printed ones (sim/arknova/data): Scarlet Macaw needs a partner zoo of its continent (Americas),
Siberian Tiger 3 Asia icons, Release of Patents an appeal of at most 25 (appeal never goes down)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from heuristics.archetypes import ArchetypeError
from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.bots.keeper import KeeperBot
from heuristics.arknova.parts import keep
from heuristics.arknova.parts.keep import (
    Prospects,
    card_icons,
    card_prospect,
    choose_keep,
    default_keep_weights,
    final_scoring_share,
    keep_value,
    learned_values,
    resolve,
)
from sim.arknova.game import ArkNova
from sim.core.play import play_game

SCARLET_MACAW, SIBERIAN_TIGER, RELEASE_OF_PATENTS = 508, 406, 222
AMERICAS_ANIMALS = (466, 440)      # Bolivian Red Howler, Mountain Tapir: no condition
# with Mandrill, European Pond Turtle, Marabou, Expert on Europe
DEALT = (SCARLET_MACAW, *AMERICAS_ANIMALS, SIBERIAN_TIGER, 457, 484, 496, 211)


def keep_decision(dealt: tuple[int, ...], players: int = 2, **player: Any) -> tuple[Any, Any]:
    """Seat 0's observation and keep decision on map 1 with `dealt` as its 8 cards and `player` fields set."""
    game = ArkNova().new_game({"players": players, "maps": "1"}, 3)
    seat = game.players[0]
    seat.dealt = dealt
    for name, value in player.items():
        setattr(seat, name, value)
    decision = game.decision()
    assert decision.kind == "keep_cards" and decision.seat == 0
    return game.observation(0), decision


def test_it_keeps_scarlet_macaw_whose_partner_zoo_it_can_still_take() -> None:
    observation, decision = keep_decision(DEALT)
    assert not observation.me.partner_zoos   # its condition is not met now
    kept = choose_keep(observation, decision, random.Random(0))
    assert kept in decision.options and SCARLET_MACAW in kept and set(AMERICAS_ANIMALS) <= set(kept)
    assert SCARLET_MACAW not in HeuristicBot().choose(observation, decision, random.Random(0))   # today's bot refuses it


def test_it_refuses_a_card_whose_condition_can_never_be_met_again() -> None:
    """Release of Patents asks for an appeal of at most 25: kept at 25, refused at 26 whatever it is worth."""
    dealt = (RELEASE_OF_PATENTS, *DEALT[1:])
    weights = resolve({"sponsor_gain": 10.0})   # worth far more than any other card, as long as it can be played
    at_bound, decision = keep_decision(dealt, appeal=25)
    assert RELEASE_OF_PATENTS in choose_keep(at_bound, decision, random.Random(0), weights)
    past_bound, decision = keep_decision(dealt, appeal=26)
    assert card_prospect(past_bound, RELEASE_OF_PATENTS, Counter(), weights).worth == weights.never
    assert RELEASE_OF_PATENTS not in choose_keep(past_bound, decision, random.Random(0), weights)


def test_a_partner_zoo_condition_is_dead_once_every_partner_zoo_slot_holds_another_continent() -> None:
    weights = default_keep_weights()
    three, _ = keep_decision(DEALT, partner_zoos=["africa", "asia", "europe"])
    assert card_prospect(three, SCARLET_MACAW, Counter(), weights).worth > weights.never
    four, _ = keep_decision(DEALT, partner_zoos=["africa", "asia", "europe", "australia"])
    assert card_prospect(four, SCARLET_MACAW, Counter(), weights).worth == weights.never


def test_icons_missing_count_as_preparation_up_to_the_bound_and_refuse_the_card_past_it() -> None:
    """Siberian Tiger needs 3 Asia icons: with one from a kept card, 2 are missing (the bound) and it is
    worth its gain less their price; with none, 3 are missing and it is refused."""
    weights = default_keep_weights()
    assert weights.max_icons_missing == 2
    observation, _ = keep_decision(DEALT)
    two_missing = card_prospect(observation, SIBERIAN_TIGER, Counter({"asia": 1}), weights)
    assert two_missing.worth > 0 and two_missing.needs["icon:asia"] == 2 * weights.icon
    assert card_prospect(observation, SIBERIAN_TIGER, Counter(), weights).worth == weights.never
    own_icon, _ = keep_decision(DEALT, icons={"asia": 1})
    assert card_prospect(own_icon, SIBERIAN_TIGER, Counter(), weights).needs["icon:asia"] == 2 * weights.icon
    stricter = resolve({"max_icons_missing": 1})
    assert card_prospect(observation, SIBERIAN_TIGER, Counter({"asia": 1}), stricter).worth == stricter.never


def test_a_preparation_several_kept_cards_need_is_paid_once() -> None:
    """Two reptile-house animals (European Pond Turtle, Chinese Water Dragon) share the Build upgrade and the house."""
    weights = default_keep_weights()
    observation, _ = keep_decision(DEALT)
    pond_turtle, water_dragon = (card_prospect(observation, card, Counter(), weights) for card in (484, 478))
    assert pond_turtle.needs.keys() == water_dragon.needs.keys() == {"upgrade:build", "building:reptile_house"}
    together = keep_value(observation, (484, 478), weights)
    shared = sum(pond_turtle.needs.values())
    alone = keep_value(observation, (484,), weights) + keep_value(observation, (478,), weights)
    assert together - alone >= shared - 1e-9   # the second pays no house and no upgrade (and they share the reptile icon)


def test_a_playable_card_earns_the_learned_keep_value_of_its_player_count() -> None:
    """The learned term is `learned` times the card's value in the shipped table of the game's player count
    (keep_values.json); a solo game, which has no table, adds nothing."""
    weights, unlearned = default_keep_weights(), resolve({"learned": 0.0})
    assert weights.learned > 0
    tables = learned_values()
    assert tables[2][SCARLET_MACAW] != tables[4][SCARLET_MACAW]
    for players in (2, 4):
        observation, _ = keep_decision(DEALT, players)
        for card in (SCARLET_MACAW, *AMERICAS_ANIMALS):
            learned = card_prospect(observation, card, Counter(), weights).worth
            plain = card_prospect(observation, card, Counter(), unlearned).worth
            assert learned - plain == pytest.approx(weights.learned * tables[players][card])
    solo, _ = keep_decision(DEALT, 1)
    assert 1 not in tables
    assert card_prospect(solo, SCARLET_MACAW, Counter(), weights) == card_prospect(solo, SCARLET_MACAW, Counter(), unlearned)


def test_a_card_that_cannot_be_played_stays_refused_whatever_its_learned_value() -> None:
    past_bound, _ = keep_decision((RELEASE_OF_PATENTS, *DEALT[1:]), appeal=26)
    assert learned_values()[2][RELEASE_OF_PATENTS] != 0
    eager = resolve({"learned": 1e6})
    assert card_prospect(past_bound, RELEASE_OF_PATENTS, Counter(), eager).worth == eager.never


def test_an_unreadable_keep_values_file_is_a_one_line_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "keep_values.json"
    broken.write_text('{"values": {"2": [1, 2]}}')
    monkeypatch.setattr(keep, "LEARNED_FILE", broken)
    learned_values.cache_clear()
    try:
        with pytest.raises(ArchetypeError, match="cannot read .*keep_values.json.*train_keep_values.py") as error:
            learned_values()
        assert "\n" not in str(error.value)
    finally:
        learned_values.cache_clear()


def test_the_keeper_bot_plays_whole_games_with_its_keep() -> None:
    game = ArkNova().new_game({"players": 2, "maps": "random"}, 11)
    record = play_game(game, [KeeperBot(), HeuristicBot()], 11)
    assert record.status == "finished"
    observation, decision = keep_decision(DEALT)
    assert KeeperBot().choose(observation, decision, random.Random(0)) == choose_keep(observation, decision, random.Random(0))


def unsplit_keep_value(observation: Any, kept: tuple[int, ...], weights: Any) -> float:
    """The oracle of `keep_value`: every card's prospect computed afresh from the icons the other kept cards
    supply, and the synergies from the kept cards, as before the cards' parts were kept across the keeps of
    one decision."""
    catalog = observation.me.catalog
    value, spend, needs = 0.0, 0, {}
    for card in kept:
        supplied = Counter(icon for other in kept if other != card for icon in card_icons(catalog, other))
        prospect = card_prospect(observation, card, supplied, weights)
        value += prospect.worth
        spend += prospect.money
        for need, cost in prospect.needs.items():
            needs[need] = max(needs.get(need, 0.0), cost)
    value -= sum(needs.values()) + weights.over_budget * max(0.0, spend - weights.early_money)
    return value + unsplit_synergy(observation, kept, weights)


def unsplit_synergy(observation: Any, kept: tuple[int, ...], weights: Any) -> float:
    """The oracle of `synergy`: the keep's synergies worked out from its cards afresh."""
    catalog = observation.me.catalog
    icons = {card: card_icons(catalog, card) for card in kept}
    kinds = Counter(icon for card in kept for icon in set(icons[card]) if icon not in ("rock", "water"))
    value = weights.shared_icon * sum(count * (count - 1) for count in kinds.values())
    targets = {catalog.projects[row.number].target for row in observation.base_projects
               if catalog.projects[row.number].goal == "icon_count"}
    value += weights.base_project_icon * sum(1 for card in kept for icon in icons[card] if icon in targets)
    for card in kept:
        if card in catalog.sponsors:
            rewarded = {trigger.subject for trigger in catalog.sponsors[card].triggers if trigger.event == "on_icon_own"}
            value += weights.powered * sum(1 for other in kept if other != card and rewarded & set(icons[other]))
    goals = [catalog.final_scoring[number].quantity for number in observation.me.final_scoring]
    value += weights.final_scoring * sum(final_scoring_share(catalog, card, goal) for card in kept for goal in goals)
    return value


def test_the_prospects_kept_across_one_decision_value_every_keep_as_computed_afresh() -> None:
    """Over 50 seeded deals, every one of the 70 keeps is worth what the unsplit computation gives, to the bit,
    with one `Prospects` shared by the decision's keeps (as `choose_keep` does)."""
    weights = default_keep_weights()
    for seed in range(50):
        game = ArkNova().new_game({"players": 2, "maps": "random"}, seed)
        decision = game.decision()
        observation = game.observation(decision.seat)
        prospects = Prospects(observation, weights)
        for kept in decision.options:
            assert keep_value(observation, kept, weights, prospects) == unsplit_keep_value(observation, kept, weights)
