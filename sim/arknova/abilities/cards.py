"""Abilities that move cards: draw (Sprint), look and keep (Hunter, Perception, Scavenging),
take from the display (Snapping, Sponsor magnet), cycle (Digging), sell (Sunbathing),
tuck (Pouch), final-scoring cards (Resistance) and base projects (Assertion, Dominance)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, tracks
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

SUNBATHING_PRICE = 4  # money per card sold
POUCH_APPEAL = 2  # appeal per card tucked
RESISTANCE_DRAW = 2  # final-scoring cards drawn, one kept
SOLO_UNUSABLE_FINAL_SCORING = frozenset({"biodiversity"})
STOP = ("stop",)


def draw_cards(game: "ArkNovaGame", count: int) -> tuple[int, ...]:
    """Up to `count` cards off the deck (the discard pile is reshuffled when it runs out)."""
    drawn = []
    for _ in range(count):
        card = deck.draw_card(game)
        if card is None:
            break
        drawn.append(card)
    return tuple(drawn)


def discard_all(game: "ArkNovaGame", seat: int, cards: tuple[int, ...]) -> None:
    for card in cards:
        game.discard.append(card)
        deck.record(game, "discarded", seat, card, "deck")


def to_hand(game: "ArkNovaGame", seat: int, card: int, source: str) -> None:
    game.players[seat].hand.append(card)
    deck.record(game, "drawn", seat, card, source)


# --- draw, look and keep -----------------------------------------------------------


@effect("sprint")
def sprint(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Draw N cards from the deck."""
    deck.draw_to_hand(game, seat, item.amount)


@effect("perception")
def perception(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Draw N cards from the deck, keep half of them (rounded down), discard the rest."""
    drawn = draw_cards(game, item.amount)
    keep = min(len(drawn), item.amount // 2)
    if keep:
        game.stack.append(("keep_drawn", seat, drawn, keep))
    else:
        discard_all(game, seat, drawn)


@effect("scavenging")
def scavenging(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Shuffle the discard pile, draw N of it, keep 1, the others go back to the discard pile."""
    if not game.discard:
        return
    game.rng.shuffle(game.discard)
    drawn = tuple(game.discard.pop() for _ in range(min(item.amount, len(game.discard))))
    game.stack.append(("keep_drawn", seat, drawn, 1))


@options("keep_drawn")
def keep_drawn_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(step[2]))


@resolver("keep_drawn")
def keep_drawn(game: "ArkNovaGame", step: Step, card: Any) -> None:
    """Keep one of the looked-at cards; once enough are kept the rest are discarded."""
    seat, drawn, keep = step[1], list(step[2]), step[3]
    drawn.remove(card)
    to_hand(game, seat, card, "deck")
    if keep > 1 and drawn:
        game.stack.append(("keep_drawn", seat, tuple(drawn), keep - 1))
    else:
        discard_all(game, seat, tuple(drawn))


