"""Synthetic experiment tables for the analysis tests: known effects planted in data of the dataset's shape."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.data import Run


def synthetic_run(seats: pl.DataFrame, events: pl.DataFrame | None = None) -> Run:
    """A Run whose tables are given in memory (its cached properties set directly)."""
    run = Run(Path("synthetic"), {"experiment": {"players": 2}})
    run.__dict__["seats"] = seats
    run.__dict__["card_events"] = events if events is not None else pl.DataFrame()
    run.__dict__["games"] = seats.select("game").unique()
    return run


def two_player_games(games: int, seed: int, strength) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Two-player games with one winner each; returns (seats, played card events).

    Each seat plays between 4 and 15 distinct cards of a 60-card deck (and keeps the first 4 of
    the 8 it was dealt); `strength(cards)` gives a seat's log-odds strength and the stronger
    seat wins with the logistic probability of the difference.
    """
    rng = np.random.default_rng(seed)
    seat_rows, event_rows = [], []
    for game in range(games):
        deck = rng.permutation(60).tolist()
        counts = rng.integers(4, 16, size=2)
        hands = [deck[:counts[0]], deck[counts[0]:counts[0] + counts[1]]]
        strengths = [strength(hand) for hand in hands]
        first_wins = rng.uniform() < 1 / (1 + np.exp(strengths[1] - strengths[0]))
        for seat, hand in enumerate(hands):
            won = int(first_wins == (seat == 0))
            seat_rows.append({"game": game, "seat": seat, "map": str(rng.integers(1, 9)), "bot_spec": "random",
                              "players": 2, "won": won, "rank": 2 - won, "vp": (vp := float(rng.normal(0, 10))), "points": vp,
                              "dealt": hand[:8], "kept": hand[:4]})
            event_rows += [{"game": game, "seat": seat, "card": card, "event": "played",
                            "break_number": int(rng.integers(0, 5))} for card in hand]
    seats = pl.DataFrame(seat_rows, schema_overrides={
        "game": pl.UInt32, "seat": pl.UInt8, "players": pl.UInt8, "won": pl.Int8, "rank": pl.UInt8,
        "dealt": pl.List(pl.UInt16), "kept": pl.List(pl.UInt16)})
    events = pl.DataFrame(event_rows, schema_overrides={
        "game": pl.UInt32, "seat": pl.UInt8, "card": pl.UInt16, "break_number": pl.UInt8})
    return seats, events
