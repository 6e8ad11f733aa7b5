"""scripts/data/train_keep_values.py: one table of card keep values per player count, each the `keep_values` of its
run's seats, with the run's experiment recorded; solo runs, two runs of one player count and folders that hold
no run are refused in one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bots.scripts import load_script
from sim.analysis.data import Run
from sim.arknova.analysis.opening import keep_values
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run


def trainer() -> ModuleType:
    return load_script("data", "train_keep_values")


def random_run(out: Path, players: int, games: int) -> Path:
    run(build_experiment({"bots": ["random"], "players": players, "games": games, "seed": 5,
                          "options": {"maps": "random"}, "out": str(out), "jobs": 1}), progress=False)
    return out


def train(monkeypatch: pytest.MonkeyPatch, *arguments: str) -> None:
    monkeypatch.setattr(sys, "argv", ["train_keep_values.py", *arguments])
    trainer().main()


def test_each_run_gives_the_keep_values_of_its_player_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two, three = random_run(tmp_path / "two", 2, 30), random_run(tmp_path / "three", 3, 20)
    out = tmp_path / "values.json"
    train(monkeypatch, str(two), str(three), "--out", str(out), "--min-seats", "60")
    written = json.loads(out.read_text())
    for players, folder in (("2", two), ("3", three)):
        expected = keep_values(Run.open(folder).seats)
        assert written["values"][players] == {str(card): round(value, 6) for card, value in sorted(expected.items())}
    assert written["values"]["2"] != written["values"]["3"]
    first = written["trained"][0]
    assert (first["players"], first["games"], first["seed"], first["seats"]) == (2, 30, 5, 60)
    assert first["bots"] == ["random", "random"]


def test_a_run_with_too_few_seats_is_refused_at_the_bound_and_taken_at_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two = random_run(tmp_path / "two", 2, 30)
    with pytest.raises(SystemExit, match="holds 60 finished seats; play at least 61 first"):
        train(monkeypatch, str(two), "--out", str(tmp_path / "values.json"), "--min-seats", "61")
    train(monkeypatch, str(two), "--out", str(tmp_path / "values.json"), "--min-seats", "60")
    assert json.loads((tmp_path / "values.json").read_text())["values"].keys() == {"2"}


def test_solo_runs_two_runs_of_one_player_count_and_folders_without_a_run_are_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "values.json")
    solo = random_run(tmp_path / "solo", 1, 3)
    with pytest.raises(SystemExit, match="is a solo run"):
        train(monkeypatch, str(solo), "--out", out, "--min-seats", "1")
    with pytest.raises(SystemExit, match="no run folder"):
        train(monkeypatch, str(tmp_path / "missing"), "--out", out)
    two = random_run(tmp_path / "two", 2, 4)
    with pytest.raises(SystemExit):
        train(monkeypatch, str(two), str(two), "--out", out, "--min-seats", "1")
    assert "two runs of 2 players; give one run per player count" in capsys.readouterr().err
    assert not (tmp_path / "values.json").exists()
