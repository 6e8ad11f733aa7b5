"""Game shape every game has: how many decisions a game takes and how long it runs, per bot."""

from __future__ import annotations

import polars as pl

from sim.analysis.data import Run


def decisions_per_game(run: Run) -> pl.DataFrame:
    """Per bot, over the games it played: decisions per game (median, 5%, 95%) and the median seconds
    a game took. Every game has these columns, whatever the game."""
    if run.seats.is_empty():
        return pl.DataFrame()
    games = run.games.select("game", pl.col("decisions").cast(pl.Float64), pl.col("seconds").cast(pl.Float64))
    joined = run.seats.select("game", "bot_spec").unique().join(games, on="game")
    return joined.group_by("bot_spec").agg(
        pl.len().alias("n"), pl.col("decisions").median().alias("decisions_median"),
        pl.col("decisions").quantile(0.05).alias("decisions_5"),
        pl.col("decisions").quantile(0.95).alias("decisions_95"),
        pl.col("seconds").median().alias("seconds_median")).sort("bot_spec")
