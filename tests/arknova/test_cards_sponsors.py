"""One test per sponsor card (201-264): each plays the card through the Sponsors action (or
reaches its income, trigger, passive or end-game rule through the engine) and asserts the
exact change the card makes. Map A, two players, seat 0 unless said otherwise."""

from __future__ import annotations

import pytest

from arknova.helpers import (
    CATALOG,
    choose,
    clear_zoo,
    expect,
    finish,
    free_spot,
    grid_neighbours,
    install_animal,
    is_border,
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
from sim.arknova import zoo
from sim.arknova.abilities.cards import STOP
from sim.arknova.board import map_board
from sim.arknova.geometry import BIT

SPONSORS = CATALOG.sponsors
ANIMALS = CATALOG.animals
TRACKS = CATALOG.tracks
ORDER = ["animals", "cards", "build", "association", "sponsors"]  # Sponsors in slot 5
MAP_A = CATALOG.maps["A"]


card = pytest.mark.card


def table(seed: int = 0):
    """A fresh two-player game; both zoos emptied so only the test's buildings count."""
    game = ready_game(seed=seed)
    for seat in game.seats:
        clear_zoo(game, seat)
        game.discard.extend(game.players[seat].hand)
        game.players[seat].hand = []
    return game


def give_icons(game, seat: int, **icons: int) -> None:
    """Icons from cards played earlier (the test only needs their count)."""
    game.players[seat].add_icons(tuple(icon for icon, amount in icons.items() for _ in range(amount)))
    refresh(game)


def play(game, number: int, seat: int = 0, upgraded: bool = False) -> None:
    """Seat plays the sponsor from hand with the Sponsors action at strength 5 (side II if upgraded)."""
    set_cards(game, seat, ORDER, ("sponsors",) if upgraded else ())
    to_hand(game, seat, number)
    start_turn(game, seat)
    choose(game, ("act", "sponsors", 0))
    choose(game, (number, -1), "sponsors")


def accept_all(game, seat: int = 0) -> None:
    """Finish the seat's turn taking every offered ability (first option that is not a refusal)."""
    refusals = ("skip", "done", "stay", "stop", "pass", STOP)
    while True:
        decision = game.decision()
        if decision.kind == "turn" and decision.seat != seat:
            return
        wanted = [option for option in decision.options if option not in refusals]
        choose(game, wanted[0] if wanted else decision.options[0])


def income(game, seat: int = 0) -> int:
    """Money a break's income step pays the seat beyond appeal and kiosk income."""
    player = game.players[seat]
    base = TRACKS.appeal_income[player.appeal] + zoo.kiosk_income(player)
    before = player.money
    game.stack = [("income", seat)]
    refresh(game)
    while game.decision().kind != "turn":
        choose(game, game.decision().options[0])
    return player.money - before - base


def end_scoring(game) -> None:
    """The end-game scoring of sponsors alone (final-scoring cards removed)."""
    for player in game.players:
        player.final_scoring = []
    game.stack = [("score_cards",)]
    refresh(game)
    assert game.is_over()


def animal_turn(game, number: int, building: int, seat: int = 0, upgraded: bool = False) -> None:
    """Seat plays the animal from hand into the building with the Animals action at strength 5."""
    order = ["sponsors", "cards", "build", "association", "animals"]
    set_cards(game, seat, order, ("animals",) if upgraded else ())
    to_hand(game, seat, number)
    start_turn(game, seat)
    choose(game, ("act", "animals", 0))
    choose(game, (number, -1, building), "animal_play")


def enclosure(game, seat: int, size: int, accept=lambda where: True) -> int:
    """An empty standard enclosure of the size on free cells; returns its building index."""
    kind = f"enclosure-{size}"
    return put(game, seat, kind, free_spot(game, seat, kind, accept))


# ----------------------------------------------------------------------------- 201-209 science


@card(201)
def test_201_science_lab_draws_now_and_every_break():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=2)
    play(game, 201, upgraded=True)
    expect(game, "take_card", 0)
    choose(game, game.decision().options[0])
    assert len(me.hand) == 1 and me.icon("science") == 3
    finish(game)
    hand = len(me.hand)
    income(game)
    assert len(me.hand) == hand + 1


@card(202)
def test_202_spokesperson_gains_reputation_per_science_icon_played():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=1)
    play(game, 202)
    assert me.reputation == 2  # its own science icon
    finish(game)
    play(game, 223)  # Science Institute: two science icons
    assert me.reputation == 4


