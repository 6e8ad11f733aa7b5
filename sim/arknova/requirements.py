"""Play conditions printed on the left of animal and sponsor cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sim.arknova.catalog import Animal, Requirement, Sponsor

if TYPE_CHECKING:
    from sim.arknova.state import PlayerState

Check = Callable[["PlayerState", "Animal | Sponsor", int], bool]
ICON_CONDITION = "icon_"  # prefix of the conditions that count an icon: "icon_<name>"
CHECKS: dict[str, Check] = {
    "partner_zoo_same_continent": lambda player, card, value: any(
        continent in player.partner_zoos for continent in getattr(card, "continents", ())),
    "partner_zoos": lambda player, card, value: len(player.partner_zoos) >= value,
    "animals_upgraded": lambda player, card, value: player.is_upgraded("animals"),
    "sponsors_upgraded": lambda player, card, value: player.is_upgraded("sponsors"),
    "reputation_min": lambda player, card, value: player.reputation >= value,
    "appeal_max": lambda player, card, value: player.appeal <= value + player.appeal_condition_extra,
}


def counted_icon(keyword: str) -> str | None:
    """The icon an "icon_<name>" condition counts (at least `value` of them in the zoo); None for the others."""
    return keyword[len(ICON_CONDITION):] if keyword.startswith(ICON_CONDITION) else None


# keyword -> the icon it counts or None, filled as keywords are met: every turn asks the conditions of
# every card in hand, and a dict lookup costs less than reading the keyword again.
_COUNTED: dict[str, str | None] = {}


def requirement_met(player: "PlayerState", card: "Animal | Sponsor", requirement: Requirement) -> bool:
    keyword = requirement.keyword
    try:
        icon = _COUNTED[keyword]
    except KeyError:
        icon = _COUNTED[keyword] = counted_icon(keyword)
    if icon is not None:
        return player.icons.get(icon, 0) >= requirement.value
    return CHECKS[keyword](player, card, requirement.value)


def unmet_count(player: "PlayerState", card: "Animal | Sponsor") -> int:
    """How many of the card's printed conditions the player does not meet."""
    unmet = 0  # a plain loop: every turn asks this of every animal in hand, and most have no condition
    for requirement in card.requirements:
        if not requirement_met(player, card, requirement):
            unmet += 1
    return unmet


def requirements_met(player: "PlayerState", card: "Animal | Sponsor") -> bool:
    for requirement in card.requirements:  # a plain loop, as in `unmet_count`
        if not requirement_met(player, card, requirement):
            return False
    return True
