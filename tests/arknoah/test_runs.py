"""Ark & Noah through the framework's commands: `arkmc run` writes its tables, `arkmc play` prints its
turns, `arkmc report` shows its sections (each saying its figures describe the data pack), and its
notebook runs headless on one of its runs."""

from __future__ import annotations

import os
import re
from pathlib import Path

import polars as pl
import pytest
from analysis.reading import ARK_NOVA_WORDS, report_words
from click.testing import CliRunner
from pipeline.test_runner import table

from arknoah.helpers import SPEC
from sim.analysis.data import Run
from sim.arknoah.game import ArkNoah
from sim.cli import main
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

ROOT = Path(__file__).resolve().parents[2]
GAMES = 40
CAVEAT = "reconstructed data pack"


@pytest.fixture(scope="module")
def noah_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 four-player games of random bots."""
    out = tmp_path_factory.mktemp("arknoah") / "run"
    spec = build_experiment({"game": SPEC, "players": 4, "bots": ["random"], "games": GAMES, "chunk_size": 20,
                             "seed": 2, "out": str(out), "jobs": 1})
    summary = run(spec, progress=False)
    assert summary.games_played == GAMES and summary.errors == 0
    return out


def test_the_run_writes_the_games_seats_choices_and_loads(noah_run: Path) -> None:
    games, seats, choices, loads = (table(noah_run, name) for name in ("games", "seats", "choices", "loads"))
    assert set(games["status"].cast(pl.String)) == {"finished"} and games.height == GAMES
    assert seats.height == 4 * GAMES
    assert (seats["points"] == sum(seats[f"vp_{source}"] for source in
                                   ("bonus", "swap", "build", "food", "animals", "walls", "pitch", "hull",
                                    "pieces_left", "animals_left"))).all(), "VP equals its sources"
    per_game = choices.group_by("game").len().join(games.select("game", "rounds"), on="game")
    assert (per_game["len"] == 4 * per_game["rounds"]).all(), "one choice per worker and round"
    assert set(choices["action"].cast(pl.String)) == {"pitch", "animals", "food", "swap", "wood", "build", "load"}
    assert choices.filter(pl.col("round") == 1)["bonus"].sum() == 0 and choices["bonus"].max() <= 4
    assert loads.height == games["pairs_loaded"].sum() == seats["pairs_loaded"].sum()
    assert ((loads["size"] == 0) | (loads["size"] == loads["cage_size"])).all()


def test_arkmc_run_and_play_take_the_game_on_the_command_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["run", "--game", SPEC, "--players", "2", "--bots", "random", "--games", "4",
                                       "--jobs", "1", "--out", str(tmp_path / "cli"), "--option", "quick=true"])
    assert result.exit_code == 0, result.output
    assert Run.open(tmp_path / "cli").games["quick"].all()
    result = CliRunner().invoke(main, ["play", "--game", SPEC, "--players", "3", "--bots", "random", "--seed", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Round 1" and any("plans action" in line for line in lines)
    assert any(line.startswith("    P1:") and "VP" in line for line in lines), "a status line per player and round"
    assert "Final scores" in lines and lines[-3].startswith("  #")


def test_bad_ark_and_noah_input_gets_one_line() -> None:
    for arguments, message in ((["--players", "5"], "players must be 2-4"),
                               (["--override", "species.lion.size=9"], "size 9 is not 0-4")):
        result = CliRunner().invoke(main, ["run", "--game", SPEC, "--games", "1", *arguments])
        assert result.exit_code == 2 and message in result.output and result.output.count("\n") == 1, result.output


def test_the_report_has_the_five_sections_each_with_the_data_caveat(noah_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "noah.md"
    result = CliRunner().invoke(main, ["report", str(noah_run), "--out", str(out), "--format", "md",
                                       "--allow-code"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    titles = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert titles == ["Experiment", "Seat advantage", "Bots", "Game shape", "Ark & Noah: first-seat advantage",
                      "Ark & Noah: action value", "Ark & Noah: bonus tiles", "Ark & Noah: species strength",
                      "Ark & Noah: cage sharing", "Methods"]
    sections = ArkNoah().report_sections(Run.open(noah_run))
    assert all(any(CAVEAT in line for line in section.text) for section in sections)
    assert "the start player wins" in text and "| wood |" in text and "| lion | 3 |" in text
    action_value = text.split("## Ark & Noah: action value")[1].split("## ")[0]
    gain = re.search(r"goes with the largest gain in win rate: ([+-]\d+\.\d) pp \[([+-]\d+\.\d), ([+-]\d+\.\d)\]\.",
                     action_value)
    assert gain is not None, action_value          # a difference of rates, in percentage points, not "%"
    header = next(line for line in action_value.splitlines() if line.startswith("| action |"))
    assert "difference, pp [95% CI]" in header and "games to settle" in header


def test_the_report_names_nothing_of_ark_nova(noah_run: Path, tmp_path: Path) -> None:
    """No word of Ark Nova: no maps, no opening keeps in the methods, its points in Ark & Noah's own unit (VP)."""
    text = report_words(noah_run, tmp_path / "noah.html")
    assert not ARK_NOVA_WORDS.findall(text)
    assert "Final points per bot (VP)" in text and ArkNoah.info.points_unit == "VP"


def test_a_small_run_says_what_it_needs(noah_run: Path, tmp_path: Path) -> None:
    small = tmp_path / "small"
    run(build_experiment({"game": SPEC, "players": 2, "bots": ["random"], "games": 3, "seed": 1, "out": str(small),
                          "jobs": 1}), progress=False)
    sections = ArkNoah().report_sections(Run.open(small))
    assert all(any("Too few games: 3 finished, at least 30" in line for line in section.text) for section in sections)


