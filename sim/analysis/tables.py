"""Helpers that turn counts into the rows every table shows: n, rate, interval, q-value."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from sim.analysis.stats import benjamini_hochberg, games_to_settle, interval_error, wilson
from sim.core.protocols import SeatFactor


def with_wilson(table: pl.DataFrame, wins: str = "wins", n: str = "n", prefix: str = "win_rate") -> pl.DataFrame:
    """Add `prefix`, `prefix_low` and `prefix_high`: the rate wins/n and its 95% Wilson interval."""
    if table.is_empty():
        return table.with_columns(pl.lit(None, dtype=pl.Float64).alias(name)
                                  for name in (prefix, f"{prefix}_low", f"{prefix}_high"))
    bounds = [wilson(float(w), int(k)) for w, k in zip(table[wins], table[n], strict=True)]
    return table.with_columns(
        (pl.col(wins) / pl.col(n)).alias(prefix),
        pl.Series(f"{prefix}_low", [b[0] for b in bounds], dtype=pl.Float64),
        pl.Series(f"{prefix}_high", [b[1] for b in bounds], dtype=pl.Float64))


def with_games_to_settle(table: pl.DataFrame, games: int | str, effect: pl.Expr, low: str, high: str) -> pl.DataFrame:
    """Add `games_needed`: how many games of a run like this one would find each row's `effect` (its difference
    from what no effect would give) with 80% power at a two-sided 5% level, the standard error read off the 95%
    interval `low`-`high`. `games` is the games behind the table, or the column holding each row's. A borderline
    row shows the games that would settle it; a clear one, fewer games than were played."""
    if table.is_empty():
        return table.with_columns(pl.lit(None, dtype=pl.Float64).alias("games_needed"))
    values = table.select(effect.alias("effect"), pl.col(low), pl.col(high),
                          (pl.col(games) if isinstance(games, str) else pl.lit(games)).alias("games"))
    error = interval_error(values[low].to_numpy(), values[high].to_numpy())
    needed = games_to_settle(values["games"].to_numpy(), values["effect"].to_numpy(), error)
    return table.with_columns(pl.Series("games_needed", needed, dtype=pl.Float64))


def with_q_values(table: pl.DataFrame, p: str = "p_value", q: str = "q_value") -> pl.DataFrame:
    """Add Benjamini-Hochberg adjusted p-values of column `p`."""
    values = table[p].cast(pl.Float64).fill_null(np.nan).to_numpy() if not table.is_empty() else np.zeros(0)
    return table.with_columns(pl.Series(q, benjamini_hochberg(values), dtype=pl.Float64))


def controls(seats: pl.DataFrame, columns: tuple[str, ...]) -> np.ndarray:
    """Dummy-coded covariates (first level of each dropped) as a float matrix, one row per seat."""
    present = [name for name in columns if name in seats.columns and seats[name].n_unique() > 1]
    if not present:
        return np.zeros((seats.height, 0))
    coded = seats.select(pl.col(present).cast(pl.String)).to_dummies(drop_first=True)
    return coded.to_numpy().astype(float)


def seat_controls(factors: Sequence[SeatFactor]) -> tuple[str, ...]:
    """The seat columns a regression on the seats' results controls for: the seat, the game's per-seat
    `factors` (Ark Nova: the map), the bot and the player count."""
    return ("seat", *(factor.column for factor in factors), "bot_spec", "players")
