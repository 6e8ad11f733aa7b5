"""An Inhabit the Earth game in progress: the seats' hands, menageries and token racks, the boards'
markers and tokens, the decks, and the step machine's pending steps.

Cards are numbers and tokens ids; their data stays in the catalog (flyweights). Counters the rules
read often are kept up to date as the game changes (each creature's symbol counts, the markers per
region and per continent, each seat's region and token points), and `check_invariants` recomputes
them from scratch. `copy` is written by hand: lists of ints copied, the catalog and trails shared.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sim.core.protocols import SeatResult
from sim.core.steps import Step, StepMachine
from sim.inhabit.catalog import CLASS_BASE, CONTINENTS, SYMBOLS, TERRAIN_BASE, Catalog, Trail
from sim.inhabit.registry import STEPS
from sim.inhabit.steps import TurnStep

EMPTY = -1  # an empty space in `occupant`
HAND_LIMIT, INTRO_HAND_LIMIT = 6, 4  # "Das normale Handlimit beträgt sechs Karten"; "vier Karten" in the introductory game
SYMBOL_COUNT = len(SYMBOLS)
_bare = object.__new__


class Creature:
    """One creature type of a menagerie: its cards (first played first), the tokens placed on it,
    and its marker. `creatures` counts the cards showing the class symbol (all but the adapting
    ones); `counts[s]` the visible symbols s (continents, then terrains) of cards and tokens;
    `mask` which symbols it shows at all, with its class bit."""

    __slots__ = ("cls", "top", "cards", "adapted", "tokens", "creatures", "counts", "mask", "continent", "space",
                 "black")

    def __init__(self, cls: int, top: int, cards: list[int], adapted: list[bool], tokens: list[int], creatures: int,
                 counts: list[int], mask: int, continent: int, space: int, black: bool) -> None:
        self.cls = cls
        self.top = top
        self.cards = cards
        self.adapted = adapted
        self.tokens = tokens
        self.creatures = creatures
        self.counts = counts
        self.mask = mask
        self.continent = continent
        self.space = space
        self.black = black

    def copy(self) -> "Creature":
        # the slots set one by one on a bare object: a copy is made for every creature of every copied game,
        # and skipping __init__'s call costs a fifth less
        other = _bare(Creature)
        other.cls, other.top, other.cards, other.adapted = self.cls, self.top, self.cards[:], self.adapted[:]
        other.tokens, other.creatures, other.counts, other.mask = self.tokens[:], self.creatures, self.counts[:], self.mask
        other.continent, other.space, other.black = self.continent, self.space, self.black
        return other

    def add_symbols(self, mask: int) -> None:
        """Count the continent and terrain symbols of `mask` (a card's or a token's)."""
        counts = self.counts
        symbols = mask & ((1 << SYMBOL_COUNT) - 1)
        while symbols:
            low = symbols & -symbols
            counts[low.bit_length() - 1] += 1
            symbols ^= low
        self.mask |= mask


class Seat:
    """One player: the hand (hidden), the menagerie left to right, the token rack (hidden from the
    others), markers per continent, region and token points, turns taken and actions chosen."""

    __slots__ = ("hand", "creatures", "rack", "on_continent", "region_points", "token_points", "turns", "actions",
                 "hand_limit")

    def __init__(self, hand: list[int], hand_limit: int, creatures: list[Creature] | None = None,
                 rack: list[int] | None = None, on_continent: list[int] | None = None, region_points: int = 0,
                 token_points: int = 0, turns: int = 0, actions: list[int] | None = None) -> None:
        self.hand = hand
        self.hand_limit = hand_limit
        self.creatures = creatures if creatures is not None else []
        self.rack = rack if rack is not None else []
        self.on_continent = on_continent if on_continent is not None else [0] * len(CONTINENTS)
        self.region_points = region_points
        self.token_points = token_points
        self.turns = turns
        self.actions = actions if actions is not None else [0, 0, 0]

    def copy(self) -> "Seat":
        other = _bare(Seat)  # as Creature.copy
        other.hand, other.hand_limit, other.creatures = self.hand[:], self.hand_limit, list(map(Creature.copy, self.creatures))
        other.rack, other.on_continent, other.region_points = self.rack[:], self.on_continent[:], self.region_points
        other.token_points, other.turns, other.actions = self.token_points, self.turns, self.actions[:]
        return other

    def creature(self, cls: int) -> Creature | None:
        for creature in self.creatures:
            if creature.cls == cls:
                return creature
        return None

    def position(self, cls: int) -> int:
        """The creature's place in the menagerie, from the left."""
        for index, creature in enumerate(self.creatures):
            if creature.cls == cls:
                return index
        raise KeyError(cls)


