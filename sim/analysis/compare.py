"""Two experiments compared: how a card's win rate, or that of the seats with one value of a per-seat factor
(Ark Nova: a map), changed from a baseline run to a variant run.

Typical use: a balance override (experiments/cheetah-cost.toml) against the same experiment
without it. The cards named in the variant's overrides are listed first.
"""

from __future__ import annotations

import re

import polars as pl

from sim.analysis.cards import card_seats
from sim.analysis.data import Run, name_cards
from sim.analysis.stats import newcombe_difference, two_proportion_p
from sim.analysis.tables import with_games_to_settle, with_q_values
from sim.pipeline.experiment import setting_differences

MIN_N = 10   # plays of a card in each run before its change is listed


def spec_differences(base: Run, variant: Run) -> list[tuple[str, str, str]]:
    """(key, baseline value, variant value) for every experiment setting that differs, in the spec's order.

    A comparison is only about the override when nothing else changed; listing the differences
    (bots, players, maps, seed; not how it was run) lets the reader see what else the changes below may reflect.
    """
    return setting_differences(base.spec, variant.spec)


def overridden_cards(run: Run) -> list[int]:
    """Card numbers named by the run's data overrides (`cards.NUMBER.COLUMN=VALUE`)."""
    found = [re.match(r"cards\.(\d+)\.", text) for text in run.spec.get("overrides", [])]
    return [int(match.group(1)) for match in found if match]


def _difference(base: pl.DataFrame, variant: pl.DataFrame, key: str, games: int) -> pl.DataFrame:
    """Per `key`: both runs' n and win rate, the change (Newcombe interval), its p-value and the games per run
    (of runs of `games` games like these) that would settle it; no q-values yet."""
    table = base.join(variant, on=key, how="full", coalesce=True, suffix="_variant").fill_null(0)
    rows = []
    for row in table.iter_rows(named=True):
        difference, low, high = newcombe_difference(row["wins_variant"], row["n_variant"], row["wins"], row["n"])
        rows.append({key: row[key], "n_base": row["n"], "win_base": row["wins"] / row["n"] if row["n"] else None,
                     "n_variant": row["n_variant"],
                     "win_variant": row["wins_variant"] / row["n_variant"] if row["n_variant"] else None,
                     "change": difference, "change_low": low, "change_high": high,
                     "p_value": two_proportion_p(row["wins_variant"], row["n_variant"], row["wins"], row["n"])})
    if not rows:
        return pl.DataFrame()
    return with_games_to_settle(pl.DataFrame(rows), games, pl.col("change"), "change_low", "change_high")


def compare_cards(base: Run, variant: Run, min_n: int = MIN_N) -> pl.DataFrame:
    """Per card played at least `min_n` times in both runs, and every overridden card: the change of its
    win rate when played (variant - base), Newcombe interval, p and q.

    Two families for the Benjamini-Hochberg q-values: the overridden cards (the planned
    question, usually one card, whose q is then its p) and the other cards listed (the search
    for side effects). Cards below `min_n` are not tested, so they do not dilute the family.
    """
    def counts(run: Run) -> pl.DataFrame:
        held = card_seats(run)
        if held.is_empty():
            return pl.DataFrame(schema={"card": pl.UInt16, "n": pl.UInt32, "wins": pl.Int64})
        return held.filter(pl.col("played")).group_by("card").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))

    table = _difference(counts(base), counts(variant), "card", min(base.n_games, variant.n_games))
    if table.is_empty():
        return table
    focus = overridden_cards(variant) + overridden_cards(base)
    table = table.filter((pl.col("n_base") >= min_n) & (pl.col("n_variant") >= min_n) | pl.col("card").is_in(focus))
    table = table.with_columns(pl.col("card").is_in(focus).alias("overridden"))
    table = pl.concat([with_q_values(table.filter(pl.col("overridden"))), with_q_values(table.filter(~pl.col("overridden")))])
    return name_cards(base, table.sort(["overridden", "change"], descending=[True, True]))


def compare_factor(base: Run, variant: Run, column: str) -> pl.DataFrame:
    """Per value of a per-seat factor's `column` (`GameInfo.seat_factors`; Ark Nova: each map): the change of
    its seats' win rate (variant - base), Newcombe interval, q-value over the values."""
    def counts(run: Run) -> pl.DataFrame:
        if run.seats.is_empty():
            return pl.DataFrame(schema={column: pl.String, "n": pl.UInt32, "wins": pl.Int64})
        return run.seats.group_by(column).agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))

    table = _difference(counts(base), counts(variant), column, min(base.n_games, variant.n_games))
    return with_q_values(table).sort(column) if not table.is_empty() else table
