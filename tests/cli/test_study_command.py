"""`arkmc study`: a small study end to end, extended by --resume, reported, and every bad input one line (exit 2)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.analysis.data import Run
from sim.cli import main

FAST = ["--bots", "random", "--jobs", "1", "--seed", "3"]


def study(*arguments: str) -> object:
    return CliRunner().invoke(main, ["study", *arguments, *FAST], catch_exceptions=False)


def test_a_study_saves_one_effect_per_card_with_every_pair_and_extends_with_resume(tmp_path: Path) -> None:
    out = str(tmp_path / "cards")
    result = study("cards", "--cards", "Cheetah,402", "--pairs", "3", "--out", out)
    assert result.exit_code == 0, result.output
    assert "effect on seat 1's win rate (cards study, 3 pairs per card" in result.output
    effects = pl.read_parquet(tmp_path / "cards" / "effects.parquet")
    assert effects["card"].to_list() in ([401, 402], [402, 401]) and effects["pairs"].to_list() == [3, 3]
    assert {"delta_win", "delta_win_low", "delta_win_high", "delta_points", "delta_points_low", "delta_points_high",
            "p_value", "q_value", "games_needed", "name"} <= set(effects.columns)
    assert Run.open(out).n_games == 9   # a control game and one per card, for each pair
    more = study("cards", "--pairs", "5", "--resume", "--out", out)
    assert more.exit_code == 0, more.output
    assert "played 10 games (5 already saved)" in more.output   # parts of 5 games: the short last part is played again
    assert Run.open(out).n_games == 15
    assert pl.read_parquet(tmp_path / "cards" / "effects.parquet")["pairs"].to_list() == [5, 5]


def test_a_study_of_another_seat_resumes_with_its_own_seat(tmp_path: Path) -> None:
    out = str(tmp_path / "seat2")
    assert study("cards", "--cards", "401", "--pairs", "1", "--seat", "2", "--out", out).exit_code == 0
    more = study("cards", "--pairs", "2", "--resume", "--out", out)
    assert more.exit_code == 0 and "effect on seat 2's win rate" in more.output, more.output


def test_every_arm_of_a_pair_plays_the_same_seed(tmp_path: Path) -> None:
    out = tmp_path / "keeps"
    assert study("keeps", "--cards", "401", "--pairs", "2", "--out", str(out)).exit_code == 0
    games = Run.open(out).games.sort("game")
    assert games["seed"].to_list()[0] == games["seed"].to_list()[1] != games["seed"].to_list()[2]
    assert games.height == 4   # keeps has no untouched arm: kept and let go, for each pair
    replayed = CliRunner().invoke(main, ["replay", str(out), "3", "--out", str(tmp_path / "game-3.html")])
    assert replayed.exit_code == 0 and "as the run recorded" in replayed.output, replayed.output


def test_the_report_of_a_study_and_of_two_studies(tmp_path: Path) -> None:
    for name, bots in (("one", "random"), ("two", "default")):
        result = CliRunner().invoke(main, ["study", "bans", "--cards", "401,402,403", "--pairs", "2", "--jobs", "1",
                                           "--bots", bots, "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    report = tmp_path / "study.html"
    assert CliRunner().invoke(main, ["report", str(tmp_path / "one"), "--out", str(report)]).exit_code == 0
    page = report.read_text(encoding="utf-8")
    assert "Effects of the bans study" in page and "game length [95% CI]" in page
    both = tmp_path / "both.html"
    result = CliRunner().invoke(main, ["report", str(tmp_path / "one"), str(tmp_path / "two"), "--out", str(both)])
    assert result.exit_code == 0, result.output
    assert "Do the bots agree?" in both.read_text(encoding="utf-8")


@pytest.mark.parametrize(("arguments", "message"), [
    (["cards", "--pairs", "0"], "--pairs must be 1 or more, got 0"),
    (["cards", "--cards", "Unicorn"], "Ark Nova has no card 'Unicorn' (`arkmc study cards --game arknova --list`"),
    (["cards", "--seat", "3"], "seat must be 1 to 2 for 2 players, got 3"),
    (["nonsense"], "a study is one of cards, keeps, bans, got 'nonsense'"),
    (["cards", "--game", "inhabit", "--option", "intro=true", "--cards", "114"],
     "card 114 cannot be studied with these options: card 114 is not a deck-1 card of this game"),
])
def test_bad_input_is_one_line_with_exit_code_2(tmp_path: Path, arguments: list[str], message: str) -> None:
    result = study(*arguments, "--out", str(tmp_path / "x"))
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_folder_holding_another_study_is_refused_and_a_run_is_no_study(tmp_path: Path) -> None:
    out = str(tmp_path / "s")
    assert study("cards", "--cards", "401", "--pairs", "1", "--out", out).exit_code == 0
    other = study("cards", "--cards", "402", "--pairs", "1", "--resume", "--out", out)
    assert other.exit_code == 2 and "holds another experiment: study is" in other.output
    run = CliRunner().invoke(main, ["run", "--games", "2", *FAST, "--out", str(tmp_path / "run")])
    assert run.exit_code == 0
    mixed = CliRunner().invoke(main, ["report", out, str(tmp_path / "run"), "--out", str(tmp_path / "m.html")])
    assert mixed.exit_code == 2 and "a study can be compared only with another study" in mixed.output


def test_list_names_the_games_components() -> None:
    result = CliRunner().invoke(main, ["study", "cards", "--list"])
    assert result.exit_code == 0 and "Ark Nova: studies cards, keeps, bans; its cards:" in result.output
    assert "   401  Cheetah" in result.output
