"""One test per animal card (401-528): the card is played through the Animals action from
the hand into a fitting enclosure, and the test checks the exact money paid, appeal,
conservation points, reputation and icons gained, then the card's ability with its own
numbers (cards drawn, tokens placed, appeal per icon, ...). Solo replacements of the
interactive abilities and the token rules (venom, constriction, multiplier, the break)
have their own tests at the end.

Table columns: card, name, money change (cost after a partner-zoo discount, plus any money
the ability pays in the scenario), appeal change (printed plus the ability's appeal), CP,
reputation, icons added, then the ability scenarios with their expected values.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from arknova.helpers import (
    CATALOG,
    choose,
    clear_zoo,
    expect,
    finish,
    free_spot,
    house,
    install_animal,
    project_row,
    put,
    ready_game,
    refresh,
    set_cards,
    start_turn,
    take_out,
    to_display,
    to_hand,
)
from sim.arknova.abilities.flock import FLOCK, NO_ENCLOSURE
from sim.arknova.action_tokens import CONSTRICTION, MULTIPLIER, VENOM
from sim.arknova.actions.turn import ACTIONS
from sim.arknova.board import map_board

ORDER = ["cards", "animals", "build", "association", "sponsors"]  # Animals at strength 2: one animal
AFTER = ["animals", "cards", "build", "association", "sponsors"]  # the slots once the action is over
FILLER = (201, 202, 203, 204, 205, 206)  # sponsor cards used as known hand/deck cards
PREY = 484  # European Pond Turtle: the animal a Hunter finds


def card(number: int, name: str, money: int, appeal: int, cp: int, reputation: int, icons: str,
         *scenarios: tuple[Any, ...]):
    return pytest.param(number, money, appeal, cp, reputation, icons, scenarios,
                        marks=pytest.mark.card(number), id=f"{number}-{name}")


class Table:
    """Seat 0 about to play `number` from hand with Animals at strength 2; seat 1 waits."""

    def __init__(self, number: int, players: int = 2, maps: str = "A") -> None:
        self.number = number
        self.game = game = ready_game(players=players, maps=maps, seed=5)
        self.player = player = game.players[0]
        self.other = game.players[1] if players > 1 else None
        animal = CATALOG.animals[number]
        clear_zoo(game, 0)
        kind = f"enclosure-{animal.size}" if animal.standard_allowed else animal.special
        fits = lambda where: where.rock_adjacent >= animal.rock and where.water_adjacent >= animal.water  # noqa: E731
        self.enclosure = put(game, 0, kind, free_spot(game, 0, kind, fits))
        upgraded = set()
        for requirement in animal.requirements:
            if requirement.keyword.startswith("icon_"):
                player.add_icons((requirement.keyword[5:],) * requirement.value)
            elif requirement.keyword == "partner_zoo_same_continent":
                player.partner_zoos = [animal.continents[0]]
                player.add_icons((animal.continents[0],))
            elif requirement.keyword == "animals_upgraded":
                upgraded.add("animals")
        set_cards(game, 0, ORDER, upgraded)
        for seat in game.seats:
            game.discard.extend(game.players[seat].hand)
            game.players[seat].hand = []
        to_hand(game, 0, number)
        player.money = 60
        player.milestones |= 1 << 2  # the CP-2 bonus counts as taken: no bonus decision
        start_turn(game, 0)

    def snapshot(self) -> None:
        player = self.player
        self.before = dict(money=player.money, appeal=player.appeal, cp=player.cp,
                           reputation=player.reputation, icons=Counter(player.icons))
        self.deck = list(self.game.deck)
        self.discard = list(self.game.discard)

    def play(self) -> None:
        refresh(self.game)
        self.snapshot()
        choose(self.game, ("act", "animals", 0))
        choose(self.game, (self.number, -1, self.enclosure), "animal_play")

    def top_of_deck(self, *cards: int) -> None:
        """Put `cards` on top of the deck, the first one on top."""
        for number in cards:
            take_out(self.game, number)
        self.game.deck.extend(reversed(cards))

    def hand(self, *cards: int) -> None:
        to_hand(self.game, 0, *cards)

    def turn_over(self) -> bool:
        decision = self.game.decision()
        return decision.kind == "turn" and decision.seat == (1 % len(self.game.players))


# --------------------------------------------------------------------------- scenarios
# Each scenario prepares the table before the card is played, then answers the ability's
# decisions and checks its effect. `ends_turn` is False when the scenario stops mid-action.


class Scenario:
    ends_turn = True
    maps = "A"

    def prepare(self, t: Table, *args: Any) -> None:
        pass

    def resolve(self, t: Table, *args: Any) -> None:
        pass


SCENARIOS: dict[str, Scenario] = {}


def scenario(name: str):
    def wrap(cls):
        SCENARIOS[name] = cls()
        return cls
    return wrap


@scenario("sprint")
class Sprint(Scenario):
    def prepare(self, t, n):
        t.top_of_deck(*FILLER[:n])

    def resolve(self, t, n):
        assert sorted(t.player.hand) == sorted(FILLER[:n])


@scenario("pack")
class Pack(Scenario):
    """The appeal per predator icon is in the row's appeal column."""

    def resolve(self, t):
        assert not t.player.hand


@scenario("hunter")
class Hunter(Scenario):
    def prepare(self, t, n):
        t.top_of_deck(*FILLER[:n - 1], PREY)

    def resolve(self, t, n):
        decision = expect(t.game, "hunter_keep", 0)
        assert decision.options == (PREY,)
        choose(t.game, PREY)
        assert t.player.hand == [PREY]
        assert t.game.discard[len(t.discard):] == list(FILLER[:n - 1])


@scenario("clever")
class Clever(Scenario):
    def resolve(self, t):
        assert expect(t.game, "clever", 0).options == (*AFTER[1:], ("skip",))  # after the action; may decline
        choose(t.game, "sponsors")
        assert t.player.action_cards == ["sponsors", "animals", "cards", "build", "association"]


@scenario("boost")
class Boost(Scenario):
    def resolve(self, t, target):
        assert expect(t.game, "boost", 0).options == (5, 1, ("skip",))
        choose(t.game, 5)
        assert t.player.action_cards[4] == target
        assert sorted(t.player.action_cards) == sorted(ORDER)


FIRST_STEP = {"cards": "cards_mode", "build": "build", "association": "association", "sponsors": "sponsors"}


@scenario("action")
class ExtraAction(Scenario):
    """After the action: one action with the named card at the strength of its slot (no X-tokens here)."""

    ends_turn = False

    def prepare(self, t, target):
        t.player.xtokens = 0

    def resolve(self, t, target):
        strength = AFTER.index(target) + 1
        assert expect(t.game, "extra_action", 0).options == (("act", 0, target, strength, 0), ("skip",))
        choose(t.game, ("act", 0, target, strength, 0))
        assert t.game.decision().kind == FIRST_STEP[target]


@scenario("determination")
class Determination(Scenario):
    ends_turn = False

    def prepare(self, t):
        t.player.xtokens = 0

    def resolve(self, t):
        options = expect(t.game, "extra_action", 0).options
        assert options == (("act", 0, "cards", 2, 0), ("act", 0, "build", 3, 0), ("act", 0, "association", 4, 0),
                           ("act", 0, "sponsors", 5, 0), ("xtoken", 0, "cards"), ("xtoken", 0, "build"),
                           ("xtoken", 0, "association"), ("xtoken", 0, "sponsors"), ("skip",))
        choose(t.game, ("act", 0, "build", 3, 0))
        assert expect(t.game, "build", 0).payload[0] == 3


@scenario("inventive")
class Inventive(Scenario):
    def prepare(self, t, variant, extra, tokens):
        if variant == "bear_icons_all_zoos_max3":
            t.other.add_icons(("bear",) * extra)
        elif variant == "primate_table":
            t.player.add_icons(("primate",) * extra)
        t.player.xtokens = 0

    def resolve(self, t, variant, extra, tokens):
        assert t.player.xtokens == tokens


