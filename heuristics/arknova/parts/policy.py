"""The cheap in-turn policy of the heuristic family: one small scoring rule per decision kind.

The heuristic bot plays each candidate action to the end of the turn on a copy, answering
every decision inside the turn with these rules, and only then evaluates the whole outcome.
Card and map data come from the catalog of the player being judged (the game's).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from heuristics.arknova.parts.evaluation import (
    EFFECT_VALUE,
    animal_gain,
    card_value,
    default_weights,
    effect_value,
    kept,
    project_prospect,
    unmet,
)
from sim.arknova.abilities.flock import NO_ENCLOSURE
from sim.arknova.board import building_size, map_board
from sim.arknova.catalog import Catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.scoring import final_scoring_cp
from sim.arknova.state import SKIP, PlayerState
from sim.arknova.zoo import ENCLOSURE_SIZE, enclosure_size, is_standard, legal_placements, open_homes, placement_key
from sim.core.decision import Decision

UPGRADE_PRIORITY = {"animals": 5, "build": 4, "cards": 3, "association": 2, "sponsors": 1}
View = Any  # an ArkNovaObservation or, inside a lookahead, the determinized game


def _me(view: View, seat: int) -> PlayerState:
    return view.players[seat] if isinstance(view, ArkNovaGame) else view.me


def _homeless(player: PlayerState) -> tuple[Any, ...]:
    """Animals in hand that no enclosure of the zoo can take right now (`enclosures_for`, the zoo's homes found once)."""
    animals = player.catalog.animals
    fitting = open_homes(player).fitting
    return tuple(animals[card] for card in player.hand if card in animals and not fitting(animals[card]))


def _covered_bonus_cache(catalog: Catalog) -> Callable[[str, int], float]:
    """`_covered_bonus` for the catalog's maps, cached on the building's mask."""
    return lru_cache(maxsize=4096)(partial(_covered_bonus, catalog))


def _covered_bonus(catalog: Catalog, map_id: str, mask: int) -> float:
    """Value of the map's placement bonuses a building on `mask` covers."""
    return sum(effect_value(effect) for bit, effect in map_board(catalog, map_id).bonuses if bit & mask)


def _placement_value(player: PlayerState, placement: Any, kind: str = "",
                     homeless: tuple[Any, ...] | None = None) -> float:
    """Bonuses covered, touching the zoo, and room for an animal waiting in hand
    (`homeless`, computed once by callers that score many placements)."""
    touching = (placement.adjacent & player.occupied).bit_count()
    covered = player.catalog.derived[_covered_bonus_cache](player.map_id, placement.mask)
    value = (2 * covered + 0.2 * touching
             + 0.2 * (placement.rock_adjacent + placement.water_adjacent))
    size = ENCLOSURE_SIZE.get(kind, 0)  # a standard enclosure's (`enclosure_size`), 0 for other kinds
    if size or kind in ("petting_zoo", "reptile_house", "large_bird_aviary"):
        for animal in _homeless(player) if homeless is None else homeless:
            fits_here = animal.size <= size if size else animal.special == kind
            if fits_here and placement.rock_adjacent >= animal.rock and placement.water_adjacent >= animal.water:
                value += 6 + animal.appeal * 0.5
                break
    return value


def _best_placements(catalog: Catalog) -> dict[tuple[Any, ...], float]:
    """`_best_placement` of the catalog's zoos, by zoo and animals waiting in hand (`_zoo`), and kind."""
    return {}


def _zoo(player: PlayerState, homeless: tuple[Any, ...]) -> tuple[Any, ...]:
    """What the kinds' best placements depend on besides the kind: the zoo (`placement_key` without a kind) and
    the animals waiting in hand (`homeless`). A Build decision finds it once for all its kinds."""
    return placement_key(player, "", player.is_upgraded("build")), tuple([animal.number for animal in homeless])


def _best_placement(player: PlayerState, kind: str, homeless: tuple[Any, ...], zoo: tuple[Any, ...] | None = None) -> float:
    """The best `_placement_value` among the kind's legal placements (0 without one), kept for the zoo
    it was found for (`zoo`, its `_zoo`, else found here): a lookahead asks it of the same zoo at every build of
    every candidate turn."""
    key = (_zoo(player, homeless) if zoo is None else zoo, kind)
    table = player.catalog.derived[_best_placements]
    value = table.get(key)  # found kept about half the time: no `kept` call, no function made for it
    return kept(table, key, lambda: max((_placement_value(player, p, kind, homeless) for p in legal_placements(
        player, kind, player.is_upgraded("build"))), default=0.0)) if value is None else value


# In-turn rules: one scorer per decision kind, (player, view, option, payload) -> value.
Scorer = Callable[[PlayerState, View, Any, tuple[Any, ...]], float]


def _build_kind(player: PlayerState, view: View, kind: Any, payload: tuple[Any, ...],
                homeless: tuple[Any, ...] | None = None, zoo: tuple[Any, ...] | None = None) -> float:
    """A kind is worth its best placement; enclosures nobody in hand needs are worth little. (`homeless` and the
    `zoo` of `_best_placement` are found once by a caller that scores every kind.)"""
    if kind == "done":
        return 0.0
    best = _best_placement(player, kind, _homeless(player) if homeless is None else homeless, zoo)
    room = default_weights().space * building_size(player.catalog, kind)  # the cells it takes from later enclosures
    if kind in ("pavilion", "kiosk"):
        return best + 1.0 - room
    return best - 2 - (enclosure_size(kind) if is_standard(kind) else 5) * 0.3 - room


def _build_place(player: PlayerState, view: View, placement: Any, payload: tuple[Any, ...],
                 homeless: tuple[Any, ...] | None = None) -> float:
    return _placement_value(player, placement, payload[3], homeless)


def _free_build(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...],
                homeless: tuple[Any, ...] | None = None) -> float:
    return _placement_value(player, option[1], option[0], homeless)


