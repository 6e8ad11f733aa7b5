"""Inhabit the Earth's benchmark lines (`make bench` prints them through scripts/bench.py), its long invariant
fuzz and its bot matches:

    python scripts/inhabit_bench.py                  # speed: random 4-player game, default-bot games
    python scripts/inhabit_bench.py --fuzz 2000      # 2,000 random games per player count, invariants after every decision
    python scripts/inhabit_bench.py --bots 300       # default vs random, inhabit_search vs default: win rates (Wilson)

Every figure describes the reconstructed data pack (docs/inhabit/data.md)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

import heuristics.inhabit.bot  # noqa: F401  (registers the family for "inhabit")
from sim.core.play import play_game
from sim.core.registry import make_bot
from sim.core.seeds import derive_seeds
from sim.inhabit.game import Inhabit
from sim.pipeline.summary import wilson

GAME = "inhabit"


def ms_per_game(specs: list[str], games: int, seed: int) -> float:
    """Median over 3 batches of the milliseconds per game of these bots (one core, this process)."""
    factory = Inhabit()
    batches = []
    for batch in range(3):
        elapsed = 0.0
        for game_seed in derive_seeds(seed + batch, games):
            bots = [make_bot(spec, GAME) for spec in specs]
            game = factory.new_game({"players": len(specs)}, game_seed)
            started = time.perf_counter()
            play_game(game, bots, game_seed)
            elapsed += time.perf_counter() - started
        batches.append(elapsed / games * 1000)
    return statistics.median(batches)


def speed_lines(random_games: int = 60, default_games: int = 10) -> list[str]:
    lines = [f"inhabit: random 4-player game {ms_per_game(['random'] * 4, random_games, 0):.1f} ms (target 20)"]
    for players in (2, 4):
        lines.append(f"inhabit: default-bot {players}-player game {ms_per_game(['default'] * players, default_games, 1):.0f} ms"
                     " (target 200)")
    return lines


def fuzz(games: int, seed: int = 0) -> str:
    """`games` random games per player count with `check_invariants` after every decision."""
    factory = Inhabit()
    started, decisions = time.perf_counter(), 0
    for players in (2, 3, 4):
        for game_seed in derive_seeds(seed, games, players):
            game = factory.new_game({"players": players}, game_seed)
            rng = random.Random(game_seed)
            while not game.is_over():
                decision = game.decision()
                game.apply(decision.options[rng.randrange(len(decision.options))])
                game.check_invariants()
                decisions += 1
    return (f"inhabit fuzz: {3 * games} random games (2, 3 and 4 players, {games} each), {decisions:,} decisions, "
            f"invariants held after every one; {time.perf_counter() - started:.0f} s")


def match(bot: str, opponent: str, games: int, players: int, seed: int = 7) -> str:
    """`bot` against `opponent` in every other seat, rotating its seat; its win share with a Wilson interval."""
    factory = Inhabit()
    wins = 0.0
    for index, game_seed in enumerate(derive_seeds(seed, games, players)):
        seat = index % players
        specs = [opponent] * players
        specs[seat] = bot
        record = play_game(factory.new_game({"players": players}, game_seed),
                           [make_bot(spec, GAME) for spec in specs], game_seed)
        winners = [result.seat for result in record.results if result.rank == 1]
        wins += 1 / len(winners) if seat in winners else 0.0
    low, high = wilson(wins, games)
    return (f"inhabit: {bot} vs {opponent}, {players} players: won {wins:g} of {games} games = {wins / games:.1%} "
            f"(Wilson 95% {low:.1%}-{high:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fuzz", type=int, default=0, help="random games per player count for the invariant fuzz")
    parser.add_argument("--bots", type=int, default=0, help="games per bot match (the search match plays a third as many)")
    args = parser.parse_args()
    if args.fuzz:
        print(fuzz(args.fuzz), flush=True)
    if args.bots:
        for players in (2, 4):
            print(match("default", "random", args.bots, players), flush=True)
        print(match("inhabit_search", "default", max(1, args.bots // 3), 2), flush=True)
    if not args.fuzz and not args.bots:
        for line in speed_lines():
            print(line, flush=True)


if __name__ == "__main__":
    main()
