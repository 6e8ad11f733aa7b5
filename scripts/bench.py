"""Benchmark: median speed of complete 2-player games, decisions per second, peak memory,
the search bot's time per decision, scaling of the experiment runner with workers, and bytes
per game on disk; for Ark & Noah, 4-player games of random bots and of its default heuristic,
and the fuzz of its invariants over 2,000 random games (checked after every decision);
then Inhabit the Earth's game speeds (and, with --inhabit-fuzz, its invariant fuzz).
Run with `make bench`; the figures go into notes, not tests."""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run

ARKNOVA = ("arknova", {"players": 2, "maps": "random"})  # the setting of Ark Nova's bots' targets
ARKNOAH = ("sim.arknoah.game:ArkNoah", {"players": 4})  # Ark & Noah's targets: 4 players


def one_batch(bot: str, games: int, seed: int, game_and_config: tuple[str, dict[str, Any]] = ARKNOVA
              ) -> tuple[float, float, int]:
    """Seconds per game, decisions per second, games stopped by the cap."""
    name, config = game_and_config
    factory = get_game(name)
    players = config["players"]
    decisions, capped, elapsed = 0, 0, 0.0
    for game_seed in derive_seeds(seed, games):
        game = factory.new_game(config, game_seed)
        bots = [make_bot(bot, name) for _ in range(players)]
        started = time.perf_counter()
        record = play_game(game, bots, game_seed)
        elapsed += time.perf_counter() - started
        decisions += record.decisions
        capped += record.status != "finished"
    return elapsed / games, decisions / elapsed, capped


def search_decision_times(games: int, seed: int) -> list[float]:
    """Seconds of every searched decision of `default_search` playing `default` (maps 1-8),
    the search bot in seat 1 of even games and seat 2 of odd ones."""
    factory = get_game("arknova")
    times: list[float] = []
    for index, game_seed in enumerate(derive_seeds(seed, games)):
        search = make_bot("default_search")

        def timed(observation: Any, decision: Decision, rng: random.Random, search: Any = search) -> Any:
            started = time.perf_counter()
            option = search.choose(observation, decision, rng)
            if search.last_simulations:
                times.append(time.perf_counter() - started)
            return option

        searcher = SimpleNamespace(choose=timed)
        bots = [searcher, make_bot("default")] if index % 2 == 0 else [make_bot("default"), searcher]
        play_game(factory.new_game({"players": 2, "maps": "random"}, game_seed), bots, game_seed)
    return times


def runner_rate(jobs: int, games: int, seed: int) -> tuple[float, float, float]:
    """Games per second of `arkmc run` with random bots, worker peak memory (MB), bytes per game."""
    with tempfile.TemporaryDirectory() as folder:
        experiment = build_experiment({"bots": ["random"], "games": games, "seed": seed, "jobs": jobs,
                                       "chunk_size": 20, "out": folder, "options": {"maps": "random"}})
        summary = run(experiment, progress=False)
        manifest = json.loads((Path(folder) / "manifest.json").read_text())
        peak = max(chunk["peak_memory_mb"] for chunk in manifest["chunks_done"].values())
        size = sum(part.stat().st_size for part in Path(folder).glob("*/*.parquet"))
    return games / summary.seconds, peak, size / games


def arknoah_fuzz(games: int) -> tuple[float, int, dict[str, int]]:
    """Ark & Noah's invariants after every decision of `games` random games (2, 3 and 4 players in
    turn, one in five under the quick rules): seconds, decisions checked, games by end reason."""
    factory = get_game(ARKNOAH[0])
    started, decisions, ends = time.perf_counter(), 0, {}
    for index, game_seed in enumerate(derive_seeds(7, games)):
        game = factory.new_game({"players": 2 + index % 3, "quick": index % 5 == 4}, game_seed)
        choices = random.Random(game_seed)
        while not game.is_over():
            options = game.decision().options
            game.apply(options[choices.randrange(len(options))])
            game.check_invariants()  # type: ignore[attr-defined]
            decisions += 1
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1  # type: ignore[attr-defined]
    return time.perf_counter() - started, decisions, ends


