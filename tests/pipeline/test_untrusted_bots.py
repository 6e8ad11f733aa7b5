"""Bots nobody vouches for. Experiment files and run folders are data that may come from anyone: the
bots and games they name must be registered ones; Python code named by its path runs only when the
command line names it or --allow-code says the file or folder is trusted, and nothing is imported
before that check. A bot that exits, breaks a game or fails to start costs its games, with one line
each, never the run or a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from pipeline.test_runner import table
from sim.cli import main

ARKMC = str(Path(sys.executable).with_name("arkmc"))

MARKER_BOT = """
from pathlib import Path

Path({marker!r}).write_text("imported")


class AnyOption:
    def choose(self, observation, decision, rng):
        return decision.options[rng.randrange(len(decision.options))]
"""


def arkmc(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def bot_file(tmp_path: Path) -> tuple[Path, Path]:
    """A bot module that leaves a marker file when it is imported."""
    marker = tmp_path / "imported.txt"
    module = tmp_path / "marker_bot.py"
    module.write_text(MARKER_BOT.format(marker=str(marker)))
    return module, marker


def test_an_experiment_file_may_not_run_a_shell_command(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    experiment = tmp_path / "experiment.toml"
    experiment.write_text(f'bots = ["os:system:command=touch {marker}"]\ngames = 1\n')
    result = arkmc("run", str(experiment), "--out", str(tmp_path / "run"), "--jobs", "1")
    assert result.exit_code == 2 and "'os:system:command=touch" in result.output and "names Python code" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not marker.exists() and not (tmp_path / "run").exists()


def test_an_experiment_file_may_name_registered_bots_and_archetype_files(tmp_path: Path) -> None:
    archetype = tmp_path / "style.toml"
    archetype.write_text('bot = "heuristic"\narchetype = "appeal_engine"\n')
    experiment = tmp_path / "experiment.toml"
    experiment.write_text(f'bots = ["random", {{ name = "{archetype}" }}]\ngames = 2\n')
    result = arkmc("run", str(experiment), "--out", str(tmp_path / "run"), "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output


def test_a_bot_file_or_a_game_named_by_code_in_an_experiment_file_is_refused(tmp_path: Path) -> None:
    module, marker = bot_file(tmp_path)
    disguised = tmp_path / "disguised.toml"
    disguised.write_text(f'bot = "{module}:AnyOption"\n')
    for line in (f'bots = ["{module}:AnyOption"]', f'bots = ["{disguised}"]', 'game = "os:getcwd"',
                 f'bots = [{{ name = "{module}:AnyOption" }}]'):
        experiment = tmp_path / "experiment.toml"
        experiment.write_text(line + "\ngames = 1\n")
        result = arkmc("run", str(experiment), "--out", str(tmp_path / "run"), "--jobs", "1")
        assert result.exit_code == 2 and "names Python code" in result.output, line
    assert not marker.exists()


def test_resume_imports_nothing_a_run_folder_names_unless_allowed(tmp_path: Path) -> None:
    """A folder's manifest naming a bot module (edited by someone, or a run made with a file bot)
    resumes only with --allow-code. Run in fresh processes, so the marker tells whether the bot's
    module was imported."""
    module, marker = bot_file(tmp_path)
    out = tmp_path / "run"
    first = arkmc_process("run", "--bots", f"{module}:AnyOption", "--games", "4", "--chunk-size", "2", "--jobs", "1",
                          "--out", str(out))
    assert first.returncode == 0, first.stderr
    marker.unlink()
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["chunks_done"].pop("000001")  # as if the run had been interrupted after its first chunk
    (out / "manifest.json").write_text(json.dumps(manifest))
    refused = arkmc_process("run", "--resume", "--out", str(out), "--jobs", "1")
    assert refused.returncode == 2 and "names Python code" in refused.stderr and "--allow-code" in refused.stderr
    assert not marker.exists(), "nothing was imported before the refusal"
    resumed = arkmc_process("run", "--resume", "--allow-code", "--out", str(out), "--jobs", "1")
    assert resumed.returncode == 0, resumed.stderr
    assert "played 2 games (2 already saved)" in resumed.stdout and marker.exists()


def arkmc_process(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ARKMC, *arguments], capture_output=True, text=True, timeout=300)


MISBEHAVING_BOTS = """
import sys


class Exits:
    def choose(self, observation, decision, rng):
        sys.exit(3)


class Illegal:
    def choose(self, observation, decision, rng):
        return ("no such option",)


class BrokenStart:
    def __init__(self):
        raise RuntimeError("no weights file")

    def choose(self, observation, decision, rng):
        return decision.options[0]
"""


def misbehaving(tmp_path: Path) -> Path:
    module = tmp_path / "misbehaving.py"
    module.write_text(MISBEHAVING_BOTS)
    return module


def test_a_bot_that_exits_ends_its_games_as_error_rows_not_the_run(tmp_path: Path) -> None:
    from sim.pipeline.experiment import build_experiment
    from sim.pipeline.runner import run

    module = misbehaving(tmp_path)
    out = tmp_path / "run"
    experiment = build_experiment({"bots": [f"{module}:Exits", "random"], "games": 3, "chunk_size": 3, "jobs": 1,
                                   "out": str(out)})
    summary = run(experiment, progress=False)
    assert (summary.games_played, summary.errors) == (3, 3)
    games = table(out, "games")
    assert games["status"].cast(str).to_list() == ["error"] * 3
    assert all("SystemExit: 3" in error for error in games["error"].to_list())


def test_a_bot_that_breaks_play_or_its_own_start_gets_one_line(tmp_path: Path) -> None:
    module = misbehaving(tmp_path)
    illegal = CliRunner().invoke(main, ["play", "--bots", f"{module}:Illegal"])
    assert illegal.exit_code == 1 and "Traceback" not in illegal.output
    assert illegal.output.strip().splitlines()[-1].startswith("arkmc: the game stopped: IllegalOption:")
    exits = CliRunner().invoke(main, ["play", "--bots", f"random,{module}:Exits"])
    assert exits.exit_code == 1 and exits.output.strip().splitlines()[-1] == "arkmc: the game stopped: SystemExit: 3"
    broken = CliRunner().invoke(main, ["play", "--bots", f"{module}:BrokenStart"])
    assert broken.exit_code == 2 and len(broken.output.strip().splitlines()) == 1
    assert "failed to start: RuntimeError: no weights file" in broken.output


FIRST_OPTION_BOT = """
class First:
    def choose(self, observation, decision, rng):
        return decision.options[0]
"""


def test_a_bot_that_always_takes_the_first_option_saves_its_capped_games(tmp_path: Path) -> None:
    """Such a bot calls a break over a thousand times before the safety cap stops its game; the break
    counters used to overflow their u8 columns and fail the whole chunk."""
    from sim.pipeline.experiment import build_experiment
    from sim.pipeline.runner import run

    module = tmp_path / "first.py"
    module.write_text(FIRST_OPTION_BOT)
    out = tmp_path / "run"
    summary = run(build_experiment({"bots": [f"{module}:First"], "games": 1, "jobs": 1, "out": str(out)}),
                  progress=False)
    assert (summary.games_played, summary.errors) == (1, 0)
    games = table(out, "games")
    assert games["status"].cast(str).to_list() == ["capped"] and games["breaks"][0] > 255
    assert table(out, "turns")["break_number"].max() == games["breaks"][0]