def _may_build(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...],
               homeless: tuple[Any, ...] | None = None) -> float:
    return -1e9 if option == SKIP else _free_build(player, view, option, payload, homeless)


def _unique_build(player: PlayerState, view: View, placement: Any, payload: tuple[Any, ...]) -> float:
    return _placement_value(player, placement)


def _animal(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    """Gain of the animal, less its cost and the enclosure space it wastes."""
    if option == "done":
        return 0.0
    card, source, index = option
    animal = player.catalog.animals[card]
    kind = "" if index == NO_ENCLOSURE else player.buildings[index][0]  # a flock animal joining the herd wastes none
    waste = enclosure_size(kind) - animal.size if is_standard(kind) else 0
    return 2 + animal_gain(animal) - animal.cost * 0.1 - source - waste


def _association(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    kind = option[0]
    if kind == "reputation":
        return 2.0 if player.reputation < 9 else 0.5
    if kind == "partner_zoo":
        animals = player.catalog.animals
        return 3 + sum(1 for card in player.hand if card in animals and option[1] in animals[card].continents)
    if kind == "university":
        return 3.0
    if kind == "support":
        return 4 * player.catalog.projects[option[1]].slots[option[2]].cp
    if kind == "play":
        return 4 * player.catalog.projects[option[1]].slots[option[3]].cp - option[2] - 1
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
    sponsor = player.catalog.sponsors[card]
    return 2 + sponsor.appeal + 2 * sponsor.cp + sponsor.level * 0.5 - source - 1


def _display_value(player: PlayerState, view: View, index: int) -> float:
    """A display card as a new hand card: playable animals first."""
    card = view.display[index]
    animals = player.catalog.animals
    if card in animals and not unmet(player, animals[card]):
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
    return effect_value(player.catalog.tiles.bonus_tile(option[1]) if isinstance(option, tuple) else option)


def _left_slot(player: PlayerState, view: View, index: Any, payload: tuple[Any, ...]) -> float:
    slot = player.catalog.maps[player.map_id].left_edge_slots[index]
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


def _extra_action(player: PlayerState, view: View, option: Any, payload: tuple[Any, ...]) -> float:
    """Take the extra action at the strongest slot, without X-tokens (each one is worth more kept);
    an X-token instead of the action scores just above skipping it."""
    if option == SKIP:
        return 0.0
    if option[0] == "xtoken":
        return 0.5
    _, _, _, strength, spent = option
    return 1.0 + strength - 2 * spent


def _base_project(player: PlayerState, view: View, number: Any, payload: tuple[Any, ...]) -> float:
    return project_prospect(player, number, [-1] * len(player.catalog.projects[number].slots), default_weights())


def _constant(value: float) -> Scorer:
    return lambda player, view, option, payload: value


SCORERS: dict[str, Scorer] = {
    "keep_cards": _keep, "choose_map": _constant(0.0), "build": _build_kind, "build_place": _build_place,
    "free_build": _free_build, "unique_build": _unique_build,
    "may_build": _may_build,
    "relocate": lambda player, view, option, payload: 0.0 if option == "stay" else 1.0,
    "animal_play": _animal, "association": _association, "sponsors": _sponsor, "sponsor_bonus": _sponsor,
    "cards_mode": _cards_mode, "take_card": _take_card, "snap": _snap, "discard": _discard,
    "cp_bonus": _cp_bonus, "left_slot": _left_slot, "discard_final": _discard_final,
    "upgrade": lambda player, view, card, payload: UPGRADE_PRIORITY[card],
    "clever": lambda player, view, card, payload: -UPGRADE_PRIORITY.get(card, len(UPGRADE_PRIORITY) + 1),  # SKIP last
    "bonus_partner_zoo": _bonus_partner_zoo, "bonus_university": _constant(1.0),
    "keep_drawn": _keep_card, "hunter_keep": _keep_card,
    "keep_final": lambda player, view, card, payload: final_scoring_cp(view, player, card),
    "sunbathe": _give_up_card(4 * EFFECT_VALUE["money"]), "pouch": _give_up_card(2 * EFFECT_VALUE["appeal"]),
    "dig": _dig, "pilfered": _pilfered, "assertion": _base_project,
    "pilfer_target": lambda player, view, victim, payload: min(view.players[victim].money, 5),
    "extra_action": _extra_action,
}


# Decisions whose options are placements judged against the animals in hand without an enclosure:
# those animals are found once per decision, not once per option.
PLACEMENT_KINDS = frozenset({"build", "build_place", "free_build", "may_build"})


def in_turn_choice(view: View, decision: Decision) -> Any:
    """The best option by the decision kind's rule (the first option when there is no rule, or only one)."""
    options = decision.options
    if len(options) == 1:  # a rule's only option: no scoring needed (the scorers only read)
        return options[0]
    rule = _rule(view, decision)
    return options[0] if rule is None else max(options, key=rule)


def in_turn_ranked(view: View, decision: Decision) -> list[Any]:
    """The options best first by the decision kind's rule (as given when there is no rule); the first is
    `in_turn_choice`'s."""
    rule = _rule(view, decision)
    return list(decision.options) if rule is None else sorted(decision.options, key=rule, reverse=True)


def _rule(view: View, decision: Decision) -> Callable[[Any], float] | None:
    """The decision kind's rule as a score of one option, or None when the kind has no rule."""
    scorer = SCORERS.get(decision.kind)
    if scorer is None:
        return None
    player, payload = _me(view, decision.seat), decision.payload
    if decision.kind == "build":
        homeless = _homeless(player)
        scorer = partial(scorer, homeless=homeless, zoo=_zoo(player, homeless))
    elif decision.kind in PLACEMENT_KINDS:
        scorer = partial(scorer, homeless=_homeless(player))
    return lambda option: scorer(player, view, option, payload)


def finish_turn(game: ArkNovaGame, max_decisions: int,
                choose: Callable[[View, Decision], Any] = in_turn_choice) -> None:
    """Play the rest of the current turn, and the break it may trigger, with the in-turn rules
    (`choose`, by default these; at most `max_decisions`)."""
    for _ in range(max_decisions):
        if not game.settle_turn() or game.is_over():
            return
        game.apply(choose(game, game.decision()))
