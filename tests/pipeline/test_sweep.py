"""arkmc sweep: a run per value of one override on common seeds, resumable and extendable, and its report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.analysis.data import Run
from sim.analysis.paired import common_games
from sim.cli import main
from sim.pipeline.experiment import ExperimentError
from sim.pipeline.sweep import folder_name, parse_values

# Crested Porcupine (445, cost 8) is one of the cards random bots play most often.
SWEEP = ["sweep", "--override-path", "cards.445.cost", "--values", "3..4,8", "--base", "8", "--bots", "random",
         "--maps", "random", "--seed", "3", "--chunk-size", "3", "--jobs", "1", "--no-progress"]


def test_values_are_ranges_and_lists_kept_as_text() -> None:
    assert parse_values("13..16") == ("13", "14", "15", "16")
    assert parse_values("13..14, 20,cp:2") == ("13", "14", "20", "cp:2")
    assert folder_name("cp:2") == "value-cp_2" and folder_name("1.5") == "value-1.5"
    for text, message in (("19..13", "a range runs upwards (13..19)"), ("13", "a sweep needs 2 to 100"),
                          ("1..2.5", "a range takes two whole numbers"), ("3,,4", "has an empty item"),
                          ("3,3", "names 3 more than once"), ("0..100", "at most 100")):
        with pytest.raises(ExperimentError, match=re.escape(message)):
            parse_values(text)


def test_a_sweep_plays_a_run_per_value_on_common_seeds_resumes_larger_and_reports_the_curve(tmp_path: Path) -> None:
    out, report = tmp_path / "sweep", tmp_path / "sweep.html"
    runner = CliRunner()
    first = runner.invoke(main, [*SWEEP, "--games", "6", "--out", str(out), "--report", str(report),
                                 "--override", "cards.445.cost=5", "--override", "tracks.hand_dealt=8"])
    assert first.exit_code == 0, first.output
    definition = json.loads((out / "sweep.json").read_text())
    assert definition["values"] == ["3", "4", "8"] and definition["base"] == "8"
    runs = {value: Run.open(out / f"value-{value}") for value in ("3", "4", "8")}
    for value, run in runs.items():
        assert run.spec["overrides"] == ["tracks.hand_dealt=8", f"cards.445.cost={value}"] and run.n_games == 6
        assert common_games(runs["8"], run).height == 6, "every value plays the base value's seeds"
    lines = first.output.splitlines()
    assert lines[0] == "cards.445.cost: the player of card 445 Crested Porcupine, win rate per value (change vs 8, " \
                       "paired, 95% CI):"
    assert [line.split()[0] for line in lines[1:4]] == ["3", "4", "8"] and lines[3].endswith("base")
    # 6 games give a handful of seats that played the card: no change is estimated below 20, and a warning says so
    assert all(re.search(r"too few: \d+ seats$", line) for line in lines[1:3])
    assert "warning: too few seats to estimate the change at 3, 4 (fewer than 20 in the paired games)" in first.output
    text = report.read_text(encoding="utf-8")
    assert len(re.findall(r"src='data:image/png;base64,", text)) == 1
    assert "win rate change vs 8 [95% CI]" in text and "games to detect (win rate)" in text
    assert "Too few seats to estimate the change at 3, 4" in text and "+0.0 pp [+0.0 pp, +0.0 pp]" not in text
    assert text.count("<tr><td class='n'>") >= 3, "a table row per value"

    again = runner.invoke(main, [*SWEEP, "--games", "6", "--out", str(out), "--report", str(report),
                                 "--override", "tracks.hand_dealt=8"])
    assert again.exit_code == 2 and "already holds this sweep; add --resume" in again.output
    extended = runner.invoke(main, ["sweep", "--resume", "--out", str(out), "--games", "9", "--no-progress",
                                    "--report", str(report)])
    assert extended.exit_code == 0, extended.output
    for value in ("3", "4", "8"):
        games = Run.open(out / f"value-{value}").games
        assert sorted(games["game"].to_list()) == list(range(9))
    before = runs["3"].seats.sort("game", "seat")
    after = Run.open(out / "value-3").seats.filter(pl.col("game") < 6).sort("game", "seat")
    assert before.equals(after), "the games saved stay as they were"
    shorter = runner.invoke(main, ["sweep", "--resume", "--out", str(out), "--games", "7", "--no-progress"])
    assert shorter.exit_code == 2 and "holds a sweep of 9 games per value; --games 7 would shorten it" in shorter.output
    assert json.loads((out / "sweep.json").read_text())["experiment"]["games"] == 9
    other = runner.invoke(main, ["sweep", "--resume", "--out", str(out), "--values", "3..4,8,9", "--no-progress"])
    assert other.exit_code == 2
    assert "holds another sweep: values is 3, 4, 8 there, 3, 4, 8, 9 here; choose another --out" in other.output


@pytest.mark.parametrize(("arguments", "message"), [
    (["--values", "3..4"], "--override-path is required"),
    (["--override-path", "cards.445.cost"], "--values is required"),
    (["--override-path", "cards.445.cost", "--values", "4..3"], "a range runs upwards"),
    (["--override-path", "cards.445.cost", "--values", "3,4", "--base", "8"], "--base 8 is not one of the values (3, 4)"),
    (["--override-path", "cards.445.cost", "--values", "3,cheap"], "override of cards.445 does not parse"),
    (["--override-path", "cards.9999.cost", "--values", "3,4"], "there is no zoo card number 9999"),
    (["--override-path", "cards.445.cost", "--values", "3,4", "--games", "0"], "games must be 1 to"),
    (["--resume", "--values", "3,4"], "--resume needs --out"),
])
def test_bad_sweeps_get_one_line_and_exit_code_2(tmp_path: Path, arguments: list[str], message: str) -> None:
    out = [] if "--resume" in arguments else ["--out", str(tmp_path / "sweep")]
    result = CliRunner().invoke(main, ["sweep", *arguments, *out, "--report", str(tmp_path / "r.html")])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "sweep").exists(), "nothing is written before the sweep is known to be good"


def test_a_change_is_estimated_from_twenty_paired_seats_and_not_from_nineteen(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.analysis import sweep as sweep_analysis

    out = tmp_path / "sweep"
    result = CliRunner().invoke(main, [*SWEEP, "--games", "40", "--out", str(out), "--report", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    definition = json.loads((out / "sweep.json").read_text())
    runs = {value: Run.open(out / f"value-{value}") for value in definition["values"]}
    _, table = sweep_analysis.sweep_table(definition, runs)
    seats = table.filter(pl.col("value") == "3")["paired_seats"][0]
    assert seats > 0
    monkeypatch.setattr(sweep_analysis, "MIN_PAIRED_SEATS", seats)
    assert not sweep_analysis.sweep_table(definition, runs)[1].filter(pl.col("value") == "3")["too_few"][0]
    monkeypatch.setattr(sweep_analysis, "MIN_PAIRED_SEATS", seats + 1)
    assert sweep_analysis.sweep_table(definition, runs)[1].filter(pl.col("value") == "3")["too_few"][0]
