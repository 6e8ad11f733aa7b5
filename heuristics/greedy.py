"""A simple greedy Ark Nova bot: whole-turn lookahead over the action choice, cheap
rules for everything inside a turn.

At its turn the bot determinizes (re-deals what it cannot see), plays each legal
action to the end of the turn on a copy with its in-turn rules, and keeps the action
whose outcome scores best under `position_value`. Inside the turn every decision is
scored by a small rule per decision kind. It is the baseline that makes games end
properly; the tuned heuristic family is a separate bot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from sim.arknova.actions.association import distinct_icons, support_choices
from sim.arknova.board import map_board
from sim.arknova.catalog import Effect, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.requirements import requirement_met
from sim.arknova.scoring import final_scoring_cp
from sim.arknova.state import PlayerState
from sim.arknova.tracks import TRACKS, score
from sim.arknova.zoo import enclosure_size, enclosures_for, is_standard, kiosk_income, legal_placements
from sim.core.decision import Decision
from sim.core.registry import register_bot

CATALOG = load_catalog()
ANIMALS, SPONSORS, PROJECTS = CATALOG.animals, CATALOG.sponsors, CATALOG.projects
UPGRADE_PRIORITY = {"animals": 5, "build": 4, "cards": 3, "association": 2, "sponsors": 1}
SLOT_WEIGHT = {"animals": 0.5, "association": 0.3, "build": 0.3, "cards": 0.2, "sponsors": 0.2}
EFFECT_VALUE = {
    "money": 0.3, "cp": 3.0, "reputation": 1.0, "xtoken": 0.8, "hire_worker": 2.5, "snap": 1.5,
    "take_card_deck_or_range": 1.2, "upgrade_action_card": 5.0, "partner_zoo": 3.0, "university": 3.0,
    "build_free_size2_enclosure": 2.5, "build_free_size3_enclosure": 3.0, "build_free_special_enclosure": 3.0,
    "free_kiosk": 1.5, "clever": 0.5, "play_sponsor_bonus": 2.0, "appeal": 1.0,
}
UNMET_PENALTY = 4.0  # a card whose play condition is not met yet is mostly dead weight


@dataclass(frozen=True)
class Weights:
    """What the greedy bot's position value counts, in points of score."""

    money: float = 0.31  # per coin up to `money_cap`
    money_cap: int = 20
    income: float = 1.03  # per coin of break income (appeal and kiosks)
    reputation: float = 0.24
    xtoken: float = 0.09
    upgrade: float = 0.77
    worker: float = 0.2
    partner: float = 4.28  # per partner zoo or university
    ready_affordable: float = 0.48  # share of an animal's gain while it has an enclosure and the money
    ready: float = 0.55
    homeless: float = 0.45
    fuel: tuple[float, ...] = (0.41, 0.29)  # the first animals in hand that could be played
    project_ready: float = 0.88  # per CP a project in play or in hand would give now
    project_progress: float = 1.39  # per CP of a slot, times the squared share of its icons collected
    slot: float = 0.13  # scale of SLOT_WEIGHT
    break_progress: float = 0.56  # share of the next break's income counted as it comes closer
    open_enclosure: float = 1.79  # per empty standard enclosure (two at most), growing with its size
View = Any  # an ArkNovaObservation or, inside a lookahead, the determinized game


def effect_value(effect: Effect, recurring: bool = False) -> float:
    value = EFFECT_VALUE.get(effect.keyword, 0.5) * effect.amount
    return value * 3 if recurring else value


def card_value(player: PlayerState, card: int) -> float:
    """How much a card in hand is worth to this player, roughly."""
    if card in ANIMALS:
        animal = ANIMALS[card]
        affordable = 1.0 if animal.cost <= player.money + 10 else 0.5
        gain = affordable * (animal.appeal + 2 * animal.cp + animal.reputation) - animal.cost / 5
        return gain - UNMET_PENALTY * _unmet(player, animal)
    if card in SPONSORS:
        sponsor = SPONSORS[card]
        return 2 + sponsor.appeal + 2 * sponsor.cp - sponsor.level / 2 - UNMET_PENALTY * _unmet(player, sponsor)
    return 2.0


def _unmet(player: PlayerState, card: Any) -> int:
    return sum(1 for requirement in card.requirements if not requirement_met(player, card, requirement))


def hand_value(player: PlayerState, card: int, weights: Weights) -> float:
    """A card kept in hand: animals are worth a share of what they will bring, more when
    an enclosure is ready and the money is there."""
    if card not in ANIMALS:
        return 0.3 + 0.3 * max(0.0, card_value(player, card))
    animal = ANIMALS[card]
    gain = animal.appeal + 2 * animal.cp + animal.reputation
    if _unmet(player, animal):
        share = 0.05
    elif enclosures_for(player, animal):
        share = weights.ready_affordable if animal.cost <= player.money else weights.ready
    else:
        share = weights.homeless
    return share * gain - 0.05 * animal.cost


