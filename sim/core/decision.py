"""One question the engine asks one seat: what kind, and which answers are legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


# Not frozen (hashable all the same): a frozen dataclass sets each field through `object.__setattr__`, which makes
# the decision every step of every game asks several times as dear (docs/research/code-figures.md); no code
# assigns to a decision's fields.
@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """A pending choice.

    `options` are hashable values the engine understands; a bot returns one of them.
    `context` is a short human-readable line for logs; `payload` holds the game's
    details of the question (for example which building is being placed), which
    bots may read: it never holds hidden information.
    """

    seat: int
    kind: str
    options: tuple[Any, ...]
    context: str = ""
    payload: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind!r} for seat {self.seat} has no legal option")
