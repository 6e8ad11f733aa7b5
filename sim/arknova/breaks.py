"""The break: hand limit, tokens off the action cards, workers home and the association
board refilled, folders 1-2 discarded, income (appeal, kiosks, income effects), reset.
In solo the solo tile times breaks and each break covers a donation space."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, map_abilities, tracks, zoo
from sim.arknova.action_tokens import clear_tokens
from sim.arknova.actions.association import university_ids
from sim.arknova.effects import grant_all
from sim.arknova.state import Step
from sim.arknova.steps import resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

DISCARDED_FOLDERS = 2


@resolver("break")
def start_break(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if game.log is not None:
        game.log.append(f"-- break {game.breaks + 1} (triggered by P{game.break_trigger + 1})")
    if game.solo:
        game.donations += 1
    discards = [("discard", seat) for seat in game.seats
                for _ in range(max(0, len(game.players[seat].hand) - game.players[seat].hand_limit))]
    order = [(game.break_trigger + offset) % len(game.players) for offset in game.seats]
    game.push(*discards, ("break_board",), *(("income", seat) for seat in order), ("break_end",))


@resolver("break_board")
def break_board(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Tokens leave the action cards, workers come home, the association board shows every
    partner zoo and university again, and the two lowest display folders are discarded
    before the display refills."""
    for player in game.players:
        clear_tokens(player)
        player.workers = player.workers_total
        player.workers_on.clear()
    game.partner_zoo_board = list(game.catalog.tiles.partner_zoo_continents)
    game.university_board = university_ids(game)
    for index in range(DISCARDED_FOLDERS):
        if game.display[index]:
            game.discard.append(game.display[index])
            game.display[index] = 0
    deck.refill_display(game)


@resolver("income")
def income(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Appeal income, kiosk income, then income effects; the display refills after each seat."""
    seat = step[1]
    player = game.players[seat]
    money = break_money(player)
    tracks.gain_money(game, seat, money)
    game.say(seat, f"income {money} money")
    game.push(("refill_display",))
    grant_all(game, seat, recurring_effects(player))


def break_money(player: "PlayerState") -> int:
    """The money a break pays the player: appeal income, kiosks and the map's own income."""
    appeal_income = player.catalog.tracks.appeal_income[player.appeal]
    return appeal_income + zoo.kiosk_income(player) + map_abilities.break_income(player)


def recurring_effects(player: "PlayerState") -> tuple[Any, ...]:
    """The effects a break grants the player again: recurring map slots, then sponsors' income."""
    sponsors = player.catalog.sponsors
    return tuple(player.recurring_income) + tuple(effect for card in player.sponsors for effect in sponsors[card].income)


@resolver("refill_display")
def refill(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    deck.refill_display(game)


@resolver("break_end")
def break_end(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Reset the break token; a score of 100 reached during the break gives everyone one more turn."""
    game.breaks += 1
    game.break_pending = False
    game.break_position = 0
    if game.end_turns_left < 0 and not game.solo:
        for player in game.players:
            if tracks.score(player) >= 100:
                game.end_turns_left = len(game.players)
                game.end_trigger = -2
                break
