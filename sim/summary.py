"""The summary printed after a run, read back from the dataset, every figure with its sample size.

Win rates carry 95% Wilson intervals (scipy). A shared win counts for every tied seat, so
win rates of one table can add up to more than 100%; the summary says how many games tied.
"""

from __future__ import annotations

import polars as pl
from scipy.stats import binomtest

from sim.storage import RunFolder


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    interval = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    return (interval.low, interval.high)


def summarize(folder: RunFolder) -> list[str]:
    """Plain-text lines: how the games ended, their length, and results by seat and bot."""
    games = folder.scan("games").select("game", "status", "winners").collect()
    counts = dict(games.group_by("status").len().iter_rows())
    lines = [f"games: {games.height} (finished {counts.get('finished', 0)}, stopped by the safety cap "
             f"{counts.get('capped', 0)}, failed {counts.get('error', 0)}; shared wins {(games['winners'] > 1).sum()})"]
    finished = games.filter(pl.col("status") == "finished").select("game")
    seats = folder.scan("seats").collect().join(finished, on="game")
    if seats.is_empty():
        return lines
    if "turns" in seats.columns:
        turns = seats.group_by("game").agg(pl.col("turns").max())["turns"]
        lines.append(f"turns per player: median {turns.median():.0f}, 5%-95% {turns.quantile(0.05):.0f}-"
                     f"{turns.quantile(0.95):.0f}, max {turns.max()} (n={turns.len()} games)")
    lines.append(f"{'seat':>4} {'bot':<24} {'n':>6} {'win rate':>9} {'95% CI':>16} {'mean points':>12}")
    by_seat = seats.group_by("seat", "bot_spec").agg(
        pl.len().alias("n"), pl.col("won").sum().alias("wins"), pl.col("points").mean().alias("points")).sort("seat")
    for row in by_seat.iter_rows(named=True):
        low, high = wilson(row["wins"], row["n"])
        lines.append(f"{row['seat'] + 1:>4} {str(row['bot_spec']):<24} {row['n']:>6} {row['wins'] / row['n']:>9.1%} "
                     f"{f'[{low:.1%}, {high:.1%}]':>16} {row['points']:>12.1f}")
    return lines
