"""One walk of a position serves both the heuristic's value and the distilled bot's features
(heuristics/arknova/parts/evaluation.py `walk_position`, heuristics/arknova/parts/features.py).

The oracle is the separate computation the walk replaced: the value's promise and the features, each
walking the hand, the projects and the income on its own, written out plainly below. Over positions of
seeded games (2, 3 and 4 players, and solo) the walked value, the walked features and the distilled value
must equal it exactly, float for float: the heuristic's and the distilled bot's games depend on it."""

from __future__ import annotations

from functools import partial
from operator import mul
from typing import Any

from heuristics.arknova.bots.distilled import DistilledBot
from heuristics.arknova.parts.evaluation import (
    SLOT_WEIGHT,
    Weights,
    animal_gain,
    card_value,
    default_weights,
    effect_value,
    game_progress,
    money_value,
    position_value,
    project_prospect,
    unmet,
)
from heuristics.arknova.parts.features import FEATURES, position_features
from sim.arknova.abilities.flock import joins_flock
from sim.arknova.board import board_of
from sim.arknova.breaks import break_money, recurring_effects
from sim.arknova.engine import ArkNovaGame
from sim.arknova.state import ACTION_CARDS, PlayerState
from sim.arknova.tracks import score
from sim.arknova.zoo import can_house, enclosure_size, is_standard
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot

EVERY = 9  # a position is kept every this many decisions


def housed(player: PlayerState, animal) -> bool:
    """Whether a building takes the animal or the herd does, found building by building (not from the zoo's
    kept homes)."""
    return any(can_house(player, animal, index) for index in range(len(player.buildings))) or joins_flock(player, animal)


def separate_hand(player: PlayerState, card: int, w: Weights) -> tuple[float, bool]:
    """A card's value in hand and whether it is an animal whose conditions are met, judged on its own."""
    animals = player.catalog.animals
    if card not in animals:
        share = w.sponsor_card if card in player.catalog.sponsors else 0.3
        return w.card + share * max(0.0, card_value(player, card)), False
    animal = animals[card]
    if unmet(player, animal):
        share = 0.05
    elif housed(player, animal):
        share = w.ready_affordable if animal.cost <= player.money else w.ready
    else:
        share = w.homeless
    return w.card + share * animal_gain(animal) - 0.05 * animal.cost, not unmet(player, animal)


def separate_projects(game: ArkNovaGame, player: PlayerState, w: Weights) -> tuple[float, float]:
    """The prospects of the projects in play, and of those in hand."""
    prospect = partial(project_prospect, player, weights=w)
    in_play = sum(prospect(row.number, row.holders) for row in game.base_projects + game.projects)
    projects = game.catalog.projects
    return in_play, sum(prospect(card, [-1] * len(projects[card].slots)) for card in player.hand if card in projects)


def empty_enclosures(player: PlayerState) -> list[int]:
    return sorted((enclosure_size(kind) for kind, _, used in player.buildings if not used and is_standard(kind)),
                  reverse=True)


def separate_value(game: ArkNovaGame, seat: int, w: Weights, progress: float) -> float:
    player = game.players[seat]
    income = break_money(player)
    coming = w.break_progress * income * game.break_position / game.break_length if game.break_length else 0.0
    value = money_value(player.money + coming, w)
    value += player.reputation * w.reputation + player.xtokens * w.xtoken + len(player.upgraded) * w.upgrade
    value += player.workers_total * w.worker + w.partner * (len(player.partner_zoos) + len(player.universities))
    value += income * w.income
    value += w.recurring * sum(effect_value(effect) for effect in recurring_effects(player))
    cards = [separate_hand(player, card, w) for card in player.hand]
    value += sum(sorted((card for card, _ in cards), reverse=True)[:player.hand_limit])
    in_play, in_hand = separate_projects(game, player, w)
    value += in_play
    value += in_hand
    value += sum(w.fuel[:sum(1 for _, viable in cards if viable)])
    value += w.slot * sum(slot * SLOT_WEIGHT[card] for slot, card in enumerate(player.action_cards))
    value += sum(w.open_enclosure * (1 + 0.3 * size) for size in empty_enclosures(player)[:2])
    value += w.sponsor_level * sum(game.catalog.sponsors[card].level for card in player.sponsors)
    value += w.space * (board_of(player).buildable & ~player.occupied).bit_count()
    points = w.appeal * player.appeal + w.conservation * game.catalog.tracks.conservation_value[player.cp]
    return points + (1 - w.endgame * progress) * value


