"""The toy's own section of `arkmc report`: how many cards each bot plays, and how often it wins."""

from __future__ import annotations

from typing import Any

import polars as pl


def report_sections(run: Any) -> list[Any]:
    from sim.analysis.report import Section, num, pct

    section = Section("Toy Market: cards played")
    seats = run.seats
    if seats.is_empty():
        section.text.append("No finished game yet.")
        return [section]
    section.text.append("Every card played scores its value, so a bot that plays more cards should win more often.")
    by_bot = seats.group_by("bot").agg(pl.len().alias("seats"), pl.col("cards_played").mean().alias("cards"),
                                       pl.col("won").mean().alias("win_rate")).sort("bot")
    section.table("Cards played per game, by bot", by_bot, [
        ("bot", lambda row: row["bot"]), ("seats", lambda row: str(row["seats"])),
        ("cards played", lambda row: num(row["cards"])), ("win rate", lambda row: pct(row["win_rate"]))])
    return [section]
