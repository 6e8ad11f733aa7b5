"""Inhabit the Earth: every ability family of the card clarifications ("Zusätzliche Kartenerklärungen")
and every scoring keyword, each test run for every card of its keyword in the data pack (the card(N)
marks feed `arkmc cards --game sim.inhabit.game:Inhabit`)."""

from __future__ import annotations

import pytest

from inhabit.helpers import (
    CATALOG,
    CONTINENTS,
    TERRAINS,
    add,
    choose,
    give_token,
    new,
    put_creature,
    set_hand,
    spare,
    start_turn,
)
from sim.inhabit.ending import finish
from sim.inhabit.menagerie import attach
from sim.inhabit.movement import current, walk
from sim.inhabit.scoring import SCORING, scoring_cards
from sim.inhabit.state import InhabitState
from sim.inhabit.steps import (
    DONE,
    MENAGERIE_ACTION,
    MOVEMENT_ACTION,
    REARING_ACTION,
    Adapt,
    Evolve,
    Flip,
    Introduce,
    Multiply,
    Stay,
    TriggerAbility,
    TriggerCard,
)


def row(number: int) -> object:
    return pytest.param(number, marks=pytest.mark.card(number), id=str(number))


def sub_action(number: int, kind: str) -> object:
    return pytest.param(number, kind, marks=pytest.mark.card(number), id=f"{number}-{kind}")


FREE_INTRODUCE = [row(111), row(112), row(113), row(114), row(115), row(116), row(211), row(212)]
TRIGGER_SYMBOL = [row(117), row(118), row(119), row(213), row(214)]
FREE_SUB_ACTIONS = [
    sub_action(121, "evolve"), sub_action(129, "evolve"), sub_action(156, "evolve"), sub_action(157, "evolve"),
    sub_action(158, "evolve"), sub_action(159, "evolve"),
    sub_action(122, "multiply"), sub_action(124, "multiply"), sub_action(125, "multiply"), sub_action(126, "multiply"),
    sub_action(164, "multiply"), sub_action(165, "multiply"), sub_action(166, "multiply"), sub_action(221, "multiply"),
    sub_action(222, "multiply"),
    sub_action(123, "adapt"), sub_action(127, "adapt"), sub_action(128, "adapt"), sub_action(161, "adapt"),
    sub_action(162, "adapt"), sub_action(163, "adapt"), sub_action(225, "adapt"), sub_action(226, "adapt"),
]
DRAW_ON_INTRODUCE = [row(131), row(134), row(135), row(136), row(137), row(138), row(233), row(234)]
TWO_TRIGGERS = [row(132), row(133), row(139), row(231), row(232)]
REAR_BONUS = [row(141), row(144), row(145), row(146), row(251), row(252)]
REAR_SECOND = [row(142), row(143), row(147), row(148), row(253), row(254), row(255)]
HAND_LIMIT = [row(151), row(152), row(153), row(154), row(155), row(256), row(257)]
EXTRA_STEP = [row(167), row(168), row(169), row(261), row(262), row(263)]
DOUBLE_EVOLVE = [row(223), row(224)]


def others(game: InhabitState, seat: int, card: int, count: int = 3) -> None:
    """`count` more creatures with scoring cards on top, of other classes than `card`'s, so that every
    class has room for more cards and no other ability interferes."""
    used = {CATALOG.cards[card].cls} | {creature.cls for creature in game.seats[seat].creatures}
    for cls in range(6):
        if count and cls not in used:
            add(game, seat, [300 + 10 * (cls + 1) + 1])
            count -= 1


def hand_of(game: InhabitState, seat: int, cards: list[int], fillers: int = 3) -> list[int]:
    """The hand: `cards` and `fillers` deck-3 cards to pay with; returns the fillers."""
    extra = spare(game, fillers, avoid=cards)
    set_hand(game, seat, cards + extra)
    return extra


def card_of_class(game: InhabitState, cls: int, deck: int = 3, avoid: tuple[int, ...] = ()) -> int:
    """A card of class `cls` (0-5) still in `deck`."""
    return next(card for card in game.decks[deck - 1] if CATALOG.cards[card].cls == cls and card not in avoid)


# ----------------------------------------------------------------------------- free sub-actions


