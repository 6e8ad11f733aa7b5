"""Inhabit the Earth runs: `arkmc run` writes its dataset, `arkmc play` its turn log, `arkmc report` its
sections (each saying that it describes the reconstructed data pack), and its notebook runs headless."""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import polars as pl
import pytest
from analysis.reading import ARK_NOVA_WORDS, report_words
from click.testing import CliRunner

from sim.analysis.data import Run
from sim.cli import main
from sim.inhabit import analysis, answers
from sim.inhabit.game import INFO, Inhabit
from sim.inhabit.report import PACK, data_caveat, report_sections
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

GAME = "sim.inhabit.game:Inhabit"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 three-player games of random bots, with history."""
    out = tmp_path_factory.mktemp("inhabit") / "run"
    run(build_experiment({"game": GAME, "players": 3, "bots": ["random"], "games": 60, "seed": 5, "out": str(out),
                          "jobs": 1, "chunk_size": 30}), progress=False)
    return out


def test_the_dataset_holds_games_seats_card_events_and_movement_per_turn(small_run: Path) -> None:
    data = Run.open(small_run)
    assert data.n_games == 60 and set(data.games["end_reason"].cast(pl.String)) <= {"finals", "turn_cap"}
    seats = data.seats
    assert seats.height == 180 and {"classes", "continents", "scoring_cards", "score"} <= set(seats.columns)
    assert (seats["score"] == seats["points"].cast(pl.Int64)).all()  # the seat's score is the runner's points
    assert (seats["region_points"] + seats["token_points"] + seats["card_points"] == seats["score"]).all()
    events = data.card_events
    assert {"dealt", "drawn", "introduced", "trigger", "paid"} <= set(events["event"])
    dealt = events.filter(pl.col("event") == "dealt").group_by("game", "seat").len()
    assert (dealt["len"] == 6).all()  # six cards dealt to every seat
    turns = data.turns
    movement = turns.filter(pl.col("action") == "movement")
    assert movement["spaces"].sum() > 0 and (movement["creatures_moved"] <= 6).all()
    assert turns.filter(pl.col("action") != "movement")["spaces"].sum() == 0
    per_game = turns.group_by("game").len().join(data.games.select("game", "turns"), on="game")
    assert (per_game["len"] == per_game["turns"]).all()  # one row per turn


def test_the_report_sections_say_they_describe_the_data_pack(small_run: Path, tmp_path: Path) -> None:
    sections = report_sections(Run.open(small_run))
    assert [section.title.split(": ")[1] for section in sections] == [
        "the first seat", "classes and continents", "card strength", "race length", "which scoring cards pay"]
    assert all(section.text[0] == PACK for section in sections)
    assert "3 players, 60 games: the first seat wins" in " ".join(sections[0].text)
    assert sections[1].figures and sections[3].figures and sections[4].tables
    out = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["report", str(small_run), "--out", str(out), "--allow-code"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "reconstructed from the rulebook" in text and "race length" in text
    assert INFO.data_note in text


def test_the_report_names_nothing_of_ark_nova(small_run: Path, tmp_path: Path) -> None:
    """No word of Ark Nova (its name, VP, maps, opening keeps, breaks), in the generic sections and methods too."""
    text = report_words(small_run, tmp_path / "inhabit.html")
    assert not ARK_NOVA_WORDS.findall(text) and not re.findall(r"\bVP\b", text)
    assert "Final points per bot</p>" in text                             # plain points, no unit


def test_class_and_card_tables_count_the_seats_that_hold_them(small_run: Path) -> None:
    data = Run.open(small_run)
    classes = analysis.class_strength(data)
    holding = data.seats.select(pl.col("classes").list.contains(1).sum()).item()
    assert classes.filter(pl.col("class") == 1)["n"].item() == holding
    assert classes["name"].to_list()[0] in ("predator", "herbivore", "bird", "small_mammal", "primate", "reptile")
    wins = int(data.seats["won"].sum())
    assert (classes["n"] + classes["n_without"] == data.seats.height).all()   # with and without: every seat once
    assert (classes["wins"] + classes["wins_without"] == wins).all()
    row = classes.row(0, named=True)
    assert row["difference"] == pytest.approx(row["win_rate"] - row["wins_without"] / row["n_without"])
    assert row["difference_low"] < row["difference"] < row["difference_high"]
    cards = analysis.card_strength(data, min_n=10)
    assert cards.height > 5 and (cards["n"] >= 10).all() and cards["win_rate"].is_sorted(descending=True)
    pay = analysis.scoring_pay(data, min_n=1)
    assert ((pay["paid"] >= 0) & (pay["paid"] <= 1)).all()


def test_arkmc_play_prints_the_turns_and_the_final_scores() -> None:
    result = CliRunner().invoke(main, ["play", "--game", GAME, "--players", "3", "--bots", "random", "--seed", "4"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Turn 1 - P1 menagerie") and any("introduces" in line for line in lines)
    assert any("triggers with" in line for line in lines) and any("moves" in line for line in lines)
    assert "Final scores (regions + tokens + scoring cards)" in lines
    assert sum(line.startswith("  #") for line in lines[-3:]) == 3


def test_arkmc_games_lists_the_options_and_the_data_note() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0
    factory = Inhabit()
    assert {option.name for option in factory.info.options} == {"intro", "end_continents", "max_turns", "open_decks"}


def test_the_notebook_runs_headless_on_an_inhabit_run_and_ends_with_its_answer(small_run: Path) -> None:
    pytest.importorskip("nbclient")
    from sim.analysis.notebooks import execute

    assert INFO.notebooks == ("inhabit",)
    path = ROOT / "notebooks" / "inhabit.ipynb"
    assert not any(cell.get("outputs") for cell in nbformat.read(path, as_version=4).cells)  # stored clean
    notebook = execute(path, {"run_dir": os.path.relpath(small_run, ROOT), "min_n": 10})  # from the project root
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.get("output_type") == "error"]
    pages = [output["data"]["text/html"] for output in outputs if "text/html" in output.get("data", {})]
    assert any("src='data:image/png;base64," in page for page in pages)      # the figures, inside their sections
    headers = [header for page in pages for header in re.findall(r"<th>(.*?)</th>", page)]
    assert {"first seat wins [95% CI]", "difference [95% CI]", "win when played [95% CI]"} <= set(headers)
    assert not [header for header in headers if "_" in header]              # no raw column names
    assert not [page for page in pages if "shape:" in page]                   # no raw polars frame
    assert sum(PACK in page for page in pages) == 5                            # every section names the pack
    last = notebook.cells[-1].outputs
    assert notebook.cells[-1].cell_type == "code" and [output["output_type"] for output in last] == ["stream"]
    data = Run.open(small_run)
    expected = answers.answer(analysis.first_seat(data), analysis.class_strength(data), data_caveat(data))
    assert last[0]["text"].strip() == expected
    assert "the first seat wins" in expected and re.search(r"\d\.\d% \[\d", expected)   # an estimate, its interval
    assert expected.endswith(PACK)


def test_a_missing_run_names_the_readme_command_that_makes_it(tmp_path: Path) -> None:
    from sim.analysis.notebooks import NotebookError, open_run

    command = "arkmc run --game inhabit --players 4 --bots default --games 1000 --out runs/inhabit"
    assert command in (ROOT / "README.md").read_text(encoding="utf-8")   # the README's own command
    with pytest.raises(NotebookError) as missing:
        open_run(tmp_path / "absent", study=answers.STUDY)
    assert f"run --game inhabit --players 4 --bots default --games 1000 --out {tmp_path / 'absent'}`" in str(missing.value)
    assert "\n" not in str(missing.value) and not (tmp_path / "absent").exists()   # one line, no example unasked


def first_row(low: float, high: float) -> pl.DataFrame:
    return pl.DataFrame({"players": [3], "n": [1200], "win_rate": [(low + high) / 2], "win_rate_low": [low],
                         "win_rate_high": [high], "fair": [1 / 3]})


def class_row(low: float, high: float, without: int = 40) -> pl.DataFrame:
    return pl.DataFrame({"name": ["small_mammal"], "n": [140], "win_rate": [0.4], "win_rate_low": [0.3],
                         "win_rate_high": [0.5], "n_without": [without], "win_without": [0.3],
                         "difference": [(low + high) / 2], "difference_low": [low], "difference_high": [high]})


def test_the_answer_says_whether_the_interval_tells_the_first_seat_and_the_class_from_no_effect() -> None:
    """An interval that only touches the fair share or 0 does not tell them apart; one just past it does."""
    fair, other = 1 / 3, class_row(-0.1, 0.2)
    assert "cannot tell from its fair share" in answers.answer(first_row(fair, 0.4), other, "C.")
    assert "wins 36.7% [33.3%, 40.0%] of 1,200 games against a fair 33.3%, more often than its fair share" in \
        answers.answer(first_row(fair + 0.0001, 0.4), other, "C.")
    assert "cannot tell from its fair share" in answers.answer(first_row(0.3, fair), other, "C.")
    assert "less often than its fair share" in answers.answer(first_row(0.3, fair - 0.0001), other, "C.")
    first = first_row(0.3, 0.4)
    assert answers.answer(first, class_row(0.0, 0.2), "C.").endswith(
        "seats that end with a small mammal in their menagerie win most often, 40.0% [30.0%, 50.0%] of 140 seats, "
        "+10.0 pp [+0.0, +20.0] over the 40 seats without one (30.0%), which this sample cannot tell from no "
        "difference. C.")
    assert "more often than without it" in answers.answer(first, class_row(0.001, 0.2), "C.")
    assert "cannot tell from no difference" in answers.answer(first, class_row(-0.2, 0.0), "C.")
    assert "less often than the seats without it" in answers.answer(first, class_row(-0.2, -0.001), "C.")
    assert "every seat ended with one" in answers.answer(first, class_row(0.0, 0.0, without=0), "C.")
    assert answers.answer(pl.DataFrame(), pl.DataFrame(), "C.") == "No finished game: there is nothing to answer yet. C."


def test_the_caveat_names_the_pack_the_run_played(small_run: Path, tmp_path: Path) -> None:
    data = Run.open(small_run)
    assert data_caveat(data) == PACK
    data.spec["data"] = "/home/me/inhabit"
    data.spec["overrides"] = ["tokens.12.points=3"]
    assert data_caveat(data) == "These figures describe the data pack in /home/me/inhabit, with tokens.12.points=3."
