"""Fit the planner's learned shortlist prior (heuristics/arknova/parts/prior.py) and write its coefficients.

The planner plays every turn option out (`shortlist` 99) in 2-player self-play on maps 1-8; at each of its
turns every option's static features and its simulated value (the heuristic value plus the plan, plus the
`used_slot` credit, as the planner ranks them) are one row. A least-squares fit of the values on the
features, centred per decision, gives the prior's coefficients; a fit of the gains (each value less the
value of the position before the turn), not centred, gives the gain model the planner's `lookahead` reads.
The rows are made again from the seed, so the
command is the data: re-run it after a rules or data change, e.g.
`.venv/bin/python scripts/data/train_planner_prior.py --games 60 --seed 7`.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from functools import cache, partial
from itertools import count
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from heuristics.arknova.bots.planner import PlannerBot
from heuristics.arknova.parts.evaluation import game_progress
from heuristics.arknova.parts.plan_value import card_readiness
from heuristics.arknova.parts.prior import FEATURES, GAIN_FILE, PRIOR_FILE, fit_prior, prior_features
from sim.core.play import play_game
from sim.core.registry import get_game
from sim.core.seeds import derive_seeds

Row = tuple[int, list[float], float]  # decision, features, simulated value (for the gain: value less the start's)


class Recorder(PlannerBot):
    """The planner with every turn option played out, recording (decision, features, value) rows."""

    def __init__(self, rows: list[Row], gains: list[Row], decisions: Iterator[int]) -> None:
        super().__init__(shortlist=99)
        self.rows, self.gains, self.decisions = rows, gains, decisions

    def _outcomes(self, observation: Any, decision: Any, rng: random.Random) -> Any:
        outcomes, progress, rest = super()._outcomes(observation, decision, rng)
        seat = decision.seat
        own = observation.determinize(random.Random(0))  # only the seat's own state and the table are read
        readiness = cache(partial(card_readiness, own, seat, w=self.plan))
        decision_id = next(self.decisions)
        start = self.value(own, seat, game_progress(own))
        for value, option, _ in outcomes:
            if option[0] != "harbor":
                features = prior_features(own, seat, option, readiness)
                self.rows.append((decision_id, features, value))
                self.gains.append((decision_id, features, value - start))
        return outcomes, progress, rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="self-play games (default 60)")
    parser.add_argument("--seed", type=int, default=7, help="base seed of the games (default 7)")
    parser.add_argument("--out", type=Path, default=PRIOR_FILE, help=f"coefficients file (default {PRIOR_FILE})")
    parser.add_argument("--gain-out", type=Path, default=GAIN_FILE,
                        help=f"coefficients of the gain model (default {GAIN_FILE})")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    factory = get_game("arknova")
    rows: list[Row] = []
    gains: list[Row] = []
    decisions = count()
    for seed in tqdm(derive_seeds(args.seed, args.games), total=args.games, desc="self-play"):
        game = factory.new_game({"players": 2, "maps": "random"}, seed)
        play_game(game, [Recorder(rows, gains, decisions) for _ in range(2)], seed)
    prior = fit_prior(rows)
    gain = fit_prior(gains, centred=False)
    args.gain_out.write_text(json.dumps({
        "features": list(FEATURES), "coefficients": [round(value, 5) for value in gain.coefficients],
        "trained": {"games": args.games, "seed": args.seed, "options": len(gains)}}, indent=1) + "\n")
    played = len({row[0] for row in rows})
    hits = _top_recall(rows, prior)
    args.out.write_text(json.dumps({
        "features": list(FEATURES), "coefficients": [round(value, 5) for value in prior.coefficients],
        "trained": {"games": args.games, "seed": args.seed, "decisions": played, "options": len(rows),
                    "best_option_in_top_k": hits},
    }, indent=1) + "\n")
    print(f"{len(rows)} options of {played} decisions; the best simulated option is among the prior's "
          f"top k: {hits}; written to {args.out}")


def _top_recall(rows: list[Row], prior: Any) -> dict[str, float]:
    """Share of the decisions whose best simulated option is among the prior's k best (k = 1-5), in-sample."""
    by_decision: dict[int, list[tuple[float, float]]] = {}
    for decision_id, features, value in rows:
        by_decision.setdefault(decision_id, []).append((prior.score(features), value))
    ranks = []
    for options in by_decision.values():
        best = max(range(len(options)), key=lambda index: options[index][1])
        order = sorted(range(len(options)), key=lambda index: -options[index][0])
        ranks.append(order.index(best))
    ranks_array = np.array(ranks)
    return {str(k): round(float(np.mean(ranks_array < k)), 3) for k in range(1, 6)}


if __name__ == "__main__":
    main()
