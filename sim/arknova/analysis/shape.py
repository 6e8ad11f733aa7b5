"""Ark Nova's game shape: how long games last in turns and breaks, how appeal, conservation points and
score grow turn by turn, which actions the bots take and what moves the break token."""

from __future__ import annotations

import polars as pl

from sim.analysis.data import Run

TRACKS = ("appeal", "cp", "score")


def game_length(run: Run) -> pl.DataFrame:
    """Per bot: turns per player and breaks per game (median, 5%, 95%) over the games it played."""
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    joined = seats.join(run.games.select("game", "breaks"), on="game")
    return joined.group_by("bot_spec").agg(
        pl.len().alias("n"), pl.col("turns").median().alias("turns_median"),
        pl.col("turns").quantile(0.05).alias("turns_5"), pl.col("turns").quantile(0.95).alias("turns_95"),
        pl.col("breaks").median().alias("breaks_median"), pl.col("breaks").quantile(0.05).alias("breaks_5"),
        pl.col("breaks").quantile(0.95).alias("breaks_95")).sort("bot_spec")


def progression(run: Run) -> pl.DataFrame:
    """Per bot and player turn: seats still playing (n) and the mean and quartiles of appeal, CP and score."""
    turns = run.turns
    if turns.is_empty():
        return pl.DataFrame()
    bots = run.seats.select("game", "seat", "bot_spec")
    joined = turns.join(bots, on=["game", "seat"])
    aggregates = [pl.len().alias("n")]
    for track in TRACKS:
        aggregates += [pl.col(track).cast(pl.Float64).mean().alias(track),
                       pl.col(track).quantile(0.25).alias(f"{track}_25"), pl.col(track).quantile(0.75).alias(f"{track}_75")]
    return joined.group_by("bot_spec", "player_turn").agg(aggregates).sort("bot_spec", "player_turn")


def action_mix(run: Run) -> pl.DataFrame:
    """Per bot: the share of turns spent on each action (and on taking an X-token)."""
    turns = run.turns
    if turns.is_empty():
        return pl.DataFrame()
    joined = turns.join(run.seats.select("game", "seat", "bot_spec"), on=["game", "seat"])
    counts = joined.group_by("bot_spec", "action").len()
    return counts.with_columns((pl.col("len") / pl.col("len").sum().over("bot_spec")).alias("share")
                               ).rename({"len": "n"}).sort("bot_spec", "action")


def break_sources(run: Run) -> pl.DataFrame:
    """Per bot and action: how often a seat's turns moved the break token, by how many spaces and how
    many breaks they called, per seat (one player in one game). It shows what brings the breaks: a
    Cards action moves the token 2 spaces, a Sponsors action taken for money its strength, and a few
    animals' abilities a fixed number. Runs saved before turns carried break steps give no rows."""
    turns = run.turns
    if turns.is_empty() or "break_steps" not in turns.columns:
        return pl.DataFrame()
    bots = run.seats.select("game", "seat", "bot_spec")
    seats = bots.group_by("bot_spec").agg(pl.len().alias("seats"))
    moving = turns.join(bots, on=["game", "seat"]).filter(pl.col("break_steps") > 0)
    per_action = moving.group_by("bot_spec", "action").agg(
        pl.len().alias("turns"), pl.col("break_steps").cast(pl.Int64).sum().alias("spaces"),
        pl.col("break_called").cast(pl.Int64).sum().alias("called"))
    per_seat = [pl.col(name).truediv(pl.col("seats")).alias(f"{name}_per_seat") for name in ("turns", "spaces", "called")]
    joined = per_action.join(seats, on="bot_spec").with_columns(per_seat)
    return joined.sort("bot_spec", "spaces", descending=[False, True])