class Movement:
    """The Movement action under way: the trigger symbols, the trigger cards waiting to be
    discarded, the creature moving (`current`, by menagerie position, -1 before one starts), whether
    it has made its first move (`began`), its unused symbols (`pools`) and extra step (`wild`),
    whether it migrated, and `next_index`: creatures left of it can no longer be triggered.
    `moved` records [class, spaces moved, migrated] of each creature that began to move (a migration
    is open as a first move only while its spaces are 0)."""

    __slots__ = ("mask", "cards", "tokens", "current", "began", "pools", "wild", "migrated", "next_index", "moved")

    def __init__(self, mask: int = 0, cards: list[int] | None = None, tokens: list[int] | None = None,
                 current: int = -1, began: bool = False, pools: list[int] | None = None, wild: int = 0,
                 migrated: bool = False, next_index: int = 0, moved: list[list[int]] | None = None) -> None:
        self.mask = mask
        self.cards = cards if cards is not None else []
        self.tokens = tokens if tokens is not None else []
        self.current = current
        self.began = began
        self.pools = pools if pools is not None else []
        self.wild = wild
        self.migrated = migrated
        self.next_index = next_index
        self.moved = moved if moved is not None else []

    def copy(self) -> "Movement":
        return Movement(self.mask, self.cards[:], self.tokens[:], self.current, self.began, self.pools[:], self.wild,
                        self.migrated, self.next_index, [record[:] for record in self.moved])


