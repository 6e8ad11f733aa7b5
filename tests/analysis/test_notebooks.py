"""The notebooks: run headless against a small run given relative to the project root, refusing unknown
parameters and missing runs with one line, showing tables formatted for people and ending with an answer."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from sim.analysis import answers, bots, notebooks, report
from sim.analysis.data import Run, example_run
from sim.analysis.notebooks import NotebookError, Study, check_parameters, execute, open_run, with_parameters
from sim.arknoah import answers as noah_answers
from sim.arknoah.game import ArkNoah
from sim.arknova.analysis import answers as nova_answers
from sim.arknova.analysis import maps, opening
from sim.arknova.analysis.maps import map_names, name_maps
from sim.arknova.analysis.report import card_table, shape_section
from sim.arknova.game import ArkNova
from sim.inhabit import answers as inhabit_answers
from sim.inhabit.game import Inhabit
from sim.pipeline.command import arkmc

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
ARK_NOVA_NOTEBOOKS = [path for path in NOTEBOOKS if path.stem in ArkNova.info.notebooks]  # run here on an Ark Nova run
EXTRA = {"opening_hands": {"min_kept": 3}, "card_strength": {"min_n": 3}}  # 250 games deal and keep a card few times
STUDIES = {ArkNova.info.name: nova_answers.STUDY, ArkNoah.info.name: noah_answers.STUDY,
           Inhabit.info.name: inhabit_answers.STUDY}


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """250 two-player games of random bots on random maps: enough seats for one model of every card dealt."""
    return example_run(tmp_path_factory.mktemp("notebooks") / "small", games=250, seed=3)


def expected_answer(name: str, run: Run) -> str:
    """The sentence the notebook must end with, from the same functions on the same run."""
    if name == "zoo_maps":
        return nova_answers.maps_answer(name_maps(run, maps.map_table(run)), name_maps(run, maps.map_regression(run)))
    if name == "card_strength":
        return answers.cards_answer(card_table(run), 3)
    if name == "opening_hands":
        return nova_answers.keeps_answer(opening.keep_effects(opening.opening_cards(run), 3),
                                         opening.keep_choice(run), 3)
    matrix = bots.win_matrix(run)
    return answers.bots_answer(run.seats, matrix, bots.ratings(run) if not matrix.is_empty() else matrix)


def test_every_notebook_belongs_to_a_game_whose_tests_run_it() -> None:
    """Ark Nova's run here; Ark & Noah's in tests/arknoah/test_runs.py, Inhabit the Earth's in tests/inhabit/test_runs.py,
    the toy's in test_toygame.py."""
    from toygame.game import ToyGame

    listed = {*ArkNova.info.notebooks, *ArkNoah.info.notebooks, *Inhabit.info.notebooks, *ToyGame.info.notebooks}
    assert {path.stem for path in NOTEBOOKS} == listed


@pytest.mark.parametrize("path", ARK_NOVA_NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_reads_the_run_from_the_project_root_and_ends_with_its_answer(path: Path, small_run: Path
                                                                                      ) -> None:
    assert not any(cell.get("outputs") for cell in nbformat.read(path, as_version=4).cells)  # stored clean
    relative = os.path.relpath(small_run, ROOT)         # from the root; the kernel starts in notebooks/
    notebook = execute(path, {"run_dir": relative, **EXTRA.get(path.stem, {})})
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.get("output_type") == "error"]
    pages = [output["data"]["text/html"] for output in outputs if "text/html" in output.get("data", {})]
    assert any("image/png" in output.get("data", {}) for output in outputs) or any(
        "src='data:image/png;base64," in page for page in pages)            # a figure, alone or in a report section
    headers = [header for page in pages for header in re.findall(r"<th>(.*?)</th>", page)]
    assert headers and not [header for header in headers if "_" in header]   # no raw column names
    assert not [page for page in pages if "shape:" in page]                    # no raw polars frame
    assert notebook.cells[-1].cell_type == "code"
    last = notebook.cells[-1].outputs
    assert [output["output_type"] for output in last] == ["stream"]
    assert last[0]["text"].strip() == expected_answer(path.stem, Run.open(small_run))
    assert re.search(r"\d\.\d+(%| pp)? \[[-+]?\d", last[0]["text"])                   # an estimate with its interval


