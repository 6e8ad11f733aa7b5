"""Cards: the break token moves 2, then draw (side II: from the deck or the display in
reputation range) and discard per the table, or snap one display card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, tracks
from sim.arknova.actions.turn import action
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame


def _table_index(strength: int) -> int:
    return min(strength, 5) - 1


@action("cards", lambda seat, strength, side_two: ("cards", seat, strength, side_two))
def cards_min_strength(game: "ArkNovaGame", seat: int, side_two: bool) -> int:
    """Cards is always possible: the break token moves even when no card is left."""
    return 1


@resolver("cards")
def start_cards(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, strength, side_two = step[1], step[2], step[3]
    game.push(("cards_mode", seat, strength, side_two))
    tracks.advance_break(game, seat, game.catalog.tracks.cards_break_advance)


@options("cards_mode")
def cards_mode_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    strength, side_two = step[2], step[3]
    result: list[Any] = [("draw",)]
    if strength >= game.catalog.tracks.cards_snap_strength[side_two]:
        result.extend(("snap", index) for index, card in enumerate(game.display) if card)
    return tuple(result)


@resolver("cards_mode")
def cards_mode(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, strength, side_two = step[1], step[2], step[3]
    if choice[0] == "snap":
        card = deck.take_from_display(game, seat, choice[1], "snapped")
        game.players[seat].hand.append(card)
        if game.log is not None:  # the line is built only for a log
            game.say(seat, f"snaps {game.catalog.card(card).name} from folder {choice[1] + 1}")
        return
    table = game.catalog.tracks
    draws = table.cards_draw[side_two][_table_index(strength)]
    discards = table.cards_discard[side_two][_table_index(strength)]
    if game.log is not None:  # the line is built only for a log
        game.say(seat, f"draws {draws}, discards {discards}")
    discard_steps = [("discard", seat)] * discards
    if table.cards_draw_from_range[side_two]:
        game.push(*([("take_card", seat)] * draws), *discard_steps)
    else:
        game.push(*discard_steps)
        deck.draw_to_hand(game, seat, draws)


@options("take_card")
def take_card_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """One card from the deck or from a display folder within reputation range."""
    seat = step[1]
    result: list[Any] = [("deck",)] if game.deck or game.discard else []
    result.extend(("display", index) for index in deck.folders_in_range(game, seat))
    return tuple(result)


@resolver("take_card")
def take_card(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat = step[1]
    if choice[0] == "deck":
        deck.draw_to_hand(game, seat, 1)
    else:
        game.players[seat].hand.append(deck.take_from_display(game, seat, choice[1], "taken"))


@options("snap")
def snap_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(("display", index) for index, card in enumerate(game.display) if card)


@resolver("snap")
def snap(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat = step[1]
    game.players[seat].hand.append(deck.take_from_display(game, seat, choice[1], "snapped"))


@options("discard")
def discard_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Any card from the hand (each distinct card once)."""
    return tuple(dict.fromkeys(game.players[step[1]].hand))


@resolver("discard")
def discard(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat = step[1]
    game.players[seat].hand.remove(choice)
    game.discard.append(choice)
    deck.record(game, "discarded", seat, choice, "hand")
