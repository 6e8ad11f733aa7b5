"""Summaries of a batch of games, every figure with its sample size.

Win rates carry 95% Wilson intervals (scipy); turns per player are given as quantiles.
"""

from __future__ import annotations

from typing import Any

import polars as pl
from scipy.stats import binomtest


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    interval = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    return (interval.low, interval.high)


def summarize(rows: list[dict[str, Any]]) -> list[str]:
    """Plain-text lines: how games ended, their length, and results by seat."""
    seats = pl.DataFrame(rows)
    games = seats.unique("game")
    total = games.height
    finished = games.filter(pl.col("status") == "finished").height
    lines = [f"games: {total} (finished {finished}, stopped by the safety cap {total - finished})"]
    done = seats.filter(pl.col("status") == "finished")
    if done.is_empty():
        return lines
    turns = done.group_by("game").agg(pl.col("turns").max())["turns"]
    lines.append(
        f"turns per player: median {turns.median():.0f}, 5%-95% {turns.quantile(0.05):.0f}-{turns.quantile(0.95):.0f},"
        f" min {turns.min()}, max {turns.max()}; "
        f"share within 20-45: {turns.is_between(20, 45).mean():.1%} (n={turns.len()})")
    lines.append(f"{'seat':>4} {'bot':<12} {'n':>5} {'win rate':>9} {'95% CI':>15} {'mean VP':>8} {'mean score':>10}")
    by_seat = done.group_by(["seat", "bot"]).agg(
        pl.len().alias("n"), pl.col("won").sum().alias("wins"),
        pl.col("vp").mean().alias("vp"), pl.col("score").mean().alias("score")).sort("seat")
    for row in by_seat.iter_rows(named=True):
        low, high = wilson(row["wins"], row["n"])
        lines.append(f"{row['seat'] + 1:>4} {row['bot']:<12} {row['n']:>5} {row['wins'] / row['n']:>9.1%} "
                     f"{f'[{low:.1%}, {high:.1%}]':>15} {row['vp']:>8.1f} {row['score']:>10.1f}")
    return lines