def _project_prospect(player: PlayerState, number: int, holders: list[int], weights: "Weights") -> float:
    """What a project promises this player: the CP of a slot met now, or a share of it for
    the icons (or animals) already collected toward a slot not met yet."""
    if player.seat in holders:
        return 0.0
    best = 0.0
    for slot, released in support_choices(player, number, holders):
        gain = PROJECTS[number].slots[slot].cp - (ANIMALS[released].appeal / 2 if released else 0)
        best = max(best, weights.project_ready * gain)
    project = PROJECTS[number]
    have = _progress_count(player, project)
    if have is None:
        return best
    for slot, level in enumerate(project.slots):
        if holders[slot] == -1 and have < level.threshold:
            best = max(best, weights.project_progress * level.cp * (have / level.threshold) ** 2)
    return best


def _progress_count(player: PlayerState, project: Any) -> int | None:
    if project.goal == "icon_count":
        return player.icon(project.target)
    if project.goal == "distinct_icons":
        return distinct_icons(player, project.target)
    if project.goal == "animal_count":
        return player.small_animals if project.target == "small_animals" else player.large_animals
    return None


def position_value(game: ArkNovaGame, seat: int, weights: Weights = Weights()) -> float:
    """Score plus what the position promises: money, reputation, tokens, upgrades, a useful hand."""
    player = game.players[seat]
    w = weights
    value = float(score(player))
    value += min(player.money, w.money_cap) * w.money + max(0, player.money - w.money_cap) * 0.03
    value += player.reputation * w.reputation + player.xtokens * w.xtoken + len(player.upgraded) * w.upgrade
    value += player.workers_total * w.worker + w.partner * (len(player.partner_zoos) + len(player.universities))
    income = TRACKS.appeal_income[player.appeal] + kiosk_income(player)
    value += income * w.income
    if game.break_length:
        value += w.break_progress * income * w.money * game.break_position / game.break_length  # income coming closer
    hand = sorted((hand_value(player, card, w) for card in player.hand), reverse=True)
    value += sum(hand[:player.hand_limit])
    value += sum(_project_prospect(player, row.number, row.holders, w) for row in game.base_projects + game.projects)
    value += sum(_project_prospect(player, card, [-1] * len(PROJECTS[card].slots), w)
                 for card in player.hand if card in PROJECTS)
    viable = sum(1 for card in player.hand if card in ANIMALS and not _unmet(player, ANIMALS[card]))
    value += sum(w.fuel[:viable])
    value += w.slot * sum(slot * SLOT_WEIGHT[card] for slot, card in enumerate(player.action_cards))
    empty = sorted((enclosure_size(kind) for kind, _, used in player.buildings if not used and is_standard(kind)),
                   reverse=True)
    value += sum(w.open_enclosure * (1 + 0.3 * size) for size in empty[:2])
    return value


def _me(view: View, seat: int) -> PlayerState:
    return view.players[seat] if isinstance(view, ArkNovaGame) else view.me


def _homeless(player: PlayerState) -> tuple[Any, ...]:
    """Animals in hand that no enclosure of the zoo can take right now."""
    return _homeless_in(tuple(player.hand), tuple(player.buildings), player)


@lru_cache(maxsize=1024)
def _homeless_in(hand: tuple[int, ...], buildings: tuple[Any, ...], player: PlayerState) -> tuple[Any, ...]:
    """Cached on hand and buildings: every placement of a build decision asks the same question."""
    return tuple(ANIMALS[card] for card in hand if card in ANIMALS and not enclosures_for(player, ANIMALS[card]))


def _placement_value(player: PlayerState, placement: Any, kind: str = "") -> float:
    """Bonuses covered, touching the zoo, and room for an animal waiting in hand."""
    board = map_board(player.map_id)
    bonus = sum(effect_value(effect) for bit, effect in board.bonuses if bit & placement.mask)
    touching = (placement.adjacent & player.occupied).bit_count()
    value = 2 * bonus + 0.2 * touching + 0.2 * (placement.rock_adjacent + placement.water_adjacent)
    if is_standard(kind) or kind in ("petting_zoo", "reptile_house", "large_bird_aviary"):
        size = enclosure_size(kind) if is_standard(kind) else 0
        for animal in _homeless(player):
            fits_here = animal.size <= size if size else animal.special == kind
            if fits_here and placement.rock_adjacent >= animal.rock and placement.water_adjacent >= animal.water:
                value += 6 + animal.appeal * 0.5
                break
    return value


# In-turn rules: one scorer per decision kind, (player, view, option, payload) -> value.
Scorer = Callable[[PlayerState, View, Any, tuple[Any, ...]], float]
BONUS_TILES = dict(CATALOG.tiles.bonus_tiles)


