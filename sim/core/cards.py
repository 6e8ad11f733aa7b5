"""Which cards (or other rule elements) of a game are implemented, and which test proves each one.

An element is done when every effect keyword it uses is known to its game's engine AND a test
marked ``pytest.mark.card(N)`` exists among the game's card test files AND, for a game that runs the
mutation check (`sim.core.mutation_campaign`), breaking each of its keywords makes one of those tests
fail. A card whose tests still pass with a keyword broken is *unproven*: its tests do not show what
that keyword does. The tests are found by parsing the test files, so this works without running
pytest; an installed package has no tests folder, which `arkmc cards` states instead of failing.
Games list their elements as `CardEntry` values; this module turns them into statuses (`arkmc cards`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sim.core.mutation_campaign import CAUGHT, UNCHECKED

TESTS_FOLDER = Path(__file__).resolve().parents[2] / "tests"

# Statuses, best first.
DONE = "done"  # every keyword known and a card test exists (that catches each keyword broken)
UNPROVEN = "unproven"  # card tests exist, but one of its keywords broken passes them (or that is not known)
UNTESTED = "untested"  # every keyword known, no card test
MISSING = "missing"  # some keyword has no handler or rule


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One element of a game as its status needs it: what it is called and which keywords it uses."""

    number: int
    name: str
    kind: str
    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardStatus:
    number: int
    name: str
    kind: str
    status: str
    unknown: tuple[str, ...]  # keywords without a handler or rule
    tests: tuple[str, ...]  # "file::test" of every test marked with this card
    unproven: tuple[tuple[str, str], ...] = ()  # (keyword, mutation verdict) of the keywords not caught broken


def card_statuses(entries: Iterable[CardEntry], is_known: Callable[[str], bool], tests: dict[int, list[str]] | None,
                  verdicts: Mapping[str, str] | None = None) -> list[CardStatus]:
    """The status of every entry; `tests` as returned by `card_tests` (None: no tests known); `verdicts`:
    keyword -> the mutation check's verdict on breaking it, None for a game without the check."""
    result = []
    for entry in entries:
        unknown = tuple(keyword for keyword in entry.keywords if not is_known(keyword))
        proven = tuple((tests or {}).get(entry.number, ()))
        doubts = () if verdicts is None else tuple(
            (keyword, verdicts.get(keyword, UNCHECKED)) for keyword in entry.keywords
            if verdicts.get(keyword, UNCHECKED) != CAUGHT)
        status = MISSING if unknown else UNTESTED if not proven else UNPROVEN if doubts else DONE
        result.append(CardStatus(entry.number, entry.name, entry.kind, status, unknown, proven, doubts))
    return result


def card_tests(pattern: str, folder: Path | None = None) -> dict[int, list[str]] | None:
    """Card number -> "file::test" of each test marked with it in the files matching `pattern`;
    None when there is no tests folder.

    The test files are parsed, not run. A test carries the card marks found in its decorators
    (directly, or in a module-level table of ``pytest.param`` rows its decorators name) and in
    its body. Marks may be spelled ``pytest.mark.card(N)``, through an alias
    (``card = pytest.mark.card``), or through a helper function that passes one of its
    parameters to the mark (``def row(number, ...): return pytest.param(..., marks=pytest.mark.card(number))``)."""
    folder = folder or TESTS_FOLDER
    if not folder.is_dir():
        return None
    found: dict[int, list[str]] = {}
    for path in sorted(folder.glob(pattern)):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marks = _CardMarks(tree)
        tables = {target.id: marks.numbers(statement.value) for statement in tree.body
                  if isinstance(statement, ast.Assign) for target in statement.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                numbers = [number for part in (*node.decorator_list, *node.body) for number in marks.numbers(part)]
                numbers += [number for decorator in node.decorator_list for name in ast.walk(decorator)
                            if isinstance(name, ast.Name) for number in tables.get(name.id, ())]
                for number in dict.fromkeys(numbers):
                    found.setdefault(number, []).append(f"{path.relative_to(folder).as_posix()}::{node.name}")
    return found


def _is_mark_attribute(node: ast.AST) -> bool:
    """`pytest.mark.card` (any `<x>.mark.card`)."""
    return (isinstance(node, ast.Attribute) and node.attr == "card"
            and isinstance(node.value, ast.Attribute) and node.value.attr == "mark")


class _CardMarks:
    """The ways one test module spells a card mark: the mark itself, aliases, and helper functions."""

    def __init__(self, tree: ast.Module) -> None:
        self.aliases = {target.id for statement in tree.body if isinstance(statement, ast.Assign)
                        and _is_mark_attribute(statement.value) for target in statement.targets
                        if isinstance(target, ast.Name)}
        self.helpers: dict[str, tuple[int, str]] = {}  # function -> position and name of the number
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef) and not statement.name.startswith("test_"):
                parameters = [argument.arg for argument in statement.args.args]
                for call in self._mark_calls(statement):
                    argument = call.args[0]
                    if isinstance(argument, ast.Name) and argument.id in parameters:
                        self.helpers[statement.name] = (parameters.index(argument.id), argument.id)

    def _is_mark(self, node: ast.AST) -> bool:
        return (isinstance(node, ast.Name) and node.id in self.aliases) or _is_mark_attribute(node)

    def _mark_calls(self, node: ast.AST) -> list[ast.Call]:
        return [call for call in ast.walk(node) if isinstance(call, ast.Call) and self._is_mark(call.func) and call.args]

    def numbers(self, node: ast.AST) -> list[int]:
        """Card numbers of every mark inside `node`, written as a literal."""
        result = [call.args[0] for call in self._mark_calls(node)]
        for call in ast.walk(node):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in self.helpers:
                position, name = self.helpers[call.func.id]
                given = call.args[position] if position < len(call.args) else next(
                    (keyword.value for keyword in call.keywords if keyword.arg == name), None)
                if given is not None:
                    result.append(given)
        return [item.value for item in result if isinstance(item, ast.Constant) and isinstance(item.value, int)]
