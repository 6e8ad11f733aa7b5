"""Map balance: win rate and mean VP per zoo map, and a logistic regression that controls for seat and bot.

With `maps = "random"` every seat gets its own map, so a map's win rate is a property of the
seats that played it. The regression codes maps as deviations from the average map (sum
coding), so each map's odds ratio says how much better than a typical map it is.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy.stats import norm

from sim.analysis.data import Run
from sim.analysis.stats import Z95, bootstrap_mean, fit_logit, independent_columns
from sim.analysis.tables import controls, with_q_values, with_wilson


def map_names(run: Run) -> dict[str, str]:
    """Map id -> name, from the run's map table (none when the run has none)."""
    maps = run.dimension("maps")
    return dict(zip(maps["map"].to_list(), maps["name"].to_list(), strict=True)) if not maps.is_empty() else {}


def name_maps(run: Run, table: pl.DataFrame, column: str = "map") -> pl.DataFrame:
    """`table` with a `map_name` column after `column`: "3 Silver Lake" for map 3, the id alone when unnamed.

    Maps are ids in the data ("3", "A"); people know them by name, so every table and figure shows both.
    """
    names = map_names(run)
    labels = [f"{key} {names[key]}" if key in names and names[key] != f"Map {key}" else f"Map {key}"
              for key in table[column].cast(pl.String).to_list()]
    order = list(table.columns)
    order.insert(order.index(column) + 1, "map_name")
    return table.with_columns(pl.Series("map_name", labels, dtype=pl.String)).select(order)


def map_table(run: Run) -> pl.DataFrame:
    """Per map: seats n, wins, win rate with Wilson interval, mean VP with bootstrap interval."""
    seats = run.seats
    if seats.is_empty() or "map" not in seats.columns:
        return pl.DataFrame()
    table = with_wilson(seats.group_by("map").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins")).sort("map"))
    vp = {name: bootstrap_mean(group["vp"].to_numpy()) for (name,), group in seats.group_by("map")}
    return table.with_columns(
        pl.col("map").replace_strict({k: v[0] for k, v in vp.items()}, return_dtype=pl.Float64).alias("mean_vp"),
        pl.col("map").replace_strict({k: v[1] for k, v in vp.items()}, return_dtype=pl.Float64).alias("mean_vp_low"),
        pl.col("map").replace_strict({k: v[2] for k, v in vp.items()}, return_dtype=pl.Float64).alias("mean_vp_high"))


def map_regression(run: Run) -> pl.DataFrame:
    """Logit(won) ~ map (sum-coded) + seat + bot + players: each map's odds ratio against the average map.

    Returns map, n, coefficient (log-odds), odds ratio with its 95% interval, p-value and
    Benjamini-Hochberg q-value over the maps; empty when fewer than two maps were played.
    Standard errors are cluster-robust by game (the seats of one game share one result).
    """
    seats = run.seats
    if seats.is_empty() or "map" not in seats.columns or seats["map"].n_unique() < 2:
        return pl.DataFrame()
    maps = sorted(seats["map"].unique().to_list())
    index = seats["map"].to_list()
    coded = np.zeros((seats.height, len(maps) - 1))
    for row, name in enumerate(index):
        position = maps.index(name)
        if position < len(maps) - 1:
            coded[row, position] = 1.0
        else:
            coded[row, :] = -1.0
    covariates = controls(seats, ("seat", "bot_spec", "players"))
    design = np.column_stack([np.ones(seats.height), coded, covariates])
    keep = independent_columns(design)
    keep[:len(maps)] = True      # the maps themselves are never dropped (a singular fit returns nothing)
    design = design[:, keep]
    fit = fit_logit(seats["won"].to_numpy(), design, groups=seats["game"].to_numpy())
    if fit is None:
        return pl.DataFrame()
    k = len(maps) - 1
    params = np.asarray(fit.params)[1:k + 1]
    cov = np.asarray(fit.cov_params())[1:k + 1, 1:k + 1]
    contrasts = np.vstack([np.eye(k), -np.ones((1, k))])
    coefficients = contrasts @ params
    errors = np.sqrt(np.einsum("ij,jk,ik->i", contrasts, cov, contrasts))
    p_values = 2 * norm.sf(np.abs(coefficients / errors))
    counts = dict(seats.group_by("map").len().iter_rows())
    table = pl.DataFrame({
        "map": maps, "n": [counts[m] for m in maps], "coefficient": coefficients,
        "odds_ratio": np.exp(coefficients), "odds_ratio_low": np.exp(coefficients - Z95 * errors),
        "odds_ratio_high": np.exp(coefficients + Z95 * errors), "p_value": p_values})
    return with_q_values(table)
