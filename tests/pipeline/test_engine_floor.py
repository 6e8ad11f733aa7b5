"""scripts/checks/engine_floor.py: the games it replays from their recorded choices are the games that were played
(the same results, bit for bit), so the replay's cost is the rules' cost of those very games; bad sizes are one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "checks"))
import engine_floor  # noqa: E402

from sim.core.play import play_game  # noqa: E402
from sim.core.registry import get_game, make_bot  # noqa: E402
from sim.core.seeds import derive_seeds  # noqa: E402


@pytest.mark.parametrize("game", sorted(engine_floor.SETTINGS))
def test_the_recorded_choices_replay_the_same_games(game: str) -> None:
    seeds = derive_seeds(5, 2)
    _, games = engine_floor.recorded_games(game, "random", seeds)
    factory, config = get_game(game), engine_floor.SETTINGS[game]
    for seed, choices in zip(seeds, games):
        played = play_game(factory.new_game(config, seed), [make_bot("random", game) for _ in choices], seed)
        again = play_game(factory.new_game(config, seed), [engine_floor.Replay(seat) for seat in choices], seed)
        assert again.status == "finished" and again.decisions == played.decisions
        assert again.results == played.results


def test_a_replay_that_strays_from_its_game_is_refused() -> None:
    seeds = derive_seeds(5, 1)
    _, games = engine_floor.recorded_games("arknova", "random", seeds)
    games[0][0] = games[0][0][1:]  # the first seat's first choice lost: the game it replays is another
    with pytest.raises(ValueError, match="seat 1's recorded choices do not fit the game replayed"):
        engine_floor.replayed("arknova", seeds, games)


@pytest.mark.parametrize("arguments", [["--games", "0"], ["--repeats", "0"], ["--game", "chess"]])
def test_sizes_it_cannot_time_are_one_line_errors(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        engine_floor.main(arguments)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err.strip().splitlines()[-1]
