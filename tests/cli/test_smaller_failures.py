"""The campaign's smaller failures, each now one line and exit code 2: click's usage errors, a game named
by code that is no game, a data folder holding half a game's cards, a report of a run with no game saved;
and workers capped at the number of chunks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.pipeline.command import arkmc
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

INHABIT_CARDS = Path(__file__).resolve().parents[2] / "sim" / "inhabit" / "data" / "cards.csv"


def one_line(arguments: list[str], words: str) -> None:
    result = CliRunner().invoke(main, arguments)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, (arguments, result.output)
    assert lines[0].startswith("arkmc: error: ") and words in lines[0], lines[0]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("finished") / "run"
    run(build_experiment({"bots": ["random"], "games": 2, "chunk_size": 2, "jobs": 1, "out": str(out)}), progress=False)
    return out


@pytest.mark.parametrize(("arguments", "words"), [
    (["run", "--players", "abc"], f"Invalid value for '--players': 'abc' is not a valid integer; see {arkmc()} run --help"),
    (["run", "--seed", "abc"], "Invalid value for '--seed': 'abc' is not a valid integer"),
    (["report", "RUN", "--format", "pdf"], "Invalid value for '--format': 'pdf' is not one of 'html', 'md'"),
    (["replay", "RUN", "-1"], "Invalid value for 'GAME': -1 is not in the range x>=0"),
    (["replay", "RUN", "abc"], "Invalid value for 'GAME': 'abc' is not a valid integer"),
    (["replay"], "Missing argument 'RUN_DIR'"),
    (["run", "--no-such-flag"], "No such option '--no-such-flag'"),
])
def test_a_bad_usage_is_one_line_not_clicks_usage_block(arguments: list[str], words: str) -> None:
    one_line(arguments, words)


def test_replay_game_zero_is_still_a_game_number(finished: Path, tmp_path: Path) -> None:
    """Letting `-1` through as GAME must not make a real game number an error."""
    result = CliRunner().invoke(main, ["replay", str(finished), "0", "--out", str(tmp_path / "page.html")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", [["run", "--games", "1"], ["play"], ["tournament", "--bots", "random,random"]])
@pytest.mark.parametrize("game", ["os:path", "os:getcwd", "json:JSONDecodeError"])
def test_a_game_named_by_code_that_is_no_game_is_one_line(tmp_path: Path, command: list[str], game: str) -> None:
    """`--game os:path` gave a 38-line traceback: a module is not a game, nor what a function returns,
    nor a class that fails to start."""
    words = f"{game!r} is not a game" if game != "json:JSONDecodeError" else f"game {game!r} failed to start: TypeError"
    one_line([*command, "--game", game, "--out", str(tmp_path / "out")] if command[0] != "play"
             else [*command, "--game", game], words)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("games", "chunk_size", "jobs", "workers"), [(4, 2, 64, 2), (4, 2, 2, 2), (6, 2, 2, 2),
                                                                       (2, 2, 64, 1)])
def test_workers_are_capped_at_the_number_of_chunks(tmp_path: Path, games: int, chunk_size: int, jobs: int,
                                                     workers: int) -> None:
    from sim.pipeline.backends import worker_count

    spec = build_experiment({"bots": ["random"], "games": games, "chunk_size": chunk_size, "jobs": jobs,
                             "out": str(tmp_path / "run")})
    assert worker_count(spec) == workers


def test_a_run_of_64_jobs_for_one_chunk_starts_one_worker(tmp_path: Path) -> None:
    summary = run(build_experiment({"bots": ["random"], "games": 2, "chunk_size": 2, "jobs": 64,
                                    "out": str(tmp_path / "run")}), progress=False)
    assert summary.workers == 1 and summary.games_played == 2


@pytest.mark.parametrize(("kept", "accepted"), [(81, False), (161, False), (162, True)])
def test_a_data_folder_must_hold_every_card(tmp_path: Path, kept: int, accepted: bool) -> None:
    """Inhabit's data folder with a well-formed cards.csv holding half the cards was accepted and played;
    one card short is refused too, and every card (each may be changed) is accepted."""
    lines = INHABIT_CARDS.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 163, "the shipped pack has 162 cards"
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "cards.csv").write_text("".join(lines[:kept + 1]), encoding="utf-8")
    arguments = ["run", "--game", "inhabit", "--data", str(folder), "--games", "1", "--jobs", "1", "--no-progress",
                 "--out", str(tmp_path / "run")]
    if accepted:
        result = CliRunner().invoke(main, arguments)
        assert result.exit_code == 0, result.output
    else:
        one_line(arguments, f"cards.csv holds {kept} of the game's 162 entries; missing: ")
        assert not (tmp_path / "run").exists()


def test_a_report_of_a_run_with_no_game_saved_is_refused(finished: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    shutil.copytree(finished, out)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["chunks_done"] = {}
    (out / "manifest.json").write_text(json.dumps(manifest))
    for table in ("games", "seats", "card_events", "turns"):
        shutil.rmtree(out / table)
    one_line(["report", str(out), "--out", str(tmp_path / "report.html")], "holds no saved game yet")
    assert not (tmp_path / "report.html").exists()