def arknoah_lines(args: argparse.Namespace) -> None:
    import heuristics.arknoah  # noqa: F401  (registers Ark & Noah's bots where no entry point does)

    print(f"Ark & Noah, 4 players (targets: random <= 10 ms, default <= 100 ms a game; median of {args.repeats} batches)")
    print(f"{'bot':<8} {'ms/game (median)':>17} {'games/s':>8} {'decisions/s':>12} {'capped':>7}")
    for bot, games in (("random", args.arknoah_games), ("default", max(1, args.arknoah_games // 4))):
        batches = [one_batch(bot, games, repeat, ARKNOAH) for repeat in range(args.repeats)]
        per_game = statistics.median(batch[0] for batch in batches)
        rate = statistics.median(batch[1] for batch in batches)
        print(f"{bot:<8} {per_game * 1000:>17.1f} {1 / per_game:>8.1f} {rate:>12,.0f} {sum(b[2] for b in batches):>7}")
    if args.arknoah_fuzz:
        seconds, decisions, ends = arknoah_fuzz(args.arknoah_fuzz)
        print(f"invariants held after each of {decisions:,} decisions of {args.arknoah_fuzz:,} random games "
              f"(2-4 players, 1 in 5 quick) in {seconds:.0f} s; ends: {ends}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5, help="batches per measurement; medians are over batches")
    parser.add_argument("--random-games", type=int, default=40, help="games per random batch")
    parser.add_argument("--default-games", type=int, default=10, help="games per batch of heuristic_v1, default and distilled")
    parser.add_argument("--runner-games", type=int, default=400, help="games per runner batch")
    parser.add_argument("--search-games", type=int, default=2, help="games of default_search against default")
    parser.add_argument("--arknoah-games", type=int, default=100, help="Ark & Noah games per random batch (a quarter "
                        "of it for the default heuristic)")
    parser.add_argument("--arknoah-fuzz", type=int, default=2000, help="random Ark & Noah games whose invariants are "
                        "checked after every decision (0 = none)")
    parser.add_argument("--only-arknoah", action="store_true", help="only the Ark & Noah lines")
    parser.add_argument("--inhabit-fuzz", type=int, default=0,
                        help="Inhabit the Earth: random games per player count with the invariants checked (2000 in docs)")
    args = parser.parse_args()
    if min(args.repeats, args.random_games, args.default_games, args.runner_games) < 1 or args.arknoah_games < 4:
        parser.error("--repeats, --random-games, --default-games and --runner-games must be at least 1, "
                     "--arknoah-games at least 4 (a quarter of it is the default's batch)")
    if min(args.search_games, args.arknoah_fuzz, args.inhabit_fuzz) < 0:
        parser.error("--search-games, --arknoah-fuzz and --inhabit-fuzz must be at least 0")
    if args.only_arknoah:
        arknoah_lines(args)
        return
    print(f"{'bot':<12} {'ms/game (median)':>13} {'games/s':>8} {'decisions/s':>12} {'capped':>7}   "
          f"(median of {args.repeats} batches)")
    games = {"random": args.random_games, "heuristic_v1": args.default_games, "default": args.default_games,
             "distilled": args.default_games}
    batches: dict[str, list[tuple[float, float, int]]] = {bot: [] for bot in games}
    for repeat in range(args.repeats):  # the bots' batches interleaved, so that each bot sees the same load
        for bot, count in games.items():
            batches[bot].append(one_batch(bot, count, repeat))
    medians = {}
    for bot, runs in batches.items():
        per_game = medians[bot] = statistics.median(batch[0] for batch in runs)
        rate = statistics.median(batch[1] for batch in runs)
        print(f"{bot:<12} {per_game * 1000:>13.1f} {1 / per_game:>8.1f} {rate:>12,.0f} {sum(b[2] for b in runs):>7}")
    print(f"distilled / heuristic_v1, seconds per game: {medians['distilled'] / medians['heuristic_v1']:.2f} "
          "(issue 27's target for a new default against today's: at most 0.5)")
    arknoah_lines(args)
    if args.search_games:
        times = sorted(search_decision_times(args.search_games, 0))
        print(f"default_search: {len(times)} searched decisions in {args.search_games} games, seconds per decision: "
              f"median {statistics.median(times):.2f}, 95% {times[int(0.95 * (len(times) - 1))]:.2f}, "
              f"max {times[-1]:.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")
    print(f"arkmc run, random bots, {args.runner_games} games, chunks of 20 (median of {args.repeats} runs):")
    rates = {}
    for jobs in (1, 2):
        runs = [runner_rate(jobs, args.runner_games, repeat) for repeat in range(args.repeats)]
        rates[jobs] = statistics.median(item[0] for item in runs)
        print(f"  {jobs} worker{'s' if jobs > 1 else ' '}: {rates[jobs]:6.1f} games/s, worker peak memory "
              f"{max(item[1] for item in runs):.0f} MB, {statistics.median(item[2] for item in runs):,.0f} bytes/game")
    print(f"  speed-up with 2 workers: x{rates[2] / rates[1]:.2f}")
    from inhabit_bench import fuzz, speed_lines  # Inhabit the Earth's lines (scripts/inhabit_bench.py)

    for line in speed_lines():
        print(line)
    if args.inhabit_fuzz:
        print(fuzz(args.inhabit_fuzz))


if __name__ == "__main__":
    main()
