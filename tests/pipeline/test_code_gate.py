"""One gate for code: every name that resolves to Python code (a bot, any bot parameter, a game) passes
through the registry's one resolver, which refuses before importing anything when the name comes from an
experiment file, a bot file such a file names, or a run folder, unless --allow-code is given. The
campaign's cases: a search bot's `rollout` smuggled through a bot file, for run, sweep, resume and replay;
a manifest's game named by code, for report; and a walk over every parameter of every registered bot
and every option of every registered game."""

from __future__ import annotations

import contextlib
import json
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.core.registry import RegistryError, available_bots, available_games, bot_factory, bot_parameters, make_bot
from sim.pipeline.experiment import ExperimentError, game_factory, load_experiment, refuse_code
from sim.pipeline.runner import run

SMUGGLED = """
from pathlib import Path

Path({marker!r}).write_text("imported")


class Smuggled:
    def choose(self, observation, decision, rng):
        return decision.options[rng.randrange(len(decision.options))]
"""


class Smuggler:
    """Python code that leaves a marker file when it is imported, named as a file (``x.py:Smuggled``) or as
    a module (``name:Smuggled``, importable from `tmp_path`)."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.marker = tmp_path / "imported.txt"
        module = f"smuggled_{uuid.uuid4().hex}"
        for name in ("smuggled_file.py", f"{module}.py"):
            (tmp_path / name).write_text(SMUGGLED.format(marker=str(self.marker)))
        monkeypatch.syspath_prepend(str(tmp_path))
        self.names = (f"{tmp_path / 'smuggled_file.py'}:Smuggled", f"{module}:Smuggled")

    @property
    def imported(self) -> bool:
        return self.marker.exists()


@pytest.fixture
def smuggler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Smuggler:
    return Smuggler(tmp_path, monkeypatch)


def arkmc(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def one_line_refusal(result, code: str) -> None:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "names Python code" in lines[0] and "--allow-code" in lines[0] and code in lines[0], lines[0]


def search_bot_file(folder: Path, rollout: str) -> Path:
    """A bot file whose bot is registered but whose rollout is code: what the campaign smuggled in."""
    path = folder / f"b-{uuid.uuid4().hex[:6]}.toml"
    path.write_text(f'bot = "search"\nsimulations = 1\nmax_rollout = 30\nrollout = "{rollout}"\n')
    return path


def test_a_bot_file_named_by_an_experiment_file_cannot_smuggle_a_rollout(tmp_path: Path, smuggler: Smuggler) -> None:
    for code in smuggler.names:
        experiment = tmp_path / "experiment.toml"
        experiment.write_text(f'bots = ["{search_bot_file(tmp_path, code)}"]\ngames = 1\n')
        one_line_refusal(arkmc("run", str(experiment), "--out", str(tmp_path / "run"), "--jobs", "1"), code)
        one_line_refusal(arkmc("sweep", str(experiment), "--override-path", "cards.401.cost", "--values", "13,15",
                               "--out", str(tmp_path / "sweep"), "--jobs", "1"), code)
    assert not smuggler.imported and not (tmp_path / "run").exists() and not (tmp_path / "sweep").exists()


def test_the_command_line_and_allow_code_may_name_the_same_rollout(tmp_path: Path, smuggler: Smuggler) -> None:
    bot = search_bot_file(tmp_path, smuggler.names[0])
    experiment = tmp_path / "experiment.toml"
    experiment.write_text(f'bots = ["{bot}"]\ngames = 1\n')
    allowed = arkmc("run", str(experiment), "--allow-code", "--out", str(tmp_path / "run"), "--jobs", "1",
                    "--no-progress")
    assert allowed.exit_code == 0, allowed.output
    assert smuggler.imported


def folder_naming(tmp_path: Path, key: str, value: str) -> Path:
    """A finished run of one random game whose manifest was then edited to name `value` as its `key`."""
    out = tmp_path / "run"
    result = arkmc("run", "--bots", "random", "--games", "1", "--jobs", "1", "--out", str(out), "--no-progress")
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["experiment"][key] = value
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def test_a_run_folder_cannot_smuggle_a_rollout_into_resume_or_replay(tmp_path: Path, smuggler: Smuggler) -> None:
    for code in smuggler.names:
        out = folder_naming(tmp_path / uuid.uuid4().hex, "bots", [str(search_bot_file(tmp_path, code))])  # type: ignore[arg-type]
        one_line_refusal(arkmc("run", "--resume", "--out", str(out), "--jobs", "1"), code)
        one_line_refusal(arkmc("replay", str(out), "0", "--out", str(tmp_path / "page.html")), code)
    assert not smuggler.imported and not (tmp_path / "page.html").exists()


def test_a_run_folder_cannot_make_report_run_its_game(tmp_path: Path, smuggler: Smuggler) -> None:
    for code in smuggler.names:
        out = folder_naming(tmp_path / uuid.uuid4().hex, "game", code.replace("Smuggled", "Game"))
        result = arkmc("report", str(out), "--out", str(tmp_path / "report.html"))
        one_line_refusal(result, code.replace("Smuggled", "Game"))
    assert not smuggler.imported and not (tmp_path / "report.html").exists()
    arkmc("report", str(out), "--allow-code", "--out", str(tmp_path / "report.html"))
    assert smuggler.imported, "--allow-code opens the gate"


def test_no_parameter_of_any_registered_bot_resolves_to_code_from_a_file(tmp_path: Path, smuggler: Smuggler) -> None:
    """Every parameter of every bot of every game, set to code in a bot file that an experiment file
    names: the parameter is refused as code, or refused as a bad value, or accepted as a value that
    builds no code even with the gate open. Nothing is imported in any case."""
    refused_as_code = set()
    walked = 0
    for game in available_games():
        for name in available_bots(game):
            for parameter, _ in bot_parameters(bot_factory(name, game)):
                for code in smuggler.names:
                    walked += 1
                    bot = tmp_path / f"{uuid.uuid4().hex[:8]}.toml"
                    bot.write_text(f'bot = "{name}"\n{parameter} = "{code}"\n')
                    try:
                        refuse_code({"game": game, "bots": [str(bot)]}, {})
                    except ExperimentError as error:
                        if "names Python code" in str(error):
                            refused_as_code.add((game, name, parameter))
                    else:
                        with contextlib.suppress(RegistryError):
                            make_bot(str(bot), game)
                    assert not smuggler.imported, f"{game} bot {name}'s {parameter} = {code!r} ran the code"
    assert walked > 300
    assert ("arknova", "search", "rollout") in refused_as_code and ("inhabit", "default_search", "rollout") in refused_as_code


def test_no_option_of_any_registered_game_resolves_to_code_from_a_file(tmp_path: Path, smuggler: Smuggler) -> None:
    """Every option of every game set to code in an experiment file: refused as a bad value, or accepted
    and played a game's setup with without importing anything; and the game itself named by code is refused."""
    for game in available_games():
        factory = game_factory(game)
        for option in factory.info.options:
            for code in smuggler.names:
                experiment = tmp_path / "experiment.toml"
                experiment.write_text(f'game = "{game}"\ngames = 1\n[options]\n{option.name} = "{code}"\n')
                try:
                    built = load_experiment(experiment, {})
                except ExperimentError:
                    continue
                factory.new_game(built.config, 0)
        for code in smuggler.names:
            experiment = tmp_path / "experiment.toml"
            experiment.write_text(f'game = "{code}"\n')
            with pytest.raises(ExperimentError, match="names Python code"):
                load_experiment(experiment, {})
    assert not smuggler.imported


def test_a_run_built_with_code_allowed_plays_as_before(tmp_path: Path, smuggler: Smuggler) -> None:
    """The gate is shut only while a file's names are checked: a library caller's own code bot still plays."""
    from sim.pipeline.experiment import build_experiment

    summary = run(build_experiment({"bots": [smuggler.names[0], "random"], "games": 1, "jobs": 1,
                                    "out": str(tmp_path / "run")}), progress=False)
    assert summary.games_played == 1 and smuggler.imported
