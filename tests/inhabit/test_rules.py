"""Inhabit the Earth: the rules of the German rulebook, each worked example of it as a test, and each
limit tested at and just below its threshold. Quotes name the rule; situations are built by hand on a
fresh game (tests/inhabit/helpers.py), then played through `decision()` / `apply()`."""

from __future__ import annotations

import pytest

from inhabit.helpers import (
    CATALOG,
    choose,
    clear_stacks,
    continent,
    give_token,
    klass,
    new,
    put_creature,
    set_hand,
    start_turn,
    symbol,
    take,
)
from sim.inhabit.catalog import CLASS_BASE, TERRAIN_BASE
from sim.inhabit.movement import current
from sim.inhabit.scoring import results
from sim.inhabit.state import EMPTY
from sim.inhabit.steps import (
    DONE,
    MENAGERIE_ACTION,
    MOVEMENT_ACTION,
    REARING_ACTION,
    Adapt,
    Attach,
    Evolve,
    Introduce,
    MigrateFirst,
    MigrateLast,
    Multiply,
    Stay,
    TriggerCard,
    TriggerToken,
)

AF, AS, AU, EU, NA, SA = (continent(name) for name in
                          ("africa", "asia", "australasia", "europe", "north_america", "south_america"))


def stays(options: tuple) -> list[int]:
    return [option.steps for option in options if isinstance(option, Stay)]


# ----------------------------------------------------------------------------- setup


def test_setup_deals_a_red_predator_and_five_cards_of_deck_1_to_each_player() -> None:
    """"An jeden Spieler wird eine davon ausgeteilt ... fünf weitere Karten von Stapel 1 an jeden Spieler
    ..., sodass jeder Spieler nun über sechs Handkarten verfügt, das normale Limit." """
    for players in (2, 3, 4):
        game = new(players, seed=players)
        assert all(any(CATALOG.cards[card].red and 111 <= card <= 116 for card in seat.hand) for seat in game.seats)
        for seat in game.seats:
            assert len(seat.hand) == seat.hand_limit == 6 and all(card // 100 == 1 for card in seat.hand)
        assert len(game.decks[0]) == 54 - 6 * players and len(game.decks[1]) == len(game.decks[2]) == 54
        game.check_invariants()


def test_setup_stacks_a_blue_token_on_a_green_one_and_puts_red_tokens_before_the_final_spaces() -> None:
    game = new(2)
    for where, trail in enumerate(game.trails):
        assert trail is not None
        for space, kind in enumerate(trail.tokens):
            colours = [CATALOG.tokens[token].color for token in game.stacks[where][space]]
            assert colours == {"stack": ["green", "blue"], "red": ["red"], "": []}[kind]
    assert len(game.box) == 58 - 6 * (3 * 2 + 1)


@pytest.mark.parametrize(("players", "first"), [(2, 3), (3, 2), (4, 0)])
def test_sun_markers_cover_the_first_spaces_with_fewer_players(players: int, first: int) -> None:
    """"In einem Spiel mit 2 oder 3 Spielern werden auf die ersten 3 bzw. 2 Felder der Pfade ...
    Sonnenmarker gelegt" - a marker introduced goes to the first space they leave free."""
    game = new(players)
    start_turn(game, 0, turns_taken=0)
    set_hand(game, 0, [144, 145])
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(144, AU))
    choose(game, 145)
    assert game.seats[0].creatures[0].space == first


def test_introduction_example_platypus_goes_to_the_first_free_space_of_australasia() -> None:
    """Beispiel 1a: "In einem 4-Personen-Spiel wird das Schnabeltier rechts von den bereits vorhandenen
    Kreaturen ... eingesetzt. Blau setzt seinen Marker ... auf den ersten verfügbaren Platz (4 Spieler) in
    Australasien." The marker is white; a card is discarded for the introduction."""
    game = new(4)
    put_creature(game, 0, [117], "north_america", 0)
    start_turn(game, 0)
    set_hand(game, 0, [144, 321])
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(144, AU))
    assert game.decision().kind == "pay"
    choose(game, 321)
    platypus = game.seats[0].creatures[-1]
    assert [creature.top for creature in game.seats[0].creatures] == [117, 144]  # right of the others
    assert (platypus.continent, platypus.space, platypus.black) == (AU, 0, False)
    assert game.discard_up[2] == [321]  # "offen auf den entsprechenden Abwurfstapel"
    game.check_invariants()


def test_an_introduced_marker_skips_occupied_spaces() -> None:
    """"Falls dieses Feld bereits besetzt ist, wird der Marker auf das erste freie Feld dieses Pfades
    gesetzt. Alle besetzten Felder werden dabei einfach übersprungen." """
    game = new(4)
    put_creature(game, 1, [142], "australasia", 0)
    put_creature(game, 2, [131], "australasia", 1)
    start_turn(game, 0, turns_taken=0)
    set_hand(game, 0, [144, 321])
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(144, AU))
    choose(game, 321)
    assert game.seats[0].creatures[0].space == 2


def test_the_first_action_is_always_menagerie() -> None:
    """"Die erste Aktion jedes Spielers ist immer Menagerie." """
    game = new(2)
    assert game.decision().options == (MENAGERIE_ACTION,)
    put_creature(game, 0, [117], "north_america", 3)
    start_turn(game, 0)
    assert game.decision().options == (MENAGERIE_ACTION, REARING_ACTION, MOVEMENT_ACTION)


