"""The garbage collector's pace while a game is played.

Playing allocates and frees containers by the million (state copies in a lookahead, option lists, decisions).
Reference counting frees nearly all of them at once; the collector exists for the few reference cycles. At
CPython's default thresholds it walks every young object after each 700 net allocations, and in games those
walks found almost nothing while they took up to a sixth of the CPU time (docs/research/code-figures.md).
While a game is played the thresholds are raised: cycles are still collected, less often, so memory stays
bounded (the young generation holds at most `PLAY_THRESHOLDS[0]` objects). Which objects are collected and
when never changes a game: no rule or bot reads object identities or finalizers.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

PLAY_THRESHOLDS = (50_000, 20, 20)  # young generation's allocations, then collections before each older one


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect with `PLAY_THRESHOLDS` inside the block, and as before after it."""
    previous = gc.get_threshold()
    gc.set_threshold(*PLAY_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*previous)
