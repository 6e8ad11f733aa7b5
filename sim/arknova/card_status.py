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
    its body; ``card = pytest.mark.card`` aliases are followed."""
    folder = folder or TESTS_FOLDER
    if not folder.is_dir():
        return None
    found: dict[int, list[str]] = {}
    for path in sorted(folder.glob("test_cards_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {target.id for statement in tree.body if isinstance(statement, ast.Assign)
                   and _is_card_mark(statement.value, set()) for target in statement.targets
                   if isinstance(target, ast.Name)}
        tables = {target.id: _card_numbers(statement.value, aliases) for statement in tree.body
                  if isinstance(statement, ast.Assign) for target in statement.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                numbers = [number for part in (*node.decorator_list, *node.body)
                           for number in _card_numbers(part, aliases)]
                numbers += [number for decorator in node.decorator_list for name in ast.walk(decorator)
                            if isinstance(name, ast.Name) for number in tables.get(name.id, ())]
                for number in dict.fromkeys(numbers):
                    found.setdefault(number, []).append(f"{path.name}::{node.name}")
    return found


def _is_card_mark(node: ast.AST, aliases: set[str]) -> bool:
    """`pytest.mark.card` (any `<x>.mark.card`) or a name bound to it."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    return (isinstance(node, ast.Attribute) and node.attr == "card"
            and isinstance(node.value, ast.Attribute) and node.value.attr == "mark")


def _card_numbers(node: ast.AST, aliases: set[str]) -> list[int]:
    """Numbers of every `card(N)` mark call inside `node`."""
    return [call.args[0].value for call in ast.walk(node)
            if isinstance(call, ast.Call) and _is_card_mark(call.func, aliases) and call.args
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, int)]


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
