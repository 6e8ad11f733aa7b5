"""Position evaluation of the heuristic family: a weighted sum of features of one seat's zoo.

The weights are data: `Weights` is filled from an archetype TOML file (heuristics/arknova/archetypes/),
so a new playing style needs no code. Every feature is in points of score, weighted. Card, map and
track data come from the catalog of the game being judged, so an overridden card is valued as changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from heuristics.archetypes import ArchetypeError, read_toml
from heuristics.archetypes import archetype_names as shipped_archetypes
from heuristics.arknova import ARKNOVA_DIR
from sim.arknova.abilities.flock import flock_animals, joins_flock
from sim.arknova.actions.association import COUNTED_GOALS, progress, support_choices
from sim.arknova.board import board_of
from sim.arknova.breaks import break_money, recurring_effects
from sim.arknova.catalog import Animal, Catalog, Effect, Project, Sponsor
from sim.arknova.engine import ArkNovaGame
from sim.arknova.passives import project_icon_bonus
from sim.arknova.requirements import unmet_count
from sim.arknova.state import PlayerState
from sim.arknova.tracks import score
from sim.arknova.zoo import ENCLOSURE_SIZE, open_homes

SLOT_WEIGHT = {"animals": 0.5, "association": 0.3, "build": 0.3, "cards": 0.2, "sponsors": 0.2}
EFFECT_VALUE = {
    "money": 0.3, "cp": 3.0, "reputation": 1.0, "xtoken": 0.8, "hire_worker": 2.5, "snap": 1.5,
    "take_card_deck_or_range": 1.2, "upgrade_action_card": 5.0, "partner_zoo": 3.0, "university": 3.0,
    "build_free_size2_enclosure": 2.5, "build_free_size3_enclosure": 3.0, "build_free_special_enclosure": 3.0,
    "free_kiosk": 1.5, "clever": 0.5, "play_sponsor_bonus": 2.0, "appeal": 1.0,
}
UNMET_PENALTY = 4.0  # a card whose play condition is not met yet is mostly dead weight
SPONSOR_EFFECT_SHARE = 0.75  # of a sponsor's effects, counted in its card value
ARCHETYPE_DIR = ARKNOVA_DIR / "archetypes"


@dataclass(frozen=True)
class Weights:
    """What the position value counts. The values come from TOML (see docs/bots.md)."""

    appeal: float  # per appeal point
    conservation: float  # per point of the conservation space's value
    money: float  # per coin up to `money_cap`
    money_cap: int
    income: float  # per coin of break income (appeal, kiosks, map)
    recurring: float  # per point of value of the effects paid again every break (sponsors, map slots)
    break_progress: float  # share of the next break's income counted as the break comes closer
    reputation: float
    xtoken: float
    upgrade: float  # per upgraded action card
    worker: float  # per association worker
    partner: float  # per partner zoo or university
    ready_affordable: float  # share of an animal's gain while it has an enclosure and the money
    ready: float  # ... with an enclosure but not the money yet
    homeless: float  # ... without an enclosure
    card: float  # per card in hand up to the hand limit, whatever it is
    fuel: tuple[float, ...]  # the first animals in hand that could be played
    sponsor_card: float  # share of a playable sponsor's gain while it is in hand
    project_ready: float  # per CP a project in play or in hand would give now
    project_progress: float  # per CP of a slot, times the squared share of its icons collected
    slot: float  # scale of SLOT_WEIGHT (action cards in strong slots)
    open_enclosure: float  # per empty standard enclosure (two at most), growing with its size
    space: float  # per buildable cell of the map still free: room for the enclosures to come
    sponsor_level: float  # per level of each sponsor in play: its lasting abilities, which no other feature sees
    endgame: float  # how much of the promise (all but the score) fades as the leading score nears 100
    rotation: float  # share of each action card's next-use gain counted as the card climbs (0 = off)
    used_slot: float  # per slot of the action card a turn uses: a card used low wastes its climb

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], base: "Weights | None" = None, source: str = "") -> "Weights":
        """Weights from a TOML table; missing names come from `base`, unknown names are an error."""
        names = {field.name for field in fields(cls)}
        unknown = sorted(set(values) - names)
        if unknown:
            raise ArchetypeError(f"{source or 'weights'}: unknown weight(s) {', '.join(unknown)}; "
                                 f"known: {', '.join(sorted(names))}")
        merged = {name: getattr(base, name) for name in names} if base else {}
        merged.update(values)
        missing = sorted(names - set(merged))
        if missing:
            raise ArchetypeError(f"{source or 'weights'}: missing weight(s) {', '.join(missing)}")
        merged["fuel"] = tuple(float(value) for value in merged["fuel"])
        merged["money_cap"] = int(merged["money_cap"])
        return cls(**merged)

    def as_table(self) -> dict[str, Any]:
        """The weights as a TOML-ready table."""
        return {field.name: (list(value) if isinstance(value := getattr(self, field.name), tuple) else value)
                for field in fields(self)}


def archetype_path(name: str) -> Path:
    return ARCHETYPE_DIR / f"{name}.toml"


def archetype_names() -> list[str]:
    """The shipped archetypes, by file name."""
    return shipped_archetypes(ARCHETYPE_DIR)


def load_weights(path: str | Path) -> Weights:
    """The `[weights]` table of an archetype file, on top of the default archetype."""
    return _load_weights(str(Path(path).resolve()))


@lru_cache(maxsize=64)
def _load_weights(path: str) -> Weights:
    """Cached by path: every game of a run builds its bots anew."""
    table = read_toml(path).get("weights", {})
    base = None if path == str(archetype_path("default").resolve()) else default_weights()
    return Weights.from_mapping(table, base, path)


@lru_cache(maxsize=1)
def default_weights() -> Weights:
    """The complete balanced weights of heuristics/arknova/archetypes/default.toml (cached: the in-turn
    policy asks for them at every decision, and resolving the path costs system calls)."""
    return load_weights(archetype_path("default"))


def effect_value(effect: Effect, recurring: bool = False) -> float:
    value = EFFECT_VALUE.get(effect.keyword, 0.5) * effect.amount
    return value * 3 if recurring else value


unmet = unmet_count  # how many play conditions of the card the player does not meet yet


def animal_gain(animal: Animal) -> float:
    """What an animal brings when played: its appeal, twice its conservation points, its reputation."""
    return animal.appeal + 2 * animal.cp + animal.reputation


def sponsor_gain(sponsor: Sponsor) -> float:
    """What playing the sponsor brings: its appeal, CP and reputation, and a share of its effects
    (once, every break, or lasting: a trigger, a rule change, an end-game reward, an icon)."""
    effects = (sum(effect_value(effect) for effect in sponsor.immediate)
               + sum(effect_value(effect, recurring=True) for effect in sponsor.income)
               + len(sponsor.triggers) + len(sponsor.passive) + len(sponsor.endgame) + 0.5 * len(sponsor.icons))
    return sponsor.appeal + 2 * sponsor.cp + sponsor.reputation + SPONSOR_EFFECT_SHARE * effects


def sponsor_gains(catalog: Catalog) -> dict[int, float]:
    """`sponsor_gain` of every sponsor of the catalog (kept with it: card values ask at every decision)."""
    return {number: sponsor_gain(sponsor) for number, sponsor in catalog.sponsors.items()}


def card_value(player: PlayerState, card: int) -> float:
    """How much a card in hand is worth to this player, roughly (used by the in-turn policy)."""
    catalog = player.catalog
    animal = catalog.animals.get(card)
    if animal is not None:
        affordable = 1.0 if animal.cost <= player.money + 10 else 0.5
        gain = affordable * animal_gain(animal) - animal.cost / 5
        return gain - UNMET_PENALTY * (unmet(player, animal) if animal.requirements else 0)
    sponsor = catalog.sponsors.get(card)
    if sponsor is not None:
        return (2 + catalog.derived[sponsor_gains][card] - sponsor.level / 2
                - UNMET_PENALTY * (unmet(player, sponsor) if sponsor.requirements else 0))
    return 2.0


PLAYABLE = frozenset({"ready", "short_of_money", "homeless"})  # kinds of an animal in hand whose conditions are met


def hand_values(player: PlayerState, weights: Weights) -> list[tuple[float, str, float]]:
    """The cards kept in hand, in order: each one's value, its kind and what the position's features count of it.
    Animals are worth a share of what they will bring, more when an open enclosure takes them (or the herd,
    `has_home`) ("ready", or "short_of_money" while the money is not there; "homeless" when none does; "unmet" while
    a condition is not met) and count their gain (one when unmet); sponsors ("sponsor") a share of their value,
    which they count; other cards ("other") a little, and count one. One loop for the hand, the zoo's homes
    (`open_homes`) and what every card reads found once: every position a lookahead values walks the hand."""
    catalog, money = player.catalog, player.money
    animals, sponsors, flock = catalog.animals, catalog.sponsors, catalog.derived[flock_animals]
    fitting = open_homes(player).card_fitting
    card_weight = weights.card
    values: list[tuple[float, str, float]] = []
    for card in player.hand:
        animal = animals.get(card)
        if animal is None:
            if card in sponsors:
                worth = max(0.0, card_value(player, card))
                values.append((card_weight + weights.sponsor_card * worth, "sponsor", worth))
            else:
                values.append((card_weight + 0.3 * max(0.0, card_value(player, card)), "other", 1))
            continue
        gain = animal_gain(animal)
        if animal.requirements and unmet(player, animal):
            values.append((card_weight + 0.05 * gain - 0.05 * animal.cost, "unmet", 1))
        elif fitting(card) or (card in flock and joins_flock(player, animal)):  # `has_home` (only a flock animal herds)
            if animal.cost <= money:
                values.append((card_weight + weights.ready_affordable * gain - 0.05 * animal.cost, "ready", gain))
            else:
                values.append((card_weight + weights.ready * gain - 0.05 * animal.cost, "short_of_money", gain))
        else:
            values.append((card_weight + weights.homeless * gain - 0.05 * animal.cost, "homeless", gain))
    return values


def project_prospect(player: PlayerState, number: int, holders: list[int], weights: Weights) -> float:
    """What a project promises this player: the CP of a slot met now, or a share of it for
    the icons (or animals) already collected toward a slot not met yet."""
    if player.seat in holders:
        return 0.0
    best = 0.0
    project = player.catalog.projects[number]
    for slot, released in support_choices(player, number, holders):
        gain = project.slots[slot].cp - (player.catalog.animals[released].appeal / 2 if released else 0)
        best = max(best, weights.project_ready * gain)
    have = _progress_count(player, project)
    if have is None:
        return best
    for slot, level in enumerate(project.slots):
        if holders[slot] == -1 and have < level.threshold:
            best = max(best, weights.project_progress * level.cp * (have / level.threshold) ** 2)
    return best


def project_reads(player: PlayerState, project: Project) -> tuple[Any, ...]:
    """What `project_prospect` reads of the player for this project besides its holders: the key, with the project
    and its holders, of the values kept for it. The seat (a holder gets nothing); for a counted goal the count its
    slots ask (`_progress_count`: icons of the kind, kinds of icon, or animals of the size) and the extra icon a
    Breeding Cooperation token gives toward a base project (`project_icon_bonus`); for a release or breeding goal the
    animals in the zoo and the partner zoos (which animals may be released, or breed). A lookahead's outcomes mostly differ in
    what a project does not read (another icon, the money, the hand), so each project's value is found kept."""
    have = _progress_count(player, project)
    if have is None:
        return player.seat, tuple(player.animals), tuple(player.partner_zoos)
    return player.seat, have, project_icon_bonus(player, project)


