"""Game-agnostic core: the game, observation and bot protocols, decisions, seeds and the play loop,
and the reusable engine pieces every game builds on (the step machine, keyword effect registries,
a folder of the user's data files in place of a game's own, data overrides, card status) with the
conformance kit that checks a game keeps the contracts.

Nothing here knows a particular game. Games plug in through `sim.core.registry`
(by name, by the ``arkmc.games`` entry point, or as ``module:Class``); bots through the
``arkmc.bots`` one, each scoped to the games it plays.
"""

from sim.core.decision import Decision
from sim.core.play import GameRecord, play_game
from sim.core.protocols import ANY_GAME, Bot, GameFactory, GameInfo, GameOption, GameState, Observation, SeatResult
from sim.core.seeds import derive_seeds, python_rng

__all__ = [
    "ANY_GAME",
    "Bot",
    "Decision",
    "GameFactory",
    "GameInfo",
    "GameOption",
    "GameRecord",
    "GameState",
    "Observation",
    "SeatResult",
    "derive_seeds",
    "play_game",
    "python_rng",
]
