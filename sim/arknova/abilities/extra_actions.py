"""Abilities that act on action cards after the Animals action: Boost (a card to slot 1
or 5), Action (one more action with a named card), Determination (one more action with
any other card; also a bonus of map 3) and Hypnosis (an action with a card of the appeal
leader). An extra action is a whole action: X-tokens may raise its strength, a multiplier
on the player's own card doubles it, and Determination and Hypnosis may be the X-token
action instead (docs/arknova/rules-decisions.md, A8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import tracks
from sim.arknova.abilities.interaction import leaders
from sim.arknova.action_tokens import card_strength, use_card, xtoken_spends
from sim.arknova.actions.turn import ACTIONS
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect
from sim.arknova.state import SKIP, Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

BOOST_SLOTS = (5, 1)


@effect("boost")
def boost(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("boost", seat, item.args[0]))


@options("boost")
def boost_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Slot 5 or 1, or leave the card where it is: Boost is optional (the licensed digital edition)."""
    return (*BOOST_SLOTS, SKIP)


@resolver("boost")
def boost_card(game: "ArkNovaGame", step: Step, slot: Any) -> None:
    """Put the named action card into slot 1 or slot 5; the others close up in order."""
    if slot == SKIP:
        return
    cards = game.players[step[1]].action_cards
    cards.remove(step[2])
    cards.insert(slot - 1, step[2])
    game.say(step[1], f"boosts {step[2]} to slot {slot}")


def offer(game: "ArkNovaGame", seat: int, owner: int, card: str) -> list[Any]:
    """("act", owner, card, strength, X-tokens spent) for each strength at which `seat` can do
    something with that card, played on the side it shows; X-tokens may raise the strength."""
    strength = card_strength(game.players[owner], card)
    needed = ACTIONS[card][0](game, seat, game.players[owner].is_upgraded(card))
    if needed is None:
        return []
    return [("act", owner, card, strength + spent, spent)
            for spent in xtoken_spends(needed, strength, game.players[seat].xtokens)]


@effect("action")
def action(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """One action with the named card at the strength of its slot."""
    game.stack.append(("extra_action", seat, "action", item.args[0]))


@effect("determination")
def determination(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """One action with any action card other than the one whose action is in progress or just
    over (Animals after an animal, Association for map 3's bonus), at the strength of its slot."""
    game.stack.append(("extra_action", seat, "determination", game.action_card))


@effect("hypnosis")
def hypnosis(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """One action with a card lying in slot 1..N of the appeal leader ahead of you."""
    game.stack.append(("extra_action", seat, "hypnosis", item.amount))


@options("extra_action")
def extra_action_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """("act", ...) as `offer` gives them; for Determination and Hypnosis also ("xtoken", owner, card):
    the X-token action with that card, while the player holds fewer than the most X-tokens (the
    licensed digital edition lets these two, not Action X, gain an X-token)."""
    seat, source, value = step[1], step[2], step[3]
    if source == "action":
        result = offer(game, seat, seat, value)
        return (*result, SKIP) if result else ()
    if source == "determination":
        cards = [(seat, card) for card in game.players[seat].action_cards if card != value]
    else:
        cards = [(owner, card) for owner in leaders(game, seat, "appeal", "hypnosis")
                 for card in game.players[owner].action_cards[:value]]
    result = [option for owner, card in cards for option in offer(game, seat, owner, card)]
    if game.players[seat].xtokens < game.catalog.tracks.xtoken_max:
        result += [("xtoken", owner, card) for owner, card in cards]
    return (*result, SKIP) if result else ()


@resolver("extra_action")
def extra_action(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Carry out the action with the side the card shows (a hypnotised card: its owner's side),
    twice with a multiplier on the player's own card, or take the X-token; afterwards the card goes
    to slot 1 of its owner as usual."""
    if choice == SKIP:
        return
    seat, owner, card = step[1], choice[1], choice[2]
    game.action_card = card
    if choice[0] == "xtoken":
        game.say(seat, f"takes an extra X-token action with {card}"
                 + (f" of P{owner + 1}" if owner != seat else ""))
        tracks.gain_xtokens(game, seat, 1)
        game.push(("finish_action", owner, card))
        return
    strength, spent = choice[3], choice[4]
    player = game.players[seat]
    player.xtokens -= spent
    player.xtokens_spent += spent
    side_two = game.players[owner].is_upgraded(card)
    game.say(seat, f"takes an extra {card} {'II' if side_two else 'I'} action at strength {strength}"
             + (f" with P{owner + 1}'s card" if owner != seat else "")
             + (f" ({spent} X-token{'s' if spent > 1 else ''})" if spent else ""))
    times = use_card(game, seat, card) if owner == seat else 1  # a hypnotist has no token on the card
    game.push(*[ACTIONS[card][1](seat, strength, side_two)] * times, ("finish_action", owner, card))