def _kept_prospects(catalog: Catalog) -> dict[tuple[float, float], dict[tuple[Any, ...], float]]:
    """`project_prospect` values of the catalog's positions (see `kept_project_prospect`): by the weights, a table
    by project, holders and `project_reads`."""
    return {}


# Values a table of `kept` holds before it starts afresh. A lookahead's tables grow with every position it meets (at
# 1 << 16 a worker of `make run` grew to 205 MB over its 1,000 games, when a table of positions held a table of
# projects each); at 1 << 12 the default bot's process stays small and plays as fast (hits come from the positions
# of one decision).
MAX_KEPT = 1 << 12


def kept(table: dict[Any, Any], key: Any, compute: Callable[[], Any]) -> Any:
    """The value kept in `table` for `key`, computed and kept on first asking; a full table starts afresh
    (a lookahead's tables grow with every position it meets, and old positions are rarely met again)."""
    value = table.get(key)
    if value is None:
        if len(table) >= MAX_KEPT:
            table.clear()
        value = table[key] = compute()
    return value


def kept_project_prospect(player: PlayerState, weights: Weights, number: int, holders: list[int]) -> float:
    """`project_prospect`, kept by the project, its holders and what it reads of the player (`project_reads`)."""
    return kept_prospects(player, weights)(number, holders)


