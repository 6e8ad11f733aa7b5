"""Benchmark: median speed of complete 2-player games, decisions per second, peak memory,
and scaling with joblib workers. Run with `make bench`; the figures go into notes, not tests."""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from sim.batch import play_many
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds


def one_batch(bot: str, games: int, seed: int) -> tuple[float, float, int]:
    """Seconds per game, decisions per second, games stopped by the cap."""
    factory = get_game("arknova")
    decisions, capped, elapsed = 0, 0, 0.0
    for game_seed in derive_seeds(seed, games):
        game = factory.new_game({"players": 2}, game_seed)
        bots = [make_bot(bot), make_bot(bot)]
        started = time.perf_counter()
        record = play_game(game, bots, game_seed)
        elapsed += time.perf_counter() - started
        decisions += record.decisions
        capped += record.status != "finished"
    return elapsed / games, decisions / elapsed, capped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5, help="batches per bot; medians are over batches")
    parser.add_argument("--random-games", type=int, default=40, help="games per random batch")
    parser.add_argument("--greedy-games", type=int, default=8, help="games per greedy batch")
    args = parser.parse_args()
    print(f"{'bot':<8} {'ms/game (median)':>17} {'games/s':>8} {'decisions/s':>12} {'capped':>7}   (median of {args.repeats} batches)")
    for bot, games in (("random", args.random_games), ("greedy", args.greedy_games)):
        batches = [one_batch(bot, games, repeat) for repeat in range(args.repeats)]
        per_game = statistics.median(batch[0] for batch in batches)
        rate = statistics.median(batch[1] for batch in batches)
        capped = sum(batch[2] for batch in batches)
        print(f"{bot:<8} {per_game * 1000:>17.1f} {1 / per_game:>8.1f} {rate:>12,.0f} {capped:>7}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")
    print("scaling with joblib workers (random bots, 200 games):")
    for jobs in (1, 2):
        started = time.perf_counter()
        play_many("arknova", {"players": 2}, ["random", "random"], 200, 99, jobs=jobs, chunk_size=25)
        seconds = time.perf_counter() - started
        print(f"  {jobs} worker{'s' if jobs > 1 else ' '}: {200 / seconds:6.1f} games/s")


if __name__ == "__main__":
    main()