def test_the_answers_name_maps_and_cards_of_the_run(small_run: Path) -> None:
    run = Run.open(small_run)
    maps_answer, cards_answer = expected_answer("zoo_maps", run), expected_answer("card_strength", run)  # once each
    assert any(name in maps_answer for name in map_names(run).values())
    assert any(f"{name} (card " in cards_answer for name in run.card_names.values())
    assert "only one bot played (random" in expected_answer("bot_comparison", run).lower()


def test_the_notebook_every_game_shares_names_none_and_shows_a_game_s_own_shape_through_its_factory(
        small_run: Path) -> None:
    from toygame.game import ToyGame

    shared = nbformat.read(ROOT / "notebooks" / "bot_comparison.ipynb", as_version=4)
    code = "".join(cell.source for cell in shared.cells if cell.cell_type == "code")
    assert not re.search(r"arknova|arknoah|inhabit", code, re.IGNORECASE)
    run = Run.open(small_run)
    assert [section.title for section in report.shape_sections(run)] == [shape_section(run).title]
    assert report.shape_sections(SimpleNamespace(factory=ToyGame())) == []  # type: ignore[arg-type]


def study_of(name: str) -> Study:
    """The run a notebook reads by default: its game's (a notebook every game names reads the flagship's)."""
    return next(STUDIES[info.name] for info in (ArkNova.info, ArkNoah.info, Inhabit.info) if name in info.notebooks)


@pytest.mark.parametrize(("name", "making"), [("zoo_maps", "run --out"), (
    "arknoah", "run --game arknoah --players 4 --bots default --games 1000 --out"), (
    "inhabit", "run --game inhabit --players 4 --bots default --games 1000 --out")])
def test_a_missing_run_stops_the_notebook_with_one_line_saying_how_to_make_it(name: str, making: str, tmp_path: Path
                                                                              ) -> None:
    absent = tmp_path / "absent"
    with pytest.raises(CellExecutionError) as failure:
        execute(ROOT / "notebooks" / f"{name}.ipynb", {"run_dir": str(absent)})
    assert failure.value.ename == "NotebookError"
    assert f"no run in {absent}" in failure.value.evalue and f"{making} {absent}`" in failure.value.evalue
    assert "make_example = True" in failure.value.evalue and "\n" not in failure.value.evalue
    assert "Traceback" not in str(failure.value) and "File " not in str(failure.value)   # the line, no traceback
    assert not absent.exists()                        # no example run unless asked for


def papermill_style(path: Path, source: str) -> nbformat.NotebookNode:
    """The notebook with `source` injected after its parameters cell, without our name check (as papermill does)."""
    notebook = nbformat.read(path, as_version=4)
    position = next(i for i, cell in enumerate(notebook.cells) if "parameters" in cell.metadata.get("tags", []))
    notebook.cells.insert(position + 1, nbformat.v4.new_code_cell(source))
    return notebook


def test_a_misspelled_parameter_stops_the_notebook_itself(tmp_path: Path) -> None:
    notebook = papermill_style(ROOT / "notebooks" / "card_strength.ipynb", f"run_dir = {str(tmp_path)!r}\nmin_m = 5")
    with pytest.raises(CellExecutionError) as failure:
        NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    assert failure.value.ename == "NotebookError"
    assert failure.value.evalue == ("this notebook has no parameter 'min_m' (did you mean 'min_n'?); its parameters: "
                                    "run_dir, make_example, min_n")