# ----------------------------------------------------------------------------- menagerie


def four_classes(game: object, seat: int = 0) -> None:
    """Three creatures without cost-free abilities on Africa, Asia and North America."""
    put_creature(game, seat, [117], "north_america", 0)  # predator (trigger-symbol ability)
    put_creature(game, seat, [321], "asia", 0)  # herbivore (scoring)
    put_creature(game, seat, [132], "africa", 0)  # bird (two triggers)


def test_multiply_evolve_and_adapt_examples_with_the_platypus() -> None:
    """Beispiele 1b-1d: the wombat under the platypus makes two platypuses that move doubly fast in
    Australasia and enter mountains; the bandicoot on top makes three bandicoots, with deciduous forest
    and their scoring; the thorny devil adapted under them adds desert but no creature. Each costs a card."""
    game = new(4)
    four_classes(game)
    put_creature(game, 0, [144], "australasia", 0)
    start_turn(game, 0)
    set_hand(game, 0, [145, 249, 161, 331, 332, 333])
    animal = game.seats[0].creatures[-1]
    choose(game, MENAGERIE_ACTION)
    choose(game, Multiply(145))
    choose(game, 331)
    assert (animal.top, animal.creatures, animal.counts[AU], animal.counts[TERRAIN_BASE]) == (144, 2, 2, 1)
    choose(game, Evolve(249))
    choose(game, 332)
    assert (animal.top, animal.creatures, animal.counts[AU]) == (249, 3, 3)
    assert animal.counts[TERRAIN_BASE + 2] == 1  # deciduous forest
    assert CATALOG.cards[249].effect.keyword == "region"  # "Zum Spielschluss könnten sie außerdem 4 Punkte wert sein"
    assert Adapt(161, klass("small_mammal")) in game.decision().options
    choose(game, Adapt(161, klass("small_mammal")))
    choose(game, 333)
    assert (animal.creatures, animal.counts[AU], animal.counts[TERRAIN_BASE + 6]) == (3, 4, 1)
    assert not animal.mask & 1 << (CLASS_BASE + klass("reptile"))  # "aber nicht das Symbol der Kreaturenklasse"
    assert len(animal.cards) == 4  # the limit with four classes: nothing more goes on it
    assert not any(getattr(option, "cls", None) == animal.cls for option in game.decision().options
                   if isinstance(option, Adapt))
    game.check_invariants()


def test_a_class_holds_at_most_as_many_cards_as_there_are_classes() -> None:
    """"Wenn ein Spieler beispielsweise drei Kreaturenklassen in seiner Menagerie hat, darf jede Kreatur
    höchstens von zwei weiteren Karten unterstützt werden." """
    game = new(4)
    put_creature(game, 0, [117], "north_america", 0)
    put_creature(game, 0, [321], "asia", 0)
    bird = put_creature(game, 0, [331, 332], "africa", 0)
    start_turn(game, 0)
    set_hand(game, 0, [333, 334, 141, 335])
    choose(game, MENAGERIE_ACTION)
    options = game.decision().options
    assert Multiply(333) in options and Evolve(333) in options  # 2 cards, 3 classes: one more fits
    choose(game, Multiply(333))
    choose(game, 335)
    assert len(bird.cards) == 3
    options = game.decision().options
    assert Multiply(334) not in options and Evolve(334) not in options and Adapt(334, bird.cls) not in options
    choose(game, Introduce(141, EU))  # a fourth class ...
    choose(game, 334) if 334 in game.decision().options else None
    assert game.seats[0].creature(klass("small_mammal")) is not None


def test_at_most_six_creatures_one_per_class() -> None:
    """"eine Menagerie ..., die genau je einen Kreaturentyp jeder der sechs verschiedenen Klassen enthalten
    kann": with five classes the sixth may be introduced, with six nothing more is."""
    game = new(4)
    for card, where in ((117, "north_america"), (321, "asia"), (132, "africa"), (141, "europe"), (151, "asia")):
        put_creature(game, 0, [card], where, 0 if where != "asia" or card == 321 else 1)
    start_turn(game, 0)
    set_hand(game, 0, [161, 113, 331])
    choose(game, MENAGERIE_ACTION)
    options = game.decision().options
    assert Introduce(161, AU) in options and Multiply(113) in options
    assert Introduce(113, EU) not in options  # a second predator never, though Europe has room
    choose(game, Introduce(161, AU))
    choose(game, 331)
    assert len(game.seats[0].creatures) == 6
    set_hand(game, 0, [162, 333, 334])
    assert not any(isinstance(option, Introduce) for option in game.decision().options)


def test_a_sub_action_needs_a_card_to_discard_besides_the_card_played() -> None:
    game = new(4)
    four_classes(game)
    start_turn(game, 0)
    set_hand(game, 0, [331])
    assert MENAGERIE_ACTION not in game.decision().options  # one card: nothing to pay with
    set_hand(game, 0, [331, 332])
    assert MENAGERIE_ACTION in game.decision().options


