"""Ark & Noah's heuristic bot family, registered for the game `arknoah`: `heuristic` (any archetype), each
shipped archetype by its name (`default`, the game's default bot), and `default_search`, the generic search
bot with `default` as its rollout bot and leaf judge. The names of issue 43's start (`noah`, `noah_search`)
still work for one version."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from heuristics.archetypes import archetype_description
from heuristics.arknoah.evaluation import position_value
from heuristics.arknoah.policy import choose, plan_scores
from heuristics.arknoah.weights import (
    ARCHETYPES,
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
from sim.core.play import VIEW
from sim.core.registry import register_alias, register_bot

GAMES = ("arknoah",)
RENAMED = "renamed to drop the game's name"
WeightsSpec = str | Mapping[str, Any] | NoahWeights | None


def resolve_weights(archetype: str, weights: WeightsSpec, quick: bool = False) -> NoahWeights:
    """The archetype's weights (under the quick rules with `quick`) with `weights` (a TOML file, a table or
    NoahWeights, which then plays under both rules) on top."""
    if isinstance(weights, NoahWeights):
        return weights
    base = archetype_weights(archetype, quick)
    if weights is None:
        return base
    if isinstance(weights, str):
        return archetype_weights(weights, quick)
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
    observes = VIEW  # it reads the table only while it decides (its load lookahead plays on a copy)

    def __init__(self, archetype: str = "default", weights: WeightsSpec = None) -> None:
        try:
            self.weights = resolve_weights(archetype, weights)
            self.quick_weights = resolve_weights(archetype, weights, quick=True)
        except ArchetypeError as error:
            raise ValueError(str(error)) from None
        self.archetype = archetype

    def weights_for(self, game: NoahState) -> NoahWeights:
        """The weights under the rules `game` is played by."""
        return self.quick_weights if game.quick else self.weights

    def choose(self, observation: NoahObservation, decision: Decision, rng: random.Random) -> Any:
        return choose(observation.game, decision, self.weights_for(observation.game))

    def value(self, state: NoahState, seat: int) -> float:
        """The family's worth of `seat`'s position (a search's leaf value)."""
        return position_value(state, seat, self.weights_for(state))

    def ranked(self, observation: NoahObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """The options best first: planning by its scores, any other decision with the rule's choice first."""
        weights = self.weights_for(observation.game)
        if decision.kind in ("plan", "turn"):
            scores = plan_scores(observation.game, decision, weights)
            return sorted(decision.options, key=scores.__getitem__, reverse=True)
        first = choose(observation.game, decision, weights)
        return [first, *(option for option in decision.options if option != first)]


def archetype_bot(name: str) -> Callable[..., NoahBot]:
    factory = partial(NoahBot, archetype=name)
    factory.__doc__ = archetype_description(ARCHETYPES, name)
    return factory


for _archetype in archetype_names():
    register_bot(_archetype, GAMES)(archetype_bot(_archetype))
# `noah` named the default bot as it played before the quick-rules work: that bot is `noah_v1` now, so that a run
# recorded with `noah` replays as it was played; the new default is `default`.
register_alias("noah", "noah_v1", GAMES, "the former default, as it played then; the default bot is now `default`")

# The search bot as Ark & Noah wants it: the default archetype rolls out and judges the leaves;
# only the planning is searched, among the archetype's best few actions.
NOAH_SEARCH = {"rollout": "default", "kinds": "plan|turn", "turns": 6, "simulations": 100, "width": 4, "scale": 8.0,
               "prior": 0.3, "exploration": 0.2}
_noah_search = partial(SearchBot, **NOAH_SEARCH)
_noah_search.__doc__ = ("Search bot for Ark & Noah: `default` as rollout bot and leaf judge, the planning "
                        f"searched among its {NOAH_SEARCH['width']} best actions, {NOAH_SEARCH['simulations']} "
                        "simulations a decision.")
register_bot("default_search", GAMES)(_noah_search)
register_alias("noah_search", "default_search", GAMES, RENAMED)