@pytest.mark.parametrize("card", FREE_INTRODUCE)
def test_free_introduce_once_a_turn_but_not_for_itself(card: int) -> None:
    """111-116: "Diese Fähigkeit kann nicht benutzt werden, um diese Kreatur selbst einzusetzen (da sie noch
    nicht in der Menagerie des Spielers lag, als sie eingesetzt wurde)." Once a turn, then a card again."""
    game = new(4)
    start_turn(game, 0, turns_taken=0)
    hand_of(game, 0, [card])
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(card, CATALOG.cards[card].continent))
    assert game.decision().kind == "pay"  # introducing itself costs a card
    choose(game, game.decision().options[0])
    taken = {creature.cls for creature in game.seats[0].creatures}
    first, second = [card_of_class(game, cls) for cls in range(6) if cls not in taken][:2]
    set_hand(game, 0, [first, second, *spare(game, 2, avoid=[first, second])])
    choose(game, Introduce(first, CATALOG.cards[first].continent))
    assert game.decision().kind == "menagerie" and len(game.seats[0].hand) == 3  # free
    choose(game, Introduce(second, CATALOG.cards[second].continent))
    assert game.decision().kind == "pay"  # once a turn


def free_subaction(game: InhabitState, card: int, kind: str) -> tuple[object, object]:
    """A creature with `card` on top and three others; returns the two sub-action options to compare,
    both on a creature other than `card`'s (so the ability stays visible)."""
    add(game, 0, [card])
    others(game, 0, card)
    start_turn(game, 0)
    target = game.seats[0].creatures[1]
    first, second = card_of_class(game, target.cls), None
    second = card_of_class(game, target.cls, avoid=(first,))
    hand_of(game, 0, [first, second])
    make = {"multiply": Multiply, "evolve": Evolve}.get(kind)
    if make is not None:
        return make(first), make(second)
    return Adapt(first, target.cls), Adapt(second, target.cls)


@pytest.mark.parametrize(("card", "kind"), FREE_SUB_ACTIONS)
def test_a_free_sub_action_costs_no_card_once_a_turn(card: int, kind: str) -> None:
    """"muss der Spieler für jede einzelne Aktion eine Karte abwerfen, es sei denn, in seiner Menagerie liegt
    bereits eine Karte mit einer diesbezüglichen Sonderfähigkeit offen aus"; "kann ein Mal pro Spielzug
    benutzt werden (z. B. Nr. 121 Dromedar oder Nr. 123 Steinbock)"."""
    game = new(4)
    first, second = free_subaction(game, card, kind)
    choose(game, MENAGERIE_ACTION)
    choose(game, first)
    assert game.decision().kind == "menagerie"
    choose(game, second)
    assert game.decision().kind == "pay"


@pytest.mark.parametrize("card", DOUBLE_EVOLVE)
def test_double_evolve_gives_two_evolutions_together_or_one_when_it_evolves_itself(card: int) -> None:
    """223, 224: "Falls zwei Mal, müssen beide Entwicklungen zusammen gespielt werden. Falls diese Kreatur
    selbst entwickelt wird, kann das nur ein Mal geschehen, weil die Fähigkeit anschließend nicht mehr
    sichtbar ist." """
    game = new(4)
    first, second = free_subaction(game, card, "evolve")
    choose(game, MENAGERIE_ACTION)
    choose(game, first)
    assert game.decision().kind == "second_evolve" and second in game.decision().options
    choose(game, second)
    assert game.decision().kind == "menagerie" and len(game.seats[0].hand) == 3  # both free
    game = new(4)
    owner = add(game, 0, [card])
    others(game, 0, card)
    start_turn(game, 0)
    onto = card_of_class(game, owner.cls)
    hand_of(game, 0, [onto, card_of_class(game, 0 if owner.cls else 1)])
    choose(game, MENAGERIE_ACTION)
    choose(game, Evolve(onto))
    assert game.decision().kind == "menagerie"  # free, but no second evolution: the ability is covered


# ----------------------------------------------------------------------------- triggers


