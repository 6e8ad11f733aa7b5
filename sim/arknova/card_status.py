"""Which cards are implemented, and which test proves each one (the `arkmc cards` listing).

A card is implemented when every effect keyword it uses is known to the engine (a handler in
`effects.HANDLERS` or a rule declared in `effects.RULES`) AND a test marked
``pytest.mark.card(N)`` exists in ``tests/test_cards_*.py``. The tests are found by reading
the test files' text, so this works without running pytest; an installed package has no tests
folder, which the listing states instead of failing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import sim.arknova.game  # noqa: F401  (importing registers every handler and rule)
from sim.arknova import effects
from sim.arknova.catalog import Animal, Catalog, FinalScoring, Project, Sponsor, load_catalog

TESTS_FOLDER = Path(__file__).resolve().parents[2] / "tests"
CARD_MARK = re.compile(r"mark\.card\((\d+)\)")
TEST_DEF = re.compile(r"^(?:async )?def (test_\w+)", re.MULTILINE)
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

    A mark inside a test's body belongs to that test; a mark elsewhere (a decorator, a table of
    ``pytest.param`` rows) belongs to the next test defined after it."""
    folder = folder or TESTS_FOLDER
    if not folder.is_dir():
        return None
    found: dict[int, list[str]] = {}
    for path in sorted(folder.glob("test_cards_*.py")):
        text = path.read_text(encoding="utf-8")
        definitions = [(match.start(), match.group(1)) for match in TEST_DEF.finditer(text)]
        for mark in CARD_MARK.finditer(text):
            test = _owner(text, mark.start(), definitions)
            if test is not None:
                entry = f"{path.name}::{test}"
                tests = found.setdefault(int(mark.group(1)), [])
                if entry not in tests:
                    tests.append(entry)
    return found


def _owner(text: str, position: int, definitions: list[tuple[int, str]]) -> str | None:
    before = [(start, name) for start, name in definitions if start < position]
    if before:
        start, name = before[-1]
        body = text[start:position]
        if not re.search(r"^\S", body.split("\n", 1)[1] if "\n" in body else "", re.MULTILINE):
            return name  # still inside that test's indented body
    after = [name for start, name in definitions if start > position]
    return after[0] if after else None


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
