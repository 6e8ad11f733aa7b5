"""Ark & Noah's statistics over a run: the start player's edge in mirror games, what each action is
worth to the players who plan it often, what the bonus tiles do to the choices, which species win
when they board, and how often cages and pairs are shared. Every figure describes the run's data
pack (the reconstructed one unless the run overrode it): see docs/arknoah/data.md.

Win rates count a shared win as a win for each tied seat (rank 1), as the card tables do; the
seats' own table (`first_seat`) counts each tied seat an equal share, as the generic seat table does.
"""

from __future__ import annotations

import polars as pl

from sim.analysis.data import Run
from sim.analysis.stats import bootstrap_mean, newcombe_difference
from sim.analysis.tables import with_wilson
from sim.pipeline.summary import with_win_share

ACTIONS = ("pitch", "animals", "food", "swap", "wood", "build", "load")


def mirror_seats(run: Run) -> pl.DataFrame:
    """Seats of the games in which every seat played the same bot: there the seat alone differs."""
    seats = run.seats
    if seats.is_empty():
        return seats
    mirror = seats.group_by("game").agg(pl.col("bot_spec").n_unique().alias("specs")).filter(pl.col("specs") == 1)
    return seats.join(mirror.select("game"), on="game")


def first_seat(run: Run) -> pl.DataFrame:
    """Per player count, over mirror games: the start player's (seat 1's) win share with its Wilson
    interval against the fair 1/players, and its mean VP lead over the average other seat (bootstrap)."""
    seats = mirror_seats(run)
    if seats.is_empty():
        return pl.DataFrame()
    shared = with_win_share(seats)
    others = shared.filter(pl.col("seat") > 0).group_by("game").agg(pl.col("points").mean().alias("others"))
    first = shared.filter(pl.col("seat") == 0).join(others, on="game")
    rows = []
    for (players,), group in first.group_by("players"):
        lead, low, high = bootstrap_mean((group["points"] - group["others"]).to_numpy())
        rows.append({"players": players, "n": group.height, "wins": group["win_share"].sum(), "lead": lead,
                     "lead_low": low, "lead_high": high, "fair": 1 / players})
    return with_wilson(pl.DataFrame(rows)).sort("players")


def action_value(run: Run) -> pl.DataFrame:
    """Per action: how often it is planned (per seat and game) and the win rate of the seats that
    planned it more often than the median seat of their player count against the others, with
    Newcombe's interval of the difference."""
    choices, seats = run.table("choices"), run.seats
    if choices.is_empty() or seats.is_empty():
        return pl.DataFrame()
    counts = choices.group_by("game", "seat", "action").len().rename({"len": "planned"})
    rows = []
    for action in ACTIONS:
        planned = seats.select("game", "seat", "players", "rank").join(
            counts.filter(pl.col("action") == action).drop("action"), on=["game", "seat"], how="left").with_columns(
            pl.col("planned").fill_null(0))
        above = planned.with_columns((pl.col("planned") > pl.col("planned").median().over("players")).alias("often"))
        often, rest = above.filter(pl.col("often")), above.filter(~pl.col("often"))
        won_often, won_rest = int((often["rank"] == 1).sum()), int((rest["rank"] == 1).sum())
        difference, low, high = newcombe_difference(won_often, often.height, won_rest, rest.height)
        rows.append({"action": action, "planned_per_seat": planned["planned"].mean(), "often_n": often.height,
                     "often_win": won_often / often.height if often.height else None, "rest_n": rest.height,
                     "rest_win": won_rest / rest.height if rest.height else None, "difference": difference,
                     "difference_low": low, "difference_high": high})
    return pl.DataFrame(rows)


def bonus_by_action(run: Run) -> pl.DataFrame:
    """Per action: plans, the share that took a bonus tile, the mean bonus taken and the largest."""
    choices = run.table("choices")
    if choices.is_empty():
        return pl.DataFrame()
    table = choices.group_by("action").agg(
        pl.len().alias("plans"), (pl.col("bonus") > 0).mean().alias("with_bonus"), pl.col("bonus").mean().alias("mean_bonus"),
        (pl.col("bonus") == pl.col("bonus").max()).sum().alias("at_max"))
    order = pl.DataFrame({"action": ACTIONS, "position": range(len(ACTIONS))})
    return table.join(order, on="action", how="left").sort("position").drop("position")


def bonus_and_winning(run: Run) -> pl.DataFrame:
    """Seats split at the median of the bonus VP they took (per player count): win rates of the two halves."""
    seats = run.seats
    if seats.is_empty() or "vp_bonus" not in seats.columns:
        return pl.DataFrame()
    halves = seats.with_columns((pl.col("vp_bonus") > pl.col("vp_bonus").median().over("players")).alias("more")).group_by(
        "more").agg(pl.len().alias("n"), (pl.col("rank") == 1).sum().alias("wins"), pl.col("vp_bonus").mean().alias("bonus"))
    return with_wilson(halves.sort("more", descending=True))


def species_strength(run: Run) -> pl.DataFrame:
    """Per species boarded during play (not at the last minute): pairs loaded, and the win rate of the
    tiles' owners (each owned tile one observation) with its Wilson interval, best first."""
    loads, seats = run.table("loads"), run.seats
    if loads.is_empty():
        return pl.DataFrame()
    played = loads.filter(~pl.col("last_minute"))
    owners = pl.concat([played.select("game", "species", "size", pl.col(column).alias("seat"))
                        for column in ("male_owner", "female_owner")])
    ranked = owners.join(seats.select("game", "seat", "rank"), on=["game", "seat"])
    table = ranked.group_by("species", "size").agg(pl.len().alias("n"), (pl.col("rank") == 1).sum().alias("wins"))
    pairs = played.group_by("species").len().rename({"len": "pairs"})
    return with_wilson(table.join(pairs, on="species")).sort("win_rate", "n", descending=True)


def cage_sharing(run: Run) -> pl.DataFrame:
    """Loads during play in cages of one colour or several, and pairs of one owner or two: how many,
    and the mean VP they brought the loader and the other players."""
    loads = run.table("loads")
    if loads.is_empty():
        return pl.DataFrame()
    played = loads.filter(~pl.col("last_minute")).with_columns(
        pl.when(pl.col("colours") > 1).then(pl.lit("shared cage")).otherwise(pl.lit("own cage")).alias("cage"),
        pl.when(pl.col("shared_pair")).then(pl.lit("shared pair")).otherwise(pl.lit("own pair")).alias("pair"))
    return played.group_by("cage", "pair").agg(
        pl.len().alias("loads"), pl.col("loader_vp").mean().alias("loader_vp"), pl.col("others_vp").mean().alias("others_vp"),
        pl.col("own_walls").mean().alias("own_walls"), pl.col("walls").mean().alias("walls")).sort("cage", "pair")


def sharing_and_winning(run: Run) -> pl.DataFrame:
    """Seats that loaded at least one pair, split by whether any of their loads went into a cage
    walled by several colours: n and win rate (Wilson)."""
    loads, seats = run.table("loads"), run.seats
    if loads.is_empty():
        return pl.DataFrame()
    per_seat = loads.filter(~pl.col("last_minute")).group_by("game", "seat").agg(
        (pl.col("colours") > 1).any().alias("shared"))
    joined = per_seat.join(seats.select("game", "seat", "rank"), on=["game", "seat"])
    table = joined.group_by("shared").agg(pl.len().alias("n"), (pl.col("rank") == 1).sum().alias("wins"))
    return with_wilson(table.sort("shared", descending=True))
