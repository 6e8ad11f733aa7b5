"""Ark Nova's figures: win rate and mean VP per zoo map, and the tracks' progression over turns; in the
style of `sim.analysis.plots`."""

from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from sim.analysis.plots import intervals, subplots


def map_plot(table: pl.DataFrame) -> Figure:
    """Win rate (Wilson) and mean VP (bootstrap) per map, side by side, one row per map (first on top)."""
    names = table["map_name"] if "map_name" in table.columns else table["map"]
    labelled = table.with_columns(pl.Series("label", [f"{name} (n={n})" for name, n in zip(names, table["n"], strict=True)]))
    figure, axes = subplots(1, 2, (11, max(2.8, 0.34 * table.height + 1.4)))
    left, right = axes[0]
    intervals(left, labelled, "label", "win_rate", "win_rate_low", "win_rate_high", "Win rate per map (95% Wilson)",
              "win rate", table["wins"].sum() / table["n"].sum(), "all maps")
    left.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    intervals(right, labelled, "label", "mean_vp", "mean_vp_low", "mean_vp_high",
              "Mean VP per map (95% bootstrap)", "victory points (score - 100)", None, "")
    figure.tight_layout()
    return figure


def progression_plot(table: pl.DataFrame, min_seats: int = 10) -> Figure:
    """Mean appeal, conservation points and score by player turn, one line per bot (turns with >= min_seats seats)."""
    figure, grid = subplots(1, 3, (12, 3.9))
    axes = grid[0]
    reached = table.filter(pl.col("n") >= min_seats)
    bots = reached["bot_spec"].unique(maintain_order=True).to_list()
    for bot in bots:
        part = reached.filter(pl.col("bot_spec") == bot)
        for axis, track in zip(axes, ("appeal", "cp", "score"), strict=True):
            axis.plot(part["player_turn"].to_numpy(), part[track].to_numpy(), label=bot)
            axis.fill_between(part["player_turn"].to_numpy(), part[f"{track}_25"].to_numpy(),
                              part[f"{track}_75"].to_numpy(), alpha=0.15)
    for axis, label in zip(axes, ("appeal", "conservation points", "score (appeal + conservation value)"), strict=True):
        axis.set(xlabel="player turn", ylabel=label, title=label.split(" (")[0].capitalize())
    figure.suptitle(f"Mean by turn, band = 25-75% (turns reached by at least {min_seats} seats)", fontsize=9)
    figure.legend(*axes[0].get_legend_handles_labels(), loc="lower center", ncol=max(len(bots), 1), fontsize=9,
                  frameon=False)
    figure.tight_layout(rect=(0, 0.07, 1, 1))     # one legend for the three panels, below them
    return figure
