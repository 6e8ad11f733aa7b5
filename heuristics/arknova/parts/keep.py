"""The opening keep: which 4 of the 8 dealt cards to keep, judged by what the seat can play in the first
few breaks, not only by what it could play right now.

Today's heuristic values each card as if the game were about to start its second turn: a card whose
condition is not met yet loses 4 points per unmet condition, so it never keeps Galapagos Giant Tortoise
(2 Americas icons, Animals upgraded) or Scarlet Macaw (an Americas partner zoo), and its keep ranks no
better than a random keep (issue 27; docs/research/arknova-bots.md, "The opening keep"). Here a kept card is worth what it
brings when played, less

- its money: an animal's cost and that of the enclosure it needs, and the kept animals' total above what
  the seat can spend by about the second break;
- the preparation it needs, each step weighed in points: an enclosure to build (none when an empty one
  of the zoo takes it; a reptile house or large bird aviary needs the upgraded Build card), an action card
  to upgrade, a partner zoo (or a university, for science icons) to take, reputation to climb, and icons
  to collect, counting the icons the other kept cards bring;
- nothing at all when it cannot be played in the opening or ever: a condition that can no longer be met
  (appeal already past an "appeal at most" bound, every partner zoo slot taken by other continents), no
  room on the map for its enclosure or unique building, or more icons missing than the kept cards and the
  zoo can give soon (`max_icons_missing`); such a card is refused (`never`).

The keep also earns its synergies: kept cards that share a category or continent icon, icons toward the
base conservation projects on the table, kept animals whose icon triggers a kept sponsor's reward, and
what the kept cards add toward the seat's final-scoring cards. A card the seat can play also earns its
learned keep value (heuristics/arknova/data/keep_values.json, one table per player count, written by
scripts/data/train_keep_values.py from the bot's own self-play runs): how much more often seats that kept it won,
in log-odds, which catches what the rules above miss. The weights are data (heuristics/arknova/data/keep.toml,
`[keep]`), in points of final score. The function reads only the seat's observation: its dealt cards, zoo
map, tracks and final-scoring cards, and the public table.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from math import ceil
from typing import Any, NamedTuple

from heuristics.archetypes import ArchetypeError, read_toml
from heuristics.arknova import DATA_DIR
from heuristics.arknova.parts.evaluation import animal_gain, sponsor_gains
from sim.arknova.abilities.flock import has_home
from sim.arknova.board import board_of, building_size
from sim.arknova.catalog import Animal, Catalog, Project, Requirement, Sponsor
from sim.arknova.requirements import counted_icon, requirement_met
from sim.arknova.state import PlayerState
from sim.arknova.zoo import legal_placements
from sim.core.decision import Decision

WEIGHTS_FILE = DATA_DIR / "keep.toml"
LEARNED_FILE = DATA_DIR / "keep_values.json"
SPECIAL_NEEDS_BUILD_UPGRADE = ("reptile_house", "large_bird_aviary")
STANDARD_SIZES = range(1, 6)
NEVER = None   # a preparation that cannot be made: the card cannot be played in the opening


@dataclass(frozen=True)
class KeepWeights:
    """The `[keep]` table of keep.toml: what each part of a kept card's worth counts, in points."""

    animal_gain: float
    ability: float
    sponsor_gain: float
    sponsor_level: float
    project: float
    project_icon: float
    plain_card: float
    cost: float
    early_money: float
    over_budget: float
    build: float
    upgrade: float
    partner_zoo: float
    reputation: float
    icon: float
    max_icons_missing: int
    never: float
    shared_icon: float
    base_project_icon: float
    powered: float
    final_scoring: float
    learned: float

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], base: "KeepWeights | None" = None,
                     source: str = "keep weights") -> "KeepWeights":
        """Weights from a table; names it leaves out come from `base`; an unknown or missing name is an error."""
        names = {field.name for field in fields(cls)}
        unknown = sorted(set(values) - names)
        if unknown:
            raise ArchetypeError(f"{source}: unknown keep weight(s) {', '.join(unknown)}; known: {', '.join(sorted(names))}")
        merged = {**({name: getattr(base, name) for name in names} if base else {}), **values}
        missing = sorted(names - set(merged))
        if missing:
            raise ArchetypeError(f"{source}: missing keep weight(s) {', '.join(missing)}")
        converted: dict[str, Any] = {name: int(value) if name == "max_icons_missing" else float(value)
                                     for name, value in merged.items()}
        return cls(**converted)


