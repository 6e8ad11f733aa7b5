"""The distilled bot, Ark Nova's `default`: the heuristic's one-turn lookahead, its values corrected toward the
search's choices.

The search bot (`default_search`) plays stronger than the heuristic that rolls it out, but it searches at every decision, far
slower than the heuristic's one-turn lookahead (docs/research/arknova-bots.md, "The distilled bot"). Its choices are data:
`scripts/data/train_distilled.py` lets it play self-play games, records at each of its turns every option's
outcome (the heuristic's value, the score, the slot of the action card used and the position's features,
heuristics/arknova/parts/features.py) and which option the search chose, and fits a conditional logit of the
choice on them. Relative to the heuristic value's coefficient, the other coefficients are a correction in
points: what the search's deeper look valued that the heuristic's weights do not. The bot is the heuristic
with that correction added to the value of every outcome it plays out (the slot's coefficient joins the
heuristic's `used_slot` credit), so every option is judged as the search would lean; its opening keep is
heuristics/arknova/parts/keep.py's. The Cards action's choice between drawing and snapping a display card is
answered by the same lookahead (HeuristicBot's `inturn`, the rule's 3 best options), not by the in-turn rule:
the rule's choice there was what held the bot back (docs/research/arknova-bots.md, "The in-turn lookahead"). A finished game is
worth its score: nothing of the position's promise is left to count. Solo games are played with the solo value
(heuristics/arknova/parts/solo_value.py: the final score a position leads to, learned from solo self-play) and a
two-turn lookahead.

The coefficients are data: `heuristics/arknova/data/distilled/<name>.json`, with the games and the searches they
were learned from. `search` learned from a search rolled out by `heuristic_v1`; `round2` and `round3` (the
default) add games labelled by the search rolled out by the previous model (dataset aggregation). The gain
bounds of the cheaper lookahead (`bounds`) are fitted for this value, model and in-turn lookahead
(`bounds/distilled_<model>.json`): the heuristic's own would not hold.
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import mul
from pathlib import Path
from typing import Any

import numpy as np

from heuristics.archetypes import read_coefficients, shipped_or_path
from heuristics.arknova import DATA_DIR
from heuristics.arknova.bots.heuristic import HeuristicBot, WeightsSpec, resolve_weights
from heuristics.arknova.bots.keeper import KeeperBot
from heuristics.arknova.parts.evaluation import Weights, position_value, walk_position
from heuristics.arknova.parts.features import FEATURES, position_features
from heuristics.arknova.parts.solo_value import SoloValueBot, load_solo_value, solo_value_path
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.tracks import score
from sim.core.decision import Decision

DISTILLED_DIR = DATA_DIR / "distilled"
OUTCOME_FEATURES = ("value", "score", "used_slot", *FEATURES)  # one outcome of a turn option, as the fit sees it


def outcome_features(value: float, game: ArkNovaGame, seat: int, slot: int, bot: HeuristicBot) -> list[float]:
    """One outcome as OUTCOME_FEATURES: its heuristic value (`used_slot` credit included), the seat's score,
    the slot the option used (`slot`, 0 for an option that uses no action card) and the position's features."""
    return [value, score(game.players[seat]), slot, *position_features(game, seat, bot.weights)]


def used_slot(observation: Any, seat: int, option: Any) -> int:
    """The slot of the action card a turn option uses (0 for the X-token and harbor options)."""
    return observation.players[seat].strength_slot(option[1]) if option[0] == "act" else 0


@lru_cache(maxsize=8)
def load_correction(path: str) -> np.ndarray:
    """The correction's coefficients of OUTCOME_FEATURES (the value's own is 1), from a distilled file."""
    coefficients = np.asarray(read_coefficients(path, OUTCOME_FEATURES, "re-fit it with scripts/data/train_distilled.py fit"))
    return coefficients / coefficients[0]


def model_path(model: str) -> Path:
    """A shipped distilled model name, or a path to a distilled .json file."""
    return shipped_or_path(DISTILLED_DIR, model, ".json", "distilled model")


class DistilledBot(KeeperBot):
    """The heuristic's lookahead with every outcome's value corrected as learned from the search's choices
    (`model`: a shipped name or a .json file); the heuristic's parameters otherwise, with its cheaper
    lookahead on by default (`prune`, and `bounds` fitted for this value), the Cards action's draw-or-snap
    choice answered by the lookahead (`inturn`, `inturn_width`), and the opening keep of
    heuristics/arknova/parts/keep.py (as `experimental.keeper`). Solo games are valued by `solo_model` (a shipped name or a
    .json file; empty: as the other games) with a lookahead of `solo_horizon` turns and a `used_slot` credit of
    `solo_used_slot` (the solo value already sees where the action cards lie)."""

    name = "distilled"

    def __init__(self, model: str = "round3", archetype: str = "default", weights: WeightsSpec = None,
                 prune: bool = True, bounds: str = "distilled_round3", max_rollout_decisions: int = 80,
                 inturn: str = "cards_mode", inturn_width: int = 3, solo_model: str = "default",
                 solo_horizon: int = 2, solo_used_slot: float = 1.0) -> None:
        correction = load_correction(str(model_path(model)))
        # score, then the features; a tuple of floats: summed in Python, it costs less than numpy on 30 numbers
        self.position_correction = tuple(float(correction[index]) for index in (1, *range(3, len(OUTCOME_FEATURES))))
        base = resolve_weights(archetype, weights)
        weights = Weights.from_mapping({"used_slot": base.used_slot + float(correction[2])}, base)
        super().__init__(archetype=archetype, weights=weights, prune=prune, bounds=bounds,
                         max_rollout_decisions=max_rollout_decisions, inturn=inturn, inturn_width=inturn_width)
        solo_weights = Weights.from_mapping({"used_slot": solo_used_slot}, self.weights)
        self.solo = SoloValueBot(load_solo_value(str(solo_value_path(solo_model))), solo_weights, solo_horizon, prune,
                                 max_rollout_decisions, inturn, inturn_width) if solo_model else None

    def _solo_bot(self, view: ArkNovaGame | ArkNovaObservation) -> SoloValueBot | None:
        """The bot that plays a solo game (None in a game of several players, or without a solo model). It counts
        the seats, not `players`: an observation's `players` wraps every other seat's zoo at each asking."""
        return self.solo if len(view.seats) == 1 else None

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        solo = self._solo_bot(observation)
        return super().choose(observation, decision, rng) if solo is None else solo.choose(observation, decision, rng)

    def ranked(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> list[Any]:
        solo = self._solo_bot(observation)
        return super().ranked(observation, decision, rng) if solo is None else solo.ranked(observation, decision, rng)

    def evaluation(self) -> dict[str, Any]:
        """The heuristic's weights and the correction (gain bounds are fitted for one evaluation)."""
        return {**super().evaluation(), "correction": [round(value, 6) for value in self.position_correction]}

    def value(self, state: ArkNovaGame, seat: int, progress: float | None = None) -> float:
        """A finished game's score; in solo, the solo value; else the heuristic's value of `seat`'s position
        plus the learned correction of its score and features (both read from one walk of the position)."""
        if self.solo is not None and len(state.players) == 1:  # `_solo_bot` of a game: its players are its seats
            return self.solo.value(state, seat, progress)
        if state.over:  # not is_over(): that would work out the next turn's options
            return float(score(state.players[seat]))
        walk = walk_position(state, state.players[seat], self.weights)
        features = [score(state.players[seat]), *position_features(state, seat, self.weights, walk)]
        value = position_value(state, seat, self.weights, progress, walk)
        return value + sum(map(mul, self.position_correction, features))
