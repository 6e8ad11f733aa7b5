"""Ark & Noah's mutation check (sim/arknoah/mutation.py): a rule changed by one text replacement, in a module
or in a data file, fails a rule test; unchanged, the rule tests pass; a change whose text has left the code
is stale in the report and an error when run, never a pass; the committed report is current and every rule
change in it is caught.

The full campaign runs every rule change (scripts/checks/mutation_check.py --game arknoah); these tests run a few,
each in a pytest process of its own, as the campaign does."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sim.arknoah import mutation
from sim.core.mutation_campaign import (
    CAUGHT,
    ERROR,
    STALE,
    SURVIVED,
    Mutant,
    game_mutants,
    read_report,
    run_mutant,
    run_tests,
    verdicts,
)

FOLDER = Path(__file__).parents[1]  # the tests folder
MOVED_RULES = '''
from dataclasses import replace

from sim.arknoah import mutation


def apply_mutant(name):
    """The rule change `name` with its text no longer in the code, as after a rewrite of that code."""
    mutation.CHANGES = tuple(replace(rule, old=rule.old + "  # rewritten") for rule in mutation.CHANGES)
    mutation.apply_mutant(name)
'''


def mutant(name: str) -> Mutant:
    return next(item for item in mutation.mutants() if item.name == name)


@pytest.mark.parametrize(("name", "test"), [
    pytest.param("cage_max_4", "test_rules.py::test_a_cage_has_at_most_four_squares", id="module"),
    pytest.param("2p_seating", "test_rules.py::test_setup_by_player_count", id="data file"),
])
def test_a_changed_rule_fails_the_rule_test_of_it(name: str, test: str) -> None:
    outcome = run_mutant(FOLDER, mutation.__name__, mutant(name))
    assert outcome.verdict == CAUGHT, outcome
    assert outcome.failed[0].startswith(f"tests/arknoah/{test}")


def test_unchanged_the_rule_test_passes() -> None:
    control = run_tests(FOLDER, "(none)", ("arknoah/test_rules.py::test_a_cage_has_at_most_four_squares",), (), None)
    assert (control.verdict, control.passed) == (SURVIVED, 1), control


@pytest.mark.parametrize("name", ["cage_max_4", "2p_seating"])
def test_a_change_whose_text_left_the_code_is_stale_and_an_error_when_run(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutation, "CHANGES", tuple(replace(rule, old=rule.old + "  # rewritten")
                                                   for rule in mutation.CHANGES))
    assert verdicts(read_report(mutation.report_path()), [mutant(name)]) == {name: STALE}
    (tmp_path / "moved_rules.py").write_text(MOVED_RULES)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    run = run_tests(FOLDER, name, ("arknoah/test_rules.py",), (), f"moved_rules:{name}")
    assert run.verdict == ERROR and "holds the mutant's text 0 times" in run.detail, run


def test_the_committed_report_covers_every_rule_change_and_each_is_caught() -> None:
    """Changing the code around a rule change, or the change itself, makes its entry stale."""
    assert game_mutants("arknoah") is mutation
    assert len({rule.name for rule in mutation.CHANGES}) == len(mutation.CHANGES)
    now = verdicts(read_report(mutation.report_path()), mutation.mutants())
    missed = {name: state for name, state in now.items() if state != CAUGHT}
    assert not missed, (f"the mutation report {mutation.report_path().name} is out of date or a rule change "
                        f"survives: {missed}; rerun `python scripts/checks/mutation_check.py --game arknoah --stale` "
                        "and commit the report")
