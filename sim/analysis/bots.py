"""Bot comparison: who beats whom and by how many points, a rating on one scale, and the spread of their scores."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.analysis.data import Run
from sim.analysis.stats import bootstrap_mean
from sim.analysis.tables import with_wilson


def pairwise(run: Run) -> pl.DataFrame:
    """Every ordered pair of seats with different bot specs in one game: did `bot` finish ahead of `opponent`,
    and by how many points (`margin`)?

    Ties (equal rank) count half. This is the raw material of the matrix and the ratings.
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    left = seats.select("game", "seat", pl.col("bot_spec").alias("bot"), pl.col("rank").alias("rank_a"),
                        pl.col("points").alias("points_a"))
    right = seats.select("game", pl.col("seat").alias("seat_b"), pl.col("bot_spec").alias("opponent"),
                         pl.col("rank").alias("rank_b"), pl.col("points").alias("points_b"))
    pairs = left.join(right, on="game").filter(pl.col("bot") != pl.col("opponent"))
    return pairs.with_columns(
        pl.when(pl.col("rank_a") < pl.col("rank_b")).then(1.0)
        .when(pl.col("rank_a") == pl.col("rank_b")).then(0.5).otherwise(0.0).alias("score"),
        (pl.col("points_a").cast(pl.Float64) - pl.col("points_b")).alias("margin"))


def win_matrix(run: Run) -> pl.DataFrame:
    """Per (bot, opponent): games they met in (n); the share of meetings `bot` finished ahead, with a
    Wilson interval; and its mean points margin over the opponent, with a bootstrap interval over games.

    A game counts once however many seats each bot held: its score and margin are the means over
    the (bot seat, opponent seat) pairs in it (ties half). Pairs from one game are not independent,
    so counting them as meetings would make the intervals too narrow.
    """
    pairs = pairwise(run)
    if pairs.is_empty():
        return pl.DataFrame()
    games = pairs.group_by("game", "bot", "opponent").agg(pl.col("score").mean(), pl.col("margin").mean())
    table = games.group_by("bot", "opponent").agg(
        pl.len().alias("n"), pl.col("score").sum().alias("wins"), pl.col("margin").sort_by("game"))
    margins = [bootstrap_mean(values.to_numpy()) for values in table["margin"]]
    table = table.with_columns(pl.Series("margin", [m[0] for m in margins]),
                               pl.Series("margin_low", [m[1] for m in margins]),
                               pl.Series("margin_high", [m[2] for m in margins]))
    return with_wilson(table, prefix="ahead").sort("bot", "opponent")


def ratings(run: Run, iterations: int = 200) -> pl.DataFrame:
    """Bradley-Terry strengths from the pairwise results (MM algorithm), on the Elo scale (mean 1500).

    A 400-point gap means the stronger bot finishes ahead 10 times out of 11. A prior of one
    draw against the average bot keeps a bot that never loses finite.
    """
    pairs = pairwise(run)
    bots = sorted(run.seats["bot_spec"].unique().to_list()) if not run.seats.is_empty() else []
    if len(bots) < 2 or pairs.is_empty():
        return pl.DataFrame()
    index = {bot: i for i, bot in enumerate(bots)}
    k = len(bots)
    wins = np.full((k, k), 0.0)
    for bot, opponent, score in pairs.select("bot", "opponent", "score").iter_rows():
        wins[index[bot], index[opponent]] += score
    games = wins + wins.T
    strength = np.ones(k)
    for _ in range(iterations):
        total_wins = wins.sum(axis=1) + 0.5
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1) + 1.0 / (strength + 1.0)
        strength = total_wins / denominator
        strength /= np.exp(np.log(strength).mean())
    elo = 400 * np.log10(strength)
    counts = dict(run.seats.group_by("bot_spec").len().iter_rows())
    return pl.DataFrame({"bot_spec": bots, "n": [counts[b] for b in bots], "rating": 1500 + elo - elo.mean()}
                        ).sort("rating", descending=True)


def score_distribution(run: Run) -> pl.DataFrame:
    """Per bot: quantiles of the final points (5%, 25%, median, 75%, 95%), mean and n."""
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    return seats.group_by("bot_spec").agg(
        pl.len().alias("n"), pl.col("points").mean().alias("mean_points"),
        *[pl.col("points").quantile(q).alias(f"points_{int(q * 100)}") for q in (0.05, 0.25, 0.5, 0.75, 0.95)]
    ).sort("bot_spec")
