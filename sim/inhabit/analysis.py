"""The statistics of Inhabit the Earth runs, as tables: the first seat, the classes and continents a
winner holds, the cards it played, the race's length and what each scoring card pays. The report
(`sim.inhabit.report`) and the notebook (`notebooks/inhabit.ipynb`) both read these, so they agree.

A seat "with" a class, a continent or a card: a class in its menagerie at the end, a marker on the
continent at the end, a card it played into its menagerie (introduced, multiplied, evolved, adapted).
Win rates count a shared win as a win (rank 1) and carry 95% Wilson intervals.
"""

from __future__ import annotations

import polars as pl

from sim.analysis.data import Run, name_cards
from sim.analysis.seats import seat_advantage
from sim.analysis.stats import newcombe_difference
from sim.analysis.tables import with_wilson
from sim.inhabit.catalog import CLASSES, CONTINENTS

PLAYED = ("introduced", "multiplied", "evolved", "adapted")


def first_seat(run: Run) -> pl.DataFrame:
    """Per player count: the first seat's win rate (win shares, Wilson) against its fair share."""
    table = seat_advantage(run)
    return table.filter(pl.col("seat") == 1) if not table.is_empty() else table


def _by_member(run: Run, column: str, label: str, names: tuple[str, ...], offset: int) -> pl.DataFrame:
    seats = run.seats
    if seats.is_empty() or column not in seats.columns:
        return pl.DataFrame()
    members = (seats.select("game", "seat", "won", pl.col(column).list.unique().alias(label)).explode(label)
               .drop_nulls(label))
    table = members.group_by(label).agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))
    table = with_wilson(table.with_columns((pl.col("n") / seats.height).alias("share")))
    table = with_difference(table, seats.height, int(seats["won"].sum()))
    return table.with_columns(pl.col(label).map_elements(lambda value: names[int(value) - offset],
                                                         return_dtype=pl.String).alias("name")
                              ).sort("win_rate", descending=True)


def with_difference(table: pl.DataFrame, seats: int, wins: int) -> pl.DataFrame:
    """Add the seats without the member (`n_without`, `wins_without`, `win_without`) and the difference
    of the win rates with and without it (`difference`, Newcombe 95% `difference_low`/`_high`): the two
    groups share no seat, so unlike two members' rates (a seat holds several classes) they are independent."""
    table = table.with_columns((seats - pl.col("n")).alias("n_without"), (wins - pl.col("wins")).alias("wins_without"))
    bounds = [newcombe_difference(int(w), int(n), int(v), int(m)) for w, n, v, m in
              table.select("wins", "n", "wins_without", "n_without").iter_rows()]
    return table.with_columns(
        pl.when(pl.col("n_without") > 0).then(pl.col("wins_without") / pl.col("n_without")).alias("win_without"),
        *(pl.Series(name, [bound[index] for bound in bounds], dtype=pl.Float64).fill_nan(None)
          for index, name in enumerate(("difference", "difference_low", "difference_high"))))


def class_strength(run: Run) -> pl.DataFrame:
    """Per creature class: seats that ended with it (`n`, `share` of all seats), their win rate, and its
    difference to the win rate of the seats without it (`with_difference`)."""
    return _by_member(run, "classes", "class", CLASSES, 1)


def continent_strength(run: Run) -> pl.DataFrame:
    """Per continent: seats that ended with a marker there, their win rate and its difference to the others'."""
    return _by_member(run, "continents", "continent", CONTINENTS, 0)


def card_strength(run: Run, min_n: int = 20) -> pl.DataFrame:
    """Per card played by at least `min_n` seats: its win rate when played (Wilson), best first."""
    events = run.card_events
    if events.is_empty():
        return pl.DataFrame()
    played = (events.filter(pl.col("event").is_in(PLAYED)).select("game", "seat", "card").unique()
              .join(run.seats.select("game", "seat", "won"), on=["game", "seat"]))
    table = played.group_by("card").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"))
    table = with_wilson(table.filter(pl.col("n") >= min_n)).sort("win_rate", descending=True)
    return name_cards(run, table)


def race_length(run: Run) -> pl.DataFrame:
    """Per player count: games, turns per player (median, 5%, 95%), how the games ended, final spaces."""
    games = run.games
    if games.is_empty() or "turns" not in games.columns:
        return pl.DataFrame()
    per_player = games.with_columns((pl.col("turns") / pl.col("players")).alias("turns_per_player"),
                                    pl.col("end_reason").cast(pl.String))
    return per_player.group_by("players").agg(
        pl.len().alias("n"), pl.col("turns_per_player").median().alias("median"),
        pl.col("turns_per_player").quantile(0.05).alias("low"), pl.col("turns_per_player").quantile(0.95).alias("high"),
        (pl.col("end_reason") == "turn_cap").sum().alias("capped"), pl.col("finals").mean().alias("finals"),
    ).sort("players")


def turns_per_player(run: Run) -> pl.DataFrame:
    """Every game's turns per player, with its player count (for the histogram)."""
    games = run.games
    if games.is_empty() or "turns" not in games.columns:
        return pl.DataFrame()
    return games.select("players", (pl.col("turns") / pl.col("players")).alias("turns_per_player"))


def scoring_pay(run: Run, min_n: int = 5) -> pl.DataFrame:
    """Per scoring card on top of a creature at the end of at least `min_n` seats: how often it paid
    (`paid`: share scoring more than 0), its mean points and the win rate of those seats."""
    seats = run.seats
    if seats.is_empty() or "scoring_cards" not in seats.columns:
        return pl.DataFrame()
    scored = (seats.select("won", pl.col("scoring_cards").alias("card"), pl.col("scoring_points").alias("points"))
              .explode("card", "points").drop_nulls("card"))
    if scored.is_empty():
        return pl.DataFrame()
    table = scored.group_by("card").agg(pl.len().alias("n"), pl.col("won").sum().alias("wins"),
                                        (pl.col("points") > 0).mean().alias("paid"),
                                        pl.col("points").mean().alias("mean_points"))
    table = with_wilson(table.filter(pl.col("n") >= min_n)).sort("mean_points", descending=True)
    return name_cards(run, table)
