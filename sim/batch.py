"""Play many games in parallel joblib workers and return one summary row per seat.

Game-agnostic: the game comes from the registry by name and every game's seed is
spawned from the base seed, so results do not depend on the number of workers.
(The durable Parquet runner with resume and cluster backends builds on this.)
"""

from __future__ import annotations

import time
from typing import Any, Iterable, Mapping, Sequence

from joblib import Parallel, delayed

from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds


def play_one(game_name: str, config: Mapping[str, Any], bot_specs: Sequence[str], index: int, seed: int) -> list[dict[str, Any]]:
    """Play one game; one row per seat with the outcome and the game's status."""
    game = get_game(game_name).new_game(config, seed)
    bots = [make_bot(spec) for spec in bot_specs]
    started = time.perf_counter()
    record = play_game(game, bots, seed)
    seconds = time.perf_counter() - started
    rows = []
    results = {result.seat: result for result in record.results}
    for seat, spec in enumerate(bot_specs):
        result = results.get(seat)
        rows.append({
            "game": index, "seed": seed, "seat": seat, "bot": spec, "status": record.status,
            "decisions": record.decisions, "seconds": seconds,
            "vp": result.score if result else None, "rank": result.rank if result else None,
            "won": bool(result and result.rank == 1),
            **(dict(result.details) if result else {}),
        })
    return rows


def _chunk(game_name: str, config: Mapping[str, Any], bot_specs: Sequence[str],
           items: list[tuple[int, int]]) -> list[dict[str, Any]]:
    return [row for index, seed in items for row in play_one(game_name, config, bot_specs, index, seed)]


def play_many(game_name: str, config: Mapping[str, Any], bot_specs: Sequence[str], games: int,
              base_seed: int, jobs: int = -1, chunk_size: int = 10, progress: Any = None) -> list[dict[str, Any]]:
    """Play `games` games; `progress` (a tqdm bar or None) is advanced as chunks finish."""
    seeds = derive_seeds(base_seed, games)
    items = list(enumerate(seeds))
    chunks = [items[start:start + chunk_size] for start in range(0, games, chunk_size)]
    rows: list[dict[str, Any]] = []
    runner = Parallel(n_jobs=jobs, return_as="generator")
    results: Iterable[list[dict[str, Any]]] = runner(
        delayed(_chunk)(game_name, dict(config), list(bot_specs), chunk) for chunk in chunks)
    for chunk, chunk_rows in zip(chunks, results):
        rows.extend(chunk_rows)
        if progress is not None:
            progress.update(len(chunk))
    return rows
