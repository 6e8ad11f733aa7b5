"""The mutation check, on Ark Nova's card keywords: a keyword broken inside a pytest run fails the card tests
that rely on it; a card is done only when each of its keywords' breakage is caught; the committed report is
current, and goes stale when the code a mutant stands for changes, not when its docstrings or comments do.

The full campaign runs every mutant (scripts/checks/mutation_check.py); these tests run one card test per way a
keyword is broken, each in a pytest process of its own, as the campaign does."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sim.arknova import mutation
from sim.cli import main
from sim.core import cards
from sim.core.cards import DONE, UNPROVEN, CardEntry, card_statuses
from sim.core.mutation import change_source
from sim.core.mutation_campaign import (
    CAUGHT,
    ERROR,
    STALE,
    SURVIVED,
    UNCHECKED,
    Mutant,
    Outcome,
    game_mutants,
    read_report,
    report_entry,
    run_tests,
    source_fingerprint,
    text_change_fingerprint,
    verdict,
    verdicts,
    write_report,
)

FOLDER = Path(__file__).parents[1]  # the tests folder


@pytest.mark.parametrize(("keyword", "test", "card"), [
    pytest.param("money", "arknova/test_cards_sponsors.py::test_220_federal_grants_three_money_now_and_every_break", 220,
                 id="handler does nothing"),
    pytest.param("immune", "arknova/test_cards_sponsors.py::test_225_quarantine_lab_protects_from_pilfering", 225,
                 id="passive removed from the data"),
    pytest.param("project:release", "arknova/test_cards_projects.py::test_release_project_discards_an_animal_with_its_icon", 113,
                 id="project goal never met"),
    pytest.param("final_scoring:biodiversity",
                 "arknova/test_cards_final_scoring.py::test_biodiverse_zoo_compares_with_the_player_on_the_right_and_is_not_dealt_solo",
                 9, id="final scoring counts 0"),
])
def test_a_broken_keyword_fails_the_card_test_that_relies_on_it(keyword: str, test: str, card: int) -> None:
    broken = run_tests(FOLDER, keyword, (test,), (card,), f"{mutation.__name__}:{keyword}")
    assert broken.verdict == CAUGHT, broken
    assert broken.failed[0].startswith(f"tests/{test}")


def test_unbroken_the_test_passes_and_only_the_rows_of_the_mutants_cards_run() -> None:
    """The animal table has a row per animal; only the Cheetah's runs for a keyword only the Cheetah uses."""
    control = run_tests(FOLDER, "(none)", ("arknova/test_cards_animals.py::test_animal_card",), (401,), None)
    assert (control.verdict, control.passed) == (SURVIVED, 1), control


def entry(*keywords: str) -> CardEntry:
    return CardEntry(1, "Card", "card", keywords)


@pytest.mark.parametrize(("verdicts_now", "status", "unproven"), [
    ({"money": CAUGHT, "venom": CAUGHT}, DONE, ()),
    ({"money": CAUGHT, "venom": SURVIVED}, UNPROVEN, (("venom", SURVIVED),)),
    ({"money": STALE, "venom": CAUGHT}, UNPROVEN, (("money", STALE),)),
    ({"money": CAUGHT}, UNPROVEN, (("venom", UNCHECKED),)),
    (None, DONE, ()),  # a game without the mutation check
])
def test_a_card_is_done_only_when_breaking_each_keyword_is_caught(verdicts_now, status, unproven) -> None:
    [row] = card_statuses([entry("money", "venom")], lambda keyword: True, {1: ["test_cards_x.py::test_one"]},
                          verdicts_now)
    assert (row.status, row.unproven) == (status, unproven)


def test_the_verdict_is_stale_when_the_keywords_code_or_its_tests_change() -> None:
    mutant = Mutant("money", ("test_cards_x.py::test_one",), "abc", "its handler does nothing", (220,))
    recorded = report_entry(mutant, Outcome("money", CAUGHT, ("tests/test_cards_x.py::test_one",), 0))
    assert verdict(recorded, mutant) == CAUGHT
    assert verdict(recorded, replace(mutant, fingerprint="abd")) == STALE
    assert verdict(recorded, replace(mutant, tests=(*mutant.tests, "test_cards_x.py::test_two"))) == STALE
    assert verdict(None, mutant) == UNCHECKED


def fingerprints(path: Path, source: str) -> tuple[str, str]:
    """The fingerprint of a text change inside the function `rule` of this source, and of the function itself."""
    path.write_text(source)
    namespace: dict[str, Any] = {}
    exec(compile(source, str(path), "exec"), namespace)
    return text_change_fingerprint(path, "return game", "return 0 * game"), source_fingerprint(namespace["rule"])


def test_fingerprints_read_the_code_not_its_docstrings_or_comments(tmp_path: Path) -> None:
    source = 'def rule(game):\n    """Docstring."""\n    return game.bonus + 1  # a comment\n'
    reworded = 'def rule(game):\n    """Another docstring."""\n\n    return game.bonus + 1\n'
    changed = 'def rule(game):\n    """Docstring."""\n    return game.bonus + 2  # a comment\n'
    first, second, third = (fingerprints(tmp_path / f"module{index}.py", text)
                            for index, text in enumerate((source, reworded, changed)))
    assert first == second
    assert first[0] != third[0] and first[1] != third[1]
    assert text_change_fingerprint(tmp_path / "module0.py", "text that is not there", "x") == ""


def test_a_module_already_imported_cannot_be_changed() -> None:
    """The code that imported names from it would keep the unchanged ones: the run would pass unchanged."""
    with pytest.raises(RuntimeError, match="json is imported already"):
        change_source("json", "def loads", "def loads")


def test_a_games_mutants_are_found_in_the_mutation_module_of_its_package() -> None:
    assert game_mutants("arknova") is mutation
    with pytest.raises(ValueError, match="inhabit publishes no mutants"):
        game_mutants("inhabit")


def test_listing_names_the_keyword_whose_breakage_survives(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "arknova").mkdir()
    (tmp_path / "arknova" / "test_cards_one.py").write_text(
        "import pytest\n\n\n@pytest.mark.card(1)\ndef test_one():\n    pass\n")
    monkeypatch.setattr(cards, "TESTS_FOLDER", tmp_path)
    [mutant] = mutation.mutants()
    write_report(mutation.report_path(), "arknova", {mutant.name: report_entry(mutant, Outcome(mutant.name, SURVIVED, (), 1))})
    result = CliRunner().invoke(main, ["cards", "--kind", "final_scoring"])
    row = result.output.splitlines()[1]
    assert row.startswith("  1 Large Animal Zoo") and " unproven " in row
    assert row.endswith("tested, but final_scoring:large_animals broken passes its tests")
    assert result.output.splitlines()[-1] == "0 of 11 cards done, 11 left"


def test_the_committed_report_covers_every_card_keyword_and_is_current() -> None:
    """Changing a handler, the module of a rule or the tests of a keyword's cards makes its entry stale."""
    now = verdicts(read_report(mutation.report_path()), mutation.mutants())
    invalid = {keyword: state for keyword, state in now.items() if state in (STALE, UNCHECKED, ERROR)}
    assert not invalid, (f"the mutation report {mutation.report_path().name} is out of date for {invalid}: "
                         "rerun `python scripts/checks/mutation_check.py --stale` and commit the report")