def test_no_third_creature_is_introduced_on_a_continent() -> None:
    """"Falls ein Spieler also bereits zwei Kreaturen auf einem Kontinent hat, kann er dort keine dritte
    Kreatur mehr einsetzen" - with one there, a second may come."""
    game = new(4)
    put_creature(game, 0, [117], "australasia", 0)
    start_turn(game, 0)
    set_hand(game, 0, [144, 161, 321, 331])
    choose(game, MENAGERIE_ACTION)
    assert Introduce(144, AU) in game.decision().options
    choose(game, Introduce(144, AU))
    choose(game, 321)
    assert Introduce(161, AU) not in game.decision().options


def test_a_continent_token_lets_a_creature_be_introduced_on_its_continent() -> None:
    """"So kann ein Spieler z. B. ein Kontinentplättchen hinzufügen, wenn er eine neue Kreatur einsetzt,
    wodurch er die Kreatur auf dem Kontinent einsetzen kann, den das Plättchen zeigt." """
    game = new(4)
    put_creature(game, 0, [117], "north_america", 0)
    start_turn(game, 0)
    set_hand(game, 0, [144, 321])
    token = give_token(game, 0, "europe")
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(144, EU))
    choose(game, 321)
    platypus = game.seats[0].creatures[-1]
    assert platypus.continent == EU and platypus.tokens == [token] and game.seats[0].rack == []
    assert game.seats[0].token_points == 0 and platypus.counts[EU] == 1
    game.check_invariants()


# ----------------------------------------------------------------------------- rearing


def test_rearing_example_draws_three_birds_plus_region_two() -> None:
    """Beispiel 2c: "Der Vogel ... hat zwei unterstützende Vogelkarten und eine kopfstehende Reptilienkarte
    zur Anpassung. Der Vogelmarker ist in Region 2. ... Insgesamt zieht er also fünf Karten." """
    game = new(4)
    put_creature(game, 0, [117], "north_america", 0)
    put_creature(game, 0, [321], "asia", 0)
    put_creature(game, 0, [241], "europe", 0)
    bird = put_creature(game, 0, [331, 332, 333, 361], "australasia", 8, adapted=[361])
    assert game.region(bird) == 2 and bird.creatures == 3
    start_turn(game, 0)
    set_hand(game, 0, [])
    choose(game, REARING_ACTION)
    choose(game, bird.cls)
    while game.decision().kind == "deck":
        choose(game, 1)
    assert len(game.seats[0].hand) == 5 and bird.black
    game.check_invariants()


def test_cards_come_from_the_decks_of_the_regions_with_markers() -> None:
    """"Falls sich die Kreaturenmarker aller Spieler nur in Regionen „Eins“ aufhalten, können die Spieler
    auch nur Karten vom Stapel 1 nachziehen. Falls ein beliebiger Spieler einen Kreaturenmarker in einer
    Region „Zwei“ hat, können alle Spieler von den Stapeln 1 und 2 nachziehen." """
    game = new(4)
    put_creature(game, 0, [117], "north_america", 7)
    assert game.allowed_decks() == (1,)
    put_creature(game, 2, [321], "asia", 8)
    assert game.allowed_decks() == (1, 2)
    put_creature(game, 3, [331], "europe", 15)
    assert game.allowed_decks() == (1, 2, 3)


@pytest.mark.parametrize(("open_decks", "region_2", "region_3"), [
    ("regions", (2,), (2, 3)), ("up_to_highest", (1, 2), (1, 2, 3))])
def test_the_decks_open_by_the_rule_sentence_or_by_the_worked_example(open_decks: str, region_2: tuple,
                                                                      region_3: tuple) -> None:
    """"Dabei kann der Spieler beliebig Karten von den Stapeln 1 bis 3 ziehen, deren Nummer einer Region
    entspricht, in der mindestens eine Kreatur eines beliebigen Spielers ist" (`open_decks=regions`, the
    default) against the example's "Falls ein beliebiger Spieler einen Kreaturenmarker in einer Region „Drei“
    hat, können alle Spieler von allen Stapeln nachziehen" (`up_to_highest`): they differ once no marker is
    left in the lower regions."""
    game = new(4, open_decks=open_decks)
    assert game.allowed_decks() == ()
    put_creature(game, 2, [321], "asia", 8)
    assert game.allowed_decks() == region_2
    put_creature(game, 3, [331], "europe", 15)
    assert game.allowed_decks() == region_3
    start_turn(game, 2)
    set_hand(game, 2, [])
    choose(game, REARING_ACTION)
    choose(game, klass("herbivore"))
    assert game.decision().kind == "deck" and game.decision().options == region_3
    put_creature(game, 0, [117], "north_america", 7)
    assert game.allowed_decks() == (1, 2, 3)


def rear_with(game: object, seat: int, cls: int) -> None:
    choose(game, REARING_ACTION)
    while game.decision().kind == "rear_discard":
        choose(game, DONE)
    choose(game, cls)
    while game.decision().kind == "deck":
        choose(game, game.decision().options[0])


@pytest.mark.parametrize(("hand", "drawn"), [(0, 2), (4, 2), (5, 1), (6, 0)])
def test_a_draw_stops_at_the_hand_limit(hand: int, drawn: int) -> None:
    """"Ein Spieler darf maximal so viele Karten nachziehen, wie sein Handlimit beträgt. Er darf keine
    weiteren Karten ziehen." A creature of one card in region 1 draws 2."""
    game = new(4)
    animal = put_creature(game, 0, [321], "asia", 0)
    start_turn(game, 0)
    set_hand(game, 0, [331, 332, 333, 334, 335, 336][:hand])
    rear_with(game, 0, animal.cls)
    assert len(game.seats[0].hand) == hand + drawn