def _build_kind(player: PlayerState, view: View, kind: Any, payload: tuple[Any, ...]) -> float:
    """A kind is worth its best placement; enclosures nobody in hand needs are worth little."""
    if kind == "done":
        return 0.0
    upgraded = player.is_upgraded("build")
    best = max((_placement_value(player, p, kind) for p in legal_placements(player, kind, upgraded)), default=0.0)
    if kind == "pavilion":
        return best + 1.5
    if kind == "kiosk":
        return best + 1.0
    return best - 2 - (enclosure_size(kind) if is_standard(kind) else 5) * 0.3


def _build_place(player: PlayerState, view: View, placement: Any, payload: tuple[Any, ...]) -> float:
    return _placement_value(player, placement, payload[3])


def _free_build(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    return _placement_value(player, option[1], option[0])


def _unique_build(player: PlayerState, view: View, placement: Any, payload: tuple[Any, ...]) -> float:
    return _placement_value(player, placement)


def _animal(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    """Gain of the animal, less its cost and the enclosure space it wastes."""
    if option == "done":
        return 0.0
    card, source, index = option
    animal = ANIMALS[card]
    kind = player.buildings[index][0]
    waste = enclosure_size(kind) - animal.size if is_standard(kind) else 0
    return 2 + animal.appeal + 2 * animal.cp + animal.reputation - animal.cost * 0.1 - source - waste


def _association(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    kind = option[0]
    if kind == "reputation":
        return 2.0 if player.reputation < 9 else 0.5
    if kind == "partner_zoo":
        return 3 + sum(1 for card in player.hand if card in ANIMALS and option[1] in ANIMALS[card].continents)
    if kind == "university":
        return 3.0
    if kind == "support":
        return 4 * PROJECTS[option[1]].slots[option[2]].cp
    if kind == "play":
        return 4 * PROJECTS[option[1]].slots[option[3]].cp - option[2] - 1
    if kind == "donate":
        return 2.0 if player.money > 15 else -1.0
    return 0.0


def _bonus_partner_zoo(player: PlayerState, view: View, continent: Any, payload: tuple[Any, ...]) -> float:
    return _association(player, view, ("partner_zoo", continent), payload)


def _sponsor(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    if option in ("done", "skip"):
        return 0.0
    if option == ("break",):
        return 2.5 if player.money < 15 else 0.5
    card, source = option
    sponsor = SPONSORS[card]
    return 2 + sponsor.appeal + 2 * sponsor.cp + sponsor.level * 0.5 - source - 1


def _display_value(player: PlayerState, view: View, index: int) -> float:
    """A display card as a new hand card: playable animals first."""
    card = view.display[index]
    if card in ANIMALS and not _unmet(player, ANIMALS[card]):
        return 2 + 0.5 * card_value(player, card)
    return 0.5 * card_value(player, card)


def _cards_mode(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    return 1.0 if option[0] == "draw" else _display_value(player, view, option[1]) - 1


def _take_card(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    return 1.0 if option[0] == "deck" else _display_value(player, view, option[1])


def _snap(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    return _display_value(player, view, option[1])


def _keep(player: PlayerState, view: View, kept: Any, payload: tuple[Any, ...]) -> float:
    return sum(card_value(player, card) for card in kept)


def _discard(player: PlayerState, view: View, card: Any, payload: tuple[Any, ...]) -> float:
    return -card_value(player, card)


def _cp_bonus(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    return effect_value(BONUS_TILES[option[1]] if isinstance(option, tuple) else option)


def _left_slot(player: PlayerState, view: View, index: Any, payload: tuple[Any, ...]) -> float:
    slot = CATALOG.maps[player.map_id].left_edge_slots[index]
    return effect_value(slot.bonus, slot.recurring)


def _discard_final(player: PlayerState, view: View, card: Any, payload: tuple[Any, ...]) -> float:
    return -final_scoring_cp(view, player, card)


def _keep_card(player: PlayerState, view: View, card: Any, payload: tuple[Any, ...]) -> float:
    return card_value(player, card)


def _give_up_card(price: float) -> Scorer:
    """Sell or tuck a hand card (Sunbathing, Pouch) when it is worth less than `price`."""
    return lambda player, view, option, payload: 0.0 if option == ("stop",) else price - card_value(player, option)


def _dig(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    """Swap a weak hand card for an unknown one; leave the display alone."""
    return 1.0 - card_value(player, option[1]) if option[0] == "hand" else 0.0


def _pilfered(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    if option == "money":
        return -5 * EFFECT_VALUE["money"]
    return -sum(card_value(player, card) for card in player.hand) / len(player.hand)


def _base_project(player: PlayerState, view: View, number: Any, payload: tuple[Any, ...]) -> float:
    return _project_prospect(player, number, [-1] * len(PROJECTS[number].slots), Weights())


def _constant(value: float) -> Scorer:
    return lambda player, view, option, payload: value


SCORERS: dict[str, Scorer] = {
    "keep_cards": _keep, "choose_map": _constant(0.0), "build": _build_kind, "build_place": _build_place,
    "free_build": _free_build, "unique_build": _unique_build,
    "relocate": lambda player, view, option, payload: 0.0 if option == "stay" else 1.0,
    "animal_play": _animal, "association": _association, "sponsors": _sponsor, "sponsor_bonus": _sponsor,
    "cards_mode": _cards_mode, "take_card": _take_card, "snap": _snap, "discard": _discard,
    "cp_bonus": _cp_bonus, "left_slot": _left_slot, "discard_final": _discard_final,
    "upgrade": lambda player, view, card, payload: UPGRADE_PRIORITY[card],
    "clever": lambda player, view, card, payload: -UPGRADE_PRIORITY[card],
    "bonus_partner_zoo": _bonus_partner_zoo, "bonus_university": _constant(1.0),
    "keep_drawn": _keep_card, "hunter_keep": _keep_card,
    "keep_final": lambda player, view, card, payload: final_scoring_cp(view, player, card),
    "sunbathe": _give_up_card(4 * EFFECT_VALUE["money"]), "pouch": _give_up_card(2 * EFFECT_VALUE["appeal"]),
    "dig": _dig, "pilfered": _pilfered, "assertion": _base_project,
    "place_token": lambda player, view, card, payload: -player.strength_slot(card),
    "extra_action": lambda player, view, option, payload: 0.0 if option == ("skip",) else 1.0 + option[3],
}


def in_turn_choice(view: View, decision: Decision) -> Any:
    """The best option by the decision kind's rule (the first option when there is no rule)."""
    scorer = SCORERS.get(decision.kind)
    if scorer is None:
        return decision.options[0]
    player, payload = _me(view, decision.seat), decision.payload
    return max(decision.options, key=lambda option: scorer(player, view, option, payload))


@register_bot("greedy")
class GreedyBot:
    """Greedy over whole turns: try every action on a determinized copy, keep the best outcome.

    With `horizon=2` the best few actions are also judged by the best plain action
    (no X-tokens) the bot could take on its following turn, which values setting up
    (drawing, building) against immediate small gains.
    """

    name = "greedy"

    def __init__(self, horizon: int = 2, shortlist: int = 5, max_rollout_decisions: int = 80,
                 weights: Weights = Weights()) -> None:
        self.weights = weights
        self.horizon = horizon
        self.shortlist = shortlist
        self.max_rollout_decisions = max_rollout_decisions

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind != "turn":
            return in_turn_choice(observation, decision)
        seat = decision.seat
        base = observation.determinize(rng)
        outcomes = []
        for option in decision.options:
            game = base.copy()
            game.apply(option)
            self._finish_turn(game, seat)
            outcomes.append((position_value(game, seat, self.weights), option, game))
        outcomes.sort(key=lambda outcome: outcome[0], reverse=True)
        if self.horizon < 2:
            return outcomes[0][1]
        best_option, best_value = outcomes[0][1], float("-inf")
        for value, option, game in outcomes[:self.shortlist]:
            follow_up = self._next_turn_value(game, seat)
            total = value + follow_up if follow_up is not None else value
            if total > best_value:
                best_option, best_value = option, total
        return best_option

    def value(self, game: ArkNovaGame, seat: int) -> float:
        """The seat's position value: lets search bots stop their rollouts early."""
        return position_value(game, seat, self.weights)

    def _next_turn_value(self, game: ArkNovaGame, seat: int) -> float | None:
        """Gain of the best plain action on the seat's next turn (others play by the in-turn rules)."""
        for _ in range(self.max_rollout_decisions * len(game.players)):
            if game.is_over():
                return None
            decision = game.decision()
            if decision.kind == "turn" and decision.seat == seat:
                break
            game.apply(decision.options[0] if decision.kind == "turn" else in_turn_choice(game, decision))
        else:
            return None
        now = position_value(game, seat, self.weights)
        best = float("-inf")
        for option in game.decision().options:
            if option[0] == "act" and option[2] == 0:
                trial = game.copy()
                trial.apply(option)
                self._finish_turn(trial, seat)
                best = max(best, position_value(trial, seat, self.weights) - now)
        return best if best > float("-inf") else None

    def _finish_turn(self, game: ArkNovaGame, seat: int) -> None:
        """Play the rest of the current turn with the in-turn rules."""
        turn = game.players[seat].turns
        for _ in range(self.max_rollout_decisions):
            if game.is_over() or game.players[seat].turns != turn:
                return
            game.apply(in_turn_choice(game, game.decision()))
