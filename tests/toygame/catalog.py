"""The toy's cards as data: cards.csv read once into frozen values, and data overrides
(``cards.3.value=5``) that give a changed catalog while the loaded one stays as it was."""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType

from sim.core.overrides import parse_texts

CARDS_FILE = Path(__file__).with_name("cards.csv")
OVERRIDABLE = ("cost", "value")


@dataclass(frozen=True, slots=True)
class Effect:
    """One keyword effect of a card, ``money:2``: its handler is registered under the keyword."""

    keyword: str
    amount: int


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    name: str
    cost: int
    value: int  # points when played
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card by number (read-only), shared by all games of one factory."""

    cards: Mapping[int, Card]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(self.cards)

    def changed(self, overrides: Mapping[str, str]) -> "Catalog":
        """A catalog with `overrides` (``cards.N.field`` -> value) applied; this one unchanged."""
        cards = dict(self.cards)
        for path, value in overrides.items():
            number, name, amount = parse_override(self, path, value)
            cards[number] = replace(cards[number], **{name: amount})
        return Catalog(MappingProxyType(cards))


def _effects(text: str) -> tuple[Effect, ...]:
    """``money:2;draw:1`` as effects (an empty cell: none)."""
    effects = []
    for item in filter(None, text.split(";")):
        keyword, _, amount = item.partition(":")
        effects.append(Effect(keyword.strip(), int(amount)))
    return tuple(effects)


@cache
def load_catalog() -> Catalog:
    with CARDS_FILE.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    cards = {int(row["number"]): Card(int(row["number"]), row["name"], int(row["cost"]), int(row["value"]),
                                      _effects(row["effects"])) for row in rows}
    return Catalog(MappingProxyType(cards))


def data_version() -> str:
    return hashlib.sha256(CARDS_FILE.read_bytes()).hexdigest()[:16]


def parse_overrides(catalog: Catalog, texts: Sequence[str]) -> dict[str, str]:
    """``cards.N.cost=V`` / ``cards.N.value=V`` texts as a path -> value mapping, each checked."""
    parsed = parse_texts(texts)
    for path, value in parsed.items():
        parse_override(catalog, path, value)
    return parsed


def parse_override(catalog: Catalog, path: str, value: str) -> tuple[int, str, int]:
    """(card number, field, new value) of one override; a one-line ValueError when it is bad."""
    parts = path.split(".")
    if len(parts) != 3 or parts[0] != "cards":
        raise ValueError(f"override path {path!r} must read cards.NUMBER.FIELD")
    if not parts[1].isdigit() or int(parts[1]) not in catalog.cards:
        raise ValueError(f"there is no toy card number {parts[1]}")
    if parts[2] not in OVERRIDABLE:
        raise ValueError(f"a toy card's {parts[2]!r} cannot be overridden (only {' or '.join(OVERRIDABLE)})")
    if not value.isdigit():
        raise ValueError(f"override of {path} must be a whole number of 0 or more, got {value!r}")
    return int(parts[1]), parts[2], int(value)