@card(203)
def test_203_veterinarian_pays_by_universities_and_lowers_project_support_to_4():
    game = table()
    me = game.players[0]
    me.universities = ["reputation_hand", "science_reputation"]
    money = me.money
    play(game, 203)
    assert me.money == money + 5
    finish(game)
    give_icons(game, 0, africa=2)
    game.base_projects = [project_row(103)]
    set_cards(game, 0, ["animals", "cards", "build", "association", "sponsors"])  # Association at 4
    start_turn(game, 0)
    assert ("act", "association", 0) in game.decision().options
    choose(game, ("act", "association", 0))
    assert ("support", 103, 2, 0) in expect(game, "association").options


@card(204)
def test_204_science_museum_pays_per_science_icon_and_cp_per_science_icon():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=4)
    money, cp = me.money, me.cp
    play(game, 204)
    assert me.money == money + 2 * 5 and me.cp == cp + 1
    finish(game)
    play(game, 223)
    assert me.cp == cp + 3


@card(205)
def test_205_gorilla_field_research_gives_one_cp_and_two_reputation():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=3)
    play(game, 205)
    assert (me.cp, me.reputation, me.icon("science")) == (1, 3, 4)


@card(206)
def test_206_medical_breakthrough_appeal_per_project_and_cp_income():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=4)
    me.supported = [103, 104, 105]
    appeal = me.appeal
    play(game, 206)
    assert me.appeal == appeal + 6
    finish(game)
    cp = me.cp
    income(game)
    assert me.cp == cp + 1


@card(207)
def test_207_basic_research_cp_per_two_kinds_and_money_to_the_others():
    game = table()
    me, other = game.players
    give_icons(game, 0, predator=1, bird=2, africa=1, asia=1, europe=1)
    cp, money = me.cp, other.money
    play(game, 207, upgraded=True)
    assert me.cp == cp + 2  # 5 different category/continent icons
    assert other.money == money + 2 * 2


@card(208)
def test_208_science_library_appeal_per_science_and_money_for_science_anywhere():
    game = table()
    me, other = game.players
    give_icons(game, 0, science=2)
    appeal, money = me.appeal, me.money
    play(game, 208)
    assert me.appeal == appeal + 3
    assert me.money == money + 2  # its own science icon
    finish(game)
    money = me.money
    play(game, 223, seat=1)  # the other zoo gets two science icons
    assert me.money == money + 4 and other.icon("science") == 2


@card(209)
def test_209_technology_institute_xtoken_now_and_every_break():
    game = table()
    me = game.players[0]
    play(game, 209)
    assert me.xtokens == 1
    finish(game)
    income(game)
    assert me.xtokens == 2


# ----------------------------------------------------------------------------- 210-214 continent experts


@card(210)
def test_210_expert_on_the_americas_appeal_and_a_free_kiosk_per_americas_icon():
    game = table()
    me = game.players[0]
    give_icons(game, 0, americas=1)
    appeal = me.appeal
    play(game, 210)
    assert me.appeal == appeal + 2
    option, *others, decline = expect(game, "may_build", 0).options
    assert option[0] == "kiosk" and all(kind == "kiosk" for kind, _ in others) and decline == ("skip",)
    money = me.money
    choose(game, option)
    assert me.kiosks.bit_count() == 1 and me.money == money


@card(211)
def test_211_expert_on_europe_a_free_size_1_enclosure_per_europe_icon():
    game = table()
    me = game.players[0]
    appeal = me.appeal
    play(game, 211)
    assert me.appeal == appeal + 1
    *options, decline = expect(game, "may_build", 0).options
    assert {kind for kind, _ in options} == {"enclosure-1"} and decline == ("skip",)
    money = me.money
    choose(game, options[0])
    assert [kind for kind, _, _ in me.buildings] == ["enclosure-1"] and me.money == money


@card(210, 211)
@pytest.mark.parametrize("number", [210, 211])
def test_the_free_building_of_210_and_211_may_be_declined(number):
    """The experts' texts say the player "may" place the building: declining leaves the zoo and money as they were."""
    game = table()
    me = game.players[0]
    if number == 210:
        give_icons(game, 0, americas=1)
    play(game, number)
    buildings, money = list(me.buildings), me.money
    choose(game, ("skip",), "may_build")
    assert me.buildings == buildings and me.kiosks.bit_count() == 0 and me.money == money


@card(212)
def test_212_expert_on_australia_appeal_per_australia_icon_and_a_pouch_grant():
    game = table()
    me = game.players[0]
    give_icons(game, 0, australia=2)
    appeal = me.appeal
    play(game, 212)
    assert me.appeal == appeal + 3


@card(212)
def test_212_expert_on_australia_pouch_tucks_a_card_for_two_appeal():
    game = table()
    me = game.players[0]
    me.hand = [game.deck.pop()]
    appeal = me.appeal
    play(game, 212)
    accept_all(game)
    assert me.appeal == appeal + 1 + 2 and len(me.hand) == 0


