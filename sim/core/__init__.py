"""Game-agnostic core: the game and bot protocols, decisions, seeds and the play loop.

Nothing here knows a particular game. Games plug in through `sim.core.registry`
(by name or by the ``arkmc.games`` entry point); bots through the ``arkmc.bots`` one.
"""

from sim.core.decision import Decision
from sim.core.play import GameRecord, play_game
from sim.core.protocols import Bot, GameState, Observation, SeatResult
from sim.core.seeds import derive_seeds, python_rng

__all__ = [
    "Bot",
    "Decision",
    "GameRecord",
    "GameState",
    "Observation",
    "SeatResult",
    "derive_seeds",
    "play_game",
    "python_rng",
]
