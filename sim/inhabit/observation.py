"""What one seat of Inhabit the Earth may see, as a snapshot, and games dealt consistently with it.

Hidden from the seat: the order and contents of the draw piles, the face-down discards (Rearing
discards and trigger cards are laid "verdeckt"), the other hands (their backs show each card's deck),
the face-down token stacks on the boards (their colours show), the other racks ("offen (nur für sich
selbst sichtbar)": their colours show) and the tokens left in the box. Everything else is public:
menageries with their tokens, markers, the face-up discards, tokens played as triggers.

The snapshot is a copy of the game with the hidden parts taken out (`view`) plus their sizes; bots read
`view` like a game. `determinize` deals the unseen cards and tokens at random back into the hidden
places, each card to a place of its own deck and each token to one of its colour.
"""

from __future__ import annotations

import random

from sim.inhabit.catalog import DECKS, TOKEN_COLORS
from sim.inhabit.state import InhabitState


class InhabitObservation:
    """`view` is the game without what `seat` cannot see; the other fields say how much is hidden where."""

    __slots__ = ("seat", "view", "hand_decks", "rack_colors", "deck_sizes", "down_sizes", "stack_colors", "box_colors")

    def __init__(self, seat: int, view: InhabitState, hand_decks: tuple[tuple[int, ...], ...],
                 rack_colors: tuple[tuple[int, ...], ...], deck_sizes: tuple[int, ...], down_sizes: tuple[int, ...],
                 stack_colors: tuple[tuple[tuple[str, ...], ...], ...], box_colors: tuple[int, ...]) -> None:
        self.seat = seat
        self.view = view
        self.hand_decks = hand_decks  # per seat: cards of decks 1-3 in hand (the seat's own too)
        self.rack_colors = rack_colors  # per seat: green, blue, red tokens on the rack
        self.deck_sizes = deck_sizes
        self.down_sizes = down_sizes  # face-down discards per deck
        self.stack_colors = stack_colors  # per continent, per token space: the colours bottom to top
        self.box_colors = box_colors

    @classmethod
    def of(cls, game: InhabitState, seat: int) -> "InhabitObservation":
        color = game.catalog.token_color.__getitem__
        hand_decks = tuple(_decks(player.hand) for player in game.seats)
        rack_colors = tuple(_colors(game, player.rack) for player in game.seats)
        stack_colors = tuple(tuple([tuple(map(color, row[space])) for space in trail.token_spaces])
                             if trail is not None else () for row, trail in zip(game.stacks, game.trails))
        view = game.copy(hidden=False)
        pending = game._decision
        # The seat's own pending decision stays (it sees its options; a deal then need not work them out
        # again), another seat's goes (its options could show that seat's hand).
        view._decision = pending if pending is not None and pending.seat == seat else None
        for index, player in enumerate(view.seats):
            if index != seat:
                player.hand = []
                player.rack = []
                player.token_points = 0
        return cls(seat, view, hand_decks, rack_colors, tuple(len(deck) for deck in game.decks),
                   tuple(len(pile) for pile in game.discard_down), stack_colors, _colors(game, game.box))

    def unseen_cards(self) -> dict[int, list[int]]:
        """The cards the seat has not seen, by deck (a card out of the game counts as seen: everyone knows it)."""
        view = self.view
        seen = set(view.seats[self.seat].hand + view.banned)
        for player in view.seats:
            for creature in player.creatures:
                seen.update(creature.cards)
        for pile in view.discard_up:
            seen.update(pile)
        if view.move is not None:
            seen.update(view.move.cards)
        found: dict[int, list[int]] = {deck: [] for deck in DECKS}
        cards = view.catalog.cards
        for number in view.catalog.numbers:
            if number not in seen and (not view.intro or cards[number].egg):
                found[cards[number].deck].append(number)
        return found

    def unseen_tokens(self) -> dict[str, list[int]]:
        """The tokens the seat has not seen, by colour."""
        view = self.view
        seen = set(view.seats[self.seat].rack) | set(view.used_tokens)
        for player in view.seats:
            for creature in player.creatures:
                seen.update(creature.tokens)
        if view.move is not None:
            seen.update(view.move.tokens)
        found: dict[str, list[int]] = {color: [] for color in TOKEN_COLORS}
        for token in sorted(view.catalog.tokens.values(), key=lambda token: token.id):
            if (not view.intro or token.intro) and token.id not in seen:
                found[token.color].append(token.id)
        return found

    def determinize(self, rng: random.Random) -> InhabitState:
        """A full game consistent with this view, the unseen cards and tokens dealt from `rng`."""
        game = self.view.copy()
        game.seed_rng(rng.getrandbits(64))
        cards = self.unseen_cards()
        for pile in cards.values():
            rng.shuffle(pile)
        for index, player in enumerate(game.seats):
            if index != self.seat:
                player.hand = [cards[deck].pop() for deck, count in zip(DECKS, self.hand_decks[index]) for _ in range(count)]
        game.discard_down = [[cards[deck].pop() for _ in range(count)] for deck, count in zip(DECKS, self.down_sizes)]
        game.decks = [cards[deck] for deck in DECKS]
        tokens = self.unseen_tokens()
        for pile in tokens.values():
            rng.shuffle(pile)
        points = game.catalog.tokens
        for index, player in enumerate(game.seats):
            if index != self.seat:
                player.rack = [tokens[color].pop() for color, count in zip(TOKEN_COLORS, self.rack_colors[index])
                               for _ in range(count)]
                player.token_points = sum(points[token].points for token in player.rack)
        for row, trail, colors in zip(game.stacks, game.trails, self.stack_colors):
            if trail is not None:
                for space, stack in zip(trail.token_spaces, colors):
                    row[space] = [tokens[color].pop() for color in stack]
        game.box = sorted(token for pile in tokens.values() for token in pile)
        return game


def _decks(cards: list[int]) -> tuple[int, ...]:
    """How many of `cards` come from each deck (a card's number is its deck's hundred)."""
    decks = [card // 100 for card in cards]
    return tuple(map(decks.count, DECKS))


def _colors(game: InhabitState, tokens: list[int]) -> tuple[int, ...]:
    colors = list(map(game.catalog.token_color.__getitem__, tokens))
    return tuple(map(colors.count, TOKEN_COLORS))

