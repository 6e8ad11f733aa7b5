"""Ark Nova's interventions for `arkmc study` (`sim.core.protocols.Interventions`): a zoo-deck card forced
into a seat's opening hand, forced to be kept or let go there, or taken out of the game.

Every change is made on a game fresh from setup, before the first decision, and moves cards only: the deck
keeps its order apart from the cards moved, so the twin games of a pair draw the same cards until play
differs. What a study can and cannot say is in docs/studies.md.
"""

from __future__ import annotations

import random

from sim.arknova import deck
from sim.arknova.catalog import Catalog
from sim.arknova.engine import ArkNovaGame
from sim.core.interventions import make_intervention
from sim.core.protocols import Intervention

STUDY_KINDS = ("deal", "keep", "let_go", "ban")  # the makers of `intervene`, in this order
KEEP_STEP = "keep_cards"


def study_components(catalog: Catalog) -> dict[int, str]:
    """Every card of the zoo deck (animals, sponsors and the deck's conservation projects), number -> name:
    the cards a seat can be dealt. The base projects lie on the board from the start and are no component."""
    return {number: catalog.card(number).name for number in catalog.zoo_deck}


def intervene(game: ArkNovaGame, intervention: Intervention, rng: random.Random) -> None:
    """Make `intervention` on a game fresh from `sim.arknova.setup.new_game`; `rng` picks the card it replaces."""
    card = intervention.component
    if card not in game.catalog.zoo_deck:
        raise ValueError(f"card {card} is not in Ark Nova's zoo deck")
    seat = intervention.seat
    make_intervention(intervention, "Ark Nova", len(game.players), {
        "deal": lambda: deal_card(game, seat, card, rng),
        "keep": lambda: deal_and_bind(game, seat, card, rng, keep=True),
        "let_go": lambda: deal_and_bind(game, seat, card, rng, keep=False),
        "ban": lambda: ban_card(game, card)})


def deal_and_bind(game: ArkNovaGame, seat: int, card: int, rng: random.Random, keep: bool) -> None:
    """Deal `card` to the seat (`deal_card`), then make its opening keep keep it or let it go (`bind_keep`)."""
    deal_card(game, seat, card, rng)
    bind_keep(game, seat, card, keep)


def deal_card(game: ArkNovaGame, seat: int, card: int, rng: random.Random) -> None:
    """Put `card` into the seat's opening deal in place of a card of it chosen by `rng`; the replaced card
    goes where `card` was (the deck, the display or another seat's deal). Nothing moves when it is there."""
    player = game.players[seat]
    if card in player.dealt:
        return
    slot = rng.randrange(len(player.dealt))
    replaced = player.dealt[slot]
    place_instead(game, card, replaced)
    player.dealt = player.dealt[:slot] + (card,) + player.dealt[slot + 1:]


def place_instead(game: ArkNovaGame, card: int, other: int) -> None:
    """Put `other` where `card` lies now, in the deck, the display or a seat's opening deal."""
    for pile in (game.deck, game.display):
        if card in pile:
            pile[pile.index(card)] = other
            return
    for player in game.players:
        if card in player.dealt:
            player.dealt = tuple(other if dealt == card else dealt for dealt in player.dealt)
            return
    raise ValueError(f"card {card} is nowhere on the table")


def ban_card(game: ArkNovaGame, card: int) -> None:
    """Take `card` out of the game. In the deck it is skipped; in the display or an opening deal the top card
    of the deck takes its place."""
    if card in game.deck:
        game.deck.remove(card)
        return
    replacement = deck.draw_card(game)
    if replacement is None:
        raise ValueError("the deck is empty: no card can take the banned card's place")
    place_instead(game, card, replacement)


def bind_keep(game: ArkNovaGame, seat: int, card: int, keep: bool) -> None:
    """Make the seat's opening keep keep `card` (or let it go): its pending keep step carries the condition,
    which `sim.arknova.setup.keep_options` applies."""
    for index, step in enumerate(game.stack):
        if step[0] == KEEP_STEP and step[1] == seat:
            game.stack[index] = (KEEP_STEP, seat, card, keep)
            return
    raise ValueError(f"seat {seat + 1} has no opening keep to bind")

