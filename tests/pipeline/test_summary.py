"""The summary `arkmc run` prints: a shared win is split between the tied seats."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.pipeline.storage import RunFolder
from sim.pipeline.summary import summarize, wilson


def _write(folder: Path, tables: dict[str, list[dict]]) -> None:
    """The tables as one saved chunk of a run folder."""
    run = RunFolder(folder)
    manifest = run.start({}, "test", 1, "test")
    run.save_chunk(manifest, 0, {table: pl.DataFrame(rows) for table, rows in tables.items()}, {"games": 10})


def test_a_shared_win_counts_half_for_each_tied_seat(tmp_path: Path) -> None:
    # 10 games: seat 1 wins 4, seat 2 wins 2, and 4 end in a shared win.
    winners = [(0,)] * 4 + [(1,)] * 2 + [(0, 1)] * 4
    _write(tmp_path, {
        "games": [{"game": game, "status": "finished", "winners": len(seats)} for game, seats in enumerate(winners)],
        "seats": [{"game": game, "seat": seat, "bot_spec": "random", "won": seat in seats,
                   "points": 1.0 if seat in seats else 0.0, "turns": 40}
                  for game, seats in enumerate(winners) for seat in (0, 1)]})
    lines = summarize(RunFolder(tmp_path))
    assert "shared wins 4" in lines[0]
    rates = {line.split()[0]: line.split()[3] for line in lines[3:]}
    assert rates == {"1": "60.0%", "2": "40.0%"}  # (4 + 4/2) / 10 and (2 + 4/2) / 10
    low, high = wilson(6, 10)
    assert f"[{low:.1%}, {high:.1%}]" in lines[3]
