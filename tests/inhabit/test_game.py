"""Inhabit the Earth as a framework game: the conformance kit, an invariant fuzz, the introductory game,
the config, the data overrides and a replacement data folder, and what an observation hides.

The fuzz here plays 15 random games per player count with the invariants checked after every decision;
`python scripts/checks/bench.py --inhabit-fuzz 2000` plays 2,000 games per player count the same way.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from inhabit.helpers import CATALOG, FACTORY, new, put_creature, start_turn
from sim.core.testing import check_game
from sim.inhabit.catalog import CONTINENTS, load_catalog
from sim.inhabit.game import Inhabit
from sim.inhabit.overrides import catalog_with, parse_overrides
from sim.inhabit.steps import Introduce

DATA = Path(__file__).resolve().parents[2] / "sim" / "inhabit" / "data"


def test_the_conformance_kit_passes_for_the_standard_and_the_introductory_game() -> None:
    summary = check_game(FACTORY, games=2)
    assert summary.games >= 6 and summary.forks >= 6 and summary.players == (2, 3, 4)
    intro = check_game(FACTORY, games=1, players=[2, 3], options={"intro": True})
    assert intro.decisions > 100


def play_random(players: int, seed: int, check_every_decision: bool, **config: object) -> object:
    game = FACTORY.new_game({"players": players, **config}, seed)
    rng = random.Random(seed)
    while not game.is_over():
        decision = game.decision()
        game.apply(decision.options[rng.randrange(len(decision.options))])
        if check_every_decision:
            game.check_invariants()
    game.check_invariants()
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_after_every_decision_of_random_games(players: int) -> None:
    ends = set()
    for seed in range(15):
        game = play_random(players, 1000 * players + seed, check_every_decision=True)
        ends.add(game.end_reason)
        assert game.finals >= 2 or game.end_reason == "turn_cap"
    assert "finals" in ends


def test_invariants_hold_in_random_introductory_games() -> None:
    for seed in range(12):
        game = play_random(2 + seed % 2, seed, check_every_decision=True, intro=True)
        assert all(len(creature.cards) <= 4 for seat in game.seats for creature in seat.creatures)


def test_a_broken_counter_is_caught_by_the_invariants() -> None:
    game = new(3)
    game.check_invariants()
    game.seats[1].region_points += 1
    with pytest.raises(AssertionError, match="region points"):
        game.check_invariants()
    game = new(3)
    game.decks[0].append(game.decks[0][0])
    with pytest.raises(AssertionError, match="cards misplaced"):
        game.check_invariants()


def test_three_markers_of_a_seat_on_a_continent_are_caught_outside_a_movement() -> None:
    """A third marker may only pass through a continent during a Movement (rules decision 18): with a
    Menagerie decision pending, or between turns, three are an error."""
    game = new(4)
    for card, space in ((164, 0), (155, 1), (146, 2)):
        put_creature(game, 0, [card], "north_america", space)
    start_turn(game, 0)
    assert game.decision().kind == "turn" and game.stack
    with pytest.raises(AssertionError, match="three markers on a continent"):
        game.check_invariants()


def test_the_introductory_game_uses_four_egg_boards_egg_cards_starting_sets_and_a_hand_limit_of_four() -> None:
    """Einführungsspiel: "Es werden nur die Rückseiten der vier Tafeln Afrika, Asien, Australasien und Europa
    benutzt." "Jeder Spieler erhält einen von 3 Sätzen mit je 4 Startkarten" "Das Handkartenlimit beträgt vier
    Karten." "Die grünen Rotluchs- und die blauen Mauersegler-Plättchen werden nicht benutzt." """
    game = new(3, intro=True)
    assert [trail is not None for trail in game.trails] == [True, True, True, True, False, False]
    assert all(len(trail) == 16 for trail in game.trails if trail is not None)
    assert [sorted(seat.hand) for seat in game.seats] == [[111, 121, 131, 141], [112, 122, 132, 142],
                                                          [113, 123, 133, 143]]
    assert all(seat.hand_limit == 4 for seat in game.seats) and game.class_limit == 4
    in_play = [card for deck in game.decks for card in deck]
    assert all(CATALOG.cards[card].egg for card in in_play)
    kinds = {CATALOG.tokens[token].kind for row in game.stacks for space in row for token in space}
    assert kinds <= {"hedgehog", "robin", "red"}
    game.check_invariants()


def test_the_introductory_game_lays_the_four_red_tokens_of_its_continents() -> None:
    """"Im ersten Einführungsspiel werden die grünen Rotluchs- und die blauen Mauersegler-Plättchen nicht benutzt.
    (Weil die Rotluchs- und Mauersegler-Plättchen Symbole für Nord- und Südamerika aufweisen)": the same holds
    for the red tokens of North and South America; the four others fill the four red spaces, none left over."""
    for seed in range(6):
        game = new(2 + seed % 2, seed, intro=True)
        red = [token for row in game.stacks for space in row for token in space if CATALOG.tokens[token].color == "red"]
        assert sorted(CONTINENTS[CATALOG.tokens[token].symbol] for token in red) == [
            "africa", "asia", "australasia", "europe"]
        assert not any(CATALOG.tokens[token].color == "red" for token in game.box)
        game.check_invariants()


def test_the_introductory_game_is_for_two_or_three_players() -> None:
    """"Enthalten sind auch Regeln für ein Einführungsspiel, das mit bis zu drei Spielern gespielt werden kann." """
    FACTORY.validate({"players": 3, "intro": True})
    with pytest.raises(ValueError, match="2-3 for the introductory game"):
        FACTORY.validate({"players": 4, "intro": True})


