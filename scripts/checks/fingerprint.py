"""The check that play did not change: a digest of games of each game (Ark Nova, Ark & Noah, Inhabit the Earth),
every decision asked (seat, kind, legal options), every option chosen and every result, for fixed seeds and
bots. A change that must not change play (a refactor, a speed-up) leaves every digest as it was; run it before
and after and compare the lines:

    .venv/bin/python scripts/checks/fingerprint.py                  # every game's lines (about a minute)
    .venv/bin/python scripts/checks/fingerprint.py --only inhabit   # one game's lines

A line is: the game (left out for Ark Nova, whose lines predate the other games' and read as they always did),
the bots, the players, the games and the digest. Ark & Noah and Inhabit the Earth are digested with their
`random` and `default` bots, at 2 and 4 players, on their default options.

The bots are named by stable names (`heuristic_v2`, the default until issue 43) whose digests never move, and
by `default`, whose digests move when `default` becomes another bot. The search cases play `default_search`
with a fixed number of simulations instead of its wall-time budget (only a simulation budget is
reproducible), for the first decisions only: rolled out by `heuristic_v2` against it, and as shipped against
`default`."""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds

SEARCH = "default_search:ms=0,simulations=12"
UNNAMED = "arknova"  # the game whose lines carry no game name
CONFIGS: dict[str, dict[str, Any]] = {"arknova": {"maps": "random"}}  # a game's options besides the players
# (game; bot specs by seat, a single one meaning every seat; players; games; decisions at most per game)
CASES: tuple[tuple[str, tuple[str, ...], int, int, int], ...] = (
    ("arknova", ("random",), 2, 30, 20_000), ("arknova", ("random",), 4, 10, 20_000),
    ("arknova", ("random",), 1, 10, 20_000),
    ("arknova", ("heuristic_v2",), 2, 3, 20_000), ("arknova", ("heuristic_v2",), 4, 2, 20_000),
    ("arknova", ("heuristic_v2",), 1, 3, 20_000),
    ("arknova", (f"{SEARCH},rollout=heuristic_v2", "heuristic_v2"), 2, 2, 200),
    ("arknova", ("default",), 2, 3, 20_000), ("arknova", ("default",), 4, 2, 20_000),
    ("arknova", ("default",), 1, 3, 20_000),
    ("arknova", (SEARCH, "default"), 2, 2, 200),
    ("arknoah", ("random",), 2, 100, 20_000), ("arknoah", ("random",), 4, 50, 20_000),
    ("arknoah", ("default",), 2, 30, 20_000), ("arknoah", ("default",), 4, 20, 20_000),
    ("inhabit", ("random",), 2, 100, 20_000), ("inhabit", ("random",), 4, 50, 20_000),
    ("inhabit", ("default",), 2, 30, 20_000), ("inhabit", ("default",), 4, 20, 20_000),
)


def fingerprint(bots: tuple[str, ...], players: int, games: int, seed: int, max_decisions: int = 20_000,
                game_name: str = "arknova") -> str:
    """The digest of `games` games of `game_name` (Ark Nova: maps 1-8) of `bots` (one spec per seat, or one
    for every seat), each stopped after `max_decisions` decisions."""
    digest = hashlib.sha256()
    factory = get_game(game_name)
    config = {**CONFIGS.get(game_name, {}), "players": players}
    specs = bots if len(bots) == players else bots * players

    def record(state: Any, decision: Decision, choice: Any) -> None:
        digest.update(repr((decision.seat, decision.kind, decision.options, choice)).encode())

    for game_seed in derive_seeds(seed, games):
        game = factory.new_game(config, game_seed)
        result = play_game(game, [make_bot(spec, game_name) for spec in specs], game_seed,
                           max_decisions=max_decisions, listeners=[record])
        digest.update(repr([(seat.seat, seat.score, seat.rank) for seat in result.results]).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7, help="base seed of the games")
    parser.add_argument("--only", choices=sorted({case[0] for case in CASES}), help="only this game's lines")
    arguments = parser.parse_args()
    for game_name, bots, players, games, max_decisions in CASES:
        if arguments.only in (None, game_name):
            digest = fingerprint(bots, players, games, arguments.seed, max_decisions, game_name)
            print(*([] if game_name == UNNAMED else [game_name]), ",".join(bots), players, games, digest, flush=True)


if __name__ == "__main__":
    main()
