"""Calibrate the search bot's `scale`: how many points of value margin make one logit of winning (the
`scale` of the `default_search` preset, heuristics/arknova/zoo.py, is this fit's; docs/research/arknova-bots.md, "Why
`scale=15` and `width=5`").

The search turns a leaf's value margin (a seat's value minus the best other seat's) into a
reward with sigmoid(margin / scale), which reads as the chance of winning from that position.
This script measures that chance: it plays self-play games of an evaluating bot, records the
mover's value margin at every decision of the given kind, and fits a logistic regression of
the final win on the margin (no intercept: a zero margin is an even game), over all decisions
and by fifth of the game. The fitted scale is 1 / slope. Run with
`.venv/bin/python scripts/data/calibrate_search_scale.py --games 300`.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import statsmodels.api as sm
from joblib import Parallel, delayed

from heuristics.search import value_margins
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.protocols import GameState
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds


def margins_of_one_game(game: str, options: dict[str, Any], bot: str, players: int, kind: str,
                        seed: int) -> list[tuple[float, float, float]]:
    """(share of the game played, mover's value margin, mover's win share) at each `kind` decision."""
    bots = [make_bot(bot, game) for _ in range(players)]
    evaluate = bots[0].value
    seen: list[tuple[int, float]] = []

    def record(state: GameState, decision: Decision, _choice: Any) -> None:
        if decision.kind == kind:
            margins = value_margins({seat: evaluate(state, seat) for seat in range(players)})
            seen.append((decision.seat, margins[decision.seat]))

    factory = get_game(game)
    state = factory.new_game(factory.validate({**options, "players": players}), seed)
    result = play_game(state, bots, seed, listeners=[record])
    winners = [seat.seat for seat in result.results if seat.rank == 1]
    return [(index / len(seen), margin, (seat in winners) / len(winners)) for index, (seat, margin) in enumerate(seen)]


def fitted_scale(margin: np.ndarray, won: np.ndarray) -> tuple[float, float, float]:
    """The scale and its 95% interval, from a logistic fit without intercept (ties left out)."""
    decided = (won == 0) | (won == 1)
    fit = sm.Logit(won[decided], margin[decided][:, None]).fit(disp=0)
    low, high = fit.conf_int()[0]
    return 1 / fit.params[0], 1 / high, 1 / low


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="arknova")
    parser.add_argument("--bot", default="default", help="an evaluating bot: it has value(state, seat)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--maps", default="random", help="Ark Nova maps option, as in arkmc tournament")
    parser.add_argument("--kind", default="turn", help="the decisions whose margins are recorded")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not hasattr(make_bot(args.bot, args.game), "value"):
        parser.error(f"bot {args.bot!r} has no value(state, seat) to calibrate")
    games = Parallel(n_jobs=args.jobs)(
        delayed(margins_of_one_game)(args.game, {"maps": args.maps}, args.bot, args.players, args.kind, seed)
        for seed in derive_seeds(args.seed, args.games))
    share, margin, won = (np.array(column) for column in zip(*(row for game in games for row in game)))
    print(f"{args.bot} self-play, {args.games} games, {len(margin):,} {args.kind} decisions")
    print(f"{'part of the game':<18} {'decisions':>9} {'median |margin|':>16} {'scale (95% CI)':>22}")
    parts = [("all", np.ones_like(share, dtype=bool))]
    parts += [(f"{low:.0%}-{low + 0.2:.0%}", (share >= low) & (share < low + 0.2)) for low in np.arange(0, 1, 0.2)]
    for label, chosen in parts:
        scale, low, high = fitted_scale(margin[chosen], won[chosen])
        print(f"{label:<18} {chosen.sum():>9,} {np.median(np.abs(margin[chosen])):>16.1f} "
              f"{scale:>8.1f} [{low:.1f}, {high:.1f}]")


if __name__ == "__main__":
    main()
