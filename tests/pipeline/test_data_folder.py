"""One way to bring your own data, the same for every game: `--data FOLDER` (the experiment key `data`).
A replacement file changes play, the run records the folder and the digest of the files it played with
(so resume and replay see them), a bad folder is one line before any game, the old spellings are one
line naming the new one, and a run saved with an old spelling reads in today's."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.core.registry import get_game
from sim.pipeline.experiment import build_experiment, load_experiment
from sim.pipeline.storage import RunFolder, current_spelling
from sim.replay.run_game import replay_run_game

SHIPPED = Path(__file__).resolve().parents[2] / "sim"
# game -> (a data file, a change of it that changes play, a change that does not parse, what the one line says)
CHANGES: dict[str, tuple[str, Callable[[str], str], Callable[[str], str], str]] = {
    "arknova": ("tracks.json", lambda text: text.replace('"starting_money": 25', '"starting_money": 60'),
                lambda text: text.replace('"starting_money": 25', '"starting_money": 25 25'),
                "tracks.json does not parse: Expecting ',' delimiter"),
    "arknoah": ("rules.json", lambda text: text.replace('"food": 2, "males"', '"food": 6, "males"'),
                lambda text: text.replace('"food": 2, "males"', '"food": -2, "males"'),
                "rules.json: no number may be negative"),
    "inhabit": ("trails.json", lambda text: text.replace('"start_space": {"2": 3,', '"start_space": {"2": 1,'),
                lambda text: text.replace('"start_space": {"2": 3,', '"start_space": {"2": 30,'),
                "trails.json: standard africa: the start spaces must be terrain spaces before the final space"),
}


def data_folder(tmp_path: Path, game: str, change: Callable[[str], str], name: str = "mine") -> Path:
    """A folder holding one of the game's data files, changed."""
    file_name = CHANGES[game][0]
    folder = tmp_path / name
    folder.mkdir()
    (folder / file_name).write_text(change((SHIPPED / game / "data" / file_name).read_text(encoding="utf-8")),
                                    encoding="utf-8")
    return folder


def run_args(game: str, out: Path, *more: str) -> list[str]:
    return ["run", "--game", game, "--bots", "random", "--games", "3", "--seed", "4", "--jobs", "1",
            "--out", str(out), "--no-progress", *more]


def points(out: Path) -> list[float]:
    seats = RunFolder(out).scan("seats")
    assert seats is not None
    return seats.sort(["game", "seat"]).collect()["points"].to_list()


@pytest.mark.parametrize("game", sorted(CHANGES))
def test_a_replacement_file_changes_play_and_the_run_records_the_files_it_played_with(tmp_path: Path, game: str) -> None:
    folder = data_folder(tmp_path, game, CHANGES[game][1])
    runner = CliRunner()
    for name, more in (("shipped", []), ("mine", ["--data", str(folder)])):
        result = runner.invoke(main, run_args(game, tmp_path / f"run-{name}", *more))
        assert result.exit_code == 0, result.output
    shipped, mine = (RunFolder(tmp_path / f"run-{name}").read_manifest() for name in ("shipped", "mine"))
    assert shipped is not None and mine is not None
    assert points(tmp_path / "run-mine") != points(tmp_path / "run-shipped")
    assert mine["experiment"]["data"] == str(folder) and "data" not in shipped["experiment"]
    assert mine["data_version"] != shipped["data_version"]
    assert get_game(game).with_data(str(folder)).data_version() != get_game(game).data_version()
    replayed = replay_run_game(tmp_path / "run-mine", 2)
    assert ("data", str(folder)) in replayed.facts


@pytest.mark.parametrize("game", sorted(CHANGES))
def test_a_bad_file_or_folder_is_one_line_before_any_game(tmp_path: Path, game: str) -> None:
    bad = data_folder(tmp_path, game, CHANGES[game][2])
    unknown = tmp_path / "unknown"
    unknown.mkdir()
    (unknown / "readme.txt").write_text("my copy")
    runner = CliRunner()
    for folder, message in ((bad, CHANGES[game][3]), (unknown, "readme.txt is not a data file of this game"),
                            (tmp_path / "nowhere", "does not exist")):
        for command in (run_args(game, tmp_path / "out", "--data", str(folder)),
                        ["play", "--game", game, "--data", str(folder)],
                        ["tune", "--game", game, "--data", str(folder), "--out", str(tmp_path / "out" / "x.toml")],
                        ["tournament", "--game", game, "--bots", "random,default", "--data", str(folder),
                         "--out", str(tmp_path / "out")]):
            result = runner.invoke(main, command)
            assert result.exit_code == 2, (command, result.output)
            assert result.output.startswith(f"arkmc: error: data folder {folder}") and message in result.output, \
                result.output
            assert len(result.output.splitlines()) == 1
    assert not (tmp_path / "out").exists(), "refused before the run folder is made"


