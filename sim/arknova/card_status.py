"""Ark Nova's cards for the `arkmc cards` listing: each zoo and final-scoring card with the effect
keywords it relies on (`sim.arknova.card_keywords`). A keyword is known when it has a handler or a declared
rule in the game's effect registry, and proven when the committed mutation report says breaking it fails a
test of its cards (`sim.arknova.mutation`); the status itself is the core's (`sim.core.cards`)."""

from __future__ import annotations

from collections.abc import Mapping

import sim.arknova.game  # noqa: F401  (importing registers every handler and rule)
from sim.arknova import mutation
from sim.arknova.card_keywords import CARD_TESTS, card_entries
from sim.arknova.catalog import Catalog
from sim.arknova.effects import EFFECTS
from sim.core.cards import CardStatus, card_statuses, card_tests
from sim.core.mutation_campaign import read_report, verdicts


def statuses(catalog: Catalog, tests: dict[int, list[str]] | None = None,
             keyword_verdicts: Mapping[str, str] | None = None) -> list[CardStatus]:
    """Every card's status; `tests` defaults to the marks found in tests/arknova/test_cards_*.py,
    `keyword_verdicts` (keyword -> caught, survived, ...) to the committed mutation report's on those tests."""
    entries = card_entries(catalog)
    tests = card_tests(CARD_TESTS) if tests is None else tests
    if keyword_verdicts is None:
        keyword_verdicts = verdicts(read_report(mutation.report_path()), mutation.mutants(entries, tests or {}))
    return card_statuses(entries, EFFECTS.is_known, tests, keyword_verdicts)
