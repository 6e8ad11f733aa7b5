"""A digest of complete Ark Nova games: every decision asked (seat, kind, legal options), every option
chosen and every result, for fixed seeds and bots. A change that must not change play (a refactor, a
speed-up) leaves every digest as it was; run it before and after and compare the lines."""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds

CASES = (("random", 2, 30), ("random", 4, 10), ("random", 1, 10), ("default", 2, 3))  # bot, players, games


def fingerprint(bot: str, players: int, games: int, seed: int) -> str:
    """The digest of `games` games of `bot` in every seat (maps 1-8)."""
    digest = hashlib.sha256()
    factory = get_game("arknova")

    def record(state: Any, decision: Decision, choice: Any) -> None:
        digest.update(repr((decision.seat, decision.kind, decision.options, choice)).encode())

    for game_seed in derive_seeds(seed, games):
        game = factory.new_game({"players": players, "maps": "random"}, game_seed)
        result = play_game(game, [make_bot(bot, "arknova") for _ in range(players)], game_seed, listeners=[record])
        digest.update(repr([(seat.seat, seat.score, seat.rank) for seat in result.results]).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7, help="base seed of the games")
    seed = parser.parse_args().seed
    for bot, players, games in CASES:
        print(bot, players, games, fingerprint(bot, players, games, seed))


if __name__ == "__main__":
    main()
