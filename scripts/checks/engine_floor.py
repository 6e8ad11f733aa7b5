"""How much of a game is the bots' thinking: the same games played again from their recorded choices.

A bot's speed target (issue 45) can only be met by what the bot itself costs. This script plays games of one bot
on every seat, records every choice (a listener of the play loop), then plays the same games again (same seeds)
with seats that answer the recorded choices and think nothing: that replay costs the rules alone, the floor
under any bot of the same play. It prints the CPU ms per game of both (each the median of --repeats),
and the bots' share of a game.

    .venv/bin/python scripts/checks/engine_floor.py                       # Ark Nova, 2 players, `default`
    .venv/bin/python scripts/checks/engine_floor.py --game arknoah --games 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import ARKNOAH, ARKNOVA, INHABIT  # noqa: E402 (a sibling script: the settings the speed targets use)

from sim.core.decision import Decision  # noqa: E402
from sim.core.play import play_game  # noqa: E402
from sim.core.protocols import ANY_GAME  # noqa: E402
from sim.core.registry import get_game, make_bot  # noqa: E402
from sim.core.seeds import derive_seeds  # noqa: E402

SETTINGS = {name: config for name, config in (ARKNOVA, ARKNOAH, INHABIT)}
NONE_LEFT = object()  # a replayed seat asked once more than it was recorded


class Replay:
    """A seat that answers the choices another bot made at it, in order, and looks at nothing."""

    name = "replay"
    games: tuple[str, ...] = (ANY_GAME,)
    observes = False

    def __init__(self, choices: list[Any]) -> None:
        self.choices = iter(choices)

    def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
        choice = next(self.choices, NONE_LEFT)
        if choice is NONE_LEFT or choice not in decision.options:
            raise ValueError(f"seat {decision.seat + 1}'s recorded choices do not fit the game replayed: it strayed "
                             f"at a {decision.kind!r} decision")
        return choice


def recorded_games(game: str, bot: str, seeds: list[int]) -> tuple[float, list[list[list[Any]]]]:
    """CPU seconds a game of `bot` on every seat, and each game's choices by seat (those a bot was asked for)."""
    factory, config = get_game(game), SETTINGS[game]
    games = []
    started = time.process_time()
    for seed in seeds:
        choices: list[list[Any]] = [[] for _ in range(config["players"])]

        def record(state: Any, decision: Decision, choice: Any, choices: list[list[Any]] = choices) -> None:
            if len(decision.options) > 1:  # the play loop answers a single option itself
                choices[decision.seat].append(choice)

        bots = [make_bot(bot, game) for _ in range(config["players"])]
        play_game(factory.new_game(config, seed), bots, seed, listeners=(record,))
        games.append(choices)
    return (time.process_time() - started) / len(seeds), games


def replayed(game: str, seeds: list[int], games: list[list[list[Any]]]) -> float:
    """CPU seconds a game of the same games played from their recorded choices."""
    factory, config = get_game(game), SETTINGS[game]
    started = time.process_time()
    for seed, choices in zip(seeds, games):
        record = play_game(factory.new_game(config, seed), [Replay(seat) for seat in choices], seed)
        if record.status != "finished":
            raise ValueError(f"game {seed} did not replay to its end ({record.status})")
    return (time.process_time() - started) / len(seeds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SETTINGS), default="arknova")
    parser.add_argument("--bot", default="default", help="the bot on every seat (default: default)")
    parser.add_argument("--games", type=int, default=30, help="games to play and replay (default: 30)")
    parser.add_argument("--repeats", type=int, default=5, help="timings of each, for the medians (default: 5)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    seeds = derive_seeds(args.seed, args.games)
    _, games = recorded_games(args.game, args.bot, seeds)  # untimed: a process's first games build the game's
    # tables (catalog, each map's placements), which are not the bots' cost nor the rules'
    played = statistics.median(recorded_games(args.game, args.bot, seeds)[0] for _ in range(args.repeats))
    try:
        floor = statistics.median(replayed(args.game, seeds, games) for _ in range(args.repeats))
    except ValueError as error:  # a bot whose choices do not replay its games (it must play by its seed alone)
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{args.game}, {SETTINGS[args.game]['players']} players, {args.games} games of {args.bot!r}: "
          f"{played * 1000:.1f} ms CPU a game; the same games from their recorded choices {floor * 1000:.2f} ms "
          f"(medians of {args.repeats}): the bots' thinking is {1 - floor / played:.0%} of a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
