"""Opening hands: what each card in the dealt 8 and the kept 4 is worth, the best kept pairs,
and how good the bot's keep is compared with the 69 other keeps it could have made.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import polars as pl

from sim.analysis.cards import KEYS, opening_seats
from sim.analysis.data import Run, card_names, name_cards
from sim.analysis.stats import bootstrap_mean, newcombe_difference, shrunk_rates
from sim.analysis.tables import with_wilson


def opening_cards(run: Run) -> pl.DataFrame:
    """Per card dealt: keep rate, win rate when kept and when dealt but not kept, and their difference.

    `keep_gain` > 0 means seats that kept the card won more often than seats that were dealt it
    and let it go (Newcombe 95% interval); sorted by the shrunk win rate when kept.
    """
    dealt = opening_seats(run, "dealt")
    if dealt.is_empty():
        return pl.DataFrame()
    kept = opening_seats(run, "kept").select(*KEYS, "card").with_columns(pl.lit(True).alias("was_kept"))
    dealt = dealt.join(kept, on=[*KEYS, "card"], how="left").with_columns(pl.col("was_kept").fill_null(False))
    table = dealt.group_by("card").agg(
        pl.len().alias("n_dealt"), pl.col("was_kept").sum().alias("n_kept"),
        pl.col("won").filter(pl.col("was_kept")).sum().alias("wins_kept"),
        pl.col("won").filter(~pl.col("was_kept")).sum().alias("wins_dropped"))
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
    return name_cards(table.sort("shrunk_kept", descending=True))


def kept_pairs(run: Run, min_support: int = 15) -> pl.DataFrame:
    """Pairs of cards kept together by at least `min_support` seats, with win rate (Wilson) and shrunk rate."""
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    rows = [(min(a, b), max(a, b), won) for kept, won in zip(seats["kept"].to_list(), seats["won"].to_list(), strict=True)
            for a, b in combinations(kept or [], 2)]
    if not rows:
        return pl.DataFrame()
    pairs = pl.DataFrame(rows, schema={"card_a": pl.UInt16, "card_b": pl.UInt16, "won": pl.Int8}, orient="row")
    table = pairs.group_by("card_a", "card_b").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))
    shrunk, _, _ = shrunk_rates(table["wins"].to_numpy(), table["n"].to_numpy())
    table = table.with_columns(pl.Series("shrunk", shrunk)).filter(pl.col("n") >= min_support)
    names = card_names()
    table = table.with_columns(pl.format("{} + {}", pl.col("card_a").replace_strict(names, default="?", return_dtype=pl.String),
                                         pl.col("card_b").replace_strict(names, default="?", return_dtype=pl.String))
                               .alias("pair"))
    return with_wilson(table).sort("shrunk", descending=True)


def keep_values(run: Run) -> dict[int, float]:
    """Each card's value as a kept card: the log-odds of its shrunk win rate when kept."""
    table = opening_cards(run)
    if table.is_empty():
        return {}
    rate = table["shrunk_kept"].clip(1e-6, 1 - 1e-6).to_numpy()
    return dict(zip(table["card"].to_list(), np.log(rate / (1 - rate)).tolist(), strict=True))


def keep_choice(run: Run) -> pl.DataFrame:
    """Per bot: where its keep ranks among all keeps of the dealt hand, valued by `keep_values`.

    A keep's value is the sum of its cards' values; `percentile` is the share of the other
    possible keeps that value less (0.5 = no better than a random keep, 1 = always the best).
    The card values are learned from the same games, so this compares keeps, it does not
    prove causes. `win_top`/`win_bottom`: win rate of seats whose keep was in the top or bottom
    third of their options.
    """
    values = keep_values(run)
    seats = run.seats
    if not values or seats.is_empty():
        return pl.DataFrame()
    percentiles = []
    for dealt, kept in zip(seats["dealt"].to_list(), seats["kept"].to_list(), strict=True):
        if not dealt or not kept or len(kept) >= len(dealt):
            percentiles.append(None)
            continue
        options = [sum(values.get(card, 0.0) for card in keep) for keep in combinations(dealt, len(kept))]
        chosen = sum(values.get(card, 0.0) for card in kept)
        below = sum(value < chosen for value in options) + 0.5 * (sum(value == chosen for value in options) - 1)
        percentiles.append(below / (len(options) - 1))
    ranked = seats.with_columns(pl.Series("percentile", percentiles, dtype=pl.Float64)).drop_nulls("percentile")
    rows = []
    for (bot,), group in ranked.group_by("bot_spec"):
        mean, low, high = bootstrap_mean(group["percentile"].to_numpy())
        top, bottom = group.filter(pl.col("percentile") >= 2 / 3), group.filter(pl.col("percentile") <= 1 / 3)
        rows.append({"bot_spec": bot, "n": group.height, "percentile": mean, "percentile_low": low,
                     "percentile_high": high, "n_top": top.height,
                     "win_top": top["won"].mean() if top.height else None,
                     "n_bottom": bottom.height, "win_bottom": bottom["won"].mean() if bottom.height else None})
    return pl.DataFrame(rows).sort("bot_spec")
