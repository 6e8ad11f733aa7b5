"""The planner's learned shortlist prior: a linear model of what a turn option's outcome is worth, from
static features only (no copy), fitted to the outcomes the planner itself simulates.

The planner plays only a shortlist of its turn options to the end of the turn. Which options make the list
is decided by this prior: per action card, its readiness at the strength the option gives it
(heuristics/arknova/parts/plan_value.py), that strength, its slot, the seat's money and hand size; per X-token
option, the slot of the card it sends to slot 1; and the X-tokens an option spends. The coefficients are
data (`planners/prior.json`), fitted by `scripts/data/train_planner_prior.py` by least squares on every option of
self-play turns, the value of each centred on its decision's mean (only the order within a decision matters).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from heuristics.archetypes import read_coefficients
from heuristics.arknova import DATA_DIR
from sim.arknova.state import ACTION_CARDS

PRIOR_FILE = DATA_DIR / "planners" / "prior.json"
GAIN_FILE = DATA_DIR / "planners" / "gain.json"  # the same features, fitted to the gain itself
PER_CARD = ("is", "readiness", "strength", "slot", "money", "hand")
FEATURES = tuple(f"{card}_{name}" for card in ACTION_CARDS for name in PER_CARD) + (
    "xtoken_is", "xtoken_slot", "spent")
MONEY_UNIT = 10.0  # money is counted in tens, hands in cards, so that the coefficients are of like size


def prior_features(game: Any, seat: int, option: Any, readiness: Callable[[str, int], float]) -> list[float]:
    """The static features of one turn option (see FEATURES); `readiness(card, strength)` for the seat."""
    row = [0.0] * len(FEATURES)
    player = game.players[seat]
    slot = player.strength_slot(option[1])
    if option[0] == "xtoken":
        row[len(ACTION_CARDS) * len(PER_CARD)] = 1.0
        row[len(ACTION_CARDS) * len(PER_CARD) + 1] = slot
        return row
    card, spent = option[1], option[2]
    start = ACTION_CARDS.index(card) * len(PER_CARD)
    strength = slot + spent
    row[start:start + len(PER_CARD)] = [1.0, readiness(card, strength), strength, slot,
                                        player.money / MONEY_UNIT, len(player.hand)]
    row[-1] = spent
    return row


class LearnedPrior:
    """The fitted coefficients: a turn option's prior is their dot product with its features."""

    def __init__(self, coefficients: Sequence[float]) -> None:
        if len(coefficients) != len(FEATURES):
            raise ValueError(f"the prior needs {len(FEATURES)} coefficients, got {len(coefficients)}")
        self.coefficients = np.asarray(coefficients, dtype=float)

    def score(self, features: Sequence[float]) -> float:
        return float(np.dot(self.coefficients, features))


@lru_cache(maxsize=4)
def load_prior(path: str = str(PRIOR_FILE)) -> LearnedPrior:
    """The prior of a coefficients file (cached: every game builds its bots anew)."""
    return LearnedPrior(read_coefficients(path, FEATURES, "retrain it with scripts/data/train_planner_prior.py"))


def fit_prior(rows: Sequence[tuple[int, Sequence[float], float]], ridge: float = 1e-3,
              centred: bool = True) -> LearnedPrior:
    """Least squares of the simulated values on the features (rows are (decision id, features, value)),
    both centred on their decision's mean when `centred` (an order within a decision, the prior), else
    as they are (a gain over the position before the turn); a small ridge keeps unused features at 0."""
    ids = np.array([row[0] for row in rows])
    x = np.array([row[1] for row in rows], dtype=float)
    y = np.array([row[2] for row in rows], dtype=float)
    _, inverse, counts = np.unique(ids, return_inverse=True, return_counts=True)
    for column in (x, y) if centred else ():
        sums = np.zeros((len(counts),) + column.shape[1:])
        np.add.at(sums, inverse, column)
        column -= (sums.T / counts).T[inverse]
    gram = x.T @ x + ridge * len(y) * np.eye(x.shape[1])
    return LearnedPrior(np.linalg.solve(gram, x.T @ y).tolist())


def best_next_gain(game: Any, seat: int, gain: LearnedPrior, readiness: Callable[[str, int], float]) -> float:
    """The gain model's best use of one action card, without X-tokens, from the position as it stands:
    what the seat's next turn promises with its cards in their new slots, its hand and its money."""
    return max(gain.score(prior_features(game, seat, ("act", card, 0), readiness)) for card in ACTION_CARDS)