@scenario("full_throated")
class FullThroated(Scenario):
    def resolve(self, t):
        assert t.player.workers_total == 2 and t.player.workers == 2


@scenario("jumping")
class Jumping(Scenario):
    def resolve(self, t, n):
        assert t.game.break_position == n


@scenario("multiplier")
class Multiplier(Scenario):
    def resolve(self, t, target):
        assert t.player.action_tokens == {(MULTIPLIER, target): 1}


@scenario("iconic")
class Iconic(Scenario):
    """The appeal (all zoos' icons of the continent, at most 8) is in the appeal column."""

    def prepare(self, t, continent, other_icons):
        t.other.add_icons((continent,) * other_icons)


@scenario("petting")
class Petting(Scenario):
    """`earlier` petting-zoo animals already in the zoo; the appeal is in the appeal column."""

    def prepare(self, t, earlier):
        t.player.add_icons(("petting_zoo",) * earlier)


@scenario("sunbathing")
class Sunbathing(Scenario):
    def prepare(self, t, n):
        t.hand(*FILLER[:5])

    def resolve(self, t, n):
        for index in range(n):
            assert expect(t.game, "sunbathe", 0).options[0] == ("stop",)
            choose(t.game, FILLER[index])
        assert sorted(t.player.hand) == sorted(FILLER[n:5])
        assert t.game.discard[-n:] == list(FILLER[:n])


@scenario("pouch")
class Pouch(Scenario):
    def prepare(self, t, n):
        t.hand(*FILLER[:3])

    def resolve(self, t, n):
        for index in range(n):
            choose(t.game, FILLER[index], "pouch")
        assert t.player.pouched == list(FILLER[:n])
        assert sorted(t.player.hand) == sorted(FILLER[n:3])


@scenario("resistance")
class Resistance(Scenario):
    def resolve(self, t):
        drawn = expect(t.game, "keep_final", 0).options
        assert len(drawn) == 2 and not set(drawn) & {c for p in t.game.players for c in p.final_scoring}
        held = list(t.player.final_scoring)
        choose(t.game, drawn[1])
        assert t.player.final_scoring == held + [drawn[1]]


@scenario("assertion")
class Assertion(Scenario):
    def prepare(self, t):
        t.game.base_projects = [project_row(number) for number in (101, 105, 109)]

    def resolve(self, t):
        options = expect(t.game, "assertion", 0).options
        assert options == (102, 103, 104, 106, 107, 108, 110, 111, 112)
        choose(t.game, 110)
        assert t.player.hand == [110]


@scenario("dominance")
class Dominance(Scenario):
    def prepare(self, t):
        t.game.base_projects = [project_row(number) for number in (101, 105, 109)]

    def resolve(self, t):
        assert t.player.hand == [108]  # Primates


@scenario("digging")
class Digging(Scenario):
    def prepare(self, t, n):
        t.hand(*FILLER[:n])

    def resolve(self, t, n):
        for index in range(n):
            assert expect(t.game, "dig", 0).options[0] == ("stop",)
            choose(t.game, ("hand", FILLER[index]))
        assert sorted(t.player.hand) == sorted(t.deck[-n:])
        assert t.game.discard[-n:] == list(FILLER[:n])


@scenario("sponsor_magnet")
class SponsorMagnet(Scenario):
    """"Take all sponsor cards from the display": at reputation 1, whose range is folder 1 only, the
    sponsors in folders 4 and 6 come to the hand too (the engine took only those in range); the
    animals stay. The licensed digital edition takes every sponsor of the display (docs/arknova/rules-decisions.md A13)."""

    def prepare(self, t):
        t.player.reputation = 1
        for folder, number in enumerate((201, 401, 402, 202, 403, 203), start=1):
            to_display(t.game, number, folder)

    def resolve(self, t):
        assert sorted(t.player.hand) == [201, 202, 203]
        assert {401, 402, 403} <= set(t.game.display) and not {201, 202, 203} & set(t.game.display)


@scenario("snapping")
class Snapping(Scenario):
    def resolve(self, t, n):
        taken = []
        for _ in range(n):
            decision = expect(t.game, "snap", 0)
            folder = decision.options[-1]
            taken.append(t.game.display[folder[1]])
            choose(t.game, folder)
        assert sorted(t.player.hand) == sorted(taken)


@scenario("scavenging")
class Scavenging(Scenario):
    def prepare(self, t, n):
        for number in FILLER:
            take_out(t.game, number)
        t.game.deck.extend(t.game.discard)
        t.game.discard = list(FILLER)

    def resolve(self, t, n):
        options = expect(t.game, "keep_drawn", 0).options
        assert len(options) == n and set(options) <= set(FILLER)
        choose(t.game, options[0])
        assert t.player.hand == [options[0]]
        assert sorted(t.game.discard) == sorted(set(FILLER) - {options[0]})


