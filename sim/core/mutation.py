"""One mutant of the mutation check, applied inside a pytest run before the tests are imported, so that they
run against an engine changed in one place.

A game publishes its mutants in a module of its own (`sim.core.mutation_campaign` says what that module
holds); its ``apply_mutant(name)`` makes one change in the pytest process, with the helpers here:

* `disable_handler`: a keyword's handler in the game's effect registry is replaced by one that does nothing;
* `change_source`: a module is compiled, when it is first imported, from its source with one text replaced;
* `change_data_file`: a data file the game ships is read, through the loader of every game's data
  (`sim.core.data_folder`), with one text replaced.

No file is ever written, so a campaign may run while the checkout is being edited, and a run killed midway
leaves nothing to undo.

This module is the pytest plugin that calls ``apply_mutant``, so nothing here imports a game:

    python -m pytest -p sim.core.mutation --mutate sim.arknova.mutation:money tests/arknova/test_cards_sponsors.py

``--mutate-cards 201,202`` keeps, of the tests marked ``pytest.mark.card``, only those marked with one of
these cards (the other rows of a parametrized card table are deselected); ``--mutation-outcome FILE``
writes which tests failed, as JSON, for `sim.core.mutation_campaign`. A mutant that cannot be applied (an
unknown name, a text no longer in its module) stops pytest with a one-line usage error.
"""

from __future__ import annotations

import functools
import importlib
import importlib.abc
import importlib.util
import json
import linecache
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sim.core import data_folder

if TYPE_CHECKING:
    import pytest

    from sim.core.effects import EffectRegistry


class MutantMismatch(LookupError):
    """The mutant no longer matches the code: its text is not in its file exactly once."""


def does_nothing(game: Any, seat: int, item: Any) -> None:
    """The handler of a disabled keyword: the effect is granted and nothing happens."""


def disable_handler(registry: "EffectRegistry", keyword: str) -> None:
    """Replace the keyword's handler in `registry` by one that does nothing."""
    if keyword not in registry.handlers:
        raise KeyError(f"{registry.game} has no handler for {keyword!r}")
    registry.handlers[keyword] = does_nothing


def replaced_once(text: str, old: str, new: str, where: str) -> str:
    """`text` with `old` replaced by `new`; `old` must occur exactly once (`where` names the text in the error)."""
    count = text.count(old)
    if count != 1:
        raise MutantMismatch(f"{where} holds the mutant's text {count} times, not once: {old!r}")
    return text.replace(old, new)


def change_source(module: str, old: str, new: str) -> None:
    """From now on, importing `module` runs its source with `old` replaced by `new`. The module must not be
    imported yet: the code importing names from it would keep the unchanged ones."""
    if module in sys.modules:
        raise RuntimeError(f"{module} is imported already, so the change would not reach the code using it")
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        raise ModuleNotFoundError(f"{module} has no Python source to change")
    source = replaced_once(Path(spec.origin).read_text(encoding="utf-8"), old, new, spec.origin)
    sys.meta_path.insert(0, ChangedSource(module, spec.origin, source))


def change_data_file(package: str, name: str, old: str, new: str) -> None:
    """From now on, the data of the game in `package` is read from its shipped files with `old` replaced by
    `new` in the file `name`: every catalog, digest and data folder of the user's starts from those files."""
    shipped = data_folder.shipped_files(package)
    text = replaced_once(shipped.read_text(name), old, new, f"{package}'s data file {name}")
    contents = {**shipped.contents, name: text.encode("utf-8")}
    changed = data_folder.DataFiles(contents, data_folder.files_digest(contents))
    read_shipped = data_folder.shipped_files

    def shipped_files(asked: str) -> data_folder.DataFiles:
        return changed if asked == package else read_shipped(asked)

    data_folder.shipped_files = functools.cache(shipped_files)


class ChangedSource(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds one module and loads it from changed source, under its own file name: tracebacks and
    `inspect` show the changed lines, and ``__file__`` still points into the package."""

    def __init__(self, name: str, origin: str, source: str) -> None:
        self.name, self.origin, self.source = name, origin, source

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.origin, loader=self)

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        linecache.cache[self.origin] = (len(self.source), None, self.source.splitlines(keepends=True), self.origin)
        exec(compile(self.source, self.origin, "exec", dont_inherit=True), module.__dict__)


def mutate(target: str) -> None:
    """Apply a mutant in this process; `target` is ``module:name``, the game's module publishing it and the
    mutant's name (the first colon splits: names may hold colons, module names do not)."""
    module, colon, name = target.partition(":")
    if not colon or not name:
        raise ValueError("expected module:name")
    importlib.import_module(module).apply_mutant(name)


def pytest_addoption(parser: "pytest.Parser") -> None:
    group = parser.getgroup("mutation", "mutation check (sim.core.mutation)")
    group.addoption("--mutate", metavar="MODULE:NAME", help="apply the mutant NAME that the game's MODULE publishes")
    group.addoption("--mutate-cards", metavar="N,N", default="", help="only tests marked with one of these cards")
    group.addoption("--mutation-outcome", metavar="FILE", help="write the failed tests of the run to FILE (JSON)")


def pytest_configure(config: "pytest.Config") -> None:
    import pytest  # only pytest calls this hook; the helpers above serve processes without it

    target = config.getoption("--mutate")
    if target:
        try:
            mutate(target)
        except (ImportError, LookupError, RuntimeError, ValueError) as error:
            raise pytest.UsageError(f"--mutate {target}: {error}") from None
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
