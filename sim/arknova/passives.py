"""Passive rule changes of sponsors in a zoo, read where their rule applies.

Each function answers one rule question for one player (a cost, a strength, whether an
option is legal). They are cheap: a zoo holds a dozen sponsors at most, and the common
case (no sponsor with that passive) is one scan of a short list. The keywords are
declared with `effects.rule` so card status sees them as implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova.catalog import Animal, Catalog, Effect, Project
from sim.arknova.effects import rule
from sim.arknova.state import SPECIAL_ENCLOSURES

if TYPE_CHECKING:
    from sim.arknova.state import PlayerState

# The passive keywords the rules implement: read here, or where their rule applies (`tokens` and
# `project_icon_tokens` when a sponsor is played, `extra_small_animal_play` and `take_small_from_display`
# after an Animals action).
PASSIVE_KEYWORDS = (
    "animal_cost_discount", "appeal_on_play_chosen_size", "border_placement_bonus_extra", "build_extra_copy",
    "extra_small_animal_play", "forbid_other_size", "ignore_rock_water_requirements", "immune",
    "large_animal_ignore_conditions", "may_cover_rock_water", "money_per_space_covered_adjacent_to",
    "project_icon_tokens", "release_project_bonus_cp", "release_projects_repeatable",
    "support_project_min_strength", "take_small_from_display", "tokens",
)
rule(*PASSIVE_KEYWORDS)


def _passive_cards(catalog: Catalog) -> dict[str, frozenset[int]]:
    """Passive keyword -> the sponsors of the catalog carrying it."""
    return {keyword: frozenset(number for number, card in catalog.sponsors.items()
                               if any(item.keyword == keyword for item in card.passive))
            for keyword in PASSIVE_KEYWORDS}


def passive(player: "PlayerState", number: int, keyword: str) -> Effect:
    """The passive of sponsor `number` with this keyword."""
    return next(item for item in player.catalog.sponsors[number].passive if item.keyword == keyword)


def holders(player: "PlayerState", keyword: str) -> list[int]:
    """The player's sponsors carrying this passive, in the order they were played."""
    numbers = player.catalog.derived[_passive_cards][keyword]
    return [card for card in player.sponsors if card in numbers]


def has(player: "PlayerState", keyword: str) -> bool:
    return not player.catalog.derived[_passive_cards][keyword].isdisjoint(player.sponsors)


# --- animals ------------------------------------------------------------------------


def animal_discount(player: "PlayerState", animal: Animal) -> int:
    """Expert in Small/Large Animals: `animal_cost_discount:<size class>:N`."""
    discount = 0
    for card in holders(player, "animal_cost_discount"):
        item = passive(player, card, "animal_cost_discount")
        if item.args[0] == animal.size_class:
            discount += int(item.args[1])
    return discount


def chosen_size_blocks(player: "PlayerState", animal: Animal) -> bool:
    """WAZA Special Assignment: once a size is chosen, animals of the other size cannot be played."""
    chosen = player.chosen_size
    return (bool(chosen) and animal.size_class in ("small", "large") and animal.size_class != chosen
            and has(player, "forbid_other_size"))


def chosen_size_appeal(player: "PlayerState", animal: Animal) -> int:
    """WAZA Special Assignment: appeal for each animal of the chosen size played afterwards."""
    if player.chosen_size != animal.size_class:
        return 0
    total = 0
    for card in holders(player, "appeal_on_play_chosen_size"):
        item = passive(player, card, "appeal_on_play_chosen_size")
        table = dict(pair.split("=") for pair in item.args[0].split(","))
        total += int(table.get(animal.size_class, 0))
    return total


def ignores_rock_water(player: "PlayerState") -> bool:
    """Diversity Researcher: rock/water needs of animals and unique buildings do not apply."""
    return has(player, "ignore_rock_water_requirements")


def conditions_ignored(player: "PlayerState", animal: Animal) -> int:
    """WAZA Large Animal Program: how many printed conditions a large animal may leave unmet."""
    if animal.size_class != "large" or not player.sponsors:
        return 0
    return sum(passive(player, card, "large_animal_ignore_conditions").amount
               for card in holders(player, "large_animal_ignore_conditions"))


# --- building --------------------------------------------------------------------------


def may_copy(player: "PlayerState", kind: str, built: tuple[str, ...]) -> bool:
    """Engineer: one more building of a kind already built in this action (no special enclosure)."""
    return (kind not in SPECIAL_ENCLOSURES and len(set(built)) == len(built)
            and has(player, "build_extra_copy"))


# --- association ----------------------------------------------------------------------


def task_strength(player: "PlayerState", task: str, printed: int) -> int:
    """Veterinarian: supporting a conservation project needs a lower strength."""
    if task != "conservation_project" or not player.sponsors:
        return printed
    strengths = [passive(player, card, "support_project_min_strength").amount
                 for card in holders(player, "support_project_min_strength")]
    return min([printed, *strengths])


def project_icon_bonus(player: "PlayerState", project: Project) -> int:
    """Breeding Cooperation / Program: a token on the card counts as one more icon for a base project."""
    if project.deck != "base" or not player.card_tokens:
        return 0
    return 1 if any(player.card_tokens.get(card, 0) > 0 for card in holders(player, "project_icon_tokens")) else 0


def spend_project_token(player: "PlayerState") -> None:
    """Discard the token that made up the missing icon (from the first card still holding one)."""
    card = next(card for card in holders(player, "project_icon_tokens") if player.card_tokens.get(card, 0) > 0)
    player.card_tokens[card] -= 1


def release_repeatable(player: "PlayerState") -> bool:
    """Migration Recording: a release-into-the-wild project may be supported again."""
    return has(player, "release_projects_repeatable")


def release_bonus_cp(player: "PlayerState") -> int:
    """Migration Recording: extra CP each time you support a release project."""
    return sum(passive(player, card, "release_project_bonus_cp").amount
               for card in holders(player, "release_project_bonus_cp"))


# --- attacks ---------------------------------------------------------------------------


def immune(player: "PlayerState", ability: str) -> bool:
    """Quarantine Lab: the listed animal attacks (venom, constriction, ...) do not affect this zoo."""
    return any(ability in passive(player, card, "immune").args[0].split(",") for card in holders(player, "immune"))