@card(213)
def test_213_expert_on_asia_a_free_pavilion_per_asia_icon():
    game = table()
    me = game.players[0]
    give_icons(game, 0, asia=1)
    appeal = me.appeal
    play(game, 213)
    assert me.appeal == appeal + 2
    options = expect(game, "free_build", 0).options
    assert {kind for kind, _ in options} == {"pavilion"}
    choose(game, options[0])
    assert [kind for kind, _, _ in me.buildings] == ["pavilion"]
    assert me.appeal == appeal + 2 + CATALOG.tiles.pavilion_appeal


@card(214)
def test_214_expert_on_africa_clever_per_africa_icon_and_appeal_per_xtoken_at_the_end():
    game = table()
    me = game.players[0]
    appeal = me.appeal
    play(game, 214)
    assert me.appeal == appeal + 1
    expect(game, "clever", 0)
    choose(game, "build")
    finish(game)
    assert set(me.action_cards[:2]) == {"build", "sponsors"}  # Build moved from slot 3 next to Sponsors
    me.xtokens = 3
    appeal = me.appeal
    end_scoring(game)
    assert me.appeal == appeal + 3


# ----------------------------------------------------------------------------- 215-218


@pytest.mark.parametrize("number", [pytest.param(215, marks=card(215), id="215-breeding-cooperation"),
                                    pytest.param(218, marks=card(218), id="218-breeding-program")])
def test_215_218_breeding_tokens_count_as_an_icon_for_base_projects(number):
    game = table()
    me = game.players[0]
    me.partner_zoos = ["asia", "europe"]
    give_icons(game, 0, science=2, africa=1, asia=1, europe=1)
    game.base_projects = [project_row(103)]
    game.projects = [project_row(113)]
    play(game, number)
    assert me.card_tokens[number] == 2
    finish(game)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    options = expect(game, "association").options
    assert ("support", 103, 2, 0) in options  # 1 africa icon + 1 token reaches the 2 of slot 3
    assert ("support", 103, 1, 0) not in options
    choose(game, ("support", 103, 2, 0))
    assert me.card_tokens[number] == 1 and 103 in me.supported


@card(216)
def test_216_talented_communicator_hires_a_worker():
    game = table()
    me = game.players[0]
    play(game, 216, upgraded=True)
    assert (me.workers, me.workers_total) == (2, 2)


