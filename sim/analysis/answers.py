"""The sentence that ends each notebook: its question answered from the data, with the uncertainty.

Each function names the answer first (the best map, the strongest and weakest cards, the card most
worth keeping, the stronger bot) with its estimate, 95% interval and n, then says whether the data
can tell it from the alternatives at this sample size. A run too small to answer anything says so.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from sim.analysis.report import interval, num, p_phrase, pct, signed
from sim.analysis.stats import bootstrap_mean, newcombe_difference, two_proportion_p
from sim.analysis.tables import with_q_values

FDR = 0.05   # the false-discovery rate at which a card or map counts as different


def points(value: Any) -> str:
    """A difference of two rates in percentage points: "+12.3 points"."""
    return f"{signed(value * 100)} points"


def points_interval(low: float, high: float) -> str:
    """The interval of a difference of two rates in percentage points: "[-1.2, +20.5]"."""
    return interval(low * 100, high * 100, signed)


def _map(row: dict[str, Any]) -> str:
    label = row.get("map_name") or f"Map {row['map']}"  # "3 Silver Lake", or "Map A" for a map named by its id
    return "map" + label[3:] if label.startswith("Map ") else f"map {label}"


def _maps(rows: list[dict[str, Any]]) -> str:
    labels = [_map(row) for row in rows]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def maps_answer(table: pl.DataFrame, regression: pl.DataFrame) -> str:
    """Which map wins most often, how sure we are, and whether any map differs once seat and bot are controlled.

    `table` is `maps.map_table` with map names (`name_maps`), `regression` is `maps.map_regression`.
    The best map is compared with every other one by the Newcombe 95% interval of the difference of
    their win rates: a map whose interval includes 0 cannot be told apart from it.
    """
    if table.is_empty():
        return "No finished game recorded a map: there is nothing to compare yet."
    ranked = list(table.sort("win_rate", descending=True).iter_rows(named=True))
    best, others = ranked[0], ranked[1:]
    label = _map(best)
    text = (f"{label[0].upper()}{label[1:]} wins most often: {pct(best['win_rate'])} "
            f"{interval(best['win_rate_low'], best['win_rate_high'])} of {best['n']:,} seats")
    if not others:
        return text + ", and no other map was played: there is nothing to compare it with."
    tied = [row for row in others if newcombe_difference(int(best["wins"]), int(best["n"]), int(row["wins"]),
                                                         int(row["n"]))[1] <= 0]
    if len(tied) == len(others):
        text += ("; it cannot be told apart from any other map at this sample size (each difference's 95% "
                 "interval includes 0)")
    elif tied:
        text += (f"; it cannot be told apart from {_maps(tied)} at this sample size, and wins more often than the "
                 f"other {len(others) - len(tied)} (95% intervals of the differences)")
    else:
        text += "; it wins more often than every other map (each difference's 95% interval excludes 0)"
    if regression.is_empty():
        return text + ". The regression controlled for seat and bot could not be fitted."
    named = regression.join(table.select("map", "map_name"), on="map", how="left") if "map_name" not in regression.columns \
        else regression
    found = named.filter(pl.col("q_value") < FDR).sort("odds_ratio", descending=True)
    if found.is_empty():
        return text + (". Controlled for seat and bot, no map differs from the average map at a 5% "
                       "false-discovery rate.")
    sides = [f"{_maps(rows)} {'wins' if len(rows) == 1 else 'win'} {more} often than the average map "
             f"({'; '.join(_odds_ratio(row) for row in rows)})"
             for rows, more in (([r for r in found.iter_rows(named=True) if r["odds_ratio"] > 1], "more"),
                                ([r for r in found.iter_rows(named=True) if r["odds_ratio"] < 1], "less"))
             if rows]
    return text + ". Controlled for seat and bot, " + ", and ".join(sides) + " at a 5% false-discovery rate."


def _odds_ratio(row: dict[str, Any]) -> str:
    return (f"{row['map']}: odds ratio {num(row['odds_ratio'], 2)} "
            f"{interval(row['odds_ratio_low'], row['odds_ratio_high'], lambda v: num(v, 2))}, {p_phrase('q', row['q_value'])}")


def _card(row: dict[str, Any]) -> str:
    return f"{row['name']} (card {row['card']})"


def _odds(row: dict[str, Any]) -> str:
    return (f"odds ratio {num(row['wae_odds_ratio'], 2)} {interval(row['wae_low'], row['wae_high'], lambda v: num(v, 2))}, "
            f"{p_phrase('q', row['q_value'])}, played by {row['n_played']:,} seats")


def cards_answer(table: pl.DataFrame, min_n: int) -> str:
    """Which cards win more, and which less, often than expected, from `cards.card_strength`'s regression.

    A card is a discovery when its Benjamini-Hochberg q is below 5%; the strongest and weakest named are
    the discoveries with the highest and lowest odds ratio. Without discoveries the extremes are named
    as within chance.
    """
    tested = table.filter(pl.col("p_value").is_not_null()) if "p_value" in table.columns else pl.DataFrame()
    if tested.is_empty():
        most = int(table["n_played"].max() or 0) if not table.is_empty() else 0
        return (f"No card was played, and not played, by at least {min_n} seats (the most played: {most}), so no card "
                "can be called strong or weak yet: a larger run answers this.")
    found = tested.filter(pl.col("q_value") < FDR)
    stronger = found.filter(pl.col("wae_odds_ratio") > 1).sort("wae_odds_ratio", descending=True)
    weaker = found.filter(pl.col("wae_odds_ratio") < 1).sort("wae_odds_ratio")
    control = "controlled for seat, map, bot, when it was played and how many cards the seat played"
    if found.is_empty():
        ordered = tested.sort("wae_odds_ratio", descending=True)
        high, low = ordered.row(0, named=True), ordered.row(-1, named=True)
        return (f"No card of the {tested.height} tested wins more or less often than expected at a 5% false-discovery "
                f"rate ({control}): the highest, {_card(high)} ({_odds(high)}), and the lowest, {_card(low)} "
                f"({_odds(low)}), are within chance at this sample size.")
    ends = []
    if stronger.height:
        ends.append(f"{_card(stronger.row(0, named=True))} wins most above expected ({_odds(stronger.row(0, named=True))})")
    if weaker.height:
        ends.append(f"{_card(weaker.row(0, named=True))} most below ({_odds(weaker.row(0, named=True))})")
    return (f"{'; '.join(ends)}. Of {tested.height} cards tested ({control}), {stronger.height} win more often "
            f"than expected and {weaker.height} less at a 5% false-discovery rate.")


def keep_gains(table: pl.DataFrame, min_n: int) -> pl.DataFrame:
    """The cards of `opening.opening_cards` kept and let go by at least `min_n` seats each, by the effect of
    keeping (win rate when kept minus when let go), with the p-value of that difference and its
    Benjamini-Hochberg q over these cards."""
    if table.is_empty():
        return table
    eligible = table.filter((pl.col("n_kept") >= min_n) & (pl.col("n_dropped") >= min_n))
    if eligible.is_empty():
        return eligible.with_columns(pl.lit(None, dtype=pl.Float64).alias("gain_p"),
                                     pl.lit(None, dtype=pl.Float64).alias("gain_q"))
    p = [two_proportion_p(int(a), int(b), int(c), int(d)) for a, b, c, d in
         eligible.select("wins_kept", "n_kept", "wins_dropped", "n_dropped").iter_rows()]
    with_p = eligible.with_columns(pl.Series("gain_p", p, dtype=pl.Float64))
    return with_q_values(with_p, "gain_p", "gain_q").sort("keep_gain", descending=True)


def keeps_answer(gains: pl.DataFrame, choice: pl.DataFrame, min_n: int) -> str:
    """Which card is most worth keeping (`keep_gains`), and whether the bots keep better than at random
    (`opening.keep_choice`: the percentile of their keep among the other 69)."""
    if gains.is_empty():
        text = (f"No card was both kept and let go by at least {min_n} seats, so the value of keeping a card "
                "cannot be judged yet: a larger run answers this.")
    else:
        best = gains.row(0, named=True)
        found = gains.filter(pl.col("gain_q") < FDR)
        text = (f"Keeping {_card(best)} pays most: seats that kept it won {pct(best['win_kept'])} "
                f"{interval(best['win_kept_low'], best['win_kept_high'])} (n = {best['n_kept']:,}), seats dealt it "
                f"that let it go {pct(best['win_dropped'])} (n = {best['n_dropped']:,}), "
                f"{points(best['keep_gain'])} {points_interval(best['keep_gain_low'], best['keep_gain_high'])} "
                f"({p_phrase('p', best['gain_p'])}, {p_phrase('q', best['gain_q'])})")
        text += (f"; {found.height} of the {gains.height} cards compared gain from being kept, or lose, at a 5% "
                 "false-discovery rate." if found.height else
                 f", but of the {gains.height} cards compared none gains from being kept, or loses, at a 5% "
                 "false-discovery rate: this may be luck at this sample size.")
    for row in choice.iter_rows(named=True):
        verdict = ("better than a random keep (50%)" if row["percentile_low"] > 0.5 else
                   "worse than a random keep (50%)" if row["percentile_high"] < 0.5 else
                   "not told apart from a random keep (50%) at this sample size")
        text += (f" {row['bot_spec']}'s keep is worth more than {pct(row['percentile'])} "
                 f"{interval(row['percentile_low'], row['percentile_high'])} of the other keeps of the same cards "
                 f"({row['n']:,} seats): {verdict}.")
    return text


def bots_answer(seats: pl.DataFrame, matrix: pl.DataFrame, rating: pl.DataFrame) -> str:
    """How much stronger the top-rated bot is than the next: the share of their games it finished ahead and
    its points margin, with intervals, and whether 50% (equal) is ruled out.

    `seats` are a run's seats, `matrix` its `bots.win_matrix` and `rating` its `bots.ratings` (both empty
    when one bot played all seats: then the answer says so, with that bot's mean points).
    """
    if seats.is_empty():
        return "No finished games: there is nothing to compare yet."
    if matrix.is_empty():
        only = seats["bot_spec"].unique().to_list()
        mean, low, high = bootstrap_mean(seats["points"].to_numpy().astype(np.float64))
        return (f"Only one bot played ({only[0]}, {seats.height:,} seats), so there is no other bot to compare it "
                f"with; its seats scored {num(mean)} {interval(low, high, num)} points on average. A run of two bots "
                "answers the question, e.g. `arkmc run --bots default,random --games 100`.")
    best, runner_up = rating["bot_spec"][0], rating["bot_spec"][1]
    met = matrix.filter((pl.col("bot") == best) & (pl.col("opponent") == runner_up))
    among = f" (the top two of {rating.height} bots by Bradley-Terry rating)" if rating.height > 2 else ""
    if met.is_empty():
        return f"{best} and {runner_up}{among} never sat at one table, so they cannot be compared directly."
    row = met.row(0, named=True)
    evidence = (f"in {pct(row['ahead'])} {interval(row['ahead_low'], row['ahead_high'])} of their {row['n']:,} games, "
                f"by {num(row['margin'])} {interval(row['margin_low'], row['margin_high'], num)} points on average")
    if row["ahead_low"] > 0.5:
        return f"{best} is stronger than {runner_up}{among}: it finished ahead {evidence}."
    if row["ahead_high"] < 0.5:
        return f"{runner_up} is stronger than {best}{among}: {best} finished ahead only {evidence}."
    return (f"{best} and {runner_up}{among} cannot be told apart at this sample size: {best} finished ahead {evidence} "
            "(50% = equal).")
