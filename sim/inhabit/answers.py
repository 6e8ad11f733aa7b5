"""The sentence that ends Inhabit the Earth's notebook: what the first seat is worth, and which creature
class goes with winning, each with its 95% interval and n and whether this sample can tell it from no
effect, then which data pack the figures describe. The notebook and its test call the same function
on the same tables.

`STUDY` is the run the notebook reads by default: the README's command fills `runs/inhabit`.
"""

from __future__ import annotations

import polars as pl

from sim.analysis.answers import rate_change, rate_change_interval
from sim.analysis.notebooks import Study
from sim.analysis.report import interval, pct

STUDY = Study("runs/inhabit", arguments="--game inhabit --players 4 --bots default --games 1000", game="inhabit")
PLAYERS = {2: "two", 3: "three", 4: "four"}


def answer(first: pl.DataFrame, classes: pl.DataFrame, caveat: str) -> str:
    """The notebook's answer from `analysis.first_seat` and `analysis.class_strength` of one run, ending
    with its data caveat (`report.data_caveat`)."""
    if first.is_empty() and classes.is_empty():
        return f"No finished game: there is nothing to answer yet. {caveat}"
    text = f"{first_seat_part(first)}; {class_part(classes)}"
    return f"{text[0].upper()}{text[1:]}. {caveat}"


def first_seat_part(first: pl.DataFrame) -> str:
    """The first seat's win share against the fair share (1/players), per player count."""
    clauses = []
    for row in first.iter_rows(named=True):
        verdict = ("more often than its fair share" if row["win_rate_low"] > row["fair"] else
                   "less often than its fair share" if row["win_rate_high"] < row["fair"] else
                   "which this sample cannot tell from its fair share")
        clauses.append(f"with {PLAYERS.get(row['players'], row['players'])} players the first seat wins "
                       f"{pct(row['win_rate'])} {interval(row['win_rate_low'], row['win_rate_high'])} of "
                       f"{row['n']:,} games against a fair {pct(row['fair'])}, {verdict}")
    return "; ".join(clauses) if clauses else "no game recorded its seats"


def class_part(classes: pl.DataFrame) -> str:
    """The class whose seats win most often, and how they fare against the seats without it."""
    if classes.is_empty():
        return "no menagerie was recorded, so no class can be compared"
    best = classes.sort("win_rate", descending=True).row(0, named=True)
    name = best["name"].replace("_", " ")
    text = (f"seats that end with a {name} in their menagerie win most often, {pct(best['win_rate'])} "
            f"{interval(best['win_rate_low'], best['win_rate_high'])} of {best['n']:,} seats")
    if not best["n_without"]:
        return text + ", but every seat ended with one, so there is no seat without it to compare them with"
    difference = (f"{rate_change(best['difference'])} {rate_change_interval(best['difference_low'], best['difference_high'])} "
                  f"over the {best['n_without']:,} seats without one ({pct(best['win_without'])})")
    if best["difference_low"] > 0:
        return f"{text}, {difference}: more often than without it (the interval excludes 0)"
    if best["difference_high"] < 0:
        return f"{text}, {difference}: yet less often than the seats without it (the interval excludes 0)"
    return f"{text}, {difference}, which this sample cannot tell from no difference"
