"""The mutation check of a game's card tests: each keyword the cards use is broken in turn
(`sim.core.mutation`) and the card tests of the cards using it are run against the broken engine.
A keyword is *caught* when at least one of them fails, and *survives* when all pass: then no test
proves what the keyword does, however many tests name its cards.

Each mutant runs in a pytest process of its own (a broken keyword cannot be mended in place, and a
crash or hang ends only that run). The report, one entry per keyword, is a JSON file committed with
the tests; `verdicts` reads it back for `arkmc cards`, which calls a card done only when the breakage
of every keyword it uses is caught. An entry is *stale* when the code the keyword stands for or the
tests that should catch it have changed since the report was written: the campaign must run again.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Verdicts of a mutant, as run; then as read back from a report.
CAUGHT = "caught"  # a test failed with the keyword broken
SURVIVED = "survived"  # every test passed with the keyword broken
ERROR = "error"  # pytest could not judge the tests (collection error, no test selected, no result in time)
STALE = "stale"  # the report has the keyword, but its code or its tests changed since
UNCHECKED = "unchecked"  # the report does not have the keyword

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding the sim package
RUN_SECONDS = 300  # one mutant's pytest run; a broken keyword that makes a test loop is cut off by --timeout first
TEST_SECONDS = 60  # one test (pytest-timeout): the card tests take well under a second each


@dataclass(frozen=True, slots=True)
class Mutant:
    """One keyword to break, and what is needed to judge the run."""

    keyword: str
    cards: tuple[int, ...]  # the cards using it
    tests: tuple[str, ...]  # "file::test" of the tests marked with those cards, in the tests folder
    fingerprint: str  # of the source of the code the keyword stands for
    breaks: str  # how the game breaks it, in words


@dataclass(frozen=True, slots=True)
class Outcome:
    keyword: str
    verdict: str
    failed: tuple[str, ...]  # node ids of the failing tests (pytest stops at the first)
    passed: int
    detail: str = ""  # the end of pytest's output when it wrote no outcome (an error, or a test cut off by --timeout)


def source_fingerprint(*objects: Any) -> str:
    """A short digest of the source of functions or modules; a function's closure is included (a handler
    made by a factory differs from its siblings only in the functions it closes over)."""
    digest = hashlib.sha256()
    for item in objects:
        digest.update(inspect.getsource(item).encode())
        for cell in getattr(item, "__closure__", None) or ():
            if inspect.isfunction(cell.cell_contents):
                digest.update(inspect.getsource(cell.cell_contents).encode())
    return digest.hexdigest()[:16]


def pytest_command(tests_folder: Path, tests: Iterable[str], cards: Iterable[int], target: str | None,
                   outcome: Path) -> list[str]:
    """The pytest run of these tests ("file::test" in `tests_folder`), with `target` (``module:keyword``)
    broken, or unbroken when None; it stops at the first failure."""
    command = [sys.executable, "-m", "pytest", "-p", "sim.core.mutation", "-p", "no:cacheprovider", "-x", "-q",
               f"--timeout={TEST_SECONDS}", f"--mutation-outcome={outcome}",
               f"--mutate-cards={','.join(map(str, sorted(set(cards))))}"]
    if target is not None:
        command.append(f"--mutate={target}")
    return command + [str(tests_folder / test) for test in tests]


def run_tests(tests_folder: Path, keyword: str, tests: tuple[str, ...], cards: Iterable[int],
              target: str | None) -> Outcome:
    """Run the tests in a pytest process of their own, the keyword broken as `target` says, and judge it."""
    with tempfile.TemporaryDirectory(prefix="arkmc-mutation-") as scratch:
        record = Path(scratch) / "outcome.json"
        command = pytest_command(tests_folder, tests, cards, target, record)
        try:
            run = subprocess.run(command, cwd=tests_folder.parent, env=_same_sim(), capture_output=True, text=True,
                                 timeout=RUN_SECONDS)
        except subprocess.TimeoutExpired:
            return Outcome(keyword, ERROR, (), 0, f"no result in {RUN_SECONDS} s")
        if not record.exists():  # pytest-timeout ends the process when a test hangs: the mutant did stop it
            hung = "+ Timeout +" in run.stdout + run.stderr
            return Outcome(keyword, CAUGHT if hung else ERROR, (), 0, _tail(run.stdout + run.stderr))
        result = json.loads(record.read_text())
    failed, passed = tuple(result["failed"]), int(result["passed"])
    if result["exit"] == 0 and passed:
        return Outcome(keyword, SURVIVED, (), passed)
    if result["exit"] == 1 and failed:
        return Outcome(keyword, CAUGHT, failed, passed)
    return Outcome(keyword, ERROR, failed, passed, f"pytest exit {result['exit']}: {_tail(run.stdout)}")


def _same_sim() -> dict[str, str]:
    """The environment with this process's `sim` package first on the path, so that pytest plays the code
    the campaign is about (not another checkout installed in the same environment)."""
    paths = [str(PACKAGE_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _tail(text: str, lines: int = 5) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


def run_mutant(tests_folder: Path, breaker: str, mutant: Mutant) -> Outcome:
    """Break the mutant's keyword with the game's `breaker` module and run the tests of its cards."""
    return run_tests(tests_folder, mutant.keyword, mutant.tests, mutant.cards, f"{breaker}:{mutant.keyword}")


def run_campaign(tests_folder: Path, breaker: str, mutants: Iterable[Mutant], jobs: int = 1,
                 progress: Callable[[Iterator[Outcome], int], Iterable[Outcome]] = lambda runs, total: runs,
                 ) -> list[Outcome]:
    """Every mutant, `jobs` pytest processes at a time, after a control run: unbroken, the same tests must
    pass, or every mutant would look caught. `progress` wraps the results as they come (a progress bar)."""
    mutants = list(mutants)
    if not mutants:
        return []
    tests = tuple(dict.fromkeys(test for mutant in mutants for test in mutant.tests))
    control = run_tests(tests_folder, "(none)", tests, {card for mutant in mutants for card in mutant.cards}, None)
    if control.verdict != SURVIVED:
        raise RuntimeError(f"the card tests fail with nothing broken: {control.failed or control.detail}")
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        runs = pool.map(lambda mutant: run_mutant(tests_folder, breaker, mutant), mutants)
        return list(progress(runs, len(mutants)))


def report_entry(mutant: Mutant, outcome: Outcome) -> dict[str, Any]:
    entry: dict[str, Any] = {"verdict": outcome.verdict, "breaks": mutant.breaks, "fingerprint": mutant.fingerprint,
                             "cards": list(mutant.cards), "tests": list(mutant.tests)}
    if outcome.failed:
        entry["caught_by"] = outcome.failed[0]
    if outcome.detail:
        entry["detail"] = outcome.detail
    return entry


def write_report(path: Path, game: str, entries: Mapping[str, Mapping[str, Any]]) -> None:
    """The report: the share caught, then one entry per keyword in name order (stable diffs)."""
    def having(verdict: str) -> list[str]:
        return sorted(keyword for keyword, entry in entries.items() if entry["verdict"] == verdict)

    document = {"game": game, "keywords": len(entries), "caught": len(having(CAUGHT)), "survived": having(SURVIVED),
                "error": having(ERROR), "mutants": {keyword: entries[keyword] for keyword in sorted(entries)}}
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def read_report(path: Path) -> dict[str, dict[str, Any]]:
    """Keyword -> its entry in the report; empty when there is no report."""
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
    """Keyword -> verdict of every mutant, as the report has it now."""
    return {mutant.keyword: verdict(report.get(mutant.keyword), mutant) for mutant in mutants}
