"""Which cards are implemented, and which test proves each one (the `arkmc cards` listing).

A card is implemented when every effect keyword it uses is known to the engine (a handler in
`effects.HANDLERS` or a rule declared in `effects.RULES`) AND a test marked
``pytest.mark.card(N)`` exists in ``tests/test_cards_*.py``. The tests are found by parsing
the test files, so this works without running pytest; an installed package has no tests
folder, which the listing states instead of failing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import sim.arknova.game  # noqa: F401  (importing registers every handler and rule)
from sim.arknova import effects
from sim.arknova.catalog import Animal, Catalog, FinalScoring, Project, Sponsor, load_catalog

TESTS_FOLDER = Path(__file__).resolve().parents[2] / "tests"
KINDS = ("animal", "sponsor", "project", "final_scoring")

# Statuses, best first.
DONE = "done"  # every keyword known and a card test exists
UNTESTED = "untested"  # every keyword known, no card test
MISSING = "missing"  # some keyword has no handler or rule


@dataclass(frozen=True, slots=True)
class CardStatus:
    number: int
    name: str
    kind: str
    status: str
    unknown: tuple[str, ...]  # keywords without a handler or rule
    tests: tuple[str, ...]  # "file::test" of every test marked with this card


def card_keywords(card: Animal | Sponsor | Project | FinalScoring) -> list[str]:
    """Every keyword the card relies on, in printed order, without repeats."""
    if isinstance(card, Animal):
        items = [effect.keyword for effect in card.abilities + card.solo_abilities]
    elif isinstance(card, Sponsor):
        items = [effect.keyword for effect in card.immediate + card.income + card.passive + card.endgame]
        for trigger in card.triggers:
            items += [trigger.event, trigger.effect.keyword]
    elif isinstance(card, Project):
        items = [f"project:{card.goal}"] + [effect.keyword for effect in card.played_bonus]
    else:
        items = [f"final_scoring:{card.quantity}"]
    return list(dict.fromkeys(items))


def is_known(keyword: str) -> bool:
    return keyword in effects.HANDLERS or keyword in effects.RULES


def card_tests(folder: Path | None = None) -> dict[int, list[str]] | None:
    """Card number -> "file::test" of each test marked with it; None when there is no tests folder.

    The test files are parsed, not run. A test carries the card marks found in its decorators
    (directly, or in a module-level table of ``pytest.param`` rows its decorators name) and in
    its body. Marks may be spelled ``pytest.mark.card(N)``, through an alias
    (``card = pytest.mark.card``), or through a helper function that passes one of its
    parameters to the mark (``def row(number, ...): return pytest.param(..., marks=pytest.mark.card(number))``)."""
    folder = folder or TESTS_FOLDER
    if not folder.is_dir():
        return None
    found: dict[int, list[str]] = {}
    for path in sorted(folder.glob("test_cards_*.py")):
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
                    found.setdefault(number, []).append(f"{path.name}::{node.name}")
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


def all_cards(catalog: Catalog) -> Iterable[Animal | Sponsor | Project | FinalScoring]:
    """Zoo cards 101-264 and 401-528 in number order, then the final-scoring cards 1-11."""
    zoo = {**catalog.projects, **catalog.sponsors, **catalog.animals}
    yield from (zoo[number] for number in sorted(zoo))
    yield from (catalog.final_scoring[number] for number in sorted(catalog.final_scoring))


def card_statuses(tests: dict[int, list[str]] | None = None, catalog: Catalog | None = None) -> list[CardStatus]:
    """The status of every card; `tests` as returned by `card_tests` (None: no tests known)."""
    catalog = catalog or load_catalog()
    result = []
    for card in all_cards(catalog):
        kind = "final_scoring" if isinstance(card, FinalScoring) else card.kind
        unknown = tuple(keyword for keyword in card_keywords(card) if not is_known(keyword))
        proven = tuple((tests or {}).get(card.number, ()))
        status = MISSING if unknown else DONE if proven else UNTESTED
        result.append(CardStatus(card.number, card.name, kind, status, unknown, proven))
    return result
