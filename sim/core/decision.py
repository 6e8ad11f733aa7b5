"""One question the engine asks one seat: what kind, and which answers are legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice.

    `options` are hashable values the engine understands; a bot returns one of them.
    `context` is a short human-readable line for logs ("build: choose placement").
    """

    seat: int
    kind: str
    options: tuple[Any, ...]
    context: str = ""

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind!r} for seat {self.seat} has no legal option")
