"""The heuristic bot family of Inhabit the Earth, registered for the game "inhabit": `heuristic` (any
archetype), each shipped archetype by its name (`default`, the game's default bot, and `racer`), and
`default_search`, the search bot on `default`. The names of issue 43's start (`inhabit_heuristic`,
`inhabit_default`, `inhabit_racer`, `inhabit_search`) still work for one version.

At its turn the bot determinizes what it cannot see, plays each basic action to the end of the turn on a
copy with the in-turn rules (heuristics/inhabit/policy.py), and keeps the action whose outcome the
position value (heuristics/inhabit/evaluation.py) rates best. Inside a turn it answers by the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from heuristics.archetypes import archetype_description
from heuristics.inhabit import evaluation, policy
from heuristics.inhabit.weights import ARCHETYPE_DIR, Weights, archetype_names, load_weights
from heuristics.search import SearchBot
from sim.core.decision import Decision
from sim.core.registry import register_alias, register_bot
from sim.inhabit.observation import InhabitObservation
from sim.inhabit.state import InhabitState
from sim.inhabit.steps import TURN

GAMES = ("inhabit",)
FAMILY = "heuristic"
RENAMED = "renamed to drop the game's name"
MAX_TURN_DECISIONS = 200  # a turn played out on a copy stops here (a safety net, never reached in tests)


@register_bot(FAMILY, GAMES)
class InhabitBot:
    """Whole-turn lookahead over the three basic actions, judged by weighted features; weights from an
    archetype (a shipped name or a TOML file), with `weights` and `abilities` tables on top (an archetype
    file given as the bot brings its own)."""

    name = FAMILY
    games = GAMES

    def __init__(self, archetype: str = "default", weights: Mapping[str, Any] | None = None,
                 abilities: Mapping[str, Any] | None = None) -> None:
        self.archetype = archetype
        self.weights = load_weights(archetype)
        if weights or abilities:
            self.weights = Weights.from_tables(weights or {}, abilities or {}, self.weights, "bot parameters")

    def value(self, state: InhabitState, seat: int) -> float:
        """The position value of `seat` (higher is better), e.g. for a search's leaves."""
        return evaluation.value(state, seat, self.weights)

    def choose(self, observation: InhabitObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind != TURN or len(decision.options) == 1:
            return policy.choose(observation.view, decision.seat, decision, self.weights)
        return self.ranked(observation, decision, rng)[0]

    def ranked(self, observation: InhabitObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """The options, best first: the turn's by lookahead, another decision's with the rules' choice first."""
        if decision.kind != TURN:
            first = policy.choose(observation.view, decision.seat, decision, self.weights)
            return [first] + [option for option in decision.options if option != first]
        base = observation.determinize(rng)
        base.decision()
        outcomes = []
        last = len(decision.options) - 1
        for index, option in enumerate(decision.options):
            game = base.copy() if index < last else base  # the last plays on the deal itself, read no more
            game.apply(option)
            self.finish_turn(game)
            outcomes.append((self.value(game, decision.seat), -index, option))
        outcomes.sort(reverse=True)
        return [option for _, _, option in outcomes]

    def finish_turn(self, game: InhabitState) -> None:
        """Play the rest of the turn with the rules (another seat's decisions too, e.g. a sloth's draw).
        It stops where the turn's steps run out (settle_turn), before the next turn's options are worked
        out for nothing: the position it leaves is the one the next turn's decision would find."""
        for _ in range(MAX_TURN_DECISIONS):
            if not game.settle_turn() or game.over:
                return
            decision = game.decision()
            game.apply(policy.choose(game, decision.seat, decision, self.weights))


def archetype_bot(name: str) -> Callable[..., InhabitBot]:
    factory = partial(InhabitBot, archetype=name)
    factory.__doc__ = archetype_description(ARCHETYPE_DIR, name)
    return factory


for _archetype in archetype_names():
    register_bot(_archetype, GAMES)(archetype_bot(_archetype))
for _renamed in (FAMILY, "default", "racer"):
    register_alias(f"inhabit_{_renamed}", _renamed, GAMES, RENAMED)

# The search bot as Inhabit the Earth wants it: the default heuristic rolls out and judges the leaves;
# only the turn's action is searched, two of the searching seat's turns deep.
DEFAULT_SEARCH = {"rollout": "default", "kinds": TURN, "turns": 2, "simulations": 60,
                  "scale": 4.0, "prior": 0.3, "exploration": 0.1}
_default_search = partial(SearchBot, **DEFAULT_SEARCH)
_default_search.__doc__ = ("Search bot at its Inhabit the Earth preset: `default` as rollout bot and judge, the "
                           f"basic action searched {DEFAULT_SEARCH['turns']} turns deep, "
                           f"{DEFAULT_SEARCH['simulations']} simulations a decision.")
register_bot("default_search", GAMES)(_default_search)
register_alias("inhabit_search", "default_search", GAMES, RENAMED)