def test_a_misspelled_parameter_is_refused_before_a_kernel_starts() -> None:
    notebook = nbformat.read(ROOT / "notebooks" / "zoo_maps.ipynb", as_version=4)
    with pytest.raises(NotebookError, match=r"zoo_maps.ipynb has no parameter 'run_di' \(did you mean 'run_dir'\?\); "
                                            r"its parameters: run_dir, make_example$"):
        with_parameters(notebook, {"run_di": "runs/demo"}, "zoo_maps.ipynb")
    assert len(with_parameters(notebook, {"run_dir": "x"}).cells) == len(nbformat.read(
        ROOT / "notebooks" / "zoo_maps.ipynb", as_version=4).cells) + 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_each_notebook_checks_exactly_the_parameters_its_parameters_cell_sets(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    declared = notebooks.declared_parameters(notebook)
    assert nova_answers.STUDY.folder == "runs/demo" and noah_answers.STUDY.folder == "runs/arknoah"  # what
    # `make run` and the README's Ark & Noah command fill
    assert declared["run_dir"] == study_of(path.stem).folder and declared["make_example"] is False
    calls = [node for cell in notebook.cells if cell.cell_type == "code" and "check_parameters" in cell.source
             for node in ast.walk(ast.parse("\n".join(line for line in cell.source.splitlines()
                                                      if not line.startswith("%"))))
             if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "check_parameters"]
    assert len(calls) == 1 and [keyword.arg for keyword in calls[0].keywords] == list(declared)


def kernel_like(**values: Any) -> dict[str, Any]:
    """A namespace as a fresh kernel holds it: IPython's names, a module, a function, private names."""
    return {"In": [""], "Out": {}, "get_ipython": print, "exit": None, "quit": None, "_": "", "__name__": "__main__",
            "os": os, "display": print, "ModuleType": ModuleType, **values}


def test_check_parameters_refuses_unknown_names_and_wrong_types_once_per_kernel() -> None:
    check_parameters(kernel_like(run_dir="runs/demo", make_example=False), run_dir=str, make_example=bool)
    for namespace, message in (
        (kernel_like(run_dir="x", make_example=False, run_di="y"), "this notebook has no parameter 'run_di'"),
        (kernel_like(run_dir="x", make_example="False"), "parameter 'make_example' must be bool, not 'False'"),
        (kernel_like(run_dir="x", make_example=False, min_n=True), "parameter 'min_n' must be int, not True"),
        (kernel_like(run_dir="x", make_example=False, min_n=2.0), "parameter 'min_n' must be int, not 2.0"),
        (kernel_like(run_dir="x", make_example=False), "parameter 'min_n' is not set"),
    ):
        with pytest.raises(NotebookError, match=re.escape(message)):
            check_parameters(namespace, run_dir=str, make_example=bool, min_n=int)
    checked = kernel_like(run_dir="x", make_example=False, bots=("a",))
    check_parameters(checked, run_dir=str, make_example=bool, bots=(tuple, list))
    checked["table"] = 3          # a later cell's variable, then the cell run again in Jupyter: not refused
    check_parameters(checked, run_dir=str, make_example=bool, bots=(tuple, list))
    checked["make_example"] = "yes"                  # but a parameter of the wrong type still is
    with pytest.raises(NotebookError, match="must be bool"):
        check_parameters(checked, run_dir=str, make_example=bool, bots=(tuple, list))


def test_open_run_resolves_from_the_project_root_and_plays_an_example_only_on_request(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notebooks, "ROOT", tmp_path / "project")
    monkeypatch.chdir(tmp_path)                                   # a working directory that is not the root
    assert notebooks.resolve("runs/x") == tmp_path / "project" / "runs" / "x"
    assert notebooks.resolve(tmp_path / "y") == tmp_path / "y"
    with pytest.raises(NotebookError, match=re.escape(f"no run in runs/demo ({tmp_path}/project/runs/demo): make it "
                                                      f"with `make run` in {tmp_path}/project, or set run_dir to "
                                                      "another folder and make_example = True")):
        open_run("runs/demo")
    with pytest.raises(NotebookError, match=r"runs/demo is where `make run` saves its games"):
        open_run("runs/demo", make_example=True)        # an example there would block `make run`
    with pytest.raises(NotebookError, match=re.escape(f"run --out {tmp_path}/project/runs/x`, or set make_example")):
        open_run("runs/x")
    assert not (tmp_path / "project").exists()
    run = open_run("runs/x", make_example=True, games=4)
    assert run.path == tmp_path / "project" / "runs" / "x" and run.n_games == 4
    assert open_run("runs/x").n_games == 4
    (tmp_path / "project" / "not-a-run").mkdir()
    with pytest.raises(NotebookError, match="holds no arkmc experiment"):
        open_run("not-a-run")


def test_a_game_s_study_names_the_command_that_fills_its_folder_and_refuses_another_game_s_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_run: Path) -> None:
    monkeypatch.setattr(notebooks, "ROOT", tmp_path / "project")
    study = noah_answers.STUDY
    command = f"{arkmc()} run --game arknoah --players 4 --bots default --games 1000 --out"
    with pytest.raises(NotebookError, match=re.escape(f"no run in runs/arknoah ({tmp_path}/project/runs/arknoah): make "
                                                      f"it with `{command} runs/arknoah` in {tmp_path}/project, or set "
                                                      "run_dir to another folder and make_example = True")):
        open_run("runs/arknoah", study=study)
    with pytest.raises(NotebookError, match=re.escape(f"runs/arknoah is where `{command} runs/arknoah` saves its games")):
        open_run("runs/arknoah", make_example=True, study=study)
    with pytest.raises(NotebookError, match=re.escape(f"`{command} {tmp_path}/project/runs/y`, or set make_example")):
        open_run("runs/y", study=study)
    example = open_run("runs/y", make_example=True, games=3, study=study)
    assert example.n_games == 3 and example.factory is not None and example.factory.info.name == "arknoah"
    with pytest.raises(NotebookError) as refused:
        open_run(small_run, study=study)
    assert str(refused.value) == (f"{small_run} holds a run of 'arknova', not of 'arknoah': make one with "
                                  f"`{command} {small_run}`")
    assert open_run(small_run, study=nova_answers.STUDY).n_games == 250  # Ark Nova's study reads Ark Nova's run
    with pytest.raises(NotebookError) as refused:       # and refuses Ark & Noah's, which has no maps or cards
        open_run("runs/y", study=nova_answers.STUDY)
    assert str(refused.value) == (f"runs/y holds a run of 'arknoah', not of 'arknova': make one with "
                                  f"`{arkmc()} run --out {tmp_path}/project/runs/y`")
    assert open_run("runs/y").n_games == 3              # what bot_comparison reads: any game's run