@pytest.mark.parametrize("card", TRIGGER_SYMBOL)
def test_a_trigger_symbol_ability_replaces_the_trigger(card: int) -> None:
    """117-119: "Diese Bewegungsfähigkeit ersetzt das normale Auslösesymbol." No card is played; once a turn."""
    game = new(4)
    owner = add(game, 0, [card])
    start_turn(game, 0)
    set_hand(game, 0, [])
    choose(game, MOVEMENT_ACTION)
    assert game.decision().options == (TriggerAbility(card),)
    wanted = 1 << CATALOG.cards[card].effect.params[0]
    matching = add(game, 0, [next(number for number in game.decks[2] if CATALOG.cards[number].mask & wanted)])
    choose(game, TriggerAbility(card))
    assert game.move.mask == wanted and card in game.used and game.seats[0].hand == []
    assert current(game, 0) == (0 if owner.mask & wanted else 1) and matching.mask & wanted


@pytest.mark.parametrize("card", TWO_TRIGGERS)
def test_two_triggers_are_played_before_the_movement(card: int) -> None:
    """132, 133, 139: "Falls zwei Auslösekarten gespielt werden, werden sie erst gespielt, dann folgt die
    Bewegung." A creature matching either moves."""
    game = new(4)
    add(game, 0, [card])
    others(game, 0, card, count=2)
    start_turn(game, 0)
    target = game.seats[0].creatures[2]
    trigger = card_of_class(game, target.cls)
    plain = spare(game, 1, avoid=[trigger])
    set_hand(game, 0, [*plain, trigger])
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(plain[0]))
    assert game.decision().kind == "trigger" and DONE in game.decision().options  # the second is optional
    choose(game, TriggerCard(trigger))
    assert game.move.mask == CATALOG.cards[plain[0]].mask | CATALOG.cards[trigger].mask
    moving = []
    while game.decision().kind == "move" and current(game, 0) >= 0:
        moving.append(current(game, 0))
        choose(game, DONE)
    assert 2 in moving


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize("card", DRAW_ON_INTRODUCE)
def test_cards_for_an_introduction_but_not_for_its_own(card: int) -> None:
    """131, 134-138: "Ein Spieler erhält nicht zwei Karten beim Einsetzen dieser Kreatur, da sie noch nicht
    in der Menagerie des Spielers lag" - two cards for each later introduction, after its cost is paid."""
    game = new(4)
    start_turn(game, 0, turns_taken=0)
    hand_of(game, 0, [card])
    choose(game, MENAGERIE_ACTION)
    choose(game, Introduce(card, CATALOG.cards[card].continent))
    choose(game, game.decision().options[0])
    assert len(game.seats[0].hand) == 2  # 5 - the card - the cost: none drawn
    other = card_of_class(game, (CATALOG.cards[card].cls + 1) % 6)
    set_hand(game, 0, [other, *spare(game, 2, avoid=[other])])
    choose(game, Introduce(other, CATALOG.cards[other].continent))
    choose(game, game.decision().options[0])
    while game.decision().kind == "deck":
        choose(game, game.decision().options[0])
    assert len(game.seats[0].hand) == 1 + int(CATALOG.cards[card].effect.params[0])


@pytest.mark.parametrize("card", REAR_BONUS)
def test_rear_bonus_adds_cards_to_a_rearing(card: int) -> None:
    game = new(4)
    owner = add(game, 0, [card])
    start_turn(game, 0)
    set_hand(game, 0, [])
    choose(game, REARING_ACTION)
    choose(game, owner.cls)
    while game.decision().kind == "deck":
        choose(game, game.decision().options[0])
    assert len(game.seats[0].hand) == 1 + 1 + int(CATALOG.cards[card].effect.params[0])


@pytest.mark.parametrize("card", REAR_SECOND)
def test_rear_second_rears_a_second_creature_in_any_region(card: int) -> None:
    """142, 143, 147, 148: "Anstatt nur eine Kreatur in einer beliebigen Region" - after the first, a second
    white creature may be reared too (or not)."""
    game = new(4)
    owner = add(game, 0, [card])
    other = add(game, 0, [331], region=2)
    start_turn(game, 0)
    set_hand(game, 0, [])
    choose(game, REARING_ACTION)
    choose(game, owner.cls)
    while game.decision().kind == "deck":
        choose(game, game.decision().options[0])
    assert game.decision().kind == "rear_flip" and game.decision().options == (other.cls, DONE)
    choose(game, other.cls)
    while game.decision().kind == "deck":
        choose(game, game.decision().options[0])
    assert len(game.seats[0].hand) == 2 + 3 and owner.black and other.black


