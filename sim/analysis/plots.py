"""The figures of the notebooks and the report: each takes a table from this package and returns a Figure.

Figures are built without pyplot, so nothing depends on a display or on global figure state:
the report saves them as PNG, a notebook shows them with `display(figure)`. Every axis says its unit.
"""

from __future__ import annotations

import matplotlib
import numpy as np
import polars as pl
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, FuncFormatter, NullFormatter, PercentFormatter

STYLE = {"axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3, "font.size": 10}
PERCENT = PercentFormatter(1.0)
POINTS = PercentFormatter(1.0, symbol=" pp")   # a difference of two rates, in percentage points


def subplots(rows: int, columns: int, size: tuple[float, float]) -> tuple[Figure, np.ndarray]:
    """A figure in the package's style with a rows x columns grid of axes (always a 2-D array)."""
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=size, dpi=100)
        axes = figure.subplots(rows, columns, squeeze=False)
    return figure, axes


def _errors(table: pl.DataFrame, value: str, low: str, high: str) -> np.ndarray:
    values = table[value].to_numpy()
    return np.vstack([values - table[low].to_numpy(), table[high].to_numpy() - values]).clip(min=0)


def seat_plot(table: pl.DataFrame) -> Figure:
    """Win rate per seat (95% Wilson) for each player count, against the fair share."""
    counts = table["players"].unique().sort().to_list()
    figure, axes = subplots(1, len(counts), (3.2 * len(counts) + 1.5, 3.4))
    for axis, players in zip(axes[0], counts, strict=True):
        part = table.filter(pl.col("players") == players)
        axis.errorbar(part["seat"].to_numpy(), part["win_rate"].to_numpy(),
                      yerr=_errors(part, "win_rate", "win_rate_low", "win_rate_high"), fmt="o", capsize=4)
        axis.axhline(1 / players, color="grey", linestyle="--", label="fair share")
        axis.set(title=f"{players} players (n={part['n'].max()} games)", xlabel="seat (1 starts)",
                 ylabel="win rate", xticks=part["seat"].to_list())
        axis.yaxis.set_major_formatter(PERCENT)
        axis.legend(loc="best", fontsize=8)
    figure.tight_layout()
    return figure


def card_label(table: pl.DataFrame) -> pl.DataFrame:
    """`table` with `label` = "number name", the row labels of a chart of cards."""
    return table.with_columns(pl.format("{} {}", "card", "name").alias("label"))


def interval_plot(table: pl.DataFrame, label: str, value: str, low: str, high: str, title: str,
                  xlabel: str, reference: float | None = None, reference_label: str = "",
                  unit: Formatter = PERCENT) -> Figure:
    """Horizontal point-and-interval chart, one row per table row, first row on top.

    `unit` formats the x axis: PERCENT for rates, POINTS for differences of rates.
    """
    figure, axes = subplots(1, 1, (8.5, max(2.5, 0.32 * table.height + 1.2)))
    intervals(axes[0, 0], table, label, value, low, high, title, xlabel, reference, reference_label)
    axes[0, 0].xaxis.set_major_formatter(unit)
    figure.tight_layout()
    return figure


def interval_panels(panels: list[tuple[pl.DataFrame, str]], label: str, value: str, low: str, high: str,
                    xlabel: str, reference: float, unit: Formatter | None = None) -> Figure:
    """Point-and-interval charts side by side, one per (table, title), with a dashed line at `reference`.

    `unit` formats the x axis (PERCENT, POINTS); without one the axis is an odds ratio's: logarithmic
    around 1, so that 0.5 and 2 lie equally far from it.
    """
    rows = max(table.height for table, _ in panels)
    figure, axes = subplots(1, len(panels), (6.2 * len(panels), max(2.5, 0.32 * rows + 1.4)))
    for axis, (table, title) in zip(axes[0], panels, strict=True):
        intervals(axis, table, label, value, low, high, title, xlabel, reference, "")
        if unit is not None:
            axis.xaxis.set_major_formatter(unit)
            continue
        axis.set_xscale("log")
        axis.xaxis.set_major_formatter(FuncFormatter(lambda number, _: f"{number:g}"))
        axis.xaxis.set_minor_formatter(NullFormatter())
        axis.set_xticks([0.25, 0.5, 1, 2, 4])
        axis.set_xlim(min(0.2, float(table[low].min()) * 0.9), max(5.0, float(table[high].max()) * 1.1))
    figure.tight_layout()
    return figure


def intervals(axis: Axes, table: pl.DataFrame, label: str, value: str, low: str, high: str, title: str,
              xlabel: str, reference: float | None, reference_label: str) -> None:
    """One row per table row (first on top): the value and its interval, and a dashed reference line."""
    y = np.arange(table.height)[::-1]
    axis.errorbar(table[value].to_numpy(), y, xerr=_errors(table, value, low, high), fmt="o", capsize=3)
    axis.set_yticks(y, table[label].to_list(), fontsize=8)
    if reference is not None:
        axis.axvline(reference, color="grey", linestyle="--", label=reference_label or None)
        if reference_label:
            axis.legend(fontsize=8, loc="best")
    axis.set(title=title, xlabel=xlabel)


