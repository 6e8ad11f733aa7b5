"""The solo value: a solo position valued as the final score it leads to, learned from solo self-play.

A solo game has no rival and a fixed end (27 turns in six rounds), so its one aim is the final score. The
heuristic's value (score plus a promise that fades as the leading score nears 100) does not know how many
turns are left: with two turns to go it still counts money, cards and income that will never score. The
solo value is a linear model per round (the breaks so far) of the final score on the position: the
heuristic's value, the score, the features of heuristics/arknova/parts/features.py and the turns played.
`scripts/data/train_solo_value.py` fits it on solo self-play, a few rounds each played by the bot valuing with
the last round's model (policy iteration); the file records the rounds. A finished game is worth its score.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from heuristics.archetypes import ArchetypeError, read_fitted, shipped_or_path
from heuristics.arknova import DATA_DIR
from heuristics.arknova.bots.keeper import KeeperBot
from heuristics.arknova.parts.evaluation import Weights, position_value, walk_position
from heuristics.arknova.parts.features import FEATURES, position_features
from sim.arknova.engine import ArkNovaGame
from sim.arknova.tracks import score

SOLO_VALUE_DIR = DATA_DIR / "solo_values"
SOLO_FEATURES = ("value", "score", *FEATURES, "turns")
ROUNDS = 6  # a solo game's rounds: the breaks so far, 0 to 5


def solo_features(game: ArkNovaGame, seat: int, weights: Weights) -> list[float]:
    """The seat's position as SOLO_FEATURES (the heuristic's value under `weights`, with its own progress)."""
    player = game.players[seat]
    walk = walk_position(game, player, weights)
    return [position_value(game, seat, weights, None, walk), score(player),
            *position_features(game, seat, weights, walk), player.turns]


@dataclass(frozen=True)
class SoloValue:
    """Per round, the coefficients of SOLO_FEATURES and the intercept of the predicted final score."""

    coefficients: tuple[tuple[float, ...], ...]
    intercepts: tuple[float, ...]

    def predict(self, game: ArkNovaGame, seat: int, weights: Weights) -> float:
        """The final score the seat's position leads to; a finished game's own score."""
        if game.over:  # not is_over(): that would work out the next turn's options
            return float(score(game.players[seat]))
        round_index = min(game.breaks, ROUNDS - 1)
        features = solo_features(game, seat, weights)
        return self.intercepts[round_index] + sum(map(float.__mul__, self.coefficients[round_index], features))

    def as_table(self) -> dict[str, Any]:
        return {"features": list(SOLO_FEATURES),
                "rounds": [{"coefficients": list(coefficients), "intercept": intercept}
                           for coefficients, intercept in zip(self.coefficients, self.intercepts)]}


def fit_solo_value(features: np.ndarray, rounds: np.ndarray, finals: np.ndarray, ridge: float,
                   held_out: np.ndarray | None = None) -> tuple[SoloValue, list[float]]:
    """Ridge regression of the final score on standardized features, one per round; and each round's R² on
    the rows `held_out` marks when given (the model is then fitted on the others; without, on every row)."""
    coefficients, intercepts, r_squared = [], [], []
    for round_index in range(ROUNDS):
        rows = rounds == round_index
        if not rows.any():
            raise ValueError(f"no positions of round {round_index + 1}: play more games")
        train = rows if held_out is None else rows & ~held_out
        mean, spread = features[train].mean(axis=0), features[train].std(axis=0)
        spread[spread == 0] = 1.0
        standardized = (features[train] - mean) / spread
        target = finals[train] - finals[train].mean()
        solved = np.linalg.solve(standardized.T @ standardized + ridge * np.eye(features.shape[1]),
                                 standardized.T @ target) / spread
        intercept = float(finals[train].mean() - mean @ solved)
        coefficients.append(tuple(float(value) for value in solved))
        intercepts.append(intercept)
        if held_out is not None:
            test = rows & held_out
            predicted = features[test] @ solved + intercept
            r_squared.append(float(1 - ((finals[test] - predicted) ** 2).mean() / finals[test].var()))
    return SoloValue(tuple(coefficients), tuple(intercepts)), r_squared


def _rounds(table: dict[str, Any]) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """Each round's coefficients, and each round's intercept, as a solo value file holds them."""
    rounds = table["rounds"]
    return (tuple(tuple(float(value) for value in entry["coefficients"]) for entry in rounds),
            tuple(float(entry["intercept"]) for entry in rounds))


@lru_cache(maxsize=8)
def load_solo_value(path: str) -> SoloValue:
    """A solo value file, refused in one line when it cannot be read or holds other features or rounds."""
    names, (coefficients, intercepts) = read_fitted(path, "solo value file", _rounds)
    if names != list(SOLO_FEATURES) or len(coefficients) != ROUNDS or any(len(row) != len(SOLO_FEATURES)
                                                                         for row in coefficients):
        raise ArchetypeError(f"{path} was fitted on other features or rounds; re-fit it with scripts/data/train_solo_value.py")
    return SoloValue(coefficients, intercepts)


def solo_value_path(model: str) -> Path:
    """A shipped solo value name, or a path to a solo value .json file."""
    return shipped_or_path(SOLO_VALUE_DIR, model, ".json", "solo value model")


class SoloValueBot(KeeperBot):
    """The heuristic's lookahead valuing each outcome by the solo value (no gain bounds: they are fitted for
    another value), with heuristics/arknova/parts/keep.py's opening keep. distilled plays its solo games with it."""

    def __init__(self, model: SoloValue, weights: Weights, horizon: int, prune: bool, max_rollout_decisions: int,
                 inturn: str, inturn_width: int) -> None:
        super().__init__(weights=weights, horizon=horizon, prune=prune, max_rollout_decisions=max_rollout_decisions,
                         inturn=inturn, inturn_width=inturn_width)
        self.model = model

    def value(self, state: ArkNovaGame, seat: int, progress: float | None = None) -> float:
        return self.model.predict(state, seat, self.weights)

