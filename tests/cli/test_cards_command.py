"""`arkmc cards`: every card listed with its status and proving test; --missing exits 1 while
anything is left; the test scan parses the `card(N)` marks of tests/arknova/test_cards_*.py."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sim.arknova import mutation
from sim.arknova.card_status import CARD_TESTS, card_entries, statuses
from sim.arknova.catalog import load_catalog
from sim.cli import main
from sim.core import cards as card_status
from sim.core.cards import DONE, MISSING, UNTESTED
from sim.core.mutation_campaign import CAUGHT, Outcome, report_entry, write_report

EVERY_KEYWORD_CAUGHT = {keyword: CAUGHT for entry in card_entries(load_catalog()) for keyword in entry.keywords}


def card_tests(folder: Path | None = None) -> dict[int, list[str]] | None:
    return card_status.card_tests(CARD_TESTS, folder)


def card_statuses(tests: dict[int, list[str]] | None) -> list[card_status.CardStatus]:
    """Statuses with these tests, as if breaking any keyword failed one of them (the mutation check has its own tests)."""
    return statuses(load_catalog(), tests, EVERY_KEYWORD_CAUGHT)


def report_all_caught(tests: dict[int, list[str]]) -> None:
    """A mutation report, in the tests folder, on which each of these tests catches its cards' keywords broken."""
    mutants = mutation.mutants(card_entries(load_catalog()), tests)
    write_report(mutation.report_path(), "arknova", {
        mutant.name: report_entry(mutant, Outcome(mutant.name, CAUGHT, (mutant.tests[0],), 0))
        for mutant in mutants})


def test_listing_names_every_card_with_its_status_and_test() -> None:
    """Card 104 is proven by the projects test only (this file's text has no card marks)."""
    result = CliRunner().invoke(main, ["cards"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    rows = [line for line in lines[1:-1]]
    assert len(rows) == 32 + 64 + 128 + 11
    assert any(line.startswith("101 Species Diversity") and " done " in line
               and "test_cards_projects.py::test_counting_project_thresholds_and_rewards" in line for line in rows)
    assert any(line.startswith("  4 Architectural Zoo") and "test_architectural_zoo_one_cp_per_condition" in line
               for line in rows)
    assert any(line.startswith("104 Americas") and line.endswith(
        "test_cards_projects.py::test_counting_project_thresholds_and_rewards") for line in rows)
    assert lines[-1].endswith("left") and "of 235 cards done" in lines[-1]


def test_kind_filter_and_missing_exit_code() -> None:
    runner = CliRunner()
    projects = runner.invoke(main, ["cards", "--kind", "project", "--missing"])
    assert projects.exit_code == 0 and projects.output == "", projects.output  # every project is done
    left = [row for row in statuses(load_catalog()) if row.status != DONE]
    everything = runner.invoke(main, ["cards", "--missing"])
    assert everything.exit_code == (1 if left else 0)
    assert len(everything.output.splitlines()) == (len(left) + 2 if left else 0)  # header, rows left, total


def test_status_needs_known_keywords_and_a_marked_test(tmp_path: Path) -> None:
    mark = "pytest.mark." + "card"  # split so that this file's own text carries no card marks
    game_tests = tmp_path / "arknova"
    game_tests.mkdir()
    (game_tests / "test_cards_demo.py").write_text(
        "import pytest\n\n"
        f"ROWS = [pytest.param(1, marks={mark}(103))]\n\n\n"
        "def helper():\n    pass\n\n\n"
        "@pytest.mark.parametrize('n', ROWS)\n"
        "def test_table(n):\n    pass\n\n\n"
        f"card = {mark}\n\n\n@card(104)\ndef test_aliased():\n    pass\n\n\n"
        f"def row(number, name):\n    return pytest.param(number, marks={mark}(number), id=name)\n\n\n"
        "@pytest.mark.parametrize('n', [row(105, 'a'), row(name='b', number=106)])\n"
        "def test_helper_rows(n):\n    pass\n\n\n"
        f"@{mark}(527)\ndef test_lorikeet():\n    pass\n")
    tests = card_tests(tmp_path)
    assert tests == {103: ["arknova/test_cards_demo.py::test_table"], 104: ["arknova/test_cards_demo.py::test_aliased"],
                     105: ["arknova/test_cards_demo.py::test_helper_rows"], 106: ["arknova/test_cards_demo.py::test_helper_rows"],
                     527: ["arknova/test_cards_demo.py::test_lorikeet"]}
    by_number = {row.number: row for row in card_statuses(tests)}
    assert by_number[103].status == DONE and by_number[103].tests == ("arknova/test_cards_demo.py::test_table",)
    assert by_number[107].status == UNTESTED  # keywords known, no test in this folder
    assert by_number[527].status == (MISSING if by_number[527].unknown else DONE)
    assert by_number[4].status == UNTESTED and by_number[4].kind == "final_scoring"


def test_no_tests_folder_is_reported_not_fatal(tmp_path: Path, monkeypatch) -> None:
    assert card_tests(tmp_path / "absent") is None
    monkeypatch.setattr(card_status, "TESTS_FOLDER", tmp_path / "absent")
    result = CliRunner().invoke(main, ["cards", "--kind", "final_scoring"])
    assert result.exit_code == 0
    assert result.output.startswith("note: no tests folder")
    assert "0 of 11 cards done, 11 left" in result.output


def test_missing_lists_what_is_left_and_fails(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "arknova").mkdir()
    (tmp_path / "arknova" / "test_cards_some.py").write_text(
        "import pytest\n\n\n@pytest.mark.card(1)\ndef test_one():\n    pass\n")
    monkeypatch.setattr(card_status, "TESTS_FOLDER", tmp_path)
    report_all_caught(card_tests(tmp_path))
    result = CliRunner().invoke(main, ["cards", "--missing", "--kind", "final_scoring"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines[1:-1]] == [str(number) for number in range(2, 12)]
    assert lines[-1] == "1 of 11 cards done, 10 left"