def test_overrides_apply_on_top_of_the_folder_and_resume_refuses_changed_files(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "arknova", CHANGES["arknova"][1])
    out = tmp_path / "run"
    runner = CliRunner()
    first = runner.invoke(main, run_args("arknova", out, "--data", str(folder), "--override", "tracks.appeal_max=113"))
    assert first.exit_code == 0, first.output
    experiment = load_experiment(None, {"out": str(out)}, resume=True)
    assert experiment.data == str(folder) and experiment.overrides == ("tracks.appeal_max=113",)
    again = runner.invoke(main, run_args("arknova", out, "--data", str(folder), "--override", "tracks.appeal_max=113",
                                         "--games", "5", "--resume"))
    assert again.exit_code == 0, again.output
    (folder / "tracks.json").write_text(CHANGES["arknova"][1]((SHIPPED / "arknova" / "data" / "tracks.json")
                                        .read_text(encoding="utf-8")).replace('"starting_money": 60', '"starting_money": 61'))
    refused = runner.invoke(main, ["run", "--resume", "--games", "6", "--out", str(out)])
    assert refused.exit_code == 2 and "the game's data or columns changed since" in refused.output


def test_an_experiment_without_a_folder_keeps_its_id_and_a_folder_is_part_of_the_identity(tmp_path: Path,
                                                                                          monkeypatch) -> None:
    """An experiment saved before the key existed has the same id; a folder is recorded as an absolute path."""
    spec = {"bots": ["random"], "games": 2, "out": str(tmp_path / "run")}
    plain = build_experiment(spec)
    assert "data" not in plain.to_dict() and plain.experiment_id == build_experiment({**spec, "data": ""}).experiment_id
    folder = data_folder(tmp_path, "arknova", CHANGES["arknova"][1])
    monkeypatch.chdir(tmp_path)
    mine = build_experiment({**spec, "data": "mine"})
    assert mine.data == str(folder) and mine.to_dict()["data"] == str(folder)
    assert mine.experiment_id != plain.experiment_id


def test_the_old_spellings_are_one_line_naming_the_new_one(tmp_path: Path) -> None:
    runner = CliRunner()
    experiment_file = tmp_path / "old.toml"
    experiment_file.write_text('game = "inhabit"\n[options]\ndata = "/my/cards"\n', encoding="utf-8")
    option = "arkmc: error: data is not a game option; give a data folder with --data /my/cards (the experiment key data)\n"
    for arguments, message in (
        (["run", "--game", "arknoah", "--override", "data=/my/pack"], "arkmc: error: override 'data=/my/pack': a data "
         "folder is not an override; give it with --data /my/pack (the experiment key data)\n"),
        (["play", "--game", "inhabit", "--option", "data=/my/cards"], option),
        (["run", str(experiment_file), "--out", str(tmp_path / "never")], option),
    ):
        result = runner.invoke(main, arguments)
        assert result.exit_code == 2 and result.output == message, result.output


def test_a_run_saved_with_an_old_spelling_reads_in_todays(tmp_path: Path) -> None:
    """Inhabit the Earth's runs saved `options.data` (empty when none); Ark & Noah's the override `data=FOLDER`."""
    assert current_spelling({"options": {"intro": False, "data": ""}, "overrides": []}) == \
        {"options": {"intro": False}, "overrides": []}
    assert current_spelling({"options": {"data": "/my/cards"}}) == {"options": {}, "data": "/my/cards"}
    assert current_spelling({"overrides": ["data=/my/pack", "species.lion.vp=7"]}) == \
        {"overrides": ["species.lion.vp=7"], "data": "/my/pack"}
    out = tmp_path / "run"
    assert CliRunner().invoke(main, run_args("inhabit", out)).exit_code == 0
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["experiment"]["options"]["data"] = ""
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    assert replay_run_game(out, 1).turns > 0
    resumed = CliRunner().invoke(main, ["run", "--resume", "--games", "4", "--out", str(out), "--no-progress"])
    assert resumed.exit_code == 0, resumed.output
    assert "data" not in json.loads(manifest_path.read_text(encoding="utf-8"))["experiment"]["options"]


def test_a_tournament_plays_every_table_with_the_folder(tmp_path: Path) -> None:
    folder = data_folder(tmp_path, "arknoah", CHANGES["arknoah"][1])
    out = tmp_path / "tournament"
    result = CliRunner().invoke(main, ["tournament", "--game", "arknoah", "--bots", "random,default", "--games", "1",
                                       "--jobs", "1", "--data", str(folder), "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "tournament.json").read_text(encoding="utf-8"))["data"] == str(folder)
    for rotation in ("table000-rotation0", "table000-rotation1"):
        manifest = RunFolder(out / rotation).read_manifest()
        assert manifest is not None and manifest["experiment"]["data"] == str(folder)
    shutil.rmtree(folder)
    gone = CliRunner().invoke(main, ["tournament", "--game", "arknoah", "--bots", "random,default", "--games", "1",
                                     "--data", str(folder), "--out", str(out), "--resume"])
    assert gone.exit_code == 2 and gone.output == f"arkmc: error: data folder {folder} does not exist\n"

