"""The mutable state of one Ark Nova game, with a cheap hand-written `copy()`.

Cards are ints (their printed numbers); the static card data lives once in the
catalog the game was made from, which the game and each player refer to (shared by every
copy), so a rule that is given only a player reads the same data as the game. Buildings
are tuples holding a shared `Placement`, so copying a zoo is a handful of list copies.
Icon counts are kept incrementally as cards enter or leave.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sim.arknova.geometry import Placement

if TYPE_CHECKING:
    from sim.arknova.catalog import Catalog

ACTION_CARDS: tuple[str, ...] = ("animals", "build", "cards", "association", "sponsors")
STANDARD = "enclosure"
SPECIAL_ENCLOSURES = frozenset({"petting_zoo", "reptile_house", "large_bird_aviary"})

# A building: (kind, placement, used). `used` is 1 for an occupied standard enclosure,
# the number of player tokens in a special enclosure, 0 otherwise.
Building = tuple[str, Placement, int]
# A step of the pending work: (kind, seat, *payload). See `sim.arknova.steps`.
Step = tuple[Any, ...]
SKIP = ("skip",)  # the option that declines what a card offers with "may"


class PlayerState:
    """One seat's zoo, tracks, hand and action cards."""

    __slots__ = (
        "catalog", "seat", "map_id", "money", "appeal", "cp", "reputation", "xtokens",
        "action_cards", "upgraded", "hand", "final_scoring", "occupied", "kiosks",
        "buildings", "icons", "animals", "sponsors", "supported", "workers",
        "workers_total", "workers_on", "partner_zoos", "universities", "left_slots",
        "milestones", "full_map_bonus", "turns", "action_counts", "xtokens_spent",
        "small_animals", "large_animals", "hand_limit", "dealt", "kept",
        "final_scoring_dealt", "recurring_income", "housing", "appeal_condition_extra",
        "chosen_size", "card_tokens", "action_tokens", "venom_spared", "pouched", "homes_memo",
    )
    memo_fields = ("homes_memo",)  # not state: what the buildings determine, shared by copies (sim/core/testing.py)

    def __init__(self, seat: int, map_id: str, catalog: "Catalog") -> None:
        self.catalog = catalog
        self.seat = seat
        self.map_id = map_id
        self.money = 0
        self.appeal = 0
        self.cp = 0
        self.reputation = 1
        self.xtokens = 0
        self.action_cards: list[str] = []  # index 0 = slot 1
        self.upgraded: set[str] = set()
        self.hand: list[int] = []
        self.final_scoring: list[int] = []
        self.occupied = 0  # bitmask of covered cells
        self.kiosks = 0  # bitmask of kiosk cells
        self.buildings: list[Building] = []
        self.icons: dict[str, int] = {}
        self.animals: list[int] = []
        self.sponsors: list[int] = []
        self.supported: list[int] = []
        self.workers = 1  # active workers on the notepad
        self.workers_total = 1  # hired so far (max 4)
        self.workers_on: dict[str, int] = {}  # association task -> own workers there
        self.partner_zoos: list[str] = []
        self.universities: list[str] = []
        self.left_slots = 0  # bitmask of left-edge slots whose token was taken
        self.milestones = 0  # bitmask of conservation bonus spaces reached
        self.full_map_bonus = False
        self.turns = 0
        self.action_counts: dict[str, int] = {}
        self.xtokens_spent = 0
        self.small_animals = 0
        self.large_animals = 0
        self.hand_limit = 3
        self.dealt: tuple[int, ...] = ()
        self.kept: tuple[int, ...] = ()
        self.final_scoring_dealt: tuple[int, ...] = ()
        self.recurring_income: list[Any] = []  # effects paid again every break
        self.housing: dict[int, str] = {}  # animal -> "standard" or the special enclosure kind
        self.appeal_condition_extra = 0  # solo: "appeal at most 25" conditions rise by the starting appeal
        self.chosen_size = ""  # WAZA Special Assignment: "small" or "large" once chosen
        self.card_tokens: dict[int, int] = {}  # sponsor -> tokens still on the card
        self.action_tokens: dict[tuple[str, str], int] = {}  # (token kind, action card) -> tokens lying there
        self.venom_spared = False  # this turn the player used a card carrying venom: no venom fee
        self.pouched: list[int] = []  # cards tucked under an animal or sponsor by Pouch (out of play)
        # `zoo.open_homes` as last found, with what it was found from (copies share it: its homes only grow the
        # table of the animals they take)
        self.homes_memo: tuple[list[Building], int, list[int], Any] | None = None

    def copy(self) -> "PlayerState":
        other = PlayerState.__new__(PlayerState)
        # Immutable fields, assigned directly and one by one: a getattr/setattr loop over their names costs more, and
        # so does packing several into a tuple (docs/research/code-figures.md).
        other.catalog = self.catalog
        other.seat = self.seat
        other.map_id = self.map_id
        other.money = self.money
        other.appeal = self.appeal
        other.cp = self.cp
        other.reputation = self.reputation
        other.xtokens = self.xtokens
        other.xtokens_spent = self.xtokens_spent
        other.occupied = self.occupied
        other.kiosks = self.kiosks
        other.workers = self.workers
        other.workers_total = self.workers_total
        other.left_slots = self.left_slots
        other.milestones = self.milestones
        other.full_map_bonus = self.full_map_bonus
        other.turns = self.turns
        other.small_animals = self.small_animals
        other.large_animals = self.large_animals
        other.hand_limit = self.hand_limit
        other.dealt = self.dealt
        other.kept = self.kept
        other.final_scoring_dealt = self.final_scoring_dealt
        other.appeal_condition_extra = self.appeal_condition_extra
        other.chosen_size = self.chosen_size
        other.venom_spared = self.venom_spared
        other.homes_memo = self.homes_memo
        other.action_cards = self.action_cards[:]
        other.upgraded = set(self.upgraded)
        other.hand = self.hand[:]
        other.final_scoring = self.final_scoring[:]
        other.buildings = self.buildings[:]
        other.icons = dict(self.icons)
        other.animals = self.animals[:]
        other.sponsors = self.sponsors[:]
        other.supported = self.supported[:]
        other.workers_on = dict(self.workers_on)
        other.partner_zoos = self.partner_zoos[:]
        other.universities = self.universities[:]
        other.action_counts = dict(self.action_counts)
        other.recurring_income = self.recurring_income[:]
        other.housing = dict(self.housing)
        other.card_tokens = dict(self.card_tokens)
        other.action_tokens = dict(self.action_tokens)
        other.pouched = self.pouched[:]
        return other

    def strength_slot(self, card: str) -> int:
        """The slot (1-5) an action card lies in, which is its base strength."""
        return self.action_cards.index(card) + 1

    def is_upgraded(self, card: str) -> bool:
        return card in self.upgraded

    def icon(self, name: str) -> int:
        return self.icons.get(name, 0)

    def add_icons(self, icons: tuple[str, ...], sign: int = 1) -> None:
        counts = self.icons
        for icon in icons:
            counts[icon] = counts.get(icon, 0) + sign


