"""Sponsor card effects: counted rewards, icon triggers, building hooks and the decisions
some sponsors raise.

* Counted rewards (`appeal_per`, `cp_table`, `money_table`, `cp_if`, ...) are handlers over
  named counters of a zoo; the same handler serves the immediate, income and end-game columns.
* Icon triggers: `icons_played` is where the icons of a played animal or sponsor enter a zoo;
  it fires `on_icon_own`, `on_icon_any_zoo` and `on_new_icon_type_own` of every sponsor in play.
* `building_erected` applies the sponsors that react to a new building (Archaeologist,
  Hydrologist, Geologist).
* The decision steps of WAZA Special Assignment, WAZA Small Animal Program, Okapi Stable and
  Archaeologist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sim.arknova import deck, map_abilities, passives, tracks
from sim.arknova.actions.association import CATEGORIES, continents
from sim.arknova.board import board_of
from sim.arknova.catalog import Catalog, Effect, Sponsor, Trigger
from sim.arknova.effects import effect, grant, grant_all, rule
from sim.arknova.geometry import BORDER_MASK, NEIGHBOUR_MASK, around, touched
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

SIZE_CLASSES = ("small", "large")

OTHERS_SHARE = "others_money_per_cp_gained"
rule("on_icon_own", "on_icon_any_zoo", "on_new_icon_type_own", OTHERS_SHARE)


# --- counters of a zoo -------------------------------------------------------------------


def _components(mask: int) -> list[int]:
    """The connected groups of cells of a mask."""
    groups = []
    while mask:
        group = mask & -mask
        while True:
            grown = (group | around(group)) & mask
            if grown == group:
                break
            group = grown
        groups.append(group)
        mask &= ~group
    return groups


def _touching(player: "PlayerState") -> int:
    """Cells next to one of the player's buildings (not covered)."""
    return around(player.occupied) if player.occupied else 0


def _not_isolated(player: "PlayerState") -> int:
    """Cells next to a covered space, covered ones included: a rock or water space a building covers
    (Diversity Researcher) touches the rest of the zoo, so it is not isolated (rules decision S21)."""
    return touched(player.occupied)


def _empty_buildable(player: "PlayerState") -> int:
    return board_of(player).buildable & ~player.occupied


def _bonus_cells(player: "PlayerState") -> int:
    return board_of(player).bonus_mask


def _entrance_neighbours(player: "PlayerState") -> int:
    """Buildings next to the Side Entrance, empty standard enclosures left out."""
    entrance = next((where for kind, where, _ in player.buildings if kind == "entrance"), None)
    if entrance is None:
        return 0
    near = around(entrance.mask)
    return sum(1 for kind, where, used in player.buildings
               if kind != "entrance" and where.mask & near and (used or not kind.startswith("enclosure-")))


def _distinct(player: "PlayerState", names: tuple[str, ...]) -> int:
    return sum(1 for name in names if player.icon(name) > 0)


Counter = Callable[["ArkNovaGame", "PlayerState"], int]
COUNTERS: dict[str, Counter] = {
    "supported_projects": lambda game, player: len(player.supported),
    "small_animals": lambda game, player: player.small_animals,
    "large_animals": lambda game, player: player.large_animals,
    "kiosks": lambda game, player: player.kiosks.bit_count(),
    "reputation": lambda game, player: player.reputation,
    "universities": lambda game, player: len(player.universities),
    "xtokens_held": lambda game, player: player.xtokens,
    "icon_rock_and_water": lambda game, player: player.icon("rock") + player.icon("water"),
    "distinct_animal_categories": lambda game, player: _distinct(player, CATEGORIES),
    "distinct_continents": lambda game, player: _distinct(player, continents(player)),
    "distinct_category_or_continent_icons":
        lambda game, player: _distinct(player, CATEGORIES) + _distinct(player, continents(player)),
    "occupied_size1_enclosures": lambda game, player: sum(
        1 for kind, _, used in player.buildings if kind == "enclosure-1" and used),
    "connected_water_spaces": lambda game, player: (board_of(player).water & _touching(player)).bit_count(),
    "connected_rock_spaces": lambda game, player: (board_of(player).rock & _touching(player)).bit_count(),
    "isolated_water_spaces": lambda game, player: (board_of(player).water & ~_not_isolated(player)).bit_count(),
    "isolated_rock_spaces": lambda game, player: (board_of(player).rock & ~_not_isolated(player)).bit_count(),
    "connected_empty_border_building_spaces": lambda game, player: (
        _empty_buildable(player) & BORDER_MASK & _touching(player)).bit_count(),
    "connected_placement_bonus_spaces": lambda game, player: (  # uncovered ones only: a covered one is built on
        _bonus_cells(player) & _touching(player) & ~player.occupied).bit_count(),
    "isolated_placement_bonus_spaces": lambda game, player: (
        _bonus_cells(player) & ~(player.occupied | _touching(player))).bit_count(),
    "adjacent_buildings_excluding_empty_standard_enclosures": lambda game, player: _entrance_neighbours(player),
}