@card(217)
def test_217_engineer_builds_a_second_copy_in_one_build_action():
    game = table()
    me = game.players[0]
    play(game, 217)
    finish(game)
    set_cards(game, 0, ["animals", "cards", "sponsors", "association", "build"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-2", "build")
    choose(game, expect(game, "build_place").options[0])
    assert expect(game, "build").options == ("enclosure-2", "done")  # side I: only the copy
    choose(game, "enclosure-2")
    choose(game, expect(game, "build_place").options[0])
    assert [kind for kind, _, _ in me.buildings] == ["enclosure-2", "enclosure-2"]
    assert game.decision().kind != "build"


# ----------------------------------------------------------------------------- 219-226


@card(219)
def test_219_diversity_researcher_ignores_and_covers_rock_and_water():
    game = table()
    me = game.players[0]
    give_icons(game, 0, rock=1, water=2)
    far = enclosure(game, 0, 2, lambda where: where.rock_adjacent == 0 and where.water_adjacent > 0)
    to_hand(game, 0, 444)  # needs 2 rock spaces next to its enclosure
    money = me.money
    play(game, 219, upgraded=True)
    assert me.money == money + 2 * 3
    finish(game)
    animal_turn(game, 444, far)
    assert 444 in me.animals
    finish(game)
    set_cards(game, 0, ["animals", "cards", "sponsors", "association", "build"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-1", "build")
    terrain = map_board(CATALOG, "A").rock | map_board(CATALOG, "A").water
    assert any(where.mask & terrain for where in expect(game, "build_place").options)


@card(220)
def test_220_federal_grants_three_money_now_and_every_break():
    game = table()
    me = game.players[0]
    money = me.money
    play(game, 220)
    assert me.money == money + 3
    finish(game)
    assert income(game) == 3


@card(221)
def test_221_archaeologist_adds_any_open_placement_bonus_on_a_border_bonus():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=1)
    play(game, 221)
    finish(game)
    set_cards(game, 0, ["animals", "cards", "sponsors", "association", "build"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "kiosk", "build")
    corner = next(where for where in expect(game, "build_place").options if where.cells == ((0, 1),))
    money, reputation = me.money, me.reputation
    choose(game, corner)
    options = expect(game, "extra_placement_bonus", 0).options
    assert len(options) == len({bonus for cell, bonus in MAP_A.placement_bonuses if cell != (0, 1)})
    choose(game, next(bonus for bonus in options if bonus.keyword == "money" and bonus.amount == 10))
    assert me.money == money - 2 + 10 and me.reputation == reputation + 2


@card(222)
def test_222_release_of_patents_cp_per_science_icon_at_most_3_and_money_to_others():
    game = table()
    me, other = game.players
    give_icons(game, 0, science=5)
    cp, money = me.cp, other.money
    play(game, 222)
    assert me.cp == cp + 3 and other.money == money + 6


@card(223)
def test_223_science_institute_gives_two_science_icons():
    game = table()
    me = game.players[0]
    money, appeal = me.money, me.appeal
    play(game, 223)
    assert me.icon("science") == 2 and (me.money, me.appeal) == (money, appeal)


@card(224)
def test_224_migration_recording_release_projects_again_and_one_more_cp():
    game = table()
    me = game.players[0]
    give_icons(game, 0, science=1)
    play(game, 224)
    assert me.xtokens == 1
    finish(game)
    small, medium = enclosure(game, 0, 1), enclosure(game, 0, 3)
    install_animal(game, 0, 445, small)
    install_animal(game, 0, 443, medium)
    game.projects = [project_row(113)]
    me.workers = 3
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    cp = me.cp
    choose(game, ("support", 113, 2, 445), "association")
    assert me.cp == cp + 3 + 1
    finish(game)
    set_cards(game, 0, ["animals", "cards", "build", "sponsors", "association"])
    start_turn(game, 0)
    choose(game, ("act", "association", 0))
    assert ("support", 113, 1, 443) in expect(game, "association").options


@card(225)
def test_225_quarantine_lab_gives_an_xtoken():
    game = table()
    me = game.players[0]
    play(game, 225)
    assert me.xtokens == 1


@card(225)
def test_225_quarantine_lab_protects_from_pilfering():
    game = ready_game(players=3)
    immune, thief, victim = game.players
    immune.sponsors.append(225)
    immune.appeal = victim.appeal = 30
    thief.partner_zoos = ["africa"]
    clear_zoo(game, 1)
    spot = enclosure(game, 1, 2)
    thief.money = 30
    before = [(player.money, len(player.hand)) for player in (immune, victim)]
    animal_turn(game, 456, spot, seat=1)
    finish(game, seat=1)
    assert (immune.money, len(immune.hand)) == before[0]
    assert (victim.money, len(victim.hand)) != before[1]


@card(226)
def test_226_foreign_institute_two_reputation_and_a_science_icon():
    game = table()
    me = game.players[0]
    play(game, 226, upgraded=True)
    assert me.reputation == 3 and me.icon("science") == 1


# ----------------------------------------------------------------------------- 227-230 animal sizes


def _stack_deck(game, *cards: int) -> None:
    """Put cards on top of the deck, the last one drawn first."""
    for number in cards:
        take_out(game, number)
    game.deck.extend(cards)


@card(227)
def test_227_waza_special_assignment_commits_to_large_animals():
    game = table()
    me = game.players[0]
    me.reputation = 6
    to_hand(game, 0, 465, 227)
    _stack_deck(game, 417, 445, 220)  # drawn: 220, 445, then the large 417
    play(game, 227, upgraded=True)
    choose(game, "large", "choose_size")
    assert 417 in me.hand and 220 in game.discard and 445 in game.discard
    finish(game)
    big, small = enclosure(game, 0, 4), enclosure(game, 0, 1)
    set_cards(game, 0, ["sponsors", "cards", "build", "association", "animals"])
    start_turn(game, 0)
    choose(game, ("act", "animals", 0))
    options = expect(game, "animal_play").options
    assert (465, -1, small) not in options  # small animals are forbidden now
    appeal = me.appeal
    choose(game, (417, -1, big))
    pack = 1  # the Wolf's Pack: 1 appeal for its own predator icon
    assert me.appeal == appeal + ANIMALS[417].appeal + 4 + pack


def one_small_animal_under_228(game) -> int:
    """With WAZA Small Animal Program played, seat 0 plays only the Crested Porcupine (8 money of its
    30) in an Animals action; the program's extra small animal is then offered. Returns the free
    size-2 enclosure; the European Badger is in hand, the Dusky-Leaf Monkey in folder 6."""
    finish(game)
    first, second = enclosure(game, 0, 1), enclosure(game, 0, 2)
    to_hand(game, 0, 419)
    to_display(game, 460, 6)
    game.players[0].money = 30
    animal_turn(game, 445, first)
    choose(game, STOP, "dig")  # the Crested Porcupine's Digging, declined
    choose(game, "done", "animal_play")
    return second


@card(228)
def test_228_waza_small_animal_program_one_more_small_animal_and_one_from_the_display():
    game = table()
    me = game.players[0]
    me.reputation = 3
    me.small_animals = 2
    money = me.money
    play(game, 228)
    assert me.money == money + 4
    second = one_small_animal_under_228(game)
    choose(game, (419, -1, second), "extra_small_animal")
    assert me.money == 30 - 8 - 5
    choose(game, 5, "take_small_animal")
    assert 460 in me.hand and me.animals[-2:] == [445, 419]


@card(228)
def test_228_waza_small_animal_program_both_gifts_may_be_declined():
    """"May play one more small animal ... then take 1": each can be skipped, and nothing changes."""
    game = table()
    me = game.players[0]
    me.reputation = 3
    play(game, 228)
    second = one_small_animal_under_228(game)
    assert (419, -1, second) in expect(game, "extra_small_animal", 0).options
    choose(game, "skip", "extra_small_animal")
    choose(game, "skip", "take_small_animal")
    assert me.money == 30 - 8 and me.hand == [419] and me.animals[-1] == 445 and 460 in game.display


@card(229)
def test_229_expert_in_small_animals_appeal_and_3_off_small_animals():
    game = table()
    me = game.players[0]
    me.small_animals = 2
    appeal = me.appeal
    play(game, 229)
    assert me.appeal == appeal + 2
    finish(game)
    spot = enclosure(game, 0, 1)
    money = me.money
    animal_turn(game, 445, spot)
    assert me.money == money - (8 - 3)


@card(230)
def test_230_expert_in_large_animals_appeal_and_4_off_large_animals():
    game = table()
    me = game.players[0]
    me.large_animals = 1
    appeal = me.appeal
    play(game, 230)
    assert me.appeal == appeal + 2
    finish(game)
    spot = enclosure(game, 0, 4)
    money = me.money
    animal_turn(game, 417, spot)
    assert me.money == money - (12 - 4)


# ----------------------------------------------------------------------------- 231-240 categories


SPONSORSHIPS = [
    pytest.param(231, "primate", marks=card(231), id="231-primate"),
    pytest.param(232, "reptile", marks=card(232), id="232-reptile"),
    pytest.param(233, "bird", marks=card(233), id="233-bird"),
    pytest.param(234, "predator", marks=card(234), id="234-predator"),
    pytest.param(235, "herbivore", marks=card(235), id="235-herbivore"),
]


@pytest.mark.parametrize("number,icon", SPONSORSHIPS)
def test_231_235_sponsorships_appeal_per_icon_and_income_by_table(number, icon):
    game = table()
    me = game.players[0]
    give_icons(game, 0, **{icon: 3})
    appeal = me.appeal
    play(game, number)
    assert me.appeal == appeal + 3 and me.icon(icon) == 3
    finish(game)
    assert income(game) == 6  # 3 icons: the 3=6 row
    give_icons(game, 0, **{icon: 2})
    assert income(game) == 9


SPECIALISTS = [
    pytest.param(236, "primate", marks=card(236), id="236-primate"),
    pytest.param(237, "reptile", marks=card(237), id="237-reptile"),
    pytest.param(238, "bird", marks=card(238), id="238-bird"),
    pytest.param(239, "predator", marks=card(239), id="239-predator"),
    pytest.param(240, "herbivore", marks=card(240), id="240-herbivore"),
]


# An animal showing one icon of the category, and the building it lives in.
ANIMAL_WITH = {"primate": (465, "enclosure-1"), "reptile": (473, "reptile_house"), "bird": (502, "enclosure-2"),
               "predator": (419, "enclosure-2"), "herbivore": (445, "enclosure-1")}


@pytest.mark.parametrize("number,icon", SPECIALISTS)
def test_236_240_specialists_earn_3_money_per_icon_played_in_any_zoo(number, icon):
    game = table()
    me, other = game.players
    money = me.money
    play(game, number)
    assert me.money == money + 3 and me.icon(icon) == 1  # its own icon
    finish(game)
    animal, kind = ANIMAL_WITH[icon]
    home = put(game, 1, kind, free_spot(game, 1, kind))
    other.money = 30
    money = me.money
    animal_turn(game, animal, home, seat=1)
    assert ANIMALS[animal].icons.count(icon) == 1
    assert me.money == money + 3


# ----------------------------------------------------------------------------- 241-242 terrain experts


def _covered_next_to(cells, terrain) -> int:
    return sum(1 for cell in cells if any(n in terrain for n in grid_neighbours(cell)))


@pytest.mark.parametrize("number,terrain,gained", [
    pytest.param(241, "water", 2, marks=card(241), id="241-hydrologist"),
    pytest.param(242, "rock", 6, marks=card(242), id="242-geologist"),
])
def test_241_242_terrain_experts_appeal_and_money_for_building_next_to_it(number, terrain, gained):
    game = table()
    me = game.players[0]
    give_icons(game, 0, **{terrain: 1 if terrain == "water" else 3})
    appeal = me.appeal
    play(game, number)
    assert me.appeal == appeal + gained  # 241: 1 per water icon; 242: 3 per 2 rock icons
    finish(game)
    cells = set(MAP_A.water if terrain == "water" else MAP_A.rock)
    set_cards(game, 0, ["animals", "cards", "sponsors", "association", "build"])
    start_turn(game, 0)
    choose(game, ("act", "build", 0))
    choose(game, "enclosure-3", "build")
    spot = max(expect(game, "build_place").options, key=lambda where: _covered_next_to(where.cells, cells))
    refund = _covered_next_to(spot.cells, cells)
    assert refund >= 2
    money = me.money
    choose(game, spot)
    bonus = sum(bonus.amount for cell, bonus in MAP_A.placement_bonuses if cell in spot.cells and bonus.keyword == "money")
    assert me.money == money - 3 * 2 + refund + bonus


# ----------------------------------------------------------------------------- 243-257 unique buildings


def _expected_spots(game, number: int, seat: int = 0) -> set[tuple]:
    """Cells of every legal spot of the sponsor's unique building, from the rules: free cells, no
    upgrade-only cell (Build I), touching the zoo (or the border in an empty zoo; the Side
    Entrance need not touch), its rock/water neighbours and its border-cell minimum."""
    sponsor = SPONSORS[number]
    player = game.players[seat]
    rules = {rule.keyword: rule.amount for rule in CATALOG.tiles.unique_building_placement.get(sponsor.unique_building, ())}
    zoo_cells = {cell for cell in BIT if BIT[cell] & player.occupied}
    spots = set()
    for where in map_board(CATALOG, player.map_id).placements_for(sponsor.unique_building):
        cells = set(where.cells)
        touching = {n for cell in cells for n in grid_neighbours(cell)} - cells
        if cells & zoo_cells or cells & set(MAP_A.upgrade_only):
            continue
        if len(touching & set(MAP_A.rock)) < sponsor.building_rock:
            continue
        if len(touching & set(MAP_A.water)) < sponsor.building_water:
            continue
        if sum(1 for cell in cells if is_border(cell)) < rules.get("border_cells_min", 0):
            continue
        if "no_adjacency_needed" not in rules:
            if zoo_cells and not touching & zoo_cells:
                continue
            if not zoo_cells and not any(is_border(cell) for cell in cells):
                continue
        spots.add(tuple(sorted(cells)))
    return spots


def build_unique(game, number: int, seat: int = 0, upgraded: bool = False):
    """Play the sponsor, check its unique-building spots against the rules, build on the first."""
    play(game, number, seat=seat, upgraded=upgraded or SPONSORS[number].level > 5)
    options = expect(game, "unique_build", seat).options
    assert {tuple(sorted(where.cells)) for where in options} == _expected_spots(game, number, seat)
    spot = next(where for where in options if not where.mask & map_board(CATALOG, "A").bonus_mask)  # no placement bonus
    choose(game, spot)
    kind, where, _ = game.players[seat].buildings[-1]
    assert kind == SPONSORS[number].unique_building and where == spot
    return where


# (card, the icon that triggers +2 appeal, icons of that kind on the card)
APPEAL_HOUSES = [
    pytest.param(243, "herbivore", 1, marks=card(243), id="243-herbivore"),
    pytest.param(244, "bird", 1, marks=card(244), id="244-bird"),
    pytest.param(245, "water", 2, marks=card(245), id="245-water"),
    pytest.param(246, "rock", 2, marks=card(246), id="246-rock"),
    pytest.param(247, "primate", 1, marks=card(247), id="247-primate"),
]


@pytest.mark.parametrize("number,icon,own", APPEAL_HOUSES)
def test_243_247_appeal_houses_2_appeal_per_icon(number, icon, own):
    game = table()
    me = game.players[0]
    me.reputation = 3
    appeal = me.appeal
    build_unique(game, number)
    assert me.icon(icon) == own and me.appeal == appeal + 2 * own


@card(248)
def test_248_rhesus_monkey_park_xtoken_per_primate_icon():
    game = table()
    me = game.players[0]
    build_unique(game, 248)
    assert me.xtokens == 1
    finish(game)
    home = enclosure(game, 0, 1)
    animal_turn(game, 465, home)
    assert me.xtokens == 2


@card(249)
def test_249_barred_owl_hut_building_and_a_perception_grant():
    game = table()
    me = game.players[0]
    build_unique(game, 249)
    assert me.icon("bird") == 1 and len(me.buildings) == 1


@card(249)
def test_249_barred_owl_hut_perception_2_keeps_one_of_two_cards():
    game = table()
    me = game.players[0]
    build_unique(game, 249)
    accept_all(game)
    assert len(me.hand) == 1


@card(250)
def test_250_sea_turtle_tank_building_next_to_water():
    game = table()
    me = game.players[0]
    build_unique(game, 250)
    assert (me.icon("reptile"), me.icon("water")) == (1, 1)


@card(250)
def test_250_sea_turtle_tank_sunbathing_2_sells_cards_for_4_money():
    game = table()
    me = game.players[0]
    me.hand = [game.deck.pop(), game.deck.pop()]
    build_unique(game, 250)
    money = me.money
    accept_all(game)
    assert me.money == money + 8 and me.hand == []


@card(251)
def test_251_polar_bear_exhibit_appeal_for_bear_icons_in_any_zoo():
    game = table()
    me, other = game.players
    appeal = me.appeal
    build_unique(game, 251)
    assert me.appeal == appeal + 2
    finish(game)
    home = put(game, 1, "enclosure-1", free_spot(game, 1, "enclosure-1"))
    appeal = me.appeal
    animal_turn(game, 415, home, seat=1)  # a bear in the other zoo
    assert me.appeal == appeal + 2


@card(252)
def test_252_spotted_hyena_compound_building_next_to_rock():
    game = table()
    me = game.players[0]
    build_unique(game, 252)
    assert (me.icon("predator"), me.icon("rock")) == (1, 1)


@card(252)
def test_252_spotted_hyena_compound_hunter_reveals_as_many_cards_as_predator_icons():
    game = table()
    me = game.players[0]
    to_hand(game, 0, 252)
    _stack_deck(game, 445)
    build_unique(game, 252)
    accept_all(game)
    assert me.hand == [445]  # Hunter 1 (its own predator icon): the revealed animal is kept


@card(253)
def test_253_okapi_stable_plays_a_sponsor_for_its_level_per_herbivore_icon():
    game = table()
    me = game.players[0]
    to_hand(game, 0, 220)
    build_unique(game, 253)
    assert me.card_tokens[253] == 3
    options = expect(game, "okapi_sponsor", 0).options
    assert (220, -1) in options and "skip" in options
    money = me.money
    choose(game, (220, -1))
    assert 220 in me.sponsors and me.money == money - 4 + 3
    assert me.card_tokens[253] == 2


@card(254)
def test_254_zoo_school_on_two_border_spaces_cp_reputation_and_a_card():
    game = table()
    me = game.players[0]
    where = build_unique(game, 254)
    assert sum(1 for cell in where.cells if is_border(cell)) >= 2
    assert (me.cp, me.reputation) == (1, 2)
    expect(game, "take_card", 0)
    choose(game, game.decision().options[0])
    assert len(me.hand) == 1


@pytest.mark.parametrize("number,icon", [pytest.param(255, "rock", marks=card(255), id="255-adventure-playground"),
                                         pytest.param(256, "water", marks=card(256), id="256-water-playground")])
def test_255_256_playgrounds_four_appeal_and_their_terrain_icon(number, icon):
    game = table()
    me = game.players[0]
    appeal = me.appeal
    build_unique(game, number)
    assert me.appeal == appeal + 4 and me.icon(icon) == 1


@card(257)
def test_257_side_entrance_anywhere_on_the_border_and_income_per_neighbour():
    game = table()
    me = game.players[0]
    put(game, 0, "kiosk", [(8, 5)])
    where = build_unique(game, 257)  # the spots are checked without needing to touch the kiosk
    assert sum(1 for cell in where.cells if is_border(cell)) >= 2
    finish(game)
    near = [cell for cell in BIT if cell not in where.cells and not BIT[cell] & me.occupied
            and any(n in where.cells for n in grid_neighbours(cell)) and cell not in MAP_A.rock | MAP_A.water]
    put(game, 0, "pavilion", [near[0]])
    put(game, 0, "enclosure-1", [near[1]])  # empty: does not count
    assert income(game) == 2


# ----------------------------------------------------------------------------- 258-264


def _zoo_cells(player) -> set:
    return {cell for cell in BIT if BIT[cell] & player.occupied}


def _next_to_zoo(player, cells) -> int:
    zoo_cells = _zoo_cells(player)
    return sum(1 for cell in cells if any(n in zoo_cells for n in grid_neighbours(cell)))


@pytest.mark.parametrize("number,terrain", [pytest.param(258, "water", marks=card(258), id="258-native-seabirds"),
                                            pytest.param(259, "rock", marks=card(259), id="259-native-lizards")])
def test_258_259_native_animals_appeal_per_terrain_space_touched_cp_per_two_untouched(number, terrain):
    game = table()
    me = game.players[0]
    cells = MAP_A.water if terrain == "water" else MAP_A.rock
    enclosure(game, 0, 5, lambda where: getattr(where, f"{terrain}_adjacent") >= 2)
    touched = _next_to_zoo(me, cells)
    assert touched >= 2
    appeal = me.appeal
    play(game, number)
    assert me.appeal == appeal + touched
    cp = me.cp
    end_scoring(game)
    assert me.cp == cp + (len(cells) - touched) // 2


def _groups(cells: set) -> list[int]:
    """Sizes of the connected groups of cells (grid adjacency)."""
    sizes, left = [], set(cells)
    while left:
        todo, size = [left.pop()], 1
        while todo:
            for n in grid_neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    todo.append(n)
                    size += 1
        sizes.append(size)
    return sizes


@card(260)
def test_260_native_farm_animals_appeal_per_empty_border_space_touched_cp_per_six_empty():
    game = table()
    me = game.players[0]
    enclosure(game, 0, 5, lambda where: where.on_border)
    empty = {cell for cell in BIT if cell not in MAP_A.rock | MAP_A.water} - _zoo_cells(me)
    touched = _next_to_zoo(me, {cell for cell in empty if is_border(cell)})
    appeal = me.appeal
    play(game, 260)
    assert touched >= 1 and me.appeal == appeal + touched
    cp = me.cp
    end_scoring(game)
    assert me.cp == cp + sum(size // 6 for size in _groups(empty))
    assert sum(size // 6 for size in _groups(empty)) >= 6


@card(261)
def test_261_guided_school_tours_one_appeal_and_one_cp():
    game = table()
    me = game.players[0]
    play(game, 261)
    assert (me.appeal, me.cp) == (1, 1)


@card(262)
def test_262_explorer_money_per_kind_and_appeal_money_for_each_new_kind():
    game = table()
    me = game.players[0]
    give_icons(game, 0, predator=2, africa=1)
    money = me.money
    play(game, 262, upgraded=True)
    assert me.money == money + 2 * 2
    finish(game)
    home = enclosure(game, 0, 1)
    appeal, money = me.appeal, me.money
    animal_turn(game, 445, home)  # herbivore and europe: two new kinds
    assert me.appeal == appeal + ANIMALS[445].appeal + 2
    assert me.money == money - ANIMALS[445].cost + 2 * 2


@card(263)
def test_263_waza_large_animal_program_free_size_5_and_one_condition_ignored():
    game = table()
    me = game.players[0]
    me.reputation = 6
    play(game, 263, upgraded=True)
    options = expect(game, "free_build", 0).options
    assert {kind for kind, _ in options} == {"enclosure-5"}
    money = me.money
    choose(game, options[0])
    assert me.buildings[-1][0] == "enclosure-5" and me.money == money
    finish(game)
    me.money = 40
    enclosure(game, 0, 5)
    to_hand(game, 0, 411)  # needs 2 predator icons and Animals II: two unmet conditions
    animal_turn(game, 406, len(me.buildings) - 1)  # needs 3 asia icons, the zoo has none
    assert 406 in me.animals
    assert 411 not in me.animals and 411 in me.hand
    set_cards(game, 0, ["sponsors", "cards", "build", "association", "animals"])
    start_turn(game, 0)
    assert ("act", "animals", 0) not in game.decision().options  # 411 has a free enclosure-5 but 2 unmet conditions


@card(264)
def test_264_free_range_new_world_monkeys_appeal_per_bonus_space_reached_cp_per_two_others():
    game = table()
    me = game.players[0]
    put(game, 0, "kiosk", [(0, 3)])
    put(game, 0, "enclosure-2", [(2, 5), (2, 7)])
    bonus = {cell for cell, _ in MAP_A.placement_bonuses}
    zoo_cells = _zoo_cells(me)
    covered, reached = len(bonus & zoo_cells), _next_to_zoo(me, bonus - zoo_cells)
    appeal = me.appeal
    play(game, 264)
    # "Every connected space with placement bonus": (0,1) and (2,9), next to the buildings, count; (0,3) and
    # (2,5), which the buildings cover, are built on, not connected (the engine counted them too).
    assert (covered, reached) == (2, 2) and me.appeal == appeal + 2
    cp = me.cp
    end_scoring(game)
    assert me.cp == cp + (len(bonus) - 4) // 2


@card(227)
def test_227_waza_special_assignment_finds_nothing_when_no_such_animal_is_left():
    game = table()
    me = game.players[0]
    me.reputation = 6
    to_hand(game, 0, 227)
    smalls = [n for n in game.deck + game.discard if n in ANIMALS and ANIMALS[n].size_class != "large"]
    game.deck, game.discard = [220, *smalls], []  # no large animal left to find
    play(game, 227, upgraded=True)
    choose(game, "large", "choose_size")
    assert me.hand == [] and me.chosen_size == "large"  # every card was revealed once, then the search ended
    assert 220 in game.deck + game.discard + game.display
