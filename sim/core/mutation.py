"""One mutant of the mutation check, applied inside a pytest run: a keyword broken before the tests
are imported, so they play against an engine in which that keyword no longer works.

A keyword with a handler is broken by `break_handler`: its handler in the game's registry is
replaced by one that does nothing. A rule has no handler to swap; the game's breaker decides how
to break it where its engine reads it. The breaker is a module of the game with a
``break_keyword(keyword)`` function, named on pytest's command line with the keyword; this module is
the pytest plugin that calls it, so nothing here imports a game:

    python -m pytest -p sim.core.mutation --mutate sim.arknova.mutation:money tests/arknova/test_cards_sponsors.py

``--mutate-cards 201,202`` keeps, of the tests marked ``pytest.mark.card``, only those marked with one of
these cards (the other rows of a parametrized card table are deselected); ``--mutation-outcome FILE``
writes which tests failed, as JSON, for `sim.core.mutation_campaign`.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

    from sim.core.effects import EffectRegistry


def does_nothing(game: Any, seat: int, item: Any) -> None:
    """The handler of a broken keyword: the effect is granted and nothing happens."""


def break_handler(registry: "EffectRegistry", keyword: str) -> None:
    """Replace the keyword's handler in `registry` by one that does nothing."""
    if keyword not in registry.handlers:
        raise KeyError(f"{registry.game} has no handler for {keyword!r}")
    registry.handlers[keyword] = does_nothing


def apply_mutant(target: str) -> None:
    """Break a keyword in this process; `target` is ``breaker.module:keyword`` (the first colon splits:
    keywords may hold colons, module names do not)."""
    module, colon, keyword = target.partition(":")
    if not colon or not keyword:
        raise ValueError(f"--mutate {target!r}: expected module:keyword")
    importlib.import_module(module).break_keyword(keyword)


def pytest_addoption(parser: "pytest.Parser") -> None:
    group = parser.getgroup("mutation", "mutation check (sim.core.mutation)")
    group.addoption("--mutate", metavar="MODULE:KEYWORD", help="break this keyword with the game's breaker module")
    group.addoption("--mutate-cards", metavar="N,N", default="", help="only tests marked with one of these cards")
    group.addoption("--mutation-outcome", metavar="FILE", help="write the failed tests of the run to FILE (JSON)")


def pytest_configure(config: "pytest.Config") -> None:
    target = config.getoption("--mutate")
    if target:
        apply_mutant(target)
    outcome = config.getoption("--mutation-outcome")
    if outcome:
        config.pluginmanager.register(OutcomeRecorder(Path(outcome)), "mutation-outcome")


def pytest_collection_modifyitems(config: "pytest.Config", items: "list[pytest.Item]") -> None:
    """Deselect the tests marked only with cards other than the mutant's."""
    wanted = {int(number) for number in config.getoption("--mutate-cards").split(",") if number}
    if not wanted:
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        marked = {mark.args[0] for mark in item.iter_markers("card") if mark.args}
        (kept if not marked or marked & wanted else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


class OutcomeRecorder:
    """Collects the node ids of failed tests and writes them, with the count of passed ones, at the end."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed: list[str] = []
        self.passed = 0

    def pytest_runtest_logreport(self, report: "pytest.TestReport") -> None:
        if report.failed:
            self.failed.append(report.nodeid)
        elif report.passed and report.when == "call":
            self.passed += 1

    def pytest_sessionfinish(self, session: "pytest.Session", exitstatus: int) -> None:
        self.path.write_text(json.dumps({"failed": self.failed, "passed": self.passed, "exit": int(exitstatus)}))