# Counters that come in connected groups: `_per_n` counts full groups of N within each group.
GROUPED: dict[str, Callable[["ArkNovaGame", "PlayerState"], list[int]]] = {
    "contiguous_empty_building_spaces_group": lambda game, player: [
        group.bit_count() for group in _components(_empty_buildable(player))],
}

CONDITIONS: dict[str, Callable[["ArkNovaGame", "PlayerState"], bool]] = {
    "map_fully_covered": lambda game, player: player.full_map_bonus,
    "all_border_spaces_covered": lambda game, player: not (
        board_of(player).buildable & BORDER_MASK & ~player.occupied),
    "all_water_spaces_connected": lambda game, player: not (board_of(player).water & ~_not_isolated(player)),
    "all_rock_spaces_connected": lambda game, player: not (board_of(player).rock & ~_not_isolated(player)),
}


def count(game: "ArkNovaGame", player: "PlayerState", counter: str) -> int:
    """A named counter of the player's zoo (`icon_<x>` counts icons)."""
    if counter.startswith("icon_") and counter not in COUNTERS:
        return player.icon(counter[5:])
    return COUNTERS[counter](game, player)


def _table_value(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    """`<kind>_table:<counter>:a=x,b=y`: the reward of the highest threshold reached."""
    reached = count(game, game.players[seat], item.args[0])
    value = 0
    for pair in item.args[1].split(","):
        threshold, reward = pair.split("=")
        if reached >= int(threshold):
            value = int(reward)
    return value


def _per_value(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    """`<kind>_per:<counter>:K[:max=M]`: K per unit, at most M in total."""
    value = count(game, game.players[seat], item.args[0]) * int(item.args[1])
    for extra in item.args[2:]:
        if extra.startswith("max="):
            value = min(value, int(extra[4:]))
    return value


def _per_n_value(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    """`<kind>_per_n:<counter>:N:K`: K per full group of N (of each connected group, for grouped counters)."""
    player, size = game.players[seat], int(item.args[1])
    grouped = GROUPED.get(item.args[0])
    if grouped is not None:
        return sum(amount // size for amount in grouped(game, player)) * int(item.args[2])
    return count(game, player, item.args[0]) // size * int(item.args[2])


def _if_value(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    return int(item.args[1]) if CONDITIONS[item.args[0]](game, game.players[seat]) else 0


def _per_set_value(game: "ArkNovaGame", seat: int, item: Effect) -> int:
    """`appeal_per_set:icon_a+icon_b:K:max_sets=M`: K per complete set of one of each counter."""
    player = game.players[seat]
    sets = min(count(game, player, counter) for counter in item.args[0].split("+"))
    for extra in item.args[2:]:
        if extra.startswith("max_sets="):
            sets = min(sets, int(extra[9:]))
    return sets * int(item.args[1])


GAINS: dict[str, Callable[["ArkNovaGame", int, int], None]] = {
    "appeal": tracks.gain_appeal, "cp": tracks.gain_cp, "money": tracks.gain_money,
}
VALUES = {"table": _table_value, "per": _per_value, "per_n": _per_n_value, "if": _if_value, "per_set": _per_set_value}


def _counted(gain: Callable[["ArkNovaGame", int, int], None], value: Callable[..., int]) -> Callable[..., None]:
    def handler(game: "ArkNovaGame", seat: int, item: Effect) -> None:
        gain(game, seat, value(game, seat, item))

    return handler


for _track, _gain in GAINS.items():
    for _form, _value in VALUES.items():
        effect(f"{_track}_{_form}")(_counted(_gain, _value))


# --- playing a sponsor ---------------------------------------------------------------------


def sponsor_played(game: "ArkNovaGame", seat: int, sponsor: Sponsor) -> None:
    """A sponsor enters the zoo: tokens printed on it go on it, its icons arrive (firing
    triggers, its own included), then its immediate effects apply, counting its own icons.
    `others_money_per_cp_gained:K` pays every other player K money per CP the card gave."""
    player = game.players[seat]
    for item in sponsor.passive:
        if item.keyword in ("tokens", "project_icon_tokens"):
            player.card_tokens[sponsor.number] = item.amount
    icons_played(game, seat, sponsor.icons)
    share = sum(item.amount for item in sponsor.immediate if item.keyword == OTHERS_SHARE)
    before = player.cp
    grant_all(game, seat, tuple(item for item in sponsor.immediate if item.keyword != OTHERS_SHARE))
    if share:
        for other in game.seats:
            if other != seat:
                tracks.gain_money(game, other, share * (player.cp - before))


@effect("free_enclosure_size")
def _free_enclosure(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("free_build", seat, (f"enclosure-{item.amount}",)))


@effect("free_pavilion")
def _free_pavilion(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("free_build", seat, ("pavilion",)))


# --- icon triggers ------------------------------------------------------------------------


def _resolved(player: "PlayerState", item: Effect) -> Effect:
    """`hunter:X=own_predator_icons` becomes `hunter:<the player's predator icons>`."""
    if item.args and item.args[0].startswith("X=own_"):
        icon = item.args[0][len("X=own_"):-len("_icons")]
        return Effect(item.keyword, (str(player.icon(icon)),))
    return item


def _trigger_count(trigger: Trigger, own: bool, icons: tuple[str, ...], new_types: int) -> int:
    """How often the trigger fires for these icons arriving in the zoo (`own`: its owner's zoo)."""
    if trigger.event == "on_icon_any_zoo":
        return icons.count(trigger.subject)
    if not own:
        return 0
    if trigger.event == "on_icon_own":
        return icons.count(trigger.subject)
    return new_types


def _class_icons(catalog: Catalog) -> frozenset[str]:
    """The animal category and continent icons: a new type of them fires `on_new_icon_type_own`."""
    return frozenset(CATEGORIES) | frozenset(catalog.tiles.partner_zoo_continents)


def icons_played(game: "ArkNovaGame", seat: int, icons: tuple[str, ...]) -> None:
    """The icons of a card played into `seat`'s zoo arrive; sponsor triggers in every zoo fire,
    once per matching icon (the card's own icons included, as it is already in the zoo)."""
    player = game.players[seat]
    class_icons = game.catalog.derived[_class_icons]
    new_types = sum(1 for icon in dict.fromkeys(icons) if icon in class_icons and not player.icon(icon))
    player.add_icons(icons)
    sponsors = game.catalog.sponsors
    for other in game.players:
        for card in other.sponsors:
            for trigger in sponsors[card].triggers:
                times = _trigger_count(trigger, other.seat == seat, icons, new_types)
                for _ in range(times):
                    fire(game, other.seat, card, _resolved(other, trigger.effect))


def fire(game: "ArkNovaGame", seat: int, card: int, item: Effect) -> None:
    """One trigger's effect; Okapi Stable's uses come from the tokens on the card."""
    if item.keyword == "play_sponsor_for_money_equal_level":
        player = game.players[seat]
        if player.card_tokens.get(card, 0) <= 0:
            return
        game.stack.append(("okapi_sponsor", seat, card))
        return
    grant(game, seat, item)


rule("play_sponsor_for_money_equal_level")


@options("okapi_sponsor")
def okapi_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Okapi Stable: a sponsor from hand for money equal to its level (conditions apply; Hollywood
    Hills lowers the level, so the price), or skip."""
    from sim.arknova.actions.sponsors import playable_sponsors

    player = game.players[step[1]]
    cards = [option for option in playable_sponsors(game, step[1], 99, False)
             if map_abilities.sponsor_level(player, game.catalog.sponsors[option[0]]) <= player.money]
    return tuple(cards) + ("skip",) if cards else ()


@resolver("okapi_sponsor")
def okapi_play(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    from sim.arknova.actions.sponsors import play_sponsor

    if choice == "skip":
        return
    seat, stable = step[1], step[2]
    player = game.players[seat]
    player.card_tokens[stable] -= 1
    player.money -= map_abilities.sponsor_level(player, game.catalog.sponsors[choice[0]])
    play_sponsor(game, seat, *choice)


# --- WAZA Special Assignment ------------------------------------------------------------------


@effect("choose_small_or_large")
def _choose_size(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("choose_size", seat))


@options("choose_size")
def choose_size_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return () if game.players[step[1]].chosen_size else SIZE_CLASSES


@resolver("choose_size")
def choose_size(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    game.players[step[1]].chosen_size = choice
    game.say(step[1], f"commits to {choice} animals")


@effect("reveal_until_animal_of_choice")
def _reveal(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    for _ in range(item.amount):
        game.stack.append(("reveal_animal", seat))


@resolver("reveal_animal")
def reveal_animal(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Cards are revealed from the deck until an animal of the chosen size shows; it goes to
    hand, the others are discarded. Without such an animal in deck or discard nothing is found."""
    seat = step[1]
    wanted = game.players[seat].chosen_size
    for _ in range(len(game.deck) + len(game.discard)):
        card = deck.draw_card(game)
        if card is None:
            return
        animal = game.catalog.animals.get(card)
        if animal is not None and animal.size_class == wanted:
            game.players[seat].hand.append(card)
            deck.record(game, "drawn", seat, card, "deck")
            return
        game.discard.append(card)


# --- WAZA Small Animal Program ---------------------------------------------------------------


def after_animals(game: "ArkNovaGame", seat: int) -> tuple[Step, ...]:
    """Steps to run once an Animals action is over (WAZA Small Animal Program)."""
    player = game.players[seat]
    if not passives.has(player, "extra_small_animal_play"):
        return ()
    return (("small_program", seat, len(player.animals)),)


@resolver("small_program")
def small_program(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Only small animals were played: one more small animal, then a small animal from the display."""
    seat, first = step[1], step[2]
    player = game.players[seat]
    played = player.animals[first:]
    animals = game.catalog.animals
    if played and all(animals[card].size_class == "small" for card in played):
        take = (("take_small_animal", seat),) if passives.has(player, "take_small_from_display") else ()
        game.push(("extra_small_animal", seat), *take)


@options("extra_small_animal")
def extra_small_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    from sim.arknova.actions.animals import playable_animals

    seat = step[1]
    side_two = game.players[seat].is_upgraded("animals")
    animals = game.catalog.animals
    plays = [option for option in playable_animals(game, seat, side_two) if animals[option[0]].size_class == "small"]
    return tuple(plays) + ("skip",) if plays else ()


@resolver("extra_small_animal")
def extra_small_play(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    from sim.arknova.actions.animals import play_animal

    if choice != "skip":
        play_animal(game, step[1], *choice)


@options("take_small_animal")
def take_small_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    animals = game.catalog.animals
    folders = [index for index, card in enumerate(game.display)
               if card in animals and animals[card].size_class == "small"]
    return tuple(folders) + ("skip",) if folders else ()


@resolver("take_small_animal")
def take_small(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice != "skip":
        game.players[step[1]].hand.append(deck.take_from_display(game, step[1], choice, "taken"))


# --- buildings -------------------------------------------------------------------------------


def building_erected(game: "ArkNovaGame", seat: int, placement: Any) -> None:
    """Hydrologist/Geologist pay per covered space next to water/rock; Archaeologist adds a
    placement bonus of choice for each border bonus space covered."""
    player = game.players[seat]
    if not player.sponsors:
        return
    board = board_of(player)
    for card in passives.holders(player, "money_per_space_covered_adjacent_to"):
        item = passives.passive(player, card, "money_per_space_covered_adjacent_to")
        terrain = board.water if item.args[0] == "water" else board.rock
        spaces = sum(1 for cell in placement.cells if NEIGHBOUR_MASK[cell] & terrain)
        tracks.gain_money(game, seat, spaces * int(item.args[1]))
    border_bonuses = (placement.mask & board.bonus_mask & BORDER_MASK).bit_count()
    archaeologists = len(passives.holders(player, "border_placement_bonus_extra"))
    for _ in range(archaeologists * border_bonuses):
        game.stack.append(("extra_placement_bonus", seat))


@options("extra_placement_bonus")
def extra_bonus_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Archaeologist: the bonus of any placement-bonus space of the map not yet covered."""
    player = game.players[step[1]]
    return tuple(dict.fromkeys(bonus for bit, bonus in board_of(player).bonuses if not bit & player.occupied))


@resolver("extra_placement_bonus")
def extra_bonus(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    grant(game, step[1], choice)