@effect("hunter")
def hunter(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Reveal the top N cards, keep 1 animal among them, discard the rest. N may be the own
    predator icons (``X=own_predator_icons``, the Spotted Hyena Compound sponsor)."""
    if item.args and item.args[0] == "X=own_predator_icons":
        count = game.players[seat].icon("predator")
    else:
        count = item.amount
    revealed = draw_cards(game, count)
    if any(card in game.catalog.animals for card in revealed):
        game.stack.append(("hunter_keep", seat, revealed))
    else:
        discard_all(game, seat, revealed)


@options("hunter_keep")
def hunter_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(card for card in step[2] if card in game.catalog.animals))


@resolver("hunter_keep")
def hunter_keep(game: "ArkNovaGame", step: Step, card: Any) -> None:
    seat, revealed = step[1], list(step[2])
    revealed.remove(card)
    to_hand(game, seat, card, "deck")
    discard_all(game, seat, tuple(revealed))


# --- the display --------------------------------------------------------------------


@effect("snapping")
def snapping(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Take N cards from the display, from any folder (reputation range does not apply)."""
    for _ in range(item.amount):
        game.stack.append(("snap", seat))


@effect("sponsor_magnet")
def sponsor_magnet(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Take every sponsor card of the display into the hand, whatever the reputation range."""
    for index, card in enumerate(game.display):
        if card in game.catalog.sponsors:
            game.players[seat].hand.append(deck.take_from_display(game, seat, index, "taken"))


@effect("digging")
def digging(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("dig", seat, item.amount))


@options("dig")
def dig_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Stop, replace a display card, or swap a hand card for the top of the deck."""
    seat = step[1]
    result: list[Any] = [STOP]
    result.extend(("display", index) for index, card in enumerate(game.display) if card)
    if game.deck or game.discard:
        result.extend(("hand", card) for card in dict.fromkeys(game.players[seat].hand))
    return tuple(result)


@resolver("dig")
def dig(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Up to N times: a display card goes to the discard pile and the display refills, or a
    hand card is discarded for the top card of the deck."""
    seat, remaining = step[1], step[2]
    if choice == STOP:
        return
    if remaining > 1:
        game.stack.append(("dig", seat, remaining - 1))
    if choice[0] == "display":
        game.discard.append(deck.take_from_display(game, seat, choice[1], "discarded"))
        deck.refill_display(game)
    else:
        game.players[seat].hand.remove(choice[1])
        game.discard.append(choice[1])
        deck.record(game, "discarded", seat, choice[1], "hand")
        deck.draw_to_hand(game, seat, 1)


# --- selling and tucking hand cards ---------------------------------------------------


@effect("sunbathing")
def sunbathing(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("sunbathe", seat, item.amount))


@effect("pouch")
def pouch(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    game.stack.append(("pouch", seat, item.amount))


def _hand_or_stop(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    hand = game.players[step[1]].hand
    return (STOP, *dict.fromkeys(hand)) if hand else ()


options("sunbathe")(_hand_or_stop)
options("pouch")(_hand_or_stop)


@resolver("sunbathe")
def sunbathe(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Sell one hand card (to the discard pile) for 4 money; up to N cards."""
    seat, remaining = step[1], step[2]
    if choice == STOP:
        return
    game.players[seat].hand.remove(choice)
    game.discard.append(choice)
    deck.record(game, "sold", seat, choice, "hand", SUNBATHING_PRICE)
    tracks.gain_money(game, seat, SUNBATHING_PRICE)
    if remaining > 1:
        game.stack.append(("sunbathe", seat, remaining - 1))


@resolver("pouch")
def tuck(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Tuck one hand card under the card (out of play for good) for 2 appeal; up to N cards."""
    seat, remaining = step[1], step[2]
    if choice == STOP:
        return
    player = game.players[seat]
    player.hand.remove(choice)
    player.pouched.append(choice)
    deck.record(game, "pouched", seat, choice, "hand")
    tracks.gain_appeal(game, seat, POUCH_APPEAL)
    if remaining > 1:
        game.stack.append(("pouch", seat, remaining - 1))


# --- final scoring cards and base projects ----------------------------------------------


def final_scoring_pool(game: "ArkNovaGame") -> list[int]:
    """Final-scoring cards nobody has seen yet (cards looked at and dropped stay out)."""
    seen = {card for player in game.players for card in player.final_scoring_dealt}
    return [number for number, card in game.catalog.final_scoring.items()
            if number not in seen and not (game.solo and card.quantity in SOLO_UNUSABLE_FINAL_SCORING)]


@effect("resistance")
def resistance(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Draw 2 final-scoring cards, keep 1."""
    pool = final_scoring_pool(game)
    game.rng.shuffle(pool)
    drawn = tuple(pool[:RESISTANCE_DRAW])
    if not drawn:
        return
    player = game.players[seat]
    player.final_scoring_dealt = player.final_scoring_dealt + drawn
    game.stack.append(("keep_final", seat, drawn))


@options("keep_final")
def keep_final_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return step[2]


@resolver("keep_final")
def keep_final(game: "ArkNovaGame", step: Step, card: Any) -> None:
    game.players[step[1]].final_scoring.append(card)


def base_projects_out_of_play(game: "ArkNovaGame") -> list[int]:
    """Base projects that were not laid out at setup and that nobody has taken since."""
    used = {row.number for row in game.base_projects + game.projects}
    used.update(game.deck, game.discard, game.display)
    for player in game.players:
        used.update(player.hand)
    return [number for number in game.catalog.base_projects if number not in used]


@effect("assertion")
def assertion(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Take one base conservation project that is out of play into the hand."""
    game.stack.append(("assertion", seat))


@options("assertion")
def assertion_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    return tuple(base_projects_out_of_play(game))


@resolver("assertion")
def assertion_choice(game: "ArkNovaGame", step: Step, number: Any) -> None:
    take_base_project(game, step[1], number)


def take_base_project(game: "ArkNovaGame", seat: int, number: int) -> None:
    game.players[seat].hand.append(number)
    game.say(seat, f"takes the base project {game.catalog.projects[number].name}")


@effect("dominance")
def dominance(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """Take the base project Primates into the hand if it is out of play."""
    catalog = game.catalog
    primates = next(number for number in catalog.base_projects if catalog.projects[number].target == "primate")
    if primates in base_projects_out_of_play(game):
        take_base_project(game, seat, primates)
