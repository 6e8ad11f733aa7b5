"""Ark Nova's zoo (heuristics/arknova/zoo.py): which bot each name makes, the old and experimental names, that the
zoo is the one place naming bots, and the game's skill ladder."""

from __future__ import annotations

from pathlib import Path

import pytest

from heuristics.arknova.bots.distilled import DistilledBot
from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.evaluation import ARCHETYPE_DIR
from heuristics.search import SearchBot
from sim.core.registry import RegistryError, available_bots, get_game, known_aliases, make_bot

GAME = "arknova"
ZOO = Path(__file__).resolve().parents[2] / "heuristics" / "arknova"
STYLES = ("appeal_engine", "conservation_rusher", "sponsor_engine", "association_player", "rotation_planner")


def test_default_is_the_distilled_bot_and_distilled_its_old_name() -> None:
    assert type(make_bot("default", GAME)) is DistilledBot
    assert type(make_bot("distilled", GAME)) is DistilledBot
    assert known_aliases(GAME)["distilled"].new == "default"


def test_earlier_defaults_keep_stable_names() -> None:
    v1, v2 = make_bot("heuristic_v1", GAME), make_bot("heuristic_v2", GAME)
    assert type(v1) is HeuristicBot and type(v2) is HeuristicBot
    assert v1.archetype == v2.archetype == "default" and v1.weights == v2.weights
    assert v2.prune and not v1.prune


def test_default_search_rolls_out_with_default() -> None:
    bot = make_bot("default_search", GAME)
    assert isinstance(bot, SearchBot) and type(bot.rollout_bot) is DistilledBot


def test_the_users_choices_are_registered_and_the_experiments_only_behind_their_prefix() -> None:
    names = set(available_bots(GAME))
    assert {"default", "default_search", "heuristic", "heuristic_v1", "heuristic_v2", "random", *STYLES} <= names
    experimental = {name for name in names if name.startswith("experimental.")}
    assert experimental == {"experimental.keeper", "experimental.planner", "experimental.planner_full",
                            "experimental.planner_search"}
    aliases = known_aliases(GAME)
    for name in experimental:   # the old bare name makes the same bot for one version, and is no bot name
        bare = name.removeprefix("experimental.")
        assert bare not in names and aliases[bare].new == name
        assert type(make_bot(bare, GAME)) is type(make_bot(name, GAME))
    with pytest.raises(RegistryError):
        make_bot("experimental.default", GAME)


def test_every_shipped_archetype_file_names_a_registered_bot() -> None:
    for path in ARCHETYPE_DIR.glob("*.toml"):
        assert type(make_bot(str(path), GAME)) is HeuristicBot, path


def test_only_the_zoo_registers_ark_nova_bot_names() -> None:
    registering = sorted(path.relative_to(ZOO).as_posix() for path in ZOO.rglob("*.py")
                         if "register_bot(" in path.read_text() or "register_alias(" in path.read_text())
    assert registering == ["zoo.py"]


def test_the_ladder_climbs_from_random_to_the_search_bot_through_registered_bots() -> None:
    ladder = get_game(GAME).info.ladder
    assert ladder[0] == "random" and ladder[-1] == "default_search" and "default" in ladder
    assert len(ladder) == len(set(ladder)) >= 4
    for spec in ladder:
        make_bot(spec, GAME)
