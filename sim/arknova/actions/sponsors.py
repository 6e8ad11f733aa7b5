"""Sponsors: play one sponsor of level <= X (side II: several, total level <= X + 1, also
from the display in range), or move the break token X and take X money (2X on side II)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sim.arknova import deck, map_abilities, passives, sponsor_effects, tracks, zoo
from sim.arknova.actions.turn import action
from sim.arknova.catalog import Catalog, Sponsor
from sim.arknova.geometry import BORDER_MASK, Placement
from sim.arknova.requirements import requirements_met
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState


def unique_building_placements(player: "PlayerState", sponsor: Sponsor) -> tuple[Placement, ...]:
    """Where the sponsor's unique building may stand: the normal rules, its rock/water needs, and
    its own placement rules (some must cover border cells, one needs no neighbour building)."""
    upgraded = player.is_upgraded("build")
    map_id, occupied, _, shape, _, terrain = zoo.placement_key(player, sponsor.unique_building, upgraded)
    return player.catalog.derived[_unique_placements_cache](
        map_id, terrain, shape, occupied, upgraded, passives.ignores_rock_water(player),
        sponsor.building_rock, sponsor.building_water)


def _unique_placements_cache(catalog: Catalog) -> Callable[..., tuple[Placement, ...]]:
    """`unique_building_placements` of the catalog, cached on the zoo's map and cells and the building's needs:
    every Sponsors action asks it of each sponsor in reach that has a unique building, and the zoo
    changes only when something is built."""

    def legal(map_id: str, terrain: bool, shape: str, occupied: int, upgraded: bool, ignore_terrain: bool,
              rock: int, water: int) -> tuple[Placement, ...]:
        rules = {rule.keyword: rule for rule in catalog.tiles.unique_building_placement.get(shape, ())}
        border_cells = rules["border_cells_min"].amount if "border_cells_min" in rules else 0
        # Without the adjacency rule the building is checked as if it were the zoo's first one (touching the
        # border instead of a building); overlap with the zoo is then tested separately below.
        reach = occupied if "no_adjacency_needed" not in rules else 0
        return tuple([  # a list first: cheaper than a generator
            placement for placement in zoo.map_placements(catalog, map_id, shape, terrain)
            if (ignore_terrain or (placement.rock_adjacent >= rock and placement.water_adjacent >= water))
            and (placement.mask & BORDER_MASK).bit_count() >= border_cells
            and not placement.mask & occupied
            and zoo.can_place(reach, placement, upgraded)
        ])

    return lru_cache(maxsize=1 << 14)(legal)


def can_play_sponsor(player: "PlayerState", sponsor: Sponsor, folder: int) -> bool:
    if folder > player.money or not requirements_met(player, sponsor):
        return False
    return sponsor.unique_building is None or bool(unique_building_placements(player, sponsor))


def playable_sponsors(game: "ArkNovaGame", seat: int, budget: int, from_display: bool) -> list[tuple[int, int]]:
    """(card, source) pairs: source -1 is the hand, else a display index."""
    player = game.players[seat]
    sponsors = game.catalog.sponsors
    sources = [(card, -1) for card in dict.fromkeys(player.hand)]
    if from_display:
        sources += [(game.display[index], index) for index in deck.folders_in_range(game, seat)]
    return [
        (card, source) for card, source in sources
        if card in sponsors and map_abilities.sponsor_level(player, sponsors[card]) <= budget
        and can_play_sponsor(player, sponsors[card], source + 1)
    ]


def _start(seat: int, strength: int, side_two: bool) -> Step:
    return ("sponsors", seat, strength + 1 if side_two else strength, side_two, False, strength)


@action("sponsors", _start)
def sponsors_min_strength(game: "ArkNovaGame", seat: int, side_two: bool) -> int:
    """Always possible: the break-token alternative needs nothing."""
    return 1


@options("sponsors")
def sponsor_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    seat, budget, side_two, played = step[1], step[2], step[3], step[4]
    if played and not side_two:
        return ()
    result: list[Any] = playable_sponsors(game, seat, budget, side_two)
    if played:
        return tuple(result + ["done"]) if result else ()
    return tuple(result) + (("break",),)


@resolver("sponsors")
def sponsor_choice(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, budget, side_two, played, strength = step[1:6]
    if choice == "done":
        return
    if choice == ("break",):
        money = strength * (2 if side_two else 1)
        if game.log is not None:  # the line is built only for a log
            game.say(seat, f"moves the break token {strength} and takes {money} money")
        tracks.gain_money(game, seat, money)
        tracks.advance_break(game, seat, strength)
        return
    card, source = choice
    level = map_abilities.sponsor_level(game.players[seat], game.catalog.sponsors[card])
    game.push(("sponsors", seat, budget - level, side_two, True, strength))
    play_sponsor(game, seat, card, source)


def play_sponsor(game: "ArkNovaGame", seat: int, card: int, source: int) -> None:
    """Into the zoo: icons, the printed appeal/CP/reputation, the unique building, the immediate effects."""
    player = game.players[seat]
    sponsor = game.catalog.sponsors[card]
    deck.take_card_to_play(game, seat, card, source)
    player.sponsors.append(card)
    if game.log is not None:  # the line is built only for a log
        game.say(seat, f"plays sponsor {sponsor.name}")
    sponsor_effects.sponsor_played(game, seat, sponsor)
    if sponsor.unique_building:
        game.push(("unique_build", seat, card))
    tracks.gain_appeal(game, seat, sponsor.appeal)
    tracks.gain_cp(game, seat, sponsor.cp)
    tracks.gain_reputation(game, seat, sponsor.reputation)


@options("unique_build")
def unique_build_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(unique_building_placements(game.players[step[1]], game.catalog.sponsors[step[2]]))


@resolver("unique_build")
def unique_build(game: "ArkNovaGame", step: Step, placement: Any) -> None:
    from sim.arknova.actions.build import erect

    erect(game, step[1], game.catalog.sponsors[step[2]].unique_building, placement)


@options("sponsor_bonus")
def sponsor_bonus_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """The sponsor bonus: play one sponsor from hand, conditions apply, level does not."""
    playable = playable_sponsors(game, step[1], 99, False)
    return tuple(playable) + ("skip",) if playable else ()


@resolver("sponsor_bonus")
def sponsor_bonus(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice != "skip":
        play_sponsor(game, step[1], *choice)
