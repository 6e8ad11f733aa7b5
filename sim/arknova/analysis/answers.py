"""The sentences that end Ark Nova's notebooks on maps and opening hands: the best map and whether any map
differs once seat and bot are controlled, the card most worth keeping and whether the bots keep better
than at random, each with its estimate, 95% interval and n (in the words of `sim.analysis.answers`).

`STUDY` is the run Ark Nova's notebooks read by default: `make run` fills `runs/demo`.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from sim.analysis.answers import FDR, named_card, rate_change, rate_change_interval
from sim.analysis.notebooks import DEMO_RUN, Study
from sim.analysis.report import interval, num, p_phrase, pct
from sim.analysis.stats import newcombe_difference

STUDY = Study(str(DEMO_RUN), maker="make run", game="arknova")


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


def keeps_answer(gains: pl.DataFrame, choice: pl.DataFrame, min_n: int) -> str:
    """Which card is most worth keeping (`opening.keep_effects`), and whether the bots keep better than at random
    (`opening.keep_choice`: the percentile of their keep among the other 69)."""
    if gains.is_empty():
        text = (f"No card was both kept and let go by at least {min_n} seats, so the value of keeping a card "
                "cannot be judged yet: a larger run answers this.")
    else:
        best = gains.row(0, named=True)
        found = gains.filter(pl.col("gain_q") < FDR)
        text = (f"Keeping {named_card(best)} pays most: seats that kept it won {pct(best['win_kept'])} "
                f"{interval(best['win_kept_low'], best['win_kept_high'])} (n = {best['n_kept']:,}), seats dealt it "
                f"that let it go {pct(best['win_dropped'])} (n = {best['n_dropped']:,}), "
                f"{rate_change(best['keep_gain'])} {rate_change_interval(best['keep_gain_low'], best['keep_gain_high'])} "
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
