"""Ark Nova's side of the mutation check (`sim.core.mutation_campaign`): one mutant per effect keyword a card
uses, which breaks that keyword; the card tests of the cards using it should catch it.

A keyword with a handler is broken by the core: the handler does nothing (`disable_handler`). A rule has no
handler; its code reads the card data where the rule applies, so it is broken where that data enters:

* a keyword in a card's effects (a passive, a trigger event, an effect only engine code reads) is
  removed from every card as the data files are parsed: the code reading it never sees it;
* ``project:<goal>``: projects with this goal ask for a target no zoo has, at thresholds no zoo
  reaches, so no slot of them can be supported;
* ``final_scoring:<quantity>``: the quantity counts 0 in the final-scoring table.

`apply_mutant` runs in the pytest process of one mutant (``--mutate sim.arknova.mutation:<keyword>``),
before any test module is imported, so the base catalog is parsed already broken.

The report is ``tests/arknova/mutation_report.json``: it judges the card tests, so it lives with them (an
installed package ships neither). Rerun ``scripts/checks/mutation_check.py --stale`` when it is stale.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import sim.arknova.game  # noqa: F401  (importing registers every handler and rule)
from sim.arknova import catalog as data
from sim.arknova import scoring
from sim.arknova.card_keywords import CARD_TESTS, card_entries
from sim.arknova.catalog import Effect, Project, Trigger
from sim.arknova.effects import EFFECTS
from sim.core import cards
from sim.core.mutation import disable_handler
from sim.core.mutation_campaign import REPORT_NAME, Mutant, source_fingerprint

UNREACHABLE = 99  # a project threshold no zoo reaches
NO_TARGET = "(broken)"  # a project target no animal has


def report_path() -> Path:
    """The committed report, beside the card tests (read at call time: tests may move the folder)."""
    return cards.TESTS_FOLDER / "arknova" / REPORT_NAME


def apply_mutant(keyword: str) -> None:
    """Break `keyword` in this process (see the module text); called by the core's pytest plugin."""
    if not EFFECTS.is_known(keyword):
        raise KeyError(f"arknova has no handler or rule for {keyword!r}")
    if keyword in EFFECTS.handlers:
        disable_handler(EFFECTS, keyword)
    if keyword not in EFFECTS.rules:
        return
    kind, _, name = keyword.partition(":")
    if kind == "final_scoring":
        table = scoring.QUANTITIES if name in scoring.QUANTITIES else scoring.CONDITIONAL
        table[name] = _counts_nothing
    elif kind == "project":
        _break_parsers(lambda card: _unreachable(card) if isinstance(card, Project) and card.goal == name else card)
    else:
        _break_parsers(lambda card: _without(card, keyword))


def change(keyword: str) -> str:
    """How `apply_mutant` breaks it, in words."""
    how = ["its handler does nothing"] if keyword in EFFECTS.handlers else []
    if keyword in EFFECTS.rules:
        how.append("final scoring counts 0 for it" if keyword.startswith("final_scoring:") else
                   "no project with this goal can be supported" if keyword.startswith("project:") else
                   "it is removed from the cards' data")
    return "; ".join(how)


def fingerprint(keyword: str) -> str:
    """The code standing for the keyword: its handler, or the module declaring its rule."""
    handler = [EFFECTS.handlers[keyword]] if keyword in EFFECTS.handlers else []
    rule = [sys.modules[EFFECTS.rules[keyword]]] if keyword in EFFECTS.rules else []
    return source_fingerprint(*handler, *rule)


def mutants(entries: list[cards.CardEntry] | None = None, tests: Mapping[int, list[str]] | None = None) -> list[Mutant]:
    """One mutant per keyword the cards use that has a handler or rule and a card test, in first-use order;
    by default of the base catalog's cards and the card tests in the tests folder."""
    entries = card_entries(data.load_catalog()) if entries is None else entries
    tests = (cards.card_tests(CARD_TESTS) or {}) if tests is None else tests
    users: dict[str, list[int]] = {}
    for entry in entries:
        for keyword in entry.keywords:
            users.setdefault(keyword, []).append(entry.number)
    result = []
    for keyword, numbers in users.items():
        proving = tuple(dict.fromkeys(test for number in numbers for test in tests.get(number, ())))
        if EFFECTS.is_known(keyword) and proving:
            result.append(Mutant(keyword, proving, fingerprint(keyword), change(keyword), tuple(numbers)))
    return result


def _counts_nothing(game: Any, player: Any) -> int:
    return 0


def _break_parsers(transform: Callable[[Any], Any]) -> None:
    """Every zoo card parsed from the data files from now on goes through `transform`."""
    for name in ("_animal", "_sponsor", "_project"):
        parse = getattr(data, name)
        setattr(data, name, lambda row, parse=parse: transform(parse(row)))
    data.load_catalog.cache_clear()


def _keywords(item: Effect | Trigger) -> tuple[str, ...]:
    return (item.event, item.effect.keyword) if isinstance(item, Trigger) else (item.keyword,)


def _without(card: Any, keyword: str) -> Any:
    """The card with every effect and trigger naming `keyword` removed."""
    changes = {}
    for field in fields(card):
        value = getattr(card, field.name)
        if isinstance(value, tuple) and any(isinstance(item, (Effect, Trigger)) for item in value):
            changes[field.name] = tuple(item for item in value if keyword not in _keywords(item))
    return replace(card, **changes)


def _unreachable(project: Project) -> Project:
    return replace(project, target=NO_TARGET, slots=tuple(replace(slot, threshold=UNREACHABLE) for slot in project.slots))
