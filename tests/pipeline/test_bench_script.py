"""`make bench` (scripts/checks/bench.py) refuses batch sizes it cannot time, a game it does not know and a baseline that is
no commit, in one line, before it times anything; it times a game at each rung of a game's ladder, on fewer games once
they took long; its side-by-side table times the same games at a baseline commit and at this tree."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "checks"))
import bench  # noqa: E402


@pytest.mark.parametrize("arguments", [["--runner-games", "0"], ["--repeats", "0"], ["--arknoah-games", "3"],
                                       ["--inhabit-games", "5"], ["--search-games", "-1"], ["--arknoah-fuzz", "-1"],
                                       ["--inhabit-fuzz", "-1"], ["--memory-games", "-1"],
                                       ["--inhabit-bots", "-1"], ["--rung-games", "-1"],
                                       ["--rung-seconds", "0"], ["--only", "chess"], ["--compare-scale", "0"],
                                       ["--baseline", "no-such-commit"], ["--compare-only", "--baseline", "none"]])
def test_sizes_it_cannot_time_are_one_line_errors(arguments: list[str], monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.py", *arguments])
    with pytest.raises(SystemExit) as stopped:
        bench.main()
    assert stopped.value.code == 2
    output = capsys.readouterr()
    assert output.out == ""
    error = output.err.strip().splitlines()[-1]
    assert error.startswith("bench.py: error: ") and arguments[0] in error


def test_each_rung_of_the_ladder_gets_a_line_and_a_slow_rung_fewer_games(capsys: pytest.CaptureFixture[str]) -> None:
    bench.ladder_table("toygame.game:ToyGame", 3, 3600.0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Toy Market, skill ladder, 2 players") and lines[1].startswith("rung")
    rungs = [line.split() for line in lines[2:]]
    assert [(rung[0], rung[1], rung[2]) for rung in rungs] == [
        ("1", "random", "3"), ("2", "greedy", "3"), ("3", "search:simulations=30,rollout=greedy", "3")]
    bench.ladder_table("toygame.game:ToyGame", 3, 1e-9)
    assert [line.split()[2] for line in capsys.readouterr().out.splitlines()[2:]] == ["1", "1", "1"]


def test_the_side_by_side_table_times_both_trees_on_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    bench.side_by_side(bench.resolve_commit("HEAD~1") or "", "arknoah", 2, 0.04)
    lines = capsys.readouterr().out.splitlines()
    commit = bench.resolve_commit("HEAD~1")
    assert lines[0] == f"CPU time per game, {commit} (old) and this tree (new), median of 2 batches played in turn"
    rows = [line.split() for line in lines[2:]]
    assert [row[:4] for row in rows] == [["arknoah", "4", "default", "1"], ["arknoah", "4", "random", "4"]]
    for row in rows:
        old, new, ratio = (float(value) for value in row[4:])
        assert old > 0 and new > 0 and ratio == pytest.approx(old / new, rel=0.05)  # of the rounded times


def test_a_bot_a_tree_cannot_play_stops_the_table_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "COMPARED", ((bench.ARKNOAH, "no_such_bot", 1),))
    with pytest.raises(SystemExit) as stopped:
        bench.side_by_side(bench.resolve_commit("HEAD") or "", None, 1, 1.0)
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and error[0].startswith("bench.py: error: the ") and "no_such_bot" in error[0]