@lru_cache(maxsize=1)
def default_keep_weights() -> KeepWeights:
    """The shipped weights (heuristics/arknova/data/keep.toml)."""
    return KeepWeights.from_mapping(read_toml(WEIGHTS_FILE).get("keep", {}), source=str(WEIGHTS_FILE))


def choose_keep(observation: Any, decision: Decision, rng: random.Random,
                weights: KeepWeights | Mapping[str, Any] | None = None) -> Any:
    """The `keep_cards` option (a tuple of 4 dealt cards) worth most by `keep_value`; the first of equals.

    `observation` is the seat's ArkNovaObservation (or anything with `me` and the public table);
    `weights` replaces some or all of the shipped ones. `rng` is unused: the keep is deterministic.
    """
    chosen = resolve(weights)
    prospects = Prospects(observation, chosen)
    return max(decision.options, key=lambda kept: keep_value(observation, kept, chosen, prospects))


def resolve(weights: KeepWeights | Mapping[str, Any] | None) -> KeepWeights:
    if isinstance(weights, KeepWeights):
        return weights
    return KeepWeights.from_mapping(weights, default_keep_weights()) if weights else default_keep_weights()


@dataclass(frozen=True)
class Prospect:
    """A kept card's promise: what it brings less what its own money costs (points), the money it needs
    (counted against the early budget), and the preparations it needs first, by name, each in points.
    A preparation several kept cards need (an upgrade, a partner zoo, a reptile house, icons of one kind)
    is made once for all of them, so the keep pays it once."""

    worth: float
    money: int
    needs: Mapping[str, float]


def keep_value(observation: Any, kept: Iterable[int], weights: KeepWeights,
               prospects: Prospects | None = None) -> float:
    """What keeping these cards is worth to the seat: each card's prospect, the preparations they need
    (each once), the kept cards' money above the early budget, and the synergies of the keep. A caller
    that values several keeps of one observation passes one `Prospects` of it for all of them."""
    kept = tuple(kept)
    if prospects is None:
        prospects = Prospects(observation, weights)
    value, spend = 0.0, 0
    needs: dict[str, float] = {}
    for card in kept:
        prospect = prospects.of(card, kept)
        value += prospect.worth
        spend += prospect.money
        for need, cost in prospect.needs.items():
            needs[need] = max(needs.get(need, 0.0), cost)
    value -= sum(needs.values()) + weights.over_budget * max(0.0, spend - weights.early_money)
    return value + synergy(observation, kept, weights, prospects)


class Prospects:
    """`card_prospect` of one observation's cards under one set of weights, kept by the card and the
    counts of the icons its prospect reads of those the other kept cards supply (`icons_read`): a keep
    decision values 70 keeps of 4 cards, and a card's prospect differs between them only in those counts."""

    def __init__(self, observation: Any, weights: KeepWeights) -> None:
        self.observation, self.weights = observation, weights
        self.catalog: Catalog = observation.me.catalog
        self.kept: dict[tuple[int, ...], Prospect] = {}
        self.solos: dict[int, Solo] = {}

    def of(self, card: int, kept: tuple[int, ...]) -> Prospect:
        """The card's prospect when it is kept with the other cards of `kept`."""
        catalog = self.catalog
        # the card's own icons are the same in every keep: the kept cards' counts key what the others supply
        read = catalog.derived[icons_read].get(card)
        key = (card,) if read is None else (card, *(sum(card_icons(catalog, other).count(icon) for other in kept)
                                                    for icon in read))
        prospect = self.kept.get(key)
        if prospect is None:
            supplied = Counter(icon for other in kept if other != card for icon in card_icons(catalog, other))
            prospect = self.kept[key] = card_prospect(self.observation, card, supplied, self.weights)
        return prospect

    def solo(self, card: int) -> Solo:
        """The card's part of a keep's synergies that the other kept cards do not change."""
        solo = self.solos.get(card)
        if solo is None:
            solo = self.solos[card] = solo_synergy(self.observation, card)
        return solo