class InhabitState(StepMachine):
    """The `GameState` of Inhabit the Earth (see the module docstring). `events` and `turn_log`
    are None unless history is kept (`sim.inhabit.history`); copies never record."""

    __slots__ = ("catalog", "trails", "start", "intro", "end_continents", "max_turns", "class_limit", "up_to_highest",
                 "seats",
                 "decks", "discard_up", "discard_down", "occupant", "stacks", "box", "used_tokens", "finals",
                 "region_markers", "current", "turn", "used", "move", "_rng", "_rng_seed", "stack", "over", "_decision",
                 "end_reason", "card_points", "banned", "events", "turn_log")
    steps = STEPS

    def __init__(self, catalog: Catalog, trails: tuple[Trail | None, ...], start: int, intro: bool,
                 end_continents: int, max_turns: int, class_limit: int, seats: list[Seat], decks: list[list[int]],
                 rng: random.Random, up_to_highest: bool = False) -> None:
        self.catalog = catalog
        self.trails = trails  # by continent; None for a continent not in play
        self.start = start
        self.intro = intro
        self.end_continents = end_continents
        self.max_turns = max_turns
        self.class_limit = class_limit
        self.up_to_highest = up_to_highest  # decks open up to the highest region with a marker (rules decision 26)
        self.seats = seats
        self.decks = decks  # index 0-2 for decks 1-3; drawn from the end
        self.discard_up: list[list[int]] = [[], [], []]
        self.discard_down: list[list[int]] = [[], [], []]
        self.occupant = [[EMPTY] * len(trail) if trail is not None else [] for trail in trails]  # seat * 8 + class
        self.stacks: list[list[list[int]]] = [[[] for _ in range(len(trail))] if trail is not None else []
                                              for trail in trails]
        self.box: list[int] = []  # tokens not used this game
        self.banned: list[int] = []  # cards a study took out of the game (sim.inhabit.study), fixed once play starts
        self.used_tokens: list[int] = []  # tokens played as triggers
        self.finals = 0  # continents whose final space is occupied
        self.region_markers = [0, 0, 0, 0]  # markers of every seat per region 1-3 (index 0 unused)
        self.current = 0
        self.turn = 0
        self.used: set[int] = set()  # ability cards used this turn
        self.move: Movement | None = None
        self._rng: random.Random | None = rng
        self._rng_seed: int | None = None  # see `rng`
        self.stack: list[Step] = []
        self.over = False
        self._decision = None
        self.end_reason = ""
        self.card_points: list[int] = []  # each seat's scoring-card points, once the game is over
        self.events: list[tuple[Any, ...]] | None = None
        self.turn_log: list[list[Any]] | None = None

    @property
    def rng(self) -> random.Random:
        """The game's random stream (None in an observation's view). A dealt game (`seed_rng`) makes it when
        it first draws: a lookahead copies its dealt game once per option, and a copy of a stream (its state of
        625 words out and in again) cost a third of such a copy, while most copies never draw (only a Rearing
        that empties a deck reshuffles); a copy of a game that has not drawn yet takes its seed instead, and
        its stream, made from that seed when needed, is the same."""
        if self._rng is None and self._rng_seed is not None:
            self._rng, self._rng_seed = random.Random(self._rng_seed), None
        return self._rng  # type: ignore[return-value]

    @rng.setter
    def rng(self, stream: random.Random) -> None:
        self._rng, self._rng_seed = stream, None

    def seed_rng(self, seed: int) -> None:
        """Give the game the stream `random.Random(seed)`, made when it first draws (see `rng`)."""
        self._rng, self._rng_seed = None, seed

    def next_step(self) -> TurnStep:
        return TurnStep.of(self.current)

    # ------------------------------------------------------------------ protocol

    def results(self) -> list[SeatResult]:
        from sim.inhabit.scoring import results

        return results(self)

    def observation(self, seat: int) -> Any:
        from sim.inhabit.observation import InhabitObservation

        return InhabitObservation.of(self, seat)

    def copy(self, hidden: bool = True, with_rng: bool = True) -> "InhabitState":
        """An independent copy. Without `hidden` the parts no seat sees are left empty, not copied: the draw
        piles, the face-down discards, the token stacks on the boards, the box and the random stream (the
        start of an observation's view). Without `with_rng` it has no random numbers (for a trial that draws
        none)."""
        other = object.__new__(InhabitState)
        other.catalog = self.catalog
        other.trails = self.trails
        other.start = self.start
        other.intro = self.intro
        other.end_continents = self.end_continents
        other.max_turns = self.max_turns
        other.class_limit = self.class_limit
        other.up_to_highest = self.up_to_highest
        other.seats = list(map(Seat.copy, self.seats))
        other.decks = list(map(list.copy, self.decks)) if hidden else [[] for _ in self.decks]
        other.discard_up = list(map(list.copy, self.discard_up))
        other.discard_down = list(map(list.copy, self.discard_down)) if hidden else [[] for _ in self.discard_down]
        other.occupant = list(map(list.copy, self.occupant))
        # The stacks are a list per space of every trail, most of them empty, and were a copy's largest part:
        # list.copy mapped over a row costs half a comprehension's slices. A view's row repeats one empty
        # list: a view is read, never played (determinize copies it first, a list per space).
        other.stacks = [list(map(list.copy, row)) if hidden else [[]] * len(row) for row in self.stacks]
        other.box = self.box[:] if hidden else []
        other.used_tokens = self.used_tokens[:]
        other.finals = self.finals
        other.region_markers = self.region_markers[:]
        other.current = self.current
        other.turn = self.turn
        other.used = set(self.used)
        other.move = self.move.copy() if self.move is not None else None
        other._rng = other._rng_seed = None  # an observation's view has no stream
        if hidden and with_rng:
            if self._rng is not None:
                # made without seeding (Random() seeds from the OS, which cost more than the rest of the copy),
                # then given the stream's state
                other._rng = random.Random.__new__(random.Random)
                other._rng.setstate(self._rng.getstate())
            else:
                other._rng_seed = self._rng_seed  # a stream not made yet (see `rng`)
        other.stack = self.stack[:]
        other.over = self.over
        other._decision = self._decision
        other.end_reason = self.end_reason
        other.card_points = self.card_points[:]
        other.banned = self.banned  # never changes during play: shared
        other.events = None
        other.turn_log = None
        return other

    def note_unhandled(self, keyword: str) -> None:
        """A card names an effect without a handler: the game refuses to play on without it."""
        raise ValueError(f"Inhabit the Earth has no handler for the effect {keyword!r}")

    # ------------------------------------------------------------------ queries

    def trail(self, continent: int) -> Trail:
        trail = self.trails[continent]
        assert trail is not None, f"{CONTINENTS[continent]} is not in play"
        return trail

    def region(self, creature: Creature) -> int:
        return self.trail(creature.continent).regions[creature.space]

    def allowed_decks(self) -> tuple[int, ...]:
        """Decks whose number is a region holding at least one marker of any seat (2c); with `up_to_highest`
        (the worked example's reading) every deck up to the highest such region."""
        markers = self.region_markers
        if self.up_to_highest:
            return tuple(range(1, max((deck for deck in (1, 2, 3) if markers[deck]), default=0) + 1))
        return tuple(deck for deck in (1, 2, 3) if markers[deck])

    def visible(self, seat: int, keyword: str) -> list[int]:
        """The top cards of the seat's creatures whose ability or scoring is `keyword`."""
        cards = self.catalog.cards
        return [creature.top for creature in self.seats[seat].creatures if cards[creature.top].effect.keyword == keyword]

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Cards and tokens conserved (a banned card counts as out of the game); at most six creatures, one
        per class, each within the card limit and with counters equal to its cards and tokens; markers on
        legal spaces (never a token space or a sun-covered one, one per space, at most two of a seat per
        continent but for a third in transit during a Movement); hands within their limits but for pending
        discards; and every counted point equal to its source."""
        catalog = self.catalog
        cards = Counter(card for deck in self.decks for card in deck)
        cards.update(self.banned)
        for piles in (self.discard_up, self.discard_down):
            cards.update(card for pile in piles for card in pile)
        if self.move is not None:
            cards.update(self.move.cards)
        tokens = Counter(self.box + self.used_tokens)
        if self.move is not None:
            tokens.update(self.move.tokens)
        for row in self.stacks:
            for space in row:
                tokens.update(space)
        markers = [0, 0, 0, 0]
        occupied: dict[tuple[int, int], int] = {}
        for index, seat in enumerate(self.seats):
            cards.update(seat.hand)
            tokens.update(seat.rack)
            assert len(seat.creatures) <= 6, "more than six creatures"
            assert len({creature.cls for creature in seat.creatures}) == len(seat.creatures), f"seat {index}: a class twice"
            on_continent = [0] * len(CONTINENTS)
            region_points = 0
            for creature in seat.creatures:
                self._check_creature(index, seat, creature)
                cards.update(creature.cards)
                tokens.update(creature.tokens)
                on_continent[creature.continent] += 1
                region = self.region(creature)
                region_points += region
                markers[region] += 1
                occupied[(creature.continent, creature.space)] = index * 8 + creature.cls
            assert on_continent == seat.on_continent, f"seat {index}: markers per continent {seat.on_continent} " \
                                                      f"counted, {on_continent} on the boards"
            assert max(on_continent) <= 2 or self.move is not None and not self.over, \
                f"seat {index} has three markers on a continent outside a movement"
            assert region_points == seat.region_points, f"seat {index}: region points {seat.region_points}, " \
                                                        f"markers give {region_points}"
            token_points = sum(catalog.tokens[token].points for token in seat.rack)
            assert token_points == seat.token_points, f"seat {index}: token points {seat.token_points}, rack " \
                                                      f"gives {token_points}"
            limit = self.hand_limit_of(index)
            assert seat.hand_limit == limit, f"seat {index}: hand limit {seat.hand_limit}, its cards give {limit}"
            assert len(seat.hand) <= limit or self.stack or self.over, \
                f"seat {index} holds {len(seat.hand)} cards over its limit {limit} with nothing pending"
        in_play = Counter(number for number in catalog.cards if not self.intro or catalog.cards[number].egg)
        assert cards == in_play, f"cards misplaced: extra {dict(cards - in_play)}, missing {dict(in_play - cards)}"
        all_tokens = Counter(token.id for token in catalog.tokens.values() if not self.intro or token.intro)
        assert tokens == all_tokens, f"tokens misplaced: extra {dict(tokens - all_tokens)}, " \
                                     f"missing {dict(all_tokens - tokens)}"
        assert markers == self.region_markers, f"markers per region {self.region_markers}, boards show {markers}"
        for continent, row in enumerate(self.occupant):
            for space, occupant in enumerate(row):
                assert occupied.get((continent, space), EMPTY) == occupant, \
                    f"{CONTINENTS[continent]} space {space}: occupant {occupant} disagrees with the markers"
        finals = sum(1 for continent, row in enumerate(self.occupant) if row and row[-1] != EMPTY)
        assert finals == self.finals, f"{self.finals} final spaces counted, {finals} occupied"
        if self.over and self.end_reason == "finals":
            assert finals >= self.end_continents
        elif not self.over:
            assert finals < self.end_continents, "the game goes on after its end"
        if self.over:
            from sim.inhabit.scoring import card_points

            assert self.card_points == [card_points(self, seat) for seat in range(len(self.seats))], \
                "scoring-card points differ from their cards"

    def _check_creature(self, index: int, seat: Seat, creature: Creature) -> None:
        catalog = self.catalog
        where = f"seat {index}, class {creature.cls + 1}"
        assert creature.cards and len(creature.cards) == len(creature.adapted), f"{where}: no cards"
        assert len(creature.cards) <= min(len(seat.creatures), self.class_limit), \
            f"{where}: {len(creature.cards)} cards with {len(seat.creatures)} classes in the menagerie"
        assert creature.top in creature.cards and not creature.adapted[creature.cards.index(creature.top)]
        assert catalog.cards[creature.top].cls == creature.cls, f"{where}: the top card is of another class"
        counts = [0] * SYMBOL_COUNT
        mask = 1 << (CLASS_BASE + creature.cls)
        creatures = 0
        for card, adapted in zip(creature.cards, creature.adapted, strict=True):
            data = catalog.cards[card]
            assert adapted or data.cls == creature.cls, f"{where}: card {card} of another class is not adapted"
            creatures += not adapted
            counts[data.continent] += 1
            counts[TERRAIN_BASE + data.terrain] += 1
            mask |= data.adapt_mask
        for token in creature.tokens:
            counts[catalog.tokens[token].symbol] += 1
            mask |= catalog.tokens[token].bit
        assert counts == creature.counts, f"{where}: symbol counts {creature.counts}, cards give {counts}"
        assert mask == creature.mask, f"{where}: symbol mask differs from its cards"
        assert creatures == creature.creatures, f"{where}: {creature.creatures} creatures counted, cards give {creatures}"
        trail = self.trails[creature.continent]
        assert trail is not None, f"{where}: marker on a continent not in play"
        assert self.start <= creature.space < len(trail) and not trail.tokens[creature.space], \
            f"{where}: marker on space {creature.space}, a token space or one covered by a sun marker"

    def hand_limit_of(self, seat: int) -> int:
        """The base hand limit plus the visible hand-limit abilities (No. 151-155, 256, 257)."""
        cards = self.catalog.cards
        base = INTRO_HAND_LIMIT if self.intro else HAND_LIMIT
        return base + sum(int(cards[number].effect.params[0]) for number in self.visible(seat, "hand_limit"))

