"""Ark & Noah's bots: the heuristic family (weights as data) at its default archetype is the game's
`default` bot and beats random play; the generic random and search bots play the game; the family's value judges positions."""

from __future__ import annotations

from pathlib import Path

import pytest

import heuristics.arknoah  # noqa: F401  (registers the family: an entry point does it once installed)
from arknoah.helpers import SPEC, give, new
from heuristics.arknoah.bot import NoahBot
from heuristics.arknoah.weights import NoahWeights, archetype_weights
from heuristics.search import SearchBot
from sim.arknoah.game import ArkNoah
from sim.core.play import play_game
from sim.core.registry import RegistryError, available_bots, known_aliases, make_bot


def win_share(specs: list[str], games: int, players: int = 2, quick: bool = False) -> float:
    """The first bot's share of the wins (1/k for each of k tied winners) over `games` games, its
    seat rotating; the other seats play the second bot."""
    factory = ArkNoah()
    won = 0.0
    for seed in range(games):
        seat = seed % players
        seated = [specs[1]] * players
        seated[seat] = specs[0]
        record = play_game(factory.new_game({"players": players, "quick": quick}, seed),
                           [make_bot(spec, SPEC) for spec in seated], seed)
        winners = [result.seat for result in record.results if result.rank == 1]
        won += (seat in winners) / len(winners)
    return won / games


def test_the_family_is_the_games_default_and_plays_only_it() -> None:
    assert isinstance(make_bot("default", SPEC), NoahBot) and isinstance(make_bot("heuristic", SPEC), NoahBot)
    assert {"default", "default_search", "heuristic", "random", "search"} <= set(available_bots(SPEC))
    assert {"noah", "noah_search"}.isdisjoint(available_bots(SPEC)), "old names are aliases, not bots"
    with pytest.raises(RegistryError, match="does not play arknova"):
        make_bot("noah", "arknova")
    assert isinstance(make_bot("default_search", SPEC).rollout_bot, NoahBot)


def test_the_old_names_make_the_renamed_bots() -> None:
    """`noah` replays the bot it named when it was recorded (now `noah_v1`), not today's default."""
    assert {"noah": "noah_v1", "noah_search": "default_search"}.items() <= \
        {old: alias.new for old, alias in known_aliases(SPEC).items()}.items()
    assert isinstance(make_bot("noah", SPEC), NoahBot) and isinstance(make_bot("noah_search", SPEC), SearchBot)
    assert make_bot("noah", SPEC).weights == make_bot("noah_v1", SPEC).weights != make_bot("default", SPEC).weights


@pytest.mark.parametrize(("players", "quick"), [(2, False), (4, False), (3, True)])
def test_default_beats_random(players: int, quick: bool) -> None:
    assert win_share(["default", "random"], 30, players, quick) >= 0.85


def test_search_plays_the_game() -> None:
    assert win_share(["default_search:simulations=8", "random"], 4) >= 0.75
    assert 0 <= win_share(["search:simulations=4", "default"], 2, players=3) <= 1


def test_the_value_is_the_vp_at_the_end_and_counts_what_lies_in_front() -> None:
    bot = make_bot("default", SPEC)
    game = new(2)
    before = bot.value(game, 0)
    game.players[0].walls += 1
    game.supply_walls[0] -= 1
    assert bot.value(game, 0) == pytest.approx(before + bot.weights.wall)
    give(game, 0, "lion", True)
    single = bot.value(game, 0)
    give(game, 0, "lion", False)
    assert bot.value(game, 0) > single + 6 * bot.weights.single, "a pair is worth more than two singles"
    record = play_game(ArkNoah().new_game({"players": 2}, 4), [bot, make_bot("random", SPEC)], 4)
    assert record.state is not None and [bot.value(record.state, seat) for seat in (0, 1)] == \
        [result.score for result in record.results]


def test_ranked_puts_the_rules_choice_first() -> None:
    bot = make_bot("default", SPEC)
    game = ArkNoah().new_game({"players": 3}, 2)
    import random

    rng = random.Random(0)
    for _ in range(60):
        decision = game.decision()
        ranked = bot.ranked(game.observation(decision.seat), decision, rng)
        assert sorted(map(repr, ranked)) == sorted(map(repr, decision.options))
        choice = bot.choose(game.observation(decision.seat), decision, rng)
        assert ranked[0] == choice or decision.kind == "plan"
        game.apply(choice)


def test_weights_come_from_archetype_files(tmp_path: Path) -> None:
    default = archetype_weights("default")
    assert isinstance(default, NoahWeights) and default.build == 1.0
    path = tmp_path / "hoarder.toml"
    path.write_text('bot = "heuristic"\n[weights]\nwall = 2.5\n')
    bot = make_bot(str(path), SPEC)
    assert bot.weights.wall == 2.5 and bot.weights.build == default.build
    path.write_text('bot = "heuristic"\n[weights]\nspeed = 2\n')
    with pytest.raises(RegistryError, match="unknown weight.s. speed") as error:
        make_bot(str(path), SPEC)
    assert "\n" not in str(error.value)
    with pytest.raises(RegistryError, match="unknown archetype 'bold'"):
        make_bot("heuristic:archetype=bold", SPEC)


def test_the_family_is_the_games_tunable_one(tmp_path: Path) -> None:
    from heuristics.tuning import tunable_of

    tuning = tunable_of(SPEC)
    assert tuning is NoahBot.tunable and tunable_of("arknova") is not tuning
    path = tmp_path / "tuned.toml"
    path.write_text(tuning.archetype_text(NoahWeights.from_mapping({"build": 2.0}, tuning.start("default")), 'a "test"'))
    assert tuning.start(str(path)).build == 2.0 and make_bot(str(path), SPEC).weights.build == 2.0