class Solo(NamedTuple):
    """What a kept card brings to the keep's synergies on its own: its icons, its kinds of icon that others
    can share (not rock or water), its icons toward the table's base projects, its share of the seat's
    final-scoring goals, and the icons it rewards when it is a sponsor (None for another card)."""

    icons: frozenset[str]
    kinds: frozenset[str]
    base_project_icons: int
    final_scoring: int
    rewarded: frozenset[str] | None


def solo_synergy(observation: Any, card: int) -> Solo:
    """The card's `Solo` for the seat of `observation`."""
    player: PlayerState = observation.me
    catalog = player.catalog
    icons = card_icons(catalog, card)
    targets = {catalog.projects[row.number].target for row in getattr(observation, "base_projects", ())
               if catalog.projects[row.number].goal == "icon_count"}
    goals = [catalog.final_scoring[number].quantity for number in player.final_scoring]
    rewarded = (frozenset(trigger.subject for trigger in catalog.sponsors[card].triggers if trigger.event == "on_icon_own")
                if card in catalog.sponsors else None)
    return Solo(frozenset(icons), frozenset(icon for icon in icons if icon not in ("rock", "water")),
                sum(1 for icon in icons if icon in targets),
                sum(final_scoring_share(catalog, card, goal) for goal in goals), rewarded)


def icons_read(catalog: Catalog) -> dict[int, tuple[str, ...]]:
    """The icons whose supplied count a card's prospect reads, by card: those of its icon conditions (an
    animal or sponsor) or its icon goal (a project); cards that read none are left out."""
    read: dict[int, tuple[str, ...]] = {}
    cards: list[tuple[int, Animal | Sponsor]] = [*catalog.animals.items(), *catalog.sponsors.items()]
    for number, card in cards:
        icons = tuple(icon for requirement in card.requirements if (icon := counted_icon(requirement.keyword)) is not None)
        if icons:
            read[number] = icons
    for number, project in catalog.projects.items():
        if project.goal == "icon_count":
            read[number] = (project.target,)
    return read


def card_icons(catalog: Catalog, card: int) -> tuple[str, ...]:
    """The icons a card puts into the zoo when played (none for a project)."""
    if card in catalog.animals:
        return catalog.animals[card].icons
    if card in catalog.sponsors:
        return catalog.sponsors[card].icons
    return ()


def card_prospect(observation: Any, card: int, supplied: Counter[str], weights: KeepWeights) -> Prospect:
    """A kept card's prospect, given the icons the other kept cards bring (`supplied`), with its learned keep
    value; a card the seat cannot play in the opening is worth `never` and needs nothing."""
    prospect = playable_prospect(observation, card, supplied, weights)
    if prospect is NEVER:
        return Prospect(weights.never, 0, {})
    learned = learned_values().get(len(observation.players), {}).get(card, 0.0)
    return replace(prospect, worth=prospect.worth + weights.learned * learned)