def test_the_command_line_refuses_bad_input_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    zoo_maps = str(ROOT / "notebooks" / "zoo_maps.ipynb")
    for arguments, message in (
        ([zoo_maps, "run_di=runs/demo"], "error: zoo_maps.ipynb has no parameter 'run_di' (did you mean 'run_dir'?)"),
        ([zoo_maps, "run_dir"], "error: 'run_dir' is not NAME=VALUE"),
        ([str(tmp_path / "none.ipynb")], f"error: no notebook {tmp_path / 'none.ipynb'}"),
        ([zoo_maps, "--out"], "error: --out needs a file name"),
    ):
        assert notebooks.main(arguments) == 2
        error = capsys.readouterr().err
        assert error.startswith(message) and error.count("\n") == 1, error


def test_the_command_line_prints_the_answer_and_writes_the_executed_notebook(
        small_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "executed.ipynb"
    assert notebooks.main([str(ROOT / "notebooks" / "bot_comparison.ipynb"), f"run_dir={small_run}", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == expected_answer("bot_comparison", Run.open(small_run))
    assert nbformat.read(out, as_version=4).cells[-1].outputs


def test_command_line_notebook_parameters_keep_their_types() -> None:
    assert notebooks.parse_parameters(["run_dir=runs/demo", "make_example=False", "min_kept=3", "share=0.5"]) == {
        "run_dir": "runs/demo", "make_example": False, "min_kept": 3, "share": 0.5}