def test_discarding_before_rearing_makes_room_and_stops_once_drawing_began() -> None:
    """2a: "Zunächst kann ein Spieler so viele seiner Handkarten abwerfen wie er möchte, um neue Karten
    nehmen zu können ohne sein Handlimit zu überschreiten." Face down; offered only while it makes room."""
    game = new(4)
    animal = put_creature(game, 0, [321], "asia", 0)
    start_turn(game, 0)
    set_hand(game, 0, [331, 332, 333, 334, 335])
    choose(game, REARING_ACTION)
    assert game.decision().kind == "rear_discard"
    choose(game, 331)
    assert game.discard_down[2] == [331]
    assert game.decision().kind == "rear_flip"  # 4 in hand + 2 drawn: no more room to make
    choose(game, animal.cls)
    assert len(game.seats[0].hand) == 6


def test_when_every_marker_is_black_any_creature_rears_for_exactly_one_card() -> None:
    """"Ausnahme: Falls alle Kreaturenmarker eines Spielers mit der Seite mit schwarzem Hintergrund nach
    oben liegen, kann der Spieler eine beliebige seiner Kreaturen zur Aufzucht benutzen, allerdings nur
    genau eine Karte nehmen. Der Marker bleibt mit der Seite mit schwarzem Hintergrund nach oben liegen." """
    game = new(4)
    first = put_creature(game, 0, [321, 322], "asia", 8, black=True)
    second = put_creature(game, 0, [117], "north_america", 0, black=False)
    start_turn(game, 0)
    set_hand(game, 0, [])
    choose(game, REARING_ACTION)
    assert game.decision().options == (second.cls,)  # one white marker: only it
    second.black = True
    game._decision = None
    assert set(game.decision().options) == {first.cls, second.cls}
    choose(game, first.cls)
    while game.decision().kind == "deck":
        choose(game, 1)
    assert len(game.seats[0].hand) == 1 and first.black


def test_an_empty_deck_takes_its_discard_pile_then_a_neighbouring_deck() -> None:
    """"Falls ein Stapel aufgebraucht ist, wird der entsprechende Abwurfstapel gemischt und als neuer
    Nachziehstapel benutzt. Falls auch der Abwurfstapel leer ist, kann ein Spieler dann stattdessen von
    einem beliebigen benachbarten Stapel nachziehen." """
    game = new(4)
    animal = put_creature(game, 0, [321], "asia", 8)  # region 2 ...
    put_creature(game, 1, [112], "asia", 0)  # ... and region 1: decks 1 and 2
    start_turn(game, 0)
    set_hand(game, 0, [])
    moved = [take(game, card) for card in game.decks[1][:]]
    game.discard_up[1] = moved[:1]
    game.decks[2] += moved[1:]  # out of the way, at the bottom of deck 3
    third = len(game.decks[2])
    choose(game, REARING_ACTION)
    choose(game, animal.cls)
    assert game.decision().options == (1, 2)
    choose(game, 2)  # the one card of discard pile 2 is shuffled into deck 2
    assert game.decision().options == (1, 3)  # deck 2 is exhausted: its neighbours 1 and 3
    choose(game, 3)
    while game.decision().kind == "deck":
        choose(game, 1)
    assert moved[0] in game.seats[0].hand and len(game.decks[2]) == third - 1 and len(game.seats[0].hand) == 3


# ----------------------------------------------------------------------------- movement


def triggered_by(game: object, seat: int, card: int) -> list[int]:
    """Play `card` as trigger; the classes that move, left to right, each declining to move."""
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(card))
    moved = []
    while game.decision().kind == "move" and current(game, seat) >= 0:
        moved.append(game.seats[seat].creatures[current(game, seat)].cls)
        choose(game, DONE)
    return moved


def test_trigger_example_red_deer_triggers_four_of_six_creatures() -> None:
    """Beispiel 3a: the red deer (herbivore, Europe, coniferous forest) triggers the puma (coniferous),
    the thorny devil (Europe, on an upside-down card), the white rhinoceros (class) and the bald eagle
    (coniferous); the wombat and the gibbon have no matching symbol."""
    game = new(4)
    put_creature(game, 0, [117], "north_america", 0)  # puma
    put_creature(game, 0, [145], "australasia", 0)  # wombat
    put_creature(game, 0, [161, 123], "australasia", 1, adapted=[123])  # thorny devil adapted with an ibex
    put_creature(game, 0, [125], "africa", 0)  # white rhinoceros
    put_creature(game, 0, [151], "asia", 0)  # gibbon
    put_creature(game, 0, [136], "north_america", 1)  # bald eagle
    start_turn(game, 0)
    set_hand(game, 0, [124])
    assert triggered_by(game, 0, 124) == [klass(name) for name in ("predator", "reptile", "herbivore", "bird")]


def test_movement_example_1_the_lion_moves_two_spaces() -> None:
    """Beispiel 1: "Der Löwe hat zwei passende Symbole, kann sich also zwei Felder weit vorwärts bewegen.
    Seine erste Bewegung geschieht auf das Laubwaldfeld (1), wofür er das Afrikasymbol benutzt ... Also geht
    der Löwe ein Feld vorwärts auf das Graslandfeld." """
    game = new(4)
    lion = put_creature(game, 0, [111], "africa", 0)
    start_turn(game, 0)
    set_hand(game, 0, [125])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    assert stays(game.decision().options) == [1, 2]
    choose(game, Stay(2))
    assert lion.space == 2 and game.trail(AF).terrains[2] == 1  # grassland


