"""`arkmc study` for Inhabit the Earth (sim/inhabit/study.py): a deck-1 card forced into a seat's starting hand,
or taken out of the game. The setup the hooks must respect is the rulebook's: "Die Raubtierkarten mit den roten
Referenznummern 111 bis 116 werden aus dem Stapel 1 herausgesucht. An jeden Spieler wird eine davon
ausgeteilt ... anschließend werden von diesem Stapel fünf weitere Karten von Stapel 1 an jeden Spieler verdeckt
ausgeteilt", and in the introductory game fixed starting sets of four."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.analysis.data import Run
from sim.cli import main
from sim.core.protocols import Intervention
from sim.inhabit.state import InhabitState
from sim.inhabit.study import RED_SLOT
from tests.inhabit.helpers import CATALOG, FACTORY, new

Place = tuple[str, int, int]


def places(game: InhabitState) -> dict[int, Place]:
    """Where every card lies: ("deck", deck, index) counted from the bottom, ("hand", seat, slot), ("banned", 0, i)."""
    where: dict[int, Place] = {}
    for deck, pile in enumerate(game.decks):
        where.update({card: ("deck", deck, index) for index, card in enumerate(pile)})
    for seat, player in enumerate(game.seats):
        where.update({card: ("hand", seat, slot) for slot, card in enumerate(player.hand)})
    where.update({card: ("banned", 0, index) for index, card in enumerate(game.banned)})
    return where


def every_card(game: InhabitState) -> Counter[int]:
    """Every card of the game once per copy, wherever it lies (a fresh game has no discards and no menageries)."""
    return Counter([card for pile in game.decks for card in pile] + [card for seat in game.seats for card in seat.hand]
                   + game.banned)


def moved(before: dict[int, Place], after: dict[int, Place]) -> dict[int, tuple[Place | None, Place | None]]:
    return {card: (before.get(card), after.get(card)) for card in before.keys() | after.keys()
            if before.get(card) != after.get(card)}


def red(card: int) -> bool:
    return CATALOG.cards[card].red


def intervened(kind: str, card: int, seat: int = 0, players: int = 4, seed: int = 3, rng_seed: int = 1,
               **config: object) -> tuple[InhabitState, InhabitState]:
    """The untouched game and its twin with the intervention made."""
    control, treated = new(players, seed, **config), new(players, seed, **config)
    FACTORY.intervene(treated, Intervention(kind, card, seat), random.Random(rng_seed))
    return control, treated


def untouched_rest(control: InhabitState, treated: InhabitState) -> None:
    """Everything but deck 1, the hands and the banned cards is as in the untouched twin."""
    assert treated.decks[1:] == control.decks[1:]
    assert treated.stacks == control.stacks and treated.box == control.box
    assert treated.rng.getstate() == control.rng.getstate()
    assert treated.stack == control.stack and treated.current == control.current


def test_the_game_studies_deck_one_cards_by_deal_and_ban_only() -> None:
    assert FACTORY.study_component == "card"
    assert FACTORY.study_kinds == ("deal", "ban"), "no opening keep: the hand is dealt, nothing is chosen"
    components = FACTORY.study_components()
    assert set(components) == {number for number in CATALOG.cards if number // 100 == 1}
    assert components[111] == "Löwe" and components[112] == "card 112"
    dealt = {card for seed in range(30) for seat in new(4, seed).seats for card in seat.hand}
    assert dealt <= set(components), "every card a starting hand can hold can be studied"


def deck_card(game: InhabitState, is_red: bool) -> tuple[int, int]:
    """A card of deck 1 (a red predator or not), with its index, not the top one."""
    return next((card, index) for index, card in enumerate(game.decks[0][:-1]) if red(card) == is_red)


def test_a_dealt_deck_card_replaces_one_of_the_five_and_that_card_takes_its_place_in_the_deck() -> None:
    fresh = new(4, 3)
    card, index = deck_card(fresh, is_red=False)
    control, treated = intervened("deal", card, seat=1)
    change = moved(places(control), places(treated))
    assert set(change) == {card, replaced := next(c for c in change if c != card)}
    slot = places(control)[replaced][2]
    assert change[card] == (("deck", 0, index), ("hand", 1, slot))
    assert change[replaced] == (("hand", 1, slot), ("deck", 0, index))
    assert slot != RED_SLOT and red(treated.seats[1].hand[RED_SLOT])
    assert every_card(treated) == every_card(control)
    untouched_rest(control, treated)
    treated.check_invariants()


def test_a_card_from_another_hand_swaps_with_the_replaced_card() -> None:
    control = new(4, 3)
    card = next(card for card in control.seats[2].hand[1:] if not red(card))
    _, treated = intervened("deal", card, seat=0)
    change = moved(places(control), places(treated))
    replaced = next(c for c in change if c != card)
    assert change[card][1][:2] == ("hand", 0) and change[replaced][1] == change[card][0]
    assert treated.decks == control.decks and every_card(treated) == every_card(control)


def test_a_dealt_red_predator_becomes_the_seats_red_predator() -> None:
    control = new(2, 4)
    spare, index = deck_card(control, is_red=True)
    _, treated = intervened("deal", spare, seat=0, players=2, seed=4)
    assert treated.seats[0].hand[RED_SLOT] == spare
    assert treated.decks[0][index] == control.seats[0].hand[RED_SLOT]
    assert treated.seats[0].hand[1:] == control.seats[0].hand[1:]
    other = control.seats[1].hand[RED_SLOT]
    _, swapped = intervened("deal", other, seat=0, players=2, seed=4)
    assert swapped.seats[0].hand[RED_SLOT] == other
    assert swapped.seats[1].hand[RED_SLOT] == control.seats[0].hand[RED_SLOT], "every seat keeps a red predator"


def test_the_replaced_card_is_one_of_the_five_at_random_and_in_the_introductory_game_any_of_four() -> None:
    control = new(4, 3)
    card, _ = deck_card(control, is_red=False)
    slots = Counter(next(slot for slot, held in enumerate(intervened("deal", card, rng_seed=r)[1].seats[0].hand)
                         if held == card) for r in range(200))
    assert set(slots) == {1, 2, 3, 4, 5}, slots
    intro = new(2, 3, intro=True)
    card = intro.decks[0][0]
    slots = Counter(intervened("deal", card, players=2, rng_seed=r, intro=True)[1].seats[0].hand.index(card)
                    for r in range(100))
    assert set(slots) == {0, 1, 2, 3}, "the introductory game has no red predator slot"


def test_a_card_already_in_the_hand_moves_nothing() -> None:
    control = new(4, 3)
    control_places = places(control)
    _, treated = intervened("deal", control.seats[0].hand[3])
    assert places(treated) == control_places


def test_a_banned_deck_card_is_skipped() -> None:
    control = new(3, 5)
    card, index = deck_card(control, is_red=False)
    _, treated = intervened("ban", card, players=3, seed=5)
    assert treated.banned == [card]
    assert treated.decks[0] == control.decks[0][:index] + control.decks[0][index + 1:]
    assert [seat.hand for seat in treated.seats] == [seat.hand for seat in control.seats]
    assert every_card(treated) == every_card(control)
    untouched_rest(control, treated)
    treated.check_invariants()


def test_a_banned_hand_card_is_replaced_by_the_top_card_of_deck_one() -> None:
    control = new(3, 5)
    card = next(card for card in control.seats[1].hand[1:] if not red(card))
    _, treated = intervened("ban", card, players=3, seed=5)
    slot = control.seats[1].hand.index(card)
    assert treated.seats[1].hand[slot] == control.decks[0][-1]
    assert treated.decks[0] == control.decks[0][:-1]
    assert every_card(treated) == every_card(control)
    treated.check_invariants()


def test_a_banned_red_predator_is_replaced_by_the_topmost_red_one_of_deck_one() -> None:
    control = new(2, 6)
    card = control.seats[1].hand[RED_SLOT]
    reds = [number for number in control.decks[0] if red(number)]
    assert len(reds) >= 2, "this seed keeps two red predators in deck 1"
    _, treated = intervened("ban", card, players=2, seed=6)
    assert treated.seats[1].hand[RED_SLOT] == reds[-1]
    assert treated.decks[0] == [number for number in control.decks[0] if number != reds[-1]]
    assert every_card(treated) == every_card(control)


def test_with_no_red_predator_in_deck_one_a_spare_one_comes_from_a_hand() -> None:
    seed = next(seed for seed in range(200) if not any(red(card) for card in new(4, seed).decks[0]))
    control = new(4, seed)
    spare = next((seat, slot) for seat, player in enumerate(control.seats) for slot, card in enumerate(player.hand)
                 if slot != RED_SLOT and red(card))
    card = control.seats[0].hand[RED_SLOT]
    _, treated = intervened("ban", card, seed=seed)
    assert treated.seats[0].hand[RED_SLOT] == control.seats[spare[0]].hand[spare[1]]
    assert treated.seats[spare[0]].hand[spare[1]] == control.decks[0][-1]
    assert all(red(player.hand[RED_SLOT]) for player in treated.seats)
    assert every_card(treated) == every_card(control)
    treated.check_invariants()


def test_a_banned_card_never_appears_in_play_or_in_a_bots_imagined_deal() -> None:
    """Random play to the end, the invariants checked at every decision; the banned card is never drawn, dealt
    back by a determinized world, or recorded."""
    banned = [111, 125, 147, 169]
    for seed, card in enumerate(banned):
        game = new(2 + seed % 3, seed)
        FACTORY.intervene(game, Intervention("ban", card), random.Random(seed))
        FACTORY.keep_history(game)
        rng = random.Random(seed)
        while not game.is_over():
            decision = game.decision()
            if rng.random() < 0.05:
                world = game.observation(decision.seat).determinize(random.Random(seed))
                world.check_invariants()
            game.apply(decision.options[rng.randrange(len(decision.options))])
            game.check_invariants()
            assert card not in [c for pile in game.decks + game.discard_up + game.discard_down for c in pile]
            assert all(card not in seat.hand and all(card not in c.cards for c in seat.creatures)
                       for seat in game.seats)
        assert game.events is not None and all(event[2] != card for event in game.events)


def test_a_bots_imagined_deal_never_holds_a_banned_card() -> None:
    _, treated = intervened("ban", 125)
    for seed in range(20):
        world = treated.observation(seed % 4).determinize(random.Random(seed))
        assert every_card(world)[125] == 1 and world.banned == [125]
        world.check_invariants()


def test_without_the_banned_list_the_invariants_catch_the_missing_card() -> None:
    _, treated = intervened("ban", 125)
    treated.banned.clear()
    with pytest.raises(AssertionError, match="missing"):
        treated.check_invariants()


@pytest.mark.parametrize(("intervention", "config", "message"), [
    (Intervention("deal", 125, 4), {}, "seat 5 is not in this 4-player game"),
    (Intervention("deal", 231, 0), {}, "card 231 is not a deck-1 card of this game"),
    (Intervention("ban", 999, 0), {}, "card 999 is not a deck-1 card"),
    (Intervention("deal", 115, 0), {"players": 2, "intro": True}, "the introductory game plays only egg cards"),
    (Intervention("keep", 125, 0), {}, "cannot make a 'keep' intervention"),
])
def test_a_bad_intervention_is_one_line(intervention: Intervention, config: dict[str, object], message: str) -> None:
    game = FACTORY.new_game({"players": 4, **config}, 1)
    with pytest.raises(ValueError, match=message) as error:
        FACTORY.intervene(game, intervention, random.Random(0))
    assert "\n" not in str(error.value)


def test_arkmc_study_cards_plays_every_card_on_the_same_pairs(tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = CliRunner().invoke(main, ["study", "cards", "--game", "inhabit", "--bots", "random", "--pairs", "3",
                                       "--cards", "Löwe,125", "--jobs", "1", "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    effects = pl.read_parquet(out / "effects.parquet")
    assert sorted(effects["card"].to_list()) == [111, 125] and effects["pairs"].to_list() == [3, 3]
    assert set(effects["name"]) == {"Löwe", "Breitmaulnashorn"}
    run = Run.open(out)
    games = run.games.sort("game")
    assert games.height == 9 and games["seed"].to_list() == [seed for seed in games["seed"][::3] for _ in range(3)]
    dealt = run.card_events.filter((pl.col("event") == "dealt") & (pl.col("seat") == 0))
    for arm, card in ((1, 111), (2, 125)):
        treated = dealt.filter(pl.col("game") % 3 == arm)
        assert treated.filter(pl.col("card") == card).height == 3, f"card {card} in seat 1's hand in every pair"
        assert treated.group_by("game").len()["len"].to_list() == [6, 6, 6]
