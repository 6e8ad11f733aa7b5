"""Win rates by bot and the seat advantage at each player count."""

from __future__ import annotations

import polars as pl

from sim.analysis.data import Run
from sim.analysis.stats import bootstrap_mean
from sim.analysis.tables import with_wilson


def win_rates(run: Run, by: tuple[str, ...] = ("bot_spec",)) -> pl.DataFrame:
    """Win rate with its Wilson interval and mean VP, per group of seats."""
    if run.seats.is_empty():
        return pl.DataFrame()
    table = run.seats.group_by(*by).agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"),
                                        pl.col("vp").mean().alias("mean_vp")).sort(*by)
    return with_wilson(table)


def seat_advantage(run: Run) -> pl.DataFrame:
    """Per player count and seat: win rate (Wilson) and VP difference to seat 1 (bootstrap).

    A fair game gives every seat 1/players; `vs_first_vp` is the mean VP of this seat minus
    that of the starting seat in the same games (paired bootstrap over games).
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    table = with_wilson(seats.group_by("players", "seat").agg(
        pl.len().alias("n"), pl.col("won").sum().alias("wins"), pl.col("vp").mean().alias("mean_vp")).sort("players", "seat"))
    first = seats.filter(pl.col("seat") == 0).select("game", pl.col("vp").alias("first_vp"))
    paired = seats.join(first, on="game").with_columns((pl.col("vp") - pl.col("first_vp")).alias("diff"))
    rows = []
    for (players, seat), group in paired.group_by("players", "seat"):
        mean, low, high = bootstrap_mean(group["diff"].to_numpy()) if seat else (0.0, 0.0, 0.0)
        rows.append({"players": players, "seat": seat, "vs_first_vp": mean, "vs_first_low": low, "vs_first_high": high})
    differences = pl.DataFrame(rows, schema_overrides={"players": pl.UInt8, "seat": pl.UInt8})
    table = table.join(differences, on=["players", "seat"]).with_columns((pl.lit(1.0) / pl.col("players")).alias("fair"))
    return table.with_columns((pl.col("seat") + 1).alias("seat")).sort("players", "seat")
