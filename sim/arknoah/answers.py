"""The sentence that ends Ark & Noah's notebook: how much the first seat is worth, which action goes
with winning, and whether sharing cages pays, each with its 95% interval and n, then which data pack
the figures describe. The notebook and its test call the same function on the same tables.

`STUDY` is the run the notebook reads by default: the README's command fills `runs/arknoah`.
"""

from __future__ import annotations

import polars as pl

from sim.analysis.answers import rate_change, rate_change_interval
from sim.analysis.notebooks import Study
from sim.analysis.report import interval, num, pct
from sim.analysis.stats import newcombe_difference

STUDY = Study("runs/arknoah", arguments="--game arknoah --players 4 --bots default --games 1000", game="arknoah")
PLAYERS = {2: "two", 3: "three", 4: "four"}


def answer(first: pl.DataFrame, actions: pl.DataFrame, sharing: pl.DataFrame, caveat: str) -> str:
    """The notebook's answer from `analysis.first_seat`, `analysis.action_value` and
    `analysis.sharing_and_winning` of one run, ending with its data caveat (`report.data_caveat`)."""
    if first.is_empty() and actions.is_empty() and sharing.is_empty():
        return f"No finished game with its choices and loads recorded: there is nothing to answer yet. {caveat}"
    parts = [first_seat_part(first), action_part(actions), sharing_part(sharing)]
    text = "; ".join(parts)
    return f"{text[0].upper()}{text[1:]}. {caveat}"


def first_seat_part(first: pl.DataFrame) -> str:
    """The start player's win share against the fair share and its VP lead, per player count."""
    if first.is_empty():
        return ("no mirror games (every seat the same bot), so the first seat's worth cannot be told from the bots' "
                "strength")
    clauses = []
    for row in first.iter_rows(named=True):
        verdict = ("more often than" if row["win_rate_low"] > row["fair"] else
                   "less often than" if row["win_rate_high"] < row["fair"] else "not distinguishable from")
        clauses.append(f"the start player wins {pct(row['win_rate'])} {interval(row['win_rate_low'], row['win_rate_high'])} "
                       f"of {row['n']:,} {PLAYERS.get(row['players'], str(row['players']))}-player mirror games, "
                       f"{verdict} the fair {pct(row['fair'])}, and leads the other seats' mean by {num(row['lead'])} "
                       f"{interval(row['lead_low'], row['lead_high'], num)} VP")
    return "; ".join(clauses)


def action_part(actions: pl.DataFrame) -> str:
    """The action whose frequent planners gain most in win rate, and whether the gain is told from none."""
    ranked = actions.drop_nans("difference").drop_nulls("difference") if not actions.is_empty() else actions
    if ranked.is_empty():
        return "no action was planned by some seats more often than by others"
    best = ranked.sort("difference", descending=True).row(0, named=True)
    low, high = best["difference_low"], best["difference_high"]
    verdict = "its 95% interval excludes 0" if low > 0 or high < 0 else "but its 95% interval includes 0"
    return (f"planning {best['action']} often goes with the largest gain in win rate, {rate_change(best['difference'])} "
            f"{rate_change_interval(low, high)} ({best['often_n']:,} seats that planned it often against "
            f"{best['rest_n']:,}; {verdict})")


def sharing_part(sharing: pl.DataFrame) -> str:
    """Seats that loaded into a cage of several colours against seats that loaded only into their own."""
    rows = {row["shared"]: row for row in sharing.iter_rows(named=True)}
    if len(rows) < 2:
        return "sharing cages cannot be judged: " + (
            "no seat loaded a pair" if not rows else
            f"every seat that loaded a pair loaded {'into a shared cage' if True in rows else 'only into its own cages'}")
    shared, own = rows[True], rows[False]
    difference, low, high = newcombe_difference(int(shared["wins"]), int(shared["n"]), int(own["wins"]), int(own["n"]))
    verdict = ("sharing cages pays" if low > 0 else "sharing cages costs" if high < 0 else
               "whether sharing cages pays cannot be told at this sample size")
    return (f"seats that loaded into a cage walled by several colours won {pct(shared['win_rate'])} "
            f"{interval(shared['win_rate_low'], shared['win_rate_high'])} of {shared['n']:,}, those that loaded only "
            f"into their own cages {pct(own['win_rate'])} {interval(own['win_rate_low'], own['win_rate_high'])} of "
            f"{own['n']:,}, a difference of {rate_change(difference)} {rate_change_interval(low, high)}: {verdict}")
