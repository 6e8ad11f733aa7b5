"""Inhabit the Earth's bots: random through the framework, the heuristic family (weights as data), and the
generic search bot with the heuristic's value. The win rates of the closing note are measured by
`python scripts/checks/bench.py --only inhabit --inhabit-bots 300` (docs/research/inhabit-bots.md); these tests keep them
honest at small n."""

from __future__ import annotations

import pytest

from heuristics.inhabit.bot import InhabitBot
from heuristics.inhabit.weights import ArchetypeError, load_weights
from heuristics.search import SearchBot
from inhabit.helpers import FACTORY, add, new
from sim.core.play import play_game
from sim.core.registry import RegistryError, available_bots, known_aliases, make_bot
from sim.core.seeds import derive_seeds

GAME = "inhabit"


def play(specs: list[str], seed: int, players: int | None = None) -> list[int]:
    """The ranks of the seats, in seat order."""
    game = FACTORY.new_game({"players": players or len(specs)}, seed)
    record = play_game(game, [make_bot(spec, GAME) for spec in specs], seed)
    assert record.status == "finished"
    game.check_invariants()
    return [result.rank for result in sorted(record.results, key=lambda result: result.seat)]


def test_the_family_and_the_search_preset_are_registered_for_the_game_only() -> None:
    assert {"default", "racer", "heuristic", "default_search", "random", "search"} <= set(available_bots(GAME))
    assert isinstance(make_bot("default", GAME), InhabitBot)  # the game's default bot
    assert make_bot("racer", GAME).archetype == "racer" and "racer" not in available_bots("arknova")
    with pytest.raises(RegistryError, match="does not play arknova"):
        make_bot("racer", "arknova")
    assert isinstance(make_bot("default_search", GAME).rollout_bot, InhabitBot)


def test_the_old_names_make_the_renamed_bots() -> None:
    renamed = {"inhabit_default": "default", "inhabit_racer": "racer", "inhabit_heuristic": "heuristic",
               "inhabit_search": "default_search"}
    assert {old: alias.new for old, alias in known_aliases(GAME).items()} == renamed
    assert renamed.keys().isdisjoint(available_bots(GAME)), "old names are aliases, not bots"
    assert make_bot("inhabit_racer", GAME).archetype == "racer"
    assert isinstance(make_bot("inhabit_search", GAME), SearchBot)


def test_random_plays_every_player_count_through_the_framework() -> None:
    for players in (2, 3, 4):
        ranks = play(["random"] * players, players)
        assert 1 in ranks


def test_the_default_heuristic_beats_random_players() -> None:
    """The closing note's target is 95% or more; at n = 16 (each seat in turn) it may lose one game."""
    wins = 0
    for index, seed in enumerate(derive_seeds(12, 16)):
        seat = index % 2
        specs = ["random", "random"]
        specs[seat] = "default"
        wins += play(specs, seed)[seat] == 1
    assert wins >= 15


def test_the_heuristic_is_deterministic_for_a_seed() -> None:
    assert play(["default", "racer", "default"], 5) == play(["default", "racer", "default"], 5)


def test_the_position_value_rewards_progress_and_creatures() -> None:
    bot = make_bot("default", GAME)
    game = new(2)
    add(game, 0, [331])
    add(game, 1, [332])
    base = bot.value(game, 0)
    game.seats[0].creatures[0].space += 1
    assert bot.value(game, 0) > base
    add(game, 0, [311])
    assert bot.value(game, 0) > base + 1


def test_the_turn_options_are_ranked_by_lookahead() -> None:
    import random

    game = new(2, seed=3)
    bot = make_bot("default", GAME)
    for _ in range(40):  # play into the game until a turn offers all three actions
        decision = game.decision()
        if decision.kind == "turn" and len(decision.options) == 3:
            break
        game.apply(bot.choose(game.observation(decision.seat), decision, random.Random(0)))
    decision = game.decision()
    ranked = bot.ranked(game.observation(decision.seat), decision, random.Random(1))
    assert sorted(ranked, key=str) == sorted(decision.options, key=str)


def test_the_search_bot_plays_a_game_with_the_heuristics_value() -> None:
    heuristic = InhabitBot()
    search = SearchBot(rollout=heuristic, kinds="turn", turns=1, simulations=4)
    assert search.evaluate is not None  # the leaves are judged by the heuristic's value
    game = FACTORY.new_game({"players": 2}, 2)
    record = play_game(game, [search, heuristic], 2)
    assert record.status == "finished" and search.last_simulations in (0, 4)
    game.check_invariants()


def test_a_bad_archetype_gets_one_line(tmp_path: object) -> None:
    with pytest.raises(ArchetypeError, match="unknown archetype 'fast'"):
        load_weights("fast")
    bad = tmp_path / "bad.toml"  # type: ignore[operator]
    bad.write_text('bot = "heuristic"\n[weights]\nspeed = 2\n')
    with pytest.raises(ArchetypeError, match="unknown weight"):
        load_weights(str(bad))
    good = tmp_path / "mine.toml"  # type: ignore[operator]
    good.write_text('bot = "heuristic"\n[weights]\nprogress = 9\n[abilities]\nextra_step = 3\n')
    weights = load_weights(str(good))
    assert weights.progress == 9 and weights.abilities["extra_step"] == 3 and weights.introduce == 2.5
    assert make_bot(str(good), GAME).weights.progress == 9
