"""scripts/checks/bot_targets.py, the bots' target harness: its verdicts at and just past each bound, realism and
solo tracked beside their references without a verdict, and a run at a tiny size whose table has every row, with
what two very unequal bots must show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bots.scripts import load_script

targets = load_script("checks", "bot_targets")


def estimate(value: float, low: float | None = None) -> object:
    return targets.Estimate(value, value if low is None else low, value, 100, "test")


def test_a_band_holds_at_both_bounds_and_not_just_outside() -> None:
    band = targets.Band(29, 33)
    assert targets.verdict(estimate(29.0), band) and targets.verdict(estimate(33.0), band)
    assert not targets.verdict(estimate(28.99), band) and not targets.verdict(estimate(33.01), band)


def test_strength_and_speed_are_met_at_their_bound_and_not_just_past_it() -> None:
    assert targets.verdict(estimate(0.60), targets.STRENGTH) and not targets.verdict(estimate(0.5999), targets.STRENGTH)
    assert targets.verdict(estimate(0.6), targets.SPEED_RATIO) and not targets.verdict(estimate(0.6001), targets.SPEED_RATIO)


def test_every_realism_figure_names_its_reference_and_what_it_is() -> None:
    turns = next(target for target in targets.REALISM if target.column == "turns")
    assert str(turns.reference) == "~31 (real 4-player online games, issue 27)"
    assert all(target.reference.figure and target.reference.source for target in targets.REALISM)


def test_the_keep_target_asks_for_the_interval_above_a_random_keep() -> None:
    assert targets.verdict(estimate(0.60, low=0.495), targets.KEEP, on_low=True)
    assert not targets.verdict(estimate(0.60, low=0.49), targets.KEEP, on_low=True)
    assert targets.verdict(estimate(float("nan")), targets.KEEP) is None


def test_a_tiny_run_has_every_row_and_default_beats_random(tmp_path: Path) -> None:
    plan = targets.Plan(new="random", old="default", out=tmp_path / "runs", realism_games=2, strength_games=4,
                        speed_games=2, speed_batches=2, solo_games=2, jobs=1)
    rows = targets.measure(plan)
    measures = [row.measure for row in rows]
    assert measures[:len(targets.REALISM)] == [target.label for target in targets.REALISM]
    assert {"new's win share against old", "seconds per game", "new / old seconds per game",
            "keep percentile among the 70 keeps", "solo games won (score 100 before the end)"} <= set(measures)
    realism = rows[:len(targets.REALISM)]
    assert all(row.new.n == 2 and row.old.n == 2 for row in realism if row.measure == "breaks per game")
    strength = rows[measures.index("new's win share against old")]
    assert strength.new.n == 4 and strength.new.value == 0.0 and strength.new_met is False   # random never wins
    ratio = rows[measures.index("new / old seconds per game")].new.value
    assert 0 < ratio < 1   # a random bot's game is cheaper than the heuristic's
    tracked = [row for row in rows if "tracked" in row.section]
    assert [row.measure for row in tracked][-1] == "solo games won (score 100 before the end)"
    assert len(tracked) == len(targets.REALISM) + 1 and all(row.reference and not row.target for row in tracked)
    assert all(row.new_met is None and row.old_met is None for row in tracked)   # not gates
    lines = targets.table_lines(rows, plan.new, plan.old)
    assert any(line.startswith("turns per player") and "real 4-player online games" in line and "MET" not in line
               for line in lines)
    assert any(line.startswith("new's win share against old") and "NOT MET" in line for line in lines)
    saved = targets.rows_json(rows, plan)
    assert json.loads(json.dumps(saved))["rows"][0]["measure"] == "turns per player"


def test_an_unknown_bot_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert targets.main(["--old", "no_such_bot", "--quick", "--out", str(tmp_path / "runs")]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("bot_targets:") and "no_such_bot" in error and "\n" not in error


def test_only_measures_the_parts_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = targets.Plan(new="random", old="default", out=tmp_path / "runs", strength_games=2, jobs=1,
                        parts=("strength",))
    rows = targets.measure(plan)
    assert [row.section for row in rows] == ["strength (2p, seat-rotated)"]
    assert sorted(path.name for path in (tmp_path / "runs").iterdir()) == ["strength-a", "strength-b"]
    assert targets.main(["--only", "strength,speedy", "--quick", "--out", str(tmp_path / "other")]) == 2
    assert "--only takes parts among" in capsys.readouterr().err
