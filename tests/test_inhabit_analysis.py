"""Inhabit the Earth runs: `arkmc run` writes its dataset, `arkmc play` its turn log, `arkmc report` its
sections (each saying that it describes the reconstructed data pack), and its notebook runs headless."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from sim.analysis.data import Run
from sim.cli import main
from sim.experiment import build_experiment
from sim.inhabit import analysis
from sim.inhabit.game import INFO, Inhabit
from sim.inhabit.report import PACK, report_sections
from sim.runner import run

GAME = "sim.inhabit.game:Inhabit"
ROOT = Path(__file__).resolve().parent.parent


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
    result = CliRunner().invoke(main, ["report", str(small_run), "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "reconstructed from the rulebook" in text and "race length" in text
    assert INFO.data_note in text


def test_class_and_card_tables_count_the_seats_that_hold_them(small_run: Path) -> None:
    data = Run.open(small_run)
    classes = analysis.class_strength(data)
    holding = data.seats.select(pl.col("classes").list.contains(1).sum()).item()
    assert classes.filter(pl.col("class") == 1)["n"].item() == holding
    assert classes["name"].to_list()[0] in ("predator", "herbivore", "bird", "small_mammal", "primate", "reptile")
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
    assert {option.name for option in factory.info.options} == {"intro", "end_continents", "max_turns", "data"}


def test_the_notebook_runs_headless_on_an_inhabit_run(small_run: Path) -> None:
    pytest.importorskip("nbclient")
    from sim.analysis.notebooks import execute

    for name in INFO.notebooks:
        notebook = execute(ROOT / "notebooks" / f"{name}.ipynb", {"run_dir": str(small_run), "make_example": False},
                           cwd=ROOT)
        outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
        assert not [output for output in outputs if output.get("output_type") == "error"], name
        assert any("image/png" in output.get("data", {}) for output in outputs)
        text = "".join(output.get("text", "") for output in outputs)
        assert "the first seat wins" in text