def separate_features(game: ArkNovaGame, seat: int, w: Weights) -> list[float]:
    player = game.players[seat]
    catalog = game.catalog
    income = break_money(player)
    money = player.money + (income * game.break_position / game.break_length if game.break_length else 0.0)
    ready = short = homeless = not_met = sponsors = others = 0.0
    for card in player.hand:
        animal = catalog.animals.get(card)
        if animal is None:
            if card in catalog.sponsors:
                sponsors += max(0.0, card_value(player, card))
            else:
                others += 1
        elif unmet(player, animal):
            not_met += 1
        elif not housed(player, animal):
            homeless += animal_gain(animal)
        elif animal.cost <= player.money:
            ready += animal_gain(animal)
        else:
            short += animal_gain(animal)
    in_play, in_hand = separate_projects(game, player, w)
    return [
        min(money, w.money_cap), max(0.0, money - w.money_cap), income, player.reputation, player.xtokens,
        len(player.upgraded), player.workers_total, len(player.partner_zoos) + len(player.universities),
        sum(effect_value(effect) for effect in recurring_effects(player)),
        ready, short, homeless, not_met, sponsors, others, in_play + in_hand,
        sum(1 + 0.3 * size for size in empty_enclosures(player)[:2]),
        sum(catalog.sponsors[card].level for card in player.sponsors),
        (board_of(player).buildable & ~player.occupied).bit_count(),
        *(player.strength_slot(card) for card in ACTION_CARDS),
        *(1.0 if card in player.upgraded else 0.0 for card in ACTION_CARDS),
    ]


def positions(players: int, seed: int) -> list[ArkNovaGame]:
    """Copies of a seeded game of the default bot, every EVERY decisions."""
    kept: list[ArkNovaGame] = []
    count = iter(range(1 << 30))

    def keep(state: Any, decision: Any, choice: Any) -> None:
        if next(count) % EVERY == 0:
            kept.append(state.copy())

    factory = get_game("arknova")
    game = factory.new_game({"players": players, "maps": "random"}, seed)
    play_game(game, [make_bot("default", "arknova") for _ in range(players)], seed, listeners=[keep])
    return kept


def test_the_walked_value_and_features_equal_the_separate_ones() -> None:
    w = default_weights()
    distilled = DistilledBot(solo_model="")  # the correction in solo games too (not the solo value)
    own = distilled.weights
    seen = [0.0] * len(FEATURES)
    for players in (1, 2, 3, 4):
        for game in positions(players, seed=40 + players):
            progress = game_progress(game)
            for seat in range(players):
                features = position_features(game, seat, w)
                assert features == separate_features(game, seat, w)
                assert position_value(game, seat, w, progress) == separate_value(game, seat, w, progress)
                corrected = separate_value(game, seat, own, progress) + sum(map(
                    mul, distilled.position_correction, [score(game.players[seat]), *separate_features(game, seat, own)]))
                assert distilled.value(game, seat, progress) == corrected
                seen = [max(most, abs(value)) for most, value in zip(seen, features)]
    hand_and_projects = ("animals_ready", "animals_short_of_money", "animals_homeless", "animals_unmet",
                         "sponsors_in_hand", "other_cards", "projects", "recurring", "empty_enclosures")
    assert [name for name in hand_and_projects if not seen[FEATURES.index(name)]] == []  # the positions try every part