def kept_prospects(player: PlayerState, weights: Weights) -> Callable[[int, list[int]], float]:
    """`kept_project_prospect` of the player under `weights`, for each project and its holders."""
    table = kept(player.catalog.derived[_kept_prospects], (weights.project_ready, weights.project_progress), dict)
    projects = player.catalog.projects

    def prospect(number: int, holders: list[int]) -> float:
        key = (number, *holders, *project_reads(player, projects[number]))  # the project's number tells its slots
        value = table.get(key)  # found kept most of the time: no `kept` call, no function made for it
        return kept(table, key, lambda: project_prospect(player, number, holders, weights)) if value is None else value

    return prospect


def _progress_count(player: PlayerState, project: Project) -> int | None:
    """The engine's count toward a counted goal (`progress`), tokens left out; None for a release or breeding goal."""
    return progress(player, project, 0) if project.goal in COUNTED_GOALS else None


def game_progress(game: ArkNovaGame) -> float:
    """How near the game is to its end: the leading score over 100, between 0 and 1."""
    return min(1.0, max(0.0, max(score(player) for player in game.players) / 100))


class PositionWalk(NamedTuple):
    """The quantities of a seat's position that its value (`promise`) and its features
    (heuristics/arknova/parts/features.py) are both built from: the hand, the projects and the income walked once."""

    income: int  # the money the next break pays
    recurring: float  # value of the effects every break grants again
    hand: list[tuple[float, str, float]]  # `hand_values`
    projects: float  # prospects of the projects in play (base projects first)
    hand_projects: float  # ... of the projects in hand
    empty: list[int]  # sizes of the empty standard enclosures, largest first
    sponsor_levels: int  # levels of the sponsors in play
    space: int  # buildable cells of the map still free


