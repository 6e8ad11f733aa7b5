"""The game-agnostic core: seeds, decisions, the bot registry and the play loop."""

from __future__ import annotations

import gc
import random

import pytest

from heuristics.random_bot import RandomBot
from sim.core.collector import PLAY_THRESHOLDS
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import RegistryError, available_bots, available_games, get_game, make_bot, parse_bot_spec
from sim.core.seeds import derive_seeds, python_rng, shuffle


def test_derived_seeds_are_reproducible_and_distinct() -> None:
    first = derive_seeds(42, 100)
    assert first == derive_seeds(42, 100)
    assert len(set(first)) == 100
    assert first[:10] == derive_seeds(42, 10), "a game's seed must not depend on how many games are run"
    assert derive_seeds(43, 5) != first[:5]
    assert all(0 <= seed < 2**63 for seed in first)


def test_python_rng_streams_depend_on_path() -> None:
    assert python_rng(1, 0).random() == python_rng(1, 0).random()
    assert python_rng(1, 0).random() != python_rng(1, 1).random()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 8, 64, 65, 150])
def test_shuffle_gives_the_permutation_and_leaves_the_state_of_random_shuffle(size: int) -> None:
    for seed in range(50):
        expected, ours = list(range(size)), list(range(size))
        stdlib, fast = random.Random(seed), random.Random(seed)
        stdlib.shuffle(expected)
        shuffle(fast, ours)
        assert ours == expected
        assert fast.getstate() == stdlib.getstate()


def test_a_decision_without_options_is_refused() -> None:
    with pytest.raises(ValueError, match="no legal option"):
        Decision(0, "turn", ())


def test_bot_specs_parse_names_and_parameters() -> None:
    assert parse_bot_spec("greedy") == ("greedy", {})
    assert parse_bot_spec("greedy:horizon=2,shortlist=3") == ("greedy", {"horizon": 2, "shortlist": 3})
    assert parse_bot_spec("my.module:MyBot:depth=1.5,fast=true") == ("my.module:MyBot", {"depth": 1.5, "fast": True})
    with pytest.raises(RegistryError, match="key=value"):
        parse_bot_spec("greedy:horizon=2,oops")


def test_bots_are_found_by_name_entry_point_and_path() -> None:
    assert {"random", "heuristic", "default"} <= set(available_bots())
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("heuristics.random_bot:RandomBot"), RandomBot)
    assert make_bot("heuristic:horizon=2").horizon == 2
    with pytest.raises(RegistryError, match="unknown bot 'nobody'"):
        make_bot("nobody")
    with pytest.raises(RegistryError, match="bad parameters"):
        make_bot("random:speed=3")


def test_games_come_from_the_registry() -> None:
    assert "arknova" in available_games()
    assert get_game("arknova").info.name == "arknova"
    with pytest.raises(RegistryError, match="unknown game"):
        get_game("chess")


def test_play_loop_reports_the_safety_cap() -> None:
    game = get_game("arknova").new_game({"players": 2}, 5)
    record = play_game(game, [RandomBot(), RandomBot()], 5, max_decisions=50)
    assert record.status == "capped"
    assert record.decisions == 50
    assert record.results == []


def test_play_loop_finishes_and_listeners_see_every_decision() -> None:
    game = get_game("arknova").new_game({"players": 2}, 6)
    seen = []
    record = play_game(game, [RandomBot(), RandomBot()], 6, listeners=[lambda s, d, c: seen.append((d.kind, c))])
    assert record.status == "finished"
    assert len(seen) == record.decisions
    assert {result.rank for result in record.results} <= {1, 2}


class Failing:
    """A bot that raises at its first decision."""

    name = "failing"
    games = ("*",)

    def choose(self, observation, decision, rng):
        raise RuntimeError("bot failed")


def test_the_collector_runs_less_often_while_a_game_is_played_and_as_before_after() -> None:
    previous = gc.get_threshold()
    seen = set()
    game = get_game("arknova").new_game({"players": 2}, 6)
    play_game(game, [RandomBot(), RandomBot()], 6, listeners=[lambda s, d, c: seen.add(gc.get_threshold())])
    assert seen == {PLAY_THRESHOLDS} and PLAY_THRESHOLDS[0] > previous[0]
    assert gc.get_threshold() == previous
    with pytest.raises(RuntimeError, match="bot failed"):
        play_game(get_game("arknova").new_game({"players": 2}, 6), [Failing(), Failing()], 6)
    assert gc.get_threshold() == previous  # restored when a game ends by an error too


def test_bots_only_return_legal_options() -> None:
    bot = RandomBot()
    decision = Decision(1, "pick", ("a", "b", "c"))
    rng = random.Random(3)
    assert {bot.choose(None, decision, rng) for _ in range(50)} == {"a", "b", "c"}


class Opponent:
    """A bot of one game only, for the scoping tests."""

    name = "opponent"
    games = ("chess_for_tests",)

    def choose(self, observation, decision, rng):
        return decision.options[0]


