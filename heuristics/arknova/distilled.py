"""The distilled bot: the heuristic's one-turn lookahead, its best few outcomes re-ranked as the search would.

`default_search` beats the heuristic it is built on, but costs about a second a decision. Its choices are
data: `scripts/train_distilled.py` lets it play self-play games, records at each of its turns every option's
outcome (the heuristic's value, the score, the slot of the action card used and the position's features,
heuristics/arknova/features.py) and which option the search chose, and fits a conditional logit of the
choice on them. Relative to the heuristic value's coefficient, the other coefficients are a correction in
points: what the search's deeper look valued that the heuristic's weights do not. The bot plays every option
out as the heuristic does and picks among the `width` best by heuristic value (the search narrows its root
the same way) the one with the best value plus correction. Only the best few, and only those within a
margin of the best, get features, so the correction costs little; the heuristic's `prune` and `bounds`
apply unchanged, since they judge the same heuristic values.

The coefficients are data: `heuristics/arknova/distilled/<name>.json` (the default is `search`), with the
games and the search they were learned from.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from heuristics.archetypes import ArchetypeError
from heuristics.arknova.features import FEATURES, position_features
from heuristics.arknova.heuristic import GAMES, HeuristicBot, WeightsSpec
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.tracks import score
from sim.core.decision import Decision
from sim.core.registry import register_bot

DISTILLED_DIR = Path(__file__).parent / "distilled"
OUTCOME_FEATURES = ("value", "score", "used_slot", *FEATURES)  # one outcome of a turn option, as the fit sees it
Outcome = tuple[float, Any, ArkNovaGame]


def outcome_features(value: float, option: Any, game: ArkNovaGame, seat: int, slot: int, bot: HeuristicBot) -> list[float]:
    """One outcome as OUTCOME_FEATURES: its heuristic value (`used_slot` credit included), the seat's score,
    the slot the option used (`slot`, 0 for an option that uses no action card) and the position's features."""
    return [value, score(game.players[seat]), slot, *position_features(game, seat, bot.weights)]


def used_slot(observation: Any, seat: int, option: Any) -> int:
    """The slot of the action card a turn option uses (0 for the X-token and harbor options)."""
    return observation.players[seat].strength_slot(option[1]) if option[0] == "act" else 0


@lru_cache(maxsize=8)
def load_correction(path: str) -> np.ndarray:
    """The correction's coefficients of OUTCOME_FEATURES (the value's own is 1), from a distilled file."""
    try:
        table = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise ArchetypeError(f"cannot read distilled model {path}: {error}") from None
    if table.get("features") != list(OUTCOME_FEATURES):
        raise ArchetypeError(f"{path} was fitted on other features; re-fit it with scripts/train_distilled.py fit")
    coefficients = np.asarray(table["coefficients"], dtype=float)
    return coefficients / coefficients[0]


def model_path(model: str) -> Path:
    """A shipped distilled model name, or a path to a distilled .json file."""
    shipped = DISTILLED_DIR / f"{model}.json"
    if shipped.is_file():
        return shipped
    path = Path(model)
    if path.suffix == ".json" and path.is_file():
        return path
    names = ", ".join(sorted(p.stem for p in DISTILLED_DIR.glob("*.json")))
    raise ArchetypeError(f"unknown distilled model {model!r}; shipped: {names}, or give a path to a .json file")


@register_bot("distilled", GAMES)
class DistilledBot(HeuristicBot):
    """The heuristic's lookahead with its `width` best outcomes re-ranked by a correction learned from the
    search's choices (`model`: a shipped name or a .json file), those at most `margin` heuristic points behind
    the best only (on the labelled games the correction picks one further behind in fewer than 1 turn in
    100, and each outcome re-ranked costs its features); the heuristic's parameters otherwise, with its cheaper
    lookahead (`prune`, `bounds`) on by default (other `weights` need `bounds=""` or bounds fitted for them)."""

    name = "distilled"

    def __init__(self, model: str = "search", width: int = 5, margin: float = 4.0, archetype: str = "default",
                 weights: WeightsSpec = None, prune: bool = True, bounds: str = "default",
                 max_rollout_decisions: int = 80) -> None:
        if width < 1 or margin < 0:
            raise ValueError("width must be at least 1 and margin at least 0")
        self.model = model
        self.correction = load_correction(str(model_path(model)))
        self.width = width
        self.margin = margin
        super().__init__(archetype=archetype, weights=weights, prune=prune, bounds=bounds,
                         max_rollout_decisions=max_rollout_decisions)

    def evaluation(self) -> dict[str, Any]:
        """The outcomes are valued by the heuristic (the correction only re-ranks the best few), so the
        heuristic's gain bounds hold."""
        return {"bot": HeuristicBot.name, "weights": self.weights.as_table()}

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind != "turn":
            return super().choose(observation, decision, rng)
        return self._reranked(observation, decision, rng)[0][0][1]

    def ranked(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """A turn's options best first: the re-ranked best few, the other outcomes, then those not played out."""
        if decision.kind != "turn":
            return super().ranked(observation, decision, rng)
        outcomes, rest = self._reranked(observation, decision, rng)
        return [option for _, option, _ in outcomes] + rest

    def _reranked(self, observation: ArkNovaObservation, decision: Decision,
                  rng: random.Random) -> tuple[list[Outcome], list[Any]]:
        outcomes, _, rest = self._outcomes(observation, decision, rng)
        seat = decision.seat
        best = [outcome for outcome in outcomes[:self.width] if outcome[0] >= outcomes[0][0] - self.margin]
        if len(best) < 2:
            return outcomes, rest
        corrected = [self.correction @ np.asarray(
            outcome_features(value, option, game, seat, used_slot(observation, seat, option), self))
            for value, option, game in best]
        order = sorted(range(len(best)), key=lambda index: -corrected[index])
        return [best[index] for index in order] + outcomes[len(best):], rest