def test_a_matching_terrain_symbol_is_used_before_the_continent_symbol() -> None:
    """The lion on the deciduous forest (space 1): its grassland symbol pays for the grassland, which
    leaves the Africa symbol for the desert after it; paid the other way round it would stop there."""
    game = new(4)
    lion = put_creature(game, 0, [111], "africa", 1)
    start_turn(game, 0)
    set_hand(game, 0, [125])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    assert stays(game.decision().options) == [1, 2]
    choose(game, Stay(2))
    assert lion.space == 3


def kasuar(game: object) -> object:
    """The cassowary with Australasia thrice, desert and deciduous forest, on space 4 of Australasia,
    a green marker of another player on space 8, token space 6 empty and a lone green hedgehog on 9."""
    put_creature(game, 0, [117], "north_america", 0)
    put_creature(game, 0, [321], "asia", 0)
    bird = put_creature(game, 0, [137, 144, 161], "australasia", 4, adapted=[144, 161])
    put_creature(game, 1, [141], "australasia", 8)
    clear_stacks(game, "australasia")
    return bird


def hedgehog(game: object, symbol_name: str) -> int:
    """A hedgehog token showing `symbol_name`, alone on token space 9 of Australasia."""
    for pile in [game.box, *(space for row in game.stacks for space in row)]:
        for token in pile:
            if CATALOG.tokens[token].kind == "hedgehog" and CATALOG.tokens[token].symbol == symbol(symbol_name):
                pile.remove(token)
                game.stacks[AU][9].append(token)
                return token
    raise AssertionError(f"no {symbol_name} hedgehog")


def test_movement_example_2_the_cassowary_ends_on_the_deciduous_forest() -> None:
    """Beispiel 2: mountains (Australasia), over the empty token space to the desert (desert), over the
    green marker and the token space taking the hedgehog to the grassland (Australasia), the desert
    (Australasia) and the deciduous forest (deciduous); the next desert needs a symbol it no longer has."""
    game = new(4)
    bird = kasuar(game)
    token = hedgehog(game, "water")
    start_turn(game, 0)
    set_hand(game, 0, [331])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(331))
    assert current(game, 0) == 2
    assert stays(game.decision().options) == [1, 2, 3, 4, 5]
    choose(game, Stay(5))
    assert bird.space == 12 and game.seats[0].rack == [token]
    assert game.occupant[AU][8] != EMPTY and game.stacks[AU][9] == []
    game.check_invariants()


def test_a_token_taken_on_the_way_may_be_placed_to_move_on() -> None:
    """"Falls dort noch ein Plättchen gelegen hätte, hätte Spieler Rot es genommen ... und sofort auf den
    Kasuar legen können, um damit u. U. weitere Bewegung zu ermöglichen." """
    game = new(4)
    bird = kasuar(game)
    hedgehog(game, "desert")
    start_turn(game, 0)
    set_hand(game, 0, [331])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(331))
    choose(game, Stay(5))
    assert stays(game.decision().options) == []
    choose(game, Attach(symbol("desert"), bird.cls))
    assert stays(game.decision().options) == [1]
    choose(game, Stay(1))
    assert bird.space == 13 and game.seats[0].token_points == 0


def raccoon(game: object) -> object:
    put_creature(game, 0, [117], "africa", 0)
    animal = put_creature(game, 0, [146, 124], "europe", 12, adapted=[124])  # raccoon adapted with the red deer
    clear_stacks(game, "europe")
    game.stacks[EU][13].append(take_box(game, "green"))
    return animal


def take_box(game: object, color: str) -> int:
    token = next(token for token in game.box if CATALOG.tokens[token].color == color)
    game.box.remove(token)
    return token


def test_migration_example_the_raccoon_migrates_to_region_3_of_north_america() -> None:
    """Beispiel Auswanderung: Europe symbol to the deciduous forest (taking the green token), coniferous to
    the first space of region 3, then migrating as its last move to the first free space of region 3 in
    North America, an unused coniferous symbol left over."""
    game = new(4)
    animal = raccoon(game)
    start_turn(game, 0)
    set_hand(game, 0, [341])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(341))
    options = game.decision().options
    assert stays(options) == [1, 2, 3] and MigrateLast(2, NA) in options
    assert MigrateFirst(NA, 0) in options  # a migration first, from region 2 ...
    choose(game, MigrateLast(2, NA))
    assert (animal.continent, animal.space, game.region(animal)) == (NA, 15, 3)
    assert len(game.seats[0].rack) == 1
    assert game.decision().kind != "move" or current(game, 0) != 1  # "kann sich nicht mehr bewegen"
    game.check_invariants()


