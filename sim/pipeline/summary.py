"""The summary printed after a run, read back from the dataset, every figure with its sample size.

Win rates carry 95% Wilson intervals. A win shared by k tied seats counts 1/k for each, so the
win rates of one table add up to 100%, as in the analysis report; the summary says how many games tied.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import TypeVar

import polars as pl

from sim.pipeline.storage import RunFolder

Z95 = NormalDist().inv_cdf(0.975)
FrameT = TypeVar("FrameT", pl.DataFrame, pl.LazyFrame)


def wilson(wins: float, games: float) -> tuple[float, float]:
    """95% Wilson score interval of a win rate.

    `wins` may be fractional (a win shared by k seats counts 1/k for each): the score interval
    only needs the observed rate and n, and a share in [0, 1] varies no more than a 0/1 result,
    so the interval stays conservative.
    """
    if games == 0:
        return (0.0, 1.0)
    rate, z2 = wins / games, Z95 * Z95 / games
    centre = (rate + z2 / 2) / (1 + z2)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games)) / (1 + z2)
    return (0.0 if wins <= 0 else max(0.0, centre - half), 1.0 if wins >= games else min(1.0, centre + half))


def with_win_share(seats: FrameT) -> FrameT:
    """`seats` (of one run) with `win_share`: 1 for the only winner, 1/k for each of k seats sharing the
    win, else 0."""
    return seats.with_columns((pl.col("won") / pl.col("won").sum().over("game")).fill_nan(0.0).alias("win_share"))


def summarize(folder: RunFolder) -> list[str]:
    """Plain-text lines: how the games ended, their length, and results by seat and bot."""
    manifest = folder.read_manifest()
    games_scan, seats_scan = folder.scan("games", manifest), folder.scan("seats", manifest)
    if games_scan is None or seats_scan is None:
        return ["games: 0"]
    games = games_scan.select("game", "status", "winners").collect()
    counts = dict(games.group_by("status").len().iter_rows())
    lines = [f"games: {games.height} (finished {counts.get('finished', 0)}, stopped by the safety cap "
             f"{counts.get('capped', 0)}, failed {counts.get('error', 0)}; shared wins {(games['winners'] > 1).sum()})"]
    finished = games.filter(pl.col("status") == "finished").select("game")
    seats = with_win_share(seats_scan.collect().join(finished, on="game"))
    if seats.is_empty():
        return lines
    if "turns" in seats.columns:
        turns = seats.group_by("game").agg(pl.col("turns").max())["turns"]
        lines.append(f"turns per player: median {turns.median():.0f}, 5%-95% {turns.quantile(0.05):.0f}-"
                     f"{turns.quantile(0.95):.0f}, max {turns.max()} (n={turns.len()} games)")
    lines.append(f"{'seat':>4} {'bot':<24} {'n':>6} {'win rate':>9} {'95% CI':>16} {'mean points':>12}")
    by_seat = seats.group_by("seat", "bot_spec").agg(
        pl.len().alias("n"), pl.col("win_share").sum().alias("wins"), pl.col("points").mean().alias("points")).sort("seat")
    for row in by_seat.iter_rows(named=True):
        low, high = wilson(row["wins"], row["n"])
        lines.append(f"{row['seat'] + 1:>4} {str(row['bot_spec']):<24} {row['n']:>6} {row['wins'] / row['n']:>9.1%} "
                     f"{f'[{low:.1%}, {high:.1%}]':>16} {row['points']:>12.1f}")
    return lines
