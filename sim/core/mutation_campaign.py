"""The mutation check of a game's tests: each mutant the game publishes (one change of its engine that a test
should notice) is applied in turn (`sim.core.mutation`) and the tests that should catch it are run. A mutant
is *caught* when at least one of them fails, and *survives* when all pass: then no test proves what the
changed code does, however many tests exercise it.

A game takes part through a module ``mutation`` in the package of its factory class (`game_mutants` finds
it), which holds:

* ``mutants()``: every `Mutant`, with the tests that should catch it and a fingerprint of the code it
  stands for, as they are now;
* ``apply_mutant(name)``: make that change in this process, before the tests are imported (called by the
  pytest plugin `sim.core.mutation`);
* ``report_path()``: where the report is kept, beside the game's tests (``tests/<game>/mutation_report.json``).

Examples: Ark Nova breaks each effect keyword its cards use; Ark & Noah changes each rule by one text
replacement in a module or a data file.

Each mutant runs in a pytest process of its own (a changed engine cannot be mended in place, and a crash or
hang ends only that run). The report, one entry per mutant, is a JSON file committed with the tests;
`verdicts` reads it back (`arkmc cards` calls a card done only when every mutant of its keywords is caught).
An entry is *stale* when the code the mutant stands for or the tests that should catch it have changed
since the report was written: the campaign must run again. Fingerprints read the code without its
docstrings and comments, so rewording them leaves the report current.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sim.core.registry import get_game

# Verdicts of a mutant, as run; then as read back from a report.
CAUGHT = "caught"  # a test failed with the mutant applied
SURVIVED = "survived"  # every test passed with the mutant applied
ERROR = "error"  # pytest could not judge the tests (the mutant not applicable, no test selected, no result in time)
STALE = "stale"  # the report has the mutant, but its code or its tests changed since
UNCHECKED = "unchecked"  # the report does not have the mutant

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding the sim package
RUN_SECONDS = 300  # one mutant's pytest run; a mutant that makes a test loop is cut off by --timeout first
TEST_SECONDS = 60  # one test (pytest-timeout): far beyond a card or rule test, so only a hang reaches it
REPORT_NAME = "mutation_report.json"


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change to apply, and what is needed to judge the run."""

    name: str
    tests: tuple[str, ...]  # pytest node ids in the tests folder ("file" or "file::test") that should catch it
    fingerprint: str  # of the code the mutant stands for
    change: str  # what the mutant does, in words
    cards: tuple[int, ...] = ()  # of the tests marked with a card, run only those marked with one of these


@dataclass(frozen=True, slots=True)
class Outcome:
    name: str
    verdict: str
    failed: tuple[str, ...]  # node ids of the failing tests (pytest stops at the first)
    passed: int
    detail: str = ""  # the end of pytest's output when it wrote no outcome (an error, or a test cut off by --timeout)


class GameMutants(Protocol):
    """The module of a game that publishes its mutants (see the module text)."""

    __name__: str  # the module's, for the pytest plugin's --mutate

    def mutants(self) -> list[Mutant]: ...

    def apply_mutant(self, name: str) -> None: ...

    def report_path(self) -> Path: ...


def game_mutants(game: str) -> GameMutants:
    """The mutation module of `game`: ``mutation`` in the package of its factory class."""
    package = type(get_game(game)).__module__.rpartition(".")[0]
    try:
        module: GameMutants = importlib.import_module(f"{package}.mutation")
    except ModuleNotFoundError:
        raise ValueError(f"{game} publishes no mutants (no module {package}.mutation)") from None
    return module


