"""`arkmc report`, run against small experiments made here (and an empty one); the notebooks: test_notebooks.py."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.analysis.data import Run, example_run
from sim.arknova.analysis import shape
from sim.cli import main
from sim.pipeline.storage import RunFolder

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ("experiment", "seat-advantage", "zoo-maps", "card-strength", "opening-hands", "bots", "game-shape",
            "methods")


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 two-player games of random bots on random maps: enough for every section except opening hands."""
    return example_run(tmp_path_factory.mktemp("analysis") / "small", games=300, seed=3)


def report(*arguments: str) -> str:
    result = CliRunner().invoke(main, ["report", *arguments])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_report_has_every_section_with_embedded_figures(small_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "small.html"
    assert "report written" in report(str(small_run), "--out", str(out))
    text = out.read_text(encoding="utf-8")
    for anchor in SECTIONS:
        assert f"id='{anchor}'" in text
    assert len(re.findall(r"src='data:image/png;base64,", text)) >= 5
    assert not re.search(r"(src|href)=['\"]https?:", text)      # viewable offline
    assert "300 finished games" in text and "Wilson" in text
    for column in ("win rate when dealt, pp [95% CI]", "dealt n", "q (BH)", "win rate when drawn, pp [95% CI]",
                   "games to settle", "kind", "cost", "play rate", "keep rate", "win when played",
                   "odds ratio when played [95% CI]"):
        assert f"<th>{column}" in text          # the randomised measures ranked, the descriptive ones beside, with n
    assert "Descriptive, not strength" in text
    assert "Strongest 12 cards" in text and "Weakest 12 cards" in text
    assert "Too few opening hands" in text and "games would do" in text   # too small: says what it needs
    assert "What moves the break token" in text
    assert "3 Silver Lake" in text and "8 Hollywood Hills" in text          # maps by name, not number alone
    assert "0.000" not in text                                             # p-values print as < 0.001
    assert "Final points per bot (VP)" in text and "Ark Nova" not in text    # the game's unit, not its name


def test_the_methods_are_the_generic_paragraphs_then_the_game_s_own(small_run: Path) -> None:
    from sim.analysis.report import METHODS, run_sections
    from sim.arknova.analysis.report import METHODS as ARK_NOVA_METHODS

    methods = run_sections(Run.open(small_run), progress=False)[-1]
    assert methods.title == "Methods" and methods.text == METHODS + ARK_NOVA_METHODS
    assert not [paragraph for paragraph in METHODS if re.search(r"\b(maps?|VP|keep|Ark Nova)\b", paragraph)]
    assert any("sum-coded maps" in paragraph for paragraph in ARK_NOVA_METHODS)


def test_break_sources_account_for_every_break_of_the_run(small_run: Path) -> None:
    run = Run.open(small_run)
    sources = shape.break_sources(run)
    assert set(sources["action"]) >= {"cards", "sponsors"}
    assert sources["called"].sum() == run.games["breaks"].sum()
    cards = sources.filter(pl.col("action") == "cards").row(0, named=True)
    assert cards["spaces"] <= 2 * cards["turns"]
    assert cards["spaces_per_seat"] == pytest.approx(cards["spaces"] / cards["seats"])


def test_the_report_shows_its_progress_section_by_section(small_run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sim.analysis.report import run_sections

    sections = run_sections(Run.open(small_run), progress=True)
    progress = capsys.readouterr().err
    assert "report: 100%" in progress and "7/7" in progress                 # seats, bots, length, 4 of Ark Nova
    for name in ("seats", "bots", "maps", "cards", "opening", "shape"):
        assert name in progress
    assert [section.title for section in sections][-5:] == [
        "Zoo maps", "Card strength", "Opening hands", "Turns, breaks and actions", "Methods"]
    run_sections(Run.open(small_run), progress=False)
    assert capsys.readouterr().err == ""


def test_markdown_report_links_its_figures(small_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "small.md"
    report(str(small_run), "--format", "md", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    images = re.findall(r"!\[[^]]*\]\((small_files/figure-\d+\.png)\)", text)
    assert len(images) >= 5 and all((tmp_path / image).stat().st_size > 1000 for image in images)
    assert "## Card strength" in text and "| card | name |" in text


def test_an_empty_run_gets_a_clear_message_not_a_crash(small_run: Path, tmp_path: Path) -> None:
    """An experiment started but stopped before its first chunk was saved: a manifest and no games.
    `arkmc report` refuses it in one line (a 0-game report with exit code 0 looked like a result); the
    report itself, as a notebook may write it, says there are no games rather than crash."""
    from sim.analysis.report import write_report

    manifest = Run.open(small_run).manifest
    empty = tmp_path / "empty"
    RunFolder(empty).start(manifest["experiment"], manifest["experiment_id"], manifest["chunks_total"],
                           manifest["data_version"])
    out = tmp_path / "empty.html"
    refused = CliRunner().invoke(main, ["report", str(empty), "--out", str(out)])
    assert refused.exit_code == 2 and "holds no saved game yet" in refused.output and not out.exists()
    write_report([Run.open(empty)], out, "html")
    text = out.read_text(encoding="utf-8")
    assert "no finished games yet" in text and "games saved</td><td>0: finished 0" in text
    assert "data:image/png" not in text
    assert Run.open(empty).n_games == 0


def test_two_runs_are_compared_with_the_overridden_card_first(small_run: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from sim.analysis.report import comparison_sections

    variant = tmp_path / "cheetah"
    result = CliRunner().invoke(main, ["run", "--bots", "random", "--games", "30", "--seed", "3", "--jobs", "1",
                                       "--maps", "random", "--override", "cards.401.cost=15", "--out", str(variant)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "compare.html"
    report(str(small_run), str(variant), "--out", str(out))
    text = out.read_text(encoding="utf-8")
    assert "Change of map win rates" in text and "Change of card win rates" in text
    assert "The variant differs from the baseline in games: 300 → 30; overrides: none → cards.401.cost=15." in text
    first_card_row = re.search(r"Overridden cards first.*?<tbody><tr><td[^>]*>(\d+)</td>", text, re.S)
    assert first_card_row is not None and first_card_row.group(1) == "401"
    map_rows = re.search(r"Win rate per map, variant - baseline.*?</table>", text, re.S)
    assert map_rows is not None and "<td>1 Observation Tower</td>" in map_rows.group(0)
    assert "<th>change, pp [95% CI]</th>" in map_rows.group(0) and "<th>games to settle</th>" in map_rows.group(0)
    change_cell = re.search(r"<td[^>]*>([+-]\d+\.\d) \[([+-]\d+\.\d), ([+-]\d+\.\d)\]</td>", map_rows.group(0))
    assert change_cell is not None, map_rows.group(0)   # a change of rates in percentage points, no "%"
    assert "30 finished games of the two runs share their seed" in text and "270 games have no partner" in text
    assert "Each seat, the same games in both runs" in text and "Power (80%, two-sided 5% level" in text
    capsys.readouterr()
    sections = comparison_sections(Run.open(small_run), Run.open(variant), progress=True)
    progress = capsys.readouterr().err                  # the paired, map and card changes counted
    assert "report: 100%" in progress and "3/3" in progress and "card change" in progress
    assert [section.title for section in sections][2:] == [   # the generic changes, then Ark Nova's maps
        "Paired on common seeds", "Change of card win rates", "Change of map win rates", "Methods"]


def test_a_run_too_small_for_pairs_says_how_many_games_they_need(small_run: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.arknova.analysis import report as report_module

    monkeypatch.setattr(report_module, "CARD_MIN_N", 2)
    section = report_module.opening_section(Run.open(small_run))
    assert section.figures and section.tables
    assert {"kept n", "let go n"} <= set(section.tables[0].header)   # a win rate when kept or let go comes with its n
    sentence = next(text for text in section.text if text.startswith("Kept pairs"))
    found = re.fullmatch(r"Kept pairs are not ranked: that needs two pairs of cards each kept together by at least "
                         r"15 seats, and no pair was \(the pair kept together most often: by (\d+) seats\)\. "
                         r"About ([\d,]+) games would do\.", sentence)
    assert found is not None, sentence
    assert int(found.group(1)) < 15 and int(found.group(2).replace(",", "")) > 300


def test_bad_report_arguments_get_one_line_and_exit_code_2(small_run: Path, tmp_path: Path) -> None:
    (tmp_path / "not-a-run").mkdir()
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "bad-manifest").mkdir()
    (tmp_path / "bad-manifest" / "manifest.json").write_text("{not json")
    for arguments, message in (
        ([str(tmp_path / "absent")], "no run folder"),
        ([str(tmp_path / "not-a-run")], "holds no arkmc experiment (no manifest.json)"),
        ([str(tmp_path / "a-file")], "is a file, not a run folder"),
        ([str(tmp_path / "bad-manifest")], "holds no readable arkmc experiment"),
        ([str(small_run), str(small_run), str(small_run)], "give one run folder, or two"),
        ([str(small_run), "--out", str(tmp_path / "a-file" / "report.html")], "a-file is a file, not a folder"),
        ([str(small_run), "--out", str(tmp_path)], "is a folder; give the name of a file inside it"),
    ):
        result = CliRunner().invoke(main, ["report", *arguments])
        assert result.exit_code == 2, arguments
        assert result.output.startswith("arkmc: error: ") and message in result.output, result.output
        assert result.output.count("\n") == 1                   # one line, no traceback


def test_the_report_renders_in_a_headless_browser(small_run: Path, tmp_path: Path) -> None:
    from arknova.test_replay import chromium_program

    out = tmp_path / "small.html"
    report(str(small_run), "--out", str(out))
    screenshot = tmp_path / "small.png"
    subprocess.run([chromium_program(), "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,3000",
                    f"--screenshot={screenshot}", out.as_uri()], capture_output=True, timeout=120, check=False)
    import numpy as np
    from PIL import Image

    image = Image.open(screenshot).convert("RGB")
    assert image.size == (1200, 3000)
    pixels = np.asarray(image).astype(int)
    assert (pixels.sum(axis=2) < 200).sum() > 5000            # text was drawn
    plot_blue = (np.abs(pixels - [31, 119, 180]).sum(axis=2) < 30).sum()
    assert plot_blue > 500                                       # the embedded figures decoded (matplotlib's blue)


def test_a_run_too_small_for_the_maps_says_how_many_games_they_need(tmp_path: Path) -> None:
    """20 seats per map over the 8 maps of random assignment: 80 two-player games; 6 are too few."""
    from sim.arknova.analysis.report import maps_section

    section = maps_section(Run.open(example_run(tmp_path / "tiny", games=6, seed=4)))
    assert not section.figures and not section.tables
    assert section.text == ["Too few seats per map (12 seats over 6 maps): about 80 games are needed for 20 seats per map."]


def test_runs_of_two_games_are_not_compared_and_a_tournament_is_no_run(small_run: Path, tmp_path: Path) -> None:
    other = example_run(tmp_path / "noah", games=2, seed=1, game="arknoah")
    result = CliRunner().invoke(main, ["report", str(small_run), str(other), "--out", str(tmp_path / "x.html")])
    assert result.exit_code == 2 and f"{small_run} is a run of arknova and {other} one of arknoah" in result.output
    tournament = tmp_path / "tour"
    tournament.mkdir()
    (tournament / "tournament.json").write_text("{}", encoding="utf-8")
    shutil.copytree(small_run, tournament / "table000-rotation0")
    result = CliRunner().invoke(main, ["report", str(tournament), "--out", str(tmp_path / "y.html")])
    assert result.exit_code == 2 and "it is a tournament: the tournament's report is" in result.output
    assert f"reads one of its runs: {tournament / 'table000-rotation0'}" in result.output