def test_a_migration_is_the_first_or_the_last_move_never_one_in_between() -> None:
    """"Die Auswanderung muss entweder die erste Bewegung der Kreatur sein oder ihre letzte." After
    migrating first, no second migration; after moving on with a placed token, no first migration."""
    game = new(4)
    animal = raccoon(game)
    give_token(game, 0, "coniferous")
    start_turn(game, 0)
    set_hand(game, 0, [341])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(341))
    choose(game, Stay(1))
    options = game.decision().options
    assert not any(isinstance(option, MigrateFirst) for option in options)
    assert MigrateLast(0, NA) in options
    choose(game, MigrateFirst(NA, 0)) if MigrateFirst(NA, 0) in options else choose(game, MigrateLast(0, NA))
    assert animal.continent == NA
    assert not any(isinstance(option, (MigrateFirst, MigrateLast)) for option in game.decision().options)


def test_no_migration_to_a_continent_with_two_of_the_seats_markers_that_stay() -> None:
    """"Zum Ende seines Spielzuges darf ein Spieler maximal zwei Kreaturen auf demselben Kontinent haben":
    neither the reptile nor the primate on North America can migrate away (decision 18)."""
    game = new(4)
    raccoon(game)
    start_turn(game, 0)
    set_hand(game, 0, [341])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(341))
    assert MigrateLast(2, NA) in game.decision().options  # none of its markers there yet
    put_creature(game, 0, [164], "north_america", 0)  # reptile, North America, water: triggered
    assert MigrateLast(2, NA) in game.decision().options  # one
    put_creature(game, 0, [155], "north_america", 1)  # primate, North America, mountains
    assert not any(getattr(option, "continent", None) == NA for option in game.decision().options)  # two


def transit(game: object, leaver: list[int], leaver_first: bool = False, primate: tuple[int, ...] = (155,),
            between: tuple[int, ...] = ()) -> tuple:
    """Seat 0: the raccoon (North America symbol) in region 2 of Europe, about to move; on North America a
    reptile of `leaver` (triggered by its water symbol) and a primate of `primate` (not triggered), right of
    the raccoon unless `leaver_first`; a creature of `between` on space 19 of Australasia right of the
    raccoon. The trigger is 341 (small mammal, Asia, water); cards after the first are upside down."""
    if leaver_first:
        reptile = put_creature(game, 0, leaver, "north_america", 0, adapted=leaver[1:])
    animal = put_creature(game, 0, [146, 124], "europe", 12, adapted=[124])
    clear_stacks(game, "europe")
    if between:
        put_creature(game, 0, between, "australasia", 19)
    if not leaver_first:
        reptile = put_creature(game, 0, leaver, "north_america", 0, adapted=leaver[1:])
    put_creature(game, 0, primate, "north_america", 1, adapted=primate[1:])  # primate, North America, mountains
    start_turn(game, 0)
    set_hand(game, 0, [341])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(341))
    return animal, reptile


def test_a_third_marker_may_pass_through_a_continent_when_another_leaves_it_in_the_same_turn() -> None:
    """"Weitere Kreaturen eines Spielers dürfen im Laufe eines Spielzuges durch Auswanderung hinzukommen, aber
    nur dann, wenn durch weitere Auswanderung vor dem Ende des Spielzuges diese Anzahl wieder auf zwei oder
    weniger reduziert wird." The raccoon migrates to North America, where the seat has two markers, because
    the reptile to its right (triggered, with an Asia symbol) can migrate on; the reptile must then leave:
    it may move first, but it may not stop on North America."""
    game = new(4)
    animal, reptile = transit(game, [164, 122])  # reptile North America water, adapted: Asia grassland
    assert MigrateLast(2, NA) in game.decision().options
    choose(game, MigrateLast(2, NA))
    assert animal.continent == NA and game.seats[0].on_continent[NA] == 3
    assert current(game, 0) == 1
    options = game.decision().options
    assert DONE not in options and MigrateFirst(AS, 0) in options and Stay(1) in options
    game.check_invariants()
    choose(game, Stay(1))
    options = game.decision().options
    assert current(game, 0) == 1 and DONE not in options and MigrateLast(0, AS) in options
    choose(game, MigrateLast(0, AS))
    assert reptile.continent == AS and game.seats[0].on_continent[NA] == 2
    assert game.move is None or current(game, 0) < 0
    game.check_invariants()


@pytest.mark.parametrize(("leaver", "leaver_first", "primate"), [
    ([164], False, (155,)), ([164, 122], True, (155,)), ([164], False, (155, 111))])
def test_no_third_marker_in_transit_when_no_creature_to_move_later_can_leave(leaver: list, leaver_first: bool,
                                                                             primate: tuple) -> None:
    """The same without the Asia symbol, or with the reptile left of the raccoon (it has had its movement),
    or with an Africa symbol only on the primate, which is not triggered: the count could not be brought
    back to two, so the migration is not offered."""
    game = new(4)
    transit(game, leaver, leaver_first, primate)
    assert game.seats[0].on_continent[NA] == 2
    assert not any(getattr(option, "continent", None) == NA for option in game.decision().options)


def test_no_move_ends_the_game_while_a_third_marker_is_in_transit() -> None:
    """"Das Spiel endet sofort": the game's end would end the turn with three markers on North America, so
    while the raccoon is in transit the herbivore next to Australasia's final space may not step onto it
    (with `end_continents=1` that step ends the game); before the transit it may."""
    game = new(4, end_continents=1)
    transit(game, [164, 122], between=(126,))  # herbivore, Australasia, water
    choose(game, Stay(1))
    choose(game, DONE)
    assert current(game, 0) == 1 and Stay(1) in game.decision().options

    game = new(4, end_continents=1)
    transit(game, [164, 122], between=(126,))
    choose(game, MigrateLast(2, NA))
    options = game.decision().options
    assert current(game, 0) == 1 and Stay(1) not in options and DONE in options
    choose(game, DONE)
    choose(game, MigrateFirst(AS, 0))
    assert not game.over and game.seats[0].on_continent[NA] == 2
    game.check_invariants()