def test_the_notebooks_the_game_names_run_on_its_runs(noah_run: Path) -> None:
    """Each notebook reads the run from the project root (the kernel starts in notebooks/), shows a figure and
    tables formatted for people; Ark & Noah's ends with its answer, the same sentence `answers.answer` makes."""
    pytest.importorskip("nbclient")
    import nbformat

    from sim.analysis.notebooks import execute
    from sim.arknoah import analysis, answers, report

    assert not any(cell.get("outputs") for cell in nbformat.read(ROOT / "notebooks" / "arknoah.ipynb", 4).cells)
    executed = {name: execute(ROOT / "notebooks" / f"{name}.ipynb", {"run_dir": os.path.relpath(noah_run, ROOT)})
                for name in ArkNoah.info.notebooks}
    for name, notebook in executed.items():
        outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
        assert not [output for output in outputs if output.get("output_type") == "error"], name
        pages = [output["data"]["text/html"] for output in outputs if "text/html" in output.get("data", {})]
        assert any("image/png" in output.get("data", {}) for output in outputs) or any(
            "src='data:image/png;base64," in page for page in pages), name   # a figure, alone or in a report section
        headers = [header for page in pages for header in re.findall(r"<th>(.*?)</th>", page)]
        assert headers and not [header for header in headers if "_" in header], name   # no raw column names
        assert not [page for page in pages if "shape:" in page], name                   # no raw polars frame
    run = Run.open(noah_run)
    last = executed["arknoah"].cells[-1].outputs
    assert [output["output_type"] for output in last] == ["stream"]
    assert last[0]["text"].strip() == answers.answer(analysis.first_seat(run), analysis.action_value(run),
                                                     analysis.sharing_and_winning(run), report.data_caveat(run))
    assert re.search(r"\d\.\d+%? \[-?\d", last[0]["text"]) and last[0]["text"].rstrip().endswith("not the printed game.")
    assert CAVEAT in last[0]["text"] and "of 40 four-player mirror games" in last[0]["text"]


def test_the_caveat_names_the_pack_a_run_played(tmp_path: Path) -> None:
    from sim.arknoah.report import data_caveat

    class Spec:
        def __init__(self, overrides: list[str], data: str = "") -> None:
            self.spec = {"overrides": overrides, "data": data}

    assert CAVEAT in data_caveat(Spec([]))  # type: ignore[arg-type]
    changed = data_caveat(Spec(["species.lion.vp=9"]))  # type: ignore[arg-type]
    assert CAVEAT in changed and changed.endswith("with species.lion.vp=9.")
    own = data_caveat(Spec(["rules.min_rounds=12"], str(tmp_path)))  # type: ignore[arg-type]
    assert own == f"These figures describe the data pack in {tmp_path}, with rules.min_rounds=12."


def test_the_answer_says_what_the_intervals_allow() -> None:
    """Each verdict turns where its interval crosses the fair share or 0, not before."""
    from sim.arknoah.answers import answer

    def first(low: float, high: float = 0.37) -> pl.DataFrame:
        return pl.DataFrame({"players": [4], "n": [200], "win_rate": [0.31], "win_rate_low": [low],
                             "win_rate_high": [high], "fair": [0.25], "lead": [2.0], "lead_low": [0.5], "lead_high": [3.5]})

    def actions(low: float) -> pl.DataFrame:
        return pl.DataFrame({"action": ["food", "wood"], "difference": [0.2, 0.1], "difference_low": [low, 0.05],
                             "difference_high": [0.3, 0.2], "often_n": [250, 300], "rest_n": [550, 500]})

    def sharing(shared_wins: int) -> pl.DataFrame:
        from sim.analysis.tables import with_wilson

        return with_wilson(pl.DataFrame({"shared": [True, False], "n": [400, 400], "wins": [shared_wins, 100]}))

    above = answer(first(0.2501), actions(0.01), sharing(140), "Caveat.")
    assert above.startswith("The start player wins 31.0% [25.0%, 37.0%] of 200 four-player mirror games, more often "
                            "than the fair 25.0%, and leads the other seats' mean by 2.0 [0.5, 3.5] VP; planning food "
                            "often goes with the largest gain in win rate, +20.0 pp [+1.0, +30.0] (250 seats that "
                            "planned it often against 550; its 95% interval excludes 0); seats that loaded into a cage "
                            "walled by several colours won 35.0%")
    assert above.endswith("a difference of +10.0 pp [+3.7, +16.2]: sharing cages pays. Caveat.")
    at = answer(first(0.25), actions(-0.01), sharing(100), "Caveat.")
    assert "mirror games, not distinguishable from the fair 25.0%" in at
    assert "(250 seats that planned it often against 550; but its 95% interval includes 0)" in at
    assert "a difference of +0.0 pp [-6.0, +6.0]: whether sharing cages pays cannot be told" in at
    assert "sharing cages costs" in answer(first(0.25), actions(0.01), sharing(60), "Caveat.")
    assert "but its 95% interval includes 0" in answer(first(0.25), actions(0.0), sharing(60), "Caveat.")
    assert "games, less often than the fair 25.0%" in answer(first(0.2, 0.2499), actions(0.0), sharing(60), "")
    assert "games, not distinguishable from the fair 25.0%" in answer(first(0.2, 0.25), actions(0.0), sharing(60), "")
    assert answer(pl.DataFrame(), pl.DataFrame(), pl.DataFrame(), "Caveat.") == (
        "No finished game with its choices and loads recorded: there is nothing to answer yet. Caveat.")
    assert answer(pl.DataFrame(), actions(0.01), sharing(100).head(1), "Caveat.").startswith(
        "No mirror games (every seat the same bot), so the first seat's worth cannot be told from the bots' strength")