@pytest.mark.parametrize("card", HAND_LIMIT)
def test_a_hand_limit_ability_raises_the_limit_until_it_is_evolved_away(card: int) -> None:
    """151-155: "Wer diese Kreatur entwickelt, muss sofort eine Handkarte abwerfen, falls nötig." """
    game = new(4)
    owner = add(game, 0, [card])
    others(game, 0, card)
    raised = 6 + int(CATALOG.cards[card].effect.params[0])
    assert game.seats[0].hand_limit == raised
    start_turn(game, 0)
    onto = card_of_class(game, owner.cls)
    fillers = spare(game, raised - 1, avoid=[onto])
    set_hand(game, 0, [onto, *fillers])
    choose(game, MENAGERIE_ACTION)
    choose(game, Evolve(onto))
    choose(game, fillers[0])  # the cost
    expected = raised - 2
    if expected > 6:
        assert game.decision().kind == "discard"
        while game.decision().kind == "discard":
            choose(game, game.decision().options[0])
    assert len(game.seats[0].hand) == min(expected, 6) and game.seats[0].hand_limit == 6


@pytest.mark.parametrize("card", EXTRA_STEP)
def test_an_extra_step_moves_one_space_more_than_the_symbols(card: int) -> None:
    """167-169: "1 Feld weit bewegen kann auswandern sein." - a step no symbol pays for (a migration is
    paid by the new continent's symbol, which the creature needs for it anyway)."""
    game = new(4)
    owner = add(game, 0, [card])
    start_turn(game, 0)
    trigger = card_of_class(game, owner.cls)
    set_hand(game, 0, [trigger])
    symbols_only = len(walk(game, owner.continent, owner.space, [*owner.counts, 0]))
    with_extra = len(walk(game, owner.continent, owner.space, [*owner.counts, 1]))
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(trigger))
    steps = [option.steps for option in game.decision().options if isinstance(option, Stay)]
    assert max(steps) == with_extra > symbols_only  # at least one more (it may reach a terrain it has)


@pytest.mark.card(149)
def test_the_sloth_draws_when_a_marker_passes_over_it_even_in_another_turn() -> None:
    """149: "Der Spieler nimmt sofort eine Karte ... Falls dies während des Spielzuges eines anderen Spielers
    geschieht, muss der Spieler erst eine Karte abwerfen, falls er bereits sein Handlimit erreicht hat." """
    game = new(4)
    put_creature(game, 1, [149], "south_america", 1)
    mover = put_creature(game, 0, [115], "south_america", 0)
    start_turn(game, 0)
    set_hand(game, 0, [315])
    held = spare(game, 6, avoid=[315])
    set_hand(game, 1, held)
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(315))
    choose(game, Stay(1))
    assert mover.space == 2
    assert game.decision().seat == 1 and game.decision().kind == "discard"  # at its limit: discard first
    choose(game, held[0])
    hand = game.seats[1].hand
    assert len(hand) == 6 and held[0] not in hand and len(set(hand) - set(held)) == 1


@pytest.mark.card(227)
def test_flip_all_white_turns_the_markers_already_there_white() -> None:
    """227: "Gilt nur für bereits eingesetzte Kreaturen." """
    game = new(4)
    owner = add(game, 0, [321], black=True)
    other = add(game, 0, [331], black=True)
    start_turn(game, 0)
    hand_of(game, 0, [227])
    choose(game, MENAGERIE_ACTION)
    choose(game, Evolve(227))
    assert not owner.black and not other.black


# ----------------------------------------------------------------------------- scoring


def scored(game: InhabitState, seat: int = 0) -> dict[int, int]:
    return dict(scoring_cards(game, seat))


def scoring_rows(keyword: str) -> list[object]:
    return [row(number) for number, card in sorted(CATALOG.cards.items()) if card.effect.keyword == keyword]


@pytest.mark.parametrize("card", [row(215), row(229), row(239), row(249), row(269), row(311), row(321), row(331),
                                  row(341), row(351)])
def test_region_scoring_from_its_region_on(card: int) -> None:
    game = new(4)
    needed, points = CATALOG.cards[card].effect.params
    assert scored(game) == {}
    below = add(game, 0, [card], region=needed - 1) if needed > 1 else None
    if below is not None:
        assert scored(game) == {card: 0}
        game = new(4)
    add(game, 0, [card], region=needed)
    assert scored(game) == {card: points}