def matrix_plot(table: pl.DataFrame) -> Figure:
    """Heat map: share of meetings the row bot finished ahead of the column bot, with n."""
    bots = sorted(set(table["bot"].to_list()) | set(table["opponent"].to_list()))
    grid = np.full((len(bots), len(bots)), np.nan)
    counts = {}
    for row in table.iter_rows(named=True):
        i, j = bots.index(row["bot"]), bots.index(row["opponent"])
        grid[i, j] = row["ahead"]
        counts[i, j] = row["n"]
    size = 1.3 * len(bots) + 2.5
    figure, axes = subplots(1, 1, (size + 1, size))
    axis = axes[0, 0]
    image = axis.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for (i, j), n in counts.items():
        red, green, blue, _ = image.cmap(image.norm(grid[i, j]))
        dark = 0.299 * red + 0.587 * green + 0.114 * blue < 0.5    # white text on dark cells
        axis.text(j, i, f"{grid[i, j]:.0%}\nn={n}", ha="center", va="center", fontsize=9,
                  color="white" if dark else "black")
    axis.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    axis.set_yticks(range(len(bots)), bots)
    axis.set(xlabel="opponent", ylabel="bot", title="Share of meetings the bot finished ahead")
    axis.grid(False)
    figure.colorbar(image, ax=axis, format=PERCENT, fraction=0.046)
    figure.tight_layout()
    return figure


def in_unit(unit: str) -> str:
    """The points unit in brackets after a label, " (VP)", or nothing when the points are plain points."""
    return "" if unit == "points" else f" ({unit})"


def score_plot(seats: pl.DataFrame, unit: str = "points") -> Figure:
    """Distribution of the final points per bot (box plot, whiskers 5%-95%); `unit` is what the points count
    (`GameInfo.points_unit`, Ark Nova: VP)."""
    bots = sorted(seats["bot_spec"].unique().to_list())
    figure, axes = subplots(1, 1, (max(6.0, 1.6 * len(bots) + 2), 3.6))
    axis = axes[0, 0]
    data = [seats.filter(pl.col("bot_spec") == bot)["points"].to_numpy() for bot in bots]
    axis.boxplot(data, whis=(5, 95), showfliers=False)
    axis.set_xticks(range(1, len(bots) + 1), [f"{b}\n(n={len(d)})" for b, d in zip(bots, data, strict=True)])
    axis.axhline(0, color="grey", linestyle=":")
    axis.set(title="Final points per bot\n(box 25-75%, line = median, whiskers 5-95%)", ylabel=f"points{in_unit(unit)}")
    figure.tight_layout()
    return figure


def sweep_plot(table: pl.DataFrame, xlabel: str, focus: str, base: str) -> Figure:
    """A sweep's curves: the focus seats' win rate (Wilson) and mean points (bootstrap) at each value, and
    below them the change from the base value measured on the same games (paired bootstrap), all 95%.

    `table` has one row per value: value (text), win_rate, win_low, win_high, points, points_low,
    points_high, and the paired win_change, win_change_low, win_change_high, points_change,
    points_change_low, points_change_high. Numeric values are spaced by their size, others evenly."""
    figure, axes = subplots(2, 2, (10, 6.4))
    values = table["value"].to_list()
    try:
        x = np.array([float(value) for value in values])
    except ValueError:
        x = np.arange(len(values), dtype=float)
    panels = (("win_rate", "win_low", "win_high", "win rate", PERCENT),
              ("points", "points_low", "points_high", "mean points", None),
              ("win_change", "win_change_low", "win_change_high", f"win rate change vs {base}", POINTS),
              ("points_change", "points_change_low", "points_change_high", f"points change vs {base}", None))
    for axis, (value, low, high, label, unit) in zip(axes.flat, panels, strict=True):
        axis.errorbar(x, table[value].to_numpy(), yerr=np.nan_to_num(_errors(table, value, low, high)),
                      fmt="o-", capsize=4, color="tab:green" if "points" in value else "tab:blue")
        if "change" in value:
            axis.axhline(0, color="grey", linestyle="--")
        axis.set(xlabel=xlabel, ylabel=label, title=label.capitalize() + (" (paired)" if "change" in value else ""))
        axis.set_xticks(x, values, fontsize=8)
        if unit is not None:
            axis.yaxis.set_major_formatter(unit)
    figure.suptitle(f"{focus}: 95% intervals (Wilson and bootstrap above; paired bootstrap below)", fontsize=9)
    figure.tight_layout()
    return figure


def scatter_agreement(table: pl.DataFrame, first: str, second: str, first_label: str, second_label: str) -> Figure:
    """One point per row: its `first` against its `second` effect (shares shown as pp), with the diagonal where the
    two agree and both zero lines."""
    figure, axes = subplots(1, 1, (6.0, 6.0))
    axis = axes[0][0]
    x, y = table[first].to_numpy(), table[second].to_numpy()
    axis.scatter(x, y, s=12, alpha=0.7)
    ends = [float(min(x.min(), y.min())), float(max(x.max(), y.max()))]
    axis.plot(ends, ends, color="grey", linestyle="--", label="agree")
    axis.axhline(0, color="lightgrey")
    axis.axvline(0, color="lightgrey")
    axis.xaxis.set_major_formatter(POINTS)
    axis.yaxis.set_major_formatter(POINTS)
    axis.set_xlabel(f"change of the win rate, {first_label}")
    axis.set_ylabel(f"change of the win rate, {second_label}")
    axis.legend(loc="upper left")
    figure.tight_layout()
    return figure
