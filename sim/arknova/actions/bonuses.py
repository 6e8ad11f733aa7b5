"""Decisions raised by bonuses: the conservation-track spaces, card upgrades, Clever,
partner zoos and universities from bonuses, and dropping a final-scoring card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova.actions.association import (
    partner_zoo_choices,
    take_partner_zoo,
    take_university,
    university_choices,
    university_ids,
)
from sim.arknova.effects import grant
from sim.arknova.state import ACTION_CARDS, SKIP, Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame


@options("cp_bonus")
def cp_bonus_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """The printed choices of a conservation space; a bonus tile stands for each tile still there."""
    seat, space = step[1], step[2]
    player = game.players[seat]
    result: list[Any] = []
    for choice in dict(game.catalog.tracks.cp_bonus_choices)[space]:
        if choice.keyword == "bonus_tile":
            result.extend(("tile", tile) for tile in game.bonus_tiles.get(space, ()))
        elif choice.keyword == "upgrade_action_card" and len(player.upgraded) == len(ACTION_CARDS):
            continue
        elif choice.keyword == "hire_worker" and player.workers_total >= game.catalog.tracks.workers_total:
            continue
        else:
            result.append(choice)
    return tuple(result)


@resolver("cp_bonus")
def cp_bonus(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, space = step[1], step[2]
    if isinstance(choice, tuple):
        game.bonus_tiles[space].remove(choice[1])
        game.say(seat, f"takes the bonus tile {choice[1]}")
        grant(game, seat, game.catalog.tiles.bonus_tile(choice[1]))
    else:
        grant(game, seat, choice)


@resolver("cp10")
def first_to_ten(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """The first player to reach 10 CP makes everyone drop one final-scoring card."""
    if game.cp10_reached:
        return
    game.cp10_reached = True
    game.push(*(("discard_final", seat) for seat in game.seats if len(game.players[seat].final_scoring) > 1))


@options("discard_final")
def discard_final_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    cards = game.players[step[1]].final_scoring
    return tuple(cards) if len(cards) > 1 else ()


@resolver("discard_final")
def discard_final(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    game.players[step[1]].final_scoring.remove(choice)


@options("upgrade")
def upgrade_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    player = game.players[step[1]]
    return tuple(card for card in player.action_cards if card not in player.upgraded)


@resolver("upgrade")
def upgrade(game: "ArkNovaGame", step: Step, card: Any) -> None:
    """Flip a card to side II where it lies; it works from the next action on."""
    game.players[step[1]].upgraded.add(card)
    game.say(step[1], f"upgrades {card}")


@options("clever")
def clever_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """A card outside slot 1 to move there, or none: Clever is optional (the licensed digital edition)."""
    return (*game.players[step[1]].action_cards[1:], SKIP)


@resolver("clever")
def clever(game: "ArkNovaGame", step: Step, card: Any) -> None:
    """Move an action card to slot 1; the cards left of it move one slot right."""
    if card == SKIP:
        return
    cards = game.players[step[1]].action_cards
    cards.remove(card)
    cards.insert(0, card)


@options("bonus_partner_zoo")
def bonus_partner_zoo_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """A partner zoo from the supply, normal limits."""
    seat = step[1]
    upgraded = game.players[seat].is_upgraded("association")
    return tuple(partner_zoo_choices(game, seat, upgraded, list(game.catalog.tiles.partner_zoo_continents)))


@resolver("bonus_partner_zoo")
def bonus_partner_zoo(game: "ArkNovaGame", step: Step, continent: Any) -> None:
    take_partner_zoo(game, step[1], continent, from_board=False)


@options("bonus_university")
def bonus_university_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(university_choices(game, step[1], university_ids(game)))


@resolver("bonus_university")
def bonus_university(game: "ArkNovaGame", step: Step, university: Any) -> None:
    take_university(game, step[1], university, from_board=False)