@pytest.mark.parametrize(("config", "message"), [
    ({"players": 5}, "players must be 2-4"),
    ({"players": 1}, "players must be 2-4"),
    ({"players": 2, "intro": "maybe"}, "intro must be true or false"),
    ({"players": 2, "end_continents": 7}, "end_continents must be"),
    ({"players": 2, "max_turns": 0}, "max_turns must be"),
    ({"players": 2, "open_decks": "all"}, "open_decks must be regions or up_to_highest"),
    ({"players": 2, "colour": "red"}, "unknown Inhabit the Earth option"),
])
def test_bad_config_gets_a_one_line_error(config: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        FACTORY.validate(config)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("end", [1, 2, 3])
def test_the_game_ends_when_the_configured_number_of_final_spaces_is_occupied(end: int) -> None:
    for seed in range(5):
        game = play_random(2, seed, check_every_decision=False, end_continents=end)
        if game.end_reason == "finals":
            assert game.finals == end


def test_same_seed_same_game() -> None:
    first = play_random(4, 7, check_every_decision=False)
    second = play_random(4, 7, check_every_decision=False)
    assert [result.score for result in first.results()] == [result.score for result in second.results()]
    assert first.turn == second.turn


def test_overrides_change_a_card_and_leave_the_base_data_as_it_was() -> None:
    overrides = parse_overrides(["cards.144.continent=europe", "tokens.1.points=0", "trails.start_space.2=1"])
    changed = catalog_with(overrides)
    assert changed.cards[144].continent == 3 and changed.tokens[1].points == 0 and changed.start_space[2] == 1
    assert CATALOG.cards[144].continent == 2 and load_catalog() is CATALOG
    factory = FACTORY.overridden(overrides)
    game = factory.new_game({"players": 2}, 0)
    assert game.start == 1 and game.catalog.cards[144].continent == 3
    assert Inhabit().catalog.cards[144].continent == 2


@pytest.mark.parametrize(("text", "message"), [
    ("cards.999.cost=1", "there is no card '999'"),
    ("cards.111.deck=2", "no column 'deck' can be overridden"),
    ("cards.111.effect=fly", "unknown effect keyword 'fly'"),
    ("cards.111.continent=atlantis", "continent 'atlantis'"),
    ("tokens.1.points=9", "points 9 is not 0-3"),
    ("maps.1.x=2", "must start with cards, tokens or trails"),
    ("trails.sides.standard.africa.99.terrain=water", "does not exist"),
])
def test_bad_overrides_are_refused_with_one_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        parse_overrides([text])
    assert "\n" not in str(error.value)


def test_a_replacement_data_folder_is_loaded_and_checked(tmp_path: Path) -> None:
    """A user who owns the game puts their own cards.csv (and tokens.csv, trails.json) in a folder and
    plays with `--data FOLDER`; a file the folder lacks comes from the shipped pack, and overrides apply on top."""
    text = (DATA / "cards.csv").read_text(encoding="utf-8").replace("144,Schnabeltier,1,small_mammal,australasia",
                                                                    "144,Schnabeltier,1,small_mammal,europe")
    cards_only, few_tokens, wrong_class = (tmp_path / name for name in ("cards_only", "few_tokens", "wrong_class"))
    for folder in (cards_only, few_tokens, wrong_class):
        folder.mkdir()
        (folder / "cards.csv").write_text(text, encoding="utf-8")
    factory = FACTORY.with_data(str(cards_only))
    game = factory.new_game({"players": 2}, 0)
    assert game.catalog.cards[144].continent == 3 and game.catalog.tokens == CATALOG.tokens
    assert FACTORY.catalog.cards[144].continent == 2 and factory.data_version() != FACTORY.data_version()
    changed = factory.overridden(factory.parse_overrides(["tokens.1.points=0"]))
    assert changed.catalog.cards[144].continent == 3 and changed.catalog.tokens[1].points == 0
    shutil.copy(DATA / "trails.json", few_tokens / "trails.json")
    (few_tokens / "tokens.csv").write_text("id,kind,color,symbol,points,intro\n1,hedgehog,green,water,2,1\n")
    with pytest.raises(ValueError, match=f"data folder {few_tokens}: .*only 1 green tokens"):
        FACTORY.with_data(str(few_tokens))
    (wrong_class / "cards.csv").write_text(text.replace("111,Löwe,1,predator", "111,Löwe,1,bird"), encoding="utf-8")
    with pytest.raises(ValueError, match="cards.csv, number 111: class bird does not match"):
        FACTORY.with_data(str(wrong_class))


def test_an_observation_hides_other_hands_racks_decks_and_face_down_tokens() -> None:
    game = play_random(3, 11, check_every_decision=False, max_turns=40)
    seen = game.observation(0)
    view = seen.view
    assert view.seats[1].hand == [] and view.seats[1].rack == [] and view.decks == [[], [], []]
    assert all(space == [] for row in view.stacks for space in row) and view.box == []
    assert view.seats[0].hand == game.seats[0].hand and sum(seen.hand_decks[1]) == len(game.seats[1].hand)
    dealt = seen.determinize(random.Random(3))
    dealt.check_invariants()
    assert [len(seat.hand) for seat in dealt.seats] == [len(seat.hand) for seat in game.seats]
    assert dealt.seats[0].hand == game.seats[0].hand


def test_an_unknown_option_in_a_decision_is_refused() -> None:
    game = new(2)
    with pytest.raises(ValueError):
        game.apply(Introduce(999, 0))