@lru_cache(maxsize=1)
def learned_values() -> dict[int, dict[int, float]]:
    """The learned keep values (LEARNED_FILE): by player count, each card's value (none for a player count or
    card the file leaves out)."""
    try:
        tables = json.loads(LEARNED_FILE.read_text())["values"]
        return {int(players): {int(card): float(value) for card, value in table.items()}
                for players, table in tables.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ArchetypeError(f"cannot read {LEARNED_FILE}: {error!r}; write it with scripts/data/train_keep_values.py") from None


def playable_prospect(observation: Any, card: int, supplied: Counter[str], weights: KeepWeights) -> Prospect | None:
    """The prospect of a card by the rules of the module's doc, without its learned value; None when the seat
    cannot play it in the opening."""
    player: PlayerState = observation.me
    catalog = player.catalog
    if card in catalog.animals:
        animal = catalog.animals[card]
        needs, housing = conditions(player, animal, supplied, weights), enclosure_need(player, animal, weights)
        if needs is NEVER or housing is NEVER:
            return NEVER
        home, money = housing
        gain = (weights.animal_gain * animal_gain(animal)
                + weights.ability * len(animal.abilities))
        return Prospect(gain - weights.cost * (animal.cost + money), animal.cost + money, {**needs, **home})
    if card in catalog.sponsors:
        sponsor = catalog.sponsors[card]
        needs = conditions(player, sponsor, supplied, weights)
        if needs is NEVER or not unique_building_fits(player, sponsor):
            return NEVER
        gain = weights.sponsor_gain * catalog.derived[sponsor_gains][card] - weights.sponsor_level * sponsor.level
        return Prospect(gain, 0, needs)
    if card in catalog.projects:
        return Prospect(project_prospect(player, catalog.projects[card], supplied, weights), 0, {})
    return Prospect(weights.plain_card, 0, {})


def enclosure_need(player: PlayerState, animal: Animal, weights: KeepWeights) -> tuple[dict[str, float], int] | None:
    """(preparations, money) of a home for the animal: nothing when an open enclosure takes it; else the
    cheapest standard enclosure the map still has room for (its own), or the special enclosure it needs
    (built once for every kept animal that lives there, its price in points; a reptile house or large
    bird aviary needs the upgraded Build card); None when no enclosure the map allows can take it."""
    if has_home(player, animal):
        return {}, 0
    per_space = player.catalog.tracks.build_cost_per_space
    if animal.special:
        if not legal_placements(player, animal.special, True):
            return NEVER
        price = weights.build + weights.cost * per_space * building_size(player.catalog, animal.special)
        needs = {f"building:{animal.special}": price}
        if animal.special in SPECIAL_NEEDS_BUILD_UPGRADE and not player.is_upgraded("build"):
            needs["upgrade:build"] = weights.upgrade
        return needs, 0
    if not animal.standard_allowed or not animal.size:
        return NEVER
    for size in STANDARD_SIZES:
        if size >= animal.size and any(place.rock_adjacent >= animal.rock and place.water_adjacent >= animal.water
                                       for place in legal_placements(player, f"enclosure-{size}", True)):
            return {f"enclosure:{animal.number}": weights.build}, per_space * size
    return NEVER


def conditions(player: PlayerState, card: Animal | Sponsor, supplied: Counter[str],
               weights: KeepWeights) -> dict[str, float] | None:
    """The preparations the card's printed conditions still need; None when one cannot be met."""
    needs: dict[str, float] = {}
    for requirement in card.requirements:
        if requirement_met(player, card, requirement):
            continue
        steps = condition_steps(player, card, requirement, supplied, weights)
        if steps is NEVER:
            return NEVER
        needs.update(steps)
    return needs


def condition_steps(player: PlayerState, card: Animal | Sponsor, requirement: Requirement, supplied: Counter[str],
                    weights: KeepWeights) -> dict[str, float] | None:
    """The preparations one unmet condition needs, by name, in points; None when it can no longer be met."""
    keyword, value = requirement.keyword, requirement.value
    tracks = player.catalog.tracks
    icon = counted_icon(keyword)
    if icon is not None:
        missing = value - player.icon(icon) - supplied[icon]
        if missing <= 0:
            return {}
        if icon == "science" and len(player.universities) < tracks.university_limit:
            return {"universities": weights.partner_zoo * ceil(missing / 2)}   # a university gives up to 2 science icons
        return NEVER if missing > weights.max_icons_missing else {f"icon:{icon}": weights.icon * missing}
    if keyword == "partner_zoo_same_continent":
        continents = getattr(card, "continents", ())
        return partner_zoo_steps(player, [f"partner:{continents[0]}"], weights) if continents else NEVER
    if keyword == "partner_zoos":
        return partner_zoo_steps(player, [f"partner:{index}" for index in range(value - len(player.partner_zoos))], weights)
    if keyword in ("animals_upgraded", "sponsors_upgraded"):
        return {f"upgrade:{keyword.removesuffix('_upgraded')}": weights.upgrade}
    if keyword == "reputation_min":
        return {"reputation": weights.reputation * (value - player.reputation)}
    if keyword == "appeal_max":
        return NEVER   # appeal only rises: once past the bound the card is dead
    raise ValueError(f"no keep rule for the condition {keyword!r}")


def partner_zoo_steps(player: PlayerState, zoos: list[str], weights: KeepWeights) -> dict[str, float] | None:
    """Taking the partner zoos named `zoos`: an Association action each, and the Association upgrade
    once the unupgraded limit is passed; None when the upgraded limit is."""
    tracks = player.catalog.tracks
    total = len(player.partner_zoos) + len(zoos)
    if total > tracks.partner_zoo_limit_upgraded:
        return NEVER
    needs = dict.fromkeys(zoos, weights.partner_zoo)
    if total > tracks.partner_zoo_limit and not player.is_upgraded("association"):
        needs["upgrade:association"] = weights.upgrade
    return needs


def unique_building_fits(player: PlayerState, sponsor: Sponsor) -> bool:
    """Whether the map still has room for the sponsor's unique building, touching the rock and water it asks."""
    if not sponsor.unique_building:
        return True
    board = board_of(player)
    return any(not place.mask & player.occupied and place.rock_adjacent >= sponsor.building_rock
               and place.water_adjacent >= sponsor.building_water
               for place in board.placements_for(sponsor.unique_building))


def project_prospect(player: PlayerState, project: Project, supplied: Counter[str], weights: KeepWeights) -> float:
    """A conservation project card: the CP of its easiest slot, and the icons toward it the seat has or keeps."""
    easiest = project.slots[-1]
    have = 0
    if project.goal == "icon_count":
        have = player.icon(project.target) + supplied[project.target]
    return weights.project * easiest.cp + weights.project_icon * min(have, easiest.threshold)


def synergy(observation: Any, kept: tuple[int, ...], weights: KeepWeights, prospects: Prospects | None = None) -> float:
    """Shared icons among the kept cards, icons toward the table's base projects, kept sponsors' rewards
    for the kept cards' icons, and the kept cards' share of the seat's final-scoring goals (each card's own
    part read from `prospects`, which a caller valuing several keeps of one observation shares)."""
    if prospects is None:
        prospects = Prospects(observation, weights)
    solos = [prospects.solo(card) for card in kept]
    # each kind of icon counts the ordered pairs of kept cards that share it: twice the kinds each pair shares
    shared = 0
    for index, solo in enumerate(solos):
        for other in solos[index + 1:]:
            shared += len(solo.kinds & other.kinds)
    value = weights.shared_icon * (2 * shared)
    value += weights.base_project_icon * sum(solo.base_project_icons for solo in solos)
    for index, solo in enumerate(solos):
        if solo.rewarded is not None:
            value += weights.powered * sum(1 for other, rest in enumerate(solos)
                                           if other != index and solo.rewarded & rest.icons)
    value += weights.final_scoring * sum(solo.final_scoring for solo in solos)
    return value


def final_scoring_share(catalog: Catalog, card: int, quantity: str) -> int:
    """How much the card adds toward a final-scoring card's quantity (0 for quantities cards do not count)."""
    if quantity.startswith("icon_"):
        return card_icons(catalog, card).count(quantity[5:])
    if card in catalog.animals:
        size = catalog.animals[card].size_class
        return int((quantity == "large_animals" and size == "large") or (quantity == "small_animals" and size == "small")
                   ) + (catalog.animals[card].reputation if quantity == "reputation" else 0)
    if card in catalog.sponsors:
        return int(quantity == "sponsors") + (catalog.sponsors[card].reputation if quantity == "reputation" else 0)
    return int(card in catalog.projects and quantity == "supported_projects")