@pytest.mark.parametrize("card", [row(216), row(238), row(259), row(312), row(322), row(332), row(342), row(352)])
def test_on_continent_scoring(card: int) -> None:
    game = new(4)
    where, points = CATALOG.cards[card].effect.params
    creature = add(game, 0, [card])
    assert scored(game) == {card: points if creature.continent == where else 0}


@pytest.mark.card(217)
def test_the_desert_fox_scores_a_black_marker_and_may_stay_black_when_it_moves() -> None:
    """3d: "Gelegentlich kann es aus Wertungsgründen sinnvoll sein, den Marker nicht umzudrehen, z. B.
    Wüstenfuchs (Nr. 217)." """
    game = new(4)
    fox = add(game, 0, [217], black=True)
    assert scored(game) == {217: 4}
    start_turn(game, 0)
    set_hand(game, 0, [311])  # predator: triggers the fox
    choose(game, MOVEMENT_ACTION)
    choose(game, TriggerCard(311))
    choose(game, Stay(1))
    while game.decision().kind == "move":
        choose(game, DONE)
    assert game.decision().kind == "flip"
    choose(game, Flip(False))
    assert fox.black and scored(game) == {217: 4}
    fox.black = False
    assert scored(game) == {217: 0}


@pytest.mark.parametrize("card", [row(218), row(237), row(258), row(315), row(335), row(345), row(355)])
def test_creature_size_scoring_at_and_below_its_size(card: int) -> None:
    size, points = CATALOG.cards[card].effect.params
    cls = CATALOG.cards[card].cls
    game = new(4)
    others(game, 0, card, count=5)
    supports = [number for number in game.decks[2] if CATALOG.cards[number].cls == cls and number != card][:size]
    creature = add(game, 0, [*supports[:size - 1], card] if size > 1 else [card])
    creature.top = card
    assert scored(game)[card] == points
    game = new(4)
    others(game, 0, card, count=5)
    creature = add(game, 0, [*supports[:size - 2], card] if size > 1 else [card])
    creature.top = card
    assert scored(game)[card] == (0 if size > 1 else points)


@pytest.mark.parametrize("card", [row(219), row(244), row(248), row(317), row(327), row(337), row(347), row(357)])
def test_final_space_scoring(card: int) -> None:
    """244, 248: "Man sollte dabei nicht vergessen, dass das Spiel sofort endet, sobald eine zweite Kreatur
    ein Schlussfeld erreicht." Points only on the final space, not the space before."""
    game = new(4)
    where = CATALOG.cards[card].continent
    trail = game.trail(where)
    put_creature(game, 0, [card], CONTINENTS[where], trail.final - 2)
    assert scored(game) == {card: 0}
    game = new(4)
    put_creature(game, 0, [card], CONTINENTS[where], trail.final)
    assert scored(game) == {card: CATALOG.cards[card].effect.params[0]}


@pytest.mark.parametrize("card", [row(228), row(264), row(265), row(266), row(316), row(326), row(336), row(346),
                                  row(356)])
def test_inhabit_terrain_scoring_counts_the_supports_terrain(card: int) -> None:
    """264-266: "Man sollte beachten, dass diese Kreaturen auch das Gelände der Unterstützungskarten
    bewohnen." The marker's space terrain is checked against every terrain symbol of the creature."""
    game = new(4)
    data = CATALOG.cards[card]
    trail = game.trail(data.continent)
    others(game, 0, card, count=1)
    space = next(index for index in range(trail.final) if trail.terrains[index] not in (-1, data.terrain)
                 and index > 3)
    support = next(number for number in game.decks[2] if CATALOG.cards[number].terrain == trail.terrains[space]
                   and number != card)
    creature = put_creature(game, 0, [card], CONTINENTS[data.continent], space)
    assert scored(game)[card] == 0
    game = new(4)
    others(game, 0, card, count=1)
    creature = put_creature(game, 0, [card, support], CONTINENTS[data.continent], space, adapted=[support])
    assert creature.top == card and scored(game)[card] == data.effect.params[0]


