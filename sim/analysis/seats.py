"""Win rates by seat and player count, and a test of whether the seat changes the chance to win.

A win shared by k tied seats counts 1/k for each of them here (the seat's "win share"), so the
seats of one game share exactly one win and a fair game gives every seat 1/players: the seats'
win rates add up to 100%.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy.stats import chisquare

from sim.analysis.data import Run
from sim.analysis.stats import bootstrap_mean
from sim.analysis.tables import with_q_values, with_wilson
from sim.pipeline.summary import with_win_share


def win_rates(run: Run, by: tuple[str, ...] = ("bot_spec",)) -> pl.DataFrame:
    """Per group of seats: n, wins (win shares summed), win rate with its Wilson interval, and mean
    points (the game's score; Ark Nova: VP)."""
    if run.seats.is_empty():
        return pl.DataFrame()
    table = with_win_share(run.seats).group_by(*by).agg(
        pl.len().alias("n"), pl.col("win_share").sum().alias("wins"), pl.col("points").mean().alias("mean_points")).sort(*by)
    return with_wilson(table)


def seat_advantage(run: Run) -> pl.DataFrame:
    """Per player count and seat: win rate (Wilson) and points difference to seat 1 (bootstrap).

    A fair game gives every seat 1/players (`fair`); `vs_first_points` is the mean points of this seat
    minus that of the starting seat in the same games (paired bootstrap over games). Seats are
    numbered from 1 here.
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    table = win_rates(run, ("players", "seat"))
    first = seats.filter(pl.col("seat") == 0).select("game", pl.col("points").alias("first_points"))
    paired = seats.join(first, on="game").with_columns((pl.col("points") - pl.col("first_points")).alias("diff"))
    rows = []
    for (players, seat), group in paired.group_by("players", "seat"):
        mean, low, high = bootstrap_mean(group["diff"].to_numpy()) if seat else (0.0, 0.0, 0.0)
        rows.append({"players": players, "seat": seat, "vs_first_points": mean, "vs_first_low": low, "vs_first_high": high})
    differences = pl.DataFrame(rows, schema_overrides={"players": pl.UInt8, "seat": pl.UInt8})
    table = table.join(differences, on=["players", "seat"]).with_columns((pl.lit(1.0) / pl.col("players")).alias("fair"))
    return table.with_columns((pl.col("seat") + 1).alias("seat")).sort("players", "seat")


def seat_fairness(run: Run) -> pl.DataFrame:
    """Per player count (2 or more): does the seat change the chance to win?

    One chi-square test per player count of the seats' summed win shares against equal shares
    (df = players - 1), so a table of 4 seats is one test, not four. Win shares vary less than
    0/1 results, which makes the test slightly conservative when wins are shared. Columns:
    players, games, shared (games whose win was shared), chi2, p_value and q_value
    (Benjamini-Hochberg over the player counts).
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    rows = []
    for (players,), group in with_win_share(seats).filter(pl.col("players") > 1).group_by("players"):
        wins = group.group_by("seat").agg(pl.col("win_share").sum()).sort("seat")["win_share"].to_numpy()
        statistic, p_value = chisquare(wins, np.full(len(wins), wins.sum() / len(wins)))
        shared = group.group_by("game").agg(pl.col("won").sum()).filter(pl.col("won") > 1).height
        rows.append({"players": players, "games": group["game"].n_unique(), "shared": shared,
                     "chi2": float(statistic), "p_value": float(p_value)})
    return with_q_values(pl.DataFrame(rows).sort("players")) if rows else pl.DataFrame()