def test_the_top_token_is_taken_blue_first_then_green() -> None:
    """3e: "nimmt der Spieler das obere (blaue) Plättchen an sich ... Falls dort nur ein grünes Plättchen
    liegt, nimmt der Spieler dieses Plättchen. Falls kein Plättchen mehr vorhanden ist, kann der Spieler
    auch keins nehmen" - each creature passing takes the top one."""
    game = new(4)
    first = put_creature(game, 0, [111], "africa", 4)  # the stack is on space 5
    second = put_creature(game, 0, [125], "africa", 3)
    third = put_creature(game, 1, [112], "africa", 2)
    bottom, top = game.stacks[AF][5]
    start_turn(game, 0)
    set_hand(game, 0, [331])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(331))
    choose(game, Stay(1))
    assert game.seats[0].rack == [top] and first.space == 6
    while current(game, 0) != 1:
        choose(game, DONE)
    choose(game, Stay(2))  # to the space the lion left, then over the stack and the lion
    assert game.seats[0].rack == [top, bottom] and second.space == 7 and game.stacks[AF][5] == []
    assert third.space == 2


def test_reaching_a_final_space_takes_the_red_token() -> None:
    """"Wenn der Marker einer Kreatur das Schlussfeld eines Kontinents betritt, überschreitet er ein rotes
    Plättchen, das 3 Punkte wert ist und das der Spieler einsammelt." """
    game = new(4)
    lion = put_creature(game, 0, [111], "africa", 19)
    red = game.stacks[AF][20][0]
    start_turn(game, 0)
    set_hand(game, 0, [125])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    choose(game, Stay(1))
    assert lion.space == 21 and game.seats[0].rack == [red] and game.seats[0].token_points == 3
    assert game.finals == 1 and not game.over  # the first continent: the game goes on


def test_the_game_ends_at_once_when_a_second_continents_final_space_is_reached() -> None:
    """"Das Spiel endet sofort, sobald zwei Kreaturenmarker auf den Schlussfeldern zweier Kontinente liegen.
    Der Spieler, der den zweiten Kreaturenmarker dorthin bewegt hat, beendet seinen Spielzug nicht mehr." """
    game = new(4)
    put_creature(game, 1, [112], "asia", 21)
    lion = put_creature(game, 0, [111], "africa", 19)
    rhino = put_creature(game, 0, [125], "africa", 3)
    start_turn(game, 0)
    set_hand(game, 0, [331])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(331))
    assert game.finals == 1
    choose(game, Stay(1))
    assert game.over and lion.space == 21 and rhino.space == 3 and game.end_reason == "finals"
    game.check_invariants()


def test_a_triggered_marker_turns_white_even_if_it_does_not_move() -> None:
    """3d, and "Falls sich eine Kreatur bewegen könnte, aber der Spieler sie nicht bewegen möchte, kann er
    sie trotzdem auf die Seite mit weißem Hintergrund drehen." An untriggered one stays black."""
    game = new(4)
    moved = put_creature(game, 0, [111], "africa", 0, black=True)
    still = put_creature(game, 0, [125], "africa", 1, black=True)
    other = put_creature(game, 0, [151], "asia", 0, black=True)
    start_turn(game, 0)
    set_hand(game, 0, [112])  # predator, Asia, mountains: the lion (class) and the gibbon (Asia)
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(112))
    choose(game, Stay(1))
    while game.decision().kind == "move":
        choose(game, DONE)
    assert not moved.black and not other.black and still.black
    assert game.discard_down[0] == [112]  # the trigger card, face down


def test_a_marker_on_a_final_space_is_not_triggered() -> None:
    """"Wenn eine Kreatur das Schlussfeld in einer Region 3 erreicht hat, kann sie nicht mehr weiter bewegt
    werden oder auswandern." """
    game = new(4)
    put_creature(game, 0, [111], "africa", 21, black=True)
    start_turn(game, 0)
    set_hand(game, 0, [125])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    assert game.decision().kind != "move"


def test_a_token_triggers_and_is_discarded_but_a_red_one_cannot() -> None:
    """3e 1.: "Falls ein Plättchen benutzt wird, um eine Bewegung auszulösen, wird es anschließend abgeworfen
    und kann zum Spielschluss keine Siegpunkte einbringen." "Rote Plättchen können keine Bewegung auslösen." """
    game = new(4)
    lion = put_creature(game, 0, [111], "africa", 0)
    start_turn(game, 0)
    set_hand(game, 0, [])
    token = give_token(game, 0, "africa", "red")
    assert MOVEMENT_ACTION not in game.decision().options
    give_token(game, 0, "grassland", "green")
    choose(game, MOVEMENT_ACTION)
    assert game.decision().options == (TriggerToken(symbol("grassland")),)
    choose(game, TriggerToken(symbol("grassland")))
    choose(game, Stay(2))
    assert lion.space == 2 and game.seats[0].rack == [token] and game.seats[0].token_points == 3
    game.check_invariants()


