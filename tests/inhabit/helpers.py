"""Shared helpers for the Inhabit the Earth tests: a fresh game, and a precise situation built on it.

The engine is driven through `decision()` / `apply()`; a test builds its situation by moving cards and
markers of a fresh game by hand (each card taken from wherever it lies, so cards stay conserved and
`check_invariants` holds), then forgets the cached decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sim.inhabit.board import place
from sim.inhabit.catalog import CLASS_BASE, CLASSES, CONTINENTS, SYMBOLS, TERRAINS
from sim.inhabit.game import Inhabit
from sim.inhabit.state import SYMBOL_COUNT, Creature, InhabitState

FACTORY = Inhabit()
CATALOG = FACTORY.catalog


def continent(name: str) -> int:
    return CONTINENTS.index(name)


def terrain(name: str) -> int:
    return TERRAINS.index(name)


def symbol(name: str) -> int:
    return SYMBOLS.index(name)


def klass(name: str) -> int:
    return CLASSES.index(name)


def new(players: int = 4, seed: int = 0, **config: Any) -> InhabitState:
    return FACTORY.new_game({"players": players, **config}, seed)


def take(game: InhabitState, card: int) -> int:
    """Remove `card` from wherever it lies (a deck, a discard pile, a hand)."""
    for pile in (*game.decks, *game.discard_up, *game.discard_down, *(seat.hand for seat in game.seats)):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"card {card} is not in a deck, discard pile or hand")


def set_hand(game: InhabitState, seat: int, cards: Iterable[int]) -> None:
    """The seat's hand becomes exactly `cards`; its old cards go back to their decks."""
    player = game.seats[seat]
    for card in player.hand[:]:
        player.hand.remove(card)
        game.decks[card // 100 - 1].insert(0, card)
    player.hand = [take(game, card) for card in cards]
    refresh(game)


def put_creature(game: InhabitState, seat: int, cards: Iterable[int], where: str, space: int,
                 adapted: Iterable[int] = (), top: int | None = None, black: bool = False) -> Creature:
    """A creature made of `cards` (the first its class and, unless `top` says otherwise, its top card;
    those in `adapted` upside down) with its marker on `space` of continent `where`, right of the others."""
    cards = [take(game, card) for card in cards]
    flags = [card in set(adapted) for card in cards]
    first = CATALOG.cards[cards[0]]
    creature = Creature(first.cls, top or cards[0], cards, flags, [], 0, [0] * SYMBOL_COUNT, 1 << (CLASS_BASE + first.cls),
                        0, 0, black)
    for card, upside_down in zip(cards, flags, strict=True):
        data = CATALOG.cards[card]
        creature.add_symbols(data.adapt_mask if upside_down else data.mask)
        creature.creatures += not upside_down
    game.seats[seat].creatures.append(creature)
    place(game, seat, creature, continent(where), space)
    game.seats[seat].hand_limit = game.hand_limit_of(seat)
    refresh(game)
    return creature


def give_token(game: InhabitState, seat: int, symbol_name: str, color: str | None = None) -> int:
    """Move a token showing `symbol_name` (of `color`, if given) from the box or a stack to the seat's rack."""
    wanted = symbol(symbol_name)
    places = [game.box, *(space for row in game.stacks for space in row)]
    for pile in places:
        for token in pile:
            data = CATALOG.tokens[token]
            if data.symbol == wanted and (color is None or data.color == color):
                pile.remove(token)
                game.seats[seat].rack.append(token)
                game.seats[seat].token_points += data.points
                refresh(game)
                return token
    raise AssertionError(f"no {symbol_name} token left")


def clear_stacks(game: InhabitState, where: str) -> None:
    """Empty the token spaces of a continent (the tokens go to the box)."""
    for space in game.stacks[continent(where)]:
        game.box += space
        space.clear()


def start_turn(game: InhabitState, seat: int, turns_taken: int = 1) -> None:
    """Make it `seat`'s turn, as if each seat had taken `turns_taken` turns (so the first-turn rule is past)."""
    game.stack.clear()
    game.current = seat
    for player in game.seats:
        player.turns = turns_taken
    refresh(game)


def refresh(game: InhabitState) -> None:
    game._decision = None


def choose(game: InhabitState, option: Any) -> None:
    """Answer the pending decision with `option`, which must be legal."""
    decision = game.decision()
    assert option in decision.options, f"{option!r} is not among {decision.kind} options {decision.options}"
    game.apply(option)
    game.is_over()  # run the automatic steps that follow



def add(game: InhabitState, seat: int, cards: Iterable[int], adapted: Iterable[int] = (), region: int = 1,
        black: bool = False) -> Creature:
    """A creature of `cards` on the first free space of `region` on its first card's continent (another
    continent when the seat has two markers there)."""
    cards = list(cards)
    player = game.seats[seat]
    home = CATALOG.cards[cards[0]].continent
    where = next(index for index in [home, *range(len(CONTINENTS))]
                 if game.trails[index] is not None and player.on_continent[index] < 2)
    trail = game.trail(where)
    row = game.occupant[where]
    space = next(index for index in range(game.start, trail.final)
                 if trail.regions[index] == region and not trail.tokens[index] and row[index] < 0)
    return put_creature(game, seat, cards, CONTINENTS[where], space, adapted, black=black)


def spare(game: InhabitState, count: int, avoid: Iterable[int] = ()) -> list[int]:
    """`count` deck-3 cards still in deck 3, none in `avoid`: cards to pay or trigger with."""
    avoid = set(avoid)
    return [card for card in game.decks[2] if card not in avoid][:count]
