"""The check that play did not change: a digest of Ark Nova games, every decision asked (seat, kind, legal
options), every option chosen and every result, for fixed seeds and bots. A change that must not change play
(a refactor, a speed-up) leaves every digest as it was; run it before and after and compare the lines:

    .venv/bin/python scripts/checks/fingerprint.py

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
# (bot specs by seat, a single one meaning every seat; players; games; decisions at most per game)
CASES: tuple[tuple[tuple[str, ...], int, int, int], ...] = (
    (("random",), 2, 30, 20_000), (("random",), 4, 10, 20_000), (("random",), 1, 10, 20_000),
    (("heuristic_v2",), 2, 3, 20_000), (("heuristic_v2",), 4, 2, 20_000), (("heuristic_v2",), 1, 3, 20_000),
    ((f"{SEARCH},rollout=heuristic_v2", "heuristic_v2"), 2, 2, 200),
    (("default",), 2, 3, 20_000), (("default",), 4, 2, 20_000), (("default",), 1, 3, 20_000),
    ((SEARCH, "default"), 2, 2, 200),
)


def fingerprint(bots: tuple[str, ...], players: int, games: int, seed: int, max_decisions: int = 20_000) -> str:
    """The digest of `games` games (maps 1-8) of `bots` (one spec per seat, or one for every seat),
    each stopped after `max_decisions` decisions."""
    digest = hashlib.sha256()
    factory = get_game("arknova")
    specs = bots if len(bots) == players else bots * players

    def record(state: Any, decision: Decision, choice: Any) -> None:
        digest.update(repr((decision.seat, decision.kind, decision.options, choice)).encode())

    for game_seed in derive_seeds(seed, games):
        game = factory.new_game({"players": players, "maps": "random"}, game_seed)
        result = play_game(game, [make_bot(spec, "arknova") for spec in specs], game_seed,
                           max_decisions=max_decisions, listeners=[record])
        digest.update(repr([(seat.seat, seat.score, seat.rank) for seat in result.results]).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7, help="base seed of the games")
    seed = parser.parse_args().seed
    for bots, players, games, max_decisions in CASES:
        print(",".join(bots), players, games, fingerprint(bots, players, games, seed, max_decisions), flush=True)


if __name__ == "__main__":
    main()