def test_a_token_placed_on_a_creature_to_the_right_triggers_it() -> None:
    """"Die Bewegung einer Kreatur kann in dem aktuellen Spielzug ausgelöst werden, aber falls sich bereits
    Kreaturen bewegt haben, kann eine Bewegung nur für die Kreaturen ausgelöst werden, die rechts von den
    Kreaturen liegen, die sich bereits bewegt haben." """
    game = new(4)
    left = put_creature(game, 0, [151], "asia", 0)
    mover = put_creature(game, 0, [111], "africa", 0)
    right = put_creature(game, 0, [145], "australasia", 0)
    give_token(game, 0, "grassland")
    give_token(game, 0, "grassland")
    start_turn(game, 0)
    set_hand(game, 0, [125])  # herbivore, Africa, grassland: only the lion
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    assert current(game, 0) == 1
    choose(game, Stay(1))
    options = game.decision().options
    assert Attach(symbol("grassland"), right.cls) in options and Attach(symbol("grassland"), left.cls) not in options
    choose(game, Attach(symbol("grassland"), right.cls))
    choose(game, DONE)
    assert current(game, 0) == 2  # the wombat now shows grassland
    assert mover.space == 1


def test_before_the_first_move_a_token_may_trigger_a_creature_left_of_the_triggered_ones() -> None:
    """"Um jederzeit während des Spielzuges des Spielers offen auf eine seiner Menageriekarten gelegt zu
    werden" and "Die Bewegung einer Kreatur kann in dem aktuellen Spielzug ausgelöst werden, aber falls sich
    bereits Kreaturen bewegt haben, kann eine Bewegung nur für die Kreaturen ausgelöst werden, die rechts
    von den Kreaturen liegen": before anything has moved, a token may trigger the gibbon left of the lion,
    and the gibbon then moves first. A token that would trigger nothing is not offered there, and once the
    lion's movement is over (here: declined) the gibbon is out of reach."""
    game = new(4)
    left = put_creature(game, 0, [151], "asia", 0)  # primate, Asia, rainforest
    put_creature(game, 0, [111], "africa", 0)  # lion
    give_token(game, 0, "grassland")
    give_token(game, 0, "water")
    start_turn(game, 0)
    set_hand(game, 0, [125, 126])  # herbivore, Africa, grassland: only the lion
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    assert current(game, 0) == 1
    options = game.decision().options
    assert Attach(symbol("grassland"), left.cls) in options and Attach(symbol("water"), left.cls) not in options
    choose(game, Attach(symbol("grassland"), left.cls))
    assert current(game, 0) == 0  # the gibbon moves first
    choose(game, Stay(1))
    choose(game, DONE)
    assert left.space == 1 and current(game, 0) == 1  # then the lion
    game.check_invariants()

    game = new(4)
    left = put_creature(game, 0, [151], "asia", 0)
    put_creature(game, 0, [111], "africa", 0)
    give_token(game, 0, "grassland")
    start_turn(game, 0)
    set_hand(game, 0, [125])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(125))
    choose(game, DONE)  # the lion does not move: its movement is over
    assert game.move is None and left.space == 0  # no token was offered to trigger the gibbon


# ----------------------------------------------------------------------------- scoring


def test_scoring_counts_regions_unused_tokens_and_visible_scoring_cards() -> None:
    """Schlusswertung 1-3: the region number of each marker, each unused token's points, each scoring
    card on top; a token placed on a creature scores nothing; a covered scoring card scores nothing."""
    game = new(2)
    put_creature(game, 0, [249], "australasia", 15)  # region 3, scoring 4 in region 3
    put_creature(game, 0, [111], "africa", 8)  # region 2
    put_creature(game, 0, [215, 217], "asia", 3, top=217)  # 215 covered; 217 wants a black marker (white)
    give_token(game, 0, "africa", "red")
    rack = give_token(game, 0, "water", "green")
    put_creature(game, 1, [112], "asia", 4)
    game.finals = 2  # as if the game had just ended
    from sim.inhabit.ending import finish

    finish(game, "finals")
    [first, second] = results(game)
    expected = 3 + 2 + 1 + 3 + CATALOG.tokens[rack].points + 4
    assert (first.score, first.details["card_points"]) == (expected, 4)
    assert (second.score, first.rank, second.rank) == (1, 1, 2)


def test_a_tie_goes_to_the_marker_nearest_a_final_space_then_the_second_nearest() -> None:
    """"Derjenige der am Gleichstand beteiligten Spieler, dessen Kreaturenmarker auf dem Schlussfeld eines
    Kontinentalpfades oder diesem am nächsten steht, entscheidet den Gleichstand für sich. Falls auch
    dadurch noch kein Sieger feststeht, werden die Positionen der einem Schlussfeld zweitnächsten
    Kreaturenmarker der Spieler verglichen usw." """
    game = new(3)
    put_creature(game, 0, [111], "africa", 9)
    put_creature(game, 0, [121], "africa", 4)
    put_creature(game, 1, [112], "asia", 9)
    put_creature(game, 1, [122], "asia", 5)
    put_creature(game, 2, [113], "europe", 8)
    put_creature(game, 2, [123], "europe", 6)
    ranks = [result.rank for result in results(game)]
    assert [result.score for result in results(game)] == [3, 3, 3]
    assert ranks == [2, 1, 3]  # equal nearest (12 from the end); seat 2's second is nearer than seat 1's