def test_bots_are_scoped_by_game(monkeypatch) -> None:
    """A game's bot is listed and built for that game only; `default` is each game's own; a generic
    bot plays every game."""
    from sim.core import registry

    monkeypatch.setattr(registry, "_bots", {scope: dict(names) for scope, names in registry._bots.items()})
    registry.register_bot("opponent")(Opponent)
    assert "opponent" in available_bots("chess_for_tests") and "opponent" not in available_bots("arknova")
    assert "default_search" in available_bots("arknova") and "default_search" not in available_bots("chess_for_tests")
    assert {"random", "search"} <= set(available_bots("chess_for_tests"))
    with pytest.raises(RegistryError, match="does not play arknova.*plays chess_for_tests"):
        make_bot("opponent", "arknova")
    assert isinstance(make_bot("opponent", "chess_for_tests"), Opponent)
    assert isinstance(make_bot("opponent"), Opponent)  # unambiguous without a game
    assert make_bot("default", "arknova").archetype == "default"
    registry.register_bot("default", ("chess_for_tests",))(Opponent)
    assert isinstance(make_bot("default", "chess_for_tests"), Opponent)
    assert not isinstance(make_bot("default"), Opponent), "without a game, the installation's default game's"
    assert isinstance(make_bot("search:rollout=default", "chess_for_tests").rollout_bot, Opponent), \
        "a bot made by a bot is of its game"
    registry.register_bot("opponent", ("go_for_tests",))(Opponent)
    with pytest.raises(RegistryError, match="several games"):
        make_bot("opponent")


def test_an_experimental_bot_is_named_with_its_prefix_even_with_parameters(monkeypatch) -> None:
    """`experimental=True` registers ``experimental.<name>``; a spec of it with parameters is a
    registered name, not Python code named by its module."""
    from sim.core import registry

    monkeypatch.setattr(registry, "_bots", {scope: dict(names) for scope, names in registry._bots.items()})
    registry.register_bot("trial", ("chess_for_tests",), experimental=True)(Tunable)
    assert "experimental.trial" in available_bots("chess_for_tests") and "trial" not in available_bots("chess_for_tests")
    assert registry.is_experimental("experimental.trial") and not registry.is_experimental("trial")
    assert parse_bot_spec("experimental.trial:depth=3") == ("experimental.trial", {"depth": 3})
    with registry.code_allowed(False):
        assert make_bot("experimental.trial:depth=3", "chess_for_tests").depth == 3
        for code in ("experimental.trial:Bot", "experimental.trial:Bot:depth=3"):
            with pytest.raises(registry.CodeRefused, match="'experimental.trial:Bot' names Python code"):
                make_bot(code, "chess_for_tests")
    with pytest.raises(RegistryError, match="unknown bot 'trial'"):
        make_bot("trial", "chess_for_tests")


class Tunable(Opponent):
    """A bot with a parameter, for the naming tests."""

    def __init__(self, depth: int = 1) -> None:
        self.depth = depth


def test_an_old_name_makes_the_new_bot_within_its_games_only(monkeypatch) -> None:
    from sim.core import registry

    monkeypatch.setattr(registry, "_bots", {scope: dict(names) for scope, names in registry._bots.items()})
    monkeypatch.setattr(registry, "_aliases", {scope: dict(names) for scope, names in registry._aliases.items()})
    registry.register_bot("default", ("chess_for_tests",))(Tunable)
    registry.register_alias("chess_default", "default", ("chess_for_tests",), "renamed to default")
    assert isinstance(make_bot("chess_default:depth=2", "chess_for_tests"), Tunable)
    assert make_bot("chess_default:depth=2", "chess_for_tests").depth == 2
    assert isinstance(make_bot("chess_default"), Tunable), "an alias of one game needs no game named"
    assert registry.known_aliases("chess_for_tests")["chess_default"] == ("default", "renamed to default")
    assert "chess_default" not in registry.known_aliases("arknova")
    with pytest.raises(RegistryError, match="does not play arknova"):
        make_bot("chess_default", "arknova")
    registry.register_alias("default", "chess_default", ("chess_for_tests",), "a loop")
    registry._bots["chess_for_tests"].pop("default")
    with pytest.raises(RegistryError, match="aliases loop: chess_default -> default -> chess_default"):
        make_bot("chess_default", "chess_for_tests")
    with pytest.raises(ValueError, match="names itself"):
        registry.register_alias("same", "same", ("chess_for_tests",), "")


def test_a_game_describes_itself() -> None:
    info = get_game("arknova").info
    assert (info.name, info.title, info.min_players, info.max_players) == ("arknova", "Ark Nova", 1, 4)
    assert {option.name for option in info.options} == set(get_game("arknova").default_config()) - {"players"}
    assert all(option.help for option in info.options)
    assert info.default_bot in available_bots("arknova")