def _code(tree: ast.AST) -> str:
    """The code of a syntax tree without its docstrings (comments are gone already)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _source_code(source: str) -> str:
    """The code of Python source, or the text itself when it does not parse alone (a lambda inside a call)."""
    try:
        return _code(ast.parse(textwrap.dedent(source)))
    except SyntaxError:
        return source


def _digest(*texts: str) -> str:
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode())
    return digest.hexdigest()[:16]


def source_fingerprint(*objects: Any) -> str:
    """A short digest of the code of functions or modules; a function's closure is included (a handler made
    by a factory differs from its siblings only in the functions it closes over)."""
    texts = []
    for item in objects:
        texts.append(_source_code(inspect.getsource(item)))
        for cell in getattr(item, "__closure__", None) or ():
            if inspect.isfunction(cell.cell_contents):
                texts.append(_source_code(inspect.getsource(cell.cell_contents)))
    return _digest(*texts)


def text_change_fingerprint(path: Path, old: str, new: str) -> str:
    """A short digest of a change replacing `old` by `new` in the file at `path`, and of the code around it:
    in a Python file, the innermost function holding the text (the module when no function does); in a data
    file, the whole file. Empty when the text is not in the file exactly once: the change no longer applies."""
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        return ""
    if path.suffix != ".py":
        return _digest(text, old, new)
    first = text[:text.index(old)].count("\n") + 1
    last = first + old.count("\n")
    tree = ast.parse(text)
    holding = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
               and node.lineno <= first and last <= (node.end_lineno or node.lineno)]
    around = max(holding, key=lambda node: node.lineno, default=tree)
    return _digest(_code(around), old, new)


def pytest_command(tests_folder: Path, tests: Iterable[str], cards: Iterable[int], target: str | None,
                   outcome: Path) -> list[str]:
    """The pytest run of these tests (node ids in `tests_folder`), with the mutant `target`
    (``module:name``) applied, or none when None; it stops at the first failure."""
    numbers = ",".join(str(number) for number in sorted(set(cards)))
    command = [sys.executable, "-m", "pytest", "-p", "sim.core.mutation", "-p", "no:cacheprovider", "-x", "-q",
               f"--timeout={TEST_SECONDS}", f"--mutation-outcome={outcome}", f"--mutate-cards={numbers}"]
    if target is not None:
        command.append(f"--mutate={target}")
    return command + [str(tests_folder / test) for test in tests]


def run_tests(tests_folder: Path, name: str, tests: tuple[str, ...], cards: Iterable[int],
              target: str | None) -> Outcome:
    """Run the tests in a pytest process of their own, with the mutant `target` applied, and judge it."""
    with tempfile.TemporaryDirectory(prefix="arkmc-mutation-") as scratch:
        record = Path(scratch) / "outcome.json"
        command = pytest_command(tests_folder, tests, cards, target, record)
        try:
            run = subprocess.run(command, cwd=tests_folder.parent, env=_same_sim(), capture_output=True, text=True,
                                 timeout=RUN_SECONDS)
        except subprocess.TimeoutExpired:
            return Outcome(name, ERROR, (), 0, f"no result in {RUN_SECONDS} s")
        if not record.exists():  # pytest-timeout ends the process when a test hangs: the mutant did stop it
            hung = "+ Timeout +" in run.stdout + run.stderr
            return Outcome(name, CAUGHT if hung else ERROR, (), 0, _tail(run.stdout + run.stderr))
        result = json.loads(record.read_text())
    failed, passed = tuple(result["failed"]), int(result["passed"])
    if result["exit"] == 0 and passed:
        return Outcome(name, SURVIVED, (), passed)
    if result["exit"] == 1 and failed:
        return Outcome(name, CAUGHT, failed, passed)
    return Outcome(name, ERROR, failed, passed, f"pytest exit {result['exit']}: {_tail(run.stdout)}")


def _same_sim() -> dict[str, str]:
    """The environment with this process's `sim` package first on the path, so that pytest plays the code
    the campaign is about (not another checkout installed in the same environment)."""
    paths = [str(PACKAGE_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _tail(text: str, lines: int = 5) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


def run_mutant(tests_folder: Path, module: str, mutant: Mutant) -> Outcome:
    """Apply the mutant that the game's `module` publishes and run the tests that should catch it."""
    return run_tests(tests_folder, mutant.name, mutant.tests, mutant.cards, f"{module}:{mutant.name}")


def run_campaign(tests_folder: Path, module: str, mutants: Iterable[Mutant], jobs: int = 1,
                 progress: Callable[[Iterator[Outcome], int], Iterable[Outcome]] = lambda runs, total: runs,
                 ) -> list[Outcome]:
    """Every mutant, `jobs` pytest processes at a time, after a control run: with no mutant applied the same
    tests must pass, or every mutant would look caught. `progress` wraps the results as they come (a progress bar)."""
    mutants = list(mutants)
    if not mutants:
        return []
    tests = tuple(dict.fromkeys(test for mutant in mutants for test in mutant.tests))
    control = run_tests(tests_folder, "(none)", tests, {card for mutant in mutants for card in mutant.cards}, None)
    if control.verdict != SURVIVED:
        raise RuntimeError(f"the tests fail with no mutant applied: {control.failed or control.detail}")
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        runs = pool.map(lambda mutant: run_mutant(tests_folder, module, mutant), mutants)
        return list(progress(runs, len(mutants)))


def report_entry(mutant: Mutant, outcome: Outcome) -> dict[str, Any]:
    entry: dict[str, Any] = {"verdict": outcome.verdict, "change": mutant.change, "fingerprint": mutant.fingerprint,
                             "tests": list(mutant.tests)}
    if mutant.cards:
        entry["cards"] = list(mutant.cards)
    if outcome.failed:
        entry["caught_by"] = outcome.failed[0]
    if outcome.detail:
        entry["detail"] = outcome.detail
    return entry


def write_report(path: Path, game: str, entries: Mapping[str, Mapping[str, Any]]) -> None:
    """The report: how many are caught, the names of the others, then one entry per mutant in name order
    (stable diffs)."""
    def having(verdict: str) -> list[str]:
        return sorted(name for name, entry in entries.items() if entry["verdict"] == verdict)

    document = {"game": game, "total": len(entries), "caught": len(having(CAUGHT)), "survived": having(SURVIVED),
                "error": having(ERROR), "mutants": {name: entries[name] for name in sorted(entries)}}
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def read_report(path: Path) -> dict[str, dict[str, Any]]:
    """Mutant name -> its entry in the report; empty when there is no report."""
    if not path.is_file():
        return {}
    mutants: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["mutants"]
    return mutants


def verdict(entry: Mapping[str, Any] | None, mutant: Mutant) -> str:
    """The report's verdict on the mutant, unless the report lacks it or is stale for it."""
    if entry is None:
        return UNCHECKED
    if entry["fingerprint"] != mutant.fingerprint or tuple(entry["tests"]) != mutant.tests:
        return STALE
    return str(entry["verdict"])


def verdicts(report: Mapping[str, Mapping[str, Any]], mutants: Iterable[Mutant]) -> dict[str, str]:
    """Mutant name -> its verdict, as the report has it now."""
    return {mutant.name: verdict(report.get(mutant.name), mutant) for mutant in mutants}