@pytest.mark.parametrize("card", [row(235), row(268), row(319), row(329), row(339), row(359)])
def test_continent_count_scoring_includes_continent_tokens(card: int) -> None:
    """329: "Umfasst auch Kontinentplättchen auf der Kreatur selbst." """
    game = new(4)
    where, points = CATALOG.cards[card].effect.params
    creature = add(game, 0, [card])
    before = scored(game)[card]
    assert before == points * creature.counts[where]
    token = give_token(game, 0, CONTINENTS[where])
    attach(game, 0, CATALOG.tokens[token].symbol, creature.cls)
    assert token in creature.tokens
    assert scored(game)[card] == before + points


@pytest.mark.parametrize("card", [row(236), row(267), row(314), row(324), row(334), row(344), row(354)])
def test_terrain_count_scoring_includes_terrain_tokens(card: int) -> None:
    """324: "Umfasst auch Geländeplättchen auf der Kreatur selbst." """
    game = new(4)
    terrain, points = CATALOG.cards[card].effect.params
    creature = add(game, 0, [card])
    before = scored(game)[card]
    token = give_token(game, 0, TERRAINS[terrain])
    attach(game, 0, CATALOG.tokens[token].symbol, creature.cls)
    assert token in creature.tokens
    assert scored(game)[card] == before + points


@pytest.mark.parametrize("card", [row(313), row(323), row(325), row(333), row(343), row(349), row(353)])
def test_class_count_scoring_counts_cards_not_markers(card: int) -> None:
    """325, 349: "Kreaturen sind Karten, nicht Marker." """
    game = new(4)
    cls, points = CATALOG.cards[card].effect.params
    add(game, 0, [card])
    if CATALOG.cards[card].cls == cls:
        assert scored(game)[card] == points
    else:
        assert scored(game)[card] == 0
        others(game, 0, card, count=5)
        owner = game.seats[0].creature(cls)
        assert owner is not None and scored(game)[card] == points * owner.creatures


@pytest.mark.parametrize("card", [row(241), row(242), row(243), row(245), row(246), row(247), row(318), row(328),
                                  row(338), row(348), row(358)])
def test_token_bonus_adds_to_the_tokens_points(card: int) -> None:
    """241-243, 245-247: "Dies sind zusätzliche Punkte zu Punkten auf den Plättchen." """
    game = new(4)
    color, points = CATALOG.cards[card].effect.params
    add(game, 0, [card])
    assert scored(game)[card] == 0
    give_token(game, 0, "water", "green")
    give_token(game, 0, "water", "blue")
    assert scored(game)[card] == points * (2 if color == "any" else 1)


@pytest.mark.parametrize("card", [row(361), row(362), row(363), row(364), row(365)])
def test_majority_scoring_is_affected_by_the_other_players(card: int) -> None:
    """361-365 (black-backed): "andere Spieler beeinflussen können, ob diese Kreatur Punkte bringt";
    "Kreaturen sind Karten, nicht Marker." A tie is no majority."""
    cls, points = CATALOG.cards[card].effect.params
    game = new(3)
    add(game, 0, [card])
    cards = [number for number in game.decks[2] if CATALOG.cards[number].cls == cls][:2]
    mine = game.seats[0].creature(cls)
    if mine is None:
        mine = add(game, 0, [cards.pop()])
    assert scored(game)[card] == points
    add(game, 1, [cards.pop()])
    assert scored(game)[card] == 0  # one creature each: a tie


@pytest.mark.parametrize("card", [row(366), row(367), row(368), row(369)])
def test_alone_scoring_is_lost_to_another_players_marker(card: int) -> None:
    game = new(3)
    creature = add(game, 0, [card])
    assert scored(game)[card] == CATALOG.cards[card].effect.params[0]
    put_creature(game, 2, [311], CONTINENTS[creature.continent], 12)
    assert scored(game)[card] == 0


def test_every_scoring_keyword_has_a_test_above_and_every_card_keyword_a_handler() -> None:
    keywords = {card.effect.keyword for card in CATALOG.cards.values() if card.scoring}
    assert keywords <= set(SCORING)
    from sim.inhabit.registry import EFFECTS

    assert all(EFFECTS.is_known(card.effect.keyword) for card in CATALOG.cards.values())


def test_a_game_is_scored_when_it_ends() -> None:
    game = new(2)
    add(game, 0, [249], region=3)
    finish(game, "finals")
    assert game.card_points == [4, 0]
