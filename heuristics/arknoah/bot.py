"""Ark & Noah's heuristic bot family, registered for the game `arknoah`: `noah` (the game's default
bot, so `--bots default` means it), each further shipped archetype as `noah_<name>`, and
`noah_search`, the generic search bot with this family as its rollout bot and leaf judge."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from heuristics.arknoah.evaluation import position_value
from heuristics.arknoah.policy import choose, plan_scores
from heuristics.arknoah.weights import (
    BOT,
    ArchetypeError,
    NoahWeights,
    archetype_names,
    archetype_text,
    archetype_weights,
)
from heuristics.search import SearchBot
from sim.arknoah.observation import NoahObservation
from sim.arknoah.state import NoahState
from sim.core.decision import Decision
from sim.core.registry import register_bot

GAMES = ("arknoah",)
WeightsSpec = str | Mapping[str, Any] | NoahWeights | None


def resolve_weights(archetype: str, weights: WeightsSpec) -> NoahWeights:
    """The archetype's weights with `weights` (a TOML file, a table or NoahWeights) on top."""
    if isinstance(weights, NoahWeights):
        return weights
    base = archetype_weights(archetype)
    if weights is None:
        return base
    if isinstance(weights, str):
        return archetype_weights(weights)
    return NoahWeights.from_mapping(weights, base)


class NoahTuning:
    """The family as `arkmc tune --game arknoah` sees it."""

    def start(self, archetype: str) -> NoahWeights:
        try:
            return archetype_weights(archetype)
        except ArchetypeError as error:
            raise ValueError(str(error)) from None

    def bot(self, weights: NoahWeights) -> "NoahBot":
        return NoahBot(weights=weights)

    def archetype_text(self, weights: NoahWeights, description: str) -> str:
        return archetype_text(weights, description)


@register_bot(BOT, GAMES)
class NoahBot:
    """One rule per decision kind, weighted by an archetype (heuristics/arknoah/policy.py)."""

    name = BOT
    games = GAMES
    tunable = NoahTuning()

    def __init__(self, archetype: str = "default", weights: WeightsSpec = None) -> None:
        try:
            self.weights = resolve_weights(archetype, weights)
        except ArchetypeError as error:
            raise ValueError(str(error)) from None
        self.archetype = archetype

    def choose(self, observation: NoahObservation, decision: Decision, rng: random.Random) -> Any:
        return choose(observation.game, decision, self.weights)

    def value(self, state: NoahState, seat: int) -> float:
        """The family's worth of `seat`'s position (a search's leaf value)."""
        return position_value(state, seat, self.weights)

    def ranked(self, observation: NoahObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """The options best first: planning by its scores, any other decision with the rule's choice first."""
        if decision.kind in ("plan", "turn"):
            scores = plan_scores(observation.game, decision, self.weights)
            return sorted(decision.options, key=scores.__getitem__, reverse=True)
        first = choose(observation.game, decision, self.weights)
        return [first, *(option for option in decision.options if option != first)]


for _archetype in archetype_names():
    if _archetype != "default":
        factory = partial(NoahBot, archetype=_archetype)
        register_bot(f"{BOT}_{_archetype}", GAMES)(factory)

# The search bot as Ark & Noah wants it: the default archetype rolls out and judges the leaves;
# only the planning is searched, among the archetype's best few actions.
NOAH_SEARCH = {"rollout": BOT, "kinds": "plan|turn", "turns": 6, "simulations": 100, "width": 4, "scale": 8.0,
               "prior": 0.3, "exploration": 0.2}
_noah_search = partial(SearchBot, **NOAH_SEARCH)
_noah_search.__doc__ = ("Search bot for Ark & Noah: the noah heuristic as rollout bot and leaf judge, the planning "
                        f"searched among its {NOAH_SEARCH['width']} best actions, {NOAH_SEARCH['simulations']} "
                        "simulations a decision.")
register_bot("noah_search", GAMES)(_noah_search)
