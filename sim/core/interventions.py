"""What every game's study hook shares: one intervention sent to the game's maker for its kind, with the same
one-line errors for a kind the game cannot make and a seat it does not have (`sim.core.protocols.Interventions`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sim.core.protocols import Intervention

SEATLESS = frozenset({"ban"})  # kinds that name no seat


def make_intervention(intervention: Intervention, title: str, seats: int,
                      makers: Mapping[str, Callable[[], None]]) -> None:
    """Call the maker of `intervention.kind`; a ValueError in one line for a kind not in `makers` (named with
    the game's `title`) or, for a kind that names a seat, a seat outside the game's `seats`."""
    make = makers.get(intervention.kind)
    if make is None:
        raise ValueError(f"{title} cannot make a {intervention.kind!r} intervention (it can: {', '.join(makers)})")
    if intervention.kind not in SEATLESS and not 0 <= intervention.seat < seats:
        raise ValueError(f"seat {intervention.seat + 1} is not in this {seats}-player game")
    make()
