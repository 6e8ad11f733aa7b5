"""The report of a sweep (`arkmc sweep`): win rate and points against the value of one override.

The seats looked at (the focus) follow from the override path (`paired.focus_of`): a card's player for
`cards.N.*`, the seats with the value of a per-seat factor it names (Ark Nova: the seats on a map for
`maps.N.*`), else the starting seat. For every value the report gives the focus'
win rate (Wilson) and mean points (bootstrap) in that value's run, and the change from the base
value measured game by game on the common seeds (`sim.analysis.paired`), with how many games per
value would detect a change of that size.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis import paired, plots
from sim.analysis.data import NotARun, Run
from sim.analysis.report import (
    METHODS,
    Section,
    change_pp,
    column,
    experiment_section,
    interval_of,
    num,
    p_value,
    signed,
    write_sections,
)
from sim.analysis.stats import bootstrap_mean, games_to_detect, wilson
from sim.pipeline.experiment import ExperimentError
from sim.pipeline.sweep import read_definition


def open_sweep(folder: Path) -> tuple[dict, dict[str, Run]]:
    """The sweep's definition and the run of every value played so far (in the sweep's order); NotARun when
    the folder holds no sweep or no value's run."""
    try:
        definition = read_definition(folder)
    except ExperimentError as error:
        raise NotARun(str(error)) from None
    if definition is None:
        raise NotARun(f"{folder} holds no arkmc sweep (no sweep.json)")
    runs = {value: Run.open(folder / name) for value, name in definition["folders"].items()
            if (folder / name / "manifest.json").exists()}
    if definition["base"] not in runs:
        raise NotARun(f"{folder}: the base value {definition['base']} has no run yet; finish the sweep with --resume")
    return definition, runs


MIN_PAIRED_SEATS = 20  # seats looked at in the paired games before a change is estimated: fewer give degenerate
                       # bootstraps ("+0.0 pp [+0.0, +0.0], p = 1.000" from three seats)


def sweep_table(definition: dict, runs: dict[str, Run]) -> tuple[paired.Focus, pl.DataFrame]:
    """The focus and one row per value: games, focus seats n, win rate and mean points with their 95%
    intervals, and the paired change from the base value (win rate and points, interval, p, games to detect),
    with `paired_seats` (the seats the change counts) and `too_few` when they are fewer than MIN_PAIRED_SEATS."""
    base = runs[definition["base"]]
    focus = paired.focus_of(definition["path"], base)
    rows = []
    for value, run in runs.items():
        seen = paired.focus_outcomes(run, focus)
        wins, n = int(seen["won"].sum()) if seen.height else 0, seen.height
        low, high = wilson(wins, n) if n else (float("nan"), float("nan"))
        points = bootstrap_mean(seen["points"].to_numpy()) if n else (float("nan"),) * 3
        change = paired.paired_focus(base, run, focus)
        won = change["won"]
        rows.append({"value": value, "games": run.n_games, "n": n, "win_rate": wins / n if n else float("nan"),
                     "win_low": low, "win_high": high, "points": points[0], "points_low": points[1],
                     "points_high": points[2], "base": value == definition["base"],
                     "win_change": won.change, "win_change_low": won.low, "win_change_high": won.high,
                     "win_p": won.p_value, "games_to_detect": games_to_detect(won.game_sd, won.change),
                     "paired_seats": won.count, "too_few": won.count < MIN_PAIRED_SEATS,
                     "points_change": change["points"].change, "points_change_low": change["points"].low,
                     "points_change_high": change["points"].high, "points_p": change["points"].p_value})
    return focus, pl.DataFrame(rows, schema_overrides={"games_to_detect": pl.Int64})


def sweep_sections(folder: Path, definition: dict, runs: dict[str, Run], focus: paired.Focus,
                   table: pl.DataFrame) -> list[Section]:
    """The sweep (its values and experiment), the curves with their table (from `sweep_table`), and the methods."""
    base = runs[definition["base"]]
    intro = experiment_section(base)
    intro.title = "Sweep"
    missing = [value for value in definition["values"] if value not in runs]
    intro.text.insert(0, f"{definition['path']} set to each of {', '.join(definition['values'])} in turn, one run per "
                         f"value in {folder}, every run on the same seeds; the table below is the run of the base "
                         f"value {definition['base']}." + (
                             f" Not played yet: {', '.join(missing)} (`arkmc sweep --resume --out {folder}`)."
                             if missing else ""))
    label = focus.label(base)
    title = label[:1].upper() + label[1:]
    curve = Section("Win rate and points against the value")
    curve.text.append(
        f"Seats looked at: {label}. Above, each value's own win rate and mean points; below, the change from "
        f"{definition['base']} measured game by game on the seeds both runs share, so the luck of the deal "
        "cancels. 'Games to detect' is how many games per value a change of that size needs to be found with "
        "80% power at a two-sided 5% level, from the paired spread seen.")
    curve.figure(f"{definition['path']}: {label}", plots.sweep_plot(table, definition["path"], title,
                                                                     definition["base"]))

    def unless_base(key: str, low: str, high: str, formatter: Callable[[Any], str]) -> Callable[[dict], str]:
        show = interval_of(key, low, high, formatter)
        return lambda row: "base" if row["base"] else too_few_text(row) if row["too_few"] else show(row)

    few = table.filter(pl.col("too_few") & ~pl.col("base"))
    if few.height:
        curve.text.append(f"Too few seats to estimate the change at {', '.join(few['value'].to_list())}: fewer than "
                          f"{MIN_PAIRED_SEATS} seats looked at in the paired games; more games per value "
                          "(`arkmc sweep --resume --games N`) would estimate it.")

    curve.table(f"{title} at each value, 95% intervals; changes are variant - base, paired", table, [
        ("value", column("value")), ("games n", column("games")), ("seats n", column("n")),
        ("win rate [95% CI]", interval_of("win_rate", "win_low", "win_high")),
        ("mean points [95% CI]", interval_of("points", "points_low", "points_high", num)),
        (f"win rate change vs {definition['base']} [95% CI]",
         unless_base("win_change", "win_change_low", "win_change_high", change_pp)),
        ("p (win rate)", lambda row: "" if row["base"] or row["too_few"] else p_value(row["win_p"])),
        (f"points change vs {definition['base']} [95% CI]",
         unless_base("points_change", "points_change_low", "points_change_high", signed)),
        ("games to detect (win rate)", lambda row: "" if row["base"] or row["too_few"] or row["games_to_detect"] is None
         else f"{row['games_to_detect']:,}")])
    return [intro, curve, Section("Methods", METHODS)]


def too_few_text(row: dict[str, Any]) -> str:
    """The cell of a change that is not estimated: how many seats it would have counted."""
    return f"too few: {row['paired_seats']} seats"


def write_sweep_report(folder: Path, out: Path, fmt: str = "html") -> tuple[Path, str, pl.DataFrame]:
    """Build the sweep's report and write it to `out` (HTML, or Markdown with its figures beside it).
    Returns the file written, the seats looked at in words, and the table of the values (for the command to print)."""
    definition, runs = open_sweep(folder)
    focus, table = sweep_table(definition, runs)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    title = f"arkmc sweep: {definition['path']} = {', '.join(definition['values'])}"
    subtitle = (f"Sweep {folder} ({len(runs)} of {len(definition['values'])} values played, base "
                f"{definition['base']}), generated {stamp}")
    written = write_sections(title, subtitle, sweep_sections(folder, definition, runs, focus, table), out, fmt)
    return written, focus.label(runs[definition["base"]]), table
