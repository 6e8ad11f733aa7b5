"""The heuristic family: archetypes from TOML, legal and information-fair choices, strength."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from arknova.helpers import CATALOG, choose, expect, midgame, ready_game, set_cards, start_turn
from click.testing import CliRunner

from heuristics.arknova.bots.heuristic import HeuristicBot, resolve_archetype
from heuristics.arknova.bots.planner import PlannerBot
from heuristics.arknova.parts.evaluation import (
    EFFECT_VALUE,
    MAX_KEPT,
    SPONSOR_EFFECT_SHARE,
    ArchetypeError,
    Weights,
    archetype_names,
    default_weights,
    kept,
    kept_project_prospect,
    load_weights,
    project_prospect,
    sponsor_gain,
)
from heuristics.arknova.parts.policy import SCORERS, in_turn_choice
from heuristics.random_bot import RandomBot
from sim.arknova import zoo
from sim.arknova.catalog import load_catalog
from sim.arknova.setup import new_game
from sim.cli import main
from sim.core.play import play_game
from sim.core.registry import RegistryError, make_bot
from sim.core.seeds import derive_seeds, python_rng

SHIPPED = ("default", "appeal_engine", "conservation_rusher", "sponsor_engine", "association_player", "rotation_planner")


def test_every_shipped_archetype_loads_is_a_bot_and_differs() -> None:
    assert set(SHIPPED) <= set(archetype_names())
    weights = {name: load_weights(resolve_archetype(name)) for name in SHIPPED}
    assert len({w for w in weights.values()}) == len(SHIPPED), "two archetypes have the same weights"
    for name in SHIPPED:
        bot = make_bot("heuristic_v2" if name == "default" else name, "arknova")   # `default` is the distilled bot
        assert type(bot) is HeuristicBot and bot.weights == weights[name]
    assert weights["appeal_engine"].appeal > weights["default"].appeal
    assert weights["conservation_rusher"].conservation > weights["default"].conservation
    assert weights["rotation_planner"].rotation > weights["default"].rotation == 0.0


def test_a_partial_archetype_takes_the_rest_from_default() -> None:
    sponsor = load_weights(resolve_archetype("sponsor_engine"))
    assert sponsor.money_cap == 30 and sponsor.partner == default_weights().partner


def test_weights_from_a_user_file_change_the_choice(tmp_path) -> None:
    path = tmp_path / "hoarder.toml"
    path.write_text('bot = "heuristic"\ndescription = "hoards money"\n[weights]\nmoney = 5.0\nmoney_cap = 200\n'
                    "appeal = 0.0\nconservation = 0.0\n")
    by_param = make_bot(f"heuristic:weights={path}", "arknova")
    by_file = make_bot(str(path))
    assert by_param.weights == by_file.weights and by_file.weights.money == 5.0
    differs = 0
    for seed in derive_seeds(21, 6):
        game = midgame(seed)
        observation, decision = game.observation(0), game.decision()
        differs += (by_file.choose(observation, decision, python_rng(seed))
                    != HeuristicBot().choose(observation, decision, python_rng(seed)))
    assert differs >= 1


def test_bad_weights_are_one_line_errors(tmp_path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text("[weights]\nmony = 1.0\n")
    with pytest.raises(ArchetypeError, match="unknown weight.*mony"):
        HeuristicBot(weights=str(path))
    with pytest.raises(ArchetypeError, match="unknown archetype 'nobody'"):
        HeuristicBot(archetype="nobody")
    with pytest.raises(RegistryError, match="names no bot"):
        make_bot(str(path))
    with pytest.raises(RegistryError, match="bad parameters for bot 'default'.*unknown weight"):
        make_bot(f"default:weights={path}")


@pytest.mark.parametrize("make", [HeuristicBot, PlannerBot], ids=["heuristic", "planner"])
def test_choices_are_legal_and_ignore_hidden_information(make: type[HeuristicBot]) -> None:
    """Permuting the deck and the other hand in the real state leaves the choice unchanged."""
    bot = make()
    for seed in derive_seeds(22, 5):
        game = midgame(seed)
        decision = game.decision()
        choice = bot.choose(game.observation(0), decision, python_rng(seed))
        assert choice in decision.options
        shuffled = game.copy()
        hidden = shuffled.deck + shuffled.players[1].hand
        random.Random(seed).shuffle(hidden)
        size = len(shuffled.players[1].hand)
        shuffled.players[1].hand, shuffled.deck = hidden[:size], hidden[size:]
        assert bot.choose(shuffled.observation(0), decision, python_rng(seed)) == choice


def test_value_is_the_position_evaluation_and_grows_with_appeal() -> None:
    bot = HeuristicBot()
    game = midgame(5)
    before = bot.value(game, 0)
    game.players[0].appeal += 5
    assert bot.value(game, 0) > before


def test_default_beats_random_clearly() -> None:
    wins = 0
    for index, seed in enumerate(derive_seeds(12, 6)):
        game = new_game({"players": 2, "maps": "random"}, seed)
        seat = index % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = make_bot("default", "arknova")
        record = play_game(game, bots, seed)
        wins += next(r.rank for r in record.results if r.seat == seat) == 1
    assert wins == 6


def test_default_games_end_by_the_score_trigger() -> None:
    for seed in derive_seeds(11, 2):
        game = new_game({"players": 2, "maps": "random"}, seed)
        record = play_game(game, [make_bot("default", "arknova"), make_bot("conservation_rusher", "arknova")], seed)
        assert record.status == "finished"
        assert game.end_trigger in (0, 1), "the end came from a score of 100"
        assert max(result.details["score"] for result in record.results) >= 100
        assert all(15 <= player.turns <= 60 for player in game.players)


def test_the_family_plays_every_player_count_and_map_choice() -> None:
    for players, maps in ((1, "0"), (3, "random"), (4, "draft")):
        seed = 100 + players
        game = new_game({"players": players, "maps": maps}, seed)
        record = play_game(game, [make_bot(name) for name in SHIPPED[:players]], seed)
        assert record.status == "finished"
        assert len(record.results) == players


def test_bots_command_lists_parameters_with_defaults() -> None:
    result = CliRunner().invoke(main, ["bots", "--game", "arknova"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    heuristic = lines.index(next(line for line in lines if line.startswith("heuristic ")))
    assert "Whole-turn lookahead" in lines[heuristic]
    assert "archetype = 'default'" in lines[heuristic + 1]
    assert any("horizon = 1" in line for line in lines[heuristic:heuristic + 6])
    assert any(line.startswith("random ") for line in lines)


def test_weights_table_round_trip() -> None:
    weights = default_weights()
    assert Weights.from_mapping(weights.as_table()) == weights


def test_an_entry_point_that_fails_to_load_hides_no_other_bot(monkeypatch) -> None:
    from importlib.metadata import EntryPoint

    import sim.core.registry as registry

    stale = EntryPoint(name="stale", value="no_such_module:Bot", group=registry.BOT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [stale])
    monkeypatch.setattr(registry, "_unloadable", {})
    fresh = functools.cache(registry._load_bot_entry_points.__wrapped__)  # read the entry points again
    monkeypatch.setattr(registry, "_load_bot_entry_points", fresh)
    assert {"random", "default"} <= set(registry.available_bots())
    with pytest.raises(RegistryError, match="cannot load bot 'stale'.*no_such_module"):
        registry.make_bot("stale")


def test_rotation_charges_a_card_its_use_and_credits_the_cards_it_moves_up() -> None:
    """With `rotation`, an action's value changes by the share of the cards' next-use gains it
    moves: the used card loses the gain of its use at its slot (slot 1 gains nothing), each card
    left of it gains the difference one slot stronger. Gains are measured here on copies."""
    bot = HeuristicBot(weights={"rotation": 1.0})
    stronger = 0
    for seed in derive_seeds(23, 3):
        real = midgame(seed)
        real.players[0].xtokens = 0
        unsettled = real.observation(0).determinize(python_rng(seed))
        game = unsettled.copy()
        decision, player = game.decision(), game.players[0]
        plain = bot.value(game, 0, 0.0)

        def gain(card: str, strength: int, unsettled: Any = unsettled, player: Any = player, plain: float = plain) -> float:
            trial = unsettled.copy()
            trial.players[0].xtokens = strength - player.strength_slot(card)
            option = ("act", card, trial.players[0].xtokens)
            if strength <= 1 or option not in trial.decision().options:
                return 0.0
            return max(0.0, bot._play_turn(trial, option, 0, 0.0) - plain)

        stronger += sum(gain(card, player.strength_slot(card) + 1) > 0 for card in player.action_cards)

        outcomes = []
        for option in decision.options:
            trial = game.copy()
            outcomes.append((bot._play_turn(trial, option, 0, 0.0), option, trial))
        adjusted = bot._with_rotation(unsettled, 0, 0.0, outcomes)
        checked = 0
        for (before, option, _), (after, _, _) in zip(outcomes, adjusted):
            if option[0] != "act":
                continue
            used = player.strength_slot(option[1])
            expected = sum(gain(card, player.strength_slot(card) + 1) - gain(card, player.strength_slot(card))
                           for card in player.action_cards if player.strength_slot(card) < used)
            expected -= gain(option[1], used)
            assert after - before == pytest.approx(expected, abs=1e-9), option
            checked += 1
        assert checked >= 2
    assert stronger >= 3, "the cards one slot stronger were played on copies given an X-token"


def test_a_rotation_bot_finishes_games_against_heuristic_v2() -> None:
    for seed in derive_seeds(24, 2):
        game = new_game({"players": 2, "maps": "random"}, seed)
        record = play_game(game, [HeuristicBot(weights={"rotation": 0.5}), make_bot("heuristic_v2", "arknova")], seed)
        assert record.status == "finished" and game.end_trigger in (0, 1)


def test_used_slot_weighs_the_slot_of_the_card_a_turn_uses() -> None:
    """A large `used_slot` makes the bot use its strongest legal card; a large negative one makes it
    take an X-token (an action that uses no card) or use its weakest card: the weight adds its value
    per slot of the card an action uses."""
    high, low = HeuristicBot(weights={"used_slot": 1000.0}), HeuristicBot(weights={"used_slot": -1000.0})
    for seed in derive_seeds(25, 4):
        game = midgame(seed)
        decision, player = game.decision(), game.players[0]
        slots = [player.strength_slot(option[1]) for option in decision.options if option[0] == "act"]
        choice = high.choose(game.observation(0), decision, python_rng(seed))
        assert choice[0] == "act" and player.strength_slot(choice[1]) == max(slots)
        choice = low.choose(game.observation(0), decision, python_rng(seed))
        assert choice[0] == "xtoken" or player.strength_slot(choice[1]) == min(slots)


def test_a_sponsor_in_hand_is_worth_its_effects_share() -> None:
    """A sponsor's card value counts its appeal, CP and reputation in full and a share of its
    effects, so sponsors with effects but no points are kept: Science Lab (one card now, one every
    break, CP at the end, a science icon) is worth more than its printed points."""
    sponsors = load_catalog().sponsors
    for sponsor in sponsors.values():
        points = sponsor.appeal + 2 * sponsor.cp + sponsor.reputation
        has_effects = sponsor.immediate or sponsor.income or sponsor.triggers or sponsor.passive or sponsor.endgame
        assert (sponsor_gain(sponsor) > points) == bool(has_effects or sponsor.icons), sponsor.name
    science_lab = next(sponsor for sponsor in sponsors.values() if sponsor.name == "Science Lab")
    card_effect = EFFECT_VALUE["take_card_deck_or_range"]
    assert sponsor_gain(science_lab) == pytest.approx(SPONSOR_EFFECT_SHARE * (card_effect + 3 * card_effect + 1 + 0.5))


def test_the_build_policy_keeps_room_for_an_animal_waiting_in_hand() -> None:
    """An enclosure goes where an animal in hand that has no enclosure yet can live: with the Alpine
    Ibex (size 2, two rock spaces next to it) in hand, the in-turn rule places a size-2 enclosure
    beside two rock spaces on map A; with an empty hand it picks another spot. The same zoo values a
    size-2 enclosure more with the Ibex waiting (asked in this order, so that a value kept for the
    zoo without the Ibex would show)."""
    ibex = CATALOG.animals[444]
    assert (ibex.size, ibex.rock, ibex.water) == (2, 2, 0)
    chosen, kind_value = {}, {}
    for hand in ([], [444]):
        game = ready_game(maps="A")
        game.players[0].money, game.players[0].hand = 30, list(hand)
        set_cards(game, 0, ["cards", "association", "sponsors", "animals", "build"])
        start_turn(game, 0)
        choose(game, ("act", "build", 0))
        kinds = expect(game, "build", 0)
        kind_value[len(hand)] = SCORERS["build"](game.players[0], game, "enclosure-2", kinds.payload)
        choose(game, "enclosure-2", "build")
        chosen[len(hand)] = in_turn_choice(game, expect(game, "build_place", 0))
    assert zoo.fits(ibex, chosen[1])
    assert not zoo.fits(ibex, chosen[0])
    assert kind_value[1] > kind_value[0]


def test_a_kept_table_holds_at_most_max_kept_values() -> None:
    """The lookahead's tables are bounded (a worker's memory with them): one short of full, a new value joins the
    others; full, the table starts afresh with the new value alone. A kept value is given back uncomputed."""
    table = {key: key * 2 for key in range(MAX_KEPT - 1)}
    assert kept(table, -1, lambda: 7) == 7 and len(table) == MAX_KEPT
    assert kept(table, 3, lambda: pytest.fail("a kept value is computed again")) == 6
    assert kept(table, -2, lambda: 8) == 8 and table == {-2: 8}


def test_kept_project_prospects_equal_the_computed_ones() -> None:
    """The project values kept by what they read are the values computed afresh, at every decision of
    random games (4 players, so that other seats take slots) for every seat and every project in play
    or in hand: no input of `project_prospect` is missing from the key."""
    weights = default_weights()
    checked = 0
    for seed in derive_seeds(41, 3):
        game = new_game({"players": 4, "maps": "random"}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            for player in game.players:
                rows = [(row.number, row.holders) for row in game.base_projects + game.projects]
                rows += [(card, [-1] * len(CATALOG.projects[card].slots)) for card in player.hand if card in CATALOG.projects]
                for number, holders in rows:
                    kept = kept_project_prospect(player, weights, number, holders)
                    assert kept == project_prospect(player, number, holders, weights)
                    checked += 1
            options = game.decision().options
            game.apply(options[rng.randrange(len(options))])
    assert checked > 10_000


def test_kept_project_prospects_follow_each_input_alone() -> None:
    """Each input `project_prospect` reads, changed alone, changes the key: the count of one icon (icon goals), a
    new continent (kinds of icon), animals in the zoo (release projects), partner zoos (breeding), small and large animal
    counts, a breeding-token sponsor (its token already on it) and that token spent, and the seat
    (the same zoo in another seat, where seat 0 holds a slot of every project)."""
    weights, catalog = default_weights(), CATALOG
    game = ready_game(players=2)
    first, second = game.players
    europe = next(number for number, animal in catalog.animals.items()
                  if "europe" in animal.icons and animal.size >= 1)
    edits = (lambda player: player.icons.update({"bird": 5}), lambda player: player.icons.update({"asia": 1}),
             lambda player: player.animals.append(europe), lambda player: player.partner_zoos.append("europe"),
             lambda player: setattr(player, "small_animals", 4), lambda player: setattr(player, "large_animals", 4),
             lambda player: player.card_tokens.update({218: 1}), lambda player: player.sponsors.append(218),
             lambda player: player.card_tokens.update({218: 0}))

    def check(player, holders_of) -> int:
        changed = 0
        for number, project in catalog.projects.items():
            holders = holders_of(project)
            kept = kept_project_prospect(player, weights, number, holders)
            computed = project_prospect(player, number, holders, weights)
            assert kept == computed, (number, project.goal)
            changed += computed > 0
        return changed

    for player in (first, second):
        player.icons = {"europe": 3, "science": 3, "bird": 3, "predator": 3}
        player.hand, player.animals, player.sponsors = [], [], []
    check(first, lambda project: [-1] * len(project.slots))
    for edit in edits:
        edit(first)
        check(first, lambda project: [-1] * len(project.slots))
    for edit in edits:
        edit(second)
    held_by_first = lambda project: [0] + [-1] * (len(project.slots) - 1)  # noqa: E731
    assert check(first, held_by_first) == 0
    assert check(second, held_by_first) > 0
