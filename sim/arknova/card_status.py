"""Ark Nova's cards for the `arkmc cards` listing: each zoo and final-scoring card with the effect
keywords it relies on. A keyword is known when it has a handler or a declared rule in the game's
effect registry, and proven when the committed mutation report says breaking it fails a test of its
cards (`sim.arknova.mutation`); the status itself is the core's (`sim.core.cards`)."""

from __future__ import annotations

from collections.abc import Mapping

import sim.arknova.game  # noqa: F401  (importing registers every handler and rule)
from sim.arknova.catalog import Animal, Catalog, FinalScoring, Project, Sponsor
from sim.arknova.effects import EFFECTS
from sim.arknova.mutation import committed_verdicts
from sim.core.cards import CardEntry, CardStatus, card_statuses, card_tests

CARD_TESTS = "arknova/test_cards_*.py"
KINDS = ("animal", "sponsor", "project", "final_scoring")


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


def card_entries(catalog: Catalog) -> list[CardEntry]:
    return [CardEntry(card.number, card.name, "final_scoring" if isinstance(card, FinalScoring) else card.kind,
                      tuple(card_keywords(card))) for card in catalog.all_cards()]


def statuses(catalog: Catalog, tests: dict[int, list[str]] | None = None,
             verdicts: Mapping[str, str] | None = None) -> list[CardStatus]:
    """Every card's status; `tests` defaults to the marks found in tests/arknova/test_cards_*.py, `verdicts`
    (keyword -> caught, survived, ...) to the committed mutation report's on those tests."""
    entries = card_entries(catalog)
    tests = card_tests(CARD_TESTS) if tests is None else tests
    if verdicts is None:
        verdicts = committed_verdicts(entries, tests or {})
    return card_statuses(entries, EFFECTS.is_known, tests, verdicts)