@scenario("perception")
class Perception(Scenario):
    def prepare(self, t, n):
        t.top_of_deck(*FILLER[:n])

    def resolve(self, t, n):
        for kept in range(n // 2):
            options = expect(t.game, "keep_drawn", 0).options
            assert len(options) == n - kept
            choose(t.game, options[0])
        assert len(t.player.hand) == n // 2 and set(t.player.hand) <= set(FILLER[:n])
        assert sorted(t.game.discard[-(n - n // 2):] + t.player.hand) == sorted(FILLER[:n])


def cover_bonus_cells(t: Table) -> None:
    """Mark the map's placement-bonus cells as taken, so that free buildings pay nothing on top."""
    t.player.occupied |= map_board(CATALOG, t.player.map_id).bonus_mask


@scenario("posturing")
class Posturing(Scenario):
    def prepare(self, t, n):
        cover_bonus_cells(t)

    def resolve(self, t, n):
        for _ in range(n):
            options = expect(t.game, "may_build", 0).options
            assert options[-1] == ("skip",) and {kind for kind, _ in options[:-1]} == {"kiosk", "pavilion"}
            choose(t.game, next(option for option in options if option[0] == "pavilion"))
        assert sum(kind == "pavilion" for kind, _, _ in t.player.buildings) == n  # 1 appeal each


@scenario("peacocking")
class Peacocking(Scenario):
    """On map 2, where an aviary next to the Emu's enclosure can avoid the placement bonuses."""

    maps = "2"

    def resolve(self, t):
        options = expect(t.game, "free_build", 0).options
        assert {kind for kind, _ in options} == {"large_bird_aviary"} and len(options) == 4
        bonus_cells = map_board(CATALOG, t.player.map_id).bonus_mask
        choose(t.game, next(option for option in options if not option[1].mask & bonus_cells))
        assert any(kind == "large_bird_aviary" for kind, _, _ in t.player.buildings)


@scenario("venom")
class Venom(Scenario):
    """Seat 1 (appeal 10) is ahead: one venom token on each of its cards in slots 1 to N."""

    def prepare(self, t, n):
        t.other.appeal = 10
        set_cards(t.game, 1, ORDER)

    def resolve(self, t, n):
        assert t.other.action_tokens == {(VENOM, card): 1 for card in ORDER[:n]}


@scenario("constriction")
class Constriction(Scenario):
    """Seat 1 leads on appeal and on conservation: two tokens, on its cards in slots 5 and 4."""

    def prepare(self, t):
        t.other.appeal, t.other.cp = 10, 3
        set_cards(t.game, 1, ORDER)

    def resolve(self, t):
        assert t.other.action_tokens == {(CONSTRICTION, "sponsors"): 1, (CONSTRICTION, "association"): 1}


@scenario("hypnosis")
class Hypnosis(Scenario):
    """After the action: a card in slot 1-3 of the appeal leader, at its strength there."""

    ends_turn = False

    def prepare(self, t, n):
        t.other.appeal = 10
        t.player.xtokens = 0
        set_cards(t.game, 1, ["sponsors", "cards", "build", "association", "animals"])

    def resolve(self, t, n):
        options = expect(t.game, "extra_action", 0).options
        assert options == (("act", 1, "sponsors", 1, 0), ("act", 1, "cards", 2, 0), ("act", 1, "build", 3, 0),
                           ("xtoken", 1, "sponsors"), ("xtoken", 1, "cards"), ("xtoken", 1, "build"), ("skip",))
        choose(t.game, ("act", 1, "cards", 2, 0))
        choose(t.game, ("draw",), "cards_mode")
        while t.game.decision().kind == "discard":
            choose(t.game, t.game.decision().options[0])
        assert t.other.action_cards == ["cards", "sponsors", "build", "association", "animals"]
        assert t.turn_over()


@scenario("pilfering")
class Pilfering(Scenario):
    """Seat 1 leads on appeal (and on conservation) and pays 5 money each time."""

    def prepare(self, t, n):
        t.other.appeal, t.other.cp, t.other.money = 10, 3, 20
        t.other.hand = [205]

    def resolve(self, t, n):
        for _ in range(n):
            choose(t.game, 1, "pilfer_target")
            assert expect(t.game, "pilfered", 1).options == ("money", "card")
            choose(t.game, "money")
        assert t.other.money == 20 - 5 * n


@scenario("flock_animal")
class Flock(Scenario):
    """Played into its own empty enclosure; sharing has its own test below."""


ROWS = [
    card(401, "Cheetah", -17, 6, 0, 0, "predator:2 africa", ('sprint', 3)),
    card(402, "Lion", -16, 13, 0, 0, "predator africa", ('pack',)),
    card(403, "Leopard", -17, 7, 1, 0, "predator africa rock", ('hunter', 4)),
    card(404, "Caracal", -9, 4, 0, 0, "predator africa", ('hunter', 2)),
    card(405, "Fennec Fox", -8, 3, 0, 0, "predator africa", ('clever',)),
    card(406, "Siberian Tiger", -30, 10, 2, 1, "predator asia"),
    card(407, "Sumatran Tiger", -26, 8, 2, 1, "predator asia water:2"),
    card(408, "Sloth Bear", -14, 6, 0, 0, "predator bear asia", ('boost', 'association')),
    card(409, "Sun Bear", -13, 5, 0, 0, "predator bear asia", ('action', 'association')),
    card(410, "Yellow-Throated Marten", -7, 3, 0, 0, "predator asia", ('hunter', 1)),
    card(411, "Grizzly Bear", -22, 9, 0, 0, "predator bear americas",
         ('inventive', 'bear_icons_all_zoos_max3', 1, 2), ('full_throated',)),
    card(412, "Jaguar", -16, 8, 0, 0, "predator americas", ('hunter', 4)),
    card(413, "Cougar", -7, 5, 0, 0, "predator americas rock", ('jumping', 3)),
    card(414, "South American Coati", -11, 4, 0, 0, "predator bear americas rock", ('inventive', '1', 0, 1)),
    card(415, "Raccoon", -11, 4, 0, 0, "predator bear americas", ('boost', 'association')),
    card(416, "Eurasian Brown Bear", -20, 8, 0, 0, "predator bear europe water", ('multiplier', 'association'),
         ('full_throated',)),
    card(417, "Wolf", -12, 5, 0, 0, "predator europe", ('pack',)),
    card(418, "Eurasian Lynx", -11, 7, 0, 0, "predator europe", ('iconic', 'europe', 2)),
    card(419, "European Badger", -5, 3, 0, 0, "predator europe", ('boost', 'animals')),
    card(420, "Stoat", -4, 3, 0, 0, "predator europe", ('hunter', 1)),
    card(421, "New Zealand Fur Seal", -17, 8, 0, 0, "predator australia rock water", ('full_throated',)),
    card(422, "Australian Sea Lion", -3, 7, 1, 0, "predator australia water", ('sunbathing', 3)),
    card(423, "New Zealand Sea Lion", -17, 7, 0, 0, "predator australia water", ('pack',)),
    card(424, "Australian Dingo", -13, 4, 0, 0, "predator australia", ('pack',)),
    card(425, "Tasmanian Devil", -11, 6, 0, 1, "predator australia", ('pouch', 1)),
    card(426, "African Bush Elephant", -36, 10, 0, 1, "herbivore africa:2", ('resistance',)),
    card(427, "White Rhinoceros", -24, 9, 0, 0, "herbivore africa rock", ('assertion',)),
    card(428, "Giraffe", -16, 7, 0, 0, "herbivore africa", ('boost', 'sponsors')),
    card(429, "Grevy's Zebra", -12, 6, 0, 1, "herbivore africa", ('boost', 'sponsors'), ('flock_animal', 2)),
    card(430, "Pygmy Hippopotamus", -12, 6, 0, 0, "herbivore africa water", ('action', 'sponsors')),
    card(431, "Asian Elephant", -33, 8, 1, 0, "herbivore asia:2 water", ('resistance',)),
    card(432, "Indian Rhinoceros", -25, 9, 0, 0, "herbivore asia", ('assertion',)),
    card(433, "Giant Panda", -24, 10, 2, 1, "herbivore bear asia"),
    card(434, "Red Panda", -16, 6, 0, 0, "herbivore bear asia", ('multiplier', 'sponsors')),
    card(435, "Malayan Tapir", -17, 5, 0, 1, "herbivore asia", ('digging', 3)),
    card(436, "American Bison", -18, 12, 0, 0, "herbivore americas:2", ('iconic', 'americas', 5)),
    card(437, "Muskox", -13, 5, 0, 0, "herbivore americas", ('sponsor_magnet',)),
    card(438, "Reindeer", -12, 5, 0, 0, "herbivore americas", ('flock_animal', 3)),
    card(439, "Lama", -10, 4, 0, 0, "herbivore americas", ('flock_animal', 2)),
    card(440, "Mountain Tapir", -15, 4, 1, 0, "herbivore americas rock", ('digging', 2)),
    card(441, "European Bison", -13, 6, 0, 0, "herbivore europe:2", ('sponsor_magnet',)),
    card(442, "Moose", -19, 7, 0, 0, "herbivore europe", ('multiplier', 'sponsors'), ('flock_animal', 4)),
    card(443, "Red Deer", -12, 5, 0, 0, "herbivore europe", ('flock_animal', 3)),
    card(444, "Alpine Ibex", -8, 5, 0, 0, "herbivore europe rock:2", ('jumping', 2)),
    card(445, "Crested Porcupine", -8, 3, 0, 0, "herbivore europe", ('digging', 2)),
    card(446, "Dugong", -25, 9, 1, 0, "herbivore australia:2 water:2", ('digging', 4)),
    card(447, "Red Kangaroo", -23, 11, 0, 0, "herbivore australia", ('pouch', 2), ('flock_animal', 4)),
    card(448, "Koala", -21, 12, 0, 1, "herbivore bear australia rock", ('pouch', 2)),
    card(449, "Platypus", -10, 4, 0, 0, "herbivore australia water", ('venom', 1)),
    card(450, "Common Wombat", -9, 6, 0, 0, "herbivore australia", ('pouch', 1)),
    card(451, "Proboscis Monkey", -32, 10, 2, 0, "primate asia rock", ('dominance',)),
    card(452, "Senegal Bushbaby", -10, 6, 0, 0, "primate africa", ('iconic', 'africa', 2)),
    card(453, "Collared Mangabey", -20, 8, 0, 0, "primate africa", ('action', 'cards')),
    card(454, "Ring-Tailed Lemur", 0, 6, 0, 0, "primate africa rock", ('sunbathing', 3)),
    card(455, "Mantled Guereza", -13, 6, 0, 0, "primate africa", ('clever',)),
    card(456, "Barbary Macaque", -5, 6, 0, 0, "primate africa", ('pilfering', 1)),
    card(457, "Mandrill", -28, 9, 2, 0, "primate:2 africa", ('multiplier', 'cards')),
    card(458, "Japanese Macaque", -8, 7, 0, 0, "primate asia water", ('pilfering', 2)),
    card(459, "Red-Shanked Douc", -17, 7, 0, 1, "primate asia", ('inventive', 'primate_table', 2, 2)),
    card(460, "Dusky-Leaf Monkey", -12, 5, 0, 0, "primate asia", ('clever',)),
    card(461, "Horsfield's Tarsier", -7, 3, 0, 2, "primate asia", ('jumping', 4)),
    card(462, "Northern Plains Gray Langur", -10, 6, 0, 0, "primate asia rock", ('jumping', 3)),
    card(463, "Panamanian White-Faced Capuchin", -3, 5, 0, 0, "primate americas", ('pilfering', 1)),
    card(464, "Brown Spider Monkey", -17, 6, 1, 0, "primate americas", ('inventive', 'primate_table', 3, 3)),
    card(465, "Golden Lion Tamarin", -10, 4, 0, 0, "primate americas", ('clever',)),
    card(466, "Bolivian Red Howler", -12, 6, 0, 0, "primate americas", ('boost', 'cards')),
    card(467, "Ecuadorian Squirrel Monkey", -12, 5, 0, 0, "primate americas", ('clever',)),
    card(468, "Cotton-Top Tamarin", -15, 4, 1, 1, "primate americas"),
    card(469, "Nile Crocodile", -13, 9, 0, 0, "reptile africa water", ('snapping', 2)),
    card(470, "Western Green Mamba", -13, 6, 0, 0, "reptile africa", ('venom', 2)),
    card(471, "African Spurred Tortoise", -10, 6, 1, 0, "reptile africa", ('sunbathing', 3)),
    card(472, "Rock Monitor", 0, 5, 0, 0, "reptile africa rock", ('sunbathing', 3)),
    card(473, "Common Agama", -1, 3, 0, 0, "reptile africa", ('sunbathing', 2)),
    card(474, "Indian Rock Python", -14, 7, 0, 0, "reptile asia", ('constriction',)),
    card(475, "King Cobra", -13, 6, 0, 0, "reptile asia", ('hypnosis', 3)),
    card(476, "Komodo Dragon", -14, 7, 0, 0, "reptile asia", ('iconic', 'asia', 2)),
    card(477, "Veiled Chameleon", -14, 4, 0, 0, "reptile asia", ('snapping', 1)),
    card(478, "Chinese Water Dragon", 0, 3, 0, 0, "reptile asia water", ('sunbathing', 2)),
    card(479, "American Alligator", -18, 7, 0, 0, "reptile americas water", ('snapping', 1)),
    card(480, "Broad-Snouted Caiman", -16, 6, 0, 0, "reptile americas water", ('snapping', 1)),
    card(481, "Galapagos Giant Tortoise", -14, 8, 2, 1, "reptile americas", ('sunbathing', 4)),
    card(482, "Anaconda", -10, 6, 0, 0, "reptile americas water", ('constriction',)),
    card(483, "Boa Constrictor", -16, 7, 0, 0, "reptile americas", ('constriction',)),
    card(484, "European Pond Turtle", -9, 4, 0, 0, "reptile europe water"),
    card(485, "Common European Adder", -7, 2, 0, 0, "reptile europe", ('hypnosis', 3)),
    card(486, "Common Wall Lizard", -4, 2, 0, 0, "reptile europe rock"),
    card(487, "European Grass Snake", -8, 3, 0, 0, "reptile europe water", ('clever',)),
    card(488, "Slow Worm", -4, 2, 0, 0, "reptile europe water"),
    card(489, "Saltwater Crocodile", -20, 9, 0, 0, "reptile:2 australia water", ('snapping', 2)),
    card(490, "Gould's Monitor", -15, 6, 0, 0, "reptile australia", ('scavenging', 2)),
    card(491, "Frilled Lizard", -12, 5, 0, 0, "reptile australia rock", ('sprint', 1)),
    card(492, "Inland Taipan", -10, 5, 0, 0, "reptile australia rock", ('venom', 2)),
    card(493, "Thorny Devil", -6, 3, 0, 0, "reptile australia rock"),
    card(494, "African Ostrich", -20, 8, 0, 0, "bird africa", ('sprint', 2)),
    card(495, "Secretary Bird", -14, 4, 1, 0, "bird africa"),
    card(496, "Marabou", -10, 4, 0, 0, "bird africa", ('scavenging', 2)),
    card(497, "Lesser Flamingo", -15, 7, 0, 0, "bird africa water", ('posturing', 1)),
    card(498, "Shoebill", -9, 3, 1, 0, "bird africa"),
    card(499, "Cinereous Vulture", -16, 6, 0, 0, "bird asia", ('scavenging', 3)),
    card(500, "Long-Billed Vulture", -20, 5, 1, 1, "bird asia rock", ('scavenging', 3)),
    card(501, "Indian Peafowl", -18, 9, 0, 0, "bird asia", ('posturing', 2)),
    card(502, "Great Hornbill", -13, 6, 0, 0, "bird asia", ('boost', 'build')),
    card(503, "Snowy Owl", -11, 4, 0, 1, "bird asia", ('perception', 4)),
    card(504, "Andean Condor", -17, 7, 0, 1, "bird americas rock", ('scavenging', 4)),
    card(505, "Bald Eagle", -23, 8, 0, 0, "bird americas water", ('determination',)),
    card(506, "King Vulture", -12, 9, 0, 0, "bird americas", ('scavenging', 5)),
    card(507, "Greater Rhea", -12, 5, 0, 0, "bird americas", ('sprint', 1)),
    card(508, "Scarlet Macaw", -13, 7, 0, 0, "bird americas", ('posturing', 3)),
    card(509, "Golden Eagle", -20, 7, 0, 0, "bird europe rock", ('determination',)),
    card(510, "White Stork", -9, 4, 0, 0, "bird europe", ('multiplier', 'build')),
    card(511, "Greater Flamingo", -16, 8, 0, 0, "bird europe water", ('posturing', 1)),
    card(512, "Eurasian Eagle-Owl", -7, 4, 0, 0, "bird europe", ('perception', 4)),
    card(513, "Barn Owl", -12, 3, 0, 0, "bird europe", ('perception', 4)),
    card(514, "Emu", -22, 7, 0, 0, "bird australia", ('peacocking',)),
    card(515, "Australian Pelican", -13, 5, 0, 0, "bird australia water:2", ('action', 'build')),
    card(516, "Northern Cassowary", -9, 6, 0, 0, "bird australia", ('multiplier', 'build')),
    card(517, "Laughing Kookaburra", -9, 4, 0, 0, "bird australia", ('iconic', 'australia', 2)),
    card(518, "Lesser Bird-Of-Paradise", -15, 6, 0, 0, "bird australia", ('posturing', 1)),
    card(519, "(Domestic) Goat", -7, 3, 0, 0, "petting_zoo", ('petting', 0)),
    card(520, "Sheep", -7, 6, 0, 0, "petting_zoo", ('petting', 1)),
    card(521, "Horse", -7, 9, 0, 1, "petting_zoo", ('petting', 2)),
    card(522, "Donkey", -7, 3, 0, 0, "petting_zoo", ('petting', 0), ('inventive', '1', 0, 1)),
    card(523, "Domestic Rabbit", -7, 6, 0, 0, "petting_zoo", ('petting', 1)),
    card(524, "Mangalica", -7, 3, 0, 0, "petting_zoo", ('petting', 0), ('digging', 1)),
    card(525, "Guinea Pig", -7, 9, 0, 0, "petting_zoo", ('petting', 2)),
    card(526, "Alpaca", -7, 6, 0, 0, "petting_zoo", ('petting', 1)),
    card(527, "Coconut Lorikeet", -7, 3, 0, 0, "petting_zoo", ('petting', 0)),
    card(528, "Bennett's Wallaby", -7, 5, 0, 0, "petting_zoo", ('petting', 0), ('pouch', 1)),
]


def icon_counts(text: str) -> Counter:
    counts: Counter = Counter()
    for item in text.split():
        name, _, count = item.partition(":")
        counts[name] += int(count or 1)
    return counts


@pytest.mark.parametrize("number,money,appeal,cp,reputation,icons,scenarios", ROWS)
def test_animal_card(number, money, appeal, cp, reputation, icons, scenarios):
    maps = next((SCENARIOS[name].maps for name, *_ in scenarios if SCENARIOS[name].maps != "A"), "A")
    t = Table(number, maps=maps)
    for name, *args in scenarios:
        SCENARIOS[name].prepare(t, *args)
    t.play()
    for name, *args in scenarios:
        SCENARIOS[name].resolve(t, *args)
    player, before = t.player, t.before
    assert number in player.animals and number not in player.hand
    assert player.money - before["money"] == money
    assert player.appeal - before["appeal"] == appeal
    assert player.cp - before["cp"] == cp
    assert player.reputation - before["reputation"] == reputation
    gained = Counter(player.icons)
    gained.subtract(before["icons"])
    assert +gained == icon_counts(icons)
    assert not t.game.unhandled
    if all(SCENARIOS[name].ends_turn for name, *_ in scenarios):
        assert t.turn_over(), t.game.decision()


# --------------------------------------------------------------------------- solo replacements

SOLO = [
    pytest.param(449, "xtokens", 1, marks=pytest.mark.card(449), id="449-Platypus-inventive1"),
    pytest.param(470, "xtokens", 2, marks=pytest.mark.card(470), id="470-Western Green Mamba-inventive2"),
    pytest.param(492, "xtokens", 2, marks=pytest.mark.card(492), id="492-Inland Taipan-inventive2"),
    pytest.param(456, "hand", 1, marks=pytest.mark.card(456), id="456-Barbary Macaque-sprint1"),
    pytest.param(463, "hand", 1, marks=pytest.mark.card(463), id="463-Capuchin-sprint1"),
    pytest.param(458, "hand", 2, marks=pytest.mark.card(458), id="458-Japanese Macaque-sprint2"),
    pytest.param(474, "clever", 0, marks=pytest.mark.card(474), id="474-Indian Rock Python-clever"),
    pytest.param(482, "clever", 0, marks=pytest.mark.card(482), id="482-Anaconda-clever"),
    pytest.param(483, "clever", 0, marks=pytest.mark.card(483), id="483-Boa Constrictor-clever"),
    pytest.param(475, "determination", 0, marks=pytest.mark.card(475), id="475-King Cobra-determination"),
    pytest.param(485, "determination", 0, marks=pytest.mark.card(485), id="485-Common European Adder-determination"),
]


@pytest.mark.parametrize("number,what,amount", SOLO)
def test_solo_replaces_the_interactive_ability(number, what, amount):
    t = Table(number, players=1)
    t.player.xtokens = 0
    t.play()
    assert not any(step[0] in ("interact", "place_token", "pilfered") for step in t.game.stack)
    if what == "xtokens":
        assert t.player.xtokens == amount
    elif what == "hand":
        assert len(t.player.hand) == amount
    else:
        SCENARIOS[what].resolve(t)
    assert not t.game.unhandled


# --------------------------------------------------------------------------- tokens and targets


def tokens_table(seat_tokens: dict) -> Any:
    game = ready_game(seed=9)
    for seat, tokens in seat_tokens.items():
        set_cards(game, seat, ORDER)
        game.players[seat].action_tokens = dict(tokens)
    return game


def settle_turn(game) -> None:
    """Seat 0 answers its remaining decisions (stopping or declining where it can) until seat 1's turn."""
    while game.decision().seat == 0:
        decision = game.decision()
        choose(game, next((option for option in decision.options if option in (("stop",), "done", ("skip",))),
                          decision.options[0]))


def finish_turn_with(game, option) -> None:
    """Seat 0 takes `option` as its turn, then settles it."""
    choose(game, option)
    settle_turn(game)


@pytest.mark.card(449)
@pytest.mark.parametrize(("money", "paid"), [(2, 2), (1, 0)])
def test_venom_costs_two_money_at_the_end_of_a_turn_it_stays_unused(money, paid):
    """Two venom tokens cost 2 money once per turn, not per token; with less than 2 money nothing."""
    game = tokens_table({0: {(VENOM, "build"): 1, (VENOM, "association"): 1}})
    player = game.players[0]
    player.money = money
    start_turn(game, 0)
    finish_turn_with(game, ("xtoken", "sponsors"))
    assert player.money == money - paid
    assert player.action_tokens == {(VENOM, "build"): 1, (VENOM, "association"): 1}


@pytest.mark.card(470)
@pytest.mark.parametrize("turn", [("act", "cards", 0), ("xtoken", "cards")])
def test_using_a_venomed_card_removes_its_token_and_spares_the_fee(turn):
    """An action or an X-token with the card uses it: its token leaves, and no fee is due that turn
    although another card still carries venom."""
    game = tokens_table({0: {(VENOM, "cards"): 1, (VENOM, "build"): 1}})
    player = game.players[0]
    player.money = 10
    start_turn(game, 0)
    finish_turn_with(game, turn)
    assert player.money == 10 and player.action_tokens == {(VENOM, "build"): 1}


@pytest.mark.card(470)
def test_the_venom_fee_returns_on_the_next_turn():
    game = tokens_table({0: {(VENOM, "cards"): 1, (VENOM, "build"): 1}})
    player = game.players[0]
    player.money = 10
    start_turn(game, 0)
    finish_turn_with(game, ("xtoken", "cards"))
    start_turn(game, 0)
    finish_turn_with(game, ("xtoken", "sponsors"))
    assert player.money == 8


@pytest.mark.card(474)
def test_constriction_takes_two_strength_from_its_card():
    game = tokens_table({0: {(CONSTRICTION, "sponsors"): 1}})
    player = game.players[0]
    player.money = 30
    start_turn(game, 0)
    choose(game, ("act", "sponsors", 0))  # slot 5, one token: strength 3
    assert expect(game, "sponsors", 0).payload[0] == 3


@pytest.mark.card(482)
@pytest.mark.parametrize(("xtokens", "playable"), [(1, False), (2, True)])
def test_a_card_constricted_below_strength_1_needs_x_tokens(xtokens, playable):
    """Slot 1 less 2 is -1: two X-tokens bring it to strength 1; one is not enough."""
    game = tokens_table({0: {(CONSTRICTION, "cards"): 1}})
    game.players[0].xtokens = xtokens
    start_turn(game, 0)
    options = expect(game, "turn", 0).options
    assert [option for option in options if option[:2] == ("act", "cards")] == (
        [("act", "cards", 2)] if playable else [])
    assert ("xtoken", "cards") in options


@pytest.mark.card(483)
def test_a_used_constricted_card_sheds_its_token():
    game = tokens_table({0: {(CONSTRICTION, "association"): 1, (CONSTRICTION, "sponsors"): 1}})
    start_turn(game, 0)
    finish_turn_with(game, ("act", "sponsors", 0))
    assert game.players[0].action_tokens == {(CONSTRICTION, "association"): 1}


@pytest.mark.card(492)
def test_venom_skips_a_card_that_already_carries_venom():
    """Venom 2 on slots 1-2 when slot 1 has a token already: that card keeps one token."""
    t = Table(492)  # Inland Taipan: 5 appeal
    t.other.appeal = 10
    set_cards(t.game, 1, ORDER)
    t.other.action_tokens = {(VENOM, "cards"): 1}
    t.play()
    assert t.other.action_tokens == {(VENOM, "cards"): 1, (VENOM, "animals"): 1}


@pytest.mark.card(474)
def test_constriction_skips_a_card_that_already_carries_constriction():
    """Ahead on both tracks: slot 5 is constricted already, so only slot 4 takes a token."""
    t = Table(474)
    t.other.appeal, t.other.cp = 12, 3
    set_cards(t.game, 1, ORDER)
    t.other.action_tokens = {(CONSTRICTION, "sponsors"): 1}
    t.play()
    assert t.other.action_tokens == {(CONSTRICTION, "sponsors"): 1, (CONSTRICTION, "association"): 1}


@pytest.mark.card(457)
def test_multiplier_the_next_use_of_the_card_acts_twice():
    game = tokens_table({0: {(MULTIPLIER, "cards"): 1}})
    player = game.players[0]
    set_cards(game, 0, AFTER)
    start_turn(game, 0)
    hand = len(player.hand)
    choose(game, ("act", "cards", 0))  # slot 2, side I: draw 1 and keep it, twice
    choose(game, ("draw",), "cards_mode")
    choose(game, ("draw",), "cards_mode")
    assert len(player.hand) == hand + 2
    assert game.break_position == 4 and player.action_tokens == {}
    assert player.action_cards[0] == "cards"


@pytest.mark.card(416)
def test_the_break_returns_every_token_to_the_supply():
    game = tokens_table({0: {(MULTIPLIER, "association"): 1}, 1: {(VENOM, "build"): 2, (CONSTRICTION, "cards"): 1}})
    game.stack = [("turn", 0), ("break_board",)]
    refresh(game)
    expect(game, "turn", 0)
    assert all(player.action_tokens == {} for player in game.players)


@pytest.mark.card(482)
def test_a_zoo_below_5_appeal_is_not_hit():
    t = Table(482)
    t.other.appeal, t.other.cp = 4, 5  # ahead on conservation only, but protected
    t.play()
    assert t.turn_over() and t.other.action_tokens == {}


@pytest.mark.card(492)
def test_venom_hits_only_players_ahead_after_the_own_appeal():
    t = Table(492)  # Inland Taipan: 5 appeal
    t.other.appeal = 5
    t.play()
    assert t.turn_over() and t.other.action_tokens == {}


@pytest.mark.card(456)
def test_pilfering_the_victim_may_give_a_card():
    t = Table(456)
    t.other.appeal, t.other.money = 10, 20
    t.other.hand = [205]
    t.play()
    choose(t.game, 1, "pilfer_target")
    choose(t.game, "card", "pilfered")
    assert t.player.hand == [205] and t.other.hand == [] and t.other.money == 20


@pytest.mark.card(456)
@pytest.mark.parametrize(("appeal", "pilfered"), [(6, True), (5, False)])
def test_pilfering_counts_a_player_tied_with_you(appeal, pilfered):
    """Barbary Macaque brings the player to 6 appeal: "the player with the most appeal" includes one
    tied at 6 (the licensed digital edition counts ties), not one at 5."""
    t = Table(456)
    t.other.appeal, t.other.money = appeal, 20
    t.play()
    if pilfered:
        choose(t.game, 1, "pilfer_target")
        choose(t.game, "money", "pilfered")
    assert t.turn_over() and t.other.money == (15 if pilfered else 20)


@pytest.mark.card(408)
@pytest.mark.parametrize(("choice", "slot"), [(1, 0), (("skip",), None)])
def test_boost_goes_to_slot_1_or_is_declined(choice, slot):
    """Sloth Bear boosts Association: to slot 1 as well as to slot 5, and "may" lets the player leave it
    where it is (the licensed digital edition's Boost is optional)."""
    t = Table(408)
    t.play()
    before = list(t.player.action_cards)
    choose(t.game, choice, "boost")
    if slot is None:
        assert t.player.action_cards == before
    else:
        assert t.player.action_cards[slot] == "association" and sorted(t.player.action_cards) == sorted(ORDER)
    assert t.turn_over()


@pytest.mark.card(502)
def test_boost_to_slot_1_makes_the_card_act_at_strength_1_next_turn():
    """Great Hornbill boosts Build to slot 1 after the action: the cards before it close up in order, and
    on the player's next turn Build has strength 1 (only size-1 buildings are offered)."""
    t = Table(502)
    t.play()
    choose(t.game, 1, "boost")
    assert t.player.action_cards == ["build", "animals", "cards", "association", "sponsors"]
    assert t.turn_over()
    start_turn(t.game, 0)
    choose(t.game, ("act", "build", 0))
    assert set(expect(t.game, "build", 0).options) == {"kiosk", "pavilion", "enclosure-1"}


@pytest.mark.card(501)
def test_posturing_builds_up_to_n_and_may_stop_early():
    """Indian Peafowl, Posturing 2: "up to 2" free kiosks or pavilions; the player builds one and
    declines the second (the engine forced both; the licensed digital edition's Posturing is optional)."""
    t = Table(501)
    cover_bonus_cells(t)
    t.play()
    choose(t.game, next(option for option in t.game.decision().options if option[0] == "pavilion"), "may_build")
    choose(t.game, ("skip",), "may_build")
    assert [kind for kind, _, _ in t.player.buildings].count("pavilion") == 1 and t.turn_over()


@pytest.mark.card(405)
def test_clever_may_be_declined():
    t = Table(405)
    t.play()
    before = list(t.player.action_cards)
    choose(t.game, ("skip",), "clever")
    assert t.player.action_cards == before and t.turn_over()


@pytest.mark.card(475)
@pytest.mark.parametrize(("appeal", "offered"), [(6, True), (5, False)])
def test_hypnosis_counts_a_player_tied_with_you(appeal, offered):
    """King Cobra brings the player to 6 appeal: a player tied at 6 lends a card, one at 5 does not."""
    t = Table(475)
    t.other.appeal = appeal
    set_cards(t.game, 1, ["sponsors", "cards", "build", "association", "animals"])
    t.play()
    assert (t.game.decision().kind == "extra_action") == offered


@pytest.mark.card(475)
@pytest.mark.parametrize(("upgraded", "snap"), [({"cards"}, True), (set(), False)])
def test_hypnosis_plays_the_side_the_victims_card_shows(upgraded, snap):
    """Seat 1's Cards in slot 3: upgraded, its side II snaps from strength 3 (side I only at 5),
    although the hypnotist's own Cards card is not upgraded."""
    t = Table(475)
    t.other.appeal = 10
    t.player.xtokens = 0
    set_cards(t.game, 1, ["sponsors", "build", "cards", "association", "animals"], upgraded)
    t.play()
    choose(t.game, ("act", 1, "cards", 3, 0), "extra_action")
    assert any(option[0] == "snap" for option in expect(t.game, "cards_mode", 0).options) == snap


@pytest.mark.card(485)
def test_hypnosis_may_raise_the_strength_with_own_x_tokens():
    """Common European Adder: the leader's Build in slot 3 at strength 3, 4 or 5 with 2 X-tokens;
    the hypnotist pays them, and the card goes to slot 1 of its owner without its venom token."""
    t = Table(485)
    t.other.appeal = 10
    t.player.xtokens = 2
    set_cards(t.game, 1, ["sponsors", "cards", "build", "association", "animals"])
    t.other.action_tokens = {(VENOM, "build"): 1}
    t.play()
    options = expect(t.game, "extra_action", 0).options
    assert [option for option in options if option[:3] == ("act", 1, "build")] == [
        ("act", 1, "build", 3, 0), ("act", 1, "build", 4, 1), ("act", 1, "build", 5, 2)]
    choose(t.game, ("act", 1, "build", 5, 2))
    assert expect(t.game, "build", 0).payload[0] == 5 and t.player.xtokens == 0
    settle_turn(t.game)
    assert t.other.action_cards[0] == "build" and t.other.action_tokens == {}


@pytest.mark.card(509)
def test_determination_may_raise_the_strength_with_x_tokens():
    """Golden Eagle: any other card; Cards in slot 2 at strength 2 or, with the one X-token, 3."""
    t = Table(509)
    t.player.xtokens = 1
    t.play()
    options = expect(t.game, "extra_action", 0).options
    assert [option for option in options if option[:3] == ("act", 0, "cards")] == [
        ("act", 0, "cards", 2, 0), ("act", 0, "cards", 3, 1)]
    choose(t.game, ("act", 0, "cards", 3, 1))
    assert t.player.xtokens == 0 and t.game.stack[-1][:3] == ("cards_mode", 0, 3)


@pytest.mark.card(453)
def test_an_extra_action_uses_the_multiplier_on_its_card():
    """Collared Mangabey: the extra Cards action is a whole action: a multiplier lying on Cards makes
    it act twice at the chosen strength (an X-token raised it to 3) and is spent (decision A8)."""
    t = Table(453)
    t.player.xtokens = 1
    t.player.action_tokens = {(MULTIPLIER, "cards"): 1}
    t.play()
    assert expect(t.game, "extra_action", 0).options == (
        ("act", 0, "cards", 2, 0), ("act", 0, "cards", 3, 1), ("skip",))
    choose(t.game, ("act", 0, "cards", 3, 1))
    assert [step[1:3] for step in t.game.stack if step[0] in ("cards", "cards_mode")] == [(0, 3)] * 2
    assert t.player.action_tokens == {} and t.player.xtokens == 0


@pytest.mark.card(453)
def test_an_extra_action_without_a_multiplier_acts_once():
    t = Table(453)
    t.player.action_tokens = {(MULTIPLIER, "build"): 1}
    t.play()
    choose(t.game, ("act", 0, "cards", 2, 0), "extra_action")
    assert [step[1:3] for step in t.game.stack if step[0] in ("cards", "cards_mode")] == [(0, 2)]
    assert t.player.action_tokens == {(MULTIPLIER, "build"): 1}


@pytest.mark.card(505)
def test_determination_uses_the_multiplier_on_the_card_it_picks():
    """Bald Eagle: Determination picks Build (slot 3); its multiplier makes two Build actions."""
    t = Table(505)
    t.player.action_tokens = {(MULTIPLIER, "build"): 1}
    t.play()
    choose(t.game, ("act", 0, "build", 3, 0), "extra_action")
    assert [step[:3] for step in t.game.stack if step[0] == "build"] == [("build", 0, 3)] * 2
    assert t.player.action_tokens == {}


@pytest.mark.card(505)
def test_determination_after_animals_never_offers_animals():
    """Bald Eagle: the extra action must differ from the Animals action just over, even with side II
    Animals in slot 1 and another animal that could be played."""
    t = Table(505)
    put(t.game, 0, "enclosure-5", free_spot(t.game, 0, "enclosure-5"))
    t.hand(428)
    t.play()
    options = expect(t.game, "extra_action", 0).options
    assert ACTIONS["animals"][0](t.game, 0, t.player.is_upgraded("animals")) == 1  # 428 could be played
    assert {option[2] for option in options[:-1]} == {"cards", "build", "association", "sponsors"}


@pytest.mark.card(509)
@pytest.mark.parametrize("xtokens, offered", [(4, True), (5, False)])
def test_determination_may_be_the_x_token_action(xtokens, offered):
    """Golden Eagle: Determination may take an X-token with another card (the licensed digital
    edition's `ChooseActionCard`), while fewer than 5 are held; the card goes to slot 1 and sheds
    its venom token, so no venom fee is due."""
    t = Table(509)
    t.player.xtokens = xtokens
    t.player.action_tokens = {(VENOM, "build"): 1}
    t.play()
    options = expect(t.game, "extra_action", 0).options
    assert (("xtoken", 0, "build") in options) == offered
    assert not any(option[0] == "xtoken" and option[2] == "animals" for option in options)
    if offered:
        money = t.player.money
        choose(t.game, ("xtoken", 0, "build"))
        assert t.turn_over() and t.player.xtokens == 5 and t.player.action_cards[0] == "build"
        assert t.player.action_tokens == {} and t.player.money == money


@pytest.mark.card(485)
def test_hypnosis_may_be_the_x_token_action_with_the_victims_card():
    """Common European Adder: the X-token goes to the hypnotist, the leader's card to its slot 1."""
    t = Table(485)
    t.other.appeal = 10
    t.player.xtokens = 0
    set_cards(t.game, 1, ["sponsors", "cards", "build", "association", "animals"])
    t.play()
    options = expect(t.game, "extra_action", 0).options
    assert [option for option in options if option[0] == "xtoken"] == [
        ("xtoken", 1, "sponsors"), ("xtoken", 1, "cards"), ("xtoken", 1, "build")]
    choose(t.game, ("xtoken", 1, "build"))
    assert t.player.xtokens == 1 and t.other.action_cards == ["build", "sponsors", "cards", "association", "animals"]


@pytest.mark.card(485)
def test_hypnosis_leaves_the_victims_multiplier_alone():
    """Common European Adder: the hypnotist plays the leader's Build once. The multiplier on that
    card is the leader's, and the one on the hypnotist's own Build lies on another card: both stay."""
    t = Table(485)
    t.other.appeal = 10
    set_cards(t.game, 1, ["sponsors", "cards", "build", "association", "animals"])
    t.other.action_tokens = {(MULTIPLIER, "build"): 1}
    t.player.action_tokens = {(MULTIPLIER, "build"): 1}
    t.play()
    choose(t.game, ("act", 1, "build", 3, 0), "extra_action")
    assert [step[:3] for step in t.game.stack if step[0] == "build"] == [("build", 0, 3)]
    assert t.other.action_tokens == t.player.action_tokens == {(MULTIPLIER, "build"): 1}


@pytest.mark.card(475)
def test_hypnosis_needs_a_leader_ahead():
    t = Table(475)
    t.other.appeal = 3
    t.play()
    assert t.turn_over()


@pytest.mark.card(435)
def test_digging_replaces_a_display_card():
    t = Table(435)
    t.play()
    first = t.game.display[0]
    choose(t.game, ("display", 0), "dig")
    assert t.game.discard[-1] == first and first not in t.game.display and all(t.game.display)
    choose(t.game, ("stop",), "dig")
    assert t.turn_over()


@pytest.mark.card(503)
def test_perception_granted_to_another_seat_outside_the_animals_action():
    """Sponsor triggers grant abilities to any seat: seat 1 keeps 1 of 2 during seat 0's turn."""
    from sim.arknova.catalog import Effect
    from sim.arknova.effects import grant

    game = ready_game(seed=9)
    start_turn(game, 0)
    game.stack.append(("turn", 0))
    hand = list(game.players[1].hand)
    top = game.deck[-2:]
    grant(game, 1, Effect("perception", ("2",)))
    refresh(game)
    options = expect(game, "keep_drawn", 1).options
    assert sorted(options) == sorted(top)
    choose(game, options[0])
    assert game.players[1].hand == hand + [options[0]] and game.discard[-1] == options[1]


FLOCK_CARDS = [
    pytest.param(429, 2, marks=pytest.mark.card(429), id="429-Grevy's Zebra"),
    pytest.param(438, 3, marks=pytest.mark.card(438), id="438-Reindeer"),
    pytest.param(439, 2, marks=pytest.mark.card(439), id="439-Lama"),
    pytest.param(442, 4, marks=pytest.mark.card(442), id="442-Moose"),
    pytest.param(443, 3, marks=pytest.mark.card(443), id="443-Red Deer"),
    pytest.param(447, 4, marks=pytest.mark.card(447), id="447-Red Kangaroo"),
]


HERBIVORE_OF_SIZE = {1: 445, 2: 450, 3: 433, 4: 432, 5: 426}  # no rock, water or flock of their own
SIBERIAN_TIGER = 406  # a predator of size 5


def flock_offers(t: Table) -> set[int]:
    """The enclosures offered for the table's card when seat 0 takes Animals."""
    refresh(t.game)
    choose(t.game, ("act", "animals", 0))
    return {option[2] for option in expect(t.game, "animal_play", 0).options if option[0] == t.number}


@pytest.mark.parametrize("number,least", FLOCK_CARDS)
def test_flock_animal_joins_the_herd_without_an_enclosure(number, least):
    """Flock animal N: N at most the size printed on the largest herbivore card in the zoo lets the animal
    in without an enclosure; its own empty enclosure stays empty (licensed edition: the Animals action's
    `canFlock`, decision A23)."""
    t = Table(number)
    herd = house(t.game, 0, HERBIVORE_OF_SIZE[least])
    assert flock_offers(t) == {t.enclosure, NO_ENCLOSURE}
    buildings = list(t.player.buildings)
    choose(t.game, (number, -1, NO_ENCLOSURE))
    assert t.player.housing[number] == FLOCK and number in t.player.animals
    assert t.player.buildings == buildings  # no enclosure turned: the herd's stays occupied, its own empty
    assert t.player.buildings[herd][2] == 1 and t.player.buildings[t.enclosure][2] == 0


@pytest.mark.parametrize("number,least", FLOCK_CARDS)
def test_flock_animal_needs_a_herbivore_card_of_its_number(number, least):
    """A herbivore one size short does not do, nor does a bigger predator in a bigger enclosure."""
    t = Table(number)
    house(t.game, 0, HERBIVORE_OF_SIZE[least - 1])
    house(t.game, 0, SIBERIAN_TIGER)
    assert flock_offers(t) == {t.enclosure}


@pytest.mark.card(439)
@pytest.mark.card(443)
def test_any_number_of_flock_animals_join_without_an_empty_enclosure():
    """Two flock animals join one herbivore's herd, one after the other, with no enclosure left empty."""
    t = Table(439)
    install_animal(t.game, 0, 450, t.enclosure)  # Common Wombat fills the Lama's own enclosure
    house(t.game, 0, 433)  # Giant Panda, herbivore of size 3
    assert flock_offers(t) == {NO_ENCLOSURE}
    choose(t.game, (439, -1, NO_ENCLOSURE))
    finish(t.game, 0)
    to_hand(t.game, 0, 443)
    set_cards(t.game, 0, ORDER)
    start_turn(t.game, 0)
    choose(t.game, ("act", "animals", 0))
    assert {option[2] for option in expect(t.game, "animal_play", 0).options if option[0] == 443} == {NO_ENCLOSURE}
    choose(t.game, (443, -1, NO_ENCLOSURE))
    assert t.player.housing[439] == t.player.housing[443] == FLOCK
    assert sum(used for kind, _, used in t.player.buildings if kind.startswith("enclosure-")) == 2


@pytest.mark.card(439)
def test_flock_animal_in_the_herd_ignores_its_rock_and_water_needs():
    """With the Lama's data overridden to need 2 water spaces, no dry enclosure takes it, the herd does."""
    from arknova.test_overrides import overridden_catalog

    game = ready_game(seed=5, catalog=overridden_catalog("cards.439.water=2"))
    clear_zoo(game, 0)
    dry = put(game, 0, "enclosure-2", free_spot(game, 0, "enclosure-2", lambda where: not where.water_adjacent))
    house(game, 0, 450)  # Common Wombat, herbivore of size 2
    set_cards(game, 0, ORDER)
    game.players[0].hand = [439]
    game.players[0].money = 60
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    offered = {option[2] for option in expect(game, "animal_play", 0).options if option[0] == 439}
    assert dry not in offered and offered == {NO_ENCLOSURE}


@pytest.mark.card(439)
def test_releasing_a_flock_animal_frees_no_enclosure():
    from sim.arknova.zoo import release_animal

    t = Table(439)
    house(t.game, 0, 450)
    choose(t.game, ("act", "animals", 0))
    choose(t.game, (439, -1, NO_ENCLOSURE))
    before = list(t.player.buildings)
    release_animal(t.player, CATALOG.animals[439])
    assert t.player.buildings == before and 439 not in t.player.housing


@pytest.mark.card(403)
def test_hunter_counting_own_predator_icons_as_a_sponsor_grants_it():
    from sim.arknova.catalog import Effect
    from sim.arknova.effects import grant

    t = Table(403)
    t.player.icons = {"predator": 3}
    t.top_of_deck(201, 202, PREY, 203)
    grant(t.game, 0, Effect("hunter", ("X=own_predator_icons",)))
    refresh(t.game)
    assert expect(t.game, "hunter_keep", 0).options == (PREY,)
    choose(t.game, PREY)
    assert t.game.discard[-2:] == [201, 202] and 203 == t.game.deck[-1]


@pytest.mark.card(458)
def test_pilfering_two_takes_one_of_the_tied_appeal_leaders_and_the_conservation_leader():
    """Three players: seats 2 and 3 tie on appeal, and the player picks one of them (the engine used
    to hit both); seat 3 also leads on CP and gives again. A CP track where nobody has a point hits nobody."""
    t = Table(458, players=3)
    second, third = t.game.players[1], t.game.players[2]
    second.appeal, third.appeal = 12, 12
    second.cp, third.cp = 1, 4
    second.money = third.money = 20
    t.play()
    assert expect(t.game, "pilfer_target", 0).options == (1, 2)
    choose(t.game, 1)
    choose(t.game, "money", "pilfered")
    assert expect(t.game, "pilfer_target", 0).options == (2,)
    choose(t.game, 2)
    choose(t.game, "money", "pilfered")
    assert (second.money, third.money) == (15, 15) and t.turn_over()


@pytest.mark.card(458)
def test_pilfering_two_needs_a_conservation_point_to_hit_on_that_track():
    t = Table(458)
    t.other.appeal, t.other.cp, t.other.money = 12, 0, 20
    t.play()
    choose(t.game, 1, "pilfer_target")
    choose(t.game, "money", "pilfered")
    assert t.turn_over() and t.other.money == 15


@pytest.mark.card(483)
def test_constriction_for_a_lead_on_conservation_only():
    t = Table(483)  # Boa Constrictor: 7 appeal
    t.other.appeal, t.other.cp = 6, 2
    set_cards(t.game, 1, ORDER)
    t.play()
    assert t.other.action_tokens == {(CONSTRICTION, "sponsors"): 1} and t.turn_over()


@pytest.mark.card(456)
def test_the_default_bot_pilfers_the_tied_leader_who_can_pay_five():
    from heuristics.arknova.parts.policy import in_turn_choice

    t = Table(456, players=3)
    second, third = t.game.players[1], t.game.players[2]
    second.appeal = third.appeal = 12
    second.money, third.money = 2, 20
    t.play()
    decision = expect(t.game, "pilfer_target", 0)
    assert in_turn_choice(t.game.observation(0), decision) == 2


# --------------------------------------------------------------------------- "may" and "up to"
# The sweep of issue 24: every ability whose card text says "may" or "up to" offers a way to decline
# (the decision kind and the option that declines). Flock animals' "may share" is a choice of
# enclosure, offered with the empty ones (the flock tests above).
DECLINE = {"sunbathing": ("sunbathe", ("stop",)), "pouch": ("pouch", ("stop",)), "digging": ("dig", ("stop",)),
           "boost": ("boost", ("skip",)), "hypnosis": ("extra_action", ("skip",)),
           "posturing": ("may_build", ("skip",))}
OPTIONAL = [pytest.param(number, ability.keyword, marks=pytest.mark.card(number), id=f"{number}-{ability.keyword}")
            for number, animal in sorted(CATALOG.animals.items())
            for ability in animal.abilities if ability.keyword in DECLINE]


def test_the_sweep_finds_every_optional_ability_family():
    assert {param.values[1] for param in OPTIONAL} == set(DECLINE)


@pytest.mark.parametrize(("number", "keyword"), OPTIONAL)
def test_a_may_or_up_to_ability_can_be_declined(number, keyword):
    """Declining leaves the hand, the buildings and the action cards as they were after the action."""
    t = Table(number)
    t.other.appeal = 20
    set_cards(t.game, 1, ORDER)
    t.hand(*FILLER[:2])
    t.play()
    kind, decline = DECLINE[keyword]
    buildings = list(t.player.buildings)
    while t.game.decision().kind != kind:
        assert t.game.decision().seat == 0, f"no {kind} decision"
        choose(t.game, t.game.decision().options[0])
        buildings = list(t.player.buildings)
    assert decline in t.game.decision().options
    choose(t.game, decline)
    settle_turn(t.game)
    assert FILLER[0] in t.player.hand and FILLER[1] in t.player.hand
    assert t.player.buildings == buildings and t.player.action_cards == AFTER
    assert t.other.action_cards == ORDER