def _recurring_values(catalog: Catalog) -> dict[tuple[Any, ...], float]:
    """The value of the effects a break grants again (`recurring_effects`: the recurring map slots taken, then the
    sponsors' income), by those slots' effects and the sponsors in play: a lookahead meets the same few again and
    again, and walking every sponsor's income cost a tenth of a position's value."""
    return {}


def walk_position(game: ArkNovaGame, player: PlayerState, w: Weights) -> PositionWalk:
    """The player's `PositionWalk` under the weights `w` (the hand and the projects are valued under them)."""
    prospect = kept_prospects(player, w)
    projects = game.catalog.projects
    return PositionWalk(
        break_money(player),
        kept(player.catalog.derived[_recurring_values], (tuple(player.recurring_income), tuple(player.sponsors)),
             lambda: sum(effect_value(effect) for effect in recurring_effects(player))),
        hand_values(player, w),
        sum([prospect(row.number, row.holders) for row in game.base_projects + game.projects]),
        sum(prospect(card, [-1] * len(projects[card].slots)) for card in player.hand if card in projects),
        sorted([ENCLOSURE_SIZE[kind] for kind, _, used in player.buildings if not used and kind in ENCLOSURE_SIZE],
               reverse=True),  # `enclosure_size` of the standard enclosures, read without two calls a building
        sum(game.catalog.sponsors[card].level for card in player.sponsors),
        (board_of(player).buildable & ~player.occupied).bit_count(),
    )


def position_value(game: ArkNovaGame, seat: int, weights: Weights, progress: float | None = None,
                   walk: PositionWalk | None = None) -> float:
    """Score plus what the position promises: money, income, reputation, tokens, upgrades,
    a useful hand, projects within reach, empty enclosures and the coming break. The promise
    counts less as the game nears its end. A lookahead passes the `progress` of the position it
    starts from, so that its own gains in score never make the promise fade. A caller that also
    reads the position's features passes the `walk` they share (else it is walked here)."""
    player = game.players[seat]
    w = weights
    points = w.appeal * player.appeal + w.conservation * game.catalog.tracks.conservation_value[player.cp]
    fade = 1 - w.endgame * (game_progress(game) if progress is None else progress)
    return points + fade * promise(game, player, w, walk_position(game, player, w) if walk is None else walk)


def promise(game: ArkNovaGame, player: PlayerState, w: Weights, walk: PositionWalk) -> float:
    """The weighted features of a position that are not yet score (`walk` is the player's `walk_position`)."""
    # Sums of lists, not of generators: a handful of items each, at every position a lookahead values.
    income = walk.income
    coming = w.break_progress * income * game.break_position / game.break_length if game.break_length else 0.0
    value = money_value(player.money + coming, w)
    value += player.reputation * w.reputation + player.xtokens * w.xtoken + len(player.upgraded) * w.upgrade
    value += player.workers_total * w.worker + w.partner * (len(player.partner_zoos) + len(player.universities))
    value += income * w.income
    value += w.recurring * walk.recurring
    cards = walk.hand
    value += sum(sorted([card for card, _, _ in cards], reverse=True)[:player.hand_limit])
    value += walk.projects
    value += walk.hand_projects
    viable = len([kind for _, kind, _ in cards if kind in PLAYABLE])
    value += sum(w.fuel[:viable])
    value += w.slot * sum([slot * SLOT_WEIGHT[card] for slot, card in enumerate(player.action_cards)])
    value += sum([w.open_enclosure * (1 + 0.3 * size) for size in walk.empty[:2]])
    value += w.sponsor_level * walk.sponsor_levels
    value += w.space * walk.space
    return value


def money_value(money: float, w: Weights) -> float:
    """Money counts fully up to the cap and little above it, where it rarely finds a use."""
    return min(money, w.money_cap) * w.money + max(0.0, money - w.money_cap) * 0.03