class ProjectRow:
    """A conservation project in play: its card number and who holds each slot."""

    __slots__ = ("number", "holders")

    def __init__(self, number: int, holders: list[int]) -> None:
        self.number = number
        self.holders = holders  # per slot: -1 free, -2 blocked, else the seat

    def copy(self) -> "ProjectRow":
        return ProjectRow(self.number, self.holders[:])


class _CopiedRandom(random.Random):
    """A generator whose state is set right after it is made: it skips seeding from system
    entropy, which would cost more than the rest of a state copy's bookkeeping."""

    def __init__(self) -> None:
        pass


class _NoRandomness(random.Random):
    """The generator of a copy made without random state (an observation's table): drawing from it
    is a bug, so it refuses; it can still be copied."""

    def random(self) -> float:
        raise RuntimeError("this copy has no random state (an observation): determinize it first")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("this copy has no random state (an observation): determinize it first")


NO_RANDOMNESS = _NoRandomness(0)


class ArkNovaState:
    """Players, cards, the association board, the break track and the pending steps."""

    __slots__ = (
        "catalog", "challenge",
        "config", "players", "deck", "discard", "display", "base_projects", "projects",
        "project_row_limit", "partner_zoo_board", "university_board", "bonus_tiles",
        "break_position", "break_length", "break_pending", "break_trigger", "breaks",
        "donations", "donation_blocked", "current", "turn", "end_turns_left", "end_trigger",
        "cp10_reached", "stack", "_rng", "_rng_shared", "_rng_seed", "solo_tokens", "over", "log", "events",
        "turn_history", "after_action", "action_card", "unhandled",
    )

    def __init__(self) -> None:
        # `catalog` (the data this game is played with) is set by the setup that makes the game.
        self.config: dict[str, Any] = {}
        self.players: list[PlayerState] = []
        self.deck: list[int] = []  # draw from the end
        self.discard: list[int] = []
        self.display: list[int] = []  # folder 1 first; up to 6 cards
        self.base_projects: list[ProjectRow] = []
        self.projects: list[ProjectRow] = []  # the row above the board, leftmost first
        self.project_row_limit = 2
        self.partner_zoo_board: list[str] = []  # continents available until the next break
        self.university_board: list[str] = []
        self.bonus_tiles: dict[int, list[str]] = {}  # conservation space -> tile ids
        self.break_position = 0
        self.break_length = 0
        self.break_pending = False
        self.break_trigger = -1  # seat that triggered the pending break
        self.breaks = 0
        self.donations = 0  # donation spaces used
        self.donation_blocked = 0  # spaces blocked at setup (two players)
        self.current = 0  # seat on turn
        self.turn = 0  # turns completed, all seats
        self.end_turns_left = -1  # turns still to play once the end is triggered
        self.end_trigger = -1  # seat that triggered the end, -2 for a break
        self.cp10_reached = False
        self.stack: list[Step] = []
        self.rng = random.Random(0)
        self.solo_tokens = 0  # solo: tokens moved on the solo tile since the last break
        self.over = False
        self.log: list[str] | None = None  # human-readable lines when enabled
        self.events: list[tuple[Any, ...]] | None = None  # card events when enabled
        self.turn_history: list[list[Any]] | None = None  # one record per turn when enabled
        self.after_action: list[tuple[int, Any]] = []  # (seat, effect) run after the action
        self.action_card = ""  # the action card whose action is in progress or finishing
        self.unhandled: set[str] = set()  # effect keywords met that have no handler yet
        # What this game (and a solo challenge's earlier games) laid out: "scores" (VP of finished
        # challenge games), "bases", "tiles", "maps"; replaced whole, never mutated, so shared by copies.
        self.challenge: dict[str, tuple[Any, ...]] = {}

    def copy_into(self, other: "ArkNovaState", random_state: bool = True) -> None:
        """Fill `other` (a fresh instance) with an independent copy of this state; without
        `random_state` the copy gets `NO_RANDOMNESS` instead of this game's generator (an observation
        must not hold it). With `random_state` the two share one generator until either draws from it:
        most copies (a bot's lookahead) never do, and copying a generator is a large part of a copy's cost
        (docs/research/code-figures.md)."""
        other.catalog = self.catalog
        other.config = self.config
        other.players = [player.copy() for player in self.players]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.display = self.display[:]
        other.base_projects = [row.copy() for row in self.base_projects]
        other.projects = [row.copy() for row in self.projects]
        other.project_row_limit = self.project_row_limit
        other.partner_zoo_board = self.partner_zoo_board[:]
        other.university_board = self.university_board[:]
        other.bonus_tiles = {space: tiles[:] for space, tiles in self.bonus_tiles.items()}
        other.break_position = self.break_position
        other.break_length = self.break_length
        other.break_pending = self.break_pending
        other.break_trigger = self.break_trigger
        other.breaks = self.breaks
        other.donations = self.donations
        other.donation_blocked = self.donation_blocked
        other.current = self.current
        other.turn = self.turn
        other.end_turns_left = self.end_turns_left
        other.end_trigger = self.end_trigger
        other.cp10_reached = self.cp10_reached
        other.solo_tokens = self.solo_tokens
        other.over = self.over
        other.stack = self.stack[:]
        if random_state and self._rng is None:  # neither has made its generator yet (see `seed_rng`)
            other._rng, other._rng_seed, other._rng_shared = None, self._rng_seed, False
        elif random_state:  # shared until one of the two draws (see `rng`)
            other._rng, other._rng_seed = self._rng, 0
            other._rng_shared = self._rng_shared = True
        else:
            other.rng = NO_RANDOMNESS
        other.after_action = self.after_action[:]
        other.action_card = self.action_card
        other.unhandled = set(self.unhandled)
        other.challenge = self.challenge
        other.log = None
        other.events = None
        other.turn_history = None

    def seed_rng(self, seed: int) -> None:
        """Give the game the generator `random.Random(seed)`, made when it is first drawn from: most of a
        lookahead's determinizations never draw, and seeding a generator costs more than the rest of a
        determinization but its shuffle (docs/research/code-figures.md)."""
        self._rng, self._rng_seed, self._rng_shared = None, seed, False

    @property
    def rng(self) -> random.Random:
        """The game's generator, made its own (copied from the one it shares, or seeded by `seed_rng`) before it is
        first used."""
        if self._rng is None:
            self._rng = random.Random(self._rng_seed)
        elif self._rng_shared:
            own = _CopiedRandom()
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_shared, self._rng_seed = generator, False, 0

    @property
    def solo(self) -> bool:
        return len(self.players) == 1
