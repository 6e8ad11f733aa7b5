"""The sentence that ends each notebook: its question answered from the data, with the uncertainty.

Each function names the answer first (the strongest and weakest cards, the stronger bot) with its
estimate, 95% interval and n, then says whether the data can tell it from the alternatives at this
sample size. A run too small to answer anything says so. A game's own notebooks end with its own
answers (Ark Nova's: `sim.arknova.analysis.answers`), in the same words.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from sim.analysis.report import interval, num, p_phrase, pct, signed
from sim.analysis.stats import bootstrap_mean

FDR = 0.05   # the false-discovery rate at which something tested counts as different


def rate_change(value: Any) -> str:
    """A difference of two rates in percentage points: "+12.3 pp" (never "points", which reads as game points)."""
    return f"{signed(value * 100)} pp"


def rate_change_interval(low: float, high: float) -> str:
    """The interval of a difference of two rates in percentage points: "[-1.2, +20.5]"."""
    return interval(low * 100, high * 100, signed)


def named_card(row: dict[str, Any]) -> str:
    """A card as the answers name it: "Cheetah (card 401)"."""
    return f"{row['name']} (card {row['card']})"


def _dealt(row: dict[str, Any]) -> str:
    return (f"{rate_change(row['effect_win'])} {rate_change_interval(row['effect_win_low'], row['effect_win_high'])} of win rate "
            f"when dealt, {p_phrase('q', row['q_value'])}, dealt to {row['n']:,} seats")


def cards_answer(table: pl.DataFrame, min_n: int) -> str:
    """Which cards raise, and which lower, the win rate of the seat they are dealt to, from the randomised
    estimate of `sim.analysis.randomised.dealt_effects` (a card against an average card of the deal).

    A card is a discovery when its Benjamini-Hochberg q is below 5%; the strongest and weakest named are the
    discoveries with the largest effects either way. Without discoveries the extremes are named as within chance,
    with the games that would settle them. Cards dealt to fewer than `min_n` seats are not ranked.
    """
    if "effect_win" not in table.columns:
        return ("No card can be ranked by its deal yet: the run has too few seats for one model of every card (it needs "
                "several seats per card); a larger run answers this.")
    tested = table.filter(pl.col("n") >= min_n)
    if tested.is_empty():
        most = int(table["n"].max() or 0)
        return (f"No card was dealt to at least {min_n} seats (the most: {most}), so no card can be called strong or "
                "weak yet: a larger run answers this.")
    found = tested.filter(pl.col("q_value") < FDR)
    stronger = found.filter(pl.col("effect_win") > 0).sort("effect_win", descending=True)
    weaker = found.filter(pl.col("effect_win") < 0).sort("effect_win")
    if found.is_empty():
        ordered = tested.sort("effect_win", descending=True)
        high, low = ordered.row(0, named=True), ordered.row(-1, named=True)
        return (f"No card of the {tested.height} dealt to at least {min_n} seats changes the win rate when dealt at a "
                f"5% false-discovery rate: the highest, {named_card(high)} ({_dealt(high)}), and the lowest, "
                f"{named_card(low)} ({_dealt(low)}), are within chance; about {_settle(high, low)} games like these, "
                "or a forced-card study (`arkmc study cards`), would settle them.")
    ends = []
    if stronger.height:
        ends.append(f"{named_card(stronger.row(0, named=True))} raises the win rate most when dealt "
                    f"({_dealt(stronger.row(0, named=True))})")
    if weaker.height:
        ends.append(f"{named_card(weaker.row(0, named=True))} lowers it most ({_dealt(weaker.row(0, named=True))})")
    return (f"{'; '.join(ends)}. Of {tested.height} cards dealt to at least {min_n} seats, {stronger.height} raise and "
            f"{weaker.height} lower the win rate when dealt at a 5% false-discovery rate (randomised by the deal).")


def _settle(*rows: dict[str, Any]) -> str:
    needed = [row["games_needed"] for row in rows if row.get("games_needed") is not None and np.isfinite(row["games_needed"])]
    return f"{int(max(needed)):,}" if needed else "many more"


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
