"""Opening hands: what each card in the dealt 8 and the kept 4 is worth, the best kept pairs,
and how good the bot's keep is compared with the 69 other keeps it could have made, judged with
card values learned on other games (cross-fitting).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import polars as pl

from sim.analysis.cards import KEYS, opening_seats
from sim.analysis.data import Run, name_cards
from sim.analysis.stats import (
    beta_binomial_prior,
    bootstrap_mean,
    newcombe_difference,
    shrunk_rates,
    two_proportion_p,
    welch_difference,
)
from sim.analysis.tables import with_q_values, with_wilson

FOLDS = 5   # cross-fitting folds of the keep percentile: card values learned on the other 4/5 of the games


def opening_cards(run: Run) -> pl.DataFrame:
    """Per card dealt: keep rate, win rate when kept and when dealt but not kept, and their difference.

    `keep_gain` > 0 means seats that kept the card won more often than seats that were dealt it
    and let it go (Newcombe 95% interval); `points_gain` is the same for the mean points (Welch
    95% interval). Sorted by the shrunk win rate when kept.
    """
    table = opening_table(run.seats)
    return name_cards(run, table) if not table.is_empty() else table


def opening_table(seats: pl.DataFrame) -> pl.DataFrame:
    """`opening_cards` of any set of seats, without card names."""
    dealt = opening_seats(seats, "dealt")
    if dealt.is_empty():
        return pl.DataFrame()
    kept = opening_seats(seats, "kept").select(*KEYS, "card").with_columns(pl.lit(True).alias("was_kept"))
    dealt = dealt.join(kept, on=[*KEYS, "card"], how="left").with_columns(pl.col("was_kept").fill_null(False))
    dealt = dealt.join(seats.select(*KEYS, pl.col("points").cast(pl.Float64)), on=KEYS)
    table = dealt.group_by("card").agg(
        pl.len().alias("n_dealt"), pl.col("was_kept").sum().alias("n_kept"),
        pl.col("won").filter(pl.col("was_kept")).sum().alias("wins_kept"),
        pl.col("won").filter(~pl.col("was_kept")).sum().alias("wins_dropped"),
        pl.col("points").filter(pl.col("was_kept")).alias("points_kept_all"),
        pl.col("points").filter(~pl.col("was_kept")).alias("points_dropped_all"))
    table = table.with_columns((pl.col("n_dealt") - pl.col("n_kept")).alias("n_dropped"),
                               (pl.col("n_kept") / pl.col("n_dealt")).alias("keep_rate"))
    table = with_wilson(table, wins="wins_kept", n="n_kept", prefix="win_kept")
    gains = [newcombe_difference(int(a), int(b), int(c), int(d)) for a, b, c, d in
             table.select("wins_kept", "n_kept", "wins_dropped", "n_dropped").iter_rows()]
    shrunk, low, high = shrunk_rates(table["wins_kept"].to_numpy(), table["n_kept"].to_numpy())
    table = table.with_columns(
        (pl.col("wins_dropped") / pl.col("n_dropped")).alias("win_dropped"),
        pl.Series("keep_gain", [g[0] for g in gains]), pl.Series("keep_gain_low", [g[1] for g in gains]),
        pl.Series("keep_gain_high", [g[2] for g in gains]),
        pl.Series("shrunk_kept", shrunk), pl.Series("shrunk_kept_low", low), pl.Series("shrunk_kept_high", high))
    differences = [welch_difference(kept_points.to_numpy(), dropped_points.to_numpy()) for kept_points, dropped_points
                   in zip(table["points_kept_all"], table["points_dropped_all"], strict=True)]
    table = table.with_columns(
        pl.col("points_kept_all").list.mean().alias("points_kept"),
        pl.col("points_dropped_all").list.mean().alias("points_dropped"),
        pl.Series("points_gain", [d[0] for d in differences]), pl.Series("points_gain_low", [d[1] for d in differences]),
        pl.Series("points_gain_high", [d[2] for d in differences])).drop("points_kept_all", "points_dropped_all")
    return table.sort("shrunk_kept", descending=True)


def keep_effects(table: pl.DataFrame, min_n: int) -> pl.DataFrame:
    """The cards of an `opening_cards` table that at least `min_n` seats kept and at least `min_n` let go, ranked by
    the difference of keeping (`keep_gain`, win rate kept - let go), largest first, with the p-value of that
    difference (`gain_p`) and its Benjamini-Hochberg q over these cards (`gain_q`): the report and the opening
    notebook read this one table.

    A card almost every seat kept (or let go) has no comparison worth an interval: one seat letting
    it go would put its difference anywhere from -60 to +40 points. The bot chose each keep, so the difference
    describes the bot's keeps; `arkmc study keeps` measures what keeping a card causes.
    """
    if table.is_empty():
        return table
    eligible = table.filter((pl.col("n_kept") >= min_n) & (pl.col("n_dropped") >= min_n))
    p = [two_proportion_p(int(a), int(b), int(c), int(d)) for a, b, c, d in
         eligible.select("wins_kept", "n_kept", "wins_dropped", "n_dropped").iter_rows()]
    with_p = eligible.with_columns(pl.Series("gain_p", p, dtype=pl.Float64))
    return with_q_values(with_p, "gain_p", "gain_q").sort("keep_gain", "card", descending=[True, False])


def pair_counts(seats: pl.DataFrame) -> pl.DataFrame:
    """Every pair of cards kept together: card_a < card_b, seats n and their wins."""
    rows = [(min(a, b), max(a, b), won) for kept, won in zip(seats["kept"].to_list(), seats["won"].to_list(), strict=True)
            for a, b in combinations(kept or [], 2)] if not seats.is_empty() else []
    schema = {"card_a": pl.UInt16, "card_b": pl.UInt16, "won": pl.Int8}
    pairs = pl.DataFrame(rows, schema=schema, orient="row")
    return pairs.group_by("card_a", "card_b").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))


def kept_pairs(run: Run, min_support: int = 15) -> pl.DataFrame:
    """Pairs of cards kept together by at least `min_support` seats, with win rate (Wilson) and shrunk rate.

    The shrinkage prior is fitted to the listed pairs only: most of the 22,000 possible pairs are
    kept once or twice, and fitted to those the prior would count for one or two games and
    shrink nothing.
    """
    table = pair_counts(run.seats).filter(pl.col("n") >= min_support)
    if table.is_empty():
        return pl.DataFrame()
    shrunk, _, _ = shrunk_rates(table["wins"].to_numpy(), table["n"].to_numpy())
    names = run.card_names
    table = table.with_columns(pl.Series("shrunk", shrunk), pl.format(
        "{} + {}", pl.col("card_a").replace_strict(names, default="?", return_dtype=pl.String),
        pl.col("card_b").replace_strict(names, default="?", return_dtype=pl.String)).alias("pair"))
    return with_wilson(table).sort("shrunk", descending=True)


def keep_values(seats: pl.DataFrame) -> dict[int, float]:
    """Each card's value as a kept card, learned from `seats`: the log-odds of its shrunk win rate
    when kept, minus that of the average kept card (so a card these seats never kept is worth 0)."""
    table = opening_table(seats)
    if table.is_empty():
        return {}
    prior = beta_binomial_prior(table["wins_kept"].to_numpy(), table["n_kept"].to_numpy())
    rate = table["shrunk_kept"].clip(1e-6, 1 - 1e-6).to_numpy()
    values = np.log(rate / (1 - rate)) - np.log(prior.mean / (1 - prior.mean))
    return dict(zip(table["card"].to_list(), values.tolist(), strict=True))


@cache
def _keeps(dealt: int, kept: int) -> np.ndarray:
    """Every keep of `kept` cards out of `dealt`, as sorted index rows."""
    return np.array(list(combinations(range(dealt), kept)), dtype=np.intp)


def keep_percentile(dealt: list[int], kept: list[int], values: dict[int, float]) -> float | None:
    """Share of the other keeps of `dealt` worth less than `kept` (ties half); None when there is no choice."""
    if not dealt or not kept or len(kept) >= len(dealt) or not set(kept) <= set(dealt):
        return None
    worth = np.array([values.get(card, 0.0) for card in dealt])
    keeps = _keeps(len(dealt), len(kept))
    options = worth[keeps].sum(axis=1)
    chosen = worth[sorted(dealt.index(card) for card in kept)].sum()   # summed in the options' order: ties are exact
    below = (options < chosen).sum() + 0.5 * ((options == chosen).sum() - 1)
    return float(below / (len(options) - 1))


def keep_percentiles(seats: pl.DataFrame, folds: int = FOLDS) -> pl.Series:
    """Per seat, the `keep_percentile` of its keep, with card values learned on the other games only.

    Cross-fitting: games are split into `folds` folds by game index; the keeps of each fold are
    judged with `keep_values` learned on the other folds. Values learned on the same games would
    credit a seat's keep with its own result (a winner's kept cards look good because it won),
    so winners' keeps would rank high even if keeping did not matter.
    """
    fold = (seats["game"].cast(pl.Int64) % folds).to_numpy()
    dealt, kept = seats["dealt"].to_list(), seats["kept"].to_list()
    result: list[float | None] = [None] * seats.height
    for part in range(folds):
        values = keep_values(seats.filter(pl.Series(fold != part)))
        for row in np.flatnonzero(fold == part):
            result[row] = keep_percentile(dealt[row], kept[row], values)
    return pl.Series("percentile", result, dtype=pl.Float64)


def keep_choice(run: Run, folds: int = FOLDS) -> pl.DataFrame:
    """Per bot: where its keep ranks among all keeps of the dealt hand (`keep_percentiles`, cross-fitted).

    A keep's value is the sum of its cards' values; `percentile` is the share of the other
    possible keeps that value less (0.5 = no better than a random keep, 1 = always the best),
    with a bootstrap interval. `win_top`/`win_bottom`: win rate (Wilson) of the seats whose keep
    was in the top or bottom third of their options.
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    ranked = seats.with_columns(keep_percentiles(seats, folds)).drop_nulls("percentile")
    rows = []
    for (bot,), group in ranked.group_by("bot_spec"):
        mean, low, high = bootstrap_mean(group["percentile"].to_numpy())
        top, bottom = group.filter(pl.col("percentile") >= 2 / 3), group.filter(pl.col("percentile") <= 1 / 3)
        rows.append({"bot_spec": bot, "n": group.height, "percentile": mean, "percentile_low": low,
                     "percentile_high": high, "n_top": top.height, "wins_top": top["won"].sum(),
                     "n_bottom": bottom.height, "wins_bottom": bottom["won"].sum()})
    if not rows:
        return pl.DataFrame()
    table = with_wilson(pl.DataFrame(rows), wins="wins_top", n="n_top", prefix="win_top")
    return with_wilson(table, wins="wins_bottom", n="n_bottom", prefix="win_bottom").sort("bot_spec")
